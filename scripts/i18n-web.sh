#!/bin/sh
# The web page's catalogs (domain "web"): extract its messages into src/solocards/locale/web.pot
# and bring every existing locale/<lang>/LC_MESSAGES/web.po up to date with it (translations
# are kept; a new message is added untranslated; no PO file is created here).
#
#   scripts/i18n-web.sh            (from the repository root; PYBABEL=... to choose pybabel)
set -eu
cd "$(dirname "$0")/.."
PYBABEL="${PYBABEL:-pybabel}"
export PYTHONPATH="$PWD/src${PYTHONPATH:+:$PYTHONPATH}"
LOCALE=src/solocards/locale
"$PYBABEL" -q extract -F "$LOCALE/babel-web.cfg" --no-default-keywords \
  -k t -k tn:1,2 -k N_ -c translators: --sort-by-file --no-wrap \
  --project solocards \
  -o "$LOCALE/web.pot" .
for po in "$LOCALE"/*/LC_MESSAGES/web.po; do
  [ -f "$po" ] || continue
  lang="$(basename "$(dirname "$(dirname "$po")")")"
  "$PYBABEL" -q update -D web -i "$LOCALE/web.pot" -d "$LOCALE" -l "$lang" --no-wrap \
    --ignore-obsolete --previous --ignore-pot-creation-date
done
