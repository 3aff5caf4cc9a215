// Icons drawn in SVG and shipped with the page (no font needs the glyph), each a shape of its
// own so that they cannot be confused on a small screen: Reverse is two curved arrows chasing
// each other, a Swap is two cards with arrows crossing between them, the all-round swap is one
// arrow going round three cards, the direction of play is one circular arrow.

const SVG = "http://www.w3.org/2000/svg";

function svg(name, parts, viewBox = "0 0 24 24") {
  const el = document.createElementNS(SVG, "svg");
  el.setAttribute("viewBox", viewBox);
  el.setAttribute("class", `icon icon-${name}`);
  el.setAttribute("aria-hidden", "true");
  el.dataset.icon = name;
  for (const [tag, attrs] of parts) {
    const part = document.createElementNS(SVG, tag);
    for (const [key, value] of Object.entries({ fill: "none", stroke: "currentColor", "stroke-width": 2.2,
      "stroke-linecap": "round", "stroke-linejoin": "round", ...attrs })) part.setAttribute(key, String(value));
    el.append(part);
  }
  return el;
}

/** Reverse / Change Direction: two curved arrows going round each other. */
export function reverseIcon() {
  return svg("reverse", [
    ["path", { d: "M5 11a7 7 0 0 1 12-4.5" }],
    ["path", { d: "M18 3v4h-4" }],
    ["path", { d: "M19 13a7 7 0 0 1-12 4.5" }],
    ["path", { d: "M6 21v-4h4" }],
  ]);
}

/** Swap (with one player): two cards, an arrow from each to the other. */
export function swapIcon() {
  return svg("swap", [
    ["rect", { x: 2, y: 7, width: 6, height: 10, rx: 1 }],
    ["rect", { x: 16, y: 7, width: 6, height: 10, rx: 1 }],
    ["path", { d: "M9.5 9.5h5m-2-2 2 2-2 2" }],
    ["path", { d: "M14.5 14.5h-5m2-2-2 2 2 2" }],
  ]);
}

/** Swap all round (the rotation card): one arrow round three cards. */
export function rotateIcon() {
  return svg("rotate", [
    ["path", { d: "M20 12a8 8 0 1 1-3-6.2" }],
    ["path", { d: "M18 2.5v4h-4" }],
    ["rect", { x: 10.5, y: 5.5, width: 3, height: 4.5, rx: 0.5, "stroke-width": 1.5 }],
    ["rect", { x: 5.5, y: 13, width: 3, height: 4.5, rx: 0.5, "stroke-width": 1.5 }],
    ["rect", { x: 15.5, y: 13, width: 3, height: 4.5, rx: 0.5, "stroke-width": 1.5 }],
  ]);
}

/** The direction of play: one circular arrow, clockwise (1) or counter-clockwise (-1). */
export function directionIcon(direction) {
  const icon = svg("direction", [
    ["path", { d: "M19 12a7 7 0 1 1-2.5-5.4" }],
    ["path", { d: "M17.5 2.5v4.5H13" }],
  ]);
  if (direction !== 1) icon.style.transform = "scaleX(-1)";
  return icon;
}
