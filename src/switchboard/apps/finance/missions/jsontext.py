"""Compact JSON text for prompts and tool outputs, from one reusable C encoder.

`json.dumps(value, ensure_ascii=False, default=str)` builds a new encoder on every call, plus a
dict to detect cycles; a mission writes a dozen small JSON texts (a tool output per executor
call, lists in the synthesis prompt), all of them trees it built itself. So the C encoder is made
once, without the cycle check, and reused: same text, a fraction of the cost.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from json import encoder as _encoder
from typing import Any

_make: Callable[..., Any] | None = getattr(_encoder, "c_make_encoder", None)


def _python_dumps() -> Callable[[Any], str]:
    return json.JSONEncoder(ensure_ascii=False, default=str, check_circular=False).encode


if _make is not None:
    _iterencode = _make(None, str, _encoder.encode_basestring, None, ": ", ", ", False, False, True)

    def dumps(value: Any) -> str:
        """`json.dumps(value, ensure_ascii=False, default=str)` for acyclic values."""
        return "".join(_iterencode(value, 0))

else:  # pragma: no cover - CPython always has the C encoder
    dumps = _python_dumps()


__all__ = ["dumps"]
