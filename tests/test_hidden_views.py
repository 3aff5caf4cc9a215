"""Hidden information never leaks: a viewer cannot tell two worlds apart that differ only in
cards it has not seen.

For every game, player count and option set, a random round is played. Then, for every seat and
the spectator, and for many steps of the round, a *twin* world is built: the same deal but with
the cards the viewer has not seen (by that step) re-dealt among the places it has not seen, and
the same actions replayed (a hidden action that names a re-dealt card names the card dealt in
its place). At every step the viewer's ``view``, its ``legal_actions`` and the messages of its
refused actions must be identical in both worlds. What a viewer has seen, and which facts are
public, comes from the per-game rules in ``secrecy.py``, read from snapshots, never from a view.

A twin is built by a renaming ``sigma`` of the unseen card names applied to the deck: the twin's
deck is ``[sigma(card) for card in deck]``, dealt by the same dealer with the same seed. Every
card the viewer has seen keeps its place. A twin is only used while the actions stay legal in it
and its public facts (``Secrecy.public_facts``: hand sizes, the public snapshot keys, the result
once the round is over) equal the round's: a world the table can tell apart proves nothing. Three
re-deals are tried in turn: every unseen card shuffled, the unseen cards shuffled within their
suit (or colour, so that a shown void stays true), and one pair of unseen cards exchanged.

``SOLOCARDS_HYPOTHESIS=thorough`` plays more rounds, every player count with every option set.
"""

from __future__ import annotations

import json
import os
import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from secrecy import SECRECY, Secrecy
from test_conformance import make_or_skip_combination, option_sets, pick

import solocards
from solocards.core.game import Game, State
from solocards.core.rng import shuffled
from solocards.games.registry import game_class

THOROUGH = os.environ.get("SOLOCARDS_HYPOTHESIS") == "thorough"
ROUNDS = 4 if THOROUGH else 1
"""Random rounds per case."""
MAX_STEPS = 600 if THOROUGH else 160
"""A round is checked up to this many actions (shedding rounds can run long)."""
SEGMENTS = 3
"""Each viewer's steps are cut into this many stretches, each checked against its own twin."""
ATTEMPTS = ("shuffle", "shuffle", "same class", "same class", "swap", "swap", "swap")
"""The re-deals tried, in order, until every step of a stretch has been compared."""
REFUSED_SAMPLE = 10
"""Refused actions per compared step whose error messages are compared."""


# -- the round ------------------------------------------------------------------------------------


@dataclass
class Round:
    """A random round: its deal, its actions, and its snapshot after each action."""

    game: Game
    deck: list[str]
    dealer: int
    seed: int
    actions: list[tuple[int, str]] = field(default_factory=list)
    snapshots: list[dict[str, Any]] = field(default_factory=list)

    def deal(self, deck: list[str] | None = None) -> State:
        """The round's first state, from its own deck or from ``deck``."""
        return self.game.deal(deck=self.deck if deck is None else deck, dealer=self.dealer, seed=self.seed)


def play_round(game: Game, seed: int, max_steps: int = MAX_STEPS) -> Round:
    """Random legal play (preferring plays to draws) for at most ``max_steps`` actions."""
    rng = random.Random(seed)
    deck = shuffled(game.deck(), seed)
    played = Round(game, deck, seed % game.players, seed)
    state = played.deal()
    waiting = {game.action_id(name) for name in ("draw", "pass") if name in game._action_index}
    played.snapshots.append(state.snapshot())
    while not state.is_over and len(played.actions) < max_steps:
        seat = rng.choice(state.to_act)
        action = game.action_name(pick(rng, state.legal_action_ids(seat), waiting))
        state.apply(seat, action)
        played.actions.append((seat, action))
        played.snapshots.append(state.snapshot())
    return played


def seen_by_step(played: Round, secrecy: Secrecy, viewer: int | None) -> list[frozenset[str]]:
    """The card names ``viewer`` has seen by each step: its own hand at every step so far, the
    public cards so far, and what the game shows it alone (see ``secrecy.py``)."""
    options = played.game.options
    seen: set[str] = set()
    by_step = []
    for snapshot in played.snapshots:
        seen.update(secrecy.public_cards(snapshot, options))
        if viewer is not None:
            seen.update(snapshot["hands"][viewer])
            seen.update(secrecy.seen_by(snapshot, viewer))
        by_step.append(frozenset(seen))
    return by_step


# -- twins ----------------------------------------------------------------------------------------


def renaming(
    unseen: list[str], copies: Counter[str], how: str, secrecy: Secrecy, rng: random.Random
) -> dict[str, str]:
    """A random permutation ``sigma`` of the unseen card names, each name going to one with as
    many copies in the deck (so that the twin's deck is a deck): ``shuffle`` all of them, within
    their ``same class``, or ``swap`` one pair."""
    sigma = {card: card for card in unseen}
    groups: dict[tuple[int, str], list[str]] = {}
    for card in unseen:
        group = (copies[card], secrecy.card_class(card) if how == "same class" else "")
        groups.setdefault(group, []).append(card)
    if how == "swap":
        pairs = [cards for cards in groups.values() if len(cards) >= 2]
        if pairs:
            first, second = rng.sample(rng.choice(pairs), 2)
            sigma[first], sigma[second] = second, first
        return sigma
    for cards in groups.values():
        moved = cards[:]
        rng.shuffle(moved)
        sigma.update(zip(cards, moved, strict=True))
    return sigma


@dataclass
class Tally:
    """How much a case compared: steps compared in a twin, and those where the twin's hidden
    cards really differed from the round's."""

    compared: int = 0
    differing: int = 0
    refused: int = 0
    missed: int = 0
    why_missed: dict[str, int] = field(default_factory=dict)


def refused_ids(game: Game, state: State, seat: int, unseen: list[str], rng: random.Random) -> list[int]:
    """Actions ``seat`` may not take now: a random sample, and plays of the cards it has not
    seen (a message could name their holder)."""
    legal = set(state.legal_action_ids(seat))
    candidates = rng.sample(range(game.num_actions), min(REFUSED_SAMPLE, game.num_actions))
    for card in rng.sample(unseen, min(4, len(unseen))):
        if card in game._action_index:
            candidates.append(game.action_id(card))
    return [action for action in candidates if action not in legal]


def refusal(state: State, seat: int, action_id: int) -> str:
    """The error ``state`` raises for ``seat`` taking ``action_id`` (its type and message)."""
    try:
        state.apply_id(seat, action_id)
    except solocards.SoloError as error:
        return f"{type(error).__name__}: {error}"
    raise AssertionError(f"seat {seat} was allowed {state.game.action_name(action_id)!r}, not listed as legal")


def differences(one: dict[str, Any], two: dict[str, Any]) -> list[str]:
    """The keys whose values differ between two views, with both values (for the message)."""
    keys = sorted(set(one) | set(two))
    return [f"{key}: {one.get(key)!r} != {two.get(key)!r}" for key in keys if one.get(key) != two.get(key)]


def compare(
    game: Game,
    original: State,
    twin: State,
    viewer: int | None,
    unseen: list[str],
    rng: random.Random,
    where: str,
) -> int:
    """The viewer sees the same in both worlds; returns the number of refusals compared."""
    view, twin_view = original.view(viewer), twin.view(viewer)
    assert json.dumps(view, sort_keys=True) == json.dumps(twin_view, sort_keys=True), (
        f"{where}: the view of {viewer} depends on cards it has not seen: "
        + "; ".join(differences(view, twin_view))
    )
    if viewer is None:
        return 0
    assert original.legal_actions(viewer) == twin.legal_actions(viewer), where
    refused = refused_ids(game, original, viewer, unseen, rng)
    for action_id in refused:
        message, twin_message = refusal(original, viewer, action_id), refusal(twin, viewer, action_id)
        assert message == twin_message, (
            f"{where}: refusing {game.action_name(action_id)!r} to {viewer} depends on cards it "
            f"has not seen: {message!r} != {twin_message!r}"
        )
    return len(refused)


def check_stretch(
    played: Round,
    secrecy: Secrecy,
    viewer: int | None,
    steps: range,
    seen: list[frozenset[str]],
    facts: list[dict[str, Any]],
    rng: random.Random,
    tally: Tally,
) -> None:
    """Compare ``viewer``'s steps ``steps`` against twins that re-deal the cards it has not seen
    by the stretch's last step (so none it has seen by any of these steps)."""
    game = played.game
    copies = Counter(game.deck())
    deck = set(copies)
    steps = range(steps.start, 1 + max((s for s in steps if len(deck - seen[s]) >= 2), default=steps.start - 1))
    if not steps:
        return  # the viewer has seen (all but at most one of) the cards: nothing to re-deal
    unseen = sorted(deck - seen[steps.stop - 1])
    pending = set(steps)
    for how in ATTEMPTS:
        if not pending:
            break
        sigma = renaming(unseen, copies, how, secrecy, rng)
        if all(sigma[card] == card for card in unseen):
            continue  # no unseen card may move (a lone card of its kind): no twin
        twin_deck = [sigma.get(card, card) for card in played.deck]
        original, twin = played.deal(), played.deal(twin_deck)
        for step in range(steps.stop):
            snapshot = twin.snapshot()
            twin_facts = secrecy.public_facts(snapshot)
            if viewer is not None:
                twin_facts.update(secrecy.seat_facts(snapshot, viewer))
            if twin_facts != facts[step]:
                why = next(key for key in facts[step] if facts[step][key] != twin_facts.get(key))
                tally.why_missed[f"{how}: {why}"] = tally.why_missed.get(f"{how}: {why}", 0) + 1
                break
            if step in pending:
                where = f"{game!r} seed {played.seed} step {step} ({how} re-deal)"
                tally.refused += compare(game, original, twin, viewer, unseen, rng, where)
                tally.compared += 1
                tally.differing += snapshot != played.snapshots[step]
                pending.discard(step)
            if step == len(played.actions):
                break
            seat, action = played.actions[step]
            original.apply(seat, action)
            try:
                twin.apply(seat, secrecy.rename(action, sigma))
            except solocards.SoloError:
                tally.why_missed[f"{how}: illegal"] = tally.why_missed.get(f"{how}: illegal", 0) + 1
                break
    tally.missed += len(pending)


def check_round(played: Round, rng: random.Random) -> dict[int | None, Tally]:
    """Every viewer, every step of ``played``, against twins (see the module doc)."""
    game = played.game
    secrecy = SECRECY[game.id]
    public = [secrecy.public_facts(snapshot) for snapshot in played.snapshots]
    tallies: dict[int | None, Tally] = {}
    last = len(played.actions)
    for viewer in [None, *range(game.players)]:
        facts = public
        if viewer is not None:
            facts = [
                {**public[step], **secrecy.seat_facts(snapshot, viewer)}
                for step, snapshot in enumerate(played.snapshots)
            ]
        seen = seen_by_step(played, secrecy, viewer)
        cuts = sorted(rng.sample(range(1, last), SEGMENTS - 1)) if last > SEGMENTS else []
        tally = tallies[viewer] = Tally()
        for start, stop in zip([0, *cuts], [*cuts, last + 1], strict=True):
            check_stretch(played, secrecy, viewer, range(start, stop), seen, facts, rng, tally)
    return tallies


# -- the cases ------------------------------------------------------------------------------------


def player_counts(game_id: str) -> list[int]:
    """Every supported count; for the 2-10 player shedding games a spread of them."""
    cls = game_class(game_id)
    counts = list(range(cls.min_players, cls.max_players + 1))
    if len(counts) > 4:
        counts = sorted({cls.min_players, 3, 6, cls.max_players})
    return counts


def cases() -> Iterator[Any]:
    """Every option set of every game: at every player count when thorough, else at one count
    in turn (and the defaults at every count)."""
    for game_id in solocards.games():
        counts = player_counts(game_id)
        for index, (name, options) in enumerate(option_sets(game_id)):
            chosen = counts if THOROUGH or name == "defaults" else [counts[index % len(counts)]]
            for players in chosen:
                yield pytest.param(game_id, players, name, options, id=f"{game_id}-{players}:{name}")


@pytest.mark.parametrize(("game_id", "players", "name", "options"), list(cases()))
def test_a_viewer_cannot_tell_worlds_apart_that_differ_in_unseen_cards(
    game_id: str, players: int, name: str, options: dict[str, Any]
) -> None:
    game = make_or_skip_combination(game_id, players, options)
    if game is None:
        counts = [count for count in player_counts(game_id) if count != players]
        game = next(filter(None, (make_or_skip_combination(game_id, c, options) for c in counts)), None)
    assert game is not None, f"{name} is not valid for {game_id} at any player count tried"
    for round_index in range(ROUNDS):
        seed = 1000 * round_index + len(name) + players
        played = play_round(game, seed)
        tallies = check_round(played, random.Random(seed))
        print(game, seed, len(played.actions), {v: (t.compared, t.differing, t.missed, t.why_missed) for v, t in tallies.items()})
