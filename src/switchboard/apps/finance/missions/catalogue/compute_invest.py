"""Investment computations beyond "how much at the end": redeeming just before an IR bracket
ends, and how long money takes to double (or grow N-fold).

Why separate from `compute.py`: these read the same options and rates but answer other
questions (when, not how much), and keep that module under its size budget.

Doubling time. Exempt products (poupança, LCI/LCA) and a bare rate the user gives grow
gross: t = ln(f) / ln(1 + i). Taxed products (CDB, Tesouro) double NET of the regressive IR,
withheld on the gain at redemption: V·(1 + ((1 + r)^t − 1)(1 − IR)) = f·V, so
(1 + r)^t = 1 + (f − 1)/(1 − IR), with IR the bracket of the resulting holding period (15%
past 720 days, which a doubling at fixed-income rates always is; the loop checks it).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from decimal import Decimal

from switchboard.apps.finance.finmath import grow_annual, income_tax_rate, savings_monthly_rate
from switchboard.apps.finance.missions.catalogue.params import (
    InvestimentosParams,
    OpcaoInvestimento,
)
from switchboard.apps.finance.missions.catalogue.results import (
    LinhaInvestimento,
    TempoMultiplicar,
)

D = Decimal
ZERO = Decimal(0)
EDGES = (180, 360, 720)
EDGE_WINDOW = 7
"""Days past a bracket's last day within which a term "of N months" straddles the bracket: six
calendar months are 181–184 days, while people (and many simulators) count them as 180."""


def bracket_edge(days: int) -> int | None:
    """The IR bracket's last day a term just passed (6 months = 182 days → 180), or None."""
    return next((edge for edge in EDGES if edge < days <= edge + EDGE_WINDOW), None)


def at_edge(
    valor: Decimal, lines: list[LinhaInvestimento], edge: int
) -> tuple[LinhaInvestimento, ...]:
    """The taxed annual-rate lines redeemed on the bracket's last day (a higher IR)."""
    tax = income_tax_rate(edge)
    out = []
    for line in lines:
        if line.isento or line.produto in ("poupanca", "aplicacao"):
            continue
        result = grow_annual(valor, line.taxa_anual, edge, tax_rate=tax)
        out.append(
            line.model_copy(
                update={
                    "aliquota_ir": tax,
                    "rendimento_bruto": result.gross_gain,
                    "imposto": result.tax,
                    "rendimento_liquido": result.net_gain,
                    "valor_final": result.final,
                }
            )
        )
    return tuple(out)


def _years_to(factor: Decimal, annual: Decimal, taxed: bool) -> tuple[Decimal, Decimal]:
    """(years, IR rate) for `factor`-fold growth at an effective annual rate."""
    if not taxed:
        return D(str(math.log(float(factor)) / math.log1p(float(annual)))), ZERO
    tax = D("0.15")
    years = 0.0
    for _ in range(4):  # the bracket depends on the term, the term on the bracket
        growth = 1 + float(factor - 1) / float(1 - tax)
        years = math.log(growth) / math.log1p(float(annual))
        bracket = income_tax_rate(max(1, math.ceil(years * 365)))
        if bracket == tax:
            break
        tax = bracket
    return D(str(years)), tax


def multiply_times(
    p: InvestimentosParams,
    factor: Decimal,
    label: Callable[[OpcaoInvestimento], str],
    annual_of: Callable[[OpcaoInvestimento, InvestimentosParams], Decimal],
) -> tuple[TempoMultiplicar, ...]:
    """How long each option takes to grow `factor`-fold (net of IR where it applies)."""
    out = []
    for option in p.opcoes or (OpcaoInvestimento(produto="aplicacao"),):
        exempt = option.produto in ("poupanca", "lci", "lca", "aplicacao")
        if option.produto == "poupanca":
            monthly = p.poupanca_mensal
            if monthly is None:
                selic = p.selic_anual if p.selic_anual is not None else p.cdi_anual
                if selic is None:
                    continue
                monthly = savings_monthly_rate(selic)
            annual = (1 + monthly) ** 12 - 1
        elif option.produto == "aplicacao" or option.taxa_mensal is not None:
            if option.taxa_mensal is None:
                continue
            annual = (1 + option.taxa_mensal) ** 12 - 1
        else:
            annual = annual_of(option, p)
        if annual <= 0:
            continue
        years, tax = _years_to(factor, annual, taxed=not exempt)
        gross_years, _ = _years_to(factor, annual, taxed=False)
        out.append(
            TempoMultiplicar(
                rotulo=label(option),
                taxa_anual=annual.quantize(D("1e-8")),
                taxa_mensal=((1 + annual) ** (D(1) / 12) - 1).quantize(D("1e-8")),
                anos=years.quantize(D("0.01")),
                meses=(years * 12).quantize(D("0.1")),
                aliquota_ir=tax,
                anos_bruto=gross_years.quantize(D("0.01")),
            )
        )
    return tuple(out)


__all__ = ["EDGES", "at_edge", "bracket_edge", "multiply_times"]
