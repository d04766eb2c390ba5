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


async def test_a_cheaper_credit_offered_with_its_term_is_computed() -> None:
    reply = await answer(
        "to no cheque especial com 5 mil a 7,9% ao mes, o banco ofereceu consignado a 1,6% am "
        "em 12x pra quitar. vale?"
    )
    assert "R$ 461,26" in reply and "preciso de" not in reply


async def test_the_swap_asked_without_a_term_is_weighed_by_the_rates() -> None:
    reply = await answer(
        "to no cheque especial a 8% ao mes, o banco ofereceu consignado a 1,5%, vale?"
    )
    assert reply.startswith("Pelas taxas, o consignado a 1,5% ao mês")
    assert "cheque especial a 8% ao mês" in reply and "o prazo (quantas parcelas)" in reply


async def test_an_offer_to_settle_the_instalments_left_is_weighed() -> None:
    reply = await answer(
        "faltam 18 parcelas de 1.100 do meu carro e o banco oferece quitar por 16 mil agora. "
        "compensa?"
    )
    assert "R$ 19.800,00 no total" in reply and "R$ 3.800,00 a menos" in reply
    assert "2,35% ao mês" in reply and "preciso de" not in reply


async def test_paying_down_against_investing_is_weighed_by_the_rates() -> None:
    reply = await answer(
        "vale mais amortizar o financiamento que cobra 1,2% am ou investir a 0,9% am os 10 mil "
        "que sobraram?"
    )
    assert reply.startswith("Pelas taxas, amortizar compensa")
    assert "13º" not in reply and "quanto você deve" in reply  # the 10 mil are the extra
