"""The compiled build (mypyc) behaves exactly as the plain one, and ships as a platform wheel.

``scripts/build_compiled.py`` builds the platform wheel (``SOLOCARDS_COMPILE=1``: the engine's hot
modules compiled, see ``solocards.core.compiled`` and ``setup.py``) once, and unpacks it into a
temporary folder; the session starts that build in the background as it begins
(``compiled_build.py``), and these tests wait for it. The engine's own tests (core, records, every
game's rules, the bots' search, playouts and world sampling, the conformance suite over every game,
and the golden records: the same seeds give byte for byte the same matches) then run again, in parts
that the xdist workers share, each in a child process that imports the compiled build first, and so
do the quick tests of ``solocards.rl``'s compiled modules (observations, turns, the batched envs,
the AEC core; they need the ``rl`` extra). The wheel itself is checked too: it is a platform wheel
holding an extension for every compiled module and every file of the package; installed into a fresh
venv it runs compiled, and it plays the same seeded games as the plain wheel. Needs a C compiler,
mypy and ``build`` (the ``dev`` extra), as CI has.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

import compiled_build
from wheels import (
    INSTALLED,
    SEEDED_GAMES,
    build_script,
    build_wheel,
    install,
    run_outside,
    wheel_files,
)

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.skipif(
    not compiled_build.possible(),
    reason="the compiled build needs a C compiler, mypy and build (CI installs them, never skips)",
)


PLAIN_HOT_MODULES = """
import importlib, solocards
names = [f"solocards.games.{g.replace('-', '_')}.{m}" for g in solocards.games()
         for m in ("state", "rules", "view", "game")] + ["solocards.bots.playout"]
print([name for name in names if importlib.import_module(name).__file__.endswith(".py")])
"""
"""Prints the hot modules that run as plain Python (``[]`` when all are compiled)."""


def run(out: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """Python with the build in ``out`` first on its path. Tests run there draw two examples of
    each property (the ``compiled`` hypothesis profile, derandomized as CI's five): the plain run
    tries the five, and the golden records compare whole matches byte for byte."""
    env = {**os.environ, "PYTHONPATH": str(out), "SOLOCARDS_HYPOTHESIS": "compiled"}
    return subprocess.run(
        [sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=900
    )


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder of the compiled build: the one the session started in the background
    (``compiled_build.py``), waited for, or else one built here, once for this module."""
    started = os.environ.get(compiled_build.FOLDER_VARIABLE)
    if started:
        compiled_build.wait(Path(started))
        return Path(started)
    folder = tmp_path_factory.mktemp("compiled")
    compiled_build.build(folder)
    return folder


@pytest.fixture(scope="module")
def platform_wheel(built: Path) -> Path:
    """The platform wheel."""
    (wheel,) = (built / "dist").glob("*.whl")
    return wheel


@pytest.fixture(scope="module")
def compiled(built: Path) -> Path:
    """The platform wheel unpacked (what ``make compiled`` makes), for ``PYTHONPATH``."""
    return built / "mypyc"


def test_the_platform_wheel_holds_an_extension_for_every_compiled_module(
    platform_wheel: Path,
) -> None:
    assert not platform_wheel.name.endswith("-none-any.whl"), platform_wheel.name
    assert f"-cp{sys.version_info.major}{sys.version_info.minor}-" in platform_wheel.name
    files = wheel_files(platform_wheel)
    extensions = {name.split(".", 1)[0] for name in files if name.endswith(".so")}
    modules = build_script().COMPILED_MODULES
    assert {module.removesuffix(".py") for module in modules} <= extensions
    assert set(modules) <= set(files)  # the sources stay beside their extensions
    for data in ("solocards/py.typed", "solocards/web/index.html", "solocards/locale/web.pot"):
        assert data in files


def test_both_wheels_install_and_play_the_same_seeded_games(
    platform_wheel: Path, tmp_path: Path
) -> None:
    plain_wheel = build_wheel(tmp_path / "dist", compiled=False)
    assert plain_wheel.name.endswith("-py3-none-any.whl"), plain_wheel.name
    compiled_python = install(platform_wheel, tmp_path / "compiled")
    plain_python = install(plain_wheel, tmp_path / "plain")
    assert run_outside(compiled_python, INSTALLED).split() == ["True", "True"]
    assert run_outside(plain_python, INSTALLED).split() == ["False", "True"]
    games = run_outside(compiled_python, SEEDED_GAMES)
    assert len(games.strip()) == 64, games
    assert games == run_outside(plain_python, SEEDED_GAMES)


def test_the_compiled_build_is_the_one_imported(compiled: Path) -> None:
    check = run(
        compiled, "-c", "from solocards.core.compiled import is_compiled; print(is_compiled())"
    )
    assert check.stdout.strip() == "True", check.stderr
    plain = run(compiled, "-c", PLAIN_HOT_MODULES)  # every game's engine and the bots' playouts
    assert plain.stdout.strip() == "[]", plain.stdout + plain.stderr


ENGINE_TESTS = (
    ("tests/core", "tests/uno", "tests/frog"),
    ("tests/amigo_solo", "tests/german_solo"),
    # the bots' tests that run the compiled search, playouts and world sampling (the belief,
    # colour model and bench scripts are plain Python over the engine: the plain run has them),
    # the golden records (the same seeds give the same games in both builds) and conformance
    (
        "tests/bots/test_ismcts.py",
        "tests/bots/test_search_tree.py",
        "tests/bots/test_trick_game_bots.py",
        "tests/bots/test_uno_bots.py",
        "tests/bots/test_uno_fast_playout.py",
        "tests/bots/test_uno_keeping_playout.py",
        "tests/bots/test_uno_planning_playout.py",
        "tests/bots/test_uno_world_reading.py",
        "tests/bots/test_view_for.py",
        "tests/bots/test_worlds_all_games.py",
        "tests/test_records.py",
        "tests/test_golden_records.py",
        "tests/test_conformance.py",
    ),
)
"""The engine's own tests, in three parts that the xdist workers share out. Each part is one
child process, and each child costs 2-3 s to start (pytest, the conftest and the imports):
three parts share out among the workers without paying that nine times."""

NOT_RERUN = (
    "tests/uno/test_uno_explain_words.py",
    "tests/amigo_solo/test_amigo_explain_words.py",
)
"""Left out of the compiled run: the explanations' words are plain Python (``explain.py`` is
not compiled) and their tests spend their time in the translations; the compiled rules they
call are the ones the rest of each game's tests run."""


def run_tests(out: Path, *paths: str) -> None:
    """Run the tests at ``paths`` on the build in ``out``; they must all pass."""
    ignored = [f"--ignore={path}" for path in NOT_RERUN]
    tests = run(
        out, "-m", "pytest", "-o", "addopts=", "-q", "-p", "no:cacheprovider", "-p", "no:xdist",
        *ignored, *paths,
    )  # fmt: skip
    assert tests.returncode == 0, tests.stdout[-4000:] + tests.stderr[-2000:]
    assert " passed" in tests.stdout.splitlines()[-1], tests.stdout[-2000:]


@pytest.mark.parametrize(
    "paths", ENGINE_TESTS, ids=["core-uno-frog", "amigo-german", "bots-records-conformance"]
)
def test_the_compiled_build_passes_the_engine_tests(compiled: Path, paths: tuple[str, ...]) -> None:
    run_tests(compiled, *paths)


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
    run_tests(
        compiled,
        "tests/rl/test_fast_path.py",
        "tests/rl/test_observation_digests.py",
        "tests/rl/test_observations.py",
        "tests/rl/test_turns.py",
        "tests/rl/test_batched.py",
        "tests/rl/test_pettingzoo.py",  # the AEC core (compiled) under PettingZoo's API tests
    )  # the vector workers, staging and OpenSpiel wrap these modules: the plain run has them
