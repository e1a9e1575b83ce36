// The board in a real browser. scripts/browser-test passes the binary (JOVIAN_BIN) and a scratch
// data directory (JOVIAN_DATA); this test runs `jovian serve` itself, so that it can kill and
// restart it. Each step checks what a player sees against what the API says.
import { chromium } from "playwright-core";
import assert from "node:assert/strict";
import { killServer, startServer } from "./harness.mjs";
import { mkdirSync } from "node:fs";

const bin = process.env.JOVIAN_BIN;
const data = process.env.JOVIAN_DATA;
const shots = process.env.SCREENSHOTS || "../../target/browser";
assert.ok(bin && data, "JOVIAN_BIN and JOVIAN_DATA must be set (scripts/browser-test does)");
mkdirSync(shots, { recursive: true });

let server = await startServer(bin, data);
let url = server.url;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
const errors = [];
page.on("pageerror", (e) => errors.push(String(e)));
page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });

async function api(path) {
  const res = await fetch(new URL(path, url));
  assert.equal(res.status, 200, `${path}: ${res.status}`);
  return res.json();
}

function step(name) { console.log(`- ${name}`); }

try {
  await page.goto(url);
  step("the new-game dialog opens on a fresh server");
  await page.waitForSelector("#dlg-new[open]");
  await page.selectOption("#new-variant", "scirocco");
  await page.fill("#form-new input[name=level]", "1");
  await page.click("#new-start");
  await page.waitForSelector("g.piece");
  const gameId = Number(await page.evaluate(() => localStorage.getItem("jovian-game")));
  let game = await api(`/api/games/${gameId}`);
  assert.equal(await page.locator("g.piece").count(), game.board.pieces.length);
  const seats = await page.evaluate((id) => JSON.parse(localStorage.getItem(`jovian-seats-${id}`)), gameId);
  assert.match(seats.blue, /^[0-9a-f]{32}$/, "the page keeps the seat the server gave");
  assert.equal(seats.tan, undefined, "the computer's side has no seat");
  assert.ok(await page.locator("#seat-note").isHidden());

  step("clicking the Pawn on d3 lights up exactly its legal destinations");
  await page.click('g.piece[data-square="d3"]');
  const targets = new Set(game.legal.filter((m) => m.from === "d3").map((m) => m.target));
  assert.ok(targets.size > 0);
  const lit = await page.locator("circle.highlight").evaluateAll((cs) => cs.map((c) => c.dataset.target));
  assert.deepEqual(new Set(lit), targets);

  step("clicking d4 plays P-d4 and the engine (level 1) answers");
  await page.click('rect[data-square="d4"]', { force: true });
  await page.waitForFunction(() => document.querySelectorAll("#moves span").length >= 2, null, { timeout: 30000 });
  game = await api(`/api/games/${gameId}`);
  assert.equal(game.moves[0].text, "P-d4");
  assert.equal(game.moves.length, 2);
  const shown = await page.locator("#moves span").allTextContents();
  assert.deepEqual(shown, game.moves.map((m) => m.text));

  step("flipping the board puts a1 at the top");
  const yBefore = Number(await page.locator('rect[data-square="a1"]').getAttribute("y"));
  await page.click("#btn-flip");
  const yAfter = Number(await page.locator('rect[data-square="a1"]').getAttribute("y"));
  assert.ok(yAfter < yBefore, `a1 moved from y=${yBefore} to y=${yAfter}`);
  await page.click("#btn-flip");

  step("stepping back through the moves shows earlier positions");
  await page.click("#nav-first");
  await page.waitForFunction(() => document.querySelector("#status").textContent.includes("after the start"));
  assert.equal(await page.locator('g.piece[data-square="d3"]').count(), 1);
  await page.click("#nav-last");

  step("the help panel lists every piece type with a diagram");
  const variants = await api("/api/variants");
  const scirocco = variants.find((v) => v.id === "scirocco");
  await page.click("#btn-help");
  await page.waitForSelector("#dlg-help[open]");
  assert.equal(await page.locator("#help-list .help-piece").count(), scirocco.pieces.length);
  const knight = page.locator("#help-list .help-piece", { hasText: "Knight (N)" });
  await knight.scrollIntoViewIfNeeded();
  await knight.locator("svg.diagram-svg").waitFor();
  assert.equal(await knight.locator("circle").count(), 8);
  await page.screenshot({ path: `${shots}/help.png` });
  await page.click("#dlg-help button[value=close]");
  await page.screenshot({ path: `${shots}/scirocco.png` });

  step("Typhoon with the author's choices: 17 pair toggles, then a Hummingbird swap by clicks");
  await page.click("#btn-new");
  await page.selectOption("#new-variant", "typhoon");
  await page.check("input[name=setup][value=choose]");
  assert.equal(await page.locator("#pairs input").count(), 17);
  await page.check("input[name=humans][value=both]");
  await page.click("#new-start");
  await page.waitForFunction(() => document.querySelectorAll("g.piece").length === 92);
  await page.click('g.piece[data-square="l2"]');
  await page.click('rect[data-square="l3"]', { force: true });
  await page.waitForFunction(() => document.querySelector("#moves span")?.textContent === "Hu<>l3");
  await page.click('g.piece[data-square="d5"]');
  await page.screenshot({ path: `${shots}/typhoon.png` });

  step("Jupiter for two people with the author's choices: 38 pair toggles, 184 pieces, a swap by clicks");
  await page.click("#btn-new");
  await page.selectOption("#new-variant", "jupiter");
  await page.check("input[name=setup][value=choose]");
  assert.equal(await page.locator("#pairs input").count(), 38);
  await page.check("input[name=humans][value=both]");
  await page.click("#new-start");
  await page.waitForFunction(() => document.querySelectorAll("g.piece").length === 184);
  const jupiterId = Number(await page.evaluate(() => localStorage.getItem("jovian-game")));
  let jupiter = await api(`/api/games/${jupiterId}`);
  await page.click('g.piece[data-square="p4"]');
  const huTargets = new Set(jupiter.legal.filter((m) => m.from === "p4").map((m) => m.target));
  const huLit = await page.locator("circle.highlight").evaluateAll((cs) => cs.map((c) => c.dataset.target));
  assert.deepEqual(new Set(huLit), huTargets);
  await page.click('rect[data-square="p5"]', { force: true });
  await page.waitForFunction(() => document.querySelector("#moves span")?.textContent === "Hu<>p5");
  jupiter = await api(`/api/games/${jupiterId}`);
  assert.equal(jupiter.board.to_move, "tan");
  await page.screenshot({ path: `${shots}/jupiter.png` });
  await page.click("#btn-help");
  await page.waitForSelector("#dlg-help[open]");
  assert.equal(await page.locator("#help-list .help-piece").count(), 161);
  await page.screenshot({ path: `${shots}/jupiter-help.png` });
  await page.click("#dlg-help button[value=close]");

  step("Jupiter's Pieces dialog opens at once, each type beside its promotion, with a search");
  const opened = await page.evaluate(async () => {
    const times = [];
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now();
      document.getElementById("btn-help").click();
      // Until the dialog is open and its first entries are drawn (the next frame).
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
      times.push(Math.round(performance.now() - t0));
      if (!document.querySelector("#help-list .help-piece svg.diagram-svg")) times.push(1e9);
      document.getElementById("dlg-help").close();
    }
    return times;
  });
  console.log(`  the Pieces dialog of Jupiter opened in ${opened.join(", ")} ms`);
  // 200 ms is the goal on a desktop; the bound here leaves room for a busy test machine.
  assert.ok(Math.max(...opened.slice(1)) < 1000, `${opened}`);
  await page.click("#btn-help");
  const order = await page.locator("#help-list .help-piece").evaluateAll((es) => es.map((e) => e.dataset.abbr));
  const jupiterInfo = variants.find((v) => v.id === "jupiter");
  for (const p of jupiterInfo.pieces.filter((x) => !x.promoted && x.promotes_to)) {
    const at = order.indexOf(p.abbr);
    assert.ok(order.indexOf(p.promotes_to) <= at + 1, `${p.abbr} is followed by ${p.promotes_to} (or it came earlier)`);
  }
  await page.fill("#help-search", "tank");
  const found = await page.locator("#help-list .help-piece:not([hidden])").evaluateAll((es) => es.map((e) => e.dataset.abbr));
  assert.deepEqual(found.sort(), ["DrT", "OxT"].sort(), `${found}`);
  assert.match(await page.locator("#help-count").textContent(), /2 of 161/);
  await page.fill("#help-search", "oxt");
  assert.equal(await page.locator("#help-list .help-piece:not([hidden])").count(), 1);
  await page.locator("#help-list .help-piece:not([hidden]) svg.diagram-svg").waitFor();
  await page.click("#dlg-help button[value=close]");

  step("a promotion is asked in a chooser showing both moves in the game's notation");
  await page.click("#btn-load");
  await page.fill("#form-load textarea", "p,8,k/10/10/3,P,6/10/10/10/10/10/K,9 b");
  await page.selectOption("#load-variant", "scirocco");
  await page.selectOption("#form-load select[name=humans]", "both");
  await page.click("#dlg-load button[value=ok]");
  await page.waitForFunction(() => document.querySelectorAll("g.piece").length === 4);
  await page.click('g.piece[data-square="d7"]');
  await page.click('rect[data-square="d8"]', { force: true });
  await page.waitForSelector("#chooser:not([hidden])");
  // Each entry says in words what it does, with the notation beside it.
  const choices = await page.locator("#chooser button code").allTextContents();
  assert.deepEqual(choices, ["P-d8=Ta", "P-d8="]);
  const worded = await page.locator("#chooser button").allTextContents();
  assert.match(worded[0], /^Pawn on d7 to d8, promoting to .+ P-d8=Ta$/);
  assert.match(worded[1], /^Pawn on d7 to d8 P-d8=$/);
  await page.click('#chooser button:has(code:text-is("P-d8=Ta"))');
  await page.waitForFunction(() => document.querySelector("#moves span")?.textContent === "P-d8=Ta");
  assert.equal(await page.locator('g.piece[data-square="d8"] text.promoted').count(), 1);
  await page.screenshot({ path: `${shots}/promotion.png` });

  step("the 12x8 drop game: a promotion to an Assassin picks its square, a drop from the hand by clicks");
  await page.click("#btn-load");
  await page.fill("#form-load textarea",
    "12/p,4,P,6/12/11,k/12/12/6,K,5/12 w castle=- kings=wb drops=open hand=As ep=- halfmove=0");
  await page.selectOption("#load-variant", "larger-board");
  await page.selectOption("#form-load select[name=humans]", "both");
  await page.click("#dlg-load button[value=ok]");
  await page.waitForSelector('#hand-bottom button[data-hand="As"]');
  const dropId = Number(await page.evaluate(() => localStorage.getItem("jovian-game")));
  let drop = await api(`/api/games/${dropId}`);
  assert.deepEqual(await page.locator("#hand-bottom button").allTextContents(), ["As"]);
  assert.match(await page.locator("#hand-top").textContent(), /Black in hand:nothing/);
  await page.click('g.piece[data-square="d7"]');
  await page.click('rect[data-square="d8"]', { force: true });
  await page.waitForSelector("#chooser:not([hidden])");
  const promotions = await page.locator("#chooser button code").allTextContents();
  assert.ok(promotions.includes("P-d8=Q") && promotions.includes("P-d8=El"), promotions.join());
  await page.click("#chooser button >> text=Assassin");
  const teleports = new Set(drop.legal.filter((m) => m.at && m.promotion === "As").map((m) => m.at));
  const litAt = await page.locator("circle.hl-at").evaluateAll((cs) => cs.map((c) => c.dataset.target));
  assert.deepEqual(new Set(litAt), teleports);
  assert.ok(teleports.has("i6"));
  await page.click('rect[data-square="i6"]', { force: true });
  await page.waitForFunction(() => document.querySelector("#moves span")?.textContent === "P-d8=As@i6");
  await page.waitForFunction(() => document.querySelector("#status").textContent === "Black to move (in check)");
  await page.click('g.piece[data-square="j5"]');
  await page.click('rect[data-square="i6"]', { force: true });
  await page.waitForFunction(() => document.querySelectorAll("#moves span").length === 2);
  drop = await api(`/api/games/${dropId}`);
  assert.equal(drop.moves[1].text, "Kxi6");
  assert.deepEqual(await page.locator("#hand-top button").allTextContents(), ["As"], "the captured Assassin changed hands");
  await page.click('#hand-bottom button[data-hand="As"]');
  const dropTargets = new Set(drop.legal.filter((m) => m.from === "@As").map((m) => m.target));
  const litDrops = await page.locator("circle.highlight").evaluateAll((cs) => cs.map((c) => c.dataset.target));
  assert.deepEqual(new Set(litDrops), dropTargets);
  const dropSquare = [...dropTargets][0];
  await page.click(`rect[data-square="${dropSquare}"]`, { force: true });
  await page.waitForFunction((t) => document.querySelectorAll("#moves span")[2]?.textContent === t, `As@${dropSquare}`);
  await page.screenshot({ path: `${shots}/larger-board-drop.png` });

  step("a downloaded record loads back as a game with the same moves");
  const recordRes = await fetch(new URL(`/api/games/${gameId}/record`, url));
  assert.equal(recordRes.status, 200);
  const recordText = await recordRes.text();
  await page.click("#btn-load");
  await page.fill("#form-load textarea", recordText);
  await page.selectOption("#form-load select[name=humans]", "both");
  await page.click("#dlg-load button[value=ok]");
  await page.waitForFunction(() => document.querySelectorAll("#moves span").length === 2);
  assert.deepEqual(await page.locator("#moves span").allTextContents(), game.moves.map((m) => m.text));
  const loadedId = Number(await page.evaluate(() => localStorage.getItem("jovian-game")));
  assert.notEqual(loadedId, gameId);

  step("with every engine busy the page says the computer waits for a free engine, then it plays");
  const engines = await api("/api/engines");
  const busy = [];
  for (let i = 0; i < engines.engines; i++) {
    const res = await fetch(new URL("/api/games", url), {
      method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ variant: "scirocco", humans: "tan", movetime_ms: 60000 }),
    });
    assert.equal(res.status, 201);
    const made = await res.json();
    busy.push({ id: made.id, seat: made.seats.tan });
  }
  // Deleting needs a seat of the game and, like every change, a JSON request.
  const remove = (game) => fetch(new URL(`/api/games/${game.id}`, url), {
    method: "DELETE", headers: { "Content-Type": "application/json", "X-Jovian-Seat": game.seat },
  });
  await page.click("#btn-new");
  await page.selectOption("#new-variant", "scirocco");
  await page.check("input[name=setup][value=default]");
  await page.check("input[name=humans][value=tan]");
  await page.fill("#form-new input[name=level]", "1");
  await page.fill("input[name=movetime]", "");
  await page.click("#new-start");
  await page.waitForFunction(() => document.querySelector("#status").textContent
    === "Blue to move: the computer is waiting for a free engine (next in line)…");
  await page.screenshot({ path: `${shots}/waiting-for-an-engine.png` });
  const deleted = await remove(busy[0]);
  assert.equal(deleted.status, 204);
  await page.waitForFunction(() => document.querySelector("#status").textContent === "Tan to move");
  for (const game of busy.slice(1)) assert.equal((await remove(game)).status, 204);

  // The time a player waits, at the level a new game offers: printed for the closing note, not
  // asserted (a busy machine would make such an assertion flaky).
  for (const variant of ["scirocco", "typhoon", "jupiter"]) {
    step(`${variant} at the default level: click to lit destinations, move to the engine's reply`);
    await page.click("#btn-new");
    await page.selectOption("#new-variant", variant);
    await page.check("input[name=setup][value=default]");
    await page.check("input[name=humans][value=blue]");
    const level = await page.locator("#form-new input[name=level]").evaluate((e) => e.defaultValue);
    await page.fill("#form-new input[name=level]", level);
    await page.fill("input[name=movetime]", "");
    await page.click("#new-start");
    await page.waitForFunction((n) => document.querySelectorAll("#moves span").length === n, 0);
    const id = Number(await page.evaluate(() => localStorage.getItem("jovian-game")));
    const fresh = await api(`/api/games/${id}`);
    assert.equal(fresh.level, Number(level));
    const pawnMove = fresh.legal.find((m) => m.text.startsWith("P-")
      && fresh.legal.filter((o) => o.from === m.from && o.target === m.target).length === 1);
    assert.ok(pawnMove, "a pawn step with one move to its square");
    const t0 = performance.now();
    await page.click(`g.piece[data-square="${pawnMove.from}"]`);
    await page.waitForSelector("circle.highlight");
    const lit = performance.now() - t0;
    const t1 = performance.now();
    await page.click(`rect[data-square="${pawnMove.target}"]`, { force: true });
    await page.waitForFunction(() => document.querySelectorAll("#moves span").length >= 2, null, { timeout: 60000 });
    const reply = performance.now() - t1;
    const after = await api(`/api/games/${id}`);
    assert.equal(after.moves[0].text, pawnMove.text);
    console.log(`  timing: ${variant}, level ${level}: click to lit destinations ${lit.toFixed(0)} ms, `
      + `move to the engine's reply on the board ${reply.toFixed(0)} ms (${after.moves[1].text})`);
    await page.screenshot({ path: `${shots}/${variant}-default-level.png` });
  }

  step("a page of another origin cannot move in the game, even with its seat secret");
  const moved = (await api(`/api/games/${gameId}`)).moves.length;
  const other = await browser.newPage();
  await other.goto(url.replace("127.0.0.1", "localhost")); // the same server, another origin
  const attempts = await other.evaluate(async ({ target, seat }) => {
    const body = JSON.stringify({ move: "P-e4" });
    const tries = [
      // A "simple" request: sent without asking, its answer unreadable (no-cors).
      () => fetch(target, { method: "POST", mode: "no-cors", body, headers: { "Content-Type": "text/plain" } }),
      // A JSON request: the browser asks first (CORS preflight), the server does not allow it.
      () => fetch(target, { method: "POST", body, headers: { "Content-Type": "application/json", "X-Jovian-Seat": seat } }),
    ];
    const out = [];
    for (const t of tries) {
      try { const r = await t(); out.push(`answered ${r.type} ${r.status}`); } catch (e) { out.push(`failed: ${e.name}`); }
    }
    return out;
  }, { target: `${url}api/games/${gameId}/moves`, seat: seats.blue });
  await other.close();
  // Neither answer is readable by that page (the server's refusal of the first is tested in
  // crates/web/tests/security.rs), and the game did not change.
  assert.ok(attempts.every((a) => a === "failed: TypeError" || a === "answered opaque 0"), attempts.join("; "));
  assert.equal((await api(`/api/games/${gameId}`)).moves.length, moved, "no move was made");

  step("after the server is killed and restarted, the saved games are listed and open");
  const before = await api("/api/games");
  await page.goto("about:blank"); // close the page's event stream first: its loss is no page error
  await killServer(server);
  server = await startServer(bin, data);
  url = server.url;
  await page.goto(url); // a new port is a new origin: the page starts without a current game
  await page.waitForSelector("#dlg-new[open]");
  await page.click("#dlg-new button[value=cancel]");
  await page.click("#btn-games");
  await page.waitForSelector("#dlg-games[open]");
  const rows = page.locator("#games-table tbody tr");
  assert.equal(await rows.count(), before.length);
  const row = rows.filter({ has: page.locator("td:first-child", { hasText: new RegExp(`^${gameId}$`) }) });
  assert.equal(await row.locator("td").nth(3).textContent(),
    `${Math.ceil(game.moves.length / 2)} (${game.moves.length} plies)`);
  await page.screenshot({ path: `${shots}/saved-games.png` });
  await row.locator("button", { hasText: "Open" }).click();
  await page.waitForFunction((n) => document.querySelectorAll("#moves span").length === n, game.moves.length);
  assert.deepEqual(await page.locator("#moves span").allTextContents(), game.moves.map((m) => m.text));

  step("a new port is a new origin without the seats: the game is there to watch, not to play");
  await page.waitForSelector("#seat-note:not([hidden])");
  assert.match(await page.locator("#seat-note").textContent(), /watching game \d+: this browser holds no seat/);
  assert.ok(await page.locator("#btn-resign").isDisabled());
  await page.click('g.piece[data-square="e3"]');
  // A watcher sees where the piece could go (hollow preview marks), and can move nothing.
  await page.waitForSelector("circle.hl-preview, circle.hl-preview-capture");
  assert.equal(await page.locator("circle.highlight:not(.hl-preview):not(.hl-preview-capture)").count(), 0,
    "nothing to move");
  await page.screenshot({ path: `${shots}/watching.png` });

  step("a seat link gives this browser the seat: the game is played again");
  await page.goto(`${url}#seat=${gameId}-blue-${seats.blue}`);
  await page.waitForFunction((n) => document.querySelectorAll("#moves span").length === n, game.moves.length);
  await page.waitForSelector("#seat-note", { state: "hidden" });
  assert.equal(await page.evaluate(() => location.hash), "", "the secret leaves the address bar");
  const resumed = await api(`/api/games/${gameId}`);
  const next = resumed.legal.find((m) => m.text.startsWith("P-")
    && resumed.legal.filter((o) => o.from === m.from && o.target === m.target).length === 1);
  await page.click(`g.piece[data-square="${next.from}"]`);
  await page.click(`rect[data-square="${next.target}"]`, { force: true });
  await page.waitForFunction((n) => document.querySelectorAll("#moves span").length >= n, game.moves.length + 2,
    { timeout: 60000 });
  assert.equal((await api(`/api/games/${gameId}`)).moves[game.moves.length].text, next.text);
  step("a saved game is deleted only after a confirmation, and the page it was open in lets go");
  await page.click("#btn-games");
  await page.waitForSelector("#dlg-games[open]");
  const victim = page.locator("#games-table tbody tr")
    .filter({ has: page.locator("td:first-child", { hasText: new RegExp(`^${gameId}$`) }) });
  await victim.locator("button", { hasText: "Delete" }).click();
  await victim.locator(".confirm", { hasText: `Delete game ${gameId} for good?` }).waitFor();
  await victim.locator("button", { hasText: "Keep" }).click();
  assert.equal(await victim.locator("button", { hasText: "Delete" }).count(), 1);
  assert.equal((await fetch(new URL(`/api/games/${gameId}`, url))).status, 200, "kept");
  await victim.locator("button", { hasText: "Delete" }).click();
  await page.screenshot({ path: `${shots}/delete-confirm.png` });
  await victim.locator("button", { hasText: "Yes, delete" }).click();
  await victim.waitFor({ state: "detached" });
  assert.equal(await page.locator("#games-table tbody tr").count(), before.length - 1);
  assert.equal((await fetch(new URL(`/api/games/${gameId}`, url))).status, 404, "deleted");
  await page.waitForFunction((id) => document.querySelector("#status").textContent
    === `Game ${id} was deleted. Start a new game.`, gameId);
  assert.equal(await page.locator("#moves span").count(), 0);
  await page.click("#dlg-games button[value=close]");

  assert.deepEqual(errors, [], "no errors in the page");
  console.log("browser test passed");
} finally {
  await browser.close();
  await killServer(server).catch(() => {});
}
