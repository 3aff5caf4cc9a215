"""The browser's catalogs (GET /i18n/<lang>.json) built from the web PO files, and the switcher's
list of languages (GET /i18n/languages.json)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from babel import Locale
from fastapi.testclient import TestClient

from solocards.server.http import webcatalog
from solocards.server.http.app import create_app

UK_PO = r"""
msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"
"Language: uk\n"
"Plural-Forms: nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && "
"(n%100<10 || n%100>=20) ? 1 : 2);\n"

msgid "Create the table"
msgstr "Створити стіл"

msgid "{name} to play."
msgstr "Ходить {name}."

msgid "{n} card"
msgid_plural "{n} cards"
msgstr[0] "{n} карта"
msgstr[1] "{n} карти"
msgstr[2] "{n} карт"

msgid "Not translated yet"
msgstr ""

#, fuzzy
msgid "Lobby"
msgstr "Лобі?"

msgid "{n} trick"
msgid_plural "{n} tricks"
msgstr[0] "{n} взятка"
msgstr[1] ""
msgstr[2] ""
"""


def write_po(root: Path, lang: str, text: str) -> Path:
    """A web PO file of ``lang`` under ``root``."""
    path = webcatalog.po_path(lang, root)
    path.parent.mkdir(parents=True)
    path.write_text(text.lstrip(), encoding="utf-8")
    return path


@pytest.fixture
def locale_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A locale folder holding a small Ukrainian web catalog, in place of the package's."""
    write_po(tmp_path, "uk", UK_PO)
    monkeypatch.setattr(webcatalog, "LOCALE_DIR", tmp_path)
    return tmp_path


@pytest.fixture
def client() -> Iterator[TestClient]:
    """The application without its lifespan (the catalog routes need no database)."""
    yield TestClient(create_app("sqlite://", bot_delay=0))


def test_catalog_carries_messages_plurals_and_placeholders(
    locale_dir: Path, client: TestClient
) -> None:
    answer = client.get("/i18n/uk.json")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("application/json")
    catalog = answer.json()
    assert catalog["lang"] == "uk"
    assert catalog["messages"] == {
        "Create the table": "Створити стіл",
        "{name} to play.": "Ходить {name}.",
    }
    assert catalog["plurals"] == {"{n} card": ["{n} карта", "{n} карти", "{n} карт"]}
    assert catalog["num_plurals"] == 3
    # Intl.PluralRules("uk") categories onto the PO forms: 1 -> one, 2 -> few, 5 -> many
    assert catalog["plural_categories"] == {"many": 2, "one": 0, "few": 1, "other": 2}


def test_untranslated_fuzzy_and_half_plural_entries_are_left_out(
    locale_dir: Path, client: TestClient
) -> None:
    catalog = client.get("/i18n/uk.json").json()
    assert "Not translated yet" not in catalog["messages"]
    assert "Lobby" not in catalog["messages"]
    assert "{n} trick" not in catalog["plurals"]


def test_unknown_language_is_404_with_a_clear_detail(client: TestClient) -> None:
    answer = client.get("/i18n/xx.json")
    assert answer.status_code == 404
    assert "xx" in answer.json()["detail"]
    assert client.get("/i18n/..%2Fweb.json").status_code == 404


def test_supported_language_without_po_is_an_empty_catalog(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, client: TestClient
) -> None:
    monkeypatch.setattr(webcatalog, "LOCALE_DIR", tmp_path)
    catalog = client.get("/i18n/ru.json").json()
    assert catalog["messages"] == {} and catalog["plurals"] == {}
    assert catalog["plural_categories"]["few"] == 1


def test_etag_answers_304_and_changes_with_the_file(locale_dir: Path, client: TestClient) -> None:
    first = client.get("/i18n/uk.json")
    etag = first.headers["etag"]
    assert first.headers["cache-control"] == "no-cache"
    again = client.get("/i18n/uk.json", headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.content == b""
    path = webcatalog.po_path("uk", locale_dir)
    path.write_text(
        path.read_text(encoding="utf-8").replace("Створити стіл", "Створити новий стіл"),
        encoding="utf-8",
    )
    changed = client.get("/i18n/uk.json", headers={"If-None-Match": etag})
    assert changed.status_code == 200
    assert changed.json()["messages"]["Create the table"] == "Створити новий стіл"
    assert changed.headers["etag"] != etag


def test_languages_list_and_negotiated_language(client: TestClient) -> None:
    answer = client.get("/i18n/languages.json", headers={"Accept-Language": "ru-RU,ru;q=0.9"})
    body = answer.json()
    assert body["negotiated"] == "ru"
    codes = [entry["code"] for entry in body["languages"]]
    assert codes == ["en", "de", "uk", "ru", "be"]
    assert {"code": "be", "name": "Беларуская"} in body["languages"]
    assert client.get("/i18n/languages.json").json()["negotiated"] == "en"


@pytest.mark.parametrize(
    ("lang", "forms"),
    [
        # the PO form for the counts 1, 2, 3, 5, 11, 12, 21, 22, 25, 111
        ("en", [0, 1, 1, 1, 1, 1, 1, 1, 1, 1]),
        ("de", [0, 1, 1, 1, 1, 1, 1, 1, 1, 1]),
        ("uk", [0, 1, 1, 2, 2, 2, 0, 1, 2, 2]),
        ("ru", [0, 1, 1, 2, 2, 2, 0, 1, 2, 2]),
        ("be", [0, 1, 1, 2, 2, 2, 0, 1, 2, 2]),
    ],
)
def test_plural_categories_give_each_count_its_form(
    lang: str, forms: list[int], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What the page does with the JSON: CLDR category of n (Intl.PluralRules) -> PO form."""
    monkeypatch.setattr(webcatalog, "LOCALE_DIR", tmp_path)
    categories = webcatalog.web_catalog(lang)["plural_categories"]
    counts = [1, 2, 3, 5, 11, 12, 21, 22, 25, 111]
    assert [categories[Locale.parse(lang).plural_form(n)] for n in counts] == forms
