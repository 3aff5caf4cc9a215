"""``learned+ismcts``: ISMCTS with the policy network as its prior and playout start. It is
offered where a model loads and worlds are sampled, plays legal moves to the end of rounds,
replays exactly for a seed, follows its prior, and decides from its seat's view alone (twin
deals that differ only in cards the seat has not seen get the same choices)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from test_learned_bot import Drawer, _twin

import solocards
from solocards.bots import bot_names, make_bot
from solocards.bots.registry import cannot_play
from solocards.core.bot import NO_REACTION, Bot
from solocards.core.errors import OptionError
from solocards.core.rng import shuffled
from solocards.learned import bot as learned_bot
from solocards.learned.bot import MODELS_VARIABLE
from solocards.learned.features import Reader
from solocards.learned.model import save_model
from solocards.learned.search import LearnedSearchBot
from solocards.learned.train import train_policy
from solocards.sim.runner import choose_actor, play_round

UNO2 = solocards.make("uno", players=2)
SPEC = "learned+ismcts"


class Recording:
    """Notes the choices (and the legal actions offered) of the bot it wraps; it is given the
    views the bot asks for (the search reads the log: its worlds are dealt from it)."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.reads_log = bool(getattr(bot, "reads_log", True))
        self.choices: list[tuple[list[str], str]] = []

    def choose(self, view: dict[str, Any], legal_actions: list[str], rng: random.Random) -> str:
        action = self.bot.choose(view, legal_actions, rng)
        self.choices.append((legal_actions, action))
        return action


def test_offered_only_where_a_model_loads_and_worlds_are_sampled(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert SPEC in bot_names(UNO2) and SPEC in bot_names(type(UNO2))
    assert SPEC not in bot_names(solocards.make("uno", players=3))  # models for 2 and 4 only
    assert SPEC in bot_names(solocards.make("uno", players=4))
    assert SPEC in bot_names(solocards.make("frog"))  # the shipped 3-player Frog model
    assert SPEC in bot_names(solocards.make("german-solo"))  # and the 4-player German Solo one
    assert SPEC in bot_names(solocards.make("amigo-solo"))  # and AMIGO's SOLO's
    shipped = tmp_path / "shipped"  # a package shipping no AMIGO's SOLO model
    shipped.mkdir()
    monkeypatch.setattr(learned_bot, "SHIPPED", shipped)
    amigo = solocards.make("amigo-solo")
    assert SPEC not in bot_names(amigo)
    assert "no model for amigo-solo" in str(cannot_play(SPEC, type(amigo)))
    monkeypatch.undo()
    (tmp_path / "uno-2p.npz").write_bytes(b"\x00" * 64)
    monkeypatch.setenv(MODELS_VARIABLE, str(tmp_path))
    assert SPEC not in bot_names(UNO2)
    with pytest.raises(OptionError, match="is not a solocards model"):
        make_bot(SPEC, UNO2)


def test_its_parameters_are_checked() -> None:
    with pytest.raises(OptionError, match="plies"):
        make_bot(f"{SPEC}:plies=-1", UNO2)
    with pytest.raises(OptionError, match="no parameter 'belief'"):
        make_bot(f"{SPEC}:belief=2", UNO2)
    with pytest.raises(OptionError, match="trust"):
        make_bot(f"{SPEC}:trust=-1", UNO2)
    with pytest.raises(OptionError, match="prior_depth"):
        make_bot(f"{SPEC}:prior_depth=-2", UNO2)
    bot = make_bot(f"{SPEC}:seconds=0.5", UNO2, time_budget=0.2)
    assert isinstance(bot, LearnedSearchBot)
    assert bot.iterations is None and bot.seconds == 0.2


def test_plays_legal_moves_to_the_end_of_rounds() -> None:
    for spec in (f"{SPEC}:iterations=25", f"{SPEC}:iterations=25,plies=3,prior_depth=1"):
        bot = Recording(make_bot(spec, UNO2))
        for seed in range(2):
            assert play_round(UNO2.deal(seed=seed), [bot, bot], seed=seed).is_over
        assert bot.choices and all(action in legal for legal, action in bot.choices)
    jumping = solocards.make("uno", players=2, jump_in=True)
    jumper = Recording(make_bot(f"{SPEC}:iterations=10", jumping))
    for seed in range(4):
        assert play_round(jumping.deal(seed=seed), [jumper, jumper], seed=seed).is_over
    assert any(NO_REACTION in legal for legal, _ in jumper.choices)
    assert all(action in legal for legal, action in jumper.choices)


def _moves(spec: str, seed: int) -> list[str]:
    bot = Recording(make_bot(spec, UNO2))
    play_round(UNO2.deal(seed=seed), [bot, make_bot("heuristic", UNO2)], seed=seed)
    return [action for _, action in bot.choices]


def test_an_iteration_budget_replays_exactly() -> None:
    spec = f"{SPEC}:iterations=40,plies=2"
    first = _moves(spec, 7)
    assert len(first) >= 5
    assert _moves(spec, 7) == first


def test_the_search_follows_its_prior_and_reports_it() -> None:
    """With no exploration left to the values (one iteration), the prior's favourite is
    searched first; the stats name the network's probability of every root action."""
    state = UNO2.deal(seed=11)
    seat = state.to_act[0]
    legal = state.legal_actions(seat)
    bot = make_bot(f"{SPEC}:iterations=1", UNO2)
    assert isinstance(bot, LearnedSearchBot)
    chosen = bot.choose(state.view(seat), legal, random.Random(0))
    prior: dict[str, float] = bot.last_stats["prior"]
    assert sorted(prior) == sorted(legal)
    assert sum(prior.values()) == pytest.approx(1.0, abs=1e-3)
    assert chosen == max(prior, key=lambda action: prior[action])
    greedy = make_bot("learned", UNO2)
    assert chosen == greedy.choose(state.view(seat), legal, random.Random(0))


def _positions(count: int) -> list[tuple[dict[str, Any], list[str]]]:
    """Views and legal actions of 2-player UNO with a choice to make, from heuristic rounds."""
    found: list[tuple[dict[str, Any], list[str]]] = []
    heuristic = make_bot("heuristic", UNO2)
    for seed in range(40):
        state = UNO2.deal(seed=seed)
        rng = random.Random(seed)
        while not state.is_over and len(found) < count:
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            if len(legal) >= 3:
                found.append((state.view(seat), legal))
            state.apply(seat, heuristic.choose(state.view(seat), legal, rng))
        if len(found) >= count:
            break
    return found


def test_trust_plays_the_networks_choice_unless_the_search_is_sure() -> None:
    """``trust``: the network's favourite stands unless the search's choice is better by more
    than ``trust`` standard errors. Trusted without bound, the bot plays the network's
    favourite; trusted not at all, the search overrules it somewhere."""
    positions = _positions(12)
    overruled = 0
    for index, (view, legal) in enumerate(positions):
        bots = {
            trust: make_bot(f"{SPEC}:iterations=60,prior_depth=-1,c=0.7,trust={trust}", UNO2)
            for trust in (0, 100)
        }
        chosen = {
            trust: bot.choose(view, legal, random.Random(index)) for trust, bot in bots.items()
        }
        prior: dict[str, float] = bots[100].last_stats["prior"]
        assert chosen[100] == max(prior, key=lambda action: prior[action])
        overruled += chosen[0] != chosen[100]
    assert overruled >= 1


def test_without_a_prior_the_root_is_searched_as_ismcts_searches_it() -> None:
    """``prior_depth=-1``: every root action is tried once before any twice (UCB1), however
    little the network thinks of it; with the prior (PUCT) some are never tried."""
    unvisited = {"prior": 0, "none": 0}
    for view, legal in _positions(12):
        for kind, extra in (("prior", ""), ("none", ",prior_depth=-1")):
            bot = make_bot(f"{SPEC}:iterations={len(legal)}{extra}", UNO2)
            bot.choose(view, legal, random.Random(3))
            visits: dict[str, int] = bot.last_stats["visits"]
            unvisited[kind] += len(legal) - len(visits)
            if kind == "none":
                assert sorted(visits) == sorted(legal) and set(visits.values()) == {1}
    assert unvisited["prior"] > 0


def test_the_bot_decides_from_its_seats_view_alone() -> None:
    """Twin deals: the same for seat 0, another hand for seat 1. While seat 0's views (its
    log included: the worlds are dealt from it) agree, its searches, given the same random
    numbers, choose alike, though the states differ."""
    _twins_choose_alike()


def test_a_model_with_log_features_guides_from_the_worlds_views(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A model reading ``uno-memory`` is read from the bot's view at the root and from the
    seat's view of the sampled world below it (the world keeps its log): the same inputs the
    ``learned`` bot would get there; and the twins still choose alike."""
    model = train_policy(UNO2, rounds=2, chunk=2, steps=2, hidden=(8,), features="uno-memory")
    save_model(model.model, tmp_path / "uno-2p.npz")
    monkeypatch.setenv(MODELS_VARIABLE, str(tmp_path))
    bot = make_bot(f"{SPEC}:iterations=5", UNO2)
    assert isinstance(bot, LearnedSearchBot) and bot.policy.reader.reads_log
    state = UNO2.deal(seed=4)
    for _ in range(5):
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[-1])
    seat = state.to_act[0]
    world = UNO2.sample_world(state.view(seat), random.Random(2))
    legal = [UNO2.action_id(action) for action in world.legal_actions(seat)]
    reader = Reader(UNO2, "uno-memory")
    scores = model.model.scores(reader.read(world.view(seat))[None, :])[0][legal]
    expected = np.exp(scores - scores.max()) / np.exp(scores - scores.max()).sum()
    assert bot.policy.of_state(world, seat, legal) == pytest.approx(list(expected), abs=1e-5)
    _twins_choose_alike()


def _twins_choose_alike() -> None:
    drawer = Drawer()
    compared = differing = 0
    for seed in range(3):
        deck = shuffled(UNO2.deck(), seed)
        worlds = [UNO2.deal(deck=deck, dealer=0, seed=0), UNO2.deal(deck=_twin(deck), dealer=0)]
        seats = [Recording(make_bot(f"{SPEC}:iterations=30,plies=2", UNO2)) for _ in worlds]
        for step in range(40):
            before = len(seats[0].choices)
            views = [json.dumps(w.view(0), sort_keys=True) for w in worlds]
            if any(w.is_over for w in worlds) or views[0] != views[1]:
                break  # seat 0 has seen a card that differs: the twins part
            moves: list[Any] = [
                choose_actor(world, [seat, drawer], [random.Random(seed * 100 + step)] * 2)
                for world, seat in zip(worlds, seats, strict=True)
            ]
            assert seats[0].choices == seats[1].choices
            if len(seats[0].choices) > before:
                differing += worlds[0].view(1)["hand"] != worlds[1].view(1)["hand"]
            assert moves[0] == moves[1]
            for world in worlds:
                world.apply(*moves[0])
        compared += len(seats[0].choices)
    assert compared >= 20 and differing >= 20


def test_a_model_names_the_search_settings_it_guides_best_with(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A model's meta ``search`` gives the bare ``learned+ismcts`` its settings (the ``strong``
    level plays the bare spec); a spec's own settings come first; settings it may not give
    (the budget) make the file a bad model: a clear error, and the bot is not offered."""
    trained = train_policy(UNO2, rounds=2, chunk=2, steps=2, hidden=(8,)).model
    trained.meta["search"] = {"prior_depth": -1, "c": 0.7, "trust": 2.0}
    save_model(trained, tmp_path / "uno-2p.npz")
    monkeypatch.setenv(MODELS_VARIABLE, str(tmp_path))
    bot = make_bot(SPEC, UNO2)
    assert isinstance(bot, LearnedSearchBot)
    assert (bot.prior_depth, bot.exploration, bot.trust) == (-1, 0.7, 2.0)
    assert bot.iterations == 1000  # the budget stays the spec's
    bot = make_bot(f"{SPEC}:trust=0,prior_depth=1", UNO2)
    assert isinstance(bot, LearnedSearchBot)
    assert (bot.prior_depth, bot.exploration, bot.trust) == (1, 0.7, 0.0)

    for bad, why in (
        ({"trust": 1.0, "iterations": 10}, "search must give only c, score_weight"),
        ({"trust": "high"}, "parameter trust must be a finite number"),
        ({"prior_depth": -5}, "parameter prior_depth must be a whole number from -1"),
    ):
        trained.meta["search"] = bad
        save_model(trained, tmp_path / "uno-2p.npz")
        with pytest.raises(OptionError, match=why):
            make_bot(SPEC, UNO2)
        assert SPEC not in bot_names(UNO2) and "learned" not in bot_names(UNO2)


def test_the_shipped_2_player_amigo_model_guides_the_search_as_advice(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The 2-player AMIGO's SOLO model is marked ``guides_search`` with the settings it beat
    plain ISMCTS with at the same CPU time (docs/bots.md, 650 rounds): no prior, ``c=0.7``,
    ``trust=1``; its bare ``learned+ismcts`` searches so, and is the ``strong`` level."""
    monkeypatch.delenv(MODELS_VARIABLE, raising=False)
    amigo2 = solocards.make("amigo-solo", players=2)
    assert learned_bot.guides_search(amigo2)
    bot = make_bot(SPEC, amigo2)
    assert isinstance(bot, LearnedSearchBot)
    assert (bot.prior_depth, bot.exploration, bot.trust) == (-1, 0.7, 1.0)


def test_the_shipped_4_player_german_solo_model_guides_the_search_as_a_prior(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The 4-player German Solo model is marked ``guides_search`` with no settings of its own:
    its bare ``learned+ismcts`` is the prior search that scored +0.53 points a deal more than
    plain ISMCTS at less CPU time (docs/bots.md, 120 deals), and the ``strong`` level there."""
    monkeypatch.delenv(MODELS_VARIABLE, raising=False)
    german4 = solocards.make("german-solo", players=4)
    assert learned_bot.guides_search(german4)
    assert "search" not in learned_bot.make_learned(german4).model.meta
    bot = make_bot(SPEC, german4)
    assert isinstance(bot, LearnedSearchBot)
    assert (bot.prior_depth, bot.exploration, bot.trust) == (2, 1.0, 0.0)
    assert not learned_bot.guides_search(solocards.make("german-solo", players=5))
