// The analysis's reasons in words. The server sends a reason code with the search's figures
// for the chosen and the best option (expected tricks, chance of making the call, chance of
// winning the trick in progress); each sentence below states those figures, nothing more.
import { cardText } from "./cards.js";
import { number, percent, score } from "./format.js";
import { gettext, interpolate } from "./i18n.js";

const tricks = (n) => number(n, { maximumFractionDigits: 1 });
const chance = (p) => (p === null || p === undefined ? "–" : percent(p * 100));

const SENTENCES = {
  wins_anyway: () => gettext("%(best)s keeps %(chosen)s to win a later trick; %(chosen)s here wins a trick you had anyway (%(best)s wins it in %(best_trick)s of deals). Tricks expected: %(best_tricks)s instead of %(chosen_tricks)s."),
  spends_winner: () => gettext("%(chosen)s wins this trick in %(chosen_trick)s of deals (%(best)s in %(best_trick)s) but costs a later one: %(best_tricks)s tricks expected with %(best)s, %(chosen_tricks)s with %(chosen)s."),
  gives_up_trick: () => gettext("%(best)s wins this trick in %(best_trick)s of deals, %(chosen)s in %(chosen_trick)s: %(best_tricks)s tricks expected instead of %(chosen_tricks)s."),
  risks_call: () => gettext("With %(best)s you make your call in %(best_made)s of deals; with %(chosen)s in %(chosen_made)s."),
  fewer_tricks: () => gettext("%(best)s takes %(best_tricks)s tricks on average; %(chosen)s takes %(chosen_tricks)s."),
  lower_score: () => gettext("%(best)s and %(chosen)s take about as many tricks and make your call about as often; %(best)s scores a little more on the same deals."),
  call_too_high: () => gettext("You expect %(tricks)s tricks: a call of %(chosen)s is made in %(chosen_made)s of deals, a call of %(best)s in %(best_made)s."),
  call_too_low: () => gettext("You expect %(tricks)s tricks and make a call of %(best)s in %(best_made)s of deals: calling %(chosen)s gives up points."),
};

// What was chosen and what the search prefers: "Play: chose K♣, best was 8♣ (cost 1.6)".
export function decisionLine(decision) {
  const values = { cost: score(decision.loss) };
  if (decision.kind === "call") {
    return interpolate(gettext("Call: chose %(chosen)s, best was %(best)s (cost %(cost)s)"),
      { ...values, chosen: number(decision.chosen), best: number(decision.best) });
  }
  return interpolate(gettext("Play: chose %(chosen)s, best was %(best)s (cost %(cost)s)"),
    { ...values, chosen: cardText(decision.chosen), best: cardText(decision.best) });
}

// Why the best option is better, in the search's figures; "" when the decision has no reason.
export function reasonSentence(decision) {
  const sentence = SENTENCES[decision.reason];
  const figures = decision.figures;
  if (!sentence || !figures) return "";
  const calling = decision.kind === "call";
  const { chosen, best } = figures;
  const name = calling ? number : cardText;
  return interpolate(sentence(), {
    chosen: name(decision.chosen), best: name(decision.best),
    chosen_trick: chance(chosen.trick), best_trick: chance(best.trick),
    chosen_made: chance(chosen.made), best_made: chance(best.made),
    chosen_tricks: tricks(chosen.tricks), best_tricks: tricks(best.tricks),
    tricks: tricks(decision.reason === "call_too_low" ? best.tricks : chosen.tricks),
  });
}

export function costMeaning() {
  return gettext("Cost: the points you could expect over the rest of the hand with the best choice, minus those with yours.");
}
