// The designer's lab in a real browser: a tiny run made with `jovian lab` (depth-1 games cut at
// 60 plies) into the server's data directory, then the board's "Lab" link, the list of runs and
// the run's report with every plot drawn, its stylesheet applied and no content-security-policy
// complaint; the same report as the file `jovian lab` wrote, opened from the disk.
import { chromium } from "playwright-core";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import { killServer, startServer } from "./harness.mjs";

const bin = process.env.JOVIAN_BIN;
const data = `${process.env.JOVIAN_DATA}-lab`;
const shots = process.env.SCREENSHOTS || "../../target/browser";
assert.ok(bin && process.env.JOVIAN_DATA, "JOVIAN_BIN and JOVIAN_DATA must be set (scripts/browser-test does)");
mkdirSync(shots, { recursive: true });
const step = (name) => console.log(`- ${name}`);
const PLOTS = ["plot-lengths", "plot-arrays", "plot-values", "plot-eval"];

step("jovian lab plays a tiny run into the data directory");
const run = `${data}/lab/browser-run`;
rmSync(run, { recursive: true, force: true });
const made = spawnSync(bin, ["lab", "scirocco", "--games", "4", "--depth", "1", "--max-plies", "60",
  "--seed", "3", "--out", run, "--quiet"], { encoding: "utf8", timeout: 120000 });
assert.equal(made.status, 0, `jovian lab failed: ${made.stdout}${made.stderr}`);
assert.match(made.stdout, /Scirocco lab: 4 games/);

const server = await startServer(bin, data);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
const errors = [];
page.on("pageerror", (e) => errors.push(String(e)));
// A style or script the content security policy refuses shows up as a console error.
page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });

/** Every plot is an SVG that is drawn (has a size) and holds marks. */
async function checkPlots(where) {
  for (const id of PLOTS) {
    const plot = page.locator(`svg#${id}`);
    assert.equal(await plot.count(), 1, `${where}: ${id} is missing`);
    const box = await plot.boundingBox();
    assert.ok(box && box.width > 200 && box.height > 50, `${where}: ${id} is not drawn (${JSON.stringify(box)})`);
    const marks = await plot.locator("rect, circle, path, line").count();
    assert.ok(marks > 3, `${where}: ${id} has ${marks} marks`);
  }
}

try {
  step("the board's Lab link leads to the list of runs");
  await page.goto(server.url);
  await page.click("#nav-lab");
  await page.waitForURL(/\/lab$/);
  const link = page.locator('a[href="/lab/browser-run"]');
  assert.equal(await link.count(), 1, "the run is listed");

  step("the run's report shows every plot, styled by /lab.css");
  await link.click();
  await page.waitForURL(/\/lab\/browser-run$/);
  assert.match(await page.locator("h1").textContent(), /Scirocco lab report: browser-run/);
  await checkPlots("served");
  const shaded = await page.evaluate(() => getComputedStyle(document.querySelector(".headline")).backgroundColor);
  assert.notEqual(shaded, "rgba(0, 0, 0, 0)", "the stylesheet applies");
  assert.ok(await page.locator("table#pieces tr").count() > 5, "the pieces table");
  await page.screenshot({ path: `${shots}/lab-report.png`, fullPage: true });
  const csv = await fetch(new URL("/lab/browser-run/figures.csv", server.url));
  assert.equal(csv.status, 200);
  assert.match(await csv.text(), /^section,name,metric,value,low,high/);
  assert.equal((await fetch(new URL("/lab/no-such-run", server.url))).status, 404);

  step("the report's plots keep their labels inside and name their axes; a phone reads it without sideways scrolling");
  const clipped = await page.evaluate(() => [...document.querySelectorAll("svg.plot text")].filter((t) => {
    const [r, plot] = [t.getBoundingClientRect(), t.ownerSVGElement.getBoundingClientRect()];
    return r.left < plot.left - 0.5 || r.top < plot.top - 0.5 || r.right > plot.right + 0.5;
  }).map((t) => t.textContent));
  assert.deepEqual(clipped, [], "texts cut at a plot's edge");
  const captions = await page.locator("svg.plot text.axis").allTextContents();
  assert.ok(captions.length >= PLOTS.length, `axis captions: ${captions}`);
  // The eval plot's legend and its y caption do not overlap.
  const overlap = await page.evaluate(() => {
    const plot = document.getElementById("plot-eval");
    const boxes = (sel) => [...plot.querySelectorAll(sel)].map((t) => t.getBoundingClientRect());
    const hit = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    return boxes("text.axis").some((a) => boxes("text.legend").some((b) => hit(a, b)));
  });
  assert.equal(overlap, false, "the legend covers an axis caption");
  await page.setViewportSize({ width: 390, height: 844 });
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(wide <= 390, `the report is ${wide} px wide on a 390 px phone`);
  await page.screenshot({ path: `${shots}/lab-report-phone.png`, fullPage: true });
  await page.setViewportSize({ width: 1100, height: 900 });

  step("a run started from the Lab page: its progress, then its report; another cancelled");
  await page.setViewportSize({ width: 1100, height: 900 });
  await page.goto(new URL("/lab", server.url).href);
  await page.selectOption("#run-form select[name=game]", "scirocco");
  await page.fill("#run-form input[name=games]", "2");
  await page.fill("#run-form input[name=level]", "1");
  await page.selectOption("#run-form select[name=setups]", "default");
  await page.click("#run-form button[type=submit]");
  await page.waitForFunction(() => /is done: 2 games/.test(document.getElementById("run-state").textContent),
    null, { timeout: 180000 });
  await page.click("#run-state a");
  await page.waitForURL(/\/lab\/scirocco-web-\d+$/);
  assert.match(await page.locator("h1").textContent(), /Scirocco lab report/);
  await page.goto(new URL("/lab", server.url).href);
  await page.fill("#run-form input[name=games]", "500");
  await page.click("#run-form button[type=submit]");
  await page.waitForFunction(() => /Playing .*of 500 games/.test(document.getElementById("run-state").textContent));
  // A second run while one plays is refused.
  const second = await fetch(new URL("/lab/runs", server.url), { method: "POST",
    headers: { "Content-Type": "application/json" }, body: JSON.stringify({ game: "scirocco", games: 2 }) });
  assert.equal(second.status, 409);
  await page.click("#run-cancel");
  await page.waitForFunction(() => /was cancelled/.test(document.getElementById("run-state").textContent),
    null, { timeout: 20000 });
  await page.screenshot({ path: `${shots}/lab-runs.png`, fullPage: true });

  step("the report file jovian lab wrote stands alone");
  await page.goto(`file://${run}/report.html`);
  await checkPlots("file");

  step("jovian serve --lab-dir DIR lists the runs jovian lab --out wrote into DIR");
  const elsewhere = `${data}-elsewhere`;
  rmSync(elsewhere, { recursive: true, force: true });
  const made2 = spawnSync(bin, ["lab", "scirocco", "--games", "2", "--depth", "1", "--max-plies", "40",
    "--seed", "5", "--out", `${elsewhere}/outside-run`, "--quiet"], { encoding: "utf8", timeout: 120000 });
  assert.equal(made2.status, 0, `${made2.stdout}${made2.stderr}`);
  const other = await startServer(bin, `${data}-other`, 0, {}, ["--lab-dir", elsewhere]);
  try {
    await page.goto(new URL("/lab", other.url).href);
    assert.equal(await page.locator('a[href="/lab/outside-run"]').count(), 1, "the run in --lab-dir is listed");
  } finally {
    await killServer(other);
  }

  assert.deepEqual(errors, [], "no errors in the page");
  console.log("lab browser test passed");
} finally {
  await browser.close();
  await killServer(server);
}
