// Rules at hand: a rules panel per game with the table's own options (named and valued as the
// lobby shows them), a tooltip on every contract, bid and special card, card points in Frog (the
// point-trick game; German Solo counts tricks, not points), and a click on a dimmed card of the
// hand that asks the server why it cannot be played (the engine's explain_illegal).
//
// Sources: shared/rules/shedding.md §1.5.1 and §2.4 (the action cards), shared/rules/
// trick-taking.md §A3 (the matadores), §A4 (German Solo's contracts), §B1 (Frog's card points)
// and §B4 (Frog's contracts).

import { h } from "./dom.js";
import { api } from "./api.js";
import { choiceWords, optionTitle, plainHelp } from "./plain.js";
import { t, tn } from "./i18n.js";
import { cardWords, nameSeats } from "./words.js";
import { howToPlayPath } from "./gameguide.js";

// -- what the contracts, bids and special cards do ------------------------------------------

const CONTRACTS = {
  "german-solo": () => ({
    pass: t("Pass: you are out of this auction."),
    hold: t("Hold: you, the earlier player, accept the level just proposed."),
    simple: t("Simple game: you name trump and call an Ace for a partner; your side needs 5 tricks (2 chips)."),
    "simple-couleur": t("Simple game in couleur: the couleur suit is trump, with a called partner; 5 tricks (4 chips)."),
    forcee: t("Forcée partout: only with both black queens; a called partner, 5 tricks (4 chips)."),
    "forcee-couleur": t("Forcée partout in couleur: only with both black queens, couleur is trump (8 chips)."),
    solo: t("Solo: you play alone against the others and need 5 tricks (4 chips)."),
    "solo-couleur": t("Solo in couleur: alone, couleur is trump, 5 tricks (8 chips)."),
    tout: t("Tout: your side must take every trick (16 chips)."),
    "tout-couleur": t("Tout in couleur: every trick, couleur is trump (32 chips)."),
    "forcee-simple": t("Forcée simple: everybody passed; the holder of Spadilla must play a simple game."),
    "forcee-simple-couleur": t("Forcée simple in couleur: everybody passed; couleur is trump."),
    alone: t("Alone: call no partner and play against all the others."),
    claim: t("Claim: your side took the first five tricks; take the win now (leading on commits you to tout)."),
  }),
  frog: () => ({
    pass: t("Pass: you are out of this auction (no re-entry)."),
    frage: t("Frage: hearts are trump; you take the talon and discard three cards. The lowest contract."),
    solo: t("Solo: you name spades, clubs or diamonds as trump; the unseen talon counts for you. Each point pays more than in a Frage."),
    "heart-solo": t("Heart Solo: hearts are trump; the unseen talon counts for you. The highest contract, each point pays the most."),
    ramsch: t("Ramsch: everybody passed."),
  }),
};

const SHEDDING_ACTIONS = () => ({
  draw: t("Draw: take one card from the draw pile (or the whole penalty when one is pending)."),
  pass: t("Keep the card you drew and end your turn."),
  challenge: t("Challenge the Wild Draw Four: if it was played while holding the colour in force, its player draws four; if not, you draw six."),
  uno: t("Call UNO now, before somebody catches you with one card left."),
  solo: t("Say solo now, before somebody catches you with one card left."),
});

const SPECIAL_CARDS = {
  uno: () => ({
    S: t("Skip: the next player loses their turn."),
    R: t("Reverse: the direction of play changes (with two players it works like Skip)."),
    "+2": t("Draw Two: the next player draws two cards and loses their turn."),
    W: t("Wild: you name the next colour."),
    "W+4": t("Wild Draw Four: you name the colour; the next player draws four and loses their turn (it may be challenged)."),
  }),
  "amigo-solo": () => ({
    S: t("Skip: the next player loses their turn."),
    R: t("Change Direction: the direction of play changes (with two players it works like Skip)."),
    "+2": t("Plus Two: the next player draws two cards, unless they pass it on with a Plus Two."),
    X: t("Swap: you swap your whole hand with a player you choose."),
    W: t("Wild: you name the next colour."),
    "W+4": t("Wild Plus Four: you name the colour; the next player draws four, unless they pass it on."),
    WX: t("Swap all round: every hand moves on one seat; then any card may be played."),
  }),
};

/** Frog's card points (§B1): A 11, 10 10, K 4, Q 3, J 2, the rest 0; 120 in all. */
const FROG_POINTS = { A: 11, T: 10, K: 4, Q: 3, J: 2 };

/** What a contract, bid or declaration does, or null: contractHelp("frog", "frage"). */
export function contractHelp(game, name) {
  if (!name) return null;
  if (game === "uno" || game === "amigo-solo") {
    if (name.startsWith("catch>")) return t("Catch the player who did not call with one card left: they draw the penalty.");
    return SHEDDING_ACTIONS()[name] ?? null;
  }
  const table = CONTRACTS[game]?.();
  if (!table) return null;
  if (table[name]) return table[name];
  if (name.startsWith("trump:")) return t("Name the trump suit.");
  if (name.startsWith("call:")) return t("Call this card: its holder becomes your secret partner.");
  if (name.startsWith("discard:")) return t("Discard this card face down; its points count for you.");
  return null;
}

/** The card points of a card where the game counts them (Frog), else null. */
export function cardPoints(game, card) {
  if (game !== "frog") return null;
  return FROG_POINTS[card[0]] ?? 0;
}

/** The points of a trick's cards ([[seat, card], ...]) where the game counts them, else null. */
export function trickPoints(game, trick) {
  if (game !== "frog") return null;
  return trick.reduce((sum, [, card]) => sum + cardPoints(game, card), 0);
}

/** What a special card does (an action card, a black card, a matador), or null. */
export function cardHelp(game, card, trump) {
  if (game === "german-solo") {
    if (card === "QC") return t("Spadilla: always the highest trump.");
    if (card === "QS") return t("Basta: always the third trump.");
    if (trump && card === `7${trump}`) return t("Manilla: the seven of trumps, the second trump.");
    return null;
  }
  const table = SPECIAL_CARDS[game]?.();
  if (!table) return null;
  return table[card] ?? table[card.slice(1)] ?? null;
}

/** The tooltip of a card: its words (or what playing it does), what it does, its points. */
export function cardTitle(game, card, trump, first = null) {
  const parts = [first || cardWords(game, card)];
  const help = cardHelp(game, card, trump);
  if (help) parts.push(help);
  const points = cardPoints(game, card);
  if (points !== null) parts.push(tn("{n} point", "{n} points", points));
  return parts.join(" — ");
}

// -- the rules panel ---------------------------------------------------------------------------

const SUMMARIES = {
  uno: () => [
    t("Play a card of the same colour, number or symbol as the top card, or a Wild; otherwise draw one."),
    t("Call UNO when you play your second-last card, or you can be caught and draw two."),
    t("The first to empty their hand wins the round and scores the cards left in the other hands."),
  ],
  "amigo-solo": () => [
    t("Play a card of the same colour or the same number or symbol; black cards go on anything; or draw one."),
    t("Say solo with your second-last card. A player holding the very same card may jump in out of turn."),
    t("When a hand is empty, everybody else loses the points left in their hand from their total."),
  ],
  "german-solo": () => [
    t("An auction decides the contract; the declarer names trump and may call an Ace for a partner."),
    t("Follow suit if you can. Spadilla (Q♣), Manilla (the seven of trumps) and Basta (Q♠) are the top trumps."),
    t("The declaring side needs five of the eight tricks; chips are paid by the contract's value."),
  ],
  frog: () => [
    t("An auction decides the contract: Frage, Solo or Heart Solo; the others play together."),
    t("Follow suit if you can, else trump if you can. Cards count A 11, 10 10, K 4, Q 3, J 2."),
    t("The declarer needs 61 of the 120 card points; 60 is a draw."),
  ],
};

let games = null; // the lobby's game list, once loaded

function loadGames() {
  games = games ?? api("GET", "/games").catch(() => null);
  return games;
}

/** An option's value in words, as the lobby names it: yes/no, a choice's label, a number. */
export function optionValue(option, value) {
  if (option.type === "bool") return value ? t("yes") : t("no");
  if (typeof value === "string") return choiceWords(option, value);
  return String(value);
}

function optionRows(game, options) {
  return game.options.map((option) => {
    const value = options?.[option.name] ?? option.default;
    const changed = value !== option.default;
    return h("li" + (changed ? ".changed" : ""), { dataset: { option: option.name } },
      h("span.optname", null, optionTitle(option)), ": ",
      h("b.optvalue", null, optionValue(option, value)),
      changed ? h("span.optnote", null, ` (${t("usually {value}", { value: optionValue(option, option.default) })})`) : null,
      h("div.help", null, plainHelp(option.help, option)));
  });
}

/** The link from a table to its game's "How to play" page (a new tab: the table stays open). */
function howToPlayLink(game) {
  return h("p.howto-link", null, h("a.howtolink", { href: howToPlayPath(game), target: "_blank", rel: "noopener" },
    t("How to play")));
}

/**
 * The rules panel of a table: how the game goes, then each option of this table with its value.
 * ``info``: the table's info (game, players, options).
 */
export function rulesPanel(info, open = false) {
  const list = h("ul.optionlist", { "aria-label": t("This table's rules") });
  const panel = h("details.panel.rulespanel", { open },
    h("summary", null, t("Rules")),
    h("ul.summary", null, (SUMMARIES[info.game]?.() ?? []).map((line) => h("li", null, line))),
    howToPlayLink(info.game),
    h("h4", null, t("This table's rules")),
    list);
  loadGames().then((all) => {
    const game = all?.find((g) => g.id === info.game);
    if (game) list.replaceChildren(...optionRows(game, info.options));
  });
  return panel;
}

// -- tooltips and the dimmed cards ---------------------------------------------------------------

function isCard(game, action) {
  return /^[0-9TJQKA][CDHS]$/.test(action) || (game !== "german-solo" && game !== "frog" && /^[RYGBW]/.test(action));
}

/** The action to ask about for a card of the hand ("W" and "W+4" need a colour named). */
export function whyAction(game, card) {
  return card === "W" || card === "W+4" ? `${card}:R` : card;
}

/**
 * Put the tooltips on a drawn board, show the trick's points, and make each dimmed card of the
 * hand ask why it cannot be played: ``onWhy(action)``.
 */
export function annotateBoard(root, { game, view, onWhy }) {
  if (!view) return;
  const trump = view.trump ?? null;
  for (const el of root.querySelectorAll("[data-card]")) {
    el.title = cardTitle(game, el.dataset.card, trump, el.title);
  }
  for (const el of root.querySelectorAll("button[data-action]")) {
    const action = el.dataset.action;
    if (isCard(game, action)) continue;
    const help = contractHelp(game, action);
    if (help) el.title = help;
  }
  const contract = root.querySelector(".contract-panel .row.contract");
  const help = contractHelp(game, view.contract);
  if (contract && help) contract.title = help;
  const points = trickPoints(game, view.trick?.length ? view.trick : view.tricks?.[view.tricks.length - 1]?.cards ?? []);
  const caption = root.querySelector(".trick-caption");
  if (caption && points !== null && root.querySelector(".trick .slot")) {
    caption.append(h("span.trick-points", null, tn("{n} point in this trick", "{n} points in this trick", points)));
  }
  if (!onWhy) return;
  for (const el of root.querySelectorAll(".mine .hand .card.dimmed")) {
    el.setAttribute("role", "button");
    el.setAttribute("aria-label", t("{card}: not playable now, press to hear why", { card: el.getAttribute("aria-label") }));
    el.tabIndex = 0;
    const ask = () => onWhy(whyAction(game, el.dataset.card));
    el.addEventListener("click", ask);
    el.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") ask();
    });
  }
}

/** The server's answer to "why": the reason, seats named. */
export function whyWords(message, names) {
  const reason = nameSeats(String(message.reason ?? ""), names);
  return message.legal ? reason : t("You cannot play this now: {reason}", { reason });
}
