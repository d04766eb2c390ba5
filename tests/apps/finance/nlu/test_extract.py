"""Offline transaction extraction: the issue's manual test plan, slang, compounds, merging."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Any

import pytest

from switchboard.apps.finance.nlu import (
    EntryClass,
    TransactionDraft,
    classify_entry,
    extract_transaction,
    missing_fields,
)

TODAY = date(2026, 11, 23)  # a Monday


def _subset(draft: TransactionDraft, expected: dict[str, Any]) -> dict[str, Any]:
    return {key: getattr(draft, key) for key in expected}


CASES: list[tuple[str, dict[str, Any], EntryClass | None]] = [
    (
        "Gastei R$ 150 no supermercado hoje",
        {"valor": Decimal("150"), "tipo": "despesa", "categoria": "Alimentação",
         "subcategoria": "Supermercado", "data": TODAY},
        EntryClass.DESPESA_SIMPLES,
    ),
    (
        "Recebi meu salário de 5.000 reais",
        {"valor": Decimal("5000"), "tipo": "receita", "categoria": "Receitas",
         "subcategoria": "Salário", "data": TODAY, "descricao": "salário"},
        EntryClass.RECEITA_SIMPLES,
    ),
    (
        "Comprei uma TV de 3000 reais no cartão em 10x",
        {"valor": Decimal("3000"), "tipo": "despesa", "parcelas": 10, "cartao_credito": True,
         "forma_pagamento": "credito", "categoria": "Compras", "subcategoria": "Eletrônicos",
         "descricao": "TV"},
        EntryClass.GASTO_CARTAO,
    ),
    (
        "Fui ao cinema ontem",
        {"valor": None, "tipo": "despesa", "subcategoria": "Cinema", "data": date(2026, 11, 22)},
        None,
    ),
    ("200 reais", {"valor": Decimal("200"), "tipo": None}, None),
    (
        "Paguei 80 reais de conta de luz",
        {"valor": Decimal("80"), "tipo": "despesa", "categoria": "Contas", "subcategoria": "Luz",
         "descricao": "conta de luz"},
        EntryClass.DESPESA_SIMPLES,
    ),
    (
        "celular de 2400 no cartão em 12x",
        {"valor": Decimal("2400"), "tipo": "despesa", "parcelas": 12, "cartao_credito": True,
         "subcategoria": "Eletrônicos"},
        EntryClass.GASTO_CARTAO,
    ),
    (
        "Preciso pagar o IPTU de 1200 reais dia 15",
        {"valor": Decimal("1200"), "tipo": "despesa", "conta_futura": True,
         "data": date(2026, 12, 15), "subcategoria": "IPTU"},
        EntryClass.CONTA_PAGAR,
    ),
    (
        "Vou receber 500 reais do João semana que vem",
        {"valor": Decimal("500"), "tipo": "receita", "conta_futura": True,
         "data": date(2026, 11, 30), "categoria": "Receitas", "subcategoria": "Outros"},
        EntryClass.CONTA_RECEBER,
    ),
    (
        "Comprei uma roupa nova",
        {"valor": None, "tipo": "despesa", "subcategoria": "Roupas", "descricao": "roupa nova"},
        None,
    ),
    # slang, typos, no accents
    (
        "gastei 45 conto no uber",
        {"valor": Decimal("45"), "tipo": "despesa", "categoria": "Transporte",
         "subcategoria": "App"},
        EntryClass.DESPESA_SIMPLES,
    ),
    (
        "paguei 89,90 d farmacia",
        {"valor": Decimal("89.90"), "tipo": "despesa", "subcategoria": "Farmácia"},
        EntryClass.DESPESA_SIMPLES,
    ),
    (
        "recebi 2k de freela",
        {"valor": Decimal("2000"), "tipo": "receita", "subcategoria": "Freelance"},
        EntryClass.RECEITA_SIMPLES,
    ),
    (
        "comprei um celular em 12 vezes de 200",
        {"valor": Decimal("2400"), "parcelas": 12, "cartao_credito": True,
         "subcategoria": "Eletrônicos", "descricao": "celular"},
        EntryClass.GASTO_CARTAO,
    ),
    (
        "150 reais para o mercado",
        {"valor": Decimal("150"), "tipo": "despesa", "subcategoria": "Supermercado"},
        EntryClass.DESPESA_SIMPLES,
    ),
    (
        "R$ 99,90 no mercado na sexta",
        {"valor": Decimal("99.90"), "subcategoria": "Supermercado", "data": date(2026, 11, 20)},
        EntryClass.DESPESA_SIMPLES,
    ),
    (
        "paguei 30 no 99",
        {"valor": Decimal("30"), "subcategoria": "App"},
        EntryClass.DESPESA_SIMPLES,
    ),
    (
        "mil e quinhentos de aluguel",
        {"valor": Decimal("1500"), "tipo": "despesa", "subcategoria": "Aluguel"},
        EntryClass.DESPESA_SIMPLES,
    ),
    (
        "gasolina 200 conto no débito",
        {"valor": Decimal("200"), "forma_pagamento": "debito", "cartao_credito": False,
         "subcategoria": "Combustível"},
        EntryClass.DESPESA_SIMPLES,
    ),
    (
        "Paguei a netflix 55,90 no pix",
        {"valor": Decimal("55.90"), "forma_pagamento": "pix", "subcategoria": "Streaming"},
        EntryClass.DESPESA_SIMPLES,
    ),
    (
        "comprei 2 camisas por 100 reais",
        {"valor": Decimal("100"), "subcategoria": "Roupas"},
        EntryClass.DESPESA_SIMPLES,
    ),
    (
        "caiu o salário, 4.500",
        {"valor": Decimal("4500"), "tipo": "receita", "subcategoria": "Salário"},
        EntryClass.RECEITA_SIMPLES,
    ),
    (
        "vendi a bike por 800",
        {"valor": Decimal("800"), "tipo": "receita", "subcategoria": "Outros"},
        EntryClass.RECEITA_SIMPLES,
    ),
    (
        "comprei um tenis de 300 no cartão",
        {"valor": Decimal("300"), "parcelas": None, "cartao_credito": True},
        EntryClass.GASTO_CARTAO,
    ),
    (
        "comprei uma geladeira em 10x de 350 sem juros",
        {"valor": Decimal("3500"), "parcelas": 10, "subcategoria": "Casa"},
        EntryClass.GASTO_CARTAO,
    ),
    (
        "gastei 1,2 mil no mercado dia 5",
        {"valor": Decimal("1200"), "data": date(2026, 11, 5)},
        EntryClass.DESPESA_SIMPLES,
    ),
    (
        "vou pagar 350 de condomínio na sexta",
        {"valor": Decimal("350"), "conta_futura": True, "data": date(2026, 11, 27),
         "subcategoria": "Condomínio"},
        EntryClass.CONTA_PAGAR,
    ),
    (
        "a conta de internet de 120 reais vence dia 10",
        {"valor": Decimal("120"), "conta_futura": True, "data": date(2026, 12, 10),
         "subcategoria": "Internet"},
        EntryClass.CONTA_PAGAR,
    ),
    (
        "paguei 200 dia 30/10",
        {"valor": Decimal("200"), "descricao": None, "data": date(2026, 10, 30)},
        EntryClass.DESPESA_SIMPLES,
    ),
    (
        "50 pila de pizza",
        {"valor": Decimal("50"), "tipo": "despesa", "subcategoria": "Restaurante"},
        EntryClass.DESPESA_SIMPLES,
    ),
    (
        "depósito de 300 na conta",
        {"valor": Decimal("300"), "tipo": None, "descricao": "depósito na conta"},
        None,  # money into one's own account: asked, not guessed
    ),
    # debts
    (
        "peguei emprestado 5 mil do banco",
        {"valor": Decimal("5000"), "nova_divida": True, "categoria": "Dívidas",
         "subcategoria": "Empréstimo", "tipo": "receita"},
        EntryClass.EMPRESTIMO,
    ),
    (
        "paguei a parcela do financiamento do carro, 800 reais",
        {"valor": Decimal("800"), "divida_relacionada": "financiamento do carro",
         "categoria": "Dívidas", "subcategoria": "Financiamento"},
        EntryClass.PAGAMENTO_DIVIDA,
    ),
    (
        "paguei a fatura do cartão de 1.234,56",
        {"valor": Decimal("1234.56"), "divida_relacionada": "fatura do cartão",
         "cartao_credito": False},
        EntryClass.PAGAMENTO_DIVIDA,
    ),
    (
        "paguei 2 mil do cartão",
        {"valor": Decimal("2000"), "divida_relacionada": "fatura do cartão",
         "cartao_credito": False},
        EntryClass.PAGAMENTO_DIVIDA,
    ),
    (
        "vou pagar o cartão 1500 dia 10",
        {"valor": Decimal("1500"), "conta_futura": True, "data": date(2026, 12, 10),
         "divida_relacionada": "fatura do cartão"},
        EntryClass.CONTA_PAGAR,
    ),
    (
        "paguei o jantar no cartão, 120",
        {"valor": Decimal("120"), "cartao_credito": True, "subcategoria": "Restaurante"},
        EntryClass.GASTO_CARTAO,
    ),
    (
        "pix de 100 pra maria",
        {"valor": Decimal("100"), "tipo": "despesa", "descricao": "maria"},
        EntryClass.DESPESA_SIMPLES,
    ),
    (
        "gastei 500 ano passado no mercado",
        {"valor": Decimal("500"), "data": date(2025, 11, 23)},
        EntryClass.DESPESA_SIMPLES,
    ),
    (
        "paguei 500 pro João que eu devia",
        {"valor": Decimal("500"), "divida_relacionada": "João"},
        EntryClass.PAGAMENTO_DIVIDA,
    ),
    (
        "o 13 vem dia 20, 2.500",
        {"valor": Decimal("2500"), "subcategoria": "Salário", "data": date(2026, 12, 20)},
        EntryClass.CONTA_RECEBER,
    ),
    (
        "a conta de luz chega dia 10, 180",
        {"valor": Decimal("180"), "subcategoria": "Luz", "data": date(2026, 12, 10)},
        EntryClass.CONTA_PAGAR,
    ),
    (
        "ipva de 1.800 vence em janeiro",
        {"valor": Decimal("1800"), "data": date(2027, 1, 1)},
        EntryClass.CONTA_PAGAR,
    ),
    (
        "a farmacia me deu 10 de desconto, paguei 50",
        {"valor": Decimal("50"), "tipo": "despesa", "subcategoria": "Farmácia"},
        EntryClass.DESPESA_SIMPLES,
    ),
    (
        "tenis de 300 com 50 de desconto",
        {"valor": Decimal("250"), "tipo": "despesa"},
        EntryClass.DESPESA_SIMPLES,
    ),
    (
        "ganhei 50 de desconto na farmacia",
        {"valor": None},
        None,
    ),
    (
        "tenho 500 na conta e paguei 100 de luz",
        {"valor": Decimal("100"), "subcategoria": "Luz", "operacoes": []},
        EntryClass.DESPESA_SIMPLES,
    ),
    (
        "meu cliente pagou 500 do projeto",
        {"valor": Decimal("500"), "tipo": "receita"},
        EntryClass.RECEITA_SIMPLES,
    ),
    (
        "recebi o 13 de 3.500",
        {"valor": Decimal("3500"), "subcategoria": "Salário", "data": TODAY},
        EntryClass.RECEITA_SIMPLES,
    ),
]  # fmt: skip


@pytest.mark.parametrize(("text", "expected", "cls"), CASES, ids=[c[0] for c in CASES])
def test_extract(text: str, expected: dict[str, Any], cls: EntryClass | None) -> None:
    draft = extract_transaction(text, TODAY)
    assert _subset(draft, expected) == expected
    if cls is None:
        assert missing_fields(draft)
    else:
        assert missing_fields(draft) == []
        assert classify_entry(draft) is cls


def test_empty_message_is_an_empty_draft() -> None:
    draft = extract_transaction("   ", TODAY)
    assert missing_fields(draft) == ["valor", "tipo"]


@pytest.mark.parametrize(
    ("text", "valor", "parcelas"),
    [
        ("gastei 0 reais", None, None),
        ("comprei em 999x", None, None),
        ("paguei 50 em 0x", 50, None),
    ],
)
def test_impossible_values_are_dropped_not_raised(
    text: str, valor: int | None, parcelas: int | None
) -> None:
    draft = extract_transaction(text, TODAY)
    assert (draft.valor, draft.parcelas) == (None if valor is None else Decimal(valor), parcelas)


LISTS = [
    (
        "gastei 50 no mercado e 30 na farmácia",
        [(Decimal("50"), "despesa", "Supermercado", TODAY),
         (Decimal("30"), "despesa", "Farmácia", TODAY)],
    ),
    (
        "recebi 500 do João e paguei 200 de luz",
        [(Decimal("500"), "receita", "Outros", TODAY), (Decimal("200"), "despesa", "Luz", TODAY)],
    ),
    (
        "vou pagar 100 de luz e 200 de água dia 10",
        [(Decimal("100"), "despesa", "Luz", date(2026, 12, 10)),
         (Decimal("200"), "despesa", "Água", date(2026, 12, 10))],
    ),
    (
        "gastei 50 no mercado, ontem, e 30 na farmacia hoje",
        [(Decimal("50"), "despesa", "Supermercado", date(2026, 11, 22)),
         (Decimal("30"), "despesa", "Farmácia", TODAY)],
    ),
    (
        "comprei tv de 3000 em 10x e geladeira de 2000 em 5x",
        [(Decimal("3000"), "despesa", "Eletrônicos", TODAY),
         (Decimal("2000"), "despesa", "Casa", TODAY)],
    ),
]  # fmt: skip


@pytest.mark.parametrize(("text", "operations"), LISTS)
def test_lists_become_operations(
    text: str, operations: list[tuple[Decimal, str, str, date]]
) -> None:
    draft = extract_transaction(text, TODAY)
    assert [(op.valor, op.tipo, op.subcategoria, op.data) for op in draft.operacoes] == operations
    assert missing_fields(draft) == []


@pytest.mark.parametrize(
    "text", ["mil e quinhentos de aluguel", "comprei 2 camisas por 100 reais", "R$ 3.000 em 10x"]
)
def test_single_transactions_are_not_split(text: str) -> None:
    assert extract_transaction(text, TODAY).operacoes == []


def test_a_list_without_tipo_asks_once_for_all() -> None:
    first = extract_transaction("50 e 30 reais", TODAY)
    assert missing_fields(first) == ["tipo"]
    merged = extract_transaction("despesa", TODAY, history_hint=first)
    assert [(op.valor, op.tipo) for op in merged.operacoes] == [
        (Decimal("50"), "despesa"),
        (Decimal("30"), "despesa"),
    ]
    assert missing_fields(merged) == []


def test_a_quantity_is_never_the_value() -> None:
    draft = extract_transaction("comprei 2 camisas e 3 calças", TODAY)
    assert (draft.valor, draft.operacoes, missing_fields(draft)) == (None, [], ["valor"])
    assert extract_transaction("comprei 12 pães por 9,50", TODAY).valor == Decimal("9.50")


def test_future_without_date_leaves_the_due_date_open() -> None:
    draft = extract_transaction("vou receber 300 do Pedro", TODAY)
    assert (draft.conta_futura, draft.data) == (True, None)


def test_an_asset_with_down_payment_and_financing_is_one_asset_purchase() -> None:
    draft = extract_transaction(
        "comprei um carro de 50 mil, dei 10 mil de entrada e financiei o resto em 48x", TODAY
    )
    assert (draft.valor, draft.entrada, draft.parcelas) == (Decimal("50000"), Decimal("10000"), 48)
    assert (draft.ativo, draft.operacoes) == ("veiculo", [])
    assert classify_entry(draft) is EntryClass.COMPRA_ATIVO
    assert missing_fields(draft) == []


def test_compound_with_total_splits_down_payment_and_financing() -> None:
    draft = extract_transaction(
        "comprei um notebook de 5 mil, dei mil de entrada e financiei o resto em 10x", TODAY
    )
    assert draft.valor == Decimal("5000")
    entrada, resto = draft.operacoes
    assert (entrada.valor, classify_entry(entrada)) == (
        Decimal("1000"),
        EntryClass.DESPESA_SIMPLES,
    )
    assert entrada.subcategoria == "Eletrônicos"
    assert (resto.valor, resto.parcelas, resto.nova_divida) == (Decimal("4000"), 10, True)
    assert (resto.categoria, resto.subcategoria) == ("Dívidas", "Financiamento")
    assert classify_entry(resto) is EntryClass.NOVA_DIVIDA
    assert missing_fields(draft) == []


def test_compound_without_total_asks_for_it_and_merges_the_answer() -> None:
    first = extract_transaction("dei 2 mil de entrada e parcelei o resto em 10x", TODAY)
    entrada, resto = first.operacoes
    assert (entrada.valor, resto.valor, resto.parcelas) == (Decimal("2000"), None, 10)
    assert classify_entry(resto) is EntryClass.GASTO_CARTAO
    assert missing_fields(first) == ["valor"]
    merged = extract_transaction("foram 12 mil no total", TODAY, history_hint=first)
    assert merged.valor == Decimal("12000")
    assert [op.valor for op in merged.operacoes] == [Decimal("2000"), Decimal("10000")]
    assert missing_fields(merged) == []


def test_compound_with_instalment_value() -> None:
    draft = extract_transaction(
        "dei 5 mil de entrada no curso e o resto em 12x de 2 mil no boleto", TODAY
    )
    assert draft.valor == Decimal("29000")
    assert [op.valor for op in draft.operacoes] == [Decimal("5000"), Decimal("24000")]
    assert draft.operacoes[1].forma_pagamento == "boleto"
    assert classify_entry(draft.operacoes[1]) is EntryClass.DESPESA_SIMPLES


def test_an_asset_with_instalment_value_sums_down_payment_and_instalments() -> None:
    draft = extract_transaction(
        "dei 5 mil de entrada no apartamento e o resto em 12x de 2 mil no boleto", TODAY
    )
    assert (draft.valor, draft.entrada, draft.parcelas, draft.ativo) == (
        Decimal("29000"), Decimal("5000"), 12, "imovel",
    )  # fmt: skip


MERGES = [
    ("Comprei uma roupa nova", "150 reais",
     {"valor": Decimal("150"), "tipo": "despesa", "subcategoria": "Roupas",
      "descricao": "roupa nova"}),
    ("gastei 450 reais", "no supermercado",
     {"valor": Decimal("450"), "tipo": "despesa", "subcategoria": "Supermercado"}),
    ("200 reais", "despesa", {"valor": Decimal("200"), "tipo": "despesa"}),
    ("200 reais", "receita",
     {"valor": Decimal("200"), "tipo": "receita", "categoria": "Receitas",
      "subcategoria": "Outros"}),
    ("200 reais", "foi uma entrada", {"tipo": "receita"}),
    ("Fui ao cinema ontem", "uns 60 conto",
     {"valor": Decimal("60"), "subcategoria": "Cinema", "data": date(2026, 11, 22)}),
    ("Fui ao cinema", "80, foi na sexta", {"valor": Decimal("80"), "data": date(2026, 11, 20)}),
    ("Comprei um celular", "2400 no cartão em 12x",
     {"valor": Decimal("2400"), "parcelas": 12, "cartao_credito": True,
      "subcategoria": "Eletrônicos"}),
    ("recebi 300", "foi de freela", {"tipo": "receita", "subcategoria": "Freelance"}),
]  # fmt: skip


@pytest.mark.parametrize(("first", "answer", "expected"), MERGES)
def test_multi_turn_merge(first: str, answer: str, expected: dict[str, Any]) -> None:
    hint = extract_transaction(first, TODAY)
    assert missing_fields(hint) or hint.categoria is None or hint.subcategoria == "Outros"
    merged = extract_transaction(answer, TODAY, history_hint=hint)
    assert _subset(merged, expected) == expected


def test_hosted_model_output_is_validated() -> None:
    draft = TransactionDraft.model_validate(
        {"valor": "10.5", "tipo": "despesa", "categoria": "Lazer", "subcategoria": "Cinema"}
    )
    assert draft.valor == Decimal("10.50")
    with pytest.raises(ValueError, match="subcategoria"):
        TransactionDraft.model_validate({"categoria": "Lazer", "subcategoria": "IPTU"})
    with pytest.raises(ValueError, match="categoria"):
        TransactionDraft.model_validate({"categoria": "Inventada"})
    with pytest.raises(ValueError, match="greater than 0"):
        TransactionDraft.model_validate({"valor": "-5"})
