// A rematch waiting for its people: who is ready, who is awaited, a "Ready" button for a
// seat still awaited, and "Start anyway" for the owner once the wait is over (the server
// refuses an early start with the time left).

import { h } from "./dom.js";
import { t } from "./i18n.js";

/** The rematch's readiness ({ready, waiting, start_anyway_at}) as a small panel. */
export function rematchPanel(state, names, { seat, owner, onReady, onStart }) {
  const list = (seats) => seats.map((s) => names[s] ?? t("Seat {n}", { n: s + 1 })).join(", ");
  const waiting = state.waiting ?? [];
  const ready = state.ready ?? [];
  const mine = seat !== null && seat !== undefined && waiting.includes(seat);
  return h("div.rematch-ready", { role: "status", dataset: { waiting: waiting.join(",") } },
    h("p", null, t("Rematch: waiting for {names} to be ready.", { names: list(waiting) })),
    ready.length ? h("p.ready-list", null, t("Ready: {names}.", { names: list(ready) })) : null,
    mine ? h("button.act.primary.rematch-ready-btn", { type: "button", onclick: onReady }, t("Ready for the rematch")) : null,
    owner ? h("span.countdown", { dataset: { deadline: String(state.start_anyway_at), message: t("You may start it anyway in {seconds} s.") } }) : null,
    owner ? h("button.act.start-anyway", { type: "button", onclick: onStart }, t("Start anyway")) : null);
}
