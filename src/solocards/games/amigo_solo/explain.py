"""Why an action is not legal now: a message that names the rule (shedding.md §1).

Messages speak of the acting seat's own cards and of public facts (whose turn it is, the top
card, hand sizes), never of another seat's hidden cards. They name cards in words ("blue 9 does
not match the top card red 2"), as the table's lines do, never in notation. Each reason is a
:class:`~solocards.core.messages.Message` (``engine`` domain) that the edges translate;
``str()`` of it is the English text.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from ...core.messages import Message, joined, msg, seat_message
from .actions import CATCH, COLOR, DRAW, MULTI, PASS, SOLO, SWAP_START
from .cards import IS_BLACK, PLUS2, SWAP, W4, W
from .options import CROSS_BOTH
from .state import P_COLOR, P_DRAWN, P_PLAY, P_SWAP, PENALTY_PLUS2, PENALTY_PLUS4
from .text import COLOUR_MESSAGES, card_message

if TYPE_CHECKING:
    from .state import AmigoSoloState


def explain(state: AmigoSoloState, seat: int, action_id: int) -> Message:
    """Why ``seat`` may not take ``action_id`` now."""
    g = state.g
    table = g.table
    kind_ = table.type[action_id]
    current = state.current
    phase = state.phase
    if kind_ == SOLO:
        if not g.rules.catch_mode:
            return msg(
                "'solo' is the late call of solo_call_enforcement='catch'; here the call is part "
                "of the move ('!') and a forgotten one is paid at once (rule 1.8)"
            )
        return msg(
            "you are not open to a catch: 'solo' is the late call of a player whose own move left "
            "them one card without calling, before the next move (rule 1.8)"
        )
    if kind_ == CATCH:
        target = table.arg[action_id]
        if not g.rules.catch_mode:
            return msg(
                "catching is played with solo_call_enforcement='catch'; here a forgotten solo call "
                "is paid at once (rule 1.8)"
            )
        if target == seat:
            return msg("you cannot catch yourself (rule 1.8)")
        return msg(
            "{player} cannot be caught now: only a player whose own move left them one card "
            "without calling solo, until the next move (rule 1.8)",
            player=seat_message(target),
        )
    if kind_ == COLOR:
        if phase != P_COLOR:
            return msg(
                "'color:C' names the colour of a wild turned up as the first card "
                "(first_card_mode='apply_to_first_player', rule 1.3); a wild you play names its "
                "colour itself, e.g. W:G"
            )
        return msg(
            "it is not your turn: {player} names the colour of the first card (rule 1.3)",
            player=seat_message(current),
        )
    if kind_ == SWAP_START:
        if phase != P_SWAP:
            return msg(
                "'swap>N' is the first player's swap for a Swap card turned up first "
                "(first_card_mode='apply_to_first_player', rule 1.3); a Swap you play names its "
                "seat, e.g. RX>2"
            )
        if seat != current:
            return msg(
                "it is not your turn: {player} swaps for the first card (rule 1.3)",
                player=seat_message(current),
            )
        return msg("you cannot swap with yourself; choose another seat (rule 1.5.1)")
    if phase == P_COLOR:
        if seat == current:
            return msg(
                "the first card turned up is a wild: name its colour first with color:R, color:Y, "
                "color:G or color:B (rule 1.3, first card obeyed)"
            )
        return msg(
            "it is not your turn: {player} names the colour of the first card (rule 1.3)",
            player=seat_message(current),
        )
    if phase == P_SWAP:
        if seat == current:
            return msg(
                "the first card turned up is a Swap: choose the seat to swap with first, "
                "swap>N (rule 1.3, first card obeyed)"
            )
        return msg(
            "it is not your turn: {player} swaps for the first card (rule 1.3)",
            player=seat_message(current),
        )
    if seat != current:
        return _out_of_turn(state, seat, action_id)
    if kind_ == PASS:
        return msg(
            "'pass' keeps a card you have just drawn; you have not drawn this turn (rule 1.5)"
        )
    if kind_ == DRAW:
        if phase == P_DRAWN:
            return msg("you have already drawn this turn: play the drawn card or pass (rule 1.5)")
        return msg(
            "you hold a playable card and may not draw instead (voluntary_draw=False, rule 1.5)"
        )
    missing = _missing(state, seat, action_id)
    if missing:
        return msg(
            "{missing} (a player plays only cards from their own hand, rule 1.5)", missing=missing
        )
    kind = table.kind[action_id]
    if phase == P_DRAWN:
        if kind_ == MULTI:
            return msg("after drawing you may play a single card, not a Triple + (rule 1.5, S-14)")
        if g.rules.drawn_card_only and kind != state.drawn:
            return msg(
                "after drawing you may play only the card you drew, {card} "
                "(play_after_draw='drawn_card_only', rule 1.5, S-3)",
                card=card_message(state.drawn),
            )
        if not state.playable(kind):
            return _mismatch(state, kind)
    elif state.pending:
        reason = _penalty(state, action_id)
        if reason:
            return reason
    elif kind_ == MULTI:
        first = table.multi[action_id][0]
        if not state.playable(first):
            return msg(
                "the first card of a Triple + must match the top card {top} "
                "(triple_plus, rule 1.1, S-14)",
                top=_top(state),
            )
    elif not state.playable(kind):
        return _mismatch(state, kind)
    return _details(state, seat, action_id)


def _out_of_turn(state: AmigoSoloState, seat: int, action_id: int) -> Message:
    g = state.g
    table = g.table
    current = state.current
    kind_ = table.type[action_id]
    if kind_ in (DRAW, PASS):
        return msg(
            "it is not your turn: {player} is to play; out of turn you may only jump in (rule 1.7)",
            player=seat_message(current),
        )
    if not g.rules.jump_in:
        return msg(
            "it is not your turn: {player} is to play, and jump-in is off (jump_in=False, "
            "rule 1.7)",
            player=seat_message(current),
        )
    if state.phase != P_PLAY or state.win_kind < 0:
        return msg(
            "it is not your turn: {player} is to play; a jump-in is possible only right after "
            "a card is played, before the next player acts (rule 1.7)",
            player=seat_message(current),
        )
    if kind_ == MULTI:
        return msg(
            "it is not your turn: {player} is to play; a Triple + cannot be jumped in, only "
            "one identical card (rule 1.7, S-14)",
            player=seat_message(current),
        )
    kind = table.kind[action_id]
    top = state.win_kind
    if kind != top:
        return msg(
            "it is not your turn: {player} is to play; out of turn you may only jump in with "
            "a card identical to the one just played, {card} (same colour and same number or "
            "symbol, rule 1.7)",
            player=seat_message(current),
            card=card_message(top),
        )
    if not g.rules.jump_ok[kind]:
        if IS_BLACK[kind] and not g.rules.jump_in_numbers_only:
            return msg("black cards cannot be jumped in (jump_in_black=False, rule 1.7, S-7)")
        return msg("only number cards can be jumped in (jump_in_numbers_only=True, rule 1.7, S-7)")
    if seat == state.win_actor and not g.rules.jump_in_self:
        return msg(
            "you cannot jump in on the card you just played (jump_in_self=False, rule 1.7, S-8)"
        )
    if state.pending and not g.rules.jump_in_during_penalty:
        return msg(
            "no jump-in while a draw penalty is pending "
            "(jump_in_during_penalty=False, rule 1.7, S-9)"
        )
    missing = _missing(state, seat, action_id)
    if missing:
        return msg("{missing}, so you cannot jump in with it (rule 1.7)", missing=missing)
    return _details(state, seat, action_id)


def _missing(state: AmigoSoloState, seat: int, action_id: int) -> Message | None:
    """ "you do not hold ..." if the seat lacks a card of the action, else None."""
    table = state.g.table
    cards = table.multi.get(action_id) or (table.kind[action_id],)
    need = Counter(cards)
    have = Counter(state.hands[seat])
    short = [card for card, count in need.items() if have[card] < count]
    if not short:
        return None
    if len(cards) == 1:
        return msg("you do not hold {card}", card=card_message(cards[0]))
    # TRANSLATORS: cards of a Triple + the player lacks: "2 × red 5"
    words = joined(msg("{n} × {card}", n=need[card], card=card_message(card)) for card in short)
    return msg("you do not hold the cards of this Triple + ({cards})", cards=words)


def _top(state: AmigoSoloState) -> Message:
    top = card_message(state.discard[-1])
    if state.color < 0:
        return top
    return msg("{card} (colour in force: {colour})", card=top, colour=COLOUR_MESSAGES[state.color])


def _mismatch(state: AmigoSoloState, kind: int) -> Message:
    return msg(
        "{card} does not match the top card {top}: play the same colour or the same number or "
        "symbol, or a black card (rule 1.4)",
        card=card_message(kind),
        top=_top(state),
    )


def _penalty(state: AmigoSoloState, action_id: int) -> Message | None:
    """Why a play does not answer the pending draw penalty, or None if it does."""
    g = state.g
    table = g.table
    pending = state.pending
    if table.type[action_id] == MULTI:
        return msg(
            "a draw penalty of {n} is pending: stack {answers} or take the {n} cards with "
            "'draw' (rule 1.6)",
            n=pending,
            answers=_answers(state),
        )
    kind = table.kind[action_id]
    is_plus2 = kind < W and kind % 13 == PLUS2
    cross = g.rules.cross_stack
    if is_plus2 and state.pending_kind == PENALTY_PLUS4:
        if not g.rules.cross_stack_plus2:
            return msg(
                "a Plus Two cannot answer a pending Wild Plus Four (cross_stack='{cross}', "
                "rule 1.6, S-5): stack a Wild Plus Four or take the {n} cards with 'draw'",
                cross=cross,
                n=pending,
            )
        if not state.may_stack(kind):
            return msg(
                "a Plus Two on a Wild Plus Four must be of the colour in force, {colour} "
                "(cross_stack='{cross}', rule 1.4, 1.6, S-5)",
                colour=COLOUR_MESSAGES[state.color],
                cross=CROSS_BOTH,
            )
        return None
    if kind == W4 and state.pending_kind == PENALTY_PLUS2 and not g.rules.cross_stack_plus4:
        return msg(
            "a Wild Plus Four cannot answer a pending Plus Two (cross_stack='{cross}', rule 1.6, "
            "S-5): stack a Plus Two or take the {n} cards with 'draw'",
            cross=cross,
            n=pending,
        )
    if state.may_stack(kind):
        return None
    return msg(
        "a draw penalty of {n} is pending: stack {answers} or take the {n} cards with 'draw'; "
        "no other card, black or not, dodges it (rule 1.6, S-5)",
        n=pending,
        answers=_answers(state),
    )


def _answers(state: AmigoSoloState) -> Message:
    g = state.g
    if state.pending_kind == PENALTY_PLUS2:
        if g.rules.cross_stack_plus4:
            return msg("a Plus Two or a Wild Plus Four")
        return msg("a Plus Two")
    if g.rules.cross_stack_plus2:
        return msg("a Wild Plus Four or a Plus Two")
    return msg("a Wild Plus Four")


def _details(state: AmigoSoloState, seat: int, action_id: int) -> Message:
    """The target of a swap and the solo call."""
    table = state.g.table
    kind = table.kind[action_id]
    arg = table.arg[action_id]
    if kind < W and kind % 13 == SWAP and arg == seat:
        return msg("you cannot swap with yourself; a Swap names another seat (rule 1.5.1)")
    if table.call[action_id]:
        cards = table.multi.get(action_id)
        hand = len(state.hands[seat])
        after = hand - len(cards) if cards else state.size_after(seat, kind, arg)
        return msg(
            "the solo call ('!') goes with a move that leaves you exactly one card; this one "
            "leaves you {after} (rule 1.8)",
            after=after,
        )
    card = card_message(kind) if kind >= 0 else table.names[action_id]
    return msg("{card} is not legal now (rule 1.5)", card=card)
