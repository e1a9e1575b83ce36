// The page's state and its ways of talking to the server: the current game, what is selected,
// the seats this browser holds, messages and confirmations. Every other module reads it from here.

export const state = {
  variants: [],        // from /api/variants
  variant: null,       // the current game's variant info
  game: null,          // the current game's view
  view: null,          // a past position being looked at (null = the game now)
  viewPly: null,
  selected: null,      // square name of the selected piece, or "@Abbr" for a piece in hand
  pick: null,          // promotions waiting for their square (a new Assassin's, a Thunder's)
  reach: null,         // {square, moves}: what a piece that cannot move now could do (preview)
  flipped: false,
  upright: localStorage.getItem("jovian-upright") === "1",   // abbreviations never upside down
  confirmLoss: localStorage.getItem("jovian-confirm-loss") !== "0",
  notation: localStorage.getItem("jovian-notation") || "text",   // the move list: text, long, coord
  events: null,
};

export const $ = (id) => document.getElementById(id);

/// The board on show: the analysis branch's, a past position's, or the game's now.
export function shownBoard() {
  if (state.editor) {
    const e = state.editor;
    return { pieces: e.pieces, to_move: e.to_move, last: null, hands: [], check: null, danger: [] };
  }
  if (state.analysis) return state.analysis.board;
  return state.view || (state.game && state.game.board);
}

export async function api(path, { seat, ...options } = {}) {
  const init = { ...options, headers: {} };
  if (init.body !== undefined && typeof init.body !== "string") init.body = JSON.stringify(init.body);
  // The server takes changes only as JSON (a cross-site form cannot send that).
  if (init.method && init.method !== "GET") init.headers["Content-Type"] = "application/json";
  if (seat) init.headers["X-Jovian-Seat"] = seat;
  const res = await fetch(path, init);
  const text = await res.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch { data = text; }
  if (!res.ok) {
    throw new Error((data && data.error) || `${res.status} ${res.statusText}`);
  }
  return data;
}

export function showError(e) {
  $("error").textContent = e ? String(e.message || e) : "";
  if (e) $("notice").textContent = "";
}

/// A message that is not an error (the computer declines a draw, a move the rules bar).
export function showNotice(text) {
  $("notice").textContent = text || "";
  if (text) $("error").textContent = "";
}

/// Asks a yes/no question in a dialog; resolves true for yes. `extra`: an optional checkbox
/// label, whose state is passed to `onExtra`.
export function confirmAction(question, yes, { no = "Cancel", extra = null, onExtra = null } = {}) {
  const dlg = $("dlg-confirm");
  $("confirm-text").textContent = question;
  $("confirm-yes").textContent = yes;
  $("confirm-no").textContent = no;
  const box = $("confirm-extra");
  box.hidden = !extra;
  $("confirm-extra-label").textContent = extra || "";
  $("confirm-extra-check").checked = false;
  dlg.returnValue = "";
  return new Promise((resolve) => {
    dlg.addEventListener("close", () => {
      if (extra && onExtra) onExtra($("confirm-extra-check").checked);
      resolve(dlg.returnValue === "yes");
    }, { once: true });
    dlg.showModal();
  });
}

export function seatsOf(id) {
  try { return JSON.parse(localStorage.getItem(`jovian-seats-${id}`) || "{}") || {}; } catch { return {}; }
}

export function keepSeats(id, seats) {
  if (seats && (seats.blue || seats.tan)) {
    localStorage.setItem(`jovian-seats-${id}`, JSON.stringify({ ...seatsOf(id), ...seats }));
  }
}

/// The secret of `side` in the current game, if this browser holds it.
export function seatFor(side) {
  return state.game ? seatsOf(state.game.id)[side] || null : null;
}

/// A secret of the current game for actions of either side: the side to move's first (so that
/// two people at one board resign for the side to move).
export function anySeat() {
  const side = anySeatSide();
  return side ? seatFor(side) : null;
}

/// The side whose secret `anySeat` gives (the side a resignation resigns), or null.
export function anySeatSide() {
  const g = state.game;
  if (!g) return null;
  return [g.board.to_move, "blue", "tan"].find((side) => seatFor(side)) || null;
}

/// Takes a seat from a link (#seat=ID-SIDE-SECRET) and returns the game's id, or null.
export function seatFromLink() {
  const m = /^#seat=(\d+)-(blue|tan)-([0-9a-f]{32})$/.exec(location.hash);
  if (!m) return null;
  keepSeats(m[1], { [m[2]]: m[3] });
  history.replaceState(null, "", location.pathname); // the secret does not stay in the address bar
  return parseInt(m[1], 10);
}

export function pieceInfo(abbr) {
  return state.variant.pieces.find((p) => p.abbr === abbr);
}

export function sideTitle(side) {
  const g = state.game;
  return g && g.sides ? g.sides[side === "blue" ? 0 : 1] : (side === "blue" ? "Blue" : "Tan");
}

export function canMove() {
  if (state.editor) return false;
  if (state.analysis) return !state.analysis.result;
  const g = state.game;
  return g && !state.view && !g.result && !g.engine_to_move && !!seatFor(g.board.to_move);
}

/// The piece on `square` in the position shown.
export function pieceOn(square) {
  const board = shownBoard();
  return board ? board.pieces.find((p) => p.square === square) : null;
}
