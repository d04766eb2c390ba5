"""Two credit lines asked about by their rates alone ("cartão a 14% ao mês ou empréstimo a 3%
ao mês?") got the concept of paying debts off with the 13º and "preciso de: o valor do
empréstimo" (lead probe, 2026-11-27): the rates answer which one is cheaper, each also per year,
before the amounts the instalments need are asked."""

from __future__ import annotations

from .app_helpers import answer


async def test_the_cheaper_line_is_said_by_the_rates() -> None:
    reply = await answer(
        "vale mais a pena pagar o cartão parcelado com juros de 14% ao mes ou pegar um "
        "empréstimo a 3% ao mês?"
    )
    assert reply.startswith(
        "Pelas taxas, o empréstimo a 3% ao mês (≈ 42,6% ao ano) sai bem mais barato que o "
        "cartão a 14% ao mês (≈ 381,8% ao ano)"
    )
    assert "13º" not in reply and "o valor do empréstimo" in reply


async def test_close_rates_are_not_called_much_cheaper() -> None:
    reply = await answer(
        "consignado a 1,8% ao mês ou empréstimo pessoal a 2,5% ao mês, qual compensa?"
    )
    assert "o consignado a 1,8% ao mês (≈ 23,9% ao ano) sai mais barato" in reply
    assert "bem mais" not in reply


async def test_the_rotativo_asked_about_gets_its_own_advice_not_the_13th() -> None:
    reply = await answer("tenho 5 mil no rotativo do cartao, o que faço?")
    assert reply.startswith("O rotativo do cartão é o crédito mais caro do país")
    assert "13º" not in reply and "a taxa de juros da dívida" in reply


async def test_an_extra_named_is_the_one_said() -> None:
    reply = await answer("vou receber o 13 de 3 mil, uso pra quitar a divida?")
    assert reply.startswith("Usar o 13° salário para quitar dívidas")
