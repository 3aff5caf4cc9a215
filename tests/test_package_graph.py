"""The packages of solocards import one way: the engine at the bottom, the edges on top.

Beside ``test_game_layout.py`` (the modules inside one game package), this checks the packages
of ``src/solocards`` against each other, on the syntax tree of every module (imports inside
functions count: they run too; those under ``if TYPE_CHECKING:`` run only for mypy and are free):

1. ``core`` imports only the standard library (and itself): the engine needs nothing installed.
2. ``games`` import only ``core`` and the standard library, and a game never another game;
   ``bots`` import only ``core`` of solocards.
3. Nothing imports ``cli`` but the ``cli`` package itself: its one way in is the ``solocards``
   script (``solocards.cli:main`` in ``pyproject.toml``).
4. ``server`` imports ``lab`` only through the package (what ``solocards.lab`` exports), never
   a module inside it, and nothing of ``cli``.
"""

from __future__ import annotations

import ast
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path

import pytest

import solocards

SOURCE = Path(solocards.__file__).resolve().parent
ROOT = SOURCE.parent.parent


@dataclass(frozen=True)
class Import:
    """One import of a module: where it is and the absolute name of what it imports."""

    module: str  # the importing module's path under src/solocards, as "core/game.py"
    line: int
    target: str  # "solocards.core.game", "random", "numpy.typing"

    def __str__(self) -> str:
        return f"{self.module}:{self.line} imports {self.target}"


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _package_of(relative: Path) -> list[str]:
    """The dotted package a module's relative imports start from."""
    parts = ["solocards", *relative.with_suffix("").parts]
    return parts[:-1]


def imports_of(path: Path) -> list[Import]:
    """Every import of the module at ``path`` that runs, as absolute names."""
    relative = path.relative_to(SOURCE)
    package = _package_of(relative)
    found: list[Import] = []

    def absolute(node: ast.ImportFrom) -> list[str]:
        if node.level == 0:
            base = node.module or ""
        else:
            stem = package[: len(package) - (node.level - 1)]
            base = ".".join([*stem, node.module] if node.module else stem)
        if node.module is None:  # "from . import render": the names are modules or attributes
            return [f"{base}.{alias.name}" for alias in node.names]
        return [base]

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _is_type_checking(child):
                for other in child.orelse:
                    visit(other)
                continue
            if isinstance(child, ast.Import):
                targets = [alias.name for alias in child.names]
            elif isinstance(child, ast.ImportFrom):
                targets = absolute(child)
            else:
                visit(child)
                continue
            found.extend(Import(relative.as_posix(), child.lineno, t) for t in targets)

    visit(ast.parse(path.read_text(encoding="utf-8"), filename=str(path)))
    return found


ALL = [found for path in sorted(SOURCE.rglob("*.py")) for found in imports_of(path)]


OUTSIDE = "-"


def top(target: str) -> str:
    """The package of solocards an import reaches (``"core"``), ``""`` for solocards itself, or
    :data:`OUTSIDE` for anything outside solocards (the standard library, a dependency)."""
    parts = target.split(".")
    if parts[0] != "solocards":
        return OUTSIDE
    return parts[1] if len(parts) > 1 else ""


def in_package(found: Import, package: str) -> bool:
    return found.module.split("/")[0] == package


def is_stdlib(target: str) -> bool:
    return target.split(".")[0] in sys.stdlib_module_names or target == "__future__"


def test_the_checker_sees_every_kind_of_import() -> None:
    """Relative imports resolve, imports inside functions count, TYPE_CHECKING ones do not."""
    compiled = {str(found) for found in ALL if found.module == "core/compiled.py"}
    assert not any("mypy_extensions" in line for line in compiled)  # under TYPE_CHECKING
    gamecache = {found.target for found in ALL if found.module == "server/live/gamecache.py"}
    assert "solocards.games.registry" in gamecache
    serve = {found.target for found in ALL if found.module == "cli/commands/serve.py"}
    assert "solocards.cli.serving" in serve  # imported inside the command's function


def test_core_imports_only_the_standard_library() -> None:
    wrong = []
    for found in ALL:
        if not in_package(found, "core"):
            continue
        outside = top(found.target) == OUTSIDE
        if (outside and not is_stdlib(found.target)) or (
            not outside and top(found.target) != "core"
        ):
            wrong.append(str(found))
    assert not wrong, wrong


@pytest.mark.parametrize("package", ["games", "bots"])
def test_games_and_bots_import_only_core(package: str) -> None:
    wrong = [
        str(found)
        for found in ALL
        if in_package(found, package) and top(found.target) not in ("core", package, OUTSIDE)
    ]
    assert not wrong, wrong


def test_games_need_only_the_standard_library_and_never_import_each_other() -> None:
    wrong = []
    for found in ALL:
        parts = found.module.split("/")
        if parts[0] != "games":
            continue
        if top(found.target) == OUTSIDE and not is_stdlib(found.target):
            wrong.append(str(found))
        names = found.target.split(".")
        other_game = len(names) > 2 and names[:2] == ["solocards", "games"] and names[2] != parts[1]
        if len(parts) > 2 and other_game:  # a module inside a game's package
            wrong.append(str(found))
    assert not wrong, wrong


def test_nothing_imports_the_cli_but_its_entry_point() -> None:
    wrong = [str(f) for f in ALL if top(f.target) == "cli" and not in_package(f, "cli")]
    assert not wrong, wrong
    with (ROOT / "pyproject.toml").open("rb") as handle:
        scripts = tomllib.load(handle)["project"]["scripts"]
    assert scripts == {"solocards": "solocards.cli:main"}


def test_the_server_reads_the_lab_through_its_package_and_never_the_cli() -> None:
    wrong = []
    for found in ALL:
        if not in_package(found, "server"):
            continue
        inside_lab = top(found.target) == "lab" and found.target != "solocards.lab"
        if top(found.target) == "cli" or inside_lab:
            wrong.append(str(found))
    assert not wrong, wrong
