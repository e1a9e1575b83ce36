// Movement diagrams, drawn from what the server's rules library found (crates/web/src/diagram):
// a grid with the piece in the middle, a mark per power on each square, arrows for rides that
// go on to the board's edge, the routes of short moves, and a legend of the marks a diagram uses.

const SVGNS = "http://www.w3.org/2000/svg";

export function el(tag, attrs = {}, parent = null) {
  const e = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

/// The marks, in the order the legend lists them: what each looks like and means.
export const MARKS = {
  both: { label: "moves or captures" },
  move: { label: "moves only (no capture)" },
  capture: { label: "captures only" },
  takes: { label: "captures a piece here without going there (igui, jump, approach, withdrawal)" },
  hop: { label: "goes here only by hopping a piece on the way (or after a capture)" },
  hurdle: { label: "a piece here can be hopped" },
  convert: { letter: "c", label: "converts an enemy here to its own side" },
  swap: { letter: "s", label: "exchanges places with a piece here" },
  pull: { letter: "p", label: "pulls an enemy here one step closer" },
  repel: { letter: "r", label: "pushes an enemy here one step away" },
  push: { letter: "t", label: "pushes a friend here one step on (a Tank)" },
  create: { letter: "+", label: "creates a new piece of its kind here" },
  lends: { letter: "L", label: "lends moves to a friend here (relay)" },
  doubles: { letter: "2", label: "a piece here, of either side, may move twice in its turn" },
  freezes: { label: "an enemy here cannot move" },
  restrains: { label: "an enemy here may only step (bewitched)" },
  burns: { label: "an enemy ending its turn here burns" },
};

const RAY_LABEL = {
  both: "rides on to the edge, moving or capturing",
  move: "rides on to the edge, moving only",
  capture: "rides on to the edge, capturing only",
  poisons: "poisons along its open queen lines",
  doubles: "doubles along its open queen lines: pieces of either side there may move twice",
};

/// The base of a square: "both", "move", "capture" or null.
function base(marks) {
  const m = marks.includes("move"), c = marks.includes("capture");
  return m && c ? "both" : m ? "move" : c ? "capture" : null;
}

/// Draws `d` centred on (cx, cy) in a square of `size`. `full`: the whole window with its grid,
/// arrows, routes and letters; otherwise (a piece on the board) only the squares within `reach`
/// as dots and the rides as short lines.
export function drawDiagram(parent, d, { cx = 0, cy = 0, size = 100, full = false, reach = 2, abbr = "" } = {}) {
  const radius = full ? Math.max(d.radius, 1) : reach;
  const n = 2 * radius + 1;
  const cell = size / n;
  const g = el("g", { class: full ? "diagram full" : "diagram mini" }, parent);
  const at = (dx, dy) => [cx + dx * cell, cy - dy * cell];
  if (full) {
    for (let dy = -radius; dy <= radius; dy++) {
      for (let dx = -radius; dx <= radius; dx++) {
        const [x, y] = at(dx, dy);
        el("rect", { x: x - cell / 2, y: y - cell / 2, width: cell, height: cell,
          class: `dg-square ${(dx + dy) % 2 ? "dg-light" : "dg-dark"}` }, g);
      }
    }
    for (const c of d.cells) {
      const [x, y] = at(c.dx, c.dy);
      for (const area of ["freezes", "restrains", "burns"]) {
        if (c.marks.includes(area)) {
          el("rect", { x: x - cell / 2, y: y - cell / 2, width: cell, height: cell, class: `dg-${area}` }, g);
        }
      }
    }
    for (const p of d.paths || []) {
      const [tx, ty] = at(p.dx, p.dy);
      for (const via of p.via) {
        for (const [vx, vy] of via) {
          const [mx, my] = at(vx, vy);
          el("polyline", { points: `${cx},${cy} ${mx},${my} ${tx},${ty}`, class: "dg-path" }, g);
        }
      }
    }
  }
  const [ox, oy] = at(0, 0);
  el("rect", { x: ox - cell / 2, y: oy - cell / 2, width: cell, height: cell,
    class: d.royal ? "dg-centre dg-royal" : "dg-centre" }, g);
  if (full && abbr) {
    const t = el("text", { x: ox, y: oy, class: "dg-abbr", "font-size": cell * 0.5 }, g);
    t.textContent = abbr;
  }
  for (const r of d.rays) {
    // A limited ride that ends inside the window: a bar after its last square, its range beside.
    if (r.range && r.range * Math.max(Math.abs(r.dx), Math.abs(r.dy)) <= radius) {
      if (!full) continue;
      const [bx, by] = at(r.dx * (r.range + 0.5), r.dy * (r.range + 0.5));
      const len = Math.hypot(r.dx, r.dy), px = -r.dy / len, py = -r.dx / len;
      const h = cell * 0.35;
      el("line", { x1: bx - px * h, y1: by - py * h, x2: bx + px * h, y2: by + py * h,
        class: `dg-stop dg-ray-${r.kind}`, "stroke-width": cell * 0.12 }, g);
      continue;
    }
    const reachOut = full ? radius + 0.45 : radius + 0.3;
    const steps = reachOut / Math.max(Math.abs(r.dx), Math.abs(r.dy));
    const [ex, ey] = at(r.dx * steps, r.dy * steps);
    el("line", { x1: cx, y1: cy, x2: ex, y2: ey, class: `dg-ray dg-ray-${r.kind}`,
      "stroke-width": full ? cell * 0.08 : cell * 0.16 }, g);
    if (full) {
      // An arrowhead at the window's edge: the ride goes on.
      const len = Math.hypot(ex - cx, ey - cy), ux = (ex - cx) / len, uy = (ey - cy) / len;
      const h = cell * 0.3;
      const pts = [[ex, ey], [ex - ux * h - uy * h * 0.6, ey - uy * h + ux * h * 0.6],
        [ex - ux * h + uy * h * 0.6, ey - uy * h - ux * h * 0.6]];
      el("polygon", { points: pts.map((p) => p.join(",")).join(" "), class: `dg-arrow dg-ray-${r.kind}` }, g);
      if (r.range) {
        const t = el("text", { x: ex + ux * cell * 0.3, y: ey + uy * cell * 0.3, class: "dg-range",
          "font-size": cell * 0.4 }, g);
        t.textContent = String(r.range);
      }
    }
  }
  for (const c of d.cells) {
    if (Math.abs(c.dx) > radius || Math.abs(c.dy) > radius) continue;
    const [x, y] = at(c.dx, c.dy);
    const b = base(c.marks);
    if (b === "both") el("circle", { cx: x, cy: y, r: cell * 0.3, class: "dg-both" }, g);
    if (b === "move") el("circle", { cx: x, cy: y, r: cell * 0.24, class: "dg-move",
      "stroke-width": cell * (full ? 0.12 : 0.2) }, g);
    if (b === "capture") {
      const s = cell * 0.28;
      el("polygon", { points: `${x},${y - s} ${x + s},${y} ${x},${y + s} ${x - s},${y}`, class: "dg-capture" }, g);
    }
    if (!full) {
      if (!b && c.marks.some((m) => m !== "hurdle" && m !== "burns")) {
        el("circle", { cx: x, cy: y, r: cell * 0.22, class: "dg-special" }, g);
      }
      continue;
    }
    if (c.marks.includes("takes")) {
      const s = cell * 0.3;
      el("path", { d: `M${x - s},${y - s}L${x + s},${y + s}M${x + s},${y - s}L${x - s},${y + s}`,
        class: "dg-takes", "stroke-width": cell * 0.1 }, g);
    }
    if (c.marks.includes("hop")) {
      el("circle", { cx: x, cy: y, r: cell * 0.4, class: "dg-hop", "stroke-width": cell * 0.07 }, g);
    }
    if (c.marks.includes("hurdle")) {
      const s = cell * 0.16, hx = x - cell * 0.28, hy = y + cell * 0.28;
      el("polygon", { points: `${hx},${hy - s} ${hx + s},${hy + s * 0.7} ${hx - s},${hy + s * 0.7}`, class: "dg-hurdle" }, g);
    }
    const lettered = c.marks.filter((m) => MARKS[m] && MARKS[m].letter);
    const letters = lettered.map((m) => MARKS[m].letter);
    if (letters.length) {
      const t = el("text", { x: x + cell * 0.3, y: y - cell * 0.22, class: `dg-letter dg-letter-${lettered[0]}`,
        "font-size": cell * 0.42 }, g);
      t.textContent = letters.join("");
    }
  }
  if (d.pass) {
    el("circle", { cx: ox, cy: oy, r: cell * 0.62, class: "dg-pass", "stroke-width": cell * 0.08 }, g);
  }
  return g;
}

/// The legend of the marks `d` uses, as [symbol class or letter, text] rows.
export function legendOf(d) {
  const used = new Set();
  for (const c of d.cells) {
    const b = base(c.marks);
    if (b) used.add(b);
    for (const m of c.marks) if (m !== "move" && m !== "capture") used.add(m);
  }
  const rows = Object.entries(MARKS).filter(([k]) => used.has(k)).map(([k, v]) => ({ key: k, text: v.label, letter: v.letter }));
  for (const kind of new Set(d.rays.filter((r) => !r.range).map((r) => r.kind))) {
    rows.push({ key: `ray-${kind}`, text: RAY_LABEL[kind] || kind });
  }
  const ranges = [...new Set(d.rays.filter((r) => r.range).map((r) => r.range))];
  if (ranges.length) rows.push({ key: "stop", text: `rides at most ${ranges.join(" or ")} squares (a bar where it stops)` });
  if ((d.paths || []).length) rows.push({ key: "path", text: "the route of a move: a piece on it blocks the move" });
  if (d.pass) rows.push({ key: "pass", text: "may pass its turn" });
  if (d.royal) rows.push({ key: "royal", text: "royal: losing it loses the game" });
  return rows;
}
