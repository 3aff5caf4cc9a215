// What the shedding games (UNO, AMIGO's SOLO) share in the page: their card notation ("R7",
// "W+4:G", "R7+G7", "X>2", a trailing "!" for the call), their table's centre (the piles, the
// colour in force, the direction), the prompts of a turn, the catch and the swap aimed at a
// seat. Each game's module (uno.js, amigo-solo.js) adds its own words: its card pattern, its
// ranks, its call.
//
// Sources: shared/rules/shedding.md §1.5.1 and §2.4 (the action cards).

import { h } from "../dom.js";
import { t, tn } from "../i18n.js";
import { backEl, cardEl, colourSwatch } from "../cards.js";
import { directionIcon } from "../icons.js";
import { jumpInCall } from "../board.js";
import { COLOUR_NAMES, seatName } from "../words.js";

/** A coloured card in words, one message per colour (its word agrees with the rank's). */
const COLOURED_CARD = {
  // translators: a card of UNO or AMIGO's SOLO; {rank} is its number or its word (Skip, Reverse...)
  R: (rank) => t("red {rank}", { rank }),
  Y: (rank) => t("yellow {rank}", { rank }),
  G: (rank) => t("green {rank}", { rank }),
  B: (rank) => t("blue {rank}", { rank }),
};

/** The cards of a shedding card string joined by "+" ("R7", "R7+G7"), or null; ``pattern``
 * matches one card at the start of a string (the game's own cards). */
export function splitCards(pattern, body) {
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

/** Split a shedding action into its parts: {cards, body, colour, target, call} or null. */
export function parseShedPlay(pattern, action) {
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
  const cards = splitCards(pattern, body);
  if (!cards) return null;
  return { cards, body, colour, target, call };
}

/** A shedding card in words: "red 7", "blue Draw Two", "Wild Draw Four"; ``ranks``: the
 * game's words of its action ranks, ``wildFour``: its words of "W+4". */
export function shedCardWords(card, ranks, wildFour) {
  if (card === "W") return t("Wild");
  if (card === "W+4") return wildFour();
  if (card === "WX") return t("Swap all round");
  const rank = card.slice(1);
  const words = ranks[rank] ?? rank;
  return COLOURED_CARD[card[0]] ? COLOURED_CARD[card[0]](words) : `${card[0]} ${words}`;
}

/** The control of a shedding action (``pattern``: the game's card; ``callLabel()``: the words
 * of its call button, "Call UNO!"): a play, a catch on a seat, a swap, or a button. */
export function shedControl(pattern, callLabel) {
  return (action, { names, say }) => {
    const play = parseShedPlay(pattern, action);
    if (play) return { play: { ...play, action, kind: "play" } };
    if (action.startsWith("catch>")) {
      const who = Number(action.slice(6));
      const name = seatName(names, who);
      return { seat: who, button: { action, label: t("Catch {name}!", { name }), kind: "catch", group: "react" } };
    }
    if (action.startsWith("swap>")) {
      const who = Number(action.slice(5));
      const name = seatName(names, who);
      return { seat: who, button: { action, label: t("Swap with {name}", { name }), kind: "swap", group: "choose" },
        barButton: { action, label: t("Swap hands with {name}", { name }), kind: "swap", group: "choose" } };
    }
    return { button: shedButton(action, callLabel, say) };
  };
}

function shedButton(action, callLabel, say) {
  switch (true) {
    case action === "draw":
      return { action, label: t("Draw"), kind: "draw", group: "main" };
    case action === "pass":
      return { action, label: t("Keep it, end turn"), kind: "pass", group: "main" };
    case action === "challenge":
      return { action, label: t("Challenge the Wild Draw Four"), kind: "challenge", group: "react" };
    case action === "uno" || action === "solo":
      return { action, label: callLabel(), kind: "call", group: "react" };
    case action.startsWith("color:"): {
      const c = action.slice(6);
      return { action, label: `${COLOUR_NAMES[c]} (${c})`, kind: "colour", colour: c, group: "choose" };
    }
    default:
      return { action, label: say(action), kind: "other", group: "main" };
  }
}

/** The prompt of a shedding table; ``call``: the word of the game's call ("UNO", "solo"),
 * ``cardWords``: the game's words of a card (the card just drawn). */
export function shedPrompt(call, cardWords) {
  return (view, names, me) => {
    const name = (s) => names[s] ?? t("seat {number}", { number: s });
    if (view.is_over) return t("The round is over.");
    const mine = me !== null && me !== undefined;
    if (mine && view.current === me && view.can_act) {
      if (view.drawn_card) {
        const drawn = cardWords(view.drawn_card);
        const playable = view.legal_actions.some((a) => a !== "pass" && a !== "draw");
        return playable ? t("You drew {card}: play it or keep it.", { card: drawn })
          : t("You drew {card}; it does not fit: keep it.", { card: drawn });
      }
      if (view.pending_draw) {
        return tn("Your turn: {n} card to take, unless you can pass it on.",
          "Your turn: {n} cards to take, unless you can pass them on.", view.pending_draw);
      }
      if (view.legal_actions.includes("challenge")) return t("Your turn: take the four cards or challenge the Wild Draw Four.");
      if (view.legal_actions.some((a) => a.startsWith("color:"))) return t("Name the colour of the first card.");
      if (view.legal_actions.some((a) => a.startsWith("swap>"))) return t("Choose whose hand to take for the first card.");
      return t("Your turn.");
    }
    if (mine && view.can_act) {
      if (jumpInCall(view, me)) return t("Jump in! You hold the very same card.");
      const catches = view.legal_actions.filter((a) => a.startsWith("catch>"));
      if (catches.length) return t("Catch {name}: no “{call}” was called!", { name: name(Number(catches[0].slice(6))), call });
      if (view.legal_actions.includes("uno") || view.legal_actions.includes("solo")) return t("Call “{call}” now!", { call });
    }
    return view.current === null ? "" : t("{name} to play.", { name: name(view.current) });
  };
}

/** The centre of a shedding table: the draw pile (a button when drawing is legal), the
 * discard pile, the colour in force, the direction, a pending penalty, the hands one knows. */
export function shedCentre(m, sorted) {
  const { view, game } = m;
  const draw = sorted.buttons.find((b) => b.kind === "draw");
  const pile = h(draw ? "button.pile.drawpile.live" : "div.pile.drawpile",
    { title: draw ? t("Draw") : t("Draw pile"), "aria-label": tn("draw pile, {n} card", "draw pile, {n} cards", view.draw_pile_size) },
    backEl(), h("span.pile-count", null, String(view.draw_pile_size)));
  if (draw) pile.addEventListener("click", () => m.onAction(draw.action));
  const top = view.top_card;
  const discard = h("div.pile.discard", { "aria-label": t("discard pile") },
    top ? cardEl(game, top, { classes: ["top"] }) : null,
    h("span.pile-count", null, String(view.discard_pile_size ?? "")));
  const colour = view.color;
  const facts = h("div.facts", null,
    h("div.fact.colour", null, t("colour"), " ",
      colour ? colourSwatch(colour, COLOUR_NAMES[colour]) : h("span.swatch.any", null, t("any")),
      h("span.word", null, colour ? COLOUR_NAMES[colour] : t("any"))),
    h("div.fact.direction", { title: view.direction === 1 ? t("clockwise") : t("counter-clockwise") },
      h("span.arrow", null, directionIcon(view.direction)), " ",
      view.direction === 1 ? t("clockwise") : t("counter-clockwise")),
    view.pending_draw ? h("div.fact.penalty", null, view.current !== null
      ? t("+{count} pending for {name}", { count: view.pending_draw, name: m.names[view.current] })
      : t("+{count} pending", { count: view.pending_draw })) : null,
  );
  const known = [];
  const knownHands = view.known_hands;
  if (knownHands) {
    const entries = Array.isArray(knownHands)
      ? knownHands.map((cards, s) => [s, cards])
      : Object.entries(knownHands).map(([s, cards]) => [Number(s), cards]);
    for (const [s, cards] of entries) {
      if (s === m.me || !cards || !cards.length) continue;
      known.push(h("div.known", null, t("You know {name} holds", { name: m.names[s] }), " ",
        cards.map((c) => cardEl(game, c, { small: true }))));
    }
  }
  return h("section.centre.shed", null, h("div.piles", null, pile, discard), facts, known);
}

/** What the shedding actions do (the tooltips of their buttons). */
const SHEDDING_ACTIONS = () => ({
  draw: t("Draw: take one card from the draw pile (or the whole penalty when one is pending)."),
  pass: t("Keep the card you drew and end your turn."),
  challenge: t("Challenge the Wild Draw Four: if it was played while holding the colour in force, its player draws four; if not, you draw six."),
  uno: t("Call UNO now, before somebody catches you with one card left."),
  solo: t("Say solo now, before somebody catches you with one card left."),
});

/**
 * What the shedding games share; a game's module spreads it and adds its own words:
 * its ``cardWords``, its ``control`` (shedControl), its ``callWords``, the word of its ``call``
 * ("UNO", for the prompts), and ``specials()``: what its special cards do, by card or by rank.
 */
export function sheddingGame({ cardWords, control, callWords, call, specials }) {
  return {
    family: "shedding",
    cardWords,
    control,
    callWords,
    prompt: shedPrompt(call, cardWords),
    seatLines: (view, seat) => (view.vulnerable === seat || view.open_to_catch === seat ? [callWords().notCalled] : []),
    centre: shedCentre,
    contractHelp(name) {
      if (!name) return null;
      if (name.startsWith("catch>")) return t("Catch the player who did not call with one card left: they draw the penalty.");
      return SHEDDING_ACTIONS()[name] ?? null;
    },
    cardHelp(card) {
      const table = specials();
      return table[card] ?? table[card.slice(1)] ?? null;
    },
    isCard: (action) => /^[0-9TJQKA][CDHS]$/.test(action) || /^[RYGBW]/.test(action),
    whyAction: (card) => (card === "W" || card === "W+4" ? `${card}:R` : card),
  };
}
