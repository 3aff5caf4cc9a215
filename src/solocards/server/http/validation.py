"""Checking lobby request bodies: strict types, text that is valid Unicode, short error replies.

Bodies are read strictly: an integer field takes a JSON integer (not ``"4"``, not ``4.0``), a
boolean field a JSON ``true`` or ``false`` (not ``"yes"``, not ``1``), and numbers must be
finite (``NaN`` and ``Infinity``, which Python's JSON reader accepts, are refused). Text must be
valid Unicode: a lone surrogate (``"\\ud800"``) cannot be stored or sent back. A validation
error (422) names each problem, in a sentence of the request's language that names the field
(``msg``; ``loc``, ``type`` and ``ctx`` stay for programs), and echoes at most a short,
JSON-safe piece of the input.

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
from collections.abc import Mapping, Sequence
from typing import Annotated, Any

from fastapi import Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import AfterValidator, BaseModel, ConfigDict

from ...i18n import _, ngettext

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
        raise ValueError(_("text must be valid Unicode (it holds a lone surrogate)")) from None
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


#: Fields whose input an error never repeats (a password in a log or on a screen).
SECRET_FIELDS = frozenset(("password", "new_password", "token", "seats"))

#: The parts of a location that say where the value came from, not which field it is.
_SOURCES = ("body", "query", "path", "header", "cookie")
#: The parts pydantic adds to a location for the member of a union a value was checked against.
_UNION_MEMBERS = ("bool", "int", "float", "str", "dict", "list", "none")


def field_label(loc: Sequence[object]) -> str:
    """The field an error is about, as a person reads it (``options.rounds``).

    >>> field_label(["body", "options", "rounds", "int"]), field_label(["query", "lang"])
    ('options.rounds', 'lang')
    >>> field_label(["body"])
    ''
    """
    parts = [str(part) for part in loc]
    if parts and parts[0] in _SOURCES:
        parts = parts[1:]
    while parts and (parts[-1] in _UNION_MEMBERS or "[" in parts[-1] or "-" in parts[-1]):
        parts = parts[:-1]
    return ".".join(parts)


def explain_error(error: Mapping[str, Any]) -> str:
    """One validation error as a sentence in the current language, naming its field.

    >>> explain_error({"loc": ("body", "players"), "type": "int_type"})
    'players must be a whole number'
    >>> explain_error({"loc": ("body", "name"), "type": "string_too_long",
    ...                "ctx": {"max_length": 32}})
    'name must be at most 32 characters long'
    """
    kind = str(error.get("type", ""))
    given = error.get("ctx")
    context: dict[str, Any] = given if isinstance(given, dict) else {}
    field = trimmed(field_label(error.get("loc") or ()))
    if not field:
        if kind == "json_invalid":
            return _("the request body is not valid JSON")
        if kind in ("model_attributes_type", "model_type", "dict_type"):
            return _("the request body must be a JSON object")
        return _("the request body is not valid")
    if kind == "missing":
        return _("{field} is required", field=field)
    if kind in ("string_type", "string_unicode"):
        return _("{field} must be text", field=field)
    if kind in ("int_type", "int_parsing", "int_from_float"):
        return _("{field} must be a whole number", field=field)
    if kind in ("bool_type", "bool_parsing"):
        return _("{field} must be true or false", field=field)
    if kind in ("float_type", "float_parsing", "finite_number"):
        return _("{field} must be a finite number", field=field)
    if kind in ("dict_type", "model_type", "model_attributes_type"):
        return _("{field} must be a JSON object", field=field)
    if kind == "list_type":
        return _("{field} must be a list", field=field)
    if kind == "extra_forbidden":
        return _("{field} is not a field of this request", field=field)
    if kind == "string_too_short":
        n = int(context.get("min_length", 0))
        return ngettext(
            "{field} must be at least {n} character long",
            "{field} must be at least {n} characters long",
            n,
            field=field,
            n=n,
        )
    if kind == "string_too_long":
        n = int(context.get("max_length", 0))
        return ngettext(
            "{field} must be at most {n} character long",
            "{field} must be at most {n} characters long",
            n,
            field=field,
            n=n,
        )
    if kind == "greater_than":
        return _("{field} must be greater than {limit}", field=field, limit=context.get("gt"))
    if kind == "greater_than_equal":
        return _("{field} must be at least {limit}", field=field, limit=context.get("ge"))
    if kind == "less_than":
        return _("{field} must be less than {limit}", field=field, limit=context.get("lt"))
    if kind == "less_than_equal":
        return _("{field} must be at most {limit}", field=field, limit=context.get("le"))
    if kind in ("literal_error", "enum"):
        expected = str(context.get("expected", "")).replace(" or ", ", ")
        return _("{field} must be one of {choices}", field=field, choices=expected)
    if kind == "value_error" and "error" in context:
        return _("{field}: {reason}", field=field, reason=short(str(context["error"])))
    return _("{field} is not valid", field=field)


def describe_errors(errors: Any) -> list[dict[str, Any]]:
    """Validation errors with the input trimmed and everything JSON-safe; each ``msg`` is a
    sentence naming the field, in the request's language (:func:`explain_error`). The input
    of a secret field (:data:`SECRET_FIELDS`, wherever it is nested) is never repeated.

    >>> error = {"loc": ("body", "password"), "type": "string_too_short", "input": "hunter2",
    ...          "ctx": {"min_length": 8}}
    >>> "input" in describe_errors([error])[0]
    False
    """
    described = []
    for error in errors:
        entry: dict[str, Any] = {
            "loc": [part if isinstance(part, int) else trimmed(str(part)) for part in error["loc"]],
            "msg": short(explain_error(error)),
            "type": str(error.get("type", "value_error")),
        }
        secret = any(str(part) in SECRET_FIELDS for part in error["loc"])
        echoed = None if secret else trimmed(error.get("input"))
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
