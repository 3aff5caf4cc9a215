// The legal actions of a seat (its view's legal_actions) sorted into controls: plays attached
// to the cards of the hand, actions aimed at another seat, and buttons for everything else.
// Every legal action ends up in exactly one control, so each one is a click (or two, when a
// wild needs its colour or a swap its seat) away.

import { isTrickGame } from "./cards.js";
import { parseShedPlay, describeAction, COLOUR_NAMES, SUIT_SYMBOLS, SUIT_WORDS,
  TRICK_CARD, cardWords, seatName } from "./words.js";
import { N_, t, translated } from "./i18n.js";

/**
 * Sort ``legal`` for ``game``.
 * Returns {byCard: Map(card -> [play]), multi: Map(body -> [play]), seat: Map(seat -> [btn]),
 *          buttons: [btn], hasCall}; a play is {action, cards, colour, target, call, kind};
 * a button {action, label, kind, group}.
 */
export function sortActions(game, legal, names) {
  const byCard = new Map();
  const multi = new Map();
  const seat = new Map();
  const buttons = [];
  let hasCall = false;
  const nameOf = (n) => seatName(names, n);
  const add = (map, key, item) => {
    if (!map.has(key)) map.set(key, []);
    map.get(key).push(item);
  };
  for (const action of legal) {
    if (isTrickGame(game)) {
      if (TRICK_CARD.test(action)) {
        add(byCard, action, { action, cards: [action], colour: null, target: null, call: false, kind: "play" });
      } else if (action.startsWith("discard:")) {
        const card = action.slice(8);
        add(byCard, card, { action, cards: [card], colour: null, target: null, call: false, kind: "discard" });
      } else {
        buttons.push(trickButton(game, action));
      }
      continue;
    }
    const play = parseShedPlay(game, action);
    if (play) {
      play.action = action;
      play.kind = "play";
      if (play.call) hasCall = true;
      if (play.cards.length === 1) add(byCard, play.cards[0], play);
      else add(multi, play.body, play);
      continue;
    }
    if (action.startsWith("catch>")) {
      const who = Number(action.slice(6));
      add(seat, who, { action, label: t("Catch {name}!", { name: nameOf(who) }), kind: "catch", group: "react" });
      continue;
    }
    if (action.startsWith("swap>")) {
      const who = Number(action.slice(5));
      add(seat, who, { action, label: t("Swap with {name}", { name: nameOf(who) }), kind: "swap", group: "choose" });
      buttons.push({ action, label: t("Swap hands with {name}", { name: nameOf(who) }), kind: "swap", group: "choose" });
      continue;
    }
    buttons.push(shedButton(game, action, names));
  }
  return { byCard, multi, seat, buttons, hasCall };
}

function shedButton(game, action, names) {
  switch (true) {
    case action === "draw":
      return { action, label: t("Draw"), kind: "draw", group: "main" };
    case action === "pass":
      return { action, label: t("Keep it, end turn"), kind: "pass", group: "main" };
    case action === "challenge":
      return { action, label: t("Challenge the Wild Draw Four"), kind: "challenge", group: "react" };
    case action === "uno" || action === "solo":
      return { action, label: game === "uno" ? t("Call UNO!") : t("Call solo!"), kind: "call", group: "react" };
    case action.startsWith("color:"): {
      const c = action.slice(6);
      return { action, label: `${COLOUR_NAMES[c]} (${c})`, kind: "colour", colour: c, group: "choose" };
    }
    default:
      return { action, label: describeAction(game, action, names), kind: "other", group: "main" };
  }
}

const FROG_BIDS = translated({ pass: N_("Pass"), frage: N_("Frage"), solo: N_("Solo"), "heart-solo": N_("Heart Solo") });

function trickButton(game, action) {
  if (action.startsWith("trump:")) {
    const s = action.slice(6);
    return { action, label: `${SUIT_SYMBOLS[s]} ${SUIT_WORDS[s]}`, kind: "trump", suit: s, group: "choose" };
  }
  if (action.startsWith("call:")) {
    const card = action.slice(5);
    return { action, label: t("Call {card}", { card: cardWords(game, card) }), kind: "call", card, group: "choose" };
  }
  if (game === "frog" && action in FROG_BIDS) {
    return { action, label: FROG_BIDS[action], kind: "bid", group: "bid" };
  }
  if (game === "german-solo" && !TRICK_CARD.test(action) && !action.includes(":")) {
    const words = describeAction(game, action);
    const label = action === "claim" ? t("Claim the game (five tricks)") : words[0].toUpperCase() + words.slice(1);
    return { action, label, kind: action === "claim" ? "claim" : "bid", group: "bid" };
  }
  return { action, label: describeAction(game, action), kind: "other", group: "main" };
}

/** The plays of a card (or a multi-play) narrowed to the UNO/solo call choice. */
export function withCall(plays, armed) {
  const called = plays.filter((p) => p.call);
  const plain = plays.filter((p) => !p.call);
  if (armed && called.length) return called;
  return plain.length ? plain : called;
}
