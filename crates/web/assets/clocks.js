// The clocks of a timed game, shown ticking from the server's figures (the server keeps and
// enforces them: when a clock shown here reaches zero, the page reads the game again and the
// server records the loss on time).

import { $, sideTitle, state } from "./state.js";

let received = 0;      // when the game view holding the clocks arrived (performance.now())
let timer = null;

function format(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  // Correspondence times: days and hours, then hours and minutes.
  if (s >= 86400) return `${Math.floor(s / 86400)}d ${Math.floor((s % 86400) / 3600)}h`;
  const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), sec = s % 60;
  const two = (n) => String(n).padStart(2, "0");
  return h ? `${h}:${two(m)}:${two(sec)}` : `${m}:${two(sec)}`;
}

function tick(refresh) {
  const g = state.game;
  const c = g && g.clock;
  if (!c) return;
  const spent = performance.now() - received;
  for (const side of ["blue", "tan"]) {
    const left = c[`${side}_ms`] - (c.running === side ? spent : 0);
    const el = $(`clock-${side}`);
    el.textContent = `${sideTitle(side)} ${format(left)}`;
    el.classList.toggle("running", c.running === side);
    el.classList.toggle("low", left < 10000);
    if (c.running === side && left <= 0 && !c.asked) {
      c.asked = true;   // once: the server decides
      refresh();
    }
  }
}

/// Shows the current game's clocks (or hides them) and keeps them ticking.
export function renderClocks(refresh) {
  const g = state.game;
  const box = $("clocks");
  box.hidden = !(g && g.clock);
  if (timer) { clearInterval(timer); timer = null; }
  if (!g || !g.clock) return;
  received = performance.now();
  $("clock-control").textContent = g.clock.days
    ? `correspondence: ${g.clock.days} day${g.clock.days > 1 ? "s" : ""} a move`
    : `clock ${g.clock.control.startsWith("1/")
    ? `${g.clock.control.slice(2)} s a move` : g.clock.control.replace("+", " s + ") + " s a move"}`;
  tick(refresh);
  if (g.clock.running) timer = setInterval(() => tick(refresh), 200);
}

/// The new-game dialog's clock choice as the API's `clock`, or null.
export function chosenClock(data) {
  const kind = data.get("clock");
  if (kind === "move") return { per_move_s: parseFloat(data.get("clock-move")) || 30 };
  if (kind === "days") return { days_per_move: parseInt(data.get("clock-days"), 10) || 2 };
  if (kind === "game") {
    return { base_s: (parseFloat(data.get("clock-base")) || 5) * 60,
      increment_s: parseFloat(data.get("clock-inc")) || 0 };
  }
  return null;
}
