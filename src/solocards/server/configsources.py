"""Where a server's settings come from: the defaults, a TOML file, ``SOLOCARDS_*`` variables.

Every field of :class:`~solocards.server.config.Settings`, and the address to listen on, can be
set in three places; a later one wins:

1. the defaults of :class:`~solocards.server.config.Settings`;
2. a TOML file (``solocards serve --config FILE`` or ``$SOLOCARDS_CONFIG``), its keys the
   field names at the top level or under ``[server]``;
3. environment variables, one per field: ``SOLOCARDS_`` and the field's name in capitals
   (``SOLOCARDS_DB_URL``, ``SOLOCARDS_BROKER_URL``, ``SOLOCARDS_HOST``, ``SOLOCARDS_PORT``).

The command's own flags (``--db``, ``--broker``, ``--host``, ``--port``) are applied last by
the caller. A value that does not fit its field, or a key of the file that is no field, is a
:class:`ConfigError` that names the source, the key and what was expected.

>>> config = load_config(environ={"SOLOCARDS_BOT_DELAY": "0.2", "SOLOCARDS_PORT": "9000"})
>>> config.settings.bot_delay, config.port
(0.2, 9000)
>>> load_config(environ={"SOLOCARDS_MAX_TABLES": "many"})
Traceback (most recent call last):
...
solocards.server.configsources.ConfigError: SOLOCARDS_MAX_TABLES: 'many' is not a whole number
"""

from __future__ import annotations

import dataclasses
import os
import tomllib
import types
import typing
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from .config import Settings, default_db_url
from .logformat import LOG_FORMATS

ENV_PREFIX = "SOLOCARDS_"
"""The prefix of the environment variables that set a field (``SOLOCARDS_DB_URL``)."""

SECRET_FIELDS = frozenset({"metrics_token", "admin_token", "forward_secret"})
"""Fields whose values :func:`describe` never prints."""

_ADDRESS_FIELDS: dict[str, type] = {"host": str, "port": int}


class ConfigError(ValueError):
    """A setting that cannot be used: the message names its source and key."""


@dataclass(frozen=True)
class ServeConfig:
    """What ``solocards serve`` runs with: the address, and the server's settings.

    ``sources`` maps each field that was not left at its default to where it came from
    (``"file"`` or the environment variable's name).
    """

    host: str
    port: int
    settings: Settings
    sources: Mapping[str, str]


def field_types() -> dict[str, Any]:
    """Each settable name and its type: the fields of ``Settings``, then ``host`` and ``port``.

    >>> field_types()["bot_delay"], field_types()["port"]
    (<class 'float'>, <class 'int'>)
    """
    hints = typing.get_type_hints(Settings)
    found: dict[str, Any] = {
        field.name: hints[field.name] for field in dataclasses.fields(Settings)
    }
    found.update(_ADDRESS_FIELDS)
    return found


def _allows_none(kind: Any) -> bool:
    return isinstance(kind, types.UnionType) and type(None) in typing.get_args(kind)


def _base(kind: Any) -> Any:
    if isinstance(kind, types.UnionType):
        others = [arg for arg in typing.get_args(kind) if arg is not type(None)]
        return others[0]
    return kind


_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}
_NONE = {"", "none", "null"}


def parse_text(source: str, kind: Any, text: str) -> Any:
    """``text`` (an environment variable's value) read as a value of ``kind``.

    >>> parse_text("SOLOCARDS_ALLOW_SEED", bool, "yes")
    True
    >>> parse_text("SOLOCARDS_BROKER_URL", str | None, "none") is None
    True
    """
    if _allows_none(kind) and text.strip().lower() in _NONE:
        return None
    base = _base(kind)
    if base is bool:
        word = text.strip().lower()
        if word in _TRUE:
            return True
        if word in _FALSE:
            return False
        raise ConfigError(f"{source}: {text[:40]!r} is not true or false")
    if base is int:
        try:
            return int(text.strip())
        except ValueError:
            raise ConfigError(f"{source}: {text[:40]!r} is not a whole number") from None
    if base is float:
        try:
            return float(text.strip())
        except ValueError:
            raise ConfigError(f"{source}: {text[:40]!r} is not a number") from None
    return text


def check_value(source: str, kind: Any, value: Any) -> Any:
    """``value`` (from the TOML file) if it fits ``kind``; ints are taken for floats.

    >>> check_value("file: bot_delay", float, 1)
    1.0
    >>> check_value("file: max_tables", int, "9")
    Traceback (most recent call last):
    ...
    solocards.server.configsources.ConfigError: file: max_tables: '9' is not a whole number
    """
    if value is None and _allows_none(kind):
        return None
    base = _base(kind)
    if base is float and isinstance(value, int | float) and not isinstance(value, bool):
        return float(value)
    if base is int and isinstance(value, int) and not isinstance(value, bool):
        return value
    if base is bool and isinstance(value, bool):
        return value
    if base is str and isinstance(value, str):
        return value
    words = {bool: "true or false", int: "a whole number", float: "a number", str: "text"}
    shown = repr(value)[:40]
    raise ConfigError(f"{source}: {shown} is not {words.get(base, str(base))}")


def read_file(path: Path) -> dict[str, Any]:
    """The settings of a TOML file: its top-level keys, or those under ``[server]``."""
    try:
        with path.open("rb") as handle:
            data = tomllib.load(handle)
    except OSError as error:
        raise ConfigError(f"{path}: cannot be read ({error.strerror or error})") from None
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{path}: is not valid TOML ({error})") from None
    server = data.get("server", data)
    if not isinstance(server, dict):
        raise ConfigError(f"{path}: [server] must be a table of settings")
    return {key: value for key, value in server.items() if key != "server"}


def load_config(
    path: str | Path | None = None, environ: Mapping[str, str] | None = None
) -> ServeConfig:
    """The defaults, then the file at ``path`` (or ``$SOLOCARDS_CONFIG``), then the environment.

    >>> load_config(environ={}).host
    '127.0.0.1'
    """
    environ = os.environ if environ is None else environ
    kinds = field_types()
    values: dict[str, Any] = {}
    sources: dict[str, str] = {}
    file_path = path if path is not None else environ.get(ENV_PREFIX + "CONFIG") or None
    if file_path is not None:
        for key, value in read_file(Path(file_path)).items():
            if key not in kinds:
                known = ", ".join(sorted(kinds))
                raise ConfigError(f"{file_path}: {key!r} is not a setting (the settings: {known})")
            values[key] = check_value(f"{file_path}: {key}", kinds[key], value)
            sources[key] = str(file_path)
    for key, kind in kinds.items():
        variable = ENV_PREFIX + key.upper()
        if variable in environ:
            values[key] = parse_text(variable, kind, environ[variable])
            sources[key] = variable
    host = values.pop("host", "127.0.0.1")
    port = values.pop("port", 8000)
    if not 0 < port < 65536:
        raise ConfigError(f"{sources.get('port', 'port')}: {port} is not a port (1-65535)")
    log_format = values.get("log_format", "text")
    if log_format not in LOG_FORMATS:
        source = sources.get("log_format", "log_format")
        raise ConfigError(f"{source}: {log_format!r} is not one of {', '.join(LOG_FORMATS)}")
    if values.get("db_url") is None:
        values["db_url"] = default_db_url()
    settings = Settings(**values)
    return ServeConfig(host=host, port=port, settings=settings, sources=sources)


def masked_url(url: str) -> str:
    """``url`` with its password replaced by ``***``.

    >>> masked_url("postgresql+psycopg://ann:secret@db/solocards")
    'postgresql+psycopg://ann:***@db/solocards'
    >>> masked_url("sqlite:///data/solocards.sqlite")
    'sqlite:///data/solocards.sqlite'
    """
    parts = urlsplit(url)
    if parts.password is None:
        return url
    user = parts.username or ""
    host = parts.hostname or ""
    port = f":{parts.port}" if parts.port else ""
    return urlunsplit(parts._replace(netloc=f"{user}:***@{host}{port}"))


def describe(config: ServeConfig) -> Iterator[str]:
    """One line per setting, ``name = value  (source)``; passwords and tokens never shown.

    >>> lines = list(describe(load_config(environ={"SOLOCARDS_DB_URL": "postgresql://a:pw@h/d"})))
    >>> [line for line in lines if line.startswith("db_url")]
    ["db_url = 'postgresql://a:***@h/d'  (SOLOCARDS_DB_URL)"]
    """
    values: dict[str, Any] = {"host": config.host, "port": config.port}
    values.update({field.name: getattr(config.settings, field.name) for field in _fields()})
    for name, value in values.items():
        shown: Any = value
        if name in SECRET_FIELDS and value is not None:
            shown = "***"
        elif isinstance(value, str) and name.endswith("_url"):
            shown = masked_url(value)
        source = config.sources.get(name, "default")
        yield f"{name} = {shown!r}  ({source})"


def _fields() -> tuple[dataclasses.Field[Any], ...]:
    return dataclasses.fields(Settings)
