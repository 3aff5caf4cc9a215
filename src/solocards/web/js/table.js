// A table: the waiting room before the start, then the game over one WebSocket. The seat
// token lives in localStorage, so a reload (or a dropped connection) takes the same seat back,
// asking for what it missed since the last version it saw.

import { h, clear, put } from "./dom.js";
import { botMenu, botOptions, ratedNote, showBotRatings } from "./ratings.js";
import { botWords, colourLettersButton, optionTitle, statusWords } from "./plain.js";
import { format, language, languageSwitcher, listWords, t, tn } from "./i18n.js";
import { api, seatOf, saveSeat, ownerOf, saveOwner, pref, setPref } from "./api.js";
import { renderBoard, seatNames, fanHands, logLines } from "./board.js";
import { roundSummary, standings, scoreTable, resultWords } from "./summary.js";
import { colourSwatch } from "./cards.js";
import { COLOUR_NAMES, learnWords, nameSeats } from "./words.js";
import { HintState, decorateHints, onHint, onHintError } from "./hints.js";
import { closeReview, reviewButton, tookPart } from "./review.js";
import { Motion, motionButtons } from "./motion.js";
import { annotateBoard, optionValue, rulesPanel, whyWords } from "./rules.js";
import { drawerButton, mountDrawer, settingsMenu } from "./drawer.js";
import { ChatPanel } from "./chat.js";
import { logItems, startOfView } from "./notes.js";
import { breakdown, matchProgress, roundHistory, roundOverLogWords, standingsList } from "./scores.js";
import { rematchPanel } from "./rematch.js";
import { absentWords, timeLeft } from "./clockwords.js";
import { signalTurn } from "./turnsignal.js";
import { watcherNameForm } from "./watchname.js";


/** A seat to swap hands with: its name and how many cards it holds. */
function handWords(name, size) {
  return size === undefined || size === null ? name : tn("{name} ({n} card)", "{name} ({n} cards)", size, { name });
}

/** A game's title as the server names it (a table's or the lobby's info), else its id. */
export function gameTitle(info) {
  return info?.title ?? info?.game ?? info?.id ?? "…";
}

export class TablePage {
  constructor(root, tableId) {
    this.root = root;
    this.id = tableId;
    const mine = seatOf(tableId);
    this.token = mine?.token ?? null;
    this.seat = mine?.seat ?? null;
    this.owner = ownerOf(tableId);
    this.version = null;
    this.status = null;
    this.info = null;
    this.view = null;
    this.totals = null;
    this.winners = null;
    this.clock = null;
    this.pause = null; // the pause between rounds: {waiting, until}
    this.window = null; // the reaction window bots give people: {until}
    this.rounds = []; // finished rounds: {round, result, view, totals}
    this.summary = null; // the round summary on screen
    this.matchShown = false;
    this.callArmed = false;
    this.busy = false;
    this.picker = null;
    this.error = null;
    this.rematch = null;
    this.hints = new HintState();
    this.rematchState = null; // a rematch waiting for its people: {status, ready}
    this.notes = null; // the round's log notes: {start, actions}
    this.ws = null;
    this.connected = false;
    this.everConnected = false;
    this.retries = 0;
    this.stopped = false;
    this.leaving = false; // on the way to the rematch: the POST's reply and the push both say go
    this.pressed = false; // a mouse button or a finger is down in the waiting room
    this.roomHeld = false; // the room was to be drawn anew meanwhile
    this.build();
    this.holdRoomWhilePressed();
    this.motion = new Motion(this.main);
    this.connect();
    this.tick = setInterval(() => this.updateClocks(), 250);
    window.addEventListener("resize", () => fanHands(this.root));
  }

  // -- layout --------------------------------------------------------------------------------

  build() {
    clear(this.root);
    this.banner = h("div.banner.hidden", { role: "alert" });
    this.header = h("header.topbar");
    this.main = h("main.board");
    this.side = h("aside.side");
    this.modal = h("div.modal.hidden");
    this.toast = h("div.toast.hidden", { role: "alert" });
    this.chat ??= new ChatPanel((message) => this.send(message), () => this.names, (line) => this.reportLine(line));
    this.watchForm ??= watcherNameForm((name) => this.watchAs(name));
    this.chat.watchers.after(this.watchForm);
    this.root.append(this.banner, this.header,
      h("div.layout", null, this.main, mountDrawer(h("div.sidecol", null, this.side, this.chat.el))), this.modal, this.toast);
  }

  get game() {
    return this.info?.game ?? this.view?.game ?? null;
  }

  get names() {
    if (!this.info) return [];
    return seatNames(this.info.seats, this.info.players);
  }

  // -- the connection ------------------------------------------------------------------------

  connect() {
    if (this.stopped) return;
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}/ws`);
    this.ws = ws;
    ws.addEventListener("open", () => {
      const name = this.token ? null : (pref("name", "") || null); // a spectator is listed by name
      ws.send(JSON.stringify({ type: "join", table: this.id, token: this.token, version: this.version, lang: language(), name }));
    });
    ws.addEventListener("message", (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      this.onMessage(message);
    });
    ws.addEventListener("close", () => {
      if (this.ws !== ws) return;
      this.connected = false;
      this.busy = false;
      if (this.stopped) return;
      this.showBanner(true);
      const delay = Math.min(5000, 300 * 2 ** this.retries);
      this.retries += 1;
      setTimeout(() => this.connect(), delay);
    });
  }

  /** A spectator's new name: join again under it (from the version this page holds). */
  watchAs(name) {
    this.send({ type: "join", table: this.id, token: null, version: this.version, lang: language(), name });
  }

  send(message) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(message));
      return true;
    }
    return false;
  }

  showBanner(down) {
    if (down && this.banner.classList.contains("hidden")) this.drops = (this.drops ?? 0) + 1;
    this.banner.classList.toggle("hidden", !down);
    this.banner.textContent = down ? t("Connection lost. Reconnecting…") : "";
    document.body.classList.toggle("offline", down);
  }

  onMessage(message) {
    switch (message.type) {
      case "sync":
      case "events":
      case "update":
        this.connected = true;
        this.everConnected = true;
        this.retries = 0;
        this.showBanner(false);
        this.applyState(message);
        break;
      case "table":
        this.info = message.info;
        this.status = message.info.status;
        this.render();
        break;
      case "pause": {
        const ended = this.pause && !message.pause;
        this.pause = message.pause ?? null;
        this.clock = message.clock ?? null;
        this.render();
        if (ended) this.turnInSight();
        break;
      }
      case "rematch":
        this.rematch = message.rematch;
        this.rematchState = message;
        if (message.status === "playing" && this.rematchAsked) this.goRematch(message.rematch);
        else this.render();
        break;
      case "chat":
      case "chat_hidden":
      case "spectators":
        this.chat.onMessage(message);
        break;
      case "unseated":
        // the seat changed hands: this page watches on as a spectator
        this.token = null;
        this.seat = null;
        this.flash(message.message);
        this.render();
        break;
      case "why":
        this.flash(whyWords(message, this.names));
        break;
      case "hint":
        onHint(this, message);
        break;
      case "error":
        this.onError(message);
        break;
      default:
        break;
    }
  }

  /** Join again as this page is (its seat token, the version it holds), once a second at most. */
  joinAgain() {
    const now = Date.now();
    if (now - (this.lastRejoin ?? 0) < 1000) return;
    this.lastRejoin = now;
    const name = this.token ? null : (pref("name", "") || null);
    this.send({ type: "join", table: this.id, token: this.token, version: this.version, lang: language(), name });
  }

  onError(message) {
    this.busy = false;
    onHintError(this, message);
    if (message.code === "not_joined" && !this.stopped) {
      // the server lost this page's join (its process was away): join again, nothing to show
      this.joinAgain();
      return;
    }
    if (message.code === "bad_token") {
      // the stored token holds no seat here: watch instead
      this.token = null;
      this.seat = null;
      this.send({ type: "join", table: this.id, token: null, version: null, lang: language() });
      return;
    }
    if (message.code === "unknown_table") {
      this.stopped = true;
      this.showError(t("There is no table {id}.", { id: this.id }));
      return;
    }
    if (message.code === "stale_version") {
      this.send({ type: "sync" });
    }
    this.flash(message.message ? nameSeats(message.message, this.names) : message.code);
    this.render();
  }

  applyState(message) {
    const previousRound = this.view ? this.round : null;
    if (message.type === "update" && !this.withLog(message)) {
      this.send({ type: "sync" }); // a gap in the log: ask for the whole state
      return;
    }
    const shot = this.motion.capture(this.view, this.round);
    const paused = Boolean(this.pause);
    this.version = message.version;
    this.status = message.status;
    this.round = message.round;
    this.totals = message.totals;
    this.winners = message.winners;
    this.clock = message.clock ?? null;
    this.pause = message.pause ?? null;
    this.window = message.window ?? null;
    if (message.info) this.info = message.info;
    learnWords(this.game, message.words);
    if (message.type === "sync") this.lastSummary = message.summary ?? null; // a finished match's last round
    if (message.type === "sync" && (message.rounds?.length ?? 0) > this.rounds.length) {
      // a reload: the rounds before, as this seat saw each end (scores and log come back)
      this.rounds = message.rounds.map((r) => ({ ...r }));
      const last = this.rounds[this.rounds.length - 1];
      if (message.status === "finished" && last.round === message.round) last.view = message.view;
    }
    if ("seat" in message && message.seat !== undefined && message.type !== "update") {
      this.seat = message.seat;
    }
    if (message.type !== "update") {
      this.chat.onJoin(message);
      if (message.notes !== undefined) this.notes = message.notes;
    } else if (!message.round_over && this.notes) {
      this.notes.actions.push(message.event?.note ?? null);
    }
    if (message.type === "update" && message.round_over) {
      const over = message.round_over;
      this.rounds.push({ round: over.round, result: over.result, summary: over.summary, view: over.view, totals: message.totals, notes: over.notes ?? null });
      this.summary = this.rounds[this.rounds.length - 1];
      this.notes = { start: startOfView(message.view), actions: [] };
    } else if (message.type === "update" && message.event?.result && message.status === "finished") {
      // the last round of the match: no next deal, its end is the view itself
      this.rounds.push({ round: message.round, result: message.event.result, summary: message.summary, view: message.view, totals: message.totals, notes: this.notes });
    } else if (message.type === "events") {
      for (const event of message.events ?? []) {
        if (event.result) {
          this.rounds.push({ round: null, result: event.result, summary: event.summary, view: null, totals: null });
        }
      }
    }
    if (previousRound !== null && message.type === "sync" && message.round !== previousRound) {
      this.summary = null;
    }
    this.view = message.view;
    this.busy = false;
    if (this.status === "finished" && !this.matchShown) {
      this.matchShown = true;
      this.summary = null;
    }
    this.render();
    if (paused && !this.pause) this.turnInSight();
    if (message.type === "update") this.motion.play(shot, this.view, this.round, { game: this.game, me: this.seat });
  }

  /** An update's view comes without the round's log, and with the entries new since the last
   * update (``log_added`` from entry ``log_from``): append them to the log this page holds.
   * False when that log lacks entries before ``log_from`` (then only a sync can help). */
  withLog(message) {
    const view = message.view;
    if (!view || "log" in view) return true;
    const held = message.round_over || !this.view ? [] : this.view.log ?? [];
    const from = message.log_from ?? 0;
    if (held.length < from) return false;
    view.log = held.slice(0, from).concat(message.log_added ?? []);
    return true;
  }

  // -- acting --------------------------------------------------------------------------------

  act(action) {
    if (this.busy || this.version === null) return;
    if (this.send({ action, version: this.version })) {
      this.busy = true;
      this.callArmed = false;
      this.picker = null;
      this.render();
    }
  }

  /** A card (or a multi-play) was clicked: ask for a colour or a seat if the plays differ. */
  play(plays) {
    if (!plays.length) return;
    const colours = [...new Set(plays.map((p) => p.colour))];
    if (colours.length > 1) {
      this.picker = { kind: "colour", plays };
      this.render();
      return;
    }
    const targets = [...new Set(plays.map((p) => p.target))];
    if (targets.length > 1) {
      this.picker = { kind: "target", plays };
      this.render();
      return;
    }
    this.act(plays[0].action);
  }

  // -- rendering -----------------------------------------------------------------------------

  render() {
    const mark = document.body.dataset;
    mark.version = this.version ?? "";
    mark.status = this.status ?? "";
    mark.seat = this.seat ?? "";
    mark.table = this.id;
    mark.canAct = this.view?.can_act && this.status === "playing" && !this.busy ? "1" : "0";
    mark.busy = this.busy ? "1" : "0";
    signalTurn(mark.canAct === "1");
    this.watchForm.hidden = this.seat !== null && this.seat !== undefined;
    this.renderHeader();
    if (!this.info) {
      clear(this.main).append(h("p.loading", null, t("Joining the table…")));
      clear(this.side);
      return;
    }
    if (this.status === "lobby") {
      if (this.pressed) {
        this.roomHeld = true;
        return;
      }
      this.renderWaitingRoom();
      clear(this.side);
      this.renderModal();
      return;
    }
    const names = this.names;
    renderBoard(this.main, {
      game: this.game,
      view: this.view,
      me: this.seat,
      names,
      seats: this.info.seats,
      totals: this.totals,
      clock: this.clock,
      readonly: this.status !== "playing",
      callArmed: this.callArmed,
      busy: this.busy,
      targeting: this.picker?.kind === "target" ? this.picker.plays.map((p) => p.target) : null,
      onAction: (action) => this.act(action),
      onPlay: (plays) => this.play(plays),
      onToggleCall: () => {
        this.callArmed = !this.callArmed;
        this.render();
      },
      onTarget: (seat) => this.pickTarget(seat),
    });
    annotateBoard(this.main, { game: this.game, view: this.view,
      onWhy: this.seat !== null && this.status === "playing" ? (action) => this.send({ type: "why", action }) : null });
    decorateHints(this, this.main);
    const note = this.pauseNote() ?? this.windowNote();
    if (note) this.main.prepend(note);
    if (this.info.seats[this.seat]?.away && this.status === "playing") {
      this.main.prepend(h("div.away-note", null, t("A bot is playing for you."), " ",
        h("button.act", { type: "button", onclick: () => this.send({ type: "resume" }) }, t("Take my seat back"))));
    }
    this.renderSide();
    this.renderModal();
    fanHands(this.main);
    this.updateClocks();
  }

  /** The pause between rounds is over (its time ran out): when it is this seat's turn, the
   * round's summary and a review still open give way, so that the turn is in sight. */
  turnInSight() {
    if (!this.view?.can_act || this.status !== "playing") return;
    closeReview();
    if (this.summary) {
      this.summary = null;
      this.render();
    }
  }

  /** Whether this page's seat is one the pause between rounds still waits for. */
  get waitedFor() {
    return this.seat !== null && (this.pause?.waiting ?? []).includes(this.seat);
  }

  /** Close the round summary; a seat the pause waits for tells the server it is ready. */
  ready() {
    this.summary = null;
    if (this.waitedFor) this.send({ type: "ready" });
    this.render();
  }

  /** While the table pauses between rounds (summary closed): who is awaited, and for how long. */
  pauseNote() {
    if (!this.pause || this.status !== "playing" || (this.summary && this.waitedFor)) return null;
    const names = this.names;
    const others = this.pause.waiting.filter((s) => s !== this.seat).map((s) => names[s]);
    return h("div.pause-note", { role: "status" },
      others.length ? tn("Waiting for {names} to be ready.", "Waiting for {names} to be ready.", others.length, { names: listWords(others) })
        : t("The next round is dealt."), " ",
      h("span.countdown", { dataset: { deadline: String(this.pause.until), message: t("It starts anyway in {seconds} s.") } }),
      this.waitedFor ? h("button.act.primary.ready", { type: "button", onclick: () => this.ready() }, t("Ready")) : null);
  }

  /** A jump-in is open to this seat while bots wait: the time left to react. */
  windowNote() {
    const view = this.view;
    if (!this.window || !view?.can_act || this.status !== "playing" || this.seat === null) return null;
    if (view.current === undefined || view.current === this.seat) return null;
    return h("div.window-note", { role: "status" },
      h("span.countdown", { dataset: { deadline: String(this.window.until), message: t("You may jump in: {seconds} s") } }));
  }

  renderHeader() {
    const game = this.game;
    put(clear(this.header), 
      h("a.home", { href: "/", title: t("Lobby") }, "solocards"),
      h("h1.title", null, game ? gameTitle(this.info) : "…"),
      this.round !== null && this.round !== undefined && this.status !== "lobby"
        ? h("span.round", null, matchProgress(game, this.info?.options, this.round) ?? t("round {number}", { number: this.round + 1 })) : null,
      this.status ? h(`span.status.st-${this.status}`, null, statusWords(this.status)) : null,
      h("span.spacer"),
      this.status === "finished" ? h("a.btn.replaylink", { href: `/play/${this.id}?replay=1` }, t("Replay")) : null,
      settingsMenu(colourLettersButton((on) => {
        setPref("cb", on);
        this.renderHeader();
      }), motionButtons(() => this.renderHeader()), this.switcher ??= languageSwitcher()),
      this.status && this.status !== "lobby" ? drawerButton() : null,
    );
  }

  renderSide() {
    const names = this.names;
    const game = this.game;
    const view = this.view;
    const side = clear(this.side);
    if (this.totals) {
      const progress = this.status === "playing" ? matchProgress(game, this.info.options, this.round) : null;
      side.append(h("section.panel.scorepanel", null, h("h3", null, t("Scores")),
        progress ? h("p.progress", null, progress) : null,
        scoreTable(null, this.totals, names, this.winners), roundHistory(game, this.rounds, names)));
    }
    if (this.status === "finished") {
      side.append(h("section.panel.matchend", null, h("h3", null, t("The match is over")),
        standingsList(this.totals, this.winners, names, this.info.lowest_wins), this.endButtons()));
    }
    // it scrolls within the side column: a keyboard reaches it too
    const log = h("ol.log", { "aria-label": t("what happened"), tabindex: "0" });
    for (const past of this.rounds) {
      if (past.view) log.append(...logItems(game, past.view.log, past.notes, names));
      log.append(h("li.sep", null, past.round === null ? t("The round is over.") : roundOverLogWords(game, past.round + 1),
        " ", resultWords(past, names).join(" ")));
    }
    if (view && !(this.rounds.length && this.rounds[this.rounds.length - 1].view === view)) {
      log.append(...logItems(game, view.log, this.notes, names));
    }
    side.append(this.rulesOpen = rulesPanel(this.info, this.rulesOpen?.open));
    side.append(h("section.panel.logpanel", null, h("h3", null, t("What happened")), log));
    log.scrollTop = log.scrollHeight;
  }

  endButtons() {
    const canRematch = this.token || this.owner;
    const waiting = this.rematchState?.status === "lobby" ? this.rematchState.ready : null;
    return h("div.buttons", null,
      waiting ? rematchPanel(waiting, this.names, {
        seat: this.seat, owner: Boolean(this.owner),
        onReady: () => this.askRematch(), onStart: () => this.startRematch(),
      }) : this.rematch
        ? h("button.act.primary", { type: "button", onclick: () => this.goRematch(this.rematch) }, t("Go to the rematch"))
        : canRematch ? h("button.act.primary", { type: "button", onclick: () => this.askRematch() }, t("Rematch")) : null,
      h("a.btn", { href: `/play/${this.id}?replay=1` }, t("Watch the replay")),
      h("a.btn", { href: "/" }, t("Lobby")));
  }

  async askRematch() {
    try {
      this.rematchAsked = true;
      const info = await api("POST", `/tables/${this.id}/rematch`, undefined, this.token ?? this.owner);
      if (info.status !== "lobby") {
        this.goRematch(info.id);
        return;
      }
      // the others are asked to be ready: wait here, showing who is
      this.rematch = info.id;
      this.rematchState = { status: info.status, ready: info.rematch_ready };
      this.render();
    } catch (error) {
      this.flash(error.message);
    }
  }

  /** The owner starts a rematch without the people who did not say they are ready. */
  async startRematch() {
    try {
      const info = await api("POST", `/tables/${this.rematch}/start`, undefined, this.owner);
      this.goRematch(info.id);
    } catch (error) {
      this.flash(error.message);
    }
  }

  goRematch(newId) {
    if (this.leaving) return; // a second location change would abort the first one's load
    this.leaving = true;
    if (this.token !== null && this.seat !== null) saveSeat(newId, this.seat, this.token);
    if (this.owner) saveOwner(newId, this.owner);
    this.stop();
    location.href = `/play/${newId}`;
  }

  stop() {
    this.stopped = true;
    clearInterval(this.tick);
    if (this.ws) this.ws.close();
  }

  renderModal() {
    const modal = clear(this.modal);
    let body = null;
    if (this.picker?.kind === "colour") {
      const colours = [...new Set(this.picker.plays.map((p) => p.colour))];
      body = [h("h2", null, t("Choose a colour")),
        h("div.colours", null, colours.map((c) => h(`button.colourbtn.col-${c}`, {
          type: "button", dataset: { colour: c },
          onclick: () => this.play(this.picker.plays.filter((p) => p.colour === c)),
        }, colourSwatch(c, COLOUR_NAMES[c]), ` ${COLOUR_NAMES[c]}`))),
        h("button.act.cancel", { type: "button", onclick: () => this.cancelPicker() }, t("Cancel"))];
    } else if (this.picker?.kind === "target") {
      const names = this.names;
      const targets = [...new Set(this.picker.plays.map((p) => p.target))];
      body = [h("h2", null, t("Swap hands with whom?")),
        h("div.targets", null, targets.map((s) => h("button.act.targetbtn", {
          type: "button", dataset: { target: String(s) }, onclick: () => this.pickTarget(s),
        }, handWords(names[s], this.view?.hand_sizes?.[s])))),
        h("button.act.cancel", { type: "button", onclick: () => this.cancelPicker() }, t("Cancel"))];
    } else if (this.summary && this.status !== "finished") {
      const waiting = this.waitedFor;
      body = [...roundSummary(this.game, this.summary, this.names), breakdown(this.game, this.summary, this.names),
        tookPart(this.summary.view, this.seat)
          ? reviewButton(this.id, this.summary.round === null ? null : this.summary.round + 1, this.seat, this.token) : null,
        waiting ? h("p.pause-line", null, t("The clock is stopped and the bots wait until you are ready."), " ",
          h("span.countdown", { dataset: { deadline: String(this.pause.until), message: t("The next round starts anyway in {seconds} s.") } }))
          : null,
        h("button.act.primary.continue", { type: "button", onclick: () => this.ready() },
          waiting ? t("Ready for the next round") : t("Continue"))];
    } else if (this.status === "finished" && this.matchShown && !this.matchDismissed) {
      const last = this.rounds[this.rounds.length - 1]
        ?? (this.view?.result ? { round: this.round, result: this.view.result, summary: this.lastSummary, view: this.view, totals: this.totals } : null);
      body = [h("h2", null, t("The match is over")),
        last ? roundSummary(this.game, last, this.names).slice(1) : null,
        last ? breakdown(this.game, last, this.names) : null,
        typeof last?.round === "number" ? reviewButton(this.id, last.round + 1, this.seat, this.token) : null,
        h("h3", null, t("Standings")),
        standingsList(this.totals ?? [], this.winners ?? [], this.names, this.info?.lowest_wins),
        this.endButtons(),
        h("button.act.cancel", { type: "button", onclick: () => {
          this.matchDismissed = true;
          this.render();
        } }, t("Look at the table"))];
    }
    modal.classList.toggle("hidden", !body);
    if (body) modal.append(h("div.dialog", { role: "dialog", "aria-modal": "true" }, body));
  }

  pickTarget(seat) {
    if (!this.picker) return;
    this.play(this.picker.plays.filter((p) => p.target === seat));
  }

  cancelPicker() {
    this.picker = null;
    this.render();
  }

  updateClocks() {
    for (const el of this.root.querySelectorAll(".clock[data-deadline]")) {
      const left = Math.max(0, Number(el.dataset.deadline) - Date.now() / 1000);
      const text = el.querySelector(".left");
      if (text) text.textContent = timeLeft(left); // "42 s", and "23 h 59 min" on a clock of a day
      el.classList.toggle("low", left < 10);
    }
    for (const el of this.root.querySelectorAll(".countdown[data-deadline]")) {
      const left = Math.max(0, Number(el.dataset.deadline) - Date.now() / 1000);
      el.textContent = format(el.dataset.message ?? t("{seconds} s"), { seconds: Math.ceil(left) });
    }
  }

  /** Report a chat line to the moderators; whether it went (an error is flashed). */
  async reportLine(line) {
    try {
      await api("POST", `/tables/${encodeURIComponent(this.id)}/chat/${line.id}/report`);
      this.flash(t("Thank you: the moderators will look at this line."));
      return true;
    } catch (error) {
      this.flash(error.message);
      return false;
    }
  }

  flash(text) {
    this.toast.textContent = text;
    this.toast.classList.remove("hidden");
    clearTimeout(this.toastTimer);
    this.toastTimer = setTimeout(() => this.toast.classList.add("hidden"), 4000);
  }

  showError(text) {
    clear(this.main).append(h("div.panel.error", null, h("p", null, text), h("a.btn", { href: "/" }, t("Back to the lobby"))));
  }

  // -- the waiting room ----------------------------------------------------------------------

  /** A press in the waiting room holds its redrawing until the release. Every announcement
   * (someone sat down, a spectator came) draws the room anew, and a button replaced between
   * the press and the release would lose the click ("Sit here" did nothing). */
  holdRoomWhilePressed() {
    this.main.addEventListener("pointerdown", () => {
      if (this.status === "lobby") this.pressed = true;
    }, true);
    const release = () => {
      if (!this.pressed) return;
      this.pressed = false;
      if (!this.roomHeld) return;
      this.roomHeld = false;
      setTimeout(() => this.render(), 0); // after the click that this release makes
    };
    for (const type of ["pointerup", "pointercancel"]) window.addEventListener(type, release, true);
    // the window's own blur only: a field losing focus to the pressed button is no release
    window.addEventListener("blur", (event) => { if (event.target === window) release(); });
  }

  renderWaitingRoom() {
    const info = this.info;
    const main = clear(this.main);
    main.className = "board waiting";
    const invite = `${location.origin}/play/${this.id}`;
    const isOwner = Boolean(this.owner);
    const menu = this.botMenu ?? { bots: ["random"], levels: new Map() };
    const seated = this.seat !== null && this.seat !== undefined;
    const empty = info.seats.filter((s) => s.kind === "empty").length;
    const inviteInput = h("input.invite", { readonly: true, value: invite, "aria-label": t("invite link") });
    const seatRows = info.seats.map((seat) => {
      const row = h("li.seatrow", { dataset: { seat: String(seat.seat) } },
        h("span.seatno", null, t("Seat {number}", { number: seat.seat + 1 })),
        h("span.name", null, seat.kind === "empty" ? t("empty") : seat.kind === "bot" ? t("Bot ({kind})", { kind: botWords(seat.bot) }) : h("bdi", null, seat.name)),
        seat.seat === this.seat ? h("span.badge", null, t("you")) : null);
      if (seat.kind === "empty" && !seated) {
        row.append(h("button.act.sit", { type: "button", onclick: () => this.sit(seat.seat) }, t("Sit here")));
      }
      if (isOwner && seat.kind === "empty") {
        // translators: a button of the table's owner: put a bot in this empty seat
        row.append(h("button.act.addbot", { type: "button", onclick: () => this.addBot(seat.seat) }, t("Bot")));
      }
      if (isOwner && seat.kind === "bot") {
        row.append(h("button.act.free", { type: "button", onclick: () => this.freeSeat(seat.seat) }, t("Remove")));
      }
      return row;
    });
    const nameInput = h("input.myname", { value: pref("name", ""), placeholder: t("Your name"), maxlength: 32,
      "aria-label": t("your name") });
    this.nameInput = nameInput;
    const botSelect = h("select.botkind", { "aria-label": t("bot kind"), onchange: (e) => setPref("bot", e.target.value) },
      botOptions(menu, this.botKind()));
    this.botSelect = botSelect;
    if (this.botMenu) showBotRatings(botSelect, info.game, info.players);
    main.append(h("section.panel.room", null,
      h("h2", null, tn("{game} · {n} player", "{game} · {n} players", info.players, { game: gameTitle(info) })),
      h("p.options", null, this.optionSummary(info)),
      h("p.hints-note", null, info.hints ? t("Hints are allowed at this table.") : t("Hints are turned off at this table.")),
      ratedNote(info),
      h("p.absent-note", null, absentWords(info.absent)),
      h("div.invite-row", null, h("label", null, t("Invite link"), " "), inviteInput,
        h("button.act.copy", { type: "button", onclick: () => this.copyInvite(inviteInput) }, t("Copy"))),
      !seated ? h("div.name-row", null, h("label", null, t("Your name"), " "), nameInput) : null,
      h("ol.seats", null, seatRows),
      isOwner ? h("div.owner-row", null,
        h("label", null, t("Bots:"), " "), botSelect,
        h("button.act.fillbots", { type: "button", disabled: !empty, onclick: () => this.fillBots() }, t("Fill empty seats with bots")),
        h("button.act.primary.start", { type: "button", disabled: empty > 0, onclick: () => this.start() }, t("Start"))) :
        h("p", null, t("Waiting for the table's owner to start.")),
      this.error ? h("p.error", null, this.error) : null));
    if (!this.botMenu) this.loadBots();
  }

  optionSummary(info) {
    const game = this.gameInfo;
    if (!game) return "";
    const changed = game.options.filter((o) => info.options[o.name] !== o.default)
      .map((o) => `${optionTitle(o)}: ${optionValue(o, info.options[o.name])}`); // as the lobby names them
    return changed.length ? t("Rules: {changes} (the rest as usual).", { changes: changed.join("; ") }) : t("The usual rules.");
  }

  botKind() {
    const kinds = this.botMenu?.bots ?? ["random"];
    const wanted = pref("bot", "heuristic");
    return kinds.includes(wanted) ? wanted : kinds.includes("heuristic") ? "heuristic" : kinds[0];
  }

  async loadBots() {
    try {
      const games = await api("GET", "/games");
      const game = games.find((g) => g.id === this.info.game);
      this.gameInfo = game;
      this.botMenu = game?.bots?.length ? botMenu(game, this.info.players) : { bots: ["random"], levels: new Map() };
    } catch {
      this.botMenu = { bots: ["random"], levels: new Map() };
    }
    if (this.status === "lobby") this.render();
  }

  async copyInvite(input) {
    input.select();
    let ok = false;
    try {
      await navigator.clipboard.writeText(input.value);
      ok = true;
    } catch {
      try {
        ok = document.execCommand("copy");
      } catch {
        ok = false;
      }
    }
    this.flash(ok ? t("Invite link copied.") : t("Select the link and copy it."));
  }

  async sit(seat) {
    const name = (this.nameInput?.value ?? "").trim() || t("Player");
    setPref("name", name);
    try {
      const seated = await api("POST", `/tables/${this.id}/seats/${seat}`, { name });
      this.token = seated.token;
      this.seat = seated.seat;
      saveSeat(this.id, seated.seat, seated.token);
      this.error = null;
      this.send({ type: "join", table: this.id, token: this.token, version: null, lang: language() });
    } catch (error) {
      this.error = error.message;
      this.render();
    }
  }

  async addBot(seat) {
    await this.ownerCall(() => api("POST", `/tables/${this.id}/seats/${seat}/bot`, { kind: this.botSelect?.value ?? this.botKind() }, this.owner));
  }

  async freeSeat(seat) {
    await this.ownerCall(() => api("DELETE", `/tables/${this.id}/seats/${seat}`, undefined, this.owner));
  }

  async fillBots() {
    const kind = this.botSelect?.value ?? this.botKind();
    await this.ownerCall(async () => {
      let info = this.info;
      for (const seat of this.info.seats) {
        if (seat.kind === "empty") info = await api("POST", `/tables/${this.id}/seats/${seat.seat}/bot`, { kind }, this.owner);
      }
      return info;
    });
  }

  async start() {
    await this.ownerCall(() => api("POST", `/tables/${this.id}/start`, undefined, this.owner));
  }

  async ownerCall(call) {
    try {
      const info = await call();
      if (info && info.seats) {
        this.info = info;
        this.status = info.status;
      }
      this.error = null;
    } catch (error) {
      this.error = error.message;
    }
    this.render();
  }
}
