"""The original's deterministic classification, rule by rule, and exact instalment splits."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

from switchboard.apps.finance.nlu import (
    EntryClass,
    InvalidInstallmentsError,
    TransactionDraft,
    classify_entry,
    split_installments,
)

RULES: list[tuple[dict[str, Any], EntryClass]] = [
    ({"tipo": "receita", "nova_divida": True}, EntryClass.EMPRESTIMO),
    ({"tipo": "despesa", "transferencia": True, "ativo": "imovel"}, EntryClass.TRANSFERENCIA),
    ({"tipo": "despesa", "ativo": "veiculo", "nova_divida": True}, EntryClass.COMPRA_ATIVO),
    ({"tipo": "receita", "reembolso": True}, EntryClass.REEMBOLSO),
    ({"reembolso": True, "nova_divida": True, "tipo": "receita"}, EntryClass.EMPRESTIMO),
    ({"tipo": "despesa", "nova_divida": True, "cartao_credito": True}, EntryClass.NOVA_DIVIDA),
    ({"tipo": "receita"}, EntryClass.RECEITA_SIMPLES),
    ({"tipo": "receita", "divida_relacionada": "x"}, EntryClass.RECEITA_SIMPLES),
    ({"tipo": "despesa"}, EntryClass.DESPESA_SIMPLES),
    ({"tipo": "despesa", "cartao_credito": True}, EntryClass.GASTO_CARTAO),
    ({"tipo": "despesa", "cartao_credito": True, "conta_futura": True}, EntryClass.GASTO_CARTAO),
    ({"tipo": "despesa", "cartao_credito": True, "divida_relacionada": "x"},
     EntryClass.GASTO_CARTAO),
    ({"tipo": "receita", "conta_futura": True}, EntryClass.CONTA_RECEBER),
    ({"tipo": "despesa", "conta_futura": True}, EntryClass.CONTA_PAGAR),
    ({"tipo": "despesa", "conta_futura": True, "divida_relacionada": "x"},
     EntryClass.CONTA_PAGAR),
    ({"tipo": "despesa", "divida_relacionada": "empréstimo"}, EntryClass.PAGAMENTO_DIVIDA),
    ({"divida_relacionada": "empréstimo"}, EntryClass.PAGAMENTO_DIVIDA),
    ({}, EntryClass.DESPESA_SIMPLES),
]  # fmt: skip


@pytest.mark.parametrize(("fields", "expected"), RULES)
def test_classify_entry(fields: dict[str, Any], expected: EntryClass) -> None:
    assert classify_entry(TransactionDraft(valor=Decimal(10), **fields)) is expected


def test_values_are_the_json_strings() -> None:
    assert {c.value for c in EntryClass} == {
        "nova_divida", "receita_simples", "despesa_simples", "gasto_cartao", "conta_receber",
        "conta_pagar", "pagamento_divida", "transferencia", "compra_ativo", "emprestimo",
        "reembolso",
    }  # fmt: skip


@pytest.mark.parametrize(
    ("total", "n", "expected"),
    [
        ("3000", 10, ["300.00"] * 10),
        ("100.00", 3, ["33.34", "33.33", "33.33"]),
        ("1000", 7, ["142.86"] * 5 + ["142.85"] * 2),
        ("0.05", 10, ["0.01"] * 5 + ["0.00"] * 5),
        ("2400", 12, ["200.00"] * 12),
        ("99.99", 1, ["99.99"]),
        ("0", 3, ["0.00"] * 3),
    ],
)
def test_split_installments(total: str, n: int, expected: list[str]) -> None:
    parts = split_installments(Decimal(total), n)
    assert parts == [Decimal(p) for p in expected]
    assert sum(parts) == Decimal(total)
    assert all(p.as_tuple().exponent == -2 for p in parts)


@pytest.mark.parametrize(("total", "n"), [("100", 0), ("100", -2), ("-1", 2), ("10.005", 2)])
def test_split_installments_rejects_bad_input(total: str, n: int) -> None:
    with pytest.raises(InvalidInstallmentsError) as info:
        split_installments(Decimal(total), n)
    assert info.value.code == "invalid_installments"
