// The replay of a finished game: step through its record, forwards and backwards, as any seat
// saw it (or as a spectator). Each step's view comes from the server's replay endpoint.

import { h, clear, put } from "./dom.js";
import { api, seatOf } from "./api.js";
import { renderBoard, seatNames, fanHands, logLines } from "./board.js";
import { resultWords, scoreTable } from "./summary.js";
import { logLine, learnWords } from "./words.js";
import { gameTitle } from "./table.js";
import { languageSwitcher, t } from "./i18n.js";
import { reviewButton } from "./review.js";
import { countsDeals, roundOverWords } from "./scores.js";

/** The replay's step line: "Deal 2: Ann plays K♠" in the game's own word for a round. */
function stepWords(game, number, action) {
  return countsDeals(game)
    ? t("Deal {number}: {action}", { number, action })
    : t("Round {number}: {action}", { number, action });
}

export class ReplayPage {
  constructor(root, tableId, params) {
    this.root = root;
    this.id = tableId;
    const mine = seatOf(tableId);
    const seatParam = params.get("seat");
    this.seat = seatParam === null ? (mine?.seat ?? 0) : seatParam === "" || seatParam === "none" ? null : Number(seatParam);
    this.step = Number(params.get("step") ?? 0);
    this.data = null;
    this.loading = false;
    this.build();
    this.load();
    window.addEventListener("keydown", (e) => {
      if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
      if (e.key === "ArrowRight") this.go(this.step + 1);
      if (e.key === "ArrowLeft") this.go(this.step - 1);
    });
    window.addEventListener("resize", () => fanHands(this.board));
  }

  build() {
    clear(this.root);
    this.header = h("header.topbar");
    this.controls = h("div.replaybar");
    this.board = h("main.board");
    this.side = h("aside.side");
    this.root.append(this.header, this.controls, h("div.layout", null, this.board, this.side));
  }

  async load() {
    this.loading = true;
    try {
      const query = `step=${this.step}` + (this.seat === null ? "" : `&seat=${this.seat}`);
      this.data = await api("GET", `/tables/${this.id}/replay?${query}`);
      this.step = this.data.step;
      learnWords(this.data.game, this.data.words);
      this.error = null;
    } catch (error) {
      this.error = error.message;
    }
    this.loading = false;
    const url = new URL(location.href);
    url.searchParams.set("replay", "1");
    url.searchParams.set("step", String(this.step));
    url.searchParams.set("seat", this.seat === null ? "none" : String(this.seat));
    history.replaceState(null, "", url);
    this.render();
    if (this.pending !== null && this.pending !== undefined) {
      const step = this.pending;  // a move asked for while this step loaded
      this.pending = null;
      this.go(step);
    }
  }

  target() {
    return this.pending ?? this.step;  // where the moves asked for so far lead
  }

  go(step) {
    if (!this.data) return;
    if (this.loading) {  // keep the latest move asked for; it goes once this load is shown
      this.pending = step;
      return;
    }
    const next = Math.max(0, Math.min(this.data.steps, step));
    if (next === this.step) return;
    this.step = next;
    this.load();
  }

  render() {
    const data = this.data;
    put(clear(this.header), h("a.home", { href: "/" }, "solocards"),
      h("span.title", null, data ? t("Replay: {game}", { game: gameTitle(data) }) : t("Replay")), h("span.spacer"),
      h("a.btn", { href: `/play/${this.id}` }, t("Back to the table")),
      this.switcher ??= languageSwitcher());
    if (this.error && !data) {
      clear(this.board).append(h("p.error", null, this.error));
      return;
    }
    if (!data) return;
    const names = seatNames(data.names, data.players);
    const seatSelect = h("select.replayseat", { "aria-label": t("whose view"), onchange: (e) => {
      this.seat = e.target.value === "none" ? null : Number(e.target.value);
      this.load();
    } }, h("option", { value: "none", selected: this.seat === null }, t("spectator")),
    names.map((n, s) => h("option", { value: String(s), selected: this.seat === s }, t("{name}'s view", { name: n }))));
    const slider = h("input.stepslider", { type: "range", min: 0, max: data.steps, value: this.step,
      "aria-label": t("step"), onchange: (e) => this.go(Number(e.target.value)) });
    const action = data.action
      ? t("{name} {action}", { name: names[data.action[0]], action: logLine(data.game, data.action[1], names) })
      : t("The deal.");
    put(clear(this.controls), 
      h("button.act.first", { type: "button", onclick: () => this.go(0), title: t("first") }, "|◀"),
      h("button.act.back", { type: "button", onclick: () => this.go(this.target() - 1), title: t("back") }, "◀"),
      h("span.stepno", null, t("step {step} / {steps}", { step: this.step, steps: data.steps })),
      h("button.act.fwd", { type: "button", onclick: () => this.go(this.target() + 1), title: t("forward") }, "▶"),
      h("button.act.last", { type: "button", onclick: () => this.go(data.steps), title: t("last") }, "▶|"),
      slider, seatSelect,
      reviewButton(this.id, (data.round_over ? data.round_over.round : data.round) + 1, this.seat, seatOf(this.id)?.token),
      h("div.stepaction", null, stepWords(data.game, (data.round_over ? data.round_over.round : data.round) + 1, action)));
    const over = data.round_over;
    const view = over ? over.view : data.view;
    renderBoard(this.board, { game: data.game, view, me: this.seat, names, seats: null,
      totals: data.totals, clock: null, readonly: true, replay: true, onAction() {}, onPlay() {}, onToggleCall() {} });
    if (over) {
      this.board.append(h("section.panel.roundend", null, h("h3", null, roundOverWords(data.game, over.round + 1)),
        resultWords(over, names).map((line) => h("p", null, line)),
        scoreTable(over.result, data.totals, names, over.result?.winners)));
    }
    const log = h("ol.log");
    const lines = logLines(data.game, view.log, names);
    lines.forEach((line, i) => log.append(h("li" + (i === lines.length - 1 && data.action ? ".current" : ""), null, line.text)));
    put(clear(this.side), h("section.panel.scorepanel", null, h("h3", null, t("Scores")), scoreTable(null, data.totals, names, data.winners)),
      h("section.panel.logpanel", null, h("h3", null, t("This round")), log));
    log.scrollTop = log.scrollHeight;
    fanHands(this.board);
  }
}
