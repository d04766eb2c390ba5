"""The one event stream. Every run yields these; CLI, HTTP, web page and tests all consume them.

One discriminated union keyed on `type`; an NDJSON line is `event.model_dump_json()`. Text
events carry the piece of the answer twice, as `delta` (Switchboard's name) and `content`
(spec 002's), one computed from the other.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field, TypeAdapter, computed_field

from switchboard.core.messages import META_UI


class TextEvent(BaseModel):
    """A piece of the answer as it streams, from one agent."""

    type: Literal["text"] = "text"
    delta: str
    """A piece of the answer, to append to what came before."""
    agent: str

    @computed_field  # type: ignore[prop-decorator]  # pydantic's documented usage on a property
    @property
    def content(self) -> str:
        """The same piece as `delta`, under the name spec 002's `/chat` stream uses
        (`{"type": "text", "content": "parte do texto..."}`), so clients written for either
        read it. Serialized only; it is never read back (it is always `delta`)."""
        return self.delta


class ToolStartEvent(BaseModel):
    """A tool call began: clients can show what the agent is doing before the result arrives."""

    type: Literal["tool_start"] = "tool_start"
    tool: str
    args: dict[str, Any] | str
    """Parsed arguments, or the raw text when the model sent invalid JSON."""
    call_id: str
    agent: str


class ToolEndEvent(BaseModel):
    """A tool call finished: its output, success and duration, matched to its start by
    `call_id`."""

    type: Literal["tool_end"] = "tool_end"
    tool: str
    output: str
    ok: bool
    ms: float
    call_id: str
    agent: str


class AgentEvent(BaseModel):
    """The agent in charge changed (start, delegation, return, switch, workflow): clients show
    who is speaking."""

    type: Literal["agent"] = "agent"
    agent: str
    """The agent that speaks from now on."""
    reason: Literal["start", "delegation", "return", "switch", "workflow"]
    previous: str | None = None


class StatusEvent(BaseModel):
    """A progress line for the user while something slow runs ("Consultando seu perfil...")."""

    type: Literal["status"] = "status"
    message: str
    """A human progress line in pt-BR, e.g. "Consultando seu perfil..."."""


class UiEvent(BaseModel):
    """A typed interactive component for the web chat to render (an income calculator, result
    cards, an approval form). Clients that render no components show `fallback_text`, which the
    pattern also sends as an ordinary `text` event right after, so API clients lose nothing.

    A purely informational component that comes after the answer (a finance mission's timeline)
    carries a one-line summary as `fallback_text` and does not repeat it as text: the answer is
    complete without it. A component kept on the stored answer (`keep_ui`) is shown again when
    the history is loaded."""

    type: Literal["ui"] = "ui"
    component: str
    """The component's name, e.g. `income_calculator`; the web chat maps it to a widget."""
    props: dict[str, Any] = Field(default_factory=dict)
    """JSON-serializable inputs of the component."""
    fallback_text: str
    """The same request as plain pt-BR text (a question the user can answer by typing)."""


def keep_ui(metadata: dict[str, Any], event: UiEvent) -> None:
    """Keep `event` on an answer's metadata under `META_UI` (each entry `{"component", "props",
    "fallback_text"}`, in order); `GET /sessions/{id}/messages` returns them as the message's
    `components`, so that the web chat renders them again."""
    metadata.setdefault(META_UI, []).append(event.model_dump(mode="json", exclude={"type"}))


class ErrorEvent(BaseModel):
    """The turn failed: the error's stable `code` and a message for the user."""

    type: Literal["error"] = "error"
    code: str
    message: str


class UsageEvent(BaseModel):
    """Tokens and model calls the turn spent, for cost displays and limits."""

    type: Literal["usage"] = "usage"
    input_tokens: int
    output_tokens: int
    calls: int


class DoneEvent(BaseModel):
    """The turn ended: the whole answer, its session and agent, and the stored message id for
    feedback."""

    type: Literal["done"] = "done"
    text: str
    session_id: str
    agent: str
    message_id: str | None = None
    """Id of the stored answer, for feedback."""


Event = Annotated[
    TextEvent
    | ToolStartEvent
    | ToolEndEvent
    | AgentEvent
    | StatusEvent
    | UiEvent
    | ErrorEvent
    | UsageEvent
    | DoneEvent,
    Field(discriminator="type"),
]
"""Any event of a turn's stream (NDJSON/SSE), discriminated by `type`, so clients parse one
union."""
EVENT_ADAPTER: TypeAdapter[Event] = TypeAdapter(Event)


def parse_event(data: str | bytes) -> Event:
    """One serialised event (a JSON line of the stream) back into its typed `Event`: for clients
    and tests."""
    return EVENT_ADAPTER.validate_json(data)
