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
from ..games.registry import DEFAULT_GAME, game_class, games, make
from ..records import load, save
from ..sim.backends import auto_chunk_size
from ..sim.runner import choose_actor
from ..sim.tournament import split_bot_specs
from . import render
from .batch import (
    BatchGroup,
    ChunkOpt,
    RayOpt,
    ResumeOpt,
    backend_for,
    close_backend,
    stream_file,
)

app = typer.Typer(
    cls=BatchGroup,
    help="Exact rules engines for the card games called Solo: play, simulate, replay, rules.",
    no_args_is_help=True,
    add_completion=False,
)
console = Console(highlight=False)
err = Console(stderr=True, highlight=False)

GameArg = Annotated[str, typer.Argument(help=f"The game: {', '.join(games())}.")]
OptionOpt = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", help="A rule option as key=value (repeatable)."),
]


def fail(message: str) -> typer.Exit:
    """Print an error in words and return the exit to raise."""
    err.print(f"[bold red]error:[/] {escape(message)}")
    return typer.Exit(2)


def parse_options(game_id: str, pairs: list[str] | None) -> dict[str, Any]:
    """``["stack_draw2=true", "hand_size=5"]`` as checked option values of the game."""
    specs = {spec.name: spec for spec in game_class(game_id).option_specs}
    options: dict[str, Any] = {}
    for pair in pairs or []:
        key, sep, value = pair.partition("=")
        if not sep:
            raise fail(f"option {pair!r} is not key=value (for example stack_draw2=true)")
        if key not in specs:
            raise fail(f"{game_id} has no option {key!r}; valid options: {', '.join(specs)}")
        try:
            options[key] = specs[key].parse(game_id, value)
        except SoloError as error:
            raise fail(str(error)) from None
    return options


def build_game(game_id: str, players: int | None, pairs: list[str] | None) -> Game:
    """Make the game or exit with the engine's message."""
    try:
        game_class(game_id)
        return make(game_id, players=players, **parse_options(game_id, pairs))
    except SoloError as error:
        raise fail(str(error)) from None


def build_bots(game: Game, specs: list[str]) -> list[Bot]:
    """One bot per spec, or exit with the registry's message."""
    try:
        return [make_bot(spec, game) for spec in specs]
    except SoloError as error:
        raise fail(str(error)) from None


# -- play ---------------------------------------------------------------------------------------

HINT_WORLDS = 200
"""Worlds sampled for a ``hint`` at the prompt (a fraction of a second in every game)."""


HELP = (
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
            who = render.seat_name(self.names, seat)
            console.print(f"  [dim]{who}:[/] {render.action(self.game, action)}")
        self.seen = len(log)

    def choose(self, view: dict[str, Any], legal_actions: list[str], rng: random.Random) -> str:
        """Show the table and the numbered moves; read a number or an action string."""
        self.show_log(view)
        console.rule(f"[bold]{render.seat_name(self.names, view['seat'])}[/], your move")
        for line in self.game.describe_table(view):
            console.print(escape(line))
        console.print(f"Your hand: {render.hand(view['hand'])}")
        reacting = NO_REACTION in legal_actions
        if reacting:
            console.print("[bold cyan]You may react now, out of turn.[/]")
        choices = [a for a in legal_actions if a != NO_REACTION]
        for number, choice in enumerate(choices, 1):
            console.print(f"  [bold]{number:>2}[/]  {render.action(self.game, choice)}")
        if reacting:
            console.print("  [bold] 0[/]  let it go (no reaction)")
        while True:
            try:
                text = console.input("[bold]> [/]").strip()
            except EOFError:
                console.print("\nGoodbye.")
                raise typer.Exit(0) from None
            if text.lower() in QUIT_WORDS:
                console.print("Goodbye.")
                raise typer.Exit(0)
            if text.lower() in HELP_WORDS:
                console.print(HELP)
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
            console.print(f"[red]No hint here: {escape(str(error))}[/]")
            return
        best = analysis.best.action
        console.print(f"[dim]Hint from {analysis.worlds} worlds you cannot tell apart:[/]")
        for number, choice in enumerate(choices, 1):
            estimate = analysis.of(choice)
            low, high = estimate.ci95
            star = " [bold green]best[/]" if choice == best else ""
            console.print(
                f"  [bold]{number:>2}[/]  {render.action(self.game, choice)}: "
                f"win {estimate.win:.0%} ({low:.0%}-{high:.0%}), score {estimate.score:+.1f}{star}"
            )

    def explain(self, view: dict[str, Any], text: str, count: int) -> str:
        """Why the typed move is not accepted, in the engine's words where it has them."""
        if not text:
            return f"Type a number from 1 to {count}, the move itself, or hint."
        if text.isdigit():
            return f"There is no move {text}; type a number from 1 to {count}."
        try:
            self.game.action_id(text)
        except SoloError as error:
            return str(error)
        return f"{text} is not one of your legal moves now; type a number from 1 to {count}."


@app.command()
def play(
    game_id: GameArg = DEFAULT_GAME,
    players: Annotated[int | None, typer.Option(help="Number of players.")] = None,
    bots: Annotated[
        str | None,
        typer.Option(help="Bot kind for the other seats (default: the game's heuristic bot)."),
    ] = None,
    seat: Annotated[int, typer.Option(help="Your seat.")] = 0,
    seed: Annotated[int | None, typer.Option(help="Seed of the match.")] = None,
    option: OptionOpt = None,
    save_to: Annotated[Path | None, typer.Option("--save", help="Save the record here.")] = None,
) -> None:
    """Play a game in the terminal against bots."""
    game = build_game(game_id, players, option)
    if not 0 <= seat < game.players:
        raise fail(f"--seat must be 0..{game.players - 1}")
    kind = bots or ("heuristic" if game.info.has_heuristic else "random")
    names = [f"Bot {s + 1} ({kind})" for s in range(game.players)]  # numbered as in the browser
    names[seat] = "You"
    others = build_bots(game, [kind] * game.players)
    human = TerminalPlayer(game, names)
    seats: list[Bot] = [human if s == seat else others[s] for s in range(game.players)]
    match = game.match(seed=seed, names=names)
    rngs = [random.Random(match.seed + s) for s in range(game.players)]
    console.print(f"[bold]{game.title}[/] — {game.players} players, seed {match.seed}.")
    console.print(escape("Seats: " + ", ".join(names) + "."))
    console.print(escape(HELP))
    rounds_seen = 0
    while not match.is_over:
        state = match.state
        acting_seat, action = choose_actor(state, seats, rngs)
        match.apply(acting_seat, action)
        if len(match.results) > rounds_seen:
            rounds_seen = len(match.results)
            human.show_log(state.view(seat))  # the finished round's last moves
            human.seen = 0
            console.rule(f"End of round {rounds_seen}")
            console.print(render.result_line(game, names, match.results[-1]))
            totals = ", ".join(f"{names[s]} {t}" for s, t in enumerate(match.totals))
            console.print(f"Totals: {escape(totals)}")
    winners = ", ".join(names[w] for w in match.winners)
    console.print(f"[bold green]Match over.[/] Winner: {escape(winners)}")
    if save_to is not None:
        save(save_to, match.record())
        console.print(f"Record saved to {save_to}")


# -- simulate -----------------------------------------------------------------------------------


@app.command()
def simulate(
    game_id: GameArg,
    n: Annotated[int, typer.Option("-n", help="Number of rounds to play.")] = 1000,
    players: Annotated[int | None, typer.Option(help="Number of players.")] = None,
    bots: Annotated[str, typer.Option(help="Bot kinds, comma-separated, one per seat or one.")] = (
        "random"
    ),
    seed: Annotated[int, typer.Option(help="First seed; round i uses seed + i.")] = 0,
    option: OptionOpt = None,
    jobs: Annotated[int, typer.Option(help="Worker processes (0: every core).")] = 1,
    ray: RayOpt = None,
    chunk_size: ChunkOpt = None,
    out: Annotated[
        Path | None, typer.Option(help="JSONL file receiving every chunk's figures as it ends.")
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
        raise fail(f"{len(specs)} bots for {game.players} seats")
    build_bots(game, specs)
    if n < 1:
        raise fail(f"-n must be at least 1 round, not {n}")
    try:
        path = stream_file(out, resume)
        backend = backend_for(jobs, ray)
    except SoloError as error:
        raise fail(str(error)) from None
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
        raise fail(str(error)) from None
    finally:
        close_backend(backend)
    table = Table(title=f"{game.id}, {game.players} players, {n} rounds")
    for column in ("seat", "bot", "win rate", "mean score"):
        table.add_column(column, justify="right")
    for s in range(game.players):
        table.add_row(str(s), specs[s], f"{stats.wins[s] / n:.1%}", f"{stats.scores[s] / n:.2f}")
    console.print(table)
    console.print(
        f"mean round length: {stats.decisions / n:.1f} decisions; "
        + (
            f"{played_now.decisions / elapsed:,.0f} decisions/s, "
            f"{played_now.rounds / elapsed:,.1f} rounds/s"
            if played_now.rounds
            else "every round was resumed from the file"
        )
        + (
            f"; {stats.rounds_without_winner} rounds without a winner"
            if stats.rounds_without_winner
            else ""
        )
    )


# -- tournament ---------------------------------------------------------------------------------


@app.command()
def tournament(
    game_id: GameArg,
    bots: Annotated[
        str, typer.Option(help="Bot specs, comma-separated (ismcts:iterations=200,c=0.5 is one).")
    ] = "heuristic,ismcts,random",
    n: Annotated[int, typer.Option("-n", help="Rounds in all (whole deals x seat orders).")] = 2000,
    players: Annotated[int | None, typer.Option(help="Number of players.")] = None,
    jobs: Annotated[int, typer.Option(help="Worker processes (0: every core).")] = 0,
    seed: Annotated[int, typer.Option(help="Seed of the deals and the bots.")] = 0,
    option: OptionOpt = None,
    json_out: Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")] = False,
    out: Annotated[Path | None, typer.Option(help="Folder for records, summary, plot.")] = None,
    ray: RayOpt = None,
    chunk_size: ChunkOpt = None,
    resume: ResumeOpt = False,
) -> None:
    """Duplicate tournament: the same deals with the bots in every seat order; rates, ratings.

    Every chunk of deals streams to chunks.jsonl in the output folder as it ends; --resume
    continues a run from there.
    """
    from ..sim.report import run_and_report

    game = build_game(game_id, players, option)
    try:
        backend = backend_for(jobs, ray)
    except SoloError as error:
        raise fail(str(error)) from None
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
        raise fail(str(error)) from None
    finally:
        close_backend(backend)


# -- selfplay -----------------------------------------------------------------------------------


@app.command()
def selfplay(
    game_id: GameArg,
    out: Annotated[Path, typer.Option(help="Folder for the .npz shards and shards.jsonl.")],
    bots: Annotated[str, typer.Option(help="Bot specs, comma-separated, one per seat or one.")] = (
        "heuristic"
    ),
    n: Annotated[int, typer.Option("-n", help="Number of rounds to play.")] = 1000,
    players: Annotated[int | None, typer.Option(help="Number of players.")] = None,
    seed: Annotated[int, typer.Option(help="First seed; round i uses seed + i.")] = 0,
    reward: Annotated[str, typer.Option(help="Reward per round: win (+1/-1) or score.")] = "win",
    option: OptionOpt = None,
    jobs: Annotated[int, typer.Option(help="Worker processes (0: every core).")] = 1,
    ray: RayOpt = None,
    chunk_size: Annotated[
        int | None, typer.Option("--chunk-size", min=1, help="Rounds per shard (default 100).")
    ] = None,
    resume: ResumeOpt = False,
) -> None:
    """Self-play data: observation, action, legal-mask and reward arrays in .npz shards."""
    try:
        from ..sim.selfplay import DEFAULT_CHUNK, run_selfplay
    except ImportError as error:
        raise fail(f"selfplay needs numpy: pip install solocards[rl] ({error})") from None
    from ..sim.progress import rounds_progress

    game = build_game(game_id, players, option)
    specs = split_bot_specs(bots)
    if len(specs) == 1:
        specs *= game.players
    try:
        backend = backend_for(jobs, ray)
    except SoloError as error:
        raise fail(str(error)) from None
    try:
        with rounds_progress(err, f"{game.id} self-play", total=n) as advance:
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
        raise fail(str(error)) from None
    finally:
        close_backend(backend)
    console.print(f"{n} rounds in {len(shards)} shards in {escape(str(out))}/")


# -- lab ------------------------------------------------------------------------------------------


@app.command()
def lab(
    game_id: GameArg,
    vary: Annotated[
        list[str] | None,
        typer.Option(help="An option and its values, OPTION=V1,V2 (repeatable: cross product)."),
    ] = None,
    preset: Annotated[
        str | None, typer.Option(help="Presets to compare, comma-separated (an axis of its own).")
    ] = None,
    players: Annotated[int | None, typer.Option(help="Number of players.")] = None,
    bots: Annotated[
        str,
        typer.Option(help="Bot specs, comma-separated; the first is the one skill_share follows."),
    ] = "random",
    n: Annotated[
        int, typer.Option("-n", help="Rounds per variant (whole deals x seatings).")
    ] = 1000,
    seed: Annotated[int, typer.Option(help="Seed of the deals and the bots.")] = 0,
    jobs: Annotated[int, typer.Option(help="Worker processes (0: every core).")] = 0,
    option: OptionOpt = None,
    ray: RayOpt = None,
    json_out: Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")] = False,
    report: Annotated[
        Path | None, typer.Option(help="Folder for report.json/.md/.html, plots and records.")
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
        raise fail(str(error)) from None
    except OSError as error:
        raise fail(f"cannot write the report to {report}: {error.strerror or error}") from None


def _known_game(game_id: str) -> bool:
    try:
        game_class(game_id)
    except SoloError as error:
        raise fail(str(error)) from None
    return True


# -- replay -------------------------------------------------------------------------------------


@app.command(name="replay")
def replay_command(
    file: Annotated[Path, typer.Argument(help="A .json or .jsonl record file.")],
    step: Annotated[
        int | None, typer.Option(help="Show the state after this many actions.")
    ] = None,
    index: Annotated[int, typer.Option(help="Which record of a .jsonl file (from 0).")] = 0,
) -> None:
    """Check a record (every action must be legal where it stands) and print its rounds."""
    try:
        records = load(file)
        if not 0 <= index < len(records):
            raise fail(f"{file} holds {len(records)} records; --index must be below that")
        record = records[index]
        match = replay_record(record, upto=step)
    except SoloError as error:
        raise fail(str(error)) from None
    game = match.game
    names = match.names
    console.print(
        f"[bold]{game.title}[/], {game.players} players, seed {match.seed}; "
        f"options changed: {escape(str(_changed(game)) or 'none')}"
    )
    for number, result in enumerate(match.results, 1):
        console.print(f"Round {number}: {render.result_line(game, names, result)}")
    if step is not None:
        state = match.state
        console.rule(f"After {step} actions (round {match.round_index + 1})")
        for line in game.describe_table(state.view(None)):
            console.print(escape(line))
        snapshot = state.snapshot()
        for seat, cards in enumerate(snapshot["hands"]):
            console.print(f"{escape(names[seat])}: {render.hand(sorted(cards))}")
        console.print(f"To act: {', '.join(names[s] for s in state.to_act) or 'nobody'}")
    elif match.is_over:
        winners = ", ".join(names[w] for w in match.winners)
        console.print(f"Totals: {match.totals}. Winner: {escape(winners)}")
    else:
        console.print(f"Totals so far: {match.totals} (the match is not over)")
    console.print("[green]The record is valid.[/]")


@app.command(name="review")
def review_command(
    file: Annotated[Path, typer.Argument(help="A .json or .jsonl record file.")],
    seat: Annotated[int, typer.Option(help="The seat whose decisions are reviewed.")] = 0,
    round_number: Annotated[
        int | None, typer.Option("--round", help="Review only this round (from 1).")
    ] = None,
    index: Annotated[int, typer.Option(help="Which record of a .jsonl file (from 0).")] = 0,
    worlds: Annotated[int, typer.Option(min=1, help="Worlds sampled per decision.")] = 100,
    seed: Annotated[int, typer.Option(help="Seed of the sampled worlds.")] = 0,
    json_out: Annotated[bool, typer.Option("--json", help="Print the review as JSON.")] = False,
    chart_to: Annotated[
        Path | None, typer.Option("--chart", help="Draw the win chance through the round (PNG).")
    ] = None,
) -> None:
    """Grade each decision of a seat: best action, action played, win chance lost, and marks
    (inaccuracy >= 5 points, mistake >= 10, blunder >= 15). Figures use the seat's view only;
    each round's result uses the whole deal."""
    try:
        records = load(file)
        if not 0 <= index < len(records):
            raise fail(f"{file} holds {len(records)} records; --index must be below that")
        report = review_record(
            records[index], seat, round_number=round_number, worlds=worlds, seed=seed
        )
    except SoloError as error:
        raise fail(str(error)) from None
    if chart_to is not None and not review_chart(report, chart_to):
        raise fail("--chart needs matplotlib (pip install solocards[sim])")
    if json_out:
        typer.echo(json.dumps(report))
        return
    game = make(report["game"], players=report["players"])
    table = Table(title=f"Seat {seat}'s decisions ({worlds} worlds each, seat's view only)")
    for column in ("round", "step", "played", "win", "best", "best win", "lost", "mark"):
        table.add_column(column)
    for decision in report["decisions"]:
        played = next(a for a in decision["actions"] if a["action"] == decision["action"])
        best = next(a for a in decision["actions"] if a["action"] == decision["best"])
        table.add_row(
            str(decision["round"]), str(decision["step"]),
            render.action(game, decision["action"]), f"{played['win']:.0%}",
            render.action(game, decision["best"]), f"{best['win']:.0%}",
            f"{decision['lost']:.0%}", decision["mark"] or "",
        )  # fmt: skip
    console.print(table)
    for result in report["results"]:
        outcome = "won" if result["won"] else "lost"
        console.print(f"Round {result['round']}: seat {seat} {outcome} (from the whole deal).")
    if chart_to is not None:
        console.print(f"Chart saved to {chart_to}")


def _changed(game: Game) -> str:
    defaults = {spec.name: spec.default for spec in game.option_specs}
    return ", ".join(f"{k}={v}" for k, v in game.options.items() if defaults[k] != v)


# -- rules --------------------------------------------------------------------------------------


@app.command()
def rules(game_id: GameArg) -> None:
    """The options of a game with their defaults, allowed values and one line each."""
    try:
        cls = game_class(game_id)
    except SoloError as error:
        raise fail(str(error)) from None
    console.print(
        f"[bold]{cls.info.title}[/] ([cyan]{cls.id}[/]): {cls.min_players}"
        + (f"-{cls.max_players}" if cls.max_players != cls.min_players else "")
        + f" players, default {cls.default_players}."
    )
    table = Table(show_lines=False)
    table.add_column("option", no_wrap=True, style="bold")
    table.add_column("default", no_wrap=True)
    table.add_column("values")
    table.add_column("what it does")
    for spec in cls.option_specs:
        default = str(spec.default).lower() if isinstance(spec.default, bool) else str(spec.default)
        table.add_row(spec.name, default, spec.describe(), spec.help)
    console.print(table)
    for name, values in sorted(cls.presets.items()):
        changes = ", ".join(f"{k}={v}" for k, v in values.items()) or "the defaults"
        console.print(f"preset [bold]{name}[/]: {escape(changes)}")


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    db: Annotated[
        str | None,
        typer.Option(help="Database URL (default: SQLite under ./data; postgresql+psycopg://...)"),
    ] = None,
    broker: Annotated[
        str | None,
        typer.Option(
            help="Redis URL (redis://HOST:6379/0): run as one of several processes on one "
            "PostgreSQL database (--db)."
        ),
    ] = None,
) -> None:
    """Run the web server: lobby, tables, bots, the browser front end."""
    try:
        from ..server.app import serve as run_server
    except ImportError as error:
        raise fail(f"the server needs its extra: pip install solocards[server] ({error})") from None
    from ..i18n import _

    if broker is not None and (db is None or db.startswith("sqlite")):
        raise fail(_("--broker needs a shared database: --db postgresql+psycopg://..."))
    run_server(host=host, port=port, db_url=db, broker_url=broker)


def main() -> None:
    """Entry point of the ``solocards`` script."""
    app()


if __name__ == "__main__":
    main()
