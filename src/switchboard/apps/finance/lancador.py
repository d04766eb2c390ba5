"""The Lançador's writing half: a validated draft -> ledger rows, one batch per user message.

Each operation of the draft goes through the original's deterministic `classify_entry`
(whoever extracted it, offline rules or a hosted model) and becomes:

| class            | rows |
|------------------|------|
| despesa_simples / receita_simples | one statement entry (date: the draft's, else today) |
| gasto_cartao     | a card purchase + N monthly instalments (cents reconciled), 1st due +1 month |
| conta_pagar / conta_receber | a scheduled entry (due may be unknown); N > 1: N monthly ones |
| pagamento_divida | one statement expense (Dívidas) + the matching debt's balance reduced |
| nova_divida      | one debt (principal = balance = valor) |

Row ids derive from the user and the idempotency key, so a retried message builds the same rows
(and the ledger refuses the key anyway).

Which key (the ledger's journal refuses a key it has seen for the user):

- with the client's `Idempotency-Key` (HTTP header, on the turn): `request_key(user, key,
  text)`. A retry with the same key and message never records twice; another key records again.
  The text is part of it, so a key reused by mistake for another message records that message
  instead of claiming it was recorded;
- without one: `idempotency_key(user, session, recordings so far, text)`, a fresh key per
  recording, except that the same text again within the retry window (default 30 s) reuses the
  last key. That duplicate is never silent: the user is told it was recorded moments ago and
  can answer "sim" to record it once more (`wants_again`).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from datetime import date

from dateutil.relativedelta import relativedelta

from switchboard.apps.finance.ledger import (
    CardPurchase,
    Debt,
    DebtPayment,
    Entry,
    Instalment,
    LedgerBatch,
    Scheduled,
)
from switchboard.apps.finance.nlu import (
    EntryClass,
    TransactionDraft,
    classify_entry,
    split_installments,
)
from switchboard.apps.finance.nlu.text import fold
from switchboard.apps.finance.triage.text import has_amount, wordset


def idempotency_key(user_id: str, session_id: str, seq: int, text: str) -> str:
    """sha256 of (user, session, the session's recording counter, message text), hex."""
    raw = "\x1f".join((user_id, session_id, str(seq), text.strip()))
    return hashlib.sha256(raw.encode("utf-8")).hexdigest()


def request_key(user_id: str, client_key: str, text: str) -> str:
    """sha256 of (user, the client's `Idempotency-Key`, message text), hex: the client's key is
    opaque and unbounded in content, the journal key is 64 hex digits scoped to the user."""
    raw = "\x1f".join(("request", user_id, client_key, text.strip()))
    return hashlib.sha256(raw.encode("utf-8")).hexdigest()


def text_hash(text: str) -> str:
    return hashlib.sha256(text.strip().encode("utf-8")).hexdigest()[:32]


_AGAIN_YES = wordset(
    "sim s pode claro isso registra registre registrar registrou confirmo confirma quero "
    "outra outro outras outros ok beleza blz bora repete repita novo nova"
)
_AGAIN_NO = wordset("nao n nem mesmo mesma engano errado errada duplicado duplicada")
_AGAIN_MAX_WORDS = 8


def wants_again(text: str) -> bool | None:
    """The answer to "Foi outro lançamento igual? Quer que eu registre de novo?": True (record
    once more), False (it was the same one), None (not an answer: a new message to triage).

    "sim", "foi outra compra sim", "registra de novo" → True; "não", "era o mesmo" → False; a
    message with an amount is a new transaction, never a yes.
    """
    folded = fold(text)
    if has_amount(folded):
        return None
    words = re.findall(r"[a-z]+", folded)
    if not words or len(words) > _AGAIN_MAX_WORDS:
        return None
    if any(w in _AGAIN_NO for w in words):
        return False
    if any(w in _AGAIN_YES for w in words):
        return True
    return None


class _Ids:
    def __init__(self, key: str) -> None:
        self._key = key
        self._n = 0

    def __call__(self) -> str:
        self._n += 1
        return hashlib.sha256(f"{self._key}:{self._n}".encode()).hexdigest()[:32]


def operations(draft: TransactionDraft) -> list[TransactionDraft]:
    """What gets recorded: the draft's operations, or the draft itself."""
    return list(draft.operacoes) or [draft]


def _find_debt(name: str | None, debts: Sequence[Debt]) -> Debt | None:
    open_debts = [d for d in debts if d.balance > 0]
    if name:
        wanted = set(fold(name).split()) - {"de", "do", "da", "o", "a"}
        for debt in open_debts:
            if wanted & set(fold(debt.name).split()):
                return debt
    return open_debts[0] if len(open_debts) == 1 else None


def build_batch(
    user_id: str, key: str, draft: TransactionDraft, today: date, debts: Sequence[Debt] = ()
) -> LedgerBatch:
    """The rows of a complete draft (every operation has valor and tipo)."""
    ids = _Ids(f"{user_id}\x1f{key}")
    batch = LedgerBatch()
    for op in operations(draft):
        if op.valor is None or op.tipo is None:
            raise ValueError("build_batch needs a complete draft")
        cls = classify_entry(op)
        day = op.data or today
        n = op.parcelas or 1
        match cls:
            case EntryClass.DESPESA_SIMPLES | EntryClass.RECEITA_SIMPLES:
                batch.entries.append(
                    Entry(
                        ids(),
                        user_id,
                        op.tipo,
                        op.valor,
                        day,
                        op.categoria,
                        op.subcategoria,
                        op.descricao,
                        op.forma_pagamento,
                    )
                )
            case EntryClass.GASTO_CARTAO:
                purchase = CardPurchase(
                    ids(), user_id, op.valor, day, n, op.categoria, op.subcategoria, op.descricao
                )
                batch.purchases.append(purchase)
                for seq, part in enumerate(split_installments(op.valor, n), start=1):
                    due = day + relativedelta(months=seq)
                    batch.instalments.append(Instalment(purchase.id, user_id, seq, due, part))
            case EntryClass.CONTA_PAGAR | EntryClass.CONTA_RECEBER:
                parts = split_installments(op.valor, n)
                for i, part in enumerate(parts):
                    when = None if op.data is None else op.data + relativedelta(months=i)
                    batch.scheduled.append(
                        Scheduled(
                            ids(),
                            user_id,
                            op.tipo,
                            part,
                            when,
                            op.categoria,
                            op.subcategoria,
                            op.descricao,
                        )
                    )
            case EntryClass.PAGAMENTO_DIVIDA:
                debt = _find_debt(op.divida_relacionada, debts)
                batch.entries.append(
                    Entry(
                        ids(),
                        user_id,
                        "despesa",
                        op.valor,
                        day,
                        "Dívidas",
                        op.subcategoria if op.categoria == "Dívidas" else None,
                        op.divida_relacionada or op.descricao,
                        op.forma_pagamento,
                        debt.id if debt else None,
                    )
                )
                if debt is not None:
                    batch.payments.append(DebtPayment(debt.id, op.valor))
            case EntryClass.NOVA_DIVIDA:
                name = op.descricao or op.divida_relacionada or "Dívida"
                batch.debts.append(Debt(ids(), user_id, name, op.valor, op.valor, day))
    return batch
