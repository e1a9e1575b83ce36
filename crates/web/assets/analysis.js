// Analysis: from any position of a game (the game now, a past ply, or a finished game), try moves
// on a branch of one's own and ask the engine, without touching the game. The server reads every
// branch (POST /api/analysis) and searches on request; the score is said from Blue's side. The
// evaluation graph of the game comes from the same endpoint.

import { drawBoard } from "./board.js";
import { el } from "./diagram.js";
import { $, anySeat, api, showError, sideTitle, state } from "./state.js";

/// The analysis request for the branch: the game's start, its moves up to the branch point, the
/// branch's own moves.
function request(extra = {}) {
  const a = state.analysis;
  return { game: a.game, variant: a.variant, position: a.start, moves: [...a.base, ...a.branch], ...extra };
}

/// Asking the engine needs a seat in the game, unless the server is an open analysis board
/// (`jovian serve --open-analysis`, told by /api/engines).
function mayAsk() {
  return !!anySeat() || !!(state.analysis && state.analysis.open);
}

async function load(extra = {}) {
  const a = state.analysis;
  const r = await api("/api/analysis", { method: "POST", body: request(extra), seat: anySeat() });
  if (state.analysis !== a) return null;
  Object.assign(a, { board: r.board, legal: r.legal, result: r.result });
  if (r.search) a.search = r.search;
  return r;
}

/// Starts analysing the position on show (the game now, or the past ply looked at).
export async function startAnalysis() {
  const g = state.game;
  if (!g) return;
  const ply = state.viewPly ?? g.moves.length;
  state.analysis = {
    game: g.id, open: false, variant: g.variant, start: g.start,
    base: g.moves.slice(0, ply).map((m) => m.coord), ply, branch: [], branchText: [], board: null, legal: [], result: null, search: null,
  };
  state.selected = null; state.reach = null; state.pick = null;
  const a = state.analysis;
  try {
    if (!anySeat()) {
      const engines = await api("/api/engines").catch(() => null);
      a.open = !!(engines && engines.open_analysis);
    }
    await load();
    renderAnalysis();
  } catch (e) { state.analysis = null; showError(e); }
}

export function leaveAnalysis() {
  state.analysis = null;
  state.selected = null;
  $("analysis").hidden = true;
  document.body.classList.remove("analysing");
  drawBoard();
}

/// Plays `coord` on the branch (the server checks it).
export async function analysisPlay(coord) {
  const a = state.analysis;
  const m = a.legal.find((x) => x.coord === coord);
  a.branch.push(coord);
  a.branchText.push(m ? m.text : coord);
  a.search = null;
  state.selected = null;
  try { await load(); } catch (e) { a.branch.pop(); a.branchText.pop(); showError(e); }
  renderAnalysis();
}

async function backOne() {
  const a = state.analysis;
  if (!a.branch.length) return;
  a.branch.pop(); a.branchText.pop();
  a.search = null;
  try { await load(); } catch (e) { showError(e); }
  renderAnalysis();
}

async function askEngine() {
  const a = state.analysis;
  const ms = Math.max(100, Math.min(10000, parseInt($("analysis-ms").value, 10) || 2000));
  $("analysis-engine").textContent = `the engine is thinking (${(ms / 1000).toFixed(1)} s)…`;
  try {
    await load({ search_ms: ms });
  } catch (e) { showError(e); }
  renderAnalysis();
}

function big(n) { return Number(n).toLocaleString("en-US"); }

export function renderAnalysis() {
  const a = state.analysis;
  if (!a) return;
  document.body.classList.add("analysing");
  $("analysis").hidden = false;
  const from = a.ply === 0 ? "the start" : `ply ${a.ply}`;
  $("analysis-title").textContent = `Analysis from ${from} of game ${state.game.id} (the game itself is not changed)`;
  const line = $("analysis-line");
  line.innerHTML = "";
  a.branchText.forEach((t, i) => {
    const span = document.createElement("span");
    span.textContent = t;
    span.dataset.index = i;
    line.append(span, " ");
  });
  if (!a.branchText.length) line.textContent = "Play moves on the board to try them.";
  const side = a.board ? sideTitle(a.board.to_move) : "";
  $("status").textContent = a.result ? `Analysis: ${a.result}` : `Analysis: ${side} to move`;
  const s = a.search;
  $("analysis-engine").textContent = s
    ? `best ${s.best || "none"} · score ${s.score} (${sideTitle("blue")}'s view) · depth ${s.depth} · `
      + `${big(s.nodes)} nodes · ${big(s.nps)} nodes/s\n${s.pv.join(" ")}`
    : "";
  $("analysis-back").disabled = !a.branch.length;
  const ask = $("analysis-ask");
  ask.disabled = !mayAsk();
  ask.title = ask.disabled ? "Only a player of this game (a seat in it) can ask the server's engine" : "";
  drawBoard();
}

/// The evaluation graph of the game: a short search of each position, from Blue's side.
export async function showGraph() {
  const g = state.game;
  if (!g) return;
  const box = $("eval-graph");
  box.hidden = false;
  box.textContent = "scoring every position of the game…";
  try {
    const r = await api("/api/analysis", { method: "POST", seat: anySeat(),
      body: { game: g.id, variant: g.variant, position: g.start, moves: g.moves.map((m) => m.coord), evals: true } });
    drawGraph(box, r.evals || [], r.evals_complete);
  } catch (e) { box.textContent = ""; showError(e); }
}

function drawGraph(box, points, complete) {
  box.innerHTML = "";
  const W = 300, H = 100, clamp = 1000;
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  svg.setAttribute("class", "graph");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", `evaluation of the game after each ply, from ${sideTitle("blue")}'s side`);
  el("rect", { x: 0, y: 0, width: W, height: H, class: "graph-bg" }, svg);
  el("line", { x1: 0, y1: H / 2, x2: W, y2: H / 2, class: "graph-zero" }, svg);
  const n = Math.max(points.length - 1, 1);
  const xy = (p, i) => [(i / n) * W, H / 2 - (Math.max(-clamp, Math.min(clamp, p)) / clamp) * (H / 2 - 4)];
  el("polyline", { points: points.map((p, i) => xy(p, i).join(",")).join(" "), class: "graph-line" }, svg);
  // The axes named on the plot itself: plies along, Blue's advantage in pawns up.
  const caption = (x, y, words, extra = {}) => { el("text", { x, y, class: "graph-axis", ...extra }, svg).textContent = words; };
  caption(W - 3, H - 3, `ply (0-${points.length - 1})`, { "text-anchor": "end" });
  caption(3, 9, `+${clamp / 100} (${sideTitle("blue")} ahead, pawns)`);
  caption(3, H - 3, `-${clamp / 100}`);
  points.forEach((p, i) => {
    const [x, y] = xy(p, i);
    const dot = el("circle", { cx: x, cy: y, r: 2.2, class: "graph-dot", "data-ply": i }, svg);
    const title = el("title", {}, dot);
    title.textContent = `ply ${i}: ${(p / 100).toFixed(2)}`;
  });
  box.appendChild(svg);
  const cap = document.createElement("p");
  cap.className = "hint";
  cap.textContent = `${sideTitle("blue")}'s advantage after each ply (a 2-ply search, up to ±10 pawns; `
    + `click a point to see that position)${complete ? "" : "; stopped early: the game is long"}.`;
  box.appendChild(cap);
}

export function setupAnalysis(viewAt) {
  $("btn-analyse").addEventListener("click", startAnalysis);
  $("analysis-leave").addEventListener("click", leaveAnalysis);
  $("analysis-back").addEventListener("click", backOne);
  $("analysis-ask").addEventListener("click", askEngine);
  $("btn-graph").addEventListener("click", showGraph);
  $("eval-graph").addEventListener("click", (ev) => {
    const ply = ev.target.dataset && ev.target.dataset.ply;
    if (ply !== undefined) { if (state.analysis) leaveAnalysis(); viewAt(Number(ply)); }
  });
}
