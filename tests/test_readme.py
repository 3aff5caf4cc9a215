"""The README is the project's front door: what solocards is, the screenshot, the two commands,
a short tour, the layout of the tree as it is, and one table of today's figures; the dated
measurement history is in docs/benchmarks.md, which holds every figure that table shows."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
BENCHMARKS = ROOT / "docs" / "benchmarks.md"

DATE = re.compile(r"\b20\d\d-\d\d-\d\d\b")


def sections(text: str) -> dict[str, str]:
    """The README's ``## `` sections by title: sections("## A\\nx\\n")["A"] == "x\\n"."""
    parts = re.split(r"^## (.+)$", text, flags=re.MULTILINE)
    return {title.strip(): body for title, body in zip(parts[1::2], parts[2::2], strict=True)}


def test_the_readme_keeps_the_two_commands_word_for_word() -> None:
    commands = sections(README)["Two commands"]
    assert "make run     # sets up .venv on first use, then serves the game on SQLite" in commands
    assert "make test    # sets up .venv on first use, then runs ruff, mypy --strict" in commands


def test_the_readme_has_the_front_door_sections_in_order() -> None:
    titles = list(sections(README))
    wanted = ["Screenshots", "Two commands", "A short tour", "Layout", "Figures"]
    assert [title for title in titles if title in wanted] == wanted
    assert "docs/images/german-solo-table.png" in sections(README)["Screenshots"]


def test_the_layout_names_every_entry_of_the_package() -> None:
    layout = sections(README)["Layout"]
    package = ROOT / "src" / "solocards"
    skipped = ("__pycache__", ".")
    entries = sorted(p.name for p in package.iterdir() if not p.name.startswith(skipped))
    listed = set(re.findall(r"^src/solocards/([\w.]+)", layout, flags=re.MULTILINE))
    assert sorted(listed) == entries


def test_dated_figures_are_only_in_the_one_table_of_today() -> None:
    """The history of runs lives in docs/benchmarks.md: outside the Figures table the README
    names no date, and it has exactly one table of figures, which links to the history."""
    figures = sections(README)["Figures"]
    assert "(docs/benchmarks.md)" in figures
    rest = README.replace(figures, "")
    assert DATE.findall(rest) == []
    assert len(re.findall(r"^\|---", figures, flags=re.MULTILINE)) == 1
    assert len(README.splitlines()) <= 150


def test_every_figure_of_the_readme_is_in_the_history() -> None:
    """Each ratio and share the README's table gives is one measured in docs/benchmarks.md."""
    history = BENCHMARKS.read_text(encoding="utf-8")
    figures = re.findall(r"\d+(?:\.\d+)?(?:x|%)", sections(README)["Figures"])
    assert len(figures) >= 8
    missing = [figure for figure in figures if figure not in history]
    assert missing == []
    assert DATE.search(history)
