"""Build the compiled engine: solocards' hot modules compiled to C with mypyc.

    .venv/bin/python scripts/build_compiled.py [OUT]       # default: build/mypyc

It copies ``src/solocards`` to ``OUT/solocards`` and compiles the modules listed in
:data:`COMPILED_MODULES` (below) there, in place: the extensions sit beside their
sources, and Python imports an extension before a source of the same name. Put ``OUT`` first on
``PYTHONPATH`` to run the compiled build (``make compiled``, ``make bench``). The source tree
itself is never touched, so an edited module can never be shadowed by a stale extension.

Needs mypy (the ``dev`` extra) and a C compiler.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

COMPILED_MODULES = (
    "solocards/bots/playout.py",
    "solocards/bots/search_tree.py",
    "solocards/core/game.py",
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
    "solocards/games/uno/cards.py",
    "solocards/games/uno/fast.py",
    "solocards/games/uno/game.py",
    "solocards/games/uno/rules.py",
    "solocards/games/uno/state.py",
    "solocards/games/uno/view.py",
    "solocards/rl/aec_core.py",
    "solocards/rl/batched.py",
    "solocards/rl/observations/amigo_solo.py",
    "solocards/rl/observations/base.py",
    "solocards/rl/observations/frog.py",
    "solocards/rl/observations/german_solo.py",
    "solocards/rl/observations/uno.py",
    "solocards/rl/turns.py",
)
"""The modules the compiled build compiles (paths under the source root)."""


def build(out: Path) -> Path:
    """Compile a copy of the package into ``out``; returns ``out``."""
    mypyc = Path(sys.executable).with_name("mypyc")
    if not mypyc.exists():
        raise SystemExit(f"mypyc not found next to {sys.executable}: install solocards[dev]")
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    shutil.copytree(
        ROOT / "src" / "solocards",
        out / "solocards",
        ignore=shutil.ignore_patterns("__pycache__", "*.so", "web"),
    )
    # The browser files are data, not code: link them rather than copy.
    (out / "solocards" / "web").symlink_to(ROOT / "src" / "solocards" / "web")
    subprocess.run(
        [str(mypyc), *COMPILED_MODULES],
        cwd=out,
        check=True,
        stdout=subprocess.DEVNULL,
    )
    shutil.rmtree(out / "build", ignore_errors=True)
    shutil.rmtree(out / ".mypy_cache", ignore_errors=True)
    return out


def main() -> None:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "build" / "mypyc"
    build(out.resolve())
    print(f"compiled build in {out}: PYTHONPATH={out}")


if __name__ == "__main__":
    main()
