"""The ``solocards`` commands.

- ``solocards play uno`` — a game in the terminal against bots.
- ``solocards simulate uno -n 10000 --players 4 --option stack_draw2=true`` — bots play rounds.
- ``solocards tournament uno --bots heuristic,ismcts,random -n 2000`` — rate bots by duplicate play.
- ``solocards selfplay uno --bots heuristic -n 10000 --out data/`` — training data in .npz shards.
- ``solocards lab uno --vary stack_draw2=false,true -n 2000`` — what a house rule does, measured.
- ``solocards replay FILE [--step N]`` — check a record and print its rounds.
- ``solocards rules uno`` — the options with their defaults and one line each.
"""

from __future__ import annotations

import json
import random
import time
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from .. import replay as replay_record
from ..analysis import analyse
from ..analysis.review import chart as review_chart
from ..analysis.review import review as review_record
from ..bots import NO_REACTION, make_bot
from ..core.bot import Bot
from ..core.errors import SoloError
from ..core.game import Game
from ..core.options import Option
from ..games.registry import DEFAULT_GAME, game_class, games, make
from ..i18n import _, engine_text, render_error, use_language
from ..i18n import render as render_message
from ..records import load, save
from ..sim.backends import auto_chunk_size
from ..sim.runner import choose_actor
from ..sim.tournament import split_bot_specs
from . import render
from .batch import (
    ChunkOpt,
    RayOpt,
    ResumeOpt,
    backend_for,
    close_backend,
    stream_file,
)
from .crash import DEBUG_KEY, DEBUG_VARIABLE, CommandGroup
from .lang import LangOpt, choose_language, help_text, speak

app = typer.Typer(
    cls=CommandGroup,
    help=help_text(
        "Exact rules engines for the card games called Solo: play, simulate, replay, rules."
    ),
    no_args_is_help=True,
    add_completion=False,
)
console = Console(highlight=False)
err = Console(stderr=True, highlight=False)


DebugOpt = Annotated[
    bool,
    typer.Option(
        "--debug",
        help=help_text(
            "Show the traceback of an unexpected error (as {variable}=1 does) instead of one line.",
            variable=DEBUG_VARIABLE,
        ),
    ),
]


@app.callback()
def choose_output_language(
    ctx: typer.Context, lang: LangOpt = None, debug: DebugOpt = False
) -> None:
    """Speak the language of ``--lang`` (before the command) or of the environment;
    ``--debug`` lets an unexpected error through with its traceback (:mod:`.crash`)."""
    ctx.meta[DEBUG_KEY] = debug
    try:
        language = choose_language(lang)
    except SoloError as error:
        raise fail(render_error(error)) from None
    ctx.with_resource(use_language(language))


GameArg = Annotated[
    str, typer.Argument(help=help_text("The game: {games}.", games=", ".join(games())))
]
OptionOpt = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", help=help_text("A rule option as key=value (repeatable).")),
]


def fail(message: str) -> typer.Exit:
    """Print an error in words and return the exit to raise."""
    label = _("error:")  # a message outside the f-string, where pybabel finds it
    err.print(f"[bold red]{escape(label)}[/] {escape(message)}")
    return typer.Exit(2)


def parse_options(game_id: str, pairs: list[str] | None) -> dict[str, Any]:
    """``["stack_draw2=true", "hand_size=5"]`` as checked option values of the game."""
    specs = {spec.name: spec for spec in game_class(game_id).option_specs}
    options: dict[str, Any] = {}
    for pair in pairs or []:
        key, sep, value = pair.partition("=")
        if not sep:
            raise fail(
                _("option {pair} is not key=value (for example stack_draw2=true)", pair=repr(pair))
            )
        if key not in specs:
            raise fail(
                _(
                    "{game} has no option {key}; valid options: {options}",
                    game=game_id,
                    key=repr(key),
                    options=", ".join(specs),
                )
            )
        try:
            options[key] = specs[key].parse(game_id, value)
        except SoloError as error:
            raise fail(render_error(error)) from None
    return options


def build_game(game_id: str, players: int | None, pairs: list[str] | None) -> Game:
    """Make the game or exit with the engine's message."""
    try:
        game_class(game_id)
        return make(game_id, players=players, **parse_options(game_id, pairs))
    except SoloError as error:
        raise fail(render_error(error)) from None


def build_bots(game: Game, specs: list[str]) -> list[Bot]:
    """One bot per spec, or exit with the registry's message."""
    try:
        return [make_bot(spec, game) for spec in specs]
    except SoloError as error:
        raise fail(render_error(error)) from None


# -- play ---------------------------------------------------------------------------------------

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


@app.command(help=help_text("Play a game in the terminal against bots."))
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


# -- simulate -----------------------------------------------------------------------------------


@app.command(
    help=help_text(
        "Bots play N rounds: win rates per seat, mean round length, decisions per second."
    )
)
def simulate(
    game_id: GameArg,
    n: Annotated[int, typer.Option("-n", help=help_text("Number of rounds to play."))] = 1000,
    players: Annotated[int | None, typer.Option(help=help_text("Number of players."))] = None,
    bots: Annotated[
        str, typer.Option(help=help_text("Bot kinds, comma-separated, one per seat or one."))
    ] = ("random"),
    seed: Annotated[int, typer.Option(help=help_text("First seed; round i uses seed + i."))] = 0,
    option: OptionOpt = None,
    jobs: Annotated[int, typer.Option(help=help_text("Worker processes (0: every core)."))] = 1,
    ray: RayOpt = None,
    chunk_size: ChunkOpt = None,
    out: Annotated[
        Path | None,
        typer.Option(help=help_text("JSONL file receiving every chunk's figures as it ends.")),
    ] = None,
    resume: ResumeOpt = False,
) -> None:
    """Bots play N rounds: win rates per seat, mean round length, decisions per second."""
    from ..sim.backends import Chunk
    from ..sim.progress import rounds_progress
    from ..sim.simulation import DEFAULT_CHUNK, SimulationStats, run_simulation
    from ..sim.stream import stored_run

    game = build_game(game_id, players, option)
    specs = bots.split(",")
    if len(specs) == 1:
        specs *= game.players
    if len(specs) != game.players:
        raise fail(_("{bots} bots for {seats} seats", bots=len(specs), seats=game.players))
    build_bots(game, specs)
    if n < 1:
        raise fail(_("-n must be at least 1 round, not {n}", n=n))
    try:
        path = stream_file(out, resume)
        backend = backend_for(jobs, ray)
    except SoloError as error:
        raise fail(render_error(error)) from None
    try:
        stored = stored_run(path) if resume and path is not None else None
        if chunk_size is None and stored is not None:
            chunk_size = int(stored.get("chunk_size", DEFAULT_CHUNK))
        size = chunk_size or auto_chunk_size(n, backend.workers, DEFAULT_CHUNK)
        played_now = SimulationStats(game.players)  # the rates leave resumed chunks out

        def count(chunk: Chunk, result: dict[str, Any], worker: dict[str, Any]) -> None:
            played_now.add(SimulationStats.from_dict(result))

        started = time.perf_counter()
        with rounds_progress(err, game.id, total=n) as advance:
            stats = run_simulation(
                game,
                specs,
                n,
                seed,
                backend=backend,
                chunk_size=size,
                out=path,
                resume=resume,
                progress=advance,
                on_chunk=count,
            )
        elapsed = max(time.perf_counter() - started, 1e-9)
    except SoloError as error:
        raise fail(render_error(error)) from None
    finally:
        close_backend(backend)
    table = Table(
        title=_("{game}, {players} players, {n} rounds", game=game.id, players=game.players, n=n)
    )
    for column in (_("seat"), _("bot"), _("win rate"), _("mean score")):
        table.add_column(column, justify="right")
    for s in range(game.players):
        table.add_row(str(s), specs[s], f"{stats.wins[s] / n:.1%}", f"{stats.scores[s] / n:.2f}")
    console.print(table)
    length = _(
        "mean round length: {decisions} decisions", decisions=format(stats.decisions / n, ".1f")
    )
    if played_now.rounds:
        speed = _(
            "{decisions} decisions/s, {rounds} rounds/s",
            decisions=format(played_now.decisions / elapsed, ",.0f"),
            rounds=format(played_now.rounds / elapsed, ",.1f"),
        )
    else:
        speed = _("every round was resumed from the file")
    parts = [length, speed]
    if stats.rounds_without_winner:
        parts.append(_("{n} rounds without a winner", n=stats.rounds_without_winner))
    console.print(escape("; ".join(parts)))


# -- tournament ---------------------------------------------------------------------------------


@app.command(
    help=help_text(
        "Duplicate tournament: the same deals with the bots in every seat order; rates, "
        "ratings.\n\nEvery chunk of deals streams to chunks.jsonl in the output folder as it "
        "ends; --resume continues a run from there."
    )
)
def tournament(
    ctx: typer.Context,
    game_id: GameArg,
    bots: Annotated[
        str,
        typer.Option(
            help=help_text("Bot specs, comma-separated (ismcts:iterations=200,c=0.5 is one).")
        ),
    ] = "heuristic,ismcts,random",
    n: Annotated[
        int, typer.Option("-n", help=help_text("Rounds in all (whole deals x seat orders)."))
    ] = 2000,
    players: Annotated[int | None, typer.Option(help=help_text("Number of players."))] = None,
    jobs: Annotated[int, typer.Option(help=help_text("Worker processes (0: every core)."))] = 0,
    seed: Annotated[int, typer.Option(help=help_text("Seed of the deals and the bots."))] = 0,
    option: OptionOpt = None,
    json_out: Annotated[
        bool, typer.Option("--json", help=help_text("Print the summary as JSON."))
    ] = False,
    out: Annotated[
        Path | None, typer.Option(help=help_text("Folder for records, summary, plot."))
    ] = None,
    ray: RayOpt = None,
    chunk_size: ChunkOpt = None,
    resume: ResumeOpt = False,
    lang: LangOpt = None,
) -> None:
    """Duplicate tournament: the same deals with the bots in every seat order; rates, ratings.

    Every chunk of deals streams to chunks.jsonl in the output folder as it ends; --resume
    continues a run from there.
    """
    speak(ctx, lang)
    from ..sim.report import run_and_report

    game = build_game(game_id, players, option)
    try:
        backend = backend_for(jobs, ray)
    except SoloError as error:
        raise fail(render_error(error)) from None
    try:
        run_and_report(
            game,
            bots,
            n,
            backend=backend,
            chunk_rounds=chunk_size,
            resume=resume,
            seed=seed,
            out=out,
            as_json=json_out,
            console=console,
            err=err,
        )
    except SoloError as error:
        raise fail(render_error(error)) from None
    finally:
        close_backend(backend)


# -- selfplay -----------------------------------------------------------------------------------


@app.command(
    help=help_text(
        "Self-play data: observation, action, legal-mask and reward arrays in .npz shards."
    )
)
def selfplay(
    game_id: GameArg,
    out: Annotated[
        Path, typer.Option(help=help_text("Folder for the .npz shards and shards.jsonl."))
    ],
    bots: Annotated[
        str, typer.Option(help=help_text("Bot specs, comma-separated, one per seat or one."))
    ] = ("heuristic"),
    n: Annotated[int, typer.Option("-n", help=help_text("Number of rounds to play."))] = 1000,
    players: Annotated[int | None, typer.Option(help=help_text("Number of players."))] = None,
    seed: Annotated[int, typer.Option(help=help_text("First seed; round i uses seed + i."))] = 0,
    reward: Annotated[
        str, typer.Option(help=help_text("Reward per round: win (+1/-1) or score."))
    ] = "win",
    option: OptionOpt = None,
    jobs: Annotated[int, typer.Option(help=help_text("Worker processes (0: every core)."))] = 1,
    ray: RayOpt = None,
    chunk_size: Annotated[
        int | None,
        typer.Option("--chunk-size", min=1, help=help_text("Rounds per shard (default 100).")),
    ] = None,
    resume: ResumeOpt = False,
) -> None:
    """Self-play data: observation, action, legal-mask and reward arrays in .npz shards."""
    try:
        from ..sim.selfplay import DEFAULT_CHUNK, run_selfplay
    except ImportError as error:
        raise fail(
            _("selfplay needs numpy: pip install solocards[rl] ({error})", error=str(error))
        ) from None
    from ..sim.progress import rounds_progress

    game = build_game(game_id, players, option)
    specs = split_bot_specs(bots)
    if len(specs) == 1:
        specs *= game.players
    try:
        backend = backend_for(jobs, ray)
    except SoloError as error:
        raise fail(render_error(error)) from None
    try:
        with rounds_progress(err, _("{game} self-play", game=game.id), total=n) as advance:
            shards = run_selfplay(
                game,
                specs,
                n,
                out,
                seed,
                reward=reward,
                backend=backend,
                chunk_size=chunk_size or DEFAULT_CHUNK,
                resume=resume,
                progress=advance,
            )
    except (SoloError, ValueError) as error:
        raise fail(render_error(error)) from None
    finally:
        close_backend(backend)
    console.print(
        escape(
            _(
                "{n} rounds in {shards} shards in {folder}/",
                n=n,
                shards=len(shards),
                folder=str(out),
            )
        )
    )


# -- lab ------------------------------------------------------------------------------------------


@app.command(
    help=help_text(
        "Rule variants on the same deals: round length, seat advantage, skill, luck, events."
    )
)
def lab(
    game_id: GameArg,
    vary: Annotated[
        list[str] | None,
        typer.Option(
            help=help_text("An option and its values, OPTION=V1,V2 (repeatable: cross product).")
        ),
    ] = None,
    preset: Annotated[
        str | None,
        typer.Option(help=help_text("Presets to compare, comma-separated (an axis of its own).")),
    ] = None,
    players: Annotated[int | None, typer.Option(help=help_text("Number of players."))] = None,
    bots: Annotated[
        str,
        typer.Option(
            help=help_text("Bot specs, comma-separated; the first is the one skill_share follows.")
        ),
    ] = "random",
    n: Annotated[
        int, typer.Option("-n", help=help_text("Rounds per variant (whole deals x seatings)."))
    ] = 1000,
    seed: Annotated[int, typer.Option(help=help_text("Seed of the deals and the bots."))] = 0,
    jobs: Annotated[int, typer.Option(help=help_text("Worker processes (0: every core)."))] = 0,
    option: OptionOpt = None,
    ray: RayOpt = None,
    json_out: Annotated[
        bool, typer.Option("--json", help=help_text("Print the summary as JSON."))
    ] = False,
    report: Annotated[
        Path | None,
        typer.Option(help=help_text("Folder for report.json/.md/.html, plots and records.")),
    ] = None,
) -> None:
    """Rule variants on the same deals: round length, seat advantage, skill, luck, events."""
    from ..lab.cli import run_lab_command

    try:
        run_lab_command(
            game_id,
            vary=vary or [],
            presets=(preset or "").split(",") if preset else [],
            players=players,
            base_options=parse_options(game_id, option) if _known_game(game_id) else {},
            bots=bots,
            rounds=n,
            seed=seed,
            jobs=jobs,
            ray=ray,
            as_json=json_out,
            report=report,
            console=console,
            err=err,
        )
    except SoloError as error:
        raise fail(render_error(error)) from None
    except OSError as error:
        raise fail(
            _(
                "cannot write the report to {path}: {reason}",
                path=str(report),
                reason=error.strerror or str(error),
            )
        ) from None


def _known_game(game_id: str) -> bool:
    try:
        game_class(game_id)
    except SoloError as error:
        raise fail(render_error(error)) from None
    return True


# -- replay -------------------------------------------------------------------------------------


@app.command(
    name="replay",
    help=help_text(
        "Check a record (every action must be legal where it stands) and print its rounds."
    ),
)
def replay_command(
    file: Annotated[Path, typer.Argument(help=help_text("A .json or .jsonl record file."))],
    step: Annotated[
        int | None, typer.Option(help=help_text("Show the state after this many actions."))
    ] = None,
    index: Annotated[
        int, typer.Option(help=help_text("Which record of a .jsonl file (from 0)."))
    ] = 0,
) -> None:
    """Check a record (every action must be legal where it stands) and print its rounds."""
    try:
        records = load(file)
        if not 0 <= index < len(records):
            raise fail(
                _(
                    "{file} holds {n} records; --index must be below that",
                    file=str(file),
                    n=len(records),
                )
            )
        record = records[index]
        match = replay_record(record, upto=step)
    except SoloError as error:
        raise fail(render_error(error)) from None
    game = match.game
    names = match.names
    nothing_changed = _("none")
    console.print(
        _(
            "{title}, {players} players, seed {seed}; options changed: {changed}",
            title=render.bold(engine_text(game.title)),
            players=game.players,
            seed=match.seed,
            changed=escape(_changed(game) or nothing_changed),
        )
    )
    for number, result in enumerate(match.results, 1):
        line = render.result_line(game, names, result)
        console.print(_("Round {number}: {result}", number=number, result=line))
    if step is not None:
        state = match.state
        console.rule(
            _("After {step} actions (round {round})", step=step, round=match.round_index + 1)
        )
        for line in render.table(game, state.view(None), names):
            console.print(line)
        snapshot = state.snapshot()
        for seat, cards in enumerate(snapshot["hands"]):
            console.print(f"{escape(names[seat])}: {render.hand(sorted(cards))}")
        acting = ", ".join(names[s] for s in state.to_act) or _("nobody")
        console.print(escape(_("To act: {names}", names=acting)))
    elif match.is_over:
        winners = ", ".join(names[w] for w in match.winners)
        console.print(
            escape(_("Totals: {totals}. Winner: {names}", totals=match.totals, names=winners))
        )
    else:
        console.print(
            escape(_("Totals so far: {totals} (the match is not over)", totals=match.totals))
        )
    console.print(render.styled(_("The record is valid."), "green"))


@app.command(
    name="review",
    help=help_text(
        "Grade each decision of a seat: best action, action played, win chance lost, and marks "
        "(inaccuracy >= 5 points, mistake >= 10, blunder >= 15). Figures use the seat's view "
        "only; each round's result uses the whole deal."
    ),
)
def review_command(
    ctx: typer.Context,
    file: Annotated[Path, typer.Argument(help=help_text("A .json or .jsonl record file."))],
    seat: Annotated[
        int, typer.Option(help=help_text("The seat whose decisions are reviewed."))
    ] = 0,
    round_number: Annotated[
        int | None, typer.Option("--round", help=help_text("Review only this round (from 1)."))
    ] = None,
    index: Annotated[
        int, typer.Option(help=help_text("Which record of a .jsonl file (from 0)."))
    ] = 0,
    worlds: Annotated[
        int, typer.Option(min=1, help=help_text("Worlds sampled per decision."))
    ] = 100,
    seed: Annotated[int, typer.Option(help=help_text("Seed of the sampled worlds."))] = 0,
    json_out: Annotated[
        bool, typer.Option("--json", help=help_text("Print the review as JSON."))
    ] = False,
    chart_to: Annotated[
        Path | None,
        typer.Option("--chart", help=help_text("Draw the win chance through the round (PNG).")),
    ] = None,
    lang: LangOpt = None,
) -> None:
    """Grade each decision of a seat: best action, action played, win chance lost, and marks
    (inaccuracy >= 5 points, mistake >= 10, blunder >= 15). Figures use the seat's view only;
    each round's result uses the whole deal."""
    speak(ctx, lang)
    try:
        records = load(file)
        if not 0 <= index < len(records):
            raise fail(
                _(
                    "{file} holds {n} records; --index must be below that",
                    file=str(file),
                    n=len(records),
                )
            )
        report = review_record(
            records[index], seat, round_number=round_number, worlds=worlds, seed=seed
        )
    except SoloError as error:
        raise fail(render_error(error)) from None
    if chart_to is not None and not review_chart(report, chart_to):
        raise fail(_("--chart needs matplotlib (pip install solocards[sim])"))
    if json_out:
        typer.echo(json.dumps(report))
        return
    game = make(report["game"], players=report["players"])
    table = Table(
        title=_(
            "Seat {seat}'s decisions ({worlds} worlds each, seat's view only)",
            seat=seat,
            worlds=worlds,
        )
    )
    columns = (
        _("round"),
        _("step"),
        _("played"),
        _("win"),
        _("best"),
        _("best win"),
        _("lost"),
        _("mark"),
    )
    for column in columns:
        table.add_column(column)
    for decision in report["decisions"]:
        played = next(a for a in decision["actions"] if a["action"] == decision["action"])
        best = next(a for a in decision["actions"] if a["action"] == decision["best"])
        table.add_row(
            str(decision["round"]), str(decision["step"]),
            render.action(game, decision["action"]), f"{played['win']:.0%}",
            render.action(game, decision["best"]), f"{best['win']:.0%}",
            f"{decision['lost']:.0%}", _mark(decision["mark"]),
        )  # fmt: skip
    console.print(table)
    for result in report["results"]:
        if result["won"]:
            line = _(
                "Round {round}: seat {seat} won (from the whole deal).",
                round=result["round"],
                seat=seat,
            )
        else:
            line = _(
                "Round {round}: seat {seat} lost (from the whole deal).",
                round=result["round"],
                seat=seat,
            )
        console.print(escape(line))
    if chart_to is not None:
        console.print(escape(_("Chart saved to {path}", path=str(chart_to))))


def _mark(mark: str | None) -> str:
    """A review's mark in words (none for a good decision)."""
    words = {"inaccuracy": _("inaccuracy"), "mistake": _("mistake"), "blunder": _("blunder")}
    return words.get(mark, mark) if mark else ""


def _changed(game: Game) -> str:
    defaults = {spec.name: spec.default for spec in game.option_specs}
    return ", ".join(f"{k}={v}" for k, v in game.options.items() if defaults[k] != v)


# -- rules --------------------------------------------------------------------------------------


@app.command(
    help=help_text("The options of a game with their defaults, allowed values and one line each.")
)
def rules(ctx: typer.Context, game_id: GameArg, lang: LangOpt = None) -> None:
    """The options of a game with their defaults, allowed values and one line each."""
    speak(ctx, lang)
    try:
        cls = game_class(game_id)
    except SoloError as error:
        raise fail(render_error(error)) from None
    count = (
        str(cls.min_players)
        if cls.max_players == cls.min_players
        else f"{cls.min_players}-{cls.max_players}"
    )
    console.print(
        _(
            "{title} ({id}): {count} players, default {default}.",
            title=render.bold(engine_text(cls.info.title)),
            id=render.styled(cls.id, "cyan"),
            count=count,
            default=cls.default_players,
        )
    )
    table = Table(show_lines=False)
    table.add_column(_("option"), no_wrap=True, style="bold")
    table.add_column(_("default"), no_wrap=True)
    table.add_column(_("values"))
    table.add_column(_("what it does"))
    for spec in cls.option_specs:
        default = str(spec.default).lower() if isinstance(spec.default, bool) else str(spec.default)
        allowed = escape(_allowed_values(spec))
        title = escape(render_message(spec.title_message()))
        table.add_row(
            spec.name, default, allowed, f"[bold]{title}[/bold]\n{escape(engine_text(spec.help))}"
        )
    console.print(table)
    for name, values in sorted(cls.presets.items()):
        changes = ", ".join(f"{k}={v}" for k, v in values.items()) or _("the defaults")
        console.print(
            _("preset {name}: {changes}", name=render.bold(name), changes=escape(changes))
        )


def _allowed_values(spec: Option) -> str:
    """An option's allowed values in the language: each coded choice with its words."""
    if not spec.choices or not spec.labels:
        return render_message(spec.describe_message())
    labelled = dict(spec.labels)
    return " | ".join(
        # TRANSLATORS: a choice of an option as it is typed, then its words: "one_each (one each)".
        _(
            "{value} ({words})",
            value=choice,
            words=render_message(spec.choice_message(choice)),
        )
        if choice in labelled
        else choice
        for choice in spec.choices
    )


@app.command(help=help_text("Run the web server: lobby, tables, bots, the browser front end."))
def serve(
    host: Annotated[str | None, typer.Option(help=help_text("Address to listen on."))] = None,
    port: Annotated[int | None, typer.Option(help=help_text("Port to listen on."))] = None,
    db: Annotated[
        str | None,
        typer.Option(
            help=help_text("Database URL (default: SQLite under ./data; postgresql+psycopg://...)")
        ),
    ] = None,
    broker: Annotated[
        str | None,
        typer.Option(
            help=help_text(
                "Redis URL (redis://HOST:6379/0): run as one of several processes on one "
                "PostgreSQL database (--db)."
            )
        ),
    ] = None,
    config: Annotated[
        Path | None,
        typer.Option(
            help=help_text(
                "A TOML file of server settings (default: $SOLOCARDS_CONFIG); SOLOCARDS_* "
                "variables and the flags win over it."
            )
        ),
    ] = None,
    check_config: Annotated[
        bool,
        typer.Option(
            "--check-config",
            help=help_text(
                "Print the settings in force, check the database and the broker, and exit."
            ),
        ),
    ] = False,
) -> None:
    """Run the web server: lobby, tables, bots, the browser front end."""
    try:
        from ..server.app import serve as run_server
        from ..server.configsources import ConfigError, describe
        from .serving import check, resolve
    except ImportError as error:
        raise fail(
            _(
                "the server needs its extra: pip install solocards[server] ({error})",
                error=str(error),
            )
        ) from None
    try:
        resolved = resolve(config, host=host, port=port, db=db, broker=broker)
    except ConfigError as error:
        raise fail(str(error)) from None
    settings = resolved.settings
    if settings.broker_url is not None and settings.db_url.startswith("sqlite"):
        raise fail(_("--broker needs a shared database: --db postgresql+psycopg://..."))
    if check_config:
        for line in describe(resolved):
            console.print(escape(line))
        problems = check(resolved)
        for problem in problems:
            err.print(f"[bold red]{escape(_('error:'))}[/] {escape(problem)}")
        raise typer.Exit(1 if problems else 0)
    run_server(host=resolved.host, port=resolved.port, settings=settings)


def main() -> None:
    """Entry point of the ``solocards`` script."""
    app()


if __name__ == "__main__":
    main()
