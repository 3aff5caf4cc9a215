// A tiny DOM helper: h("div.card.red", {onclick, dataset: {card: "R7"}}, child, ...).

export function h(spec, attrs, ...children) {
  const [tag, ...classes] = spec.split(".");
  const el = document.createElement(tag || "div");
  if (classes.length) el.className = classes.join(" ");
  if (attrs) {
    for (const [key, value] of Object.entries(attrs)) {
      if (value === undefined || value === null || value === false) continue;
      if (key === "dataset") Object.assign(el.dataset, value);
      else if (key === "style" && typeof value === "object") Object.assign(el.style, value);
      else if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
      else if (key === "class") el.className += (el.className ? " " : "") + value;
      else if (key === "text") el.textContent = value;
      else if (value === true) el.setAttribute(key, "");
      else el.setAttribute(key, String(value));
    }
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

export function clear(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
  return el;
}

/** Append children (arrays flattened, null and false skipped) and return the element. */
export function put(el, ...children) {
  append(el, children);
  return el;
}

const SVG = "http://www.w3.org/2000/svg";

/** A small clock face drawn in SVG (it ships with the page: no font needs a clock glyph). */
export function clockIcon() {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 16 16");
  svg.setAttribute("class", "icon clock-icon");
  svg.setAttribute("aria-hidden", "true");
  const face = document.createElementNS(SVG, "circle");
  for (const [k, v] of Object.entries({ cx: 8, cy: 9, r: 6, fill: "none", stroke: "currentColor", "stroke-width": 1.6 })) face.setAttribute(k, String(v));
  const hands = document.createElementNS(SVG, "path");
  for (const [k, v] of Object.entries({ d: "M8 5.5V9l2.5 1.5M6 1.5h4", fill: "none", stroke: "currentColor", "stroke-width": 1.6, "stroke-linecap": "round" })) hands.setAttribute(k, String(v));
  svg.append(face, hands);
  return svg;
}
