// A game under the International Chess rules of a variant file, in a real browser (issue 32):
// Capablanca Chess from the shipped example (variants/capablanca.toml, `jovian serve --variants
// variants`), positions loaded as chess FENs for two people at this board. Castling by clicking
// the King and its target (recorded O-O), check shown on the King's square and in the status,
// only the moves out of check lit, a promotion chooser offering the file's six choices, and
// checkmate ending the game. Then Chu Shogi (variants/chu-shogi.toml), from the same directory:
// its 12x12 board, a few moves by clicks, the Lion's targets lit, the Lion-trading rules stated.
// Then Shogi (variants/shogi.toml): a capture to the hand, the hand beside the board, a drop by
// clicks.
import { chromium } from "playwright-core";
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { killServer, startServer } from "./harness.mjs";

const bin = process.env.JOVIAN_BIN;
const data = `${process.env.JOVIAN_DATA}-check-rules`;
const shots = process.env.SCREENSHOTS || "../../target/browser";
assert.ok(bin && process.env.JOVIAN_DATA, "JOVIAN_BIN and JOVIAN_DATA must be set (scripts/browser-test does)");
mkdirSync(shots, { recursive: true });
const variants = fileURLToPath(new URL("../../variants", import.meta.url));
const step = (name) => console.log(`- ${name}`);

const server = await startServer(bin, data, 0, {}, ["--variants", variants]);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
const errors = [];
page.on("pageerror", (e) => errors.push(String(e)));
page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });

async function api(path) {
  const res = await fetch(new URL(path, server.url));
  assert.equal(res.status, 200, `${path}: ${res.status}`);
  return res.json();
}
const currentGame = async () => api(`/api/games/${await page.evaluate(() => localStorage.getItem("jovian-game"))}`);
const status = () => page.locator("#status").textContent();
const lit = () => page.locator("circle.highlight").evaluateAll((cs) => cs.map((c) => c.dataset.target));
const legalFrom = (game, from) => new Set(game.legal.filter((m) => m.from === from).map((m) => m.target));

/** Loads a Capablanca position (a chess FEN) for two people at this board. */
async function loadPosition(fen) {
  const before = await page.evaluate(() => localStorage.getItem("jovian-game"));
  await page.click("#btn-load");
  await page.fill("#form-load textarea", fen);
  await page.selectOption("#load-variant", "capablanca");
  await page.selectOption("#form-load select[name=humans]", "both");
  await page.click("#dlg-load button[value=ok]");
  await page.waitForFunction((b) => localStorage.getItem("jovian-game") !== b, before);
  await page.waitForSelector("g.piece");
}

async function clickMove(from, to) {
  const n = await page.locator("#moves span").count();
  await page.click(`g.piece[data-square="${from}"]`);
  await page.click(`rect[data-square="${to}"]`, { force: true });
  await page.waitForFunction((k) => document.querySelectorAll("#moves span").length === k, n + 1);
}

try {
  await page.goto(server.url);
  await page.waitForSelector("#dlg-new[open]");
  await page.click("#dlg-new button[value=cancel]").catch(() => page.keyboard.press("Escape"));

  step("castling: the King's targets include both castlings; clicking i1 castles, recorded O-O");
  await loadPosition("r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1");
  assert.equal(await status(), "White to move");
  let game = await currentGame();
  assert.equal(game.variant, "capablanca");
  await page.click('g.piece[data-square="f1"]');
  const kingTargets = legalFrom(game, "f1");
  assert.ok(kingTargets.has("i1") && kingTargets.has("c1"), `castling targets among ${[...kingTargets]}`);
  assert.deepEqual(new Set(await lit()), kingTargets);
  await page.click('rect[data-square="i1"]', { force: true });
  await page.waitForFunction(() => document.querySelectorAll("#moves span").length === 1);
  game = await currentGame();
  assert.equal(game.moves[0].text, "O-O");
  const at = (sq) => game.board.pieces.find((p) => p.square === sq)?.abbr;
  assert.equal(at("i1"), "K");
  assert.equal(at("h1"), "R", "the Rook stands beside the King");
  assert.equal(at("j1"), undefined);

  step("check: shown on the King's square and in the status; only the moves out of it light up");
  await clickMove("j8", "j1");
  await page.waitForFunction(() => document.querySelector("#status").textContent === "White to move (in check)");
  game = await currentGame();
  assert.equal(game.board.check, "i1");
  assert.equal(await page.locator("rect.check").count(), 1);
  const escapes = new Set(game.legal.map((m) => `${m.from}${m.target}`));
  assert.deepEqual(escapes, new Set(["i1h2", "i1i2", "i1j1"]), "the King steps out or takes; nothing else");
  await page.click('g.piece[data-square="i1"]');
  assert.deepEqual(new Set(await lit()), new Set(["h2", "i2", "j1"]));
  await page.screenshot({ path: `${shots}/check-rules-check.png` });
  await page.click('rect[data-square="j1"]', { force: true });
  await page.waitForFunction(() => document.querySelectorAll("#moves span").length === 3);
  game = await currentGame();
  assert.equal(game.moves[2].text, "Kxj1");
  assert.equal(game.board.check, null);
  assert.equal(await page.locator("rect.check").count(), 0);

  step("promotion: the chooser offers the file's six types; the Chancellor is taken");
  await loadPosition("k9/2P7/10/10/10/10/10/K9 w - - 0 1");
  await page.click('g.piece[data-square="c7"]');
  await page.click('rect[data-square="c8"]', { force: true });
  await page.waitForSelector("#chooser:not([hidden])");
  const choices = await page.locator("#chooser button code").allTextContents();
  assert.deepEqual(new Set(choices), new Set(["P-c8=Q", "P-c8=R", "P-c8=B", "P-c8=N", "P-c8=A", "P-c8=C"]), choices.join());
  await page.click("#chooser button >> text=Chancellor");
  await page.waitForFunction(() => document.querySelector("#moves span")?.textContent === "P-c8=C");
  game = await currentGame();
  assert.equal(game.board.pieces.find((p) => p.square === "c8")?.abbr, "C");
  assert.equal(await status(), "Black to move (in check)");

  step("checkmate ends the game");
  await loadPosition("k9/10/1K8/10/10/10/10/2Q7 w - - 0 1");
  await clickMove("c1", "c8");
  await page.waitForFunction(() => /^White wins .*checkmate/.test(document.querySelector("#status").textContent));
  game = await currentGame();
  assert.equal(game.result.winner, "blue");
  assert.deepEqual(game.legal, []);
  await page.screenshot({ path: `${shots}/check-rules-mate.png` });

  step("Chu Shogi from the same directory: a 12x12 game; the Lion's double moves light up");
  await page.click("#btn-new");
  await page.waitForSelector("#dlg-new[open]");
  await page.selectOption("#new-variant", "chu-shogi");
  await page.check("input[name=humans][value=both]");
  await page.click("#new-start");
  await page.waitForFunction(() => document.querySelectorAll("g.piece").length === 92);
  assert.equal(await page.locator("rect[data-square]").count(), 144, "a 12x12 board");
  game = await currentGame();
  assert.equal(game.variant, "chu-shogi");
  assert.equal(await status(), "Black to move");
  await clickMove("f4", "f5");
  await clickMove("g9", "g8");
  await clickMove("f3", "f4");
  await clickMove("g10", "g9");
  game = await currentGame();
  await page.click('g.piece[data-square="f4"]');
  const lionTargets = legalFrom(game, "f4");
  assert.ok(lionTargets.has("f6") && lionTargets.has("h6"), `leaps among ${[...lionTargets]}`);
  assert.deepEqual(new Set(await lit()), lionTargets);
  await page.screenshot({ path: `${shots}/check-rules-chu.png` });
  await page.click("#btn-rules");
  await page.waitForSelector("#dlg-rules[open]");
  assert.match(await page.locator("#rules-body").textContent(), /Lion trading \(Lion\)/);
  await page.click("#dlg-rules button[value=close]");

  step("Shogi from the same directory: a captured Bishop joins Black's hand and is dropped back");
  await page.click("#btn-new");
  await page.waitForSelector("#dlg-new[open]");
  await page.selectOption("#new-variant", "shogi");
  await page.check("input[name=humans][value=both]");
  await page.click("#new-start");
  await page.waitForFunction(() => document.querySelectorAll("g.piece").length === 40);
  assert.equal(await page.locator("rect[data-square]").count(), 81, "a 9x9 board");
  await clickMove("c3", "c4");
  await clickMove("g7", "g6");
  // The Bishop takes the Bishop inside the zone: promote or not, the chooser asks.
  await page.click('g.piece[data-square="b2"]');
  await page.click('rect[data-square="h8"]', { force: true });
  await page.waitForSelector("#chooser:not([hidden])");
  const shogiChoices = await page.locator("#chooser button code").allTextContents();
  assert.deepEqual(new Set(shogiChoices), new Set(["Bxh8=", "Bxh8=H"]), shogiChoices.join());
  await page.click("#chooser button:has(code:text-is('Bxh8='))");
  await page.waitForFunction(() => document.querySelectorAll("#moves span").length === 3);
  game = await currentGame();
  assert.deepEqual(game.board.hands.map((h) => [h.color, h.abbr, h.count]), [["blue", "B", 1]]);
  await clickMove("a7", "a6");
  // Black's hand, below the board: its Bishop, whose drops light up.
  await page.waitForSelector('#hand-bottom button[data-hand="B"]:not([disabled])');
  await page.click('#hand-bottom button[data-hand="B"]');
  game = await currentGame();
  const dropTargets = legalFrom(game, "@B");
  assert.ok(dropTargets.size > 30 && dropTargets.has("e5"), `drops: ${[...dropTargets]}`);
  assert.deepEqual(new Set(await lit()), dropTargets);
  await page.screenshot({ path: `${shots}/check-rules-shogi.png` });
  await page.click('rect[data-square="e5"]', { force: true });
  await page.waitForFunction(() => document.querySelectorAll("#moves span").length === 5);
  game = await currentGame();
  assert.equal(game.moves[4].text, "B@e5");
  assert.equal(game.board.pieces.find((p) => p.square === "e5")?.abbr, "B");
  assert.deepEqual(game.board.hands, []);
  await page.click("#btn-rules");
  await page.waitForSelector("#dlg-rules[open]");
  assert.match(await page.locator("#rules-body").textContent(), /Drops: instead of moving/);
  await page.click("#dlg-rules button[value=close]");

  assert.deepEqual(errors, [], "no errors in the page");
  console.log("check rules browser test passed");
} finally {
  await browser.close();
  await killServer(server);
}
