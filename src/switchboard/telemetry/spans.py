"""The helpers the hot path calls: `with span_tool(name) as span: ...` (or `async with`).

Zero cost when off: every helper first reads the module flag `enabled` and returns `NOOP`, one
shared object whose enter/exit and recording methods do nothing — no span, no attributes dict, no
allocation per call (measured in `bench/telemetry/RESULTS.md`). `configure()` flips the flag.
OpenTelemetry itself is imported only then (`live.py`), so a process with tracing off does not
pay for its import either.

Two ways to hold a span, because of how context variables work:
- `with span:` makes the span current while the block runs (children that look at the current
  context nest under it: a bus `send`, an instrumented HTTP client, the trace ids of log lines)
  and ends it on exit. Only for a block that does not `yield`: an async generator that yields
  inside it would leave the context attached in its consumer's context and detach it in
  whatever context resumes it next — another task for a server that reads the first event in
  the request's task and the rest in a producer task — which is the "Failed to detach context"
  error.
- `with span.lifetime():` in an async generator: ends the span on exit (recording the error)
  without ever making it current. Children get it explicitly (`parent=span`); a region that
  awaits without yielding can make it current for a while (`with span.activate(): await ...`).

Sampling is decided once, at a trace's root (parent-based ratio, see `setup.py`): a root that is
not sampled is an `Unsampled` scope, and every helper given it (or finding it current) returns
it again at once — no SDK call, no attributes — so an unsampled turn costs a few flag reads. The
exception leaving a `with span:` / `lifetime()` block is recorded on the span, sets its status to
ERROR and `error.type` to the error's stable `code` (our `SwitchboardError`s) or its class name.
`asyncio.CancelledError` (a client that went away) sets `error.type="cancelled"` without an
exception event; `GeneratorExit` (an async generator closed early) ends the span quietly.
"""

from __future__ import annotations

from collections.abc import Awaitable
from types import ModuleType, TracebackType
from typing import TYPE_CHECKING, Any, Literal, Self, TypeVar

from switchboard.telemetry import attributes as attr

if TYPE_CHECKING:
    from opentelemetry.trace import Tracer

T = TypeVar("T")
enabled = False
"""Read it as `spans.enabled` (a `from ... import enabled` copies the value)."""
_live: ModuleType | None = None
"""`switchboard.telemetry.live` once tracing was turned on (it imports OpenTelemetry)."""


def is_enabled() -> bool:
    """Whether tracing is on (`spans.enabled` read as a call)."""
    return enabled


def install(tracer: Tracer | None, sampler: Any = None, ratio: float = 1.0) -> None:
    """Turn the helpers on with `tracer` (and the provider's `live.RootSampler`, sampling new
    roots at `ratio`), or off with None (used by `configure`/`reset`)."""
    global enabled, _live
    if tracer is not None or _live is not None:
        from switchboard.telemetry import live

        live.tracer = tracer
        live.sampler = sampler
        live.ratio = ratio
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
        """False for `NOOP` (and an unsampled trace): test it before computing an expensive
        attribute."""
        return False

    def lifetime(self) -> SpanScope:
        """A context manager that ends the span on exit without making it current: the form for
        an async generator that yields inside it (see the module docstring)."""
        return self

    def activate(self) -> SpanScope:
        """A context manager that makes the span current for a block that does not yield (and
        neither ends it nor records errors)."""
        return self

    def child(self) -> SpanScope:
        """What a helper returns for a child of this non-recording scope (NOOP: itself)."""
        return self

    def end(self, exc: BaseException | None = None) -> None:
        """End the span now (recording `exc`), for a span whose end is not a block's end."""

    def rename_agent(self, agent: str) -> None:
        """An `invoke_agent` span whose agent is known only at its end (a workflow pattern)."""

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
"""The scope used when tracing is off: entering and leaving it does nothing."""

Parent = SpanScope | None
"""A helper's `parent`: a span given explicitly (from a generator, which must not rely on the
current context), or None for the current context's span (or a new trace's root)."""


def _start(
    name: str,
    attributes: dict[str, Any],
    kind: str = "internal",
    traceparent: str | None = None,
    parent: Parent = None,
) -> SpanScope:
    assert _live is not None  # `enabled` implies it
    return _live.start(name, attributes, kind, traceparent, parent)  # type: ignore[no-any-return]  # _live is a module loaded at runtime


def _skip(parent: Parent, traceparent: str | None = None) -> SpanScope | None:
    """What a helper returns without building anything (None: build the span): NOOP when off;
    for an unsampled (or no-op) explicit parent, a scope that carries its "not sampled" on;
    without a parent, the sampling decision of the carried or current context, or of a new
    root (`live.skip_root`)."""
    if not enabled:
        return NOOP
    if parent is None:
        assert _live is not None
        return _live.skip_root(traceparent)  # type: ignore[no-any-return]  # _live is a module loaded at runtime
    if parent.recording:
        return None
    return parent.child()


def span_turn(
    session_id: str, *, app: str = "", pattern: str = "", parent: Parent = None
) -> SpanScope:
    """One user message through the turn pipeline: lock → load → route → save."""
    if (skip := _skip(parent)) is not None:
        return skip
    attributes: dict[str, Any] = {attr.CONVERSATION_ID: attr.conversation_ref(session_id)}
    if app:
        attributes[attr.APP] = app
    if pattern:
        attributes[attr.PATTERN] = pattern
    return _start("switchboard.turn", attributes, "server", None, parent)


def span_agent(agent: str, *, model_id: str | None = None, parent: Parent = None) -> SpanScope:
    """One agent's run (`AgentRun`): its model calls and tool calls nest under it."""
    if (skip := _skip(parent)) is not None:
        return skip
    attributes: dict[str, Any] = {attr.OPERATION: attr.INVOKE_AGENT, attr.AGENT_NAME: agent}
    if model_id:
        provider, model = attr.split_model_id(model_id)
        attributes[attr.PROVIDER] = provider
        attributes[attr.REQUEST_MODEL] = model
    return _start(f"invoke_agent {agent}", attributes, "internal", None, parent)


def span_model_call(
    model_id: str, provider: str | None = None, *, stream: bool = False, parent: Parent = None
) -> SpanScope:
    """One model request; call `record_usage(...)` on it when the response is complete.
    `model_id` is ours (`openai:gpt-4o-mini`); the provider comes from its prefix unless given."""
    if (skip := _skip(parent)) is not None:
        return skip
    derived, model = attr.split_model_id(model_id)
    attributes: dict[str, Any] = {
        attr.OPERATION: attr.CHAT,
        attr.PROVIDER: provider or derived,
        attr.REQUEST_MODEL: model,
        attr.REQUEST_STREAM: stream,
    }
    return _start(f"chat {model}", attributes, "client", None, parent)


def span_tool(
    name: str, *, call_id: str | None = None, tool_type: str = "function", parent: Parent = None
) -> SpanScope:
    """One tool call (`tool_type`: "function" for ours, "extension" for MCP tools)."""
    if (skip := _skip(parent)) is not None:
        return skip
    attributes: dict[str, Any] = {
        attr.OPERATION: attr.EXECUTE_TOOL,
        attr.TOOL_NAME: name,
        attr.TOOL_TYPE: tool_type,
    }
    if call_id:
        attributes[attr.TOOL_CALL_ID] = call_id
    return _start(f"execute_tool {name}", attributes, "internal", None, parent)


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
    if (skip := _skip(None, traceparent)) is not None:
        return skip
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


def span_mission(mission_id: str, *, kind: str = "", parent: Parent = None) -> SpanScope:
    """A mission (spec 001): the orchestrator's package of bus calls, budgets and timeout."""
    if (skip := _skip(parent)) is not None:
        return skip
    attributes: dict[str, Any] = {attr.MISSION_ID: mission_id}
    if kind:
        attributes[attr.PATTERN] = kind
    return _start("switchboard.mission", attributes, "internal", None, parent)


def span_job(
    job_id: str, *, kind: str = "", attempt: int | None = None, traceparent: str | None = None
) -> SpanScope:
    """A job run by a worker (spec 004); `traceparent` links it to the request that queued it."""
    if (skip := _skip(None, traceparent)) is not None:
        return skip
    attributes: dict[str, Any] = {attr.JOB_ID: job_id}
    if kind:
        attributes[attr.JOB_KIND] = kind
    if attempt is not None:
        attributes[attr.JOB_ATTEMPT] = attempt
    return _start("switchboard.job", attributes, "consumer", traceparent)


def span_job_step(step: str, *, job_id: str = "", parent: Parent = None) -> SpanScope:
    """One checkpointed step of a job run (a model call, a tool call, bookkeeping), under the
    job's span."""
    if (skip := _skip(parent)) is not None:
        return skip
    attributes: dict[str, Any] = {attr.JOB_STEP: step}
    if job_id:
        attributes[attr.JOB_ID] = job_id
    return _start(f"job_step {step}", attributes, "internal", None, parent)


async def run_in(span: SpanScope, work: Awaitable[T]) -> T:
    """Await `work` with `span` current, then end it: for work handed to a task of its own
    (`asyncio.ensure_future`) from a generator, which must not make the span current itself."""
    with span:
        return await work


def current_traceparent() -> str | None:
    """The W3C `traceparent` of the current span, to carry in a bus message or a job record;
    None when tracing is off or no span is active."""
    if not enabled:
        return None
    assert _live is not None
    return _live.current_traceparent()  # type: ignore[no-any-return]  # _live is a module loaded at runtime
