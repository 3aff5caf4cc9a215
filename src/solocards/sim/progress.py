"""The Rich progress bar of batch runs: rounds done, rounds per second, time left.

>>> from rich.console import Console
>>> import io
>>> with rounds_progress(Console(file=io.StringIO()), "uno", total=10) as advance:
...     advance(4); advance(10)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeRemainingColumn,
)
from rich.text import Text


class RateColumn(ProgressColumn):
    """Rounds per second, over the last few updates."""

    def render(self, task: Task) -> Text:
        """``1,234 rounds/s``, or nothing until there is a rate."""
        speed = task.finished_speed or task.speed
        return Text("" if speed is None else f"{speed:,.0f} rounds/s", style="progress.data.speed")


@contextmanager
def rounds_progress(console: Console, label: str, total: int) -> Iterator[Callable[[int], None]]:
    """A transient bar for ``total`` rounds; yields the function to call with rounds done."""
    with Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("rounds"),
        RateColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
    ) as progress:
        task = progress.add_task(label, total=total)
        first = True

        def advance(done: int) -> None:
            nonlocal first
            if first:  # rounds resumed from a file: no part of the rate
                progress.reset(task, completed=done)
                first = False
            else:
                progress.update(task, completed=done)

        yield advance


__all__ = ["RateColumn", "rounds_progress"]
