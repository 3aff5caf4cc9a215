"""The compiled build (mypyc) behaves exactly as the plain one.

``scripts/build_compiled.py`` compiles the engine's hot modules (``solocards.core.compiled``)
into a temporary folder; the engine's own tests (core, records, every game's rules, the bots, the
conformance suite over every game, and the golden records: the same seeds give byte for byte the
same matches) then run again in a child process that imports the compiled build first, and so do
the quick tests of ``solocards.rl``'s compiled modules (observations, turns, the batched envs;
they need the ``rl`` extra). Needs a C compiler and mypy (the ``dev`` extra), as CI has.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.skipif(
    not os.environ.get("CI")
    and (shutil.which("cc") is None or importlib.util.find_spec("mypyc") is None),
    reason="the compiled build needs a C compiler and mypy (CI installs both, and never skips)",
)


PLAIN_HOT_MODULES = """
import importlib, solocards
names = [f"solocards.games.{g.replace('-', '_')}.{m}" for g in solocards.games()
         for m in ("state", "rules", "view", "game")] + ["solocards.bots.playout"]
print([name for name in names if importlib.import_module(name).__file__.endswith(".py")])
"""
"""Prints the hot modules that run as plain Python (``[]`` when all are compiled)."""


def build(out: Path) -> None:
    spec = importlib.util.spec_from_file_location(
        "build_compiled", ROOT / "scripts/build_compiled.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.build(out)


def run(out: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(out)}
    return subprocess.run(
        [sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=900
    )


@pytest.fixture(scope="module")
def compiled(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("compiled") / "mypyc"
    build(out)
    return out


def test_the_compiled_build_passes_the_engine_tests(compiled: Path) -> None:
    out = compiled
    check = run(out, "-c", "from solocards.core.compiled import is_compiled; print(is_compiled())")
    assert check.stdout.strip() == "True", check.stderr
    plain = run(out, "-c", PLAIN_HOT_MODULES)  # every game's engine and the bots' playouts
    assert plain.stdout.strip() == "[]", plain.stdout + plain.stderr
    tests = run(
        out,
        "-m",
        "pytest",
        "-o",
        "addopts=",
        "-q",
        "-p",
        "no:cacheprovider",
        "-p",
        "no:xdist",
        "tests/core",
        "tests/uno",
        "tests/amigo_solo",
        "tests/german_solo",
        "tests/frog",
        "tests/bots",
        "tests/test_records.py",
        "tests/test_conformance.py",
        "tests/test_golden_records.py",  # the same seeds give the same games in both builds
    )
    assert tests.returncode == 0, tests.stdout[-4000:] + tests.stderr[-2000:]
    assert " passed" in tests.stdout.splitlines()[-1], tests.stdout[-2000:]


@pytest.mark.skipif(importlib.util.find_spec("numpy") is None, reason="needs the rl extra")
def test_the_compiled_build_passes_the_rl_tests(compiled: Path) -> None:
    check = run(
        compiled,
        "-c",
        "import solocards.rl.batched as b, solocards.rl.observations.uno as u; "
        "import solocards.rl.aec_core as a; "
        "print(b.__file__.endswith('.py'), u.__file__.endswith('.py'), a.__file__.endswith('.py'))",
    )
    assert check.stdout.strip() == "False False False", check.stdout + check.stderr
    tests = run(
        compiled,
        "-m",
        "pytest",
        "-o",
        "addopts=",
        "-q",
        "-p",
        "no:cacheprovider",
        "-p",
        "no:xdist",
        "tests/rl/test_fast_path.py",
        "tests/rl/test_observations.py",
        "tests/rl/test_turns.py",
        "tests/rl/test_batched.py",
        "tests/rl/test_vector.py",
        "tests/rl/test_pettingzoo.py",
        "tests/rl/test_staging.py",
    )
    assert tests.returncode == 0, tests.stdout[-4000:] + tests.stderr[-2000:]
    assert " passed" in tests.stdout.splitlines()[-1], tests.stdout[-2000:]
