"""The finished lab reports, read-only: ``GET /api/lab`` lists them, ``GET /api/lab/{name}``
answers one (its ``report.json``), ``GET /api/lab/{name}/plots/{plot}`` one of its PNG plots.

A report is a folder of ``Settings.lab_dir`` holding a ``report.json`` (what ``solocards lab
--report DIR`` writes); its name is the folder's name. Names are letters, digits, ``.``, ``_``
and ``-`` only, so no request reaches outside that folder; a folder whose ``report.json`` is
missing or not a lab report is not listed and answers 404.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import FileResponse

from ...i18n import _
from ...lab import FORMAT, PLOTS
from .validation import short

router = APIRouter(prefix="/api", tags=["lab"])
NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,99}")
REPORT = "report.json"


def lab_folder(request: Request) -> Path:
    """The reports folder of this server."""
    return Path(request.app.state.settings.lab_dir)


def read_report(folder: Path, name: str) -> dict[str, Any] | None:
    """The report ``name`` of ``folder``, or ``None`` when there is no readable lab report.

    >>> read_report(Path("/nonexistent"), "uno") is None
    True
    """
    if not NAME.fullmatch(name) or ".." in name:
        return None
    try:
        report = json.loads((folder / name / REPORT).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(report, dict) or report.get("format") != FORMAT:
        return None
    return report


def _entry(name: str, report: dict[str, Any]) -> dict[str, Any]:
    return {
        "name": name,
        "game": report.get("game"),
        "players": report.get("players"),
        "bots": report.get("bots"),
        "baseline": report.get("baseline"),
        "variants": [variant.get("name") for variant in report.get("variants", [])],
        "rounds_per_variant": report.get("rounds_per_variant"),
        "command": report.get("command"),
    }


@router.get("/lab")
def list_reports(request: Request) -> dict[str, Any]:
    """Every finished lab report: name, game, players, bots, variants, rounds per variant."""
    folder = lab_folder(request)
    names = sorted(p.name for p in folder.iterdir() if p.is_dir()) if folder.is_dir() else []
    reports = []
    for name in names:
        report = read_report(folder, name)
        if report is not None:
            reports.append(_entry(name, report))
    return {"reports": reports}


@router.get("/lab/{name}")
def get_report(name: str, request: Request) -> dict[str, Any]:
    """One lab report: its ``report.json`` (metrics, differences, flags, files)."""
    report = read_report(lab_folder(request), name)
    if report is None:
        raise HTTPException(404, short(_("no lab report named {name}", name=repr(name))))
    return report


@router.get("/lab/{name}/plots/{plot}", response_model=None)
def get_plot(name: str, plot: str, request: Request) -> FileResponse:
    """One of a report's plots (``effects.png``, ``lengths.png``, ``seats.png``)."""
    folder = lab_folder(request)
    report = read_report(folder, name)
    if report is None:
        raise HTTPException(404, short(_("no lab report named {name}", name=repr(name))))
    path = folder / name / plot
    if plot not in PLOTS or not path.is_file():
        raise HTTPException(
            404, short(_("lab report {name} has no plot {plot}", name=repr(name), plot=repr(plot)))
        )
    return FileResponse(path, media_type="image/png")


__all__ = ["get_plot", "get_report", "list_reports", "read_report", "router"]
