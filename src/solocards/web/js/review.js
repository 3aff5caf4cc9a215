// The review of a finished round, drawn by the page: the seat's chance to win through the
// round (an SVG chart, no library: the chance of the action played at each decision, its 95%
// band, the marked decisions, the round's result as a square) and the list of decisions
// marked inaccuracy (?!), mistake (?) or blunder (??) as docs/analysis.md defines them. Every
// mark has its symbol beside its colour. It comes from GET /api/tables/{id}/review.

import { h, clear } from "./dom.js";
import { t } from "./i18n.js";
import { api } from "./api.js";
import { describeAction, learnWords } from "./words.js";
import { percent } from "./hints.js";

const SVG = "http://www.w3.org/2000/svg";

/** Each mark's symbol (as chess notation writes them) and colour. */
export const MARKS = {
  inaccuracy: { symbol: "?!", colour: "#e3b505" },
  mistake: { symbol: "?", colour: "#f58518" },
  blunder: { symbol: "??", colour: "#e45756" },
};

function markWords(mark) {
  return { inaccuracy: t("inaccuracy"), mistake: t("mistake"), blunder: t("blunder") }[mark] ?? "";
}

function svg(tag, attrs, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs ?? {})) el.setAttribute(key, String(value));
  for (const child of children) if (child) el.append(child);
  return el;
}

function played(decision) {
  return decision.actions.find((a) => a.action === decision.action);
}

/**
 * The chart of a review: x the seat's decisions in order, y the chance (0 to 1) of the action
 * it played; returns an <svg class="review-chart">.
 */
export function reviewChart(report) {
  const width = 640;
  const height = 220;
  const pad = { left: 44, right: 24, top: 14, bottom: 30 };
  const decisions = report.decisions;
  const n = Math.max(1, decisions.length);
  const x = (i) => pad.left + ((i + 0.5) / (n + 1)) * (width - pad.left - pad.right);
  const y = (p) => pad.top + (1 - p) * (height - pad.top - pad.bottom);
  const chart = svg("svg", { viewBox: `0 0 ${width} ${height}`, class: "review-chart", role: "img",
    "aria-label": t("Your chance to win through the round") });
  for (const p of [0, 0.5, 1]) {
    chart.append(svg("line", { x1: pad.left, x2: width - pad.right, y1: y(p), y2: y(p), class: "grid" }));
    const label = svg("text", { x: pad.left - 6, y: y(p) + 4, "text-anchor": "end", class: "axis" });
    label.textContent = percent(p);
    chart.append(label);
  }
  const points = decisions.map((d, i) => ({ d, i, e: played(d) })).filter((p) => p.e);
  if (points.length) {
    const upper = points.map((p) => `${x(p.i)},${y(p.e.ci95[1])}`);
    const lower = points.map((p) => `${x(p.i)},${y(p.e.ci95[0])}`).reverse();
    chart.append(svg("polygon", { points: [...upper, ...lower].join(" "), class: "band" }));
    chart.append(svg("polyline", { points: points.map((p) => `${x(p.i)},${y(p.e.win)}`).join(" "), class: "line" }));
  }
  for (const { d, i, e } of points) {
    const style = MARKS[d.mark];
    const dot = svg("circle", { cx: x(i), cy: y(e.win), r: style ? 6 : 3.5, class: `dot${style ? ` mark-${d.mark}` : ""}`,
      fill: style ? style.colour : "#4c78a8" });
    const tip = svg("title");
    tip.textContent = t("move {step}: {action}, chance {win}", { step: d.step, action: describeAction(report.game, d.action), win: percent(e.win) });
    dot.append(tip);
    chart.append(dot);
    if (style) {
      const symbol = svg("text", { x: x(i), y: y(e.win) - 9, "text-anchor": "middle", class: "marksym" });
      symbol.textContent = style.symbol;
      chart.append(symbol);
    }
  }
  for (const result of report.results ?? []) {
    const size = 10;
    const square = svg("rect", { x: x(n) - size / 2, y: y(result.won ? 1 : 0) - size / 2, width: size, height: size,
      class: "result" });
    const tip = svg("title");
    tip.textContent = result.won ? t("won the round (from the whole deal)") : t("lost the round (from the whole deal)");
    square.append(tip);
    chart.append(square);
  }
  const caption = svg("text", { x: (pad.left + width - pad.right) / 2, y: height - 8, "text-anchor": "middle", class: "axis" });
  caption.textContent = t("your decisions in order; the square is the round's result");
  chart.append(caption);
  return chart;
}

/** The decisions of a review as a list, the marked ones with their mark. */
export function reviewList(report) {
  return h("ol.review-list", null, report.decisions.map((d) => {
    const mine = played(d);
    const best = d.actions.find((a) => a.action === d.best);
    const style = MARKS[d.mark];
    return h("li" + (d.mark ? `.mark-${d.mark}` : ""), { dataset: { step: String(d.step) } },
      h("span.step", null, t("move {step}:", { step: d.step })), " ",
      t("{action} ({win})", { action: describeAction(report.game, d.action), win: percent(mine?.win ?? 0) }),
      d.best !== d.action && best
        ? ` · ${t("best: {action} ({win})", { action: describeAction(report.game, d.best), win: percent(best.win) })}` : "",
      style ? h("span.markword", { style: { borderColor: style.colour } }, ` ${style.symbol} ${markWords(d.mark)}`) : null);
  }));
}

/**
 * Open the review of ``seat`` in ``round`` (counted from 1) of table ``tableId`` in a panel
 * over the page; ``token`` is the seat token (needed while the match goes on).
 */
export async function openReview(tableId, round, seat, token) {
  document.querySelector(".review-view")?.remove();
  const body = h("div.review-body", null, h("p.loading", null, t("Working out the review…")));
  const view = h("div.review-view", { role: "dialog", "aria-modal": "true" },
    h("div.dialog", null,
      h("h2", null, t("Review of round {round}", { round })),
      body,
      h("button.act.cancel.closereview", { type: "button", onclick: () => view.remove() }, t("Close"))));
  document.body.append(view);
  for (let attempt = 0; attempt < 20; attempt++) {
    try {
      const report = await api("GET", `/tables/${tableId}/review?round=${round}&seat=${seat}`, undefined, token);
      learnWords(report.game, report.words);
      const marked = report.decisions.filter((d) => d.mark).length;
      clear(body).append(
        h("p.review-note", null, t("Each decision is judged from what you could see then; {marked} of {n} are marked.",
          { marked, n: report.decisions.length })),
        reviewChart(report), reviewList(report));
      return report;
    } catch (error) {
      if (error.status !== 503) {
        clear(body).append(h("p.error", null, error.message));
        return null;
      }
      await new Promise((resolve) => setTimeout(resolve, 3000));
    }
  }
  clear(body).append(h("p.error", null, t("The review is taking long; try again later.")));
  return null;
}

/** Close the review, if one is open (the next round needs the table: a turn must not sit
 * behind it). */
export function closeReview() {
  document.querySelector(".review-view")?.remove();
}

/** Whether ``seat`` made a decision in a round whose view is ``view`` (its log): a seat that
 * sat the round out has nothing to review. */
export function tookPart(view, seat) {
  return (view?.log ?? []).some(([s]) => s === seat);
}

/** A button that opens the review of ``seat`` in ``round`` (counted from 1). */
export function reviewButton(tableId, round, seat, token) {
  if (seat === null || seat === undefined || round === null || round === undefined) return null;
  return h("button.act.reviewbtn", { type: "button", onclick: () => openReview(tableId, round, seat, token) },
    t("Review this round"));
}
