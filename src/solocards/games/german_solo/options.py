"""The options of German Solo: the UNRESOLVED points of the rules file (part E, U1-U13), each
with the project's default, plus the stake, the reservation privilege and the match length.

Part E names only ``couleur``; the other names are ours, one per point, listed in the table of
``docs/german-solo.md``.
"""

from __future__ import annotations

from ...core.errors import OptionError
from ...core.messages import msg, text_id
from ...core.options import Option, OptionValue, titled

DEAL_TURNS = 2
"""How many times each player deals in a match of deals by default (``deals`` is this many
times the player count: 8 for four players)."""

OPTIONS: tuple[Option, ...] = (
    Option(
        "couleur",
        "clubs",
        "U1: the preference suit: clubs for the whole match, or the trump suit of the first "
        "game a declaring side wins (until then there are no couleur levels)",
        choices=("clubs", "first_won"),
    ),
    Option(
        "couleur_upgrade",
        False,
        "U2: a contract bid 'in suit' may name the couleur suit as trump and is then valued in "
        "couleur (default: strict, in-suit contracts name another suit)",
    ),
    Option(
        "call_trump_ace",
        False,
        "U3: the declarer may call the Ace (or King) of the trump suit",
    ),
    Option(
        "called_card_lead",
        False,
        "U4: the holder of the called card must also lead it the first time he is on lead",
    ),
    Option(
        "forced_upgrade",
        False,
        "U5: the Spadilla holder forced into a forcée simple may bid a game instead of calling",
    ),
    Option(
        "matador_price",
        "one_for_three",
        "U6: the three higher matadores count one chip together (one_for_three) or one each "
        "(one_each), plus one per lower matador",
        choices=("one_for_three", "one_each"),
    ),
    Option(
        "defender_matadores",
        False,
        "U7: the matador price also counts when the defenders hold all three higher matadores",
    ),
    Option(
        "couleur_matadores",
        False,
        "U8: the matador price is doubled in couleur",
    ),
    Option(
        "tout_choice",
        "declarer",
        "U9: who may lead on to an incidental tout after the first five tricks: the declarer "
        "only, or either declaring-side player on lead",
        choices=("declarer", "side"),
    ),
    Option(
        "bete",
        "any_alone",
        "U10: the declarer of a lost alone game pays a béte: any alone game, or only one in "
        "couleur",
        choices=("any_alone", "couleur_alone"),
    ),
    Option(
        "bete_size",
        "pool",
        "U11: a béte is min(pool, 16), or min(game value, 16)",
        choices=("pool", "value"),
    ),
    Option(
        "stamm",
        "pool",
        "U11: a won alone game in couleur draws min(pool, 16), or 16 only when the pool holds 16",
        choices=("pool", "full_only"),
    ),
    Option(
        "match_end",
        "deals",
        "U12: the match ends after a number of deals, or once a player's chips reach a target",
        choices=("deals", "target"),
    ),
    Option(
        "deals",
        8,
        "U12: the number of deals of a match (with match_end=deals): a multiple of the player "
        "count, so that everyone deals equally often; by default each player deals twice "
        "(6, 8 or 10 deals for 3, 4 or 5 players)",
        minimum=3,
        maximum=400,
        stored_minimum=1,  # any number from 1 until the multiples (see check_options)
    ),
    Option(
        "target",
        50,
        "U12: the chip balance that ends the match (with match_end=target)",
        minimum=1,
        maximum=10_000,
    ),
    Option(
        "max_deals",
        100,
        "U12: the most deals a match to a target lasts; then the best balance wins",
        minimum=1,
        maximum=10_000,
    ),
    Option(
        "pool_leftover",
        "report",
        "U12: the chips left in the pool at the end of the match are reported, or split "
        "equally among the players (a remainder stays in the pool)",
        choices=("report", "split"),
    ),
    Option(
        "fp_alone",
        True,
        "U13: the forcée-partout declarer may play alone (valued as a solo) instead of calling",
    ),
    Option(
        "double_queen_pass",
        "illegal",
        "rule 7: a holder of Spadilla and Basta may not pass below solo (illegal), or may, and "
        "then pays a béte of min(pool, 16) into the pool and the same dealer deals again "
        "(forfeit, the seed's own form)",
        choices=("illegal", "forfeit"),
    ),
    Option(
        "partner_share",
        "two_to_one",
        "five players: how a declarer and partner share what the three defenders pay (or pay "
        "it): two_to_one, two shares to the declarer and one to the partner (Quintille's first "
        "method); halves, half each with an odd chip to the declarer (the later Quintille and "
        "the Encyclopédie)",
        choices=("two_to_one", "halves"),
        recorded_at_default=False,
    ),
    Option(
        "stake",
        2,
        "the chips the dealer puts into the pool before each deal",
        minimum=0,
        maximum=16,
    ),
    Option(
        "reservation",
        True,
        "the matador privilege: Spadilla, Manilla and Basta need not follow a lower trump lead",
    ),
)

PRESETS: dict[str, dict[str, OptionValue]] = {
    "official": {},
    "parlett": {"couleur": "first_won", "tout_choice": "side"},
}
"""Named option sets: the project's defaults, and Parlett's reading."""


def check_options(options: dict[str, OptionValue], players: int, stored: bool = False) -> None:
    """Raise :class:`OptionError` for option combinations that make no sense: a match of
    deals whose deal would not go round evenly.

    ``stored``: the options of a stored match (a record replayed, a server's table rebuilt).
    Until the deals of a match became a multiple of the player count, German Solo took any
    number of deals from 1 to 400, and 8 by default at every player count; a match stored then
    (three or five players with 8 deals, four with 2) replays as it was played, ending after
    its number of deals. Only new matches must go round evenly.

    >>> check_options({"match_end": "deals", "deals": 8}, 3)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    solocards.core.errors.OptionError: german-solo option deals: 8 is not a multiple of the 3 ...
    >>> check_options({"match_end": "target", "deals": 8}, 3)
    >>> check_options({"match_end": "deals", "deals": 8}, 3, stored=True)
    """
    if stored:
        return
    deals = options["deals"]
    if options["match_end"] == "deals" and isinstance(deals, int) and deals % players:
        raise OptionError(
            msg(
                "german-solo option deals: {deals} is not a multiple of the {players} players, "
                "so the deal would not go round evenly (U12: a multiple of the player count, "
                "{examples} ...)",
                deals=deals,
                players=players,
                examples=", ".join(str(players * k) for k in (2, 3, 4)),
            )
        )


# TRANSLATORS: the names of the options (the lobby, the rules panel, `solocards rules`),
# and the words of the choices that are internal codes.
OPTIONS = titled(
    OPTIONS,
    {
        "couleur": text_id("Couleur"),
        "couleur_upgrade": text_id("Couleur named as trump"),
        "call_trump_ace": text_id("Call the trump Ace"),
        "called_card_lead": text_id("The called card must be led"),
        "forced_upgrade": text_id("A forcée simple may become a game"),
        "matador_price": text_id("Matador price"),
        "defender_matadores": text_id("Matadores of the defenders"),
        "couleur_matadores": text_id("Matadores doubled in couleur"),
        "tout_choice": text_id("Who may go on to tout"),
        "bete": text_id("Bête"),
        "bete_size": text_id("Size of a bête"),
        "stamm": text_id("Stamm"),
        "match_end": text_id("End of the match"),
        "deals": text_id("Deals"),
        "target": text_id("Target"),
        "max_deals": text_id("Deals at most"),
        "pool_leftover": text_id("Chips left in the pool"),
        "fp_alone": text_id("Forcée partout alone"),
        "double_queen_pass": text_id("Passing with Spadille and Basta"),
        "partner_share": text_id("Partner's share with five"),
        "stake": text_id("Stake"),
        "reservation": text_id("Matador privilege"),
    },
    {
        "couleur": {
            "clubs": text_id("clubs"),
            "first_won": text_id("the first won game's trump"),
        },
        "matador_price": {
            "one_for_three": text_id("one for the three"),
            "one_each": text_id("one each"),
        },
        "tout_choice": {
            "declarer": text_id("the declarer only"),
            "side": text_id("either player of the side"),
        },
        "bete": {
            "any_alone": text_id("any alone game"),
            "couleur_alone": text_id("alone in couleur only"),
        },
        "bete_size": {
            "pool": text_id("the pool"),
            "value": text_id("the game value"),
        },
        "stamm": {
            "pool": text_id("from the pool"),
            "full_only": text_id("only a full pool"),
        },
        "match_end": {
            "deals": text_id("after a number of deals"),
            "target": text_id("at a target"),
        },
        "pool_leftover": {
            "report": text_id("reported"),
            "split": text_id("split equally"),
        },
        "double_queen_pass": {
            "illegal": text_id("not allowed"),
            "forfeit": text_id("allowed, paying a bête"),
        },
        "partner_share": {
            "two_to_one": text_id("two to one"),
            "halves": text_id("half each, the odd chip to the declarer"),
        },
    },
)
