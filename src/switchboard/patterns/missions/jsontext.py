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


def _make_dumps() -> Callable[[Any], str]:
    make = getattr(_encoder, "c_make_encoder", None)
    if make is None:  # pragma: no cover - CPython always has the C encoder
        return json.JSONEncoder(ensure_ascii=False, default=str, check_circular=False).encode
    iterencode = make(None, str, _encoder.encode_basestring, None, ": ", ", ", False, False, True)

    def dumps(value: Any) -> str:
        """`value` as compact JSON text (non-ASCII kept, unknown types via `str`)."""
        return "".join(iterencode(value, 0))

    return dumps


dumps = _make_dumps()
"""`json.dumps(value, ensure_ascii=False, default=str)` for acyclic values."""


__all__ = ["dumps"]
