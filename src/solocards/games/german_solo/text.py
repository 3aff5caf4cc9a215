"""German Solo in words a player at the table uses: the auction, declarations, the table.

The words are :class:`~solocards.core.messages.Message` objects (``engine`` domain) that the
CLI and the server translate; ``str()`` of one is the English text.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...core.messages import (
    Joined,
    Message,
    joined,
    msg,
    nmsg,
    player,
    seat_message,
    sequence,
    verbatim,
)
from .cards import CARD_IDS, SUITS
from .words import SUIT_MESSAGES, card_message

ACTION_MESSAGES = {
    "pass": msg("pass"),
    "hold": msg("I hold"),
    "simple": msg("I ask"),
    "simple-couleur": msg("I ask in couleur"),
    "forcee": msg("forcée partout"),
    "forcee-couleur": msg("forcée partout in couleur"),
    "solo": msg("solo"),
    "solo-couleur": msg("solo in couleur"),
    "tout": msg("tout"),
    "tout-couleur": msg("tout in couleur"),
    "alone": msg("I play alone"),
    "claim": msg("I claim the game (five tricks)"),
}

CONTRACT_MESSAGES = {
    "simple": msg("simple game"),
    "simple-couleur": msg("simple game in couleur"),
    "forcee": msg("forcée partout"),
    "forcee-couleur": msg("forcée partout in couleur"),
    "solo": msg("solo"),
    "solo-couleur": msg("solo in couleur"),
    "tout": msg("tout"),
    "tout-couleur": msg("tout in couleur"),
    "forcee-simple": msg("forcée simple"),
    "forcee-simple-couleur": msg("forcée simple in couleur"),
}


def action_message(action: str) -> Message:
    """An action string in words: ``simple`` -> "I ask", ``call:AD`` -> "I call the A♦"."""
    if action in ACTION_MESSAGES:
        return ACTION_MESSAGES[action]
    if action.startswith("trump:") and action[6:] in SUITS:
        return msg("trumps are {suit}", suit=SUIT_MESSAGES[SUITS.index(action[6:])])
    if action.startswith("call:") and action[5:] in CARD_IDS:
        return msg("I call the {card}", card=card_message(CARD_IDS[action[5:]]))
    if action in CARD_IDS:
        return card_message(CARD_IDS[action])
    return verbatim(action)


def describe_action(action: str) -> str:
    """An action string in words: ``simple`` -> "I ask", ``call:AD`` -> "I call the A♦".

    >>> describe_action("solo-couleur"), describe_action("trump:H"), describe_action("QC")
    ('solo in couleur', 'trumps are hearts', 'Spadilla (Q♣)')
    """
    return str(action_message(action))


def table_messages(view: dict[str, Any]) -> list[Message]:
    """A few lines (messages) of the public table of a view."""
    lines = [
        msg(
            "dealer: {dealer}, eldest: {eldest}, pool: {pool}",
            dealer=seat_message(view["dealer"]),
            eldest=seat_message(view["eldest"]),
            pool=view["pool"],
        )
    ]
    couleur = view.get("couleur")
    couleur_text = SUIT_MESSAGES[SUITS.index(couleur)] if couleur else msg("not yet chosen")
    bids = view["auction"]["bids"]
    said: Message | Joined
    if bids:
        said = joined(
            msg("{player}: {words}", player=seat_message(seat), words=action_message(action))
            for seat, action in bids
        )
    else:
        said = msg("(nothing said yet)")
    lines.append(msg("couleur: {couleur}; auction: {bids}", couleur=couleur_text, bids=said))
    if view["contract"] is not None:
        contract = CONTRACT_MESSAGES.get(view["contract"], verbatim(view["contract"]))
        trump = view["trump"]
        parts = [
            msg(
                "declarer: {player}, {contract}",
                player=seat_message(view["declarer"]),
                contract=contract,
            )
        ]
        if trump:
            parts.append(msg("trumps {suit}", suit=SUIT_MESSAGES[SUITS.index(trump)]))
        if view["called"]:
            parts.append(msg("called {card}", card=action_message(view["called"])))
            if view["caller_void"]:
                parts.append(msg("the caller has none of that suit"))
        if view["partner"] is not None:
            parts.append(msg("partner: {player}", player=seat_message(view["partner"])))
        if view["tout"]:
            parts.append(msg("for tout"))
        lines.append(sequence(parts, "; "))
    if view["trick"]:
        cards = joined(
            msg("{player}: {words}", player=seat_message(seat), words=action_message(card))
            for seat, card in view["trick"]
        )
        lines.append(msg("trick: {cards}", cards=cards))
    won = joined(
        msg("{player}: {value}", player=seat_message(s), value=n)
        for s, n in enumerate(view["tricks_won"])
    )
    lines.append(msg("tricks won: {won}", won=won))
    return lines


def result_messages(result: dict[str, Any], names: Sequence[object] | None = None) -> list[Message]:
    """The end of a deal: the contract and its outcome, the tricks, value and pool."""
    contract = result.get("contract")
    money = msg(
        "Game value {value} (base {base}, matadores {matadores}), stake {stake}; pool {pool} "
        "({change}).",
        value=result["value"],
        base=result["base"],
        matadores=result["matadores"],
        stake=result["stake"],
        pool=result["pool"],
        change=format(result["pool_change"], "+d"),
    )
    if contract is None or result.get("declarer") is None:
        return [msg("No game was played this deal."), money]
    words = CONTRACT_MESSAGES.get(contract, verbatim(contract))
    declarer, partner = result["declarer"], result.get("partner")
    tricks = result.get("side_tricks", 0)
    if partner is None or partner == declarer:
        if result["won"]:
            outcome = nmsg(
                "{player} played {contract} alone and won it with {tricks} trick.",
                "{player} played {contract} alone and won it with {tricks} tricks.",
                tricks,
                player=player(names, declarer),
                contract=words,
                tricks=tricks,
            )
        else:
            outcome = nmsg(
                "{player} played {contract} alone and lost it with {tricks} trick.",
                "{player} played {contract} alone and lost it with {tricks} tricks.",
                tricks,
                player=player(names, declarer),
                contract=words,
                tricks=tricks,
            )
    elif result["won"]:
        outcome = nmsg(
            "{player} played {contract} with {partner} and won it with {tricks} trick.",
            "{player} played {contract} with {partner} and won it with {tricks} tricks.",
            tricks,
            player=player(names, declarer),
            partner=player(names, partner),
            contract=words,
            tricks=tricks,
        )
    else:
        outcome = nmsg(
            "{player} played {contract} with {partner} and lost it with {tricks} trick.",
            "{player} played {contract} with {partner} and lost it with {tricks} tricks.",
            tricks,
            player=player(names, declarer),
            partner=player(names, partner),
            contract=words,
            tricks=tricks,
        )
    return [outcome, *_play_messages(result, names), money]


def _play_messages(result: dict[str, Any], names: Sequence[object] | None) -> list[Message]:
    """How the deal was played: the trumps, each player's tricks, a claim."""
    lines: list[Message] = []
    trump = result.get("trump")
    if isinstance(trump, str) and len(trump) == 1 and trump in SUITS:
        lines.append(msg("Trumps: {suit}.", suit=SUIT_MESSAGES[SUITS.index(trump)]))
    tricks_won = result.get("tricks_won")
    if tricks_won:
        counts = joined(
            msg("{player} {points}", player=player(names, seat), points=count)
            for seat, count in enumerate(tricks_won)
        )
        lines.append(msg("Tricks: {counts}.", counts=counts))
    if result.get("claimed"):
        lines.append(msg("Claimed after five tricks."))
    return lines


def describe_table(view: dict[str, Any]) -> list[str]:
    """A few lines of the public table of a view, in English."""
    return [str(line) for line in table_messages(view)]


__all__ = [
    "ACTION_MESSAGES",
    "CONTRACT_MESSAGES",
    "action_message",
    "describe_action",
    "describe_table",
    "table_messages",
]
