"""The registered games as OpenSpiel (``pyspiel``) Python games, registered on import.

Needs the ``openspiel`` extra. Importing this module registers:

| OpenSpiel short name | game |
|---|---|
| ``python_solocards_uno`` | ``uno`` |
| ``python_solocards_amigo_solo`` | ``amigo-solo`` |
| ``python_solocards_german_solo`` | ``german-solo`` |
| ``python_solocards_frog`` | ``frog`` |

``pyspiel.load_game("python_solocards_uno", {"players": 2, "stack_draw2": True})``: the
parameters are ``players``, every option of the game (defaults as in its rules table) and
``max_moves`` (a round still running after that many player decisions ends as a draw, every
return 0; default 10000, far above any real round). OpenSpiel reads a parameter value that
begins with a digit as a number, so such string values take a leading underscore there:
frog's ``deal_order=_1-4-8``, ``multipliers=_1-2-4``.

Chance is explicit, as in OpenSpiel's own card games. A round starts with chance nodes: first
the dealer (``players`` equally likely outcomes), then the whole deck order, one card at a time
from the top (outcome = the card kind's index in deck order, probability = copies left / cards
left), then ``game.deal(deck=..., dealer=...)`` (API.md's dealing order). The round's later
reshuffles of a discard pile (shedding games) use a fixed seed (0), so they are not chance nodes.

Player actions are the game's integer action ids; in the games with reaction windows the last
id (``game.num_actions``) is "no reaction", and a window is a sequence of decisions, one per seat
that may react, exactly as in the RL environments (:mod:`solocards.rl.turns`); note that
``current_player()`` then names the seat asked, which OpenSpiel treats as public. Returns are +1 for
each winner, -1 for every other seat (0 for all in a round without a winner): a general-sum game
with utilities in [-1, 1]. Observations (``observation_tensor``, ``observation_string``) are the
seat's view only (:mod:`solocards.rl.observations`); there is no information state (perfect
recall) tensor.

>>> import pyspiel
>>> game = pyspiel.load_game("python_solocards_frog")
>>> state = game.new_initial_state()
>>> while state.is_chance_node():
...     state.apply_action(state.chance_outcomes()[0][0])
>>> state.current_player(), len(state.observation_tensor(state.current_player()))
(1, 385)
"""

from __future__ import annotations

import functools
import json
from typing import Any

import pyspiel  # type: ignore[import-not-found, unused-ignore]

import solocards

from ..core.game import Game
from ..games.registry import games
from .observations import Encoder, encoder_for
from .openspiel_shared import Shared
from .rewards import round_rewards
from .turns import Turns, action_space_size


def short_name(game_id: str) -> str:
    """The OpenSpiel short name of a game: ``python_solocards_german_solo``."""
    return "python_solocards_" + game_id.replace("-", "_")


SHORT_NAMES = {game_id: short_name(game_id) for game_id in games()}
"""The OpenSpiel short names of the registered games, by game id."""
MAX_MOVES = 10_000


def _to_spiel(value: Any) -> Any:
    """An option value as an OpenSpiel parameter (a leading ``_`` before a leading digit)."""
    if isinstance(value, str) and value[:1].isdigit():
        return "_" + value
    return value


def _from_spiel(value: Any) -> Any:
    """The option value of an OpenSpiel parameter (see :func:`_to_spiel`)."""
    if isinstance(value, str) and value[:1] == "_" and value[1:2].isdigit():
        return value[1:]
    return value


@functools.cache
def _game_type(game_id: str) -> Any:
    """The ``pyspiel.GameType`` of a game, built once (its fields are read-only)."""
    cls = type(solocards.make(game_id))
    defaults: dict[str, Any] = {"players": cls.default_players, "max_moves": MAX_MOVES}
    for option in cls.option_specs:
        defaults[option.name] = _to_spiel(option.default)
    return pyspiel.GameType(
        short_name=short_name(game_id),
        long_name=f"solocards {cls.info.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=cls.max_players,
        min_num_players=cls.min_players,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=defaults,
    )


class SoloCardsSpielGame(pyspiel.Game):  # type: ignore[misc]
    """A solocards game for OpenSpiel (see the module doc)."""

    game_id: str

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        game_type = _game_type(self.game_id)
        self._setup({**game_type.parameter_specification, **params})
        deck = len(self.solo.deck())
        info = pyspiel.GameInfo(
            num_distinct_actions=action_space_size(self.solo),
            max_chance_outcomes=max(len(self.kinds), self.solo.players),
            num_players=self.solo.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=self.max_moves + deck + 1,
        )
        super().__init__(game_type, info, params)

    def _setup(self, parameters: dict[str, Any]) -> None:
        values = dict(parameters)
        self.max_moves = int(values.pop("max_moves"))
        players = int(values.pop("players"))
        options = {name: _from_spiel(value) for name, value in values.items()}
        self.solo: Game = solocards.make(self.game_id, players=players, **options)
        self.shared = Shared(self.solo)
        self.kinds = self.shared.kinds
        self.copies = list(self.shared.copies)

    def __getattr__(self, name: str) -> Any:
        # A copy made by pyspiel (pickling, deepcopy) skips __init__: rebuild from parameters.
        if name in ("solo", "max_moves", "kinds", "copies", "shared"):
            parameters = {**_game_type(self.game_id).parameter_specification}
            parameters.update(self.get_parameters())
            self._setup(parameters)
            return self.__dict__[name]
        raise AttributeError(name)

    def get_type(self) -> Any:
        """What pyspiel's ``get_type`` answers, without its copy: pyspiel converts the game
        type, every option's parameter included, into a new Python object at each call, and
        ``rl_environment.Environment`` asks for it twice per step. The type's fields are
        read-only, so one object serves every call."""
        return _game_type(self.game_id)

    def new_initial_state(self) -> SoloCardsSpielState:
        """A round before its chance nodes (dealer, then the deck order)."""
        return SoloCardsSpielState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> SoloCardsObserver:
        """The observer of one seat's view (no perfect-recall observation)."""
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        if iig_obs_type is not None and (
            iig_obs_type.perfect_recall
            or not iig_obs_type.public_info
            or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
        ):
            raise ValueError(
                "solocards observers give one seat's view (public information and its own "
                "private information, no perfect recall)"
            )
        return SoloCardsObserver(encoder_for(self.solo))


CHANCE = int(pyspiel.PlayerId.CHANCE)
TERMINAL = int(pyspiel.PlayerId.TERMINAL)


class SoloCardsSpielState(pyspiel.State):  # type: ignore[misc]
    """A round: chance nodes for the dealer and the deck, then a :class:`Turns` of the round."""

    def __init__(self, game: SoloCardsSpielGame) -> None:
        super().__init__(game)
        shared: Shared = game.shared  # the game's encoder and deck: shared by every copy
        self._shared = shared
        self._dealer = -1
        self._deck: list[int] = []
        self._left = list(shared.copies)
        self._cards_left = shared.deck_size
        self._kinds_left = list(shared.kinds_left)
        """The kinds with copies left, in kind order (the chance outcomes' actions)."""
        self._keys = list(shared.keys)
        """Per kind of ``_kinds_left``, its outcome's place in a row of ``Shared.outcomes``."""
        self.turns: Turns | None = None
        self._player = CHANCE
        """:meth:`current_player`, kept up to date by every action."""
        self._moves = 0
        self._max_moves: int = game.max_moves  # an int: read at every step, cheap to copy

    @property
    def _spiel(self) -> SoloCardsSpielGame:
        # Not kept in __dict__: pyspiel clones a Python state by deep-copying its __dict__.
        game: SoloCardsSpielGame = self.get_game()
        return game

    # -- the pyspiel API --------------------------------------------------------------------

    def current_player(self) -> int:
        """The seat deciding now, CHANCE while dealing, TERMINAL once over."""
        return self._player

    def is_terminal(self) -> bool:
        """Whether the round is over (or ran past ``max_moves``)."""
        return self._player == TERMINAL

    def is_chance_node(self) -> bool:
        """Whether the round is still being dealt (pyspiel's answer, without its round trip)."""
        return self.turns is None

    def legal_actions(self, player: Any = None) -> list[int]:
        """What pyspiel's ``legal_actions`` answers, without its round trip through C++: while
        dealing the chance outcomes' actions (for any ``player``), then the deciding seat's legal
        ids (``[]`` for another seat, and once over)."""
        turns = self.turns
        if turns is None:
            if self._dealer < 0:
                return list(range(self._shared.players))
            return list(self._kinds_left)
        if (player is not None and player != self._player) or self._player < 0:
            return []
        return turns.legal_ids()

    def rewards(self) -> list[float]:
        """The rewards of the last action: the returns once over, zeros before (the rewards
        come at the end of the round)."""
        turns = self.turns
        if self._player >= 0 or turns is None or not turns.is_over:
            return [0.0] * self._shared.players
        return round_rewards(turns.state.result, self._shared.players, "win")

    def observation_tensor(self, player: Any = None) -> list[float]:
        """``player``'s observation (default: the deciding seat) as pyspiel's
        ``observation_tensor`` gives it, a list of floats: the encoder's fast path written
        straight from the round (zeros while dealing; :meth:`Shared.tensor`). pyspiel's own
        path builds a fresh initial state and observer at every call to learn the tensor's
        size, and then runs this same encoding; :class:`SoloCardsObserver` gives the same
        values."""
        shared = self._shared
        values = shared.tensor(self.turns, self._player if player is None else player)
        if values is None:
            raise pyspiel.SpielError(
                f"observation_tensor: player must be a seat 0..{shared.players - 1}, not {player}"
            )
        return values

    def _legal_actions(self, player: int) -> list[int]:
        turns = self.turns
        if turns is None or player != self._player:
            return []
        return turns.legal_ids()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The dealer (uniform), then the next card of the deck (by copies left): pairs made
        once per game (:class:`Shared`), listed in kind order."""
        shared = self._shared
        if self._dealer < 0:
            return list(shared.dealer_outcomes)
        return shared.card_outcomes(self._cards_left, self._keys)

    def _apply_action(self, action: int) -> None:
        turns = self.turns
        if turns is not None:
            turns.act(action)
            moves = self._moves = self._moves + 1
            self._player = TERMINAL if turns.seat < 0 or moves >= self._max_moves else turns.seat
            return
        # a chance outcome: the dealer, then the deck's next card (the round is dealt once the
        # deck is complete); an action that is no outcome now raises, the state unchanged
        if self._dealer < 0:
            players = self._shared.players
            if not 0 <= action < players:
                raise pyspiel.SpielError(
                    f"chance: no dealer {action} (the seats are 0..{players - 1})"
                )
            self._dealer = action
            return
        kinds_left = self._kinds_left
        try:
            place = kinds_left.index(action)
        except ValueError:
            raise pyspiel.SpielError(f"chance: no card of kind {action} is left") from None
        self._deck.append(action)
        left = self._left[action] = self._left[action] - 1
        if left:
            self._keys[place] -= 1
        else:
            del kinds_left[place]
            del self._keys[place]
        cards_left = self._cards_left = self._cards_left - 1
        if cards_left == 0:
            shared = self._shared
            kinds = shared.kinds
            deck = [kinds[kind] for kind in self._deck]
            turns = self.turns = Turns(shared.solo.deal(deck=deck, dealer=self._dealer))
            self._player = TERMINAL if turns.seat < 0 or self._max_moves <= 0 else turns.seat

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if self._dealer < 0:
                return f"dealer {action}"
            return f"card {self._spiel.kinds[action]}"
        solo = self._spiel.solo
        if action == solo.num_actions:
            return "no-reaction"
        return str(solo.action_name(action))

    def returns(self) -> list[float]:
        """+1 for each winner, -1 for the other seats, once over; zeros before."""
        players = self._shared.players  # (not get_game(): a round trip through pyspiel)
        if self.turns is None or not self.turns.is_over:
            return [0.0] * players
        return round_rewards(self.turns.state.result, players, "win")

    def view(self, player: int) -> dict[str, Any]:
        """``player``'s view of the round (empty while dealing)."""
        if self.turns is None:
            return {}
        return self.turns.state.view(player)

    def __str__(self) -> str:
        if self.turns is None:
            return f"dealing: dealer {self._dealer}, {len(self._deck)} cards"
        return json.dumps(self.turns.state.snapshot(), sort_keys=True)


class SoloCardsObserver:
    """OpenSpiel's observer protocol (``tensor``, ``dict``, ``set_from``, ``string_from``)."""

    def __init__(self, encoder: Encoder) -> None:
        self.encoder = encoder
        self.tensor = encoder.new_observation()
        self.dict = {
            field.name: self.tensor[field.offset : field.offset + field.size]
            for field in encoder.layout.fields
        }

    def set_from(self, state: SoloCardsSpielState, player: int) -> None:
        """Fill :attr:`tensor` with ``player``'s observation (zeros while dealing): the encoding
        of ``player``'s view, built straight from the round (the encoder's fast path) rather
        than from a view that carries the whole log."""
        if state.turns is None:
            self.tensor.fill(0.0)
            return
        self.encoder.encode_state(state.turns.state, player, self.tensor)

    def string_from(self, state: SoloCardsSpielState, player: int) -> str:
        """``player``'s view as JSON without the log, and so without anything that grows with
        the round (``view(player, log=False)``: the observation is not perfect recall)."""
        if state.turns is None:
            return "{}"
        view = state.turns.state.view(player, log=False)
        del view["log_size"]
        return json.dumps(view, sort_keys=True)


def _game_class(game_id: str) -> type[SoloCardsSpielGame]:
    name = "SoloCards" + "".join(part.title() for part in game_id.split("-")) + "SpielGame"
    return type(name, (SoloCardsSpielGame,), {"game_id": game_id, "__module__": __name__})


GAME_CLASSES = {game_id: _game_class(game_id) for game_id in SHORT_NAMES}


def register() -> None:
    """Register every registered game with pyspiel (done on import; call it again after
    registering a game; registering again is harmless)."""
    registered = set(pyspiel.registered_names())
    for game_id in games():
        if short_name(game_id) not in registered:
            cls = GAME_CLASSES.setdefault(game_id, _game_class(game_id))
            pyspiel.register_game(_game_type(game_id), cls)


register()

__all__ = [
    "GAME_CLASSES",
    "SHORT_NAMES",
    "SoloCardsObserver",
    "SoloCardsSpielGame",
    "SoloCardsSpielState",
    "register",
    "short_name",
]
