"""The triage's small value types: categories, the previous turn, the result."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from switchboard.models import normalize as fold

Categoria = Literal["trivial", "lancamento", "simplista", "complexa"]
"""Junior's four answers (spec 001 §2): answer directly, record a transaction, query the user's
own data, or escalate to the orchestrator."""

CATEGORIES: tuple[Categoria, ...] = ("trivial", "lancamento", "simplista", "complexa")
"""In this order everywhere (confusion matrices, score vectors)."""

Source = Literal["rules", "model", "history"]
"""What decided: a pt-BR rule, the statistical model (offline or hosted), or the previous turn."""


def as_categoria(value: str) -> Categoria | None:
    """`value` as a category (case, accents and surrounding spaces ignored), else None."""
    folded = fold(value)
    for categoria in CATEGORIES:
        if folded == categoria:
            return categoria
    return None


@dataclass(slots=True, frozen=True)
class PreviousTurn:
    """What the triage needs of the last turn: its category and the user's message.

    A follow-up such as "e no mês passado?" only makes sense next to it; the original classified
    every message alone and sent such follow-ups to the orchestrator.
    """

    categoria: Categoria
    question: str
    """The user's previous message (the question the last answer answered)."""


@dataclass(slots=True, frozen=True)
class TriageResult:
    """One classification. A plain dataclass: it is built on the hot path of every message."""

    categoria: Categoria
    confianca: float
    """0–1. Rules carry a fixed confidence per rule; the model its softmax probability."""
    source: Source
    ms: float = 0.0
    """Wall time of the classification, milliseconds."""
    rule: str | None = None
    """Name of the rule that decided (source "rules"/"history"), or the tie-break applied."""
