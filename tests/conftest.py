"""Shared test settings: hypothesis profiles sized for a 2-core CI machine (``ci``; ``compiled``
for the compiled build's rerun of the engine's tests; ``thorough`` on demand), the compiled
build started in the background as the session begins (``compiled_build.py``), and quick
password hashing for the servers the tests run in their own process."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

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


QUICK_ARGON2 = {"time_cost": 1, "memory_cost": 64, "parallelism": 1}
"""The Argon2id parameters of the tests' servers: the same library and hash format as the
site's (``solocards.server.accounts.passwords``), at a thousandth of its memory. The site's
parameters cost some 0.2 CPU s a hash or a check, and the tests sign up and log in a few
hundred times; the tests that are about the parameters ask for
``production_password_hashing``."""

SITE_HASHER: dict[str, Any] = {}
"""The site's own hasher, kept as the first test module replaced it."""


@pytest.fixture(autouse=True, scope="module")
def quick_password_hashing() -> Iterator[None]:
    """Every test module hashes passwords with :data:`QUICK_ARGON2` (servers that run in another
    process, as the cluster tests start them, keep the site's parameters). Only where the
    server is imported already: the engine's tests never load it."""
    passwords = sys.modules.get("solocards.server.accounts.passwords")
    if passwords is None:
        yield
        return
    from argon2 import PasswordHasher

    SITE_HASHER.setdefault("site", passwords._HASHER)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(passwords, "_HASHER", PasswordHasher(**QUICK_ARGON2))
        yield


@pytest.fixture
def production_password_hashing() -> Iterator[None]:
    """The site's own Argon2id parameters, for a test about them."""
    from solocards.server.accounts import passwords

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(passwords, "_HASHER", SITE_HASHER["site"])
        yield


@pytest.fixture(scope="session")
def chromium() -> Iterator[Any]:
    """Debian's Chromium, headless, driven by Playwright, started once per test process (a
    start costs some 0.7 CPU s with Playwright's driver, and a process may run one Playwright
    at a time): every browser test uses this one (``tests/web/conftest.py``'s ``browser``)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent / "web"))
    from playwright.sync_api import sync_playwright
    from web_helpers import CHROMIUM, CHROMIUM_ARGS, need_chromium

    need_chromium()
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield launched
        finally:
            launched.close()
