// Motion at the table: a played card flies from its seat (or from your hand) to the pile or the
// trick, a finished trick is gathered to its winner, drawn cards and penalties are dealt to the
// seat as backs, a swap moves the hands (as backs), a reversal turns the direction arrow.
//
// Motion only decorates what is already drawn: the board is rendered at once for every update
// and the animations play over it (Web Animations API), so an update is never delayed or
// dropped. A click, a key or the next update finishes every animation at once. Nothing moves
// under `prefers-reduced-motion: reduce` or when the player turned motion off. A flying card
// is either a face already public in the new view (a played card, a trick) or a back: no
// hidden face is ever put into the page.
//
// A short tone may mark "your turn" (WebAudio, off by default).

import { h } from "./dom.js";
import { backEl } from "./cards.js";
import { pref, setPref } from "./api.js";
import { t } from "./i18n.js";

/** How long one flight lasts, in ms. */
export const DURATION = 320;
const GATHER_DELAY = DURATION;
const MAX_BACKS = 5;

/** Whether cards move: the player's setting, and the system's reduced-motion wish. */
export function motionWanted() {
  if (!pref("motion", true)) return false;
  return !window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
}

/** Whether the "your turn" tone is wanted (off unless the player turned it on). */
export function soundWanted() {
  return Boolean(pref("sound", false));
}

let audio = null;

/** A short soft tone (two notes), generated: no sound file is needed. */
export function yourTurnTone() {
  try {
    audio = audio ?? new (window.AudioContext || window.webkitAudioContext)();
    const now = audio.currentTime;
    for (const [freq, at] of [[660, 0], [880, 0.12]]) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.type = "sine";
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, now + at);
      gain.gain.exponentialRampToValueAtTime(0.18, now + at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + at + 0.16);
      osc.connect(gain).connect(audio.destination);
      osc.start(now + at);
      osc.stop(now + at + 0.18);
    }
    return true;
  } catch {
    return false; // no audio here: the turn is shown on the page anyway
  }
}

/** The two switches for the top bar: motion (on by default) and the turn sound (off). */
export function motionButtons(onChange = () => {}) {
  const motion = pref("motion", true);
  const sound = soundWanted();
  return [
    h("button.btn.motiontoggle", {
      type: "button", "aria-pressed": motion ? "true" : "false", title: t("Cards move when they are played"),
      onclick: () => {
        setPref("motion", !motion);
        onChange();
      },
    }, motion ? t("Motion: on") : t("Motion: off")),
    h("button.btn.soundtoggle", {
      type: "button", "aria-pressed": sound ? "true" : "false", title: t("A short tone when it is your turn"),
      onclick: () => {
        setPref("sound", !sound);
        if (!sound) yourTurnTone();
        onChange();
      },
    }, sound ? t("Sound: on") : t("Sound: off")),
  ];
}

function rectOf(el) {
  if (!el) return null;
  const r = el.getBoundingClientRect();
  return r.width || r.height ? { left: r.left, top: r.top, width: r.width, height: r.height } : null;
}

function centreOf(rect) {
  return { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
}

function seatTarget(root, seat) {
  return root.querySelector(`.mine[data-seat="${seat}"] .hand`) ?? root.querySelector(`.seat[data-seat="${seat}"]`);
}

/**
 * The motion of one table page. ``capture`` before an update is drawn, ``play`` after:
 *
 *   const shot = motion.capture(view, round);   // finishes what still moves, notes the places
 *   render();
 *   motion.play(shot, newView, newRound, { game, me });
 */
export class Motion {
  constructor(root) {
    this.root = root;
    this.running = new Set();
    this.started = 0; // how many flights began (the tests read it)
    this.layer = null;
    const skip = () => this.finish();
    document.addEventListener("pointerdown", skip, true);
    document.addEventListener("keydown", skip, true);
  }

  /** Finish every animation at once (a click, a key, the next update). */
  finish() {
    for (const animation of [...this.running]) animation.finish();
    this.running.clear();
    if (this.layer) this.layer.replaceChildren();
  }

  /** Where things are before an update is drawn (and finish what still moves). */
  capture(view, round) {
    this.finish();
    const root = this.root;
    const seats = new Map();
    for (const el of root.querySelectorAll(".seat[data-seat], .mine[data-seat]")) {
      const seat = Number(el.dataset.seat);
      seats.set(seat, rectOf(seatTarget(root, seat)));
    }
    const hand = new Map();
    for (const el of root.querySelectorAll(".mine .hand [data-card]")) {
      if (!hand.has(el.dataset.card)) hand.set(el.dataset.card, rectOf(el));
    }
    return { view, round, seats, hand, draw: rectOf(root.querySelector(".drawpile")) };
  }

  /** Animate what changed from the captured view to ``view`` (drawn already). */
  play(shot, view, round, ctx) {
    const before = shot?.view;
    if (!before || !view || shot.round !== round) return;
    this.turnTone(before, view, ctx.me);
    if (!motionWanted()) return;
    const fresh = (view.log ?? []).slice((before.log ?? []).length);
    if (!fresh.length || (before.log?.length ?? 0) > (view.log?.length ?? 0)) return;
    const swapped = this.swaps(shot, before, view, fresh);
    this.playedCard(shot, before, view, fresh);
    if (!swapped) this.draws(shot, before, view);
    this.gather(before, view);
    if ((before.direction ?? null) !== (view.direction ?? null)) this.turnArrow();
  }

  turnTone(before, view, me) {
    if (me === null || me === undefined || !soundWanted()) return;
    const mine = (v) => v.can_act && v.current === me;
    if (mine(view) && !mine(before)) yourTurnTone();
  }

  // -- the flights ---------------------------------------------------------------------------

  ensureLayer() {
    if (!this.layer || !this.layer.isConnected) {
      this.layer = h("div.motion-layer", { "aria-hidden": "true" });
      document.body.append(this.layer);
    }
    return this.layer;
  }

  track(animation) {
    this.started += 1;
    this.running.add(animation);
    animation.addEventListener("finish", () => this.running.delete(animation));
    animation.addEventListener("cancel", () => this.running.delete(animation));
    return animation;
  }

  /** Move a card that is already in its new place from ``from`` (a rect) into that place. */
  flyIn(el, from, delay = 0) {
    const to = rectOf(el);
    if (!from || !to) return;
    const a = centreOf(from);
    const b = centreOf(to);
    const scale = Math.max(0.4, Math.min(1.6, from.width / to.width || 1));
    this.track(el.animate([
      { transform: `translate(${a.x - b.x}px, ${a.y - b.y}px) scale(${scale})` },
      { transform: "none" },
    ], { duration: DURATION, delay, easing: "cubic-bezier(.2,.7,.3,1)", fill: "backwards" }));
  }

  /** A floating copy of ``el`` (a public face or a back) flown from one rect to another. */
  flyCopy(el, from, to, delay = 0, fade = false) {
    if (!from || !to) return;
    const layer = this.ensureLayer();
    el.classList.add("flying");
    Object.assign(el.style, { left: `${from.left}px`, top: `${from.top}px` });
    layer.append(el);
    const size = rectOf(el) ?? from;
    const a = centreOf(from);
    const b = centreOf(to);
    const dx = b.x - a.x + (from.width - size.width) / 2;
    const dy = b.y - a.y + (from.height - size.height) / 2;
    const animation = this.track(el.animate([
      { transform: "translate(0, 0)", opacity: 1 },
      { transform: `translate(${dx}px, ${dy}px) scale(0.7)`, opacity: fade ? 0 : 1 },
    ], { duration: DURATION, delay, easing: "ease-in-out", fill: "both" }));
    animation.addEventListener("finish", () => el.remove());
    animation.addEventListener("cancel", () => el.remove());
  }

  /** The card just played flies from its player (your hand: the card itself) to the centre. */
  playedCard(shot, before, view, fresh) {
    const root = this.root;
    const played = new Map(); // seat -> card, from the new trick or the new top card
    for (const [seat, card] of view.trick ?? []) {
      if (!(before.trick ?? []).some(([s, c]) => s === seat && c === card)) played.set(seat, card);
    }
    const last = view.tricks?.[view.tricks.length - 1];
    if ((view.tricks?.length ?? 0) > (before.tricks?.length ?? 0) && last) {
      for (const [seat, card] of last.cards) {
        if (!(before.trick ?? []).some(([s, c]) => s === seat && c === card)) played.set(seat, card);
      }
    }
    for (const [seat, card] of played) {
      const el = root.querySelector(`.trick .slot[data-seat="${seat}"] [data-card="${card}"]`);
      this.flyIn(el, shot.hand.get(card) ?? shot.seats.get(seat));
    }
    const top = view.top_card;
    const grew = (view.discard_pile_size ?? 0) > (before.discard_pile_size ?? 0);
    if (top && (grew || top !== before.top_card)) {
      const [seat] = fresh[fresh.length - 1];
      const el = root.querySelector(".discard [data-card]");
      this.flyIn(el, shot.hand.get(top) ?? shot.seats.get(seat));
    }
  }

  /** Drawn cards and penalties: backs from the draw pile to the seat, one after another. */
  draws(shot, before, view) {
    const root = this.root;
    const from = shot.draw ?? rectOf(root.querySelector(".drawpile"));
    (view.hand_sizes ?? []).forEach((size, seat) => {
      const more = size - (before.hand_sizes?.[seat] ?? size);
      if (more <= 0 || !from) return;
      const to = rectOf(seatTarget(root, seat));
      for (let k = 0; k < Math.min(more, MAX_BACKS); k++) this.flyCopy(backEl(), from, to, k * 70);
    });
  }

  /** A swap (a swap card's ">N", or the all-round swap): bundles of backs change places. */
  swaps(shot, before, view, fresh) {
    const root = this.root;
    const players = view.players ?? view.hand_sizes?.length ?? 0;
    let moved = false;
    for (const [seat, action] of fresh) {
      if (typeof action !== "string") continue;
      const pairs = [];
      const target = action.match(/>(\d+)/);
      if (target) {
        pairs.push([seat, Number(target[1])], [Number(target[1]), seat]);
      } else if (/^WX\b/.test(action) && players > 1) {
        const step = (before.direction ?? 1) === -1 ? -1 : 1;
        for (let s = 0; s < players; s++) pairs.push([s, (((s + step) % players) + players) % players]);
      }
      for (const [a, b] of pairs) {
        const from = shot.seats.get(a) ?? rectOf(seatTarget(root, a));
        const to = rectOf(seatTarget(root, b));
        for (let k = 0; k < 3; k++) this.flyCopy(backEl(), from, to, k * 40);
        moved = true;
      }
    }
    return moved;
  }

  /** A finished trick: copies of its (public) cards fly to the seat that took it. */
  gather(before, view) {
    if ((view.tricks?.length ?? 0) <= (before.tricks?.length ?? 0)) return;
    const last = view.tricks[view.tricks.length - 1];
    const root = this.root;
    const to = rectOf(seatTarget(root, last.winner));
    for (const slot of root.querySelectorAll(".trick .slot [data-card]")) {
      const from = rectOf(slot);
      const copy = slot.cloneNode(true);
      copy.removeAttribute("id");
      copy.setAttribute("aria-hidden", "true");
      this.flyCopy(copy, from, to, GATHER_DELAY, true);
    }
  }

  /** A reversal: the direction arrow turns round. */
  turnArrow() {
    const arrow = this.root.querySelector(".fact.direction .arrow");
    if (!arrow) return;
    this.track(arrow.animate([{ transform: "rotate(-180deg) scale(1.4)" }, { transform: "none" }],
      { duration: DURATION + 150, easing: "ease-out" }));
  }
}
