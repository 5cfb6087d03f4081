// A still copy of the table as last drawn, kept beside its view (viewcache.js), which the
// service worker puts into the shell of the match's page: the player's cards are on screen
// once the HTML is parsed, before any module has run. The copy is inert, its buttons are
// disabled and it is marked as updating; the table screen replaces it when it draws.
//
// The page's policy refuses style attributes, so the few properties the table sets per
// element (a card's place in the fan, an avatar's hue) move to a stylesheet the worker serves
// beside the copy, each element named by a data attribute.

// The table ``root`` of match ``id``, as HTML and the stylesheet it needs.
export function snapshotOf(root, id) {
  const copy = root.cloneNode(true);
  copy.classList.add("table-snapshot", "updating");
  copy.dataset.testid = "table-snapshot";
  copy.dataset.match = id;
  copy.setAttribute("inert", "");
  copy.setAttribute("aria-hidden", "true");
  copy.querySelector("[data-testid=table-updating]")?.removeAttribute("hidden");
  for (const button of copy.querySelectorAll("button")) button.setAttribute("disabled", "");
  const rules = [];
  for (const [i, el] of [...copy.querySelectorAll("[style]")].entries()) {
    rules.push(`.table-snapshot [data-snap="${i}"]{${el.style.cssText}}`);
    el.dataset.snap = i;
    el.removeAttribute("style");
  }
  return { html: copy.outerHTML, css: rules.join("\n"), lang: document.documentElement.lang };
}
