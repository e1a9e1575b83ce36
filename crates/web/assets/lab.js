// The Lab page: starts a run of `jovian lab` on the server (POST /lab/runs), shows its progress
// from /lab/runs/current every second, offers to cancel it, and links its report when done.

const $ = (id) => document.getElementById(id);

async function call(path, body) {
  const init = body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
  const res = await fetch(path, init);
  const data = await res.json().catch(() => null);
  if (!res.ok) throw new Error((data && data.error) || `${res.status}`);
  return data;
}

let timer = null;

function show(run) {
  if (!run) return;
  const line = $("run-state");
  line.textContent = "";
  $("run-cancel").hidden = run.state !== "running";
  const words = {
    running: `Playing ${run.name}: ${run.done} of ${run.games} games`,
    finished: `${run.name} is done: ${run.done} games. `,
    failed: `${run.name} stopped with an error: ${run.error || "see its log"}`,
    cancelled: `${run.name} was cancelled after ${run.done} games (continue it with jovian lab --resume).`,
  }[run.state];
  line.append(words);
  if (run.state === "finished" || (run.state === "cancelled" && run.done > 0)) {
    const a = document.createElement("a");
    a.href = `/lab/${encodeURIComponent(run.name)}`;
    a.textContent = "Open its report";
    line.append(" ", a);
  }
  if (run.state !== "running" && timer) { clearInterval(timer); timer = null; }
}

async function poll() {
  try { show(await call("/lab/runs/current")); } catch { /* no run yet */ }
}

function watch() {
  if (!timer) timer = setInterval(poll, 1000);
  poll();
}

$("run-form").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  const f = new FormData(ev.target);
  try {
    show(await call("/lab/runs", { game: f.get("game"), games: Number(f.get("games")),
      level: Number(f.get("level")), setups: f.get("setups") }));
    watch();
  } catch (e) { $("run-state").textContent = `Not started: ${e.message}`; }
});

$("run-cancel").addEventListener("click", async () => {
  try { await call("/lab/runs/current/cancel", {}); } catch (e) { $("run-state").textContent = e.message; }
  poll();
});

// A run started earlier (from this or another page) is shown as it goes on.
call("/lab/runs/current").then((run) => { show(run); if (run && run.state === "running") watch(); }).catch(() => {});
