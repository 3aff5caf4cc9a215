"""How cards, actions and tables look in the terminal (Rich markup), in the chosen language."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from rich.markup import escape

from ..core.game import Game, View
from ..core.messages import Joined, Message
from ..core.ranks import card_face
from ..i18n import _, render

SHEDDING_COLOURS = {"R": "bold red", "Y": "bold yellow", "G": "bold green", "B": "bold blue"}
SUITS = {
    "C": ("♣", "bold white"),
    "S": ("♠", "bold white"),
    "H": ("♥", "bold red"),
    "D": ("♦", "bold red"),
}
TRICK_CARD = re.compile(r"^([6789TJQKA])([CDHS])$")
TRICK_IN_TEXT = re.compile(r"\b([6789TJQKA])([CDHS])\b")


def styled(text: str, style: str, escaped: bool = False) -> str:
    """``text`` in a Rich style (escaped unless it is markup already).

    >>> styled("R7", "bold red")
    '[bold red]R7[/]'
    """
    return f"[{style}]{text if escaped else escape(text)}[/]"


def bold(text: str, escaped: bool = False) -> str:
    """``text`` in bold (escaped unless it is markup already)."""
    return styled(text, "bold", escaped)


def card(text: str) -> str:
    """One card in colour: ``R7`` red, ``W+4`` magenta, ``QH`` as Q♥ in red (its rank letter
    in the language: Д♥ in Russian), ``TH`` as 10♥."""
    match = TRICK_CARD.match(text)
    if match:
        symbol, style = SUITS[match.group(2)]
        return f"[{style}]{escape(render(card_face(match.group(1), symbol)))}[/]"
    if text[:1] in SHEDDING_COLOURS:
        return f"[{SHEDDING_COLOURS[text[0]]}]{escape(text)}[/]"
    if text.startswith("W"):
        return f"[bold magenta]{escape(text)}[/]"
    return escape(text)


def named(message: Message | Joined | str, names: Sequence[object] | None = None) -> str:
    """An engine message in the language, each player it names by seat (``seat 2``) named as
    the seat list names them (``Bot 3``), so one player has one name on every line.

    >>> from solocards.core.messages import msg, seat_message
    >>> named(msg("catches {player}", player=seat_message(1)), ["You", "Bot 2"])
    'catches Bot 2'
    >>> named(msg("catches {player}", player=seat_message(1)))
    'catches seat 1'
    """
    return render(message, names=names or None)


def error(error: BaseException, names: Sequence[object] | None = None) -> str:
    """The message of an error in the language, players named by ``names`` (see
    :func:`solocards.i18n.render_error`)."""
    if len(error.args) == 1 and isinstance(error.args[0], Message | Joined):
        return named(error.args[0], names)
    return str(error)


def action(game: Game, text: str, names: Sequence[object] | None = None) -> str:
    """An action in words, with the cards in it coloured; the players it names by ``names``."""
    words = render(game.action_message(text), names=names)
    if words != text:
        return f"{escape(words)} [dim]({escape(text)})[/]"
    head, sep, rest = text.partition(":")
    if TRICK_CARD.match(rest):
        return f"{escape(head)}{sep}{card(rest)}"
    base = re.split(r"(?=[:>!])", text, maxsplit=1)
    if base[0] and (base[0][0] in SHEDDING_COLOURS or base[0][0] == "W"):
        parts = base[0].split("+") if "+" in base[0][1:] and base[0][0] != "W" else [base[0]]
        tail = escape(base[1]) if len(base) > 1 else ""
        return "+".join(card(part) for part in parts) + tail
    return escape(text)


def hand(cards: list[str]) -> str:
    """A hand, cards in colour, in the order given (views give hands sorted)."""
    return "  ".join(card(c) for c in cards) if cards else styled(_("(empty)"), "dim")


def bot_name(seat: int, kind: str) -> str:
    """A bot's name, numbered from 1 as in the browser, with its kind in words.

    >>> bot_name(1, "heuristic"), bot_name(2, "ismcts:iterations=50")
    ('Bot 2 (heuristic)', 'Bot 3 (ismcts:iterations=50)')
    """
    number = seat + 1
    if kind == "heuristic":
        return _("Bot {number} (heuristic)", number=number)
    if kind == "random":
        return _("Bot {number} (random)", number=number)
    # TRANSLATORS: a bot of another kind; {kind} is its spec as typed (ismcts:iterations=200).
    return _("Bot {number} ({kind})", number=number, kind=kind)


def seat_name(names: list[str], seat: int | None) -> str:
    """A seat's display name."""
    return escape(_("spectator")) if seat is None else escape(names[seat])


def table(game: Game, view: View, names: list[str] | None = None) -> list[str]:
    """The public table of a view, line by line, in the language, players named by ``names``
    (markup escaped)."""
    return [escape(named(line, names)) for line in game.table_messages(view)]


def result_line(game: Game, names: list[str], result: dict[str, Any]) -> str:
    """One line: who won the round and each seat's score."""
    winners = ", ".join(names[w] for w in result.get("winners", [])) or _("nobody")
    scores = ", ".join(f"{names[s]} {score:+d}" for s, score in enumerate(result["scores"]))
    return _(
        "Round won by {winners}. Scores: {scores}",
        winners=bold(winners),
        scores=escape(scores),
    )


def round_summary(game: Game, names: list[str], result: dict[str, Any]) -> list[str]:
    """The end of a round as the game tells it: the contract and its outcome, the card points
    or tricks, the payments; then :func:`result_line` (markup escaped)."""
    lines = [escape(named(line, names)) for line in game.result_messages(result, names)]
    return [*lines, result_line(game, names, result)]
