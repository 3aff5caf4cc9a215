// End-of-round summaries and end-of-match standings.

import { h } from "./dom.js";
import { cardEl, backEl } from "./cards.js";
import { nameSeats } from "./words.js";
import { t, tn } from "./i18n.js";
import { breakdownSaysAll, roundOverWords } from "./scores.js";

/** The server's summary of a finished round (``summary``: lines in the page's language, the
 * game's own words for its contract, outcome, card points and payments), players named. */
export function resultWords(entry, names) {
  return (entry?.summary ?? []).map((line) => nameSeats(line, names));
}

/** A table of the round's scores and the totals. */
export function scoreTable(result, totals, names, winners) {
  const rows = names.map((n, s) => h("tr" + ((winners ?? []).includes(s) ? ".win" : ""), null,
    h("td", null, n),
    result ? h("td.num", null, signed(result.scores?.[s])) : null,
    h("td.num", null, totals ? String(totals[s]) : "")));
  return h("table.scores", null,
    h("thead", null, h("tr", null, h("th", null, t("Player")), result ? h("th", null, t("Round")) : null, h("th", null, t("Total")))),
    h("tbody", null, rows));
}

function signed(value) {
  if (value === undefined || value === null) return "";
  return value > 0 ? `+${value}` : String(value);
}

/** The end-of-round dialog body. */
export function roundSummary(game, entry, names) {
  const body = [h("h2", null, roundOverWords(game, entry.round + 1))];
  const lines = resultWords(entry, names);
  for (const line of breakdownSaysAll(game) ? lines.slice(0, 1) : lines) body.push(h("p", null, line));
  body.push(scoreTable(entry.result, entry.totals, names, entry.result?.winners));
  const hands = entry.view?.final_hands;
  if (entry.view?.hand_sizes && entry.result?.points) {
    body.push(handsLeft(game, entry.view, entry.result.points, names));
  } else if (hands) {
    body.push(h("div.final-hands", null, hands.map((cards, s) => cards.length
      ? h("div.final-hand", null, h("span.name", null, names[s]), cards.map((c) => cardEl(game, c, { small: true })))
      : null)));
  }
  return body;
}

/** The hands left at a round's end, each with the points it is worth (the result's
 * ``points``, AMIGO): face up as the view's ``final_hands`` shows them, else one's own cards face
 * up and the others' as backs (a view that does not show them). */
export function handsLeft(game, view, points, names) {
  return h("div.final-hands", null, view.hand_sizes.map((size, s) => {
    if (!size) return null;
    const cards = view.final_hands?.[s] ?? (s === view.seat ? view.hand : null);
    return h("div.final-hand", { dataset: { seat: String(s) } }, h("span.name", null, names[s]),
      cards
        ? cards.map((c) => cardEl(game, c, { small: true }))
        : Array.from({ length: size }, () => backEl({ small: true })),
      " ", h("span.points", null, tn("{n} card, {points} points", "{n} cards, {points} points", size, { points: points[s] })));
  }));
}

/** The end-of-match standings: best first. */
export function standings(totals, winners, names) {
  const order = names.map((_, s) => s);
  const win = new Set(winners ?? []);
  // Winners first; then the others from the best total, which is the lowest when the winner
  // has less than someone else (lowest-wins scoring, e.g. UNO's alternative scoring).
  const first = [...win][0];
  const lowWins = first !== undefined && order.some((s) => !win.has(s) && totals[s] > totals[first]);
  const better = lowWins ? (a, b) => totals[a] - totals[b] : (a, b) => totals[b] - totals[a];
  order.sort((a, b) => (win.has(b) - win.has(a)) || better(a, b));
  return h("ol.standings", null, order.map((s) => h("li" + (win.has(s) ? ".win" : ""), null,
    h("span.name", null, names[s]), h("span.num", null, String(totals[s])), win.has(s) ? [" ", h("span.crown", null, t("winner"))] : null)));
}
