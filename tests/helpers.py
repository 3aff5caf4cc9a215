"""The helpers every game's tests share: applying scripted actions, refusals, random play.

Each game's own helpers (``tests/<game>/<game>_helpers.py``) only build decks that deal the
hands a test wants; everything that plays is here, one dialect for all games:

- :func:`apply_all`: ``(seat, action)`` pairs in order;
- :func:`run`: space-separated actions, each by the one seat to act;
- :func:`actor`: the one seat to act;
- :func:`refused`: an action that must be refused, leaving the state exactly as it was;
- :func:`play_randomly` and :func:`play_out`: finish a round at random or by a fixed policy.
"""

from __future__ import annotations

import importlib.util
import random
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from types import ModuleType
from typing import TypeVar

import pytest

import solocards
from solocards.core.game import State

S = TypeVar("S", bound=State)


def apply_all(state: S, moves: Iterable[tuple[int, str]]) -> S:
    """Apply ``(seat, action)`` moves in order; returns the state."""
    for seat, action in moves:
        state.apply(seat, action)
    return state


def actor(state: State) -> int:
    """The one seat to act (fails when several seats or none may act)."""
    (seat,) = state.to_act
    return seat


def run(state: S, actions: str) -> S:
    """Apply space-separated actions, each by the one seat to act; returns the state."""
    for action in actions.split():
        state.apply(actor(state), action)
    return state


def refused(
    state: State,
    seat: int,
    action: str,
    *words: str,
    error: type[Exception] = solocards.IllegalActionError,
) -> str:
    """Assert that ``action`` by ``seat`` is refused with ``error``, its message holding every
    one of ``words``, and that the state is exactly as it was. Returns the message."""
    before = state.snapshot()
    history = list(state.history)
    with pytest.raises(error) as caught:
        state.apply(seat, action)
    message = str(caught.value)
    for word in words:
        assert word in message, f"{word!r} not in {message!r}"
    assert state.snapshot() == before, "a refused action changed the state"
    assert state.history == history, "a refused action entered the history"
    return message


def play_randomly(
    state: S, seed: int, until: Callable[[S], bool] | None = None, steps: int = 10**6
) -> S:
    """Random legal actions (a random seat of those that may act, then a random action id)
    until the round ends, or ``until`` holds, or after ``steps`` actions."""
    rng = random.Random(seed)
    for _ in range(steps):
        if not state.to_act or (until and until(state)):
            break
        seat = rng.choice(state.to_act)
        state.apply_id(seat, rng.choice(state.legal_action_ids(seat)))
    return state


def lowest(state: State, seat: int) -> str:
    """A fixed policy: the legal action with the smallest id."""
    return state.legal_actions(seat)[0]


def play_out(state: S, policy: Callable[[State, int], str] = lowest) -> S:
    """Play the round to its end, the first seat to act always following ``policy``."""
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, policy(state, seat))
    return state


def use_test_catalogs(
    monkeypatch: pytest.MonkeyPatch,
    root: Path,
    entries: dict[tuple[str, str], dict[str | tuple[str, str], str | tuple[str, ...]]],
) -> None:
    """Write tiny PO files under ``root`` and make solocards read its catalogs from there.

    ``entries[(lang, domain)]`` maps a message id (a ``(singular, plural)`` pair for a plural
    message) to its translation (a tuple of forms for a plural one).
    """
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po

    from solocards.i18n import catalogs

    for (lang, domain), messages in entries.items():
        catalog = Catalog(locale=lang, domain=domain)
        for msgid, string in messages.items():
            catalog.add(msgid, string)
        folder = root / lang / "LC_MESSAGES"
        folder.mkdir(parents=True, exist_ok=True)
        with (folder / f"{domain}.po").open("wb") as handle:
            write_po(handle, catalog)
    monkeypatch.setattr(catalogs, "CATALOGS", catalogs.Catalogs(root))


__all__ = [
    "actor",
    "apply_all",
    "lowest",
    "play_out",
    "play_randomly",
    "refused",
    "run",
    "use_test_catalogs",
]


def load_bench(name: str) -> ModuleType:
    """The benchmark script ``bench/<name>.py`` as a module (the scripts are not a package)."""
    path = Path(__file__).resolve().parent.parent / "bench" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"{name}_bench", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


UNO_PLAYOUT_OPTION_SETS: list[dict[str, object]] = [
    {},
    {"seven_zero": True},
    {"jump_in": True, "stack_draw2": True, "jump_in_pending": True},
    {"stack_draw4": True, "cross_stack": "both", "reverse_skip_deflect": True},
    {"multi_play_same_number": True, "draw_until_playable": True},
    {"uno_enforcement": "auto", "force_play": True},
]
"""UNO rule sets that UNO's playout tests play under: every kind of turn the playouts meet."""
