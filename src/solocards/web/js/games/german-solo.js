// German Solo in the page: its card names (Spadilla, Basta), its auction's bids and what each
// contract does, the matadores, its contract panel (the auction, couleur, contract, trump, the
// called card, the pool), its log's words, the breakdown of a deal's chips, its rules in short,
// its "How to play" guide, and how far a match is.
//
// Sources: shared/rules/trick-taking.md part A (§A3 the matadores, §A4 the contracts) and
// docs/german-solo.md; the lobby's options change some of its rules.

import { h } from "../dom.js";
import { N_, t, tn, translated } from "../i18n.js";
import { cardEl, suitEl } from "../cards.js";
import { SUIT_WORDS, describeAction, trickCardFace } from "../words.js";
import { TRICK_CARD, trickGame } from "./trick.js";

const GAME = "german-solo";

const CONTRACT_WORDS = translated({
  // translators: the contracts of German Solo, in the terms German players use (Frage, Solo, Tout...)
  simple: N_("simple game"),
  "simple-couleur": N_("simple game in couleur"),
  forcee: N_("forcée partout"),
  "forcee-couleur": N_("forcée partout in couleur"),
  solo: N_("solo"),
  "solo-couleur": N_("solo in couleur"),
  tout: N_("tout"),
  "tout-couleur": N_("tout in couleur"),
  "forcee-simple": N_("forcée simple"),
  "forcee-simple-couleur": N_("forcée simple in couleur"),
});

const contractWords = (contract) => CONTRACT_WORDS[contract] ?? contract;

/** A German Solo card in words: "Spadilla (Q♣)", "Basta (Q♠)" (the names the engine's
 * catalog gives them: Spadille, Спадилья...), else its face ("10♥"). */
function cardWords(card) {
  // translators: the first matador of German Solo; German: Spadille. The same words as the engine's
  if (card === "QC") return t("Spadilla (Q♣)");
  if (card === "QS") return t("Basta (Q♠)");
  return trickCardFace(card);
}

/** A bid of the auction (a contract, pass, hold, alone, claim) as a button. */
function bidButton(action, { say }) {
  if (action.includes(":")) return null;
  const words = say(action);
  const label = action === "claim" ? t("Claim the game (five tricks)") : words[0].toUpperCase() + words.slice(1);
  return { action, label, kind: action === "claim" ? "claim" : "bid", group: "bid" };
}

/** The contract panel: the auction so far, couleur, the contract, trump, the called card, the pool. */
function contractRows(m) {
  const { view } = m;
  const rows = [];
  const name = (s) => m.names[s] ?? t("seat {number}", { number: s });
  const bids = view.auction?.bids ?? [];
  if (view.phase === "bidding" || !view.contract) {
    rows.push(h("div.row.auction", null, h("b", null, t("Auction:"), " "),
      bids.length ? bids.map(([s, a]) => t("{name}: {bid}", { name: name(s), bid: describeAction(GAME, a, m.names) })).join(" · ") : t("nothing said yet")));
  }
  if (view.couleur) rows.push(h("div.row", null, h("b", null, t("Couleur:"), " "), suitEl(view.couleur), ` ${SUIT_WORDS[view.couleur]}`));
  if (view.contract) {
    const params = { name: name(view.declarer), contract: contractWords(view.contract) };
    const tout = view.tout && !view.contract.startsWith("tout");
    const alone = view.alone && !view.contract.startsWith("solo") && !view.contract.startsWith("tout");
    rows.push(h("div.row.contract", null, h("b", null, t("Contract:"), " "),
      tout && alone ? t("{name} plays {contract} for tout alone", params)
        : tout ? t("{name} plays {contract} for tout", params)
          : alone ? t("{name} plays {contract} alone", params) : t("{name} plays {contract}", params)));
  }
  if (view.trump) rows.push(h("div.row.trump", null, h("b", null, t("Trump:"), " "), suitEl(view.trump), ` ${SUIT_WORDS[view.trump]}`));
  if (view.called) {
    rows.push(h("div.row.called", null, h("b", null, t("Called:"), " "), cardEl(GAME, view.called, { small: true }),
      view.caller_void ? [" ", t("(the caller has none of that suit)")] : "",
      view.partner !== null && view.partner !== undefined ? [" · ", t("partner: {name}", { name: name(view.partner) })]
        : view.called_holder !== null && view.called_holder === m.me ? [" · ", t("you hold it: you are the partner")] : ""));
  }
  rows.push(h("div.row.pool", null, h("b", null, t("Pool:"), " "),
    tn("{n} chip (stake {stake})", "{n} chips (stake {stake})", view.pool, { stake: view.stake })));
  return rows;
}

/** The lines of a deal's result: the contract won or lost, trump, worth, stake, pool, tricks. */
function resultLines(entry, { name, each }) {
  const result = entry.result;
  if (!result.contract) return null;
  const lines = [];
  const side = result.partner !== null && result.partner !== undefined
    ? t("{a} and {b}", { a: name(result.declarer), b: name(result.partner) }) : name(result.declarer);
  const contract = contractWords(result.contract);
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
  return lines;
}

export default {
  ...trickGame({
    cardWords,
    bidButton,
    contractWords,
    contracts: () => ({
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
  }),
  cardHelp(card, trump) {
    if (card === "QC") return t("Spadilla: always the highest trump.");
    if (card === "QS") return t("Basta: always the third trump.");
    if (trump && card === `7${trump}`) return t("Manilla: the seven of trumps, the second trump.");
    return null;
  },
  contractRows,
  logLine: (action, words) => (TRICK_CARD.test(action) ? t("plays {card}", { card: words }) : t("says “{bid}”", { bid: words })),
  rulesSummary: () => [
    t("An auction decides the contract; the declarer names trump and may call an Ace for a partner."),
    t("Follow suit if you can. Spadilla (Q♣), Manilla (the seven of trumps) and Basta (Q♠) are the top trumps."),
    t("The declaring side needs five of the eight tricks; chips are paid by the contract's value."),
  ],
  description: () => t("Four players bid for the contract; the declarer, alone or with a secret partner, needs five of the eight tricks. Spadilla, Manilla and Basta are the top trumps."),
  guide: () => [
    [t("The aim"), [
      t("Four players, 32 cards, eight each. An auction decides who declares the game; the declarer's side needs five of the eight tricks. Chips are paid by the game's value."),
    ]],
    [t("The cards"), [
      t("Spadilla (Q♣), Manilla (the seven of trumps) and Basta (Q♠) are always the three highest trumps; the rest of the trump suit follows, Ace high."),
      t("In the other suits the Ace is high and the seven low; the black queens belong to no suit but trumps."),
    ]],
    [t("The auction"), [
      t("Eldest, the player to the dealer's left, speaks first. Each player passes, and is out, or names a higher game; an earlier player may hold, that is, play the game a later one proposes."),
      t("From low to high: simple game (2 chips), simple in couleur (4), forcée partout (4), forcée in couleur (8), solo (4), solo in couleur (8), tout (16), tout in couleur (32). Couleur is clubs unless the table says otherwise."),
      t("Whoever holds both black queens must announce forcée partout unless a solo or more is bid. If everybody passes, the holder of Spadilla must play a simple game."),
    ]],
    [t("Partner or alone"), [
      t("In a simple game the declarer names trump and calls an Ace: its holder is his partner, secret until that Ace is played. A solo is played alone against the other three."),
    ]],
    [t("The play"), [
      t("Eldest leads. Follow suit if you can; if you cannot, you may trump or play any card. The highest trump wins the trick, else the highest card of the suit led."),
      t("You need not play Spadilla, Manilla or Basta to a trump lead when you hold no other trump, unless a higher one of the three was led."),
    ]],
    [t("Scoring"), [
      t("The losers each pay the game's value: to the declarer in a game played alone, to one winner each in a partnership. The value grows by a chip when the declaring side was dealt all three matadores, and by one for each trump from the Ace down that follows them."),
      t("The dealer pays a stake into the pool before the deal. A game lost alone pays a béte into it; a game won alone in couleur takes a stamm from it."),
    ]],
  ],
  breakdownSaysAll: true,
  resultLines,
  matchProgress(options, n) {
    return options.match_end === "deals"
      ? t("Deal {n} of {total}", { n, total: options.deals })
      : t("Deal {n} · to {target} (at most {max} deals)", { n, target: options.target, max: options.max_deals });
  },
};
