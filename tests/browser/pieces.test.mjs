// Learning the pieces and playing safely, in a real browser (issue 15): the piece panel for own
// and enemy pieces, every game's diagrams compared pairwise, the warning before a move that loses
// at once, confirmations, a worded chooser entry, a move the repetition rule bars explained, and a
// phone-sized page without sideways scrolling. Run by scripts/browser-test after board.test.mjs.
import { chromium } from "playwright-core";
import assert from "node:assert/strict";
import { startServer } from "./harness.mjs";
import { mkdirSync } from "node:fs";

const bin = process.env.JOVIAN_BIN;
const data = process.env.JOVIAN_DATA;
const shots = process.env.SCREENSHOTS || "../../target/browser";
assert.ok(bin && data, "JOVIAN_BIN and JOVIAN_DATA must be set (scripts/browser-test does)");
mkdirSync(shots, { recursive: true });

const server = await startServer(bin, `${data}-pieces`);
const { url } = server;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
const errors = [];
page.on("pageerror", (e) => errors.push(String(e)));
// A refused request (the bad record loaded on purpose) is logged by the browser; it is not a
// script error.
page.on("console", (m) => {
  if (m.type() === "error" && !/status of 4\d\d/.test(m.text())) errors.push(m.text());
});

async function api(path) {
  const res = await fetch(new URL(path, url));
  assert.equal(res.status, 200, `${path}: ${res.status}`);
  return res.json();
}
const step = (name) => console.log(`- ${name}`);
const currentGame = async () => api(`/api/games/${await page.evaluate(() => localStorage.getItem("jovian-game"))}`);

/** Loads a position (text form) for two people at this board. */
async function loadPosition(variant, text) {
  const before = await page.evaluate(() => localStorage.getItem("jovian-game"));
  await page.click("#btn-load");
  await page.fill("#form-load textarea", text);
  await page.selectOption("#load-variant", variant);
  await page.selectOption("#form-load select[name=humans]", "both");
  await page.click("#dlg-load button[value=ok]");
  await page.waitForFunction((b) => localStorage.getItem("jovian-game") !== b, before);
  await page.waitForSelector("g.piece");
}

const movesShownCount = (n) => page.waitForFunction((k) => document.querySelectorAll("#moves span").length === k, n);

async function clickMove(from, to) {
  const n = await page.locator("#moves span").count();
  await page.click(`g.piece[data-square="${from}"]`);
  await page.click(`rect[data-square="${to}"]`, { force: true });
  await page.waitForFunction((k) => document.querySelectorAll("#moves span").length === k, n + 1);
}

try {
  await page.goto(url);
  await page.waitForSelector("#dlg-new[open]");
  await page.selectOption("#new-variant", "scirocco");
  await page.check("input[name=humans][value=both]");
  await page.click("#new-start");
  await page.waitForSelector("g.piece");

  step("the piece panel shows an own piece and, with its moves as if it were its turn, an enemy's");
  await page.click('g.piece[data-square="d3"]');
  assert.match(await page.locator("#piece-panel h3").textContent(), /^Pawn \(P\)$/);
  assert.match(await page.locator("#piece-panel .where").textContent(), /Blue on d3/);
  assert.equal(await page.locator("#piece-panel svg.diagram-svg").count(), 1);
  for (const sq of ["g1", "a1", "b2"]) {
    await page.click(`g.piece[data-square="${sq}"]`);
    await page.locator("#piece-panel").screenshot({ path: `${shots}/panel-${sq}.png` });
  }
  let game = await currentGame();
  const enemy = game.board.pieces.find((p) => p.color === "tan" && p.square === "d8");
  assert.ok(enemy, "a Tan piece on d8");
  const reach = await api(`/api/games/${game.id}/reach/d8`);
  assert.ok(reach.available && reach.moves.length > 0, "the enemy Pawn could move on its turn");
  await page.click('g.piece[data-square="d8"]');
  await page.waitForFunction((n) => document.querySelectorAll("circle.hl-preview, circle.hl-preview-capture").length === n,
    new Set(reach.moves.map((m) => m.target)).size);
  assert.match(await page.locator("#piece-panel .where").textContent(), /Tan on d8/);
  assert.match(await page.locator("#piece-panel .panel-note").textContent(), /as if it were Tan's turn/);
  // Clicking a lit square of an enemy's preview plays nothing.
  await page.click(`rect[data-square="${reach.moves[0].target}"]`, { force: true });
  assert.equal((await currentGame()).moves.length, 0);
  await page.screenshot({ path: `${shots}/panel-enemy.png` });

  step("every game's diagrams: two types drawn alike, with the same powers in words, move exactly alike");
  const variants = await api("/api/variants");
  for (const v of variants) {
    const drawn = await page.evaluate(async (pieces) => {
      const { diagramSVG } = await import("/panel.js");
      return pieces.map((p) => {
        const svg = diagramSVG({ ...p, abbr: "" }, 100);
        return svg.innerHTML;
      });
    }, v.pieces);
    let shared = 0;
    for (let i = 0; i < drawn.length; i++) {
      assert.ok(drawn[i].includes("dg-centre"), `${v.id} ${v.pieces[i].abbr}: a diagram was drawn`);
      for (let j = i + 1; j < drawn.length; j++) {
        // The same drawing and the same powers in words (poison, doubling...) must move alike.
        const notes = (k) => JSON.stringify(v.pieces[k].diagram.notes) + v.pieces[k].royal;
        if (drawn[i] !== drawn[j] || notes(i) !== notes(j)) continue;
        shared++;
        assert.ok(v.pieces[i].moves_like.includes(v.pieces[j].abbr),
          `${v.id}: ${v.pieces[i].abbr} and ${v.pieces[j].abbr} draw the same diagram but move differently`);
      }
    }
    console.log(`  ${v.id}: ${drawn.length} types, ${shared} pairs drawn alike (each pair moves alike)`);
  }

  step("a King left capturable is marked, and a move that loses at once asks first");
  await loadPosition("scirocco", "r,8,k/10/10/10/10/10/10/10/4,P,5/K,9 b");
  assert.equal(await page.locator('rect.danger[data-danger="a1"]').count(), 1);
  await page.click('g.piece[data-square="a1"]');
  await page.click('rect[data-square="a2"]', { force: true });
  await page.waitForSelector("#dlg-confirm[open]");
  assert.match(await page.locator("#confirm-text").textContent(), /loses at once: the opponent can then capture your last royal piece/);
  await page.screenshot({ path: `${shots}/confirm-loss.png` });
  await page.click("#confirm-no");
  assert.equal((await currentGame()).moves.length, 0, "cancelled: no move was made");
  await clickMove("a1", "b1");
  assert.ok(await page.locator("#dlg-confirm").evaluate((d) => !d.open), "a safe move asks nothing");

  step("resigning asks first; cancelled, the game goes on");
  await page.click("#btn-resign");
  await page.waitForSelector("#dlg-confirm[open]");
  await page.click("#confirm-no");
  assert.equal((await currentGame()).result, null);
  await page.click("#btn-resign");
  await page.waitForSelector("#dlg-confirm[open]");
  await page.click("#confirm-yes");
  await page.waitForSelector("#banner:not([hidden])");
  assert.ok((await currentGame()).result.agreed);

  step("an igui capture is chosen by its entry in words");
  await loadPosition("scirocco", "9,k/10/10/3,p,6/4,p,5/4,Ge,5/10/10/10/K,9 b");
  await page.click('g.piece[data-square="e5"]');
  assert.equal(await page.locator('path.victim[data-victim="e6"]').count(), 1, "the igui victim is marked");
  await page.click('rect[data-square="e6"]', { force: true });
  await page.waitForSelector("#chooser:not([hidden])");
  const entries = await page.locator("#chooser button").allTextContents();
  assert.ok(entries.some((t) => /^Genie on e5 captures the Pawn on e6 without moving/.test(t)), entries.join(" | "));
  await page.click("#chooser button:has-text('without moving')");
  await page.waitForFunction(() => document.querySelector("#moves span")?.textContent === "Gex!e6");
  assert.equal(await page.locator('g.piece[data-square="e5"]').count(), 1, "the Genie stayed");

  step("a move the repetition rule bars is explained when clicked");
  await loadPosition("scirocco", "9,k/4,p,5/10/10/10/10/10/10/4,P,5/K,9 b");
  for (const [from, to] of [["a1", "b1"], ["j10", "i10"], ["b1", "a1"], ["i10", "j10"],
    ["a1", "b1"], ["j10", "i10"], ["b1", "a1"]]) await clickMove(from, to);
  game = await currentGame();
  assert.ok(game.barred.some((b) => b.from === "i10" && b.target === "j10"), "the server bars k-j10");
  await page.click('g.piece[data-square="i10"]');
  await page.click('rect[data-square="j10"]', { force: true });
  await page.waitForFunction(() => /third time/.test(document.querySelector("#notice").textContent));
  assert.equal((await currentGame()).moves.length, 7);

  step("analysis: a branch from a past ply, the engine's answer, back to the game; the evaluation graph");
  await page.click("#nav-prev");
  await page.waitForFunction(() => /ply 6/.test(document.querySelector("#status").textContent));
  await page.click("#btn-analyse");
  await page.waitForSelector("#analysis:not([hidden])");
  assert.match(await page.locator("#analysis-title").textContent(), /from ply 6/);
  await page.click('g.piece[data-square="b1"]');
  await page.click('rect[data-square="c1"]', { force: true });
  await page.waitForFunction(() => document.querySelector("#analysis-line span")?.textContent === "K-c1");
  assert.equal((await currentGame()).moves.length, 7, "the game itself is unchanged");
  assert.equal(await page.locator('g.piece[data-square="c1"]').count(), 1, "the branch is on the board");
  await page.fill("#analysis-ms", "300");
  await page.click("#analysis-ask");
  await page.waitForFunction(() => /score .+ \(Blue's view\) · depth \d+/.test(document.querySelector("#analysis-engine").textContent),
    null, { timeout: 30000 });
  await page.screenshot({ path: `${shots}/analysis.png` });
  await page.click("#analysis-leave");
  await page.waitForSelector("#analysis", { state: "hidden" });
  await page.click("#btn-graph");
  await page.waitForFunction(() => document.querySelectorAll("#eval-graph circle.graph-dot").length === 8,
    null, { timeout: 60000 });
  const axes = await page.locator("#eval-graph text.graph-axis").allTextContents();
  assert.ok(axes.some((t) => /^ply/.test(t)) && axes.some((t) => /ahead, pawns/.test(t)), `axis labels: ${axes}`);
  await page.click('#eval-graph circle[data-ply="3"]');
  await page.waitForFunction(() => /ply 3/.test(document.querySelector("#status").textContent));
  await page.click("#nav-last");

  step("the position editor: a position made on the board, checked by the rules, then played");
  await page.click("#btn-edit");
  await page.waitForSelector("#editor:not([hidden])");
  for (const b of ["#btn-resign", "#btn-draw", "#btn-takeback"]) {
    assert.ok(await page.locator(b).isDisabled(), `${b}: the game beneath the editor waits`);
  }
  await page.fill("#editor-type-filter", "pawn");
  const pawnTypes = await page.locator("#editor-type option").evaluateAll((os) => os.map((o) => o.value));
  assert.ok(pawnTypes.includes("P") && pawnTypes.length < 6, `${pawnTypes}`);
  await page.fill("#editor-type-filter", "");
  assert.ok(await page.locator("#editor-level-box").isHidden(), "no level for two people");
  await page.click("#editor-clear");
  await page.check("input[name=editor-move][value=blue]");
  const place = async (abbr, owner, square) => {
    await page.check("input[name=editor-tool][value=place]");
    await page.selectOption("#editor-type", abbr);
    await page.check(`input[name=editor-owner][value=${owner}]`);
    await page.click(`rect[data-square="${square}"]`, { force: true });
    await page.waitForSelector(`g.piece[data-square="${square}"]`);
  };
  await place("K", "blue", "a1");
  await place("P", "blue", "e2");
  await place("P", "blue", "e9");
  await page.waitForFunction(() => /Not a position yet/.test(document.querySelector("#editor-error").textContent));
  assert.ok(await page.locator("#editor-play").isDisabled(), "no game from a position without a Tan King");
  await place("K", "tan", "j10");
  await page.check("input[name=editor-tool][value=owner]");
  await page.click('rect[data-square="e9"]', { force: true });
  await page.waitForFunction(() => document.querySelector("#editor-text").value === "9,k/4,p,5/10/10/10/10/10/10/4,P,5/K,9 b");
  assert.match(await page.locator("#editor-json").inputValue(), /"scirocco"/);
  await page.check("input[name=editor-tool][value=promote]");
  await page.click('rect[data-square="e2"]', { force: true });
  await page.waitForFunction(() => !/4,P,5\/K/.test(document.querySelector("#editor-text").value));
  await page.click('rect[data-square="e2"]', { force: true });
  await page.waitForFunction(() => /4,P,5\/K/.test(document.querySelector("#editor-text").value));
  await page.selectOption("#editor-humans", "blue");
  await page.fill("#editor-level", "2");
  await page.screenshot({ path: `${shots}/editor.png` });
  await page.click("#editor-play");
  await page.waitForSelector("#editor", { state: "hidden" });
  await page.waitForFunction(() => document.querySelectorAll("g.piece").length === 4);
  assert.ok(await page.locator("#btn-resign").isEnabled(), "the new game's actions are back");
  await page.click('g.piece[data-square="a1"]');
  await page.click('rect[data-square="b1"]', { force: true });
  await page.waitForFunction(() => document.querySelectorAll("#moves span").length >= 1);
  const edited = await currentGame();
  assert.equal(edited.moves[0].text, "K-b1");
  assert.equal(edited.level, 2, "the level chosen in the editor");

  step("loading: an error keeps the text in the dialog and says where; a bare move list loads");
  await page.click("#btn-load");
  await page.fill("#form-load textarea", "1. P-d4 P-d7 2. P-d9");
  await page.selectOption("#load-variant", "scirocco");
  await page.selectOption("#form-load select[name=humans]", "both");
  await page.click("#dlg-load button[value=ok]");
  await page.waitForFunction(() => /move 2 \(Blue\) "P-d9"/.test(document.querySelector("#load-error").textContent));
  assert.ok(await page.locator("#dlg-load").evaluate((d) => d.open), "the dialog stays open");
  assert.equal(await page.locator("#form-load textarea").inputValue(), "1. P-d4 P-d7 2. P-d9");
  await page.keyboard.press("ArrowLeft");
  await page.fill("#form-load textarea", "1. P-d4 P-d7 2. P-e4");
  await page.click("#dlg-load button[value=ok]");
  await movesShownCount(3);

  step("layouts: 1920x1080 and 900x1000 show the board, the status and the moves at once");
  for (const [width, height] of [[1920, 1080], [900, 1000], [1280, 800]]) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(150);
    const boxes = await page.evaluate(() => ["board", "status", "moves"].map((id) => {
      const r = document.getElementById(id).getBoundingClientRect();
      return { id, top: r.top, bottom: r.bottom, left: r.left, right: r.right };
    }));
    for (const b of boxes) {
      assert.ok(b.top >= 0 && b.top < height && b.left >= 0 && b.right <= width + 1,
        `${width}x${height}: #${b.id} at ${JSON.stringify(b)} is not on screen`);
    }
    const board = boxes[0];
    assert.ok(board.bottom - board.top >= Math.min(height, width) * 0.5,
      `${width}x${height}: the board is only ${board.bottom - board.top} px tall`);
    await page.screenshot({ path: `${shots}/layout-${width}x${height}.png` });
  }

  step("a phone-sized page: the board fits the width, no sideways scrolling");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(200);
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  assert.ok(widths[0] <= widths[1], `page ${widths[0]} px wide in a ${widths[1]} px window`);
  await page.screenshot({ path: `${shots}/phone.png`, fullPage: true });
  const boardWidth = await page.evaluate(() => document.getElementById("board").getBoundingClientRect().width);
  assert.ok(boardWidth >= 360, `the board is ${boardWidth} px wide on a 390 px phone`);
  // Touch a piece: its panel shows; the Pieces dialog's Close stays on screen.
  await page.click('g.piece[data-square="a3"]');
  await page.waitForFunction(() => /Pawn/.test(document.querySelector("#piece-panel h3")?.textContent || ""));
  await page.click("#btn-help");
  await page.waitForSelector("#dlg-help[open]");
  const close = await page.locator("#dlg-help button[value=close]").boundingBox();
  assert.ok(close && close.y + close.height <= 844 && close.x + close.width <= 390, `Close at ${JSON.stringify(close)}`);
  await page.screenshot({ path: `${shots}/phone-help.png` });
  await page.click("#dlg-help button[value=close]");

  step("every game at 1280x800 and on a 390x844 phone: the whole board on screen, no sideways scrolling");
  for (const v of variants) {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.click("#btn-new");
    await page.waitForSelector("#dlg-new[open]");
    await page.selectOption("#new-variant", v.id);
    await page.check("input[name=humans][value=both]");
    await page.check("input[name=clock][value=none]");
    await page.click("#new-start");
    await page.waitForFunction((id) => document.querySelector("#status").textContent.length > 0
      && document.querySelectorAll(`rect.square`).length > 0, v.id);
    await page.waitForFunction((n) => document.querySelectorAll("rect.square").length === n, v.width * v.height);
    for (const [width, height] of [[1280, 800], [390, 844]]) {
      await page.setViewportSize({ width, height });
      await page.waitForTimeout(150);
      const [scroll, inner, board] = await page.evaluate(() => {
        const r = document.getElementById("board").getBoundingClientRect();
        return [document.documentElement.scrollWidth, window.innerWidth, { w: r.width, h: r.height, bottom: r.bottom }];
      });
      assert.ok(scroll <= inner, `${v.id} ${width}x${height}: ${scroll} px wide`);
      if (width === 1280) assert.ok(board.bottom <= height, `${v.id}: the board ends at ${board.bottom} px`);
      // Small squares show clean abbreviations; large ones the small diagrams too.
      const square = board.w / (v.width + 44 / 48);
      const compact = await page.evaluate(() => document.getElementById("board").classList.contains("compact"));
      assert.equal(compact, square < 30, `${v.id} ${width}x${height}: squares of ${square.toFixed(0)} px`);
      await page.screenshot({ path: `${shots}/${v.id}-${width}x${height}.png` });
    }
  }

  step("Jupiter on a 390x844 phone: a one-row header, no abbreviation outside its piece, a zoom, the panel as a sheet");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.click("#btn-new");
  await page.waitForSelector("#dlg-new[open]");
  await page.selectOption("#new-variant", "jupiter");
  await page.check("input[name=humans][value=both]");
  await page.click("#new-start");
  await page.waitForFunction(() => document.querySelectorAll("g.piece").length === 184);
  const header = await page.evaluate(() => document.querySelector("header").getBoundingClientRect().height);
  assert.ok(header <= 48, `the header is ${header} px tall`);
  const spills = await page.evaluate(() => [...document.querySelectorAll("g.piece")].filter((g) => {
    const [t, body] = [g.querySelector("text.abbr").getBoundingClientRect(), g.querySelector("polygon").getBoundingClientRect()];
    return t.left < body.left - 0.5 || t.right > body.right + 0.5;
  }).map((g) => g.querySelector("text.abbr").textContent));
  assert.deepEqual(spills, [], "abbreviations outside their pieces");
  const unzoomed = await page.evaluate(() => document.getElementById("board").getBoundingClientRect().width);
  await page.click("#zoom-in");
  await page.click("#zoom-in");
  const zoomed = await page.evaluate(() => [document.getElementById("board").getBoundingClientRect().width,
    document.documentElement.scrollWidth]);
  assert.ok(zoomed[0] >= unzoomed * 1.9, `zoomed from ${unzoomed} to ${zoomed[0]} px`);
  assert.ok(zoomed[1] <= 390, `the page is ${zoomed[1]} px wide: the board scrolls in its frame`);
  await page.screenshot({ path: `${shots}/jupiter-phone-zoomed.png` });
  await page.click("#zoom-out");
  await page.click("#zoom-out");
  await page.click('g.piece[data-square="h2"]');
  await page.waitForSelector("#piece-panel.sheet h3");
  const [sheet, board] = await page.evaluate(() => [document.getElementById("piece-panel").getBoundingClientRect(),
    document.getElementById("board").getBoundingClientRect()].map((r) => ({ top: r.top, bottom: r.bottom })));
  assert.ok(sheet.bottom <= 844 + 0.5 && sheet.top >= board.bottom - 2, `sheet ${JSON.stringify(sheet)}, board ${JSON.stringify(board)}`);
  await page.screenshot({ path: `${shots}/jupiter-phone-sheet.png` });
  await page.click("#piece-panel .sheet-close");
  await page.waitForFunction(() => !document.querySelector("#piece-panel.sheet"));

  step("the 12x8 hands say on the page why each piece can or cannot be dropped; a piece in hand has its panel");
  await loadPosition("larger-board", "1. e4 e5");
  assert.match(await page.locator("#hand-bottom .hand-why").textContent(),
    /No drop now: drops open once both Kings have moved \(neither has yet\)/);
  await loadPosition("larger-board", "1. e4 e5 2. Ke2 Ke7 3. Nc3 Nc6 4. Nf3 Nf6");
  const lines = await page.locator("#hand-bottom .hand-why li").allTextContents();
  assert.ok(lines.some((l) => /^Le \(.+\): can be dropped now/.test(l)), lines.join("\n"));
  assert.ok(lines.some((l) => /not now: it is dropped on/.test(l)), lines.join("\n"));
  await page.click('#hand-bottom button[data-hand="Le"]');
  assert.match(await page.locator("#piece-panel").textContent(), /in hand[\s\S]*1 drop now/);
  // A pair drop by clicks: both its squares light up, and a click on either plays it.
  const litSquares = await page.locator("circle.highlight").evaluateAll((cs) => cs.map((c) => c.dataset.target));
  assert.deepEqual([...new Set(litSquares)].sort(), ["b1", "g1"]);
  await page.screenshot({ path: `${shots}/larger-board-hands.png` });
  await page.click('rect[data-square="g1"]', { force: true });
  await movesShownCount(9);
  game = await currentGame();
  assert.equal(game.moves[8].text, "Le@b1,g1");
  assert.deepEqual(["b1", "g1"].map((sq) => game.board.pieces.find((p) => p.square === sq)?.abbr), ["Le", "Le"]);
  await loadPosition("larger-board", "1. e4 e5 2. Ke2 Ke7 3. Nc3 Nc6 4. Nf3 Nf6 5. Le@b1,g1");
  const owed = await page.locator("#hand-top .hand-why, #hand-bottom .hand-why").allTextContents();
  assert.ok(owed.some((l) => /first the Halfling pair you owe: Le@b8,g8/.test(l)), owed.join("\n"));
  // Black's Knight has no move while the pair is owed: the notice says why, not "a third time".
  await page.click('g.piece[data-square="c6"]');
  await page.waitForFunction(() => /Knight on c6 has no legal move now: first the Halfling pair you owe: Le@b8,g8/
    .test(document.querySelector("#notice").textContent));

  step("a doubled turn: after the first part the piece is selected, its second moves lit, the status says so");
  await page.setViewportSize({ width: 1280, height: 800 });
  await loadPosition("jupiter", "p,14,k/16/16/16/16/16/16/7,Dbl,8/16/16/16/7,N,8/16/16/16/15,K b");
  await page.click('g.piece[data-square="h5"]');
  await page.click('rect[data-square="g3"]', { force: true });
  await page.waitForSelector("#chooser:not([hidden])");
  const parts = await page.locator("#chooser button code").allTextContents();
  const first = parts.find((t) => t.endsWith("&"));
  assert.ok(first, `a first part is offered: ${parts}`);
  await page.click(`#chooser button:has(code:text-is("${first}"))`);
  await page.waitForFunction(() => /Knight on g3 moves again/.test(document.querySelector("#status").textContent));
  assert.equal(await page.evaluate(async () => (await import("/state.js")).state.selected), "g3", "the Knight is selected");
  assert.ok(await page.locator("circle.highlight").count() > 0, "its second moves are lit");
  await page.screenshot({ path: `${shots}/doubled-turn.png` });
  // The second part: a lit square, and the turn passes.
  await page.click('rect[data-square="f1"]', { force: true });
  await page.waitForFunction(() => /^Tan to move/.test(document.querySelector("#status").textContent));

  step("move sounds with a switch; the move list written as in the texts, long or in coordinates");
  const heard = () => page.evaluate(async () => ({ ...(await import("/sounds.js")).heard }));
  const before = await heard();
  assert.ok(before.count > 0 && before.last === "move", `the doubled turn was heard: ${JSON.stringify(before)}`);
  await page.uncheck("#opt-sound");
  await page.click('g.piece[data-square="p16"]');
  await page.click('rect[data-square="o16"]', { force: true });
  await page.waitForFunction(() => /^Blue to move/.test(document.querySelector("#status").textContent));
  assert.equal((await heard()).count, before.count, "no sound once switched off");
  await page.check("#opt-sound");
  const texts = async () => page.locator("#moves span").allTextContents();
  const short = await texts();
  await page.selectOption("#opt-notation", "coord");
  const coords = await texts();
  assert.ok(coords.every((t) => /^[a-p]\d+[a-p]\d+/.test(t)), `${coords}`);
  await page.selectOption("#opt-notation", "long");
  const long = await texts();
  assert.ok(long.some((t, i) => t !== short[i]) && long.every((t) => /[a-p]\d+/.test(t)), `${long}`);
  await page.selectOption("#opt-notation", "text");
  assert.deepEqual(await texts(), short);

  step("the Doubler's panel says whose moves it doubles and names no piece with other powers alike");
  await page.setViewportSize({ width: 1280, height: 800 });
  await loadPosition("jupiter", "p,14,k/16/16/16/16/16/16/7,Dbl,8/16/16/16/16/16/16/16/15,K b");
  await page.click('g.piece[data-square="h9"]');
  await page.waitForFunction(() => /Doubler/.test(document.querySelector("#piece-panel h3").textContent));
  const panel = await page.locator("#piece-panel").textContent();
  assert.match(panel, /of either side/, panel);
  assert.doesNotMatch(panel, /lets a friend/, panel);
  assert.doesNotMatch(panel, /Moves exactly like: Poisoner/, panel);
  await page.locator("#piece-panel").screenshot({ path: `${shots}/panel-doubler.png` });

  step("at 1280x800 the panel is whole on screen; its diagram enlarges with marks of 10 px and more");
  const panelBottom = await page.evaluate(() => document.getElementById("piece-panel").getBoundingClientRect().bottom);
  assert.ok(panelBottom <= 800, `the panel ends at ${panelBottom} px`);
  await page.click("#piece-panel svg.diagram-svg");
  await page.waitForSelector("#dlg-diagram[open]");
  const letters = await page.locator("#dlg-diagram svg.diagram-svg text").evaluateAll((ts) =>
    ts.map((t) => t.getBoundingClientRect().height));
  assert.ok(letters.length > 0 && Math.min(...letters) >= 10, `letter marks ${letters.slice(0, 5)} px tall`);
  await page.screenshot({ path: `${shots}/diagram-enlarged.png` });
  await page.click("#dlg-diagram button[value=close]");

  step("the rules page: setup, how a game ends, the notation and the readings, each piece linked to its entry");
  await page.click("#btn-rules");
  await page.waitForSelector("#dlg-rules[open]");
  const rules = await page.locator("#rules-body").textContent();
  for (const part of ["Jupiter: the rules", "Setup", "How a game ends", "lost all its royal pieces",
    "Notation", "How Jovian reads the text", "Doubler"]) {
    assert.ok(rules.includes(part), `the rules page lacks ${part}`);
  }
  assert.ok(await page.locator("#rules-body table").count() > 0, "the notation's tables are drawn");
  await page.screenshot({ path: `${shots}/rules-jupiter.png` });
  await page.click('#rules-body button[data-abbr="Dbl"]');
  await page.waitForSelector("#dlg-help[open]");
  const shown = await page.locator("#help-list .help-piece:not([hidden])").evaluateAll((es) => es.map((e) => e.dataset.abbr));
  assert.deepEqual(shown, ["Dbl"]);
  await page.click("#dlg-help button[value=close]");

  assert.deepEqual(errors, [], "no script errors");
  console.log("pieces test passed");
} catch (e) {
  // The page as it was when a step failed, kept with the other screenshots.
  await page.screenshot({ path: `${shots}/pieces-failure.png` }).catch(() => {});
  console.log(`status: ${await page.locator("#status").textContent().catch(() => "?")}`);
  throw e;
} finally {
  await browser.close();
  server.child.kill("SIGTERM");
}
