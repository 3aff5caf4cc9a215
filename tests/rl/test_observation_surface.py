"""The fast encoders read each game's state through its public surface only.

``rl/observations/<game>.py`` reads no private field of a state (nothing ``st._...``), needs no
``# type: ignore`` to downcast it, and refuses another game's state with a clear TypeError.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

pytest.importorskip("numpy")

import solocards
from solocards.rl import observations
from solocards.rl.observations import encoder_for

FOLDER = Path(observations.__file__).parent
ENCODERS = {
    "uno": "uno.py",
    "amigo-solo": "amigo_solo.py",
    "german-solo": "german_solo.py",
    "frog": "frog.py",
}


def private_reads(source: str) -> list[str]:
    """Attributes starting with ``_`` read off anything but ``self`` (and not dunders)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if (
            isinstance(node, ast.Attribute)
            and node.attr.startswith("_")
            and not node.attr.startswith("__")
            and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"))
        ):
            found.append(f"line {node.lineno}: .{node.attr}")
    return found


def test_the_check_finds_a_private_read() -> None:
    assert private_reads("st = state\nx = st._known\ny = self._cache\n") == ["line 2: ._known"]


@pytest.mark.parametrize("game_id", sorted(ENCODERS))
def test_an_encoder_reads_no_private_field_and_casts_nothing(game_id: str) -> None:
    source = (FOLDER / ENCODERS[game_id]).read_text()
    assert private_reads(source) == []
    assert "type: ignore" not in source


@pytest.mark.parametrize("game_id", sorted(ENCODERS))
def test_an_encoder_refuses_another_games_state(game_id: str) -> None:
    game = solocards.make(game_id)
    other = solocards.make("frog" if game_id != "frog" else "uno").deal(seed=1)
    encoder = encoder_for(game)
    out = encoder.new_observation()
    with pytest.raises(TypeError, match="states"):
        encoder.encode_state(other, 0, out)
