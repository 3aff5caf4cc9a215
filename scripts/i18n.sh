#!/usr/bin/env bash
# Regenerate the translation templates from the source and bring every PO file in step.
#
#   scripts/i18n.sh              extract src/solocards/locale/<domain>.pot, then update each
#                                existing locale/<lang>/LC_MESSAGES/<domain>.po (pybabel update:
#                                new ids are added untranslated, changed ones marked fuzzy,
#                                translations kept; web.po as scripts/i18n-web.sh does)
#   scripts/i18n.sh extract DIR  only write the templates, into DIR (tests/test_catalogs.py)
#
# Domains: engine (the games' words: msg, nmsg, text_id, an Option's help), solocards (the CLI
# and the server: _, gettext, ngettext, help_text) and web (the browser page: t, tn, N_ in the
# JavaScript modules and the data-i18n attributes of the HTML pages; the same extraction as
# scripts/i18n-web.sh). PYTHON names the interpreter that has Babel (default: python3).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PACKAGE="$ROOT/src/solocards"
LOCALE="$PACKAGE/locale"
PYTHON="${PYTHON:-python3}"
MODE="${1:-all}"
OUT="$(mkdir -p "${2:-$LOCALE}" && cd "${2:-$LOCALE}" && pwd)"
export PYTHONPATH="$ROOT/src${PYTHONPATH:+:$PYTHONPATH}"

pybabel() { "$PYTHON" -m babel.messages.frontend "$@"; }
quiet() { { grep -v -e '^extracting ' -e '^writing ' || true; } >&2; }
# remember POT before extracting it, keep_date POT after: a template that changed in nothing
# but its POT-Creation-Date keeps the old file, so that re-running this script churns nothing
remember() { if [ -f "$1" ]; then cp "$1" "$1.previous"; fi; }
keep_date() {
    local pot="$1"
    [ -f "$pot.previous" ] || return 0
    if diff -q <(grep -v '^"POT-Creation-Date: ' "$pot.previous") \
        <(grep -v '^"POT-Creation-Date: ' "$pot") >/dev/null; then
        mv "$pot.previous" "$pot"
    else
        rm -f "$pot.previous"
    fi
}

# engine and solocards: mapping paths relative to the package
extract() {
    local domain="$1"
    shift
    remember "$OUT/$domain.pot"
    (cd "$PACKAGE" && pybabel extract -F "locale/babel-$domain.cfg" \
        --no-default-keywords "$@" --add-comments=TRANSLATORS: --add-location=file \
        --sort-by-file --no-wrap --project=solocards --version=0.1 \
        --copyright-holder="the solocards authors" -o "$OUT/$domain.pot" .) 2>&1 | quiet
    keep_date "$OUT/$domain.pot"
}

extract engine -k msg -k nmsg:1,2 -k text_id -k Option:3
extract solocards -k _ -k gettext -k ngettext:1,2 -k help_text
if [ -f "$LOCALE/babel-web.cfg" ]; then  # mapping paths relative to the repository
    remember "$OUT/web.pot"
    (cd "$ROOT" && pybabel extract -F "$LOCALE/babel-web.cfg" --no-default-keywords \
        -k t -k tn:1,2 -k N_ -c translators: --sort-by-file --no-wrap --project solocards \
        -o "$OUT/web.pot" .) 2>&1 | quiet
    keep_date "$OUT/web.pot"
fi

[ "$MODE" = extract ] && exit 0

for domain in engine solocards; do
    if compgen -G "$LOCALE/*/LC_MESSAGES/$domain.po" >/dev/null; then
        pybabel update -D "$domain" -i "$LOCALE/$domain.pot" -d "$LOCALE" --no-wrap \
            --ignore-pot-creation-date
    fi
done
for web_po in "$LOCALE"/*/LC_MESSAGES/web.po; do  # as scripts/i18n-web.sh does
    [ -f "$web_po" ] || continue
    lang="$(basename "$(dirname "$(dirname "$web_po")")")"
    pybabel update -D web -i "$LOCALE/web.pot" -d "$LOCALE" -l "$lang" --no-wrap \
        --ignore-obsolete --previous --ignore-pot-creation-date
done
