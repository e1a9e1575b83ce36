// The page's colours in the light and the dark theme: every text a player reads (status, players,
// the move list and its current move, the piece panel and its legend, links, buttons, notes) has
// a WCAG AA contrast of at least 4.5:1 against what it is drawn on, and the legend's filled marks
// (the disc for "moves or captures", captures, the royal mark) at least 3:1 (WCAG's AA for
// graphics). Screenshots of both themes go to target/browser/.
import { chromium } from "playwright-core";
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { apiCall, killServer, startServer } from "./harness.mjs";
import { markContrasts, textContrasts } from "./contrast.mjs";

const bin = process.env.JOVIAN_BIN;
const data = `${process.env.JOVIAN_DATA}-theme`;
const shots = process.env.SCREENSHOTS || "../../target/browser";
assert.ok(bin && process.env.JOVIAN_DATA, "JOVIAN_BIN and JOVIAN_DATA must be set (scripts/browser-test does)");
mkdirSync(shots, { recursive: true });
const step = (name) => console.log(`- ${name}`);

const TEXTS = ["#status", "#players", "#moves li span", "#moves li span.current", "#piece-panel h3",
  "#piece-panel .where", ".panel-body p", ".legend li", "#thinking", "#notice", "#seat-note", "header h1",
  "a", "button:not(:disabled)", ".hint", "#clock-control", "#setup-name", ".coord-note"];
const MARKS = [".legend .key-both", ".legend .key-capture", ".legend .key-royal"];
const TEXT_AA = 4.5;
const MARK_AA = 3;

const server = await startServer(bin, data);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});

const api = (method, path, body, seat) => apiCall(server.url, method, path, body, seat);

try {
  step("a game of two people with two moves played, through the API");
  const created = await api("POST", "/api/games", { variant: "scirocco", humans: "both" });
  let game = created;
  for (const side of ["blue", "tan"]) {
    const move = game.legal.find((m) => m.from && m.kind !== "drop");
    game = await api("POST", `/api/games/${created.id}/moves`, { move: move.coord, ply: game.moves.length },
      created.seats[side]);
  }
  const piece = game.board.pieces.find((p) => p.color === "blue" && p.abbr === "K") || game.board.pieces[0];

  for (const theme of ["light", "dark"]) {
    step(`${theme} theme: texts at ${TEXT_AA}:1, the legend's marks at ${MARK_AA}:1`);
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: theme });
    const page = await context.newPage();
    await page.goto(`${server.url}#seat=${created.id}-blue-${created.seats.blue}`);
    await page.waitForSelector("g.piece");
    await page.waitForFunction(() => document.querySelectorAll("#moves li span").length >= 2);
    await page.click(`g.piece[data-square="${piece.square}"]`);
    await page.waitForSelector("#piece-panel .legend li");
    await page.screenshot({ path: `${shots}/theme-${theme}.png` });
    const measured = [];
    for (const selector of TEXTS) measured.push(...(await textContrasts(page, selector)).map((m) => ({ ...m, need: TEXT_AA })));
    for (const selector of MARKS) measured.push(...(await markContrasts(page, selector)).map((m) => ({ ...m, need: MARK_AA })));
    for (const selector of ["#status", "#moves li span.current", ".legend li", "#players", ".legend .key-both"]) {
      assert.ok(measured.some((m) => m.what.startsWith(selector)), `${theme}: nothing measured for ${selector}`);
    }
    const low = measured.filter((m) => m.ratio < m.need);
    const lowest = (prefix) => Math.min(...measured.filter((m) => m.what.startsWith(prefix)).map((m) => m.ratio));
    console.log(`  ${measured.length} measured; lowest: status ${lowest("#status")}, current move `
      + `${lowest("#moves li span.current")}, players ${lowest("#players")}, legend ${lowest(".legend li")}, `
      + `links ${lowest("a")}, disc ${lowest(".legend .key-both")}`);
    assert.deepEqual(low, [], `${theme}: below AA`);

    step(`${theme} theme: the Lab page's links`);
    await page.goto(new URL("/lab", server.url).href);
    const links = await textContrasts(page, "a");
    assert.ok(links.length > 0, "the Lab page has links");
    assert.deepEqual(links.filter((m) => m.ratio < TEXT_AA), [], `${theme}: Lab links below AA`);
    await context.close();
  }
  console.log("theme browser test passed");
} finally {
  await browser.close();
  await killServer(server);
}
