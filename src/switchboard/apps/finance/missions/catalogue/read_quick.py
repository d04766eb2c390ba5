"""Quick sums that need more than one shape of number: how long a sum lasts, what is left of an
income, the real return over inflation, and cash vs instalments with the user's own yield.

Each reader takes only an unmistakable shape, with every number the user's own (nothing is
assumed: a shape with a number missing is left to the other kinds, which ask for it), and
returns a `ContaParams` (see `QuestionKind.CONTA`) or None.
"""

from __future__ import annotations

import re
from decimal import Decimal

from switchboard.apps.finance.missions.catalogue.params import ContaParams
from switchboard.apps.finance.missions.catalogue.quantities import Quantities, Rate
from switchboard.apps.finance.missions.catalogue.reading import (
    has,
    near_after,
    near_before,
    objeto_of,
)

D = Decimal

_MONTHLY_AFTER = (
    r"^ ?(?:reais |conto |pila )?(?:(?:por|ao|todo|cada) mes\b|/ ?mes\b|mensa(?:l|is)\b)"
)
_LASTS = (
    r"\b(?:dura|duram|duraria|durariam|durar|aguent\w*|vivo|viveria|consigo viver"
    r"|(?:da|dao|daria|dariam) (?:pra|para))\b"
)
_HOW_MANY_MONTHS = (
    r"\b(?:quanto tempo|qnto tempo|qto tempo|quantos meses|qnts meses|qtos meses|qnts mes)\b"
)
_HOW_LONG = rf"{_LASTS}[^.;?]{{0,30}}{_HOW_MANY_MONTHS}|{_HOW_MANY_MONTHS}[^.;?]{{0,30}}{_LASTS}"
"""How long a sum lasts is asked ("10 mil dura quanto tempo?", "quantos meses eu aguento?")."""


def runway(q: Quantities) -> ContaParams | None:
    """How long a lump sum lasts spending a monthly amount ("com 12 mil guardados, gastando
    3 mil por mês, aguento quantos meses?"): the sum divided by the monthly spending, with no
    yield (none was said; a stated rate is a retirement question, not this one)."""
    if len(q.money) != 2 or q.rates or not has(q.text, _HOW_LONG):
        return None
    monthly = [m for m in q.money if near_after(q, m.end, _MONTHLY_AFTER)]
    if len(monthly) != 1:
        return None
    sum_ = next(m for m in q.money if m is not monthly[0])
    if sum_.value <= monthly[0].value:
        return None
    return ContaParams(operacao="duracao", a=sum_.value, b=monthly[0].value)


_INCOME_BEFORE = (
    r"\b(?:salario|renda|ganh\w*|receb\w*|pagamento|remuneracao)"
    r"(?: (?:liquido|liquida|mensal|de))*(?: (?:de|e|eh))? (?:r\$ ?)?$"
)
_LEFT_ASKED = (
    r"\b(?:quanto|qto|qnto|o que) (?:me |eu )?(?:sobra|sobraria|resta|restaria|fica|ficaria"
    r"|vai sobrar|vai restar|vai ficar)\b|\b(?:sobra|resta|fica) (?:quanto|qto|qnto)\b"
    # what can be put aside of the same income ("recebo 5 mil e gasto 1.500, dá pra guardar
    # quanto?"): the leftover, when no goal term is said (that is a savings goal)
    r"|\b(?:quanto|qto|qnto) (?:eu )?(?:consigo|da pra|dá pra|posso|conseguiria|daria pra)"
    r" (?:guardar|poupar|economizar|separar)\b"
    r"|\b(?:da|daria) pra (?:guardar|poupar|economizar|separar) (?:quanto|qto|qnto)\b"
)
_GOAL_TERM = r"\b(?:em|por|durante|daqui a) \d+ (?:anos?|meses|mes)\b|\bate (?:o|a|os|as|\d)"


def leftover(q: Quantities) -> ContaParams | None:
    """What is left of an income once the costs the user names are paid ("se eu pagar 1.500 de
    aluguel e 400 de luz, quanto sobra do salário de 5 mil?"): the income minus their sum.
    Only with one income, read by its word, and no rate (a rate makes it a plan)."""
    if len(q.money) < 2 or q.rates or not has(q.text, _LEFT_ASKED) or has(q.text, _GOAL_TERM):
        return None
    income = [m for m in q.money if near_before(q, m.start, _INCOME_BEFORE, 40)]
    if len(income) != 1:
        return None
    costs = [m for m in q.money if m is not income[0]]
    total = sum((m.value for m in costs), D(0))
    if total >= income[0].value:
        return None
    return ContaParams(operacao="diferenca", a=income[0].value, b=total, o_que="o que sobra")


_REAL_ASKED = (
    r"\b(?:rendimento|ganho|retorno|juros?|taxa|rentabilidade) real\b|\bacima da inflacao\b"
    r"|\balem da inflacao\b|\bdescontando a inflacao\b|\bdescontada a inflacao\b"
)
_INFLATION = r"\binflacao\b|\bipca\b"


def real_rate(q: Quantities) -> ContaParams | None:
    """The real return of a nominal rate over inflation, both said with the same period ("rende
    11% ao ano com inflação de 4%, quanto rende de verdade acima da inflação?"): Fisher's
    (1 + nominal) ÷ (1 + inflation) − 1, not the difference."""
    rates = [r for r in q.rates if r.period != "cdi"]
    if len(rates) != 2 or not has(q.text, _REAL_ASKED):
        return None
    inflation = [
        r
        for r in rates
        if has(q.before(r.start, 18), _INFLATION)
        or has(q.after(r.end, 16), r"^ ?(?:de |da |do )?(?:inflacao|ipca)\b")
    ]
    if len(inflation) != 1:
        return None
    nominal = next(r for r in rates if r is not inflation[0])
    if _period(nominal) != _period(inflation[0]):
        return None
    return ContaParams(
        operacao="juro_real",
        a=D(0),
        pct=nominal.percent,
        pct_b=inflation[0].percent,
        o_que="ao mês" if _period(nominal) == "mes" else "ao ano",
    )


def _period(rate: Rate) -> str:
    return "ano" if rate.period in ("ano", "none") else rate.period


_OWN_YIELD = r"\b(?:rend\w*|aplicad[oa]|investid[oa]|ganh\w*|da)\b"
_NO_INTEREST = r"\bsem juros\b|\bs/ ?juros\b"


def cash_or_instalments_at_yield(q: Quantities) -> ContaParams | None:
    """Cash (with a discount, or not) vs N interest-free instalments, with the yield the user's
    money earns ("TV de 3 mil, 5% off à vista ou 6x sem juros, meu dinheiro rende 0,9% ao
    mês"): the instalments brought to present value at that yield, the first a month from now,
    against the cash price."""
    t = q.text
    if len(q.money) != 1 or not has(t, r"\ba vista\b") or not has(t, _NO_INTEREST):
        return None
    terms = [d for d in q.durations if d.unit == "parcelas" and d.value >= 2]
    if len(terms) != 1:
        return None
    rates = [r for r in q.rates if r.period != "cdi"]
    off = [r for r in rates if has(q.around(r.start, r.end, 16), r"\bdesconto\b|\boff\b")]
    own = [
        r
        for r in rates
        if r not in off
        and r.period in ("mes", "none")
        and r.percent < 5
        and has(q.before(r.start, 40), _OWN_YIELD)
    ]
    if len(own) != 1 or len(off) > 1 or len(rates) != len(own) + len(off):
        return None
    price = q.money[0].value
    discount = off[0].percent if off else None
    n = terms[0].value
    return ContaParams(
        operacao="a_vista_ou_parcelado",
        a=(price * (1 - discount / 100)).quantize(D("0.01")) if discount else price,
        b=(price / n).quantize(D("0.01")),
        n=n,
        pct=discount,
        taxa_mensal=own[0].fraction,
        o_que=objeto_of(q)[0],
    )


_ITEMS_PRICED = re.compile(
    r"(?<![\d.,])(?P<n>\d{1,2}) (?P<item>[a-z]{3,}(?: d(?:e|o|a|os|as) [a-z]{3,})?)"
    r" (?:de|a|por) (?:r\$ ?)?$"
)
_TOTAL_ASKED = (
    r"\b(?:quanto|qto|qnto) (?:fica|ficam|ficaria|da|dao|daria|sai|saem|custa|custam|e)\b"
)


def items_total(q: Quantities) -> ContaParams | None:
    """N items at a unit price, the total asked ("quanto fica 4 cerveja de 12 cada?"): the count
    times the price, nothing recorded."""
    if not has(q.text, _TOTAL_ASKED) or q.rates:
        return None
    for m in q.money:
        counted = _ITEMS_PRICED.search(q.before(m.start, 40))
        if counted is not None and int(counted["n"]) > 1:
            item = counted["item"]
            if has(item, r"^(?:x|vezes|parcelas?|prestac\w*|meses|anos|dias|semanas)\b"):
                return None  # instalments and periods are other sums
            return ContaParams(
                operacao="quantidade", a=m.value, n=int(counted["n"]), o_que=item[:40]
            )
    return None


def read_quick(q: Quantities) -> ContaParams | None:
    """The first of the shapes above that the question has, or None."""
    for reader in (real_rate, runway, leftover, cash_or_instalments_at_yield, items_total):
        found = reader(q)
        if found is not None:
            return found
    return None


__all__ = [
    "cash_or_instalments_at_yield",
    "items_total",
    "leftover",
    "read_quick",
    "real_rate",
    "runway",
]
