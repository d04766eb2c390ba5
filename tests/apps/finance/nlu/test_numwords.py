"""`digitise`: number words become digits for the rules that look for digits, and only those."""

import pytest

from switchboard.apps.finance.nlu.numwords import digitise


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("em trinta anos", "em 30 anos"),
        ("cento e vinte mil reais", "120000 reais"),
        ("quarenta e dois e noventa", "42,90"),
        # a percentage said in words keeps its "por cento" (it was "1 por 100")
        ("um por cento ao mes", "1 por cento ao mes"),
        ("nove por cento ao ano", "9 por cento ao ano"),
        ("dois virgula cinco por cento", "2,5 por cento"),
        # "por cento e vinte" is a price, not a percentage
        ("comprei por cento e vinte reais", "comprei por 120 reais"),
        ("comprei um carro", "comprei um carro"),
    ],
)
def test_digitise(text: str, expected: str) -> None:
    assert digitise(text) == expected
