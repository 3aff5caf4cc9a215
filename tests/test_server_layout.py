"""The server's rooms stay small and findable: a newcomer finds things by name.

``src/solocards/server`` is grouped by what each part serves (``http/``, ``live/``,
``cluster/`` and the subpackages of accounts, ratings, moderation, storage and migrations;
docs/server.md, "Where things are"). Checked on the syntax tree of every module:

1. no module is longer than :data:`MAX_LINES` lines;
2. no class has more than :data:`MAX_METHODS` methods (each ``def`` directly in its body,
   properties included): a class that grows past it gets a collaborator of its own;
3. the top level of ``server/`` holds only :data:`TOP_LEVEL`: a new flat module is a choice
   made here, not an accident.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import solocards

SERVER = Path(solocards.__file__).resolve().parent / "server"

MAX_LINES = 800
MAX_METHODS = 30

TOP_LEVEL = {
    "__init__.py",
    "__main__.py",
    "config.py",
    "configsources.py",
    "failures.py",
    "limits.py",
    "logformat.py",
    "names.py",
    "ratelimit.py",
    "security.py",
}
"""The modules at the top of ``server/``: the entry points and what every group uses."""

GROUPS = {"accounts", "cluster", "http", "live", "migrations", "moderation", "ratings", "storage"}
"""The packages of ``server/``."""


def modules(root: Path) -> list[Path]:
    """Every Python module under ``root``, sorted."""
    return sorted(root.rglob("*.py"))


def long_modules(root: Path, limit: int = MAX_LINES) -> list[str]:
    """The modules under ``root`` longer than ``limit`` lines, as "path: N lines"."""
    found = []
    for path in modules(root):
        count = len(path.read_text(encoding="utf-8").splitlines())
        if count > limit:
            found.append(f"{path.relative_to(root)}: {count} lines")
    return found


def method_counts(source: str) -> dict[str, int]:
    """Each class of ``source`` (nested ones too) and the ``def``s directly in its body.

    >>> method_counts("class A:\\n    x = 1\\n    def f(self): ...\\n    async def g(self): ...")
    {'A': 2}
    """
    counts = {}
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ClassDef):
            defs = [n for n in node.body if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)]
            counts[node.name] = len(defs)
    return counts


def big_classes(root: Path, limit: int = MAX_METHODS) -> list[str]:
    """The classes under ``root`` with more than ``limit`` methods, as "path: Class (N)"."""
    found = []
    for path in modules(root):
        for name, count in method_counts(path.read_text(encoding="utf-8")).items():
            if count > limit:
                found.append(f"{path.relative_to(root)}: {name} ({count} methods)")
    return found


def top_level(root: Path) -> tuple[set[str], set[str]]:
    """The modules and the packages directly in ``root``."""
    files = {p.name for p in root.glob("*.py")}
    packages = {p.name for p in root.iterdir() if p.is_dir() and (p / "__init__.py").exists()}
    return files, packages


def test_no_server_module_is_over_the_line_limit() -> None:
    assert long_modules(SERVER) == []


def test_no_server_class_has_too_many_methods() -> None:
    assert big_classes(SERVER) == []


def test_the_top_of_the_server_holds_only_the_chosen_modules() -> None:
    files, packages = top_level(SERVER)
    assert files == TOP_LEVEL, "a module added to or moved from server/: choose its group"
    assert packages == GROUPS


@pytest.mark.parametrize(
    ("lines", "methods", "long", "big"),
    [(800, 30, False, False), (801, 30, True, False), (10, 31, False, True)],
)
def test_the_checks_catch_what_they_are_for(
    tmp_path: Path, lines: int, methods: int, long: bool, big: bool
) -> None:
    body = "".join(f"    def m{i}(self) -> None: ...\n" for i in range(methods))
    source = "class Big:\n" + body
    source += "\n" * (lines - len(source.splitlines()))
    (tmp_path / "module.py").write_text(source)
    assert bool(long_modules(tmp_path)) is long
    assert bool(big_classes(tmp_path)) is big
