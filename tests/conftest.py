"""Shared test settings: hypothesis profiles sized for a 2-core CI machine (``ci``; ``compiled``
for the compiled build's rerun of the engine's tests; ``thorough`` on demand), and the compiled
build started in the background as the session begins (``compiled_build.py``)."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

import compiled_build

BACKGROUND_BUILD = pytest.StashKey[tuple[subprocess.Popen[bytes], Path]]()
"""The background build of this session (its process and folder), where one was started."""

settings.register_profile(
    "ci",
    max_examples=5,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
)
settings.register_profile(
    "compiled",  # the compiled build's rerun of the engine's tests (tests/test_compiled.py)
    max_examples=2,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
)
settings.register_profile(
    "thorough",
    max_examples=200,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("SOLOCARDS_HYPOTHESIS", "ci"))


def pytest_configure(config: pytest.Config) -> None:
    """The first process of a session that runs the compiled-build tests starts their build in
    the background at once (``compiled_build.py``), before the xdist workers start."""
    if hasattr(config, "workerinput") or config.option.collectonly:
        return
    if os.environ.get(compiled_build.FOLDER_VARIABLE) or not compiled_build.possible():
        return
    if compiled_build.reaches_the_compiled_tests(
        [str(arg) for arg in config.args], config.option.keyword, config.option.markexpr
    ):
        config.stash[BACKGROUND_BUILD] = compiled_build.start()


def pytest_unconfigure(config: pytest.Config) -> None:
    """Stop the background build if it still runs, and remove what it made."""
    started = config.stash.get(BACKGROUND_BUILD, None)
    if started is not None:
        compiled_build.stop(*started)
