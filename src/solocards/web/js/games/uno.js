// UNO in the page: its cards and their words, its call ("UNO!"), what its action cards do,
// its rules in short and its "How to play" guide, its scores (the points left in the hands)
// and how far a match is (rounds, or a target score).
//
// Sources: shared/rules/shedding.md §2; the lobby's options change some of its rules.

import { N_, t, translated } from "../i18n.js";
import { sheddingGame, shedCardWords, shedControl } from "./shedding.js";

/** One UNO card at the start of a string: "R7", "B+2", "W+4", "W". */
const CARD = /^(W\+4|W|[RYGB](?:\+2|[0-9]|S|R))/;

const RANKS = translated({ S: N_("Skip"), R: N_("Reverse"), "+2": N_("Draw Two") });

const POINTS = { S: 20, R: 20, "+2": 20 };

/** The points of a UNO card left in a hand: its number, 20 for an action card, 50 for a wild. */
function cardPoints(card) {
  if (card.startsWith("W")) return 50;
  const rank = card.slice(1);
  return POINTS[rank] ?? Number(rank);
}

/** A UNO card in words: "red 7", "blue Draw Two", "Wild Draw Four". */
const cardWords = (card) => shedCardWords(card, RANKS, () => t("Wild Draw Four"));

export default {
  ...sheddingGame({
    cardWords,
    control: shedControl(CARD, () => t("Call UNO!")),
    callWords: () => ({
      button: t("UNO!"),
      title: t("Call UNO with the card you play next"),
      notCalled: t("no UNO called!"),
    }),
    call: "UNO",
    specials: () => ({
      S: t("Skip: the next player loses their turn."),
      R: t("Reverse: the direction of play changes (with two players it works like Skip)."),
      "+2": t("Draw Two: the next player draws two cards and loses their turn."),
      W: t("Wild: you name the next colour."),
      "W+4": t("Wild Draw Four: you name the colour; the next player draws four and loses their turn (it may be challenged)."),
    }),
  }),
  rulesSummary: () => [
    t("Play a card of the same colour, number or symbol as the top card, or a Wild; otherwise draw one."),
    t("Call UNO when you play your second-last card, or you can be caught and draw two."),
    t("The first to empty their hand wins the round and scores the cards left in the other hands."),
  ],
  description: () => t("Match the top card by colour, number or symbol and be the first to empty your hand; action cards skip, reverse and make others draw."),
  guide: () => [
    [t("The aim"), [
      t("Be the first to play every card of your hand. The winner of a round scores the cards left in the other hands; the first to 500 points wins the match."),
      t("Everyone is dealt seven cards; one card turned up starts the discard pile, and the player to the dealer's left begins."),
    ]],
    [t("Your turn"), [
      t("Play a card of the same colour, number or symbol as the top card, or a Wild; otherwise draw one."),
      t("You may draw even when you could play. A drawn card that fits may be played at once; otherwise your turn ends."),
    ]],
    [t("The action cards"), [
      t("Skip: the next player loses their turn."),
      t("Reverse: the direction of play changes (with two players it works like Skip)."),
      t("Draw Two: the next player draws two cards and loses their turn."),
      t("Wild: you name the next colour."),
      t("Wild Draw Four: you name the colour; the next player draws four and loses their turn (it may be challenged)."),
      t("A Wild Draw Four is fair only while you hold no card of the colour in force. If the next player challenges, a player who bluffed draws four, and otherwise the challenger draws six."),
    ]],
    [t("UNO!"), [
      t("Call UNO when you play your second-last card, or you can be caught and draw two."),
      t("At the table, switch on “UNO!” before you play that card, or press “UNO” right after it; “Catch” appears on the panel of a player who forgot."),
    ]],
    [t("Scoring"), [
      t("Number cards count their number; Skip, Reverse and Draw Two 20; Wild and Wild Draw Four 50."),
    ]],
  ],
  resultLines(entry, { each }) {
    const hands = entry.view?.final_hands;
    if (!hands) return null;
    const points = hands.map((cards) => cards.reduce((sum, c) => sum + cardPoints(c), 0));
    return [t("Points in each hand: {list}.", { list: each(points) })];
  },
  matchProgress(options, n) {
    return options.rounds
      ? t("Round {n} of {total} (or to {target})", { n, total: options.rounds, target: options.target_score })
      : t("Round {n} · to {target}", { n, target: options.target_score });
  },
};
