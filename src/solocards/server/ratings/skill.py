"""Skill estimates and how a finished match moves them: OpenSkill's Plackett-Luce model.

A player's skill in one game and family of player counts is a normal belief ``(mu, sigma)``
(a newcomer starts at 25 and 25/3). After a rated match every seat is a team of one, ranked by
the match (1 is best, ties share a rank), and OpenSkill's Weng-Lin update with the
Plackett-Luce likelihood moves each belief: better-placed seats gain, worse-placed lose, by
more when the result surprises the model. Plackett-Luce models a ranking of any number of
players at once, which a game of three to ten is; Glicko-2 knows only two-player results, so a
four-player match would have to be cut into six pretend duels that are not independent
(docs/server.md, "Ratings").

>>> winner, loser = rate([NEWCOMER, NEWCOMER], [1, 2])
>>> displayed(winner) > displayed(NEWCOMER) > displayed(loser)
True
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from openskill.models import PlackettLuce

START_MU = 25.0
"""A newcomer's mean skill (OpenSkill's default)."""

START_SIGMA = START_MU / 3
"""A newcomer's uncertainty (OpenSkill's default)."""

DISPLAY_BASE = 1500
"""The displayed rating of a newcomer: the familiar start of chess-style ratings."""

DISPLAY_SCALE = 48.0
"""Displayed points per unit of ``mu``: the model's ``beta`` (25/6, the spread of one
match's performance, about a 76% chance for the better player) is 200 points, as in Elo."""

PROVISIONAL_SIGMA = 6.0
"""Above this uncertainty a rating is provisional: about the first 14 two-player matches
against newcomers (measured: sigma 6.21 after 12, 5.90 after 15), fewer against players whose
ratings are settled, since their results say more."""


@dataclass(frozen=True)
class Skill:
    """A belief about a player's skill: mean ``mu`` and standard deviation ``sigma``.

    >>> Skill(25.0, 2.0).conservative
    19.0
    """

    mu: float
    sigma: float

    @property
    def conservative(self) -> float:
        """``mu - 3 sigma``: the skill the player almost surely has at least (the ordinal)."""
        return self.mu - 3 * self.sigma

    @property
    def provisional(self) -> bool:
        """Whether too few matches were rated to trust the estimate.

        >>> NEWCOMER.provisional, Skill(25.0, 2.0).provisional
        (True, False)
        """
        return self.sigma > PROVISIONAL_SIGMA


NEWCOMER = Skill(START_MU, START_SIGMA)
"""The skill of a player with no rated match."""


def displayed(skill: Skill) -> int:
    """The rating people see: ``mu`` on a scale where a newcomer has 1,500.

    >>> displayed(NEWCOMER), displayed(Skill(START_MU - 25 / 6, 3.0))
    (1500, 1300)
    """
    return round(DISPLAY_BASE + DISPLAY_SCALE * (skill.mu - START_MU))


@cache
def model() -> PlackettLuce:
    """The rating model (OpenSkill's defaults: ``beta`` 25/6, ``tau`` 25/300 added to each
    sigma before an update so that ratings keep moving).

    >>> model().beta == START_SIGMA / 2
    True
    """
    return PlackettLuce(mu=START_MU, sigma=START_SIGMA)


def rate(skills: list[Skill], ranks: list[int]) -> list[Skill]:
    """Each seat's skill after a match where seat ``i`` with ``skills[i]`` placed ``ranks[i]``
    (1 is best; equal ranks are a tie).

    >>> first, second, third = rate([NEWCOMER] * 3, [1, 2, 3])
    >>> first.mu > second.mu > third.mu
    True
    >>> a, b = rate([NEWCOMER, NEWCOMER], [1, 1])
    >>> a == b and abs(a.mu - START_MU) < 1e-9
    True
    """
    if len(skills) != len(ranks) or len(skills) < 2:
        raise ValueError(f"a rated match needs two or more ranked seats, not {len(skills)}")
    plackett_luce = model()
    teams = [[plackett_luce.rating(mu=s.mu, sigma=s.sigma)] for s in skills]
    rated = plackett_luce.rate(teams, ranks=[float(rank) for rank in ranks])
    return [Skill(team[0].mu, team[0].sigma) for team in rated]
