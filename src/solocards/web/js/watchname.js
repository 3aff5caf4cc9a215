// The name a spectator watches under: listed among those watching and shown beside their chat
// lines (without one: "a spectator"). It is remembered like a player's name.

import { h } from "./dom.js";
import { pref, setPref } from "./api.js";
import { t } from "./i18n.js";

/** A small form "Watch as [name] [Set name]"; ``onName(name)`` is called with the new name. */
export function watcherNameForm(onName) {
  const input = h("input.watchername", { value: pref("name", ""), maxlength: 32, placeholder: t("Your name"),
    "aria-label": t("the name you watch under") });
  return h("form.watchname", { onsubmit: (event) => {
    event.preventDefault();
    const name = input.value.trim();
    if (!name) return;
    setPref("name", name);
    onName(name);
  } }, h("label", null, t("Watch as"), " ", input), " ", h("button.act.setname", { type: "submit" }, t("Set name")));
}
