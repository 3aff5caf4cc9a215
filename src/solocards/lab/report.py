"""The lab's reports: the Rich tables of the command, and a folder with ``report.json``,
``report.md``, ``report.html``, the PNG plots and the records of every round.

A folder holds one report; the web server's lab page lists the folders of its reports
directory that hold a ``report.json``.
"""

from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from ..i18n import _
from ..records import save
from .plots import PLOTS
from .run import LabResult

REPORT_JSON = "report.json"


def _number(value: float | None) -> str:
    if value is None:
        return "n/a"
    if value == int(value) and abs(value) >= 10:
        return f"{value:.0f}"
    return f"{value:.3g}" if abs(value) < 1000 else f"{value:.0f}"


def _ci(interval: list[float] | None) -> str:
    return "n/a" if interval is None else f"[{_number(interval[0])}, {_number(interval[1])}]"


def rows(summary: dict[str, Any]) -> list[list[str]]:
    """The table of a report: per metric, the baseline's value and interval, then each other
    variant's difference and paired interval, ``*`` where it excludes zero."""
    baseline = summary["variants"][0]["metrics"]
    table = []
    for metric in summary["metrics"]:
        name = metric["name"]
        row = [name, f"{_number(baseline[name]['value'])} {_ci(baseline[name]['ci95'])}"]
        for variant, diffs in summary["differences"].items():
            diff = diffs[name]
            flag = " *" if name in summary["flagged"][variant] else ""
            row.append(f"{_number(diff['diff'])} {_ci(diff['ci95'])}{flag}")
        table.append(row)
    return table


def headers(summary: dict[str, Any]) -> list[str]:
    """The column titles of :func:`rows`."""
    return [
        _("metric"),
        _("baseline: {name}", name=summary["baseline"]),
        *(f"Δ {name}" for name in summary["differences"]),
    ]


def title(summary: dict[str, Any]) -> str:
    """One line: the game, the table, the bots and how much was played."""
    return _(
        "{game}, {players} players, bots {bots}: {rounds} rounds per variant ({deals} deals x "
        "{seatings} seatings), seed {seed}",
        game=summary["game"],
        players=summary["players"],
        bots=", ".join(summary["bots"]),
        rounds=summary["rounds_per_variant"],
        deals=summary["deals"],
        seatings=summary["seatings"],
        seed=summary["seed"],
    )


def print_report(summary: dict[str, Any], console: Console) -> None:
    """The report as one Rich table."""
    table = Table(title=escape(title(summary)))
    for index, header in enumerate(headers(summary)):
        table.add_column(escape(header), justify="left" if index == 0 else "right")
    for row in rows(summary):
        table.add_row(*(escape(cell) for cell in row))
    console.print(table)
    console.print(
        escape(_("Δ: difference to the baseline on the same deals, 95% interval; * excludes 0."))
    )


def markdown(summary: dict[str, Any]) -> str:
    """The report as Markdown: what was played, the table, the metrics' meanings, the plots."""
    lines = [f"# Rule-variant lab: {summary['game']}", "", title(summary) + ".", ""]
    if summary["base_options"]:
        fixed = ", ".join(f"`{k}={v}`" for k, v in summary["base_options"].items())
        lines += [f"Options fixed for every variant: {fixed}.", ""]
    lines += ["Variants (the first is the baseline):", ""]
    for variant in summary["variants"]:
        paired = "" if variant["paired"] else " (other deck: unpaired)"
        lines.append(f"- `{variant['name']}`{paired}")
    header = headers(summary)
    lines += ["", "| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(row) + " |" for row in rows(summary)]
    lines += [
        "",
        "Δ: difference to the baseline on the same deals, 95% interval; * excludes 0.",
        "",
    ]
    lines += ["## Metrics", ""] + [f"- `{m['name']}`: {m['help']}" for m in summary["metrics"]]
    plots = summary.get("files", {}).get("plots", [])
    if plots:
        lines += ["", "## Plots", ""] + [f"![{name}]({name})" for name in plots]
    return "\n".join(lines) + "\n"


def page(summary: dict[str, Any]) -> str:
    """The report as a static HTML page (no scripts), the plots beside it."""
    e = html.escape
    head = "".join(f"<th>{e(h)}</th>" for h in headers(summary))
    body = "".join(
        "<tr>" + "".join(f"<td>{e(cell)}</td>" for cell in row) + "</tr>" for row in rows(summary)
    )
    variants = "".join(f"<li><code>{e(v['name'])}</code></li>" for v in summary["variants"])
    meanings = "".join(
        f"<li><code>{e(m['name'])}</code>: {e(m['help'])}</li>" for m in summary["metrics"]
    )
    plots = "".join(
        f'<figure><img src="{e(name)}" alt="{e(name)}"></figure>'
        for name in summary.get("files", {}).get("plots", [])
    )
    return (
        "<!doctype html><html lang=en><head><meta charset=utf-8>"
        f"<title>Lab: {e(summary['game'])}</title><style>"
        "body{font-family:system-ui,sans-serif;margin:2em;max-width:75em}"
        "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.25em .5em}"
        "td{text-align:right}td:first-child{text-align:left}img{max-width:100%}"
        "</style></head><body>"
        f"<h1>Rule-variant lab: {e(summary['game'])}</h1><p>{e(title(summary))}.</p>"
        f"<p>Variants (the first is the baseline):</p><ul>{variants}</ul>"
        f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
        "<p>Δ: difference to the baseline on the same deals, 95% interval; * excludes 0.</p>"
        f"<h2>Metrics</h2><ul>{meanings}</ul>{plots}</body></html>\n"
    )


def write_report(result: LabResult, folder: Path, command: str | None = None) -> dict[str, Any]:
    """Write the report files of ``result`` to ``folder``; return the summary (with
    ``files``, and ``command`` when given)."""
    folder.mkdir(parents=True, exist_ok=True)
    summary = result.summary()
    if command is not None:
        summary["command"] = command
    records = folder / "records"
    records.mkdir(exist_ok=True)
    record_files = []
    for index in range(len(result.variants)):
        path = records / f"variant-{index}.jsonl"
        save(path, result.records(index))
        record_files.append(f"records/{path.name}")
    drawn = [name for name, draw in PLOTS.items() if draw(summary, folder / name)]
    summary["files"] = {"records": record_files, "plots": drawn}
    (folder / "report.md").write_text(markdown(summary), encoding="utf-8")
    (folder / "report.html").write_text(page(summary), encoding="utf-8")
    (folder / REPORT_JSON).write_text(json.dumps(summary, indent=1) + "\n", encoding="utf-8")
    return summary


__all__ = ["REPORT_JSON", "headers", "markdown", "page", "print_report", "rows", "write_report"]
