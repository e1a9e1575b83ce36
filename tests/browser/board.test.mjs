// The board in a real browser: `jovian serve` is started by scripts/browser-test, which passes
// its URL in JOVIAN_URL. Each step checks what a player sees against what the API says.
import { chromium } from "playwright-core";
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";

const url = process.env.JOVIAN_URL;
const shots = process.env.SCREENSHOTS || "../../target/browser";
assert.ok(url, "JOVIAN_URL is not set");
mkdirSync(shots, { recursive: true });

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
  await page.fill("input[name=level]", "1");
  await page.click("#new-start");
  await page.waitForSelector("g.piece");
  const gameId = Number(await page.evaluate(() => localStorage.getItem("jovian-game")));
  let game = await api(`/api/games/${gameId}`);
  assert.equal(await page.locator("g.piece").count(), game.board.pieces.length);

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
  await page.waitForFunction(() => document.querySelector("#status").textContent.includes("after move 0"));
  assert.equal(await page.locator('g.piece[data-square="d3"]').count(), 1);
  await page.click("#nav-last");

  step("the help panel lists every piece type with a diagram");
  const variants = await api("/api/variants");
  const scirocco = variants.find((v) => v.id === "scirocco");
  await page.click("#btn-help");
  await page.waitForSelector("#dlg-help[open]");
  assert.equal(await page.locator("#help-list .help-piece").count(), scirocco.pieces.length);
  const knight = page.locator("#help-list .help-piece", { hasText: "Knight (N)" });
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
  const choices = await page.locator("#chooser button").allTextContents();
  assert.deepEqual(choices, ["P-d8=Ta", "P-d8=", "Cancel"]);
  await page.click("#chooser button >> text=P-d8=Ta");
  await page.waitForFunction(() => document.querySelector("#moves span")?.textContent === "P-d8=Ta");
  assert.equal(await page.locator('g.piece[data-square="d8"] text.promoted').count(), 1);
  await page.screenshot({ path: `${shots}/promotion.png` });

  assert.deepEqual(errors, [], "no errors in the page");
  console.log("browser test passed");
} finally {
  await browser.close();
}
