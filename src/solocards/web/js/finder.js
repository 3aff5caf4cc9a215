// Finding a table in the lobby: the open tables, filtered by game, language and clock, and
// "Play now", which seats you at the first open table that matches or opens a new one.

import { h, clear, put } from "./dom.js";
import { api, pref, saveSeat, seatOf, setPref } from "./api.js";
import { gameTitle } from "./table.js";
import { languages, language, t, tn } from "./i18n.js";
import { statusWords } from "./plain.js";
import { absentWords, clockWords } from "./clockwords.js";

/** The clock a table opened by "Play now" gets for a clock filter. */
const PLAY_NOW_CLOCK = { none: "", short: "60", long: "86400" };

/** Seats that may be gone by the time we ask: try the next table. */
const GONE = [404, 409, 410];

export class TableFinder {
  /** ``lobby``: the lobby page (its games, its name field, and how it opens a table). */
  constructor(lobby) {
    this.lobby = lobby;
    this.filters = pref("find", null) ?? { game: "", language: "", clock: "", open: true };
    this.tables = [];
    this.error = null;
    this.el = h("section.panel.opentables");
  }

  /** The lobby's query for the filters (``open``: only tables with a free seat). */
  query(open = this.filters.open) {
    const params = new URLSearchParams();
    for (const key of ["game", "language", "clock"]) {
      if (this.filters[key]) params.set(key, this.filters[key]);
    }
    if (open) params.set("open", "true");
    const text = params.toString();
    return text ? `/tables?${text}` : "/tables";
  }

  async load() {
    try {
      this.tables = await api("GET", this.query());
      this.error = null;
    } catch (error) {
      this.error = error.message;
    }
    this.render();
  }

  setFilter(key, value) {
    this.filters = { ...this.filters, [key]: value };
    setPref("find", this.filters);
    this.load();
  }

  filterSelect(key, label, choices) {
    return h(`select.find-${key}`, { "aria-label": label, onchange: (e) => this.setFilter(key, e.target.value) },
      choices.map(([value, words]) => h("option", { value, selected: value === (this.filters[key] ?? "") }, words)));
  }

  render() {
    const games = this.lobby.games;
    const filters = h("div.formrow.filters", null,
      this.filterSelect("game", t("game"), [["", t("every game")], ...games.map((g) => [g.id, gameTitle(g)])]),
      this.filterSelect("language", t("language of the table"),
        [["", t("every language")], ...languages().map(({ code, name }) => [code, name])]),
      this.filterSelect("clock", t("turn clock"),
        [["", t("any clock")], ["none", t("no clock")], ["short", t("seconds or minutes a move")], ["long", t("hours or days a move")]]),
      h("label", null, h("input.find-open", { type: "checkbox", checked: Boolean(this.filters.open),
        onchange: (e) => this.setFilter("open", e.target.checked) }), " ", t("only tables with a free seat")));
    const playNow = h("button.act.primary.playnow", { type: "button", onclick: () => this.playNow() }, t("Play now"));
    const list = this.tables.length
      ? h("ul.tablelist", null, this.tables.map((table) => this.tableItem(table)))
      : h("p.none", null, t("No table matches; Play now opens one."));
    put(clear(this.el), h("h2", null, t("Open tables")),
      h("p.myglink", null, h("a.mygames", { href: "/my-games" }, t("My games"))),
      filters, h("div.formrow", null, playNow), this.error ? h("p.error", null, this.error) : null, list);
    return this.el;
  }

  tableItem(table) {
    const free = table.seats.filter((s) => s.kind === "empty").length;
    return h("li", { dataset: { table: table.id } },
      h("a", { href: `/play/${table.id}` }, tn("{game}, {n} player", "{game}, {n} players", table.players, { game: gameTitle(table) })),
      " · ", statusWords(table.status), " · ",
      tn("{n} seat free", "{n} seats free", free),
      " · ", clockWords(table.clock),
      table.language ? h("span.tablelang", null, " · ", languages().find((l) => l.code === table.language)?.name ?? table.language) : null,
      table.rated ? h("span.rated", null, " · ", t("rated")) : null,
      table.hints === false ? h("span.nohints", null, " · ", t("no hints")) : null,
      h("small.absent", null, " · ", absentWords(table.absent)));
  }

  /** The name to sit down with: the lobby's name field, else the one remembered. */
  playerName() {
    const typed = this.lobby.root.querySelector("input.myname")?.value?.trim();
    return typed || pref("name", "") || t("Player");
  }

  /** Sit at the oldest open table that matches (of the game chosen, or of any), else open one. */
  async playNow() {
    const name = this.playerName();
    setPref("name", name);
    try {
      const open = await api("GET", this.query(true));
      for (const table of [...open].reverse()) {
        const seat = table.seats.find((s) => s.kind === "empty");
        if (!seat || seatOf(table.id)) continue; // a table this browser sits at already
        try {
          const seated = await api("POST", `/tables/${table.id}/seats/${seat.seat}`, { name });
          saveSeat(table.id, seated.seat, seated.token);
          location.href = `/play/${table.id}`;
          return;
        } catch (error) {
          if (!GONE.includes(error.status)) throw error;
        }
      }
      await this.lobby.openTable({
        game: this.filters.game || null,
        name,
        clock: PLAY_NOW_CLOCK[this.filters.clock] ?? null,
        language: this.filters.language || language(),
      });
    } catch (error) {
      this.error = error.message;
      this.render();
    }
  }
}
