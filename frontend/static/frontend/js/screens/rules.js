// How to play: the standard rules in a few lines, then the other rule sets a custom match can
// choose, as the server describes them. Readable signed in or out.
import { api } from "../api.js";
import { h } from "../dom.js";
import { gettext } from "../i18n.js";

function part(title, ...lines) {
  return h("section", { class: "rules-part" }, h("h2", {}, title), ...lines.map((line) => h("p", {}, line)));
}

export async function mount(main, route, ctx) {
  const others = h("div", { testid: "rules-presets" });
  main.append(h("article", { class: "panel rules", testid: "rules" },
    h("h1", {}, gettext("How to play")),
    part(gettext("The game"),
      gettext("Four players, each for themselves. Each is dealt 13 cards from one deck; spades are always trump."),
      gettext("A match is 5 hands. The highest total after the last hand wins.")),
    part(gettext("Calls"),
      gettext("Before each hand, starting after the dealer, every player calls how many tricks they will take, from 1 to 8.")),
    part(gettext("Play"),
      gettext("The player after the dealer leads; the winner of each trick leads the next."),
      gettext("Follow the suit led if you can, and beat the highest card of that suit in the trick if you can (unless a spade has already been played on it)."),
      gettext("With none of the suit led, play a spade that beats every spade in the trick. Only when you cannot may you play any card."),
      gettext("The highest spade wins the trick; with no spade in it, the highest card of the suit led.")),
    part(gettext("Scoring"),
      gettext("Take at least your call: you score the call, plus 0.1 for each extra trick (call 3, take 5: 3.2)."),
      gettext("Take fewer: you lose your call (call 4, take 3: −4).")),
    part(gettext("At the table"),
      gettext("On your turn the cards you may play are raised; tapping a grey card says why it may not go."),
      gettext("A small gold dot marks the card that led the trick."),
      gettext("Each turn has a time limit. When it runs out, a bot plays for you; after two missed turns in a row, autopilot plays until you tap “I'm back”.")),
    others,
    h("p", { class: "muted" }, h("a", { class: "onward", href: "/", testid: "rules-back" }, gettext("Back to the game →")))));
  try {
    const catalogue = await api.rules();
    others.append(h("h2", {}, gettext("Other rules")),
      h("p", {}, gettext("A custom match may choose other rules; the table always plays the rules its match was created with.")),
      h("dl", { class: "rules-presets" }, catalogue.presets.flatMap((p) => [h("dt", {}, p.label), h("dd", {}, p.description)])));
  } catch {
    /* offline with no copy: the standard rules above still read */
  }
}
