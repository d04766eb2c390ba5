"""The income tax on a stock sale ("vendi ações com lucro de 3 mil, quanto pago de IR?"), read
and answered offline with the Receita Federal's rules for shares on the spot market (issue 19:
the question asked, with the user's own numbers).

- swing trade (common operations): the profit is exempt when the month's SALES (not the
  profit) total up to R$ 20.000,00; above that, 15% on the profit;
- day trade (bought and sold the same day): 20% on the profit, no exemption;
- the tax is paid by the user through a DARF (code 6015) by the last business day of the month
  after the sale; losses of earlier months of the same kind of operation offset the profit.

The message says which case applies ("day trade", "vendi 15 mil em ações") or both are given.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal

from switchboard.apps.finance.finmath.money import money
from switchboard.apps.finance.missions.catalogue.wording import brl
from switchboard.apps.finance.nlu.money import find_amounts
from switchboard.apps.finance.nlu.text import fold
from switchboard.patterns import Draft, RequisitosCobertura

EXEMPT_SALES = Decimal("20000")
SWING_RATE = Decimal("0.15")
DAY_TRADE_RATE = Decimal("0.20")

_STOCKS = r"(?:acoes|acao|papeis|papel|bolsa|petr\d|vale\d|itub\d|bbas\d)"
_SALE = re.compile(
    rf"\b(?:vendi|vendemos|vender|vendo|venda|vendas|vendendo|vendeu)\b[^.?!]{{0,40}}\b{_STOCKS}\b"
    rf"|\b{_STOCKS}\b[^.?!]{{0,30}}\b(?:vendi|vendidas?|vendid[oa]s?|vender|venda)\b"
    r"|\bday ?trade\b|\bswing ?trade\b"
)
_TAX = re.compile(r"\b(?:ir|irpf|imposto|impostos|darf|tribut\w*|isent\w*|isencao)\b")
_DAY_TRADE = re.compile(r"\bday ?trade\b|\bno mesmo dia\b")
_SWING = re.compile(r"\bswing ?trade\b|\boperac\w* comu(?:m|ns)\b")
_PROFIT_BEFORE = re.compile(r"\b(?:lucro|lucrei|ganho|ganhei|lucrando|ganhando)\s+(?:de\s+)?$")
_PROFIT_AFTER = re.compile(r"^\s*(?:reais\s+)?(?:de\s+)?(?:lucro|ganho)\b")
_SOLD_BEFORE = re.compile(
    r"\b(?:vendi|vendemos|venda\s+de|vendas\s+de|vendas\s+(?:no\s+mes\s+)?(?:de|somaram|deram)"
    r"|total\s+vendido\s+(?:de|foi)?|vendi\s+(?:\w+\s+){0,3}?(?:por|a))\s*(?:r\$\s*)?$"
)


@dataclass(frozen=True, slots=True)
class StockSale:
    """What the message says of the sale: the profit, the month's sales, the kind of trade."""

    profit: Decimal | None
    sold: Decimal | None
    day_trade: bool | None
    """True: day trade said; False: swing trade (or common operations) said; None: not said."""


def read_stock_sale(text: str) -> StockSale | None:
    """The stock sale whose income tax the message asks about, or None."""
    folded = fold(text)
    if not _SALE.search(folded) or not _TAX.search(folded):
        return None
    profit = sold = None
    for a in find_amounts(text):
        before = folded[max(0, a.span[0] - 30) : a.span[0]]
        after = folded[a.span[1] : a.span[1] + 20]
        if profit is None and (_PROFIT_BEFORE.search(before) or _PROFIT_AFTER.match(after)):
            profit = a.value
        elif sold is None and _SOLD_BEFORE.search(before):
            sold = a.value
    day: bool | None = None
    if _DAY_TRADE.search(folded):
        day = True
    elif _SWING.search(folded):
        day = False
    return StockSale(profit=profit, sold=sold, day_trade=day)


def _swing(sale: StockSale) -> str:
    if sale.sold is not None and sale.sold <= EXEMPT_SALES:
        return (
            f"Nas operações comuns (swing trade), como o total vendido no mês ({brl(sale.sold)}) "
            f"não passou de {brl(EXEMPT_SALES)}, o lucro é isento de IR: não há DARF a pagar."
        )
    tax = (
        f": {brl(money(sale.profit * SWING_RATE))} sobre o lucro de {brl(sale.profit)}"
        if (sale.profit is not None)
        else ""
    )
    if sale.sold is not None:
        return (
            f"Nas operações comuns (swing trade), como as vendas do mês somaram {brl(sale.sold)}, "
            f"acima de {brl(EXEMPT_SALES)}, o lucro paga 15% de IR{tax}."
        )
    return (
        "Nas operações comuns (swing trade), depende do total VENDIDO no mês (o valor das vendas, "
        f"não o lucro): até {brl(EXEMPT_SALES)} em vendas de ações no mês, o lucro é isento; "
        f"acima disso, paga 15% de IR{tax}."
    )


def _day_trade(sale: StockSale) -> str:
    tax = (
        f": {brl(money(sale.profit * DAY_TRADE_RATE))} sobre o lucro de {brl(sale.profit)}"
        if sale.profit is not None
        else ""
    )
    return f"Em day trade (compra e venda no mesmo dia) não há isenção: o IR é de 20%{tax}."


def write(sale: StockSale, draft: Draft) -> None:
    """The answer: the case (or both), the DARF and the rules it rests on."""
    if sale.day_trade is not True:
        draft.lead.append(_swing(sale))
    if sale.day_trade is not False:
        draft.lead.append(_day_trade(sale))
    draft.main.append(
        "Havendo imposto, você mesmo paga por DARF (código 6015) até o último dia útil do mês "
        "seguinte ao da venda; prejuízos de meses anteriores no mesmo tipo de operação podem ser "
        "descontados do lucro antes do cálculo. Mesmo isento, o lucro vai para a declaração anual."
    )
    if sale.profit is None:
        draft.main.append("Me diga o lucro e o total vendido no mês que eu faço a conta em reais.")
    draft.assumptions.append(
        "Regras da Receita Federal para ações no mercado à vista, pessoa física; FIIs, ETFs e "
        "BDRs não têm a isenção dos R$ 20 mil; o IR retido na fonte (0,005% das vendas, ou 1% "
        "do lucro no day trade) é descontado do DARF"
    )
    numbers = [brl(sale.profit)] if sale.profit is not None else []
    draft.coverage = RequisitosCobertura(termos=[["DARF"]], numeros=numbers, premissas=True)


__all__ = ["StockSale", "read_stock_sale", "write"]
