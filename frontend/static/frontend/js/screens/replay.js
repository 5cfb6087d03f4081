// The replay viewer: all four hands, calls, each trick and its winner, the running score.
import { api } from "../api.js";
import { cardFace, cardName, cardText, handBySuit, SUITS } from "../cards.js";
import { totalsChart } from "../chart.js";
import { fill, h, seatLabel } from "../dom.js";
import { date, listAnd, number, ordinal, score } from "../format.js";
import { handLabel, handsLabel } from "../handlabel.js";
import { gettext, interpolate, ngettext } from "../i18n.js";
import { isMuted, reactionBadge, reactionSet } from "../reactions.js";
import { costMeaning, decisionLine, reasonSentence } from "../reasons.js";
import { reactionSteps, runningTotals, stateAt, stepCount, worstDecisions } from "../replaymodel.js";

// While the analysis is prepared (about a minute), it is asked for every 4 s, for 6 minutes.
const ANALYSIS_EVERY_MS = 4000;
const ANALYSIS_TRIES = 90;

// Each seat as the table names it (a bot's name in the page's script), this player's marked.
function seatNames(record, me) {
  return record.seats.map((s) => (s.seat === me ? interpolate(gettext("%(name)s (you)"), { name: s.name })
    : seatLabel(s)));
}

function holdingRow(cards, showing) {
  return handBySuit(cards).map(({ suit, ranks }) => h("span", { class: `suit-group suit-${suit}` },
    h("span", { class: "suit-sym", "aria-hidden": "true" }, SUITS[suit]),
    ranks.map((r) => {
      const card = (r === "10" ? "T" : r) + suit;
      return h("span", { class: showing.has(card) ? "played" : "", role: "img", "aria-label": cardName(card) }, r);
    })));
}

// "Asha, Ram, Sita and Hari · 4 Dec": who played, and when it ended.
function title(record) {
  const players = listAnd(record.seats.map(seatLabel));
  if (!record.finished_at) return players;
  // The date stays on one line.
  return interpolate(gettext("%(players)s · %(date)s"), { players, date: date(record.finished_at).replace(/\s/g, "\u00a0") });
}

// How long the match was, as its rules set it: a fixed number of hands or no fixed end, and
// the hands that played off a tie for first place.
function lengthNote(record) {
  const playOffs = record.hands.filter((hand) => hand.play_off).length;
  const length = handsLabel(record.rules.hands, record.hands.length - playOffs);
  if (!playOffs) return length;
  return interpolate(ngettext("%(length)s, then %(count)s play-off hand for first place",
    "%(length)s, then %(count)s play-off hands for first place", playOffs), { length, count: number(playOffs) });
}

export async function mount(main, route, ctx) {
  const id = Number(route.params.id);
  main.append(h("p", { class: "loading" }, gettext("Loading the record…")));
  let record;
  try {
    record = await api.record(id);
  } catch (error) {
    fill(main, h("section", { class: "panel" }, h("h1", {}, gettext("Replay unavailable")),
      h("p", {}, error.message), h("a", { class: "btn", href: "/history" }, gettext("History"))));
    return null;
  }
  const me = record.seats.find((s) => s.name === ctx.user?.username)?.seat ?? null;
  const names = seatNames(record, me);
  const total = stepCount(record);
  let step = Math.min(total - 1, 0);
  let marks = new Map();

  const board = h("div", { class: "replay-board", testid: "replay-board" });
  const slider = h("input", { type: "range", min: 0, max: total - 1, value: 0, testid: "replay-slider", "aria-label": gettext("Step") });
  const label = h("p", { class: "replay-step", testid: "replay-step", "aria-live": "polite" });
  const marksBox = h("div", { class: "marks", testid: "replay-marks" });
  // Reactions where they were sent, unless hidden (the table's choice is the default).
  const reactionsAt = reactionSteps(record);
  const reactionsBox = h("div", { class: "replay-reactions", testid: "replay-reactions", "aria-live": "polite" });
  const showReactions = h("input", { type: "checkbox", checked: !isMuted(id), testid: "replay-show-reactions", onchange: () => draw() });
  let emoji = new Map();
  reactionSet().then((set) => { emoji = set; draw(); }).catch(() => {});
  const go = (n) => { step = Math.max(0, Math.min(total - 1, n)); draw(); };
  // A decision of the analysis: its moment's board, brought into view and marked.
  const show = (n) => {
    go(n);
    // Just below the sticky top bar, which would otherwise cover the trick.
    const bar = document.querySelector(".bar")?.getBoundingClientRect().bottom || 0;
    window.scrollTo({ top: window.scrollY + board.getBoundingClientRect().top - Math.max(0, bar) - 8,
      behavior: matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth" });
  };
  const button = (text, testid, onclick, aria) => h("button", { class: "btn btn-small", type: "button", testid, onclick, "aria-label": aria }, text);
  slider.addEventListener("input", () => go(Number(slider.value)));

  fill(main, h("section", { class: "panel replay", testid: "replay" },
    h("h1", { class: "replay-title", testid: "replay-title" }, title(record)),
    // Standings from first to last, as a results line reads (ties by total, then seat).
    h("p", { class: "muted", testid: "replay-places" }, [0, 1, 2, 3]
      .sort((a, b) => record.places[a] - record.places[b] || record.totals[b] - record.totals[a] || a - b)
      .map((s) => interpolate(gettext("%(place)s %(name)s %(total)s"),
        { place: ordinal(record.places[s]), name: names[s], total: score(record.totals[s]) })).join(" · ")),
    h("p", { class: "muted", testid: "replay-length" }, lengthNote(record)),
    label,
    h("div", { class: "replay-controls row" },
      button("«", "replay-first", () => go(0), gettext("First step")),
      button("◀", "replay-prev", () => go(step - 1), gettext("Previous step")),
      slider,
      button("▶", "replay-next", () => go(step + 1), gettext("Next step")),
      button("»", "replay-last", () => go(total - 1), gettext("Last step"))),
    record.reactions?.length ? h("label", { class: "switch" }, showReactions, h("span", {}, gettext("Show reactions"))) : null,
    reactionsBox, board, marksBox,
    totalsChart(names, runningTotals(record), { label: gettext("Running totals hand by hand") })));

  function draw() {
    slider.value = step;
    const s = stateAt(record, step);
    const handNo = s.hand.hand_number;
    label.textContent = s.trickIndex < 0
      ? interpolate(gettext("%(hand)s: the calls"), { hand: handLabel(handNo, record.rules.hands, s.hand.play_off) })
      : interpolate(gettext("Hand %(number)s, trick %(trick)s of %(tricks)s: %(name)s wins"), {
        number: number(handNo), trick: number(s.trickIndex + 1), tricks: number(s.hand.tricks.length), name: names[s.trick.winner] });
    const mark = marks.get(step);
    fill(reactionsBox, ...(showReactions.checked ? reactionsAt.get(step) || [] : []).filter((r) => emoji.has(r.reaction))
      .map((r) => h("span", { class: "row" }, reactionBadge(emoji.get(r.reaction), r.reaction), " ", names[r.seat])));
    board.classList.toggle("is-marked", Boolean(mark));
    const chosen = (seat, card) => mark && mark.kind === "play" && seat === me && card === mark.chosen;
    fill(board,
      s.trick ? h("div", { class: "replay-trick", testid: "replay-trick" }, s.trick.cards.map(({ seat, card }) =>
        h("figure", { class: [seat === s.trick.winner ? "won" : "", chosen(seat, card) ? "chosen" : ""].join(" ").trim() },
          cardFace(card, { small: true }), h("figcaption", {}, names[seat]))))
        : h("p", { class: "muted" }, interpolate(gettext("Dealer: %(name)s"), { name: names[s.hand.dealer] })),
      mark ? h("div", { class: "mark-note", testid: "mark-note" }, h("p", {}, decisionLine(mark)),
        reasonSentence(mark) ? h("p", { testid: "mark-note-reason" }, reasonSentence(mark)) : null) : null,
      h("ul", { class: "replay-seats" }, [0, 1, 2, 3].map((seat) => h("li", { class: seat === me ? "is-me" : "", testid: "replay-seat" },
        h("div", { class: "row spread" }, h("strong", { class: "replay-name" }, names[seat]),
          h("span", {}, interpolate(gettext("Call %(call)s · Won %(won)s"), { call: number(s.hand.calls[seat]), won: number(s.won[seat]) }), " · ",
            s.handScores ? h("span", { class: "muted" }, interpolate(gettext("hand %(points)s"), { points: score(s.handScores[seat]) }), " · ") : null,
            h("strong", { testid: "replay-total" }, score(s.totals[seat])))),
        h("div", { class: "holding", testid: "replay-hand" }, holdingRow(s.holdings[seat], s.showing))))));
  }
  draw();

  const onKey = (event) => {
    if (event.target.closest("input, select, textarea")) return;
    if (event.key === "ArrowRight") go(step + 1);
    if (event.key === "ArrowLeft") go(step - 1);
  };
  document.addEventListener("keydown", onKey);

  // The analysis is asked for again every few seconds while it is being prepared (it is
  // queued when first asked for), so its marks show without a reload.
  let again = null;
  let closed = false;
  if (me !== null) {
    let tries = 0;
    const preparing = () => h("p", { class: "muted", testid: "analysis-pending" }, gettext("The analysis of your moves is being prepared."));
    const later = () => {
      clearTimeout(again);
      if (!closed && tries < ANALYSIS_TRIES) again = setTimeout(loadAnalysis, ANALYSIS_EVERY_MS);
    };
    const retry = () => api.retryAnalysis(id, me)
      .then(() => { fill(marksBox, preparing()); tries = 0; later(); })
      .catch((error) => fill(marksBox, h("p", { class: "muted", testid: "analysis-failed" }, error.message)));
    const loadAnalysis = () => api.analysis(id, me).then((analysis) => {
      if (closed) return;
      tries += 1;
      marks = worstDecisions(record, analysis);
      const parts = [];
      if (analysis?.status === "pending") {
        parts.push(preparing());
        later();
      }
      if (analysis?.status === "failed") {
        parts.push(h("p", { class: "muted", testid: "analysis-failed" }, analysis.detail),
          analysis.can_retry ? h("button", { class: "btn btn-small", type: "button", testid: "analysis-retry", onclick: retry }, gettext("Try again")) : null);
      }
      if (analysis?.status === "ready" && !marks.size) {
        parts.push(h("p", { class: "muted", testid: "analysis-clean" }, gettext("The analysis found no costly move of yours in this match.")));
      }
      if (marks.size) {
        parts.push(h("h2", {}, gettext("Your costliest moves")),
          h("p", { class: "muted", testid: "cost-meaning" }, costMeaning()),
          h("ol", {}, [...marks.entries()].sort((a, b) => a[0] - b[0]).map(([at, d]) => h("li", { testid: "mark-item" },
            h("button", { class: "link", type: "button", testid: "mark", onclick: () => show(at) },
              d.trick === null
                ? interpolate(gettext("Hand %(number)s, call: −%(cost)s"), { number: number(d.hand_number), cost: score(d.loss) })
                : interpolate(gettext("Hand %(number)s, trick %(trick)s: −%(cost)s"),
                  { number: number(d.hand_number), trick: number(d.trick + 1), cost: score(d.loss) })),
            h("p", { class: "mark-reason" }, decisionLine(d)),
            reasonSentence(d) ? h("p", { class: "mark-reason", testid: "mark-reason" }, reasonSentence(d)) : null))));
      }
      fill(marksBox, ...parts);
      draw();
    }).catch(() => { /* no analysis for this match (yet): the replay works without it */ });
    loadAnalysis();
  }
  return () => {
    closed = true;
    clearTimeout(again);
    document.removeEventListener("keydown", onKey);
  };
}
