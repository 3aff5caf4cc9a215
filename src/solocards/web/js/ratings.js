// Ratings in words and numbers, shared by the profile, the leaderboard and the lobby: a
// family of player counts ("2 players", "3 or more players"), a rating ("1,480", provisional
// ones marked), a bot's name ("heuristic bot"), the bots' ratings of a game; and the lobby's
// part: the "rated" box of a new table and the link to the game's leaderboard.

import { api } from "./api.js";
import { whoAmI } from "./account.js";
import { h } from "./dom.js";
import { language, t, tn } from "./i18n.js";
import { botWords } from "./plain.js";

/** A family of player counts as the API codes it ("2", "3+", "4") in words. */
export function familyWords(code) {
  if (code.endsWith("+")) return t("{n} or more players", { n: Number(code.slice(0, -1)) });
  const n = Number(code);
  return tn("{n} player", "{n} players", n, { n });
}

/** A number as the page's language writes it (1,480; 1.480; 1 480). */
export function number(value) {
  try {
    return new Intl.NumberFormat(language()).format(value);
  } catch {
    return String(value);
  }
}

/** A rating in words: "1,480", or "1,500 (provisional)" while few matches were rated. */
export function ratingWords(entry) {
  const shown = number(entry.rating);
  return entry.provisional ? t("{rating} (provisional)", { rating: shown }) : shown;
}

/** A bot spec ("heuristic", "ismcts:iterations=500") as a player's name: "heuristic bot". */
export function botName(spec) {
  const [kind, params] = String(spec).split(/:(.*)/s);
  const words = params ? `${botWords(kind)} (${params})` : botWords(kind);
  return t("{bot} bot", { bot: words });
}

/** The family of a leaderboard that a table of ``players`` seats is rated in. */
export function familyOf(families, players) {
  return families.find((f) => f.family === String(players))
    ?? families.find((f) => f.kind === "duel" && players === 2)
    ?? families.find((f) => f.kind === "more" && players >= Number(f.family.slice(0, -1)))
    ?? null;
}

const boards = new Map(); // game id -> the promise of its leaderboard

/** The leaderboard of a game (asked once per page; null when it cannot be read). */
export function leaderboardOf(game) {
  if (!boards.has(game)) boards.set(game, api("GET", `/leaderboards/${encodeURIComponent(game)}`).catch(() => null));
  return boards.get(game);
}

/** Each bot spec's rating at a table of ``players`` seats of ``game``: Map spec -> entry. */
export async function botRatings(game, players) {
  const board = await leaderboardOf(game);
  const family = board ? familyOf(board.families, players) : null;
  return new Map((family?.players ?? []).filter((e) => e.bot).map((e) => [e.name, e]));
}

/** The label of a bot choice with its rating where it has one: "heuristic bot: 1,480". */
export function botChoiceWords(spec, rating) {
  if (!rating) return botWords(spec);
  return t("{bot}: {rating}", { bot: botName(spec), rating: ratingWords(rating) });
}

/** A difficulty level in words. */
export function levelWords(level) {
  switch (level) {
    // translators: a difficulty level of the bots at a table: the weakest
    case "easy": return t("easy");
    // translators: a difficulty level of the bots at a table: the middle one
    case "normal": return t("normal");
    // translators: a difficulty level of the bots at a table: the strongest
    case "strong": return t("strong");
    default: return String(level);
  }
}

/** The bot menu of ``game`` (an /api/games entry) at a table of ``players`` seats: the bots
 * that can play there, the difficulty levels' bots first (easiest first), and each bot's
 * level: {bots, levels: Map bot -> level}. */
export function botMenu(game, players) {
  const menu = game.bot_menus?.[String(players)];
  const bots = menu?.bots?.length ? menu.bots : game.bots;
  const levels = new Map((menu?.levels ?? []).filter((l) => bots.includes(l.bot)).map((l) => [l.bot, l.level]));
  return { bots: [...levels.keys(), ...bots.filter((b) => !levels.has(b))], levels };
}

/** The label of a bot choice: its level where it plays one, its rating where it has one
 * ("normal: heuristic bot: 1,480"). */
export function botOptionWords(spec, level, rating) {
  const bot = botChoiceWords(spec, rating);
  // translators: a bot choice with its difficulty level: "normal: heuristic bot: 1,480"
  return level ? t("{level}: {bot}", { level: levelWords(level), bot }) : bot;
}

/** The <option>s of a bot menu (see botMenu), ``selected`` chosen. */
export function botOptions(menu, selected) {
  return menu.bots.map((b) => h("option", { value: b, selected: b === selected, dataset: { level: menu.levels.get(b) ?? "" } },
    botOptionWords(b, menu.levels.get(b))));
}

/** Label the options of a bot <select> with their levels and their ratings at a table of
 * ``players`` seats (filled in when the leaderboard arrives; unrated bots keep their words). */
export async function showBotRatings(select, game, players) {
  if (!select) return;
  const ratings = await botRatings(game, players);
  for (const option of select.options) option.textContent = botOptionWords(option.value, option.dataset.level, ratings.get(option.value));
}

/** The "rated" box of a new table: {input, label}. A rated table has no hints, so checking it
 * clears and locks the hints box. */
export function ratedBox(hints) {
  const input = h("input.rated", { type: "checkbox", "aria-label": t("rated: the result counts for ratings"),
    onchange: () => {
      if (input.checked) hints.checked = false;
      hints.disabled = input.checked;
    } });
  const label = h("label.ratedlabel", { title: t("Rated tables play the default rules without hints; every seat must be a logged-in player or a bot, and leaving counts as a loss.") },
    input, " ", t("rated"));
  return { input, label };
}

/** Make a new table's request body rated when the box is checked (the server refuses hints). */
export function ratedRequest(body, input) {
  if (!input?.checked) return body;
  body.rated = true;
  delete body.hints;
  return body;
}

/** The link to a game's leaderboard. */
export function leaderboardLink(game) {
  return h("a.leaderlink", { href: `/leaderboards/${encodeURIComponent(game.id)}` }, t("Leaderboard"));
}

/** The link to the profile of the account logged in ("My profile"); empty for a guest. */
export function myProfileLink() {
  const link = h("a.myprofile", { hidden: true }, t("My profile"));
  whoAmI().then((account) => {
    if (!account?.name) return;
    link.href = `/players/${encodeURIComponent(account.name)}`;
    link.hidden = false;
  }).catch(() => {});
  return link;
}

/** The waiting room's and the table's note on a rated table (null for an unrated one). */
export function ratedNote(info) {
  return info?.rated ? h("p.rated-note", null, t("Rated table: the result counts for ratings, and leaving the match counts as a loss.")) : null;
}
