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
    """Fill what a multi-operation draft lacks: the purchase total (down payment + remainder) or
    the tipo of operations that had none ("50 e 30 reais" -> "despesa")."""
    operations = list(hint.operacoes)
    update: dict[str, Any] = {}
    entrada, rest = operations[0], operations[-1]
    if (
        answer.valor is not None
        and len(operations) == 2
        and rest.valor is None
        and entrada.valor is not None
        and answer.valor > entrada.valor
    ):
        operations[-1] = rest.model_copy(update={"valor": answer.valor - entrada.valor})
        update["valor"] = answer.valor
    if answer.tipo is not None:
        for i, op in enumerate(operations):
            if op.tipo is None:
                fixed: dict[str, Any] = {"tipo": answer.tipo}
                if answer.tipo == "receita" and op.categoria != INCOME_CATEGORY:
                    fixed |= {"categoria": INCOME_CATEGORY, "subcategoria": "Outros"}
                operations[i] = op.model_copy(update=fixed)
        if hint.tipo is None:
            update["tipo"] = answer.tipo
    return hint.model_copy(update={**update, "operacoes": operations})
