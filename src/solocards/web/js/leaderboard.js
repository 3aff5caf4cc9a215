// A game's leaderboard (/leaderboards/<game>): its rated players, people and bots, best first,
// one table per family of player counts, each name a link to its profile.

import { h, clear } from "./dom.js";
import { api, setPref } from "./api.js";
import { languageSwitcher, t } from "./i18n.js";
import { colourLettersButton } from "./plain.js";
import { botName, familyWords, number, ratingWords } from "./ratings.js";

/** The link to a player's profile (a bot's profile is at bot:<spec>). */
export function playerLink(entry) {
  const key = entry.bot ? `bot:${entry.name}` : entry.name;
  return h("a.playerlink", { href: `/players/${encodeURIComponent(key)}` }, entry.bot ? botName(entry.name) : entry.name);
}

export class LeaderboardPage {
  constructor(root, game) {
    this.root = root;
    this.game = game;
    this.board = null;
    this.games = [];
    this.error = null;
    this.render();
    this.load();
  }

  async load() {
    try {
      [this.board, this.games] = await Promise.all([
        api("GET", `/leaderboards/${encodeURIComponent(this.game)}`),
        api("GET", "/games"),
      ]);
      this.error = null;
    } catch (error) {
      this.error = error.message;
    }
    this.render();
  }

  render() {
    const root = clear(this.root);
    const title = this.board ? t("Leaderboard: {game}", { game: this.board.title }) : t("Leaderboard");
    document.title = `${title} – solocards`;
    root.append(h("header.topbar.pagebar", null, h("a.home", { href: "/", title: t("Lobby") }, "solocards"),
      h("h1.title", null, title), h("span.spacer"),
      colourLettersButton((on) => {
        setPref("cb", on);
        this.render();
      }), languageSwitcher()));
    const page = h("main.lobby.ratings-page.leaderboard");
    root.append(page);
    if (this.error) page.append(h("p.error", null, this.error));
    if (this.games.length) {
      page.append(h("nav.gamelinks", { "aria-label": t("game") }, this.games.map((g) =>
        h("a" + (g.id === this.game ? ".chosen" : ""), { href: `/leaderboards/${encodeURIComponent(g.id)}`,
          "aria-current": g.id === this.game ? "page" : null }, g.title))));
    }
    if (!this.board) {
      if (!this.error) page.append(h("p.loading", null, t("Loading…")));
      return;
    }
    for (const family of this.board.families) {
      const section = h("section.panel.family", { dataset: { family: family.family } }, h("h2", null, familyWords(family.family)));
      if (!family.players.length) {
        section.append(h("p.empty", null, t("Nobody has played a rated match here yet.")));
      } else {
        section.append(h("table.board", null,
          h("thead", null, h("tr", null, h("th", { scope: "col" }, "#"), h("th", { scope: "col" }, t("Player")),
            h("th.num", { scope: "col" }, t("Rating")), h("th.num", { scope: "col" }, t("Matches")),
            h("th.num", { scope: "col" }, t("Wins")))),
          h("tbody", null, family.players.map((entry) => h("tr", { dataset: { player: entry.name } },
            h("td", null, entry.place), h("td", null, playerLink(entry)),
            h("td.num.rating", null, ratingWords(entry)), h("td.num", null, number(entry.matches)),
            h("td.num", null, number(entry.wins)))))));
      }
      page.append(section);
    }
    page.append(h("p.note", null, t("Ratings count rated matches only: the game's default rules, no hints, every seat a logged-in player or a bot. A new player starts at 1,500.")));
  }
}
