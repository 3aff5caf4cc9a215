"""The observation layout and the encoder base class shared by every game.

An observation is a flat ``float32`` vector made of named *fields*, each a slice with exact
bounds, built from one seat's :meth:`~solocards.core.game.State.view` and nothing else. Seats are
*relative*: in every per-seat field, index 0 is the observing seat, 1 the seat to its left
(``seat + 1``), and so on clockwise, so a policy plays every seat alike.

Two ways to the same vector:

- the **view path**, :meth:`Encoder.encode` (``encode(state.view(seat), out)``): the definition;
- the **fast path**, :meth:`Encoder.encode_state` / :meth:`Encoder.observation` /
  :meth:`Encoder.write_state`, which reads the few integers it needs straight from the state
  instead of building the view dict (a view carries the round's whole public log, so it costs
  O(history)). A game's encoder overrides :meth:`Encoder.write_state` where it pays
  (``fast_path = True``); otherwise it goes through the view. Either way the result must be the
  view path's, bit for bit: ``tests/rl`` plays random rounds of every game with a fast path and
  compares both at every step, for every seat.

The fast path writes into a :class:`~librt.vecs.vec` of floats (mypyc's runtime library,
``librt``), not into the numpy array itself: in the compiled build (see
:mod:`solocards.core.compiled`) a store into a ``vec`` is one machine instruction, where a store
into a numpy array from Python goes through the buffer protocol. The environments then turn the
whole vector, or a whole batch of them, into ``float32`` numpy arrays with one numpy call
(:class:`Staging` for one observation at a time, :func:`copy_rows` for a batch).

>>> layout = Layout()
>>> layout.add("hand", 3, 2.0, "copies of each card kind held")
0
>>> layout.add("direction", 1, 1.0, "1 clockwise, -1 counter-clockwise", low=-1.0)
3
>>> layout.size, [field.name for field in layout.fields]
(4, ['hand', 'direction'])
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Final, cast

import numpy as np
from librt.vecs import vec
from mypy_extensions import i64, u8
from numpy.typing import NDArray

from ...core.compiled import mypyc_attr
from ...core.game import Game, State, View, check_seat
from ..vec_views import byte_view, float_view

Obs = NDArray[np.float32]
Mask = NDArray[np.int8]
Cells = vec[float]
"""Where the fast path writes observations: one (or a batch laid end to end) of float values."""


@dataclass(frozen=True)
class Field:
    """One named slice of an observation: ``out[offset:offset + size]``, values in [low, high]."""

    name: str
    offset: int
    size: int
    low: float
    high: float
    doc: str


class Layout:
    """Fields laid end to end; :meth:`add` returns the offset of the new field."""

    def __init__(self) -> None:
        self.fields: list[Field] = []
        self.size = 0

    def add(self, name: str, size: int, high: float, doc: str, low: float = 0.0) -> int:
        """Append a field of ``size`` values in ``[low, high]``; returns its offset."""
        offset = self.size
        self.fields.append(Field(name, offset, size, low, high, doc))
        self.size += size
        return offset

    def bounds(self) -> tuple[Obs, Obs]:
        """The ``low`` and ``high`` vectors of the whole observation."""
        low = np.zeros(self.size, dtype=np.float32)
        high = np.zeros(self.size, dtype=np.float32)
        for field in self.fields:
            low[field.offset : field.offset + field.size] = field.low
            high[field.offset : field.offset + field.size] = field.high
        return low, high


@mypyc_attr(allow_interpreted_subclasses=True)
class Encoder(ABC):
    """Turns a seat's view into an observation vector and its legal actions into a mask.

    Subclasses lay out their fields in ``__init__`` and fill them in :meth:`encode`, which sees
    the view and nothing else: what a seat may not know cannot reach its observation.
    """

    game: Game
    layout: Layout
    fast_path: ClassVar[bool] = False
    """Whether :meth:`write_state` reads the state directly (else it goes through the view)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.players = game.players
        self.layout = Layout()
        deck = game.deck()
        self.kinds: list[str] = list(dict.fromkeys(deck))
        self.kind_index: dict[str, int] = {name: i for i, name in enumerate(self.kinds)}
        self.copies: Counter[str] = Counter(deck)
        self.max_copies = float(max(self.copies.values()))
        self.deck_size = float(len(deck))
        self.action_index: dict[str, int] = {
            game.action_name(i): i for i in range(game.num_actions)
        }
        n = self.players
        self.relative: list[tuple[int, ...]] = [
            tuple((other - seat) % n for other in range(n)) for seat in range(n)
        ]
        """``relative[observer][seat]``: ``seat`` as the observer sees it (0 = itself)."""
        self._stage: Staging | None = None
        """Where :meth:`observation` writes (made once the layout is complete)."""

    @property
    def size(self) -> int:
        """The length of the observation vector."""
        return self.layout.size

    def field(self, name: str) -> Field:
        """The field called ``name``."""
        for field in self.layout.fields:
            if field.name == name:
                return field
        raise KeyError(f"{self.game.id} observations have no field {name!r}")

    def new_observation(self) -> Obs:
        """A zeroed observation vector of the right size."""
        return np.zeros(self.layout.size, dtype=np.float32)

    @abstractmethod
    def encode(self, view: View, out: Obs) -> None:
        """Write the observation of ``view``'s seat into ``out`` (every entry is overwritten)."""

    def mask(self, view: View, out: Mask) -> None:
        """Write the seat's legal actions (``view["legal_actions"]``) into ``out`` as 0/1.

        ``out`` may be longer than ``game.num_actions`` (the RL envs' "no reaction" index); the
        extra entries are set to 0.
        """
        out.fill(0)
        index = self.action_index
        for action in view["legal_actions"]:
            out[index[action]] = 1

    # -- the fast path: straight from the state ---------------------------------------------

    def encode_state(self, state: State, seat: int, out: Obs) -> None:
        """Write ``seat``'s observation of ``state`` into ``out``: exactly what
        ``encode(state.view(seat), out)`` writes, built without the view where the game's
        encoder has a fast path (every entry of ``out`` is overwritten).

        >>> import solocards
        >>> from solocards.rl.observations import encoder_for
        >>> game = solocards.make("uno", players=3)
        >>> encoder, state = encoder_for(game), game.deal(seed=4)
        >>> fast, slow = encoder.new_observation(), encoder.new_observation()
        >>> encoder.encode_state(state, 2, fast); encoder.encode(state.view(2), slow)
        >>> bool((fast == slow).all())
        True
        """
        check_seat(self.players, seat)
        if not self.fast_path:
            self.encode(state.view(seat), out)
            return
        out[...] = self.observation(state, seat, state.legal_action_ids(seat))

    def observation(self, state: State, seat: int, legal: Sequence[int]) -> Obs:
        """``seat``'s observation of ``state`` as a new ``float32`` array, by the fast path.

        ``legal`` is ``state.legal_action_ids(seat)`` (the caller has it for the mask anyway);
        ``seat`` must be a seat of the game (not checked here). The encoder writes it through
        its own :class:`Staging`, so one encoder serves one thread at a time (each environment
        makes its own).

        >>> import solocards
        >>> from solocards.rl.observations import encoder_for
        >>> game = solocards.make("uno", players=2)
        >>> encoder, state = encoder_for(game), game.deal(seed=4)
        >>> obs = encoder.observation(state, 0, state.legal_action_ids(0))
        >>> obs.dtype, obs.shape == (encoder.size,), obs.flags.writeable
        (dtype('float32'), True, True)
        """
        stage = self._stage
        if stage is None or stage.size != self.layout.size:
            stage = self._stage = Staging(self.layout.size, 0)
        self.write_state(state, seat, legal, stage.cells, stage.base())
        return stage.take_observation()

    def observation_list(self, state: State, seat: int, legal: Sequence[int]) -> list[float]:
        """:meth:`observation` as a list of floats (``observation(...).tolist()``), built
        without the numpy array: what pyspiel's ``observation_tensor`` returns.

        >>> import solocards
        >>> from solocards.rl.observations import encoder_for
        >>> game = solocards.make("frog")
        >>> encoder, state = encoder_for(game), game.deal(seed=4)
        >>> legal = state.legal_action_ids(1)
        >>> values = encoder.observation_list(state, 1, legal)
        >>> values == encoder.observation(state, 1, legal).tolist()
        True
        """
        stage = self._stage
        if stage is None or stage.size != self.layout.size:
            stage = self._stage = Staging(self.layout.size, 0)
        self.write_state(state, seat, legal, stage.cells, stage.base())
        return stage.take_list()

    def mask_state(self, state: State, seat: int, out: Mask) -> None:
        """Write ``seat``'s legal actions in ``state`` into ``out`` as 0/1: what
        ``mask(state.view(seat), out)`` writes, from ``state.legal_action_ids(seat)``."""
        check_seat(self.players, seat)
        out.fill(0)
        ids = state.legal_action_ids(seat)
        if ids:
            out[ids] = 1

    def write_state(
        self, state: State, seat: int, legal: Sequence[int], out: Cells, base: int
    ) -> None:
        """The fast path's core, for the environments' hot loops: write ``seat``'s observation
        into ``out[base : base + size]``, which is **already zeroed** (``out`` may hold a whole
        batch of observations end to end, one per ``size`` values).

        ``legal`` is ``state.legal_action_ids(seat)`` (the caller has it for the mask anyway);
        the encoder only reads it. ``seat`` must be a seat of the game (not checked here). The
        default goes through the view; games with ``fast_path`` override it.
        """
        scratch = self.new_observation()
        self.encode(state.view(seat), scratch)
        for index in np.flatnonzero(scratch).tolist():
            out[base + index] = float(scratch[index])

    # -- helpers for subclasses ------------------------------------------------------------

    def rel(self, view: View, seat: int | None) -> int:
        """``seat`` relative to the observer (0 = the observer, 1 = its left); -1 for None."""
        if seat is None:
            return -1
        return int(seat - view["seat"]) % self.players

    def describe(self) -> str:
        """The fields as a Markdown table (name, size, bounds, meaning)."""
        lines = [
            f"{self.game.id} ({self.players} players): {self.size} values",
            "",
            "| field | offset | size | range | meaning |",
            "|---|---|---|---|---|",
        ]
        for f in self.layout.fields:
            lines.append(
                f"| `{f.name}` | {f.offset} | {f.size} | {_num(f.low)}..{_num(f.high)} | {f.doc} |"
            )
        return "\n".join(lines)


def _num(value: float) -> str:
    if value == float("inf"):
        return "inf"
    return str(int(value)) if value == int(value) else str(value)


class Writer:
    """Collects the non-zero entries of one observation, then writes them in one go.

    Writing numpy entries one by one from Python is slow; this gathers index and value lists
    and hands them to numpy once.

    >>> out = np.ones(5, dtype=np.float32)
    >>> w = Writer()
    >>> w.one(1); w.put(3, 2.5)
    >>> w.write(out)
    >>> out.tolist()
    [0.0, 1.0, 0.0, 2.5, 0.0]
    """

    __slots__ = ("index", "value")

    def __init__(self) -> None:
        self.index: list[int] = []
        self.value: list[float] = []

    def one(self, index: int) -> None:
        """Set ``index`` to 1."""
        self.index.append(index)
        self.value.append(1.0)

    def put(self, index: int, value: float) -> None:
        """Set ``index`` to ``value`` (zeros may be skipped: everything else is 0)."""
        if value:
            self.index.append(index)
            self.value.append(value)

    def counts(self, offset: int, kinds: dict[str, int], cards: Iterable[str]) -> None:
        """Add 1 at ``offset + kinds[card]`` for each card (a card kind counted per copy)."""
        tally: dict[int, float] = {}
        for card in cards:
            slot = offset + kinds[card]
            tally[slot] = tally.get(slot, 0.0) + 1.0
        self.index.extend(tally)
        self.value.extend(tally.values())

    def write(self, out: Obs) -> None:
        """Zero ``out`` and write the collected entries into it."""
        out.fill(0.0)
        if self.index:
            out[self.index] = self.value


def zeros(size: int) -> Cells:
    """A :class:`Cells` of ``size`` zeros.

    >>> len(zeros(3)), zeros(3)[2]
    (3, 0.0)
    """
    return vec[float]([0.0] * size)


SLOTS: Final = 16
"""Observations a :class:`Staging` holds before it zeroes its cells (in one numpy call)."""


class Staging:
    """Turns observations written into :class:`Cells` into fresh numpy arrays, with as few
    numpy calls as possible (each costs more than all the stores of an observation).

    Write an observation into :attr:`cells` at :meth:`base` (already zeroed), then
    :meth:`take_observation` returns it as a new ``float32`` array: one numpy call, a cast
    from a writable view of the cells (:mod:`solocards.rl.vec_views`). Each observation
    goes to the next of :data:`SLOTS` slots; once all are used, one more call zeroes them
    all. :meth:`mask` likewise makes a new ``int8`` mask with one copy. Not thread-safe: a
    staging area (and so an encoder) serves one thread at a time.

    >>> stage = Staging(3, 4)
    >>> stage.cells[stage.base() + 1] = 2.0
    >>> stage.take_observation().tolist()
    [0.0, 2.0, 0.0]
    >>> stage.cells[stage.base() + 1]  # the next observation goes to fresh cells
    0.0
    >>> stage.mask([0, 2], extra=3).tolist(), stage.mask([]).tolist()
    ([1, 0, 1, 1], [0, 0, 0, 0])
    """

    def __init__(self, size: int, num_actions: int) -> None:
        self.size = size
        """Values per observation."""
        self.cells: Cells = zeros(size * SLOTS)
        """Where observations are written, :data:`SLOTS` of them end to end."""
        self._cells_view: Any = float_view(self.cells)
        self._slot_views: list[Any] = [
            self._cells_view[slot * size : (slot + 1) * size] for slot in range(SLOTS)
        ]
        self._slot_casts: list[Any] = [view.astype for view in self._slot_views]
        """Each slot's bound ``astype``: called with no look-up of the method on the array."""
        self._cells_bytes: Any = self._cells_view.view(np.uint8)
        """The cells as bytes: zeroing them is one ``memset`` (a ``float64`` fill stores each
        value in a loop)."""
        self._slot = 0
        self._bits: vec[u8] = vec[u8]([0] * num_actions)
        self._bits_view: Any = byte_view(self._bits)
        self._copy_bits: Any = self._bits_view.copy
        self._float32 = np.dtype(np.float32)
        """(A dtype, not the scalar type: ``astype`` then skips converting it at every call.)"""
        zero_objects = distinct_floats(0.0, REPEATS)
        self._ones: list[object] = distinct_floats(1.0, REPEATS)
        self._zero_row: list[object] = [zero_objects[index % REPEATS] for index in range(size)]
        """:meth:`take_list`'s start: ``size`` zeros, :data:`REPEATS` float objects in turn."""

    def base(self) -> int:
        """Where in :attr:`cells` the next observation is to be written (zeroed)."""
        return self._slot * self.size

    def take_observation(self) -> Obs:
        """The observation written at :meth:`base`, as a new ``float32`` array; the next one
        goes to fresh cells."""
        slot = self._slot
        obs: Obs = self._slot_casts[slot](self._float32)
        slot += 1
        if slot == SLOTS:  # every slot used: zero them all at once
            self._cells_bytes.fill(0)
            slot = 0
        self._slot = slot
        return obs

    def take_list(self) -> list[float]:
        """The observation written at :meth:`base` as a list of floats, each rounded to
        ``float32`` as :meth:`take_observation`'s array holds it (``.tolist()`` of it); the
        cells are zeroed as they are read, so the next observation goes to the same slot.

        >>> stage = Staging(3, 0)
        >>> stage.cells[stage.base() + 2] = 0.1
        >>> stage.take_list() == np.array([0.0, 0.0, 0.1], dtype=np.float32).tolist()
        True
        >>> stage.cells[stage.base() + 2]
        0.0
        """
        size: i64 = self.size
        cells = self.cells
        base: i64 = self._slot * size
        ones = self._ones  # (objects, not floats: the compiled build stores them unboxed)
        values = self._zero_row.copy()
        for index in range(size):
            value = cells[base + index]
            if value != 0.0:
                cells[base + index] = 0.0
                values[index] = ones[index % REPEATS] if value == 1.0 else as_float32(value)
        return cast(list[float], values)

    def mask(self, legal: list[int], extra: int = -1) -> Mask:
        """A new ``int8`` mask of ``num_actions`` entries: 1 at each id of ``legal``, and at
        ``extra`` unless it is negative, else 0."""
        bits = self._bits
        for action in legal:
            bits[action] = 1
        if extra >= 0:
            bits[extra] = 1
        mask: Mask = self._copy_bits()
        for action in legal:
            bits[action] = 0
        if extra >= 0:
            bits[extra] = 0
        return mask


REPEATS: Final = 16
"""Distinct float objects of one value that :meth:`Staging.take_list` takes in turn: a list
that holds one object at every place costs far more to make and to free (each reference count
change waits for the one before, to the same object) than one that holds several in turn."""


def distinct_floats(value: float, count: int) -> list[object]:
    """``count`` float objects equal to ``value``, each a separate object.

    >>> floats = distinct_floats(0.0, 3)
    >>> floats, len({id(f) for f in floats})
    ([0.0, 0.0, 0.0], 3)
    """
    return [float(str(value)) for _ in range(count)]


def as_float32(value: float) -> float:
    """``value`` rounded to the nearest ``float32`` (as a Python float): whole numbers below
    2**24 are exact already, anything else goes through numpy.

    >>> as_float32(3.0), as_float32(0.1) == float(np.float32(0.1)), as_float32(float("inf"))
    (3.0, True, inf)
    """
    if -16777216.0 < value < 16777216.0 and value == int(value):
        return value
    return float(np.float32(value))


def copy_rows(source: Cells, out: Obs) -> None:
    """Copy ``source``, laid out as ``out``'s rows end to end, into the ``float32`` array
    ``out`` (one numpy call).

    >>> rows = zeros(4)
    >>> rows[3] = 1.0
    >>> out = np.ones((2, 2), dtype=np.float32)
    >>> copy_rows(rows, out)
    >>> out.tolist()
    [[0.0, 0.0], [0.0, 1.0]]
    """
    values: Any = source  # a buffer of doubles
    np.copyto(out, np.frombuffer(values, dtype=np.float64).reshape(out.shape))


def one_hot_index(table: Sequence[Any], value: Any, what: str) -> int:
    """The position of ``value`` in ``table``; a clear error for a value the encoder lacks."""
    try:
        return int(table.index(value))
    except ValueError:
        raise ValueError(f"observation encoder: unknown {what} {value!r}") from None


__all__ = [
    "SLOTS",
    "Cells",
    "Encoder",
    "Field",
    "Layout",
    "Mask",
    "Obs",
    "Staging",
    "Writer",
    "as_float32",
    "copy_rows",
    "one_hot_index",
    "zeros",
]
