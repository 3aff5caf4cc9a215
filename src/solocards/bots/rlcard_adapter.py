"""RLCard's UNO rule agent (``uno-rule-v1``) as a solocards bot, for 2-player UNO.

A peer no one here wrote: RLCard's own rule agent chooses the moves. The adapter translates
our view into the raw state the agent reads (``raw_obs["hand"]`` and ``raw_legal_actions`` in
RLCard's card strings: ``r-7``, ``g-skip``, ``b-reverse``, ``y-draw_2``, ``r-wild``,
``r-wild_draw_4``) and its answer back into our notation.

RLCard's UNO is a smaller game than ours, so its legal actions are offered *as RLCard would*:
the playable cards; a Wild Draw Four only when nothing else may be played; ``draw`` only when
no card may be played. What RLCard's UNO does not have is played the way RLCard plays it, or
as any rule-abiding player would:

- UNO is always called (the ``!`` form of a play): RLCard has no call, and no catch, so the
  agent never catches and never answers a reaction window;
- a pending Draw Two / Wild Draw Four is drawn (RLCard has no stacking and no challenge);
- a card just drawn is played if it may be (RLCard plays it automatically), naming the colour
  the agent would; otherwise the turn passes;
- under 7-0 (not RLCard's) a 7 swaps with the first seat offered.

The agent draws its random choices from numpy's global generator; the adapter seeds it from
the ``rng`` it is given before each choice, so games replay. Needs the ``bench`` extra
(``pip install solocards[bench]``); rlcard is imported on first use only.

>>> import random, solocards
>>> bot = RLCardUnoBot(solocards.make("uno", players=2))
>>> bot.to_rlcard("W+4"), bot.to_rlcard("G+2"), bot.to_rlcard("BS")
('r-wild_draw_4', 'g-draw_2', 'b-skip')
"""

from __future__ import annotations

import importlib
import random
from typing import Any

from ..core.bot import NO_REACTION
from ..core.errors import OptionError
from ..core.game import Game, View

SUPPORTED_GAMES = frozenset({"uno"})
"""The games RLCard's rule agent can play here (the registry's ``rlcard`` kind plays these)."""

_COLOURS = {"R": "r", "Y": "y", "G": "g", "B": "b"}
_RANKS = {"S": "skip", "R": "reverse", "+2": "draw_2"}


class RLCardUnoBot:
    """RLCard's ``uno-rule-v1`` agent playing our UNO (see the module doc)."""

    name = "rlcard"

    def __init__(self, game: Game, model: str = "uno-rule-v1") -> None:
        if game.id not in SUPPORTED_GAMES:
            plays = ", ".join(sorted(SUPPORTED_GAMES))
            raise OptionError(f"the rlcard bot plays {plays} only, not {game.id}")
        if model != "uno-rule-v1":
            raise OptionError(f"the rlcard bot knows the model uno-rule-v1 only, not {model!r}")
        self.game = game
        self.model = model
        self._agent: Any = None

    @property
    def agent(self) -> Any:
        """RLCard's rule agent, loaded on first use."""
        if self._agent is None:
            try:
                models: Any = importlib.import_module("rlcard.models")
            except ImportError as error:  # pragma: no cover - depends on the installation
                raise OptionError(
                    "the rlcard bot needs rlcard: pip install solocards[bench]"
                ) from error
            self._agent = models.load(self.model).agents[0]
        return self._agent

    @staticmethod
    def to_rlcard(card: str, colour: str | None = None) -> str:
        """Our card (with the colour named for a wild) as an RLCard card string."""
        if card.startswith("W"):
            kind = "wild_draw_4" if card == "W+4" else "wild"
            return f"{_COLOURS[colour or 'R']}-{kind}"
        rank = card[1:]
        return f"{_COLOURS[card[0]]}-{_RANKS.get(rank, rank)}"

    def choose(self, view: View, legal_actions: list[str], rng: random.Random) -> str:
        """The agent's move, translated (see the module doc for what it cannot choose)."""
        if NO_REACTION in legal_actions:
            return NO_REACTION
        plays = self._plays(legal_actions)
        phase = view.get("phase")
        if phase == "penalty" or not plays:
            for fallback in ("draw", "pass"):
                if fallback in legal_actions:
                    return fallback
            return legal_actions[0]
        if phase == "drawn":
            # RLCard plays a playable drawn card at once; the agent still names the colour.
            options = {self.to_rlcard(*key): action for key, action in plays.items()}
            if len(options) > 1:
                return options[self._ask(view, list(options), rng)]
            return next(iter(options.values()))
        others = {key: action for key, action in plays.items() if key[0] != "W+4"}
        offered = others if others else plays
        options = {self.to_rlcard(*key): action for key, action in offered.items()}
        return options[self._ask(view, list(options), rng)]

    def _plays(self, legal_actions: list[str]) -> dict[tuple[str, str | None], str]:
        """Our single-card plays by (card, colour named), preferring the form that calls UNO."""
        plays: dict[tuple[str, str | None], str] = {}
        for action in legal_actions:
            text = action.removesuffix("!")
            if ">" in text:
                text = text.partition(">")[0]
            card, _, colour = text.partition(":")
            if not card or card[0] not in "RYGBW" or ("+" in card[2:] and card != "W+4"):
                continue  # draw, pass, uno, catch, challenge, colour naming, multi-plays
            key = (card, colour or None)
            if key not in plays or action.endswith("!"):
                plays[key] = action
        return plays

    def _ask(self, view: View, options: list[str], rng: random.Random) -> str:
        import numpy as np

        np.random.seed(rng.getrandbits(32))
        hand = [self.to_rlcard(card) for card in view["hand"]]
        top = view.get("top_card") or "W"
        state = {
            "raw_obs": {
                "hand": hand,
                "target": self.to_rlcard(top, view.get("color")),
                "legal_actions": options,
                "num_players": view["players"],
                "current_player": view["seat"],
            },
            "raw_legal_actions": options,
        }
        choice = str(self.agent.step(state))
        if choice not in options:  # the agent names a colour for the wild it holds
            kind = choice.partition("-")[2]
            choice = next(option for option in options if option.endswith("-" + kind))
        return choice


def make_rlcard(game: Game, **params: Any) -> RLCardUnoBot:
    """The registry's factory: ``rlcard`` or ``rlcard:model=uno-rule-v1``."""
    unknown = sorted(set(params) - {"model"})
    if unknown:
        raise OptionError(f"the rlcard bot has no parameter {', '.join(unknown)}; only model")
    return RLCardUnoBot(game, **params)


__all__ = ["SUPPORTED_GAMES", "RLCardUnoBot", "make_rlcard"]
