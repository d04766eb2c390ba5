"""Cancel words: whole words, accents optional; "para" is never a cancel word."""

from __future__ import annotations

import pytest

from switchboard.apps.finance.nlu import is_cancel, split_cancel


@pytest.mark.parametrize(
    "text",
    [
        "esquece",
        "Esquece!",
        "deixa, esquece",
        "cancela",
        "pode cancelar",
        "deixa pra lá",
        "deixa pra la",
        "deixa",
        "desiste",
        "desisto",
        "não importa",
        "nao importa",
        "NÃO IMPORTA",
    ],
)
def test_cancel(text: str) -> None:
    assert is_cancel(text)


@pytest.mark.parametrize(
    "text",
    [
        "150 reais para o mercado",  # the original's substring bug with "para"
        "paguei 50 pra lanchonete",
        "cancelei a netflix, paguei 20 de multa",
        "deixa eu ver, gastei 50",
        "comprei um desodorante",
        "esquecimento",
        "200 reais",
        "",
    ],
)
def test_not_cancel(text: str) -> None:
    assert not is_cancel(text)


def test_split_cancel_keeps_the_rest() -> None:
    assert split_cancel("esquece, faça uma análise das minhas finanças") == (
        True,
        "faça uma análise das minhas finanças",
    )
    assert split_cancel("deixa, esquece") == (True, "")
    assert split_cancel("150 reais para o mercado") == (False, "150 reais para o mercado")
