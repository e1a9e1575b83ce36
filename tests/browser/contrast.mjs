// WCAG 2 contrast of what a page shows, from the browser's computed styles: the colour of a text
// against the background it is drawn on (the nearest ancestors' backgrounds, translucent ones
// composited), or the colour of a mark (a legend's disc) against what is behind it.

/** The elements matched by `selector` that show text, each with its contrast. */
export function textContrasts(page, selector) {
  return page.evaluate(measure, { selector, marks: false });
}

/** The elements matched by `selector` (marks drawn by their background colour), each against
 * the background of what holds them. */
export function markContrasts(page, selector) {
  return page.evaluate(measure, { selector, marks: true });
}

/** Runs in the page (one self-contained function: the page's content security policy forbids
 * building code from text). */
function measure({ selector, marks }) {
  const parse = (c) => {
    const m = /rgba?\(([^)]+)\)/.exec(c || "");
    if (!m) return [0, 0, 0, 0];
    const p = m[1].split(/[\s,/]+/).filter(Boolean).map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
  };
  const over = (top, under) => [0, 1, 2].map((i) => top[i] * top[3] + under[i] * (1 - top[3])).concat(1);
  // The opaque colour behind an element's content: its own background and its ancestors'; the
  // canvas behind the page is white unless the root paints it.
  const backgroundFrom = (el) => {
    const layers = [];
    for (let e = el; e; e = e.parentElement) {
      const c = parse(getComputedStyle(e).backgroundColor);
      if (c[3] > 0) layers.push(c);
      if (c[3] >= 1) break;
    }
    return layers.reverse().reduce((under, top) => over(top, under), [255, 255, 255, 1]);
  };
  const luminance = (c) => {
    const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]);
  };
  const ratio = (a, b) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (hi + 0.05) / (lo + 0.05);
  };
  return [...document.querySelectorAll(selector)]
    .filter((e) => e.getClientRects().length && (marks || (e.textContent || "").trim()))
    .map((e) => {
      const behind = backgroundFrom(marks ? e.parentElement : e);
      const colour = marks ? getComputedStyle(e).backgroundColor : getComputedStyle(e).color;
      const shown = over(parse(colour), behind);
      const what = marks ? `${selector} mark` : `${selector} "${e.textContent.trim().slice(0, 24)}"`;
      return { what, ratio: Math.round(ratio(shown, behind) * 100) / 100 };
    });
}
