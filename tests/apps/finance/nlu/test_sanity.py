"""What is confirmed or refused before recording: impossible/far dates, instalment counts,
out-of-the-ordinary amounts."""

from __future__ import annotations

from datetime import date

import pytest

from switchboard.apps.finance.nlu import extract_transaction
from switchboard.apps.finance.nlu.sanity import doubt

TODAY = date(2026, 11, 26)


@pytest.mark.parametrize(
    ("text", "kind", "refuse"),
    [
        ("farmácia 30 dia 30/02", "data_invalida", True),
        ("mercado 200 dia 31/11", "data_invalida", True),
        ("mercado 50 em 29/02/2026", "data_invalida", True),
        ("almoço 45 dia 45/11", "data_invalida", True),
        ("celular de 2 mil em 500x no cartão", "parcelas", True),
        ("paguei o celular de 1.500 em 100x", "parcelas_altas", False),
        ("nao lembro se foi 40 ou 50 o uber", "valor_incerto", False),
        ("gastei 40 ou uns 50 no mercado", "valor_incerto", False),
        ("tv de 3 mil em 60x no cartão", "parcelas_altas", False),
        ("paguei a academia de 99 em 0x", "parcelas", True),
        ("gastei 45 no mercado dia 12/03/1900", "data_distante", True),
        ("comprei pão por 8 reais em 1899", "data_distante", True),
        ("mercado 80 em 2099", "data_distante", True),
        ("gastei 50 milhões num café", "valor_alto", False),
        ("uber de 85 mil hoje", "valor_alto", False),
        ("cafezinho 7 bilhões kkk", "valor_alto", False),
        ("lanche de um milhão e meio no mc", "valor_alto", False),
        ("mercado 200 em 12/03/2019", "data_distante", False),
    ],
)
def test_doubts(text: str, kind: str, refuse: bool) -> None:
    found = doubt(text, extract_transaction(text, TODAY), TODAY)
    assert found is not None and (found.kind, found.refuse) == (kind, refuse)
    assert found.question.endswith("?")


@pytest.mark.parametrize(
    "text",
    [
        "gastei 45 no uber ontem",
        "comprei um apartamento de 450 mil",
        "paguei 1.800 de aluguel dia 5",
        "recebi 6.500 de salário",
        "celular de 2400 no cartão em 12x",
        "condomínio 520 em 2025",
    ],
)
def test_ordinary_messages_raise_no_doubt(text: str) -> None:
    assert doubt(text, extract_transaction(text, TODAY), TODAY) is None


@pytest.mark.parametrize(
    "text",
    [
        "comprei uma geladeira de 3 mil em 24x",
        "financiei um carro de 60 mil em 60x",
        "comprei um apartamento de 400 mil financiado em 360x",
    ],
)
def test_usual_instalments_and_financings_are_not_doubted(text: str) -> None:
    assert doubt(text, extract_transaction(text, TODAY), TODAY) is None
