"""What a draft still lacks, and the pt-BR question that asks for it.

Only `valor` and `tipo` are mandatory (the original's rule): a draft without them cannot be
recorded. `categoria` is "nice to ask once": when an expense has a value but neither a category
nor any description ("gastei 450 reais"), the spec's flow asks "Em que você gastou os R$
450,00?"; if the user's answer still yields no category, or the field was already asked, the
draft is recorded without one rather than nagging. The caller passes the fields it has already
asked (`asked`) and enforces the dialogue's ≤ 3 questions.
"""

from __future__ import annotations

from collections.abc import Collection

from .draft import TransactionDraft
from .money import format_brl

__all__ = ["clarifying_question", "missing_fields", "next_field"]

MANDATORY = ("valor", "tipo")


def missing_fields(draft: TransactionDraft) -> list[str]:
    """The mandatory fields still None (in the order they are asked); for a compound draft,
    those missing in any of its operations. A transfer, an asset purchase or a refund says its
    direction itself: only its value can be missing."""
    drafts = draft.operacoes or [draft]
    return [
        f
        for f in MANDATORY
        if any(getattr(d, f) is None and not (f == "tipo" and _directed(d)) for d in drafts)
    ]


def _directed(draft: TransactionDraft) -> bool:
    return draft.transferencia or draft.ativo is not None or draft.reembolso


def next_field(draft: TransactionDraft, asked: Collection[str] = ()) -> str | None:
    """The field to ask about next: a missing mandatory one, else "categoria" once, else None."""
    missing = missing_fields(draft)
    if missing:
        return missing[0]
    if (
        not draft.operacoes
        and draft.tipo == "despesa"
        and draft.categoria is None
        and draft.descricao is None
        and not draft.nova_divida
        and draft.divida_relacionada is None
        and not _directed(draft)
        and not draft.conta_futura
        and "categoria" not in asked
    ):
        return "categoria"
    return None


def clarifying_question(draft: TransactionDraft, asked: Collection[str] = ()) -> str | None:
    """The pt-BR question for `next_field`, or None when the draft can be recorded."""
    field = next_field(draft, asked)
    if field == "valor":
        if draft.operacoes:
            return "Qual foi o valor total da compra?"
        if draft.conta_futura:
            return "Qual é o valor?"
        return "Qual foi o valor?"
    if field == "tipo":
        return "Isso foi uma despesa ou uma receita?"
    if field == "categoria" and draft.valor is not None:
        return f"Em que você gastou os {format_brl(draft.valor)}?"
    return None
