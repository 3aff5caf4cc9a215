#!/usr/bin/env bash
# Regenerate the translation templates from the source and bring every PO file in step.
#
#   scripts/i18n.sh              extract src/solocards/locale/<domain>.pot, then update each
#                                existing locale/<lang>/LC_MESSAGES/<domain>.po (pybabel update:
#                                new ids are added untranslated, changed ones marked fuzzy,
#                                translations kept)
#   scripts/i18n.sh extract DIR  only write the templates, into DIR (the catalog test uses it)
#
# Domains: engine (the games' words: msg, nmsg, text_id, an Option's help), solocards (the CLI and the
# server: _, gettext, ngettext, help_text) and web (the browser page, if locale/babel-web.cfg exists: t, tn).
# PYTHON names the interpreter that has Babel (default: python3).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PACKAGE="$ROOT/src/solocards"
LOCALE="$PACKAGE/locale"
PYTHON="${PYTHON:-python3}"
MODE="${1:-all}"
OUT="${2:-$LOCALE}"

pybabel() { "$PYTHON" -m babel.messages.frontend "$@"; }

extract() {
    local domain="$1"
    shift
    [ -f "$LOCALE/babel-$domain.cfg" ] || return 0
    (cd "$PACKAGE" && pybabel extract -F "locale/babel-$domain.cfg" \
        --no-default-keywords "$@" --add-comments=TRANSLATORS: --add-location=file --sort-by-file \
        --no-wrap \
        --project=solocards --version=0.1 --copyright-holder="the solocards authors" \
        -o "$OUT/$domain.pot" .) 2>&1 | { grep -v -e '^extracting ' -e '^writing ' || true; }
}

mkdir -p "$OUT"
extract engine -k msg -k nmsg:1,2 -k text_id -k Option:3
extract solocards -k _ -k gettext -k ngettext:1,2 -k help_text
extract web -k t -k tn:1,2

[ "$MODE" = extract ] && exit 0

for template in "$LOCALE"/*.pot; do
    domain="$(basename "$template" .pot)"
    if compgen -G "$LOCALE/*/LC_MESSAGES/$domain.po" >/dev/null; then
        pybabel update --quiet -D "$domain" -i "$template" -d "$LOCALE" --no-wrap \
            --ignore-pot-creation-date
    fi
done
