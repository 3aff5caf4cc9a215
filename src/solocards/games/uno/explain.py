"""Why an UNO action is not legal now, in words a player understands, naming the rule.

Only called for actions the state refused. A message may speak of the acting seat's own cards
and of public facts, never of another seat's hidden cards or of who else could react. Each
reason is a :class:`~solocards.core.messages.Message` (``engine`` domain) that the edges
translate; ``str()`` of it is the English text.
"""

from __future__ import annotations

from collections import Counter

from ...core.messages import Message, joined, msg, seat_message
from .actions import CATCH, CHALLENGE, COLOR, DRAW, MULTI, PASS, UNO, Act
from .cards import (
    DRAW2,
    KIND_COLOUR,
    KIND_NAMES,
    KIND_RANK,
    NO_RANK,
    REVERSE,
    SKIP,
    WILD,
    WILD4,
)
from .multiplay import multi_matches
from .state import DRAWN, NAME_COLOR, PENALTY, UnoState
from .text import COLOUR_MESSAGES, RANK_MESSAGES, card_message


def explain(state: UnoState, seat: int, action_id: int) -> Message:
    """The reason ``action_id`` is refused for ``seat``."""
    g = state.g
    act = g.acts[action_id]
    kind = act.type
    current = state.current
    if kind == CATCH:
        return _catch(state, seat, act.target)
    if kind == UNO:
        if g.rules.auto_uno:
            return msg(
                "uno_enforcement=auto: UNO is called with the play ('!'); there is no late call"
            )
        if state.vuln != seat:
            return msg(
                "you have nothing to call: 'uno' is the late call of a player who played down "
                "to one card without calling UNO, before anyone catches them (rule 2.6)"
            )
    if seat != current:
        if kind in (PASS, DRAW, CHALLENGE, COLOR):
            return msg("it is not your turn: {player} is to play", player=seat_message(current))
        reason = _jump_in(state, seat, act)
        if reason:
            return reason
        return _play_form(state, seat, act)
    phase = state.phase
    if phase == NAME_COLOR and kind != COLOR:
        return msg(
            "the first card turned up is a Wild: name the colour first (color:R, color:Y, "
            "color:G or color:B), then play (rule 2.2)"
        )
    if kind == COLOR:
        return msg(
            "color:C only names the colour of a Wild turned up as the first card; a wild you "
            "play names its colour itself (W:G, W+4:B)"
        )
    if kind == PASS:
        if phase != DRAWN:
            return msg("pass is only possible right after drawing a card (rule 2.3)")
        return msg("force_play_drawn: the card you drew can be played, so you must play it")
    if kind == CHALLENGE:
        return _challenge(state)
    if kind == DRAW:
        if phase == DRAWN:
            return msg(
                "you have already drawn: play the card you drew ({card}) or pass",
                card=card_message(state.drawn),
            )
        return msg("force_play: you hold a playable card, so you must play instead of drawing")
    # a play by the seat whose turn it is
    if phase == DRAWN and (kind == MULTI or act.kind != state.drawn):
        return msg(
            "after drawing you may play only the card you drew ({card}), or pass (rule 2.3: no "
            "reneging)",
            card=card_message(state.drawn),
        )
    if phase == PENALTY:
        reason = _answer(state, act)
        if reason:
            return reason
    return _play_form(state, seat, act)


def _catch(state: UnoState, seat: int, target: int) -> Message:
    if state.rules.auto_uno:
        return msg(
            "uno_enforcement=auto: a missed UNO call is penalised at once, so there is nobody "
            "to catch"
        )
    if target == seat:
        return msg("you cannot catch yourself; call 'uno' if you forgot to")
    if state.vuln < 0:
        return msg(
            "nobody can be caught now: catch>N is possible only while seat N has played down "
            "to one card without calling UNO, until the next player begins their turn (rule 2.6)"
        )
    return msg(
        "{target} cannot be caught: only {player} played down to one card without calling UNO",
        target=seat_message(target),
        player=seat_message(state.vuln),
    )


def _challenge(state: UnoState) -> Message:
    g = state.g
    if state.phase != PENALTY or state.chain != WILD4:
        return msg(
            "there is no Wild Draw Four to challenge: only its victim may challenge, instead "
            "of drawing (rule 2.5)"
        )
    if not g.rules.challenge_on:
        return msg(
            "challenges are off in this game (options challenge_wd4, no_wd4_challenge, "
            "drop_wd4_legality)"
        )
    return msg(
        "this Wild Draw Four cannot be challenged: only a Wild Draw Four that started the "
        "penalty can, not one played on a stack or passed on by a Skip or Reverse (U-7)"
    )


def _jump_in(state: UnoState, seat: int, act: Act) -> Message | None:
    """Why a play out of turn is no jump-in, or None if it would be one (form aside)."""
    g = state.g
    current = state.current
    if not g.rules.jump_in:
        return msg(
            "it is not your turn ({player} is to play), and jumping in is off (option jump_in)",
            player=seat_message(current),
        )
    if act.type == MULTI:
        return msg(
            "it is not your turn ({player} is to play); a jump-in is one card, identical to "
            "the top card",
            player=seat_message(current),
        )
    if act.kind >= WILD:
        return msg(
            "it is not your turn ({player} is to play); wilds cannot be jumped in (rule 2.9, U-8)",
            player=seat_message(current),
        )
    if act.kind != state.top:
        return msg(
            "it is not your turn ({player} is to play); a jump-in needs the card identical "
            "to the top card ({card}: same colour and value)",
            player=seat_message(current),
            card=card_message(state.top),
        )
    if not state.jump:
        if state.pending and not g.rules.jump_pending:
            return msg(
                "it is not your turn ({player} is to play); jumping in is off while a "
                "penalty is pending (U-8, option jump_in_pending)",
                player=seat_message(current),
            )
        return msg(
            "it is not your turn ({player} is to play); a jump-in is possible only right "
            "after a card is played, before the next player begins their turn",
            player=seat_message(current),
        )
    if seat == state.last:
        return msg(
            "it is not your turn ({player} is to play); you cannot jump in on the card you "
            "just played",
            player=seat_message(current),
        )
    if act.kind not in state.hands[seat]:
        return msg("you do not hold {card}", card=card_message(act.kind))
    return None


def _answer(state: UnoState, act: Act) -> Message | None:
    """Why a card may not answer the pending penalty, or None if it may."""
    g = state.g
    chain = msg("Wild Draw Four") if state.chain == WILD4 else msg("Draw Two")
    pending = state.pending
    if act.type == MULTI:
        return msg(
            "a penalty of {n} cards ({chain}) is pending against you: draw it; a multi-play "
            "cannot answer it",
            n=pending,
            chain=chain,
        )
    kind = act.kind
    rank = KIND_RANK[kind]
    colour = state.color
    ok = False
    if state.chain == WILD4:
        ok = (kind == WILD4 and g.rules.stack4) or (
            g.rules.d2_on_d4 and rank == DRAW2 and KIND_COLOUR[kind] == colour
        )
    else:
        ok = (rank == DRAW2 and g.rules.stack2) or (kind == WILD4 and g.rules.d4_on_d2)
    if g.rules.deflect and rank in (SKIP, REVERSE) and KIND_COLOUR[kind] == colour:
        ok = True
    if ok:
        return None
    answers: list[Message] = []
    if state.chain == WILD4:
        if g.rules.stack4:
            answers.append(msg("stack a Wild Draw Four (stack_draw4)"))
        if g.rules.d2_on_d4:
            answers.append(
                msg(
                    "stack a {colour} Draw Two (cross_stack=both)",
                    colour=COLOUR_MESSAGES[colour],
                )
            )
    else:
        if g.rules.stack2:
            answers.append(msg("stack a Draw Two (stack_draw2)"))
        if g.rules.d4_on_d2:
            answers.append(msg("stack a Wild Draw Four (cross_stack)"))
    if g.rules.deflect:
        answers.append(
            msg(
                "deflect it with a {colour} Skip or Reverse (reverse_skip_deflect)",
                colour=COLOUR_MESSAGES[colour],
            )
        )
    if state.wd4_by >= 0:
        answers.append(msg("challenge it"))
    if answers:
        return msg(
            "a penalty of {n} cards ({chain}) is pending against you: draw it; you may also "
            "{answers}; {card} is no such answer",
            n=pending,
            chain=chain,
            answers=joined(answers, msg(" or ")),
            card=card_message(kind),
        )
    return msg(
        "a penalty of {n} cards ({chain}) is pending against you: draw it (no stacking by the "
        "official rules, rule 2.4); {card} is no such answer",
        n=pending,
        chain=chain,
        card=card_message(kind),
    )


def _play_form(state: UnoState, seat: int, act: Act) -> Message:
    """Why a play is refused: cards not held, no match, or a wrong form (colour, seat, call)."""
    g = state.g
    hand = state.hands[seat]
    cards = act.cards
    missing = Counter(cards) - Counter(hand)
    if missing:
        card = next(iter(missing))
        if card in hand:
            return msg(
                "you hold only {count} {card}", count=hand.count(card), card=card_message(card)
            )
        return msg("you do not hold {card}", card=card_message(card))
    top, colour = state.top, state.color
    top_rank = KIND_RANK[top]
    rank = KIND_RANK[act.kind]
    penalty_answer = bool(state.pending) and seat == state.current
    if act.type == MULTI:
        if not g.rules.multi:
            return msg("multi-plays are off (option multi_play_same_number)")
        counts = tuple(sum(1 for c in cards if KIND_COLOUR[c] == k) for k in range(4))
        if not multi_matches(counts, act.colour, rank, colour, top_rank):
            return msg(
                "the first card of a multi-play must match the top card {top}: besides the "
                "card that ends on top it needs a {colour} card, unless the top card is a "
                "{rank} (rule 2.3)",
                top=card_message(top),
                colour=COLOUR_MESSAGES[colour],
                rank=rank,
            )
    elif not penalty_answer and not g.playable[state.key][act.kind]:
        return msg(
            "{card} does not match the top card: {wanted}",
            card=card_message(act.kind),
            wanted=_wanted(top, colour),
        )
    if (
        act.kind == WILD4
        and g.rules.enforce_wd4
        and not penalty_answer
        and any(KIND_COLOUR[c] == colour for c in hand)
    ):
        return msg(
            "a Wild Draw Four may be played only when you hold no card of the colour in force "
            "({colour}), and this game has no challenges to risk it (rule 2.5)",
            colour=COLOUR_MESSAGES[colour],
        )
    left = len(hand) - len(cards)
    n = state.players
    target = act.target
    if rank == 7 and act.kind < WILD:
        if target >= 0 and not g.rules.seven_zero:
            return msg(
                "a 7 names a seat to swap hands with only under the 7-0 rule (option "
                "seven_zero); play {card} without '>N'",
                card=KIND_NAMES[act.kind],
            )
        if g.rules.seven_zero and target >= 0 and not g.rules.sz_choose:
            return msg(
                "with seven_zero_target=next a 7 swaps with the next player: play it without '>N'"
            )
        if g.rules.seven_zero and g.rules.sz_choose and left and target < 0:
            return msg("under the 7-0 rule a 7 names the seat to swap hands with: add '>N'")
        if g.rules.seven_zero and target >= 0 and not left:
            return msg("a 7 that is your last card swaps nothing: play it without '>N'")
        if target == seat:
            return msg("you cannot swap hands with yourself")
    if act.call:
        if not g.rules.call_ok:
            return msg(
                "strict_uno_call: UNO may be called only while holding one card, so call it "
                "with the action 'uno' after the play, not with '!'"
            )
        after = left
        if g.rules.seven_zero and left and rank == 0 and act.kind < WILD:
            after = len(state.hands[(seat - state.direction) % n])
        elif g.rules.seven_zero and left and rank == 7 and act.kind < WILD:
            other = target if g.rules.sz_choose else (seat + state.direction) % n
            after = len(state.hands[other])
        return msg(
            "you may call UNO ('!') only with a play that leaves you exactly one card; this "
            "one leaves you {after} (rule 2.6)",
            after=after,
        )
    return msg("that play is not possible now")


def _wanted(top: int, colour: int) -> Message:
    """What matches the top card, in words (rule 2.3)."""
    if KIND_RANK[top] == NO_RANK:
        return msg(
            "on the {card} the colour is {colour}: play a {colour} card or a wild (rule 2.3)",
            card=card_message(top),
            colour=COLOUR_MESSAGES[colour],
        )
    return msg(
        "play a {colour} card, a {rank}, or a wild (rule 2.3)",
        colour=COLOUR_MESSAGES[colour],
        rank=RANK_MESSAGES[KIND_RANK[top]],
    )
