"""The options of AMIGO's SOLO: the configuration table of shedding.md §1.12, with its presets.

Every UNRESOLVED point of the rules (S-1 .. S-15) is an option whose default is the rules
file's bold default. Presets: ``"official"`` (Board Game Arena, the defaults), ``"2018"`` (the
25th-anniversary edition: Triple +, numbers-only jump-in, turn cards until a number, minus points)
and ``"classic"`` (the 2009 international rules at a table: the first card is obeyed, a forgotten
"solo" must be caught, minus points).
"""

from __future__ import annotations

from ...core.errors import OptionError
from ...core.messages import msg, text_id
from ...core.options import Option, OptionValue, titled
from .cards import deck_kinds

FIRST_TURN_UNTIL_NUMBER = "turn_until_number"
FIRST_APPLY = "apply_to_first_player"
AFTER_DRAW_DRAWN = "drawn_card_only"
AFTER_DRAW_ANY = "any_card"
CROSS_NONE = "none"
CROSS_PLUS4_ON_PLUS2 = "plus4_on_plus2"
CROSS_BOTH = "both"
ROTATE_WITH = "with_play"
ROTATE_AGAINST = "against_play"
SOLO_AUTO = "auto_penalty"
SOLO_CATCH = "catch"
LAST_NONE = "none"
LAST_RESOLVE_DRAWS = "resolve_draws"
SCORING_BGA = "bga_countdown"
SCORING_MINUS = "minus_points"
SCORING_COLLECT = "winner_collects"
TIE_SHARED = "shared"
TIE_ROUNDS = "most_rounds_won"

OPTION_SPECS: tuple[Option, ...] = (
    Option("hand_size", 8, "Cards dealt to each player (§1.3).", minimum=1, maximum=20),
    Option(
        "first_card_mode",
        FIRST_TURN_UNTIL_NUMBER,
        "An action card turned up first: keep turning until a number shows (2018 edition), or "
        "the first player obeys it as if the dealer had played it (S-1).",
        choices=(FIRST_TURN_UNTIL_NUMBER, FIRST_APPLY),
    ),
    Option(
        "voluntary_draw",
        True,
        "A player may draw instead of playing even when holding a playable card (§1.5).",
    ),
    Option(
        "play_after_draw",
        AFTER_DRAW_DRAWN,
        "After drawing, only the drawn card may be played, or any playable card (S-3).",
        choices=(AFTER_DRAW_DRAWN, AFTER_DRAW_ANY),
    ),
    Option(
        "cross_stack",
        CROSS_NONE,
        "Whether a pending Plus Two may be answered by a Wild Plus Four (plus4_on_plus2), and "
        "also the reverse (both), or each only by its own kind (none) (S-5).",
        choices=(CROSS_NONE, CROSS_PLUS4_ON_PLUS2, CROSS_BOTH),
    ),
    Option(
        "penalty_ends_turn",
        True,
        "A player who takes a draw penalty loses the turn; off: they take a normal turn (S-6).",
    ),
    Option(
        "rotation_moves_hands",
        ROTATE_AGAINST,
        "Swap all round passes every hand one seat against the direction of play (the BGA "
        "help: in clockwise play, cards are swapped counterclockwise), or with it (S-4).",
        choices=(ROTATE_WITH, ROTATE_AGAINST),
    ),
    Option(
        "jump_in",
        True,
        "A player holding a card identical to the one just played may "
        "play it at once, out of turn; the players in between are skipped (§1.7).",
    ),
    Option("jump_in_black", False, "Black cards (W, W+4, WX) may be jumped in too (S-7)."),
    Option(
        "jump_in_numbers_only",
        False,
        "Only number cards may be jumped in (2018 edition, S-7).",
    ),
    Option(
        "jump_in_self",
        False,
        "A player may jump in on the card they just played themselves (S-8).",
    ),
    Option(
        "jump_in_during_penalty",
        True,
        "Jump-in is allowed while a draw penalty is pending; the penalty passes on (S-9).",
    ),
    Option(
        "solo_call_enforcement",
        SOLO_AUTO,
        "A move that leaves its player one card without calling solo ('!'): draw the penalty at "
        "once (auto_penalty, BGA), or be open to a catch ('catch>N') until the next move (catch, "
        "table play; the late call is 'solo') (§1.8).",
        choices=(SOLO_AUTO, SOLO_CATCH),
    ),
    Option(
        "solo_penalty", 2, "Cards drawn for a forgotten solo call (§1.8).", minimum=0, maximum=10
    ),
    Option(
        "last_card_effects",
        LAST_NONE,
        "A Plus Two or Wild Plus Four as the last card: no effect, or the next player draws the "
        "pending cards before scoring (resolve_draws) (S-13).",
        choices=(LAST_NONE, LAST_RESOLVE_DRAWS),
    ),
    Option(
        "triple_plus",
        False,
        "Triple +: three or more number cards of the same value may be played at once, the first "
        "matching the top card, the last becoming the top card (2018 edition, S-14).",
    ),
    Option(
        "scoring",
        SCORING_BGA,
        "bga_countdown: totals start at start_total and lose each hand's points, the match ends "
        "when a total is <= 0, highest wins; minus_points: hand points add up, the match ends at "
        "target_score (500), lowest wins; winner_collects: the round winner scores the others' "
        "points, first to target_score (600) wins (S-15).",
        choices=(SCORING_BGA, SCORING_MINUS, SCORING_COLLECT),
    ),
    Option(
        "start_total",
        500,
        "The starting total of the BGA countdown (S-15).",
        minimum=1,
        maximum=100_000,
    ),
    Option(
        "target_score",
        0,
        "The end threshold of minus_points / winner_collects; 0 means the usual one (500 minus "
        "points, 600 for winner collects) (S-15).",
        minimum=0,
        maximum=100_000,
    ),
    Option(
        "tie_break",
        TIE_SHARED,
        "Equal best totals at the end: share the win, or the one who won more rounds (S-15).",
        choices=(TIE_SHARED, TIE_ROUNDS),
    ),
)

PRESETS: dict[str, dict[str, OptionValue]] = {
    "official": {},
    "2018": {
        "triple_plus": True,
        "jump_in_numbers_only": True,
        "first_card_mode": FIRST_TURN_UNTIL_NUMBER,
        "scoring": SCORING_MINUS,
    },
    "classic": {
        "first_card_mode": FIRST_APPLY,
        "solo_call_enforcement": SOLO_CATCH,
        "scoring": SCORING_MINUS,
    },
}


def check_options(options: dict[str, OptionValue], players: int) -> None:
    """Raise :class:`OptionError` for combinations that make no sense."""
    hand_size = int(options["hand_size"])
    if players * hand_size >= len(deck_kinds()):
        raise OptionError(
            msg(
                "amigo-solo option hand_size: {players} hands of {size} cards leave no card to "
                "turn up from the 112-card deck",
                players=players,
                size=hand_size,
            )
        )
    if options["jump_in_black"] and options["jump_in_numbers_only"]:
        raise OptionError(
            msg("amigo-solo options jump_in_black and jump_in_numbers_only exclude each other")
        )


# TRANSLATORS: the names of the options (the lobby, the rules panel, `solocards rules`),
# and the words of the choices that are internal codes.
OPTION_SPECS = titled(
    OPTION_SPECS,
    {
        "hand_size": text_id("Cards dealt"),
        "first_card_mode": text_id("An action card turned up first"),
        "voluntary_draw": text_id("Draw instead of playing"),
        "play_after_draw": text_id("Play after drawing"),
        "cross_stack": text_id("Answering one plus card with the other"),
        "penalty_ends_turn": text_id("A draw penalty ends the turn"),
        "rotation_moves_hands": text_id("Swap all round moves the hands"),
        "jump_in": text_id("Jump in"),
        "jump_in_black": text_id("Jump in with black cards"),
        "jump_in_numbers_only": text_id("Jump in with number cards only"),
        "jump_in_self": text_id("Jump in on one's own card"),
        "jump_in_during_penalty": text_id("Jump in during a draw penalty"),
        "solo_call_enforcement": text_id("A forgotten solo call"),
        "solo_penalty": text_id("Penalty for a forgotten solo call"),
        "last_card_effects": text_id("A plus card as the last card"),
        "triple_plus": text_id("Triple +"),
        "scoring": text_id("Scoring"),
        "start_total": text_id("Starting total"),
        "target_score": text_id("Target score"),
        "tie_break": text_id("A tie at the end"),
    },
    {
        "first_card_mode": {
            "turn_until_number": text_id("turn until a number shows"),
            "apply_to_first_player": text_id("the first player obeys it"),
        },
        "play_after_draw": {
            "drawn_card_only": text_id("the drawn card only"),
            "any_card": text_id("any playable card"),
        },
        "cross_stack": {
            "none": text_id("none"),
            "plus4_on_plus2": text_id("Plus Four on Plus Two"),
            "both": text_id("both ways"),
        },
        "rotation_moves_hands": {
            "with_play": text_id("with the direction of play"),
            "against_play": text_id("against the direction of play"),
        },
        "solo_call_enforcement": {
            "auto_penalty": text_id("penalty at once"),
            "catch": text_id("open to a catch"),
        },
        "last_card_effects": {
            "none": text_id("no effect"),
            "resolve_draws": text_id("the next player draws"),
        },
        "scoring": {
            "bga_countdown": text_id("countdown (BGA)"),
            "minus_points": text_id("minus points"),
            "winner_collects": text_id("winner collects"),
        },
        "tie_break": {
            "shared": text_id("shared win"),
            "most_rounds_won": text_id("most rounds won"),
        },
    },
)
