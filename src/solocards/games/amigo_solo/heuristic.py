"""AMIGO's SOLO's heuristic bot: rules of thumb that shed cards fast and beat random play.

- Always call "solo" with a move that leaves one card; catch whoever forgot; call late if caught
  out; jump in whenever it can.
- Facing a penalty: stack if it can, else take it.
- Otherwise play rather than draw: a Plus Two / Skip / Wild Plus Four when the next player is
  close to going out, else the card worth the most points (coloured before black, so the wilds
  stay for later); a Swap with the smallest other hand when that hand is smaller than its own;
  Swap all round only when the hand it receives is smaller. A wild names the colour it holds most.
- After a draw: play the drawn card if it may, else keep it.

``choose`` sees only the view, like every bot. ``playout(state, rng)`` is a cheap policy on the
state's integer ids for ISMCTS rollouts: random plays (calling solo, jumping in and catching),
drawing only when nothing can be played.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING, Any

from ...core.bot import NO_REACTION
from ...core.rng import choice
from .actions import CATCH, MULTI, PLAY, SOLO
from .cards import COLOURS, KIND, PLUS2, POINTS, RANK_OF, SKIP, W4, W

if TYPE_CHECKING:
    from ...core.game import State
    from .state import AmigoSoloState


class AmigoSoloHeuristicBot:
    """A rule-of-thumb AMIGO's SOLO player (see the module doc)."""

    name = "heuristic"
    reads_log = False
    """It never reads the view's log (the runners then leave it out, ``view_for``)."""

    def __init__(self, rotate_with_play: bool = False) -> None:
        self.rotate_with_play = rotate_with_play
        """How Swap all round moves the hands in this game (``rotation_moves_hands``, S-4)."""

    def choose(self, view: dict[str, Any], legal_actions: list[str], rng: random.Random) -> str:
        """Pick one of ``legal_actions`` from what ``view`` shows."""
        legal = [a for a in legal_actions if a != NO_REACTION]
        for action in legal:
            if action.startswith("catch>") or action == "solo":
                return action
        if not legal:
            return NO_REACTION
        calls = {a[:-1] for a in legal if a.endswith("!")}
        plays = [
            a
            for a in legal
            if a not in ("draw", "pass")
            and not a.startswith(("color:", "swap>"))
            and a not in calls
        ]
        if legal[0].startswith("color:"):
            return "color:" + self._colour(view["hand"], rng)
        if legal[0].startswith("swap>"):
            return min(legal, key=lambda a: view["hand_sizes"][int(a[5:])])
        seat = view["seat"]
        if seat != view["current"]:  # a jump-in: take it
            return self._best(view, plays, rng) if plays else NO_REACTION
        if plays:
            return self._best(view, plays, rng)
        return "pass" if "pass" in legal else legal[0]

    def _best(self, view: dict[str, Any], plays: list[str], rng: random.Random) -> str:
        sizes = view["hand_sizes"]
        seat = view["seat"]
        hand = view["hand"]
        players = len(sizes)
        following = (seat + view["direction"]) % players
        threat = sizes[following] <= 2
        colour = self._colour(hand, rng)
        scored: list[tuple[float, str]] = []
        for action in plays:
            body = action.rstrip("!")
            card = body.split(">")[0].split(":")[0]
            if body.count("+") >= 2:  # Triple +: shed many
                scored.append((100.0 + body.count("+"), action))
                continue
            kind = KIND[card]
            value = float(POINTS[kind])
            rank = RANK_OF[kind]
            if kind >= W:
                value -= 45  # keep black cards for later
                if ":" in body and not body.endswith(":" + colour):
                    continue
                if card == "WX":
                    # the hand it receives: from behind with the play, from ahead against it
                    step = -view["direction"] if self.rotate_with_play else view["direction"]
                    giver = (seat + step) % players
                    if sizes[giver] >= len(hand) - 1:
                        continue
            if threat and (kind == W4 or rank in (PLUS2, SKIP)):
                value += 100
            if ">" in body:
                target = int(body.split(">")[1])
                if sizes[target] >= len(hand) - 1 or sizes[target] != min(
                    size for s, size in enumerate(sizes) if s != seat
                ):
                    continue
                value += 60
            scored.append((value + rng.random(), action))
        if not scored:
            return min(plays, key=lambda a: (a.startswith(("W", "RX", "YX", "GX", "BX")), a))
        return max(scored)[1]

    @staticmethod
    def _colour(hand: list[str], rng: random.Random) -> str:
        counts = Counter(card[0] for card in hand if card[0] in COLOURS)
        if not counts:
            return rng.choice(COLOURS)
        return max(COLOURS, key=lambda c: (counts[c], -COLOURS.index(c)))

    def playout(self, state: State, rng: random.Random) -> State:
        """Play ``state`` out fast: calls, catches and jump-ins first, then random plays."""
        amigo: AmigoSoloState = state  # type: ignore[assignment]
        table = amigo.g.table
        types = table.type
        call = table.call
        for _ in range(100_000):
            to_act = amigo.to_act
            if not to_act:
                break
            current = amigo.current
            acted = False
            if len(to_act) > 1:
                for seat in to_act:
                    if seat == current:
                        continue
                    ids = amigo.legal_action_ids(seat)
                    react = [i for i in ids if types[i] in (CATCH, SOLO, PLAY, MULTI)]
                    if react:
                        called = [i for i in react if call[i]]
                        amigo.apply_id(seat, choice(rng, called or react))
                        acted = True
                        break
            if acted:
                continue
            ids = amigo.legal_action_ids(current)
            calls = [i for i in ids if types[i] in (CATCH, SOLO)]
            plays = [i for i in ids if types[i] in (PLAY, MULTI)]
            if calls:
                amigo.apply_id(current, calls[0])
            elif plays:
                keep = [i for i in plays if call[i] or (i + 1 not in plays)]
                amigo.apply_id(current, choice(rng, keep))
            else:  # draw, pass, or the first player's colour or swap
                amigo.apply_id(current, ids[0])
        return state
