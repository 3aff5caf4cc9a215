"""The UNO :class:`~solocards.core.game.Game`: deck, action space, rule tables and match hooks.

Everything the hot paths of :class:`~.state.UnoState` look up is precomputed here once per game:
what may be played on what (``playable[key][kind]``, where ``key = colour * 14 + top rank`` and a
wild on top has top rank 13), the options as plain flags, and the tables of :mod:`.fast`.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from ...core.bot import BotParam
from ...core.game import Game, Result, State, View
from ...core.info import GameInfo
from ...core.rng import derive_seed
from .actions import Act, ActionTable
from .cards import KIND_COLOUR, KIND_RANK, NUM_KINDS, WILD, build_deck, copies
from .fast import NUM_KEYS, FastTables
from .options import OPTION_SPECS, PRESETS

if TYPE_CHECKING:
    from .heuristic import UnoHeuristicBot


class UnoGame(Game):
    """Mattel's classic UNO (108 cards) with every house rule of the rules file as an option.

    >>> import solocards
    >>> game = solocards.make("uno", players=4)
    >>> game.num_actions, game.action_name(game.action_id("W+4:G!"))
    (164, 'W+4:G!')
    >>> state = game.deal(seed=1)
    >>> sum(map(len, state.snapshot()["hands"]))
    28
    """

    id = "uno"
    info = GameInfo(
        title="UNO",
        reaction_windows=True,
        heuristic_bot="solocards.games.uno.game:UnoGame.heuristic_bot",
        heuristic_params=(BotParam("challenge_at", int, 0, 108), BotParam("bluff_at", int, 0, 108)),
        world_sampler="solocards.games.uno.worlds:sample_world",
        rl_encoder="solocards.rl.observations.uno:UnoEncoder",
        rl_name="UNO",
    )
    """What UNO offers (the heuristic bot: :class:`~.heuristic.UnoHeuristicBot`)."""
    min_players = 2
    max_players = 10
    default_players = 4
    option_specs = OPTION_SPECS
    presets = PRESETS

    # -- options and tables --------------------------------------------------------------------

    def _check_options(self) -> None:
        from ...core.errors import OptionError

        o = self.options
        if o["strict_uno_call"] and o["uno_enforcement"] == "auto":
            raise OptionError(
                "uno: strict_uno_call needs uno_enforcement=catch: under auto a player who may "
                "not call with the play would always be penalised"
            )

    def _build_deck(self) -> list[str]:
        return build_deck()

    def _build_actions(self) -> list[str]:
        o = self.options
        n = self.players
        table = ActionTable(n, multi=bool(o["multi_play_same_number"]))
        self.table: ActionTable = table
        self.acts: list[Act] = table.acts

        # The options as flags for the state machine.
        self.call_ok = not o["strict_uno_call"]
        """Whether a play may carry the UNO call ``!``."""
        self.auto_uno = o["uno_enforcement"] == "auto"
        self.penalty = int(o["uno_penalty"])
        challenge = bool(o["challenge_wd4"]) and not o["no_wd4_challenge"]
        self.drop_wd4 = bool(o["drop_wd4_legality"])
        self.challenge_on = challenge and not self.drop_wd4
        """Whether the victim of a Wild Draw Four that starts a penalty may challenge it."""
        self.enforce_wd4 = not challenge and not self.drop_wd4
        """Without challenges the engine itself refuses an illegal Wild Draw Four."""
        self.stack2 = bool(o["stack_draw2"])
        self.stack4 = bool(o["stack_draw4"])
        self.d4_on_d2 = o["cross_stack"] in ("d4_on_d2", "both")
        self.d2_on_d4 = o["cross_stack"] == "both"
        self.deflect = bool(o["reverse_skip_deflect"])
        self.jump_in = bool(o["jump_in"])
        self.jump_pending = bool(o["jump_in_pending"])
        self.seven_zero = bool(o["seven_zero"])
        self.sz_choose = o["seven_zero_target"] == "choose"
        self.until_playable = bool(o["draw_until_playable"])
        self.force_play = bool(o["force_play"])
        self.force_drawn = bool(o["force_play_drawn"])
        self.multi = bool(o["multi_play_same_number"])
        self.rev_skip2 = n == 2 and bool(o["two_player_reverse_is_skip"])
        self.success_play = o["challenge_success_turn"] == "play"
        self.fast_turn = not self.seven_zero and not self.enforce_wd4

        playable = [
            [
                kind >= WILD or KIND_COLOUR[kind] == key // 14 or KIND_RANK[kind] == key % 14
                for kind in range(NUM_KINDS)
            ]
            for key in range(NUM_KEYS)
        ]
        self.playable: list[list[bool]] = playable
        """``playable[key][kind]``: whether ``kind`` may go on a top card with this match key."""
        self.fast = FastTables(
            table,
            playable,
            players=n,
            call_ok=self.call_ok,
            plain=not self.seven_zero and not self.jump_in,
        )
        return table.names

    def notation_examples(self) -> str:
        return "R7, W:G, W+4:B!, draw, pass"

    # -- rounds --------------------------------------------------------------------------------

    def _new_round(self, deck: list[str], dealer: int, seed: int) -> State:
        from .state import UnoState

        return UnoState(self, deck, dealer, seed)

    def describe_action(self, action: str) -> str:
        from .text import describe_action

        return describe_action(self, action)

    def describe_table(self, view: View) -> list[str]:
        from .text import describe_table

        return describe_table(view)

    # -- bots (see :mod:`.worlds` and :mod:`.heuristic`) ---------------------------------------

    def heuristic_bot(self, **params: Any) -> UnoHeuristicBot:
        """The UNO heuristic bot (``heuristic:challenge_at=8,bluff_at=0``)."""
        from .heuristic import UnoHeuristicBot

        return UnoHeuristicBot(**params, game=self)

    # -- match hooks ---------------------------------------------------------------------------

    def first_dealer(self, seed: int) -> int:
        """Draw for the deal (§2.2): everyone draws a card, the highest deals (action and black
        cards count 0), tied players draw again; from a generator derived from ``seed``.

        >>> import solocards
        >>> game = solocards.make("uno", players=5)
        >>> game.first_dealer(3) == game.first_dealer(3)
        True
        """
        rng = random.Random(derive_seed(seed, "uno", "draw-for-deal"))
        pile: list[int] = []
        contenders = list(range(self.players))
        while True:
            values = []
            for _ in contenders:
                if not pile:
                    pile = [kind for kind in range(NUM_KINDS) for _ in range(copies(kind))]
                    rng.shuffle(pile)
                kind = pile.pop()
                values.append(KIND_RANK[kind] if KIND_RANK[kind] < 10 else 0)
            best = max(values)
            contenders = [
                seat for seat, value in zip(contenders, values, strict=True) if value == best
            ]
            if len(contenders) == 1:
                return contenders[0]

    def match_over(self, totals: list[int], results: list[Result]) -> bool:
        """At the target score (or after ``rounds`` rounds); ``tie_break=extra_round`` plays on
        while the best total is shared."""
        o = self.options
        over = max(totals) >= int(o["target_score"])
        limit = int(o["rounds"])
        if limit and len(results) >= limit:
            over = True
        if over and o["tie_break"] == "extra_round":
            return len(self.match_winners(totals, results)) == 1
        return over

    def match_winners(self, totals: list[int], results: list[Result]) -> list[int]:
        """Standard scoring: the highest total; alternative scoring: the lowest (ties share)."""
        best = min(totals) if self.options["scoring"] == "alternative" else max(totals)
        return [seat for seat, total in enumerate(totals) if total == best]


__all__ = ["UnoGame"]
