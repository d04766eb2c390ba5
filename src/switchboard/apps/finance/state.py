"""The finance pattern's part of the session state (persisted with every turn, restart-safe).

`FinanceState.dialog` is spec 001 §2.1's `diálogo_ativo`: the agent that asked a clarifying
question, the question, when it was asked (so it expires), the fields already asked (the
Lançador asks at most MAX_QUESTIONS) and the agent's draft (the incomplete transaction, or the
Simplista's default query). `previous` feeds the history-aware triage ("e no mês passado?").
`summary` and `working` are the episodic summary and working memory of `memory.py` (both
already PII-redacted).

Idempotent recording (lancador.py): `last_recording` lets the same text sent again within the
retry window (no `Idempotency-Key`) reuse its journal key, and `receipts` remember the answers
of recent keyed recordings, so a retried request is answered exactly as the first time even
after its dialog closed.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from switchboard import PatternState
from switchboard.patterns import Dialog

DialogAgent = Literal["junior", "lancador", "simplista"]


class OpenDialog(Dialog):
    """A clarifying question waiting for the user's answer (patterns/triage dialog mode): its
    `draft` is a `TransactionDraft` (lancador) or the default `LedgerQuery` (simplista)."""

    agent: DialogAgent


class PreviousTurn(BaseModel):
    """The last triaged turn: its category, the user's text and the Simplista's query."""

    model_config = ConfigDict(frozen=True)

    categoria: Literal["trivial", "lancamento", "simplista", "complexa"]
    question: str
    query: dict[str, Any] | None = None


class LastRecording(BaseModel):
    """The journal key of the last recorded message, a hash of its text and when it was
    recorded (None in states saved before the retry window existed: no window then)."""

    model_config = ConfigDict(frozen=True)

    text_hash: str
    key: str
    at: datetime | None = None
    keyed: bool = False
    """Recorded under the client's `Idempotency-Key`: the key, not the window, says what a
    retry is."""
    draft: dict[str, Any] | None = None
    """The recorded `TransactionDraft` (JSON): a correction ("não, foi 45") or a continuation
    ("hoje mais 60") starts from it."""
    rows: dict[str, Any] | None = None
    """The `RowRefs` (JSON) of what it wrote: "apaga esse" deletes exactly these."""


class Receipt(BaseModel):
    """A keyed recording's journal key and the answer the user got."""

    model_config = ConfigDict(frozen=True)

    key: str
    answer: str


RECEIPTS_KEPT = 20
"""Keyed recordings remembered per session: retries come within seconds, not 20 messages."""


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
    receipts: tuple[Receipt, ...] = ()
    """The last RECEIPTS_KEPT keyed recordings, oldest first."""
