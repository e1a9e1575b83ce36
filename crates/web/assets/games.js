// The games the server offers, as the page names them: the built-in games, then the games of
// designers' variant files (`jovian serve --variants DIR`), each marked as a file with its name,
// so that no list suggests a published text behind a file's game.

/// A game's name in the choosers: its title and board, and for a file game the file.
export function gameLabel(v) {
  const size = `${v.width}x${v.height}`;
  return v.file ? `${v.title} (${size}; designer's file ${v.file})` : `${v.title} (${size})`;
}

/// Fills a game chooser: the built-in games, then the files' games under a heading of their own.
export function fillVariantSelect(select, variants) {
  select.innerHTML = "";
  const files = document.createElement("optgroup");
  files.label = "Designers' files";
  for (const v of variants) {
    const o = document.createElement("option");
    o.value = v.id; o.textContent = gameLabel(v);
    (v.file ? files : select).appendChild(o);
  }
  if (files.children.length) select.appendChild(files);
}
