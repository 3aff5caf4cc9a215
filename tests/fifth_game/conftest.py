"""Register High Card, the fifth game, for these tests: the one line a new game needs."""

from __future__ import annotations

import pytest

from solocards.games import registry


@pytest.fixture(autouse=True)
def high_card(monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setitem(registry._GAMES, "high-card", "highcard.game:HighCardGame")
    return "high-card"
