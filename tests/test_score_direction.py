"""Every game declares which way its totals run (``Game.lowest_wins``), and the declaration
agrees with the game's own ``match_winners``: of totals where one seat is ahead by a point,
that seat wins exactly when the highest total wins."""

from __future__ import annotations

from typing import Any

import pytest

import solocards
from solocards.server.live.standings import lowest_wins

CASES: list[tuple[str, dict[str, Any], bool]] = [
    ("uno", {}, False),
    ("uno", {"scoring": "alternative"}, True),
    ("amigo-solo", {}, False),
    ("amigo-solo", {"scoring": "minus_points"}, True),
    ("amigo-solo", {"scoring": "winner_collects"}, False),
    ("german-solo", {}, False),
    ("frog", {}, False),
]


def test_every_registered_game_is_covered() -> None:
    assert {game_id for game_id, _, _ in CASES} == set(solocards.games())


@pytest.mark.parametrize(("game_id", "options", "lowest"), CASES)
def test_the_declared_direction_is_the_one_match_winners_plays(
    game_id: str, options: dict[str, Any], lowest: bool
) -> None:
    game = solocards.make(game_id, **options)
    assert game.lowest_wins is lowest
    assert lowest_wins(game) is lowest  # what the server's standings and ratings read
    for ahead in range(game.players):
        totals = [0] * game.players
        totals[ahead] = 1
        others = [seat for seat in range(game.players) if seat != ahead]
        expected = others if lowest else [ahead]
        assert game.match_winners(totals, []) == expected
