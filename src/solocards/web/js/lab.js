// The lab page: lists the finished reports of `solocards lab` and shows one (read-only).
// The report to show is the page's hash: /lab.html#uno-stacking.

import { clear, h, put } from "./dom.js";
import { language, languageSwitcher, ready, t, tn } from "./i18n.js";

await ready();
document.querySelector("header").append(" ", languageSwitcher());

const list = document.getElementById("reports");
const view = document.getElementById("report");

async function getJson(url) {
  const answer = await fetch(url, { headers: { Accept: "application/json", "Accept-Language": language() } });
  const body = await answer.json().catch(() => ({}));
  if (!answer.ok) throw new Error(body.detail || `${answer.status} ${answer.statusText}`);
  return body;
}

function number(value) {
  if (value === null || value === undefined) return t("n/a");
  if (Number.isInteger(value) && Math.abs(value) >= 10) return String(value);
  return Math.abs(value) < 1000 ? String(Number(value.toPrecision(3))) : value.toFixed(0);
}

function interval(ci) {
  return ci ? `[${number(ci[0])}, ${number(ci[1])}]` : t("n/a");
}

function showList(reports, current) {
  clear(list);
  put(list, h("h2", { text: t("Reports") }));
  if (!reports.length) {
    put(list, h("p.note", { text: t("No finished reports yet.") }));
    return;
  }
  put(list, h("ul", null, reports.map((entry) => h("li", null,
    h("a", { href: `#${encodeURIComponent(entry.name)}`, class: entry.name === current ? "current" : null,
      dataset: { report: entry.name } },
      entry.name,
      h("small", { text: tn("{game}, {players} players, {n} variant", "{game}, {players} players, {n} variants",
        entry.variants.length, { game: entry.game, players: entry.players }) }))))));
}

function metricsTable(report) {
  const others = Object.keys(report.differences);
  const baseline = report.variants[0].metrics;
  const head = h("tr", null, h("th", { text: t("metric") }), h("th", { text: t("baseline: {name}", { name: report.baseline }) }),
    others.map((name) => h("th", { text: t("Δ {name}", { name }) })));
  const rows = report.metrics.map((metric) => h("tr", { dataset: { metric: metric.name } },
    h("td", { title: metric.help, text: metric.name }),
    h("td", { text: `${number(baseline[metric.name].value)} ${interval(baseline[metric.name].ci95)}` }),
    others.map((name) => {
      const diff = report.differences[name][metric.name];
      const flagged = report.flagged[name].includes(metric.name);
      return h("td", { class: flagged ? "flagged" : null,
        text: `${number(diff.diff)} ${interval(diff.ci95)}${flagged ? " *" : ""}` });
    })));
  return h("table.metrics", null, h("thead", null, head), h("tbody", null, rows));
}

function showReport(name, report) {
  clear(view);
  const plots = (report.files && report.files.plots) || [];
  put(view,
    h("h1", { text: `${report.game}: ${report.variants.map((v) => v.name).join(" · ")}` }),
    h("p", { text: t("{players} players, bots {bots}: {rounds} rounds per variant ({deals} deals × {seatings} seatings), seed {seed}.", {
      players: report.players, bots: report.bots.join(", "), rounds: report.rounds_per_variant,
      deals: report.deals, seatings: report.seatings, seed: report.seed }) }),
    report.command ? h("p", null, h("code", { text: report.command })) : null,
    metricsTable(report),
    h("p.note", { text: t("Δ: difference to the baseline on the same deals, 95% interval; * excludes 0.") }),
    plots.map((plot) => h("figure", null, h("img", {
      src: `/api/lab/${encodeURIComponent(name)}/plots/${encodeURIComponent(plot)}`, alt: plot }))));
}

async function refresh() {
  const current = decodeURIComponent(location.hash.slice(1));
  try {
    const { reports } = await getJson("/api/lab");
    showList(reports, current);
    if (current) showReport(current, await getJson(`/api/lab/${encodeURIComponent(current)}`));
  } catch (error) {
    clear(view);
    put(view, h("p.error", { text: t("Could not load: {error}", { error: error.message }) }));
  }
}

window.addEventListener("hashchange", refresh);
refresh();
