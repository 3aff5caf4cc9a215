// The lobby API (/api/...) and the tokens this browser holds (localStorage). Every call says
// the page's language (Accept-Language), so the server's messages come back in it.

import { language, t } from "./i18n.js";

export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

/**
 * The CSRF token of this browser's session (the solocards_csrf cookie), or null for a guest.
 * Every state-changing request repeats it in X-CSRF-Token: the server refuses one that
 * carries the session cookie without it.
 */
export function csrfToken() {
  const found = document.cookie.split("; ").find((part) => part.startsWith("solocards_csrf="));
  return found ? decodeURIComponent(found.slice("solocards_csrf=".length)) : null;
}

export async function api(method, path, body, token) {
  const headers = { "Accept-Language": language() };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  const csrf = method === "GET" ? null : csrfToken();
  if (csrf) headers["X-CSRF-Token"] = csrf;
  const response = await fetch(`/api${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = text;
  }
  if (!response.ok) {
    let detail = data && data.detail !== undefined ? data.detail : data;
    if (Array.isArray(detail)) detail = detail.map((d) => d.msg ?? JSON.stringify(d)).join("; ");
    throw new ApiError(response.status, typeof detail === "string" ? detail : t("Error {status}", { status: response.status }));
  }
  return data;
}

const KEY = "solocards.";

function load(key) {
  try {
    const raw = localStorage.getItem(KEY + key);
    return raw ? JSON.parse(raw) : null;
  } catch {
    return null;
  }
}

function save(key, value) {
  try {
    if (value === null) localStorage.removeItem(KEY + key);
    else localStorage.setItem(KEY + key, JSON.stringify(value));
  } catch {
    /* private mode: the seat lasts as long as the page */
  }
}

/** This browser's seat at a table: {seat, token} or null. */
export const seatOf = (table) => load(`seat.${table}`);
export const saveSeat = (table, seat, token) => save(`seat.${table}`, { seat, token });
export const forgetSeat = (table) => save(`seat.${table}`, null);
/** Every seat this browser holds: [{table, seat, token}] (signing up brings them along). */
export function heldSeats() {
  const held = [];
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (!key?.startsWith(`${KEY}seat.`)) continue;
      const found = load(key.slice(KEY.length));
      if (found?.token) held.push({ table: key.slice(`${KEY}seat.`.length), seat: found.seat, token: found.token });
    }
  } catch {
    /* private mode: nothing kept */
  }
  return held.slice(-100);
}
/** The owner token of a table this browser created, or null. */
export const ownerOf = (table) => load(`owner.${table}`);
export const saveOwner = (table, token) => save(`owner.${table}`, token);
/** The player's name and preferences. */
export const pref = (name, fallback) => load(`pref.${name}`) ?? fallback;
export const setPref = (name, value) => save(`pref.${name}`, value);
