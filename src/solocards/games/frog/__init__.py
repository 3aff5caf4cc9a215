"""Frog: the 3-player Solo of Frage, Solo and Heart Solo (rules: trick-taking.md part B)."""

from .game import FrogGame
from .state import FrogState

__all__ = ["FrogGame", "FrogState"]
