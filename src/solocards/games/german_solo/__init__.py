"""German Solo: the 4-player Ombre-family Solo of Spadilla, Manilla and Basta.

The rules are ``shared/rules/trick-taking.md`` part A; the notation and API are API.md's.
"""

from .game import GermanSoloGame

__all__ = ["GermanSoloGame"]
