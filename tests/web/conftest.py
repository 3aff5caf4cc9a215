"""Fixtures of the browser tests: one server per test module, one Chromium per test process.

The tests are skipped only where Debian's Chromium is missing and ``CI`` is unset; in CI a
missing browser (or Playwright) fails them.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from web_helpers import SHOTS, LiveServer, need_chromium

try:
    from playwright.sync_api import Browser
except ImportError:  # pragma: no cover - only without the web extra
    if os.environ.get("CI"):
        raise
    collect_ignore_glob = ["test_*.py"]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A server on a fresh SQLite file; bots move at once; seeds may be chosen."""
    need_chromium()
    folder: Path = tmp_path_factory.mktemp("web")
    with LiveServer(f"sqlite:///{folder / 'web.sqlite'}") as live:
        yield live


@pytest.fixture(scope="module")
def browser(server: LiveServer, chromium: Browser) -> Iterator[Browser]:
    """The Chromium of this process for one module: whatever pages the module leaves open are
    closed when it ends, before its server stops."""
    yield chromium
    for context in chromium.contexts:
        context.close()


@pytest.fixture(scope="session")
def shots() -> Path:
    """The folder the screenshots go to (kept as CI artifacts)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    return SHOTS


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark each browser module as one xdist group: under ``--dist loadgroup`` its tests stay on
    one worker and share the server, the browser and a match played once per module. ``make
    test`` runs ``--dist worksteal``, which ignores the marks: a module whose tests the other
    worker steals sets them up there again."""
    for item in items:
        if "tests/web/" in str(item.path).replace("\\", "/"):
            item.add_marker(pytest.mark.xdist_group(name=item.path.stem))
