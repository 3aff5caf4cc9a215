"""Places in a finished match, from its totals, the game's winners and forfeits.

Which way a score runs depends on the game and its rules (UNO's standard scoring counts up,
its alternative scoring and AMIGO's minus points count down): the winners come from the
game's own ``match_winners`` and the direction from :func:`..standings.lowest_wins`. Winners
share first place; the others follow by their totals (equal totals share a place); a seat
that forfeited (its person left the rated match) is last whatever it scored, tied with any
other forfeit.

>>> places([30, 120, 75], winners=[1], lowest_wins=False)
[3, 1, 2]
>>> places([30, 120, 75], winners=[1], lowest_wins=False, forfeited={1})
[2, 3, 1]
"""

from __future__ import annotations

from collections.abc import Collection


def places(
    totals: list[int],
    winners: list[int],
    lowest_wins: bool | None,
    forfeited: Collection[int] = (),
) -> list[int]:
    """Each seat's place (1 is best; ties share the better place, as in 1, 1, 3).

    ``lowest_wins`` ``None`` (a game whose totals alone do not say) orders the non-winners
    highest first.

    >>> places([10, 10, 4], winners=[0, 1], lowest_wins=False)
    [1, 1, 3]
    >>> places([0, 12, 12, 40], winners=[0], lowest_wins=True)
    [1, 2, 2, 4]
    >>> places([5, 9], winners=[1], lowest_wins=None, forfeited={0, 1})
    [1, 1]
    """
    if not totals:
        raise ValueError("a match without seats has no places")
    sign = 1 if lowest_wins else -1
    keys = [
        (True, True, 0) if seat in forfeited else (False, seat not in winners, sign * total)
        for seat, total in enumerate(totals)
    ]
    return [1 + sum(other < key for other in keys) for key in keys]
