"""What knowing one fact of the opponent's hand is worth to the search (2-player UNO).

    python bench/uno_oracle.py --know colours --first-deal 200 --rounds 200 --jobs 2 \\
        --spec "ismcts:iterations=3000,paired=1,trust=2,rollout=plan" --log colours.jsonl

``bench/uno_duel.py`` with one change: every world the search samples is dealt as usual, then
the opponent's hand is dealt again from the same unseen cards (its hand and the draw pile) so
that it agrees with the real hand in one respect (``--know``):

- ``hand``: the very cards (the search knows the hand; the draw pile stays unknown);
- ``colours``: as many cards of each colour, and as many wilds, as the real hand, the kinds
  dealt at random within each;
- ``wilds``: the very wilds and Wild Draw Fours, the coloured cards dealt at random;
- ``none``: dealt again at random, reading nothing.

``--share Q`` (default 1): only a share ``Q`` of the worlds know it, the others are the
sampler's own: a search whose guess is partly right, to see how the points grow with the guess.

The hand is dealt again from scratch, so what the sampler read of the opponent's draws and
named colours is dropped: ``colours`` and ``wilds`` add one fact to ``none``, not to the
shipped worlds; compare them with a ``none`` run as well as with the plain search.

The search still plays from its own view; only its guess of the hidden hand changes. Compare
each run deal by deal with a run of the plain search on the same deals
(``python bench/uno_duel.py --compare BEFORE AFTER``) to see how many points each fact is
worth, and so which reading of the opponent a stronger search should aim at. Not a bot anyone
can play: it peeks at the true round.
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import uno_duel
from solocards.core.info import resolve
from solocards.games.uno import sampling
from solocards.games.uno.cards import KIND_COLOUR
from solocards.sim import tournament

FIRST_WILD = 52
"""Kinds from here on are wilds (Wild, Wild Draw Four)."""

FACTS: dict[str, Callable[[int], int]] = {
    "hand": lambda kind: kind,
    "colours": lambda kind: KIND_COLOUR[kind],
    "wilds": lambda kind: kind if kind >= FIRST_WILD else -1,
    "none": lambda kind: 0,
}
"""Each fact as a key of a card kind: the opponent's hand is dealt with as many cards of each
key as the real hand holds."""

_TRUE: list[Any] = [None]
"""The round being played (the search peeks at it through its worlds)."""


def redeal(world: Any, true: Any, other: int, fact: str, rng: random.Random) -> bool:
    """Deal ``other``'s hand in ``world`` again from the world's unseen cards (that hand and the
    draw pile) so that it agrees with its hand in ``true`` in ``fact``; returns whether it could
    (not while ``other`` holds a card it just drew, nor where the unseen cards differ).

    >>> import solocards
    >>> game = solocards.make("uno", players=2)
    >>> true = game.deal(seed=1)
    >>> world = game.sample_world(true.view(0), random.Random(2))
    >>> redeal(world, true, 1, "hand", random.Random(3))
    True
    >>> sorted(world.hands[1]) == sorted(true.hands[1]) and world.view(0) == true.view(0)
    True
    """
    key = FACTS[fact]
    pool = world.hands[other] + world.pile
    if world.drawn >= 0 and world.current == other:
        return False
    if len(world.discard) != len(true.discard):
        return False
    discard = list(world.discard)
    for slot, (dealt, real) in enumerate(zip(discard, true.discard, strict=True)):
        if dealt != real and real in pool:
            # The first card turned up, covered before anything showed it: unseen, and dealt
            # at random in the world. It takes the real one's place; the dealt one is unseen.
            pool.remove(real)
            pool.append(dealt)
            discard[slot] = real
    if Counter(pool) != Counter(true.hands[other] + true.pile):
        return False
    world.discard = discard
    rng.shuffle(pool)
    wanted = Counter(key(kind) for kind in true.hands[other])
    hand: list[int] = []
    rest: list[int] = []
    for kind in pool:
        if wanted[key(kind)] > 0:
            wanted[key(kind)] -= 1
            hand.append(kind)
        else:
            rest.append(kind)
    world.hands[other] = hand
    world.pile = rest
    world._remask(other)
    if fact in ("hand", "colours"):
        world.wd4_bad = true.wd4_bad  # (whether a Wild Draw Four was legal follows)
    return True


def install(fact: str, share: float = 1.0) -> Callable[[], None]:
    """Make the UNO worlds sampled from now on know ``fact`` of the round being played in a
    tournament table, each with chance ``share`` (the others are dealt as usual); returns the
    function that undoes it."""
    shipped_sampler = sampling.sample_world
    shipped_actor = tournament.choose_actor
    checked: list[Any] = [None, False]  # the latest view looked at, and whether it is true's

    def sample_world(game: Any, view: Any, rng: random.Random) -> Any:
        world = shipped_sampler(game, view, rng)
        true = _TRUE[0]
        if checked[0] is not view:
            checked[:] = [view, true is not None and true.view(view["seat"]) == view]
        if checked[1] and (share >= 1.0 or rng.random() < share):
            redeal(world, true, 1 - view["seat"], fact, rng)
        return world

    def choose_actor(state: Any, bots: Any, rngs: Any) -> Any:
        _TRUE[0] = state
        checked[0] = None
        return shipped_actor(state, bots, rngs)

    sampling.sample_world = sample_world  # type: ignore[assignment]
    tournament.choose_actor = choose_actor  # type: ignore[assignment]
    resolve.cache_clear()

    def undo() -> None:
        sampling.sample_world = shipped_sampler  # type: ignore[assignment]
        tournament.choose_actor = shipped_actor  # type: ignore[assignment]
        _TRUE[0] = None
        resolve.cache_clear()

    return undo


def main() -> None:
    args = sys.argv[1:]
    if "--know" not in args:
        raise SystemExit(f"--know is needed: one of {', '.join(FACTS)}")
    at = args.index("--know")
    fact = args[at + 1] if at + 1 < len(args) else ""
    if fact not in FACTS:
        raise SystemExit(f"--know must be one of {', '.join(FACTS)}, not {fact!r}")
    del args[at : at + 2]
    share = 1.0
    if "--share" in args:
        at = args.index("--share")
        share = float(args[at + 1])
        if not 0.0 <= share <= 1.0:
            raise SystemExit(f"--share must be between 0 and 1, not {share}")
        del args[at : at + 2]
    print(f"the search's worlds know the opponent's {fact} (a share {share} of them)")
    install(fact, share)  # (the duel's worker processes are forked from here, patched)
    sys.argv = [sys.argv[0], *args]
    uno_duel.main()


if __name__ == "__main__":
    main()
