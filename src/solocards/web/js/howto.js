// "How to play" (/how-to-play/<game>): one page per game, in the page's language, reached from
// the lobby's game choice and from the table's Rules panel. The texts are in js/gameguide.js;
// the game's name and player count come from the server's game list (GET /api/games).

import { h, clear } from "./dom.js";
import { api, setPref } from "./api.js";
import { gameTitle } from "./table.js";
import { playerCount } from "./lobby.js";
import { languageSwitcher, t } from "./i18n.js";
import { gameDescription, howToPlay } from "./gameguide.js";

export class HowToPage {
  constructor(root, gameId) {
    this.root = root;
    this.gameId = gameId;
    this.load();
  }

  async load() {
    let info = null;
    try {
      info = (await api("GET", "/games")).find((g) => g.id === this.gameId) ?? null;
    } catch {
      info = null; // the page's own texts still show; the name stays the game's id
    }
    this.render(info);
  }

  render(info) {
    const title = gameTitle(info ?? { id: this.gameId });
    document.title = `${t("How to play")}: ${title} · solocards`;
    const root = clear(this.root);
    root.append(h("header.topbar.pagebar", null, h("a.home", { href: "/", title: t("Lobby") }, "solocards"),
      h("span.title", null, t("How to play")), h("span.spacer"), languageSwitcher()));
    const guide = howToPlay(this.gameId);
    const page = h("main.howto", { dataset: { game: this.gameId } });
    root.append(page);
    if (!guide) {
      page.append(h("p.error", null, t("There is no such game.")), h("a", { href: "/" }, t("To the lobby")));
      return;
    }
    page.append(h("h1", null, title),
      info ? h("p.howto-players", null, playerCount(info)) : null,
      h("p.howto-intro", null, gameDescription(this.gameId)));
    for (const [heading, paragraphs] of guide) {
      page.append(h("section.howto-part", null, h("h2", null, heading),
        paragraphs.map((text) => h("p", null, text))));
    }
    page.append(h("p.howto-note", null,
      t("The lobby's options change some of these rules; at the table, the Rules panel lists the ones in force.")));
    page.append(h("p.howto-go", null, h("a.act.primary", { href: "/", onclick: () => setPref("game", this.gameId) },
      t("Play {game}", { game: title }))));
  }
}
