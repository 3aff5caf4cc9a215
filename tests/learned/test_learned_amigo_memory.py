"""AMIGO's SOLO's ``amigo-memory`` features: the colours the other seats probably lack, read
from the public log and followed through Swaps, and the unseen cards per colour; a model that
reads them decides from its seat's view alone."""

from __future__ import annotations

import pytest
from test_learned_bot import decide_on_twins

import solocards
from solocards.core.errors import OptionError
from solocards.games.amigo_solo.memory import voids_of
from solocards.learned.bot import LearnedBot
from solocards.learned.features import Reader, default_features
from solocards.learned.train import train_policy

AMIGO2 = solocards.make("amigo-solo", players=2)
AMIGO3 = solocards.make("amigo-solo", players=3)


def test_a_free_draw_marks_the_colour_in_force_until_the_seat_plays_it() -> None:
    log = [(0, "Y4"), (1, "draw"), (1, "pass"), (0, "W:G"), (1, "draw"), (1, "pass")]
    assert voids_of(log) == {1: {"Y", "G"}}
    assert voids_of([*log, (0, "G2"), (1, "G5")]) == {1: {"Y"}}
    assert voids_of([*log, (0, "G2"), (1, "Y2")]) == {1: {"G"}}  # a number match lays yellow
    assert voids_of([*log, (0, "G2"), (1, "W+4:R!")]) == {1: {"Y", "G"}}


def test_a_paid_penalty_or_a_catch_forgets_the_guess() -> None:
    log = [(0, "Y4"), (1, "draw"), (1, "pass"), (0, "Y+2"), (1, "draw")]
    assert voids_of(log) == {}
    stacked = [(0, "Y4"), (1, "draw"), (1, "pass"), (0, "Y+2"), (1, "R+2"), (0, "draw")]
    assert voids_of(stacked) == {1: {"Y"}}  # seat 0 paid: no guess about it
    assert voids_of([(0, "Y4"), (1, "draw"), (1, "pass"), (0, "catch>1")]) == {}
    after_penalty = [*log, (1, "B4"), (0, "draw")]  # a free draw again marks the colour
    assert voids_of(after_penalty) == {0: {"B"}}


def test_swaps_move_the_guesses_with_the_hands() -> None:
    log = [(1, "Y4"), (0, "draw"), (0, "pass"), (1, "YX>0")]
    assert voids_of(log) == {1: {"Y"}}  # seat 1 now holds what seat 0 held
    assert voids_of([(2, "R4"), (0, "draw"), (0, "pass"), (1, "RX>2")]) == {0: {"R"}}
    assert voids_of([(1, "Y4"), (0, "draw"), (0, "pass"), (1, "WX")]) == {}
    opening = [(1, "Y4"), (0, "draw"), (0, "pass"), (2, "swap>0")]  # a turned-up Swap obeyed
    assert voids_of(opening) == {2: {"Y"}}
    assert voids_of([(0, "R2"), (1, "draw"), (1, "R2+Y2+B2")]) == {}  # it laid red


def test_a_triple_plus_leaves_its_last_colour_in_force() -> None:
    log = [(0, "R2"), (1, "R2+Y2+B2"), (0, "draw"), (0, "pass")]
    assert voids_of(log) == {0: {"B"}}


def test_the_features_read_the_seats_view() -> None:
    """Unseen shares count the deck less the hand, the known cards and the discard pile; the
    void cells follow the log, relative to the reading seat."""
    reader = Reader(AMIGO3, "amigo-memory")
    base = reader.encoder.size
    assert reader.size == base + 5 + 4 * 2
    state = AMIGO3.deal(seed=5)
    view = state.view(0)
    x = reader.read(view).copy()
    per_colour = {c: sum(1 for card in view["hand"] if card[0] == c) for c in "RYGB"}
    seen = {c: sum(n for card, n in view["discard_counts"].items() if card[0] == c) for c in "RYGB"}
    for number, colour in enumerate("RYGB"):
        total = sum(1 for card in AMIGO3.deck() if card[0] == colour)  # 25: one Swap a colour
        unseen = total - per_colour[colour] - seen[colour]
        assert x[base + number] == pytest.approx(unseen / total)
    assert not x[base + 5 :].any()
    drawn = dict(view, log=[[2, view["top_card"]], [1, "draw"], [1, "pass"]])
    colour = view["color"] or view["top_card"][0]
    x = reader.read(drawn)
    assert x[base + 5 + "RYGB".index(colour)] == 1.0  # seat 1 is seat 0's first other seat
    assert x[base + 5 :].sum() == 1.0
    assert reader.read(dict(drawn, seat=2))[base + 5 + 4 * 1 + "RYGB".index(colour)] == 1.0


def test_the_game_offers_the_features_and_names_them_in_errors() -> None:
    assert default_features(AMIGO2) == "amigo-memory"
    with pytest.raises(OptionError, match="it has: none, amigo-memory"):
        Reader(AMIGO2, "uno-memory")


def test_a_model_reading_them_decides_from_its_seats_view_alone() -> None:
    """Twin worlds dealt from seat 0's view: while seat 0's views agree, so do its choices."""
    model = train_policy(AMIGO2, rounds=4, chunk=2, steps=20, hidden=(16,), features="amigo-memory")
    learned = LearnedBot(model.model, Reader(AMIGO2, "amigo-memory"))
    compared, differing = decide_on_twins(AMIGO2, learned, 8)
    assert differing == 8 and compared >= 6
