"""Layout checks of the trick games' table in the browser, as a player would judge it.

:func:`layout_problems` measures the page (every seat's box, every card of the trick, the
viewer's own area) and says what is wrong: a seat box that is not fully on the screen, boxes
that overlap each other or the trick, a card of the trick that does not lie towards its player,
seats that do not follow each other clockwise from the viewer's left, a dealer or a seat sitting
out that is not marked. An empty list: nothing wrong.
"""

from __future__ import annotations

import math
from typing import Any

from playwright.sync_api import Page

MEASURE_JS = """() => {
  const box = (el) => {
    const r = el.getBoundingClientRect();
    return {left: r.left, top: r.top, right: r.right, bottom: r.bottom,
            width: r.width, height: r.height};
  };
  const visible = (el) => {
    const style = getComputedStyle(el);
    return style.visibility !== 'hidden' && style.display !== 'none' && Number(style.opacity) > 0;
  };
  const seats = [...document.querySelectorAll('[aria-label=players] .seat')].map((el) => ({
    seat: Number(el.dataset.seat), box: box(el), visible: visible(el),
    out: el.classList.contains('out'), text: el.innerText,
    name: el.querySelector('.name') ? box(el.querySelector('.name')) : null,
    nameText: el.querySelector('.name')?.innerText ?? '',
    dealer: el.querySelector('.badge.dealer') !== null,
  }));
  const mineEl = document.querySelector('section.mine');
  const mine = mineEl ? {
    seat: Number(mineEl.dataset.seat ?? document.body.dataset.seat),
    box: box(mineEl), visible: visible(mineEl),
    out: mineEl.classList.contains('out'), text: mineEl.innerText,
    dealer: mineEl.querySelector('.badge.dealer') !== null,
  } : null;
  const byName = new Map(seats.map((s) => [s.nameText, s.seat]));
  if (mine) {
    byName.set(mineEl.querySelector('.name').innerText.replace(/ \\(you\\)$/, ''), mine.seat);
  }
  const seatOf = (el) => el.dataset.seat !== undefined ? Number(el.dataset.seat)
    : byName.get(el.querySelector('.who')?.innerText ?? '') ?? -1;
  const slots = [...document.querySelectorAll('.trick .slot')].map((el) => ({
    seat: seatOf(el), who: el.querySelector('.who')?.innerText ?? '',
    box: box(el), card: box(el.querySelector('.card')),
    label: el.querySelector('.who') ? box(el.querySelector('.who')) : null,
  }));
  const trickEl = document.querySelector('.trick');
  const panel = document.querySelector('.contract-panel');
  return {
    width: document.documentElement.clientWidth, seats, mine, slots,
    trick: trickEl ? box(trickEl) : null, panel: panel ? box(panel) : null,
    dealers: document.querySelectorAll('.badge.dealer').length,
  };
}"""


def _overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    """Whether two boxes share more than a hairline."""
    return (
        min(a["right"], b["right"]) - max(a["left"], b["left"]) > 0.5
        and min(a["bottom"], b["bottom"]) - max(a["top"], b["top"]) > 0.5
    )


def _centre(box: dict[str, float]) -> tuple[float, float]:
    return (box["left"] + box["right"]) / 2, (box["top"] + box["bottom"]) / 2


def clockwise_angle(origin: tuple[float, float], point: tuple[float, float]) -> float:
    """The angle of ``point`` seen from ``origin``, clockwise from straight down, in degrees.

    >>> [round(clockwise_angle((0, 0), p)) for p in [(0, 1), (-1, 0), (0, -1), (1, 0)]]
    [0, 90, 180, 270]
    """
    dx, dy = point[0] - origin[0], point[1] - origin[1]
    return math.degrees(math.atan2(-dx, dy)) % 360


def _gap(a: float, b: float) -> float:
    """The angle between two directions, in degrees (0 to 180)."""
    difference = abs(a - b) % 360
    return min(difference, 360 - difference)


def sitting_out(view: dict[str, Any]) -> set[int]:
    """The seats the view says sit out this deal: ``sitting_out_seats`` (Frog for five lists
    every seat out there), else ``sitting_out`` (one seat, a list, or ``None``).

    >>> sorted(sitting_out({"sitting_out": 1, "sitting_out_seats": [1, 4]}))
    [1, 4]
    >>> sitting_out({"sitting_out": 2}), sitting_out({"sitting_out": None})
    ({2}, set())
    """
    out = view.get("sitting_out_seats", view.get("sitting_out"))
    return set(out) if isinstance(out, list) else set() if out is None else {out}


def measure(page: Page) -> dict[str, Any]:
    """The boxes of the table as the page lays it out now."""
    result: dict[str, Any] = page.evaluate(MEASURE_JS)
    return result


def layout_problems(page: Page, view: dict[str, Any], me: int | None) -> list[str]:
    """What is wrong with the table's layout for the viewer ``me`` whose view is ``view``
    (``None``: a spectator, who sees every seat's box, seat 0's at the bottom)."""
    data = measure(page)
    players: int = view["players"]
    problems: list[str] = []
    seats = {entry["seat"]: entry for entry in data["seats"]}
    expected = set(range(players)) - {me}
    if set(seats) != expected:
        return [f"seat boxes for {sorted(seats)}, wanted {sorted(expected)}"]
    mine = data["mine"]
    if me is None:
        if mine is not None:
            return ["a spectator is shown a hand"]
        boxes = dict(seats)
    elif mine is None or mine["seat"] != me:
        return ["no area of the viewer's own"]
    else:
        boxes = {**seats, me: mine}
    for seat, entry in seats.items():
        box = entry["box"]
        if not entry["visible"] or box["width"] < 40 or box["height"] < 20:
            problems.append(f"seat {seat}'s box is not visible: {box}")
        if box["left"] < -0.5 or box["right"] > data["width"] + 0.5:
            problems.append(f"seat {seat}'s box leaves the screen: {box}")
        name = entry["name"]
        if name is None or name["width"] < 10:
            problems.append(f"seat {seat}'s name is not shown")
    ordered = sorted(boxes)
    for index, first in enumerate(ordered):
        for second in ordered[index + 1 :]:
            if _overlap(boxes[first]["box"], boxes[second]["box"]):
                problems.append(f"the boxes of seats {first} and {second} overlap")
    trick = data["trick"]
    panel = data["panel"]
    for slot in data["slots"]:
        for seat, entry in boxes.items():
            if _overlap(slot["box"], entry["box"]):
                problems.append(f"the card of seat {slot['seat']} lies over seat {seat}'s box")
        if panel is not None and _overlap(slot["box"], panel):
            problems.append(f"the card of seat {slot['seat']} lies over the contract")
    if panel is not None:
        for seat, entry in seats.items():
            if _overlap(panel, entry["box"]):
                problems.append(f"the contract lies over seat {seat}'s box")
    slots = data["slots"]
    for index, first in enumerate(slots):
        for second in slots[index + 1 :]:
            if _overlap(first["box"], second["box"]):
                problems.append(
                    f"the cards of seats {first['seat']} and {second['seat']} in the trick"
                    " overlap (a name is hidden under a card)"
                )
    if trick is not None:
        middle = _centre(trick)
        directions = {seat: clockwise_angle(middle, _centre(e["box"])) for seat, e in boxes.items()}
        for slot in slots:
            towards = clockwise_angle(middle, _centre(slot["card"]))
            nearest = min(directions, key=lambda seat: _gap(directions[seat], towards))
            if nearest != slot["seat"]:
                problems.append(
                    f"the card of seat {slot['seat']} lies towards seat {nearest}, not its player"
                )
        start = 0 if me is None else me
        around = [(start + offset) % players for offset in range(1, players)]
        angles = [directions[seat] for seat in around]
        if angles != sorted(angles) or len(set(angles)) != len(angles):
            problems.append(
                f"the seats {around} are not placed clockwise from the left: angles {angles}"
            )
    sitting = sitting_out(view)
    for seat, entry in boxes.items():
        if (seat in sitting) != entry["out"]:
            problems.append(f"seat {seat} sitting out: {seat in sitting}, shown: {entry['out']}")
        if seat in sitting and "sit out" not in entry["text"] and "sits out" not in entry["text"]:
            problems.append(f"seat {seat} sits out, and its box does not say so")
        dealer = seat == view.get("dealer")
        if dealer != entry["dealer"]:
            problems.append(f"seat {seat} is the dealer: {dealer}, marked so: {entry['dealer']}")
    if data["dealers"] != 1:
        problems.append(f"{data['dealers']} dealer marks on the page")
    return problems
