"""Confirmation sentences (spec 001 flow 2) and clarifying questions."""

from __future__ import annotations

from datetime import date

import pytest

from switchboard.apps.finance.nlu import (
    clarifying_question,
    confirmation,
    extract_transaction,
    next_field,
)
from switchboard.apps.finance.nlu.confirm import assumed_due_note

TODAY = date(2026, 11, 23)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "Gastei R$ 150 no supermercado hoje",
            "Registrado! Despesa de R$ 150,00 em Supermercado na data de hoje.",
        ),
        (
            "gastei 150 no mercado ontem",
            "Registrado! Despesa de R$ 150,00 em Supermercado na data de ontem.",
        ),
        (
            "gastei 150 no mercado dia 05/04",
            "Registrado! Despesa de R$ 150,00 em Supermercado em 05/04/2026.",
        ),
        (
            "Recebi meu salário de 5.000 reais",
            "Registrado! Receita de R$ 5.000,00 em Salário na data de hoje.",
        ),
        (
            "Comprei uma TV de 3000 reais no cartão em 10x",
            "Registrado! Compra de R$ 3.000,00 no cartão em 10x de R$ 300,00 "
            "(Compras > Eletrônicos).",
        ),
        (
            "paguei 100 de roupa no cartão em 3x",
            "Registrado! Compra de R$ 100,00 no cartão (Compras > Roupas) em 3x: "
            "1x de R$ 33,34 e 2x de R$ 33,33.",
        ),
        (
            "comprei um tenis de 300 no cartão ontem",
            "Registrado! Compra de R$ 300,00 no cartão (Compras > Roupas), na data de ontem.",
        ),
        (
            "Preciso pagar o IPTU de 1200 reais dia 15",
            "Registrado! Conta a pagar de R$ 1.200,00 (Moradia > IPTU), "
            "com vencimento em 15/12/2026.",
        ),
        (
            "Vou receber 500 reais do João semana que vem",
            "Registrado! Conta a receber de R$ 500,00 (João), com previsão em 30/11/2026.",
        ),
        (
            "paguei a parcela do financiamento do carro, 800 reais",
            "Registrado! Pagamento de dívida de R$ 800,00 (financiamento do carro) "
            "na data de hoje.",
        ),
        (
            "peguei emprestado 6 mil do banco em 24x",
            "Registrado! Empréstimo de R$ 6.000,00 (banco) recebido na data de hoje: o dinheiro "
            "entrou na sua conta e a dívida de R$ 6.000,00 (24x de R$ 250,00) ficou registrada.",
        ),
        (
            "gastei 45 conto no uber",
            "Registrado! Despesa de R$ 45,00 em Transporte por app na data de hoje.",
        ),
        (
            "comprei um carro de 50 mil, dei 10 mil de entrada e financiei o resto em 48x",
            "Registrado! Compra de veículo (carro) de R$ 50.000,00: R$ 10.000,00 de entrada e "
            "R$ 40.000,00 financiados em 48x, na data de hoje. Entrou no seu patrimônio como "
            "bem, não como gasto.",
        ),
    ],
)
def test_confirmation(text: str, expected: str) -> None:
    draft = extract_transaction(text, TODAY)
    assert clarifying_question(draft, asked={"categoria"}) is None
    assert confirmation(draft, None, TODAY) == expected


@pytest.mark.parametrize(
    ("text", "question"),
    [
        ("Fui ao cinema ontem", "Qual foi o valor?"),
        ("Comprei uma roupa nova", "Qual foi o valor?"),
        ("200 reais", "Isso foi uma despesa ou uma receita?"),
        ("gastei 450 reais", "Em que você gastou os R$ 450,00?"),
        ("dei 2 mil de entrada e parcelei o resto em 10x", "Qual foi o valor total da compra?"),
        ("", "Qual foi o valor?"),
        ("Gastei R$ 150 no supermercado hoje", None),
        ("recebi 300", None),  # an income needs no category: Receitas > Outros
        ("gastei 50 com a vizinha", None),  # described: recorded without a category
    ],
)
def test_clarifying_question(text: str, question: str | None) -> None:
    assert clarifying_question(extract_transaction(text, TODAY)) == question


def test_category_is_asked_only_once() -> None:
    draft = extract_transaction("gastei 450 reais", TODAY)
    assert next_field(draft) == "categoria"
    assert next_field(draft, asked={"categoria"}) is None
    assert clarifying_question(draft, asked=["categoria"]) is None


def test_spec_dialog_example_gastei_450_then_supermercado() -> None:
    first = extract_transaction("gastei 450 reais", TODAY)
    assert clarifying_question(first) == "Em que você gastou os R$ 450,00?"
    second = extract_transaction("no supermercado", TODAY, history_hint=first)
    assert clarifying_question(second, asked={"categoria"}) is None
    assert confirmation(second, None, TODAY) == (
        "Registrado! Despesa de R$ 450,00 em Supermercado na data de hoje."
    )


@pytest.mark.parametrize(
    ("text", "note"),
    [
        (
            "ipva de 1.800 vence em janeiro",
            " Você não disse o dia de janeiro de 2027, então deixei o dia 1º; se for outro, me "
            'diga, por exemplo "não, dia 10/01".',
        ),
        (
            "a consulta de 300 vence em novembro",
            " Você não disse o dia de novembro de 2026, então deixei o último dia do mês; se for "
            'outro, me diga, por exemplo "não, dia 10/11".',
        ),
        ("boleto de 99,90 vence dia 5/12", ""),
        ("gastei 50 no mercado em novembro", ""),
    ],
)
def test_a_due_day_taken_from_a_month_alone_is_said(text: str, note: str) -> None:
    draft = extract_transaction(text, TODAY)
    assert assumed_due_note(text, draft, TODAY) == note
