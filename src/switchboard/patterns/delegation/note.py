"""The `[SYSTEM_NOTE: ...]` that gives a coordinator its specialist's result (spec 000, step 9)."""

from __future__ import annotations

import json

from switchboard.patterns.delegation.state import SpecialistResult


def render_note(result: SpecialistResult) -> str:
    lines = [
        "[SYSTEM_NOTE: a sub-conversa com um especialista terminou.",
        f"specialist: {result.specialist}",
        f"status: {result.status}",
        f"final_result: {json.dumps(result.final_result, ensure_ascii=False)}",
        f"last_user_message: {result.last_user_message}",
    ]
    if result.message_to_coordinator:
        lines.append(f"message_to_coordinator: {result.message_to_coordinator}")
    return "\n".join(lines) + "]"
