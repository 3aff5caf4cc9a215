// The lab page: lists the finished reports of `solocards lab` and shows one (read-only).
// The report to show is the page's hash: /lab.html#uno-stacking.

import { clear, h, put } from "./dom.js";

const list = document.getElementById("reports");
const view = document.getElementById("report");

async function getJson(url) {
  const answer = await fetch(url, { headers: { Accept: "application/json" } });
  const body = await answer.json().catch(() => ({}));
  if (!answer.ok) throw new Error(body.detail || `${answer.status} ${answer.statusText}`);
  return body;
}

function number(value) {
  if (value === null || value === undefined) return "n/a";
  if (Number.isInteger(value) && Math.abs(value) >= 10) return String(value);
  return Math.abs(value) < 1000 ? String(Number(value.toPrecision(3))) : value.toFixed(0);
}

function interval(ci) {
  return ci ? `[${number(ci[0])}, ${number(ci[1])}]` : "n/a";
}

function showList(reports, current) {
  clear(list);
  put(list, h("h2", { text: "Reports" }));
  if (!reports.length) {
    put(list, h("p.note", { text: "No finished reports yet." }));
    return;
  }
  put(list, h("ul", null, reports.map((entry) => h("li", null,
    h("a", { href: `#${encodeURIComponent(entry.name)}`, class: entry.name === current ? "current" : null,
      dataset: { report: entry.name } },
      entry.name,
      h("small", { text: `${entry.game}, ${entry.players} players, ${entry.variants.length} variants` }))))));
}

function metricsTable(report) {
  const others = Object.keys(report.differences);
  const baseline = report.variants[0].metrics;
  const head = h("tr", null, h("th", { text: "metric" }), h("th", { text: `baseline: ${report.baseline}` }),
    others.map((name) => h("th", { text: `Δ ${name}` })));
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
    h("p", { text: `${report.players} players, bots ${report.bots.join(", ")}: ${report.rounds_per_variant} `
      + `rounds per variant (${report.deals} deals × ${report.seatings} seatings), seed ${report.seed}.` }),
    report.command ? h("p", null, h("code", { text: report.command })) : null,
    metricsTable(report),
    h("p.note", { text: "Δ: difference to the baseline on the same deals, 95% interval; * excludes 0." }),
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
    put(view, h("p.error", { text: `Could not load: ${error.message}` }));
  }
}

window.addEventListener("hashchange", refresh);
refresh();
