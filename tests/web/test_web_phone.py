"""The table on a phone (390x844): a long hand in rows, each card well in sight, the scores
and the log in a drawer opened by a button, and Reverse, Swap and the all-round swap drawn as
distinct icons."""

from __future__ import annotations

from playwright.sync_api import Browser
from web_helpers import DESKTOP, PHONE, LiveServer, open_table, seat_storage_script

ICONS_JS = """async () => {
  const { cardEl } = await import('/js/cards.js');
  const face = (game, card) => {
    const el = cardEl(game, card);
    const mid = el.querySelector('.mid');
    return { icon: mid.querySelector('svg[data-icon]')?.dataset.icon ?? null, text: mid.textContent,
             svg: mid.querySelector('svg[data-icon]')?.innerHTML ?? '' };
  };
  return [face('amigo-solo', 'RR'), face('amigo-solo', 'GX'), face('amigo-solo', 'WX'),
          face('uno', 'BR')];
}"""


def test_phone_hand_row_drawer_and_icons(browser: Browser, server: LiveServer) -> None:
    table, _, tokens_ = open_table(
        server.url,
        "amigo-solo",
        {0: "ana"},
        {1: "random", 2: "random"},
        {"hand_size": 16},
        players=3,
    )
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    context.add_init_script(seat_storage_script(table, 0, tokens_[0]))
    page = context.new_page()
    page.goto(f"{server.url}/play/{table}")
    page.wait_for_selector(".mine .hand .card")

    row = page.evaluate(
        """() => {
          const hand = document.querySelector('.mine .hand');
          const cards = [...hand.querySelectorAll('.card')];
          const tops = cards.map((c) => c.offsetTop);  // untransformed: lit cards rise
          const lefts = cards.map((c) => c.getBoundingClientRect().left);
          const steps = lefts.slice(1).map((x, i) => x - lefts[i])
            .filter((s, i) => tops[i + 1] === tops[i]);  // neighbours in one row
          return { n: cards.length, rows: new Set(tops).size,
                   scrolls: hand.scrollWidth > hand.clientWidth,
                   least: Math.min(...steps), width: cards[0].offsetWidth,
                   right: Math.max(...cards.map((c) => c.getBoundingClientRect().right)) };
        }"""
    )
    assert row["n"] >= 15
    assert row["rows"] == 2, row  # sixteen cards in two rows (issue 40.6: one row hid half of each)
    assert not row["scrolls"] and row["right"] <= PHONE["width"], row
    assert row["least"] >= row["width"] * 0.8, row  # each card shows four fifths of itself

    # the scores and the log wait in a drawer
    assert not page.locator(".logpanel").is_visible()
    button = page.locator(".drawerbtn")
    assert button.get_attribute("aria-expanded") == "false"
    button.click()
    page.wait_for_function(
        "() => getComputedStyle(document.querySelector('.drawer')).transform === 'none'"
    )
    assert page.locator(".logpanel").is_visible()
    box = page.locator(".drawer").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"] + 1
    assert button.get_attribute("aria-expanded") == "true"
    page.click(".drawer-close")
    page.wait_for_function(
        "() => getComputedStyle(document.querySelector('.drawer')).visibility === 'hidden'"
    )
    assert not page.locator(".logpanel").is_visible()

    # Reverse, Swap and the all-round swap: three different drawn icons, no glyph to miss
    faces = page.evaluate(ICONS_JS)
    icons = [f["icon"] for f in faces]
    assert icons == ["reverse", "swap", "rotate", "reverse"], faces
    assert len({f["svg"] for f in faces[:3]}) == 3
    for face in faces:
        assert not set(face["text"]) & set("⇄⇋⟳↻↺"), face

    # on a wide screen the side column is simply there, no drawer button
    page.set_viewport_size(DESKTOP)
    assert page.locator(".logpanel").is_visible()
    assert not page.locator(".drawerbtn").is_visible()
    context.close()
