// The lobby: choose a game, the players and the rules (a preset or each option, with its
// one-line explanation), create the table, then go to it (invite, bots, start are there).

import { choiceWords, colourLettersButton, optionTitle, plainHelp, presetWords } from "./plain.js";
import { h, clear } from "./dom.js";
import { botMenu, botOptions, leaderboardLink, myProfileLink, ratedBox, ratedRequest, showBotRatings } from "./ratings.js";
import { api, saveOwner, saveSeat, pref, setPref } from "./api.js";
import { gameTitle } from "./table.js";
import { gameIntro } from "./gameguide.js";
import { accountButton } from "./account.js";
import { language, languageSwitcher, t, tn } from "./i18n.js";
import { absentWords, clockChoices, defaultAbsent } from "./clockwords.js";
import { TableFinder } from "./finder.js";

/**
 * How many may play a game, in words.
 *
 *   playerCount({ min_players: 4, max_players: 4 })    // "4 players"
 *   playerCount({ min_players: 2, max_players: 10 })   // "2–10 players"
 * (in the page's language).
 */
export function playerCount(game) {
  const { min_players: least, max_players: most } = game;
  return least === most ? tn("{n} player", "{n} players", least)
    : tn("{least}–{n} player", "{least}–{n} players", most, { least });
}

export class LobbyPage {
  constructor(root) {
    this.root = root;
    this.games = [];
    this.tables = [];
    this.error = null;
    this.load();
  }

  async load() {
    clear(this.root).append(h("p.loading", null, t("Loading…")));
    try {
      this.games = await api("GET", "/games");
    } catch (error) {
      this.error = error.message;
    }
    this.gameId = pref("game", this.games[0]?.id);
    if (!this.games.some((g) => g.id === this.gameId)) this.gameId = this.games[0]?.id;
    this.resetGame();
    this.finder = new TableFinder(this);
    this.render();
    this.finder.load();
  }

  get game() {
    return this.games.find((g) => g.id === this.gameId);
  }

  resetGame() {
    const game = this.game;
    if (!game) return;
    this.players = game.default_players;
    this.preset = "";
    this.values = Object.fromEntries(game.options.map((o) => [o.name, o.default]));
  }

  applyPreset(name) {
    const game = this.game;
    this.preset = name;
    this.values = Object.fromEntries(game.options.map((o) => [o.name, o.default]));
    if (name) Object.assign(this.values, game.presets[name]);
  }

  render() {
    const root = clear(this.root);
    root.append(h("header.topbar", null, h("a.home", { href: "/" }, "solocards"),
      h("h1.title", null, t("Play the card games called Solo")), h("span.spacer"),
      colourLettersButton((on) => {
        setPref("cb", on);
        this.render();
      }), accountButton(), languageSwitcher()));
    const page = h("main.lobby");
    root.append(page);
    if (this.error) page.append(h("p.error", null, this.error));
    const game = this.game;
    if (!game) return;
    const gamePicker = h("div.gamepick", { role: "radiogroup", "aria-label": t("game") },
      this.games.map((g) => h("button.gamebtn" + (g.id === this.gameId ? ".chosen" : ""), {
        type: "button", role: "radio", "aria-checked": g.id === this.gameId ? "true" : "false",
        dataset: { game: g.id },
        onclick: () => {
          this.gameId = g.id;
          setPref("game", g.id);
          this.resetGame();
          this.render();
        },
      }, h("b", null, gameTitle(g)), h("small", null, playerCount(g)))));
    const players = h("input.players", { type: "number", min: game.min_players, max: game.max_players,
      value: this.players, "aria-label": t("players"), disabled: game.min_players === game.max_players,
      onchange: (e) => {
        this.players = Number(e.target.value);
        const select = this.root.querySelector("select.botkind");
        if (select) select.replaceChildren(...botOptions(botMenu(game, this.players), this.botKind(game)));
        showBotRatings(select, game.id, this.players);
      } });
    const preset = h("select.preset", { "aria-label": t("rules preset"), onchange: (e) => {
      this.applyPreset(e.target.value);
      this.render();
    } }, h("option", { value: "" }, t("default rules")),
    Object.keys(game.presets).map((p) => h("option", { value: p, selected: p === this.preset }, presetWords(p))));
    const name = h("input.myname", { value: pref("name", ""), placeholder: t("Your name"), maxlength: 32,
      "aria-label": t("your name") });
    const fill = h("input.fillbots", { type: "checkbox", checked: pref("fill", true), "aria-label": t("fill the other seats with bots") });
    const bot = h("select.botkind", { "aria-label": t("bot kind") },
      botOptions(botMenu(game, this.players), this.botKind(game)));
    showBotRatings(bot, game.id, this.players);
    const absent = this.absentChoice();
    const clock = h("select.clock", { "aria-label": t("turn clock"), onchange: (e) => absent.follow(e.target.value) },
      clockChoices().map(([v, words]) => h("option", { value: v }, words)));
    const isPublic = h("input.public", { type: "checkbox", checked: true, "aria-label": t("listed in the lobby") });
    const hints = h("input.hints", { type: "checkbox", checked: true, "aria-label": t("players may ask for hints") });
    const rated = ratedBox(hints);
    this.rated = rated.input;
    const options = h("div.options", null, game.options.map((o) => this.optionRow(o)));
    const create = h("button.act.primary.create", { type: "button", onclick: () => this.create({
      name: name.value.trim() || t("Player"), fill: fill.checked, bot: bot.value, clock: clock.value,
      absent: absent.select.value, public: isPublic.checked, hints: hints.checked, players: Number(players.value) }) },
    t("Create the table"));
    page.append(h("section.panel.newtable", null,
      h("h2", null, t("New table")), gamePicker, gameIntro(game.id),
      h("div.formrow", null, h("label", null, t("Players"), " "), players,
        h("label", null, t("Rules"), " "), preset),
      h("details.rules", null, h("summary", null, t("Every option of the rules")), options),
      h("div.formrow", null, h("label", null, t("Your name"), " "), name),
      h("div.formrow", null, h("label", null, fill, " ", t("fill the other seats with bots:"), " "), bot),
      h("div.formrow", null, h("label", null, t("Turn clock"), " "), clock, h("label", null, isPublic, " ", t("listed in the lobby")),
        h("label", null, hints, " ", t("hints allowed")), rated.label, leaderboardLink(game), myProfileLink()),
      h("div.formrow", null, absent.select),
      create));
    if (this.finder) page.append(this.finder.render());
  }

  /** What happens to an absent player's seat: a choice that follows the clock's default until
   * the owner picks one. */
  absentChoice() {
    let chosen = false;
    const select = h("select.absent", { "aria-label": absentWords("wait"), onchange: () => { chosen = true; } },
      ["wait", "bot"].map((rule) => h("option", { value: rule, selected: rule === defaultAbsent("") }, absentWords(rule))));
    return {
      select,
      follow(clockSeconds) {
        if (!chosen) select.value = defaultAbsent(clockSeconds);
      },
    };
  }

  botKind(game) {
    const { bots } = botMenu(game, this.players);
    const wanted = pref("bot", "heuristic");
    return bots.includes(wanted) ? wanted : bots.includes("heuristic") ? "heuristic" : bots.includes("random") ? "random" : bots[0];
  }

  optionRow(option) {
    const value = this.values[option.name];
    let input;
    const set = (v) => {
      this.values[option.name] = v;
      this.preset = "";
    };
    if (option.type === "bool") {
      input = h("input", { type: "checkbox", checked: Boolean(value), onchange: (e) => set(e.target.checked) });
    } else if (option.choices) {
      input = h("select", { onchange: (e) => set(e.target.value) },
        option.choices.map((c) => h("option", { value: c, selected: c === value }, choiceWords(option, c))));
    } else if (option.type === "int") {
      input = h("input", { type: "number", min: option.minimum, max: option.maximum, value,
        onchange: (e) => set(Number(e.target.value)) });
    } else {
      input = h("input", { value, onchange: (e) => set(e.target.value) });
    }
    input.dataset.option = option.name;
    input.setAttribute("aria-label", optionTitle(option));
    return h("div.option", null, h("label", null, h("span.optname", null, optionTitle(option)), " ", input),
      h("p.help", null, plainHelp(option.help, option)));
  }

  async create(form) {
    const game = this.game;
    setPref("name", form.name);
    setPref("fill", form.fill);
    setPref("bot", form.bot);
    const options = {};
    for (const o of game.options) {
      if (this.values[o.name] !== o.default) options[o.name] = this.values[o.name];
    }
    const body = { game: game.id, players: form.players, options, public: form.public, hints: form.hints,
      language: language() };
    if (form.clock) body.clock = { seconds: Number(form.clock), on_timeout: "bot" };
    ratedRequest(body, this.rated);
    if (form.absent) body.absent = form.absent;
    await this.openWith(body, form);
  }

  /** Open a table for "Play now" (finder.js): the game chosen (or this one), public, waiting
   * for other people in the lobby. */
  async openTable({ game, name, clock, language: lang }) {
    const body = { game: game || this.gameId, public: true, language: lang || language() };
    if (clock) body.clock = { seconds: Number(clock), on_timeout: "bot" };
    await this.openWith(body, { name, fill: false });
  }

  async openWith(body, form) {
    try {
      const created = await api("POST", "/tables", body);
      const id = created.table.id;
      saveOwner(id, created.owner_token);
      const seated = await api("POST", `/tables/${id}/seats/0`, { name: form.name });
      saveSeat(id, 0, seated.token);
      if (form.fill) {
        for (let seat = 1; seat < created.table.players; seat++) {
          await api("POST", `/tables/${id}/seats/${seat}/bot`, { kind: form.bot }, created.owner_token);
        }
      }
      location.href = `/play/${id}`;
    } catch (error) {
      this.error = error.message;
      this.render();
    }
  }
}
