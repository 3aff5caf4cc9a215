"""Account name keys: the same for names that differ in case, width, invisible characters or
letters that look alike across scripts; different for names that read differently."""

from __future__ import annotations

import pytest

from solocards.server.accounts.names import name_key

SAME = [
    ("Ana", "ANA"),
    ("Ana", "ａｎａ"),  # fullwidth
    ("AHA", "\u0410\u043d\u0430"),  # Cyrillic А, н (a capital Н in lower case), а
    ("Paul", "\u0420\u0430ul"),  # Cyrillic Р and а
    ("Olga", "\u039flga"),  # Greek capital omicron
    ("Zeus", "\u0396eus"),  # Greek capital zeta
    ("ana lee", "ana\u00a0 lee"),  # a no-break space and a run of spaces
    ("ana", "a\u200bn\u202ea"),  # a zero-width space and a bidi override
    ("Straße", "STRASSE"),
]
DIFFERENT = [
    ("ana", "anna"),
    ("tina", "rina"),
    ("olga", "0lga"),  # a digit is no letter
    ("zoë", "zoe"),  # an accent changes the name
    ("ivan", "іван"),  # Ukrainian і, в, а, н: the same letters read aloud, not the same look
    ("ґанна", "ганна"),  # letters with no Latin look-alike stay as they are
]


@pytest.mark.parametrize(("one", "other"), SAME)
def test_names_that_look_alike_have_one_key(one: str, other: str) -> None:
    assert name_key(one) == name_key(other)


@pytest.mark.parametrize(("one", "other"), DIFFERENT)
def test_names_that_read_differently_have_different_keys(one: str, other: str) -> None:
    assert name_key(one) != name_key(other)
