"""Records: a match as one JSON document, and its replay.

A record holds the game, options, seed, names and, per round, the dealer, the deck order and
the actions. Replaying it reproduces every state exactly; an action that is not legal where it
stands is rejected with its round and step.

A record may have been written by an earlier version of solocards, under rules that have
since become stricter for new matches (German Solo's deals, a multiple of the player count
only since records with 8 deals for five were written): its game is made with ``stored=True``
(see :class:`~solocards.core.game.Game`), which checks the options as the earlier versions
did, so the match replays and ends as it was played.

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
from .core.messages import Joined, Message, msg, seat_message, verbatim
from .games.registry import make

FORMAT = "solocards/1"


def _require(record: Mapping[str, Any], key: str, kind: type | tuple[type, ...]) -> Any:
    if key not in record:
        raise RecordError(msg("record has no {key}", key=repr(key)))
    value = record[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise RecordError(
            msg("record {key} has the wrong type: {value}", key=repr(key), value=repr(value))
        )
    return value


def replay(record: Mapping[str, Any], *, upto: int | None = None) -> Match:
    """Rebuild the match of a record, checking every action (see the module doc).

    ``upto`` stops after that many actions in all (``solocards replay --step``).
    Errors name the round and step, both counted from 1. The options are those of a stored
    match (``make(..., stored=True)``): what an earlier version accepted replays.
    """
    if not isinstance(record, Mapping):
        raise RecordError(msg("a record is a JSON object, not {kind}", kind=type(record).__name__))
    if record.get("format", FORMAT) != FORMAT:
        raise RecordError(
            msg(
                "unknown record format {given}; expected {format}",
                given=repr(record.get("format")),
                format=FORMAT,
            )
        )
    game_id = _require(record, "game", str)
    players = _require(record, "players", int)
    options = _require(record, "options", dict)
    seed = _require(record, "seed", int)
    rounds = _require(record, "rounds", list)
    names = record.get("names")
    if not rounds:
        raise RecordError(msg("record has no rounds"))
    for index, round_ in enumerate(rounds, 1):
        if not isinstance(round_, dict):
            raise RecordError(msg("round {index} is not an object", index=index))
        for key, kind in (("dealer", int), ("deck", list), ("actions", list)):
            if not isinstance(round_.get(key), kind):
                raise RecordError(
                    msg("round {index} has no valid {key}", index=index, key=repr(key))
                )
    try:
        game = make(game_id, players=players, **{**options, "stored": True})
        match = Match(
            game,
            seed=seed,
            names=names,
            first_dealer=rounds[0]["dealer"],
            decks=[round_["deck"] for round_ in rounds],
        )
    except SoloError as error:
        raise type(error)(msg("round 1, setup: {error}", error=_reason(error))) from None
    applied = 0
    for index, round_ in enumerate(rounds, 1):
        if match.is_over:
            raise RecordError(msg("round {index}: the match was already over", index=index))
        if match.state.dealer != round_["dealer"]:
            raise RecordError(
                msg(
                    "round {index}: dealer {dealer} does not follow the rules "
                    "(expected {expected})",
                    index=index,
                    dealer=round_["dealer"],
                    expected=match.state.dealer,
                )
            )
        current = match.round_index
        for step, entry in enumerate(round_["actions"], 1):
            if upto is not None and applied >= upto:
                return match
            where = msg("round {index}, step {step}", index=index, step=step)
            if (
                not isinstance(entry, list | tuple)
                or len(entry) != 2
                or not isinstance(entry[0], int)
                or not isinstance(entry[1], str)
            ):
                raise RecordError(
                    msg("{where}: {entry} is not [seat, action]", where=where, entry=repr(entry))
                )
            if match.round_index != current or match.is_over:
                raise RecordError(msg("{where}: the round was already over", where=where))
            try:
                match.apply(entry[0], entry[1])
            except SoloError as error:
                raise type(error)(
                    msg(
                        "{where}: {player} {action}: {error}",
                        where=where,
                        player=seat_message(entry[0]),
                        action=repr(entry[1]),
                        error=_reason(error),
                    )
                ) from None
            applied += 1
        if index < len(rounds) and match.round_index == current and not match.is_over:
            raise RecordError(
                msg("round {index}: the actions end before the round does", index=index)
            )
    totals = record.get("totals")
    if upto is None and totals is not None and list(totals) != match.totals:
        raise RecordError(
            msg(
                "the record's totals {totals} differ from the replayed {replayed}",
                totals=totals,
                replayed=match.totals,
            )
        )
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
            raise RecordError(
                msg("{file}: a .json file holds one record; use .jsonl", file=target.name)
            )
        target.write_text(json.dumps(items[0], indent=1) + "\n", encoding="utf-8")
    else:
        raise RecordError(msg("{file}: records are saved as .json or .jsonl", file=target.name))


def load(path: str | Path) -> list[dict[str, Any]]:
    """Read the records of a ``.json`` (one record) or ``.jsonl`` (one a line) file."""
    source = Path(path)
    try:
        text = source.read_text(encoding="utf-8")
    except OSError as error:
        raise RecordError(
            msg("cannot read {file}: {reason}", file=str(source), reason=str(error.strerror))
        ) from None
    if source.suffix == ".jsonl":
        records = []
        for number, line in enumerate(text.splitlines(), 1):
            if line.strip():
                where = msg("{file} line {number}", file=source.name, number=number)
                records.append(_parse(line, where))
        return records
    return [_parse(text, verbatim(source.name))]


def _reason(error: BaseException) -> object:
    """What an error says, as a message where it is one (so it is translated with the rest)."""
    if len(error.args) == 1 and isinstance(error.args[0], Message | Joined):
        return error.args[0]
    return str(error)


def _parse(text: str, where: Message) -> dict[str, Any]:
    try:
        value = json.loads(text)
    except json.JSONDecodeError as error:
        raise RecordError(
            msg(
                "{where}: not JSON ({reason} at column {column})",
                where=where,
                reason=verbatim(error.msg),
                column=error.colno,
            )
        ) from None
    if not isinstance(value, dict):
        raise RecordError(msg("{where}: a record is a JSON object", where=where))
    return value
