"""Every game package has the same layout, and its modules import one way.

Each package under ``solocards.games`` has the same module names (``cards``, ``actions``,
``rules``, ``state``, ``view``, ``explain``, ``sampling``, ``heuristic``, ``scoring``, ``text``,
``events``, ``game``), and imports run from the bottom layer up: cards → actions → rules →
scoring → state → view / explain / sampling / heuristic / text / events → game. A module may
import a sibling of a lower layer, or of its own layer where no cycle results; never one above
it, and never inside a function (the old way round a cycle). Imports under ``if
TYPE_CHECKING:`` run only for mypy and are free.
"""

from __future__ import annotations

import ast
import dataclasses
import subprocess
import sys
from graphlib import CycleError, TopologicalSorter
from pathlib import Path
from typing import Any

import pytest

import solocards
from solocards.games.registry import game_class

GAMES = Path(solocards.__file__).parent / "games"
PACKAGES = sorted(p.name for p in GAMES.iterdir() if (p / "__init__.py").exists())

REQUIRED = (
    "cards",
    "actions",
    "rules",
    "state",
    "view",
    "explain",
    "sampling",
    "heuristic",
    "scoring",
    "text",
    "events",
    "game",
)

LAYER = {
    # the vocabulary: cards, and what is built only from cards
    "cards": 0,
    "multiplay": 0,
    "contract": 0,
    "words": 0,
    # the action space, the option declarations, rule tables built from them
    "actions": 1,
    "options": 1,
    "fast": 1,
    "auction": 1,
    "play": 1,
    "rules": 2,
    "scoring": 3,
    "state": 4,
    "view": 5,
    "explain": 5,
    "sampling": 5,
    "belief": 5,  # worlds replayed from an earlier view (uno), beside the sampler it deals with
    "heuristic": 5,
    "plays": 1,  # a play taken apart from its action string (uno), what the heuristic reads
    "playouts": 5,  # the heuristic's fast playouts for search (uno), beside the heuristic
    "plan": 5,  # the heuristic's 2-player plan on kinds (uno), for its playouts
    "colours": 5,  # the colour-split model of an opponent's hand (uno), which the sampler deals by
    "memory": 5,  # what a seat remembers from its view's log (amigo_solo), a learned model's input
    "text": 5,
    "events": 5,  # the events of a step or a round, read from views and results (the lab's)
    "game": 6,
}


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _siblings(node: ast.Import | ast.ImportFrom, package: str) -> set[str]:
    """The sibling modules of ``package`` that an import statement names."""
    absolute = f"solocards.games.{package}"
    found: set[str] = set()
    if isinstance(node, ast.ImportFrom):
        if node.level == 1 and node.module:
            found.add(node.module.split(".")[0])
        elif node.level == 1:
            found.update(alias.name for alias in node.names)
        elif node.level == 0 and node.module and node.module.startswith(absolute + "."):
            found.add(node.module[len(absolute) + 1 :].split(".")[0])
    else:
        for alias in node.names:
            if alias.name.startswith(absolute + "."):
                found.add(alias.name[len(absolute) + 1 :].split(".")[0])
    return found


def imports_of(path: Path, package: str) -> tuple[set[str], list[str]]:
    """The siblings a module imports when it runs, and the imports found inside functions."""
    tree = ast.parse(path.read_text(), filename=str(path))
    runtime: set[str] = set()
    nested: list[str] = []

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _is_type_checking(child):
                for other in child.orelse:
                    visit(other, in_function)
                continue
            if isinstance(child, ast.Import | ast.ImportFrom):
                names = _siblings(child, package)
                if in_function and names:
                    nested.append(f"line {child.lineno}: {', '.join(sorted(names))}")
                elif not in_function:
                    runtime.update(names)
                continue
            inner = in_function or isinstance(
                child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda
            )
            visit(child, inner)

    visit(tree, False)
    return runtime, nested


def modules_of(package: str) -> dict[str, Path]:
    return {p.stem: p for p in (GAMES / package).glob("*.py") if p.stem != "__init__"}


@pytest.mark.parametrize("package", PACKAGES)
def test_every_game_package_has_the_same_modules(package: str) -> None:
    missing = [name for name in REQUIRED if name not in modules_of(package)]
    assert not missing, f"games/{package} lacks {missing}"
    unknown = sorted(set(modules_of(package)) - set(LAYER))
    assert not unknown, f"games/{package}: give {unknown} a layer in this test"


@pytest.mark.parametrize("package", PACKAGES)
def test_imports_run_one_way_and_never_inside_functions(package: str) -> None:
    graph: dict[str, set[str]] = {}
    for name, path in modules_of(package).items():
        runtime, nested = imports_of(path, package)
        assert not nested, f"games/{package}/{name}.py imports siblings in functions: {nested}"
        upward = sorted(other for other in runtime if LAYER[other] > LAYER[name])
        assert not upward, f"games/{package}/{name}.py imports the higher layer {upward}"
        graph[name] = runtime
    try:
        tuple(TopologicalSorter(graph).static_order())
    except CycleError as error:  # pragma: no cover - the message is the point
        pytest.fail(f"games/{package}: an import cycle {error.args[1]}")


def test_the_import_check_sees_what_it_must_refuse(tmp_path: Path) -> None:
    source = (
        "from typing import TYPE_CHECKING\n"
        "from .cards import X\n"
        "if TYPE_CHECKING:\n"
        "    from .game import G\n"
        "def f():\n"
        "    from .view import build_view\n"
        "    import solocards.games.uno.explain\n"
    )
    path = tmp_path / "state.py"
    path.write_text(source)
    runtime, nested = imports_of(path, "uno")
    assert runtime == {"cards"}
    assert nested == ["line 6: view", "line 7: explain"]


@pytest.mark.parametrize("package", PACKAGES)
def test_each_module_imports_on_its_own(package: str) -> None:
    # A fresh interpreter imports every module of the package first of all, one at a time: a
    # cycle that only works in one import order fails here.
    names = sorted(modules_of(package), key=lambda name: -LAYER[name])
    script = (
        "import importlib, sys\n"
        f"for name in {names!r}:\n"
        "    for key in [k for k in sys.modules if k.startswith('solocards')]:\n"
        "        del sys.modules[key]\n"
        f"    importlib.import_module('solocards.games.{package}.' + name)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize("game_id", solocards.games())
def test_the_rules_object_is_frozen_and_built_once(game_id: str) -> None:
    game: Any = solocards.make(game_id)
    rules = game.rules
    assert dataclasses.is_dataclass(rules)
    field = dataclasses.fields(rules)[0].name
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(rules, field, getattr(rules, field))
    state = game.deal(seed=1)
    clone: Any = state.clone()
    assert clone.game.rules is rules
    again: Any = game_class(game_id)(game.players, **game.options)
    assert again.rules == rules


FORWARDED = ("view", "snapshot", "explain_message", "explain_illegal")
"""What the base ``State`` forwards to the game's ``view_of``, ``snapshot_of`` and
``explain_refusal``, once for every game."""


@pytest.mark.parametrize("package", PACKAGES)
def test_the_state_leaves_the_forwarding_to_the_base_class(package: str) -> None:
    tree = ast.parse((GAMES / package / "state.py").read_text(encoding="utf-8"))
    written = {
        f"{node.name}.{item.name}"
        for node in ast.walk(tree)
        if isinstance(node, ast.ClassDef)
        for item in node.body
        if isinstance(item, ast.FunctionDef) and item.name in FORWARDED
    }
    assert not written, f"games/{package}/state.py forwards {sorted(written)} itself"


@pytest.mark.parametrize("package", PACKAGES)
def test_the_game_leaves_the_english_words_to_the_base_class(package: str) -> None:
    """A game writes its messages (``action_message``, ``table_messages``); the base class
    gives their English text (``describe_action``, ``describe_table``)."""
    tree = ast.parse((GAMES / package / "game.py").read_text(encoding="utf-8"))
    written = {
        item.name
        for node in ast.walk(tree)
        if isinstance(node, ast.ClassDef)
        for item in node.body
        if isinstance(item, ast.FunctionDef) and item.name in ("describe_action", "describe_table")
    }
    assert not written, f"games/{package}/game.py forwards {sorted(written)} itself"
    game = game_class(package.replace("_", "-"))()
    action = game.action_name(0)
    assert game.describe_action(action) == str(game.action_message(action))
