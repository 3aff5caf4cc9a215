// Cards in words for the table's labels, and actions in words as the server sends them: every
// message with a view carries ``words`` (each action string of it, from the game's own
// describe_action), so nothing here repeats a game's text.py. The words of the colours, suits
// and ranks that several games share are here (written in English, marked N_ for extraction,
// read in the page's language); a game's own words are in its module (games/<game>.js).

import { N_, t, translated } from "./i18n.js";
import { presentation } from "./games/index.js";

const COLOUR_WORDS = translated({ R: N_("red"), Y: N_("yellow"), G: N_("green"), B: N_("blue") });
export const COLOURS = ["R", "Y", "G", "B"];
export const COLOUR_NAMES = COLOUR_WORDS;
export const SUITS = ["C", "D", "H", "S"];
export const SUIT_SYMBOLS = { C: "♣", D: "♦", H: "♥", S: "♠" };
export const SUIT_WORDS = translated({ C: N_("clubs"), D: N_("diamonds"), H: N_("hearts"), S: N_("spades") });

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
export function trickCardFace(card) {
  return rankLetter(card) + SUIT_SYMBOLS[card[1]];
}

/** A card in words for any game (used for labels), as the game's module says it. */
export function cardWords(game, card) {
  return presentation(game).cardWords(card);
}

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
  return presentation(game).logLine(action, describeAction(game, action, names));
}
