// AMIGO's SOLO in the page: its cards and their words, its call ("solo!"), what its action
// cards do (the swaps, the stacking Plus cards), its rules in short and its "How to play"
// guide, and how far a match is (a countdown from 500, or a target).
//
// Sources: shared/rules/shedding.md §1 and docs/amigo-solo.md; the lobby's options change some.

import { N_, t, translated } from "../i18n.js";
import { sheddingGame, shedCardWords, shedControl } from "./shedding.js";

/** One AMIGO's SOLO card at the start of a string: "R7", "GX", "W+4", "WX", "W". */
const CARD = /^(W\+4|WX|W|[RYGB](?:\+2|[1-9]|S|R|X))/;

const RANKS = translated({ S: N_("Skip"), R: N_("Change Direction"), "+2": N_("Plus Two"), X: N_("Swap") });

/** An AMIGO's SOLO card in words: "red 7", "green Swap", "Wild Plus Four". */
const cardWords = (card) => shedCardWords(card, RANKS, () => t("Wild Plus Four"));

export default {
  ...sheddingGame({
    cardWords,
    control: shedControl(CARD, () => t("Call solo!")),
    callWords: () => ({
      button: t("Solo!"),
      title: t("Call solo with the card you play next"),
      notCalled: t("no solo called!"),
    }),
    call: "solo",
    specials: () => ({
      S: t("Skip: the next player loses their turn."),
      R: t("Change Direction: the direction of play changes (with two players it works like Skip)."),
      "+2": t("Plus Two: the next player draws two cards, unless they pass it on with a Plus Two."),
      X: t("Swap: you swap your whole hand with a player you choose."),
      W: t("Wild: you name the next colour."),
      "W+4": t("Wild Plus Four: you name the colour; the next player draws four, unless they pass it on."),
      WX: t("Swap all round: every hand moves on one seat; then any card may be played."),
    }),
  }),
  rulesSummary: () => [
    t("Play a card of the same colour or the same number or symbol; black cards go on anything; or draw one."),
    t("Say solo with your second-last card. A player holding the very same card may jump in out of turn."),
    t("When a hand is empty, everybody else loses the points left in their hand from their total."),
  ],
  description: () => t("Match colour or symbol, jump in with the very same card, swap whole hands: the first to empty their hand costs everybody else the points they still hold."),
  guide: () => [
    [t("The aim"), [
      t("Be the first to empty your hand. Everyone starts with 500 points; at the end of each round the others lose the points still in their hands."),
      t("The match ends when a total falls to zero or below; the highest total wins."),
      t("Everyone is dealt eight cards from a pack of 112; cards are turned up until a number card starts the discard pile."),
    ]],
    [t("Your turn"), [
      t("Play a card of the same colour or the same number or symbol; black cards go on anything; or draw one."),
      t("You may draw even when you could play. A drawn card that fits may be played at once; otherwise your turn ends."),
    ]],
    [t("Jumping in"), [
      t("Another player who holds the very same coloured card as the one just played (the same colour and the same number or symbol) may play it at once, out of turn. The players in between are skipped, and play goes on from the one who jumped in."),
    ]],
    [t("Solo!"), [
      t("Say “solo” with the move that leaves you one card: switch on “Solo!” before you play it, or you draw two cards at once."),
    ]],
    [t("The action cards"), [
      t("Skip: the next player loses their turn."),
      t("Change Direction: the direction of play changes (with two players it works like Skip)."),
      t("Plus Two: the next player draws two cards, unless they pass it on with a Plus Two."),
      t("Swap: you swap your whole hand with a player you choose."),
      t("Wild: you name the next colour."),
      t("Wild Plus Four: you name the colour; the next player draws four, unless they pass it on."),
      t("Swap all round: every hand moves on one seat; then any card may be played."),
    ]],
    [t("Scoring"), [
      t("Number cards count their number; Change Direction 10, Skip 20, Plus Two and Swap 30, Wild and Swap all round 40, Wild Plus Four 50."),
    ]],
  ],
  matchProgress(options, n) {
    if (options.scoring === "bga_countdown") return t("Round {n} · from {start} down to 0", { n, start: options.start_total });
    const target = options.target_score || (options.scoring === "minus_points" ? 500 : 600);
    return t("Round {n} · to {target}", { n, target });
  },
};
