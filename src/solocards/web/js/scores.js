// Scores that explain themselves: each round's breakdown (contract and outcome, card points,
// matadores, stake, pool, penalties, hand points) from the finished round's result and view,
// the match's progress as the game's end condition says it, and standings in the game's own
// sense of winning (the server says whether the lowest total wins). The lines of a game's own
// result, and its progress, are its module's words (games/<game>.js).

import { h } from "./dom.js";
import { t, tn } from "./i18n.js";
import { presentation } from "./games/index.js";

/** How many penalty cards each seat took in a round, from the log and its notes. */
export function penaltiesOf(notes, log, players) {
  const taken = Array(players).fill(0);
  const actions = notes?.actions ?? [];
  if (!log || actions.length !== log.length) return taken;
  actions.forEach((note, i) => {
    if (!note) return;
    if (note.penalty) taken[log[i][0]] += note.drew;
    if (note.challenge) taken[note.challenge.seat] += note.challenge.cards;
    if (note.caught) taken[note.caught.seat] += note.caught.cards;
  });
  return taken;
}

/** The lines that explain a finished round's scores. */
export function breakdownLines(game, entry, names) {
  const result = entry?.result;
  if (!result) return [];
  const name = (s) => names[s] ?? t("Seat {n}", { n: s + 1 });
  const each = (values) => values.map((v, s) => `${name(s)} ${v}`).join(", ");
  const own = presentation(game).resultLines(entry, { name, each });
  const lines = own ? [...own] : [];
  if (!own && result.points) lines.push(t("Points in each hand: {list}.", { list: each(result.points) }));
  if (entry.notes) {
    const taken = penaltiesOf(entry.notes, entry.view?.log, names.length);
    const list = taken.map((n, s) => (n ? tn("{name} {n} card", "{name} {n} cards", n, { name: name(s) }) : null)).filter(Boolean);
    if (list.length) lines.push(t("Penalty cards taken: {list}.", { list: list.join(", ") }));
  }
  return lines;
}

/** The round's breakdown as a block for the summary and the score panel. */
export function breakdown(game, entry, names) {
  const lines = breakdownLines(game, entry, names);
  return lines.length ? h("ul.breakdown", null, lines.map((line) => h("li", null, line))) : null;
}

/** Whether ``game`` counts its rounds as deals (the trick games): "Deal 2", not "Round 2". */
export function countsDeals(game) {
  return presentation(game).countsDeals;
}

/** "Round {number} is over" in the game's own word for a round. */
export function roundOverWords(game, number) {
  return countsDeals(game) ? t("Deal {number} is over", { number }) : t("Round {number} is over", { number });
}

/** The log's line at a round's end: "Deal 2 is over." in the trick games. */
export function roundOverLogWords(game, number) {
  return countsDeals(game) ? t("Deal {number} is over.", { number }) : t("Round {number} is over.", { number });
}

/** Whether the round's breakdown restates every line of the server's round summary (German
 * Solo's: contract, trump, tricks, worth, stake, pool): the dialog then shows only the summary's
 * first line above it. */
export function breakdownSaysAll(game) {
  return presentation(game).breakdownSaysAll;
}

/** How far the match is, as its end condition counts: "Deal 2 of 8", "Round 3 · to 500". */
export function matchProgress(game, options, round) {
  if (!options || round === null || round === undefined) return null;
  return presentation(game).matchProgress(options, round + 1);
}

/** Seats from the best total to the worst: winners first, then by the game's sense. */
export function standingOrder(totals, winners, lowestWins) {
  const win = new Set(winners ?? []);
  const order = totals.map((_, s) => s);
  const better = lowestWins ? (a, b) => totals[a] - totals[b] : (a, b) => totals[b] - totals[a];
  return order.sort((a, b) => (win.has(b) - win.has(a)) || better(a, b));
}

/** The standings as a list, best first, with each seat's place. */
export function standingsList(totals, winners, names, lowestWins) {
  const win = new Set(winners ?? []);
  return h("ol.standings", { dataset: { lowestWins: lowestWins ? "1" : "0" } },
    standingOrder(totals, winners, lowestWins).map((s) => h("li" + (win.has(s) ? ".win" : ""), { dataset: { seat: String(s) } },
      h("span.name", null, names[s]), h("span.num", null, String(totals[s])),
      win.has(s) ? h("span.crown", null, ` ${t("winner")}`) : null)));
}

/** A finished round's heading in the score panel: "Deal 2: Ann +3, Bob -3". */
function roundScoreWords(game, entry, names) {
  const list = (entry.result.scores ?? []).map((v, s) => `${names[s]} ${v > 0 ? "+" : ""}${v}`).join(", ");
  if (entry.round === null || entry.round === undefined) return t("A round: {list}", { list });
  const n = entry.round + 1;
  return countsDeals(game) ? t("Deal {n}: {list}", { n, list }) : t("Round {n}: {list}", { n, list });
}

/** The score panel's history: each finished round's scores with its breakdown. */
export function roundHistory(game, rounds, names) {
  const finished = rounds.filter((r) => r.result);
  if (!finished.length) return null;
  return h("div.rounds", null, finished.map((entry) => h("details.roundscore", null,
    h("summary", null, roundScoreWords(game, entry, names)),
    breakdown(game, entry, names))));
}
