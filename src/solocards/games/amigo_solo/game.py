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

from typing import Any, ClassVar

from ...core.errors import NotationError, OptionError
from ...core.game import Game, Result, State, View
from ...core.info import GameInfo
from ...core.options import Option, OptionValue
from .actions import build_actions
from .bot import AmigoSoloHeuristicBot
from .cards import (
    COLOUR_OF,
    IS_BLACK,
    IS_NUMBER,
    KIND,
    KINDS,
    NAMES,
    RANK_OF,
    SWAP,
    W4,
    W,
    deck_strings,
)
from .options import (
    AFTER_DRAW_DRAWN,
    CROSS_BOTH,
    CROSS_NONE,
    FIRST_APPLY,
    LAST_RESOLVE_DRAWS,
    OPTION_SPECS,
    PRESETS,
    ROTATE_WITH,
    SCORING_BGA,
    SOLO_CATCH,
    check_options,
)
from .scoring import match_over, match_winners, target
from .state import AmigoSoloState
from .text import describe_action, describe_table


class AmigoSoloGame(Game):
    """AMIGO's SOLO for 2 to 10 players: the 112-card deck, jump-in, the solo call, swaps.

    Options: the configuration table of shedding.md §1.12 (see
    :mod:`solocards.games.amigo_solo.options`); actions: :mod:`solocards.games.amigo_solo.actions`.
    """

    id: ClassVar[str] = "amigo-solo"
    info: ClassVar[GameInfo] = GameInfo(
        title="AMIGO's SOLO (as on Board Game Arena)",
        reaction_windows=True,
        heuristic_bot="solocards.games.amigo_solo.game:AmigoSoloGame.heuristic_bot",
        world_sampler="solocards.games.amigo_solo.sampling:sample_world",
        rl_encoder="solocards.rl.observations.amigo_solo:AmigoSoloEncoder",
    )
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 10
    default_players: ClassVar[int] = 4
    option_specs: ClassVar[tuple[Option, ...]] = OPTION_SPECS
    presets: ClassVar[dict[str, dict[str, OptionValue]]] = PRESETS

    def __init__(
        self, players: int | None = None, *, preset: str | None = None, **options: Any
    ) -> None:
        super().__init__(players, preset=preset, **options)
        opts = self.options
        self.hand_size = int(opts["hand_size"])
        self.apply_first_card = opts["first_card_mode"] == FIRST_APPLY
        self.voluntary_draw = bool(opts["voluntary_draw"])
        self.drawn_card_only = opts["play_after_draw"] == AFTER_DRAW_DRAWN
        self.cross_stack_plus4 = opts["cross_stack"] != CROSS_NONE
        self.cross_stack_plus2 = opts["cross_stack"] == CROSS_BOTH
        self.penalty_ends_turn = bool(opts["penalty_ends_turn"])
        self.rotate_with_play = opts["rotation_moves_hands"] == ROTATE_WITH
        self.jump_in = bool(opts["jump_in"])
        self.jump_in_black = bool(opts["jump_in_black"])
        self.jump_in_numbers_only = bool(opts["jump_in_numbers_only"])
        self.jump_in_self = bool(opts["jump_in_self"])
        self.jump_in_during_penalty = bool(opts["jump_in_during_penalty"])
        self.catch_mode = opts["solo_call_enforcement"] == SOLO_CATCH
        self.solo_penalty = int(opts["solo_penalty"])
        self.resolve_last_draws = opts["last_card_effects"] == LAST_RESOLVE_DRAWS
        self.triple_plus = bool(opts["triple_plus"])
        self.scoring = str(opts["scoring"])
        self.threshold = target(self.scoring, int(opts["target_score"]))
        # per kind: may it be jumped in (S-7)? a Swap with a player has one copy, so never
        self.jump_ok: tuple[bool, ...] = tuple(
            self.jump_in
            and (kind >= W or kind % 13 != SWAP)
            and (self.jump_in_black or not IS_BLACK[kind])
            and (IS_NUMBER[kind] or not self.jump_in_numbers_only)
            for kind in range(KINDS)
        )
        # matches[colour + 1][rank of the top card][kind]: may kind go on it (§1.4)? colour -1:
        # any card (after a Swap all round)
        self.matches: tuple[tuple[tuple[bool, ...], ...], ...] = tuple(
            tuple(
                tuple(
                    colour < 0 or kind >= W or COLOUR_OF[kind] == colour or RANK_OF[kind] == rank
                    for kind in range(KINDS)
                )
                for rank in range(16)
            )
            for colour in range(-1, 4)
        )
        # plain_ids[seat][kind]: the ids of playing kind without the call, in id order
        table = self.table
        self.plain_ids: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
            tuple(
                tuple(plain for plain, _ in table.wild[kind])
                if kind in (W, W4)
                else tuple(
                    plain for target, (plain, _) in enumerate(table.swap[kind]) if target != seat
                )
                if kind < W and kind % 13 == SWAP
                else (table.simple[kind][0],)
                for kind in range(KINDS)
            )
            for seat in range(self.players)
        )

    def _check_options(self) -> None:
        check_options(self.options, self.players)

    def _build_deck(self) -> list[str]:
        return deck_strings()

    def _build_actions(self) -> list[str]:
        self.table = build_actions(self.players, bool(self.options["triple_plus"]))
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
        raise NotationError(f"{action!r} is not an action of {self.id}: {self._hint(action)}")

    def _hint(self, action: object) -> str:
        if not isinstance(action, str):
            return f"actions are strings, e.g. {self.notation_examples()}"
        body = action[:-1] if action.endswith("!") else action
        if body in ("W", "W+4"):
            return (
                f"a {'Wild' if body == 'W' else 'Wild Plus Four'} names the colour it calls, "
                f"{body}:R, {body}:Y, {body}:G or {body}:B (rule 1.5.1)"
            )
        if body in KIND and NAMES[KIND[body]].endswith("X") and body != "WX":
            return (
                f"a Swap names the seat to swap hands with, {body}>0 .. {body}>{self.players - 1}"
                " (rule 1.5.1)"
            )
        if ">" in body:
            card, _, seat = body.partition(">")
            if card in KIND or card in ("catch", "swap"):
                return f"there is no seat {seat} in this {self.players}-player game"
        if "+" in body and body.count("+") >= 2 and not self.triple_plus:
            return "playing several cards at once is the Triple + variant (triple_plus=True)"
        if body.startswith("WX") and body != "WX":
            return "Swap all round names no colour and no seat: WX or WX!"
        return f"examples: {self.notation_examples()}"

    def heuristic_bot(self, **params: Any) -> AmigoSoloHeuristicBot:
        """The rule-of-thumb bot (it takes no parameters)."""
        if params:
            raise OptionError(
                f"the amigo-solo heuristic bot takes no parameters, got {', '.join(sorted(params))}"
            )
        return AmigoSoloHeuristicBot(rotate_with_play=self.rotate_with_play)

    def describe_action(self, action: str) -> str:
        """An action in a player's words ("plays Wild Plus Four, names green, calls solo")."""
        return describe_action(action)

    def describe_table(self, view: View) -> list[str]:
        """The public table of a view as a few lines of plain text."""
        return describe_table(view)

    # -- the match (§1.11) -------------------------------------------------------------------

    def initial_totals(self) -> list[int]:
        """``start_total`` each under the BGA countdown, else 0."""
        start = int(self.options["start_total"]) if self.scoring == SCORING_BGA else 0
        return [start] * self.players

    def add_round(self, totals: list[int], result: Result) -> None:
        """Add the round's scores (see :mod:`solocards.games.amigo_solo.scoring`)."""
        for seat, score in enumerate(result["scores"]):
            totals[seat] += score

    def match_over(self, totals: list[int], results: list[Result]) -> bool:
        """Countdown: a total <= 0; minus points / winner collects: a total >= the target."""
        return match_over(self.scoring, self.threshold, totals)

    def match_winners(self, totals: list[int], results: list[Result]) -> list[int]:
        """Highest total (lowest under minus points); ties shared or by rounds won."""
        return match_winners(self.scoring, str(self.options["tie_break"]), totals, results)
