// The rules of the game on show, in the app: the variant's own data (board, sides, setup, how a
// game ends) from the server, with the project's readings of the text and the game's notation
// (Markdown from docs/, rendered here), and every piece type linked to its entry in the Pieces
// dialog. A game of a designer's variant file shows the file in place of the readings of a text.

import { $, api, showError, state } from "./state.js";

/// Inline Markdown (`code`, **bold**, *italic*) as nodes: text is never parsed as HTML.
function inline(text, parent) {
  const parts = text.split(/(`[^`]+`|\*\*[^*]+\*\*|\*[^*\s][^*]*\*)/);
  for (const part of parts) {
    if (!part) continue;
    let node;
    if (part.startsWith("`") && part.endsWith("`") && part.length > 1) {
      node = document.createElement("code"); node.textContent = part.slice(1, -1);
    } else if (part.startsWith("**") && part.endsWith("**") && part.length > 4) {
      node = document.createElement("strong"); node.textContent = part.slice(2, -2);
    } else if (part.startsWith("*") && part.endsWith("*") && part.length > 2) {
      node = document.createElement("em"); node.textContent = part.slice(1, -1);
    } else node = document.createTextNode(part);
    parent.appendChild(node);
  }
}

/// Block Markdown as the project's documents use it: headings, paragraphs, lists (with wrapped
/// lines), tables and fenced code.
export function renderMarkdown(md, into) {
  const lines = md.split("\n");
  let i = 0;
  const add = (tag, text) => { const e = document.createElement(tag); if (text !== undefined) inline(text, e); into.appendChild(e); return e; };
  while (i < lines.length) {
    const line = lines[i];
    if (!line.trim()) { i++; continue; }
    const h = /^(#{1,6}) (.*)$/.exec(line);
    if (h) { add(`h${Math.min(6, h[1].length + 2)}`, h[2]); i++; continue; }
    if (line.startsWith("```")) {
      const pre = document.createElement("pre");
      const code = [];
      for (i++; i < lines.length && !lines[i].startsWith("```"); i++) code.push(lines[i]);
      pre.textContent = code.join("\n");
      into.appendChild(pre); i++; continue;
    }
    if (line.startsWith("|")) {
      const table = document.createElement("table");
      for (; i < lines.length && lines[i].startsWith("|"); i++) {
        if (/^\|[\s:|-]+\|$/.test(lines[i])) continue;
        const tr = table.insertRow();
        for (const cell of lines[i].slice(1, -1).split("|")) inline(cell.trim(), tr.insertCell());
      }
      into.appendChild(table); continue;
    }
    if (/^\s*([*-]|\d+\.) /.test(line)) {
      const list = document.createElement(/^\s*\d/.test(line) ? "ol" : "ul");
      while (i < lines.length && lines[i].trim()) {
        let item = lines[i].replace(/^\s*([*-]|\d+\.) /, "");
        for (i++; i < lines.length && /^\s{2,}\S/.test(lines[i]) && !/^\s*([*-]|\d+\.) /.test(lines[i]); i++) {
          item += ` ${lines[i].trim()}`;
        }
        const li = document.createElement("li"); inline(item, li); list.appendChild(li);
      }
      into.appendChild(list); continue;
    }
    let para = line;
    for (i++; i < lines.length && lines[i].trim() && !/^(#|\||```|\s*([*-]|\d+\.) )/.test(lines[i]); i++) para += ` ${lines[i].trim()}`;
    add("p", para);
  }
}

async function showRules(openPieces) {
  const v = state.variant || state.variants[0];
  if (!v) return;
  let r;
  try { r = await api(`/api/variants/${v.id}/rules`); } catch (e) { showError(e); return; }
  const body = $("rules-body");
  body.innerHTML = "";
  const h = (tag, text) => { const e = document.createElement(tag); e.textContent = text; body.appendChild(e); return e; };
  // A designer's file has no published text behind it: the page says whose rules these are.
  h("h2", r.file ? `${r.title}: the rules (a designer's file, ${r.file})` : `${r.title}: the rules`);
  h("p", `Board ${r.board}; ${r.sides[0]} and ${r.sides[1]}; ${r.types} piece types. `
    + (r.royal.length ? `Royal: ${r.royal.join(", ")}.` : "No royal piece."));
  h("h3", "Setup");
  h("p", r.setup);
  h("h3", "How a game ends");
  const ends = document.createElement("ul");
  for (const line of r.victory) { const li = document.createElement("li"); li.textContent = line; ends.appendChild(li); }
  body.appendChild(ends);
  h("h3", "The pieces");
  const pieces = document.createElement("p");
  pieces.className = "rules-pieces";
  for (const p of v.pieces) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "link";
    b.textContent = `${p.name} (${p.abbr})`;
    b.dataset.abbr = p.abbr;
    b.addEventListener("click", () => { $("dlg-rules").close(); openPieces(p.abbr); });
    pieces.append(b, " ");
  }
  body.appendChild(pieces);
  h("h3", "Notation");
  renderMarkdown(r.notation, body);
  h("h3", r.file ? "Where these rules come from" : "How Jovian reads the text");
  renderMarkdown(r.readings, body);
  $("dlg-rules").showModal();
}

/// The header's Rules button; `openPieces(abbr)` shows that type in the Pieces dialog.
export function setupRules(openPieces) {
  $("btn-rules").addEventListener("click", () => showRules(openPieces));
}
