// Stepping through a match record: what the table looked like after each call or trick.

export const STEPS_PER_HAND = 14; // the calls, then 13 tricks

export function stepCount(record) {
  return record.hands.length * STEPS_PER_HAND;
}

// Everything shown at one step: hand index, trick index (-1 = after the calls), the cards
// each seat still holds, tricks won so far, totals before or after the hand.
export function stateAt(record, step) {
  const handIndex = Math.floor(step / STEPS_PER_HAND);
  const trickIndex = (step % STEPS_PER_HAND) - 1;
  const hand = record.hands[handIndex];
  const played = new Set();
  const won = [0, 0, 0, 0];
  for (const trick of hand.tricks.slice(0, trickIndex + 1)) {
    trick.cards.forEach((c) => played.add(c.card));
    won[trick.winner] += 1;
  }
  const trick = trickIndex >= 0 ? hand.tricks[trickIndex] : null;
  // Cards of the trick on show stay visible in the hands, marked, so the eye can find them.
  const showing = new Set(trick ? trick.cards.map((c) => c.card) : []);
  const holdings = hand.deal.map((cards) => cards.filter((c) => !played.has(c) || showing.has(c)));
  const before = handIndex === 0 ? [0, 0, 0, 0] : record.hands[handIndex - 1].totals;
  const handOver = trickIndex === hand.tricks.length - 1;
  return {
    handIndex, trickIndex, hand, trick, holdings, showing, won,
    totals: handOver ? hand.totals : before,
    handScores: handOver ? hand.scores : null,
  };
}

export function stepOf(record, handNumber, trick) {
  const index = record.hands.findIndex((hand) => hand.hand_number === handNumber);
  return index < 0 ? null : index * STEPS_PER_HAND + (trick === null ? 0 : trick + 1);
}

// The decisions where a seat lost the most, as marks keyed by step.
export function worstDecisions(record, analysis, limit = 5) {
  if (!analysis || analysis.status !== "ready") return new Map();
  const worst = analysis.decisions.filter((d) => d.loss > 0)
    .sort((a, b) => b.loss - a.loss).slice(0, limit);
  const marks = new Map();
  for (const decision of worst) {
    const step = stepOf(record, decision.hand_number, decision.trick);
    if (step !== null && !marks.has(step)) marks.set(step, decision);
  }
  return marks;
}

// The step at which each reaction of the record was sent: the calls of its hand, or the trick
// being played (a reaction carries the match's seq; moves carry theirs). Map: step → reactions.
export function reactionSteps(record) {
  const moves = record.made_by || [];
  const steps = new Map();
  for (const reaction of record.reactions || []) {
    let hand = 0;
    let plays = 0;
    let last = null;
    for (const move of moves) {
      if (move.seq > reaction.seq) break;
      if (move.kind === "call" && last === "play") { hand += 1; plays = 0; }
      if (move.kind === "play") plays += 1;
      last = move.kind;
    }
    const step = Math.min(stepCount(record) - 1, hand * STEPS_PER_HAND + Math.ceil(plays / 4));
    steps.set(step, [...(steps.get(step) || []), reaction]);
  }
  return steps;
}

export function runningTotals(record) {
  return [0, 1, 2, 3].map((seat) => record.hands.map((hand) => hand.totals[seat]));
}
