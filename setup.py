"""The build of solocards' wheels: a plain one by default, a compiled one on request.

    python -m build --wheel                          # py3-none-any: plain Python, any platform
    SOLOCARDS_COMPILE=1 python -m build --wheel      # this platform: the hot modules compiled

Everything else (the metadata, the packages, the package data) is in ``pyproject.toml``. With
``SOLOCARDS_COMPILE=1`` the modules listed in ``scripts/build_compiled.py``
(``COMPILED_MODULES``, the one list that ``make compiled`` compiles too) are compiled to C
extensions with mypyc's ``mypycify``; the wheel then holds each extension beside its source, and
Python imports the extension. The build backend (``scripts/build_backend.py``) asks for mypy,
which brings mypyc, only for that build. Needs a C compiler. ``SOLOCARDS_COMPILE_OPT`` sets the
C compiler's optimisation level (``0`` to ``3``, default ``3``; the tests build at ``1``), and
``SOLOCARDS_COMPILE_SPLIT=1`` writes the C of each module into a file of its own (mypyc's
``multi_file``: compiled in about half the CPU time, as the tests build it; the default is one
C file, which lets the C compiler inline across modules).
"""

from __future__ import annotations

import os
import runpy
import sys
from pathlib import Path
from typing import Any

from setuptools import setup

HERE = Path(__file__).resolve().parent


def compile_requested() -> bool:
    """Whether ``SOLOCARDS_COMPILE`` asks for the compiled build (``1``, ``true`` or ``yes``)."""
    backend = runpy.run_path(str(HERE / "scripts" / "build_backend.py"))
    return bool(backend["compile_requested"]())


BUILDING_COMMANDS = frozenset(
    ("bdist_wheel", "build", "build_ext", "editable_wheel", "develop", "install")
)
"""The setuptools commands that compile extensions. The build backend runs ``setup.py`` once
per hook (``egg_info`` for the requirements, ``sdist``, then ``bdist_wheel``), and ``mypycify``
type-checks and generates the C at once when it is called, so it is called only for these."""


def builds_extensions() -> bool:
    """Whether this run of ``setup.py`` compiles extensions (see :data:`BUILDING_COMMANDS`)."""
    return not BUILDING_COMMANDS.isdisjoint(sys.argv[1:])


def optimization() -> str:
    """The C compiler's optimisation level: ``SOLOCARDS_COMPILE_OPT`` (``0`` to ``3``), else 3."""
    level = os.environ.get("SOLOCARDS_COMPILE_OPT", "3")
    if level not in ("0", "1", "2", "3"):
        raise SystemExit(f"SOLOCARDS_COMPILE_OPT must be 0, 1, 2 or 3, not {level!r}")
    return level


def split_files() -> bool:
    """Whether ``SOLOCARDS_COMPILE_SPLIT`` asks for one C file per module (``1``), else one
    file for all (``0``, the default)."""
    split = os.environ.get("SOLOCARDS_COMPILE_SPLIT", "0")
    if split not in ("0", "1"):
        raise SystemExit(f"SOLOCARDS_COMPILE_SPLIT must be 0 or 1, not {split!r}")
    return split == "1"


def compiled_extensions() -> list[Any]:
    """The mypyc extensions of ``COMPILED_MODULES``, or none for the plain build (and for the
    runs of ``setup.py`` that only read the metadata or pack the sources)."""
    if not compile_requested():
        return []
    level = optimization()  # (a wrong level is refused at once, whatever the command)
    split = split_files()
    if not builds_extensions():
        return []
    from mypyc.build import mypycify

    modules = runpy.run_path(str(HERE / "scripts" / "build_compiled.py"))["COMPILED_MODULES"]
    paths = [f"src/{module}" for module in modules]
    return list(mypycify(paths, opt_level=level, multi_file=split))


setup(ext_modules=compiled_extensions())
