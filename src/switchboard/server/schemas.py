"""Request and response bodies of the HTTP API (the OpenAPI schema is generated from these)."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from switchboard.server.session_ids import CLIENT_ID_MAX
from switchboard.server.text import SafeText


class ErrorDetail(BaseModel):
    code: str
    """Stable machine-readable code (`unauthorized`, `session_not_found`, `rate_limited`, …)."""
    message: str
    type: str
    """Same as `code`; present so OpenAI-compatible clients read the error too."""
    details: list[dict[str, Any]] | None = None
    """Validation problems, for `validation_error`."""


class ErrorBody(BaseModel):
    error: ErrorDetail


class ChatRequest(BaseModel):
    chatInput: SafeText = Field(
        min_length=1,
        description="The user's message: at least one non-blank character (a blank one is a "
        "422 `empty_message`); no NUL, lone surrogate or U+FFFE/U+FFFF (422 `invalid_text`).",
    )
    sessionId: SafeText = Field(
        min_length=1,
        max_length=CLIENT_ID_MAX,
        description="Conversation id, yours alone (another user's same id is another "
        "session); created on first use.",
    )
    app: SafeText | None = Field(
        None,
        max_length=100,
        description="App to talk to; default: the session's app, or the "
        "server's default app for a new session.",
    )


class SessionInfo(BaseModel):
    id: str
    app: str
    title: str
    active_agent: str
    """Agent that answers the next message."""
    message_count: int
    ended: bool
    created_at: datetime
    updated_at: datetime


class SessionList(BaseModel):
    sessions: list[SessionInfo]


class UiComponent(BaseModel):
    """A component an answer carried (as its `ui` event did), for clients that render them."""

    component: str
    props: dict[str, Any] = Field(default_factory=dict)
    fallback_text: str = ""
    """Its text form, part of the answer's `content` (or a one-line summary for an
    informational component shown after the answer)."""


class HistoryMessage(BaseModel):
    id: str
    seq: int
    role: Literal["user", "assistant"]
    content: str
    agent: str | None
    created_at: datetime
    feedback: Literal["up", "down"] | None = None
    """Your rating of this answer, if any."""
    components: list[UiComponent] = Field(default_factory=list)
    """Interactive or informational components shown with this answer (opportunity cards, the
    income calculator, a finance mission's timeline), in the order its `ui` events came; the
    web chat renders them again when a history loads."""


class History(BaseModel):
    session_id: str
    app: str
    active_agent: str
    messages: list[HistoryMessage]


class EndResult(BaseModel):
    session_id: str
    ended: bool
    """False when the session was already ended."""


class ClearResult(BaseModel):
    session_id: str
    removed: int


class SwitchRequest(BaseModel):
    agent: SafeText = Field(min_length=1, max_length=100)
    app: SafeText | None = Field(
        None, max_length=100, description="App for a session that does not exist yet."
    )


class SwitchResult(BaseModel):
    session_id: str
    app: str
    agent: str
    previous: str


class FeedbackRequest(BaseModel):
    rating: Literal["up", "down"]
    comment: SafeText = Field("", max_length=2000)


class FeedbackResult(BaseModel):
    message_id: str
    session_id: str
    rating: Literal["up", "down"]
    comment: str


class AgentInfo(BaseModel):
    name: str
    role: str
    description: str
    entry: bool
    """True for the agent that answers first (the coordinator)."""
    selectable: bool = True
    """False for agents that only work inside another's task (e.g. a mission's coordinators):
    shown by name when they appear in a stream, never offered in the agent picker."""


class AppInfo(BaseModel):
    name: str
    title: str
    """Human name in pt-BR, for the app picker."""
    default: bool
    agents: list[AgentInfo]


class AppList(BaseModel):
    apps: list[AppInfo]


class Health(BaseModel):
    status: Literal["ok"]
    version: str
    apps: list[str]


class DependencyInfo(BaseModel):
    name: str
    """`database` (or `database[i]` with several), `redis`."""
    ok: bool
    error: str = ""
    """The error's type when it did not answer (never its message: it may hold a URL)."""


class SandboxReadiness(BaseModel):
    """Whether the jobs' commands can run confined on this process's host (`docs/sandbox.md`)."""

    available: bool
    detail: str
    """"bubblewrap 0.8.0", or why not (then the terminal tools refuse every command)."""


class Readiness(BaseModel):
    status: Literal["ready"]
    apps: list[str]
    dependencies: list[DependencyInfo] = []
    sandbox: SandboxReadiness | None = None
    """Present when this process runs a job engine."""


# -- OpenAI-compatible ---------------------------------------------------------------------------


class OpenAIContentPart(BaseModel):
    model_config = ConfigDict(extra="allow")
    type: SafeText
    text: SafeText | None = None


class OpenAIMessage(BaseModel):
    model_config = ConfigDict(extra="allow")
    role: Literal["system", "developer", "user", "assistant", "tool", "function"]
    content: SafeText | list[OpenAIContentPart] | None = None
    name: SafeText | None = None

    def text(self) -> str:
        if isinstance(self.content, str):
            return self.content
        if not self.content:
            return ""
        return "".join(part.text or "" for part in self.content if part.type == "text")


class ChatCompletionRequest(BaseModel):
    model_config = ConfigDict(extra="allow")
    model: SafeText = Field(
        min_length=1,
        max_length=200,
        description="An app (`support`) or an app and agent (`support/financeiro`).",
    )
    messages: list[OpenAIMessage] = Field(min_length=1)
    stream: bool | None = False
    user: SafeText | None = Field(
        None,
        min_length=1,
        max_length=CLIENT_ID_MAX,
        description="Used as the session id when given.",
    )


class CompletionMessage(BaseModel):
    role: Literal["assistant"] = "assistant"
    content: str


class CompletionChoice(BaseModel):
    index: int
    message: CompletionMessage
    finish_reason: Literal["stop"]


class CompletionUsage(BaseModel):
    prompt_tokens: int
    completion_tokens: int
    total_tokens: int


class ChatCompletion(BaseModel):
    id: str
    object: Literal["chat.completion"] = "chat.completion"
    created: int
    model: str
    choices: list[CompletionChoice]
    usage: CompletionUsage
    session_id: str
    """Switchboard extension: the session this conversation maps to."""


class ModelCard(BaseModel):
    id: str
    object: Literal["model"] = "model"
    created: int
    owned_by: str


class ModelList(BaseModel):
    object: Literal["list"] = "list"
    data: list[ModelCard]
