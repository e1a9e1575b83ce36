// Two people at browsers of their own (issue 15): a game made with "a person at another
// computer", the invitation link opened in a second browser context (its own storage), a third
// context watching; moves arrive live; the wrong side's browser cannot move; a draw offer is
// answered by the other side (the offering side is never told the computer declined); the list
// of games says who plays from each browser's point of view; the server restarts mid-game and
// play goes on; a loss on time shows the loser's clock at zero; resigning while the computer
// thinks names the side that resigns.
import { chromium } from "playwright-core";
import assert from "node:assert/strict";
import { apiCall, killServer, startServer } from "./harness.mjs";
import { mkdirSync } from "node:fs";

const bin = process.env.JOVIAN_BIN;
const data = `${process.env.JOVIAN_DATA}-online`;
const shots = process.env.SCREENSHOTS || "../../target/browser";
assert.ok(bin && process.env.JOVIAN_DATA, "JOVIAN_BIN and JOVIAN_DATA must be set (scripts/browser-test does)");
mkdirSync(shots, { recursive: true });

let server = await startServer(bin, data);
const url = server.url;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
const errors = [];
async function newPage() {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  page.on("pageerror", (e) => errors.push(String(e)));
  return page;
}
const step = (name) => console.log(`- ${name}`);
const movesShown = (page, n) => page.waitForFunction((k) => document.querySelectorAll("#moves span").length === k, n,
  { timeout: 30000 });

/** A Scirocco game against the computer (`ms` a move) opened in the watcher's page with its seat,
 * and Blue's first move P-d4 played by clicks: the computer then thinks. */
async function againstTheComputer(ms) {
  const g = await apiCall(server.url, "POST", "/api/games", { variant: "scirocco", humans: "blue", movetime_ms: ms });
  await watcher.goto(`${url}#seat=${g.id}-blue-${g.seats.blue}`);
  await watcher.waitForSelector("g.piece");
  await watcher.click('g.piece[data-square="d3"]');
  await watcher.click('rect[data-square="d4"]', { force: true });
  await movesShown(watcher, 1);
  return g;
}

const blue = await newPage();
const tan = await newPage();
const watcher = await newPage();
try {
  step("a game against a person at another computer gives a link to send");
  await blue.goto(url);
  await blue.waitForSelector("#dlg-new[open]");
  await blue.selectOption("#new-variant", "scirocco");
  await blue.check("input[name=humans][value=remote]");
  await blue.click("#new-start");
  await blue.waitForSelector("#invite:not([hidden])");
  const link = await blue.locator("#invite-link").inputValue();
  assert.match(link, /^http:\/\/127\.0\.0\.1:\d+\/#seat=\d+-tan-[0-9a-f]{32}$/);
  const id = Number(/#seat=(\d+)-/.exec(link)[1]);
  assert.match(await blue.locator("#online-who").textContent(), /you play Blue/);
  await blue.waitForFunction(() => /has not opened the link yet/.test(document.querySelector("#presence").textContent));
  await blue.screenshot({ path: `${shots}/online-invite.png` });

  step("the link opens the game in a second browser, which plays Tan; a third one watches");
  await tan.goto(link);
  await tan.waitForSelector("g.piece");
  await tan.waitForFunction(() => /you play Tan/.test(document.querySelector("#online-who").textContent));
  assert.equal(await tan.evaluate(() => location.hash), "", "the secret leaves the address bar");
  await watcher.goto(url);
  await watcher.waitForSelector("#dlg-new[open]");
  await watcher.click("#dlg-new button[value=cancel]");
  await watcher.click("#btn-games");
  await watcher.waitForSelector("#dlg-games[open]");
  await watcher.locator("#games-table tbody tr", { hasText: "Scirocco" }).first().locator("button", { hasText: "Open" }).click();
  await watcher.waitForSelector("#seat-note:not([hidden])");
  assert.match(await watcher.locator("#online-who").textContent(), /you are watching/);

  step("each page shows whether the opponent is at the board; the invitation goes once Tan has joined");
  await blue.waitForFunction(() => /Your opponent: ● at the board/.test(document.querySelector("#presence").textContent));
  await tan.waitForFunction(() => /Your opponent: ● at the board/.test(document.querySelector("#presence").textContent));
  assert.ok(await blue.locator("#invite").isHidden(), "the invitation is put away");
  assert.match(await watcher.locator("#presence").textContent(), /Blue ● at the board · Tan ● at the board/);

  step("Blue moves by clicks; Tan and the watcher see it live");
  await blue.click('g.piece[data-square="d3"]');
  await blue.click('rect[data-square="d4"]', { force: true });
  await movesShown(blue, 1);
  await movesShown(tan, 1);
  await movesShown(watcher, 1);

  step("the wrong side's browser cannot move: Blue's page for Tan is refused");
  const refused = await blue.evaluate(async (gameId) => {
    const seat = JSON.parse(localStorage.getItem(`jovian-seats-${gameId}`)).blue;
    const res = await fetch(`/api/games/${gameId}/moves`, { method: "POST",
      headers: { "Content-Type": "application/json", "X-Jovian-Seat": seat }, body: JSON.stringify({ move: "P-d7" }) });
    return res.status;
  }, id);
  assert.equal(refused, 403);
  await tan.click('g.piece[data-square="d8"]');
  await tan.click('rect[data-square="d7"]', { force: true });
  await movesShown(tan, 2);
  await movesShown(blue, 2);

  step("a draw offered by Blue is answered in Tan's browser");
  await blue.click("#btn-draw");
  await blue.waitForSelector("#dlg-confirm[open]");
  await blue.click("#confirm-yes");
  await blue.waitForFunction(() => /waiting for the answer/.test(document.querySelector("#offer-text").textContent));
  assert.doesNotMatch(await blue.locator("#notice").textContent(), /declines/, "nobody has answered yet");
  await tan.waitForFunction(() => /Blue offers a draw/.test(document.querySelector("#offer-text")?.textContent || ""));
  await tan.screenshot({ path: `${shots}/online-offer.png` });
  await tan.click("#offer-decline");
  await blue.waitForSelector("#offer", { state: "hidden" });

  step("the list of games says who plays, from each browser's point of view");
  const listed = async (page) => {
    await page.click("#btn-games");
    await page.waitForSelector("#dlg-games[open]");
    const row = page.locator("#games-table tbody tr", { hasText: "Scirocco" }).first();
    const text = await row.locator("td").nth(2).textContent();
    await page.click("#dlg-games menu button");
    return text;
  };
  assert.equal(await listed(blue), "you: Blue, against a person online");
  assert.equal(await listed(tan), "you: Tan, against a person online");
  assert.equal(await listed(watcher), "two people online", "a browser without a seat is nobody's 'you'");

  step("the server restarts mid-game; both browsers play on");
  const port = server.port;
  await killServer(server);
  server = await startServer(bin, data, port);
  await blue.click('g.piece[data-square="e3"]');
  await blue.click('rect[data-square="e4"]', { force: true });
  await movesShown(blue, 3);
  await movesShown(tan, 3);
  await movesShown(watcher, 3);
  step("a clock runs out: the page shows the loss on time the server records");
  await watcher.click("#btn-new");
  await watcher.waitForSelector("#dlg-new[open]");
  await watcher.selectOption("#new-variant", "scirocco");
  await watcher.check("input[name=humans][value=both]");
  await watcher.check("input[name=clock][value=move]");
  await watcher.fill("input[name=clock-move]", "2");
  await watcher.click("#new-start");
  await watcher.waitForSelector("#clocks:not([hidden])");
  assert.match(await watcher.locator("#clock-blue").textContent(), /Blue 0:0[12]/);
  await watcher.waitForSelector("#banner:not([hidden])", { timeout: 15000 });
  assert.match(await watcher.locator("#banner").textContent(), /Blue lost on time/);
  assert.match(await watcher.locator("#clock-blue").textContent(), /Blue 0:00/, "the loser's time is spent");
  await watcher.screenshot({ path: `${shots}/clock-out.png` });
  const timed = Number(await watcher.evaluate(() => localStorage.getItem("jovian-game")));
  const res = await fetch(new URL(`/api/games/${timed}/record`, server.url));
  assert.match(await res.text(), /\[TimeControl "1\/2"\]/);

  step("a premove made while the computer thinks is played when the turn comes; arrows and circles");
  const vs = await againstTheComputer(5000);
  await watcher.click('g.piece[data-square="e3"]');
  await watcher.waitForSelector('circle.hl-preview[data-target="e4"]');
  await watcher.click('rect[data-square="e4"]', { force: true });
  await watcher.waitForSelector('rect.premove[data-premove="e4"]');
  assert.match(await watcher.locator("#notice").textContent(), /Premove/);
  const centreOf = async (sq) => {
    const b = await watcher.locator(`rect.square[data-square="${sq}"]`).boundingBox();
    return [b.x + b.width / 2, b.y + b.height / 2];
  };
  const rightDrag = async (from, to) => {
    await watcher.mouse.move(...(await centreOf(from)));
    await watcher.mouse.down({ button: "right" });
    await watcher.mouse.move(...(await centreOf(to)), { steps: 4 });
    await watcher.mouse.up({ button: "right" });
  };
  await rightDrag("f3", "f5");
  await watcher.waitForSelector('line.drawn-arrow[data-drawn="f3-f5"]', { state: "attached" });
  await watcher.screenshot({ path: `${shots}/premove-arrow.png` });
  // The engine answers; the premove is played at once.
  await movesShown(watcher, 3);
  const after = await (await fetch(new URL(`/api/games/${vs.id}`, server.url))).json();
  assert.equal(after.moves[2].text, "P-e4", "the premove");
  assert.equal(await watcher.locator("rect.premove").count(), 0);
  // With no premove waiting, a right-click draws a circle; a left click clears the drawing.
  await rightDrag("h8", "h8");
  await watcher.waitForSelector('circle.drawn-circle[data-drawn="h8"]', { state: "attached" });
  assert.equal(await watcher.locator("line.drawn-arrow").count(), 1, "the arrow is still there");
  await watcher.click('rect[data-square="a5"]', { force: true });
  await watcher.waitForFunction(() => !document.querySelector("g.drawn"));
  // A premove cancelled by a right-click is not played.
  await watcher.click('g.piece[data-square="f3"]');
  await watcher.waitForSelector('circle.hl-preview[data-target="f4"]');
  await watcher.click('rect[data-square="f4"]', { force: true });
  await watcher.waitForSelector('rect.premove[data-premove="f4"]');
  await rightDrag("a5", "a5");
  await watcher.waitForFunction(() => !document.querySelector("rect.premove"));
  assert.match(await watcher.locator("#notice").textContent(), /Premoves cancelled/);
  await movesShown(watcher, 4);
  await watcher.waitForTimeout(500);
  assert.equal(await watcher.locator("#moves span").count(), 4, "nothing played for Blue");

  step("resigning while the computer thinks: the person's side resigns, and the page says so");
  const made = await againstTheComputer(20000);
  assert.equal((await (await fetch(new URL(`/api/games/${made.id}`, server.url))).json()).board.to_move, "tan");
  await watcher.click("#btn-resign");
  await watcher.waitForSelector("#dlg-confirm[open]");
  assert.match(await watcher.locator("#confirm-text").textContent(), /Blue resigns/);
  await watcher.click("#confirm-yes");
  await watcher.waitForSelector("#banner:not([hidden])");
  assert.match(await watcher.locator("#banner").textContent(), /Blue resigned/);

  assert.deepEqual(errors, [], "no script errors");
  console.log("online test passed");
} finally {
  await browser.close();
  server.child.kill("SIGTERM");
}
