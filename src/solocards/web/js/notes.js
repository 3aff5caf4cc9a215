// The log with what came of each action: the server's notes (public facts read from the
// spectator's view: a penalty's cards, a jump-in, a challenge's outcome, who took a trick and
// its points, the first card) added to the words of each action (the game's describe_action).

import { h } from "./dom.js";
import { t, tn } from "./i18n.js";
import { logLines, cardWords } from "./board.js";

/** The sentence a note adds to its action's log line, or null. */
export function noteWords(note, names) {
  if (!note) return null;
  const name = (s) => names[s] ?? t("Seat {n}", { n: s + 1 });
  const parts = [];
  if (note.drew && note.penalty) parts.push(tn("Penalty: {n} card.", "Penalty: {n} cards.", note.drew));
  else if (note.drew) parts.push(tn("Drew {n} card.", "Drew {n} cards.", note.drew));
  if (note.jump_in) parts.push(t("Jump-in!"));
  if (note.challenge) {
    const c = note.challenge;
    parts.push(c.won
      ? tn("The challenge succeeds: {name} takes {n} card.", "The challenge succeeds: {name} takes {n} cards.", c.cards, { name: name(c.seat) })
      : tn("The challenge fails: {name} takes {n} card.", "The challenge fails: {name} takes {n} cards.", c.cards, { name: name(c.seat) }));
  }
  if (note.caught) {
    parts.push(tn("Caught: {name} takes {n} card.", "Caught: {name} takes {n} cards.", note.caught.cards, { name: name(note.caught.seat) }));
  }
  if (note.trick) {
    const who = name(note.trick.winner);
    parts.push(note.trick.points === undefined
      ? t("{name} took the trick.", { name: who })
      : tn("{name} took the trick ({n} point).", "{name} took the trick ({n} points).", note.trick.points, { name: who }));
  }
  return parts.length ? parts.join(" ") : null;
}

/** The round's first line: the first card and what it did (who begins, a penalty, the way). */
export function startWords(game, start, names) {
  if (!start?.first_card) return null;
  const name = (s) => names[s] ?? t("Seat {n}", { n: s + 1 });
  const parts = [t("The first card is {card}.", { card: cardWords(game, start.first_card) })];
  if (start.pending_draw) parts.push(tn("{name} has to take {n} card.", "{name} has to take {n} cards.", start.pending_draw, { name: name(start.current) }));
  else if (start.current !== undefined && start.current !== null && start.current >= 0) parts.push(t("{name} begins.", { name: name(start.current) }));
  if (start.direction === -1) parts.push(t("Play goes the other way round."));
  return parts.join(" ");
}

/** A round start taken from a view dealt just now (no log yet), as the server would note it. */
export function startOfView(view) {
  if (!view || (view.log ?? []).length || typeof view.top_card !== "string") return null;
  return { first_card: view.top_card, current: view.current, direction: view.direction, pending_draw: view.pending_draw };
}

/** The log items of one round: its first card, then each action with its note. */
export function logItems(game, log, notes, names) {
  const items = [];
  const start = startWords(game, notes?.start, names);
  if (start) items.push(h("li.start", null, start));
  const aligned = notes && (notes.actions ?? []).length === (log ?? []).length ? notes.actions : null;
  logLines(game, log, names).forEach((line, i) => {
    const note = aligned ? aligned[i] : null;
    const extra = noteWords(note, names);
    const cls = ["li", note?.jump_in ? "jump" : null, note?.penalty ? "penalty" : null,
      note?.trick ? "trick-taken" : null].filter(Boolean).join(".");
    items.push(h(cls, null, line.text, extra ? h("span.note", null, ` ${extra}`) : null));
  });
  return items;
}
