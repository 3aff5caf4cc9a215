"""Hidden information never leaks: a viewer cannot tell two worlds apart that differ only in
cards it has not seen.

For every game, player count and option set, random rounds are played. Then, for every seat and
the spectator, and for every step of the round, a *twin* world is built: the same deal with some
cards the viewer has not seen (by that step) dealt to each other's places, and the same actions
replayed (a hidden action that names a moved card, a Frage discard, names the card dealt in its
place). At every step the viewer's ``view`` (JSON-equal), its ``legal_actions`` and the messages
of its refused actions must be the same in both worlds.

What a viewer has seen, and which facts are public, comes from the per-game rules in
``secrecy.py``, read from snapshots and never from a view: a view that leaks cannot make its
leak "known". A twin is dealt from the round's deck with some positions permuted, by the same
dealer with the same seed, and it is used only while its *evidence* (``evidence``: the public
facts, the public cards, the viewer's own hand and what it was shown, at every step so far)
equals the round's and its actions stay legal: a world the table can tell apart proves nothing.

The re-deals: ``shuffle`` every card none of whose copies the viewer has seen, the same within
each suit or colour (``same class``: a seat that showed a void keeps it), or ``swap`` one pair;
then ``copy swap`` probes: UNO and AMIGO's SOLO have two or four copies of a card, and the copy
a jump-in could use must stay as hidden as any card, so each copy of a card just laid is in turn
exchanged with an unseen card (the twin that moved the copy on the table is refused by its
evidence). Each viewer's steps are cut into stretches; a twin re-deals what was unseen at the
last step it is compared at, and where it fails (an action turned illegal, a public fact
changed) the next one re-deals what was unseen half-way there.

Every option set runs at every player count it is valid for, in full at one count in turn
and for the first ``SHORT_STEPS`` actions at the others. ``SOLOCARDS_HYPOTHESIS=thorough``
plays four times the rounds, up to ``MAX_STEPS`` (600) actions, in full at every count.
"""

from __future__ import annotations

import importlib
import json
import os
import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import islice
from typing import Any

import pytest

import solocards
from secrecy import SECRECY, Secrecy
from solocards.core.game import Game, State
from solocards.core.rng import shuffled
from solocards.games.registry import game_class
from test_conformance import make_or_skip_combination, option_sets, pick

THOROUGH = os.environ.get("SOLOCARDS_HYPOTHESIS") == "thorough"
ROUNDS = 4 if THOROUGH else 1
"""Random rounds per case."""
MAX_STEPS = 600 if THOROUGH else 160
"""A round is checked up to this many actions (shedding rounds can run long)."""
SHORT_STEPS = 40
"""The same, for an option set at its other player counts (the deal and the first turns)."""
SEGMENTS = 3
"""Each viewer's steps are cut into this many stretches, each checked against its own twin."""
ATTEMPTS = ("shuffle", "shuffle", "same class", "same class", "swap", "swap", "swap")
"""The re-deals tried, in order, until every step of a stretch has been compared: ``shuffle``
every card none of whose copies the viewer has seen; the same ``same class``, within each suit
or colour (a seat that showed a void keeps it); ``swap`` two such cards."""
COPY_PROBES = 2
"""Steps per stretch probed with a ``copy swap``: where a card that comes more than once (UNO,
AMIGO's SOLO) was just laid, each of its copies in turn is exchanged with an unseen card. One of
them is the copy on the table (that twin is refused), another may be the copy a jump-in could
use, which must stay as hidden as any other card."""
COPY_WINDOW = 6
"""Steps compared after a probed step."""
REFUSED_SAMPLE = 10
"""Refused actions whose error messages are compared, at a compared step that compares them."""
REFUSALS_EVERY = 3
"""Every third compared step of a viewer (its first included) also compares refusals (each
costs two explanations)."""


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
        return self.game.deal(
            deck=self.deck if deck is None else deck, dealer=self.dealer, seed=self.seed
        )


def play_round(game: Game, seed: int, max_steps: int = MAX_STEPS, pass_bias: float = 0.0) -> Round:
    """Random legal play for at most ``max_steps`` actions. Where it is legal, ``pass`` is
    chosen with probability ``pass_bias`` (an auction then ends in every way, all passing
    included); the shedding games otherwise prefer playing to drawing, as the conformance
    suite does, and the trick games choose uniformly."""
    rng = random.Random(seed)
    deck = shuffled(game.deck(), seed)
    played = Round(game, deck, seed % game.players, seed)
    state = played.deal()
    waiting = {game.action_id(name) for name in ("draw", "pass") if name in game._action_index}
    shedding = "draw" in game._action_index
    played.snapshots.append(state.snapshot())
    while not state.is_over and len(played.actions) < max_steps:
        seat = rng.choice(state.to_act)
        legal = state.legal_actions(seat)
        if "pass" in legal and rng.random() < pass_bias:
            action = "pass"
        elif shedding:
            action = game.action_name(pick(rng, state.legal_action_ids(seat), waiting))
        else:
            action = rng.choice(legal)
        state.apply(seat, action)
        played.actions.append((seat, action))
        played.snapshots.append(state.snapshot())
    return played


def policies(game: Game) -> list[float]:
    """The ``pass_bias`` of each round a case plays: the short trick-game rounds are played
    four ways (bidding freely, passing often, mostly, always: a Ramsch, a thrown-in deal, a
    forcée simple)."""
    if "draw" in game._action_index:
        return [0.0] * ROUNDS
    return [0.0, 0.5, 0.85, 1.0] * ROUNDS


def evidence(
    snapshot: dict[str, Any], secrecy: Secrecy, options: Any, seat: int | None
) -> dict[str, Any]:
    """Everything ``seat`` may know at one step, read from the snapshot by ``secrecy``: the
    public facts, its own facts, and every card it sees (its hand, the public cards, the cards
    shown to it). Two worlds with equal evidence at every step so far are the same to it."""
    found = secrecy.public_facts(snapshot)
    found["public cards"] = list(secrecy.public_cards(snapshot, options))
    if seat is not None:
        found.update(secrecy.seat_facts(snapshot, seat))
        found["own hand"] = sorted(snapshot["hands"][seat])
        found["shown to it"] = sorted(secrecy.seen_by(snapshot, seat))
    return found


def seen_by_step(played: Round, secrecy: Secrecy, viewer: int | None) -> list[frozenset[str]]:
    """The card names ``viewer`` has seen by each step: its own hand at every step so far, the
    public cards so far, and what the game shows it alone (see ``secrecy.py``)."""
    options = played.game.options
    seen: set[str] = set()
    if viewer is not None:
        seen.update(secrecy.dealt_hand(played.game, played.deck, played.dealer, viewer))
    by_step = []
    for snapshot in played.snapshots:
        seen.update(secrecy.public_cards(snapshot, options))
        if viewer is not None:
            seen.update(snapshot["hands"][viewer])
            seen.update(secrecy.seen_by(snapshot, viewer))
        by_step.append(frozenset(seen))
    return by_step


# -- twins ----------------------------------------------------------------------------------------


def redeal(
    deck: list[str], seen: frozenset[str], how: str, secrecy: Secrecy, rng: random.Random
) -> list[str]:
    """A twin deck: ``deck`` with the positions of the cards not in ``seen`` permuted, all of
    them (``shuffle``), within each class (``same class``) or one pair (``swap``)."""
    unseen = [place for place, card in enumerate(deck) if card not in seen]
    moved = list(range(len(deck)))
    if how == "swap":
        first = rng.choice(unseen) if unseen else 0
        partners = [place for place in unseen if deck[place] != deck[first]]
        if partners:
            second = rng.choice(partners)
            moved[first], moved[second] = second, first
        return [deck[source] for source in moved]
    classes: dict[str, list[int]] = {}
    for place in unseen:
        classes.setdefault(
            secrecy.card_class(deck[place]) if how == "same class" else "", []
        ).append(place)
    for places in classes.values():
        sources = places[:]
        rng.shuffle(sources)
        for place, source in zip(places, sources, strict=True):
            moved[place] = source
    return [deck[source] for source in moved]


def card_renaming(deck: list[str], twin_deck: list[str]) -> dict[str, str]:
    """Card -> the card dealt in its place in the twin, for the cards with one copy (only
    those can be named by a hidden action: Frog's discards)."""
    copies = Counter(deck)
    return {card: twin for card, twin in zip(deck, twin_deck, strict=True) if copies[card] == 1}


@dataclass
class Tally:
    """How much a case compared: the steps compared in a twin (per kind of re-deal), those
    where the twin's state really differed, those checkable but never compared, the refusals
    compared, and why twins were given up (a key of the evidence, or an illegal action)."""

    compared: Counter[str] = field(default_factory=Counter)
    differing: int = 0
    missed: int = 0
    refused: int = 0
    given_up: Counter[str] = field(default_factory=Counter)


def refused_ids(
    game: Game, state: State, seat: int, unseen: list[str], rng: random.Random
) -> list[int]:
    """Actions ``seat`` may not take now: a random sample, and plays of cards it has not seen
    (a message could name their holder)."""
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
    name = state.game.action_name(action_id)
    raise AssertionError(f"seat {seat} was allowed {name!r}, which is not listed as legal")


def differences(one: dict[str, Any], two: dict[str, Any]) -> list[str]:
    """The keys whose values differ between two views, with both values (for the message)."""
    keys = sorted(set(one) | set(two))
    return [
        f"{key}: {one.get(key)!r} != {two.get(key)!r}"
        for key in keys
        if one.get(key) != two.get(key)
    ]


def compare(
    original: State,
    twin: State,
    viewer: int | None,
    unseen: list[str],
    rng: random.Random,
    where: Callable[[], str],
    refusals: bool = True,
) -> int:
    """The viewer sees the same in both worlds; returns the number of refusals compared.
    ``where`` names the step for a failure's message (only then: naming a game costs more
    than a comparison)."""
    game = original.game
    view, twin_view = original.view(viewer), twin.view(viewer)
    assert json.dumps(view, sort_keys=True) == json.dumps(twin_view, sort_keys=True), (
        f"{where()}: the view of {viewer} depends on cards it has not seen: "
        + "; ".join(differences(view, twin_view))
    )
    if viewer is None:
        return 0
    legal, twin_legal = original.legal_actions(viewer), twin.legal_actions(viewer)
    assert legal == twin_legal, (
        f"{where()}: the legal actions of {viewer} depend on cards it has not seen"
    )
    refused = refused_ids(game, original, viewer, unseen, rng) if refusals else []
    for action_id in refused:
        message, twin_message = (
            refusal(original, viewer, action_id),
            refusal(twin, viewer, action_id),
        )
        assert message == twin_message, (
            f"{where()}: refusing {game.action_name(action_id)!r} to {viewer} depends on cards it "
            f"has not seen: {message!r} != {twin_message!r}"
        )
    return len(refused)


@dataclass
class Viewpoint:
    """One viewer of one round: what it has seen and what it knows at each step."""

    played: Round
    secrecy: Secrecy
    viewer: int | None
    seen: list[frozenset[str]]
    """The card names it has seen by each step (``seen_by_step``)."""
    known: list[dict[str, Any]]
    """Its evidence at each step (``evidence``)."""
    rng: random.Random
    tally: Tally = field(default_factory=Tally)


def replay_twin(
    point: Viewpoint, twin_deck: list[str], steps: set[int], how: str, unseen: list[str]
) -> set[int]:
    """Replay the round in the twin dealt from ``twin_deck``, comparing the viewer's ``steps``
    while the twin is one it cannot tell apart; returns the steps compared."""
    played, secrecy, viewer, tally = point.played, point.secrecy, point.viewer, point.tally
    game = played.game
    sigma = card_renaming(played.deck, twin_deck)
    original, twin = played.deal(), played.deal(twin_deck)
    done: set[int] = set()
    if viewer is not None:
        dealt = [
            sorted(secrecy.dealt_hand(game, deck, played.dealer, viewer))
            for deck in (played.deck, twin_deck)
        ]
        if dealt[0] != dealt[1]:
            tally.given_up[f"{how}: dealt hand"] += 1
            return done
    for step in range(max(steps) + 1):
        snapshot = twin.snapshot()
        found, known = evidence(snapshot, secrecy, game.options, viewer), point.known[step]
        if found != known:
            tally.given_up[f"{how}: {next(k for k in known if known[k] != found.get(k))}"] += 1
            break
        if step in steps:

            def where(step: int = step) -> str:
                return f"{game!r} seed {played.seed} step {step} ({how} re-deal)"

            refusals = sum(tally.compared.values()) % REFUSALS_EVERY == 0
            tally.refused += compare(original, twin, viewer, unseen, point.rng, where, refusals)
            tally.compared[how] += 1
            tally.differing += snapshot != played.snapshots[step]
            done.add(step)
        if step == len(played.actions) or step == max(steps):
            break
        seat, action = played.actions[step]
        original.apply(seat, action)
        try:
            twin.apply(seat, secrecy.rename(action, sigma))
        except solocards.SoloError:
            tally.given_up[f"{how}: illegal"] += 1
            break
    return done


def check_stretch(point: Viewpoint, steps: range) -> None:
    """Compare the viewer's ``steps`` in twins that re-deal cards it has not seen by the
    stretch's last step (so none it has seen at any of these steps); then probe a few steps with
    a copy swap of the card just laid (whose other copy may be anywhere)."""
    deck, seen = point.played.deck, point.seen
    names = set(deck)
    checkable = [step for step in steps if len(names - seen[step]) >= 2]
    if not checkable:
        return  # the viewer has seen (all but at most one of) the cards: nothing to re-deal
    unseen = sorted(names - seen[checkable[-1]])
    pending = checkable
    horizon = pending[-1]
    for how in ATTEMPTS:
        if not pending:
            break
        upto = {step for step in pending if step <= horizon}
        twin_deck = redeal(deck, seen[horizon], how, point.secrecy, point.rng)
        if twin_deck != deck:
            done = replay_twin(point, twin_deck, upto, how, unseen)
            pending = [step for step in pending if step not in done]
        # steps left before the horizon: the next twin re-deals what was unseen half-way there
        # (more cards, and fewer facts to respect); else on to the last step left
        left = [step for step in pending if step <= horizon]
        horizon = left[len(left) // 2] if left else (pending[-1] if pending else horizon)
    point.tally.missed += len(pending)
    probe_copies(point, checkable, unseen)


def probe_copies(point: Viewpoint, checkable: list[int], unseen: list[str]) -> None:
    """At a few steps where a card that comes more than once was just laid, exchange each of
    its copies in turn with a card the viewer has not seen and compare the steps that follow
    (see ``COPY_PROBES``)."""
    played, rng = point.played, point.rng
    copies = Counter(played.deck)
    hidden = set(unseen)
    free = [place for place, card in enumerate(played.deck) if card in hidden]
    if max(copies.values()) == 1 or not free:
        return  # every card is unique: the re-deals above moved every unseen card already
    options = played.game.options
    for step in rng.sample(checkable, min(COPY_PROBES, len(checkable))):
        public = set(point.secrecy.public_cards(played.snapshots[step], options))
        if step:
            public -= set(point.secrecy.public_cards(played.snapshots[step - 1], options))
        laid = sorted(card for card in public if copies[card] > 1)
        if not laid:
            continue
        card = rng.choice(laid)
        window = set(range(step, min(step + COPY_WINDOW, checkable[-1]) + 1))
        for place in [place for place, other in enumerate(played.deck) if other == card]:
            twin_deck = played.deck[:]
            partner = rng.choice(free)
            twin_deck[place], twin_deck[partner] = twin_deck[partner], twin_deck[place]
            replay_twin(point, twin_deck, window, "copy swap", unseen)


def secrecy_of(game_id: str) -> Secrecy:
    """The game's rule of what is revealed to whom (``secrecy.py``)."""
    assert game_id in SECRECY, f"add {game_id}'s rule of what is revealed to whom to secrecy.py"
    return SECRECY[game_id]


def check_round(played: Round, rng: random.Random) -> dict[int | None, Tally]:
    """Every viewer, every step of ``played``, against twins (see the module doc)."""
    game = played.game
    secrecy = secrecy_of(game.id)
    tallies: dict[int | None, Tally] = {}
    last = len(played.actions)
    for viewer in [None, *range(game.players)]:
        known = [evidence(snapshot, secrecy, game.options, viewer) for snapshot in played.snapshots]
        point = Viewpoint(
            played, secrecy, viewer, seen_by_step(played, secrecy, viewer), known, rng
        )
        cuts = sorted(rng.sample(range(1, last), SEGMENTS - 1)) if last > SEGMENTS else []
        for start, stop in zip([0, *cuts], [*cuts, last + 1], strict=True):
            check_stretch(point, range(start, stop))
        tallies[viewer] = point.tally
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
    """Every option set of every game at every player count it is valid for: at one count in
    turn (every count for the defaults, or when thorough) with rounds of ``MAX_STEPS``, at the
    others with rounds of ``SHORT_STEPS``."""
    for game_id in solocards.games():
        counts = player_counts(game_id)
        for index, (name, options) in enumerate(option_sets(game_id)):
            valid = [n for n in counts if make_or_skip_combination(game_id, n, options)] or counts
            full = valid[index % len(valid)]
            for players in valid:
                long = THOROUGH or name == "defaults" or players == full
                steps = MAX_STEPS if long else SHORT_STEPS
                yield pytest.param(
                    game_id, players, options, steps, id=f"{game_id}-{players}:{name}"
                )


@pytest.mark.parametrize(("game_id", "players", "options", "steps"), list(cases()))
def test_a_viewer_cannot_tell_worlds_apart_that_differ_in_unseen_cards(
    game_id: str, players: int, options: dict[str, Any], steps: int
) -> None:
    game = make_or_skip_combination(game_id, players, options)
    assert game is not None, f"{options} is not valid for {game_id} at any player count"
    compared = differing = missed = refused = 0
    for round_index, pass_bias in enumerate(policies(game)):
        seed = 1000 * round_index + len(str(options)) + players
        played = play_round(game, seed, steps, pass_bias)
        for viewer, tally in check_round(played, random.Random(seed)).items():
            count = sum(tally.compared.values())
            assert count or not tally.missed, (
                f"{game!r} seed {seed}: no twin found for viewer {viewer} ({tally.given_up})"
            )
            compared += count
            differing += tally.differing
            missed += tally.missed
            refused += tally.refused
    # the check must not pass for want of twins: two in three steps a viewer could be shown a
    # twin of were compared in one (rules where draws depend on hidden cards, such as
    # draw_until_playable, leave few twins late in long rounds)
    assert compared >= 2 * missed, f"{game!r}: {compared} steps compared, {missed} without a twin"
    assert 2 * differing >= compared, f"{game!r}: most twins were the round itself"
    assert refused, f"{game!r}: no refused action was compared"


@pytest.mark.parametrize("game_id", solocards.games())
def test_every_game_says_what_it_reveals_to_whom(game_id: str) -> None:
    secrecy = secrecy_of(game_id)
    snapshot = solocards.make(game_id).deal(seed=1).snapshot()
    assert set(secrecy.public_keys) | set(secrecy.sized_keys) <= set(snapshot), "a misspelt key"


# -- the check catches leaks ----------------------------------------------------------------------


def first_leak(game: Game, seeds: Sequence[int] = (0, 1, 2)) -> str:
    """The check's failure message on a few rounds of ``game`` (``""`` when nothing leaks)."""
    for seed in seeds:
        try:
            check_round(play_round(game, seed), random.Random(seed))
        except AssertionError as error:
            return str(error)
    return ""


def leaking_view(monkeypatch: pytest.MonkeyPatch, module: Any, extra: Any) -> None:
    """Make a game's ``view.build_view`` add ``extra(state, seat)``'s keys to every view.

    ``module`` is the game's view module; the game module that hands the state its views
    (``game.view_of``) imported ``build_view`` by name, so it is patched there too.
    """
    build_view = module.build_view

    def leaky(state: Any, seat: Any, log: bool = True) -> dict[str, Any]:
        view = build_view(state, seat, log)
        view.update(extra(state, seat))
        return view

    monkeypatch.setattr(module, "build_view", leaky)
    game_module = importlib.import_module(module.__name__.rsplit(".", 1)[0] + ".game")
    if getattr(game_module, "build_view", None) is build_view:
        monkeypatch.setattr(game_module, "build_view", leaky)


def rounds_where(game: Game, wanted: str, count: int = 3) -> list[int]:
    """The first seeds (below 200) whose random round has an action starting with ``wanted``."""
    having = (
        seed
        for seed in range(200)
        if any(action.startswith(wanted) for _seat, action in play_round(game, seed).actions)
    )
    seeds = list(islice(having, count))
    assert seeds, f"no random round of {game!r} has a {wanted!r}"
    return seeds


def test_one_hidden_card_in_a_view_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The top card of UNO's draw pile, shown to everyone."""
    from solocards.games.uno import view
    from solocards.games.uno.cards import KIND_NAMES

    game = solocards.make("uno", players=3)
    assert first_leak(game) == ""
    leaking_view(monkeypatch, view, lambda state, seat: {"next_card": KIND_NAMES[state.pile[-1]]})
    assert "next_card" in first_leak(game)


def test_who_else_could_jump_in_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """A view that says which seats may react (those holding the copy of the card just laid):
    only a re-deal of the other copy of a card on the table shows it."""
    from solocards.games.amigo_solo import view

    game = solocards.make("amigo-solo", players=4)
    assert first_leak(game) == ""
    leaking_view(monkeypatch, view, lambda state, seat: {"reacting": state.to_act})
    message = first_leak(game)
    assert "reacting" in message and "copy swap" in message


def test_a_count_of_hidden_cards_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The points in each AMIGO's SOLO hand: no card, only a number per seat."""
    from solocards.games.amigo_solo import view
    from solocards.games.amigo_solo.cards import hand_points

    game = solocards.make("amigo-solo", players=3)
    assert first_leak(game) == ""
    leaking_view(
        monkeypatch, view, lambda state, seat: {"points": [hand_points(h) for h in state.hands]}
    )
    assert "points" in first_leak(game)


def test_a_hidden_card_in_a_log_line_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """Frog's log showing the Frage declarer's discards to the opponents (not ``discard:??``)."""
    from solocards.games.frog.state import FrogState

    game = solocards.make("frog")
    seeds = rounds_where(game, "discard:")
    assert first_leak(game, seeds) == ""
    monkeypatch.setattr(
        FrogState, "_log_entries", lambda state, seat, start: [list(p) for p in state.history]
    )
    message = first_leak(game, seeds)
    assert "log" in message and "discard:" in message


def test_an_ordering_that_follows_the_deal_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """German Solo seats listed by how many trumps and black queens they hold: a list of seat
    numbers, no card, in an order that only the hidden hands decide."""
    from solocards.games.german_solo import view
    from solocards.games.german_solo.cards import CARD_NAMES

    def strength(state: Any, seat: Any) -> dict[str, Any]:
        def trumps(hand: list[int]) -> int:
            return sum(CARD_NAMES[c][0] == "Q" and CARD_NAMES[c][1] in "CS" for c in hand)

        return {"seats_by_strength": sorted(range(4), key=lambda s: -trumps(state._hands[s]))}

    game = solocards.make("german-solo")
    assert first_leak(game) == ""
    leaking_view(monkeypatch, view, strength)
    assert "seats_by_strength" in first_leak(game)


def test_the_partner_shown_before_the_called_card_falls_is_caught(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """German Solo's holder of the called card, told to everyone as soon as it is called."""
    from solocards.games.german_solo import view

    game = solocards.make("german-solo")
    seeds = rounds_where(game, "call:")
    assert first_leak(game, seeds) == ""
    leaking_view(monkeypatch, view, lambda state, seat: {"holder": state._called_holder})
    assert "holder" in first_leak(game, seeds)


def test_a_leak_in_both_the_view_and_the_snapshot_is_caught(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """German Solo's public keys, which its views and snapshots share, telling everyone how many
    trumps the declarer holds: the check does not take a snapshot key for public because the
    snapshot has it (only the keys ``secrecy.py`` names with their rule)."""
    from solocards.games.german_solo import view
    from solocards.games.german_solo.cards import EFF, TRUMP

    public = view._public

    def with_trumps(state: Any, log: bool = True) -> dict[str, Any]:
        keys = public(state, log)
        if state._declarer >= 0 and state._trump >= 0:
            trumps = EFF[state._trump]
            keys["declarer_trumps"] = sum(trumps[c] == TRUMP for c in state._hands[state._declarer])
        return keys

    game = solocards.make("german-solo")
    assert first_leak(game) == ""
    monkeypatch.setattr(view, "_public", with_trumps)
    assert "declarer_trumps" in first_leak(game)


def test_a_refusal_that_names_a_holder_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """Frog's "not in your hand" telling where the card is."""
    from solocards.core.messages import Message, msg
    from solocards.games.frog.state import FrogState

    explain = FrogState.explain_message

    def naming(state: FrogState, seat: int, action_id: int) -> Message:
        holders = [s for s, hand in enumerate(state.hands) if action_id in hand]
        reason = explain(state, seat, action_id)
        if not holders:
            return reason
        return msg("{reason} (seat {seat} has it)", reason=reason, seat=holders[0])

    game = solocards.make("frog")
    assert first_leak(game) == ""
    monkeypatch.setattr(FrogState, "explain_message", naming)
    assert "has it" in first_leak(game)


# -- worlds sampled for the search: a second source of re-deals ------------------------------------


@pytest.mark.parametrize(
    ("game_id", "players"),
    [(game_id, count) for game_id in solocards.games() for count in player_counts(game_id)],
)
def test_worlds_sampled_for_a_seat_show_it_the_same(game_id: str, players: int) -> None:
    """``game.sample_world(view)`` (ISMCTS's worlds, dealt by each game's own sampling module)
    is another world the seat cannot tell apart: its view, legal actions and refusals there are
    the ones of the round."""
    game = solocards.make(game_id, players=players)
    rng = random.Random(players)
    compared = 0
    for seed in range(2 if not THOROUGH else 10):
        played = play_round(game, seed, max_steps=60)
        state = played.deal()
        for step, (seat, action) in enumerate([*played.actions, (-1, "")]):
            if step % 7 == 0 and not state.is_over:  # (nobody searches a finished round)
                for viewer in range(players):
                    world = game.sample_world(state.view(viewer), rng)
                    unseen = sorted(set(game.deck()) - set(state.view(viewer)["hand"]))

                    def where(seed: int = seed, step: int = step) -> str:
                        return f"{game!r} seed {seed} step {step} (sampled world)"

                    compare(state, world, viewer, unseen, rng, where)
                    compared += 1
            if seat >= 0:
                state.apply(seat, action)
    assert compared >= 2 * players
