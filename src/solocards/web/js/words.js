// Actions and cards in words, as each game's text.py says them (tests/web checks every action
// string of every game against the Python describe_action).

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

/** A German Solo card in words: "Spadilla (Q♣)", "T♥". */
export function germanCardWords(card) {
  if (card === "QC") return "Spadilla (Q♣)";
  if (card === "QS") return "Basta (Q♠)";
  return card[0] + SUIT_SYMBOLS[card[1]];
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

function unoWords(action) {
  if (action === "draw") return "draws";
  if (action === "pass") return "keeps the drawn card";
  if (action === "challenge") return "challenges the Wild Draw Four";
  if (action === "uno") return "calls UNO";
  if (action.startsWith("catch>")) return `catches seat ${action.slice(6)} not calling UNO`;
  if (action.startsWith("color:")) return `names ${COLOUR_WORDS[action.slice(6)]} for the first card`;
  const play = parseShedPlay("uno", action);
  if (!play) return action;
  const words = play.cards.map((c) => shedCardWords("uno", c));
  let text;
  if (words.length > 1) {
    text = `plays ${words.slice(0, -1).join(", ")} and ${words[words.length - 1]} (on top)`;
  } else {
    text = `plays ${words[0]}`;
    if (play.colour) text += `, names ${COLOUR_WORDS[play.colour]}`;
  }
  if (play.target !== null) text += `, swaps hands with seat ${play.target}`;
  if (play.call) text += ", calls UNO";
  return text;
}

function amigoWords(action) {
  if (action === "draw") return "draws (or takes the pending penalty)";
  if (action === "pass") return "keeps the drawn card";
  if (action === "solo") return 'calls "solo" late';
  if (action.startsWith("catch>")) return `catches seat ${action.slice(6)}, who did not call solo`;
  if (action.startsWith("color:")) {
    const letter = action.slice(6);
    return `names ${COLOUR_WORDS[letter] ?? letter} for the first card`;
  }
  if (action.startsWith("swap>")) return `swaps hands with seat ${action.slice(5)} for the first card`;
  const play = parseShedPlay("amigo-solo", action);
  if (!play) return action;
  let words;
  if (play.cards.length >= 3) {
    words = "plays Triple +: " + play.cards.map((c) => shedCardWords("amigo-solo", c)).join(", ");
  } else if (play.cards.length === 1) {
    words = `plays ${shedCardWords("amigo-solo", play.cards[0])}`;
  } else {
    return action;
  }
  if (play.colour) words += `, names ${COLOUR_WORDS[play.colour]}`;
  if (play.target !== null) words += `, swaps hands with seat ${play.target}`;
  if (play.call) words += ", calls solo";
  return words;
}

export const GERMAN_ACTION_WORDS = {
  pass: "pass",
  hold: "I hold",
  simple: "I ask",
  "simple-couleur": "I ask in couleur",
  forcee: "forcée partout",
  "forcee-couleur": "forcée partout in couleur",
  solo: "solo",
  "solo-couleur": "solo in couleur",
  tout: "tout",
  "tout-couleur": "tout in couleur",
  alone: "I play alone",
  claim: "I claim the game (five tricks)",
};

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

function germanWords(action) {
  if (action in GERMAN_ACTION_WORDS) return GERMAN_ACTION_WORDS[action];
  if (action.startsWith("trump:") && SUITS.includes(action.slice(6))) {
    return `trumps are ${SUIT_WORDS[action.slice(6)]}`;
  }
  if (action.startsWith("call:") && TRICK_CARD.test(action.slice(5))) {
    return `I call the ${germanCardWords(action.slice(5))}`;
  }
  if (TRICK_CARD.test(action)) return germanCardWords(action);
  return action;
}

const FROG_WORDS = {
  pass: "passes",
  frage: "asks (Frage: hearts are trump, takes the talon)",
  solo: "plays a Solo (names trump, the talon unseen)",
  "heart-solo": "plays a Heart Solo (hearts trump, the talon unseen)",
  "discard:??": "discards a card",
};

export const FROG_CONTRACTS = {
  frage: "Frage",
  solo: "Solo",
  "heart-solo": "Heart Solo",
  ramsch: "Ramsch (all passed)",
};

function frogWords(action) {
  if (action in FROG_WORDS) return FROG_WORDS[action];
  if (action.startsWith("trump:") && action.length === 7 && SUITS.includes(action[6])) {
    return `names ${SUIT_WORDS[action[6]]} trump`;
  }
  if (action.startsWith("discard:") && TRICK_CARD.test(action.slice(8))) {
    return `discards ${frogCardWords(action.slice(8))}`;
  }
  if (TRICK_CARD.test(action)) return `plays ${frogCardWords(action)}`;
  return action;
}

const DESCRIBERS = {
  uno: unoWords,
  "amigo-solo": amigoWords,
  "german-solo": germanWords,
  frog: frogWords,
};

/** An action in words, exactly as the game's describe_action says it. */
export function describeAction(game, action) {
  const describe = DESCRIBERS[game];
  return describe ? describe(action) : action;
}

/** A log line: "<name> <words>", seats named. */
export function logLine(game, action, names) {
  let words = describeAction(game, action);
  if (game === "german-solo") {
    words = TRICK_CARD.test(action) ? `plays ${words}` : `says “${words}”`;
  }
  return words.replace(/seat (\d+)/g, (m, n) => names[Number(n)] ?? m);
}
