// A player's profile (/players/<name>): matches and wins per game, each rating with its history
// as a chart, and the last 50 matches with links to their replays.

import { h, clear } from "./dom.js";
import { api, setPref } from "./api.js";
import { language, languageSwitcher, t, tn } from "./i18n.js";
import { colourLettersButton } from "./plain.js";
import { botName, familyWords, number, ratingWords } from "./ratings.js";

const SVG = "http://www.w3.org/2000/svg";

function svg(tag, attrs) {
  const el = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs ?? {})) el.setAttribute(key, String(value));
  return el;
}

/** A date and time in the page's language. */
function when(iso) {
  try {
    return new Intl.DateTimeFormat(language(), { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
  } catch {
    return iso;
  }
}

/**
 * A rating's history as a line chart (<svg class="rating-chart">): x the rated matches in
 * order, starting from 1,500, y the rating after each.
 */
export function ratingChart(rating) {
  const width = 480;
  const height = 160;
  const pad = { left: 48, right: 12, top: 12, bottom: 22 };
  const values = [1500, ...rating.history.map((p) => p.rating)];
  const low = Math.min(...values) - 20;
  const high = Math.max(...values) + 20;
  const x = (i) => pad.left + (values.length === 1 ? 0 : (i / (values.length - 1)) * (width - pad.left - pad.right));
  const y = (v) => pad.top + (1 - (v - low) / (high - low)) * (height - pad.top - pad.bottom);
  const chart = svg("svg", { viewBox: `0 0 ${width} ${height}`, class: "rating-chart", role: "img",
    "aria-label": t("Rating after each rated match: from {first} to {last}", { first: number(values[0]), last: number(values.at(-1)) }) });
  for (const v of [low + 20, high - 20]) {
    chart.append(svg("line", { x1: pad.left, x2: width - pad.right, y1: y(v), y2: y(v), class: "grid" }));
    const label = svg("text", { x: pad.left - 6, y: y(v) + 4, "text-anchor": "end", class: "axis" });
    label.textContent = number(Math.round(v));
    chart.append(label);
  }
  chart.append(svg("polyline", { points: values.map((v, i) => `${x(i)},${y(v)}`).join(" "), class: "line" }));
  values.forEach((v, i) => {
    const dot = svg("circle", { cx: x(i), cy: y(v), r: 3.5, class: "dot" });
    const tip = svg("title");
    tip.textContent = i === 0 ? t("start: {rating}", { rating: number(v) }) : t("after match {n}: {rating}", { n: i, rating: number(v) });
    dot.append(tip);
    chart.append(dot);
  });
  const caption = svg("text", { x: (pad.left + width - pad.right) / 2, y: height - 6, "text-anchor": "middle", class: "axis" });
  caption.textContent = t("rated matches in order");
  chart.append(caption);
  return chart;
}

/** A match's outcome in words: won, a place, forfeited. */
function outcomeWords(match) {
  if (match.forfeited) return t("forfeited (left the match)");
  if (match.won) return t("won");
  return t("place {place} of {players}", { place: match.place, players: match.players });
}

function changeWords(change) {
  if (change === null || change === undefined) return t("unrated");
  return change > 0 ? `+${number(change)}` : change < 0 ? `−${number(-change)}` : "±0";
}

export class ProfilePage {
  constructor(root, name) {
    this.root = root;
    this.name = name;
    this.profile = null;
    this.error = null;
    this.render();
    this.load();
  }

  async load() {
    try {
      this.profile = await api("GET", `/players/${encodeURIComponent(this.name)}`);
      this.error = null;
    } catch (error) {
      this.error = error.message;
    }
    this.render();
  }

  shownName() {
    const p = this.profile;
    if (!p) return this.name;
    return p.bot ? botName(p.name) : p.name;
  }

  render() {
    const root = clear(this.root);
    document.title = `${this.shownName()} – solocards`;
    root.append(h("header.topbar.pagebar", null, h("a.home", { href: "/", title: t("Lobby") }, "solocards"),
      h("h1.title.playername", null, h("bdi", null, this.shownName())), h("span.spacer"),
      colourLettersButton((on) => {
        setPref("cb", on);
        this.render();
      }), languageSwitcher()));
    const page = h("main.lobby.ratings-page.profile");
    root.append(page);
    if (this.error) page.append(h("p.error", null, this.error));
    const p = this.profile;
    if (!p) {
      if (!this.error) page.append(h("p.loading", null, t("Loading…")));
      return;
    }
    page.append(h("h2.playerhead", null, h("bdi", null, this.shownName())),
      this.ratingsSection(p), this.gamesSection(p), this.matchesSection(p));
  }

  ratingsSection(p) {
    const section = h("section.panel.ratings", null, h("h2", null, t("Ratings")));
    if (!p.ratings.length) section.append(h("p.empty", null, t("No rated match yet.")));
    for (const r of p.ratings) {
      section.append(h("div.rating", { dataset: { game: r.game, family: r.family } },
        h("h3", null, h("a", { href: `/leaderboards/${encodeURIComponent(r.game)}` }, r.title), " · ", familyWords(r.family)),
        h("p.ratingline", null, h("b.value", null, ratingWords(r)), " ",
          tn("{n} rated match, {wins} won", "{n} rated matches, {wins} won", r.matches, { wins: number(r.wins) })),
        ratingChart(r)));
    }
    return section;
  }

  gamesSection(p) {
    const section = h("section.panel.games", null, h("h2", null, t("Games played")));
    if (!p.games.length) return section.append(h("p.empty", null, t("No finished match yet."))), section;
    section.append(h("table.board", null,
      h("thead", null, h("tr", null, h("th", { scope: "col" }, t("Game")), h("th.num", { scope: "col" }, t("Matches")),
        h("th.num", { scope: "col" }, t("Wins")))),
      h("tbody", null, p.games.map((g) => h("tr", { dataset: { game: g.game } }, h("td", null, g.title),
        h("td.num", null, number(g.played)), h("td.num", null, number(g.won)))))));
    return section;
  }

  matchesSection(p) {
    const section = h("section.panel.matches", null, h("h2", null, t("Last matches")));
    if (!p.matches.length) return section.append(h("p.empty", null, t("No finished match yet."))), section;
    section.append(h("ul.matchlist", null, p.matches.map((m) => h("li.match", { dataset: { table: m.table ?? "" } },
      h("span.when", null, when(m.finished_at)), " ",
      h("b", null, m.title), " · ", familyWords(m.family), " · ",
      h("span.outcome" + (m.won ? ".won" : ""), null, outcomeWords(m)), " · ",
      h("span.change", null, changeWords(m.rating_change)),
      m.replay ? [" · ", h("a.replaylink", { href: m.replay }, t("replay and review"))] : [" · ", t("private table")]))));
    return section;
  }
}
