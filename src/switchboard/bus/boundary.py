"""The bus's boundary checks for things that come from outside: raw messages and payload size."""

from __future__ import annotations

import json
from typing import Any

from pydantic import ValidationError

from switchboard.bus.envelope import Message
from switchboard.bus.errors import MalformedMessageError, PayloadTooLargeError

_UNKNOWN = 1 << 62
_MAX_DEPTH = 32


def json_bound(value: Any, depth: int = 0) -> int:
    """An upper bound of `len(json.dumps(value, default=str))`, or `_UNKNOWN` when it cannot be
    told without encoding (other types, huge ints, deep nesting). Walks the value once without
    building any string (scalars inside containers inline, no call each): a nested payload (a
    mission package) is bounded in a fraction of what encoding it to measure would cost."""
    kind = type(value)
    if kind is dict:
        if depth > _MAX_DEPTH:
            return _UNKNOWN
        total = 2
        for key, item in value.items():
            if type(key) is not str:
                return _UNKNOWN
            # ASCII escapes to at most 6 chars (\u00XX); any other char to at most 12 (a
            # surrogate pair). `isascii` is O(1) in CPython.
            total += len(key) * (6 if key.isascii() else 12) + 6
            kind = type(item)
            if kind is str:
                total += len(item) * (6 if item.isascii() else 12) + 2
            elif kind is int:
                total += 20 if -(10**18) < item < 10**18 else _UNKNOWN
            elif item is None or kind is bool or kind is float:
                total += 24
            else:
                total += json_bound(item, depth + 1)
        return total
    if kind is list or kind is tuple:
        if depth > _MAX_DEPTH:
            return _UNKNOWN
        total = 2
        for item in value:
            if type(item) is str:
                total += len(item) * (6 if item.isascii() else 12) + 4
            else:
                total += json_bound(item, depth + 1) + 2
        return total
    if kind is str:
        return len(value) * (6 if value.isascii() else 12) + 2
    if value is None or kind is bool:
        return 5
    if kind is int:
        return 20 if -(10**18) < value < 10**18 else _UNKNOWN
    if kind is float:
        return 24
    return _UNKNOWN


def check_payload_size(
    parameters: dict[str, Any] | None, context: dict[str, Any] | None, limit: int
) -> None:
    """Refuse payloads whose JSON exceeds `limit` bytes. `json_bound` first: only a payload it
    cannot bound under the limit is encoded to measure."""
    if not parameters and not context:
        return
    bound = json_bound(parameters) if parameters else 0
    if context:
        bound += json_bound(context)
    if bound > limit:
        size = len(json.dumps(parameters, default=str)) + (
            len(json.dumps(context, default=str)) if context else 0
        )
        if size > limit:
            raise PayloadTooLargeError(
                f"payload of {size} bytes exceeds {limit}", size=size, limit=limit
            )


def parse_message(raw: Message | dict[str, Any] | str | bytes) -> Message:
    """Validate a message built outside the bus; every problem becomes a `MalformedMessageError`."""
    try:
        if isinstance(raw, Message):
            return Message.model_validate(raw.model_dump())
        if isinstance(raw, dict):
            return Message.model_validate(raw)
        return Message.model_validate_json(raw)
    except ValidationError as exc:
        raise MalformedMessageError(
            f"not a valid bus message: {exc.error_count()} error(s)",
            errors=[f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors()],
        ) from None
