"""A mission's model usage, for the chat turn that ran it (its `usage` event and `Reply.usage`).

Three places spend tokens in a mission, not all in the turn's process:

- the orchestrator's complexity classification and the final synthesis run in the turn's own
  process: their model calls are tallied directly (`UsageTally` passed down);
- the lead coordinator may run in another process (Redis transport): its reply carries its
  tally under `LEAD_USAGE` in the response metadata, by direction (input/output) and calls;
- any other agent on the bus that uses a model (an `AgentHandler` executor) reports only a
  token total with its reply, which the bus adds to the mission's consumption.

`mission_usage` sums them. The bus's consumption is the authority for the total: what it
accounted beyond the lead's own tokens (other agents' model tokens, or everything when the lead
never answered) is counted as input tokens, since a bus reply does not split them; so input +
output always equals what the mission consumed plus the orchestrator's and the synthesis'.
"""

from __future__ import annotations

from typing import Any, Final

from pydantic import ValidationError

from switchboard.core import Usage, UsageTally

LEAD_USAGE: Final = "uso_modelos"
"""Response-metadata key of the lead coordinator's model usage (`Usage` as JSON)."""


def usage_metadata(usage: UsageTally) -> dict[str, int]:
    """The lead's tally as it travels in its reply's metadata."""
    return {
        "input_tokens": usage.input_tokens,
        "output_tokens": usage.output_tokens,
        "calls": usage.calls,
    }


def lead_usage(metadata: dict[str, Any] | None) -> Usage:
    """The lead's usage from its reply's metadata (none when absent or malformed: an offline
    coordinator calls no model)."""
    raw = (metadata or {}).get(LEAD_USAGE)
    if not isinstance(raw, dict):
        return Usage()
    try:
        usage = Usage.model_validate(raw)
    except ValidationError:
        return Usage()
    if min(usage.input_tokens, usage.output_tokens, usage.calls) < 0:
        return Usage()
    return usage


def mission_usage(own: UsageTally, lead: Usage, bus_tokens: int) -> Usage:
    """`own` (orchestrator and synthesis, this process) + `lead` + what else the bus accounted."""
    others = max(0, bus_tokens - lead.total_tokens)
    return Usage(
        input_tokens=own.input_tokens + lead.input_tokens + others,
        output_tokens=own.output_tokens + lead.output_tokens,
        calls=own.calls + lead.calls,
    )


__all__ = ["LEAD_USAGE", "lead_usage", "mission_usage", "usage_metadata"]
