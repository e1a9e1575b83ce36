// The position editor: place, remove, change the owner of and promote pieces on the board, choose
// the side to move, and get the position's text and JSON forms (checked by the server's rules),
// then start a game from it.

import { closeChooser, drawBoard } from "./board.js";
import { tableOrder } from "./panel.js";
import { $, api, showError, sideTitle, state } from "./state.js";

/// The app's redraw of the game's controls (app.js), so that they follow the editor.
let refresh = () => {};

/// The types to place, in two groups (the starting array's, the promoted), in the texts' table
/// order, narrowed to those whose name or abbreviation holds the filter's text.
function fillTypes() {
  const select = $("editor-type");
  const chosen = select.value;
  const q = $("editor-type-filter").value.trim().toLowerCase();
  select.innerHTML = "";
  const groups = [["Pieces of the starting array", (p) => !p.promoted], ["Promoted pieces", (p) => p.promoted]];
  for (const [label, member] of groups) {
    const group = document.createElement("optgroup");
    group.label = label;
    for (const p of tableOrder(state.variant).filter(member)) {
      if (q && !`${p.name} ${p.abbr}`.toLowerCase().includes(q)) continue;
      const o = document.createElement("option");
      o.value = p.abbr;
      o.textContent = `${p.name} (${p.abbr})`;
      group.appendChild(o);
    }
    if (group.children.length) select.appendChild(group);
  }
  if ([...select.options].some((o) => o.value === chosen)) select.value = chosen;
  $("editor-type-count").textContent = q ? `${select.options.length} of ${state.variant.pieces.length}` : "";
}

/// Opens the editor on the position on show (or the game's start position if none is shown).
export function startEditor() {
  const board = state.analysis ? state.analysis.board : state.view || (state.game && state.game.board);
  if (!state.variant) return;
  state.editor = {
    variant: state.variant.id,
    pieces: board ? board.pieces.map((p) => ({ square: p.square, color: p.color, abbr: p.abbr, promoted: p.promoted })) : [],
    to_move: board ? board.to_move : "blue",
    text: "", json: "", error: null,
  };
  state.selected = null; state.reach = null; state.pick = null;
  closeChooser();
  $("editor-type-filter").value = "";
  fillTypes();
  $("editor-side-blue").textContent = sideTitle("blue");
  $("editor-side-tan").textContent = sideTitle("tan");
  $("editor-owner-blue").textContent = sideTitle("blue");
  $("editor-owner-tan").textContent = sideTitle("tan");
  $("editor").hidden = false;
  document.body.classList.add("editing");
  refresh();
  check();
}

export function leaveEditor() {
  state.editor = null;
  $("editor").hidden = true;
  document.body.classList.remove("editing");
  refresh();
}

/// Shows the level only when the computer plays a side.
function showLevel() {
  $("editor-level-box").hidden = $("editor-humans").value === "both";
}

/// Asks the server whether the arrangement is a position, and for its forms.
async function check() {
  const e = state.editor;
  drawBoard();
  try {
    const r = await api("/api/positions", { method: "POST", body: {
      variant: e.variant, to_move: e.to_move,
      pieces: e.pieces.map(({ square, color, abbr }) => ({ square, color, abbr })) } });
    if (state.editor !== e) return;
    Object.assign(e, r.valid ? { text: r.text, json: r.json, error: null }
      : { text: "", json: "", error: r.error });
  } catch (err) {
    if (state.editor !== e) return;
    Object.assign(e, { text: "", json: "", error: String(err.message || err) });
  }
  renderEditor();
}

function renderEditor() {
  const e = state.editor;
  if (!e) return;
  $("editor-text").value = e.text;
  $("editor-json").value = e.json;
  $("editor-error").textContent = e.error ? `Not a position yet: ${e.error}` : "";
  $("editor-play").disabled = !!e.error;
  document.querySelector(`input[name=editor-move][value=${e.to_move}]`).checked = true;
  $("status").textContent = `Editing a position of ${state.variant.title}: ${e.pieces.length} pieces, `
    + `${sideTitle(e.to_move)} to move`;
}

/// A click on `square` with the chosen tool.
export function editorClick(square) {
  const e = state.editor;
  const tool = document.querySelector("input[name=editor-tool]:checked").value;
  const at = e.pieces.findIndex((p) => p.square === square);
  const info = (abbr) => state.variant.pieces.find((p) => p.abbr === abbr);
  if (tool === "place") {
    const abbr = $("editor-type").value;
    const color = document.querySelector("input[name=editor-owner]:checked").value;
    const piece = { square, color, abbr, promoted: !!info(abbr)?.promoted };
    if (at >= 0) e.pieces.splice(at, 1, piece); else e.pieces.push(piece);
  } else if (at < 0) {
    return;
  } else if (tool === "remove") {
    e.pieces.splice(at, 1);
  } else if (tool === "owner") {
    e.pieces[at].color = e.pieces[at].color === "blue" ? "tan" : "blue";
  } else if (tool === "promote") {
    const p = e.pieces[at];
    const to = info(p.abbr)?.promotes_to;
    // Promote, or turn a promoted piece back into the type that promotes to it.
    const back = state.variant.pieces.find((x) => x.promotes_to === p.abbr);
    if (to) Object.assign(p, { abbr: to, promoted: !!info(to)?.promoted });
    else if (back) Object.assign(p, { abbr: back.abbr, promoted: !!back.promoted });
    else { showError(`The ${info(p.abbr)?.name || p.abbr} does not promote.`); return; }
  }
  showError(null);
  check();
}

async function playFromHere(setGame, created) {
  const e = state.editor;
  if (!e || e.error) return;
  try {
    const humans = $("editor-humans").value;
    const body = { variant: e.variant, position: e.text, humans };
    if (humans !== "both") body.level = Number($("editor-level").value) || 9;
    const g = created(await api("/api/games", { method: "POST", body }));
    leaveEditor();
    setGame(g);
  } catch (err) { showError(err); }
}

export function setupEditor(setGame, created, redraw) {
  refresh = redraw;
  $("btn-edit").addEventListener("click", startEditor);
  $("editor-type-filter").addEventListener("input", fillTypes);
  $("editor-humans").addEventListener("change", showLevel);
  showLevel();
  $("editor-leave").addEventListener("click", leaveEditor);
  $("editor-clear").addEventListener("click", () => { state.editor.pieces = []; check(); });
  $("editor-play").addEventListener("click", () => playFromHere(setGame, created));
  document.querySelectorAll("input[name=editor-move]").forEach((r) => r.addEventListener("change", () => {
    state.editor.to_move = r.value;
    check();
  }));
  for (const id of ["editor-copy-text", "editor-copy-json"]) {
    $(id).addEventListener("click", async () => {
      const text = $(id === "editor-copy-text" ? "editor-text" : "editor-json").value;
      try { await navigator.clipboard.writeText(text); $(id).textContent = "Copied"; }
      catch { $(id === "editor-copy-text" ? "editor-text" : "editor-json").select(); }
    });
  }
}
