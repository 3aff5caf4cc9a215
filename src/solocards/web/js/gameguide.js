// What each game is and how it is played, in the page's language: the lobby's short description
// of each game and the "How to play" page (js/howto.js). The texts are messages of the web
// catalog (t()), so translators find them in web.po beside the rest of the page.
//
// Sources: the rules this project plays by default, shared/rules/shedding.md §2 (UNO) and §1
// (AMIGO's SOLO), shared/rules/trick-taking.md part A (German Solo) and part B (Frog), and
// docs/<game>.md. The lobby's options change some of them: every page says so.

import { h } from "./dom.js";
import { t } from "./i18n.js";

/** The games that have a "How to play" page, in the lobby's order. */
export const GUIDED_GAMES = ["uno", "amigo-solo", "german-solo", "frog"];

const DESCRIPTIONS = {
  uno: () => t("Match the top card by colour, number or symbol and be the first to empty your hand; action cards skip, reverse and make others draw."),
  "amigo-solo": () => t("Match colour or symbol, jump in with the very same card, swap whole hands: the first to empty their hand costs everybody else the points they still hold."),
  "german-solo": () => t("Four players bid for the contract; the declarer, alone or with a secret partner, needs five of the eight tricks. Spadilla, Manilla and Basta are the top trumps."),
  frog: () => t("Three players bid Frage, Solo or Heart Solo; the declarer plays against the other two and needs 61 of the 120 card points."),
};

/** The short description of a game (the lobby shows it), or null: gameDescription("frog"). */
export function gameDescription(game) {
  return DESCRIPTIONS[game]?.() ?? null;
}

/** Where the "How to play" page of a game is: howToPlayPath("amigo-solo"). */
export function howToPlayPath(game) {
  return `/how-to-play/${encodeURIComponent(game)}`;
}

/**
 * The lobby's words on the chosen game: what it is, and the link to its "How to play" page.
 * gameIntro("uno") is a <p class="gameintro"> with the description and the link.
 */
export function gameIntro(game) {
  return h("p.gameintro", { dataset: { game } }, gameDescription(game) ?? "", " ",
    h("a.howtolink", { href: howToPlayPath(game) }, t("How to play")));
}

const GUIDES = {
  uno: () => [
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
  "amigo-solo": () => [
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
  "german-solo": () => [
    [t("The aim"), [
      t("Four players, 32 cards, eight each. An auction decides who declares the game; the declarer's side needs five of the eight tricks. Chips are paid by the game's value."),
    ]],
    [t("The cards"), [
      t("Spadilla (Q♣), Manilla (the seven of trumps) and Basta (Q♠) are always the three highest trumps; the rest of the trump suit follows, Ace high."),
      t("In the other suits the Ace is high and the seven low; the black queens belong to no suit but trumps."),
    ]],
    [t("The auction"), [
      t("Eldest, the player to the dealer's left, speaks first. Each player passes, and is out, or names a higher game; an earlier player may hold, that is, play the game a later one proposes."),
      t("From low to high: simple game (2 chips), simple in couleur (4), forcée partout (4), forcée in couleur (8), solo (4), solo in couleur (8), tout (16), tout in couleur (32). Couleur is clubs unless the table says otherwise."),
      t("Whoever holds both black queens must announce forcée partout unless a solo or more is bid. If everybody passes, the holder of Spadilla must play a simple game."),
    ]],
    [t("Partner or alone"), [
      t("In a simple game the declarer names trump and calls an Ace: its holder is his partner, secret until that Ace is played. A solo is played alone against the other three."),
    ]],
    [t("The play"), [
      t("Eldest leads. Follow suit if you can; if you cannot, you may trump or play any card. The highest trump wins the trick, else the highest card of the suit led."),
      t("You need not play Spadilla, Manilla or Basta to a trump lead when you hold no other trump, unless a higher one of the three was led."),
    ]],
    [t("Scoring"), [
      t("The losers each pay the game's value: to the declarer in a game played alone, to one winner each in a partnership. The value grows by a chip when the declaring side was dealt all three matadores, and by one for each trump from the Ace down that follows them."),
      t("The dealer pays a stake into the pool before the deal. A game lost alone pays a béte into it; a game won alone in couleur takes a stamm from it."),
    ]],
  ],
  frog: () => [
    [t("The aim"), [
      t("Three players, 36 cards: eleven each and three in the talon. The declarer plays against the other two and needs 61 of the 120 card points; 60 is a draw."),
      t("Cards rank A 10 K Q J 9 8 7 6 in every suit and count A 11, 10 10, K 4, Q 3, J 2."),
    ]],
    [t("The auction"), [
      t("Eldest, the player to the dealer's left, speaks first. Each player passes, and is out, or names a higher contract; if everybody passes, the deal is thrown in."),
      t("Frage: hearts are trump; you take the talon and discard three cards. The lowest contract."),
      t("Solo: you name spades, clubs or diamonds as trump; the unseen talon counts for you. Each point pays more than in a Frage."),
      t("Heart Solo: hearts are trump; the unseen talon counts for you. The highest contract, each point pays the most."),
    ]],
    [t("The play"), [
      t("Eldest leads. Follow suit if you can, else trump if you can, else play any card. The highest trump wins the trick, else the highest card of the suit led."),
    ]],
    [t("Scoring"), [
      t("For each card point above 60 each opponent pays the declarer one point in a Frage, two in a Solo and three in a Heart Solo; below 60 the declarer pays each of them the same way. The first to 60 points or more wins the match."),
    ]],
  ],
};

/**
 * How a game is played, as sections: [[title, [paragraph, ...]], ...], or null for a game
 * without a guide. howToPlay("uno")[0][0] is "The aim" in the page's language.
 */
export function howToPlay(game) {
  return GUIDES[game]?.() ?? null;
}
