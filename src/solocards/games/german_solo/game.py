"""The German Solo game: the packs, the actions, the deal, and the match of deals.

Four players use the 32-card pack; five the 40-card pack with the Fives and Sixes (seed), and
8 more actions to play them; three the 24-card pack of Spitzeln, with solo and tout only.

>>> import solocards
>>> game = solocards.make("german-solo")
>>> game.num_actions, len(game.deck()), game.action_name(game.action_id("call:AD"))
(56, 32, 'call:AD')
>>> five, three = solocards.make("german-solo", players=5), solocards.make("german-solo", players=3)
>>> (five.num_actions, len(five.deck())), (three.num_actions, len(three.deck()))
((64, 40), (56, 24))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from ...core.bot import BotParam
from ...core.game import Game, Result, State, View
from ...core.info import GameInfo
from ...core.messages import Message, text_id
from ...core.options import Option, OptionValue
from ...core.rng import shuffled
from .actions import action_names
from .cards import CARD_IDS, NAMES, SUITS, pack
from .explain import explain
from .heuristic import GermanSoloHeuristicBot
from .options import DEAL_TURNS, OPTIONS, PRESETS, check_options
from .rules import GermanSoloRules
from .state import GermanSoloState
from .text import (
    action_message,
    result_messages,
    table_messages,
)
from .view import build_snapshot, build_view


class GermanSoloGame(Game):
    """German Solo (Spadilla, Manilla, Basta) for three to five players (four by default); see
    trick-taking.md part A and ``docs/german-solo.md``."""

    id: ClassVar[str] = "german-solo"
    info: ClassVar[GameInfo] = GameInfo(
        title=text_id("German Solo"),
        heuristic_bot="solocards.games.german_solo.game:GermanSoloGame.heuristic_bot",
        heuristic_params=(BotParam("boldness", float, -10.0, 10.0),),
        world_sampler="solocards.games.german_solo.sampling:sample_world",
        belief_sampling=True,
        deal_sampler="solocards.games.german_solo.sampling:sample_deal",
        rl_encoder="solocards.rl.observations.german_solo:GermanSoloEncoder",
        counts_deals=True,
        round_events="solocards.games.german_solo.events:round_events",
        browser_module="solocards:web/js/games/german-solo.js",
    )
    """What German Solo offers (``heuristic:boldness=..``: tricks added before bidding)."""
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 5
    default_players: ClassVar[int] = 4
    option_specs: ClassVar[tuple[Option, ...]] = OPTIONS
    presets: ClassVar[dict[str, dict[str, OptionValue]]] = PRESETS
    rules: GermanSoloRules
    _card_order: tuple[int, ...]
    """The deck as card ints, in :meth:`deck` order."""

    @classmethod
    def player_defaults(cls, players: int) -> dict[str, OptionValue]:
        """A match of deals is two turns of the deal by default: 6, 8 or 10 deals, so that
        every player deals equally often (U12).

        >>> import solocards
        >>> [solocards.make("german-solo", players=n).options["deals"] for n in (3, 4, 5)]
        [6, 8, 10]
        """
        return {"deals": DEAL_TURNS * players}

    def _check_options(self) -> None:
        """The deals of a new match go round evenly; a stored one's need not (U12; see
        :func:`.options.check_options`)."""
        check_options(self.options, self.players, self.stored)
        self.rules = GermanSoloRules.from_options(self.options)

    def _build_deck(self) -> list[str]:
        cards = pack(self.players)
        self._card_order = tuple(cards)
        return [NAMES[card] for card in cards]

    def _build_actions(self) -> list[str]:
        return list(action_names(self.players))

    def _new_round(self, deck: list[str], dealer: int, seed: int) -> State:
        return GermanSoloState(self, [CARD_IDS[card] for card in deck], dealer, seed)

    def _new_shuffled_round(self, seed: int, dealer: int) -> State:
        """The deck of card ints shuffled as the strings would be (see the base class)."""
        return GermanSoloState(self, shuffled(self._card_order, seed), dealer, seed)

    def notation_examples(self) -> str:
        """A few valid action strings, quoted in notation errors."""
        if self.players == 3:
            return "QC, 7H, pass, hold, solo, solo-couleur, tout, trump:S, claim"
        cards = "QC, 7H, 5D" if self.players == 5 else "QC, 7H"
        return f"{cards}, pass, hold, simple, solo-couleur, trump:S, call:AD, alone, claim"

    def action_message(self, action: str) -> Message:
        """:meth:`describe_action` as a message (see :mod:`.text`)."""
        return action_message(action)

    def table_messages(self, view: View) -> list[Message]:
        """:meth:`describe_table` as messages (see :mod:`.text`)."""
        return table_messages(view)

    def result_messages(
        self, result: Result, names: Sequence[object] | None = None
    ) -> list[Message]:
        """The end of a round in words (see :mod:`.text`)."""
        return result_messages(result, names)

    # -- what the state shows: its views, its snapshot and its refusals ----------------------

    def view_of(self, state: GermanSoloState, seat: int | None, log: bool = True) -> View:
        """What ``seat`` may know of ``state`` (``None``: a spectator); see :mod:`.view`."""
        return build_view(state, seat, log)

    def snapshot_of(self, state: GermanSoloState) -> dict[str, Any]:
        """The whole of ``state``, hidden cards included; see :mod:`.view`."""
        return build_snapshot(state)

    def explain_refusal(self, state: GermanSoloState, seat: int, action_id: int) -> Message:
        """Why ``seat`` may not take ``action_id`` in ``state``; see :mod:`.explain`."""
        return explain(state, seat, action_id)

    def heuristic_bot(self, **params: Any) -> GermanSoloHeuristicBot:
        """The German Solo heuristic bot (``heuristic:boldness=0``; see :mod:`.heuristic`)."""
        return GermanSoloHeuristicBot(**params)

    # -- the match ---------------------------------------------------------------------------

    def next_dealer(self, dealer: int, result: Result) -> int:
        """The deal passes to the left; after a rule-7 forfeit the same dealer deals again."""
        return dealer if result.get("redeal") else (dealer + 1) % self.players

    def prepare_round(self, state: State, results: list[Result]) -> None:
        """Carry the pool and (with ``couleur=first_won``) the couleur into the next deal."""
        assert isinstance(state, GermanSoloState)
        pool = results[-1]["pool"] if results else 0
        couleur = 0
        if self.rules.couleur_first_won:
            couleur = -1
            for result in results:
                if result["won"] and result["trump"] is not None:
                    couleur = SUITS.index(result["trump"])
                    break
        state._inherit(pool, couleur, len(results))

    def _ends_after(self, totals: list[int], deals: int) -> bool:
        rules = self.rules
        if rules.match_by_deals:
            return deals >= rules.deals
        return deals >= rules.max_deals or max(totals) >= rules.target

    def close_match(self, state: State, totals: list[int], results: list[Result]) -> None:
        """With ``pool_leftover=split``, share the pool out equally at the end (U12).

        Each player gets ``pool // players`` chips; the remainder stays in the pool. The last
        deal's result, snapshot and views show the pool after the split, and its ``scores``
        and ``pool_change`` include the shares (``pool_split``: the share each player got),
        so chips plus pool still sum to zero."""
        if not self.rules.pool_split:
            return
        assert isinstance(state, GermanSoloState)
        share = state._split_pool()
        for seat in range(len(totals)):
            totals[seat] += share

    def match_over(self, totals: list[int], results: list[Result]) -> bool:
        """After ``deals`` deals (default: each player deals twice), or once a balance
        reaches ``target``."""
        return self._ends_after(totals, len(results))

    @property
    def lowest_wins(self) -> bool:
        """The best chip balance, the highest, wins."""
        return False

    def match_winners(self, totals: list[int], results: list[Result]) -> list[int]:
        """The seats with the best chip balance."""
        best = max(totals)
        return [seat for seat, total in enumerate(totals) if total == best]

    def pool_after(self, results: list[Result]) -> int:
        """The pool after these deals of a match (before any split at its end)."""
        return int(results[-1]["pool"]) if results else 0
