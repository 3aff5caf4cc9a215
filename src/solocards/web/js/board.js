// The table as one seat sees it, drawn from its view: the other players, the centre (piles or
// trick), what to do now, the buttons, the hand. Used live (table.js) and in replays.

import { h, clockIcon } from "./dom.js";
import { directionIcon } from "./icons.js";
import { cardEl, backEl, colourSwatch, isTrickGame, suitEl } from "./cards.js";
import { sortActions, withCall } from "./actions.js";
import { ringSpots, offsetOf, sittingOut } from "./seating.js";
import { COLOUR_NAMES, SUIT_WORDS, GERMAN_CONTRACT_WORDS, FROG_CONTRACTS,
  describeAction, logLine, cardWords, seatName } from "./words.js";
import { t, tn } from "./i18n.js";
import { botWords } from "./plain.js";

/** Display names of the seats of a table (from the lobby's seat list or a record's names). */
export function seatNames(seats, players) {
  const names = [];
  for (let i = 0; i < players; i++) {
    const seat = seats?.[i];
    const number = i + 1;
    if (!seat) names.push(t("Seat {number}", { number }));
    else if (typeof seat === "string") names.push(seat.startsWith("bot:") ? t("Bot {number}", { number }) : seat);
    else if (seat.kind === "bot") names.push(t("Bot {number}", { number }));
    else names.push(seat.name ?? t("Seat {number}", { number }));
  }
  return names;
}

/** Seats in the order they sit around the table, starting at the left of ``me``. */
export function around(players, me) {
  const start = me === null || me === undefined ? 0 : me + 1;
  const order = [];
  for (let k = 0; k < players; k++) order.push((start + k) % players);
  return me === null || me === undefined ? order : order.filter((s) => s !== me);
}

function windowHas(view, key) {
  const w = view.window;
  if (!w) return false;
  if (Array.isArray(w)) return w.includes(key);
  const value = w[key];
  return Array.isArray(value) ? value.length > 0 : Boolean(value);
}

/**
 * Whether seat ``me`` has taken a turn of its own this round (an entry of its own in the log).
 *
 *   hasActed({ log: [[1, "R7"], [0, "draw"]] }, 0)   // true
 *   hasActed({ log: [[1, "R7"]] }, 0)                // false
 */
export function hasActed(view, me) {
  return (view?.log ?? []).some((entry) => entry[0] === me);
}

/**
 * Whether to call seat ``me`` to jump in: the jump-in window is open to it, and it has had a
 * turn of its own this round. Before its first turn a newcomer is not hurried: the card it may
 * jump in with is lit like any playable card, and the prompt says whose turn it is.
 */
export function jumpInCall(view, me) {
  if (!view || me === null || me === undefined || !view.can_act || view.current === me) return false;
  return windowHas(view, "jump_in") && hasActed(view, me);
}

/** The sentence telling the viewer what is going on / what to do. */
export function promptText(game, view, names, me) {
  if (!view) return "";
  const name = (s) => names[s] ?? t("seat {number}", { number: s });
  if (view.is_over) return t("The round is over.");
  const mine = me !== null && me !== undefined;
  const myTurn = mine && view.current === me && view.can_act;
  if (!isTrickGame(game)) {
    const call = game === "uno" ? "UNO" : "solo";
    if (myTurn) {
      if (view.drawn_card) {
        const drawn = cardWords(game, view.drawn_card);
        const playable = view.legal_actions.some((a) => a !== "pass" && a !== "draw");
        return playable ? t("You drew {card}: play it or keep it.", { card: drawn })
          : t("You drew {card}; it does not fit: keep it.", { card: drawn });
      }
      if (view.pending_draw) {
        return tn("Your turn: {n} card to take, unless you can pass it on.",
          "Your turn: {n} cards to take, unless you can pass them on.", view.pending_draw);
      }
      if (view.legal_actions.includes("challenge")) return t("Your turn: take the four cards or challenge the Wild Draw Four.");
      if (view.legal_actions.some((a) => a.startsWith("color:"))) return t("Name the colour of the first card.");
      if (view.legal_actions.some((a) => a.startsWith("swap>"))) return t("Choose whose hand to take for the first card.");
      return t("Your turn.");
    }
    if (mine && view.can_act) {
      if (jumpInCall(view, me)) return t("Jump in! You hold the very same card.");
      const catches = view.legal_actions.filter((a) => a.startsWith("catch>"));
      if (catches.length) return t("Catch {name}: no “{call}” was called!", { name: name(Number(catches[0].slice(6))), call });
      if (view.legal_actions.includes("uno") || view.legal_actions.includes("solo")) return t("Call “{call}” now!", { call });
    }
    return view.current === null ? "" : t("{name} to play.", { name: name(view.current) });
  }
  const who = view.current;
  if (who === null || who === undefined) return "";
  const phase = view.phase;
  if (myTurn) {
    if (phase === "bidding") return t("Your bid.");
    if (phase === "declaring") {
      if (view.legal_actions.some((a) => a.startsWith("call:"))) {
        return view.legal_actions.includes("alone") ? t("Call a card for your partner (or play alone).")
          : t("Call a card for your partner."); // this table has no playing alone here
      }
      return t("Name the trump suit.");
    }
    if (phase === "discarding") return t("Discard a card from your hand.");
    if (view.five_tricks) return t("You won the first five tricks: claim the game, or lead on for tout.");
    return view.trick && view.trick.length ? t("Your turn: play a card.") : t("Your lead.");
  }
  const params = { name: name(who) };
  switch (phase) {
    case "bidding": return t("{name} to bid.", params);
    case "declaring": return t("{name} to declare.", params);
    case "discarding": return t("{name} to discard.", params);
    case "playing": return t("{name} to play.", params);
    default: return t("{name} to act.", params);
  }
}

/**
 * Draw the board into ``root``.
 * ``m``: {game, view, me, names, seats (lobby seat info or null), totals, clock, readonly,
 *         callArmed, busy, onPlay(play|plays), onAction(action), onToggleCall(), targeting}
 */
export function renderBoard(root, m) {
  const { game, view } = m;
  root.className = `board game-${game}` + (m.readonly ? " readonly" : "");
  root.replaceChildren();
  if (!view) return;
  const me = m.me;
  const legal = m.readonly ? [] : view.legal_actions ?? [];
  const sorted = sortActions(game, legal, m.names);
  const players = view.players;

  if (isTrickGame(game)) {
    root.append(trickTable(m, sorted));
  } else {
    root.append(h("section.opponents", { "aria-label": t("players") },
      around(players, me).map((s) => seatPanel(m, s, sorted))));
    root.append(shedCentre(m, sorted));
  }
  // a replay names the player whose hand it shows: "Your turn" would speak to the watcher
  const prompt = promptText(game, view, m.names, m.replay ? null : me);
  const jump = !m.readonly && jumpInCall(view, me) && sorted.byCard.size > 0;
  root.append(h("div.prompt" + (jump ? ".jumpin" : "") + (view.current === me && view.can_act ? ".mine" : ""),
    { role: "status", "aria-live": "polite" }, prompt));
  root.append(actionBar(m, sorted));
  if (me !== null && me !== undefined) root.append(myArea(m, sorted, jump));
}

function seatPanel(m, s, sorted) {
  const { view, game } = m;
  const name = m.names[s] ?? t("Seat {number}", { number: s + 1 });
  const info = m.seats?.[s];
  const turn = view.current === s && !view.is_over;
  const size = view.hand_sizes?.[s] ?? 0;
  const classes = ["seat"];
  if (turn) classes.push("turn");
  if (view.declarer === s) classes.push("declarer");
  if (m.targeting && m.targeting.includes(s)) classes.push("target");
  const out = sittingOut(view).has(s);
  if (out) classes.push("out");
  const backs = h("div.backs", { "aria-hidden": "true" });
  for (let i = 0; i < Math.min(size, 8); i++) backs.append(backEl({ small: true }));
  const lines = [];
  if (isTrickGame(game)) {
    if (out) lines.push(view.dealer === s ? t("deals, sits out") : t("sits out this deal"));
    else lines.push(trickWords(view.tricks_won?.[s] ?? 0, view.trick_points?.[s]));
    if (view.declarer === s && view.contract) lines.push(contractShort(game, view.contract));
    if (view.partner === s) lines.push(t("partner"));
  } else if (view.vulnerable === s || view.open_to_catch === s) {
    lines.push(game === "uno" ? t("no UNO called!") : t("no solo called!"));
  }
  const total = m.totals?.[s];
  const panel = h(`div.${classes.join(".")}`, { dataset: { seat: String(s) } },
    h("div.seat-head", null,
      h("span.name", { title: name }, h("bdi", null, name)), // a right-to-left name keeps to itself
      view.dealer === s ? dealerBadge() : null,
      info && info.kind === "bot" ? h("span.badge", { title: botWords(info.bot) }, t("bot")) : null,
      info && info.away ? h("span.badge.away", null, t("away")) : null,
      info && info.kind === "human" && !info.connected ? h("span.badge.off", null, t("offline")) : null),
    h("div.seat-cards", null, size ? backs : null, h("span.count", { dataset: { count: String(size) } }, tn("{n} card", "{n} cards", size))),
    lines.length ? h("div.seat-info", null, lines.join(" · ")) : null,
    total !== undefined && total !== null ? h("div.seat-total", null, t("total {points}", { points: total })) : null,
    clockEl(m, s),
  );
  for (const btn of sorted.seat.get(s) ?? []) {
    if (btn.kind === "catch") panel.append(actionButton(m, btn, "catch"));
  }
  if (m.targeting && m.targeting.includes(s)) {
    panel.setAttribute("role", "button");
    panel.tabIndex = 0;
    panel.addEventListener("click", () => m.onTarget(s));
  }
  return panel;
}

/** Tricks won, with the card points where the game counts them: "3 tricks · 42 pts". */
function trickWords(tricks, points) {
  const won = tn("{n} trick", "{n} tricks", tricks);
  return points === undefined || points === null ? won : `${won} · ${tn("{n} pt", "{n} pts", points)}`;
}

function dealerBadge() {
  return h("span.badge.dealer", { title: t("the dealer of this deal") }, t("dealer"));
}

function clockEl(m, s) {
  const clock = m.clock;
  if (!clock || clock.seat !== s) return null;
  return h("div.clock", { dataset: { deadline: String(clock.deadline) } }, clockIcon(), h("span.left"));
}

function contractShort(game, contract) {
  if (game === "frog") return FROG_CONTRACTS[contract] ?? contract;
  return GERMAN_CONTRACT_WORDS[contract] ?? contract;
}

// -- the centre: shedding games ------------------------------------------------------------

function shedCentre(m, sorted) {
  const { view, game } = m;
  const draw = sorted.buttons.find((b) => b.kind === "draw");
  const pile = h(draw ? "button.pile.drawpile.live" : "div.pile.drawpile",
    { title: draw ? t("Draw") : t("Draw pile"), "aria-label": tn("draw pile, {n} card", "draw pile, {n} cards", view.draw_pile_size) },
    backEl(), h("span.pile-count", null, String(view.draw_pile_size)));
  if (draw) pile.addEventListener("click", () => m.onAction(draw.action));
  const top = view.top_card;
  const discard = h("div.pile.discard", { "aria-label": t("discard pile") },
    top ? cardEl(game, top, { classes: ["top"] }) : null,
    h("span.pile-count", null, String(view.discard_pile_size ?? "")));
  const colour = view.color;
  const facts = h("div.facts", null,
    h("div.fact.colour", null, t("colour"), " ",
      colour ? colourSwatch(colour, COLOUR_NAMES[colour]) : h("span.swatch.any", null, t("any")),
      h("span.word", null, colour ? COLOUR_NAMES[colour] : t("any"))),
    h("div.fact.direction", { title: view.direction === 1 ? t("clockwise") : t("counter-clockwise") },
      h("span.arrow", null, directionIcon(view.direction)), " ",
      view.direction === 1 ? t("clockwise") : t("counter-clockwise")),
    view.pending_draw ? h("div.fact.penalty", null, view.current !== null
      ? t("+{count} pending for {name}", { count: view.pending_draw, name: m.names[view.current] })
      : t("+{count} pending", { count: view.pending_draw })) : null,
  );
  const known = [];
  const knownHands = view.known_hands;
  if (knownHands) {
    const entries = Array.isArray(knownHands)
      ? knownHands.map((cards, s) => [s, cards])
      : Object.entries(knownHands).map(([s, cards]) => [Number(s), cards]);
    for (const [s, cards] of entries) {
      if (s === m.me || !cards || !cards.length) continue;
      known.push(h("div.known", null, t("You know {name} holds", { name: m.names[s] }), " ",
        cards.map((c) => cardEl(game, c, { small: true }))));
    }
  }
  return h("section.centre.shed", null, h("div.piles", null, pile, discard), facts, known);
}

// -- the centre: trick games ----------------------------------------------------------------

/**
 * The trick games' table: the other seats around the trick, each on its side of it (seatPanel),
 * the trick in the middle with each card in front of its player, the contract beside it.
 */
function trickTable(m, sorted) {
  const players = m.view.players;
  const spots = ringSpots(players);
  const sides = { left: [], top: [], right: [], bottom: [] };
  for (const s of around(players, m.me)) {
    sides[spots[offsetOf(s, m.me, players)].side].push(seatPanel(m, s, sorted));
  }
  // clockwise from the viewer's left: up the left side, along the top, down the right side
  sides.left.reverse();
  return h(`section.ring.n${players}`, { "aria-label": t("players") },
    sides.top.length ? h("div.ring-top", null, sides.top) : null,
    sides.left.length ? h("div.ring-left", null, sides.left) : null,
    trickCentre(m, spots),
    sides.right.length ? h("div.ring-right", null, sides.right) : null,
    sides.bottom.length ? h("div.ring-bottom", null, sides.bottom) : null,
    contractPanel(m));
}

function trickCentre(m, spots) {
  const { view, game } = m;
  const players = view.players;
  let trick = view.trick ?? [];
  let last = null;
  if (!trick.length && view.tricks && view.tricks.length && view.phase === "playing") {
    last = view.tricks[view.tricks.length - 1];
    trick = last.cards;
  }
  const area = h("div.trick" + (last ? ".last" : ""), { "aria-label": last ? t("last trick") : t("trick") });
  for (const [s, card] of trick) {
    const spot = spots[offsetOf(s, m.me, players)];
    const slot = h(`div.slot.${spot.side}`, { dataset: { seat: String(s) }, title: m.names[s] },
      cardEl(game, card), h("span.who", null, h("bdi", null, m.names[s])));
    slot.style.setProperty("--x", String(spot.x));
    slot.style.setProperty("--y", String(spot.y));
    area.append(slot);
  }
  if (!trick.length && view.phase !== "playing") area.append(h("div.trick-note", null, phaseWords(view.phase)));
  const caption = h("div.trick-caption", null, last ? t("{name} took the last trick", { name: m.names[last.winner] }) : "\u00a0");
  return h("div.trickwrap", null, area, caption);
}

function phaseWords(phase) {
  switch (phase) {
    case "bidding": return t("The auction");
    case "declaring": return t("Declaring");
    case "discarding": return t("Discarding");
    case "over": return t("Deal over");
    default: return "";
  }
}

/** A Frog bid of the auction in words: a contract, or a pass. */
function frogBidWords(bid) {
  if (bid === "pass") return t("pass");
  return FROG_CONTRACTS[bid] ?? bid;
}

function contractPanel(m) {
  const { view, game } = m;
  const rows = [];
  const name = (s) => m.names[s] ?? t("seat {number}", { number: s });
  if (game === "german-solo") {
    const bids = view.auction?.bids ?? [];
    if (view.phase === "bidding" || !view.contract) {
      rows.push(h("div.row.auction", null, h("b", null, t("Auction:"), " "),
        bids.length ? bids.map(([s, a]) => t("{name}: {bid}", { name: name(s), bid: describeAction(game, a, m.names) })).join(" · ") : t("nothing said yet")));
    }
    if (view.couleur) rows.push(h("div.row", null, h("b", null, t("Couleur:"), " "), suitEl(view.couleur), ` ${SUIT_WORDS[view.couleur]}`));
    if (view.contract) {
      const params = { name: name(view.declarer), contract: GERMAN_CONTRACT_WORDS[view.contract] ?? view.contract };
      const tout = view.tout && !view.contract.startsWith("tout");
      const alone = view.alone && !view.contract.startsWith("solo") && !view.contract.startsWith("tout");
      rows.push(h("div.row.contract", null, h("b", null, t("Contract:"), " "),
        tout && alone ? t("{name} plays {contract} for tout alone", params)
          : tout ? t("{name} plays {contract} for tout", params)
            : alone ? t("{name} plays {contract} alone", params) : t("{name} plays {contract}", params)));
    }
    if (view.trump) rows.push(h("div.row.trump", null, h("b", null, t("Trump:"), " "), suitEl(view.trump), ` ${SUIT_WORDS[view.trump]}`));
    if (view.called) {
      rows.push(h("div.row.called", null, h("b", null, t("Called:"), " "), cardEl(game, view.called, { small: true }),
        view.caller_void ? [" ", t("(the caller has none of that suit)")] : "",
        view.partner !== null && view.partner !== undefined ? [" · ", t("partner: {name}", { name: name(view.partner) })]
          : view.called_holder !== null && view.called_holder === m.me ? [" · ", t("you hold it: you are the partner")] : ""));
    }
    rows.push(h("div.row.pool", null, h("b", null, t("Pool:"), " "),
      tn("{n} chip (stake {stake})", "{n} chips (stake {stake})", view.pool, { stake: view.stake })));
  } else {
    const auction = view.auction ?? [];
    if (view.phase === "bidding" || !view.contract) {
      rows.push(h("div.row.auction", null, h("b", null, t("Auction:"), " "),
        auction.length ? auction.map(([s, a]) => t("{name}: {bid}", { name: name(s), bid: frogBidWords(a) })).join(" · ") : t("nothing said yet")));
    }
    if (view.contract) {
      const contract = FROG_CONTRACTS[view.contract] ?? view.contract;
      rows.push(h("div.row.contract", null, h("b", null, t("Contract:"), " "),
        view.declarer !== null && view.declarer !== undefined ? t("{contract} by {name}", { contract, name: name(view.declarer) }) : contract));
    }
    if (view.trump) rows.push(h("div.row.trump", null, h("b", null, t("Trump:"), " "), suitEl(view.trump), ` ${SUIT_WORDS[view.trump]}`));
    const talon = h("div.row.talon", null, h("b", null, t("Talon:"), " "));
    if (view.talon) talon.append(...view.talon.map((c) => cardEl(game, c, { small: true })));
    else for (let i = 0; i < view.talon_size; i++) talon.append(backEl({ small: true }));
    rows.push(talon);
    if (view.discarded && view.discarded.length) {
      rows.push(h("div.row.discarded", null, h("b", null, t("You discarded:"), " "), view.discarded.map((c) => cardEl(game, c, { small: true }))));
    } else if (view.discard_count) {
      rows.push(h("div.row", null, h("b", null, t("Discarded:"), " "), tn("{n} card", "{n} cards", view.discard_count)));
    }
  }
  return h("div.contract-panel", null, rows);
}

// -- buttons and the hand --------------------------------------------------------------------

function actionButton(m, btn, extra) {
  const el = h(`button.act.kind-${btn.kind}` + (extra ? `.${extra}` : ""),
    { type: "button", dataset: { action: btn.action }, disabled: m.busy },
    btn.kind === "colour" ? colourSwatch(btn.colour, COLOUR_NAMES[btn.colour]) : null,
    btn.kind === "trump" ? suitEl(btn.suit) : null,
    btn.kind === "trump" ? ` ${SUIT_WORDS[btn.suit]}` : btn.label);
  el.addEventListener("click", (event) => {
    event.stopPropagation();
    m.onAction(btn.action);
  });
  return el;
}

function actionBar(m, sorted) {
  const { game } = m;
  const bar = h("div.actionbar");
  if (m.readonly) return bar;
  if (sorted.hasCall) {
    const label = game === "uno" ? t("UNO!") : t("Solo!");
    bar.append(h("button.act.callbtn" + (m.callArmed ? ".armed" : ""), {
      type: "button", "aria-pressed": m.callArmed ? "true" : "false",
      title: game === "uno" ? t("Call UNO with the card you play next") : t("Call solo with the card you play next"),
      onclick: () => m.onToggleCall(),
    }, label, " ", h("small", null, m.callArmed ? t("with my play ✓") : t("with my play"))));
  }
  for (const btn of sorted.buttons) bar.append(actionButton(m, btn));
  for (const [body, plays] of sorted.multi) {
    const el = h("button.act.kind-multi", { type: "button", dataset: { action: body }, disabled: m.busy,
      title: describeAction(game, (plays.find((p) => !p.call) ?? plays[0]).action, m.names) },
      t("Play"), " ", plays[0].cards.map((c) => cardEl(game, c, { small: true })));
    el.addEventListener("click", () => m.onPlay(withCall(plays, m.callArmed)));
    bar.append(el);
  }
  return bar;
}

function myArea(m, sorted, jump) {
  const { view, game } = m;
  const me = m.me;
  const hand = h("div.hand" + (jump ? ".jump" : ""), { "aria-label": t("your hand") });
  const cards = view.hand ?? [];
  const out = sittingOut(view).has(me);
  let drawnMarked = false;
  for (const card of cards) {
    const plays = sorted.byCard.get(card);
    const classes = [];
    if (plays) classes.push("playable");
    else if (legalCount(view, m) > 0 || view.current === me) classes.push("dimmed");
    if (!drawnMarked && view.drawn_card === card) {
      classes.push("drawn");
      drawnMarked = true;
    }
    const el = cardEl(game, card, {
      tag: plays && !m.readonly ? "button" : "div",
      classes,
      // the card's own play: the words of a play that calls UNO (or solo) say so, and the call
      // is the UNO! button's business, not the card's
      title: plays ? describeAction(game, (plays.find((p) => !p.call) ?? plays[0]).action, m.names) : undefined,
    });
    if (plays && !m.readonly) {
      if (m.busy) el.disabled = true;
      el.addEventListener("click", () => m.onPlay(withCall(plays, m.callArmed)));
    }
    hand.append(el);
  }
  if (out && !cards.length) {
    const params = { name: m.names[me] };
    hand.append(h("p.sitout-note", null, view.dealer === me
      ? (m.replay ? t("{name} deals and sits out: the others play this deal.", params) : t("You deal and sit out: the others play this deal."))
      : (m.replay ? t("{name} sits out this deal.", params) : t("You sit out this deal."))));
  }
  const total = m.totals?.[me];
  const head = h("div.me-head", null,
    h("span.name", null, m.replay ? t("{name}'s hand", { name: m.names[me] }) : m.names[me] !== undefined ? t("{name} (you)", { name: m.names[me] }) : t("You")),
    view.dealer === me ? dealerBadge() : null,
    out ? h("span.mine-info.sitout", null, m.replay ? t("sits out this deal") : t("you sit out this deal")) : null,
    isTrickGame(game) ? h("span.mine-info", null, trickWords(view.tricks_won?.[me] ?? 0, view.trick_points?.[me]))
      : h("span.mine-info", null, tn("{n} card", "{n} cards", cards.length)),
    total !== undefined && total !== null ? h("span.mine-info", null, t("total {points}", { points: total })) : null,
    view.current === me && !view.is_over ? h("span.badge.turnbadge", null, t("your turn")) : null,
    clockEl(m, me));
  return h("section.mine" + (view.current === me && view.can_act ? ".turn" : "") + (out ? ".out" : ""),
    { dataset: { seat: String(me) } }, head, hand);
}

function legalCount(view, m) {
  return m.readonly ? 0 : (view.legal_actions ?? []).length;
}

/** Overlap the cards of every hand so that the whole hand fits its width. On a phone a long
 * hand takes as many rows as it needs for each card to show four fifths of itself (a tap strip
 * of 40 px on a 50 px card) and never runs off the screen (style.css, ``.hand.rows``). */
export function fanHands(root) {
  const phone = window.matchMedia?.("(max-width: 820px)").matches;
  for (const hand of root.querySelectorAll(".hand")) {
    const cards = hand.querySelectorAll(".card");
    if (!cards.length) continue;
    const room = hand.clientWidth - 4;
    const cardWidth = cards[0].offsetWidth;
    const n = cards.length;
    const natural = cardWidth + 6;
    const perRow = phone ? Math.max(1, Math.floor((room - cardWidth) / (cardWidth * 0.8)) + 1) : n;
    const rows = Math.ceil(n / perRow);
    const inRow = Math.ceil(n / rows);
    const step = inRow > 1 ? Math.min(natural, (room - cardWidth) / (inRow - 1)) : natural;
    hand.style.setProperty("--overlap", `${Math.min(6, step - cardWidth)}px`);
    hand.classList.toggle("tight", step < cardWidth);
    hand.classList.toggle("rows", rows > 1);
  }
}

/** Words for the log: one line per action, seats named. */
export function logLines(game, log, names) {
  return (log ?? []).map(([s, a]) => ({ seat: s, action: a,
    // translators: a line of the log: a player's name, then what they did (the server's words)
    text: t("{name} {action}", { name: seatName(names, s), action: logLine(game, a, names) }) }));
}

export { cardWords };
