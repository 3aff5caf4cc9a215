// Cards drawn by the project in CSS (and an SVG oval): shedding cards (UNO, AMIGO's SOLO),
// French-suited cards (German Solo, Frog), and plain cards that show their own string (a game
// of another family); the game's module says which (its ``family``). Every colour also carries
// its letter, shown in the colour-blind mode, and every card an aria-label in words.

import { h } from "./dom.js";
import { cardWords, rankLetter, SUIT_SYMBOLS, SUIT_WORDS } from "./words.js";
import { presentation } from "./games/index.js";
import { reverseIcon, rotateIcon, swapIcon } from "./icons.js";

// Reverse, Swap and the all-round swap are drawn icons (icons.js), each its own shape.
const SHED_SYMBOLS = { S: "⊘", R: reverseIcon, X: swapIcon, "+2": "+2" };
const BLACK_FACES = { W: "W", "W+4": "+4", WX: rotateIcon };
const drawn = (face) => (typeof face === "function" ? face() : face);

/** Whether ``game``'s cards are French-suited trick cards and its table a trick table. */
export function isTrickGame(game) {
  return presentation(game).family === "trick";
}

function shedFace(card) {
  if (card in BLACK_FACES) return { colour: "K", face: BLACK_FACES[card] };
  const rank = card.slice(1);
  return { colour: card[0], face: SHED_SYMBOLS[rank] ?? rank };
}

const OVAL = '<svg class="oval" viewBox="0 0 60 90" aria-hidden="true"><ellipse cx="30" cy="45" rx="24" ry="40" transform="rotate(28 30 45)"/></svg>';

/** A face-up card element; ``opts``: {tag, small, classes, onclick, title}. */
export function cardEl(game, card, opts = {}) {
  const tag = opts.tag ?? "div";
  const label = cardWords(game, card);
  const extra = opts.classes ? "." + opts.classes.join(".") : "";
  let el;
  if (isTrickGame(game)) {
    const suit = card[1];
    const rank = rankLetter(card);
    const symbol = SUIT_SYMBOLS[suit];
    el = h(
      `${tag}.card.french.suit-${suit}${extra}`,
      { dataset: { card }, "aria-label": label, title: opts.title ?? label },
      h("span.corner.tl", null, h("b", null, rank), h("i", null, symbol)),
      h("span.pip", null, symbol),
      h("span.corner.br", null, h("b", null, rank), h("i", null, symbol)),
    );
  } else if (presentation(game).family === "plain") {
    el = h(`${tag}.card.plain${extra}`, { dataset: { card }, "aria-label": label, title: opts.title ?? label },
      h("span.corner.tl", null, h("b", null, card)),
      h("span.mid", null, h("b", null, card)));
  } else {
    const { colour, face } = shedFace(card);
    el = h(
      `${tag}.card.shed.col-${colour}${extra}`,
      { dataset: { card }, "aria-label": label, title: opts.title ?? label },
      h("span.corner.tl", null, h("b", null, drawn(face)), colour !== "K" ? h("i.cb", null, colour) : null),
      h("span.mid", null, h("b", null, drawn(face))),
      h("span.corner.br", null, h("b", null, drawn(face))),
    );
    el.querySelector(".mid").insertAdjacentHTML("afterbegin", OVAL);
    if (colour === "K") el.append(h("span.wildquad", { "aria-hidden": "true" }));
  }
  if (opts.small) el.classList.add("small");
  // a card that is not a button is a labelled picture: its words are its name
  if (tag === "button") el.type = "button";
  else el.setAttribute("role", "img");
  if (opts.onclick) el.addEventListener("click", opts.onclick);
  return el;
}

/** A face-down card (nothing about it is known). */
export function backEl(opts = {}) {
  const el = h("div.card.back", { "aria-hidden": "true" }, h("span.logo"));
  if (opts.small) el.classList.add("small");
  return el;
}

/** A swatch for a shedding colour, with its letter (e.g. the colour in force). */
export function colourSwatch(letter, words) {
  return h(`span.swatch.col-${letter}`, { role: "img", title: words, "aria-label": words }, h("i.cb", { "aria-hidden": "true" }, letter));
}

/** A suit symbol, coloured. */
export function suitEl(suit) {
  return h(`span.suitsym.suit-${suit}`, { title: SUIT_WORDS[suit] ?? suit }, SUIT_SYMBOLS[suit]);
}
