// Playing a person at another computer: the invitation link the creator sends (the other side's
// seat in the link's fragment, which browsers never send to a server), and the answers to the
// other side's draw and take-back offers. Spectators, who hold no seat, only watch.

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
  if (!g || g.humans !== "remote") { box.hidden = true; return; }
  box.hidden = false;
  const me = mySide(g);
  let invite = null;
  try { invite = JSON.parse(localStorage.getItem(inviteKey(g.id)) || "null"); } catch { invite = null; }
  $("invite").hidden = !invite || !!g.result;
  if (invite) {
    $("invite-text").textContent = `Send this link to your opponent; they play ${sideTitle(invite.side)} `
      + "from their own browser (anyone with it can play that side):";
    $("invite-link").value = invite.link;
  }
  $("online-who").textContent = me
    ? `Online game: you play ${sideTitle(me)}; your opponent plays ${sideTitle(me === "blue" ? "tan" : "blue")} from another browser.`
    : "Online game between two people: you are watching.";
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
