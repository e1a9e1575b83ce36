// What a player draws and plans on the board, as on lichess: arrows and circles drawn with the
// right mouse button (drag for an arrow, click for a circle; the same again removes it; a left
// click on the board clears them), and premoves: while the opponent is to move, a piece of one's
// own side may be given one or several moves (each of a different piece, chosen among its lit
// moves as if it were its turn); when the turn comes the first is played if it is still legal,
// else all are dropped with a word why. A right-click cancels them.

import { el } from "./diagram.js";
import { S, screen, squareXY } from "./board.js";
import { state } from "./state.js";

state.drawn = [];      // {from, to}: an arrow, or a circle when from === to
state.premoves = [];   // {from, target, text}

function centre(square) {
  const { x, y } = screen(squareXY(square));
  return { x: x + S / 2, y: y + S / 2 };
}

/// Draws the premoves' squares and the player's arrows and circles over the pieces.
export function drawAnnotations(svg) {
  for (const p of state.premoves) {
    for (const sq of [p.from, p.target]) {
      if (!squareXY(sq)) continue;
      const { x, y } = screen(squareXY(sq));
      el("rect", { x, y, width: S, height: S, class: "premove", "data-premove": sq,
        "pointer-events": "none" }, svg);
    }
  }
  if (!state.drawn.length) return;
  const layer = el("g", { class: "drawn", "pointer-events": "none" }, svg);
  for (const d of state.drawn) {
    if (!squareXY(d.from) || !squareXY(d.to)) continue;
    const a = centre(d.from);
    if (d.from === d.to) {
      el("circle", { cx: a.x, cy: a.y, r: S * 0.44, class: "drawn-circle", "data-drawn": d.from }, layer);
      continue;
    }
    const b = centre(d.to);
    // The shaft stops short of the centre, where the head begins.
    const len = Math.hypot(b.x - a.x, b.y - a.y);
    const [ux, uy] = [(b.x - a.x) / len, (b.y - a.y) / len];
    const head = S * 0.42, wide = S * 0.26;
    const [hx, hy] = [b.x - ux * head, b.y - uy * head];
    el("line", { x1: a.x, y1: a.y, x2: hx, y2: hy, class: "drawn-arrow", "data-drawn": `${d.from}-${d.to}` }, layer);
    el("polygon", { points: `${b.x},${b.y} ${hx - uy * wide},${hy + ux * wide} ${hx + uy * wide},${hy - ux * wide}`,
      class: "drawn-head" }, layer);
  }
}

/// Adds or removes the arrow (or circle) from `from` to `to`.
export function toggleDrawn(from, to) {
  const at = state.drawn.findIndex((d) => d.from === from && d.to === to);
  if (at >= 0) state.drawn.splice(at, 1); else state.drawn.push({ from, to });
}

/// A right-click: cancels the premoves if there are any (true), else nothing is done here.
export function cancelPremoves() {
  if (!state.premoves.length) return false;
  state.premoves = [];
  return true;
}

/// Queues the move of the selected piece to `square` as a premove, if the selection is one of
/// this browser's own pieces previewed while the opponent is to move and `square` is one of its
/// lit moves. Returns the premove, or null.
export function premoveTo(square, mine) {
  const r = state.reach;
  if (!r || !r.available || r.square !== state.selected || !mine) return null;
  const m = r.moves.find((x) => x.target === square || x.to2 === square);
  if (!m) return null;
  state.premoves = state.premoves.filter((p) => p.from !== r.square);
  const premove = { from: r.square, target: square, text: m.text };
  state.premoves.push(premove);
  return premove;
}

/// The premove to play now that it is this browser's turn: the first one, as the legal move it
/// names (one move only: a choice between several is not made for the player). Returns
/// {play: coord} or {dropped: reason} or null when there is none.
export function duePremove(legal) {
  const p = state.premoves.shift();
  if (!p) return null;
  const moves = legal.filter((m) => m.from === p.from && (m.target === p.target || m.to2 === p.target));
  if (moves.length === 1) return { play: moves[0].coord, text: p.text };
  state.premoves = [];
  return { dropped: moves.length ? `${p.text} has several forms now: choose it yourself`
    : `${p.text} is not legal any more` };
}
