"""The referee of the leak tests: what each seat may see at every version of a finished game.

It replays the finished game's record and, for every version (number of actions applied),
keeps each audience's view (seats, then spectator ``None``) and the cards hidden from it (the
other seats' hands, the draw pile, the talon). :meth:`Referee.check` then takes one message a
client received and asserts that

- every view in it is exactly the engine's view for that audience at that version (an update's
  view without its log: its new entries, ``log_added``, are the engine's log from ``log_from``), and
- no card hidden from that audience at that moment appears anywhere in it, unless the engine's
  own view shows a copy of it (games with duplicate cards: a public R5 beside a hidden R5).
"""

from __future__ import annotations

import re
from typing import Any

import solocards

TOKEN = re.compile(r"[^A-Za-z0-9+]+")
NOT_GAME_DATA = {"table", "id", "rematch", "rematch_of", "created_at", "invite"}
HIDDEN_PLACES = ("draw_pile", "talon", "stock")


def tokens(value: Any, out: set[str] | None = None) -> set[str]:
    """Every word of every string in a JSON value (card strings survive: ``W+4:G!`` -> W+4, G)."""
    found = set() if out is None else out
    if isinstance(value, str):
        found.update(part for part in TOKEN.split(value) if part)
    elif isinstance(value, dict):
        for key, item in value.items():
            if key not in NOT_GAME_DATA:
                tokens(item, found)
    elif isinstance(value, list | tuple):
        for item in value:
            tokens(item, found)
    return found


def hidden_cards(snapshot: dict[str, Any], seat: int | None) -> set[str]:
    """The cards ``seat`` cannot see in a snapshot: other hands, the draw pile, the talon."""
    cards: set[str] = set()
    for other, hand in enumerate(snapshot["hands"]):
        if other != seat:
            cards.update(hand)
    for place in HIDDEN_PLACES:
        pile = snapshot.get(place)
        if isinstance(pile, list):
            cards.update(card for card in pile if isinstance(card, str))
    return cards


class Referee:
    """Views and hidden cards of every audience at every version of a finished game."""

    def __init__(self, record: dict[str, Any]) -> None:
        self.record = record
        self.players: int = record["players"]
        self.audiences: list[int | None] = [*range(self.players), None]
        match = solocards.replay(record, upto=0)
        self.deck = set(match.game.deck())
        actions = [
            (seat, action) for round_ in record["rounds"] for seat, action in round_["actions"]
        ]
        self.views: list[dict[int | None, dict[str, Any]]] = []
        self.short_views: list[dict[int | None, dict[str, Any]]] = []  # view(who, log=False)
        self.hidden: list[dict[int | None, set[str]]] = []
        self.round_end: dict[int, dict[int | None, dict[str, Any]]] = {}
        # the card turned face up to start each round: everybody saw it (the log's notes name
        # it), even once it is shuffled back into the pile
        self.openings: list[set[str]] = []
        self._opening: set[str] = set()
        self._snap(match, opening=True)
        for version, (seat, action) in enumerate(actions, 1):
            before = match.state
            round_index = match.round_index
            match.apply(seat, action)
            if match.round_index != round_index:
                self.round_end[version] = {who: before.view(who) for who in self.audiences}
            self._snap(match, opening=match.round_index != round_index)
        self.final_version = len(actions)
        self.checked = 0

    def _snap(self, match: solocards.Match, opening: bool = False) -> None:
        state = match.state
        snapshot = state.snapshot()
        if opening:
            self._opening = tokens(state.view(None).get("top_card"))
        self.openings.append(self._opening)
        self.views.append({who: state.view(who) for who in self.audiences})
        self.short_views.append({who: state.view(who, log=False) for who in self.audiences})
        self.hidden.append({who: hidden_cards(snapshot, who) for who in self.audiences})

    def _visible(self, version: int, who: int | None) -> set[str]:
        seen = tokens(self.views[version][who]) | self.openings[version]
        if version in self.round_end:
            tokens(self.round_end[version][who], seen)
        return seen

    def _round_end_view(self, round_index: int, who: int | None) -> dict[str, Any]:
        """The view ``who`` had of the end of round ``round_index`` (the match's last round:
        the final view)."""
        ends = sorted(self.round_end)
        if round_index < len(ends):
            return self.round_end[ends[round_index]][who]
        assert round_index == len(ends), f"there is no finished round {round_index}"
        return self.views[self.final_version][who]

    def _round_opening(self, round_index: int) -> set[str]:
        """The card everybody saw turned up at the start of round ``round_index`` (its notes'
        ``start.first_card``), even if it was later shuffled back and dealt to a hidden hand."""
        starts = [0, *sorted(self.round_end)]
        return self.openings[starts[round_index]] if round_index < len(starts) else set()

    def check(self, message: dict[str, Any], who: int | None, version: int) -> int:
        """Check one message received by audience ``who``; returns the version it stands at."""
        version = message.get("version", version)
        assert isinstance(version, int) and 0 <= version <= self.final_version, message
        view = message.get("view")
        if view is not None:
            expected = self.views[version][who]
            if "log_size" in view:  # an update: the view without its log, and the new entries
                log = expected["log"]
                expected = self.short_views[version][who]
                assert message["log_added"] == log[message["log_from"] :], (
                    f"the log entries sent to {who} at version {version} are not the engine's"
                )
            assert view == expected, (
                f"the view sent to {who} at version {version} is not the engine's"
            )
        if "round_over" in message:
            assert message["round_over"]["view"] == self.round_end[version][who]
        allowed = self._visible(version, who)
        for past in message.get("rounds", []):  # a sync's finished rounds (server/live/history.py)
            expected = self._round_end_view(past["round"], who)
            assert past["view"] == expected, f"round {past['round']} as sent to {who}"
            allowed |= tokens(expected) | self._round_opening(past["round"])
        for event in message.get("events", []):
            allowed |= self._visible(event["version"], who)
        leaked = (tokens(message) & self.deck & self.hidden[version][who]) - allowed
        assert not leaked, f"{message.get('type')} message to {who} shows hidden {sorted(leaked)}"
        self.checked += 1
        return version

    def check_all(self, messages: list[dict[str, Any]], who: int | None) -> int:
        """Check every message one client received, in order; returns how many were checked."""
        version = 0
        for message in messages:
            version = self.check(message, who, version)
        return len(messages)
