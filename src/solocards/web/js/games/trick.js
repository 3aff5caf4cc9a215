// What the trick games (German Solo, Frog) share in the page: their cards ("QC", "TH"), the
// controls of a deal (a card to play or discard, a trump to name, a card to call, a bid), the
// prompts of its phases, a seat's tricks and points. Each game's module (german-solo.js,
// frog.js) adds its own words: its bids and contracts, its card names, its contract panel.

import { t, tn } from "../i18n.js";
import { sittingOut } from "../seating.js";
import { SUIT_SYMBOLS, SUIT_WORDS } from "../words.js";

/** A card of the trick games: German Solo's 40-card pack (for five) adds the Fives and Sixes. */
export const TRICK_CARD = /^[56789TJQKA][CDHS]$/;

/** Tricks won, with the card points where the game counts them: "3 tricks · 42 pts". */
export function trickWords(tricks, points) {
  const won = tn("{n} trick", "{n} tricks", tricks);
  return points === undefined || points === null ? won : `${won} · ${tn("{n} pt", "{n} pts", points)}`;
}

/** A card of the hand to click: played, or (``kind`` "discard") laid away. */
function cardPlay(action, card, kind) {
  return { play: { action, cards: [card], body: card, colour: null, target: null, call: false, kind } };
}

/** The control of a trick game's action; ``bidButton(action, ctx)``: the game's button of a
 * bid (or null where the action is none of its bids). */
export function trickControl(cardWords, bidButton) {
  return (action, ctx) => {
    if (TRICK_CARD.test(action)) return cardPlay(action, action, "play");
    if (action.startsWith("discard:")) return cardPlay(action, action.slice(8), "discard");
    if (action.startsWith("trump:")) {
      const s = action.slice(6);
      return { button: { action, label: `${SUIT_SYMBOLS[s]} ${SUIT_WORDS[s]}`, kind: "trump", suit: s, group: "choose" } };
    }
    if (action.startsWith("call:")) {
      const card = action.slice(5);
      return { button: { action, label: t("Call {card}", { card: cardWords(card) }), kind: "call", card, group: "choose" } };
    }
    const bid = bidButton(action, ctx);
    return { button: bid ?? { action, label: ctx.say(action), kind: "other", group: "main" } };
  };
}

/** The sentence of a trick table: whose bid, declaration, discard or card it is. */
export function trickPrompt(view, names, me) {
  if (view.is_over) return t("The round is over.");
  const name = (s) => names[s] ?? t("seat {number}", { number: s });
  const who = view.current;
  if (who === null || who === undefined) return "";
  const phase = view.phase;
  if (me !== null && me !== undefined && who === me && view.can_act) {
    if (phase === "bidding") return t("Your bid.");
    if (phase === "declaring") {
      if (view.legal_actions.some((a) => a.startsWith("call:"))) {
        return view.legal_actions.includes("alone") ? t("Call a card for your partner (or play alone).")
          : t("Call a card for your partner."); // this table has no playing alone here
      }
      return t("Name the trump suit.");
    }
    if (phase === "discarding") return t("Discard a card from your hand.");
    if (view.five_tricks) return t("You won the first five tricks: claim the game, or lead on for tout.");
    return view.trick && view.trick.length ? t("Your turn: play a card.") : t("Your lead.");
  }
  const params = { name: name(who) };
  switch (phase) {
    case "bidding": return t("{name} to bid.", params);
    case "declaring": return t("{name} to declare.", params);
    case "discarding": return t("{name} to discard.", params);
    case "playing": return t("{name} to play.", params);
    default: return t("{name} to act.", params);
  }
}

/**
 * What the trick games share; a game's module spreads it and adds its own words: its
 * ``cardWords``, its ``bidButton`` (trickControl), ``contractWords(contract)`` (a contract in
 * short, on the declarer's panel) and ``contracts()``: what each contract or bid does.
 */
export function trickGame({ cardWords, bidButton, contractWords, contracts }) {
  return {
    family: "trick",
    cardWords,
    control: trickControl(cardWords, bidButton),
    prompt: trickPrompt,
    seatLines(view, seat) {
      const lines = [];
      if (sittingOut(view).has(seat)) lines.push(view.dealer === seat ? t("deals, sits out") : t("sits out this deal"));
      else lines.push(trickWords(view.tricks_won?.[seat] ?? 0, view.trick_points?.[seat]));
      if (view.declarer === seat && view.contract) lines.push(contractWords(view.contract));
      if (view.partner === seat) lines.push(t("partner"));
      return lines;
    },
    handWords: (view, seat) => trickWords(view.tricks_won?.[seat] ?? 0, view.trick_points?.[seat]),
    contractHelp(name) {
      if (!name) return null;
      const table = contracts();
      if (table[name]) return table[name];
      if (name.startsWith("trump:")) return t("Name the trump suit.");
      if (name.startsWith("call:")) return t("Call this card: its holder becomes your secret partner.");
      if (name.startsWith("discard:")) return t("Discard this card face down; its points count for you.");
      return null;
    },
    isCard: (action) => /^[0-9TJQKA][CDHS]$/.test(action),
    countsDeals: true,
  };
}
