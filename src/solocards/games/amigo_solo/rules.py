"""AMIGO's SOLO's rules object: the options of one game, resolved once into typed fields.

The state, the refusals and the bots read :class:`AmigoSoloRules` (``game.rules``) instead of
the options dict, including the tables the options decide: which kinds may be jumped in on
(``jump_ok``) and what may go on what (``matches``).

>>> import solocards
>>> rules = solocards.make("amigo-solo", jump_in=False).rules
>>> rules.hand_size, rules.jump_in, any(rules.jump_ok)
(8, False, False)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ...core.options import OptionValue
from .cards import COLOUR_OF, IS_BLACK, IS_NUMBER, KINDS, PLUS2, RANK_OF, SWAP, W4, W
from .options import (
    AFTER_DRAW_DRAWN,
    CROSS_BOTH,
    CROSS_NONE,
    FIRST_APPLY,
    LAST_RESOLVE_DRAWS,
    ROTATE_WITH,
    SCORING_COLLECT,
    SCORING_MINUS,
    SOLO_CATCH,
)

DEFAULT_TARGETS = {SCORING_MINUS: 500, SCORING_COLLECT: 600}
"""The usual end threshold of a scoring mode (``target_score=0``)."""


def target(scoring: str, target_score: int) -> int:
    """The end threshold of a scoring mode (0 means its usual one)."""
    return target_score or DEFAULT_TARGETS.get(scoring, 0)


@dataclass(frozen=True, slots=True)
class AmigoSoloRules:
    """The rules of one AMIGO's SOLO game, built once from its options (:meth:`from_options`)."""

    hand_size: int
    apply_first_card: bool
    voluntary_draw: bool
    drawn_card_only: bool
    """After a draw only the drawn card may be played."""
    cross_stack: str
    """The option ``cross_stack`` as set (quoted in refusals)."""
    cross_stack_plus4: bool
    cross_stack_plus2: bool
    penalty_ends_turn: bool
    rotate_with_play: bool
    """Hands move with the direction of play on a Swap all round."""
    jump_in: bool
    jump_in_black: bool
    jump_in_numbers_only: bool
    jump_in_self: bool
    jump_in_during_penalty: bool
    catch_mode: bool
    """A missed solo call is caught by the others (else it costs the penalty at once)."""
    solo_penalty: int
    resolve_last_draws: bool
    triple_plus: bool
    scoring: str
    threshold: int
    start_total: int
    """Each seat's total at the start under the BGA countdown."""
    tie_break: str
    """The total that ends the match under this scoring."""
    jump_ok: tuple[bool, ...]
    """Per kind: may it be jumped in (S-7)? A Swap with a player has one copy, so never."""
    matches: tuple[tuple[tuple[bool, ...], ...], ...]
    """``matches[colour + 1][rank of the top card][kind]``: may ``kind`` go on it (§1.4)?
    Colour -1: any card (after a Swap all round)."""
    match_masks: tuple[int, ...]
    """``matches`` as bit masks over the kinds (bit ``kind``), at ``(colour + 1) * 16 + rank``."""
    jump_mask: int
    """``jump_ok`` as a bit mask over the kinds."""
    stack_masks: tuple[int, ...]
    """The kinds that may answer a pending penalty (§1.6, S-5) as bit masks, at
    ``penalty kind * 5 + colour in force + 1`` (the penalty kinds of :mod:`.state`: 1 a Plus
    Two, 2 a Wild Plus Four)."""

    @classmethod
    def from_options(cls, opts: Mapping[str, OptionValue]) -> AmigoSoloRules:
        """The rules of a game with these (resolved) options."""
        jump_in = bool(opts["jump_in"])
        jump_in_black = bool(opts["jump_in_black"])
        numbers_only = bool(opts["jump_in_numbers_only"])
        scoring = str(opts["scoring"])
        jump_ok = tuple(
            jump_in
            and (kind >= W or kind % 13 != SWAP)
            and (jump_in_black or not IS_BLACK[kind])
            and (IS_NUMBER[kind] or not numbers_only)
            for kind in range(KINDS)
        )
        matches = tuple(
            tuple(
                tuple(
                    colour < 0 or kind >= W or COLOUR_OF[kind] == colour or RANK_OF[kind] == rank
                    for kind in range(KINDS)
                )
                for rank in range(16)
            )
            for colour in range(-1, 4)
        )
        plus4 = opts["cross_stack"] != CROSS_NONE
        plus2 = opts["cross_stack"] == CROSS_BOTH
        return cls(
            hand_size=int(opts["hand_size"]),
            apply_first_card=opts["first_card_mode"] == FIRST_APPLY,
            voluntary_draw=bool(opts["voluntary_draw"]),
            drawn_card_only=opts["play_after_draw"] == AFTER_DRAW_DRAWN,
            cross_stack=str(opts["cross_stack"]),
            cross_stack_plus4=plus4,
            cross_stack_plus2=plus2,
            penalty_ends_turn=bool(opts["penalty_ends_turn"]),
            rotate_with_play=opts["rotation_moves_hands"] == ROTATE_WITH,
            jump_in=jump_in,
            jump_in_black=jump_in_black,
            jump_in_numbers_only=numbers_only,
            jump_in_self=bool(opts["jump_in_self"]),
            jump_in_during_penalty=bool(opts["jump_in_during_penalty"]),
            catch_mode=opts["solo_call_enforcement"] == SOLO_CATCH,
            solo_penalty=int(opts["solo_penalty"]),
            resolve_last_draws=opts["last_card_effects"] == LAST_RESOLVE_DRAWS,
            triple_plus=bool(opts["triple_plus"]),
            scoring=scoring,
            threshold=target(scoring, int(opts["target_score"])),
            start_total=int(opts["start_total"]),
            tie_break=str(opts["tie_break"]),
            jump_ok=jump_ok,
            matches=matches,
            match_masks=tuple(
                mask_of(matches[colour][rank]) for colour in range(5) for rank in range(16)
            ),
            jump_mask=mask_of(jump_ok),
            stack_masks=tuple(
                mask_of(
                    tuple(
                        _may_stack(kind, penalty, colour - 1, plus4=plus4, plus2=plus2)
                        for kind in range(KINDS)
                    )
                )
                for penalty in range(3)
                for colour in range(5)
            ),
        )


def mask_of(flags: tuple[bool, ...]) -> int:
    """The bit mask of the kinds whose flag is set (bit ``kind``).

    >>> mask_of((True, False, True))
    5
    """
    return sum(1 << kind for kind, flag in enumerate(flags) if flag)


def _may_stack(kind: int, penalty: int, colour: int, *, plus4: bool, plus2: bool) -> bool:
    """Whether ``kind`` may answer a pending penalty of this kind (1 a Plus Two, 2 a Wild Plus
    Four) with ``colour`` in force (§1.6, S-5; ``AmigoSoloState.may_stack``)."""
    if kind == W4:
        return penalty == 2 or plus4
    if kind < W and kind % 13 == PLUS2:
        return penalty == 1 or (plus2 and COLOUR_OF[kind] == colour)
    return False


__all__ = ["DEFAULT_TARGETS", "AmigoSoloRules", "mask_of", "target"]
