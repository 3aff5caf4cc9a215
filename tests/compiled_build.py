"""The compiled build for the tests, started in the background as the test session begins.

Building the platform wheel (mypyc, then a C compiler on one large file) takes minutes of one
core; the compiled-build tests (``tests/test_compiled.py``) need it, and nothing else does. So
the first process of a test session (the one that starts the xdist workers, or the only one)
starts the build at once in a child process (:func:`start`), and the other tests run while it
compiles; the compiled-build tests then wait for it (:func:`wait`). The child builds into a
folder of its own, announced to the workers by :data:`FOLDER_VARIABLE`, and writes ``ready``
(the wheel's path) or ``failed`` (its output) there when it is done.

    python tests/compiled_build.py FOLDER      # what the child runs

A session that cannot reach the compiled-build tests (other paths, ``-k``, ``-m``) starts no
build; when no build was started, the tests build the wheel themselves (:func:`build`).
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile
import time
import traceback
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TESTS = ROOT / "tests" / "test_compiled.py"

FOLDER_VARIABLE = "SOLOCARDS_TEST_COMPILED_BUILD"
"""The environment variable that names the folder of the build started for this session."""

WAIT_SECONDS = 1800
"""How long a test waits for the background build before it gives up."""


TEST_OPTIMIZATION = "1"
"""The C compiler's level for the tests' build: ``-O1`` compiles in three quarters of the time
of the shipped wheel's ``-O3`` (94 s against 122 s here), and the engine's tests run as fast on
it (30.5 s against 30.7 s for conformance and German Solo); ``-O0`` builds in 77 s but runs
them in 41.8 s. The level changes how fast the C runs, not what it does."""


TEST_SPLIT = True
"""The tests' build writes the C of each module into a file of its own (mypyc's ``multi_file``):
it compiles in 61 CPU s against 109 for one file (at ``-O1``, the 2-core development machine,
2026-12-08), and the engine's tests run as fast on it (German Solo, conformance and the golden
records: 15.8-16.0 s on both). The shipped wheel keeps one file, where the C compiler may
inline across modules."""


def possible() -> bool:
    """Whether the compiled-build tests run here: in CI always (they must not skip there),
    elsewhere where a C compiler, mypyc and ``build`` are at hand."""
    return bool(os.environ.get("CI")) or (
        shutil.which("cc") is not None
        and importlib.util.find_spec("mypyc") is not None
        and importlib.util.find_spec("build") is not None
    )


def build(folder: Path) -> Path:
    """Build the platform wheel into ``folder / "dist"`` and unpack it into
    ``folder / "mypyc"`` (what ``make compiled`` makes, for ``PYTHONPATH``); returns the wheel."""
    sys.path.insert(0, str(ROOT / "tests"))
    from wheels import build_wheel

    wheel = build_wheel(
        folder / "dist", compiled=True, optimization=TEST_OPTIMIZATION, split=TEST_SPLIT
    )
    unpacked = folder / "mypyc"
    unpacked.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(unpacked)
    return wheel


def _announce(folder: Path, name: str, text: str) -> None:
    """Write ``folder / name`` in one step (a half-written file is never read)."""
    partial = folder / f".{name}"
    partial.write_text(text)
    partial.replace(folder / name)


def reaches_the_compiled_tests(args: list[str], keyword: str, markers: str) -> bool:
    """Whether a session with these paths (``config.args``), ``-k`` and ``-m`` runs the
    compiled-build tests: a path that is the test file or a folder above it, and no selection.

    >>> reaches_the_compiled_tests([str(ROOT / "tests")], "", "")
    True
    >>> reaches_the_compiled_tests([str(ROOT / "tests" / "uno")], "", "")
    False
    >>> reaches_the_compiled_tests([str(ROOT)], "uno", "")
    False
    """
    if keyword or markers:
        return False
    for arg in args:
        path = Path(arg.split("::", 1)[0]).resolve()
        if path == TESTS or path in TESTS.parents:
            return True
    return False


def start() -> tuple[subprocess.Popen[bytes], Path]:
    """Start the build in a child process; returns it and its folder (also put into
    :data:`FOLDER_VARIABLE`, so that the workers started after this find it)."""
    folder = Path(tempfile.mkdtemp(prefix="solocards-compiled-"))
    log = (folder / "build.log").open("wb")
    child = subprocess.Popen(
        [sys.executable, str(Path(__file__).resolve()), str(folder)],
        cwd=ROOT,
        stdout=log,
        stderr=subprocess.STDOUT,
        env={name: value for name, value in os.environ.items() if name != "PYTHONPATH"},
    )
    log.close()
    os.environ[FOLDER_VARIABLE] = str(folder)
    return child, folder


def stop(child: subprocess.Popen[bytes], folder: Path) -> None:
    """End the build if it still runs and remove its folder (at the end of the session)."""
    if child.poll() is None:
        child.terminate()
        try:
            child.wait(timeout=30)
        except subprocess.TimeoutExpired:
            child.kill()
            child.wait()
    shutil.rmtree(folder, ignore_errors=True)
    os.environ.pop(FOLDER_VARIABLE, None)


def wait(folder: Path, seconds: float = WAIT_SECONDS) -> Path:
    """The wheel of the build in ``folder``, once it is ready; raises ``RuntimeError`` with the
    build's output if the build failed, stopped without a word, or took over ``seconds``."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if (folder / "ready").exists():
            return Path((folder / "ready").read_text())
        if (folder / "failed").exists():
            raise RuntimeError("the compiled build failed:\n" + (folder / "failed").read_text())
        if not folder.exists():
            raise RuntimeError(f"the compiled build's folder {folder} is gone")
        time.sleep(1)
    log = folder / "build.log"
    tail = log.read_text(errors="replace")[-3000:] if log.exists() else ""
    raise RuntimeError(f"the compiled build in {folder} took over {seconds:.0f} s:\n{tail}")


def main() -> None:
    folder = Path(sys.argv[1])
    try:
        wheel = build(folder)
    except BaseException:
        log = folder / "build.log"
        output = log.read_text(errors="replace")[-3000:] if log.exists() else ""
        _announce(folder, "failed", output + "\n" + traceback.format_exc())
        raise
    _announce(folder, "ready", str(wheel))


if __name__ == "__main__":
    main()
