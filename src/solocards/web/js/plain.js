// Plain words for the lobby and the table: option names and choices as people read them, rule
// references (U1:, S-7, §1.3) left out, and the one colour-letters switch both pages share.

import { h } from "./dom.js";
import { language, t } from "./i18n.js";

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

/** An option's help without the rule codes it cites: "U1: seven-zero (S-7)." -> "seven-zero."
 * Outside English, the ids of ``option``'s choices that the help names become their labels in
 * the page's language ("catch: ..." -> "можна спіймати: ...", "hidden (закритий)" -> "закритий"). */
export function plainHelp(text, option = null) {
  return choicesNamed(String(text ?? ""), option)
    .replace(/^\s*[A-Z]{1,3}-?\d+[a-z]?:\s*/, "")
    .replace(/\s*\((?:§\s?[\d.]+|[A-Z]{1,3}-\d+[a-z]?)(?:[,;]\s*(?:§\s?[\d.]+|[A-Z]{1,3}-\d+[a-z]?))*\)/g, "")
    .replace(/\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/g, (id) => id.replace(/_/g, " "))
    .replace(/^./, (c) => c.toUpperCase());
}

function choicesNamed(text, option) {
  const labels = option?.choice_labels ?? {};
  if (language() === "en") return text;
  let named = text;
  for (const [id, label] of Object.entries(labels)) {
    const word = id.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    // "hidden (закритий)": the words in brackets already say it (a rule code stays for later)
    named = named.replace(new RegExp(`(?<![\\w-])${word}(?![\\w-])\\s*\\((?![§A-Z]{1,3}-?\\d)([^()]*)\\)`, "g"), "$1")
      .replace(new RegExp(`(?<![\\w-])${word}(?![\\w-])`, "g"), label);
  }
  return named;
}

/** A preset of a game's rules in words (the lobby's "Rules" choice); a year stays as it is. */
export function presetWords(name) {
  switch (name) {
    // translators: a preset of the rules: the rules as the game's publisher prints them
    case "official": return t("official");
    // translators: a preset of UNO's rules: the house rules people play at parties
    case "party": return t("party");
    // translators: a preset of UNO's rules: every house rule at once
    case "crazy": return t("crazy");
    // translators: a preset of Frog's rules: as Foster's Hoyle gives them
    case "foster": return t("after Foster");
    // translators: a preset of German Solo's rules: as David Parlett gives them
    case "parlett": return t("after Parlett");
    // translators: a preset of AMIGO's SOLO rules: the older edition's
    case "classic": return t("classic");
    default: return String(name);
  }
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
    case "learned": return t("learned");
    case "learned+ismcts": return `${t("learned")} + ISMCTS`;
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
