"""What one client of a table is sent of its state: a full ``sync``, or the ``events`` missed.

Each client gets the view of its own seat (spectators the view of ``None``), with the words of
the actions in its language, the round's public notes, the kept chat and who watches.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...i18n import current_language
from .history import past_rounds
from .words import summary_lines

if TYPE_CHECKING:
    from .table import Table


class TableViews:
    """The state messages of one table, as each seat or spectator may see it."""

    def __init__(self, table: Table) -> None:
        self.table = table

    def common(self) -> dict[str, Any]:
        """What every state message carries: the version, status, round, totals, clock, pause."""
        table = self.table
        match = table.match
        return {
            "table": table.id,
            "version": table.version,
            "status": table.status,
            "round": None if match is None else match.round_index,
            "totals": None if match is None else list(match.totals),
            "winners": None if match is None else match.winners,
            "clock": table.clock.describe(),
            "pause": table.pause.describe(),
            "window": None
            if table.window_until is None
            else {"until": round(table.window_until, 3)},
        }

    def sync_message(self, seat: int | None, lang: str | None = None) -> dict[str, Any]:
        """The full state for one client: its seat's view (a spectator's for ``None``), the
        words in ``lang`` (the current language by default)."""
        table = self.table
        match = table.match
        words = table.words_in(lang or current_language())
        view = None if match is None else match.state.view(seat)
        message = {
            "type": "sync",
            **self.common(),
            "seat": seat,
            "info": table.info(words.lang),
            "view": view,
            "words": words.of_view(view),
            "notes": None if match is None else table.round_notes().describe(),
            **table.audience.social(),
        }
        if match is not None and match.is_over and match.state.result is not None:
            # a finished match: the summary of its last round, for the end-of-match dialog
            message["summary"] = summary_lines(table.game, match.state.result, words.lang)
        if match is not None and match.results:
            # the rounds before: a reloaded page shows their scores and their log again
            rounds = past_rounds(match, seat, words.lang)
            message["rounds"] = rounds
            message["words"] = {**words.of_view(*(r["view"] for r in rounds)), **message["words"]}
        return message

    def catch_up(
        self, seat: int | None, since: int | None, lang: str | None = None
    ) -> dict[str, Any]:
        """The events missed since version ``since`` with the current view, or a full sync."""
        table = self.table
        match = table.match
        if since is None or match is None or not table.event_base <= since <= table.version:
            return self.sync_message(seat, lang)
        audience = table.players if seat is None else seat
        lang = lang or current_language()
        missed = [
            self._with_summary(events[audience], lang)
            for events in table.events[since - table.event_base :]
        ]
        view = match.state.view(seat)
        return {
            "type": "events",
            **self.common(),
            "seat": seat,
            "since": since,
            "events": missed,
            "info": table.info(lang),
            "view": view,
            "words": table.words_in(lang).of_view(view),
            "notes": table.round_notes().describe(),
            **table.audience.social(),
        }

    def _with_summary(self, event: dict[str, Any], lang: str) -> dict[str, Any]:
        """An event as a client is sent it: one that ended a round with its summary in ``lang``."""
        result = event.get("result")
        if result is None:
            return event
        return {**event, "summary": summary_lines(self.table.game, result, lang)}
