// Rules at hand: a rules panel per game with the table's own options (named and valued as the
// lobby shows them), a tooltip on every contract, bid and special card, card points where the
// game counts them, and a click on a dimmed card of the hand that asks the server why it cannot
// be played (the engine's explain_illegal). What each contract, bid and card does, and the
// rules in short, are the game module's words (games/<game>.js).

import { h } from "./dom.js";
import { api } from "./api.js";
import { choiceWords, optionTitle, plainHelp } from "./plain.js";
import { t, tn } from "./i18n.js";
import { cardWords, nameSeats } from "./words.js";
import { howToPlayPath } from "./gameguide.js";
import { presentation } from "./games/index.js";

// -- what the contracts, bids and special cards do ------------------------------------------

/** What a contract, bid or declaration does, or null: contractHelp(game, "frage"). */
export function contractHelp(game, name) {
  if (!name) return null;
  return presentation(game).contractHelp(name);
}

/** The card points of a card where the game counts them, else null. */
export function cardPoints(game, card) {
  const points = presentation(game).cardPoints;
  return points ? points(card) : null;
}

/** The points of a trick's cards ([[seat, card], ...]) where the game counts them, else null. */
export function trickPoints(game, trick) {
  if (!presentation(game).cardPoints) return null;
  return trick.reduce((sum, [, card]) => sum + cardPoints(game, card), 0);
}

/** What a special card does (an action card, a black card, a matador), or null. */
export function cardHelp(game, card, trump) {
  return presentation(game).cardHelp(card, trump);
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
    h("ul.summary", null, presentation(info.game).rulesSummary().map((line) => h("li", null, line))),
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
  return presentation(game).isCard(action);
}

/** The action to ask about for a card of the hand (a wild needs a colour named). */
export function whyAction(game, card) {
  return presentation(game).whyAction(card);
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
