// Frog in the page: its cards, its auction's bids and what each contract does, the card points
// (A 11, 10 10, K 4, Q 3, J 2), its contract panel (the auction, contract, trump, talon and
// discards), the breakdown of a deal's score, its rules in short, its "How to play" guide, and
// how far a match is.
//
// Sources: shared/rules/trick-taking.md part B (§B1 the card points, §B4 the contracts) and
// docs/frog.md; the lobby's options change some of its rules.

import { h } from "../dom.js";
import { N_, t, tn, translated } from "../i18n.js";
import { backEl, cardEl, suitEl } from "../cards.js";
import { SUIT_WORDS, trickCardFace } from "../words.js";
import { trickGame } from "./trick.js";

const GAME = "frog";

const CONTRACTS = translated({
  // translators: the contracts of Frog (the Russian text names them Фраге, Соло, Червовое соло)
  frage: N_("Frage"),
  solo: N_("Solo"),
  "heart-solo": N_("Heart Solo"),
  ramsch: N_("Ramsch (all passed)"),
});

const BIDS = translated({ pass: N_("Pass"), frage: N_("Frage"), solo: N_("Solo"), "heart-solo": N_("Heart Solo") });

/** Frog's card points (§B1): A 11, 10 10, K 4, Q 3, J 2, the rest 0; 120 in all. */
const POINTS = { A: 11, T: 10, K: 4, Q: 3, J: 2 };

const contractWords = (contract) => CONTRACTS[contract] ?? contract;

/** A bid of the auction in words: a contract, or a pass. */
function bidWords(bid) {
  if (bid === "pass") return t("pass");
  return contractWords(bid);
}

/** A bid of the auction as a button, or null for an action that is none. */
function bidButton(action) {
  return action in BIDS ? { action, label: BIDS[action], kind: "bid", group: "bid" } : null;
}

/** The contract panel: the auction so far, the contract, trump, the talon, the discards. */
function contractRows(m) {
  const { view } = m;
  const rows = [];
  const name = (s) => m.names[s] ?? t("seat {number}", { number: s });
  const auction = view.auction ?? [];
  if (view.phase === "bidding" || !view.contract) {
    rows.push(h("div.row.auction", null, h("b", null, t("Auction:"), " "),
      auction.length ? auction.map(([s, a]) => t("{name}: {bid}", { name: name(s), bid: bidWords(a) })).join(" · ") : t("nothing said yet")));
  }
  if (view.contract) {
    const contract = contractWords(view.contract);
    rows.push(h("div.row.contract", null, h("b", null, t("Contract:"), " "),
      view.declarer !== null && view.declarer !== undefined ? t("{contract} by {name}", { contract, name: name(view.declarer) }) : contract));
  }
  if (view.trump) rows.push(h("div.row.trump", null, h("b", null, t("Trump:"), " "), suitEl(view.trump), ` ${SUIT_WORDS[view.trump]}`));
  const talon = h("div.row.talon", null, h("b", null, t("Talon:"), " "));
  if (view.talon) talon.append(...view.talon.map((c) => cardEl(GAME, c, { small: true })));
  else for (let i = 0; i < view.talon_size; i++) talon.append(backEl({ small: true }));
  rows.push(talon);
  if (view.discarded && view.discarded.length) {
    rows.push(h("div.row.discarded", null, h("b", null, t("You discarded:"), " "), view.discarded.map((c) => cardEl(GAME, c, { small: true }))));
  } else if (view.discard_count) {
    rows.push(h("div.row", null, h("b", null, t("Discarded:"), " "), tn("{n} card", "{n} cards", view.discard_count)));
  }
  return rows;
}

/** The lines of a deal's result: the contract, the card points, the score; or the throw-in. */
function resultLines(entry, { name }) {
  const result = entry.result;
  if (result.contract) {
    const lines = [t("Contract: {contract} by {name}.", { contract: contractWords(result.contract), name: name(result.declarer) })];
    if (result.declarer_points !== undefined) {
      lines.push(t("Card points: {name} {mine}, the others {theirs}.",
        { name: name(result.declarer), mine: result.declarer_points, theirs: result.opponent_points }));
    }
    if (result.difference !== undefined) {
      lines.push(t("Score: {difference} × {multiplier}.", { difference: result.difference, multiplier: result.multiplier ?? 1 }));
    }
    return lines;
  }
  return result.thrown_in ? [t("Everybody passed: no score.")] : null;
}

export default {
  ...trickGame({
    cardWords: trickCardFace,
    bidButton,
    contractWords,
    contracts: () => ({
      pass: t("Pass: you are out of this auction (no re-entry)."),
      frage: t("Frage: hearts are trump; you take the talon and discard three cards. The lowest contract."),
      solo: t("Solo: you name spades, clubs or diamonds as trump; the unseen talon counts for you. Each point pays more than in a Frage."),
      "heart-solo": t("Heart Solo: hearts are trump; the unseen talon counts for you. The highest contract, each point pays the most."),
      ramsch: t("Ramsch: everybody passed."),
    }),
  }),
  cardPoints: (card) => POINTS[card[0]] ?? 0,
  contractRows,
  rulesSummary: () => [
    t("An auction decides the contract: Frage, Solo or Heart Solo; the others play together."),
    t("Follow suit if you can, else trump if you can. Cards count A 11, 10 10, K 4, Q 3, J 2."),
    t("The declarer needs 61 of the 120 card points; 60 is a draw."),
  ],
  description: () => t("Three players bid Frage, Solo or Heart Solo; the declarer plays against the other two and needs 61 of the 120 card points."),
  guide: () => [
    [t("The aim"), [
      t("Three players, 36 cards: eleven each and three in the talon. The declarer plays against the other two and needs 61 of the 120 card points; 60 is a draw."),
      t("Cards rank A 10 K Q J 9 8 7 6 in every suit and count A 11, 10 10, K 4, Q 3, J 2."),
    ]],
    [t("The auction"), [
      t("Eldest, the player to the dealer's left, speaks first. Each player passes, and is out, or names a higher contract; if everybody passes, the deal is thrown in."),
      t("Frage: hearts are trump; you take the talon and discard three cards. The lowest contract."),
      t("Solo: you name spades, clubs or diamonds as trump; the unseen talon counts for you. Each point pays more than in a Frage."),
      t("Heart Solo: hearts are trump; the unseen talon counts for you. The highest contract, each point pays the most."),
    ]],
    [t("The play"), [
      t("Eldest leads. Follow suit if you can, else trump if you can, else play any card. The highest trump wins the trick, else the highest card of the suit led."),
    ]],
    [t("Scoring"), [
      t("For each card point above 60 each opponent pays the declarer one point in a Frage, two in a Solo and three in a Heart Solo; below 60 the declarer pays each of them the same way. The first to 60 points or more wins the match."),
    ]],
  ],
  resultLines,
  matchProgress(options, n) {
    return options.deals
      ? t("Deal {n} of {total}", { n, total: options.deals })
      : t("Deal {n} · to {target} (at most {max} deals)", { n, target: options.target, max: options.max_deals });
  },
};
