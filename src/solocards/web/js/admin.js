// The moderators' page (/admin): the chat lines players reported, with what can be done about
// each (hide it, ban its author's name or address, take its author out of the seat, close the
// table, or dismiss the report); a ban of any name or address; the bans in force; the log of
// every moderator's action. A moderator brings the server's admin token (kept for this tab
// only, in sessionStorage) or is logged in with an account the server names as an admin.

import { h, clear } from "./dom.js";
import { api } from "./api.js";
import { languageSwitcher, t } from "./i18n.js";

const TOKEN_KEY = "solocards.adminToken";

/** How long a ban lasts, in minutes, and its words. */
export const BAN_LENGTHS = [
  [60, () => t("an hour")],
  [24 * 60, () => t("a day")],
  [7 * 24 * 60, () => t("a week")],
  [30 * 24 * 60, () => t("30 days")],
];

function storedToken() {
  try {
    return sessionStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export class AdminPage {
  constructor(root) {
    this.root = root;
    this.token = storedToken();
    this.reports = [];
    this.bans = [];
    this.log = [];
    this.error = null;
    this.denied = false;
    this.load();
  }

  call(method, path, body) {
    return api(method, path, body, this.token || undefined);
  }

  async load() {
    try {
      [this.reports, this.bans, this.log] = await Promise.all([
        this.call("GET", "/admin/reports"),
        this.call("GET", "/admin/bans"),
        this.call("GET", "/admin/log"),
      ]);
      this.denied = false;
      this.error = null;
    } catch (error) {
      this.denied = error.status === 401 || error.status === 403;
      this.error = error.message;
    }
    this.render();
  }

  /** Do one moderator's action, then show everything again (or the error). */
  async act(method, path, body) {
    try {
      await this.call(method, path, body);
      this.error = null;
    } catch (error) {
      this.error = error.message;
    }
    await this.load();
  }

  useToken(token) {
    this.token = token.trim() || null;
    try {
      if (this.token) sessionStorage.setItem(TOKEN_KEY, this.token);
      else sessionStorage.removeItem(TOKEN_KEY);
    } catch {
      /* private mode: the token lasts as long as the page */
    }
    this.load();
  }

  render() {
    const root = clear(this.root);
    root.append(h("header.topbar.pagebar", null, h("a.home", { href: "/", title: t("Lobby") }, "solocards"),
      h("h1.title", null, t("Moderation")), h("span.spacer"), languageSwitcher()));
    const page = h("main.lobby.admin");
    root.append(page);
    if (this.error) page.append(h("p.error", { role: "alert" }, this.error));
    page.append(this.tokenForm());
    if (this.denied) return;
    page.append(this.reportList(), this.banForm(), this.banList(), this.logList());
  }

  tokenForm() {
    const input = h("input.admintoken", { type: "password", autocomplete: "off", "aria-label": t("Admin token"), placeholder: t("Admin token") });
    return h("form.panel.tokenform", { onsubmit: (event) => {
      event.preventDefault();
      this.useToken(input.value);
    } }, h("label", null, t("Admin token (or log in with an admin's account)"), " ", input),
    " ", h("button.act", { type: "submit" }, t("Use")));
  }

  reportList() {
    const panel = h("section.panel.reports", null, h("h2", null, t("Reported chat lines")));
    if (!this.reports.length) {
      panel.append(h("p.none", null, t("No report is waiting.")));
      return panel;
    }
    panel.append(h("ul.reportlist", null, this.reports.map((report) => this.reportItem(report))));
    return panel;
  }

  reportItem(report) {
    const table = encodeURIComponent(report.table);
    const line = `/tables/${table}/moderation/chat/${report.line}`;
    const ban = (kind) => this.act("POST", `${line}/ban`, { kind, minutes: 24 * 60, reason: t("reported chat line") });
    return h("li.report", { dataset: { table: report.table, line: String(report.line) } },
      h("p.reported", null, h("bdi.author", null, report.author ?? t("A spectator")), ": ",
        h("bdi.said", null, report.text), " ",
        h("small", null, t("reports: {n}; table {table}", { n: report.reports, table: report.table }))),
      h("div.actions", null,
        h("button.act.hide", { type: "button", onclick: () => this.act("POST", `${line}/hide`) }, t("Hide the line")),
        report.author ? h("button.act.banname", { type: "button", onclick: () => ban("name") }, t("Ban the name for a day")) : null,
        h("button.act.banaddress", { type: "button", onclick: () => ban("address") }, t("Ban the address for a day")),
        report.seat !== null && report.seat !== undefined
          ? h("button.act.remove", { type: "button", onclick: () => this.act("POST", `/tables/${table}/moderation/seats/${report.seat}/remove`) }, t("Take the author out of the seat"))
          : null,
        h("button.act.close", { type: "button", onclick: () => this.act("POST", `/tables/${table}/moderation/close`) }, t("Close the table")),
        h("button.act.dismiss", { type: "button", onclick: () => this.act("POST", "/admin/reports/dismiss", { table: report.table, line: report.line }) }, t("Dismiss"))));
  }

  banForm() {
    const kind = h("select.bankind", { "aria-label": t("What to ban") },
      h("option", { value: "name" }, t("a name")), h("option", { value: "address" }, t("an address")));
    const value = h("input.banvalue", { type: "text", maxlength: 128, required: true, "aria-label": t("Name or address") });
    const minutes = h("select.banminutes", { "aria-label": t("For how long") },
      BAN_LENGTHS.map(([length, words]) => h("option", { value: String(length) }, words())));
    const reason = h("input.banreason", { type: "text", maxlength: 200, "aria-label": t("Why"), placeholder: t("Why") });
    return h("form.panel.banform", { onsubmit: (event) => {
      event.preventDefault();
      this.act("POST", "/admin/bans", { kind: kind.value, value: value.value, minutes: Number(minutes.value), reason: reason.value });
    } }, h("h2", null, t("Ban")), kind, " ", value, " ", minutes, " ", reason, " ",
    h("button.act", { type: "submit" }, t("Ban")));
  }

  banList() {
    const panel = h("section.panel.bans", null, h("h2", null, t("Bans in force")));
    if (!this.bans.length) {
      panel.append(h("p.none", null, t("Nobody is banned.")));
      return panel;
    }
    panel.append(h("ul.banlist", null, this.bans.map((ban) => h("li.ban", { dataset: { id: String(ban.id) } },
      h("bdi", null, ban.value), " · ", ban.kind === "name" ? t("a name") : t("an address"), " · ",
      t("until {when}", { when: new Date(ban.until).toLocaleString() }),
      ban.reason ? [" · ", h("bdi", null, ban.reason)] : null, " ",
      h("button.act.lift", { type: "button", onclick: () => this.act("DELETE", `/admin/bans/${ban.id}`) }, t("Lift"))))));
    return panel;
  }

  logList() {
    const panel = h("section.panel.modlog", null, h("h2", null, t("What the moderators did")));
    if (!this.log.length) {
      panel.append(h("p.none", null, t("Nothing yet.")));
      return panel;
    }
    panel.append(h("ol.loglist", null, this.log.map((entry) => h("li", null,
      new Date(entry.at).toLocaleString(), " · ", h("bdi", null, entry.by), " · ", entry.action,
      entry.table ? ` · ${entry.table}` : ""))));
    return panel;
  }
}
