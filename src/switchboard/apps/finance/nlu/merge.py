"""Multi-turn merging: the answer to a clarifying question completes the previous draft."""

from __future__ import annotations

from datetime import date
from typing import Any

from .categories import INCOME_CATEGORY
from .dates import resolve_date
from .draft import TransactionDraft

__all__ = ["merge_answer"]


def merge_answer(
    hint: TransactionDraft, answer: TransactionDraft, text: str, today: date
) -> TransactionDraft:
    """A previous incomplete draft completed by the user's answer (`answer` = its extraction).

    What the answer says wins; what it does not say is kept. The answer's date counts only if it
    names one (its default "today" must not overwrite "ontem" from the first message). For a
    compound draft whose remainder lacks a value, an amount in the answer is the purchase total.
    """
    if hint.operacoes:
        return _merge_compound(hint, answer)
    data: dict[str, Any] = hint.model_dump(exclude={"operacoes"})
    for field in ("valor", "tipo", "forma_pagamento", "parcelas", "divida_relacionada"):
        value = getattr(answer, field)
        if value is not None:
            data[field] = value
    if (answer.categoria is not None and answer.categoria != INCOME_CATEGORY) or (
        answer.categoria == INCOME_CATEGORY and answer.subcategoria != "Outros"
    ):
        data["categoria"], data["subcategoria"] = answer.categoria, answer.subcategoria
    if hint.descricao is None:
        data["descricao"] = answer.descricao
    stated = resolve_date(text, today, future=hint.conta_futura or answer.conta_futura)
    if stated is not None:
        data["data"] = stated
    for flag in ("cartao_credito", "conta_futura", "nova_divida"):
        data[flag] = getattr(hint, flag) or getattr(answer, flag)
    if data["tipo"] == "receita" and data["categoria"] != INCOME_CATEGORY:
        data["categoria"], data["subcategoria"] = INCOME_CATEGORY, "Outros"
    if data["tipo"] == "despesa" and data["categoria"] == INCOME_CATEGORY:
        data["categoria"] = data["subcategoria"] = None
    if data["data"] is None and not data["conta_futura"]:
        data["data"] = today
    return TransactionDraft(**data)


def _merge_compound(hint: TransactionDraft, answer: TransactionDraft) -> TransactionDraft:
    if answer.valor is None:
        return hint
    entrada, rest = hint.operacoes[0], hint.operacoes[-1]
    if rest.valor is None and entrada.valor is not None and answer.valor > entrada.valor:
        rest = rest.model_copy(update={"valor": answer.valor - entrada.valor})
        return hint.model_copy(update={"valor": answer.valor, "operacoes": [entrada, rest]})
    return hint
