"""Simulation: playing matches between bots, duplicate tournaments, ratings and statistics.

- :mod:`.runner`: play rounds and matches, reaction windows ordered as API.md says.
- :mod:`.tournament`: duplicate tournaments (every seat order, in parallel), their summaries.
- :mod:`.stats`: 95% intervals over deals, Bradley-Terry (Elo-scale) ratings.
- :mod:`.plot` and :mod:`.report`: the PNG and the ``solocards tournament`` output.
"""

from .runner import choose_actor, play_match, play_round
from .tournament import TournamentResult, run_tournament

__all__ = ["TournamentResult", "choose_actor", "play_match", "play_round", "run_tournament"]
