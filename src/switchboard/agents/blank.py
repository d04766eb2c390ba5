"""Blank model answers: no text (or only whitespace) and no tool call.

Hosted models occasionally answer with nothing. One rule for the whole platform: ask once more
with the same request; if the second answer is blank too, the caller says its fallback instead
(the agent runtime a pt-BR line plus an `error` event, agents/runner.py; the scholarships app its
offline answer). A user never gets an empty message.
"""

from __future__ import annotations

from switchboard.models.base import ModelResponse


def is_blank(response: ModelResponse) -> bool:
    """No tool call and no visible text: ask again (see the module docstring)."""
    return not response.tool_calls and not response.text.strip()


__all__ = ["is_blank"]
