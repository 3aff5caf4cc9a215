"""The typed edges (``solocards.core.types``) describe what every game really returns.

Every game's views, results and records carry the keys of :class:`ViewKeys`,
:class:`ResultKeys`, :class:`Record` and :class:`RoundRecord`, with values of the declared
kinds, and stay plain dicts.
"""

from __future__ import annotations

import random
import typing
from typing import Any

import pytest

import solocards
from solocards.core import types
from solocards.core.types import Record, ResultKeys, RoundRecord, ViewKeys, result_keys, view_keys

HINTS = {
    cls: typing.get_type_hints(cls, vars(types), include_extras=True)
    for cls in (ViewKeys, ResultKeys, Record, RoundRecord)
}


def conforms(value: Any, hint: Any) -> bool:
    """Whether a plain JSON-ready value fits a type hint of the edge types."""
    if hint is Any:
        return True
    if hint is type(None):
        return value is None
    origin = typing.get_origin(hint)
    if origin in (typing.Union, getattr(__import__("types"), "UnionType", None)):
        return any(conforms(value, arm) for arm in typing.get_args(hint))
    if origin is typing.NotRequired:
        return conforms(value, typing.get_args(hint)[0])
    if origin is list:
        (item,) = typing.get_args(hint)
        return isinstance(value, list) and all(conforms(v, item) for v in value)
    if origin is dict:
        return isinstance(value, dict) and all(isinstance(k, str) for k in value)
    if hint in HINTS:
        return isinstance(value, dict) and fits(value, hint) == []
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, hint)


def fits(value: dict[str, Any], cls: Any) -> list[str]:
    """What is wrong with a dict as a ``cls``: missing keys, values of the wrong kind."""
    wrong = []
    for key, hint in HINTS[cls].items():
        required = typing.get_origin(hint) is not typing.NotRequired
        if key not in value:
            if required:
                wrong.append(f"no {key}")
        elif not conforms(value[key], hint):
            wrong.append(f"{key}={value[key]!r}")
    return wrong


def test_the_conformance_check_can_fail() -> None:
    assert fits({"scores": [1, 2]}, ResultKeys) == ["no winners"]
    assert fits({"scores": [1], "winners": [True]}, ResultKeys) == ["winners=[True]"]
    with pytest.raises(KeyError, match="winners"):
        result_keys({"scores": [1]})
    with pytest.raises(KeyError, match="a view has no"):
        view_keys({"seat": 0})


@pytest.mark.parametrize("game_id", solocards.games())
def test_views_results_and_records_carry_the_typed_keys(game_id: str) -> None:
    game = solocards.make(game_id)
    match = game.match(seed=4)
    rng = random.Random(4)
    rounds = steps = 0
    while not match.is_over and rounds < 2:
        state = match.state
        steps += 1
        # every view of the first 100 steps, then every tenth (a view's log grows with the round)
        for seat in [None, *range(game.players)] if steps < 100 or steps % 10 == 0 else []:
            view = state.view(seat)
            assert fits(view, ViewKeys) == [], (seat, fits(view, ViewKeys))
            assert view_keys(view) is view
        seat = match.to_act[0]
        match.apply(seat, rng.choice(state.legal_actions(seat)))
        if state.is_over:
            rounds += 1
            result = state.result
            assert result is not None and type(result) is dict
            assert fits(result, ResultKeys) == []
            assert result_keys(result) is result
    record = match.record()
    assert type(record) is dict
    assert fits(dict(record), Record) == []
    assert set(record) == set(HINTS[Record])
    assert all(fits(dict(round_), RoundRecord) == [] for round_ in record["rounds"])
