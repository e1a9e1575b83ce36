// Correspondence in two browsers: a game at one day a move against a person at another
// computer; a move; the server restarted "23 hours later" (JOVIAN_CLOCK_OFFSET_S moves the
// calendar the correspondence clocks read): the turn ran on meanwhile, the game is listed first
// with "your turn"; then "25 hours later" the side to move has lost on time.
import { chromium } from "playwright-core";
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { killServer, startServer } from "./harness.mjs";

const bin = process.env.JOVIAN_BIN;
const data = `${process.env.JOVIAN_DATA}-correspondence`;
const shots = process.env.SCREENSHOTS || "../../target/browser";
assert.ok(bin && process.env.JOVIAN_DATA, "JOVIAN_BIN and JOVIAN_DATA must be set (scripts/browser-test does)");
mkdirSync(shots, { recursive: true });
const step = (name) => console.log(`- ${name}`);
const HOUR = 3600;

let server = await startServer(bin, data);
const { port, url } = server;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
const errors = [];
async function newPage() {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  page.on("pageerror", (e) => errors.push(String(e)));
  return page;
}
const blue = await newPage();
const tan = await newPage();
/** Restarts the server on the same port and data directory with the calendar `hours` ahead. */
async function restartLater(hours) {
  await killServer(server);
  server = await startServer(bin, data, port, { JOVIAN_CLOCK_OFFSET_S: String(hours * HOUR) });
}

try {
  step("Blue starts a game at one day a move against a person at another computer; Tan joins");
  await blue.goto(url);
  await blue.waitForSelector("#dlg-new[open]");
  await blue.selectOption("#new-variant", "scirocco");
  await blue.check("input[name=humans][value=remote]");
  await blue.check("input[name=clock][value=days]");
  await blue.selectOption("select[name=clock-days]", "1");
  await blue.click("#new-start");
  await blue.waitForSelector("#invite:not([hidden])");
  const link = await blue.locator("#invite-link").inputValue();
  await tan.goto(link);
  await tan.waitForSelector("g.piece");
  assert.match(await tan.locator("#clock-control").textContent(), /correspondence: 1 day a move/);
  assert.match(await tan.locator("#clock-blue").textContent(), /Blue (1d 0h|23:59:\d\d)/);

  step("Blue moves; Tan's clock runs");
  await blue.click('g.piece[data-square="d3"]');
  await blue.click('rect[data-square="d4"]', { force: true });
  await tan.waitForFunction(() => document.querySelectorAll("#moves span").length === 1);

  step("23 hours later (the server restarted meanwhile): the turn ran on; the game is Tan's turn, listed first");
  await restartLater(23);
  await tan.reload();
  await tan.waitForSelector("g.piece");
  await tan.waitForFunction(() => /Tan (0:59|59):\d\d/.test(document.querySelector("#clock-tan").textContent));
  await tan.click("#btn-games");
  await tan.waitForSelector("#dlg-games[open]");
  const first = tan.locator("#games-table tbody tr").first();
  assert.match(await first.textContent(), /your turn/);
  await tan.screenshot({ path: `${shots}/correspondence-your-turn.png` });
  await tan.click("#dlg-games menu button");

  step("25 hours later: Tan has lost on time, shown with a spent clock");
  await restartLater(25);
  await tan.reload();
  await tan.waitForSelector("#banner:not([hidden])");
  assert.match(await tan.locator("#banner").textContent(), /Tan lost on time/);
  assert.match(await tan.locator("#clock-tan").textContent(), /Tan 0:00/);
  await tan.screenshot({ path: `${shots}/correspondence-lost.png` });

  assert.deepEqual(errors, [], "no script errors");
  console.log("correspondence test passed");
} finally {
  await browser.close();
  await killServer(server);
}
