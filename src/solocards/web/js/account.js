// Player accounts, optional: the top bar's account button and its dialog (sign up, log in, log
// out, change the password, delete the account). A guest plays without one; signing up or
// logging in brings along the seats this browser holds (heldSeats), so nothing is lost.
//
//   header.append(accountButton());   // "Log in", or the name of the account logged in

import { h, clear } from "./dom.js";
import { api, heldSeats, setPref } from "./api.js";
import { t } from "./i18n.js";

let known = null; // the promise of {account: {name, created_at} | null}

/**
 * Who is logged in: the account ({name, created_at}) or null for a guest (asked once). A
 * logged-in person sits with the account's name, so the name fields offer it.
 */
export function whoAmI() {
  known ??= api("GET", "/account").then((answer) => {
    if (answer.account) setPref("name", answer.account.name);
    return answer.account;
  }, () => null);
  return known;
}

/** The top bar's account button: it opens the account dialog. */
export function accountButton() {
  const button = h("button.btn.accountbtn", { type: "button", "aria-haspopup": "dialog",
    onclick: () => openAccountDialog() }, t("Log in"));
  whoAmI().then((account) => {
    if (!account) return;
    button.textContent = account.name;
    button.title = t("Logged in as {name}", { name: account.name });
  });
  return button;
}

function field(cls, label, attrs) {
  const input = h(`input.${cls}`, { maxlength: 256, ...attrs });
  return [h("label.accountfield", null, h("span", null, label), input), input];
}

/** The account dialog, over the page; Escape or Close shuts it. */
export async function openAccountDialog() {
  const account = await whoAmI();
  const modal = h("div.modal.accountmodal");
  const error = h("p.error", { role: "alert" });
  const close = () => {
    modal.remove();
    document.removeEventListener("keydown", onKey);
  };
  const onKey = (event) => { if (event.key === "Escape") close(); };
  document.addEventListener("keydown", onKey);
  const attempt = (work) => async (event) => {
    event.preventDefault();
    clear(error);
    try {
      await work();
    } catch (problem) {
      error.textContent = problem.message;
    }
  };
  const dialog = h("div.dialog.accountdialog", { role: "dialog", "aria-modal": "true", "aria-labelledby": "account-title" },
    h("h2", { id: "account-title" }, t("Your account")),
    account ? signedInPart(account, attempt) : guestPart(attempt),
    error,
    h("button.act.cancel.accountclose", { type: "button", onclick: close }, t("Close")));
  modal.append(dialog);
  document.body.append(modal);
  dialog.querySelector("input, button")?.focus();
}

function guestPart(attempt) {
  const [nameLabel, name] = field("accountname", t("Name"), { autocomplete: "username", maxlength: 32 });
  const [passwordLabel, password] = field("accountpassword", t("Password"), { type: "password", autocomplete: "current-password" });
  const send = (path) => attempt(async () => {
    const answer = await api("POST", path, { name: name.value.trim(), password: password.value, seats: heldSeats() });
    setPref("name", answer.account.name);
    location.reload();
  });
  return h("form.accountform", { onsubmit: send("/account/login") },
    h("p", null, t("Guests play without an account. With one, your seats and games follow you to any browser.")),
    nameLabel, passwordLabel,
    h("div.buttons", null,
      h("button.act.primary.login", { type: "submit" }, t("Log in")),
      h("button.act.signup", { type: "button", onclick: send("/account") }, t("Sign up"))));
}

function signedInPart(account, attempt) {
  const [currentLabel, current] = field("oldpassword", t("Password"), { type: "password", autocomplete: "current-password" });
  const [newLabel, fresh] = field("newpassword", t("New password"), { type: "password", autocomplete: "new-password" });
  const [confirmLabel, confirm] = field("deletepassword", t("Password"), { type: "password", autocomplete: "current-password" });
  const changed = h("p.changed", { role: "status" });
  return h("div.accountpart", null,
    h("p.whoami", null, t("Logged in as {name}", { name: account.name })),
    h("div.buttons", null, h("button.act.logout", { type: "button", onclick: attempt(async () => {
      await api("POST", "/account/logout");
      location.reload();
    }) }, t("Log out"))),
    h("details.changepassword", null, h("summary", null, t("Change the password")),
      h("form.accountform", { onsubmit: attempt(async () => {
        await api("POST", "/account/password", { password: current.value, new_password: fresh.value });
        current.value = fresh.value = "";
        changed.textContent = t("The password is changed.");
      }) }, currentLabel, newLabel,
      h("button.act.primary", { type: "submit" }, t("Change the password")), changed)),
    h("details.deleteaccount", null, h("summary", null, t("Delete the account")),
      h("form.accountform", { onsubmit: attempt(async () => {
        await api("POST", "/account/delete", { password: confirm.value });
        location.reload();
      }) }, h("p", null, t("Your games stay, under an anonymous name. This cannot be undone.")),
      confirmLabel,
      h("button.act.danger", { type: "submit" }, t("Delete the account for ever")))));
}
