"""The bus's boundary checks for things that come from outside: raw messages and payload size."""

from __future__ import annotations

import json
from typing import Any

from pydantic import ValidationError

from switchboard.bus.envelope import Message
from switchboard.bus.errors import MalformedMessageError, PayloadTooLargeError

_SCALARS = (int, float, bool, type(None))


def _may_exceed(
    parameters: dict[str, Any] | None, context: dict[str, Any] | None, limit: int
) -> bool:
    """Cheap upper bound of the JSON size of flat payloads; only larger ones are serialized to
    measure."""
    bound = 0
    for part in (parameters, context) if context else (parameters,):
        if not part:
            continue
        if len(part) > 64:
            return True
        for key, value in part.items():
            kind = type(value)
            if (
                kind is int or kind is float or kind is bool or value is None
            ):  # exact types first: cheap
                bound += len(key) * 6 + 40
            elif isinstance(value, str):
                bound += (
                    len(value) * 6 + len(key) * 6 + 8
                )  # worst case: every char escaped as \uXXXX
            elif isinstance(value, _SCALARS):
                bound += len(key) * 6 + 40
            else:
                return True
    return bound > limit


def check_payload_size(
    parameters: dict[str, Any] | None, context: dict[str, Any] | None, limit: int
) -> None:
    """Refuse payloads whose JSON exceeds `limit` bytes (flat small payloads are bounded without
    encoding)."""
    if (parameters or context) and _may_exceed(parameters, context, limit):
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
