"""A bad bot spec (``--bots``, the lobby's bot kind) is refused in the reader's language: the
errors are engine messages, the same English text as before, translated at the edge."""

from __future__ import annotations

import pytest

import solocards
from solocards.bots.registry import bot_params
from solocards.core.errors import OptionError
from solocards.i18n import render_error

UNO = solocards.make("uno")


@pytest.mark.parametrize(
    ("spec", "english"),
    [
        ("ismcts:c=abc", "ismcts parameter c must be a finite number from 0.0 to 10.0, not 'abc'"),
        ("ismcts:iterations=0", "ismcts parameter iterations must be a whole number from 1 to "),
        ("ismcts:rollout=slow", "ismcts parameter rollout must be one of auto, fast, random, "),
        ("heuristic:foo=1", "the heuristic bot has no parameter 'foo'; "),
        ("ismcts:c", "bot parameter 'c' is not key=value"),
        ("ismcts:c=1,c=2", "bot parameter c is given twice"),
        ("robot", "unknown bot 'robot'; bots: "),
    ],
)
def test_bot_spec_errors_keep_their_english_and_are_translated(spec: str, english: str) -> None:
    with pytest.raises(OptionError) as caught:
        bot_params(spec, UNO)
    assert str(caught.value).startswith(english)
    for lang in ("de", "uk", "ru", "be"):
        said = render_error(caught.value, lang)
        assert said != str(caught.value) and not said.startswith(english[:12]), (lang, said)


def test_an_unknown_playout_kind_named_in_code_lists_every_kind_in_each_language() -> None:
    # make_rollout is also called directly (bench scripts, the search benchmark), past the
    # registry's check: its own message names every kind, translated
    from solocards.bots.ismcts import make_rollout

    with pytest.raises(OptionError) as caught:
        make_rollout(UNO, "slowest")
    assert str(caught.value) == (
        "ismcts rollout must be auto, fast, plan, random or heuristic, not 'slowest'"
    )
    for lang in ("de", "uk", "ru", "be"):
        said = render_error(caught.value, lang)
        assert "plan" in said and "'slowest'" in said and not said.startswith("ismcts rollout")
