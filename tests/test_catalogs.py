"""The translation catalogs are complete and in step with the source.

- the committed templates (``src/solocards/locale/<domain>.pot``) hold exactly the message ids
  the source has today (``scripts/i18n.sh extract`` into a temporary folder and compared);
- every PO file of every language (``locale/<lang>/LC_MESSAGES/<domain>.po``) translates every
  message id of its domain, none fuzzy, and a language that has one domain has them all;
- each translation has the same ``{placeholders}`` as its source;
- each plural entry has the number of forms of its language (three in uk, ru and be).

The tests iterate over the PO files present, so a new language is checked as soon as its files
are added (see docs/i18n.md).
"""

from __future__ import annotations

import os
import string
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po, write_po

import solocards
from solocards.i18n.languages import LANGUAGE_NAMES

ROOT = Path(__file__).resolve().parent.parent
LOCALE = Path(solocards.__file__).resolve().parent / "locale"
SCRIPT = ROOT / "scripts" / "i18n.sh"
TEMPLATES = sorted(LOCALE.glob("*.pot"))
PO_FILES = sorted(LOCALE.glob("*/LC_MESSAGES/*.po"))


def read(path: Path, lang: str | None = None) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle, locale=lang)


def message_ids(catalog: Catalog) -> set[str | tuple[str, ...]]:
    return {
        message.id if isinstance(message.id, str) else tuple(message.id)
        for message in catalog
        if message.id
    }


def placeholders(text: str) -> set[str]:
    """The replacement fields of a brace-format string, with their format spec."""
    fields = set()
    for _literal, name, spec, conversion in string.Formatter().parse(text):
        if name is not None:
            fields.add(
                f"{{{name}{'!' + conversion if conversion else ''}{':' + spec if spec else ''}}}"
            )
    return fields


def po_id(path: Path) -> str:
    return f"{path.parent.parent.name}/{path.stem}"


@pytest.fixture(scope="module")
def extracted(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The templates extracted from the source as it is now."""
    out = tmp_path_factory.mktemp("templates")
    subprocess.run(
        ["bash", str(SCRIPT), "extract", str(out)],
        check=True,
        env={**os.environ, "PYTHON": sys.executable},
        capture_output=True,
        text=True,
    )
    return out


def test_every_domain_has_a_template() -> None:
    assert {path.stem for path in TEMPLATES} >= {"engine", "solocards"}


@pytest.mark.parametrize("template", TEMPLATES, ids=lambda path: path.stem)
def test_the_committed_template_is_up_to_date(template: Path, extracted: Path) -> None:
    fresh = extracted / template.name
    assert fresh.exists(), f"scripts/i18n.sh no longer writes {template.name}"
    committed, current = message_ids(read(template)), message_ids(read(fresh))
    missing, stale = sorted(map(str, current - committed)), sorted(map(str, committed - current))
    assert not missing and not stale, (
        f"{template.name} is out of date; run scripts/i18n.sh. New in the source: {missing[:10]}; "
        f"gone from the source: {stale[:10]}"
    )


def test_every_catalog_is_of_a_supported_language() -> None:
    for path in PO_FILES:
        assert path.parent.parent.name in LANGUAGE_NAMES, f"{po_id(path)}: not in LANGUAGE_NAMES"


def test_a_language_with_a_catalog_has_one_for_every_domain() -> None:
    domains = {path.stem for path in TEMPLATES}
    for lang in {path.parent.parent.name for path in PO_FILES}:
        present = {path.stem for path in PO_FILES if path.parent.parent.name == lang}
        assert present >= domains, f"{lang} lacks the catalogs {sorted(domains - present)}"


def untranslated(path: Path) -> list[str]:
    """The message ids of the template that ``path`` lacks, leaves empty or marks fuzzy."""
    lang = path.parent.parent.name
    catalog = read(path, lang)
    found = []
    for message in catalog:
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple | list) else [message.string]
        if message.fuzzy or not all(strings):
            found.append(str(message.id))
    template = path.parent.parent.parent / f"{path.stem}.pot"
    found += sorted(map(str, message_ids(read(template)) - message_ids(catalog)))
    return found


def placeholder_errors(path: Path) -> list[str]:
    """The translations whose placeholders differ from their source's."""
    wrong = []
    for message in read(path, path.parent.parent.name):
        if not message.id or not message.string:
            continue
        if isinstance(message.id, str):
            pairs = [(message.id, str(message.string))]
        else:
            source = str(message.id[1])
            pairs = [(source, str(form)) for form in message.string if form]
        for source, translation in pairs:
            if translation and placeholders(translation) != placeholders(source):
                wrong.append(f"{source!r} -> {translation!r}")
    return wrong


def plural_errors(path: Path) -> list[str]:
    """A wrong Plural-Forms header, and the plural entries without the language's forms."""
    lang = path.parent.parent.name
    forms = get_plural(lang).num_plurals
    catalog = read(path, lang)
    wrong = []
    if catalog.num_plurals != forms:
        wrong.append(f"the header says {catalog.num_plurals} plural forms, {lang} has {forms}")
    wrong += [msgid for msgid, count in written_forms(path) if count != forms]
    return wrong


def written_forms(path: Path) -> list[tuple[str, int]]:
    """Each plural entry of a PO file with the number of ``msgstr[i]`` lines written (Babel
    pads a short entry when it reads one, so the file itself is counted)."""
    entries: list[tuple[str, int]] = []
    msgid = ""
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("msgid "):
            msgid = line[len("msgid ") :].strip().strip('"')
        elif line.startswith("msgid_plural "):
            entries.append((msgid, 0))
        elif line.startswith("msgstr[") and entries and entries[-1][0] == msgid:
            entries[-1] = (msgid, entries[-1][1] + 1)
    return entries


def test_every_message_is_translated() -> None:
    faults = {po_id(path): found for path in PO_FILES if (found := untranslated(path))}
    assert not faults, "messages missing, untranslated or fuzzy (run scripts/i18n.sh, then " + (
        "translate): "
        + "; ".join(f"{name}: {len(ids)}, e.g. {ids[:3]}" for name, ids in faults.items())
    )


def test_translations_keep_the_placeholders_of_their_source() -> None:
    faults = {po_id(path): found for path in PO_FILES if (found := placeholder_errors(path))}
    assert not faults, "placeholders differ: " + "; ".join(
        f"{name}: {wrong[:3]}" for name, wrong in faults.items()
    )


def test_plural_entries_have_the_forms_of_their_language() -> None:
    faults = {po_id(path): found for path in PO_FILES if (found := plural_errors(path))}
    assert not faults, "; ".join(f"{name}: {wrong[:3]}" for name, wrong in faults.items())


def test_the_checks_find_a_bad_catalog(tmp_path: Path) -> None:
    """A catalog written for the test with one fault of each kind."""
    template = Catalog(domain="toy")
    template.add("Goodbye.")
    template.add("{seat} plays {card}")
    template.add("fresh")
    template.add(("{n} card", "{n} cards"))
    with (tmp_path / "toy.pot").open("wb") as handle:
        write_po(handle, template)
    folder = tmp_path / "uk" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "toy.po").write_text(
        'msgid ""\nmsgstr ""\n"Language: uk\\n"\n'
        '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
        'msgid "Goodbye."\nmsgstr "До побачення."\n\n'
        'msgid "{seat} plays {card}"\nmsgstr "{seat} грає {crad}"\n\n'
        'msgid "{n} card"\nmsgid_plural "{n} cards"\n'
        'msgstr[0] "{n} карта"\nmsgstr[1] "{n} карти"\n',
        encoding="utf-8",
    )
    path = folder / "toy.po"
    assert untranslated(path) == ["fresh"]
    assert placeholder_errors(path) == ["'{seat} plays {card}' -> '{seat} грає {crad}'"]
    assert plural_errors(path) == ["the header says 2 plural forms, uk has 3", "{n} card"]
    assert placeholders("{score:+d} points") == {"{score:+d}"}
