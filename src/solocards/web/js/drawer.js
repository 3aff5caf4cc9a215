// The phone's drawer: on a narrow screen the scores and the log leave the table and wait in a
// drawer at the side, opened by a button in the top bar (and closed by its own button or Esc).
// On a wide screen the drawer is simply the side column and the buttons are not shown.

import { h } from "./dom.js";
import { t } from "./i18n.js";

const OPEN = "drawer-open";

function setOpen(open) {
  document.body.classList.toggle(OPEN, open);
  for (const button of document.querySelectorAll(".drawerbtn")) button.setAttribute("aria-expanded", String(open));
  if (open) document.querySelector(".drawer .drawer-close")?.focus();
}

/** Wrap the side column (``side``) in the drawer; returns the element to put in the layout. */
export function mountDrawer(side) {
  side.id = side.id || "side-drawer";
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && document.body.classList.contains(OPEN)) setOpen(false);
  });
  return h("div.drawer", null,
    h("button.btn.drawer-close", { type: "button", onclick: () => setOpen(false) }, t("Close")),
    side);
}

/** The top bar's button that opens the drawer (shown on narrow screens only). */
export function drawerButton() {
  const open = document.body.classList.contains(OPEN);
  return h("button.btn.drawerbtn", {
    type: "button", "aria-controls": "side-drawer", "aria-expanded": String(open),
    onclick: () => setOpen(!document.body.classList.contains(OPEN)),
  }, t("Scores and log"));
}

/** The table's switches (colour letters, motion, sound): in the top bar on a wide screen,
 * behind one "Settings" button on a narrow one. */
export function settingsMenu(...switches) {
  const open = document.body.classList.contains("settings-open");
  return [
    h("button.btn.settingsbtn", {
      type: "button", "aria-controls": "table-settings", "aria-expanded": String(open),
      onclick: (event) => {
        const now = document.body.classList.toggle("settings-open");
        event.currentTarget.setAttribute("aria-expanded", String(now));
      },
    }, t("Settings")),
    h("div.settings", { id: "table-settings", role: "group", "aria-label": t("Settings") }, switches),
  ];
}
