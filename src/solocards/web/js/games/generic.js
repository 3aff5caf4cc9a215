// The presentation of a game that ships no browser module of its own, and the defaults of every
// other one: cards in their own spelling, every action a button in the server's words (the
// game's describe_action), the other seats in a row, a round called a round.

import { t, tn } from "../i18n.js";

/** The seat's name, or "seat 2" where none is known. */
const seatName = (names, seat) => names?.[seat] ?? t("seat {number}", { number: seat });

export default {
  family: "plain",
  cardWords: (card) => card,
  control: (action, { say }) => ({ button: { action, label: say(action), kind: "other", group: "main" } }),
  callWords: null,
  prompt(view, names, me) {
    if (view.is_over) return t("The round is over.");
    if (me !== null && me !== undefined && view.can_act) return t("Your turn.");
    const current = view.current ?? null;
    return current === null ? "" : t("{name} to play.", { name: seatName(names, current) });
  },
  seatLines: () => [],
  handWords: (view, seat, cards) => tn("{n} card", "{n} cards", cards),
  centre: null,
  contractRows: null,
  logLine: (action, words) => words,
  contractHelp: () => null,
  cardHelp: () => null,
  cardPoints: null,
  isCard: () => false,
  whyAction: (card) => card,
  rulesSummary: () => [],
  description: () => null,
  guide: () => null,
  countsDeals: false,
  breakdownSaysAll: false,
  resultLines: () => null,
  matchProgress: (options, n) => t("Round {n}", { n }),
};
