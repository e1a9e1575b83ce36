// Playing a person at another computer: the invitation link the creator sends (the other side's
// seat in the link's fragment, which browsers never send to a server), and the answers to the
// other side's draw and take-back offers, and who is at the board: a player's page says it is
// there every 15 s (crate::presence), and shows whether the opponent is. The invitation is put
// away once the opponent has joined. Spectators, who hold no seat, only watch.

import { $, api, seatFor, showError, sideTitle, state } from "./state.js";

const inviteKey = (id) => `jovian-invite-${id}`;

/// Keeps the invitation of a remote game just created (the create answer's `invite`).
export function keepInvite(g) {
  if (!g.invite) return;
  const link = `${location.origin}/#seat=${g.id}-${g.invite.side}-${g.invite.secret}`;
  localStorage.setItem(inviteKey(g.id), JSON.stringify({ side: g.invite.side, link }));
  delete g.invite;
}

/// The side this browser plays in a remote game (null for a spectator or another kind of game).
export function mySide(g) {
  if (!g || g.humans !== "remote") return null;
  return seatFor("blue") ? "blue" : seatFor("tan") ? "tan" : null;
}

export function renderOnline() {
  const g = state.game;
  const box = $("online");
  if (!g || g.humans !== "remote") { box.hidden = true; beat(null, null); return; }
  box.hidden = false;
  const me = mySide(g);
  let invite = null;
  try { invite = JSON.parse(localStorage.getItem(inviteKey(g.id)) || "null"); } catch { invite = null; }
  const p = g.presence || { present: {}, joined: {} };
  const them = me ? (me === "blue" ? "tan" : "blue") : null;
  $("invite").hidden = !invite || !!g.result || (them && p.joined[them]);
  if (invite) {
    $("invite-text").textContent = `Send this link to your opponent; they play ${sideTitle(invite.side)} `
      + "from their own browser (anyone with it can play that side):";
    $("invite-link").value = invite.link;
  }
  $("online-who").textContent = me
    ? `Online game: you play ${sideTitle(me)}; your opponent plays ${sideTitle(me === "blue" ? "tan" : "blue")} from another browser.`
    : "Online game between two people: you are watching.";
  const here = (side) => (p.present[side] ? "● at the board" : p.joined[side] ? "○ away" : "○ not joined yet");
  $("presence").textContent = them
    ? `Your opponent: ${p.present[them] ? "● at the board" : p.joined[them] ? "○ not at the board now"
      : "○ has not opened the link yet"}`
    : `${sideTitle("blue")} ${here("blue")} · ${sideTitle("tan")} ${here("tan")}`;
  beat(g, me);
  const offer = g.offer;
  const box2 = $("offer");
  box2.hidden = !offer || !!g.result;
  if (!offer) return;
  const what = offer.kind === "draw" ? "a draw" : "to take back their last move";
  const mine = me === offer.by;
  $("offer-text").textContent = mine
    ? `You offered ${offer.kind === "draw" ? "a draw" : "to take back your last move"}: waiting for the answer.`
    : `${sideTitle(offer.by)} offers ${what}.`;
  $("offer-accept").hidden = mine || !me;
  $("offer-decline").hidden = mine || !me;
}

// The beat of this page in the game it shows: one timer, for the game on show.
let beating = null;   // {id, timer}

async function beatOnce(id, side) {
  try {
    const p = await api(`/api/games/${id}/presence`, { method: "POST", body: {}, seat: seatFor(side) });
    if (state.game && state.game.id === id) { state.game.presence = p; renderOnline(); }
  } catch { /* the next beat tries again */ }
}

/// Keeps this page's presence beat going while it shows a remote game it plays.
function beat(g, me) {
  const id = g && !g.result && me ? g.id : null;
  if (beating && beating.id === id) return;
  if (beating) clearInterval(beating.timer);
  beating = null;
  if (id === null) return;
  beating = { id, timer: setInterval(() => beatOnce(id, me), 15000) };
  beatOnce(id, me);
}

async function answer(accept, setGame) {
  const g = state.game;
  const me = mySide(g);
  if (!g || !me) return;
  try {
    const r = await api(`/api/games/${g.id}/answer`, { method: "POST", body: { accept }, seat: seatFor(me) });
    setGame(r.game);
  } catch (e) { showError(e); }
}

export function setupOnline(setGame) {
  $("offer-accept").addEventListener("click", () => answer(true, setGame));
  $("offer-decline").addEventListener("click", () => answer(false, setGame));
  $("invite-copy").addEventListener("click", async () => {
    try { await navigator.clipboard.writeText($("invite-link").value); $("invite-copy").textContent = "Copied"; }
    catch { $("invite-link").select(); }
  });
}
