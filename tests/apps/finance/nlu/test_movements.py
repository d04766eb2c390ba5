"""Money that moves without being spent or earned: transfers, asset purchases, loans, refunds."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Any

import pytest

from switchboard.apps.finance.nlu import EntryClass, classify_entry, extract_transaction
from switchboard.apps.finance.nlu.movements import is_balance
from switchboard.apps.finance.nlu.text import fold

TODAY = date(2026, 11, 26)
D = Decimal

CASES: list[tuple[str, EntryClass, dict[str, Any]]] = [
    ("transferi 500 pra poupança", EntryClass.TRANSFERENCIA,
     {"valor": D(500), "conta_destino": "poupança"}),
    ("passei 800 do Itaú pro Inter", EntryClass.TRANSFERENCIA,
     {"conta_origem": "Itaú", "conta_destino": "Inter"}),
    ("resgatei 2 mil da poupança", EntryClass.TRANSFERENCIA, {"conta_origem": "poupança"}),
    ("saquei 200 no caixa", EntryClass.TRANSFERENCIA, {"conta_destino": "dinheiro"}),
    ("guardei 300 na caixinha do nubank", EntryClass.TRANSFERENCIA, {"valor": D(300)}),
    ("depositei 250 em dinheiro na conta", EntryClass.TRANSFERENCIA, {"valor": D(250)}),
    ("pix de 200 pro João", EntryClass.DESPESA_SIMPLES, {"valor": D(200)}),
    ("transferi 300 pra conta da minha mãe", EntryClass.DESPESA_SIMPLES, {"valor": D(300)}),
    ("comprei um apartamento de 300 mil", EntryClass.COMPRA_ATIVO,
     {"valor": D(300000), "ativo": "imovel"}),
    ("dei 60 mil de entrada num apartamento de 300 mil e financiei o resto em 360x",
     EntryClass.COMPRA_ATIVO, {"valor": D(300000), "entrada": D(60000), "parcelas": 360}),
    ("fechei a compra de um terreno de 120 mil", EntryClass.COMPRA_ATIVO, {"ativo": "imovel"}),
    ("financiei uma moto de 20 mil em 48x", EntryClass.COMPRA_ATIVO, {"ativo": "veiculo"}),
    ("apliquei 5 mil num CDB", EntryClass.COMPRA_ATIVO, {"ativo": "investimento"}),
    ("comprei 100 ações do itaú a 34,50", EntryClass.COMPRA_ATIVO, {"valor": D("3450")}),
    ("comprei um carrinho de controle remoto de 150", EntryClass.DESPESA_SIMPLES,
     {"valor": D(150)}),
    ("peguei 10 mil emprestado no banco", EntryClass.EMPRESTIMO, {"valor": D(10000)}),
    ("peguei 3.500 na caixa", EntryClass.EMPRESTIMO, {"valor": D(3500)}),
    ("meu irmão emprestou 500 pra mim", EntryClass.EMPRESTIMO, {"valor": D(500)}),
    ("peguei 1,2k emprestado com um amigo, pago mês que vem", EntryClass.EMPRESTIMO,
     {"data": TODAY}),
    ("devo 3 mil pro meu pai, ele me emprestou ano passado", EntryClass.NOVA_DIVIDA,
     {"valor": D(3000)}),
    ("recebi estorno de 80 da renner", EntryClass.REEMBOLSO, {"valor": D(80)}),
    ("devolvi a camisa e voltou 79,90 pro cartão", EntryClass.REEMBOLSO, {"valor": D("79.90")}),
    ("a produtora devolveu os 380 do show", EntryClass.REEMBOLSO, {"valor": D(380)}),
    ("devolvi 500 pro meu pai", EntryClass.DESPESA_SIMPLES, {"valor": D(500)}),
    ("a loja vai me estornar 150 na sexta", EntryClass.CONTA_RECEBER, {"valor": D(150)}),
    # money lent is owed back to the user: a receivable, due when they say it comes back
    ("emprestei 200 pro primo", EntryClass.CONTA_RECEBER, {"valor": D(200), "data": None}),
    ("emprestei 500 pra minha mae dia 10", EntryClass.CONTA_RECEBER, {"data": None}),
    ("emprestei 300 pro ze, ele me paga dia 5", EntryClass.CONTA_RECEBER,
     {"data": date(2026, 12, 5)}),
    ("coloquei 5 mil num cdb de 110% do cdi", EntryClass.COMPRA_ATIVO,
     {"valor": D(5000), "ativo": "investimento"}),
    ("botei 3 mil numa lci do inter", EntryClass.COMPRA_ATIVO, {"ativo": "investimento"}),
]  # fmt: skip


@pytest.mark.parametrize(
    ("text", "balance"),
    [
        ("fiquei com 300 na conta depois de pagar o aluguel", True),
        ("sobrou 80 na conta depois que paguei a fatura", True),
        ("fiquei com 300 na conta", True),
        ("tenho 500 na conta e paguei 100 de luz", False),
        ("tenho 300 na conta pra pagar a luz", False),
        # the balance said after the payment, whose own amount is not said
        ("paguei o aluguel e fiquei com 300 na conta", True),
        ("paguei a luz, agora tenho 450 na conta", True),
        ("depois do aluguel sobrou 300 na conta", True),
        ("sobrou 300 do salario esse mes", True),
        ("paguei 1.200 de aluguel e fiquei com 300 na conta", False),  # the 1.200 is recorded
    ],
)
def test_a_balance_left_after_a_payment_is_still_a_balance(text: str, balance: bool) -> None:
    assert is_balance(fold(text)) is balance


@pytest.mark.parametrize(("text", "cls", "fields"), CASES, ids=[c[0] for c in CASES])
def test_movement_classes(text: str, cls: EntryClass, fields: dict[str, Any]) -> None:
    draft = extract_transaction(text, TODAY)
    assert classify_entry(draft) is cls
    assert {k: getattr(draft, k) for k in fields} == fields
