"""The rounds a match has finished, as one seat saw each end: what a page needs after a reload
to show the score history and the earlier rounds' log again.

Each round is rebuilt from the match's own record (its decks and actions), and only the seat's
own view of the round's end goes out: the same view the seat got in that round's ``round_over``
update, so nothing hidden from the seat is shown.
"""

from __future__ import annotations

from typing import Any

from ...core.match import Match
from ...records import replay
from .narration import RoundNotes, note_of
from .words import summary_lines


def past_rounds(match: Match, seat: int | None, lang: str) -> list[dict[str, Any]]:
    """Every finished round of ``match``: its number (from 0), result, summary lines in
    ``lang``, ``seat``'s view of its end (a spectator's for ``None``), the totals after it and
    the round's notes (the public facts of each action, :mod:`.narration`).

    >>> import solocards
    >>> match = solocards.make("uno", players=2, hand_size=2).match(seed=1)
    >>> while match.round_index == 0:
    ...     who = match.to_act[0]
    ...     match.apply(who, match.state.legal_actions(who)[0])
    >>> [round_["round"] for round_ in past_rounds(match, 0, "en")]
    [0]
    >>> past_rounds(match, 0, "en")[0]["totals"] == match.totals
    True
    """
    finished = len(match.results)
    if not finished:
        return []
    record = match.record()
    actions = [
        (int(who), str(action))
        for round_ in record["rounds"][:finished]
        for who, action in round_["actions"]
    ]
    again = replay(record, upto=0)
    notes = RoundNotes()
    notes.begin(again.state.view(None))
    rounds: list[dict[str, Any]] = []
    for who, action in actions:
        before = again.state
        public = before.view(None, log=False)  # a note reads no log: each view costs the same
        index = again.round_index
        again.apply(who, action)
        notes.add(note_of(public, who, action, before.view(None, log=False)))
        if again.round_index != index or again.is_over:
            result = before.result
            rounds.append(
                {
                    "round": index,
                    "result": result,
                    "summary": [] if result is None else summary_lines(match.game, result, lang),
                    "view": before.view(seat),
                    "totals": list(again.totals),
                    "notes": notes.describe(),
                }
            )
            notes.begin(again.state.view(None))
    return rounds
