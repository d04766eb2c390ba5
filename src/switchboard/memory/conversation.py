"""What an agent sees of a session's history.

With shared memory (the default, as in spec 000) every agent sees every user message and every
agent's visible answers; tool calls and results are private to the agent that made them, so no
model is shown calls to tools it does not have. System notes are shown only to the agent they
address; messages a guardrail blocked (and their refusals) are shown to none.
"""

from __future__ import annotations

from collections.abc import Sequence

from switchboard.core.messages import (
    META_KIND,
    META_NOTE,
    META_NOTE_FOR,
    META_SEEN_BY,
    Message,
    MessageKind,
)

_NOTE = MessageKind.NOTE
_BLOCKED = MessageKind.BLOCKED
"""Read once: in Python 3.11 reading an enum member through its class goes through the enum
metaclass's `__getattr__`, which costs more than the rest of a message's checks together."""


def build_context(
    history: Sequence[Message], agent: str, *, share_memory: bool = True
) -> list[Message]:
    """Messages pass through unchanged where possible (this runs before every model call, over
    the whole history: plain messages, which carry no metadata, are decided on `role` and
    `agent` alone)."""
    context: list[Message] = []
    tool_traffic = False
    for message in history:
        role = message.role
        metadata = message.metadata
        if metadata:
            kind = metadata.get(META_KIND)
            if kind == _BLOCKED:
                continue
        if role == "user":
            if metadata:
                if kind == _NOTE and metadata.get(META_NOTE_FOR) != agent:
                    continue
                if not share_memory and not _addressed_to(message, agent):
                    continue
                note = metadata.get(META_NOTE)
                if note and metadata.get(META_NOTE_FOR) == agent:
                    content = f"{note}\n\n{message.content}" if message.content else note
                    message = Message(role="user", content=content, agent=message.agent)
            elif not share_memory and message.agent != agent:
                continue
            context.append(message)
        elif role == "assistant":
            if message.agent == agent:
                context.append(message)
                tool_traffic = tool_traffic or bool(message.tool_calls)
            elif share_memory and message.content:
                context.append(
                    message
                    if not message.tool_calls
                    else Message(role="assistant", content=message.content, agent=message.agent)
                )
        elif role == "tool" and message.agent == agent:
            context.append(message)
            tool_traffic = True
    return _pair_tool_calls(context) if tool_traffic else context


def _addressed_to(message: Message, agent: str) -> bool:
    return message.agent == agent or agent in message.metadata.get(META_SEEN_BY, ())


def _pair_tool_calls(context: list[Message]) -> list[Message]:
    """Drop tool results without their call and calls without their results.

    A history window can cut between the two, and providers reject either orphan.
    """
    answered = {m.tool_call_id for m in context if m.role == "tool"}
    requested: set[str] = set()
    paired: list[Message] = []
    for message in context:
        if message.role == "assistant" and message.tool_calls:
            calls = [c for c in message.tool_calls if c.id in answered]
            requested.update(c.id for c in calls)
            if not calls and not message.content:
                continue
            if len(calls) != len(message.tool_calls):
                message = message.replace(tool_calls=calls)
        elif message.role == "tool" and message.tool_call_id not in requested:
            continue
        paired.append(message)
    return paired
