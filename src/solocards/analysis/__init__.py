"""Win chances of every legal action, from what one seat can see (hints and round reviews).

:func:`analyse` samples worlds consistent with a seat's view (``game.sample_world``), plays
each legal action out in every world with the game's strongest cheap policy (its heuristic's
fast playout, else its heuristic bot, else random play) and reports, per action, the share of
playouts the seat won and its mean round score, each with a 95% interval. The same worlds and
playout seeds serve every action (common random numbers), so differences between actions are
not the luck of the deal. :mod:`solocards.analysis.review` grades the decisions of a record.

>>> import solocards
>>> game = solocards.make("uno", players=2)
>>> state = game.deal(seed=5)
>>> seat = state.to_act[0]
>>> hint = analyse(game, state.view(seat), worlds=8, seed=1)
>>> sorted(estimate.action for estimate in hint.actions) == sorted(state.legal_actions(seat))
True
>>> hint == analyse(game, state.view(seat), worlds=8, seed=1)
True
"""

from __future__ import annotations

from .estimate import ActionEstimate, Analysis, analyse, hint, wilson_interval

__all__ = ["ActionEstimate", "Analysis", "analyse", "hint", "wilson_interval"]
