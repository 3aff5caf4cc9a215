"""The Frog game: the 3-player Solo of Frage, Solo and Heart Solo (rules: trick-taking.md part B);
4 or 5 players take turns sitting out (§B7).

>>> import solocards
>>> game = solocards.make("frog")
>>> game.players, len(game.deck()), game.num_actions
(3, 36, 80)
>>> state = game.deal(seed=4)
>>> sorted(len(hand) for hand in state.snapshot()["hands"]), len(state.snapshot()["talon"])
([11, 11, 11], 3)
>>> five = solocards.make("frog", players=5).deal(seed=4, dealer=0)
>>> [len(hand) for hand in five.snapshot()["hands"]], five.view(None)["sitting_out_seats"]
([0, 11, 11, 0, 11], [0, 3])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Final

from ...core.bot import BotParam
from ...core.errors import OptionError
from ...core.game import Game, Result, State, View
from ...core.info import GameInfo
from ...core.messages import Message, text_id
from ...core.options import Option, OptionValue
from ...core.rng import shuffled
from .actions import ACTIONS
from .cards import CARD_INDEX, deck_strings
from .explain import explain_illegal
from .heuristic import FrogHeuristicBot
from .options import OPTION_SPECS, PRESETS, check_options
from .rules import FrogRules
from .state import FrogState
from .text import (
    action_message,
    result_messages,
    table_messages,
)
from .view import build_snapshot, build_view

CARD_ORDER: Final = tuple(CARD_INDEX[card] for card in deck_strings())
"""The deck as card ints, in :meth:`FrogGame.deck` order."""


class FrogGame(Game):
    """Frog (Tapp; Russian "Соло"): Frage, Solo and Heart Solo for 3; for 4 with the dealer
    out, for 5 with the dealer and the second player to his right out (§B7).

    Options (rules part E): ``deal_order``, ``all_pass``, ``multipliers``, ``frage_talon``,
    ``target``, ``deals``, ``max_deals``; see :mod:`solocards.games.frog.options`.
    """

    id: ClassVar[str] = "frog"
    info: ClassVar[GameInfo] = GameInfo(
        title=text_id("Frog (Solo: Frage, Solo, Heart Solo)"),
        heuristic_bot="solocards.games.frog.game:FrogGame.heuristic_bot",
        heuristic_params=(BotParam("solo", float, 0.0, 50.0), BotParam("frage", float, 0.0, 50.0)),
        world_sampler="solocards.games.frog.sampling:sample_world",
        belief_sampling=True,
        deal_sampler="solocards.games.frog.sampling:sample_deal",
        rl_encoder="solocards.rl.observations.frog:FrogEncoder",
        counts_deals=True,
        round_events="solocards.games.frog.events:round_events",
        browser_module="solocards:web/js/games/frog.js",
    )
    """What Frog offers (``heuristic:solo=..,frage=..``: the hand values it bids from)."""
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 5
    default_players: ClassVar[int] = 3
    option_specs: ClassVar[tuple[Option, ...]] = OPTION_SPECS
    presets: ClassVar[dict[str, dict[str, OptionValue]]] = PRESETS

    def _check_options(self) -> None:
        check_options(self.options, self.players)
        self.rules: FrogRules = FrogRules.from_options(self.options)
        """The options resolved once (see :mod:`.rules`); the state reads these."""

    def _build_deck(self) -> list[str]:
        return deck_strings()

    def _build_actions(self) -> list[str]:
        return list(ACTIONS)

    def _new_round(self, deck: list[str], dealer: int, seed: int) -> State:
        return FrogState(self, [CARD_INDEX[card] for card in deck], dealer, seed)

    def _new_shuffled_round(self, seed: int, dealer: int) -> State:
        """The deck of card ints shuffled as the strings would be (see the base class)."""
        return FrogState(self, shuffled(CARD_ORDER, seed), dealer, seed)

    def notation_examples(self) -> str:
        """A few valid action strings, quoted in notation errors."""
        return "pass, frage, solo, heart-solo, trump:S, discard:7H, QC, TS"

    def action_message(self, action: str) -> Message:
        """:meth:`describe_action` as a message (see :mod:`.text`)."""
        return action_message(action)

    def table_messages(self, view: View) -> list[Message]:
        """:meth:`describe_table` as messages (see :mod:`.text`)."""
        return table_messages(view)

    def result_messages(
        self, result: Result, names: Sequence[object] | None = None
    ) -> list[Message]:
        """The end of a round in words (see :mod:`.text`)."""
        return result_messages(result, names)

    def heuristic_bot(self, **params: Any) -> FrogHeuristicBot:
        """The rule-of-thumb bot (``solo`` and ``frage``: the hand values it bids from)."""
        unknown = sorted(set(params) - {"solo", "frage"})
        if unknown:
            raise OptionError(
                f"the frog heuristic bot has no parameter {', '.join(unknown)}; "
                "it takes solo, frage"
            )
        return FrogHeuristicBot(**params)

    # -- what the state shows: its views, its snapshot and its refusals ----------------------

    def view_of(self, state: FrogState, seat: int | None, log: bool = True) -> View:
        """What ``seat`` may know of ``state`` (``None``: a spectator); see :mod:`.view`."""
        return build_view(state, seat, log)

    def snapshot_of(self, state: FrogState) -> dict[str, Any]:
        """The whole of ``state``, hidden cards included; see :mod:`.view`."""
        return build_snapshot(state)

    def explain_refusal(self, state: FrogState, seat: int, action_id: int) -> Message:
        """Why ``seat`` may not take ``action_id`` in ``state``; see :mod:`.explain`."""
        return explain_illegal(state, seat, action_id)

    # -- the match (§B8) ---------------------------------------------------------------------

    def next_dealer(self, dealer: int, result: Result) -> int:
        """The deal passes to the left, except a thrown-in deal under ``all_pass="same_dealer"``."""
        if result.get("thrown_in") and self.rules.all_pass_same_dealer:
            return dealer
        return (dealer + 1) % self.players

    def match_over(self, totals: list[int], results: list[Result]) -> bool:
        """After ``deals`` deals if set; else once one seat alone leads with >= ``target``
        (ties for the lead play on), or after ``max_deals`` deals."""
        deals = self.rules.deals
        if deals:
            return len(results) >= deals
        if len(results) >= self.rules.max_deals:
            return True
        best = max(totals)
        return best >= self.rules.target and totals.count(best) == 1

    @property
    def lowest_wins(self) -> bool:
        """The highest balance wins."""
        return False

    def match_winners(self, totals: list[int], results: list[Result]) -> list[int]:
        """The seats with the highest balance (several when tied at the deal cap)."""
        best = max(totals)
        return [seat for seat, total in enumerate(totals) if total == best]
