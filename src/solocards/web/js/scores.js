// Scores that explain themselves: each round's breakdown (contract and outcome, card points,
// matadores, stake, pool, penalties, hand points) from the finished round's result and view,
// the match's progress as the game's end condition says it, and standings in the game's own
// sense of winning (the server says whether the lowest total wins).

import { h } from "./dom.js";
import { t, tn } from "./i18n.js";
import { GERMAN_CONTRACT_WORDS, FROG_CONTRACTS, SUIT_WORDS } from "./words.js";

const UNO_POINTS = { S: 20, R: 20, "+2": 20 };

/** The points of a UNO card left in a hand: its number, 20 for an action card, 50 for a wild. */
export function unoCardPoints(card) {
  if (card.startsWith("W")) return 50;
  const rank = card.slice(1);
  return UNO_POINTS[rank] ?? Number(rank);
}

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
  const lines = [];
  if (game === "german-solo" && result.contract) {
    const side = result.partner !== null && result.partner !== undefined
      ? t("{a} and {b}", { a: name(result.declarer), b: name(result.partner) }) : name(result.declarer);
    const contract = GERMAN_CONTRACT_WORDS[result.contract] ?? result.contract;
    lines.push(result.won
      ? t("Contract: {contract} by {side}, won.", { contract, side })
      : t("Contract: {contract} by {side}, lost.", { contract, side }));
    if (result.trump) lines.push(t("Trump: {suit}.", { suit: SUIT_WORDS[result.trump] ?? result.trump }));
    if (result.value !== undefined) {
      lines.push(t("Worth {value}: base {base}, matadores {matadores}.",
        { value: result.value, base: result.base ?? "?", matadores: result.matadores ?? 0 }));
    }
    if (result.stake !== undefined) lines.push(t("Stake {stake} a player.", { stake: result.stake }));
    if (result.pool !== undefined) {
      const change = result.pool_change ?? 0;
      lines.push(t("Pool: {pool} ({change} this deal).", { pool: result.pool, change: change > 0 ? "+" + change : String(change) }));
    }
    if (result.bete) lines.push(t("Bête: {bete} paid into the pool.", { bete: result.bete }));
    if (result.tricks_won) lines.push(t("Tricks: {list}.", { list: each(result.tricks_won) }));
  } else if (game === "frog" && result.contract) {
    lines.push(t("Contract: {contract} by {name}.", { contract: FROG_CONTRACTS[result.contract] ?? result.contract, name: name(result.declarer) }));
    if (result.declarer_points !== undefined) {
      lines.push(t("Card points: {name} {mine}, the others {theirs}.",
        { name: name(result.declarer), mine: result.declarer_points, theirs: result.opponent_points }));
    }
    if (result.difference !== undefined) {
      lines.push(t("Score: {difference} × {multiplier}.", { difference: result.difference, multiplier: result.multiplier ?? 1 }));
    }
  } else if (game === "frog" && result.thrown_in) {
    lines.push(t("Everybody passed: no score."));
  } else if (game === "uno" && entry.view?.final_hands) {
    const points = entry.view.final_hands.map((cards) => cards.reduce((sum, c) => sum + unoCardPoints(c), 0));
    lines.push(t("Points in each hand: {list}.", { list: each(points) }));
  } else if (result.points) {
    lines.push(t("Points in each hand: {list}.", { list: each(result.points) }));
  }
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
  return game === "german-solo" || game === "frog";
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
  return game === "german-solo";
}

/** How far the match is, as its end condition counts: "Deal 2 of 8", "Round 3 · to 500". */
export function matchProgress(game, options, round) {
  if (!options || round === null || round === undefined) return null;
  const n = round + 1;
  if (game === "uno") {
    return options.rounds
      ? t("Round {n} of {total} (or to {target})", { n, total: options.rounds, target: options.target_score })
      : t("Round {n} · to {target}", { n, target: options.target_score });
  }
  if (game === "amigo-solo") {
    if (options.scoring === "bga_countdown") return t("Round {n} · from {start} down to 0", { n, start: options.start_total });
    const target = options.target_score || (options.scoring === "minus_points" ? 500 : 600);
    return t("Round {n} · to {target}", { n, target });
  }
  if (game === "german-solo") {
    return options.match_end === "deals"
      ? t("Deal {n} of {total}", { n, total: options.deals })
      : t("Deal {n} · to {target} (at most {max} deals)", { n, target: options.target, max: options.max_deals });
  }
  if (game === "frog") {
    return options.deals
      ? t("Deal {n} of {total}", { n, total: options.deals })
      : t("Deal {n} · to {target} (at most {max} deals)", { n, target: options.target, max: options.max_deals });
  }
  return t("Round {n}", { n });
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
