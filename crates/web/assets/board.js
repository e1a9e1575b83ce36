// The board: squares, coordinates, pieces with their small diagrams, the lit destinations of the
// selected piece, marks (last move, check, danger, victims), the hands of the 12x8 game, and the
// panel beside it for the selected piece.

import { drawDiagram, el } from "./diagram.js";
import { showPanel } from "./panel.js";
import { $, canMove, pieceInfo, pieceOn, shownBoard, sideTitle, state } from "./state.js";

export const S = 48;          // square size in SVG units
export const M = 22;          // margin for coordinates

export function squareXY(name) {
  const v = state.variant;
  const m = /^([a-z]+)(\d+)$/.exec(name);
  if (!m) return null;
  const f = v.files.indexOf(m[1]);
  const r = parseInt(m[2], 10) - 1;
  if (f < 0 || r < 0 || r >= v.height) return null;
  return { f, r };
}

export function squareName(f, r) {
  return state.variant.files[f] + (r + 1);
}

export function screen({ f, r }) {
  const v = state.variant;
  const col = state.flipped ? v.width - 1 - f : f;
  const row = state.flipped ? r : v.height - 1 - r;
  return { x: M + col * S, y: M + row * S };
}

export function drawPiece(parent, piece) {
  const at = squareXY(piece.square);
  const { x, y } = screen(at);
  const turned = (piece.color === "tan") !== state.flipped;
  const g = el("g", {
    class: "piece", "data-square": piece.square,
    transform: `translate(${x + S / 2} ${y + S / 2}) rotate(${turned ? 180 : 0})`,
  }, parent);
  const k = S / 100;
  const points = [[0, -46], [36, -28], [42, 44], [-42, 44], [-36, -28]]
    .map(([px, py]) => `${px * k},${py * k}`).join(" ");
  el("polygon", { points, class: `piece-body ${piece.color}` }, g);
  const t = el("text", { x: 0, y: -13 * k, class: `abbr ${piece.color}${piece.promoted ? " promoted" : ""}` }, g);
  t.textContent = piece.abbr;
  // Three letters and more are pressed into the piece's width: an abbreviation never spills out
  // of its piece, whatever the font or the size.
  if (piece.abbr.length >= 3) {
    t.setAttribute("textLength", 62 * k);
    t.setAttribute("lengthAdjust", "spacingAndGlyphs");
  }
  // Upright: a turned piece's abbreviation is turned back, so that it reads the right way up.
  if (turned && state.upright) t.setAttribute("transform", `rotate(180 0 ${-13 * k})`);
  if (piece.promoted) el("circle", { cx: 30 * k, cy: -22 * k, r: 6 * k, class: "promoted-dot" }, g);
  const info = pieceInfo(piece.abbr);
  if (info) drawDiagram(g, info.diagram, { cx: 0, cy: 22 * k, size: 38 * k, reach: 2 });
  return g;
}

/// The legal moves of the piece on `square` (a Golem's from either part), or of a piece in hand
/// ("@Le").
export function movesFrom(square) {
  if (state.analysis) return state.analysis.legal.filter((m) => m.from === square || m.from2 === square);
  if (!state.game || state.view) return [];
  if (state.reach && state.reach.square === square) return state.reach.moves;
  return state.game.legal.filter((m) => m.from === square || m.from2 === square);
}

/// Shows the selected piece (or none) in the panel beside the board.
/// Phones: the panel of a selected piece is a sheet over the lower half, with a close button.
const NARROW = "(max-width: 760px)";

function asSheet(box) {
  const sheet = !!state.selected && !!box.querySelector("h3") && matchMedia(NARROW).matches;
  box.classList.toggle("sheet", sheet);
  if (!sheet) return;
  const close = document.createElement("button");
  close.className = "sheet-close";
  close.type = "button";
  close.textContent = "×";
  close.setAttribute("aria-label", "close the panel");
  close.addEventListener("click", () => { state.selected = null; state.reach = null; drawBoard(); });
  box.prepend(close);
}

export function updatePanel() {
  const box = $("piece-panel");
  fillPanel(box);
  asSheet(box);
}

/// The board larger than its frame on a phone (scrolled inside it): 1, 1.5, 2, 2.5 or 3 times.
export function zoomBoard(step) {
  state.zoom = Math.min(3, Math.max(1, (state.zoom || 1) + step));
  const svg = $("board");
  svg.style.width = `${state.zoom * 100}%`;
  svg.classList.toggle("zoomed", state.zoom > 1);
  drawBoard();
}

function fillPanel(box) {
  if (state.selected && state.selected.startsWith("@") && state.variant) {
    // A piece in hand: its type's panel, and where it may go now.
    const abbr = state.selected.slice(1);
    const board = shownBoard();
    const held = (board.hands || []).find((h) => h.abbr === abbr && h.color === board.to_move);
    const drops = movesFrom(state.selected).length;
    const note = held && held.why_not ? `Not droppable now: ${held.why_not}.`
      : `In hand: ${drops} drop${drops === 1 ? "" : "s"} now (the lit squares).`;
    showPanel(box, pieceInfo(abbr), { variant: state.variant, owner: `${sideTitle(board.to_move)}, in hand`, note });
    return;
  }
  const piece = state.selected && pieceOn(state.selected);
  if (!piece || !state.variant) { showPanel(box, null); return; }
  let note = null;
  if (state.reach && state.reach.square === piece.square) {
    note = state.reach.available
      ? `Its moves are shown as if it were ${sideTitle(piece.color)}'s turn (hollow marks).`
      : "Its moves cannot be shown now (the other King would be in check).";
  }
  showPanel(box, pieceInfo(piece.abbr), {
    variant: state.variant, owner: sideTitle(piece.color), square: piece.square, note });
}

/// The squares that choose `m` when clicked: its target, and a pair drop's or Golem's second.
export function targetsOf(m) {
  if (m.kind === "golem") return [state.selected === m.from2 ? m.to2 : m.target];
  return m.to2 ? [m.target, m.to2] : [m.target];
}

export function highlightClass(m) {
  if (state.reach && state.reach.moves.includes(m)) return m.captures.length ? "hl-preview-capture" : "hl-preview";
  if (m.kind === "relayed") return "hl-relayed";
  if (["igui", "convert", "swap", "pass", "suicide", "line", "hop"].includes(m.kind)) return "hl-special";
  return m.captures.length ? "hl-capture" : "hl-move";
}

/// Squares drawn smaller than this many pixels show a clean abbreviation without the small
/// diagram (which is then only noise; the panel shows it large).
const COMPACT_SQUARE_PX = 30;

/// Marks the board compact when its squares are small on screen (a 16x16 board on a phone).
function markCompact(svg, viewWidth) {
  const px = (svg.getBoundingClientRect().width || viewWidth) * (S / viewWidth);
  svg.classList.toggle("compact", px < COMPACT_SQUARE_PX);
}

// Watched once laid out (a ResizeObserver sees the new size, which a window's resize event may
// precede): redrawn only when the compact state changes.
let watched = false;
function watchSize(svg) {
  if (watched || typeof ResizeObserver === "undefined") return;
  watched = true;
  new ResizeObserver(() => {
    const v = state.variant;
    if (!v) return;
    const was = svg.classList.contains("compact");
    markCompact(svg, v.width * S + 2 * M);
    if (was !== svg.classList.contains("compact")) drawBoard();
  }).observe(svg);
}

/// Layers drawn over the pieces by other modules (annotations.js), registered by the app.
export const overlays = [];

export function drawBoard() {
  const svg = $("board");
  svg.innerHTML = "";
  const v = state.variant;
  if (!v) return;
  const W = v.width * S + 2 * M, H = v.height * S + 2 * M;
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  markCompact(svg, W);
  watchSize(svg);
  const board = shownBoard();
  for (let r = 0; r < v.height; r++) {
    for (let f = 0; f < v.width; f++) {
      const { x, y } = screen({ f, r });
      el("rect", { x, y, width: S, height: S, class: `square ${(f + r) % 2 ? "light" : "dark"}`,
        "data-square": squareName(f, r) }, svg);
    }
  }
  for (let f = 0; f < v.width; f++) {
    const { x } = screen({ f, r: 0 });
    for (const y of [M - 7, M + v.height * S + 15]) {
      const t = el("text", { x: x + S / 2, y, class: "coord", "text-anchor": "middle" }, svg);
      t.textContent = v.files[f];
    }
  }
  for (let r = 0; r < v.height; r++) {
    const { y } = screen({ f: 0, r });
    for (const x of [M / 2, M + v.width * S + M / 2]) {
      const t = el("text", { x, y: y + S / 2 + 4, class: "coord", "text-anchor": "middle" }, svg);
      t.textContent = String(r + 1);
    }
  }
  if (!board) return;
  if (board.last) {
    for (const sq of board.last) {
      const { x, y } = screen(squareXY(sq));
      el("rect", { x, y, width: S, height: S, class: "lastmove" }, svg);
    }
  }
  if (board.check && !state.view) {
    const { x, y } = screen(squareXY(board.check));
    el("rect", { x, y, width: S, height: S, class: "check" }, svg);
  }
  // The last royal piece the opponent could capture now (games without check).
  for (const sq of (!state.view && board.danger) || []) {
    const { x, y } = screen(squareXY(sq));
    el("rect", { x, y, width: S, height: S, class: "danger", "data-danger": sq }, svg);
  }
  if (state.selected && squareXY(state.selected)) {
    const { x, y } = screen(squareXY(state.selected));
    el("rect", { x, y, width: S, height: S, class: "selected" }, svg);
  }
  for (const p of board.pieces) drawPiece(svg, p);
  const mark = (square, cls) => {
    const { x, y } = screen(squareXY(square));
    const attrs = cls === "hl-move" || cls === "hl-relayed"
      ? { cx: x + S / 2, cy: y + S / 2, r: S * 0.13 }
      : { cx: x + S / 2, cy: y + S / 2, r: S * 0.42 };
    el("circle", { ...attrs, class: `highlight ${cls}`, "data-target": square,
      "pointer-events": "none" }, svg);
  };
  if (state.pick) {
    for (const m of state.pick.moves) mark(m.at, "hl-at");
  } else if (state.selected) {
    const seen = new Set();
    const victims = new Set();
    for (const m of movesFrom(state.selected)) {
      for (const t of targetsOf(m)) {
        if (seen.has(t)) continue;
        seen.add(t);
        mark(t, highlightClass(m));
      }
      // Pieces a move takes elsewhere than where it lands (a jump, igui, approach, a Sorcerer's
      // line) are marked too, so such captures are seen before choosing.
      for (const c of m.captures) if (c !== m.to || m.kind === "igui") victims.add(c);
    }
    for (const v of victims) {
      const { x, y } = screen(squareXY(v));
      const d = S * 0.16;
      el("path", { d: `M${x + d},${y + d}l${S * 0.18},${S * 0.18}m0,${-S * 0.18}l${-S * 0.18},${S * 0.18}`,
        class: "victim", "data-victim": v, "pointer-events": "none" }, svg);
    }
  }
  for (const draw of overlays) draw(svg);
  drawHands();
  updatePanel();
}

/// The pieces in hand (the 12x8 game), beside the board: the side at the bottom of the board
/// below it. A piece of the side to move that may be dropped is a button: click it, then a
/// lit square.
export function drawHands() {
  const g = state.game;
  const board = shownBoard();
  const hands = (board && board.hands) || [];
  const bottomSide = state.flipped ? "tan" : "blue";
  for (const [id, side] of [["hand-bottom", bottomSide], ["hand-top", bottomSide === "blue" ? "tan" : "blue"]]) {
    const box = $(id);
    box.innerHTML = "";
    box.hidden = !(g && state.variant && state.variant.hands);
    if (box.hidden) continue;
    const label = document.createElement("span");
    label.className = "label";
    label.textContent = `${sideTitle(side)} in hand:`;
    box.appendChild(label);
    const own = hands.filter((h) => h.color === side);
    if (!own.length) box.appendChild(document.createTextNode("nothing"));
    // For the side to move, why each piece can or cannot be dropped now, on the page: one line
    // when every piece has the same reason.
    const why = document.createElement("ul");
    why.className = "hand-why";
    if (side === board.to_move && own.length && !state.analysis) {
      const reasons = own.map((h) => h.why_not || null);
      const same = reasons.every((r) => r && r === reasons[0]);
      if (same) {
        const li = document.createElement("li");
        li.textContent = `No drop now: ${reasons[0]}.`;
        why.appendChild(li);
      } else {
        for (const h of own) {
          const li = document.createElement("li");
          li.textContent = `${h.abbr} (${pieceInfo(h.abbr)?.name || h.abbr}): `
            + (h.why_not ? `not now: ${h.why_not}.` : "can be dropped now: click it, then a lit square.");
          why.appendChild(li);
        }
      }
    }
    for (const h of own) {
      const b = document.createElement("button");
      b.className = `${side}${state.selected === `@${h.abbr}` && side === board.to_move ? " selected" : ""}`;
      b.textContent = h.count > 1 ? `${h.abbr} ×${h.count}` : h.abbr;
      b.dataset.hand = h.abbr;
      const info = pieceInfo(h.abbr);
      b.title = info ? `${info.name}: ${info.description}` : h.abbr;
      const droppable = side === board.to_move && canMove() && movesFrom(`@${h.abbr}`).length > 0;
      b.disabled = !droppable;
      b.addEventListener("click", () => {
        closeChooser();
        state.pick = null;
        state.selected = state.selected === `@${h.abbr}` ? null : `@${h.abbr}`;
        drawBoard();
      });
      box.appendChild(b);
    }
    if (why.children.length) box.appendChild(why);
  }
}

export function squareAt(ev) {
  const svg = $("board");
  const pt = svg.createSVGPoint();
  pt.x = ev.clientX; pt.y = ev.clientY;
  const p = pt.matrixTransform(svg.getScreenCTM().inverse());
  const v = state.variant;
  const col = Math.floor((p.x - M) / S), row = Math.floor((p.y - M) / S);
  if (col < 0 || row < 0 || col >= v.width || row >= v.height) return null;
  const f = state.flipped ? v.width - 1 - col : col;
  const r = state.flipped ? row : v.height - 1 - row;
  return squareName(f, r);
}

export function closeChooser() { $("chooser").hidden = true; }
