// Each game's presentation, chosen by the game's own declaration: the server's game list
// (GET /api/games) gives every game's ``browser_module``, the URL of the module the game ships
// (GameInfo.browser_module; generic.js for a game without one), and the page imports each one
// before it draws anything. The rest of the page asks presentation(game) and never names a game.
//
// A game's module exports one object (its default export) of the shape below; whatever it
// leaves out is taken from generic.js, so a small game declares only what it says differently.

import { api } from "../api.js";
import generic from "./generic.js";

/**
 * How one game looks in the page.
 *
 * @typedef {object} GamePresentation
 * @property {"shedding"|"trick"|"plain"} family  how its cards are drawn (coloured shedding
 *   cards, French-suited trick cards, or the card's own string) and how its table is laid out
 *   (the other seats in a row above the centre, or round the trick with a contract panel)
 * @property {(card: string) => string} cardWords  a card in words ("red 7", "Q♣", "6")
 * @property {(action: string, ctx: ActionContext) => Control} control  where a legal action
 *   goes on the table: a play of cards of the hand, a seat's button, a button of the bar
 * @property {null | (() => CallWords)} callWords  the words of the "call" (UNO!, solo!) for
 *   a game with a call; null for one without
 * @property {(view: object, names: string[], me: number|null) => string} prompt  the sentence
 *   telling the viewer what is going on or what to do
 * @property {(view: object, seat: number) => string[]} seatLines  the lines of a seat's panel
 *   under its cards (tricks, contract, "no UNO called!")
 * @property {(view: object, seat: number, cards: number) => string} handWords  the words beside
 *   a hand: its card count, or the seat's tricks
 * @property {null | ((m: object, sorted: object) => Element|null)} centre  the centre of a
 *   table whose other seats sit in a row (piles, played cards); ``m`` is the board's model
 *   (board.js renderBoard), ``sorted`` the legal actions sorted into controls (actions.js)
 * @property {null | ((m: object) => Element[])} contractRows  the trick table's contract panel
 * @property {(action: string, words: string) => string} logLine  a log line's words after the
 *   player's name, given the action's words as the server says them
 * @property {(name: string) => string|null} contractHelp  what a contract, bid or action does
 * @property {(card: string, trump: string|null) => string|null} cardHelp  what a special card does
 * @property {null | ((card: string) => number)} cardPoints  a card's points where the game
 *   counts card points in tricks; null where it does not
 * @property {(action: string) => boolean} isCard  whether an action string is a card (its
 *   tooltip is the card's, not a bid's)
 * @property {(card: string) => string} whyAction  the action to ask about for a dimmed card
 * @property {() => string[]} rulesSummary  the rules panel's lines on how the game goes
 * @property {() => string|null} description  the lobby's short description of the game
 * @property {() => Array|null} guide  the "How to play" page: [[title, [paragraph, ...]], ...]
 * @property {boolean} countsDeals  a round is called a deal ("Deal 2 is over")
 * @property {boolean} breakdownSaysAll  the round's breakdown restates the server's summary
 * @property {(entry: object, say: BreakdownWords) => string[]|null} resultLines  the lines that
 *   explain a finished round's result (null: the hands' points, where the result gives them)
 * @property {(options: object, n: number) => string} matchProgress  how far the match is
 *
 * @typedef {object} ActionContext
 * @property {string[]} names  the seats' names
 * @property {(action: string) => string} say  an action in the server's words, seats named
 *
 * @typedef {object} Control  a ``play``, or a ``button`` (on a ``seat``'s panel, or in the bar)
 * @property {{action: string, cards: string[], body: string, colour: string|null,
 *   target: number|null, call: boolean, kind: string}} [play]  cards of the hand to click
 *   (one card: that card; several: a button of the bar showing them)
 * @property {{action: string, label: string, kind: string, group: string}} [button]  a button
 *   of the action bar, or of the panel of ``seat``
 * @property {number} [seat]  the seat whose panel carries ``button``
 * @property {object} [barButton]  the same action's button in the action bar too (a swap)
 *
 * @typedef {object} CallWords
 * @property {string} button  the call button's label ("UNO!")
 * @property {string} title  its tooltip
 * @property {string} notCalled  a seat's panel when it forgot to call
 *
 * @typedef {object} BreakdownWords
 * @property {(seat: number) => string} name  a seat's name
 * @property {(values: number[]) => string} each  one value per seat, named ("Ann 3, Bob 0")
 */

const presentations = new Map();
let loading = null;

/** The presentation of ``game`` (generic.js where the game's module is not loaded). */
export function presentation(game) {
  return presentations.get(game) ?? generic;
}

/** Add ``module`` (a game module's default export) as the presentation of ``game``. */
export function register(game, module) {
  presentations.set(game, Object.freeze({ ...generic, ...module }));
}

/**
 * Import the module of every game the server lists (once; later calls share the first): the
 * page calls it before it draws. A module that fails to load leaves its game generic.
 */
export function loadPresentations() {
  loading = loading ?? api("GET", "/games").then(
    (games) => Promise.all(games.filter((game) => game.browser_module).map((game) => import(game.browser_module)
      .then((module) => register(game.id, module.default))
      .catch((error) => console.error(`the browser module of ${game.id}:`, error)))),
    () => null);
  return loading;
}
