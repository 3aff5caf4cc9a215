"""Simulation: playing matches between bots, and (later) tournaments and ratings."""

from .runner import choose_actor, play_match, play_round

__all__ = ["choose_actor", "play_match", "play_round"]
