"""Every pt-BR rule of the triage, both ways (rules.py)."""

from __future__ import annotations

import pytest

from switchboard.apps.finance.triage import rules
from switchboard.apps.finance.triage.text import fold, has_amount, has_money


def _rule(text: str) -> str | None:
    hit = rules.apply(fold(text))
    return hit.rule if hit else None


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        # greeting: only greeting/thanks/ack words (or no words at all)
        ("Oi, tudo bem?", "greeting"),
        ("valeu, até amanhã", "greeting"),
        ("kkkkk", "greeting"),
        ("top demais", "greeting"),
        ("🙂", "greeting"),
        # complexity: analysis, advice, planning, diagnosis, what-if
        ("vale a pena investir em CDB?", "complexity"),
        ("faz sentido trocar de carro?", "complexity"),
        ("devo quitar o financiamento?", "complexity"),
        ("por que meu dinheiro não sobra?", "complexity"),
        ("me ajuda a montar um orçamento", "complexity"),
        ("quanto preciso guardar por mês pra me aposentar?", "complexity"),
        ("gastei 300 no mercado esse mês, é muito?", "complexity"),
        ("meu cartão tá no rotativo, quanto vou pagar de juros?", "complexity"),  # a projection
        ("quanto de juros eu vou pagar no cheque especial?", "complexity"),
        # system: questions about the assistant
        ("o que você faz?", "system"),
        ("você é um robô?", "system"),
        ("como funciona esse app?", "system"),
        ("posso lançar minhas despesas por aqui?", "system"),
        # market: quotes and indexes, no personal data
        ("qual a cotação do dólar?", "market"),
        ("selic hoje", "market"),
        ("quanto está a PETR4 hoje?", "market"),
        # transaction: a transaction verb in a statement
        ("gastei 450 reais", "transaction"),
        ("paguei a conta de luz", "transaction"),
        ("anota aí 45 da padaria", "transaction"),
        ("vou receber 500 do João semana que vem", "transaction"),
        ("fui ao cinema ontem", "transaction"),
        # bare amount: an amount with at most a place/item
        ("200 reais", "bare_amount"),
        ("uber 23,50", "bare_amount"),
        ("50 conto de pizza", "bare_amount"),
        ("mercado 412,37 no crédito", "bare_amount"),
        # bare place: places/items only
        ("no mercado", "bare_place"),
        ("farmácia", "bare_place"),
        # query: interrogative + the user's own money
        ("quanto gastei esse mês?", "query"),
        ("qual meu saldo?", "query"),
        ("quais parcelas estão em aberto?", "query"),
        ("extrato de março", "query"),
        ("gastei mais com uber ou com ifood em abril?", "query"),
    ],
)
def test_rule_fires(text: str, rule: str) -> None:
    assert _rule(text) == rule


@pytest.mark.parametrize(
    ("text", "not_rule"),
    [
        ("bom dia, gastei 50 no mercado", "greeting"),
        ("quanto ainda devo do sofá?", "complexity"),  # owing, not "should"
        ("quanto paguei de juros esse mês?", "complexity"),  # recorded: the Simplista's
        ("fiz uma compra de 600 no posto no crédito", "complexity"),
        ("como eu falo com um atendente humano?", "complexity"),
        ("quanto rendeu meu CDI esse mês?", "market"),  # personal data
        ("quanto gastei esse mês?", "transaction"),  # a question, not a statement
        ("despesa de 35 com academia", "query"),  # starts like a list, has an amount
        ("aos 55 anos", "bare_amount"),
        ("quanto custa um carro?", "bare_place"),
    ],
)
def test_rule_does_not_fire(text: str, not_rule: str) -> None:
    assert _rule(text) != not_rule


def test_no_rule_for_open_text() -> None:
    assert _rule("minha vizinha comentou sobre umas coisas") is None


@pytest.mark.parametrize(
    "text", ["R$ 150", "150 reais", "2k", "3 mil", "200 conto", "mil e quinhentos", "45 pila"]
)
def test_money(text: str) -> None:
    assert has_money(fold(text)) and has_amount(fold(text))


@pytest.mark.parametrize(
    "text", ["dia 15", "em 10x", "caiu 3%", "aos 55 anos", "em 2025", "últimos 3 meses", "PETR4"]
)
def test_not_an_amount(text: str) -> None:
    assert not has_amount(fold(text))


def test_a_bare_number_is_an_amount() -> None:
    assert has_amount(fold("gastei 450")) and not has_money(fold("gastei 450"))


def test_asks_market_data() -> None:
    assert rules.asks_market_data("Qual a cotação do dólar?")
    assert rules.asks_market_data("oi, quanto tá a Selic hoje?")
    assert not rules.asks_market_data("quanto rendeu meu CDB?")
    assert not rules.asks_market_data("oi, tudo bem?")
