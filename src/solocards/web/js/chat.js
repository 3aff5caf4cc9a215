// The table's chat and who watches: free lines and quick phrases over the table's WebSocket,
// a mute that is this viewer's own (kept in localStorage), the spectators' names or count.
// Everything the others wrote is put in the page as text (textContent), never as HTML.

import { h, clear } from "./dom.js";
import { pref, setPref } from "./api.js";
import { t, tn } from "./i18n.js";

/** The quick phrases, by the id the server knows them by; each viewer reads its own words. */
export const QUICK_PHRASES = {
  gg: () => t("Good game"),
  wp: () => t("Well played"),
  thanks: () => t("Thanks"),
  oops: () => t("Oops"),
};

export const MAX_CHAT_CHARS = 200;

/** A chat line's words: the phrase in this viewer's language, or the text as written. */
export function chatText(line) {
  if (line.phrase) return QUICK_PHRASES[line.phrase]?.() ?? line.phrase;
  return line.text ?? "";
}

/** A name inside a sentence, isolated (FSI ... PDI, what <bdi> does in markup), so that a name
 * written right to left does not reorder the words around it: isolated("zoe") is "\u2068zoe\u2069". */
export function isolated(name) {
  return `\u2068${name}\u2069`;
}

/** Who wrote a line: the seat's name, a spectator's chosen name, or "a spectator". */
export function chatAuthor(line, names) {
  if (line.seat !== null && line.seat !== undefined) return names[line.seat] ?? line.name ?? t("Seat {n}", { n: line.seat + 1 });
  return line.name ? t("{name} (watching)", { name: isolated(line.name) }) : t("A spectator");
}

/** Who watches, in words: "Watching: zoe, 2 others", "Nobody else is watching". */
export function spectatorWords(spectators) {
  const names = (spectators?.names ?? []).map(isolated);
  const anonymous = spectators?.anonymous ?? 0;
  if (!names.length && !anonymous) return t("Nobody is watching.");
  if (!names.length) return tn("{n} spectator is watching.", "{n} spectators are watching.", anonymous);
  if (!anonymous) return t("Watching: {names}.", { names: names.join(", ") });
  return tn("Watching: {names} and {n} other.", "Watching: {names} and {n} others.", anonymous,
    { names: names.join(", ") });
}

export class ChatPanel {
  /**
   * ``send(message)`` sends over the table's socket; ``names()`` gives the seats' names;
   * ``report(line)``, when given, reports a line to the moderators (a button on each line).
   */
  constructor(send, names, report = null) {
    this.send = send;
    this.names = names;
    this.report = report;
    this.reported = new Set();
    this.lines = [];
    this.spectators = null;
    this.muted = Boolean(pref("chatMuted", false));
    this.el = h("section.panel.chatpanel", { "aria-label": t("Chat") });
    this.list = h("ol.chatlines", { "aria-live": "polite", "aria-label": t("Chat") });
    this.watchers = h("p.spectators", { role: "status" });
    this.input = h("input.chatinput", {
      type: "text", maxlength: MAX_CHAT_CHARS, placeholder: t("Say something"), "aria-label": t("Chat message"),
      oninput: () => this.count(),
    });
    // how much of the line's room is used: a line stops at MAX_CHAT_CHARS, so the count shows it
    this.counter = h("span.chatcount", { "aria-hidden": "true" });
    this.muteButton = h("button.act.mute", { type: "button", "aria-pressed": "false", onclick: () => this.toggleMute() });
    const form = h("form.chatform", { onsubmit: (event) => {
      event.preventDefault();
      this.say();
    } }, this.input, this.counter, h("button.act.say", { type: "submit" }, t("Send")));
    this.count();
    const phrases = h("div.phrases", null, Object.entries(QUICK_PHRASES).map(([id, words]) =>
      h("button.act.phrase", { type: "button", dataset: { phrase: id }, onclick: () => this.send({ type: "chat", phrase: id }) }, words())));
    this.el.append(h("h3", null, t("Chat"), " ", this.muteButton), this.watchers, this.list, phrases, form);
    this.render();
  }

  /** A ``chat`` or ``spectators`` message from the server, or the ``chat``/``spectators`` of a sync. */
  onMessage(message) {
    if (message.type === "chat") this.lines.push(...(message.lines ?? []));
    else if (message.type === "chat_hidden") this.lines = this.lines.filter((line) => line.id !== message.line);
    else if (message.type === "spectators") this.spectators = message;
    this.lines = this.lines.slice(-100);
    this.render();
  }

  /** What a sync or catch-up carries: the kept lines (replacing ours) and who watches. */
  onJoin(message) {
    if (Array.isArray(message.chat)) this.lines = [...message.chat];
    if (message.spectators) this.spectators = message.spectators;
    this.render();
  }

  say() {
    const text = this.input.value.trim();
    if (!text) return;
    if (this.send({ type: "chat", text: text.slice(0, MAX_CHAT_CHARS) })) this.input.value = "";
    this.count();
  }

  /** Show how many of the line's characters are used ("37/200"), marked when it is full. */
  count() {
    const used = this.input.value.length;
    this.counter.textContent = `${used}/${MAX_CHAT_CHARS}`;
    this.counter.classList.toggle("full", used >= MAX_CHAT_CHARS);
  }

  toggleMute() {
    this.muted = !this.muted;
    setPref("chatMuted", this.muted);
    this.render();
  }

  /** The small "report" button of a free-text line (quick phrases need none); once per line. */
  reportButton(line) {
    if (!this.report || !line.text) return null;
    const done = this.reported.has(line.id);
    return h("button.report", {
      type: "button",
      disabled: done,
      title: done ? t("Reported to the moderators") : t("Report this line to the moderators"),
      "aria-label": done ? t("Reported to the moderators") : t("Report this line to the moderators"),
      onclick: async () => {
        if (await this.report(line)) {
          this.reported.add(line.id);
          this.render();
        }
      },
    }, "⚑");
  }

  render() {
    this.muteButton.textContent = this.muted ? t("Show chat") : t("Mute chat");
    this.muteButton.setAttribute("aria-pressed", this.muted ? "true" : "false");
    this.el.classList.toggle("muted", this.muted);
    this.watchers.textContent = spectatorWords(this.spectators);
    const list = clear(this.list);
    if (this.muted) {
      list.append(h("li.chatnote", null, t("Chat is muted for you.")));
      return;
    }
    const names = this.names();
    for (const line of this.lines) {
      list.append(h("li.chatline", { dataset: { id: String(line.id) } },
        // <bdi>: a name or line in a right-to-left script keeps to itself (the ": " stays put)
        h("bdi.author", null, chatAuthor(line, names)), ": ", h("bdi.said", null, chatText(line)),
        this.reportButton(line)));
    }
    list.scrollTop = list.scrollHeight;
  }
}
