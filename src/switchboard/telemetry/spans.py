"""The helpers the hot path calls: `with span_tool(name) as span: ...` (or `async with`).

Zero cost when off: every helper first reads the module flag `enabled` and returns `NOOP`, one
shared object whose enter/exit and recording methods do nothing — no span, no attributes dict, no
allocation per call (measured in `bench/telemetry/RESULTS.md`). `configure()` flips the flag.
OpenTelemetry itself is imported only then (`live.py`), so a process with tracing off does not
pay for its import either.

A span is made current while its block runs (children nest under it) and ended on exit; an
exception leaving the block is recorded on the span, sets its status to ERROR and `error.type` to
the error's stable `code` (our `SwitchboardError`s) or its class name. `asyncio.CancelledError`
(a client that went away) sets `error.type="cancelled"` without an exception event;
`GeneratorExit` (an async generator closed early) ends the span quietly.
"""

from __future__ import annotations

from types import ModuleType, TracebackType
from typing import TYPE_CHECKING, Any, Literal, Self

from switchboard.telemetry import attributes as attr

if TYPE_CHECKING:
    from opentelemetry.trace import Tracer

enabled = False
"""Read it as `spans.enabled` (a `from ... import enabled` copies the value)."""
_live: ModuleType | None = None
"""`switchboard.telemetry.live` once tracing was turned on (it imports OpenTelemetry)."""


def is_enabled() -> bool:
    return enabled


def install(tracer: Tracer | None) -> None:
    """Turn the helpers on with `tracer`, or off with None (used by `configure`/`reset`)."""
    global enabled, _live
    if tracer is not None or _live is not None:
        from switchboard.telemetry import live

        live.tracer = tracer
        _live = live
    enabled = tracer is not None


class SpanScope:
    """What a helper returns. This base class is the no-op (`NOOP`); `LiveSpan` records."""

    __slots__ = ()

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        return None

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        return None

    @property
    def recording(self) -> bool:
        """False for `NOOP`: test it before computing an expensive attribute."""
        return False

    def set(self, key: str, value: str | int | float | bool) -> None:
        """One attribute, after the span started (e.g. the agent a router picked)."""

    def record_usage(
        self,
        input_tokens: int,
        output_tokens: int,
        *,
        response_model: str | None = None,
        finish_reason: str | None = None,
    ) -> None:
        """A model call's token usage, once the response is complete."""

    def fail(self, error_type: str) -> None:
        """Mark the operation failed without an exception (a tool result with `ok=False`, an
        `error` event the pipeline emitted instead of raising)."""


NOOP = SpanScope()


def _start(
    name: str,
    attributes: dict[str, Any],
    kind: str = "internal",
    traceparent: str | None = None,
) -> SpanScope:
    assert _live is not None  # `enabled` implies it
    return _live.start(name, attributes, kind, traceparent)  # type: ignore[no-any-return]  # _live is a module loaded at runtime


def span_turn(session_id: str, *, app: str = "", pattern: str = "") -> SpanScope:
    """One user message through the turn pipeline: lock → load → route → save."""
    if not enabled:
        return NOOP
    attributes: dict[str, Any] = {attr.CONVERSATION_ID: attr.conversation_ref(session_id)}
    if app:
        attributes[attr.APP] = app
    if pattern:
        attributes[attr.PATTERN] = pattern
    return _start("switchboard.turn", attributes, "server")


def span_agent(agent: str, *, model_id: str | None = None) -> SpanScope:
    """One agent's run (`AgentRun`): its model calls and tool calls nest under it."""
    if not enabled:
        return NOOP
    attributes: dict[str, Any] = {attr.OPERATION: attr.INVOKE_AGENT, attr.AGENT_NAME: agent}
    if model_id:
        provider, model = attr.split_model_id(model_id)
        attributes[attr.PROVIDER] = provider
        attributes[attr.REQUEST_MODEL] = model
    return _start(f"invoke_agent {agent}", attributes)


def span_model_call(
    model_id: str, provider: str | None = None, *, stream: bool = False
) -> SpanScope:
    """One model request; call `record_usage(...)` on it when the response is complete.
    `model_id` is ours (`openai:gpt-4o-mini`); the provider comes from its prefix unless given."""
    if not enabled:
        return NOOP
    derived, model = attr.split_model_id(model_id)
    attributes: dict[str, Any] = {
        attr.OPERATION: attr.CHAT,
        attr.PROVIDER: provider or derived,
        attr.REQUEST_MODEL: model,
        attr.REQUEST_STREAM: stream,
    }
    return _start(f"chat {model}", attributes, "client")


def span_tool(name: str, *, call_id: str | None = None, tool_type: str = "function") -> SpanScope:
    """One tool call (`tool_type`: "function" for ours, "extension" for MCP tools)."""
    if not enabled:
        return NOOP
    attributes: dict[str, Any] = {
        attr.OPERATION: attr.EXECUTE_TOOL,
        attr.TOOL_NAME: name,
        attr.TOOL_TYPE: tool_type,
    }
    if call_id:
        attributes[attr.TOOL_CALL_ID] = call_id
    return _start(f"execute_tool {name}", attributes)


def span_bus_message(
    operation: str,
    *,
    direction: Literal["send", "process"],
    sender: str = "",
    recipient: str = "",
    message_id: str | None = None,
    traceparent: str | None = None,
) -> SpanScope:
    """A bus message: "send" on the sender's side (PRODUCER), "process" where a handler runs it
    (CONSUMER). Give the receiving side the sender's `traceparent` (see `current_traceparent`)
    so a request crossing Redis stays in one trace."""
    if not enabled:
        return NOOP
    attributes: dict[str, Any] = {
        attr.MESSAGING_SYSTEM: "switchboard",
        attr.MESSAGING_OPERATION: direction,
        attr.MESSAGING_OPERATION_TYPE: direction,
        attr.MESSAGING_DESTINATION: operation,
    }
    if sender:
        attributes[attr.BUS_SENDER] = sender
    if recipient:
        attributes[attr.BUS_RECIPIENT] = recipient
    if message_id:
        attributes[attr.MESSAGING_MESSAGE_ID] = message_id
    kind = "producer" if direction == "send" else "consumer"
    return _start(f"{direction} {operation}", attributes, kind, traceparent)


def span_mission(mission_id: str, *, kind: str = "") -> SpanScope:
    """A mission (spec 001): the orchestrator's package of bus calls, budgets and timeout."""
    if not enabled:
        return NOOP
    attributes: dict[str, Any] = {attr.MISSION_ID: mission_id}
    if kind:
        attributes[attr.PATTERN] = kind
    return _start("switchboard.mission", attributes)


def span_job(
    job_id: str, *, kind: str = "", attempt: int | None = None, traceparent: str | None = None
) -> SpanScope:
    """A job run by a worker (spec 004); `traceparent` links it to the request that queued it."""
    if not enabled:
        return NOOP
    attributes: dict[str, Any] = {attr.JOB_ID: job_id}
    if kind:
        attributes[attr.JOB_KIND] = kind
    if attempt is not None:
        attributes[attr.JOB_ATTEMPT] = attempt
    return _start("switchboard.job", attributes, "consumer", traceparent)


def current_traceparent() -> str | None:
    """The W3C `traceparent` of the current span, to carry in a bus message or a job record;
    None when tracing is off or no span is active."""
    if not enabled:
        return None
    assert _live is not None
    return _live.current_traceparent()  # type: ignore[no-any-return]  # _live is a module loaded at runtime
