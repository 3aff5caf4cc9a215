// End-of-round summaries and end-of-match standings.

import { h } from "./dom.js";
import { cardEl, backEl } from "./cards.js";
import { GERMAN_CONTRACT_WORDS, FROG_CONTRACTS, SUIT_WORDS } from "./words.js";
import { listWords, t, tn } from "./i18n.js";

/** A sentence or two about a finished round's result. */
export function resultWords(game, result, names) {
  if (!result) return [];
  const name = (s) => names[s] ?? t("seat {number}", { number: s });
  const lines = [];
  const winners = result.winners ?? [];
  if (game === "german-solo" && result.contract) {
    const side = result.partner !== null && result.partner !== undefined
      ? listWords([name(result.declarer), name(result.partner)]) : name(result.declarer);
    const contract = GERMAN_CONTRACT_WORDS[result.contract] ?? result.contract;
    const params = { side, contract, trump: result.trump ? SUIT_WORDS[result.trump] : "", value: result.value };
    lines.push(germanResult(Boolean(result.trump), Boolean(result.won), result.value !== undefined, params));
    if (result.tricks_won) {
      const counts = result.tricks_won.map((n, s) => t("{name} {count}", { name: name(s), count: n }));
      lines.push(t("Tricks: {counts}.", { counts: counts.join(", ") }));
    }
    if (result.claimed) lines.push(t("Claimed after five tricks."));
  } else if (game === "frog") {
    if (result.thrown_in) lines.push(t("Everybody passed: the deal is thrown in."));
    else if (result.contract) {
      const contract = FROG_CONTRACTS[result.contract] ?? result.contract;
      const hasDeclarer = result.declarer !== null && result.declarer !== undefined;
      const params = { contract, name: hasDeclarer ? name(result.declarer) : "", points: result.declarer_points, against: result.opponent_points };
      if (result.declarer_points !== undefined) {
        lines.push(hasDeclarer ? t("{contract} by {name}: {points} card points to {against}.", params)
          : t("{contract}: {points} card points to {against}.", params));
      } else {
        lines.push(hasDeclarer ? t("{contract} by {name}.", params) : t("{contract}.", params));
      }
    }
  } else if (winners.length) {
    lines.push(tn("{names} went out.", "{names} went out.", winners.length, { names: listWords(winners.map(name)) }));
  } else {
    lines.push(t("Nobody went out."));
  }
  return lines;
}

/** The sentence of a German Solo deal's result: one message for each form it takes. */
function germanResult(trump, won, worth, params) {
  if (trump && won) return worth ? t("{side} played {contract}, {trump} trump: won (worth {value}).", params) : t("{side} played {contract}, {trump} trump: won.", params);
  if (trump) return worth ? t("{side} played {contract}, {trump} trump: lost (worth {value}).", params) : t("{side} played {contract}, {trump} trump: lost.", params);
  if (won) return worth ? t("{side} played {contract}: won (worth {value}).", params) : t("{side} played {contract}: won.", params);
  return worth ? t("{side} played {contract}: lost (worth {value}).", params) : t("{side} played {contract}: lost.", params);
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
  const body = [h("h2", null, t("Round {number} is over", { number: entry.round + 1 }))];
  for (const line of resultWords(game, entry.result, names)) body.push(h("p", null, line));
  body.push(scoreTable(entry.result, entry.totals, names, entry.result?.winners));
  const hands = entry.view?.final_hands;
  if (hands) {
    body.push(h("div.final-hands", null, hands.map((cards, s) => cards.length
      ? h("div.final-hand", null, h("span.name", null, names[s]), cards.map((c) => cardEl(game, c, { small: true })))
      : null)));
  } else if (entry.view?.hand_sizes && entry.result?.points) {
    body.push(handsLeft(game, entry.view, entry.result.points, names));
  }
  return body;
}

/** The hands left at a round's end where the game keeps them hidden (AMIGO): one's own cards
 * face up, the others' as backs, each with the points it is worth (the result's ``points``). */
export function handsLeft(game, view, points, names) {
  return h("div.final-hands", null, view.hand_sizes.map((size, s) => size
    ? h("div.final-hand", null, h("span.name", null, names[s]),
      s === view.seat && view.hand
        ? view.hand.map((c) => cardEl(game, c, { small: true }))
        : Array.from({ length: size }, () => backEl({ small: true })),
      " ", h("span.points", null, tn("{n} card, {points} points", "{n} cards, {points} points", size, { points: points[s] })))
    : null));
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
