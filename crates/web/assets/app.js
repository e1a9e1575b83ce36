// Jovian's board in the browser. The server owns the game and decides legality; this page draws
// it, lists the legal moves the server sends, and asks for a choice when a click is not enough.

const S = 48;          // square size in SVG units
const M = 22;          // margin for coordinates
const SVGNS = "http://www.w3.org/2000/svg";

const state = {
  variants: [],        // from /api/variants
  variant: null,       // the current game's variant info
  game: null,          // the current game's view
  view: null,          // a past position being looked at (null = the game now)
  viewPly: null,
  selected: null,      // square name of the selected piece, or "@Abbr" for a piece in hand
  pick: null,          // promotions waiting for their square (a new Assassin's, a Thunder's)
  flipped: false,
  events: null,
};

const $ = (id) => document.getElementById(id);

// ---------------------------------------------------------------------------------------------
// Talking to the server

// `seat`: the secret of the side the request acts for (see "Seats" below).
async function api(path, { seat, ...options } = {}) {
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

function showError(e) {
  $("error").textContent = e ? String(e.message || e) : "";
}

// ---------------------------------------------------------------------------------------------
// Seats: the server gives the secret of each side a person plays once, when the game is created,
// and takes a move only with the secret of the side to move. This browser keeps them per game;
// a game it holds no secret of is shown to watch. A link ending in #seat=ID-SIDE-SECRET hands a
// seat to this browser (docs/web.md).

function seatsOf(id) {
  try { return JSON.parse(localStorage.getItem(`jovian-seats-${id}`) || "{}") || {}; } catch { return {}; }
}

function keepSeats(id, seats) {
  if (seats && (seats.blue || seats.tan)) {
    localStorage.setItem(`jovian-seats-${id}`, JSON.stringify({ ...seatsOf(id), ...seats }));
  }
}

/// The secret of `side` in the current game, if this browser holds it.
function seatFor(side) {
  return state.game ? seatsOf(state.game.id)[side] || null : null;
}

/// A secret of the current game for actions of either side: the side to move's first (so that
/// two people at one board resign for the side to move).
function anySeat() {
  const g = state.game;
  return g ? seatFor(g.board.to_move) || seatFor("blue") || seatFor("tan") : null;
}

/// Takes a seat from a link (#seat=ID-SIDE-SECRET) and returns the game's id, or null.
function seatFromLink() {
  const m = /^#seat=(\d+)-(blue|tan)-([0-9a-f]{32})$/.exec(location.hash);
  if (!m) return null;
  keepSeats(m[1], { [m[2]]: m[3] });
  history.replaceState(null, "", location.pathname); // the secret does not stay in the address bar
  return parseInt(m[1], 10);
}

// ---------------------------------------------------------------------------------------------
// Geometry

function squareXY(name) {
  const v = state.variant;
  const m = /^([a-z]+)(\d+)$/.exec(name);
  if (!m) return null;
  const f = v.files.indexOf(m[1]);
  const r = parseInt(m[2], 10) - 1;
  if (f < 0 || r < 0 || r >= v.height) return null;
  return { f, r };
}

function squareName(f, r) {
  return state.variant.files[f] + (r + 1);
}

function screen({ f, r }) {
  const v = state.variant;
  const col = state.flipped ? v.width - 1 - f : f;
  const row = state.flipped ? r : v.height - 1 - r;
  return { x: M + col * S, y: M + row * S };
}

function el(tag, attrs = {}, parent = null) {
  const e = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

function pieceInfo(abbr) {
  return state.variant.pieces.find((p) => p.abbr === abbr);
}

// ---------------------------------------------------------------------------------------------
// Pieces: flat Shogi-style pentagons pointing at the opponent, with the abbreviation and a small
// movement diagram computed by the server from the rules library.

const DIAGRAM_CLASS = { move: "dg-move", capture: "dg-capture", both: "dg-both",
  igui: "dg-special", convert: "dg-special", swap: "dg-special", hop: "dg-special" };

function drawDiagram(parent, diagram, cx, cy, size, reach) {
  const cell = size / (2 * reach + 1);
  el("rect", { x: cx - cell / 2, y: cy - cell / 2, width: cell, height: cell, class: "dg-centre" }, parent);
  for (const c of diagram.cells) {
    if (Math.abs(c.dx) > reach || Math.abs(c.dy) > reach) continue;
    el("circle", {
      cx: cx + c.dx * cell, cy: cy - c.dy * cell, r: cell * 0.42,
      class: DIAGRAM_CLASS[c.power] || "dg-special",
    }, parent);
  }
  if (diagram.pass) {
    el("circle", { cx, cy, r: cell * 0.7, fill: "none", stroke: "#7d3cb5", "stroke-width": cell * 0.25 }, parent);
  }
}

function drawPiece(parent, piece) {
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
  const info = pieceInfo(piece.abbr);
  if (info) drawDiagram(g, info.diagram, 0, 22 * k, 38 * k, 3);
  g.addEventListener("pointerenter", (ev) => showTooltip(ev, info));
  g.addEventListener("pointerleave", hideTooltip);
  return g;
}

function pieceHelpHTML(info, withName = true) {
  if (!info) return "";
  const promo = info.promotes_to
    ? `Promotes to ${pieceInfo(info.promotes_to)?.name || info.promotes_to} (${info.promotes_to}).`
    : (info.promoted ? "A promoted piece." : "Does not promote.");
  const name = withName ? `<strong>${info.name}</strong> (${info.abbr})<br>` : "";
  return `${name}${info.description || ""}<br><em>${promo}</em>`;
}

function showTooltip(ev, info) {
  if (!info) return;
  const tip = $("tooltip");
  tip.innerHTML = pieceHelpHTML(info);
  tip.hidden = false;
  tip.style.left = `${ev.clientX + 14}px`;
  tip.style.top = `${ev.clientY + 14}px`;
}

function hideTooltip() { $("tooltip").hidden = true; }

// ---------------------------------------------------------------------------------------------
// The board

/// The legal moves of the piece on `square` (a Golem's from either part), or of a piece in hand
/// ("@Le").
function movesFrom(square) {
  if (!state.game || state.view) return [];
  return state.game.legal.filter((m) => m.from === square || m.from2 === square);
}

/// The squares that choose `m` when clicked: its target, and a pair drop's or Golem's second.
function targetsOf(m) {
  if (m.kind === "golem") return [state.selected === m.from2 ? m.to2 : m.target];
  return m.to2 ? [m.target, m.to2] : [m.target];
}

function sideTitle(side) {
  const g = state.game;
  return g && g.sides ? g.sides[side === "blue" ? 0 : 1] : (side === "blue" ? "Blue" : "Tan");
}

function highlightClass(m) {
  if (m.kind === "relayed") return "hl-relayed";
  if (["igui", "convert", "swap", "pass", "suicide", "line", "hop"].includes(m.kind)) return "hl-special";
  return m.captures.length ? "hl-capture" : "hl-move";
}

function drawBoard() {
  const svg = $("board");
  svg.innerHTML = "";
  const v = state.variant;
  if (!v) return;
  const W = v.width * S + 2 * M, H = v.height * S + 2 * M;
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  const board = state.view || (state.game && state.game.board);
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
    for (const m of movesFrom(state.selected)) {
      for (const t of targetsOf(m)) {
        if (seen.has(t)) continue;
        seen.add(t);
        mark(t, highlightClass(m));
      }
    }
  }
  drawHands();
}

/// The pieces in hand (the 12x8 game), beside the board: the side at the bottom of the board
/// below it. A piece of the side to move that may be dropped is a button: click it, then a
/// lit square.
function drawHands() {
  const g = state.game;
  const board = state.view || (g && g.board);
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
  }
}

function squareAt(ev) {
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

function canMove() {
  const g = state.game;
  return g && !state.view && !g.result && !g.engine_to_move && !!seatFor(g.board.to_move);
}

function closeChooser() { $("chooser").hidden = true; }

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
    b.textContent = m.text;
    b.title = `${m.kind} move ${m.coord}`;
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
  if (!canMove() || !square) return;
  const g = state.game;
  if (state.pick) {
    const chosen = state.pick.moves.find((m) => m.at === square);
    state.pick = null;
    if (chosen) { state.selected = null; play(chosen.coord); return; }
    drawBoard();
    return;
  }
  if (state.selected) {
    const candidates = movesFrom(state.selected).filter((m) => targetsOf(m).includes(square));
    if (candidates.length === 1) { state.selected = null; play(candidates[0].coord); return; }
    if (candidates.length > 1) { openChooser(candidates, square); return; }
    if (square === state.selected) { state.selected = null; drawBoard(); return; }
  }
  const own = g.board.pieces.find((p) => p.square === square && p.color === g.board.to_move);
  state.selected = own && movesFrom(square).length ? square : null;
  drawBoard();
}

function setupBoardInput() {
  const svg = $("board");
  let dragFrom = null;
  svg.addEventListener("pointerdown", (ev) => {
    const sq = squareAt(ev);
    if (!sq) return;
    dragFrom = state.selected === sq ? null : sq;
    clickSquare(sq);
  });
  svg.addEventListener("pointerup", (ev) => {
    const sq = squareAt(ev);
    if (dragFrom && sq && sq !== dragFrom && state.selected === dragFrom) clickSquare(sq);
    dragFrom = null;
  });
}

// ---------------------------------------------------------------------------------------------
// The game

async function play(coord) {
  try {
    showError(null);
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
  if (!g.engine_to_move) return `${side} to move${g.board.check ? " (in check)" : ""}`;
  if (g.queued) {
    // Every engine of the server is busy with other games: this one waits its turn.
    const ahead = g.queued.ahead === 0 ? "next in line" : `${g.queued.ahead} ahead`;
    return `${side} to move: the computer is waiting for a free engine (${ahead})…`;
  }
  return `${side} to move: the computer is thinking…`;
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
    span.textContent = m.text;
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
  $("thinking").textContent = i
    ? `depth ${i.depth}  score ${i.score}  ${i.nodes} nodes  ${i.nps} n/s\n${i.pv.join(" ")}`
    : "";
}

function render() {
  const g = state.game;
  $("status").textContent = g ? describeStatus(g) : "Start a new game.";
  const banner = $("banner");
  if (g && g.result && !state.view) {
    banner.textContent = describeStatus(g);
    banner.hidden = false;
  } else banner.hidden = true;
  if (g) {
    renderMoves();
    renderInfo();
    const seated = !!anySeat();
    const note = $("seat-note");
    note.hidden = seated;
    note.textContent = seated ? "" : `You are watching game ${g.id}: this browser holds no seat in it `
      + "(a game is played from the browser that started it, or with a seat link).";
    $("btn-takeback").disabled = !seated || g.moves.length === 0 || !!(g.result && g.result.agreed);
    $("btn-resign").disabled = !seated || !!g.result;
    $("btn-draw").disabled = !seated || !!g.result;
    $("btn-movenow").disabled = !seated || !g.thinking;
    $("btn-record").href = `/api/games/${g.id}/record`;
  } else {
    $("moves").innerHTML = "";
    $("thinking").textContent = "";
    for (const b of ["btn-takeback", "btn-resign", "btn-draw", "btn-movenow"]) $(b).disabled = true;
    $("btn-record").removeAttribute("href");
  }
  drawBoard();
}

function setGame(g) {
  const sameGame = state.game && state.game.id === g.id;
  state.game = g;
  state.variant = state.variants.find((v) => v.id === g.variant);
  if (!sameGame) {
    state.flipped = g.humans === "tan";
    state.view = null; state.viewPly = null;
    listen(g.id);
    localStorage.setItem("jovian-game", String(g.id));
  }
  if (state.view) { state.view = null; state.viewPly = null; }
  if (state.selected && !g.legal.some((m) => m.from === state.selected)) state.selected = null;
  state.pick = null;
  render();
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
  const g = state.game;
  if (!g) return;
  ply = Math.max(0, Math.min(ply, g.moves.length));
  if (ply === g.moves.length) { state.view = null; state.viewPly = null; render(); return; }
  try {
    state.view = await api(`/api/games/${g.id}/positions/${ply}`);
    state.viewPly = ply;
    state.selected = null;
    render();
    $("status").textContent = `Looking at the position after move ${ply} of ${g.moves.length}`;
  } catch (e) { showError(e); }
}

// ---------------------------------------------------------------------------------------------
// Dialogs

function fillVariantSelect(select) {
  select.innerHTML = "";
  for (const v of state.variants) {
    const o = document.createElement("option");
    o.value = v.id; o.textContent = `${v.title} (${v.width}x${v.height})`;
    select.appendChild(o);
  }
}

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
  const ms = parseInt(data.get("movetime"), 10);
  if (ms) body.movetime_ms = ms;
  try {
    showError(null);
    setGame(created(await api("/api/games", { method: "POST", body })));
  } catch (e) { showError(e); }
}

/// A create answer: its seat secrets kept, the game returned without them.
function created(g) {
  keepSeats(g.id, g.seats);
  delete g.seats;
  return g;
}

async function showGames() {
  const tbody = document.querySelector("#games-table tbody");
  tbody.innerHTML = "";
  const games = await api("/api/games");
  for (const g of games.reverse()) {
    const tr = document.createElement("tr");
    const players = g.humans === "both" ? "two people" : `you: ${g.humans}, computer level ${g.level}`;
    for (const t of [g.id, g.title, players, g.plies, g.result || "in play"]) {
      const td = document.createElement("td"); td.textContent = t; tr.appendChild(td);
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

async function loadGame() {
  const data = new FormData($("form-load"));
  const text = String(data.get("text") || "").trim();
  if (!text) return;
  const body = text.startsWith("[") || /\d\.\s/.test(text)
    ? { record: text, humans: data.get("humans") }
    : { position: text, variant: data.get("variant"), humans: data.get("humans") };
  try { showError(null); setGame(created(await api("/api/games", { method: "POST", body }))); }
  catch (e) { showError(e); }
}

function showHelp() {
  const v = state.variant || state.variants[0];
  if (!v) return;
  $("help-title").textContent = `${v.title}: its ${v.pieces.length} piece types`;
  const list = $("help-list");
  list.innerHTML = "";
  for (const p of v.pieces) {
    const div = document.createElement("div");
    div.className = "help-piece";
    const svg = document.createElementNS(SVGNS, "svg");
    svg.setAttribute("viewBox", "-50 -50 100 100");
    svg.setAttribute("width", "90"); svg.setAttribute("height", "90");
    el("rect", { x: -50, y: -50, width: 100, height: 100, fill: "#f3efe4" }, svg);
    drawDiagram(svg, p.diagram, 0, 0, 96, 4);
    div.appendChild(svg);
    const text = document.createElement("div");
    text.innerHTML = `<h3>${p.name} (${p.abbr})</h3><p>${pieceHelpHTML(p, false)}</p>`;
    div.appendChild(text);
    list.appendChild(div);
  }
  $("dlg-help").showModal();
}

// ---------------------------------------------------------------------------------------------
// Wiring

async function main() {
  state.variants = await api("/api/variants");
  fillVariantSelect($("new-variant"));
  fillVariantSelect($("load-variant"));
  $("new-variant").addEventListener("change", renderPairs);
  $("symmetry").addEventListener("change", () => { $("setup-name").textContent = `Setup name: ${chosenSetupName()}`; });
  document.querySelectorAll("input[name=setup]").forEach((r) =>
    r.addEventListener("change", () => { $("choices").hidden = r.value !== "choose" || !r.checked; }));
  renderPairs();
  setupBoardInput();
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
  $("btn-flip").addEventListener("click", () => { state.flipped = !state.flipped; drawBoard(); });
  const action = (path, body) => async () => {
    if (!state.game) return;
    try {
      showError(null);
      const r = await api(`/api/games/${state.game.id}/${path}`,
        { method: "POST", body: body || {}, seat: anySeat() });
      if (r && r.game) { setGame(r.game); if (r.accepted === false) showError("The computer declines the draw."); }
      else if (r && r.id) setGame(r);
    } catch (e) { showError(e); }
  };
  $("btn-takeback").addEventListener("click", action("takeback"));
  $("btn-resign").addEventListener("click", action("resign"));
  $("btn-draw").addEventListener("click", action("draw"));
  $("btn-movenow").addEventListener("click", action("movenow"));
  $("nav-first").addEventListener("click", () => viewAt(0));
  $("nav-prev").addEventListener("click", () => viewAt((state.viewPly ?? state.game?.moves.length ?? 0) - 1));
  $("nav-next").addEventListener("click", () => viewAt((state.viewPly ?? state.game?.moves.length ?? 0) + 1));
  $("nav-last").addEventListener("click", () => viewAt(state.game?.moves.length ?? 0));
  document.addEventListener("keydown", (ev) => {
    if (ev.key === "ArrowLeft") $("nav-prev").click();
    if (ev.key === "ArrowRight") $("nav-next").click();
    if (ev.key === "Escape") { closeChooser(); state.selected = null; drawBoard(); }
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
