"""The deterministic ledger classification of a draft, and instalment splitting.

The rules run in this exact order (the first that holds wins), whoever extracted the draft
(offline rules or a hosted model), so a model can never choose where money is written. Rules
0a–0c are issue 19's money movements that are not income or spending; 1–8 are the original's:

0a. transferencia                                -> TRANSFERENCIA    (between own accounts)
0b. ativo                                        -> COMPRA_ATIVO     (asset, not consumption)
0c. nova_divida with receita (money came in)     -> EMPRESTIMO       (cash in + debt)
0d. reembolso                                    -> REEMBOLSO        (refund / reversal)
1. nova_divida                                   -> NOVA_DIVIDA      (debt, no cash in)
2. receita, not future                           -> RECEITA_SIMPLES  (statement, income)
3. despesa, no card, not future, no related debt -> DESPESA_SIMPLES  (statement, expense)
4. despesa with card                             -> GASTO_CARTAO     (credit card purchase)
5. receita, future                               -> CONTA_RECEBER    (scheduled)
6. despesa, future                               -> CONTA_PAGAR      (scheduled)
7. related debt                                  -> PAGAMENTO_DIVIDA (statement + debt balance)
8. otherwise                                     -> DESPESA_SIMPLES
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from enum import StrEnum

from .draft import TransactionDraft
from .errors import InvalidInstallmentsError

__all__ = ["EntryClass", "classify_entry", "split_installments"]

_CENT = Decimal("0.01")


class EntryClass(StrEnum):
    """Where a draft is recorded; the values are the `classe` strings of the JSON output."""

    NOVA_DIVIDA = "nova_divida"
    RECEITA_SIMPLES = "receita_simples"
    DESPESA_SIMPLES = "despesa_simples"
    GASTO_CARTAO = "gasto_cartao"
    CONTA_RECEBER = "conta_receber"
    CONTA_PAGAR = "conta_pagar"
    PAGAMENTO_DIVIDA = "pagamento_divida"
    TRANSFERENCIA = "transferencia"
    COMPRA_ATIVO = "compra_ativo"
    EMPRESTIMO = "emprestimo"
    REEMBOLSO = "reembolso"


def classify_entry(draft: TransactionDraft) -> EntryClass:
    """The class of one operation (for a compound draft, classify each of `operacoes`)."""
    receita = draft.tipo == "receita"
    despesa = draft.tipo == "despesa"
    if draft.transferencia:
        return EntryClass.TRANSFERENCIA
    if draft.ativo is not None:
        return EntryClass.COMPRA_ATIVO
    if draft.nova_divida and receita:
        return EntryClass.EMPRESTIMO
    if draft.reembolso:
        return EntryClass.REEMBOLSO
    if draft.nova_divida:
        return EntryClass.NOVA_DIVIDA
    if receita and not draft.conta_futura:
        return EntryClass.RECEITA_SIMPLES
    if (
        despesa
        and not draft.cartao_credito
        and not draft.conta_futura
        and draft.divida_relacionada is None
    ):
        return EntryClass.DESPESA_SIMPLES
    if despesa and draft.cartao_credito:
        return EntryClass.GASTO_CARTAO
    if receita and draft.conta_futura:
        return EntryClass.CONTA_RECEBER
    if despesa and draft.conta_futura:
        return EntryClass.CONTA_PAGAR
    if draft.divida_relacionada is not None:
        return EntryClass.PAGAMENTO_DIVIDA
    return EntryClass.DESPESA_SIMPLES


def split_installments(total: Decimal, n: int) -> list[Decimal]:
    """`n` instalments of total/n that sum to `total` exactly.

    Works in integer cents: each instalment gets the floor of total/n, and the remainder cents
    go one each to the FIRST instalments (100,00 / 3 -> 33,34 + 33,33 + 33,33), as card issuers
    do. Raises `InvalidInstallmentsError` for n < 1, a negative total, or sub-cent precision.
    """
    if n < 1:
        raise InvalidInstallmentsError("n must be at least 1", n=n)
    if total < 0:
        raise InvalidInstallmentsError("total must not be negative", total=str(total))
    cents_value = total.quantize(_CENT, rounding=ROUND_HALF_UP)
    if cents_value != total:
        raise InvalidInstallmentsError("total has sub-cent precision", total=str(total))
    cents = int(cents_value * 100)
    base, remainder = divmod(cents, n)
    return [Decimal(base + (1 if i < remainder else 0)).scaleb(-2) for i in range(n)]
