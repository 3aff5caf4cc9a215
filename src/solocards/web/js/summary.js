// End-of-round summaries and end-of-match standings.

import { h } from "./dom.js";
import { cardEl, backEl } from "./cards.js";
import { GERMAN_CONTRACT_WORDS, FROG_CONTRACTS, SUIT_WORDS } from "./words.js";

/** A sentence or two about a finished round's result. */
export function resultWords(game, result, names) {
  if (!result) return [];
  const name = (s) => names[s] ?? `seat ${s}`;
  const lines = [];
  const winners = result.winners ?? [];
  if (game === "german-solo" && result.contract) {
    const side = result.partner !== null && result.partner !== undefined
      ? `${name(result.declarer)} and ${name(result.partner)}` : name(result.declarer);
    const trump = result.trump ? `, ${SUIT_WORDS[result.trump]} trump` : "";
    lines.push(`${side} played ${GERMAN_CONTRACT_WORDS[result.contract] ?? result.contract}${trump}: ` +
      `${result.won ? "won" : "lost"}` + (result.value !== undefined ? ` (worth ${result.value})` : "") + ".");
    if (result.tricks_won) lines.push(`Tricks: ${result.tricks_won.map((n, s) => `${name(s)} ${n}`).join(", ")}.`);
    if (result.claimed) lines.push("Claimed after five tricks.");
  } else if (game === "frog") {
    if (result.thrown_in) lines.push("Everybody passed: the deal is thrown in.");
    else if (result.contract) {
      const by = result.declarer !== null && result.declarer !== undefined ? ` by ${name(result.declarer)}` : "";
      lines.push(`${FROG_CONTRACTS[result.contract] ?? result.contract}${by}` +
        (result.declarer_points !== undefined ? `: ${result.declarer_points} card points to ${result.opponent_points}.` : "."));
    }
  } else if (winners.length) {
    lines.push(`${winners.map(name).join(" and ")} went out.`);
  } else {
    lines.push("Nobody went out.");
  }
  return lines;
}

/** A table of the round's scores and the totals. */
export function scoreTable(result, totals, names, winners) {
  const rows = names.map((n, s) => h("tr" + ((winners ?? []).includes(s) ? ".win" : ""), null,
    h("td", null, n),
    result ? h("td.num", null, signed(result.scores?.[s])) : null,
    h("td.num", null, totals ? String(totals[s]) : "")));
  return h("table.scores", null,
    h("thead", null, h("tr", null, h("th", null, "Player"), result ? h("th", null, "Round") : null, h("th", null, "Total"))),
    h("tbody", null, rows));
}

function signed(value) {
  if (value === undefined || value === null) return "";
  return value > 0 ? `+${value}` : String(value);
}

/** The end-of-round dialog body. */
export function roundSummary(game, entry, names) {
  const body = [h("h2", null, `Round ${entry.round + 1} is over`)];
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
      h("span.points", null, ` ${size} ${size === 1 ? "card" : "cards"}, ${points[s]} points`))
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
    h("span.name", null, names[s]), h("span.num", null, String(totals[s])), win.has(s) ? h("span.crown", null, " winner") : null)));
}
