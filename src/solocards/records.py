"""Records: a match as one JSON document, and its replay.

A record holds the game, options, seed, names and, per round, the dealer, the deck order and
the actions. Replaying it reproduces every state exactly; an action that is not legal where it
stands is rejected with its round and step.

Records live above the engine core (which knows no game) because a replay makes its game from
the games registry; ``solocards.replay``, ``solocards.save`` and ``solocards.load`` are these.

>>> import solocards
>>> match = solocards.make("uno", players=2).match(seed=5)
>>> for _ in range(20):
...     seat = match.to_act[0]
...     match.apply(seat, match.state.legal_actions(seat)[-1])
>>> again = solocards.replay(match.record())
>>> again.state.snapshot() == match.state.snapshot()
True
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from .core.errors import RecordError, SoloError
from .core.match import Match
from .games.registry import make

FORMAT = "solocards/1"


def _require(record: Mapping[str, Any], key: str, kind: type | tuple[type, ...]) -> Any:
    if key not in record:
        raise RecordError(f"record has no {key!r}")
    value = record[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise RecordError(f"record {key!r} has the wrong type: {value!r}")
    return value


def replay(record: Mapping[str, Any], *, upto: int | None = None) -> Match:
    """Rebuild the match of a record, checking every action (see the module doc).

    ``upto`` stops after that many actions in all (``solocards replay --step``).
    Errors name the round and step, both counted from 1.
    """
    if not isinstance(record, Mapping):
        raise RecordError(f"a record is a JSON object, not {type(record).__name__}")
    if record.get("format", FORMAT) != FORMAT:
        raise RecordError(f"unknown record format {record.get('format')!r}; expected {FORMAT}")
    game_id = _require(record, "game", str)
    players = _require(record, "players", int)
    options = _require(record, "options", dict)
    seed = _require(record, "seed", int)
    rounds = _require(record, "rounds", list)
    names = record.get("names")
    if not rounds:
        raise RecordError("record has no rounds")
    for index, round_ in enumerate(rounds, 1):
        if not isinstance(round_, dict):
            raise RecordError(f"round {index} is not an object")
        for key, kind in (("dealer", int), ("deck", list), ("actions", list)):
            if not isinstance(round_.get(key), kind):
                raise RecordError(f"round {index} has no valid {key!r}")
    try:
        game = make(game_id, players=players, **options)
        match = Match(
            game,
            seed=seed,
            names=names,
            first_dealer=rounds[0]["dealer"],
            decks=[round_["deck"] for round_ in rounds],
        )
    except SoloError as error:
        raise type(error)(f"round 1, setup: {error}") from None
    applied = 0
    for index, round_ in enumerate(rounds, 1):
        if match.is_over:
            raise RecordError(f"round {index}: the match was already over")
        if match.state.dealer != round_["dealer"]:
            raise RecordError(
                f"round {index}: dealer {round_['dealer']} does not follow the rules "
                f"(expected {match.state.dealer})"
            )
        current = match.round_index
        for step, entry in enumerate(round_["actions"], 1):
            if upto is not None and applied >= upto:
                return match
            where = f"round {index}, step {step}"
            if (
                not isinstance(entry, list | tuple)
                or len(entry) != 2
                or not isinstance(entry[0], int)
                or not isinstance(entry[1], str)
            ):
                raise RecordError(f"{where}: {entry!r} is not [seat, action]")
            if match.round_index != current or match.is_over:
                raise RecordError(f"{where}: the round was already over")
            try:
                match.apply(entry[0], entry[1])
            except SoloError as error:
                raise type(error)(f"{where}: seat {entry[0]} {entry[1]!r}: {error}") from None
            applied += 1
        if index < len(rounds) and match.round_index == current and not match.is_over:
            raise RecordError(f"round {index}: the actions end before the round does")
    totals = record.get("totals")
    if upto is None and totals is not None and list(totals) != match.totals:
        raise RecordError(f"the record's totals {totals} differ from the replayed {match.totals}")
    return match


def dumps(record: Mapping[str, Any]) -> str:
    """One record as compact JSON on one line."""
    return json.dumps(record, separators=(",", ":"), ensure_ascii=False)


def save(path: str | Path, records: Mapping[str, Any] | Iterable[Mapping[str, Any]]) -> None:
    """Write one record to ``.json``, or any number of records to ``.jsonl`` (one a line)."""
    target = Path(path)
    items = [records] if isinstance(records, Mapping) else list(records)
    if target.suffix == ".jsonl":
        target.write_text("".join(dumps(item) + "\n" for item in items), encoding="utf-8")
    elif target.suffix == ".json":
        if len(items) != 1:
            raise RecordError(f"{target.name}: a .json file holds one record; use .jsonl")
        target.write_text(json.dumps(items[0], indent=1) + "\n", encoding="utf-8")
    else:
        raise RecordError(f"{target.name}: records are saved as .json or .jsonl")


def load(path: str | Path) -> list[dict[str, Any]]:
    """Read the records of a ``.json`` (one record) or ``.jsonl`` (one a line) file."""
    source = Path(path)
    try:
        text = source.read_text(encoding="utf-8")
    except OSError as error:
        raise RecordError(f"cannot read {source}: {error.strerror}") from None
    if source.suffix == ".jsonl":
        records = []
        for number, line in enumerate(text.splitlines(), 1):
            if line.strip():
                records.append(_parse(line, f"{source.name} line {number}"))
        return records
    return [_parse(text, source.name)]


def _parse(text: str, where: str) -> dict[str, Any]:
    try:
        value = json.loads(text)
    except json.JSONDecodeError as error:
        raise RecordError(f"{where}: not JSON ({error.msg} at column {error.colno})") from None
    if not isinstance(value, dict):
        raise RecordError(f"{where}: a record is a JSON object")
    return value
