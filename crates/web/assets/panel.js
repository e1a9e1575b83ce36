// The piece panel beside the board: what the selected piece is and does, with its diagram large.
// Also the "Pieces" dialog's entries, which show the same for every type of the game.

import { drawDiagram, el, legendOf } from "./diagram.js";

function text(tag, content, cls) {
  const e = document.createElement(tag);
  e.textContent = content;
  if (cls) e.className = cls;
  return e;
}

/// A diagram as a standalone SVG of `px` pixels.
export function diagramSVG(info, px) {
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("viewBox", "-50 -50 100 100");
  svg.setAttribute("width", px);
  svg.setAttribute("height", px);
  svg.setAttribute("class", "diagram-svg");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", `movement diagram of the ${info.name}`);
  drawDiagram(svg, info.diagram, { size: 92, full: true, abbr: info.abbr });
  return svg;
}

function legend(info) {
  const list = document.createElement("ul");
  list.className = "legend";
  for (const row of legendOf(info.diagram)) {
    const li = document.createElement("li");
    const key = document.createElement("span");
    key.className = `key key-${row.key}`;
    if (row.letter) key.textContent = row.letter;
    li.append(key, " ", row.text);
    list.appendChild(li);
  }
  for (const note of info.diagram.notes) list.appendChild(text("li", note, "note"));
  return list;
}

/// Which types alone may capture the piece (a file's `captured_only_by`), in words.
export function captorsText(info, pieceInfo) {
  const named = info.captured_only_by.map((a) => `${pieceInfo(a)?.name || a} (${a})`);
  return `Only ${named.join(" or ")} may capture it.`;
}

/// What the piece promotes to (or, for a flip piece, turns into), in words.
export function promotionText(info, pieceInfo) {
  if (info.flips_to) {
    const other = `${pieceInfo(info.flips_to)?.name || info.flips_to} (${info.flips_to})`;
    return `Turns into ${other} after any of its own moves, or instead of moving.`;
  }
  if (info.promotion_choices?.length > 1) {
    const named = info.promotion_choices.map((a) => `${pieceInfo(a)?.name || a} (${a})`);
    return `Promotes, by its player's choice, to ${named.join(", ")}.`;
  }
  if (info.promotes_to) {
    return `Promotes to ${pieceInfo(info.promotes_to)?.name || info.promotes_to} (${info.promotes_to}).`;
  }
  return info.promoted ? "A promoted piece." : "Does not promote.";
}

/// Fills `box` with the panel of `info` (a type of `variant`); `owner` and `square` say which
/// piece on the board it is (both optional).
export function showPanel(box, info, { variant, owner, square, note } = {}) {
  box.innerHTML = "";
  if (!info) {
    box.appendChild(text("p", "Select any piece, yours or the opponent's, to see what it does.", "hint"));
    return;
  }
  const pieceInfo = (abbr) => variant.pieces.find((p) => p.abbr === abbr);
  const head = text("h3", `${info.name} (${info.abbr})`);
  box.appendChild(head);
  if (owner || square) {
    box.appendChild(text("p", [owner, square && `on ${square}`].filter(Boolean).join(" "), "where"));
  }
  const body = document.createElement("div");
  body.className = "panel-body";
  const small = diagramSVG(info, 220);
  small.classList.add("enlargeable");
  small.addEventListener("click", () => enlargeDiagram(info));
  small.appendChild(document.createElementNS("http://www.w3.org/2000/svg", "title")).textContent =
    "Click to enlarge";
  body.appendChild(small);
  const words = document.createElement("div");
  words.appendChild(text("p", info.description || ""));
  words.appendChild(text("p", promotionText(info, pieceInfo), "promotion"));
  if (info.captured_only_by?.length) {
    words.appendChild(text("p", captorsText(info, pieceInfo), "captors"));
  }
  if (info.moves_like && info.moves_like.length) {
    const names = info.moves_like.map((a) => `${pieceInfo(a)?.name || a} (${a})`).join(", ");
    words.appendChild(text("p", `Moves exactly like: ${names}.`, "alike"));
  }
  if (note) words.appendChild(text("p", note, "panel-note"));
  body.appendChild(words);
  box.appendChild(body);
  box.appendChild(legend(info));
}

/// The diagram of `info` as large as the window allows, in a dialog with its legend: every mark
/// and letter readable (at least 10 px on Jupiter's 15x15 window).
export function enlargeDiagram(info) {
  const dlg = document.getElementById("dlg-diagram");
  const box = document.getElementById("dlg-diagram-body");
  box.innerHTML = "";
  box.appendChild(text("h3", `${info.name} (${info.abbr})`));
  box.appendChild(diagramSVG(info, 640));
  box.appendChild(legend(info));
  if (!dlg.open) dlg.showModal();
}

/// One entry of the Pieces dialog: its name at once, the whole panel (diagram, legend) when
/// `render` is called, as the entry first comes into view: Jupiter's 161 diagrams are not all
/// drawn before the dialog opens.
export function helpEntry(info, variant) {
  const div = document.createElement("div");
  div.className = "help-piece pending";
  div.dataset.abbr = info.abbr;
  div.dataset.search = `${info.name} ${info.abbr}`.toLowerCase();
  div.appendChild(text("h3", `${info.name} (${info.abbr})`));
  div.render = () => {
    if (!div.classList.contains("pending")) return;
    div.classList.remove("pending");
    showPanel(div, info, { variant });
  };
  return div;
}

/// The types of `variant` in the order of the texts' tables: each type of the starting array
/// followed by what it promotes to (each type once), then any type not reached that way.
export function tableOrder(variant) {
  const byAbbr = new Map(variant.pieces.map((p) => [p.abbr, p]));
  const shown = new Set();
  const order = [];
  const add = (p) => { if (p && !shown.has(p.abbr)) { shown.add(p.abbr); order.push(p); } };
  for (const p of variant.pieces.filter((x) => !x.promoted)) {
    add(p);
    add(byAbbr.get(p.promotes_to));
  }
  variant.pieces.forEach(add);
  return order;
}

export { el };
