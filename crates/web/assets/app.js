// Jovian's board in the browser. The server owns the game and decides legality; this page draws
// it, lists the legal moves the server sends, and asks for a choice when a click is not enough.

import { el } from "./diagram.js";
import { helpEntry, tableOrder } from "./panel.js";
import { analysisPlay, leaveAnalysis, renderAnalysis, setupAnalysis } from "./analysis.js";
import { editorClick, leaveEditor, setupEditor } from "./editor.js";
import { keepInvite, mySide, renderOnline, setupOnline } from "./online.js";
import { chosenClock, renderClocks } from "./clocks.js";
import { setupRules } from "./rules.js";
import { fillVariantSelect } from "./games.js";
import { play as playSound, setSound, soundOn } from "./sounds.js";
import {
  M, S, closeChooser, drawBoard, movesFrom, overlays, screen, squareAt, squareXY, targetsOf, zoomBoard,
} from "./board.js";
import { cancelPremoves, drawAnnotations, duePremove, premoveTo, toggleDrawn } from "./annotations.js";
import {
  $, anySeat, anySeatSide, api, canMove, confirmAction, keepSeats, pieceInfo, pieceOn, seatFor, seatFromLink,
  seatsOf, showError, showNotice, sideTitle, state,
} from "./state.js";

// ---------------------------------------------------------------------------------------------
// Talking to the server

// `seat`: the secret of the side the request acts for (see "Seats" below).

// ---------------------------------------------------------------------------------------------
// Seats: the server gives the secret of each side a person plays once, when the game is created,
// and takes a move only with the secret of the side to move. This browser keeps them per game;
// a game it holds no secret of is shown to watch. A link ending in #seat=ID-SIDE-SECRET hands a
// seat to this browser (docs/web.md).

// ---------------------------------------------------------------------------------------------
// Geometry

// ---------------------------------------------------------------------------------------------
// Pieces: flat Shogi-style pentagons pointing at the opponent, with the abbreviation and a small
// movement diagram computed by the server from the rules library (diagram.js draws it).

// ---------------------------------------------------------------------------------------------
// The board

function openChooser(candidates, square) {
  const box = $("chooser");
  box.innerHTML = "";
  const sorted = [...candidates].sort((a, b) => (b.promotion ? 1 : 0) - (a.promotion ? 1 : 0));
  // Promotions that name a square (a new Assassin's, a Thunder's explosion) are grouped: one
  // button per type, then a click on a lit square.
  const groups = new Map();
  for (const m of sorted) {
    if (m.at) {
      if (!groups.has(m.promotion)) groups.set(m.promotion, []);
      groups.get(m.promotion).push(m);
      continue;
    }
    const b = document.createElement("button");
    // In words first, the notation beside it.
    const words = document.createElement("span");
    words.textContent = m.words || m.text;
    const code = document.createElement("code");
    code.textContent = m.text;
    b.append(words, " ", code);
    b.title = `${m.kind} move ${m.coord}`;
    b.dataset.coord = m.coord;
    b.addEventListener("click", () => { closeChooser(); play(m.coord); });
    box.appendChild(b);
  }
  for (const [abbr, moves] of groups) {
    const b = document.createElement("button");
    const name = pieceInfo(abbr)?.name || abbr;
    b.textContent = `=${abbr} (${name}): then click its square`;
    b.addEventListener("click", () => {
      closeChooser();
      state.pick = { moves };
      drawBoard();
    });
    box.appendChild(b);
  }
  const cancel = document.createElement("button");
  cancel.textContent = "Cancel";
  cancel.addEventListener("click", closeChooser);
  box.appendChild(cancel);
  const { x, y } = screen(squareXY(square));
  const v = state.variant;
  box.style.left = `${(100 * (x + S)) / (v.width * S + 2 * M)}%`;
  box.style.top = `${(100 * y) / (v.height * S + 2 * M)}%`;
  box.hidden = false;
}

/// A click (or the end of a drag) on `square`.
function clickSquare(square) {
  closeChooser();
  if (state.editor && square) { editorClick(square); return; }
  if (!square || !state.game) return;
  const g = state.game;
  if (!canMove()) {
    if (premove(square)) return;
    selectAny(square);
    return;
  }
  // On an analysis branch the side to move is whoever's turn it is there.
  const board = state.analysis ? state.analysis.board : g.board;
  if (state.pick) {
    const chosen = state.pick.moves.find((m) => m.at === square);
    state.pick = null;
    if (chosen) { state.selected = null; play(chosen.coord); return; }
    drawBoard();
    return;
  }
  if (state.selected && !state.reach && !state.analysis) {
    const barred = (g.barred || []).find((b) => b.from === state.selected && b.target === square);
    if (barred && !movesFrom(state.selected).some((m) => targetsOf(m).includes(square))) {
      showNotice(`Not allowed: ${barred.words} (${barred.text}): ${barred.reason}.`);
      return;
    }
  }
  if (state.selected && !state.reach) {
    const candidates = movesFrom(state.selected).filter((m) => targetsOf(m).includes(square));
    if (candidates.length === 1) { state.selected = null; play(candidates[0].coord); return; }
    if (candidates.length > 1) { openChooser(candidates, square); return; }
    if (square === state.selected) { state.selected = null; drawBoard(); return; }
  }
  const own = board.pieces.find((p) => p.square === square && p.color === board.to_move);
  const barredHere = !state.analysis && (g.barred || []).some((b) => b.from === square);
  if (own && (movesFrom(square).length || !barredHere)) {
    state.reach = null;
    state.selected = square;
    if (!movesFrom(square).length) {
      // The 12x8 game: an owed Halfling pair comes before any other move; say so.
      const owed = (board.hands || []).find((h) => h.color === board.to_move && /you owe/.test(h.why_not || ""));
      showNotice(`The ${pieceInfo(own.abbr)?.name || own.abbr} on ${square} has no legal move now`
        + (owed ? `: ${owed.why_not}.` : "."));
    }
    drawBoard();
    return;
  }
  if (own) {
    state.reach = null;
    state.selected = square;
    showNotice(`Every move of the piece on ${square} would repeat a position a third time, which the rules forbid.`);
    drawBoard();
    return;
  }
  selectAny(square);
}

/// Selects any piece to look at it: the panel shows it, and its moves light up as if its side
/// were to move (the server's /reach). An empty square clears the selection.
/// The side this browser plays in a game against the computer or a person elsewhere (premoves
/// are for those; two people at one board take turns anyway).
function ownSide(g) {
  if (!g || g.humans === "both") return null;
  if (g.humans === "remote") return mySide(g);
  return seatFor(g.humans) ? g.humans : null;
}

/// While the opponent is to move: a click on a lit square of one's own selected piece queues it
/// as a premove.
function premove(square) {
  const g = state.game;
  const side = ownSide(g);
  if (!g || state.view || state.analysis || state.editor || g.result || !side || g.board.to_move === side) return false;
  const piece = state.selected && pieceOn(state.selected);
  const p = premoveTo(square, piece && piece.color === side);
  if (!p) return false;
  state.selected = null; state.reach = null;
  showNotice(`Premove ${p.text}: played when your turn comes if it is still legal (a right-click cancels).`);
  drawBoard();
  return true;
}

/// Plays the first premove once it is this browser's turn.
function playPremove(g) {
  if (!state.premoves.length || !canMove() || state.analysis) return;
  const due = duePremove(g.legal);
  if (!due) return;
  if (due.play) play(due.play);
  else { showNotice(`Premoves cancelled: ${due.dropped}.`); drawBoard(); }
}

async function selectAny(square) {
  const piece = pieceOn(square);
  state.pick = null;
  if (!piece || state.selected === square) {
    state.selected = null; state.reach = null; drawBoard(); return;
  }
  state.selected = square;
  state.reach = { square, moves: [], available: true };
  drawBoard();
  if (state.view) return;   // a past position: the panel only
  try {
    const r = await api(`/api/games/${state.game.id}/reach/${square}`);
    if (state.selected === square) { state.reach = r; drawBoard(); }
  } catch (e) { showError(e); }
}

function setupBoardInput() {
  const svg = $("board");
  let dragFrom = null;
  let rightFrom = null;
  // The right button draws (arrows, circles) and cancels premoves; it never selects or moves.
  svg.addEventListener("contextmenu", (ev) => ev.preventDefault());
  svg.addEventListener("pointerdown", (ev) => {
    const sq = squareAt(ev);
    if (!sq) return;
    if (ev.button === 2) { rightFrom = sq; return; }
    if (state.drawn.length) state.drawn = [];
    dragFrom = state.selected === sq ? null : sq;
    clickSquare(sq);
  });
  // While dragging, the piece follows the pointer (its drawing is moved, not the game).
  svg.addEventListener("pointermove", (ev) => {
    if (!dragFrom || state.selected !== dragFrom || !(ev.buttons & 1)) return;
    const g = svg.querySelector(`g.piece[data-square="${dragFrom}"]`);
    if (!g) return;
    const pt = svg.createSVGPoint();
    pt.x = ev.clientX; pt.y = ev.clientY;
    const p = pt.matrixTransform(svg.getScreenCTM().inverse());
    const turn = /rotate\(([-\d.]+)\)/.exec(g.getAttribute("transform"));
    g.setAttribute("transform", `translate(${p.x} ${p.y}) rotate(${turn ? turn[1] : 0})`);
    g.classList.add("dragging");
  });
  svg.addEventListener("pointerup", (ev) => {
    const sq = squareAt(ev);
    if (ev.button === 2) {
      if (rightFrom && sq === rightFrom && cancelPremoves()) showNotice("Premoves cancelled.");
      else if (rightFrom && sq) toggleDrawn(rightFrom, sq);
      rightFrom = null;
      drawBoard();
      return;
    }
    const dragged = svg.querySelector("g.piece.dragging");
    if (dragFrom && sq && sq !== dragFrom && state.selected === dragFrom) clickSquare(sq);
    else if (dragged) drawBoard();
    dragFrom = null;
  });
}

// ---------------------------------------------------------------------------------------------
// The game

async function play(coord) {
  if (state.analysis) { analysisPlay(coord); return; }
  const m = state.game.legal.find((x) => x.coord === coord);
  if (m && m.loses && state.confirmLoss) {
    const ok = await confirmAction(`${m.words} (${m.text}) loses at once: ${m.loses}. Play it anyway?`,
      "Play it", { extra: "Do not ask again", onExtra: (off) => {
        if (off) { state.confirmLoss = false; localStorage.setItem("jovian-confirm-loss", "0"); syncOptions(); }
      } });
    if (!ok) { drawBoard(); return; }
  }
  try {
    showError(null);
    showNotice(null);
    const g = await api(`/api/games/${state.game.id}/moves`, {
      method: "POST", body: { move: coord, ply: state.game.moves.length },
      seat: seatFor(state.game.board.to_move) });
    setGame(g);
  } catch (e) { showError(e); refresh(); }
}

function describeStatus(g) {
  if (g.result) {
    const who = g.result.winner ? `${sideTitle(g.result.winner)} wins` : "Draw";
    return `${who} (${g.result.result}): ${g.result.reason}`;
  }
  const side = sideTitle(g.board.to_move);
  if (g.board.again && !g.engine_to_move) {
    const piece = g.board.pieces.find((p) => p.square === g.board.again);
    const name = (piece && pieceInfo(piece.abbr)?.name) || "The piece";
    // Making one move only was the other choice at the first part: the piece must move again.
    return `${side}: ${name} on ${g.board.again} moves again (the second part of its doubled turn)`;
  }
  if (!g.engine_to_move) return `${side} to move${g.board.check ? " (in check)" : ""}`;
  if (g.queued) {
    // Every engine of the server is busy with other games: this one waits its turn.
    const ahead = g.queued.ahead === 0 ? "next in line" : `${g.queued.ahead} ahead`;
    return `${side} to move: the computer is waiting for a free engine (${ahead})…`;
  }
  return `${side} to move: the computer is thinking…`;
}

/// "move 8 (Tan's ply 15)": a move is one ply of each side, numbered from the first side's.
function plyName(ply, g) {
  if (ply === 0) return "the start";
  const offset = g.first === "tan" ? 1 : 0;
  const move = Math.floor((ply - 1 + offset) / 2) + 1;
  const blue = (ply - 1 + offset) % 2 === 0;
  return `move ${move}, ${sideTitle(blue ? "blue" : "tan")}'s ply (ply ${ply})`;
}

function renderMoves() {
  const list = $("moves");
  list.innerHTML = "";
  const g = state.game;
  const startsTan = g.first === "tan";
  let li = null;
  g.moves.forEach((m, i) => {
    const blueMove = (i % 2 === 0) !== startsTan;
    if (!li || blueMove || i === 0) {
      li = document.createElement("li");
      list.appendChild(li);
      if (!blueMove) li.appendChild(document.createTextNode("… "));
    }
    const span = document.createElement("span");
    span.textContent = m[state.notation] || m.text;
    span.title = `${m.text} · ${m.long || m.text} · ${m.coord}`;
    span.dataset.ply = m.ply;
    if ((state.viewPly ?? g.moves.length) === m.ply) span.classList.add("current");
    span.addEventListener("click", () => viewAt(m.ply));
    li.appendChild(span);
    li.appendChild(document.createTextNode(" "));
  });
  list.scrollTop = list.scrollHeight;
}

function renderInfo() {
  const g = state.game;
  const i = g.info;
  if (!i) { $("thinking").textContent = ""; return; }
  // The engine scores from its own side; the board says it from the first side's (Blue's).
  const engineSide = g.humans === "tan" ? "blue" : "tan";
  let score = i.score;
  if (engineSide === "tan" && /^[+-]?\d/.test(score)) {
    score = score.startsWith("-") ? `+${score.slice(1)}` : `-${score.replace(/^\+/, "")}`;
  } else if (engineSide === "tan" && score.startsWith("#")) {
    score = score.startsWith("#-") ? `#${score.slice(2)}` : `#-${score.slice(1)}`;
  }
  const big = (n) => Number(n).toLocaleString("en-US");
  $("thinking").textContent = `depth ${i.depth} · score ${score} (${sideTitle("blue")}'s view) · `
    + `${big(i.nodes)} nodes · ${big(i.nps)} nodes/s\n${i.pv.join(" ")}`;
}

/// "level 9", or "full strength" for level 11 (the whole time on every free core).
function levelName(level) {
  return level >= 11 ? "full strength" : `level ${level}`;
}

/// Who plays which side, the computer's strength and the array: "Blue: you · Tan: the computer
/// (level 9) · array rot-0110…".
function playersText(g) {
  const engine = g.movetime_ms ? `the computer (${g.movetime_ms} ms a move${g.level >= 11 ? ", full strength" : ""})` : `the computer (${levelName(g.level)})`;
  const me = mySide(g);
  const who = (side) => (g.humans === "remote" ? (me ? (side === me ? "you" : "your opponent") : "a person")
    : g.humans === "both" || g.humans === side ? "a person" : engine);
  const array = g.setup ? ` · array ${g.setup}` : " · from a position";
  return `${sideTitle("blue")}: ${who("blue")} · ${sideTitle("tan")}: ${who("tan")}${array}`;
}

function render() {
  const g = state.game;
  if (state.analysis && (!g || g.variant !== state.analysis.variant)) leaveAnalysis();
  // The editor says what is being edited in the status line (editor.js).
  if (!state.editor) $("status").textContent = g ? describeStatus(g) : "Start a new game.";
  const banner = $("banner");
  if (g && g.result && !state.view) {
    banner.textContent = describeStatus(g);
    banner.hidden = false;
  } else banner.hidden = true;
  if (g) {
    renderMoves();
    renderInfo();
    $("players").textContent = playersText(g);
    const seated = !!anySeat();
    const note = $("seat-note");
    note.hidden = seated;
    note.textContent = seated ? "" : `You are watching game ${g.id}: this browser holds no seat in it `
      + "(a game is played from the browser that started it, or with a seat link).";
    // While the editor is open, the game beneath it is not what the board shows: its actions wait.
    const acts = seated && !state.editor;
    $("btn-takeback").disabled = !acts || g.moves.length === 0 || !!(g.result && g.result.agreed);
    $("btn-resign").disabled = !acts || !!g.result;
    $("btn-draw").disabled = !acts || !!g.result;
    $("btn-movenow").disabled = !acts || !g.thinking;
    $("btn-record").href = `/api/games/${g.id}/record`;
  } else {
    $("moves").innerHTML = "";
    $("players").textContent = "";
    $("thinking").textContent = "";
    for (const b of ["btn-takeback", "btn-resign", "btn-draw", "btn-movenow"]) $(b).disabled = true;
    $("btn-record").removeAttribute("href");
  }
  drawBoard();
  renderOnline();
  renderClocks(refresh);
  if (state.analysis) renderAnalysis();
}

/// The sound of what happened between two views of the same game: a move, a capture (fewer
/// pieces on the board), the end.
function soundOf(before, after) {
  if (!before || before.id !== after.id) return;
  if (after.result && !before.result) { playSound("end"); return; }
  if (after.moves.length <= before.moves.length) return;
  playSound(after.board.pieces.length < before.board.pieces.length ? "capture" : "move");
}

function setGame(g) {
  if (state.editor) leaveEditor();
  soundOf(state.game, g);
  const sameGame = state.game && state.game.id === g.id;
  state.game = g;
  state.variant = state.variants.find((v) => v.id === g.variant);
  if (!sameGame) {
    $("eval-graph").hidden = true;
    // The side this browser plays sits at the bottom.
    state.flipped = g.humans === "tan" || mySide(g) === "tan";
    state.view = null; state.viewPly = null;
    listen(g.id);
    localStorage.setItem("jovian-game", String(g.id));
  }
  if (state.view) { state.view = null; state.viewPly = null; }
  if (state.selected && !g.legal.some((m) => m.from === state.selected)) state.selected = null;
  // The second part of a doubled turn: the piece that moves again is selected, its moves lit.
  if (g.board.again && !g.engine_to_move && !state.view && canMove()) state.selected = g.board.again;
  state.reach = null;
  state.pick = null;
  if (!sameGame) { state.premoves = []; state.drawn = []; }
  render();
  playPremove(g);
}

async function refresh() {
  if (!state.game) return;
  try { setGame(await api(`/api/games/${state.game.id}`)); } catch (e) { showError(e); }
}

/// The current game is gone (deleted here or in another tab): back to an empty board.
function forgetGame(message) {
  if (state.events) { state.events.close(); state.events = null; }
  state.game = null; state.view = null; state.viewPly = null; state.selected = null;
  localStorage.removeItem("jovian-game");
  closeChooser();
  render();
  $("status").textContent = message;
}

function listen(id) {
  if (state.events) state.events.close();
  const es = new EventSource(`/api/games/${id}/events`);
  // The stream ends when the server stops; the browser reconnects by itself once it is back, and
  // the game is read again then (the engine may have moved meanwhile).
  let opened = false;
  es.addEventListener("open", () => { if (opened) refresh(); opened = true; });
  es.addEventListener("state", () => refresh());
  es.addEventListener("presence", () => refresh());
  es.addEventListener("thinking", () => {
    if (state.game) { state.game.thinking = true; state.game.queued = null; render(); }
  });
  es.addEventListener("queued", (ev) => {
    if (!state.game) return;
    try { state.game.queued = JSON.parse(ev.data); } catch { return; }
    render();
  });
  es.addEventListener("deleted", () => {
    if (state.game && state.game.id === id) forgetGame(`Game ${id} was deleted. Start a new game.`);
  });
  es.addEventListener("info", (ev) => {
    if (!state.game) return;
    try { state.game.info = JSON.parse(ev.data); } catch { return; }
    state.game.thinking = true;
    renderInfo();
    $("btn-movenow").disabled = !anySeat();
  });
  es.addEventListener("error", (ev) => { if (ev.data) showError(ev.data); });
  state.events = es;
}

async function viewAt(ply) {
  if (state.analysis) leaveAnalysis();
  const g = state.game;
  if (!g) return;
  ply = Math.max(0, Math.min(ply, g.moves.length));
  if (ply === g.moves.length) { state.view = null; state.viewPly = null; render(); return; }
  try {
    state.view = await api(`/api/games/${g.id}/positions/${ply}`);
    state.viewPly = ply;
    state.selected = null;
    render();
    $("status").textContent = `Looking at the position after ${plyName(ply, g)} (of ${g.moves.length} plies)`;
  } catch (e) { showError(e); }
}

// ---------------------------------------------------------------------------------------------
// Dialogs

function chosenSetupName() {
  const v = state.variants.find((x) => x.id === $("new-variant").value);
  const bits = [...document.querySelectorAll("#pairs input")].map((i) => (i.checked ? "1" : "0")).join("");
  return `${$("symmetry").value}-${bits}`;
}

function renderPairs() {
  const v = state.variants.find((x) => x.id === $("new-variant").value);
  const box = $("pairs");
  box.innerHTML = "";
  const choosable = v && v.pairs.length > 0;
  document.querySelector('input[name=setup][value=choose]').disabled = !choosable;
  if (!choosable) return;
  v.pairs.forEach((p, i) => {
    const label = document.createElement("label");
    const input = document.createElement("input");
    input.type = "checkbox"; input.dataset.pair = i;
    const update = () => {
      const [l, r] = input.checked ? [p.second, p.first] : [p.first, p.second];
      text.textContent = ` ${l || "empty"} on ${p.left}, ${r || "empty"} on ${p.right}`;
      $("setup-name").textContent = `Setup name: ${chosenSetupName()}`;
    };
    const text = document.createElement("span");
    input.addEventListener("change", update);
    label.appendChild(input); label.appendChild(text);
    box.appendChild(label);
    update();
  });
}

async function startNewGame() {
  const form = $("form-new");
  const data = new FormData(form);
  const setupChoice = data.get("setup");
  const body = {
    variant: data.get("variant"),
    setup: setupChoice === "choose" ? chosenSetupName() : setupChoice,
    humans: data.get("humans"),
    level: parseInt(data.get("level"), 10) || 9,
  };
  if (body.humans === "remote") body.side = data.get("side") || "blue";
  const clock = chosenClock(data);
  const ms = parseInt(data.get("movetime"), 10);
  // A clock times the computer too: its time per move is then the clock's.
  if (clock) body.clock = clock;
  else if (ms) body.movetime_ms = ms;
  try {
    showError(null);
    setGame(created(await api("/api/games", { method: "POST", body })));
  } catch (e) { showError(e); }
}

/// A create answer: its seat secrets kept, the game returned without them.
function created(g) {
  keepSeats(g.id, g.seats);
  keepInvite(g);
  delete g.seats;
  return g;
}

/// Who plays a listed game, from this browser's point of view (the seats it holds).
function listedPlayers(g) {
  const seats = seatsOf(g.id);
  const mine = ["blue", "tan"].filter((side) => seats[side]);
  const sides = (state.variants.find((v) => v.id === g.variant) || {}).sides || ["Blue", "Tan"];
  const side = (s) => (s === "blue" ? sides[0] : sides[1]);
  const computer = `the computer (${levelName(g.level)})`;
  if (g.humans === "both") return mine.length ? "you, both sides" : "two people at one board";
  if (g.humans === "remote") {
    return mine.length === 1 ? `you: ${side(mine[0])}, against a person online` : "two people online";
  }
  const person = g.humans; // the side a person plays against the computer
  const other = person === "blue" ? "tan" : "blue";
  return mine.includes(person) ? `you: ${side(person)}, against ${computer}`
    : `${side(person)}: a person, ${side(other)}: ${computer}`;
}

async function showGames() {
  const tbody = document.querySelector("#games-table tbody");
  tbody.innerHTML = "";
  const games = (await api("/api/games")).reverse();
  // The games where it is this browser's turn (a seat of the side to move, in a game against the
  // computer or a person elsewhere) come first, marked.
  const yourTurn = (g) => !g.result && g.humans !== "both" && !!seatsOf(g.id)[g.to_move];
  games.sort((a, b) => yourTurn(b) - yourTurn(a));
  for (const g of games) {
    const tr = document.createElement("tr");
    if (yourTurn(g)) tr.classList.add("your-turn");
    const players = listedPlayers(g);
    const moves = `${Math.ceil(g.plies / 2)} (${g.plies} plies)`;
    for (const t of [g.id, g.title, players, moves, g.result || "in play"]) {
      const td = document.createElement("td"); td.textContent = t; tr.appendChild(td);
    }
    if (yourTurn(g)) {
      const badge = document.createElement("strong");
      badge.className = "badge";
      badge.textContent = "your turn";
      tr.cells[1].append(" ", badge);
    }
    const td = document.createElement("td");
    const b = document.createElement("button");
    b.textContent = "Open"; b.value = "close";
    b.addEventListener("click", async () => setGame(await api(`/api/games/${g.id}`)));
    // Only a player of the game deletes it: the button shows where this browser holds a seat.
    const seats = seatsOf(g.id);
    if (seats.blue || seats.tan) {
      const del = button("Delete", () => confirmDelete(g.id, td, tr, [b, del]));
      del.className = "danger";
      td.append(b, " ", del);
    } else {
      td.append(b);
    }
    tr.appendChild(td);
    tbody.appendChild(tr);
  }
  $("dlg-games").showModal();
}

/// A button that does not close the dialog it is in.
function button(text, onClick) {
  const b = document.createElement("button");
  b.type = "button"; b.textContent = text;
  b.addEventListener("click", onClick);
  return b;
}

/// Deleting is for good: the row asks first, and only "Yes, delete" deletes.
function confirmDelete(id, td, tr, normal) {
  const restore = () => td.replaceChildren(normal[0], " ", normal[1]);
  const question = document.createElement("span");
  question.className = "confirm";
  question.textContent = `Delete game ${id} for good? `;
  const yes = button("Yes, delete", async () => {
    try {
      const seats = seatsOf(id);
      await api(`/api/games/${id}`, { method: "DELETE", seat: seats.blue || seats.tan });
      localStorage.removeItem(`jovian-seats-${id}`);
      tr.remove();
      if (state.game && state.game.id === id) forgetGame(`Game ${id} was deleted. Start a new game.`);
    } catch (e) { showError(e); restore(); }
  });
  yes.className = "danger";
  const keep = button("Keep", restore);
  td.replaceChildren(question, yes, " ", keep);
}

/// Loads what the Load dialog holds: a record (tags optional: a bare move list is a game of the
/// chosen game), or a position in the text or JSON form. An error is shown in the dialog, which
/// opens again with the text kept.
async function loadGame() {
  const data = new FormData($("form-load"));
  const text = String(data.get("text") || "").trim();
  if (!text) return;
  const common = { variant: data.get("variant"), humans: data.get("humans"),
    level: parseInt(data.get("level"), 10) || 9 };
  // JSON, or a first word with slashes (ranks): a position; anything else: a record or moves.
  const position = text.startsWith("{") || text.split(/\s+/)[0].includes("/");
  const body = position ? { ...common, position: text } : { ...common, record: text };
  // A record that names its game is taken as it is (the selector may show another game).
  if (!position && /^\s*\[variant\s/im.test(text)) delete body.variant;
  try {
    showError(null);
    $("load-error").textContent = "";
    setGame(created(await api("/api/games", { method: "POST", body })));
  } catch (e) {
    $("load-error").textContent = String(e.message || e);
    $("dlg-load").showModal();
  }
}

// The Pieces dialog's entries, made once per game (the dialog opens at once the second time),
// each drawing its diagram when it first scrolls into view.
const helpLists = new Map();
let helpObserver = null;

function helpEntries(v) {
  let entries = helpLists.get(v.id);
  if (!entries) {
    entries = tableOrder(v).map((p) => helpEntry(p, v));
    helpLists.set(v.id, entries);
  }
  return entries;
}

function showHelp() {
  const v = state.variant || state.variants[0];
  if (!v) return;
  $("help-title").textContent = `${v.title}: its ${v.pieces.length} piece types, each beside what it promotes to`;
  const list = $("help-list");
  helpObserver ||= new IntersectionObserver((seen) => {
    for (const e of seen) if (e.isIntersecting) { e.target.render(); helpObserver.unobserve(e.target); }
  }, { root: list, rootMargin: "400px" });
  const entries = helpEntries(v);
  list.replaceChildren(...entries);
  entries.forEach((e) => { if (e.classList.contains("pending")) helpObserver.observe(e); });
  $("help-search").value = "";
  filterHelp();
  $("dlg-help").showModal();
}

/// Shows the entries whose name or abbreviation holds the search text.
function filterHelp() {
  const q = $("help-search").value.trim().toLowerCase();
  let shown = 0;
  for (const e of $("help-list").children) {
    e.hidden = !!q && !e.dataset.search.includes(q);
    if (!e.hidden) shown++;
  }
  $("help-count").textContent = q ? `${shown} of ${$("help-list").children.length} types` : "";
}

/// The options' check boxes follow the state.
function syncOptions() {
  $("opt-upright").checked = state.upright;
  $("opt-confirm").checked = state.confirmLoss;
  $("opt-sound").checked = soundOn();
  $("opt-notation").value = state.notation;
}

// ---------------------------------------------------------------------------------------------
// Wiring

async function main() {
  state.variants = await api("/api/variants");
  fillVariantSelect($("new-variant"), state.variants);
  fillVariantSelect($("load-variant"), state.variants);
  $("new-variant").addEventListener("change", renderPairs);
  $("symmetry").addEventListener("change", () => { $("setup-name").textContent = `Setup name: ${chosenSetupName()}`; });
  document.querySelectorAll("input[name=setup]").forEach((r) =>
    r.addEventListener("change", () => { $("choices").hidden = r.value !== "choose" || !r.checked; }));
  renderPairs();
  setupBoardInput();
  overlays.push(drawAnnotations);
  $("zoom-in").addEventListener("click", () => zoomBoard(0.5));
  $("zoom-out").addEventListener("click", () => zoomBoard(-0.5));
  $("btn-new").addEventListener("click", () => $("dlg-new").showModal());
  $("dlg-new").addEventListener("close", () => { if ($("dlg-new").returnValue === "ok") startNewGame(); });
  $("btn-games").addEventListener("click", () => showGames().catch(showError));
  $("btn-load").addEventListener("click", () => $("dlg-load").showModal());
  $("dlg-load").addEventListener("close", () => { if ($("dlg-load").returnValue === "ok") loadGame(); });
  $("load-file").addEventListener("change", async (ev) => {
    const file = ev.target.files[0];
    if (file) $("form-load").elements.text.value = await file.text();
  });
  $("btn-help").addEventListener("click", showHelp);
  $("help-search").addEventListener("input", filterHelp);
  setupRules((abbr) => {
    showHelp();
    $("help-search").value = abbr.toLowerCase();
    filterHelp();
    // The exact type first when its abbreviation is part of others' names.
    for (const e of $("help-list").children) e.hidden = e.dataset.abbr !== abbr;
  });
  $("btn-flip").addEventListener("click", () => { state.flipped = !state.flipped; drawBoard(); });
  const action = (path, body) => async () => {
    if (!state.game) return;
    try {
      showError(null);
      const r = await api(`/api/games/${state.game.id}/${path}`,
        { method: "POST", body: body || {}, seat: anySeat() });
      if (r && r.game) {
        setGame(r.game);
        // An offer to a person waits for their answer (the offer box says so); only the
        // computer answers at once.
        if (r.accepted === false && !r.offered) showNotice("The computer declines the draw.");
      }
      else if (r && r.id) setGame(r);
    } catch (e) { showError(e); }
  };
  // Nothing that ends or rewinds a game happens on one stray click.
  const confirmed = (question, yes, run) => async () => {
    if (state.game && await confirmAction(question(), yes)) run();
  };
  $("btn-takeback").addEventListener("click", confirmed(() => (state.game.humans === "remote"
    ? "Ask your opponent to let you take back your last move?"
    : state.game.result
      ? `The game is over (${describeStatus(state.game)}). Take back the last move and play on?`
      : "Take back the last move?"), "Take back", action("takeback")));
  $("btn-resign").addEventListener("click", confirmed(
    () => `Resign game ${state.game.id}? ${sideTitle(anySeatSide())} resigns; this cannot be taken back.`,
    "Resign", action("resign")));
  $("btn-draw").addEventListener("click", confirmed(() => (state.game.humans === "both"
    ? "Agree a draw? The game ends; this cannot be taken back."
    : state.game.humans === "remote" ? "Offer your opponent a draw?" : "Offer the computer a draw?"),
  "Offer draw", action("draw")));
  $("btn-movenow").addEventListener("click", action("movenow"));
  setupAnalysis(viewAt);
  setupEditor(setGame, created, render);
  setupOnline(setGame);
  $("btn-copy-record").addEventListener("click", async () => {
    if (!state.game) return;
    try {
      const res = await fetch(`/api/games/${state.game.id}/record`);
      await navigator.clipboard.writeText(await res.text());
      showNotice("The record is on the clipboard.");
    } catch (e) { showError(`cannot copy the record: ${e.message || e}`); }
  });
  syncOptions();
  $("opt-upright").addEventListener("change", (ev) => {
    state.upright = ev.target.checked;
    localStorage.setItem("jovian-upright", state.upright ? "1" : "0");
    drawBoard();
  });
  $("opt-confirm").addEventListener("change", (ev) => {
    state.confirmLoss = ev.target.checked;
    localStorage.setItem("jovian-confirm-loss", state.confirmLoss ? "1" : "0");
  });
  $("opt-sound").addEventListener("change", (ev) => setSound(ev.target.checked));
  $("opt-notation").addEventListener("change", (ev) => {
    state.notation = ev.target.value;
    localStorage.setItem("jovian-notation", state.notation);
    if (state.game) renderMoves();
  });
  $("nav-first").addEventListener("click", () => viewAt(0));
  $("nav-prev").addEventListener("click", () => viewAt((state.viewPly ?? state.game?.moves.length ?? 0) - 1));
  $("nav-next").addEventListener("click", () => viewAt((state.viewPly ?? state.game?.moves.length ?? 0) + 1));
  $("nav-last").addEventListener("click", () => viewAt(state.game?.moves.length ?? 0));
  document.addEventListener("keydown", (ev) => {
    // A dialog or a text field keeps its keys: the game behind it does not move.
    if (document.querySelector("dialog[open]")) return;
    if (ev.target.closest && ev.target.closest("input, textarea, select")) return;
    const keys = { ArrowLeft: "nav-prev", ArrowUp: "nav-prev", ArrowRight: "nav-next",
      ArrowDown: "nav-next", Home: "nav-first", End: "nav-last" };
    if (keys[ev.key]) { ev.preventDefault(); $(keys[ev.key]).click(); }
    if (ev.key === "Escape") { closeChooser(); state.selected = null; state.reach = null; drawBoard(); }
  });
  // A seat link pasted into an open page changes only the address's fragment.
  window.addEventListener("hashchange", async () => {
    const id = seatFromLink();
    if (!id) return;
    try { showError(null); setGame(await api(`/api/games/${id}`)); } catch (e) { showError(e); }
  });
  const last = seatFromLink() || parseInt(localStorage.getItem("jovian-game") || "", 10);
  if (last) {
    try { setGame(await api(`/api/games/${last}`)); return; } catch { /* gone: start fresh */ }
  }
  state.variant = state.variants[0];
  drawBoard();
  $("dlg-new").showModal();
}

main().catch(showError);
