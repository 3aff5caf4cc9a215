"""Frog's options: the UNRESOLVED points U14-U19 of the rules (trick-taking.md part E).

Each default is the rules file's bold default; each alternative is a value. U17 (the dealer who
takes no cards) is the player count: ``players=4`` seats a dealer who sits out, ``players=5`` a
dealer and the second player to his right who both sit out (§B7).
"""

from __future__ import annotations

from ...core.errors import OptionError
from ...core.messages import msg, text_id
from ...core.options import Option, OptionValue, titled

DEAL_ORDER_SEED = "1-4-8"
DEAL_ORDER_FOSTER = "3-widow-4-4"
ALL_PASS_THROW_IN = "throw_in"
ALL_PASS_SAME_DEALER = "same_dealer"
ALL_PASS_RAMSCH = "ramsch"
MULTIPLIERS = {"1-2-3": (1, 2, 3), "1-2-4": (1, 2, 4)}

OPTION_SPECS: tuple[Option, ...] = (
    Option(
        "deal_order",
        DEAL_ORDER_SEED,
        "U14: how the pack is dealt. 1-4-8: the 1st, 4th and 8th cards to the talon, every "
        "other card one at a time to eldest, middle, dealer (the seed). 3-widow-4-4: three "
        "each, three to the talon, then four each twice (Foster).",
        choices=(DEAL_ORDER_SEED, DEAL_ORDER_FOSTER),
    ),
    Option(
        "all_pass",
        ALL_PASS_THROW_IN,
        "U15: when all pass. throw_in: no payment, the next dealer deals; same_dealer: no "
        "payment, the same dealer deals again; ramsch: a no-trump Ramsch is played and the "
        "player with most card points pays.",
        choices=(ALL_PASS_THROW_IN, ALL_PASS_SAME_DEALER, ALL_PASS_RAMSCH),
    ),
    Option(
        "multipliers",
        "1-2-3",
        "U16: what each card point over or under 60 is worth in Frage / Solo / Heart Solo: "
        "1-2-3 (the seed) or 1-2-4 (Foster, Meyers).",
        choices=tuple(MULTIPLIERS),
    ),
    Option(
        "frage_talon",
        "hidden",
        "U19: whether the opponents see the talon the Frage declarer picks up: hidden or shown. "
        "His three discards stay hidden either way.",
        choices=("hidden", "shown"),
    ),
    Option(
        "second_out",
        "collects",
        "U17 with five players: the second seat out (the second player to the dealer's right, "
        "opposite him) collects on a failure as the dealer does (collects), or neither pays nor "
        "collects (neutral: the clause speaks of the dealer only). Three or four players: no "
        "effect.",
        choices=("collects", "neutral"),
        recorded_at_default=False,
    ),
    Option(
        "target",
        60,
        "U18: the match ends after the first deal in which a player's balance reaches this "
        "many points, with a single highest balance (ties play on).",
        minimum=1,
        maximum=10_000,
    ),
    Option(
        "deals",
        0,
        "U18 alternative: 0 plays to the target; N > 0 plays exactly N deals instead (a "
        "multiple of the player count, so everyone deals equally).",
        minimum=0,
        maximum=120,
    ),
    Option(
        "max_deals",
        60,
        "Safety cap on a match played to the target: it ends after this many deals (thrown-in "
        "deals count), the highest balance winning.",
        minimum=1,
        maximum=1_000,
    ),
)

PRESETS: dict[str, dict[str, OptionValue]] = {
    "official": {option.name: option.default for option in OPTION_SPECS},
    "foster": {"deal_order": DEAL_ORDER_FOSTER, "multipliers": "1-2-4"},
}


def check_options(options: dict[str, OptionValue], players: int) -> None:
    """Raise :class:`OptionError` for option combinations that make no sense."""
    deals = options["deals"]
    if isinstance(deals, int) and deals % players:
        raise OptionError(
            msg(
                "frog option deals: {deals} is not a multiple of the {players} players, so the "
                "deal would not go round evenly (U18: a fixed number of deals, a multiple of the "
                "player count; 0 plays to the target)",
                deals=deals,
                players=players,
            )
        )


# TRANSLATORS: the names of the options (the lobby, the rules panel, `solocards rules`),
# and the words of the choices that are internal codes.
OPTION_SPECS = titled(
    OPTION_SPECS,
    {
        "deal_order": text_id("Deal order"),
        "all_pass": text_id("When all pass"),
        "multipliers": text_id("Multipliers"),
        "frage_talon": text_id("The talon of a Frage"),
        "second_out": text_id("Second seat out with five"),
        "target": text_id("Target"),
        "deals": text_id("Deals"),
        "max_deals": text_id("Deals at most"),
    },
    {
        "deal_order": {
            DEAL_ORDER_SEED: text_id("cards 1, 4 and 8 to the talon"),
            DEAL_ORDER_FOSTER: text_id("three each, three to the talon, four each twice"),
        },
        "all_pass": {
            "throw_in": text_id("thrown in"),
            "same_dealer": text_id("the same dealer again"),
            "ramsch": text_id("Ramsch"),
        },
        "frage_talon": {
            "hidden": text_id("hidden"),
            "shown": text_id("shown"),
        },
        "second_out": {
            "collects": text_id("collects on a failure"),
            "neutral": text_id("neutral"),
        },
    },
)
