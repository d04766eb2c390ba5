"""Reading the `[SYSTEM_NOTE: ...]` a coordinator receives with a specialist's result (spec 000).

The note is prefixed to the user's text: `[SYSTEM_NOTE: ...\nstatus: ...\n...]\n\n<user text>`,
or stands alone when no new user text came with it. Its fields are `key: value` lines
(`specialist`, `status`, `final_result`, `last_user_message`, `message_to_coordinator`); a value
may run over several lines until the next key.
"""

from __future__ import annotations

import contextlib
import json
import re
from dataclasses import dataclass, field
from typing import Any

_PREFIX = "[SYSTEM_NOTE:"
_KEYS = ("specialist", "status", "final_result", "last_user_message", "message_to_coordinator")
_KEY_LINE = re.compile(rf"^({'|'.join(_KEYS)}):[ \t]?", re.M)


@dataclass(frozen=True, slots=True)
class SystemNote:
    specialist: str = ""
    status: str = ""
    final_result: Any = None
    last_user_message: str = ""
    message_to_coordinator: str = ""
    raw: str = field(default="", repr=False)


def split_note(content: str) -> tuple[SystemNote | None, str]:
    """`(note, user_text)`; `(None, content)` when the message carries no note."""
    stripped = content.lstrip()
    if not stripped.startswith(_PREFIX):
        return None, content
    end = _note_end(stripped)
    raw, rest = stripped[:end], stripped[end:]
    return _parse(raw), rest.strip()


def _note_end(text: str) -> int:
    """Index just past the note's closing bracket.

    The note closes with the `]` that ends the text or is followed by a blank line; the values
    inside it (JSON, the user's last message) may hold brackets of their own, so the first such
    `]` after the last field line wins."""
    keys = list(_KEY_LINE.finditer(text))
    start = keys[-1].end() if keys else len(_PREFIX)
    for match in re.finditer(r"\](?=\s*\n\s*\n|\s*$)", text[start:]):
        return start + match.end()
    return len(text)


def _parse(raw: str) -> SystemNote:
    body = raw[len(_PREFIX) :]
    if body.endswith("]"):
        body = body[:-1]
    keys = list(_KEY_LINE.finditer(body))
    values: dict[str, str] = {}
    for index, match in enumerate(keys):
        stop = keys[index + 1].start() if index + 1 < len(keys) else len(body)
        values[match.group(1)] = body[match.end() : stop].strip()
    final_result: Any = values.get("final_result")
    if final_result:
        with contextlib.suppress(json.JSONDecodeError):
            final_result = json.loads(final_result)
    return SystemNote(
        specialist=values.get("specialist", ""),
        status=values.get("status", ""),
        final_result=final_result,
        last_user_message=values.get("last_user_message", ""),
        message_to_coordinator=values.get("message_to_coordinator", ""),
        raw=raw,
    )
