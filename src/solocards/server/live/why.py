"""Why a seat may not take an action now: the ``why`` message, for the asking seat alone.

The reason is the engine's ``explain_illegal``, which speaks of the seat's own cards and of
public facts only; an action that names a card must name a card of the seat's hand, so that
nobody learns anything about another seat's cards by asking.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from ...core.errors import NotationError
from ...i18n import _, current_language, render_error
from .protocol import ProtocolError
from .words import with_seat_tokens

if TYPE_CHECKING:
    from .connection import Connection
    from .table import Table


async def why(table: Table, conn: Connection, action: str) -> dict[str, Any]:
    """Why the seat ``conn`` holds at ``table`` may not take ``action`` now."""
    async with table.lock:
        seat = table.holder_seat(conn)
        match = table.match
        if table.status != "playing" or match is None:
            raise ProtocolError("not_playing", _("the game is not being played"))
        game = match.state.game
        try:
            action_id = game.action_id(action)
        except NotationError as error:
            raise ProtocolError("notation", render_error(error)) from None
        card = re.split(r"[:>!]", action, maxsplit=1)[0]
        state = match.state
        hand = state.view(seat).get("hand")
        if card in game.deck() and isinstance(hand, list) and card not in hand:
            raise ProtocolError(
                "not_in_hand",
                _("{card} is not in your hand: ask about your own cards", card=card),
            )
        legal = action in state.legal_actions(seat)
        if legal:
            reason = _("{action} can be played now", action=action)
        elif state.is_over:
            reason = _("the round is over")
        else:
            reason = with_seat_tokens(state.explain_message(seat, action_id), current_language())
        return {"type": "why", "action": action, "legal": legal, "reason": reason}
