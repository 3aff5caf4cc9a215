// "My games" (/my-games): every table this browser holds a seat at, those waiting for your
// move first, with whose turn it is and the time left on the clock. The seat tokens go to the
// server in a POST body (never in a URL); the list is asked for again every 20 s and whenever
// the tab comes back into view, and the tab's title and icon say when a game waits for you.

import { h, clear } from "./dom.js";
import { api, seatOf, setPref } from "./api.js";
import { gameTitle } from "./table.js";
import { languageSwitcher, t } from "./i18n.js";
import { colourLettersButton, statusWords } from "./plain.js";
import { clockWords, timeLeft, waitingWords } from "./clockwords.js";
import { signalTurn } from "./turnsignal.js";

const REFRESH_MS = 20000;
const SEAT_KEY = "solocards.seat."; // where api.js's saveSeat keeps a seat token

/** The seats this browser holds: [{table, token}], at most 100. */
function mySeats() {
  const held = [];
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (!key?.startsWith(SEAT_KEY)) continue;
      const table = key.slice(SEAT_KEY.length);
      const token = seatOf(table)?.token;
      if (token) held.push({ table, token });
    }
  } catch {
    /* private mode: nothing kept */
  }
  return held.slice(-100);
}

/** Whose turn it is at a table, in words, for the holder of ``game.seat``. */
export function turnWords(game) {
  if (game.status !== "playing") return statusWords(game.status);
  if (game.your_turn) return t("Your turn");
  if (game.turn === null || game.turn === undefined) return statusWords(game.status);
  const seat = game.seats[game.turn];
  const name = seat?.name ?? t("Seat {number}", { number: game.turn + 1 });
  return t("Waiting for {name}", { name });
}

export class MyGamesPage {
  constructor(root) {
    this.root = root;
    this.games = null;
    this.error = null;
    this.load();
    this.timer = setInterval(() => this.load(), REFRESH_MS);
    this.tick = setInterval(() => this.updateClocks(), 1000);
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") this.load();
    });
  }

  async load() {
    const seats = mySeats();
    try {
      this.games = seats.length ? await api("POST", "/my-games", { seats }) : [];
      this.error = null;
    } catch (error) {
      this.error = error.message;
    }
    this.render();
  }

  render() {
    const root = clear(this.root);
    root.append(h("header.topbar.pagebar", null, h("a.home", { href: "/", title: t("Lobby") }, "solocards"),
      h("h1.title", null, t("My games")), h("span.spacer"),
      colourLettersButton((on) => {
        setPref("cb", on);
        this.render();
      }), languageSwitcher()));
    const page = h("main.lobby.mygames");
    root.append(page);
    if (this.error) page.append(h("p.error", null, this.error));
    const games = this.games;
    if (games === null) {
      page.append(h("p.loading", null, t("Loading…")));
      return;
    }
    const waiting = games.filter((g) => g.your_turn).length;
    signalTurn(waiting > 0, t("My games"));
    const panel = h("section.panel.mygamelist", null, h("h2", null, t("My games")),
      h("p.waiting", { role: "status" }, waiting ? waitingWords(waiting) : t("No game waits for your move.")));
    if (!games.length) panel.append(h("p.none", null, t("You have no seat at any table yet.")), h("a.btn", { href: "/" }, t("Back to the lobby")));
    else panel.append(h("ul.tablelist", null, games.map((game) => this.item(game))));
    page.append(panel);
    this.updateClocks();
  }

  item(game) {
    const others = game.seats.filter((s) => s.seat !== game.seat)
      .map((s) => (s.kind === "empty" ? t("empty") : s.name ?? "")).join(", ");
    return h(`li.mygame${game.your_turn ? ".yours" : ""}`, { dataset: { table: game.table, status: game.status } },
      h("a", { href: `/play/${game.table}` }, gameTitle(game)),
      " · ", h("b.turn", null, turnWords(game)),
      game.deadline ? h("span.left", { dataset: { deadline: String(game.deadline) } }) : null,
      " · ", clockWords(game.clock),
      others ? h("small.others", null, " · ", t("with {names}", { names: others })) : null);
  }

  updateClocks() {
    for (const el of this.root.querySelectorAll(".left[data-deadline]")) {
      const left = Number(el.dataset.deadline) - Date.now() / 1000;
      el.textContent = ` · ${t("{time} left", { time: timeLeft(left) })}`;
    }
  }
}

