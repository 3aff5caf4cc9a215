"""JSON encoding of messages with orjson (several times faster than the stdlib's).

>>> dumps({"a": [1, "R7"]})
'{"a":[1,"R7"]}'
"""

from __future__ import annotations

from typing import Any

import orjson


def dumps(value: Any) -> str:
    """Compact JSON text of ``value``."""
    return orjson.dumps(value).decode("utf-8")
