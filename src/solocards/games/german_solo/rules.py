"""German Solo's rules object: the options of one game, resolved once into typed fields.

Play, settlement and the match read :class:`GermanSoloRules` (``game.rules``) instead of the
options dict.

>>> import solocards
>>> rules = solocards.make("german-solo", stake=3, match_end="target").rules
>>> rules.stake, rules.match_by_deals, rules == GermanSoloRules(stake=3, match_by_deals=False)
(3, False, True)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ...core.options import OptionValue


@dataclass(frozen=True)
class GermanSoloRules:
    """The options of one game, resolved once (:meth:`from_options`); the defaults are the
    options' defaults."""

    couleur_first_won: bool = False
    couleur_upgrade: bool = False
    call_trump_ace: bool = False
    called_card_lead: bool = False
    forced_upgrade: bool = False
    one_each: bool = False
    defender_matadores: bool = False
    couleur_matadores: bool = False
    tout_side: bool = False
    bete_couleur_only: bool = False
    bete_value: bool = False
    stamm_full_only: bool = False
    fp_alone: bool = True
    stake: int = 2
    reservation: bool = True
    forfeit_pass: bool = False
    match_by_deals: bool = True
    """The match ends after ``deals`` deals (else at ``target`` chips or ``max_deals``)."""
    deals: int = 8
    target: int = 50
    max_deals: int = 100
    pool_split: bool = False
    """The pool left at the end of the match is shared out (``pool_leftover=split``)."""
    partner_halves: bool = False
    """With five, a partnership settles half and half, the odd chip to the declarer
    (``partner_share=halves``); else the declarer two shares to the partner's one."""

    @classmethod
    def from_options(cls, options: Mapping[str, OptionValue]) -> GermanSoloRules:
        """The rules of a resolved option dict (see ``options.py``)."""
        return cls(
            couleur_first_won=options["couleur"] == "first_won",
            couleur_upgrade=bool(options["couleur_upgrade"]),
            call_trump_ace=bool(options["call_trump_ace"]),
            called_card_lead=bool(options["called_card_lead"]),
            forced_upgrade=bool(options["forced_upgrade"]),
            one_each=options["matador_price"] == "one_each",
            defender_matadores=bool(options["defender_matadores"]),
            couleur_matadores=bool(options["couleur_matadores"]),
            tout_side=options["tout_choice"] == "side",
            bete_couleur_only=options["bete"] == "couleur_alone",
            bete_value=options["bete_size"] == "value",
            stamm_full_only=options["stamm"] == "full_only",
            fp_alone=bool(options["fp_alone"]),
            stake=int(options["stake"]),
            reservation=bool(options["reservation"]),
            forfeit_pass=options["double_queen_pass"] == "forfeit",
            match_by_deals=options["match_end"] == "deals",
            deals=int(options["deals"]),
            target=int(options["target"]),
            max_deals=int(options["max_deals"]),
            pool_split=options["pool_leftover"] == "split",
            partner_halves=options["partner_share"] == "halves",
        )


__all__ = ["GermanSoloRules"]
