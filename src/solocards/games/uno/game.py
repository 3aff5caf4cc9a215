"""The UNO :class:`~solocards.core.game.Game`: deck, action space, rule tables and match hooks.

Everything the hot paths of :class:`~.state.UnoState` look up is precomputed here once per game:
what may be played on what (``playable[key][kind]``, where ``key = colour * 14 + top rank`` and a
wild on top has top rank 13), and the tables of :mod:`.fast`; the options
as plain flags are :mod:`.rules`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ...core.bot import BotParam
from ...core.game import Game, Result, State, View
from ...core.info import GameInfo
from ...core.messages import Message, text_id
from ...core.rng import derive_seed
from .actions import Act, ActionTable
from .cards import KIND_COLOUR, KIND_RANK, NUM_KINDS, WILD, build_deck, copies
from .explain import explain
from .fast import NUM_KEYS, FastTables
from .heuristic import UnoHeuristicBot
from .options import OPTION_SPECS, PRESETS
from .rules import UnoRules
from .scoring import match_over, match_winners
from .state import UnoState
from .text import (
    action_message,
    outcome_message,
    result_messages,
    table_messages,
)
from .view import build_snapshot, build_view


class UnoGame(Game):
    """Mattel's classic UNO (108 cards) with every house rule of the rules file as an option.

    >>> import solocards
    >>> game = solocards.make("uno", players=4)
    >>> game.num_actions, game.action_name(game.action_id("W+4:G!"))
    (164, 'W+4:G!')
    >>> state = game.deal(seed=1)
    >>> sum(map(len, state.snapshot()["hands"]))
    28
    """

    id = "uno"
    info = GameInfo(
        title=text_id("UNO"),
        reaction_windows=True,
        heuristic_bot="solocards.games.uno.game:UnoGame.heuristic_bot",
        heuristic_params=(BotParam("challenge_at", int, 0, 108), BotParam("bluff_at", int, 0, 108)),
        world_sampler="solocards.games.uno.sampling:sample_world",
        replay_sampler="solocards.games.uno.belief:replay_worlds",
        replay_reshuffle="solocards.games.uno.belief:reshuffle_pile",
        rl_encoder="solocards.rl.observations.uno:UnoEncoder",
        rl_name="UNO",
        step_events="solocards.games.uno.events:step_events",
        browser_module="solocards:web/js/games/uno.js",
        learned_features=("solocards.learned.features:UnoMemory",),
        round_won=True,
    )
    """What UNO offers (the heuristic bot: :class:`~.heuristic.UnoHeuristicBot`)."""
    min_players = 2
    max_players = 10
    default_players = 4
    option_specs = OPTION_SPECS
    presets = PRESETS

    # -- options and tables --------------------------------------------------------------------

    def _check_options(self) -> None:
        self.rules: UnoRules = UnoRules.from_options(self.options, self.players)
        """The options resolved once into flags (see :mod:`.rules`); the state reads these."""

    def _build_deck(self) -> list[str]:
        return build_deck()

    def _build_actions(self) -> list[str]:
        n = self.players
        table = ActionTable(n, multi=self.rules.multi)
        self.table: ActionTable = table
        self.acts: list[Act] = table.acts

        playable = [
            [
                kind >= WILD or KIND_COLOUR[kind] == key // 14 or KIND_RANK[kind] == key % 14
                for kind in range(NUM_KINDS)
            ]
            for key in range(NUM_KEYS)
        ]
        self.playable: list[list[bool]] = playable
        """``playable[key][kind]``: whether ``kind`` may go on a top card with this match key."""
        self.fast = FastTables(
            table,
            playable,
            players=n,
            call_ok=self.rules.call_ok,
            plain=self.rules.plain_numbers,
        )
        return table.names

    def notation_examples(self) -> str:
        return "R7, W:G, W+4:B!, draw, pass"

    # -- rounds --------------------------------------------------------------------------------

    def _new_round(self, deck: list[str], dealer: int, seed: int) -> State:
        return UnoState(self, deck, dealer, seed)

    def action_message(self, action: str) -> Message:
        """:meth:`describe_action` as a message (see :mod:`.text`)."""
        return action_message(self, action)

    def table_messages(self, view: View) -> list[Message]:
        """:meth:`describe_table` as messages (see :mod:`.text`)."""
        return table_messages(view)

    def result_messages(
        self, result: Result, names: Sequence[object] | None = None
    ) -> list[Message]:
        """The end of a round in words (see :mod:`.text`)."""
        return result_messages(result, names)

    def outcome_message(
        self, action: str, before: View, after: View, names: Sequence[object] | None = None
    ) -> Message | None:
        """The outcome of a challenge (see :mod:`.text`)."""
        return outcome_message(action, before, after, names)

    # -- bots (see :mod:`.sampling` and :mod:`.heuristic`) ---------------------------------------

    # -- what the state shows: its views, its snapshot and its refusals ----------------------

    def view_of(self, state: UnoState, seat: int | None, log: bool = True) -> View:
        """What ``seat`` may know of ``state`` (``None``: a spectator); see :mod:`.view`."""
        return build_view(state, seat, log)

    def snapshot_of(self, state: UnoState) -> dict[str, Any]:
        """The whole of ``state``, hidden cards included; see :mod:`.view`."""
        return build_snapshot(state)

    def explain_refusal(self, state: UnoState, seat: int, action_id: int) -> Message:
        """Why ``seat`` may not take ``action_id`` in ``state``; see :mod:`.explain`."""
        return explain(state, seat, action_id)

    def heuristic_bot(self, **params: Any) -> UnoHeuristicBot:
        """The UNO heuristic bot (``heuristic:challenge_at=8,bluff_at=0``)."""
        return UnoHeuristicBot(**params, game=self)

    # -- match hooks ---------------------------------------------------------------------------

    def first_dealer(self, seed: int) -> int:
        """Draw for the deal (§2.2): everyone draws a card, the highest deals (action and black
        cards count 0), tied players draw again; from a generator derived from ``seed``.

        >>> import solocards
        >>> game = solocards.make("uno", players=5)
        >>> game.first_dealer(3) == game.first_dealer(3)
        True
        """
        rng = random.Random(derive_seed(seed, "uno", "draw-for-deal"))
        pile: list[int] = []
        contenders = list(range(self.players))
        while True:
            values = []
            for _ in contenders:
                if not pile:
                    pile = [kind for kind in range(NUM_KINDS) for _ in range(copies(kind))]
                    rng.shuffle(pile)
                kind = pile.pop()
                values.append(KIND_RANK[kind] if KIND_RANK[kind] < 10 else 0)
            best = max(values)
            contenders = [
                seat for seat, value in zip(contenders, values, strict=True) if value == best
            ]
            if len(contenders) == 1:
                return contenders[0]

    def match_over(self, totals: list[int], results: list[Result]) -> bool:
        """At the target score (or after ``rounds`` rounds); see :mod:`.scoring`."""
        return match_over(self.rules, totals, len(results))

    @property
    def lowest_wins(self) -> bool:
        """Under alternative scoring a total counts against its seat: the lowest wins."""
        return self.rules.alternative_scoring

    def match_winners(self, totals: list[int], results: list[Result]) -> list[int]:
        """The best total: the highest, or the lowest under alternative scoring."""
        return match_winners(self.rules, totals)


__all__ = ["UnoGame"]
