// Plain words for the lobby and the table: option names and choices as people read them, rule
// references (U1:, S-7, §1.3) left out, and the one colour-letters switch both pages share.

import { h } from "./dom.js";
import { t } from "./i18n.js";

/** An option id or choice in words: "hand_size" -> "Hand size", "one_for_three" -> "one for three". */
export function plainName(id, capital = false) {
  const words = String(id).replace(/_/g, " ");
  return capital ? words.charAt(0).toUpperCase() + words.slice(1) : words;
}

/** An option's name for people: its ``title`` as the server sends it in the page's language
 * (``/api/games``), else its id in words. */
export function optionTitle(option) {
  return option.title || plainName(option.name, true);
}

/** One choice of an option in words: its label where the value is an internal code. */
export function choiceWords(option, value) {
  return option.choice_labels?.[value] ?? plainName(value);
}

/** An option's help without the rule codes it cites: "U1: seven-zero (S-7)." -> "seven-zero." */
export function plainHelp(text) {
  return String(text ?? "")
    .replace(/^\s*[A-Z]{1,3}-?\d+[a-z]?:\s*/, "")
    .replace(/\s*\((?:§\s?[\d.]+|[A-Z]{1,3}-\d+[a-z]?)(?:[,;]\s*(?:§\s?[\d.]+|[A-Z]{1,3}-\d+[a-z]?))*\)/g, "")
    .replace(/\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/g, (id) => id.replace(/_/g, " "))
    .replace(/^./, (c) => c.toUpperCase());
}

/** The colour-letters switch (a letter on every colour, for colour-blind players). */
export function colourLettersButton(onToggle) {
  const on = document.body.classList.contains("cb");
  return h("button.btn.cbtoggle", {
    type: "button", "aria-pressed": on ? "true" : "false", title: t("Show a letter on every colour"),
    onclick: () => {
      document.body.classList.toggle("cb");
      onToggle(document.body.classList.contains("cb"));
    },
  }, on ? t("Colour letters: on") : t("Colour letters: off"));
}

/** A bot kind in words ("random", "heuristic"; names such as ISMCTS stay as they are). */
export function botWords(kind) {
  switch (kind) {
    case "random": return t("random");
    case "heuristic": return t("heuristic");
    case "ismcts": return "ISMCTS";
    case "rlcard": return "RLCard";
    default: return String(kind);
  }
}

/** A table's status in words: waiting in the lobby, playing, finished. */
export function statusWords(status) {
  switch (status) {
    case "lobby": return t("waiting");
    case "playing": return t("playing");
    case "finished": return t("finished");
    default: return String(status);
  }
}
