"""UNO's rules object: the options of one game resolved once into plain flags.

:class:`UnoRules` (``game.rules``) is what the state machine, the refusals, the world sampler
and the match read instead of the options dict: every flag is computed here, once per game, and
never changes (a frozen dataclass).

>>> import solocards
>>> rules = solocards.make("uno", players=2, stack_draw2=True).rules
>>> rules.stack2, rules.answers_penalty, rules.rev_skip2, rules.challenge_on
(True, True, True, True)
>>> solocards.make("uno", drop_wd4_legality=True).rules.challenge_on
False
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ...core.errors import OptionError
from ...core.messages import msg
from ...core.options import OptionValue


@dataclass(frozen=True)
class UnoRules:
    """The rules of one UNO game, built once from its options (:meth:`from_options`)."""

    call_ok: bool
    """Whether a play may carry the UNO call ``!``."""
    auto_uno: bool
    """A play down to one card without the call costs ``penalty`` cards at once."""
    penalty: int
    drop_wd4: bool
    """A Wild Draw Four may be played whatever the hand holds."""
    challenge_on: bool
    """Whether the victim of a Wild Draw Four that starts a penalty may challenge it."""
    enforce_wd4: bool
    """Without challenges the engine itself refuses an illegal Wild Draw Four."""
    stack2: bool
    stack4: bool
    d4_on_d2: bool
    d2_on_d4: bool
    deflect: bool
    jump_in: bool
    jump_pending: bool
    seven_zero: bool
    sz_choose: bool
    """A 7 names the seat it swaps with (``seven_zero_target=choose``)."""
    until_playable: bool
    force_play: bool
    force_drawn: bool
    multi: bool
    rev_skip2: bool
    """With two players a Reverse acts as a Skip."""
    success_play: bool
    """A successful challenger plays next (``challenge_success_turn=play``)."""
    fast_turn: bool
    """No 7-0 swap and no engine-enforced Wild Draw Four: the quick turn paths apply."""
    answers_penalty: bool
    """Whether a pending penalty may be answered with a card."""
    plain_numbers: bool
    """Whether a number card does nothing but pass the turn on."""
    hand_size: int
    first_card_reverse_dealer: bool
    """A Reverse turned up first: the dealer starts (else the player to his right)."""
    first_card_draw_two_skip: bool
    """A Draw Two turned up first also skips eldest."""
    alternative_scoring: bool
    """Each player scores what he holds, and the lowest total wins."""
    target_score: int
    rounds: int
    tie_extra_round: bool

    @classmethod
    def from_options(cls, o: Mapping[str, OptionValue], players: int) -> UnoRules:
        """The rules of a game with these (resolved) options; :class:`OptionError` for a
        combination that cannot be played."""
        if o["strict_uno_call"] and o["uno_enforcement"] == "auto":
            raise OptionError(
                msg(
                    "uno: strict_uno_call needs uno_enforcement=catch: under auto a player who "
                    "may not call with the play would always be penalised"
                )
            )
        challenge = bool(o["challenge_wd4"]) and not o["no_wd4_challenge"]
        drop_wd4 = bool(o["drop_wd4_legality"])
        enforce_wd4 = not challenge and not drop_wd4
        stack2, stack4 = bool(o["stack_draw2"]), bool(o["stack_draw4"])
        d4_on_d2 = o["cross_stack"] in ("d4_on_d2", "both")
        deflect = bool(o["reverse_skip_deflect"])
        jump_in = bool(o["jump_in"])
        seven_zero = bool(o["seven_zero"])
        return cls(
            call_ok=not o["strict_uno_call"],
            auto_uno=o["uno_enforcement"] == "auto",
            penalty=int(o["uno_penalty"]),
            drop_wd4=drop_wd4,
            challenge_on=challenge and not drop_wd4,
            enforce_wd4=enforce_wd4,
            stack2=stack2,
            stack4=stack4,
            d4_on_d2=d4_on_d2,
            d2_on_d4=o["cross_stack"] == "both",
            deflect=deflect,
            jump_in=jump_in,
            jump_pending=bool(o["jump_in_pending"]),
            seven_zero=seven_zero,
            sz_choose=o["seven_zero_target"] == "choose",
            until_playable=bool(o["draw_until_playable"]),
            force_play=bool(o["force_play"]),
            force_drawn=bool(o["force_play_drawn"]),
            multi=bool(o["multi_play_same_number"]),
            rev_skip2=players == 2 and bool(o["two_player_reverse_is_skip"]),
            success_play=o["challenge_success_turn"] == "play",
            fast_turn=not seven_zero and not enforce_wd4,
            answers_penalty=stack2 or stack4 or d4_on_d2 or deflect,
            plain_numbers=not seven_zero and not jump_in,
            hand_size=int(o["hand_size"]),
            first_card_reverse_dealer=o["first_card_reverse"] == "dealer",
            first_card_draw_two_skip=o["first_card_draw_two"] == "skip",
            alternative_scoring=o["scoring"] == "alternative",
            target_score=int(o["target_score"]),
            rounds=int(o["rounds"]),
            tie_extra_round=o["tie_break"] == "extra_round",
        )


__all__ = ["UnoRules"]
