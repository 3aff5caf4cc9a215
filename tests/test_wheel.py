"""The plain wheel: pure Python for any platform, with every file of the package.

``python -m build`` makes a ``py3-none-any`` wheel unless ``SOLOCARDS_COMPILE=1`` asks for the
compiled one (``setup.py``; that one is tested with the compiled build, ``tests/test_compiled.py``,
which also checks that both play the same seeded games). Installed into a fresh venv, the plain
wheel imports, finds its data (translations, the browser files, the database migrations) and
runs as plain Python.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from wheels import INSTALLED, ROOT, build_wheel, install, run_outside, wheel_files

pytestmark = pytest.mark.skipif(
    importlib.util.find_spec("build") is None, reason="building wheels needs build (dev extra)"
)


@pytest.fixture(scope="module")
def plain_wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_wheel(tmp_path_factory.mktemp("dist"), compiled=False)


def package_files() -> set[str]:
    """Every file of the package in the source tree (tracked by git), as paths in a wheel."""
    listed = subprocess.run(
        ["git", "ls-files", "src/solocards"], cwd=ROOT, capture_output=True, text=True, check=True
    )
    return {line.removeprefix("src/") for line in listed.stdout.splitlines() if line}


def test_the_plain_wheel_is_pure_python_and_holds_every_package_file(plain_wheel: Path) -> None:
    assert plain_wheel.name.endswith("-py3-none-any.whl"), plain_wheel.name
    files = wheel_files(plain_wheel)
    assert not [name for name in files if name.endswith((".so", ".pyd", ".c"))]
    missing = package_files() - set(files)
    assert not missing, sorted(missing)
    assert "solocards/locale/uk/LC_MESSAGES/web.po" in files
    assert "solocards/server/migrations/env.py" in files


def test_the_plain_wheel_runs_as_plain_python_in_a_fresh_venv(
    plain_wheel: Path, tmp_path: Path
) -> None:
    python = install(plain_wheel, tmp_path / "venv")
    assert run_outside(python, INSTALLED).split() == ["False", "True"]


def checkout_state() -> dict[str, int]:
    """What a build could write into the checkout: the build metadata and release tree at the
    root and under ``src``, each with its newest modification time."""
    found: dict[str, int] = {}
    for folder in (ROOT, ROOT / "src"):
        for entry in folder.iterdir():
            if entry.name.endswith(".egg-info") or entry.name.startswith("solocards-"):
                times = [entry.stat().st_mtime_ns] + [
                    inner.stat().st_mtime_ns for inner in entry.rglob("*")
                ]
                found[str(entry.relative_to(ROOT))] = max(times)
    return found


def test_two_builds_at_once_both_make_their_wheel_and_leave_the_checkout_as_it_was(
    tmp_path: Path,
) -> None:
    # a parallel test session builds wheels on two workers at once; each builds from a copy
    before = checkout_state()
    with ThreadPoolExecutor(max_workers=2) as pool:
        builds = [
            pool.submit(build_wheel, tmp_path / f"dist{index}", compiled=False)
            for index in range(2)
        ]
        wheels = [build.result() for build in builds]
    assert [wheel.name for wheel in wheels] == [wheels[0].name] * 2
    assert sorted(wheel_files(wheels[0])) == sorted(wheel_files(wheels[1]))
    assert checkout_state() == before


@pytest.mark.parametrize(
    ("variable", "wrong", "message", "right"),
    [
        ("SOLOCARDS_COMPILE_OPT", "fast", "must be 0, 1, 2 or 3, not 'fast'", "1"),
        ("SOLOCARDS_COMPILE_SPLIT", "yes", "must be 0 or 1, not 'yes'", "1"),
    ],
)
def test_a_wrong_build_setting_is_refused_with_the_values_it_takes(
    variable: str, wrong: str, message: str, right: str
) -> None:
    env = {**os.environ, "SOLOCARDS_COMPILE": "1", variable: wrong}
    done = subprocess.run(
        [sys.executable, "setup.py", "--name"], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert done.returncode != 0
    assert f"{variable} {message}" in done.stderr
    env[variable] = right
    named = subprocess.run(
        [sys.executable, "setup.py", "--name"], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert named.returncode == 0, named.stderr
    assert named.stdout.strip().endswith("solocards")
