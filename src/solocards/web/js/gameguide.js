// What each game is and how it is played, in the page's language: the lobby's short description
// of each game and the "How to play" page (js/howto.js). The texts are the game module's
// (games/<game>.js: ``description`` and ``guide``), messages of the web catalog (t()), so
// translators find them in web.po beside the rest of the page.

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { presentation } from "./games/index.js";

/** The short description of a game (the lobby shows it), or null. */
export function gameDescription(game) {
  return presentation(game).description();
}

/** Where the "How to play" page of a game is: howToPlayPath(game) is /how-to-play/<game>. */
export function howToPlayPath(game) {
  return `/how-to-play/${encodeURIComponent(game)}`;
}

/**
 * The lobby's words on the chosen game: what it is, and the link to its "How to play" page:
 * a <p class="gameintro"> with the description and the link.
 */
export function gameIntro(game) {
  return h("p.gameintro", { dataset: { game } }, gameDescription(game) ?? "", " ",
    h("a.howtolink", { href: howToPlayPath(game) }, t("How to play")));
}

/**
 * How a game is played, as sections: [[title, [paragraph, ...]], ...], or null for a game
 * without a guide. howToPlay(game)[0][0] is "The aim" in the page's language.
 */
export function howToPlay(game) {
  return presentation(game).guide();
}
