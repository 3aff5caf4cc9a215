"""A match: rounds dealt one after another until the game's end condition.

>>> import solocards
>>> match = solocards.make("uno", players=2).match(seed=1)
>>> while not match.is_over:
...     seat = match.to_act[0]
...     match.apply(seat, match.state.legal_actions(seat)[0])
>>> match.winners == [max(range(2), key=lambda s: match.totals[s])]
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from .errors import IllegalActionError, OptionError
from .messages import msg
from .options import recorded_options
from .rng import derive_seed, fresh_seed, shuffled
from .types import Record, RoundRecord

if TYPE_CHECKING:
    from .game import Game, Result, State


def round_seed(match_seed: int, index: int) -> int:
    """The seed of round ``index`` (0-based) of a match: shuffles it and drives its randomness."""
    return derive_seed(match_seed, "round", index)


class Match:
    """A whole game: rounds until the end condition, with running totals and a record."""

    def __init__(
        self,
        game: Game,
        seed: int | None = None,
        names: Sequence[str] | None = None,
        *,
        first_dealer: int | None = None,
        decks: Sequence[list[str]] = (),
    ) -> None:
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise OptionError(msg("seed must be a whole number, not {seed}", seed=repr(seed)))
        self.game = game
        self.seed: int = fresh_seed() if seed is None else seed
        if names is None:
            names = [f"seat {seat}" for seat in range(game.players)]
        if len(names) != game.players:
            raise OptionError(
                msg("{names} names given for {seats} seats", names=len(names), seats=game.players)
            )
        self.names: list[str] = [str(name) for name in names]
        self._decks = decks  # explicit deck orders for the first rounds (replays)
        self.totals: list[int] = game.initial_totals()
        self.results: list[Result] = []
        self._rounds: list[dict[str, Any]] = []
        self._finished_histories: list[list[tuple[int, str]]] = []
        dealer = game.first_dealer(self.seed) if first_dealer is None else first_dealer
        self.state: State = self._deal(dealer)
        self._over = False

    def _deal(self, dealer: int) -> State:
        index = len(self._rounds)
        seed = round_seed(self.seed, index)
        if index < len(self._decks):
            deck = list(self._decks[index])
        else:
            deck = shuffled(self.game.deck(), seed)
        state = self.game.deal(seed=seed, deck=deck, dealer=dealer)
        self.game.prepare_round(state, self.results)
        self._rounds.append({"dealer": dealer, "deck": deck})
        return state

    @property
    def is_over(self) -> bool:
        """Whether the match has ended."""
        return self._over

    @property
    def to_act(self) -> list[int]:
        """The seats that may act in the current round (``[]`` once the match is over)."""
        return [] if self._over else self.state.to_act

    @property
    def round_index(self) -> int:
        """The 0-based number of the current round."""
        return len(self._rounds) - 1

    @property
    def winners(self) -> list[int]:
        """The seats that won the match; ``[]`` while it goes on."""
        return self.game.match_winners(self.totals, self.results) if self._over else []

    def apply(self, seat: int, action: str) -> None:
        """Apply an action to the current round; deals the next round when this one ends."""
        if self._over:
            raise IllegalActionError(msg("the match is over"))
        self.state.apply(seat, action)
        self._after_action()

    def apply_id(self, seat: int, action_id: int) -> None:
        """Like :meth:`apply`, with an integer action id."""
        if self._over:
            raise IllegalActionError(msg("the match is over"))
        self.state.apply_id(seat, action_id)
        self._after_action()

    def _after_action(self) -> None:
        """Close a finished round: score it, then end the match or deal the next round."""
        state = self.state
        if not state.is_over:
            return
        result = state.result
        assert result is not None
        self.results.append(result)
        self._finished_histories.append(state.history)
        self.game.add_round(self.totals, result)
        if self.game.match_over(self.totals, self.results):
            self.game.close_match(state, self.totals, self.results)
            self._over = True
            return
        self.state = self._deal(self.game.next_dealer(state.dealer, result))

    def record(self) -> Record:
        """The record of everything so far (see ``solocards.replay``)."""
        rounds: list[RoundRecord] = []
        finished = len(self.results)
        for index, round_ in enumerate(self._rounds):
            actions = self._round_actions(index)
            entry: RoundRecord = {
                "dealer": round_["dealer"],
                "deck": list(round_["deck"]),
                "actions": [[seat, action] for seat, action in actions],
            }
            if index < finished:
                entry["result"] = self.results[index]
            rounds.append(entry)
        return {
            "format": "solocards/1",
            "game": self.game.id,
            "players": self.game.players,
            "options": recorded_options(self.game.option_specs, self.game.options),
            "seed": self.seed,
            "names": list(self.names),
            "rounds": rounds,
            "totals": list(self.totals),
            "winners": self.winners,
        }

    def _round_actions(self, index: int) -> list[tuple[int, str]]:
        if index == len(self._rounds) - 1:
            return self.state.history
        return self._finished_histories[index]

    def __repr__(self) -> str:
        status = "over" if self._over else f"round {self.round_index + 1}"
        return f"<{self.game.id} match, {status}, totals {self.totals}>"
