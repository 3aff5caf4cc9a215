"""Every game is declared in one place: nothing outside its package probes it or names it.

Two rules, checked on the syntax tree of every module of ``src/solocards``:

1. **No probing of capabilities.** A call ``getattr(x, "name", ...)`` or ``hasattr(x, "name")``
   whose literal ``name`` is an attribute of a game or of its state (anything
   ``Game``/``State``, a registered game's class, a dealt round of it or ``GameInfo``
   defines) is refused: what a game offers is read from its declaration
   (``game.info``) or from a method of the base class (``State.regular_seat``). Probing
   other objects (a bot's ``limit_time``, an error's ``msg``) is not about games and allowed.
2. **No hard-coded game ids.** A string constant equal to a registered game id is refused,
   except in docstrings (examples that use ``"uno"`` as *an* example game), in the game's own
   package ``games/<game>/``, in the one registration point ``games/registry.py`` (the ids and
   the default game), in a game's own RL encoder ``rl/observations/<game>.py`` (named by the
   game's declaration; it lives outside the engine because it needs numpy), and in
   :data:`ALLOWED` below (an adapter's declaration of which game it plays).
"""

from __future__ import annotations

import ast
import dataclasses
import random
from pathlib import Path

import solocards
from solocards.core.game import Game, State
from solocards.core.info import GameInfo
from solocards.games.registry import game_class

SOURCE = Path(solocards.__file__).resolve().parent
GAME_IDS = set(solocards.games())
PACKAGES = {game_id.replace("-", "_") for game_id in GAME_IDS}
ALLOWED = {
    # RLCard's rule agent plays UNO only: the adapter declares it in one constant
    ("bots/rlcard_adapter.py", "SUPPORTED_GAMES"),
}


def game_attributes() -> set[str]:
    """Every public or private attribute a game, its round or its declaration defines."""
    names = set(dir(Game)) | set(dir(State))
    names |= {field.name for field in dataclasses.fields(GameInfo)} | set(dir(GameInfo))
    for game_id in GAME_IDS:
        game = solocards.make(game_id)
        state = game.deal(seed=1)
        names |= set(dir(game_class(game_id))) | set(vars(game)) | set(dir(state))
        names |= set(vars(state)) if hasattr(state, "__dict__") else set()
    return {name for name in names if not (name.startswith("__") and name.endswith("__"))}


def modules() -> list[tuple[str, ast.Module]]:
    return [
        (path.relative_to(SOURCE).as_posix(), ast.parse(path.read_text(), str(path)))
        for path in sorted(SOURCE.rglob("*.py"))
    ]


def belongs_to_a_game(relative: str) -> bool:
    parts = relative.split("/")
    if parts[0] == "games":
        return parts[1] in PACKAGES or relative == "games/registry.py"
    return relative.startswith("rl/observations/") and parts[-1][:-3] in PACKAGES


def docstrings(tree: ast.Module) -> set[int]:
    """The ids of the string constants that are docstrings (of modules, classes, functions,
    and the attribute docstrings that follow an assignment)."""
    found: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if not isinstance(body, list):
            continue
        for statement in body:
            if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant):
                found.add(id(statement.value))
    return found


def allowed_constants(relative: str, tree: ast.Module) -> set[int]:
    """The constants inside an assignment that :data:`ALLOWED` names for this module."""
    found: set[int] = set()
    for node in tree.body:
        if isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names = {target.id for target in targets if isinstance(target, ast.Name)}
            if any((relative, name) in ALLOWED for name in names):
                found |= {id(sub) for sub in ast.walk(node) if isinstance(sub, ast.Constant)}
    return found


def probes(tree: ast.Module, attributes: set[str]) -> list[str]:
    found = []
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in ("getattr", "hasattr")
            and len(node.args) >= 2
            and isinstance(node.args[1], ast.Constant)
            and node.args[1].value in attributes
        ):
            found.append(f"line {node.lineno}: {ast.unparse(node)}")
    return found


def game_ids(relative: str, tree: ast.Module) -> list[str]:
    skip = docstrings(tree) | allowed_constants(relative, tree)
    return [
        f"line {node.lineno}: {node.value!r}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and node.value in GAME_IDS and id(node) not in skip
    ]


def test_nothing_outside_a_game_probes_its_capabilities() -> None:
    attributes = game_attributes()
    assert {"heuristic_bot", "sample_world", "current", "info", "title"} <= attributes
    found = {
        relative: hits
        for relative, tree in modules()
        if not belongs_to_a_game(relative) and (hits := probes(tree, attributes))
    }
    assert found == {}


def test_no_game_id_is_written_outside_its_package_and_the_registry() -> None:
    found = {
        relative: hits
        for relative, tree in modules()
        if not belongs_to_a_game(relative) and (hits := game_ids(relative, tree))
    }
    assert found == {}


def test_the_rules_catch_what_they_forbid() -> None:
    code = ast.parse(
        'def f(game):\n    """Play "uno"."""\n    return hasattr(game, "heuristic_bot"), "frog"\n'
    )
    assert probes(code, game_attributes()) == ["line 3: hasattr(game, 'heuristic_bot')"]
    assert game_ids("server/x.py", code) == ["line 3: 'frog'"]
    assert belongs_to_a_game("games/uno/state.py") and belongs_to_a_game("games/registry.py")
    assert belongs_to_a_game("rl/observations/frog.py")
    assert not belongs_to_a_game("rl/observations/base.py") and not belongs_to_a_game("rl/turns.py")


def most_seats_acting_at_once(game_id: str, rounds: int, **options: object) -> int:
    game = solocards.make(game_id, **options)
    rng = random.Random(3)
    most = 0
    for seed in range(rounds):
        state = game.deal(seed=seed)
        while not state.is_over:
            most = max(most, len(state.to_act))
            seat = rng.choice(state.to_act)
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    return most


def test_a_declaration_of_reaction_windows_matches_the_rules() -> None:
    """A game that declares no windows never lets two seats act at once (the RL environments
    would then offer no "no reaction"); UNO with jump-ins, which declares them, does."""
    for game_id in sorted(GAME_IDS):
        if not game_class(game_id).info.reaction_windows:
            assert most_seats_acting_at_once(game_id, 3) == 1, game_id
    assert most_seats_acting_at_once("uno", 3, players=4, jump_in=True) > 1
