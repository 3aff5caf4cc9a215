"""Frog in words, for the terminal: actions as players say them, and the public table.

The words are :class:`~solocards.core.messages.Message` objects (``engine`` domain) that the
CLI and the server translate; ``str()`` of one is the English text.

>>> describe_action("frage"), describe_action("trump:S"), describe_action("discard:??")
('asks (Frage: hearts are trump, takes the talon)', 'names spades trump', 'discards a card')
>>> describe_action("TH")
'plays 10♥'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...core.messages import Joined, Message, joined, msg, player, seat_message, verbatim
from ...core.ranks import card_face
from .actions import HIDDEN_DISCARD
from .cards import CARD_INDEX, RANK_NAMES, SUIT, SUIT_SYMBOLS, SUITS

SUIT_MESSAGES: tuple[Message, ...] = (
    msg("clubs"),
    msg("diamonds"),
    msg("hearts"),
    msg("spades"),
)

_WORDS = {
    "pass": msg("passes"),
    "frage": msg("asks (Frage: hearts are trump, takes the talon)"),
    "solo": msg("plays a Solo (names trump, the talon unseen)"),
    "heart-solo": msg("plays a Heart Solo (hearts trump, the talon unseen)"),
    HIDDEN_DISCARD: msg("discards a card"),
}

CONTRACT_MESSAGES = {
    # TRANSLATORS: Frog's contracts; the Russian source calls them Фраге, Соло, Червовое соло.
    "frage": msg("Frage"),
    "solo": msg("Solo"),
    "heart-solo": msg("Heart Solo"),
    "ramsch": msg("Ramsch (all passed)"),
}


def face(card: int) -> Message:
    """A card as people read it, its rank letter in their language: ``Q♣`` (Russian ``Д♣``).

    >>> str(face(CARD_INDEX["QC"])), str(face(CARD_INDEX["TH"]))
    ('Q♣', '10♥')
    """
    return card_face(RANK_NAMES[card % 9], SUIT_SYMBOLS[SUIT[card]])


def action_message(action: str) -> Message:
    """An action string in a player's words; unknown strings come back unchanged."""
    if action in _WORDS:
        return _WORDS[action]
    if action.startswith("trump:") and action[6:] in SUITS and len(action) == 7:
        return msg("names {suit} trump", suit=SUIT_MESSAGES[SUITS.index(action[6])])
    if action.startswith("discard:") and action[8:] in CARD_INDEX:
        return msg("discards {card}", card=face(CARD_INDEX[action[8:]]))
    if action in CARD_INDEX:
        return msg("plays {card}", card=face(CARD_INDEX[action]))
    return verbatim(action)


def describe_action(action: str) -> str:
    """:func:`action_message` in English."""
    return str(action_message(action))


def _cards(cards: list[str]) -> Joined | str:
    return joined((face(CARD_INDEX[card]) for card in cards), " ") if cards else "-"


def _trick(cards: list[list[Any]]) -> Joined:
    return joined(
        # TRANSLATORS: one card of a trick: "seat 2 10♥"; {player} is a name or "seat N".
        msg("{player} {card}", player=seat_message(seat), card=face(CARD_INDEX[card]))
        for seat, card in cards
    )


def _call(call: str) -> Message:
    """A call of the auction in one word: ``pass`` or the contract bid."""
    # TRANSLATORS: "pass" as a call of Frog's auction ("seat 2: pass").
    return CONTRACT_MESSAGES[call] if call in CONTRACT_MESSAGES else msg("pass")


def table_messages(view: dict[str, Any]) -> list[Message]:
    """The public table of a Frog view as a few lines (messages)."""
    lines: list[Message] = []
    out = view.get("sitting_out_seats") or []
    players, dealer = view["players"], view["dealer"]
    if len(out) == 1:
        lines.append(
            msg(
                "Frog, {players} players; dealer: {dealer}; sitting out: {player}.",
                players=players,
                dealer=seat_message(dealer),
                player=seat_message(out[0]),
            )
        )
    elif out:
        lines.append(
            msg(
                "Frog, {players} players; dealer: {dealer}; sitting out: {seats}.",
                players=players,
                dealer=seat_message(dealer),
                seats=joined(map(seat_message, out), msg(" and ")),
            )
        )
    else:
        lines.append(
            msg(
                "Frog, {players} players; dealer: {dealer}.",
                players=players,
                dealer=seat_message(dealer),
            )
        )
    if view["phase"] == "bidding":
        if view["auction"]:
            calls = joined(
                msg("{player}: {words}", player=seat_message(seat), words=_call(call))
                for seat, call in view["auction"]
            )
            lines.append(msg("Auction: {calls}.", calls=calls))
        else:
            lines.append(msg("Auction: none yet."))
    elif view["contract"] is not None:
        lines.append(_contract_line(view))
    if view["talon"] is not None:
        lines.append(msg("Talon: {cards}.", cards=_cards(view["talon"])))
    if view["trick"]:
        lines.append(msg("Trick: {cards}", cards=_trick(view["trick"])))
    elif view["tricks"]:
        last = view["tricks"][-1]
        lines.append(
            msg(
                "Last trick: {cards}; taken by {player}.",
                cards=_trick(last["cards"]),
                player=seat_message(last["winner"]),
            )
        )
    if view["phase"] in ("playing", "over") and view["contract"] is not None:
        won = joined(
            msg("{player}: {value}", player=seat_message(s), value=n)
            for s, n in enumerate(view["tricks_won"])
        )
        lines.append(msg("Tricks won: {won}.", won=won))
    if view["current"] is not None:
        lines.append(msg("To act: {player}.", player=seat_message(view["current"])))
    result = view["result"]
    if result is not None:
        if result.get("thrown_in"):
            lines.append(msg("All passed: the deal is thrown in, no payment."))
        else:
            scores = joined(
                msg("{player}: {value}", player=seat_message(s), value=format(v, "+d"))
                for s, v in enumerate(result["scores"])
            )
            lines.append(msg("Result: {scores}.", scores=scores))
    return lines


def _contract_line(view: dict[str, Any]) -> Message:
    contract = CONTRACT_MESSAGES[view["contract"]]
    declarer = view["declarer"]
    trump = view["trump"]
    if view["phase"] == "declaring":
        trump_text = msg("trump not yet named")
    elif trump:
        trump_text = msg("{suit} trump", suit=SUIT_MESSAGES[SUITS.index(trump)])
    else:
        trump_text = msg("no trump")
    if declarer is None:
        return msg("Contract: {contract}, {trump}.", contract=contract, trump=trump_text)
    return msg(
        "Contract: {contract} by {player}, {trump}.",
        contract=contract,
        player=seat_message(declarer),
        trump=trump_text,
    )


def result_messages(result: dict[str, Any], names: Sequence[object] | None = None) -> list[Message]:
    """The end of a deal: the contract and its outcome, the card points of each side."""
    if result.get("thrown_in"):
        return [msg("All passed: the deal is thrown in, no payment.")]
    points = joined(
        msg("{player} {points}", player=player(names, seat), points=value)
        for seat, value in enumerate(result.get("points") or [])
        if value or seat in (result.get("losers") or ())
    )
    declarer = result.get("declarer")
    if declarer is None:  # Ramsch: every player for himself, the most card points pays
        losers = joined(player(names, seat) for seat in result.get("losers") or ())
        return [msg("Ramsch: card points {points}; {losers} pays.", points=points, losers=losers)]
    contract = CONTRACT_MESSAGES.get(result["contract"], verbatim(str(result["contract"])))
    trump = str(result.get("trump") or "")
    suit = SUIT_MESSAGES[SUITS.index(trump)] if trump and trump in SUITS else msg("no trump")
    won = result["scores"][declarer] > 0
    if won:
        outcome = msg(
            "{player} played {contract} ({suit} trump) and won it with {points} card points "
            "to {others}.",
            player=player(names, declarer),
            contract=contract,
            suit=suit,
            points=result["declarer_points"],
            others=result["opponent_points"],
        )
    else:
        outcome = msg(
            "{player} played {contract} ({suit} trump) and lost it with {points} card points "
            "to {others}.",
            player=player(names, declarer),
            contract=contract,
            suit=suit,
            points=result["declarer_points"],
            others=result["opponent_points"],
        )
    payment = msg(
        "Difference {difference} x {multiplier}: the declarer {verb} {amount} from each opponent.",
        difference=result["difference"],
        multiplier=result["multiplier"],
        verb=msg("receives") if won else msg("pays"),
        amount=abs(result["difference"] * result["multiplier"]),
    )
    return [outcome, payment]


def describe_table(view: dict[str, Any]) -> list[str]:
    """The public table of a Frog view as a few lines of plain English text."""
    return [str(line) for line in table_messages(view)]
