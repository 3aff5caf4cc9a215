// Cards in words for the table's labels, and actions in words as the server sends them: every
// message with a view carries ``words`` (each action string of it, from the game's own
// describe_action), so nothing here repeats a game's text.py.

const COLOUR_WORDS = { R: "red", Y: "yellow", G: "green", B: "blue" };
export const COLOURS = ["R", "Y", "G", "B"];
export const COLOUR_NAMES = COLOUR_WORDS;
export const SUITS = ["C", "D", "H", "S"];
export const SUIT_SYMBOLS = { C: "♣", D: "♦", H: "♥", S: "♠" };
export const SUIT_WORDS = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };

const UNO_RANKS = { S: "Skip", R: "Reverse", "+2": "Draw Two" };
const SOLO_RANKS = { S: "Skip", R: "Change Direction", "+2": "Plus Two", X: "Swap" };

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
  if (card === "W") return "Wild";
  if (card === "W+4") return game === "uno" ? "Wild Draw Four" : "Wild Plus Four";
  if (card === "WX") return "Swap all round";
  const rank = card.slice(1);
  const ranks = game === "uno" ? UNO_RANKS : SOLO_RANKS;
  return `${COLOUR_WORDS[card[0]]} ${ranks[rank] ?? rank}`;
}

/** A German Solo card in words: "Spadilla (Q♣)", "10♥" (a ten as the cards show it). */
export function germanCardWords(card) {
  if (card === "QC") return "Spadilla (Q♣)";
  if (card === "QS") return "Basta (Q♠)";
  return (card[0] === "T" ? "10" : card[0]) + SUIT_SYMBOLS[card[1]];
}

/** A Frog card for people: "10♠", "Q♣". */
export function frogCardWords(card) {
  return (card[0] === "T" ? "10" : card[0]) + SUIT_SYMBOLS[card[1]];
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

export const GERMAN_CONTRACT_WORDS = {
  simple: "simple game",
  "simple-couleur": "simple game in couleur",
  forcee: "forcée partout",
  "forcee-couleur": "forcée partout in couleur",
  solo: "solo",
  "solo-couleur": "solo in couleur",
  tout: "tout",
  "tout-couleur": "tout in couleur",
  "forcee-simple": "forcée simple",
  "forcee-simple-couleur": "forcée simple in couleur",
};

/** A card of the trick games: German Solo's 40-card pack (for five) adds the Fives and Sixes. */
export const TRICK_CARD = /^[56789TJQKA][CDHS]$/;

export const FROG_CONTRACTS = {
  frage: "Frage",
  solo: "Solo",
  "heart-solo": "Heart Solo",
  ramsch: "Ramsch (all passed)",
};

const LEARNED = new Map();

/** Remember the words the server sent with a view (``words``: action string -> words). */
export function learnWords(game, words) {
  if (!game || !words) return;
  let known = LEARNED.get(game);
  if (!known) LEARNED.set(game, (known = new Map()));
  for (const [action, said] of Object.entries(words)) known.set(action, said);
}

/** An action in words, exactly as the game's describe_action says it (the server sends them
 * with every view); an action not heard of yet keeps its own spelling. */
export function describeAction(game, action) {
  return LEARNED.get(game)?.get(action) ?? action;
}

/** A log line: "<name> <words>", seats named. */
export function logLine(game, action, names) {
  let words = describeAction(game, action);
  if (game === "german-solo") {
    words = TRICK_CARD.test(action) ? `plays ${words}` : `says “${words}”`;
  }
  return words.replace(/seat (\d+)/g, (m, n) => names[Number(n)] ?? m);
}
