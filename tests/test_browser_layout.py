"""The browser knows each game only through the game's own module: no game id outside games/.

What a game looks like in the page (its card words, its buttons, its contracts, its score
breakdown, its rules and guide) lives in one module per game under ``web/js/games/``, chosen
by the game's declaration (``GameInfo.browser_module``). Every other module of ``web/js``
must be free of game ids: a string literal (``"uno"``, ``'frog'``, `` `german-solo` ``) or an
object key (``uno: ...``) equal to a registered game id is a per-game branch in the wrong
place. The test lists each one as ``file:line``.
"""

from __future__ import annotations

import re
from pathlib import Path

import solocards

WEB_JS = Path(solocards.__file__).resolve().parent / "web" / "js"
GAME_IDS = sorted(solocards.games())


def id_patterns(game_id: str) -> list[re.Pattern[str]]:
    """A game id as a quoted literal of any of the three quotes, or as a bare object key."""
    quoted = re.escape(game_id)
    patterns = [re.compile(f"{quote}{quoted}{quote}") for quote in ('"', "'", "`")]
    if re.fullmatch(r"[A-Za-z_$][\w$]*", game_id):  # a valid identifier may be a bare key
        patterns.append(re.compile(rf"(?<![\w$.'\"`-]){quoted}\s*:(?!:)"))
    return patterns


def game_id_literals(source: str) -> list[tuple[int, str]]:
    """The (line number, game id) of every game id literal in ``source``, comments included
    (a comment that names a game is harmless, but the scan stays simple and strict)."""
    found = []
    for number, line in enumerate(source.splitlines(), start=1):
        for game_id in GAME_IDS:
            if any(pattern.search(line) for pattern in id_patterns(game_id)):
                found.append((number, game_id))
    return found


def shared_modules() -> list[Path]:
    """The page's modules that serve every game: web/js/*.js, not web/js/games/."""
    return sorted(WEB_JS.glob("*.js"))


def test_the_scan_finds_a_game_id() -> None:
    """The scan itself: each form of a literal is found, and a longer word is not."""
    game_id = GAME_IDS[0]
    for line in (f'if (game === "{game_id}")', f"x = '{game_id}';", f"x = `{game_id}`"):
        assert game_id_literals(line) == [(1, game_id)]
    assert game_id_literals(f'x = "{game_id}-like"; y = "my{game_id}"') == []


def test_no_module_outside_games_names_a_game() -> None:
    assert shared_modules(), f"no modules found in {WEB_JS}"
    offenders = [
        f"{path.relative_to(WEB_JS).as_posix()}:{number}: {game_id}"
        for path in shared_modules()
        for number, game_id in game_id_literals(path.read_text(encoding="utf-8"))
    ]
    assert offenders == [], "game ids outside web/js/games/:\n" + "\n".join(offenders)


def test_every_game_declares_its_browser_module() -> None:
    """Each registered game ships its module: a file that exists, under web/js/games/ for the
    games of solocards."""
    from solocards.server.http.gamemodules import module_file

    for game_id in GAME_IDS:
        path = module_file(game_id)
        assert path is not None and path.is_file(), game_id
        assert path.parent == WEB_JS / "games", path
