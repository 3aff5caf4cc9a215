// Cards in words for the table's labels, and actions in words as the server sends them: every
// message with a view carries ``words`` (each action string of it, from the game's own
// describe_action), so nothing here repeats a game's text.py. The tables of words below are
// written in English (marked N_ for extraction) and read in the page's language.

import { N_, t, translated } from "./i18n.js";

const COLOUR_WORDS = translated({ R: N_("red"), Y: N_("yellow"), G: N_("green"), B: N_("blue") });
export const COLOURS = ["R", "Y", "G", "B"];
export const COLOUR_NAMES = COLOUR_WORDS;
export const SUITS = ["C", "D", "H", "S"];
export const SUIT_SYMBOLS = { C: "♣", D: "♦", H: "♥", S: "♠" };
export const SUIT_WORDS = translated({ C: N_("clubs"), D: N_("diamonds"), H: N_("hearts"), S: N_("spades") });

const UNO_RANKS = translated({ S: N_("Skip"), R: N_("Reverse"), "+2": N_("Draw Two") });
const SOLO_RANKS = translated({ S: N_("Skip"), R: N_("Change Direction"), "+2": N_("Plus Two"), X: N_("Swap") });
/** A coloured card in words, one message per colour (its word agrees with the rank's). */
const COLOURED_CARD = {
  // translators: a card of UNO or AMIGO's SOLO; {rank} is its number or its word (Skip, Reverse...)
  R: (rank) => t("red {rank}", { rank }),
  Y: (rank) => t("yellow {rank}", { rank }),
  G: (rank) => t("green {rank}", { rank }),
  B: (rank) => t("blue {rank}", { rank }),
};

const SHED_CARD = {
  uno: /^(W\+4|W|[RYGB](?:\+2|[0-9]|S|R))/,
  "amigo-solo": /^(W\+4|WX|W|[RYGB](?:\+2|[1-9]|S|R|X))/,
};

/** The cards of a shedding card string joined by "+" ("R7", "R7+G7"), or null. */
export function splitCards(game, body) {
  const pattern = SHED_CARD[game];
  if (!pattern) return null;
  const cards = [];
  let rest = body;
  while (rest.length) {
    const m = rest.match(pattern);
    if (!m) return null;
    cards.push(m[1]);
    rest = rest.slice(m[1].length);
    if (rest.length) {
      if (rest[0] !== "+") return null;
      rest = rest.slice(1);
      if (!rest.length) return null;
    }
  }
  return cards.length ? cards : null;
}

/** A shedding card in words: "red 7", "blue Draw Two", "Wild Draw Four". */
export function shedCardWords(game, card) {
  if (card === "W") return t("Wild");
  if (card === "W+4") return game === "uno" ? t("Wild Draw Four") : t("Wild Plus Four");
  if (card === "WX") return t("Swap all round");
  const rank = card.slice(1);
  const ranks = game === "uno" ? UNO_RANKS : SOLO_RANKS;
  const words = ranks[rank] ?? rank;
  return COLOURED_CARD[card[0]] ? COLOURED_CARD[card[0]](words) : `${card[0]} ${words}`;
}

const RANK_LETTERS = translated({
  // translators: the letter of a Jack on a card ("J♦"); Russian В (валет), German B (Bube)
  J: N_("J"),
  // translators: the letter of a Queen on a card ("Q♣"); Russian Д (дама), German D (Dame)
  Q: N_("Q"),
  // translators: the letter of a King on a card ("K♥"); Russian К (король), German K (König)
  K: N_("K"),
  // translators: the letter of an Ace on a card ("A♠"); Russian Т (туз), German A (Ass)
  A: N_("A"),
});

/** The rank of a trick card ("QC", "TH") as the cards show it in the page's language: "10"
 * for a ten, the language's letter for a court card or an Ace (Д for the Queen in Russian).
 * The card notation itself ("QC") never changes. */
export function rankLetter(card) {
  if (card[0] === "T") return "10";
  return RANK_LETTERS[card[0]] ?? card[0];
}

/** A trick card for people: "10♠", "Q♣" (Д♣ in Russian). */
function trickCardFace(card) {
  return rankLetter(card) + SUIT_SYMBOLS[card[1]];
}

/** A German Solo card in words: "Spadilla (Q♣)", "Basta (Q♠)" (the names the engine's
 * catalog gives them: Spadille, Спадилья...), else its face ("10♥"). */
export function germanCardWords(card) {
  // translators: the first matador of German Solo; German: Spadille. The same words as the engine's
  if (card === "QC") return t("Spadilla (Q♣)");
  if (card === "QS") return t("Basta (Q♠)");
  return trickCardFace(card);
}

/** A Frog card for people: "10♠", "Q♣". */
export function frogCardWords(card) {
  return trickCardFace(card);
}

/** A card in words for any game (used for labels). */
export function cardWords(game, card) {
  if (game === "german-solo") return germanCardWords(card);
  if (game === "frog") return frogCardWords(card);
  return shedCardWords(game, card);
}

/** Split a shedding action into its parts: {cards, colour, target, call} or null. */
export function parseShedPlay(game, action) {
  const call = action.endsWith("!");
  let body = call ? action.slice(0, -1) : action;
  let target = null;
  let m = body.match(/^(.*)>(\d+)$/);
  if (m) {
    body = m[1];
    target = Number(m[2]);
  }
  let colour = null;
  m = body.match(/^(.*):([RYGB])$/);
  if (m) {
    body = m[1];
    colour = m[2];
  }
  const cards = splitCards(game, body);
  if (!cards) return null;
  return { cards, body, colour, target, call };
}

export const GERMAN_CONTRACT_WORDS = translated({
  // translators: the contracts of German Solo, in the terms German players use (Frage, Solo, Tout...)
  simple: N_("simple game"),
  "simple-couleur": N_("simple game in couleur"),
  forcee: N_("forcée partout"),
  "forcee-couleur": N_("forcée partout in couleur"),
  solo: N_("solo"),
  "solo-couleur": N_("solo in couleur"),
  tout: N_("tout"),
  "tout-couleur": N_("tout in couleur"),
  "forcee-simple": N_("forcée simple"),
  "forcee-simple-couleur": N_("forcée simple in couleur"),
});

/** A card of the trick games: German Solo's 40-card pack (for five) adds the Fives and Sixes. */
export const TRICK_CARD = /^[56789TJQKA][CDHS]$/;

export const FROG_CONTRACTS = translated({
  // translators: the contracts of Frog (the Russian text names them Фраге, Соло, Червовое соло)
  frage: N_("Frage"),
  solo: N_("Solo"),
  "heart-solo": N_("Heart Solo"),
  ramsch: N_("Ramsch (all passed)"),
});

const LEARNED = new Map();

/** Remember the words the server sent with a view (``words``: action string -> words). */
export function learnWords(game, words) {
  if (!game || !words) return;
  let known = LEARNED.get(game);
  if (!known) LEARNED.set(game, (known = new Map()));
  for (const [action, said] of Object.entries(words)) known.set(action, said);
}

/** A seat as a sentence names it: its player's name, or "seat 2" where no name is known. */
export function seatName(names, seat) {
  return names?.[seat] ?? t("seat {number}", { number: seat });
}

/** The server writes a player named in an action's words as the token {seat:N} (in every
 * language); here each token becomes the player's name. */
export function nameSeats(words, names) {
  return words.replace(/\{seat:(\d+)\}/g, (m, n) => seatName(names, Number(n)));
}

/** An action in words, exactly as the game's describe_action says it (the server sends them
 * with every view), the players it names by their ``names``; an action not heard of yet keeps
 * its own spelling. */
export function describeAction(game, action, names) {
  const words = LEARNED.get(game)?.get(action);
  return words === undefined ? action : nameSeats(words, names);
}

/** A log line's words after the name ("plays 7♥"), seats named. */
export function logLine(game, action, names) {
  const words = describeAction(game, action, names);
  if (game === "german-solo") {
    return TRICK_CARD.test(action) ? t("plays {card}", { card: words }) : t("says “{bid}”", { bid: words });
  }
  return words;
}
