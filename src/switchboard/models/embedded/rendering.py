"""Templates of offline policies and what a tool's output says to a person."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from typing import Any

_PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")
NATURAL_FIELDS = ("resposta", "answer", "text", "texto", "mensagem", "message", "resumo", "summary")
"""Fields of a JSON tool output that hold text meant for the user, in order of preference."""


def placeholders(template: str) -> list[str]:
    return _PLACEHOLDER.findall(template)


def render(
    template: str, values: Mapping[str, Any], lookup: Callable[[str], Any] | None = None
) -> str:
    """Fill `{name}` from `values`, then `lookup(name)`; unknown or empty names become "".

    Other braces (JSON in a template, `{ }`) are left alone."""

    def fill(match: re.Match[str]) -> str:
        name = match.group(1)
        value = values[name] if name in values else (lookup(name) if lookup else None)
        if value is None:
            return ""
        if isinstance(value, str):
            return value
        return json.dumps(value, ensure_ascii=False)

    return re.sub(r"(?<=\S) {2,}", " ", _PLACEHOLDER.sub(fill, template)).strip()


def natural_text(output: str) -> str:
    """The user-facing part of a tool's output: a JSON string, or a dict's `resposta`/`answer`/...
    field; otherwise the output as it is."""
    try:
        value = json.loads(output)
    except (json.JSONDecodeError, TypeError):
        return output.strip()
    if isinstance(value, str):
        return value.strip()
    if isinstance(value, dict):
        for name in NATURAL_FIELDS:
            field = value.get(name)
            if isinstance(field, str) and field.strip():
                return field.strip()
    return output.strip()
