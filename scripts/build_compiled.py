"""Build the compiled engine: solocards' hot modules compiled to C with mypyc.

    .venv/bin/python scripts/build_compiled.py [OUT]       # default: build/mypyc

It builds the platform wheel (``SOLOCARDS_COMPILE=1 python -m build``, see ``setup.py``: the
modules listed in :data:`COMPILED_MODULES` below, compiled with mypyc's ``mypycify``) and
unpacks it into ``OUT``: every extension sits beside its source, and Python imports an
extension before a source of the same name. Put ``OUT`` first on ``PYTHONPATH`` to run the
compiled build (``make compiled``, ``make bench``). The source tree itself is never touched (the
wheel is built from a private copy of the sources, through a source distribution, in a
temporary folder), so an edited module can never be shadowed by a stale extension, and two
builds at once never meet.

:data:`COMPILED_MODULES` is the one list of compiled modules: ``setup.py`` reads it from here.
Needs mypy and ``build`` (the ``dev`` extra) and a C compiler; it builds without network
(``--no-isolation``: this Python's setuptools and mypy).
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

COMPILED_MODULES = (
    "solocards/bots/ismcts.py",
    "solocards/bots/playout.py",
    "solocards/bots/search_tree.py",
    "solocards/core/game.py",
    "solocards/core/hands.py",
    "solocards/core/recall.py",
    "solocards/core/rng.py",
    "solocards/core/windows.py",
    "solocards/games/amigo_solo/actions.py",
    "solocards/games/amigo_solo/cards.py",
    "solocards/games/amigo_solo/fast.py",
    "solocards/games/amigo_solo/game.py",
    "solocards/games/amigo_solo/rules.py",
    "solocards/games/amigo_solo/scoring.py",
    "solocards/games/amigo_solo/state.py",
    "solocards/games/amigo_solo/view.py",
    "solocards/games/frog/actions.py",
    "solocards/games/frog/cards.py",
    "solocards/games/frog/game.py",
    "solocards/games/frog/rules.py",
    "solocards/games/frog/scoring.py",
    "solocards/games/frog/state.py",
    "solocards/games/frog/view.py",
    "solocards/games/german_solo/actions.py",
    "solocards/games/german_solo/auction.py",
    "solocards/games/german_solo/cards.py",
    "solocards/games/german_solo/contract.py",
    "solocards/games/german_solo/game.py",
    "solocards/games/german_solo/play.py",
    "solocards/games/german_solo/rules.py",
    "solocards/games/german_solo/scoring.py",
    "solocards/games/german_solo/state.py",
    "solocards/games/german_solo/view.py",
    "solocards/games/uno/actions.py",
    "solocards/games/uno/belief.py",
    "solocards/games/uno/cards.py",
    "solocards/games/uno/colours.py",
    "solocards/games/uno/fast.py",
    "solocards/games/uno/game.py",
    "solocards/games/uno/heuristic.py",
    "solocards/games/uno/plan.py",
    "solocards/games/uno/playouts.py",
    "solocards/games/uno/plays.py",
    "solocards/games/uno/rules.py",
    "solocards/games/uno/sampling.py",
    "solocards/games/uno/scoring.py",
    "solocards/games/uno/state.py",
    "solocards/games/uno/view.py",
    "solocards/rl/aec_core.py",
    "solocards/rl/batched.py",
    "solocards/rl/observations/amigo_solo.py",
    "solocards/rl/observations/base.py",
    "solocards/rl/observations/frog.py",
    "solocards/rl/observations/german_solo.py",
    "solocards/rl/observations/shedding.py",
    "solocards/rl/observations/trick.py",
    "solocards/rl/observations/uno.py",
    "solocards/rl/openspiel_shared.py",
    "solocards/rl/turns.py",
)
"""The modules the compiled build compiles (paths under the source root)."""


PROJECT_FILES = ("pyproject.toml", "setup.py", "MANIFEST.in", "README.md")
"""The files at the project's root that a source distribution is built from."""

PROJECT_FOLDERS = ("src", "scripts")
"""The folders that a source distribution is built from."""

NOT_SOURCES = shutil.ignore_patterns("__pycache__", "*.pyc", "*.so", "*.egg-info", "build")
"""What a copy of the sources leaves out: caches, built extensions and build metadata."""


def copy_project(into: Path) -> Path:
    """Copy the files a source distribution is built from into ``into``; returns ``into``.

    Building from a private copy keeps ``python -m build`` from writing into the checkout (its
    ``src/solocards.egg-info`` and the release tree ``solocards-<version>/`` that the source
    distribution is assembled in), so two builds at once, as a parallel test session starts,
    never remove each other's files.
    """
    into.mkdir(parents=True)
    for name in PROJECT_FILES:
        shutil.copy2(ROOT / name, into / name)
    for name in PROJECT_FOLDERS:
        shutil.copytree(ROOT / name, into / name, ignore=NOT_SOURCES)
    return into


def build_wheel(
    dist: Path, *, compiled: bool, optimization: str | None = None, split: bool = False
) -> Path:
    """Build solocards' wheel into ``dist`` from a source distribution; returns the wheel.

    ``compiled``: the platform wheel with :data:`COMPILED_MODULES` compiled, else the plain
    ``py3-none-any`` one. ``optimization``: the C compiler's level for the extensions
    (``SOLOCARDS_COMPILE_OPT``, see ``setup.py``); the wheels that ship use the default, 3.
    ``split``: one C file per module (``SOLOCARDS_COMPILE_SPLIT``); the wheels that ship have
    one C file for all.
    """
    dist.mkdir(parents=True, exist_ok=True)
    before = set(dist.glob("*.whl"))
    env = {**os.environ, "SOLOCARDS_COMPILE": "1" if compiled else "0"}
    if optimization is not None:
        env["SOLOCARDS_COMPILE_OPT"] = optimization
    env["SOLOCARDS_COMPILE_SPLIT"] = "1" if split else "0"
    with tempfile.TemporaryDirectory(prefix="solocards-build-") as scratch:
        project = copy_project(Path(scratch) / "project")
        subprocess.run(
            [sys.executable, "-m", "build", "--no-isolation", "--outdir", str(dist), str(project)],
            env=env,
            check=True,
            stdout=subprocess.DEVNULL,
        )
    made = sorted(set(dist.glob("*.whl")) - before) or sorted(dist.glob("*.whl"))
    wanted = [wheel for wheel in made if wheel.name.endswith("py3-none-any.whl") != compiled]
    if not wanted:
        raise SystemExit(f"no {'platform' if compiled else 'plain'} wheel in {dist}")
    return wanted[-1]


def build(out: Path) -> Path:
    """Build the platform wheel and unpack it into ``out`` (emptied first); returns ``out``."""
    if importlib.util.find_spec("mypyc") is None or importlib.util.find_spec("build") is None:
        raise SystemExit(f"mypyc or build missing in {sys.executable}: install solocards[dev]")
    with tempfile.TemporaryDirectory() as scratch:
        wheel = build_wheel(Path(scratch), compiled=True)
        if out.exists():
            shutil.rmtree(out)
        out.mkdir(parents=True)
        with zipfile.ZipFile(wheel) as archive:
            archive.extractall(out)
    return out


def main() -> None:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "build" / "mypyc"
    build(out.resolve())
    print(f"compiled build in {out}: PYTHONPATH={out}")


if __name__ == "__main__":
    main()
