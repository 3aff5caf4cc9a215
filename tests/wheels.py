"""Helpers of the wheel tests: building a wheel, installing it into a fresh venv, seeded games.

``scripts/build_compiled.py`` builds both wheels (:func:`build_wheel`); :func:`install` puts one
into a new virtual environment of its own (no network: the wheel has no dependencies) and
returns that environment's Python; :data:`SEEDED_GAMES` is a program that prints a digest of
seeded games of every game, for comparing builds.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import venv
import zipfile
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent


PIP = (sys.executable, "-m", "pip", "--quiet", "--disable-pip-version-check")
"""This Python's pip (it installs into another interpreter with ``--python``)."""


def build_script() -> ModuleType:
    """``scripts/build_compiled.py`` as a module."""
    spec = importlib.util.spec_from_file_location(
        "build_compiled", ROOT / "scripts/build_compiled.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def build_wheel(
    dist: Path, *, compiled: bool, optimization: str | None = None, split: bool = False
) -> Path:
    """solocards' plain or platform wheel, built into ``dist`` (``optimization``: the C
    compiler's level for the compiled one, by default the shipped wheel's 3; ``split``: one C
    file per module, by default one for all, as the shipped wheel)."""
    wheel: Path = build_script().build_wheel(
        dist, compiled=compiled, optimization=optimization, split=split
    )
    return wheel


def wheel_files(wheel: Path) -> list[str]:
    """The paths inside ``wheel``."""
    with zipfile.ZipFile(wheel) as archive:
        return archive.namelist()


def install(wheel: Path, where: Path) -> Path:
    """Install ``wheel`` into a fresh venv at ``where``; returns the venv's Python (without
    ``PYTHONPATH``, so that a source tree on it does not count as installed already)."""
    venv.create(where, with_pip=False)
    python = where / "bin" / "python"
    subprocess.run(
        [*PIP, "--python", str(python), "install", "--no-deps", "--no-index", str(wheel)],
        check=True,
        capture_output=True,
        timeout=300,
        env={name: value for name, value in os.environ.items() if name != "PYTHONPATH"},
    )
    return python


def run_outside(python: Path, program: str) -> str:
    """Run ``program`` with ``python`` away from the source tree (so only the install counts)."""
    done = subprocess.run(
        [str(python), "-I", "-c", program],
        cwd="/",
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


SEEDED_GAMES = """
import hashlib, json, solocards
from solocards.bots import make_bot
from solocards.sim.runner import play_match, play_round
digest = hashlib.sha256()
for game_id, players, seed in (("uno", 4, 11), ("amigo-solo", 4, 13), ("german-solo", 4, 15),
                               ("frog", 3, 18)):
    game = solocards.make(game_id, players=players)
    bots = [make_bot("heuristic" if seat < players // 2 else "random", game)
            for seat in range(players)]
    record = play_match(game, bots, seed=seed).record()
    digest.update(json.dumps(record, sort_keys=True, separators=(",", ":")).encode())
game = solocards.make("uno", players=2)
bots = [make_bot("ismcts:iterations=40", game), make_bot("heuristic", game)]
state = play_round(game.deal(seed=7), bots, seed=7)
digest.update(json.dumps(state.result, sort_keys=True).encode())
print(digest.hexdigest())
"""
"""Prints one digest of seeded matches of every game and a seeded ISMCTS round of UNO."""

INSTALLED = """
import importlib.resources as resources, solocards
from solocards.core.compiled import is_compiled
root = resources.files("solocards")
for name in ("py.typed", "web/index.html", "web/js/app.js", "locale/web.pot",
             "locale/de/LC_MESSAGES/engine.po", "server/migrations/versions/0001_initial.py"):
    assert root.joinpath(name).is_file(), name
print(is_compiled(), solocards.__file__.startswith("/") and "site-packages" in solocards.__file__)
"""
"""Checks the installed package's data files; prints ``is_compiled()`` and whether the package
was imported from the venv's ``site-packages``."""
