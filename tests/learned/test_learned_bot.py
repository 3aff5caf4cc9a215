"""The ``learned`` bot: in the registry where a model loads, absent (with the reason) where
none does, a clear error for a missing, corrupt or mismatched model, and it decides from its
seat's view alone (two deals that differ only in cards the seat has not seen get the same
choices)."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import solocards
from solocards.bots import bot_names, make_bot
from solocards.bots.registry import cannot_play
from solocards.core.bot import NO_REACTION, Bot
from solocards.core.errors import OptionError
from solocards.core.rng import shuffled
from solocards.learned import bot as learned_bot
from solocards.learned.bot import MODELS_VARIABLE, SHIPPED, LearnedBot, make_learned
from solocards.learned.model import ModelError, PolicyModel, save_model
from solocards.sim.runner import choose_actor, play_round

UNO2 = solocards.make("uno", players=2)


class Recording:
    """Notes the choices (and the legal actions offered) of the bot it wraps."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.reads_log = bool(getattr(bot, "reads_log", True))
        self.choices: list[tuple[list[str], str]] = []

    def choose(self, view: dict[str, Any], legal_actions: list[str], rng: random.Random) -> str:
        action = self.bot.choose(view, legal_actions, rng)
        self.choices.append((legal_actions, action))
        return action


def test_the_shipped_uno_model_is_offered_and_plays_whole_rounds() -> None:
    assert (SHIPPED / "uno-2p.npz").is_file()
    assert "learned" in bot_names(UNO2) and "learned" in bot_names(type(UNO2))
    bot = make_bot("learned", UNO2)
    assert isinstance(bot, LearnedBot)
    seen = Recording(bot)
    for seed in range(3):
        assert play_round(UNO2.deal(seed=seed), [seen, seen], seed=seed).is_over
    jumping = solocards.make("uno", players=2, jump_in=True)
    jumper = Recording(make_bot("learned", jumping))  # house rules: the same sizes
    for seed in range(3):
        assert play_round(jumping.deal(seed=seed), [jumper, jumper], seed=seed).is_over
    choices = seen.choices + jumper.choices
    assert all(action in legal for legal, action in choices)
    assert any(NO_REACTION in legal for legal, _ in choices)  # it answers windows too


def test_a_game_without_a_model_is_not_offered_the_bot(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    amigo3 = solocards.make("amigo-solo", players=3)
    assert "learned" not in bot_names(amigo3)  # models for 2 and 4 players only
    with pytest.raises(OptionError, match=r"amigo-solo-3p\.npz does not exist"):
        make_bot("learned", amigo3)
    assert "learned" not in bot_names(solocards.make("frog", players=4))  # Frog's is for 3
    assert "learned" not in bot_names(solocards.make("uno", players=3))  # UNO's for 2 and 4
    shipped = tmp_path / "shipped"  # a package shipping UNO's model alone
    shipped.mkdir()
    (shipped / "uno-2p.npz").write_bytes((SHIPPED / "uno-2p.npz").read_bytes())
    monkeypatch.setattr(learned_bot, "SHIPPED", shipped)
    amigo = solocards.make("amigo-solo")
    assert "learned" not in bot_names(amigo) and "learned" not in bot_names(type(amigo))
    assert "no model for amigo-solo" in str(cannot_play("learned", type(amigo)))
    with pytest.raises(OptionError, match=r"amigo-solo-4p\.npz does not exist"):
        make_bot("learned", amigo)
    assert "learned" in bot_names(type(UNO2))


def _corrupt_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "uno-2p.npz").write_bytes(b"\x00" * 64)
    monkeypatch.setenv(MODELS_VARIABLE, str(tmp_path))
    return tmp_path / "uno-2p.npz"


def test_a_corrupt_model_is_a_clear_error_and_not_offered(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _corrupt_folder(tmp_path, monkeypatch)
    with pytest.raises(OptionError) as caught:
        make_bot("learned", UNO2)
    assert f"model file {path} is not a solocards model" in str(caught.value)
    assert "learned" not in bot_names(UNO2)  # the corrupt file hides the shipped one
    assert "learned" in bot_names(type(UNO2))  # the shipped 4-player model still loads
    with pytest.raises(ModelError, match="is not a solocards model"):
        make_learned(UNO2)  # the bot's own factory says the same


def test_the_server_bot_menu_leaves_out_a_bot_without_a_model(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from solocards.server.http.lobby import game_infos

    def menus() -> dict[str, list[str]]:
        return {info.id: info.bots for info in game_infos()}

    shown = menus()
    assert "learned" in shown["uno"] and "learned" in shown["amigo-solo"]
    _corrupt_folder(tmp_path, monkeypatch)  # hides the shipped uno-2p.npz
    shipped = tmp_path / "shipped"
    shipped.mkdir()
    monkeypatch.setattr(learned_bot, "SHIPPED", shipped)  # and no other model ships
    assert "learned" not in menus()["uno"] and "learned" not in menus()["amigo-solo"]


def test_a_model_for_another_player_count_or_a_bad_name_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "uno-4p.npz").write_bytes((SHIPPED / "uno-2p.npz").read_bytes())
    monkeypatch.setenv(MODELS_VARIABLE, str(tmp_path))
    with pytest.raises(
        OptionError, match=r"trained for uno \(players: 2\), not for uno \(players: 4\)"
    ):
        make_bot("learned", solocards.make("uno", players=4))
    small = PolicyModel.random(3, 4, (2,), np.random.default_rng(0), game="uno", players=2)
    save_model(small, tmp_path / "tiny.npz")
    with pytest.raises(OptionError, match="inputs 3, actions 4"):
        make_bot("learned:model=tiny", UNO2)
    with pytest.raises(OptionError, match="lower-case letters"):
        make_bot("learned:model=../uno-2p", UNO2)


def _twin(deck: list[str]) -> list[str]:
    """The deck of a twin deal for seat 0 (2-player UNO, dealer 0): seat 1's hand (the even
    places of the first 14, as UNO deals) swapped with cards from the bottom of the draw pile,
    none of them a card seat 0 holds or sees turned up. Seat 0's hand, the turned-up card and
    the cards drawn next stay where they were."""
    seen = {deck[place] for place in range(1, 15, 2)} | set(deck[14:30])
    bottom = [place for place in range(len(deck) - 1, 30, -1) if deck[place] not in seen]
    twin = deck[:]
    for place in range(0, 14, 2):
        if deck[place] in seen:
            continue
        swap = next(other for other in bottom if deck[other] != deck[place])
        bottom.remove(swap)
        twin[place], twin[swap] = deck[swap], deck[place]
    return twin


class Drawer:
    """Seat 1 of the twins: draws, passes, declines (its choices depend on nothing hidden)."""

    reads_log = False

    def choose(self, view: dict[str, Any], legal_actions: list[str], rng: random.Random) -> str:
        for action in ("draw", "pass", NO_REACTION):
            if action in legal_actions:
                return action
        return sorted(legal_actions)[0]


def _tiny_model(features: str) -> Bot:
    """A small model trained on a few rounds (its choices depend on its inputs all the same)."""
    from solocards.learned.features import Reader
    from solocards.learned.train import train_policy

    run = train_policy(UNO2, rounds=6, chunk=3, steps=20, hidden=(16,), features=features)
    return LearnedBot(run.model, Reader(UNO2, features))


@pytest.mark.parametrize("model", ["shipped", "none", "uno-memory"])
def test_the_bot_decides_from_its_seats_view_alone(model: str) -> None:
    """Twin deals: the same for seat 0, another hand for seat 1. While seat 0's views agree
    (both rounds take the same actions, its log included), its choices agree, though the
    states differ: for the shipped model and for models with and without the features read
    from the log."""
    learned = make_bot("learned", UNO2) if model == "shipped" else _tiny_model(model)
    drawer = Drawer()
    compared = differing = 0
    for seed in range(4):
        deck = shuffled(UNO2.deck(), seed)
        worlds = [UNO2.deal(deck=deck, dealer=0, seed=0), UNO2.deal(deck=_twin(deck), dealer=0)]
        seats = [Recording(learned) for _ in worlds]
        for _step in range(80):
            before = len(seats[0].choices)
            views = [json.dumps(w.view(0), sort_keys=True) for w in worlds]
            if any(w.is_over for w in worlds) or views[0] != views[1]:
                break  # seat 0 has seen a card that differs: the twins part
            moves = [
                choose_actor(world, [seat, drawer], [random.Random(n)] * 2)
                for n, (world, seat) in enumerate(zip(worlds, seats, strict=True))
            ]
            assert seats[0].choices == seats[1].choices
            if len(seats[0].choices) > before:
                differing += worlds[0].view(1)["hand"] != worlds[1].view(1)["hand"]
            assert moves[0] == moves[1]
            for world in worlds:
                world.apply(*moves[0])
        compared += len(seats[0].choices)
    assert compared >= 40 and differing >= 40


def test_the_page_names_every_bot_kind_in_words() -> None:
    """The lobby's and the table's bot menus show a kind through ``botWords`` (web/js/plain.js):
    every registered kind, ``learned`` included, has its own case there (a translated word or
    a name), not the raw id."""
    from solocards.bots.registry import _BOTS

    source = (Path(solocards.__file__).parent / "web" / "js" / "plain.js").read_text("utf-8")
    body = source[source.index("export function botWords") :]
    body = body[: body.index("default:")]
    assert set(_BOTS) <= set(re.findall(r'case "([\w+-]+)"', body))
    assert 'case "learned": return t("learned");' in body


@pytest.mark.parametrize(
    ("game_id", "players"),
    [("frog", 3), ("german-solo", 4), ("amigo-solo", 4), ("amigo-solo", 2), ("uno", 4)],
)
def test_the_other_shipped_models_decide_from_their_seats_view_alone(
    game_id: str, players: int
) -> None:
    """Twin deals: a world dealt from seat 0's view (the same for seat 0, other hands for the
    others, another talon or stock). Both rounds take the same actions while seat 0's views
    agree; the shipped model's choices for seat 0 agree too."""
    game = solocards.make(game_id, players=players)
    seeds = 12  # in AMIGO's SOLO seat 0 often sees a differing card early
    compared, differing = decide_on_twins(game, make_bot("learned", game), seeds)
    assert differing == seeds and compared >= 6  # seat 0 decided with both views alike


def decide_on_twins(game: Any, learned: Bot, seeds: int) -> tuple[int, int]:
    """Play ``seeds`` rounds beside their twins, dealt from seat 0's view, while seat 0's views
    agree: ``learned`` decides for seat 0 (the same choice in both, and for a model bot the same
    inputs), random shared actions for the others. Returns the decisions compared and the twins
    whose hands differ."""
    players = game.players
    reader = getattr(learned, "reader", None)
    compared = differing = 0
    for seed in range(seeds):
        real = game.deal(seed=seed, dealer=seed % players)
        twin = game.sample_world(real.view(0), random.Random(seed))
        differing += real.snapshot()["hands"] != twin.snapshot()["hands"]
        others = random.Random(seed)
        while not real.is_over and real.view(0) == twin.view(0):
            seat = next(s for s in range(players) if real.legal_actions(s))
            legal = real.legal_actions(seat)
            if seat == 0:
                views = [w.view(0) for w in (real, twin)]
                if reader is not None:
                    inputs = [reader.read(view).copy() for view in views]
                    assert np.array_equal(inputs[0], inputs[1])
                picks = [learned.choose(view, legal, random.Random(0)) for view in views]
                assert picks[0] == picks[1]
                compared += 1
                action = picks[0]
            else:
                shared = [a for a in legal if a in twin.legal_actions(seat)]
                if not shared:
                    break  # the other hands tell the rounds apart from here on
                action = others.choice(shared)
            real.apply(seat, action)
            twin.apply(seat, action)
    return compared, differing
