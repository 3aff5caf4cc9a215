"""Shared fixtures of the learned bot's tests."""

from __future__ import annotations

import pytest


@pytest.fixture
def english(monkeypatch: pytest.MonkeyPatch) -> None:
    """The CLI speaks English: no locale variable from the machine chooses another language."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
