// The screenshots of issue 34's proof, at 1280x800, on a 390x844 phone and in the dark theme at
// 1280x800: Jupiter in play with a piece's panel, a doubled turn, the 12x8 game's hands, the rules
// page, a correspondence game in the list of games, and the Lab page. Each shot is taken once the
// page shows what it is of (the steps wait for it), into target/browser/gallery-MODE-WHAT.png.
import { chromium } from "playwright-core";
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { apiCall, killServer, startServer } from "./harness.mjs";

const bin = process.env.JOVIAN_BIN;
const data = `${process.env.JOVIAN_DATA}-gallery`;
const shots = process.env.SCREENSHOTS || "../../target/browser";
assert.ok(bin && process.env.JOVIAN_DATA, "JOVIAN_BIN and JOVIAN_DATA must be set (scripts/browser-test does)");
mkdirSync(shots, { recursive: true });
const step = (name) => console.log(`- ${name}`);

const server = await startServer(bin, data);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});

const api = (method, path, body, seat) => apiCall(server.url, method, path, body, seat);

const MODES = [
  { name: "desk", viewport: { width: 1280, height: 800 }, colorScheme: "light" },
  { name: "phone", viewport: { width: 390, height: 844 }, colorScheme: "light" },
  { name: "dark", viewport: { width: 1280, height: 800 }, colorScheme: "dark" },
];

try {
  step("the games: Jupiter in play, a doubled turn half made, the 12x8 hands, correspondence");
  const jupiter = await api("POST", "/api/games", { variant: "jupiter", humans: "both" });
  let jg = jupiter;
  for (const side of ["blue", "tan", "blue", "tan"]) {
    const m = jg.legal.find((x) => x.kind === "normal" && !x.loses);
    jg = await api("POST", `/api/games/${jupiter.id}/moves`, { move: m.coord, ply: jg.moves.length }, jupiter.seats[side]);
  }
  const doubled = await api("POST", "/api/games", { variant: "jupiter", humans: "both",
    position: "p,14,k/16/16/16/16/16/16/7,Dbl,8/16/16/16/7,N,8/16/16/16/15,K b" });
  const firstPart = doubled.legal.find((m) => m.from === "h5" && m.text.endsWith("&"));
  await api("POST", `/api/games/${doubled.id}/moves`, { move: firstPart.coord, ply: 0 }, doubled.seats.blue);
  const hands = await api("POST", "/api/games", { variant: "larger-board", humans: "both",
    record: "1. e4 e5 2. Ke2 Ke7 3. Nc3 Nc6 4. Nf3 Nf6" });
  const corr = await api("POST", "/api/games", { variant: "scirocco", humans: "remote", side: "blue",
    clock: { days_per_move: 2 } });

  for (const mode of MODES) {
    step(`${mode.name}: ${mode.viewport.width}x${mode.viewport.height}, ${mode.colorScheme}`);
    const context = await browser.newContext({ viewport: mode.viewport, colorScheme: mode.colorScheme });
    const page = await context.newPage();
    const shot = (what) => page.screenshot({ path: `${shots}/gallery-${mode.name}-${what}.png` });
    const open = async (g, side = "blue") => {
      await page.goto(`${server.url}#seat=${g.id}-${side}-${g.seats[side]}`);
      await page.waitForFunction((id) => localStorage.getItem("jovian-game") === String(id) &&
        document.querySelectorAll("g.piece").length > 0, g.id);
    };
    await open(jupiter);
    await shot("jupiter");
    await page.click('g.piece[data-square="h2"]');
    await page.waitForSelector("#piece-panel h3");
    await shot("panel");
    await open(doubled);
    await page.waitForFunction(() => /moves again/.test(document.querySelector("#status").textContent));
    await shot("doubled-turn");
    await open(hands);
    await page.waitForSelector("#hand-bottom .hand-why li");
    await shot("hands");
    await page.click("#btn-rules");
    await page.waitForSelector("#dlg-rules[open]");
    await shot("rules");
    await page.click("#dlg-rules button[value=close]");
    await open(corr);
    await page.waitForFunction(() => /correspondence: 2 days a move/.test(document.querySelector("#clock-control").textContent));
    await page.click("#btn-games");
    await page.waitForSelector("#dlg-games[open] .badge");
    await shot("correspondence");
    await page.click("#dlg-games menu button");
    await page.goto(new URL("/lab", server.url).href);
    await page.waitForSelector("#run-form");
    await shot("lab");
    await context.close();
  }
  console.log("gallery test passed");
} finally {
  await browser.close();
  await killServer(server);
}
