"""The finance pattern's part of the session state (persisted with every turn, restart-safe).

`FinanceState.dialog` is spec 001 §2.1's `diálogo_ativo`: the agent that asked a clarifying
question, the question, when it was asked (so it expires), the fields already asked (the
Lançador asks at most MAX_QUESTIONS) and the agent's draft (the incomplete transaction, or the
Simplista's default query). `previous` feeds the history-aware triage ("e no mês passado?").
`summary` and `working` are the episodic summary and working memory of `memory.py` (both
already PII-redacted). `last_recording` lets an identical retried message reuse its idempotency
key instead of recording twice.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from switchboard.core.state import PatternState

DialogAgent = Literal["junior", "lancador", "simplista"]


class OpenDialog(BaseModel):
    """A clarifying question waiting for the user's answer."""

    model_config = ConfigDict(frozen=True)

    agent: DialogAgent
    question: str
    asked_at: datetime
    asked_fields: tuple[str, ...] = ()
    draft: dict[str, Any] | None = None
    """The agent's work in progress, as JSON: a `TransactionDraft` (lancador) or the default
    `LedgerQuery` (simplista)."""


class PreviousTurn(BaseModel):
    """The last triaged turn: its category, the user's text and the Simplista's query."""

    model_config = ConfigDict(frozen=True)

    categoria: Literal["trivial", "lancamento", "simplista", "complexa"]
    question: str
    query: dict[str, Any] | None = None


class LastRecording(BaseModel):
    """The idempotency key of the last recorded message and a hash of its text."""

    model_config = ConfigDict(frozen=True)

    text_hash: str
    key: str


class FinanceState(PatternState):
    key: ClassVar[str] = "finance"

    dialog: OpenDialog | None = None
    previous: PreviousTurn | None = None
    pinned: str | None = None
    """An agent the user switched to (spec 003); None: Junior triages every message."""
    summary: str = ""
    """Episodic memory: cumulative, capped, redacted summary of messages out of the window."""
    summarized: int = 0
    """Seq of the last session message the summary covers."""
    working: dict[str, str] = Field(default_factory=dict)
    """Working memory: volatile key/values of the current request or dialog (redacted)."""
    recordings: int = 0
    last_recording: LastRecording | None = None
