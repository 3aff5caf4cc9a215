"""AMIGO's SOLO as played on Board Game Arena, with the rulebook's variants (shedding.md §1).

>>> import solocards
>>> game = solocards.make("amigo-solo")
>>> game.players, len(game.deck()), game.num_actions
(4, 112, 161)
>>> state = game.deal(seed=3)
>>> [len(hand) for hand in state.snapshot()["hands"]]
[8, 8, 8, 8]
>>> try:
...     game.action_id("W")
... except solocards.NotationError as error:
...     print(str(error)[:59])
'W' is not an action of amigo-solo: a Wild names the colour
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from ...core.errors import NotationError, OptionError
from ...core.game import Game, Result, State, View
from ...core.info import GameInfo
from ...core.messages import Message, msg, text_id
from ...core.options import Option, OptionValue
from .actions import build_actions
from .cards import (
    KIND,
    NAMES,
    deck_strings,
)
from .explain import explain
from .fast import AmigoFastTables
from .heuristic import AmigoSoloHeuristicBot
from .options import (
    OPTION_SPECS,
    PRESETS,
    SCORING_BGA,
    SCORING_MINUS,
    check_options,
)
from .rules import AmigoSoloRules
from .scoring import match_over, match_winners
from .state import AmigoSoloState
from .text import (
    action_message,
    result_messages,
    table_messages,
)
from .view import build_snapshot, build_view


class AmigoSoloGame(Game):
    """AMIGO's SOLO for 2 to 10 players: the 112-card deck, jump-in, the solo call, swaps.

    Options: the configuration table of shedding.md §1.12 (see
    :mod:`solocards.games.amigo_solo.options`); actions: :mod:`solocards.games.amigo_solo.actions`.
    """

    id: ClassVar[str] = "amigo-solo"
    info: ClassVar[GameInfo] = GameInfo(
        title=text_id("AMIGO's SOLO (as on Board Game Arena)"),
        reaction_windows=True,
        heuristic_bot="solocards.games.amigo_solo.game:AmigoSoloGame.heuristic_bot",
        world_sampler="solocards.games.amigo_solo.sampling:sample_world",
        rl_encoder="solocards.rl.observations.amigo_solo:AmigoSoloEncoder",
        step_events="solocards.games.amigo_solo.events:step_events",
        browser_module="solocards:web/js/games/amigo-solo.js",
        learned_features=("solocards.learned.features:AmigoSoloMemory",),
    )
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 10
    default_players: ClassVar[int] = 4
    option_specs: ClassVar[tuple[Option, ...]] = OPTION_SPECS
    presets: ClassVar[dict[str, dict[str, OptionValue]]] = PRESETS

    def __init__(
        self,
        players: int | None = None,
        *,
        preset: str | None = None,
        stored: bool = False,
        **options: Any,
    ) -> None:
        # ``stored`` is passed by name: a compiled build (mypyc) fills a keyword-only parameter
        # of the base class from ``**options`` wrongly when it is left in there.
        super().__init__(players, preset=preset, stored=stored, **options)
        self.fast: AmigoFastTables = AmigoFastTables(self.table, self.players)
        """The hot paths' tables (see :mod:`.fast`), shared by every round of this game."""

    def _check_options(self) -> None:
        check_options(self.options, self.players)
        self.rules: AmigoSoloRules = AmigoSoloRules.from_options(self.options)
        """The options resolved once (see :mod:`.rules`); the state reads these."""

    def _build_deck(self) -> list[str]:
        return deck_strings()

    def _build_actions(self) -> list[str]:
        self.table = build_actions(self.players, self.rules.triple_plus)
        return list(self.table.names)

    def _new_round(self, deck: list[str], dealer: int, seed: int) -> State:
        return AmigoSoloState(self, [KIND[card] for card in deck], dealer, seed)

    # -- notation ----------------------------------------------------------------------------

    def notation_examples(self) -> str:
        """A few valid action strings, quoted in notation errors."""
        return "R7, GS, Y+2, W:G, W+4:B!, RX>1, WX, draw, pass"

    def action_id(self, action: object) -> int:
        """The id of an action string; a :class:`NotationError` says what is wrong with it."""
        index = self._action_index.get(action) if isinstance(action, str) else None
        if index is not None:
            return index
        raise NotationError(
            msg(
                "{action} is not an action of {game}: {hint}",
                action=repr(action),
                game=self.id,
                hint=self._hint(action),
            )
        )

    def _hint(self, action: object) -> Message:
        if not isinstance(action, str):
            return msg("actions are strings, e.g. {examples}", examples=self.notation_examples())
        body = action[:-1] if action.endswith("!") else action
        if body in ("W", "W+4"):
            return msg(
                "a {card} names the colour it calls, {body}:R, {body}:Y, {body}:G or {body}:B "
                "(rule 1.5.1)",
                card=msg("Wild") if body == "W" else msg("Wild Plus Four"),
                body=body,
            )
        if body in KIND and NAMES[KIND[body]].endswith("X") and body != "WX":
            return msg(
                "a Swap names the seat to swap hands with, {body}>0 .. {body}>{last} (rule 1.5.1)",
                body=body,
                last=self.players - 1,
            )
        if ">" in body:
            card, _, seat = body.partition(">")
            if card in KIND or card in ("catch", "swap"):
                return msg(
                    "there is no seat {seat} in this {players}-player game",
                    seat=seat,
                    players=self.players,
                )
        if "+" in body and body.count("+") >= 2 and not self.rules.triple_plus:
            return msg("playing several cards at once is the Triple + variant (triple_plus=True)")
        if body.startswith("WX") and body != "WX":
            return msg("Swap all round names no colour and no seat: WX or WX!")
        return msg("examples: {examples}", examples=self.notation_examples())

    def heuristic_bot(self, **params: Any) -> AmigoSoloHeuristicBot:
        """The rule-of-thumb bot (it takes no parameters)."""
        if params:
            raise OptionError(
                f"the amigo-solo heuristic bot takes no parameters, got {', '.join(sorted(params))}"
            )
        return AmigoSoloHeuristicBot(rotate_with_play=self.rules.rotate_with_play)

    # -- what the state shows: its views, its snapshot and its refusals ----------------------

    def view_of(self, state: AmigoSoloState, seat: int | None, log: bool = True) -> View:
        """What ``seat`` may know of ``state`` (``None``: a spectator); see :mod:`.view`."""
        return build_view(state, seat, log)

    def snapshot_of(self, state: AmigoSoloState) -> dict[str, Any]:
        """The whole of ``state``, hidden cards included; see :mod:`.view`."""
        return build_snapshot(state)

    def explain_refusal(self, state: AmigoSoloState, seat: int, action_id: int) -> Message:
        """Why ``seat`` may not take ``action_id`` in ``state``; see :mod:`.explain`."""
        return explain(state, seat, action_id)

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

    # -- the match (§1.11) -------------------------------------------------------------------

    def initial_totals(self) -> list[int]:
        """``start_total`` each under the BGA countdown, else 0."""
        start = self.rules.start_total if self.rules.scoring == SCORING_BGA else 0
        return [start] * self.players

    def add_round(self, totals: list[int], result: Result) -> None:
        """Add the round's scores (see :mod:`solocards.games.amigo_solo.scoring`)."""
        for seat, score in enumerate(result["scores"]):
            totals[seat] += score

    def match_over(self, totals: list[int], results: list[Result]) -> bool:
        """Countdown: a total <= 0; minus points / winner collects: a total >= the target."""
        return match_over(self.rules.scoring, self.rules.threshold, totals)

    @property
    def lowest_wins(self) -> bool:
        """Under minus points a total counts against its seat: the lowest wins."""
        return self.rules.scoring == SCORING_MINUS

    def match_winners(self, totals: list[int], results: list[Result]) -> list[int]:
        """Highest total (lowest under minus points); ties shared or by rounds won."""
        return match_winners(self.rules.scoring, self.rules.tie_break, totals, results)
