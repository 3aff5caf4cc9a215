"""The examples in the documentation run, and say what they show.

``docs/python-api.md`` describes what solocards' Python API offers beyond ``shared/API.md``;
its examples are doctests (the ``>>>`` lines of its code blocks), run here as written.
"""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parent.parent / "docs"


@pytest.mark.parametrize("name", ["python-api.md"])
def test_the_examples_of_the_page_hold(name: str) -> None:
    failures, tried = doctest.testfile(
        str(DOCS / name), module_relative=False, optionflags=doctest.ELLIPSIS, verbose=False
    )
    assert tried > 10, f"{name}: only {tried} examples found"
    assert failures == 0, f"{name}: {failures} of {tried} examples failed (printed above)"
