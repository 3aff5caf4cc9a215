"""Ratings: OpenSkill skills per game and family of player counts, for accounts and bots.

- :mod:`.skill`: the model (Plackett-Luce), a skill and the rating people see;
- :mod:`.families`: which player counts share a rating;
- :mod:`.ranking`: the places of a finished match (winners, totals, forfeits);
- :mod:`.store`: results, ratings and forfeits in the database;
- :mod:`.rated`: what a rated table must be, checked when it is opened and started;
- :mod:`.api`: the profile and leaderboard requests.
"""

from __future__ import annotations

from .families import families, family
from .ranking import places
from .skill import NEWCOMER, Skill, displayed, rate

__all__ = ["NEWCOMER", "Skill", "displayed", "families", "family", "places", "rate"]
