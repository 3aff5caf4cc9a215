// The words a person reads, in their language. Every user-facing string of the page goes
// through t() (or tn() for counts): the English text is the message id, "{name}" placeholders
// are filled from params.

function fill(text, params) {
  return text.replace(/\{(\w+)\}/g, (whole, key) => (key in params ? String(params[key]) : whole));
}

/** The message in the page's language, placeholders filled: t("{name} plays", {name}). */
export function t(msgid, params = {}) {
  return fill(msgid, params);
}

/** The form for the count n: tn("{n} card", "{n} cards", n, {n}). */
export function tn(singular, plural, n, params = {}) {
  return fill(n === 1 ? singular : plural, { n, ...params });
}
