"""The ``play`` command: a game in the terminal against bots, with hints at the prompt."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape

from ...analysis import analyse
from ...bots import NO_REACTION
from ...core.bot import Bot
from ...core.errors import SoloError
from ...core.game import Game
from ...games.registry import DEFAULT_GAME
from ...i18n import _, engine_text
from ...records import save
from ...sim.runner import choose_actor
from .. import render
from ..common import (
    GameArg,
    OptionOpt,
    build_bots,
    build_game,
    console,
    fail,
)
from ..lang import LangOpt, help_text, speak

HINT_WORLDS = 200
"""Worlds sampled for a ``hint`` at the prompt (a fraction of a second in every game)."""


def play_help() -> str:
    """How to answer the prompt, in the language."""
    return _(
        "Type the number of a move (or the move itself, as in the list) and press Enter. "
        "'help' shows this again, 'quit' leaves the game."
    )


QUIT_WORDS = ("quit", "q", "exit")
HELP_WORDS = ("help", "h", "?")


class TerminalPlayer:
    """A bot whose choices come from the person at the keyboard."""

    def __init__(self, game: Game, names: list[str]) -> None:
        self.game = game
        self.names = names
        self.seen = 0  # how many log entries were shown already

    def show_log(self, view: dict[str, Any]) -> None:
        log = view.get("log", [])
        for seat, action in log[self.seen :]:
            self.show_entry(seat, action)
        self.seen = len(log)

    def show_entry(self, seat: int, action: str) -> None:
        """One line of the log: who did what."""
        who = render.seat_name(self.names, seat)
        console.print(f"  [dim]{who}:[/] {render.action(self.game, action, self.names)}")

    def show_outcome(self, line: str) -> None:
        """What an action did that its words do not say (an UNO challenge's outcome)."""
        console.print(f"  [bold]{escape(line)}[/]")

    def choose(self, view: dict[str, Any], legal_actions: list[str], rng: random.Random) -> str:
        """Show the table and the numbered moves; read a number or an action string."""
        self.show_log(view)
        name = render.seat_name(self.names, view["seat"])
        console.rule(_("{name}, your move", name=render.bold(name, escaped=True)))
        for line in render.table(self.game, view, self.names):
            console.print(line)
        console.print(_("Your hand: {cards}", cards=render.hand(view["hand"])))
        reacting = NO_REACTION in legal_actions
        if reacting:
            react = _("You may react now, out of turn.")
            console.print(f"[bold cyan]{escape(react)}[/]")
        choices = [a for a in legal_actions if a != NO_REACTION]
        for number, choice in enumerate(choices, 1):
            console.print(f"  [bold]{number:>2}[/]  {render.action(self.game, choice, self.names)}")
        if reacting:
            let_go = _("let it go (no reaction)")
            console.print(f"  [bold] 0[/]  {escape(let_go)}")
        while True:
            try:
                text = console.input("[bold]> [/]").strip()
            except EOFError:
                console.print("\n" + escape(_("Goodbye.")))
                raise typer.Exit(0) from None
            if text.lower() in QUIT_WORDS:
                console.print(escape(_("Goodbye.")))
                raise typer.Exit(0)
            if text.lower() in HELP_WORDS:
                console.print(escape(play_help()))
                continue
            if reacting and text in ("0", ""):
                return NO_REACTION
            if text == "hint":
                self.hint(view, choices)
                continue
            if text.isdigit() and 1 <= int(text) <= len(choices):
                return choices[int(text) - 1]
            if text in choices:
                return text
            console.print(f"[red]{escape(self.explain(view, text, len(choices)))}[/]")

    def hint(self, view: dict[str, Any], choices: list[str]) -> None:
        """Print each move's chance to win the round, from this seat's view only."""
        try:
            analysis = analyse(self.game, view, worlds=HINT_WORLDS, seed=len(view.get("log", [])))
        except SoloError as error:
            reason = _("No hint here: {reason}", reason=render.error(error, self.names))
            console.print(f"[red]{escape(reason)}[/]")
            return
        best = analysis.best.action
        hint = _("Hint from {worlds} worlds you cannot tell apart:", worlds=analysis.worlds)
        console.print(f"[dim]{escape(hint)}[/]")
        for number, choice in enumerate(choices, 1):
            estimate = analysis.of(choice)
            low, high = estimate.ci95
            star = f" [bold green]{escape(_('best'))}[/]" if choice == best else ""
            figures = _(
                "win {win} ({low}-{high}), score {score}",
                win=format(estimate.win, ".0%"),
                low=format(low, ".0%"),
                high=format(high, ".0%"),
                score=format(estimate.score, "+.1f"),
            )
            console.print(
                f"  [bold]{number:>2}[/]  {render.action(self.game, choice, self.names)}: "
                f"{escape(figures)}{star}"
            )

    def explain(self, view: dict[str, Any], text: str, count: int) -> str:
        """Why the typed move is not accepted, in the engine's words where it has them."""
        if not text:
            return _("Type a number from 1 to {count}, the move itself, or hint.", count=count)
        if text.isdigit():
            return _(
                "There is no move {text}; type a number from 1 to {count}.", text=text, count=count
            )
        try:
            self.game.action_id(text)
        except SoloError as error:
            return render.error(error, self.names)
        return _(
            "{text} is not one of your legal moves now; type a number from 1 to {count}.",
            text=text,
            count=count,
        )


def play(
    ctx: typer.Context,
    game_id: GameArg = DEFAULT_GAME,
    players: Annotated[int | None, typer.Option(help=help_text("Number of players."))] = None,
    bots: Annotated[
        str | None,
        typer.Option(
            help=help_text("Bot kind for the other seats (default: the game's heuristic bot).")
        ),
    ] = None,
    seat: Annotated[int, typer.Option(help=help_text("Your seat."))] = 0,
    seed: Annotated[int | None, typer.Option(help=help_text("Seed of the match."))] = None,
    option: OptionOpt = None,
    save_to: Annotated[
        Path | None, typer.Option("--save", help=help_text("Save the record here."))
    ] = None,
    lang: LangOpt = None,
) -> None:
    """Play a game in the terminal against bots."""
    speak(ctx, lang)
    game = build_game(game_id, players, option)
    if not 0 <= seat < game.players:
        raise fail(_("--seat must be 0..{last}", last=game.players - 1))
    kind = bots or ("heuristic" if game.info.has_heuristic else "random")
    names = [render.bot_name(s, kind) for s in range(game.players)]
    names[seat] = _("You")
    others = build_bots(game, [kind] * game.players)
    human = TerminalPlayer(game, names)
    seats: list[Bot] = [human if s == seat else others[s] for s in range(game.players)]
    match = game.match(seed=seed, names=names)
    rngs = [random.Random(match.seed + s) for s in range(game.players)]
    console.print(
        _(
            "{title} — {players} players, seed {seed}.",
            title=render.bold(engine_text(game.title)),
            players=game.players,
            seed=match.seed,
        )
    )
    console.print(escape(_("Seats: {names}.", names=", ".join(names))))
    console.print(escape(play_help()))
    rounds_seen = 0
    while not match.is_over:
        state = match.state
        acting_seat, action = choose_actor(state, seats, rngs)
        before = state.view(None)
        match.apply(acting_seat, action)
        outcome = game.outcome_message(action, before, state.view(None), names)
        if outcome is not None:
            human.show_log(state.view(seat))
            human.show_outcome(render.named(outcome, names))
        if len(match.results) > rounds_seen:
            rounds_seen = len(match.results)
            human.show_log(state.view(seat))  # the finished round's last moves
            human.seen = 0
            if game.info.counts_deals:  # the trick games count deals, as the browser does
                console.rule(_("End of deal {number}", number=rounds_seen))
            else:
                console.rule(_("End of round {number}", number=rounds_seen))
            for line in render.round_summary(game, names, match.results[-1]):
                console.print(line)
            totals = ", ".join(f"{names[s]} {t}" for s, t in enumerate(match.totals))
            console.print(escape(_("Totals: {totals}", totals=totals)))
    winners = ", ".join(names[w] for w in match.winners)
    console.print(
        render.styled(_("Match over."), "bold green")
        + " "
        + escape(_("Winner: {names}", names=winners))
    )
    if save_to is not None:
        save(save_to, match.record())
        console.print(escape(_("Record saved to {path}", path=str(save_to))))


def register(app: typer.Typer) -> None:
    """Add the command to the ``solocards`` app."""
    app.command(help=help_text("Play a game in the terminal against bots."))(play)
