"""The two base classes every game implements: :class:`Game` (static rules) and :class:`State`.

A :class:`Game` is a rule set with its player count and options fixed: it knows the deck, the
dense action space and how rounds add up to a match. A :class:`State` is one round in progress;
it changes in place through :meth:`State.apply` and copies itself with :meth:`State.clone`.

A game package implements these hooks:

- ``Game``: ``id``, ``info`` (a :class:`~solocards.core.info.GameInfo`: the title and every
  capability the game offers), ``min_players``, ``max_players``, ``default_players``,
  ``option_specs``, ``presets``, ``player_defaults()`` (defaults that depend on the player
  count); ``_build_deck()``, ``_build_actions()``, ``_new_round()``, and
  the match hooks (``first_dealer``, ``next_dealer``, ``initial_totals``, ``add_round``,
  ``match_over``, ``match_winners``) where the defaults do not fit, and ``lowest_wins`` (which
  way its totals run).
- ``State``: ``to_act``, ``_legal_ids``, ``_apply``, ``clone``, ``is_over``, ``result``;
  ``regular_seat`` in a game with reaction windows. What a round shows, the game builds:
  ``Game.view_of``, ``Game.snapshot_of``, ``Game.explain_refusal`` (the state's ``view``,
  ``snapshot``, ``explain_message`` and ``explain_illegal`` check their arguments and call
  them).

Views (``State.view(seat)``) are JSON-ready dicts. Every game's view holds at least ``game``,
``players``, ``seat`` (``None`` for a spectator), ``dealer``, ``hand`` (the seat's own cards,
sorted; ``None`` for a spectator), ``hand_sizes``, ``can_act`` (whether *this* seat may act now),
``legal_actions`` (this seat's, else ``[]``), ``log`` (the public history as ``[seat, action]``
with hidden parts masked), ``is_over`` and ``result``.

The log grows with the round; a consumer that follows a round step by step (the server, RL)
asks for ``view(seat, log=False)``, which holds only the current state (``log_size`` in place of
``log``), and for the new entries with ``log_since(seat, start)``: the same entries as
``view(seat)["log"][start:]``, in time independent of the round's length so far.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar, NoReturn

from .bot import Bot
from .compiled import mypyc_attr
from .errors import DeckError, IllegalActionError, NotationError, OptionError
from .hidden import HiddenDeal
from .info import GameInfo, resolve
from .messages import Message, msg, nmsg, verbatim
from .options import Option, OptionValue, resolve_options
from .rng import derive_seed, fresh_seed, shuffled
from .types import Result, View

if TYPE_CHECKING:
    from collections.abc import Callable

    from .match import Match

    StepObserver = Callable[["State", int, str], None]
    """``observe(state, seat, action)``: one step of a world's round, before it is taken."""


@mypyc_attr(allow_interpreted_subclasses=True)
class Game(ABC):
    """A game with its player count and options fixed. Create one with ``solocards.make``.

    >>> import solocards
    >>> game = solocards.make("uno", players=3)
    >>> game.id, game.players, len(game.deck())
    ('uno', 3, 108)

    ``stored=True`` makes the game of a *stored* match, one that an earlier version of
    solocards may have begun: a record being replayed (``solocards.replay``) or a server's
    stored table being rebuilt. Its options are checked as the game's earlier versions checked
    them, so that a match begun under rules since made stricter still replays and goes on as it
    was begun; everything that begins a new match leaves it out. German Solo with five players
    and 8 deals (the default until the deals became a multiple of the player count):

    >>> solocards.make("german-solo", players=5, deals=8, stored=True).options["deals"]
    8
    >>> solocards.make("german-solo", players=5, deals=8)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    solocards.core.errors.OptionError: german-solo option deals: 8 is not a multiple of the 5 ...
    """

    id: ClassVar[str]
    info: ClassVar[GameInfo]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    default_players: ClassVar[int]
    option_specs: ClassVar[tuple[Option, ...]] = ()
    presets: ClassVar[dict[str, dict[str, OptionValue]]] = {}

    def __init__(
        self,
        players: int | None = None,
        *,
        preset: str | None = None,
        stored: bool = False,
        **options: Any,
    ) -> None:
        self.stored: bool = stored
        """Made for a stored match: its options were checked as earlier versions checked them
        (:meth:`_check_options`, ``Option.stored_minimum``)."""
        count = self.default_players if players is None else players
        if isinstance(count, bool) or not isinstance(count, int):
            raise OptionError(
                msg(
                    "{game}: players must be a whole number, not {count}",
                    game=self.id,
                    count=repr(count),
                )
            )
        if not self.min_players <= count <= self.max_players:
            raise OptionError(self._player_count_error(count))
        given: dict[str, Any] = dict(self.player_defaults(count))
        if preset is not None:
            if preset not in self.presets:
                names = ", ".join(sorted(self.presets)) or "none"
                raise OptionError(
                    msg(
                        "{game} has no preset {preset}; presets: {names}",
                        game=self.id,
                        preset=repr(preset),
                        names=names,
                    )
                )
            given.update(self.presets[preset])
        given.update(options)
        self.players: int = count
        self.options: dict[str, OptionValue] = resolve_options(
            self.id, self.option_specs, given, stored
        )
        self._check_options()
        self._deck: tuple[str, ...] = tuple(self._build_deck())
        self._sorted_deck: list[str] = sorted(self._deck)
        self._action_names: tuple[str, ...] = tuple(self._build_actions())
        self._action_index: dict[str, int] = {
            name: index for index, name in enumerate(self._action_names)
        }

    # -- description -------------------------------------------------------------------------

    @property
    def title(self) -> str:
        """The game's name for people (``info.title``)."""
        return self.info.title

    @classmethod
    def player_defaults(cls, players: int) -> dict[str, OptionValue]:
        """The options whose default depends on the player count, for ``players`` players
        (given options and presets override them); none unless a game says otherwise.

        >>> import solocards
        >>> solocards.make("uno").player_defaults(3)
        {}
        """
        return {}

    @classmethod
    def _player_count_error(cls, count: int) -> Message:
        """Why ``count`` players cannot play: the game's title and its player counts, each
        language saying the range in its own words.

        >>> import solocards
        >>> solocards.make("uno", players=11)
        Traceback (most recent call last):
        solocards.core.errors.OptionError: UNO is played by 2 to 10 players, not 11
        """
        title = msg(cls.info.title)
        if cls.min_players == cls.max_players:
            return nmsg(
                "{game} is played by {n} player, not {count}",
                "{game} is played by {n} players, not {count}",
                cls.min_players,
                game=title,
                n=cls.min_players,
                count=count,
            )
        # TRANSLATORS: {game}: the game's title; {low}, {high}: the fewest and most players
        return msg(
            "{game} is played by {low} to {high} players, not {count}",
            game=title,
            low=cls.min_players,
            high=cls.max_players,
            count=count,
        )

    def __repr__(self) -> str:
        changed = {k: v for k, v in self.options.items() if v != self._default(k)}
        extra = "".join(f", {k}={v!r}" for k, v in changed.items())
        if self.stored:
            extra += ", stored=True"
        return f"solocards.make({self.id!r}, players={self.players}{extra})"

    def _default(self, name: str) -> OptionValue:
        """The default of option ``name`` at this player count (:meth:`player_defaults`)."""
        by_count = self.player_defaults(self.players)
        if name in by_count:
            return by_count[name]
        return next(spec.default for spec in self.option_specs if spec.name == name)

    # -- hooks for game packages -------------------------------------------------------------

    def _check_options(self) -> None:  # noqa: B027 (a hook; most games need nothing)
        """Raise :class:`OptionError` for combinations of options that make no sense.

        A check added or made stricter after matches were stored under the earlier rules
        applies to new matches only: with :attr:`stored` the game accepts what its earlier
        versions accepted, so that those matches still replay (see the class doc)."""

    @abstractmethod
    def _build_deck(self) -> list[str]:
        """The full deck, one string per physical card, in a fixed order."""

    @abstractmethod
    def _build_actions(self) -> list[str]:
        """Every action string of this game and player count; the index is the action id."""

    @abstractmethod
    def _new_round(self, deck: list[str], dealer: int, seed: int) -> State:
        """Deal ``deck`` (top card first) with ``dealer`` dealing; ``seed`` drives the round."""

    def _new_shuffled_round(self, seed: int, dealer: int) -> State:
        """Deal the deck shuffled by ``seed``: ``_new_round(shuffled(deck, seed), ...)``.

        A game whose rounds hold their cards as ints may override this to shuffle its deck of
        ints, in :meth:`deck` order, with the same :func:`~solocards.core.rng.shuffled`: the
        same permutation, and so the same round, without the strings."""
        return self._new_round(shuffled(self._deck, seed), dealer, seed)

    def describe_action(self, action: str) -> str:
        """An action in the words a player at the table uses (for logs and menus): the English
        text of :meth:`action_message`.

        >>> import solocards
        >>> solocards.make("german-solo").describe_action("solo-couleur")
        'solo in couleur'
        """
        return str(self.action_message(action))

    def describe_table(self, view: View) -> list[str]:
        """The public table of a view as a few lines of plain English text (for the terminal):
        the text of :meth:`table_messages`."""
        return [str(line) for line in self.table_messages(view)]

    def action_message(self, action: str) -> Message:
        """An action in a player's words, as a message the edges translate (``engine``
        domain); a game without its own messages shows the action string verbatim."""
        return verbatim(action)

    def table_messages(self, view: View) -> list[Message]:
        """The public table of a view as a few lines, messages the edges translate (none by
        default)."""
        return []

    def result_messages(
        self, result: Result, names: Sequence[object] | None = None
    ) -> list[Message]:
        """The end of a round in words, a few lines: the contract and its outcome, the card
        points or tricks, the payments (for the terminal and the logs; the scores themselves
        are shown by the edges). ``names`` are the players' names (``seat N`` if not given).

        >>> import solocards
        >>> result = {"scores": [0, 52], "winners": [1], "reason": "out"}
        >>> [str(line) for line in solocards.make("uno").result_messages(result, ["You", "Bot"])]
        ['Bot went out: 52 points.']
        """
        return []

    def outcome_message(
        self, action: str, before: View, after: View, names: Sequence[object] | None = None
    ) -> Message | None:
        """What a public action did that its words do not say (the outcome of an UNO
        challenge), read from the spectator's views ``before`` and ``after`` it; None if
        nothing. ``names`` as in :meth:`result_messages`."""
        return None

    # -- what a round shows: the state reaches these through its game, which imports the
    # modules that build them (a game's view.py and explain.py sit above its state.py)

    def view_of(self, state: Any, seat: int | None, log: bool = True) -> View:
        """What ``seat`` (checked; ``None``: a spectator) may know of ``state``: the body of
        :meth:`State.view`. Every game implements it (or overrides :meth:`State.view`)."""
        raise NotImplementedError(f"{type(self).__name__} does not implement view_of")

    def snapshot_of(self, state: Any) -> dict[str, Any]:
        """The whole of ``state``, hidden cards included: the body of :meth:`State.snapshot`."""
        raise NotImplementedError(f"{type(self).__name__} does not implement snapshot_of")

    def explain_refusal(self, state: Any, seat: int, action_id: int) -> Message:
        """Why ``seat`` (checked) may not take ``action_id`` (an action id) in ``state``,
        naming the rule: the body of :meth:`State.explain_message`."""
        raise NotImplementedError(f"{type(self).__name__} does not implement explain_refusal")

    def notation_examples(self) -> str:
        """A few valid action strings, quoted in notation errors."""
        return ", ".join(self._action_names[:5])

    # -- the public API ----------------------------------------------------------------------

    def deck(self) -> list[str]:
        """The full deck, one string per physical card."""
        return list(self._deck)

    @property
    def num_actions(self) -> int:
        """The size of the dense action space (fixed by the game and its player count)."""
        return len(self._action_names)

    def action_id(self, action: object) -> int:
        """The integer id of an action string; :class:`NotationError` if it is not one."""
        index = self._action_index.get(action) if isinstance(action, str) else None
        if index is None:
            raise NotationError(
                msg(
                    "{action} is not an action of {game}; examples: {examples}",
                    action=repr(action),
                    game=self.id,
                    examples=self.notation_examples(),
                )
            )
        return index

    def action_name(self, action_id: object) -> str:
        """The action string of an integer id; :class:`NotationError` if out of range."""
        if type(action_id) is not int or not 0 <= action_id < len(self._action_names):
            raise NotationError(
                f"{action_id!r} is not an action id of {self.id} (0..{self.num_actions - 1})"
            )
        return self._action_names[action_id]

    def check_deck(self, deck: Sequence[str]) -> list[str]:
        """Return ``deck`` as a list if it is a permutation of :meth:`deck`, else raise."""
        cards = list(deck)
        try:  # the quick answer for a deck of cards (Counter's == runs in Python)
            same = sorted(cards) == self._sorted_deck
        except TypeError:  # things that do not sort: Counter tells
            same = False
        if not same and Counter(cards) != Counter(self._deck):
            expected, got = Counter(self._deck), Counter(cards)
            missing = sorted((expected - got).elements())
            extra = sorted((got - expected).elements())
            parts = []
            if missing:
                parts.append(f"missing {', '.join(map(str, missing[:8]))}")
            if extra:
                parts.append(f"unexpected {', '.join(map(str, extra[:8]))}")
            raise DeckError(
                f"not a {self.id} deck of {len(self._deck)} cards "
                f"(got {len(cards)}): {'; '.join(parts)}"
            )
        return cards

    def deal(
        self,
        seed: int | None = None,
        deck: Sequence[str] | None = None,
        dealer: int | None = None,
    ) -> State:
        """Deal a round: shuffled by ``seed``, or from the exact order ``deck`` (top card first).

        >>> import solocards
        >>> game = solocards.make("uno", players=2)
        >>> state = game.deal(seed=7)
        >>> state.to_act
        [1]
        """
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise OptionError(f"seed must be a whole number, not {seed!r}")
        cards: list[str] | None = None
        if deck is None:
            seed = fresh_seed() if seed is None else seed
        else:
            cards = self.check_deck(deck)
            seed = 0 if seed is None else seed
        if dealer is None:
            dealer = 0
        if (
            isinstance(dealer, bool)
            or not isinstance(dealer, int)
            or not (0 <= dealer < self.players)
        ):
            raise OptionError(f"dealer must be a seat 0..{self.players - 1}, not {dealer!r}")
        if cards is None:
            return self._new_shuffled_round(seed, dealer)
        return self._new_round(cards, dealer, seed)

    def match(self, seed: int | None = None, names: Sequence[str] | None = None) -> Match:
        """A whole game of rounds until the end condition (see :class:`solocards.Match`)."""
        from .match import Match

        return Match(self, seed=seed, names=names)

    def heuristic_bot(self, **params: Any) -> Bot:
        """The game's heuristic bot, from the factory it declares (``info.heuristic_bot``);
        :class:`OptionError` if it declares none."""
        factory = self.info.heuristic_bot
        if factory is None:
            raise OptionError(f"{self.id} has no heuristic bot; bots: random")
        bot: Bot = resolve(factory)(self, **params)
        return bot

    def sample_world(
        self, view: View, rng: random.Random, *, observe: StepObserver | None = None
    ) -> State:
        """A full state consistent with everything ``view``'s seat knows (for ISMCTS), from the
        sampler the game declares (``info.world_sampler``).

        ``observe`` (only where ``info.belief_sampling``; else :class:`NotImplementedError`) is
        called as ``observe(state, seat, action)`` before each step of the round is replayed on
        the returned world."""
        sampler = self.info.world_sampler
        if sampler is None:
            raise NotImplementedError(f"{self.id} does not sample worlds")
        if observe is None:
            world: State = resolve(sampler)(self, view, rng)
        elif not self.info.belief_sampling:
            raise NotImplementedError(f"{self.id} does not report the steps of its worlds")
        else:
            world = resolve(sampler)(self, view, rng, observe=observe)
        return world

    def sample_deal(self, view: View, rng: random.Random) -> HiddenDeal:
        """The unseen cards of ``view`` dealt to the hidden places they could be in, from the
        deal sampler the game declares (``info.deal_sampler``; else
        :class:`NotImplementedError`); ``deal.world(None)`` is a world consistent with the view.
        """
        sampler = self.info.deal_sampler
        if sampler is None:
            raise NotImplementedError(f"{self.id} does not hand out the deals of its worlds")
        deal: HiddenDeal = resolve(sampler)(self, view, rng)
        return deal

    # -- match hooks -------------------------------------------------------------------------

    def first_dealer(self, seed: int) -> int:
        """The dealer of a match's first round (default: a seat drawn with the match seed)."""
        return random.Random(derive_seed(seed, "first-dealer")).randrange(self.players)

    def next_dealer(self, dealer: int, result: Result) -> int:
        """The dealer of the next round (default: the deal passes to the left)."""
        return (dealer + 1) % self.players

    def prepare_round(self, state: State, results: list[Result]) -> None:  # noqa: B027
        """Hand a freshly dealt round of a match what it inherits from the earlier rounds.

        Called by :class:`Match` (and so by replays) right after each deal, before any action,
        with the results of the rounds so far; a chip pool carried from deal to deal is the
        example. The default does nothing.
        """

    def initial_totals(self) -> list[int]:
        """Each seat's running total before the first round."""
        return [0] * self.players

    def add_round(self, totals: list[int], result: Result) -> None:
        """Add a finished round's result to the running totals, in place."""
        for seat, score in enumerate(result["scores"]):
            totals[seat] += score

    def close_match(  # noqa: B027 (a hook; most games need nothing)
        self, state: State, totals: list[int], results: list[Result]
    ) -> None:
        """Settle what is left once the match is over, in place (``state`` is its last round).

        Called by :class:`Match` (and so by replays) once, after the last round's
        :meth:`add_round`, when :meth:`match_over` said yes; splitting a chip pool among the
        players is the example. The default does nothing.
        """

    @abstractmethod
    def match_over(self, totals: list[int], results: list[Result]) -> bool:
        """Whether the match ends after these rounds."""

    @abstractmethod
    def match_winners(self, totals: list[int], results: list[Result]) -> list[int]:
        """The seats that won a finished match (several share a win)."""

    @property
    @abstractmethod
    def lowest_wins(self) -> bool:
        """Which way this game's totals run: ``True`` where the lowest total is the best (UNO's
        alternative scoring, AMIGO's minus points), ``False`` where the highest is. The server
        orders standings and places the seats of a rated match by it; options may turn it.

        >>> import solocards
        >>> alternative = solocards.make("uno", scoring="alternative")
        >>> solocards.make("uno").lowest_wins, alternative.lowest_wins
        (False, True)
        """


@mypyc_attr(allow_interpreted_subclasses=True)
class State(ABC):
    """One round in progress. It changes in place; :meth:`clone` gives an independent copy.

    >>> import solocards
    >>> state = solocards.make("uno", players=2).deal(seed=3)
    >>> seat = state.to_act[0]
    >>> state.apply(seat, state.legal_actions(seat)[0])
    >>> len(state.history)
    1
    """

    game: Game
    players: int
    seed: int
    dealer: int
    _history: list[tuple[int, int]]
    _legal_cache: tuple[int, list[int]] | None

    def _init_base(self, game: Game, dealer: int, seed: int) -> None:
        self.game = game
        self.players = game.players
        self.dealer = dealer
        self.seed = seed
        self._history = []
        self._legal_cache = None

    def _copy_base(self, other: State) -> None:
        """Copy the base fields of ``other`` into this new clone."""
        self.game = other.game
        self.players = other.players
        self.dealer = other.dealer
        self.seed = other.seed
        self._history = list(other._history)
        self._legal_cache = other._legal_cache

    # -- hooks -------------------------------------------------------------------------------

    @property
    @abstractmethod
    def to_act(self) -> list[int]:
        """The seats that may act now, sorted; ``[]`` once the round is over."""

    def sole_actor(self) -> int:
        """The seat that may act now when it is the only one; -1 when none may (the round is
        over) or several may (a reaction window: see :attr:`to_act`). The same as reading
        :attr:`to_act`, without building its list where a game knows the answer at once (the
        RL environments ask at every step).

        >>> import solocards
        >>> state = solocards.make("uno", players=2).deal(seed=7)
        >>> state.sole_actor(), state.to_act
        (1, [1])
        """
        to_act = self.to_act
        return to_act[0] if len(to_act) == 1 else -1

    @abstractmethod
    def _legal_ids(self, seat: int) -> list[int]:
        """The sorted legal action ids of ``seat`` (``[]`` if it may not act)."""

    @abstractmethod
    def _apply(self, seat: int, action_id: int) -> None:
        """Apply a legal action; never called with an illegal one."""

    def explain_illegal(self, seat: object, action_id: object) -> str:
        """Why ``action_id`` is not legal for ``seat`` now, in words a player understands: the
        text of :meth:`explain_message`.

        The message may speak of the seat's own cards, never of another seat's hidden cards. A
        seat that does not exist raises :class:`IllegalActionError` (:func:`check_seat`), an
        id that is not an action :class:`NotationError`. It takes ``object`` so that the
        compiled build, too, answers a seat or an id of the wrong type with these errors rather
        than a TypeError.
        """
        return str(self.explain_message(seat, action_id))

    def explain_message(self, seat: object, action_id: object) -> Message:
        """:meth:`explain_illegal` as a message the edges translate (``engine`` domain): the
        id and the seat checked, then the game's :meth:`Game.explain_refusal`.

        >>> import solocards
        >>> state = solocards.make("uno", players=2).deal(seed=7)
        >>> str(state.explain_message(0, state.game.action_id("draw")))
        'it is not your turn: seat 1 is to play'
        """
        self.game.action_name(action_id)  # NotationError for anything but an action id
        checked = check_seat(self.players, seat)
        assert isinstance(action_id, int)  # action_name accepted it
        return self.game.explain_refusal(self, checked, action_id)

    @abstractmethod
    def clone(self) -> State:
        """An independent copy of this round."""

    @property
    @abstractmethod
    def is_over(self) -> bool:
        """Whether the round has ended."""

    @property
    @abstractmethod
    def result(self) -> Result | None:
        """``None`` until the round is over; then ``{"scores": [...], "winners": [...]}``."""

    def view(self, seat: object, *, log: bool = True) -> View:
        """What ``seat`` may know, as a JSON-ready dict; ``view(None)`` is a spectator's: the
        seat checked, then the game's :meth:`Game.view_of`.

        With ``log=False`` the view holds only the current state: no ``log`` (it grows with
        the round), ``log_size`` (its length) instead; :meth:`log_since` gives its entries.
        A seat that does not exist raises :class:`IllegalActionError` (:func:`check_viewer`,
        before anything is built)."""
        return self.game.view_of(self, check_viewer(self.players, seat), log)

    def _log_entries(self, seat: int | None, start: int) -> list[list[Any]]:
        """The log from entry ``start`` on as ``seat`` sees it (a game that masks parts of its
        log, such as a hidden discard, overrides this; the default shows every action)."""
        names = self.game._action_names
        return [[actor, names[action]] for actor, action in self._history[start:]]

    def log_since(self, seat: object, start: object = 0) -> list[list[Any]]:
        """The round's log as ``seat`` sees it (``view(seat)["log"]``) from entry ``start`` on.

        A client that holds the first ``start`` entries gets the rest in time that does not
        grow with them; ``start`` past the end gives ``[]``.

        >>> import solocards
        >>> state = solocards.make("uno", players=2).deal(seed=3)
        >>> seat = state.to_act[0]
        >>> state.apply(seat, state.legal_actions(seat)[0])
        >>> state.log_since(None, 0) == state.view(None)["log"], state.log_since(0, 1)
        (True, [])
        """
        viewer = check_viewer(self.players, seat)
        if type(start) is not int or start < 0:
            raise ValueError(f"start must be a whole number >= 0 (a log index), not {start!r}")
        return self._log_entries(viewer, start)

    @property
    def log_size(self) -> int:
        """The number of entries in the round's log (the actions applied so far)."""
        return len(self._history)

    def snapshot(self) -> dict[str, Any]:
        """The whole state, hidden cards included, as a JSON-ready dict (the game's
        :meth:`Game.snapshot_of`)."""
        return self.game.snapshot_of(self)

    def regular_seat(self) -> int:
        """The seat whose regular turn it is (in a reaction window, the seat the others may
        react to); -1 once the round is over.

        The default suits a game without reaction windows: the one seat that may act. A game
        with windows (``info.reaction_windows``) returns the seat of its regular turn.

        >>> import solocards
        >>> solocards.make("frog").deal(seed=3).regular_seat()
        1
        """
        to_act = self.to_act
        return to_act[0] if to_act else -1

    def could_react(self, seat: int) -> bool:
        """Whether ``seat`` could act out of turn now, judged from public facts only.

        Public facts are the rules in force and what everyone saw (a card just played, a
        missed UNO call), never the cards in ``seat``'s hand: the answer is the same whatever
        it holds, so acting on it (a server that gives people a reaction window before a bot
        moves) tells nobody anything. The base class answers for a game without windows
        (never) and, conservatively, for a game with windows that does not say more (any
        seat but the regular one, while the round runs).

        >>> import solocards
        >>> state = solocards.make("frog").deal(seed=3)
        >>> [state.could_react(seat) for seat in range(3)]
        [False, False, False]
        """
        return self.game.info.reaction_windows and not self.is_over and seat != self.regular_seat()

    # -- the public API ----------------------------------------------------------------------

    @property
    def history(self) -> list[tuple[int, str]]:
        """The ``(seat, action)`` pairs applied so far in this round."""
        names = self.game._action_names
        return [(seat, names[action]) for seat, action in self._history]

    # The public methods take ``object``: a seat or an action of the wrong type is refused with
    # the game's own errors (not a TypeError), in the plain and in the compiled build alike.

    def legal_action_ids(self, seat: object) -> list[int]:
        """The sorted ids of the actions ``seat`` may take now (a new list each call)."""
        return self._cached_legal_ids(seat)[:]

    def legal_actions(self, seat: object) -> list[str]:
        """The actions ``seat`` may take now, as strings (``[]`` if it may not act; a seat that
        does not exist raises :class:`IllegalActionError`)."""
        names = self.game._action_names
        return [names[action] for action in self._cached_legal_ids(seat)]

    def _cached_legal_ids(self, seat: object) -> list[int]:
        # (the type check first: the compiled build then compares and passes a native int)
        if type(seat) is not int or not 0 <= seat < self.players:
            raise no_such_seat(self.players, seat)
        cache = self._legal_cache
        if cache is not None and cache[0] == seat:
            return cache[1]
        ids = self._legal_ids(seat)
        self._legal_cache = (seat, ids)
        return ids

    def apply(self, seat: object, action: object) -> None:
        """Apply ``action`` for ``seat`` in place; on any error the state is left unchanged."""
        self.apply_id(seat, self.game.action_id(action))

    def apply_id(self, seat: object, action_id: object) -> None:
        """Apply the action with this id; same effect as ``apply(seat, game.action_name(id))``."""
        if type(seat) is int and type(action_id) is int:
            # Hot path of playouts: the ids just listed for this seat by legal_action_ids.
            cache = self._legal_cache
            if cache is not None and cache[0] == seat:
                legal = cache[1]
            else:
                legal = self._cached_legal_ids(seat)
            if action_id in legal:
                self._legal_cache = None
                self._apply(seat, action_id)
                self._history.append((seat, action_id))
                return
        else:
            self._cached_legal_ids(seat)  # a seat that does not exist is refused first
        self._refuse(seat, action_id)

    def _refuse(self, seat: object, action_id: object) -> NoReturn:
        """Raise the error that says why ``seat`` may not take ``action_id`` now."""
        self.game.action_name(action_id)  # NotationError for anything but an action id
        if type(seat) is not int or not 0 <= seat < self.players:
            raise no_such_seat(self.players, seat)
        if self.is_over:
            raise IllegalActionError(msg("the round is over"))
        if type(action_id) is not int:  # unreachable: action_name accepted it
            raise NotationError(f"{action_id!r} is not an action id of {self.game.id}")
        raise IllegalActionError(self.explain_message(seat, action_id))

    def __repr__(self) -> str:
        return f"<{self.game.id} round, dealer {self.dealer}, {len(self._history)} actions>"


def no_such_seat(players: int, seat: object) -> IllegalActionError:
    """The error for a seat that does not exist in a ``players``-player game.

    >>> str(no_such_seat(3, True))
    'there is no seat True in this 3-player game: the seats are the ints 0 to 2'
    """
    return IllegalActionError(
        msg(
            "there is no seat {seat} in this {players}-player game: the seats are the ints 0 "
            "to {last}",
            seat=repr(seat),
            players=players,
            last=players - 1,
        )
    )


def check_seat(players: int, seat: object) -> int:
    """Return ``seat`` if it is a seat number of a ``players``-player game, else raise
    :class:`IllegalActionError` (bools are not seats).

    >>> check_seat(4, 3)
    3
    """
    if type(seat) is not int or not 0 <= seat < players:
        raise no_such_seat(players, seat)
    return seat


def check_viewer(players: int, seat: object) -> int | None:
    """Return ``seat`` if it may ask for a view: ``None`` (a spectator) or a seat number; raise
    :class:`IllegalActionError` for anything else (``-1``, ``players``, ``True``, ``"1"``).

    >>> check_viewer(4, None) is None, check_viewer(4, 0)
    (True, 0)
    """
    if seat is None:
        return None
    return check_seat(players, seat)


__all__ = [
    "Game",
    "NotationError",
    "Result",
    "State",
    "View",
    "check_seat",
    "check_viewer",
    "no_such_seat",
]
