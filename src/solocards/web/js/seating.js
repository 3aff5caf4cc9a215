// Where the seats of a trick game sit around the table, as one seat sees it: the viewer at the
// bottom, the others clockwise from the viewer's left, over the left side, the top and the right
// side (seat p + 1 is the left of seat p). The same spots place each card of a trick in front
// of its player, and each seat's panel on that side of the trick.

/**
 * Spots for 2 to 5 players, by offset from the viewer (0 = the viewer), as x, y in [-1, 1]:
 * x from the left edge of the trick to its right edge, y from its top to its bottom. They keep
 * the cards of a trick apart (see .trick in style.css for the sizes they assume).
 */
const SPOTS = {
  2: [[0, 1], [0, -1]],
  3: [[0, 1], [-1, -1], [1, -1]],
  4: [[0, 1], [-1, 0], [0, -1], [1, 0]],
  5: [[0, 1], [-1, 0], [-1 / 3, -1], [1 / 3, -1], [1, 0]],
};

/**
 * The spot of each offset from the viewer for ``players`` seats: {x, y, side}, where side is
 * "bottom" (the viewer), "left", "top" or "right" (the seats near a side edge of the
 * trick sit beside it, the others above it). Counts without a fixed plan are spread
 * evenly round a circle.
 *
 *   ringSpots(4).map((s) => s.side)   // ["bottom", "left", "top", "right"]
 *   ringSpots(5)[2]                   // {x: -1/3, y: -1, side: "top"}
 */
export function ringSpots(players) {
  const points = SPOTS[players] ?? circle(players);
  return points.map(([x, y], offset) => ({ x, y, side: sideOf(offset, x, y) }));
}

function circle(players) {
  const raw = [];
  for (let k = 0; k < players; k++) {
    const angle = (2 * Math.PI * k) / players;
    raw.push([-Math.sin(angle), Math.cos(angle)]);
  }
  const wide = Math.max(...raw.map(([x]) => Math.abs(x)), 1e-9);
  const tall = Math.max(...raw.map(([, y]) => Math.abs(y)), 1e-9);
  return raw.map(([x, y]) => [x / wide, y / tall]);
}

function sideOf(offset, x, y) {
  if (offset === 0) return "bottom";
  if (Math.abs(x) < 0.75) return "top";
  return x < 0 ? "left" : "right";
}

/**
 * The offset of ``seat`` from the viewer ``me`` (a spectator sees from seat 0).
 *
 *   offsetOf(1, 3, 4)   // 2: seat 1 sits opposite seat 3
 */
export function offsetOf(seat, me, players) {
  const from = me === null || me === undefined ? 0 : me;
  return (((seat - from) % players) + players) % players;
}

/**
 * The seats that sit out this deal: the view's ``sitting_out_seats`` (every seat out, Frog for
 * five), else its ``sitting_out`` (one seat, a list of seats, or nothing).
 *
 *   sittingOut({ sitting_out: 2 })                               // Set {2}
 *   sittingOut({ sitting_out: 1, sitting_out_seats: [1, 3] })    // Set {1, 3}
 *   sittingOut({ sitting_out: null })                            // Set {}
 */
export function sittingOut(view) {
  const out = Array.isArray(view?.sitting_out_seats) ? view.sitting_out_seats : view?.sitting_out;
  if (out === null || out === undefined) return new Set();
  return new Set((Array.isArray(out) ? out : [out]).filter((s) => Number.isInteger(s)));
}
