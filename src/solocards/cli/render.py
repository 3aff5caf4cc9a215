"""How cards, actions and tables look in the terminal (Rich markup), in the chosen language."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from rich.markup import escape

from ..core.game import Game, View
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
    """One card in colour: ``R7`` red, ``W+4`` magenta, ``QH`` as Q♥ in red."""
    match = TRICK_CARD.match(text)
    if match:
        symbol, style = SUITS[match.group(2)]
        return f"[{style}]{match.group(1)}{symbol}[/]"
    if text[:1] in SHEDDING_COLOURS:
        return f"[{SHEDDING_COLOURS[text[0]]}]{escape(text)}[/]"
    if text.startswith("W"):
        return f"[bold magenta]{escape(text)}[/]"
    return escape(text)


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
    return "  ".join(card(c) for c in cards) if cards else f"[dim]{escape(_('(empty)'))}[/]"


def seat_name(names: list[str], seat: int | None) -> str:
    """A seat's display name."""
    return escape(_("spectator")) if seat is None else escape(names[seat])


def table(game: Game, view: View) -> list[str]:
    """The public table of a view, line by line, in the language (markup escaped)."""
    return [escape(render(line)) for line in game.table_messages(view)]


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
    lines = [escape(render(line)) for line in game.result_messages(result, names)]
    return [*lines, result_line(game, names, result)]
