// Move clocks in words: the lobby's choices (seconds to days), what is left on a running clock,
// and what happens to the seat of an absent player (the table's "absent" rule).

import { t, tn } from "./i18n.js";

/** A clock of at least this long is one of hours or days (as the server's LONG_CLOCK_SECONDS). */
export const LONG_CLOCK = 3600;

/** The lobby's clock choices: [seconds as text ("" for none), words]. */
export function clockChoices() {
  return [
    ["", t("no clock")],
    ["30", t("30 s a move")],
    ["60", t("60 s a move")],
    ["120", t("2 min a move")],
    ["43200", t("12 h a move")],
    ["86400", t("24 h a move")],
    ["259200", t("3 days a move")],
  ];
}

/**
 * A table's clock in words, for lists of tables.
 *
 *   clockWords(null)                  // "no clock"
 *   clockWords({ seconds: 86400 })    // "24 h a move"
 *   clockWords({ seconds: 45 })       // "45 s a move"
 */
export function clockWords(clock) {
  if (!clock) return t("no clock");
  const known = clockChoices().find(([seconds]) => Number(seconds) === clock.seconds);
  if (known) return known[1];
  return t("{time} a move", { time: timeLeft(clock.seconds) });
}

/**
 * The time left on a clock, short: "42 s", "17 min", "5 h 20 min", "2 d 3 h".
 */
export function timeLeft(seconds) {
  const left = Math.max(0, seconds);
  if (left < 120) return t("{seconds} s", { seconds: Math.ceil(left) });
  if (left < 3600) return t("{minutes} min", { minutes: Math.ceil(left / 60) });
  // whole hours and minutes gone by: a fresh clock of a day reads "23 h 59 min", not "1 d 0 h"
  if (left < 86400) return t("{hours} h {minutes} min", { hours: Math.floor(left / 3600), minutes: Math.floor((left % 3600) / 60) });
  return t("{days} d {hours} h", { days: Math.floor(left / 86400), hours: Math.floor((left % 86400) / 3600) });
}

/** The rule a table follows when its owner did not choose one (as the server's default). */
export function defaultAbsent(clockSeconds) {
  return clockSeconds && Number(clockSeconds) >= LONG_CLOCK ? "wait" : "bot";
}

/** What happens to an absent player's seat at a table with ``rule`` ("wait" or "bot"). */
export function absentWords(rule) {
  return rule === "wait"
    ? t("An absent player's seat waits for them (a clock still runs out).")
    : t("A bot plays for an absent player soon after they leave, until they come back.");
}

/** How many games wait for your move, for a heading. */
export function waitingWords(n) {
  return tn("{n} game waits for your move.", "{n} games wait for your move.", n);
}
