"""Option declaration and validation."""

from __future__ import annotations

import pytest

from solocards.core.errors import OptionError
from solocards.core.options import Option, resolve_options

SPECS = (
    Option("flag", False, "A switch."),
    Option("size", 7, "A number.", minimum=1, maximum=20),
    Option("mode", "a", "A choice.", choices=("a", "b")),
)


def test_defaults_fill_what_is_not_given() -> None:
    assert resolve_options("g", SPECS, {"size": 9}) == {"flag": False, "size": 9, "mode": "a"}


@pytest.mark.parametrize(
    ("given", "message"),
    [
        ({"flag": 1}, "flag: 1 is not a boolean"),
        ({"size": True}, "size: True is not a whole number"),
        ({"size": 0}, "below the minimum 1"),
        ({"size": 21}, "above the maximum 20"),
        ({"mode": "c"}, "'c' is not one of a, b"),
        ({"mode": 3}, "not a string"),
        ({"colour": "x"}, "no option colour; valid options: flag, mode, size"),
    ],
)
def test_bad_values_are_refused_with_what_is_valid(given: dict[str, object], message: str) -> None:
    with pytest.raises(OptionError, match=message):
        resolve_options("g", SPECS, given)


@pytest.mark.parametrize(
    ("spec", "text", "value"),
    [
        (SPECS[0], "true", True),
        (SPECS[0], "off", False),
        (SPECS[1], "12", 12),
        (SPECS[2], "b", "b"),
    ],
)
def test_command_line_values_are_parsed(spec: Option, text: str, value: object) -> None:
    assert spec.parse("g", text) == value


def test_command_line_values_are_checked() -> None:
    with pytest.raises(OptionError, match="not a whole number"):
        SPECS[1].parse("g", "seven")
    with pytest.raises(OptionError, match="not a boolean"):
        SPECS[0].parse("g", "maybe")


def test_describe_lists_the_allowed_values() -> None:
    assert [spec.describe() for spec in SPECS] == ["true | false", "integer 1..20", "a | b"]
