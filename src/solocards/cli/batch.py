"""Options shared by the batch commands (``simulate``, ``tournament``, ``selfplay``).

``--ray`` takes an optional value: ``--ray`` alone starts or joins a Ray on this machine,
``--ray auto`` joins the cluster this machine belongs to, ``--ray ray://head:10001`` a remote
one. Typer has no options with optional values, so :class:`BatchGroup` reads a bare ``--ray``
as ``--ray local`` before parsing.

>>> bare_ray_flag(["simulate", "uno", "--ray", "-n", "5"])
['simulate', 'uno', '--ray', 'local', '-n', '5']
>>> bare_ray_flag(["simulate", "--ray", "uno"]), bare_ray_flag(["simulate", "--ray", "auto"])
(['simulate', '--ray', 'local', 'uno'], ['simulate', '--ray', 'auto'])
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from typer.core import TyperGroup

from ..core.errors import OptionError
from ..i18n import _
from ..sim.backends import Backend, make_backend
from .lang import help_text


def is_ray_address(text: str) -> bool:
    """Whether ``text`` is a Ray address (``auto``, ``local``, ``ray://...``, ``host:port``)."""
    return text in ("auto", "local") or ":" in text


def bare_ray_flag(args: list[str]) -> list[str]:
    """``args`` with ``local`` after every ``--ray`` that is not followed by an address."""
    fixed: list[str] = []
    for index, arg in enumerate(args):
        fixed.append(arg)
        if arg == "--ray":
            following = args[index + 1] if index + 1 < len(args) else None
            if following is None or not is_ray_address(following):
                fixed.append("local")
    return fixed


class BatchGroup(TyperGroup):
    """The command group, reading a bare ``--ray`` as ``--ray local``."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        """Parse as usual, after :func:`bare_ray_flag`."""
        return super().parse_args(ctx, bare_ray_flag(list(args)))


RayOpt = Annotated[
    str | None,
    typer.Option(
        "--ray",
        metavar="[ADDRESS]",
        help=help_text(
            "Run on Ray: alone, a local Ray (started or joined); or a cluster's address "
            "(auto, ray://head:10001). Needs the ray extra: pip install solocards\\[ray]."
        ),
    ),
]
ChunkOpt = Annotated[
    int | None,
    typer.Option(
        "--chunk-size", min=1, help=help_text("Rounds per chunk of work (default: automatic).")
    ),
]
ResumeOpt = Annotated[
    bool,
    typer.Option(
        "--resume", help=help_text("Continue the run streamed to --out: skip its chunks.")
    ),
]


def backend_for(jobs: int, ray: str | None) -> Backend:
    """The backend of ``--jobs`` and ``--ray`` (a :class:`SoloError` in words if Ray is not
    installed)."""
    return make_backend(jobs, ray)


def close_backend(backend: Any) -> None:
    """Shut down the Ray this command started, if any."""
    close = getattr(backend, "close", None)
    if close is not None:
        close()


def stream_file(out: Path | None, resume: bool, default: Path | None = None) -> Path | None:
    """The JSONL file a run streams to, checking that ``--resume`` has one."""
    path = out if out is not None else default
    if resume and path is None:
        raise OptionError(_("--resume needs --out, the file the run streamed to"))
    return path


__all__ = [
    "BatchGroup",
    "ChunkOpt",
    "RayOpt",
    "ResumeOpt",
    "backend_for",
    "bare_ray_flag",
    "close_backend",
    "is_ray_address",
    "stream_file",
]
