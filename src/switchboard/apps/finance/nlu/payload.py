"""The `lancamento` JSON object of `switchboard finance classify` (issue 10), from a draft.

Keys are exactly the issue's: valor (a JSON number in reais; Decimal inside, converted only
when serialised to JSON), tipo, categoria, subcategoria, descricao, data (ISO), forma_pagamento,
parcelas, cartao_credito, classe, incompleto, campos_faltantes, operacoes. `classe` is None
while the draft is incomplete (a guessed class would be misleading) and for the outer draft of
a compound message, whose operations carry their own.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Annotated

from pydantic import BaseModel, ConfigDict, PlainSerializer

from .draft import Kind, PaymentMethod, TransactionDraft
from .entry_class import EntryClass, classify_entry
from .questions import missing_fields

__all__ = ["LancamentoPayload", "lancamento_payload"]


def _reais(value: Decimal | None) -> float | None:
    return None if value is None else float(value)


class LancamentoPayload(BaseModel):
    """One `lancamento` object as printed by the classify command."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    valor: Annotated[
        Decimal | None, PlainSerializer(_reais, return_type=float | None, when_used="json")
    ]
    tipo: Kind | None
    categoria: str | None
    subcategoria: str | None
    descricao: str | None
    data: date | None
    forma_pagamento: PaymentMethod | None
    parcelas: int | None
    cartao_credito: bool
    classe: EntryClass | None
    incompleto: bool
    campos_faltantes: list[str]
    operacoes: list[LancamentoPayload]


def lancamento_payload(draft: TransactionDraft) -> LancamentoPayload:
    """The payload of a draft (its operations included)."""
    missing = missing_fields(draft)
    classe = None if missing or draft.operacoes else classify_entry(draft)
    return LancamentoPayload(
        valor=draft.valor,
        tipo=draft.tipo,
        categoria=draft.categoria,
        subcategoria=draft.subcategoria,
        descricao=draft.descricao,
        data=draft.data,
        forma_pagamento=draft.forma_pagamento,
        parcelas=draft.parcelas,
        cartao_credito=draft.cartao_credito,
        classe=classe,
        incompleto=bool(missing),
        campos_faltantes=missing,
        operacoes=[lancamento_payload(op) for op in draft.operacoes],
    )
