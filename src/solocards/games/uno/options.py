"""UNO's options: the official rules by default, every house rule of the rules file as an option.

Names and defaults follow shared/rules/shedding.md §2.8 and §2.9; the UNRESOLVED points U-2,
U-3, U-4, U-6 and U-8 of §5 have their default as the default and the alternative as a value.
"""

from __future__ import annotations

from ...core.messages import text_id
from ...core.options import Option, OptionValue, titled

OPTION_SPECS: tuple[Option, ...] = (
    # §2.8: the official rules
    Option("hand_size", 7, "Cards dealt to each player.", minimum=1, maximum=10),
    Option(
        "two_player_reverse_is_skip",
        True,
        "With two players a Reverse works like a Skip (official).",
    ),
    Option(
        "challenge_wd4",
        True,
        "The victim of a Wild Draw Four may challenge it instead of drawing (official).",
    ),
    Option(
        "uno_enforcement",
        "catch",
        "catch: a player who does not call UNO may be caught until the next player begins; "
        "auto: the penalty is drawn at once.",
        choices=("catch", "auto"),
    ),
    Option("uno_penalty", 2, "Cards drawn for a missed UNO call.", minimum=1, maximum=10),
    Option(
        "scoring",
        "standard",
        "standard: the winner scores the others' cards, the first to the target wins; "
        "alternative: everyone scores their own cards, the lowest total at the target wins.",
        choices=("standard", "alternative"),
    ),
    Option("target_score", 500, "The total that ends the match.", minimum=1, maximum=100_000),
    Option(
        "rounds",
        0,
        "End the match after this many rounds too (0: no limit).",
        minimum=0,
        maximum=1000,
    ),
    Option(
        "tie_break",
        "share",
        "U-6: when the match ends with a tie for the win: share it, or play extra rounds.",
        choices=("share", "extra_round"),
    ),
    # §2.9: house rules, all off by default
    Option("stack_draw2", False, "A Draw Two may be answered with a Draw Two (the total grows)."),
    Option(
        "stack_draw4",
        False,
        "A Wild Draw Four may be answered with a Wild Draw Four (no challenge after a stack).",
    ),
    Option(
        "cross_stack",
        "none",
        "none; d4_on_d2: a Wild Draw Four may answer a Draw Two; both: and a Draw Two of the "
        "named colour may answer a Wild Draw Four.",
        choices=("none", "d4_on_d2", "both"),
    ),
    Option(
        "jump_in",
        False,
        "A player holding the identical card (colour and value, no wilds) may play it out of "
        "turn; play continues from them.",
    ),
    Option(
        "jump_in_pending",
        False,
        "U-8: with jump_in, a Draw Two may be jumped in while its penalty is pending (the "
        "penalty grows and passes to the player after the jumper).",
    ),
    Option(
        "seven_zero",
        False,
        "A 7 swaps hands with another player; a 0 moves all hands one seat in the direction "
        "of play.",
    ),
    Option(
        "seven_zero_target",
        "choose",
        "With seven_zero: the player of a 7 chooses the seat (R7>2), or swaps with the next "
        "player (R7).",
        choices=("choose", "next"),
    ),
    Option(
        "draw_until_playable",
        False,
        "With no playable card, a draw goes on until a playable card turns up.",
    ),
    Option("force_play", False, "A player holding a playable card must play (no drawing)."),
    Option(
        "force_play_drawn",
        False,
        "A playable drawn card must be played (no pass); a Wild Draw Four drawn while holding "
        "the colour in force may be kept (or played as a bluff).",
    ),
    Option(
        "no_wd4_challenge",
        False,
        "No challenges of a Wild Draw Four; the engine then refuses an illegal one.",
    ),
    Option(
        "drop_wd4_legality",
        False,
        "Drop the Wild Draw Four rule: it may be played any time (so there is nothing to "
        "challenge).",
    ),
    Option(
        "reverse_skip_deflect",
        False,
        "A pending Draw Two / Wild Draw Four may be answered with a Reverse (sends it back) or "
        "a Skip (passes it on) of the colour in force.",
    ),
    Option(
        "multi_play_same_number",
        False,
        "Several number cards of one number may be played at once (R7+G7+B7).",
    ),
    Option(
        "strict_uno_call",
        False,
        "UNO may be called only when holding one card: not with the play ('!'), but as the "
        "action uno right after it.",
    ),
    # §5: the UNRESOLVED points
    Option(
        "first_card_reverse",
        "dealer",
        "U-2: a Reverse turned up first: the dealer plays first, or the player to the dealer's "
        "right.",
        choices=("dealer", "right"),
    ),
    Option(
        "first_card_draw_two",
        "skip",
        "U-3: a Draw Two turned up first: the first player draws 2 and is skipped, or only draws.",
        choices=("skip", "draw_only"),
    ),
    Option(
        "challenge_success_turn",
        "play",
        "U-4: after a successful challenge the challenger plays a normal turn, or loses it.",
        choices=("play", "lose"),
    ),
)

HOUSE_RULES_ON: dict[str, OptionValue] = {
    "stack_draw2": True,
    "stack_draw4": True,
    "cross_stack": "both",
    "jump_in": True,
    "jump_in_pending": True,
    "seven_zero": True,
    "draw_until_playable": True,
    "force_play": True,
    "force_play_drawn": True,
    "reverse_skip_deflect": True,
    "multi_play_same_number": True,
}

PRESETS: dict[str, dict[str, OptionValue]] = {
    "official": {},
    "party": {
        "stack_draw2": True,
        "stack_draw4": True,
        "cross_stack": "d4_on_d2",
        "jump_in": True,
        "seven_zero": True,
        "reverse_skip_deflect": True,
    },
    "crazy": dict(HOUSE_RULES_ON),
}
"""official: Mattel's rules; party: stacking, jump-in, 7-0, deflecting; crazy: every house rule."""

# TRANSLATORS: the names of the options (the lobby, the rules panel, `solocards rules`),
# and the words of the choices that are internal codes.
OPTION_SPECS = titled(
    OPTION_SPECS,
    {
        "hand_size": text_id("Cards dealt"),
        "two_player_reverse_is_skip": text_id("Reverse is a Skip with two players"),
        "challenge_wd4": text_id("Challenge a Wild Draw Four"),
        "uno_enforcement": text_id("A missed UNO call"),
        "uno_penalty": text_id("Penalty for a missed UNO call"),
        "scoring": text_id("Scoring"),
        "target_score": text_id("Target score"),
        "rounds": text_id("Rounds at most"),
        "tie_break": text_id("A tie for the win"),
        "stack_draw2": text_id("Stack Draw Two"),
        "stack_draw4": text_id("Stack Wild Draw Four"),
        "cross_stack": text_id("Answering one draw card with the other"),
        "jump_in": text_id("Jump in"),
        "jump_in_pending": text_id("Jump in on a pending Draw Two"),
        "seven_zero": text_id("Seven swaps, zero passes the hands"),
        "seven_zero_target": text_id("Whom a seven swaps with"),
        "draw_until_playable": text_id("Draw until a card can be played"),
        "force_play": text_id("A playable card must be played"),
        "force_play_drawn": text_id("A playable drawn card must be played"),
        "no_wd4_challenge": text_id("No Wild Draw Four challenges"),
        "drop_wd4_legality": text_id("Wild Draw Four at any time"),
        "reverse_skip_deflect": text_id("Deflect a draw with Reverse or Skip"),
        "multi_play_same_number": text_id("Play several cards of one number"),
        "strict_uno_call": text_id("UNO called only with one card"),
        "first_card_reverse": text_id("A Reverse turned up first"),
        "first_card_draw_two": text_id("A Draw Two turned up first"),
        "challenge_success_turn": text_id("After a successful challenge"),
    },
    {
        "uno_enforcement": {
            "catch": text_id("open to a catch"),
            "auto": text_id("penalty at once"),
        },
        "scoring": {
            "standard": text_id("standard"),
            "alternative": text_id("alternative (lowest wins)"),
        },
        "tie_break": {
            "share": text_id("shared win"),
            "extra_round": text_id("extra rounds"),
        },
        "cross_stack": {
            "none": text_id("none"),
            "d4_on_d2": text_id("Draw Four on Draw Two"),
            "both": text_id("both ways"),
        },
        "seven_zero_target": {
            "choose": text_id("the player chooses"),
            "next": text_id("the next player"),
        },
        "first_card_reverse": {
            "dealer": text_id("the dealer plays first"),
            "right": text_id("the player to the dealer's right"),
        },
        "first_card_draw_two": {
            "skip": text_id("draw two and skip"),
            "draw_only": text_id("only draw"),
        },
        "challenge_success_turn": {
            "play": text_id("the challenger plays"),
            "lose": text_id("the challenger loses the turn"),
        },
    },
)
