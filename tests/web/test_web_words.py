"""The front end's words and controls, checked in the browser against the engines.

- Every action string of every game (with the options that add actions: multi-plays, Triple +,
  7-0, catches) is described in the page exactly as the game's ``describe_action`` says it,
  from the ``words`` the server sends (the page itself knows no game's words).
- Every legal action of many random positions is reachable by one control of the table
  (a card of the hand, a multi-play button, a seat's button, or a button of the action bar).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page
from web_helpers import LiveServer

import solocards
from solocards.games.registry import game_class
from solocards.server.live.words import ActionWords


def trick_variants() -> list[tuple[str, dict[str, Any]]]:
    """The trick games at every player count their engines offer (German Solo's 40-card pack
    for five has Fives and Sixes, its pack for three fewer cards)."""
    return [
        (game_id, {"players": n})
        for game_id in ("german-solo", "frog")
        for n in range(game_class(game_id).min_players, game_class(game_id).max_players + 1)
    ]


VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("uno", {"players": 4}),
    ("uno", {"players": 3, "multi_play_same_number": True, "seven_zero": True}),
    ("amigo-solo", {"players": 4}),
    ("amigo-solo", {"players": 3, "triple_plus": True, "solo_call_enforcement": "catch"}),
    *trick_variants(),
]

IMPORT = "const words = await import('/js/words.js'); const acts = await import('/js/actions.js');"


@pytest.fixture(scope="module")
def page(browser: Browser, server: LiveServer) -> Iterator[Page]:
    """A page of the site, to import its modules."""
    page = browser.new_page()
    page.goto(server.url + "/")
    page.wait_for_selector(".gamebtn")
    yield page
    page.close()


@pytest.mark.parametrize(("game_id", "options"), VARIANTS)
def test_every_action_in_the_words_the_server_sends(
    browser: Browser, server: LiveServer, game_id: str, options: dict[str, Any]
) -> None:
    """The page knows no game's words by itself (an action it has not been told of keeps its
    spelling); once it has a message's ``words`` (the server's, from describe_action), it says
    every action, masked log entries included, exactly as the game does."""
    game = solocards.make(game_id, **options)
    names = [game.action_name(i) for i in range(game.num_actions)]
    if game_id == "frog":
        names.append("discard:??")
    sent = ActionWords(game).of_view({"legal_actions": names, "log": []})
    page = browser.new_page()  # a fresh page: it has been told no words yet
    page.goto(server.url + "/")
    before, after = page.evaluate(
        f"async ([game, names, sent]) => {{ {IMPORT}"
        " const before = names.map((a) => words.describeAction(game, a));"
        " words.learnWords(game, sent);"
        " return [before, names.map((a) => words.describeAction(game, a))]; }",
        [game_id, names, sent],
    )
    page.close()
    assert before == names
    wrong = [
        (name, words, game.describe_action(name))
        for name, words in zip(names, after, strict=True)
        if words != game.describe_action(name)
    ]
    assert not wrong, wrong[:5]


def positions(game_id: str, options: dict[str, Any], count: int) -> list[dict[str, Any]]:
    """Views of seats that may act, from random playouts."""
    game = solocards.make(game_id, **options)
    rng = random.Random(1)
    found: list[dict[str, Any]] = []
    seed = 0
    while len(found) < count:
        state = game.deal(seed=seed)
        seed += 1
        while not state.is_over and len(found) < count:
            for seat in state.to_act:
                view = state.view(seat)
                if view["legal_actions"]:
                    found.append(view)
            seat = rng.choice(state.to_act)
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    return found


@pytest.mark.parametrize(("game_id", "options"), VARIANTS)
def test_every_legal_action_has_a_control(
    page: Page, game_id: str, options: dict[str, Any]
) -> None:
    views = positions(game_id, options, 150)
    missing = page.evaluate(
        f"""async ([game, views]) => {{ {IMPORT}
          const missing = [];
          for (const view of views) {{
            const names = view.hand_sizes.map((_, s) => `P${{s}}`);
            const sorted = acts.sortActions(game, view.legal_actions, names);
            const reach = new Set();
            for (const [card, plays] of sorted.byCard) {{
              if (!view.hand.includes(card)) missing.push(['not in hand', card]);
              plays.forEach((p) => reach.add(p.action));
            }}
            for (const plays of sorted.multi.values()) plays.forEach((p) => reach.add(p.action));
            for (const btns of sorted.seat.values()) btns.forEach((b) => reach.add(b.action));
            sorted.buttons.forEach((b) => reach.add(b.action));
            for (const b of sorted.buttons) {{
              if (view.hand.includes(b.action)) missing.push(['a card as a button', b.action]);
            }}
            for (const a of view.legal_actions) if (!reach.has(a)) missing.push([a, view]);
            for (const a of reach) if (!view.legal_actions.includes(a)) missing.push(['extra', a]);
          }}
          return missing;
        }}""",
        [game_id, views],
    )
    assert not missing, missing[:5]


@pytest.mark.parametrize(
    ("totals", "winners", "order"),
    [
        ([120, 510, 40], [1], ["B", "A", "C"]),  # highest wins: then the highest first
        ([310, 120, 650], [1], ["B", "A", "C"]),  # lowest wins (alternative scoring)
        ([500, 500, 20], [0, 1], ["A", "B", "C"]),  # a shared win
    ],
)
def test_standings_put_the_best_first(
    page: Page, totals: list[int], winners: list[int], order: list[str]
) -> None:
    shown: list[str] = page.evaluate(
        "async ([totals, winners]) => { const s = await import('/js/summary.js');"
        " const list = s.standings(totals, winners, ['A', 'B', 'C']);"
        " return [...list.querySelectorAll('.name')].map((e) => e.textContent); }",
        [totals, winners],
    )
    assert shown == order


def test_the_why_answer_names_the_player_in_any_language(page: Page) -> None:
    """The server writes each player an explanation names as ``{seat:N}``; the page puts the
    player's name there (it no longer looks for the English "seat N")."""
    answers = page.evaluate(
        "async (reasons) => { const rules = await import('/js/rules.js');"
        " const names = ['Ann', 'Bob'];"
        " return reasons.map((reason) => rules.whyWords({legal: false, reason}, names)); }",
        ["it is not your turn: {seat:1} is to play", "не ваш хід: ходить {seat:0}"],
    )
    assert answers == [
        "You cannot play this now: it is not your turn: Bob is to play",
        "You cannot play this now: не ваш хід: ходить Ann",
    ]
