"""The ``why`` message: a seated player asks why a card of its hand cannot be played now; the
answer (the engine's ``explain_illegal``) goes to that connection only, never speaks of another
seat's cards, and a question about a card the seat does not hold is refused."""

from __future__ import annotations

import asyncio
from pathlib import Path

import httpx
from server_helpers import Client, LiveServer, open_table, sqlite_url

from solocards.server.live.words import with_seat_tokens


def test_why_answers_the_seat_alone_and_only_about_its_own_cards(tmp_path: Path) -> None:
    with (
        LiveServer(sqlite_url(tmp_path), allow_seed=True) as server,
        httpx.Client(base_url=server.http) as http,
    ):
        table, _, tokens = open_table(
            http, "german-solo", {0: "ana", 1: "bo", 2: "cy", 3: "di"}, {}, seed=7
        )  # people only: nothing moves while the test asks

        async def run() -> None:
            async with Client(server.ws) as player, Client(server.ws) as watcher:
                first = await player.join(table, tokens[0])
                await watcher.join(table)
                view = first["view"]
                assert view["phase"] != "playing" or view["current"] != 0  # the cards are dimmed
                card = view["hand"][0]
                await player.send({"type": "why", "action": card})
                answer = await player.recv_until(lambda m: m["type"] in ("why", "error"))
                state = server.app.state.manager.tables[table].match.state
                # the player it names is a {seat:N} token the page fills with the name
                explained = state.explain_message(0, state.game.action_id(card))
                expected = with_seat_tokens(explained, "en")
                assert answer == {"type": "why", "action": card, "legal": False, "reason": expected}

                # a card of another seat (or of nobody's hand) is not asked about
                other = next(c for c in state.game.deck() if c not in view["hand"])
                await player.send({"type": "why", "action": other})
                refused = await player.error()
                assert refused["code"] == "not_in_hand"
                assert other in refused["message"]

                # malformed: a clear error, and the connection goes on working
                await player.send({"type": "why"})
                assert (await player.error())["code"] == "bad_message"
                await player.send({"type": "why", "action": "Z9"})
                assert (await player.error())["code"] == "notation"
                await player.ping()

                # a spectator has no cards to ask about, and heard none of the answers
                await watcher.send({"type": "why", "action": card})
                assert (await watcher.error())["code"] == "not_seated"
                await watcher.ping()
                assert not [m for m in watcher.received if m["type"] == "why"]

        asyncio.run(run())
