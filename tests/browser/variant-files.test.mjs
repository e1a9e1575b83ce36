// A designer's variant file in a real browser (issue 32, `jovian serve --variants DIR`): the 6x6
// Pilgrims of crates/web/tests/data/variants/pilgrims.toml, with a piece no built-in game has,
// chosen in the new-game dialog among the designers' files; its Pilgrim's panel shows the
// diagram generated from the file's Betza (the four diagonal steps and the four straight leaps of
// two); a move by clicks and the engine's answer; the Pieces and Rules dialogs (the file named, no
// published text claimed); a run of it started from the Lab page, and its report.
import { chromium } from "playwright-core";
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { killServer, startServer } from "./harness.mjs";

const bin = process.env.JOVIAN_BIN;
const data = `${process.env.JOVIAN_DATA}-variant-files`;
const shots = process.env.SCREENSHOTS || "../../target/browser";
assert.ok(bin && process.env.JOVIAN_DATA, "JOVIAN_BIN and JOVIAN_DATA must be set (scripts/browser-test does)");
mkdirSync(shots, { recursive: true });
const variants = fileURLToPath(new URL("../../crates/web/tests/data/variants", import.meta.url));
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

/** The squares the diagram in `selector` marks "moves or captures", as [dx, dy] from its piece
 * (forward up), read from where the page drew them. */
async function drawnSquares(selector) {
  return page.locator(selector).evaluate((svg) => {
    const centre = svg.querySelector("rect.dg-centre");
    const cell = Number(centre.getAttribute("width"));
    const cx = Number(centre.getAttribute("x")) + cell / 2, cy = Number(centre.getAttribute("y")) + cell / 2;
    return [...svg.querySelectorAll("circle.dg-both")].map((c) => [
      Math.round((Number(c.getAttribute("cx")) - cx) / cell),
      Math.round((cy - Number(c.getAttribute("cy"))) / cell)]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  });
}
const PILGRIM = [[-2, 0], [-1, -1], [-1, 1], [0, -2], [0, 2], [1, -1], [1, 1], [2, 0]];

try {
  step("the new-game dialog lists the file's game among the designers' files");
  await page.goto(server.url);
  await page.waitForSelector("#dlg-new[open]");
  const option = page.locator('#new-variant optgroup[label="Designers\' files"] option[value="pilgrims"]');
  assert.equal(await option.textContent(), "Pilgrims (6x6; designer's file pilgrims.toml)");
  assert.equal(await page.locator('#new-variant > option[value="scirocco"]').count(), 1, "the built-in games stay");
  await page.selectOption("#new-variant", "pilgrims");
  await page.fill("#form-new input[name=level]", "1");
  await page.click("#new-start");
  await page.waitForFunction(() => document.querySelectorAll("g.piece").length === 14);
  const gameId = Number(await page.evaluate(() => localStorage.getItem("jovian-game")));
  let game = await api(`/api/games/${gameId}`);
  assert.equal(game.variant, "pilgrims");
  assert.equal(await page.locator("rect[data-square]").count(), 36, "a 6x6 board");

  step("the Pilgrim's panel shows its diagram, generated from the file");
  await page.click('g.piece[data-square="d1"]');
  assert.match(await page.locator("#piece-panel h3").textContent(), /^Pilgrim \(Pi\)$/);
  assert.match(await page.locator("#piece-panel").textContent(), /leaps two squares straight ahead/);
  assert.deepEqual(await drawnSquares("#piece-panel svg.diagram-svg"), PILGRIM);
  await page.locator("#piece-panel").screenshot({ path: `${shots}/variant-file-panel.png` });

  step("its legal moves light up; clicking d3 plays Pi-d3 and the engine (level 1) answers");
  const targets = new Set(game.legal.filter((m) => m.from === "d1").map((m) => m.target));
  assert.ok(targets.has("d3"), `the leap to d3 among ${[...targets]}`);
  const lit = await page.locator("circle.highlight").evaluateAll((cs) => cs.map((c) => c.dataset.target));
  assert.deepEqual(new Set(lit), targets);
  await page.click('rect[data-square="d3"]', { force: true });
  await page.waitForFunction(() => document.querySelectorAll("#moves span").length >= 2, null, { timeout: 30000 });
  game = await api(`/api/games/${gameId}`);
  assert.equal(game.moves[0].text, "Pi-d3");
  assert.equal(game.moves.length, 2);
  assert.deepEqual(await page.locator("#moves span").allTextContents(), game.moves.map((m) => m.text));
  await page.screenshot({ path: `${shots}/variant-file-game.png` });

  step("the Pieces dialog has the file's three types, the Pilgrim's diagram drawn the same");
  await page.click("#btn-help");
  await page.waitForSelector("#dlg-help[open]");
  assert.equal(await page.locator("#help-list .help-piece").count(), 3);
  const entry = page.locator('#help-list .help-piece[data-abbr="Pi"]');
  await entry.scrollIntoViewIfNeeded();
  await entry.locator("svg.diagram-svg").waitFor();
  assert.deepEqual(await drawnSquares('#help-list .help-piece[data-abbr="Pi"] svg.diagram-svg'), PILGRIM);
  await page.click("#dlg-help button[value=close]");

  step("the Rules dialog names the file and claims no published text");
  await page.click("#btn-rules");
  await page.waitForSelector("#dlg-rules[open]");
  const rules = await page.locator("#rules-body").textContent();
  assert.match(await page.locator("#rules-body h2").textContent(), /^Pilgrims: the rules \(a designer's file, pilgrims\.toml\)$/);
  assert.match(rules, /Where these rules come from/);
  assert.match(rules, /read from the variant file pilgrims\.toml/);
  assert.doesNotMatch(rules, /How Jovian reads the text/);
  assert.match(rules, /Royal: King\./);
  await page.screenshot({ path: `${shots}/variant-file-rules.png` });
  await page.click("#dlg-rules button[value=close]");

  step("a run of the file's game started from the Lab page, then its report");
  await page.goto(new URL("/lab", server.url).href);
  assert.equal(await page.locator('#run-form select[name=game] option[value="pilgrims"]').textContent(),
    "Pilgrims (designer's file pilgrims.toml)");
  await page.selectOption("#run-form select[name=game]", "pilgrims");
  await page.fill("#run-form input[name=games]", "2");
  await page.fill("#run-form input[name=level]", "1");
  await page.selectOption("#run-form select[name=setups]", "default");
  await page.click("#run-form button[type=submit]");
  await page.waitForFunction(() => /is done: 2 games/.test(document.getElementById("run-state").textContent),
    null, { timeout: 180000 });
  await page.click("#run-state a");
  await page.waitForURL(/\/lab\/pilgrims-web-\d+$/);
  assert.match(await page.locator("h1").textContent(), /Pilgrims lab report/);
  await page.screenshot({ path: `${shots}/variant-file-lab.png`, fullPage: true });
  await page.goto(new URL("/lab", server.url).href);
  const listed = await page.locator("ul.runs li", { hasText: "pilgrims-web-" }).textContent();
  assert.match(listed, /Pilgrims \(designer's file pilgrims\.toml\), 2 records/);
  assert.ok(!listed.includes(variants), `the list shows the server's directory: ${listed}`);

  assert.deepEqual(errors, [], "no errors in the page");
  console.log("variant files browser test passed");
} finally {
  await browser.close();
  await killServer(server);
}
