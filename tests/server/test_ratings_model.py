"""The rating model without a database: directions of change, families, places, display."""

from __future__ import annotations

import pytest

import solocards
from solocards.server.live.standings import lowest_wins
from solocards.server.ratings import NEWCOMER, Skill, displayed, families, family, places, rate


def test_a_two_player_win_raises_the_winner_and_lowers_the_loser() -> None:
    winner, loser = rate([NEWCOMER, NEWCOMER], [1, 2])
    assert winner.mu > NEWCOMER.mu > loser.mu
    assert displayed(winner) > 1500 > displayed(loser)
    assert winner.sigma < NEWCOMER.sigma and loser.sigma < NEWCOMER.sigma


def test_beating_a_stronger_player_gains_more_than_beating_a_weaker_one() -> None:
    strong, weak = Skill(30.0, 3.0), Skill(20.0, 3.0)
    me = Skill(25.0, 3.0)
    upset, _ = rate([me, strong], [1, 2])
    expected, _ = rate([me, weak], [1, 2])
    assert upset.mu - me.mu > expected.mu - me.mu > 0


def test_four_players_move_in_the_order_of_their_places() -> None:
    moved = rate([NEWCOMER] * 4, [2, 4, 1, 3])
    changes = [skill.mu - NEWCOMER.mu for skill in moved]
    assert changes[2] > changes[0] > 0 > changes[3] > changes[1]


def test_a_tie_between_equals_moves_nobody() -> None:
    a, b = rate([Skill(27.0, 4.0), Skill(27.0, 4.0)], [1, 1])
    assert a.mu == pytest.approx(27.0) and b.mu == pytest.approx(27.0)


def test_a_match_needs_two_seats() -> None:
    with pytest.raises(ValueError, match="two or more"):
        rate([NEWCOMER], [1])


def test_families_split_duels_from_bigger_tables_and_counts_where_the_rules_change() -> None:
    assert [family("uno", n) for n in (2, 3, 10)] == ["2", "3+", "3+"]
    assert [family("amigo-solo", n) for n in (2, 5)] == ["2", "3+"]
    assert [family("german-solo", n) for n in (3, 4, 5)] == ["3", "4", "5"]
    assert families("frog", 3, 5) == ["3", "4", "5"]
    with pytest.raises(ValueError):
        family("uno", 1)


@pytest.mark.parametrize(
    ("game", "options", "totals", "expected"),
    [
        ("uno", {}, [120, 510, 40], [2, 1, 3]),  # standard scoring: the highest total wins
        ("uno", {"scoring": "alternative"}, [120, 510, 40], [2, 3, 1]),  # the lowest wins
        ("german-solo", {}, [-30, 50, -20], [3, 1, 2]),  # chip balances: the highest wins
        ("frog", {}, [10, -5, -5], [1, 2, 2]),
    ],
)
def test_places_follow_each_games_own_direction(
    game: str, options: dict[str, object], totals: list[int], expected: list[int]
) -> None:
    rules = solocards.make(game, players=len(totals), **options)
    winners = rules.match_winners(totals, [])
    assert places(totals, winners, lowest_wins(rules)) == expected


def test_a_forfeit_is_last_even_with_the_best_total() -> None:
    assert places([500, 20], winners=[0], lowest_wins=False, forfeited={0}) == [2, 1]
    assert places([500, 20, 10], winners=[0], lowest_wins=False, forfeited={0, 2}) == [2, 1, 2]


def test_the_displayed_rating_starts_at_1500_and_a_newcomer_is_provisional() -> None:
    assert displayed(NEWCOMER) == 1500
    assert NEWCOMER.provisional
    assert not Skill(25.0, 2.5).provisional
