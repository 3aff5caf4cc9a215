"""solocards' build backend: setuptools', asking for mypy only when the wheel is compiled.

``pyproject.toml`` names this module as the build backend (``backend-path = ["scripts"]``).
It is setuptools' own backend (``setuptools.build_meta``) with one change: when
``SOLOCARDS_COMPILE=1`` is set, building a wheel also needs mypy (which brings mypyc), so
``python -m build`` installs it into its isolated build environment. The plain build needs
nothing beyond setuptools. ``setup.py`` does the compiling.
"""

from __future__ import annotations

import os
from typing import Any

from setuptools import build_meta
from setuptools.build_meta import *  # noqa: F403  (the whole backend interface)

COMPILE_VARIABLE = "SOLOCARDS_COMPILE"
"""The environment variable that asks for the compiled (platform) wheel."""

COMPILE_REQUIRES = ["mypy>=2.4"]
"""What the compiled build needs beyond setuptools (mypy brings mypyc)."""


def compile_requested() -> bool:
    """Whether the environment asks for the compiled build (``1``, ``true`` or ``yes``)."""
    return os.environ.get(COMPILE_VARIABLE, "").strip().lower() in ("1", "true", "yes")


def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    """setuptools' requirements for a wheel, and mypy for the compiled one."""
    requires = list(build_meta.get_requires_for_build_wheel(config_settings))
    return requires + COMPILE_REQUIRES if compile_requested() else requires
