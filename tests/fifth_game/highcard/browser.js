// High Card in the web page: the one module the game adds to be played in the browser
// (declared by its GameInfo.browser_module, served at /js/games/high-card.js). What it leaves
// out comes from generic.js. The words are plain English: High Card is a test game outside
// solocards' catalogs.

import { h } from "../dom.js";
import { cardEl } from "../cards.js";

const GAME = "high-card";
const NAMES = { 1: "One", 2: "Two", 3: "Three", 4: "Four", 5: "Five", 6: "Six" };

/** A card in words: "Six pips". */
const cardWords = (card) => `${NAMES[card] ?? card} pips`;

export default {
  cardWords,
  // every action is a card of the hand: a click on the card plays it
  control: (action) => ({
    play: { action, cards: [action], body: action, colour: null, target: null, call: false, kind: "play" },
  }),
  /** The centre: the cards each seat has played so far. */
  centre(m) {
    const played = m.view.played ?? [];
    return h("section.centre.highcard", { "aria-label": "played cards" },
      played.map((cards, seat) => h("div.played", { dataset: { seat: String(seat) } },
        h("span.who", null, `${m.names[seat]} played`), " ",
        cards.map((card) => cardEl(GAME, card, { small: true })))));
  },
  isCard: (action) => action in NAMES,
  rulesSummary: () => ["Play your two cards, one a turn; the highest total played wins."],
  description: () => "Each player holds two of the cards 1 to 6; the highest total played wins.",
  guide: () => [
    ["The aim", ["Play the highest total. Each player is dealt two of the six cards 1 to 6."]],
    ["Your turn", ["Play one card of your hand; after two turns each, the round and the match are over."]],
  ],
};
