// What the browser tests share: starting `jovian serve` on a port (0: a free one) with a data
// directory, and killing it outright (no chance to tidy up: accepted moves must be on disk).
import { spawn } from "node:child_process";

/** Starts the server (with `env` added to its environment and `args` to its command line);
 * resolves with {child, url, port} once it prints its URL. */
export function startServer(bin, data, port = 0, env = {}, args = []) {
  const child = spawn(bin, ["serve", "--port", String(port), "--data", data, "--no-open", ...args], {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, ...env },
  });
  let out = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start: ${out}`)), 30000);
    const look = (chunk) => {
      out += chunk;
      const m = out.match(/http:\/\/127\.0\.0\.1:(\d+)\//);
      if (m) { clearTimeout(timer); resolve({ child, url: m[0], port: Number(m[1]) }); }
    };
    child.stdout.on("data", look);
    child.stderr.on("data", look);
    child.on("exit", (code) => { clearTimeout(timer); reject(new Error(`the server exited (${code}): ${out}`)); });
  });
}

/** Kills the server outright; resolves once it is gone. */
export function killServer(server) {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return Promise.resolve();
  const gone = new Promise((resolve) => server.child.once("exit", resolve));
  server.child.kill("SIGKILL");
  return gone;
}

/** A JSON request to the server at `url` as a script sends it (with the seat secret `seat`, if
 * any); the answer's JSON, or a failed assertion naming the status. */
export async function apiCall(url, method, path, body, seat) {
  const headers = { "Content-Type": "application/json" };
  if (seat) headers["X-Jovian-Seat"] = seat;
  const res = await fetch(new URL(path, url), { method, headers, body: body && JSON.stringify(body) });
  const answer = await res.json();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(answer)}`);
  return answer;
}
