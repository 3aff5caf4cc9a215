// The legal actions of a seat (its view's legal_actions) sorted into controls: plays attached
// to the cards of the hand, actions aimed at another seat, and buttons for everything else.
// Every legal action ends up in exactly one control, so each one is a click (or two, when a
// wild needs its colour or a swap its seat) away. Where each action goes is the game's
// module's say (its ``control``, games/index.js).

import { describeAction } from "./words.js";
import { presentation } from "./games/index.js";

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
  const add = (map, key, item) => {
    if (!map.has(key)) map.set(key, []);
    map.get(key).push(item);
  };
  const { control } = presentation(game);
  const context = { names, say: (action) => describeAction(game, action, names) };
  for (const action of legal) {
    const { play, button, seat: target, barButton } = control(action, context);
    if (play) {
      if (play.call) hasCall = true;
      if (play.cards.length === 1) add(byCard, play.cards[0], play);
      else add(multi, play.body, play);
    } else if (target !== undefined) {
      add(seat, target, button);
      if (barButton) buttons.push(barButton);
    } else {
      buttons.push(button);
    }
  }
  return { byCard, multi, seat, buttons, hasCall };
}

/** The plays of a card (or a multi-play) narrowed to the UNO/solo call choice. */
export function withCall(plays, armed) {
  const called = plays.filter((p) => p.call);
  const plain = plays.filter((p) => !p.call);
  if (armed && called.length) return called;
  return plain.length ? plain : called;
}
