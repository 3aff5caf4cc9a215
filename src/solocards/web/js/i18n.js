// The words a person reads, in their language. Every user-facing string of the page goes
// through t() (or tn() for counts): the English text is the message id, "{name}" placeholders
// are filled from params.
//
// The catalog of the page's language (GET /i18n/<lang>.json, built by the server from
// locale/<lang>/LC_MESSAGES/web.po) is loaded once, before the page renders: each page's
// entry point awaits ready(). A message the catalog lacks stays English.
//
// The language: ?lang=uk in the address wins (and is remembered), then the choice remembered in
// this browser, then the browser's own languages (its Accept-Language, negotiated by the
// server), then English.

const KEY = "solocards.pref.lang";
const SOURCE = "en";

const state = {
  lang: SOURCE,
  messages: {}, // msgid -> translation
  plurals: {}, // singular msgid -> [form 0, form 1, ...] as the PO file numbers them
  categories: { one: 0, other: 1 }, // CLDR plural category -> PO form index
  rules: null, // Intl.PluralRules of the language
  languages: [{ code: SOURCE, name: "English" }],
};

function fill(text, params) {
  return text.replace(/\{(\w+)\}/g, (whole, key) => (key in params ? String(params[key]) : whole));
}

/** Fill the placeholders of a message already translated (a placeholder not given stays):
 * the countdowns keep t("It starts anyway in {seconds} s.") and fill it every tick. */
export const format = fill;

/** Items joined as the language joins a list: "Ann, Bob and Cy" ("Ann, Bob und Cy"). */
export function listWords(items) {
  try {
    return new Intl.ListFormat(state.lang, { type: "conjunction" }).format(items.map(String));
  } catch {
    return items.join(", ");
  }
}

/** The message in the page's language, placeholders filled: t("{name} plays", {name}). */
export function t(msgid, params = {}) {
  const text = state.messages[msgid];
  return fill(text || msgid, params);
}

/** The form for the count n: tn("{n} card", "{n} cards", n, {n}). */
export function tn(singular, plural, n, params = {}) {
  const forms = state.plurals[singular];
  const text = forms ? forms[pluralIndex(n)] : null;
  return fill(text || (n === 1 ? singular : plural), { n, ...params });
}

/** Mark an English message for extraction where it is not shown at once (a table of words):
 * the message id itself. Show it through t() (or a translated() table). */
export function N_(msgid) {
  return msgid;
}

/**
 * A table of English words read in the page's language: ``table[key]`` is ``t(the word)``
 * each time it is read (so a table built when a module loads follows the catalog loaded later).
 *
 *   const SUIT_WORDS = translated({ C: N_("clubs") });   SUIT_WORDS.C   // "трефи" in uk
 */
export function translated(table) {
  return new Proxy(table, {
    get(target, key) {
      const value = target[key];
      return typeof key === "string" && typeof value === "string" ? t(value) : value;
    },
  });
}

/** The PO form index of the count n in the page's language (English: 0 for one, else 1). */
export function pluralIndex(n) {
  if (!state.rules) return n === 1 ? 0 : 1;
  const category = state.rules.select(n);
  return state.categories[category] ?? state.categories.other ?? 0;
}

/** The page's language code ("en", "uk", ...). */
export function language() {
  return state.lang;
}

/** The languages the server speaks: [{code, name}], each name in its own language. */
export function languages() {
  return state.languages;
}

/** The base language of a tag: "uk-UA" -> "uk", "RU" -> "ru"; null for nothing. */
export function baseLanguage(tag) {
  if (!tag) return null;
  const base = String(tag).trim().split(".")[0].replace(/_/g, "-").split("-")[0].toLowerCase();
  return /^[a-z]{2,3}$/.test(base) ? base : null;
}

function stored() {
  try {
    const raw = localStorage.getItem(KEY);
    return raw ? JSON.parse(raw) : null;
  } catch {
    return null;
  }
}

/** Remember ``lang`` as this browser's choice. */
export function rememberLanguage(lang) {
  try {
    localStorage.setItem(KEY, JSON.stringify(lang));
  } catch {
    /* private mode: the choice lasts as long as the page */
  }
}

async function getJson(url) {
  const answer = await fetch(url, { headers: { Accept: "application/json" } });
  if (!answer.ok) throw new Error(`${url}: ${answer.status}`);
  return answer.json();
}

function install(lang, catalog) {
  state.lang = lang;
  state.messages = catalog.messages ?? {};
  state.plurals = catalog.plurals ?? {};
  state.categories = catalog.plural_categories ?? { one: 0, other: 1 };
  try {
    state.rules = new Intl.PluralRules(lang);
  } catch {
    state.rules = null;
  }
}

/**
 * Load the catalog of ``lang`` (English when it fails) and set ``<html lang>``; the
 * elements marked ``data-i18n`` are translated. Resolves to the language in use.
 */
export async function loadLanguage(lang) {
  let chosen = SOURCE;
  install(SOURCE, {});
  if (lang && lang !== SOURCE) {
    try {
      install(lang, await getJson(`/i18n/${encodeURIComponent(lang)}.json`));
      chosen = lang;
    } catch {
      install(SOURCE, {});
    }
  }
  document.documentElement.lang = chosen;
  translateDocument(document);
  return chosen;
}

let started = null;

/**
 * Choose the page's language and load its catalog (once per page): every entry point awaits
 * it before it renders. Resolves to the language in use.
 */
export function ready() {
  if (!started) started = start();
  return started;
}

async function start() {
  const asked = baseLanguage(new URLSearchParams(location.search).get("lang"));
  const known = getJson("/i18n/languages.json").catch(() => null);
  const info = await known;
  if (info?.languages?.length) state.languages = info.languages;
  const codes = new Set(state.languages.map((l) => l.code));
  let lang = null;
  if (asked && codes.has(asked)) {
    lang = asked;
    rememberLanguage(asked);
  } else if (codes.has(stored())) {
    lang = stored();
  } else {
    lang = info?.negotiated ?? SOURCE;
  }
  return loadLanguage(lang);
}

/**
 * Translate the elements of ``root`` marked in the HTML: ``data-i18n`` (the text, whose message
 * may hold ``{slot}`` placeholders filled by the element's children marked ``data-slot``),
 * ``data-i18n-title`` and ``data-i18n-label`` (the title and aria-label attributes).
 */
export function translateDocument(root) {
  for (const el of root.querySelectorAll("[data-i18n]")) {
    const slots = new Map([...el.querySelectorAll("[data-slot]")].map((s) => [s.dataset.slot, s]));
    const parts = t(el.dataset.i18n).split(/\{(\w+)\}/);
    el.replaceChildren(...parts.map((part, i) => (i % 2 && slots.has(part) ? slots.get(part) : part)));
  }
  for (const el of root.querySelectorAll("[data-i18n-title]")) el.title = t(el.dataset.i18nTitle);
  for (const el of root.querySelectorAll("[data-i18n-label]")) el.setAttribute("aria-label", t(el.dataset.i18nLabel));
}

/** The language switcher of every page: a choice is remembered and the page reloads in it. */
export function languageSwitcher() {
  const select = document.createElement("select");
  select.className = "langpick";
  select.setAttribute("aria-label", t("Language"));
  select.title = t("Language");
  for (const { code, name } of state.languages) {
    const option = document.createElement("option");
    option.value = code;
    option.lang = code;
    option.textContent = name;
    option.selected = code === state.lang;
    select.append(option);
  }
  select.addEventListener("change", () => {
    rememberLanguage(select.value);
    const url = new URL(location.href);
    url.searchParams.delete("lang");
    history.replaceState(history.state, "", url);
    location.reload();
  });
  return select;
}
