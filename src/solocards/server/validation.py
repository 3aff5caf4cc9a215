"""Checking lobby request bodies: strict types, text that is valid Unicode, short error replies.

Bodies are read strictly: an integer field takes a JSON integer (not ``"4"``, not ``4.0``), a
boolean field a JSON ``true`` or ``false`` (not ``"yes"``, not ``1``), and numbers must be
finite (``NaN`` and ``Infinity``, which Python's JSON reader accepts, are refused). Text must be
valid Unicode: a lone surrogate (``"\\ud800"``) cannot be stored or sent back. A validation
error (422) names each problem and echoes at most a short, JSON-safe piece of the input.

>>> from pydantic import ValidationError
>>> class Example(StrictBody):
...     name: Text
>>> try:
...     Example.model_validate({"name": "ana\\ud800"})
... except ValidationError as error:
...     print(error.errors()[0]["msg"])
Value error, text must be valid Unicode (it holds a lone surrogate)
"""

from __future__ import annotations

import math
from typing import Annotated, Any

from fastapi import Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import AfterValidator, BaseModel, ConfigDict

ECHO_CHARS = 60
"""The most characters of the input a validation error repeats."""


def valid_unicode(text: str) -> str:
    """``text`` if it can be encoded as UTF-8, else a ``ValueError`` (a lone surrogate).

    >>> valid_unicode("Zoë")
    'Zoë'
    """
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise ValueError("text must be valid Unicode (it holds a lone surrogate)") from None
    return text


Text = Annotated[str, AfterValidator(valid_unicode)]
"""A string that is valid Unicode."""


class StrictBody(BaseModel):
    """A request body read with strict types and finite numbers only."""

    model_config = ConfigDict(strict=True, allow_inf_nan=False)


def trimmed(value: Any) -> Any:
    """A short, JSON-safe stand-in for a piece of input (``None`` for containers).

    >>> trimmed("x" * 100)[-5:], trimmed(float("nan")), trimmed({"a": 1})
    ('xxxx…', 'nan', None)
    """
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, int):
        return value if abs(value) < 10**18 else trimmed(str(value))
    if isinstance(value, float):
        return value if math.isfinite(value) else repr(value)
    if isinstance(value, str):
        safe = value.encode("utf-8", "backslashreplace").decode("utf-8")
        return safe if len(safe) <= ECHO_CHARS else safe[: ECHO_CHARS - 1] + "…"
    return None


def describe_errors(errors: Any) -> list[dict[str, Any]]:
    """Validation errors with the input trimmed and everything JSON-safe."""
    described = []
    for error in errors:
        entry: dict[str, Any] = {
            "loc": [part if isinstance(part, int) else trimmed(str(part)) for part in error["loc"]],
            "msg": short(str(error.get("msg", ""))),
            "type": str(error.get("type", "value_error")),
        }
        echoed = trimmed(error.get("input"))
        if echoed is not None:
            entry["input"] = echoed
        context = error.get("ctx")
        if isinstance(context, dict):
            entry["ctx"] = {
                str(key): trimmed(item) if trimmed(item) is not None else trimmed(str(item))
                for key, item in context.items()
            }
        described.append(entry)
    return described


async def validation_error(request: Request, exc: Exception) -> JSONResponse:
    """The 422 answer to a body or parameter that does not validate, input trimmed."""
    errors = exc.errors() if isinstance(exc, RequestValidationError) else []
    return JSONResponse({"detail": describe_errors(errors)}, status_code=422)


def short(message: str, limit: int = 300) -> str:
    """An error message cut to ``limit`` characters, valid Unicode.

    >>> short("no " * 200, 12)
    'no no no no…'
    """
    safe = message.encode("utf-8", "backslashreplace").decode("utf-8")
    return safe if len(safe) <= limit else safe[: limit - 1] + "…"
