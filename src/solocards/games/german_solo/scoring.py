"""Settlement of a deal in chips (§A9): game value, payments, stake, stamm and béte.

Payments between players come first, then the pool: a won alone game in couleur draws a stamm,
a lost alone game pays a béte; neither exceeds 16. The dealer's stake was paid into the pool
before the deal, and is part of the dealer's score for the deal, so that
``sum(scores) + pool_change == 0`` always holds.

An alone declarer is paid the value by each other player. With a partner, each defender pays
the value; with four players the declarer and the partner each take one share, with five the
declarer takes two shares to the partner's one (Quintille, five-handed Ombre: "the Ombre takes
up two of the three Counters, and the Friend one"). Option ``partner_share=halves`` settles
the five-handed partnership half and half instead, an odd chip to the declarer, won or lost
(the later Quintille and the Encyclopédie; see ``docs/german-solo.md``); with four both
readings are one share each.

>>> from .rules import GermanSoloRules
>>> def five(halves: bool, won: bool) -> list[int]:
...     rules = GermanSoloRules(partner_halves=halves)
...     tricks = 5 if won else 4
...     return settle_values(4, 0, 1, 1, False, False, tricks, (0,) * 5, 0, 0, False, rules)[
...         "scores"]
>>> five(False, True), five(True, True), five(True, False)
([4, 2, -2, -2, -4], [3, 3, -2, -2, -4], [-3, -3, 2, 2, 0])
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from .contract import base_value, matador_price
from .rules import GermanSoloRules

STAMM_CAP: Final = 16
BETE_CAP: Final = 16


@dataclass(frozen=True)
class Deal:
    """What settlement needs to know about a finished deal."""

    dealer: int
    declarer: int
    partner: int  # -1 when the declarer plays alone (solo, alone, own call)
    kind: int
    couleur: bool  # the trump is the couleur suit
    incidental_tout: bool
    side_tricks: int
    dealt: tuple[int, ...]  # each seat's dealt hand as a bitmask
    trump: int
    pool_start: int  # the pool before the dealer's stake
    need_all: bool  # a tout (bid or incidental): the side must win all eight tricks


def settle(deal: Deal, rules: GermanSoloRules) -> dict[str, Any]:
    """The result of a deal: scores, winners, pool and the figures behind them."""
    return settle_values(
        deal.dealer,
        deal.declarer,
        deal.partner,
        deal.kind,
        deal.couleur,
        deal.incidental_tout,
        deal.side_tricks,
        deal.dealt,
        deal.trump,
        deal.pool_start,
        deal.need_all,
        rules,
    )


def settle_values(
    dealer: int,
    declarer: int,
    partner: int,
    kind: int,
    couleur: bool,
    incidental_tout: bool,
    side_tricks: int,
    dealt: tuple[int, ...],
    trump: int,
    pool_start: int,
    need_all: bool,
    rules: GermanSoloRules,
) -> dict[str, Any]:
    """:func:`settle` of the :class:`Deal` with these fields, without building it (the state
    settles every deal this way: in the compiled build a dataclass is built by its interpreted
    ``__init__``)."""
    alone = partner < 0
    side = [declarer] if alone else [declarer, partner]
    players = len(dealt)
    others = [seat for seat in range(players) if seat not in side]
    won = side_tricks == 8 if need_all else side_tricks >= 5
    base = base_value(kind, alone, couleur)
    side_mask = 0
    for seat in side:
        side_mask |= dealt[seat]
    matadores = matador_price(side_mask, trump, rules.one_each)
    if matadores == 0 and rules.defender_matadores:
        defence = 0
        for seat in others:
            defence |= dealt[seat]
        matadores = matador_price(defence, trump, rules.one_each)
    if rules.couleur_matadores and couleur:
        matadores *= 2
    value = (2 * base if incidental_tout else base) + matadores
    scores = [0] * players
    scores[dealer] -= rules.stake
    pool = pool_start + rules.stake
    sign = 1 if won else -1
    for seat in others:
        scores[seat] -= value * sign
    if alone:
        scores[declarer] += len(others) * value * sign
    elif rules.partner_halves:  # half each, the odd chip to (or from) the declarer
        total = len(others) * value
        scores[partner] += total // 2 * sign
        scores[declarer] += (total - total // 2) * sign
    else:  # the partner takes one share, the declarer the rest (one of two, two of three)
        scores[partner] += value * sign
        scores[declarer] += (len(others) - 1) * value * sign
    stamm = bete = 0
    if alone and won and couleur:
        if rules.stamm_full_only:
            stamm = STAMM_CAP if pool >= STAMM_CAP else 0
        else:
            stamm = min(pool, STAMM_CAP)
    elif alone and not won and (couleur or not rules.bete_couleur_only):
        bete = min(value, BETE_CAP) if rules.bete_value else min(pool, BETE_CAP)
    scores[declarer] += stamm - bete
    pool += bete - stamm
    return {
        "scores": scores,
        "winners": sorted(side if won else others),
        "won": won,
        "value": value,
        "base": base,
        "matadores": matadores,
        "stake": rules.stake,
        "stamm": stamm,
        "bete": bete,
        "pool": pool,
        "pool_change": pool - pool_start,
    }


def no_game(
    players: int, dealer: int, bete_seat: int, pool_start: int, rules: GermanSoloRules
) -> dict[str, Any]:
    """The result of a deal that ends without play: a three-handed throw-in when all pass
    (``bete_seat`` -1), or a rule-7 forfeit, where ``bete_seat`` pays a béte of min(pool, 16).

    >>> no_game(4, 0, 2, 5, GermanSoloRules(forfeit_pass=True))["scores"]
    [-2, 0, -7, 0]
    """
    scores = [0] * players
    scores[dealer] -= rules.stake
    pool = pool_start + rules.stake
    bete = min(pool, BETE_CAP) if bete_seat >= 0 else 0
    if bete_seat >= 0:
        scores[bete_seat] -= bete
    pool += bete
    return {
        "scores": scores,
        "winners": [],
        "won": False,
        "value": 0,
        "base": 0,
        "matadores": 0,
        "stake": rules.stake,
        "stamm": 0,
        "bete": bete,
        "pool": pool,
        "pool_change": pool - pool_start,
    }


__all__ = ["BETE_CAP", "STAMM_CAP", "Deal", "no_game", "settle", "settle_values"]
