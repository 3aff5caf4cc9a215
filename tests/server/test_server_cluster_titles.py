"""The cluster's list of public tables (shared through Redis, written once in English) shows
each game's title in the request's language, as a single process's list does."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from solocards.i18n import engine_text
from solocards.server.http.app import create_app


class ListingCluster:
    """Stands in for the cluster: the public tables as every process wrote them (English)."""

    def __init__(self, tables: list[dict[str, Any]]) -> None:
        self.tables = tables

    async def public_tables(self, limit: int) -> list[dict[str, Any]]:
        return self.tables[:limit]


def test_the_clusters_table_list_titles_are_in_the_requests_language() -> None:
    app = create_app("sqlite://")
    with TestClient(app) as client:
        made = client.post("/api/tables", json={"game": "german-solo"}).json()["table"]
        assert made["title"] == "German Solo"
        app.state.cluster = ListingCluster([made])
        for lang in ("en", "de", "uk", "ru", "be"):
            (listed,) = client.get(f"/api/tables?lang={lang}").json()
            assert listed["title"] == engine_text("German Solo", lang), lang
            assert {**listed, "title": made["title"]} == made
        assert client.get("/api/tables?lang=uk").json()[0]["title"] != "German Solo"
