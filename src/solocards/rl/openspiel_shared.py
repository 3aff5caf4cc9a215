"""What every state of one OpenSpiel game shares: its encoder, deck and chance outcomes.

The OpenSpiel state (:mod:`solocards.rl.openspiel_game`) is a subclass of ``pyspiel.State``, so
it stays plain Python; the work it does at every step and every chance node lives here, where
the compiled build compiles it: the observation tensor of a seat (a list of floats, as pyspiel's
``observation_tensor`` gives it) and the chance outcomes of a deal (pairs made once per game).
Nothing here imports pyspiel.

>>> import solocards
>>> from solocards.rl.turns import Turns
>>> shared = Shared(solocards.make("frog"))
>>> turns = Turns(shared.solo.deal(seed=3))
>>> values = shared.tensor(turns, 1)
>>> len(values) == shared.size, values == shared.encoder.observation_list(turns.state, 1, [])
(True, True)
>>> shared.tensor(turns, 3) is None  # no such seat
True
"""

from __future__ import annotations

import operator
from typing import Any, SupportsIndex, cast

from ..core.game import Game
from .observations import Encoder, encoder_for
from .turns import Turns, has_windows


class Shared:
    """What every state of one game reads at each step: its encoder, sizes and deck, and the
    chance outcomes of every deal. A state's copies share it (pyspiel clones a Python state by
    deep-copying its ``__dict__``; copying this gives itself), so one encoder serves a game and
    its states, one thread at a time.

    ``outcomes[total][key]`` is the chance outcome ``(kind, count / total)`` of a kind with
    ``count`` copies left among ``total`` cards left, where ``key`` is ``start[kind] + count``:
    each deal's chance nodes list these pairs, made once, rather than new ones.

    >>> import solocards
    >>> shared = Shared(solocards.make("frog"))
    >>> shared.outcomes[36][shared.keys[0]], shared.dealer_outcomes[0]
    ((0, 0.027777777777777776), (0, 0.3333333333333333))
    >>> shared.card_outcomes(35, [1, 5])
    [(0, 0.02857142857142857), (2, 0.02857142857142857)]
    """

    solo: Game
    encoder: Encoder
    players: int
    size: int
    windows: bool
    kinds: list[str]
    copies: tuple[int, ...]
    deck_size: int
    dealer_outcomes: tuple[tuple[int, float], ...]
    kinds_left: tuple[int, ...]
    keys: tuple[int, ...]
    outcomes: list[tuple[tuple[int, float], ...]]

    def __init__(self, solo: Game) -> None:
        self.solo = solo
        self.encoder = encoder_for(solo)
        players = self.players = solo.players
        self.size = self.encoder.size
        self.windows = has_windows(solo)
        deck = solo.deck()
        self.kinds = list(dict.fromkeys(deck))
        """The card kinds in deck order: a card's chance outcome is its kind's index."""
        self.copies = tuple([deck.count(kind) for kind in self.kinds])
        self.deck_size = len(deck)
        self.dealer_outcomes = tuple([(seat, 1.0 / players) for seat in range(players)])
        starts: list[int] = []  # a kind's first key: its outcomes with 0, 1, ... copies left
        key = 0
        for copies in self.copies:
            starts.append(key)
            key += copies + 1
        self.kinds_left = tuple([kind for kind, copies in enumerate(self.copies) if copies])
        """The kinds of a whole deck (those with copies), in kind order."""
        self.keys = tuple([starts[kind] + self.copies[kind] for kind in self.kinds_left])
        """Per kind of :attr:`kinds_left`, its outcome's key in a whole deck."""
        self.outcomes = [()]
        for total in range(1, self.deck_size + 1):
            row: list[tuple[int, float]] = []
            for kind, copies in enumerate(self.copies):
                for count in range(copies + 1):
                    row.append((kind, count / total))
            self.outcomes.append(tuple(row))

    def __deepcopy__(self, memo: dict[int, Any]) -> Shared:
        return self

    def card_outcomes(self, cards_left: int, keys: list[int]) -> list[tuple[int, float]]:
        """The chance outcomes of the next card: the pairs of ``keys`` among ``cards_left``."""
        row = self.outcomes[cards_left]
        return [row[key] for key in keys]

    def tensor(self, turns: Turns | None, player: object) -> list[float] | None:
        """``player``'s observation as pyspiel's ``observation_tensor`` gives it (a list of
        floats; zeros while dealing, ``turns`` None), or None if ``player`` is no seat.

        ``player`` is an int or anything with ``__index__``."""
        seat = player if type(player) is int else operator.index(cast(SupportsIndex, player))
        if not 0 <= seat < self.players:
            return None
        if turns is None:
            return [0.0] * self.size
        state = turns.state
        legal: list[int] = []
        if self.windows:  # several seats may act at once
            if seat in state.to_act:
                legal = state.legal_action_ids(seat)
        elif seat == turns.seat:  # the one seat to act, as state.to_act lists it
            legal = state.legal_action_ids(seat)
        return self.encoder.observation_list(state, seat, legal)


__all__ = ["Shared"]
