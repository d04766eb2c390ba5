"""What a recording leaves unsaid because the message just before said it (issue 19).

People do not repeat themselves:

- "passagem de 1.200 no crédito" → "a cia cancelou o voo e estornou tudo": the refund is the
  R$ 1.200 just recorded (a refund with no amount, right after the purchase it names or with
  "tudo", "o valor", "dinheiro de volta");
- "tv de 3000 em 999x" (refused) → "foi em 10x no cartão": the same TV, now with a count that
  exists;
- "se eu comprar um tênis de 400 em 4x quanto fica?" → "beleza, comprei, registra": the tênis
  of the question, now bought;
- "vale a pena um celular de 2 mil em 10x?" → "comprei! 2 mil em 10x": the same amount, so the
  same thing (its category).

`carry(draft, text, previous, previous_recorded, today)` fills only what the new message lacks,
only from the user's message just before, and never repeats a recording: an amount is carried
from a recorded message only into a refund (which reverses it), and from a message that was
not recorded (a question, a plan, a refusal) into a purchase.
"""

from __future__ import annotations

import re
from datetime import date
from typing import Any

from .draft import TransactionDraft
from .extract import extract_transaction
from .money import find_amounts
from .text import fold

__all__ = ["carry"]

_BACK = re.compile(
    r"\b(?:tudo|total|integral|inteiro|o\s+valor|todo\s+o\s+valor|dinheiro\s+de\s+volta"
    r"|de\s+volta|isso|disso|esse|essa|ele|ela|mesmo|mesma)\b"
)
"""Words that point at something said before."""
_STOP = frozenset(
    re.findall(
        r"\w+",
        "a o as os um uma de do da dos das no na em e que se eu me meu minha pra pro para com "
        "por foi quanto fica vale pena comprar comprei agora reais real mil x vezes cartao "
        "credito debito pix registra registrar anota beleza pronto ok sim",
    )
)


def _content_words(text: str) -> set[str]:
    return {w for w in re.findall(r"[a-z]{3,}", fold(text)) if w not in _STOP}


def carry(
    draft: TransactionDraft,
    text: str,
    previous: str | None,
    *,
    previous_recorded: bool,
    today: date,
) -> TransactionDraft:
    """`draft` completed from the user's `previous` message (see the module docstring)."""
    if previous is None or draft.operacoes or draft.transferencia or draft.ativo is not None:
        return draft
    before = extract_transaction(previous, today)
    if before.valor is None or before.operacoes:
        return draft
    shared = bool(_content_words(text) & _content_words(previous))
    back = _BACK.search(fold(text)) is not None
    update: dict[str, Any] = {}
    if draft.reembolso:
        if draft.valor is None and previous_recorded and (shared or back):
            update["valor"] = before.valor
    elif not previous_recorded and draft.tipo != "receita" and before.tipo != "receita":
        stated = bool(find_amounts(text))
        related = draft.categoria is None or (
            draft.categoria == before.categoria and (shared or back)
        )
        if draft.valor is None and not stated and related:
            update["valor"] = before.valor
            if draft.parcelas is None and before.parcelas:
                update["parcelas"] = before.parcelas
        same = draft.valor is None or draft.valor == before.valor
        if same and draft.categoria is None and before.categoria is not None:
            update["categoria"] = before.categoria
            update["subcategoria"] = before.subcategoria
        if update and draft.descricao is None and before.descricao:
            update["descricao"] = before.descricao
        if update and draft.tipo is None:
            update["tipo"] = "despesa"
    return draft.model_copy(update=update) if update else draft
