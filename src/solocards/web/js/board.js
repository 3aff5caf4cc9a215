// The table as one seat sees it, drawn from its view: the other players, the centre (piles or
// trick), what to do now, the buttons, the hand. Used live (table.js) and in replays. What is
// the game's own (its prompts, its centre, its contract panel, its call) comes from its module
// (games/index.js).

import { h, clockIcon } from "./dom.js";
import { cardEl, backEl, colourSwatch, isTrickGame, suitEl } from "./cards.js";
import { sortActions, withCall } from "./actions.js";
import { ringSpots, offsetOf, sittingOut } from "./seating.js";
import { COLOUR_NAMES, SUIT_WORDS, describeAction, logLine, cardWords, seatName } from "./words.js";
import { t, tn } from "./i18n.js";
import { botWords } from "./plain.js";
import { presentation } from "./games/index.js";

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
  return presentation(game).prompt(view, names, me);
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
    const centre = presentation(game).centre?.(m, sorted);
    if (centre) root.append(centre);
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
  const lines = presentation(game).seatLines(view, s);
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

function dealerBadge() {
  return h("span.badge.dealer", { title: t("the dealer of this deal") }, t("dealer"));
}

function clockEl(m, s) {
  const clock = m.clock;
  if (!clock || clock.seat !== s) return null;
  return h("div.clock", { dataset: { deadline: String(clock.deadline) } }, clockIcon(), h("span.left"));
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
    h("div.contract-panel", null, presentation(m.game).contractRows?.(m) ?? []));
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
  const call = sorted.hasCall ? presentation(game).callWords?.() : null;
  if (call) {
    bar.append(h("button.act.callbtn" + (m.callArmed ? ".armed" : ""), {
      type: "button", "aria-pressed": m.callArmed ? "true" : "false",
      title: call.title,
      onclick: () => m.onToggleCall(),
    }, call.button, " ", h("small", null, m.callArmed ? t("with my play ✓") : t("with my play"))));
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
    h("span.mine-info", null, presentation(game).handWords(view, me, cards.length)),
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
