// Hints at the table: a button (under the action bar) on the seat's own turn (when the table allows hints) asks the
// server for every legal action's chance to win the round, worked out from this seat's view
// only. The answer shades each playable card and each action button with its chance: a "%"
// label on every one (so the colour is never the only cue) and a colour of the viridis scale,
// whose lightness rises with the chance and which reads the same with the common kinds of
// colour blindness. A hint belongs to the version it was asked at: once the position changes
// it is gone from the table.

import { h } from "./dom.js";
import { t, tn } from "./i18n.js";
import { sortActions } from "./actions.js";
import { describeAction } from "./words.js";

/** The viridis colour map at five stops (dark purple for 0% to yellow for 100%). */
const VIRIDIS = [[68, 1, 84], [59, 82, 139], [33, 145, 140], [94, 201, 98], [253, 231, 37]];

/**
 * The colour of a win chance on the viridis scale, as "rgb(r, g, b)".
 *
 *   hintColour(0)    // "rgb(68, 1, 84)"
 *   hintColour(1)    // "rgb(253, 231, 37)"
 */
export function hintColour(chance) {
  const x = Math.max(0, Math.min(1, Number(chance) || 0)) * (VIRIDIS.length - 1);
  const low = Math.min(VIRIDIS.length - 2, Math.floor(x));
  const f = x - low;
  const rgb = VIRIDIS[low].map((c, i) => Math.round(c + (VIRIDIS[low + 1][i] - c) * f));
  return `rgb(${rgb.join(", ")})`;
}

/** A chance as a whole percentage: percent(0.625) is "63%". */
export function percent(chance) {
  return `${Math.round(Number(chance) * 100)}%`;
}

/** What the page knows of hints: the version asked for, the latest answer, hints left. */
export class HintState {
  constructor() {
    this.pending = null;
    this.answer = null;
    this.left = null;
  }
}

/** Whether the hint button shows: hints allowed, the game on, and this seat's own turn. */
export function hintAllowed(page) {
  const view = page.view;
  return Boolean(page.info?.hints && page.status === "playing" && page.seat !== null
    && page.seat !== undefined && view?.can_act && view.current === page.seat && !page.pause);
}

/** Ask the server for a hint of the position on screen. */
export function askHint(page) {
  const hints = page.hints;
  if (hints.pending === page.version) return;
  if (page.send({ type: "hint" })) {
    hints.pending = page.version;
    page.render();
  }
}

/** A ``hint`` message: kept if it is for the position on screen, else dropped. */
export function onHint(page, message) {
  const hints = page.hints;
  if (hints.pending === message.version) hints.pending = null;
  hints.left = message.left;
  if (message.version !== page.version) return;
  hints.answer = message;
  page.render();
}

const HINT_ERRORS = ["hints_off", "not_your_turn", "hint_busy", "hint_limit", "hint_failed"];

/** An ``error`` about a hint: the button can be pressed again (unless the hints ran out). */
export function onHintError(page, message) {
  if (!HINT_ERRORS.includes(message.code)) return false;
  page.hints.pending = null;
  if (message.code === "hint_limit") page.hints.left = 0;
  return true;
}

/** The answer of the hint for the position on screen, or null. */
function currentAnswer(page) {
  const answer = page.hints.answer;
  return answer && answer.version === page.version ? answer : null;
}

/** Add the hint button and, when a hint for this position came, the shading, to ``root``. */
export function decorateHints(page, root) {
  if (!hintAllowed(page)) return;
  const hints = page.hints;
  const bar = root.querySelector(".actionbar");
  if (!bar) return;
  const answer = currentAnswer(page);
  const thinking = hints.pending === page.version;
  const none = hints.left === 0 && !answer;
  const label = thinking ? t("Working out the chances…") : t("Hint");
  const left = hints.left === null ? null : tn("{n} hint left this round", "{n} hints left this round", hints.left);
  const hintbar = h("div.hintbar");
  bar.after(hintbar);
  hintbar.append(h("button.act.hintbtn", {
    type: "button", disabled: thinking || none || Boolean(answer),
    title: t("Each action's chance to win the round, from what you can see"),
    onclick: () => askHint(page),
  }, label, left !== null ? h("small", null, ` (${left})`) : null));
  if (answer) shade(page, root, answer, hintbar);
}

function shade(page, root, answer, hintbar) {
  const byAction = new Map(answer.actions.map((a) => [a.action, a]));
  const best = answer.best;
  const legal = page.view?.legal_actions ?? [];
  const sorted = sortActions(page.game, legal, page.names);
  // a card or button with several plays (a wild's colours) shows its best play: the best
  // action of all where it is one of them (the server breaks a tie in the chance by the score)
  const estimateOf = (actions) => {
    const known = actions.map((a) => byAction.get(a)).filter(Boolean);
    if (!known.length) return null;
    return known.find((a) => a.action === best) ?? known.reduce((a, b) => (b.win > a.win ? b : a));
  };
  for (const el of root.querySelectorAll(".hand .card[data-card]")) {
    const plays = sorted.byCard.get(el.dataset.card);
    if (plays) mark(el, estimateOf(plays.map((p) => p.action)), best);
  }
  for (const el of root.querySelectorAll("button[data-action]")) {
    const body = el.dataset.action;
    const multi = sorted.multi.get(body);
    mark(el, estimateOf(multi ? multi.map((p) => p.action) : [body]), best);
  }
  const rows = [...answer.actions].sort((a, b) => b.win - a.win).map((a) => h("li", {
    dataset: { action: a.action }, class: a.action === best ? "best" : null,
  },
  h("span.swatch.hintswatch", { style: { background: hintColour(a.win) }, "aria-hidden": "true" }),
  h("span.hintwhat", null, describeAction(page.game, a.action, page.names)),
  h("span.hintwin", null, percent(a.win)),
  h("span.hintci", null, t("({low}–{high})", { low: percent(a.ci95[0]), high: percent(a.ci95[1]) })),
  a.score !== undefined ? h("span.hintscore", null, t("expected score {score}", { score: a.score.toFixed(1) })) : null));
  // under the hand, so that the list never pushes the hand below the fold
  const mine = root.querySelector("section.mine");
  (mine ?? hintbar).after(h("section.hintpanel", { "aria-label": t("hint") },
    h("p.hintnote", null, tn("Chances to win this round, from {n} deal you cannot tell from this one (95% intervals):",
      "Chances to win this round, from {n} deals you cannot tell from this one (95% intervals):", answer.worlds)),
    h("ol.hintlist", null, rows)));
}

function mark(el, estimate, best) {
  if (!estimate) return;
  el.classList.add("hinted");
  if (estimate.action === best) el.classList.add("hint-best");
  el.style.setProperty("--hint-colour", hintColour(estimate.win));
  el.dataset.win = String(estimate.win);
  const words = t("chance to win {win} ({low}–{high})",
    { win: percent(estimate.win), low: percent(estimate.ci95[0]), high: percent(estimate.ci95[1]) });
  el.title = el.title ? `${el.title} · ${words}` : words;
  el.append(h("span.hintlabel", {
    style: { background: hintColour(estimate.win), color: estimate.win > 0.55 ? "#111" : "#fff" },
  }, estimate.action === best ? `★ ${percent(estimate.win)}` : percent(estimate.win)));
}
