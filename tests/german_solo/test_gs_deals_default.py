"""U12 with three or five players: the default match lets every player deal equally often
(twice: 6, 8 or 10 deals), and a number of deals that would not go round is refused."""

from __future__ import annotations

from collections import Counter

import pytest

import solocards
from solocards.bots import make_bot
from solocards.core.errors import OptionError
from solocards.i18n import render_error
from solocards.sim.runner import play_match


@pytest.mark.parametrize(("players", "deals"), [(3, 6), (4, 8), (5, 10)])
def test_the_default_is_two_turns_of_the_deal(players: int, deals: int) -> None:
    game = solocards.make("german-solo", players=players)
    assert game.options["deals"] == deals
    bots = [make_bot("random", game) for _ in range(players)]
    record = play_match(game, bots, seed=players).record()
    dealt = Counter(round_["dealer"] for round_ in record["rounds"])
    assert len(record["rounds"]) == deals
    assert dealt == dict.fromkeys(range(players), 2)


@pytest.mark.parametrize(("players", "deals"), [(3, 8), (5, 8), (4, 6), (4, 3)])
def test_deals_that_do_not_go_round_are_refused(players: int, deals: int) -> None:
    with pytest.raises(OptionError) as caught:
        solocards.make("german-solo", players=players, deals=deals)
    text = render_error(caught.value)
    assert f"deals: {deals} is not a multiple of the {players} players" in text
    assert render_error(caught.value, "de") != text  # translated


@pytest.mark.parametrize(("players", "deals"), [(3, 9), (3, 3), (5, 5), (5, 20), (4, 12)])
def test_any_multiple_of_the_player_count_is_allowed(players: int, deals: int) -> None:
    assert solocards.make("german-solo", players=players, deals=deals).options["deals"] == deals


def test_fewer_deals_than_the_fewest_players_are_below_the_minimum() -> None:
    with pytest.raises(OptionError, match="below the minimum 3"):
        solocards.make("german-solo", players=3, deals=1)


def test_deals_do_not_matter_in_a_match_to_a_target() -> None:
    game = solocards.make("german-solo", players=3, match_end="target", deals=8)
    assert game.options["deals"] == 8


def test_a_preset_or_a_given_value_overrides_the_default() -> None:
    assert solocards.make("german-solo", players=5, preset="parlett").options["deals"] == 10
    assert solocards.make("german-solo", players=5, deals=15).options["deals"] == 15
