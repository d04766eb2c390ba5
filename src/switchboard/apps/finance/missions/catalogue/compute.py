"""The math executor's catalogue operations: typed parameters in, typed results out.

Every number comes from `finmath` (exact `Decimal`, half-up to the cent, checked against
numpy-financial in its tests). Parameters a computation needs but did not get raise
`MissingParameterError` naming them: the executor never fills a gap with a guess — the
extractor (or the hosted model) states an assumption in the parameters, or the question is
answered with a request for the missing data. The spending diagnosis and the emergency fund
read the user's ledger through `DataAccess` (the spec lets the math agent read user data
directly).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from dateutil.relativedelta import relativedelta

from switchboard import SwitchboardError
from switchboard.apps.finance.data_access import DataAccess, SpendingLine
from switchboard.apps.finance.finmath import (
    annual_to_monthly,
    contribution_for_target,
    gross_up_pct,
    grow,
    grow_annual,
    grow_monthly,
    income_tax_rate,
    monthly_to_annual,
    nper,
    price_instalment,
    price_table,
    sac_table,
    savings_monthly_rate,
    tvm,
)
from switchboard.apps.finance.finmath.fmt import number
from switchboard.apps.finance.finmath.money import money
from switchboard.apps.finance.missions.catalogue.compute_invest import (
    at_edge,
    bracket_edge,
    multiply_times,
)
from switchboard.apps.finance.missions.catalogue.params import (
    AposentadoriaParams,
    ComprarAlugarParams,
    ContaParams,
    DiagnosticoParams,
    FinanciamentoParams,
    InvestimentosParams,
    MetaParams,
    OpcaoInvestimento,
    ReservaParams,
)
from switchboard.apps.finance.missions.catalogue.results import (
    AposentadoriaResultado,
    CategoriaGasto,
    ComprarAlugarResultado,
    ContaResultado,
    Corte,
    DiagnosticoResultado,
    Equivalencia,
    FinanciamentoResultado,
    InvestimentosResultado,
    LinhaInvestimento,
    MetaResultado,
    ReservaResultado,
    SistemaResultado,
    Subcategoria,
)
from switchboard.apps.finance.nlu import resolve_period
from switchboard.apps.finance.nlu.text import fold

D = Decimal
ZERO = Decimal(0)
HUNDRED = Decimal(100)


class MissingParameterError(SwitchboardError):
    """A catalogue operation lacks a parameter it cannot compute without."""

    code = "mission_missing_parameter"
    http_status = 422


def need(**values: object) -> None:
    missing = [name for name, value in values.items() if value is None]
    if missing:
        raise MissingParameterError(
            "faltam parâmetros: " + ", ".join(missing), missing=",".join(missing)
        )


# ---------------------------------------------------------------- financiamento


def implied_rate(principal: Decimal, instalment: Decimal, months: int) -> Decimal:
    """The monthly rate of a PRICE loan from its instalment (bisection; 0 when PMT·n ≤ PV)."""
    if instalment * months <= principal:
        return ZERO
    low, high = 0.0, 1.0
    pv, pmt = float(principal), float(instalment)
    for _ in range(200):
        mid = (low + high) / 2
        value = pv * mid / (1 - (1 + mid) ** -months)
        low, high = (mid, high) if value < pmt else (low, mid)
    return D(str(round((low + high) / 2, 8)))


def _balance_after(
    system: str, principal: Decimal, rate: Decimal, months: int, paid: int | None
) -> Decimal | None:
    """The balance still owed after `paid` instalments, from the unrounded instalment (the
    rounded one drifts by cents over a long contract)."""
    if paid is None:
        return None
    if system == "sac":
        return money(principal - principal * paid / months)
    if rate == 0:
        return money(principal - principal * paid / months)
    grown = (1 + rate) ** paid
    instalment = principal * rate / (1 - (1 + rate) ** -months)
    return money(principal * grown - instalment * (grown - 1) / rate)


def _after_extra(
    system: str,
    balance: Decimal | None,
    p: FinanciamentoParams,
    instalment: Decimal,
    paid: int | None,
) -> tuple[Decimal | None, Decimal | None, int | None]:
    """(balance, next instalment keeping the term, instalments left keeping the instalment)
    after an extra payment on the balance left once `paid` instalments are paid."""
    if balance is None or not p.amortizacao_extra or paid is None or p.meses is None:
        return None, None, None
    rate = p.taxa_mensal or D(0)
    left = max(balance - p.amortizacao_extra, D(0))
    remaining = p.meses - paid
    if left == 0:
        return money(left), D(0), 0
    if system == "sac":
        return money(left), money(left / remaining + left * rate), None
    if rate == 0:
        return money(left), money(left / remaining), math.ceil(left / instalment)
    new = left * rate / (1 - (1 + rate) ** -remaining)
    months = math.ceil(-math.log(1 - float(left * rate / instalment)) / math.log(1 + float(rate)))
    return money(left), money(new), months


def financing(p: FinanciamentoParams) -> FinanciamentoResultado:
    principal = p.financed()
    solved = False
    ceiling = p.max_instalment()
    most = principal is None and ceiling is not None
    most_sac: Decimal | None = None
    if most and p.taxa_mensal is not None and p.meses is not None:
        # "salário de 4 mil, margem de 35%, em 72x a 1,8%": the loan the margin pays (PRICE)
        assert ceiling is not None
        principal = present_value(ceiling, p.taxa_mensal, p.meses)
        if "sac" in p.sistemas:  # the bank checks SAC's first (largest) instalment
            most_sac = money(ceiling / (1 / D(p.meses) + p.taxa_mensal))
        p = p.model_copy(update={"sistemas": ("price",)})
    if p.taxa_mensal is None and p.parcela_informada is not None and principal and p.meses:
        p = p.model_copy(
            update={"taxa_mensal": implied_rate(principal, p.parcela_informada, p.meses)}
        )
        solved = True
    need(principal=principal, taxa_mensal=p.taxa_mensal, meses=p.meses)
    assert principal is not None and p.taxa_mensal is not None and p.meses is not None
    limit = ceiling
    systems = []
    for system in dict.fromkeys(p.sistemas):
        build = price_table if system == "price" else sac_table
        table = build(principal, p.taxa_mensal, p.meses)
        k = p.parcela_numero if p.parcela_numero and p.parcela_numero <= p.meses else None
        paid = p.parcelas_pagas if p.parcelas_pagas and p.parcelas_pagas < p.meses else None
        if p.parcelas_pagas == 0 and p.amortizacao_extra:
            paid = 0  # the contract as it stands today: the extra payment cuts the balance now
        balance = _balance_after(system, principal, p.taxa_mensal, p.meses, paid)
        after = _after_extra(system, balance, p, table.first_instalment, paid)
        systems.append(
            SistemaResultado(
                sistema=system,
                primeira_parcela=table.first_instalment,
                ultima_parcela=table.last_instalment,
                total_pago=table.total_paid,
                total_juros=table.total_interest,
                parcela_numero=k,
                parcela_k=table.rows[k - 1].instalment if k else None,
                juros_k=table.rows[k - 1].interest if k else None,
                parcelas_pagas=paid,
                saldo_devedor=balance,
                saldo_apos_extra=after[0],
                parcela_apos_extra=after[1],
                meses_apos_extra=after[2],
                cabe_na_renda=None if limit is None else table.first_instalment <= limit,
            )
        )
    return FinanciamentoResultado(
        principal=money(principal),
        taxa_mensal=p.taxa_mensal,
        meses=p.meses,
        sistemas=tuple(systems),
        limite_parcela=limit,
        taxa_embutida=solved,
        credito_maximo=most,
        maximo_sac=most_sac if most else _sac_ceiling(limit, p),
        maximo_price=present_value(limit, p.taxa_mensal, p.meses) if limit and not most else None,
    )


def _sac_ceiling(limit: Decimal | None, p: FinanciamentoParams) -> Decimal | None:
    """The most whose first SAC instalment fits `limit` (what a bank checks for SAC)."""
    if limit is None or p.taxa_mensal is None or not p.meses or "sac" not in p.sistemas:
        return None
    return money(limit / (1 / D(p.meses) + p.taxa_mensal))


def present_value(instalment: Decimal, rate: Decimal, months: int) -> Decimal:
    """What `months` PRICE instalments of `instalment` at `rate` repay (the loan they buy)."""
    if rate == 0:
        return money(instalment * months)
    return money(instalment * (1 - (1 + rate) ** -months) / rate)


# ---------------------------------------------------------------- investimentos

_LABELS = {
    "cdb": "CDB",
    "lci": "LCI",
    "lca": "LCA",
    "tesouro_selic": "Tesouro Selic",
    "tesouro_ipca": "Tesouro IPCA+",
    "tesouro_prefixado": "Tesouro Prefixado",
    "poupanca": "poupança",
    "aplicacao": "aplicação",
}
EXEMPT = frozenset({"lci", "lca", "poupanca"})


def option_label(option: OpcaoInvestimento) -> str:
    label = _LABELS[option.produto]
    if option.taxa_mensal is not None:
        monthly = (option.taxa_mensal * HUNDRED).quantize(D("0.0001"))
        return f"{label} a {_pct_text(monthly)}% ao mês"
    if option.pct_cdi is not None:
        return f"{label} {_pct_text(option.pct_cdi)}% do CDI"
    if option.produto == "tesouro_ipca" and option.taxa_anual is not None:
        return f"{label} {_pct_text(option.taxa_anual * HUNDRED)}%"
    if option.produto in ("tesouro_prefixado", "cdb", "lci", "lca") and option.taxa_anual:
        return f"{label} {_pct_text(option.taxa_anual * HUNDRED)}% a.a."
    return label


def _pct_text(value: Decimal) -> str:
    text = f"{value.normalize():f}"
    return text.replace(".", ",")


def _annual_rate(option: OpcaoInvestimento, p: InvestimentosParams) -> Decimal:
    if option.pct_cdi is not None:
        need(cdi_anual=p.cdi_anual)
        assert p.cdi_anual is not None
        return p.cdi_anual * option.pct_cdi / HUNDRED
    if option.produto == "tesouro_selic":
        selic = p.selic_anual if p.selic_anual is not None else p.cdi_anual
        need(selic_anual=selic)
        assert selic is not None
        return selic
    if option.produto == "tesouro_ipca":
        need(ipca_anual=p.ipca_anual, taxa_anual=option.taxa_anual)
        assert p.ipca_anual is not None and option.taxa_anual is not None
        return (1 + p.ipca_anual) * (1 + option.taxa_anual) - 1
    need(taxa_anual=option.taxa_anual)
    assert option.taxa_anual is not None
    return option.taxa_anual


def investments(p: InvestimentosParams) -> InvestimentosResultado:
    if p.multiplicar is not None:
        times = multiply_times(p, p.multiplicar, option_label, _annual_rate)
        if not times:
            need(taxa=None)
        return InvestimentosResultado(
            valor=p.valor,
            dias=0,
            meses=0,
            aliquota_ir=ZERO,
            multiplicar=p.multiplicar,
            tempos=times,
            cdi_anual=p.cdi_anual,
            selic_anual=p.selic_anual,
        )
    days = p.dias if p.dias is not None else (round(p.meses * 365 / 12) if p.meses else None)
    need(prazo=days)
    assert days is not None
    months = p.meses if p.meses is not None else max(1, round(days * 12 / 365))
    # the user's own IR rate ("considerando IR de 15%") wins over the table's for the term
    tax = p.aliquota_ir if p.aliquota_ir is not None else income_tax_rate(days)
    lines: list[LinhaInvestimento] = []
    equivalences: list[Equivalencia] = []
    for option in p.opcoes:
        exempt = option.produto in EXEMPT
        if p.equivalencia and exempt and option.pct_cdi is not None:
            equivalences.append(
                Equivalencia(
                    rotulo=option_label(option),
                    pct_cdi=option.pct_cdi,
                    pct_cdb_equivalente=gross_up_pct(option.pct_cdi, tax),
                    aliquota_ir=tax,
                )
            )
        if p.valor is None:
            continue
        rate_tax = ZERO if exempt else tax
        if option.produto == "poupanca":
            monthly = p.poupanca_mensal
            if monthly is None:
                selic = p.selic_anual if p.selic_anual is not None else p.cdi_anual
                need(poupanca_mensal=selic)
                assert selic is not None
                monthly = savings_monthly_rate(selic)
            result = grow_monthly(p.valor, monthly, months, tax_rate=ZERO)
            annual = (1 + monthly) ** 12 - 1
        elif option.produto == "aplicacao" or option.taxa_mensal is not None:
            # the user's own monthly rate ("cdb de 1% am bruto"), with the product's IR
            need(taxa_mensal=option.taxa_mensal)
            assert option.taxa_mensal is not None
            result = grow_monthly(p.valor, option.taxa_mensal, months, tax_rate=rate_tax)
            annual = (1 + option.taxa_mensal) ** 12 - 1
        else:
            annual = _annual_rate(option, p)
            result = grow_annual(p.valor, annual, days, tax_rate=rate_tax)
        lines.append(
            LinhaInvestimento(
                produto=option.produto,
                rotulo=option_label(option),
                taxa_anual=annual.quantize(D("1e-8")),
                isento=exempt,
                aliquota_ir=rate_tax,
                rendimento_bruto=result.gross_gain,
                imposto=result.tax,
                rendimento_liquido=result.net_gain,
                valor_final=result.final,
            )
        )
    if not lines and not equivalences:
        need(valor=p.valor)
    taxed = any(not line.isento for line in lines)
    edge = bracket_edge(days) if taxed and p.aliquota_ir is None else None
    return InvestimentosResultado(
        valor=p.valor,
        dias=days,
        meses=months,
        aliquota_ir=tax,
        linhas=tuple(lines),
        equivalencias=tuple(equivalences),
        cdi_anual=p.cdi_anual,
        selic_anual=p.selic_anual,
        limite_dias=edge,
        no_limite=at_edge(p.valor, lines, edge) if edge is not None and p.valor else (),
        ir_informado=p.aliquota_ir is not None,
    )


# ---------------------------------------------------------------- meta


def goal(p: MetaParams) -> MetaResultado:
    rate = p.taxa_mensal
    if p.operacao == "aporte":
        need(alvo=p.alvo, meses=p.meses, taxa_mensal=rate)
        assert p.alvo is not None and p.meses is not None and rate is not None
        pmt = contribution_for_target(p.alvo, rate, p.meses, p.inicial)
        total = money(pmt * p.meses + p.inicial)
        return MetaResultado(
            operacao="aporte",
            aporte_mensal=pmt,
            meses=p.meses,
            total_aportado=total,
            juros_ganhos=max(p.alvo - total, ZERO),
        )
    if p.operacao == "prazo":
        need(alvo=p.alvo, aporte_mensal=p.aporte_mensal, taxa_mensal=rate)
        assert p.alvo is not None and p.aporte_mensal is not None and rate is not None
        months = nper(rate, p.aporte_mensal, p.inicial, p.alvo)
        return MetaResultado(
            operacao="prazo",
            meses_fracionados=months,
            meses=int(months.to_integral_value(rounding="ROUND_CEILING")),
        )
    need(
        alvo=p.alvo,
        meses=p.meses,
        taxa_mensal=rate,
        taxa_financiamento_mensal=p.taxa_financiamento_mensal,
    )
    assert p.alvo is not None and p.meses is not None and rate is not None
    assert p.taxa_financiamento_mensal is not None
    term = p.meses_financiamento or p.meses
    pmt = contribution_for_target(p.alvo, rate, p.meses, p.inicial)
    financed = max(p.alvo - p.inicial, ZERO)
    instalment = price_instalment(financed, p.taxa_financiamento_mensal, term)
    total = instalment * term
    return MetaResultado(
        operacao="poupar_ou_financiar",
        aporte_mensal=pmt,
        meses=p.meses,
        total_aportado=money(pmt * p.meses),
        juros_ganhos=max(p.alvo - money(pmt * p.meses) - p.inicial, ZERO),
        parcela_financiamento=instalment,
        total_financiamento=total,
        juros_financiamento=total - financed,
    )


# ---------------------------------------------------------------- aposentadoria


def retirement(p: AposentadoriaParams) -> AposentadoriaResultado:
    months = p.meses
    if months is None and p.idade_atual is not None and p.idade_alvo is not None:
        months = (p.idade_alvo - p.idade_atual) * 12 if p.idade_alvo > p.idade_atual else None
    rate = p.taxa_mensal
    if p.operacao == "aporte":
        need(alvo=p.alvo, meses=months, taxa_mensal=rate)
        assert p.alvo is not None and months is not None and rate is not None
        pmt = contribution_for_target(p.alvo, rate, months, p.inicial)
        return AposentadoriaResultado(
            operacao="aporte",
            meses=months,
            aporte_mensal=pmt,
            total_aportado=money(pmt * months + p.inicial),
        )
    if p.operacao == "valor_futuro":
        need(meses=months, taxa_mensal=rate, aporte_mensal=p.aporte_mensal)
        assert months is not None and rate is not None and p.aporte_mensal is not None
        grown = grow(p.inicial, rate, months, p.aporte_mensal)
        return AposentadoriaResultado(
            operacao="valor_futuro",
            meses=months,
            valor_futuro=grown.final_balance,
            total_aportado=grown.contributed,
        )
    if p.operacao == "capital":
        need(renda_mensal=p.renda_mensal, taxa_mensal=rate)
        assert p.renda_mensal is not None and rate is not None
        if rate <= 0:
            raise MissingParameterError("faltam parâmetros: taxa_mensal", missing="taxa_mensal")
        needed = money(p.renda_mensal / rate)
        growing = p.taxa_acumulacao_mensal if p.taxa_acumulacao_mensal is not None else rate
        saving = contribution_for_target(needed, growing, months, p.inicial) if months else None
        return AposentadoriaResultado(
            operacao="capital",
            meses=months,
            capital_necessario=needed,
            aporte_mensal=saving,
            total_aportado=money(saving * months + p.inicial)
            if saving is not None and months
            else None,
        )
    if p.operacao == "prazo":
        need(alvo=p.alvo, aporte_mensal=p.aporte_mensal, taxa_mensal=rate)
        assert p.alvo is not None and p.aporte_mensal is not None and rate is not None
        n = nper(rate, p.aporte_mensal, p.inicial, p.alvo)
        return AposentadoriaResultado(
            operacao="prazo",
            meses=int(n.to_integral_value(rounding="ROUND_CEILING")),
            meses_fracionados=n,
            anos=(n / 12).quantize(D("0.01")),
        )
    capital = p.alvo if p.alvo is not None else (p.inicial or None)
    need(capital=capital, saque_mensal=p.saque_mensal, taxa_mensal=rate)
    assert capital is not None and p.saque_mensal is not None and rate is not None
    n = nper(rate, p.saque_mensal, capital)
    return AposentadoriaResultado(
        operacao="duracao",
        meses=int(n),
        meses_fracionados=n,
        anos=(n / 12).quantize(D("0.01")),
    )


# ---------------------------------------------------------------- conta rápida


def quick(p: ContaParams) -> ContaResultado:
    b = p.b or ZERO
    n = p.n or 1
    if p.operacao in ("parcelas_total", "quantidade"):
        return ContaResultado(operacao=p.operacao, resultado=money(p.a * n))
    if p.operacao == "parcela":
        return ContaResultado(operacao=p.operacao, resultado=money(p.a / n))
    if p.operacao == "a_vista_ou_parcelado":
        total = money(b * n)
        return ContaResultado(
            operacao=p.operacao,
            resultado=total,
            diferenca=total - p.a,
            taxa_mensal=implied_rate(p.a, b, n) if total > p.a else ZERO,
            # what the instalments cost today when the money left invested earns the user's
            # own yield until each one is due (the first a month from now)
            valor_presente=present_value(b, p.taxa_mensal, n) if p.taxa_mensal else None,
        )
    if p.operacao == "duracao":
        return ContaResultado(operacao=p.operacao, resultado=(p.a / (b or p.a)).quantize(D("0.1")))
    if p.operacao == "juro_real":
        real = (1 + (p.pct or ZERO) / HUNDRED) / (1 + (p.pct_b or ZERO) / HUNDRED) - 1
        return ContaResultado(operacao=p.operacao, resultado=(real * HUNDRED).quantize(D("0.01")))
    if p.operacao == "mensal_periodo":
        return ContaResultado(operacao=p.operacao, resultado=money(p.a * n))
    if p.operacao == "ritmo_periodo":  # an amount per day or week, times the units
        return ContaResultado(operacao=p.operacao, resultado=money(p.a * (p.dias or 1)))
    if p.operacao == "troca":  # one monthly cost for another, over n months
        return ContaResultado(
            operacao=p.operacao, resultado=money(abs(b - p.a) * n), diferenca=money(b - p.a)
        )
    if p.operacao == "percentual":
        return ContaResultado(operacao=p.operacao, resultado=money(p.a * (p.pct or ZERO) / HUNDRED))
    if p.operacao == "soma":
        return ContaResultado(operacao=p.operacao, resultado=money(p.a + b))
    if p.operacao == "rateio":
        part = money(p.a / (p.pessoas or 1))
        return ContaResultado(operacao=p.operacao, resultado=part, por_mes=None)
    if p.operacao == "rateio_periodo":
        part = money(p.a / (p.pessoas or 1))
        return ContaResultado(operacao=p.operacao, resultado=money(part * n), por_mes=part)
    if p.operacao == "rateio_economia":
        part = money(p.a / (p.pessoas or 1))
        return ContaResultado(operacao=p.operacao, resultado=money((p.a - part) * n), por_mes=part)
    if p.operacao == "sobra_percentual":
        left = money(p.a - b)
        share = (left / p.a * HUNDRED).quantize(D("0.01")) if p.a else ZERO
        return ContaResultado(operacao=p.operacao, resultado=left, percentual=share)
    if p.operacao == "grupos":
        total = sum((g.valor * g.n for g in p.grupos or ()), ZERO)
        return ContaResultado(operacao=p.operacao, resultado=money(total))
    if p.operacao in ("aumento_percentual", "reducao_percentual"):
        sign = 1 if p.operacao == "aumento_percentual" else -1
        changed = p.a * (1 + sign * (p.pct or ZERO) / HUNDRED)
        return ContaResultado(
            operacao=p.operacao, resultado=money(changed), diferenca=money(changed - p.a)
        )
    if p.operacao == "reajuste_anual_total":
        years = max(1, n // 12)
        growth = 1 + (p.pct or ZERO) / HUNDRED
        yearly = [money(p.a * growth**k) for k in range(years)]
        total = sum((y * 12 for y in yearly), ZERO)
        return ContaResultado(operacao=p.operacao, resultado=money(total), por_mes=yearly[-1])
    if p.operacao == "valor_no_tempo":
        return _time_value(p)
    if p.operacao == "poder_de_compra":  # today's money deflated by the inflation said
        factor = (1 + (p.taxa_mensal or ZERO)) ** n
        return ContaResultado(
            operacao=p.operacao,
            resultado=money(p.a / factor),
            percentual=((1 - 1 / factor) * HUNDRED).quantize(D("0.01")),
        )
    if p.operacao == "taxa_equivalente":
        convert = monthly_to_annual if p.o_que == "mes" else annual_to_monthly
        with_period = convert((p.pct or ZERO) / HUNDRED)
        # a second rate of the same period asked at once ("E 2% ao mês?") in `percentual`
        other = convert(p.pct_b / HUNDRED) if p.pct_b is not None else None
        return ContaResultado(
            operacao=p.operacao,
            resultado=(with_period * HUNDRED).quantize(D("0.0001")),
            percentual=(other * HUNDRED).quantize(D("0.0001")) if other is not None else None,
        )
    if p.operacao == "cdi_liquido":
        tax = income_tax_rate(p.dias or 1)
        net = ((p.pct or ZERO) * (1 - tax)).quantize(D("0.01"))
        diff = net - p.pct_b if p.pct_b is not None else None
        return ContaResultado(
            operacao=p.operacao, resultado=net, diferenca=diff, percentual=tax * HUNDRED
        )
    if p.operacao == "cabe_no_orcamento":
        slack = money(p.a - b)
        part = money((p.alvo or ZERO) / n)
        return ContaResultado(
            operacao=p.operacao, resultado=money(slack - part), por_mes=part, saldo_final=slack
        )
    if p.operacao == "juros_da_espera":
        grown = money(p.a * (1 + (p.taxa_mensal or ZERO)) ** n)
        return ContaResultado(operacao=p.operacao, resultado=grown - p.a, saldo_final=grown)
    if p.operacao == "sobra_periodo":
        left = money(p.a - b)
        return ContaResultado(operacao=p.operacao, resultado=money(left * n), por_mes=left)
    if p.operacao == "sobra_prazo":
        left = money(p.a - b)
        need(alvo=p.alvo)
        assert p.alvo is not None
        if left <= 0:
            return ContaResultado(operacao=p.operacao, resultado=ZERO, por_mes=left)
        months = (p.alvo / left).quantize(D("0.1"))
        return ContaResultado(operacao=p.operacao, resultado=months, por_mes=left)
    return ContaResultado(operacao=p.operacao, resultado=money(p.a - b))


def _time_value(p: ContaParams) -> ContaResultado:
    """The unknown of a time-value question (`read_tvm`), by `finmath.tvm`: `resultado` is it,
    `diferenca` the interest in the answer (paid on a loan, earned on savings)."""
    r = p.taxa_mensal or ZERO
    capital = p.vp or ZERO
    monthly = p.b or ZERO
    n = p.n or 1
    if p.incognita == "vp" and p.b is None and p.vf is not None:
        # a single future amount brought to today (discounted at the rate)
        pv = tvm.present_value(ZERO, r, n, p.vf)
        return ContaResultado(operacao=p.operacao, resultado=pv, diferenca=money(p.vf - pv))
    if p.incognita == "vp":
        pv = tvm.present_value(-monthly, r, n)
        return ContaResultado(operacao=p.operacao, resultado=pv, diferenca=money(monthly * n - pv))
    if p.incognita == "saque":
        out = -tvm.flow(capital, r, n)
        return ContaResultado(
            operacao=p.operacao, resultado=out, diferenca=money(out * n - capital)
        )
    if p.incognita == "aporte":
        need(vf=p.vf)
        assert p.vf is not None
        deposit = tvm.flow(capital, r, n, p.vf)
        return ContaResultado(
            operacao=p.operacao, resultado=deposit, diferenca=money(p.vf - capital - deposit * n)
        )
    if p.incognita == "prazo":
        need(vf=p.vf)
        assert p.vf is not None
        months = tvm.months(capital, monthly, r, p.vf)
        return ContaResultado(operacao=p.operacao, resultado=months.quantize(D("0.01")))
    fv = tvm.balance(capital, monthly, r, n)
    return ContaResultado(
        operacao=p.operacao, resultado=fv, diferenca=money(fv - capital - monthly * n)
    )


# ---------------------------------------------------------------- comprar x alugar


def buy_or_rent(p: ComprarAlugarParams) -> ComprarAlugarResultado:
    if p.parcela_informada is not None and p.valor_bem is None:
        # "pago 2.500 de aluguel, a parcela seria 3.200": the instalment against the rent
        known = p.parcela_informada
        return ComprarAlugarResultado(
            capital=ZERO,
            aluguel=p.aluguel,
            parcela=known,
            parcela_informada=True,
            melhor="indefinido",
        )
    need(valor_bem=p.valor_bem)
    assert p.valor_bem is not None
    capital = p.entrada if p.financiar and p.entrada is not None else p.valor_bem
    monthly = p.rendimento_mensal
    if monthly is None and p.rendimento_pct_cdi is not None and p.cdi_anual is not None:
        monthly = annual_to_monthly(p.cdi_anual * p.rendimento_pct_cdi / HUNDRED)
    opportunity = money(capital * monthly) if monthly else None
    depreciation = (
        money(p.valor_bem * p.depreciacao_anual / 12) if p.depreciacao_anual is not None else None
    )
    appreciation = (
        money(p.valor_bem * p.valorizacao_anual / 12) if p.valorizacao_anual is not None else None
    )
    instalment = first_interest = None
    if p.financiar:
        principal = p.principal or max(p.valor_bem - (p.entrada or ZERO), ZERO)
        need(taxa_mensal=p.taxa_mensal, meses=p.meses)
        assert p.taxa_mensal is not None and p.meses is not None
        instalment = price_instalment(principal, p.taxa_mensal, p.meses)
        first_interest = money(principal * p.taxa_mensal)
    owning: Decimal | None = None
    if opportunity is not None or depreciation is not None or first_interest is not None:
        owning = (opportunity or ZERO) + (depreciation or ZERO) + (first_interest or ZERO)
        owning -= appreciation or ZERO  # the property's value gained offsets what it costs
    lost_yearly = owning_yearly = gained_yearly = rent_yearly = None
    if not p.financiar and monthly is not None and (p.anual or appreciation is not None):
        # the year's figures as the user states them: 10% a.a. of the price, 4% a.a. of
        # appreciation, twelve rents ("faz a conta de 1 ano")
        lost_yearly = money(capital * ((1 + monthly) ** 12 - 1))
        gained = money(p.valor_bem * (p.valorizacao_anual or ZERO))
        lost_value = money(p.valor_bem * (p.depreciacao_anual or ZERO))
        owning_yearly = lost_yearly + lost_value - gained
        gained_yearly = gained if appreciation is not None else None
        rent_yearly = money(p.aluguel * 12) if p.aluguel is not None else None
    better: str = "indefinido"
    if owning is not None and p.aluguel is not None:
        better = "alugar" if p.aluguel < owning else "comprar" if p.aluguel > owning else "empate"
    return ComprarAlugarResultado(
        capital=capital,
        custo_oportunidade_mensal=opportunity,
        rendimento_mensal=monthly,
        aluguel=p.aluguel,
        aluguel_pct_valor=(p.aluguel * HUNDRED / p.valor_bem).quantize(D("0.01"))
        if p.aluguel is not None and p.valor_bem
        else None,
        depreciacao_mensal=depreciation,
        valorizacao_mensal=appreciation,
        custo_mensal_ter=owning,
        custo_oportunidade_anual=lost_yearly,
        valorizacao_anual=gained_yearly,
        custo_anual_ter=owning_yearly,
        aluguel_anual=rent_yearly,
        parcela=instalment,
        juros_primeiro_mes=first_interest,
        melhor=better,  # type: ignore[arg-type]  # one of the literal values above
    )


# ---------------------------------------------------------------- reserva (reads the ledger)

DEFAULT_RESERVE_MONTHS = 6
SELF_EMPLOYED_RESERVE_MONTHS = 12


async def emergency(p: ReservaParams, data: DataAccess, user_id: str) -> ReservaResultado:
    months = p.meses_reserva or (
        SELF_EMPLOYED_RESERVE_MONTHS if p.autonomo else DEFAULT_RESERVE_MONTHS
    )
    expense, source = p.despesa_mensal, "informada"
    income: Decimal | None = p.renda_mensal
    if expense is None or (p.guardar_sobra and income is None):
        totals = await data.month_totals(user_id, 3)
        named = resolve_period(p.mes_referencia, await data.today()) if p.mes_referencia else None
        if named is not None:
            chosen = [t for t in totals if t.month == named.start.replace(day=1)]
            label = _month_label(named.start)
        else:
            full = [t for t in totals[:-1] if t.expenses > 0]
            chosen = full or [t for t in totals[-1:] if t.expenses > 0]
            label = (
                f"média de {len(chosen)} "
                f"{'mês registrado' if len(chosen) == 1 else 'meses registrados'}"
                if full
                else "este mês até agora"
            )
        if chosen and any(t.expenses > 0 for t in chosen):
            if expense is None:
                expense = money(sum((t.expenses for t in chosen), ZERO) / len(chosen))
                source = f"livro-caixa: {label}"
            if income is None:
                income = money(sum((t.income for t in chosen), ZERO) / len(chosen))
    total = money(expense * months) if expense is not None else None
    missing = (
        max(total - p.ja_guardado, ZERO)
        if total is not None and p.ja_guardado is not None
        else None
    )
    surplus = p.sobra_mensal
    build_months = None
    if surplus is None and income is not None and expense is not None:
        surplus = income - expense
    goal = missing if missing is not None else total
    exact = None
    if surplus is not None and surplus > 0 and goal is not None:
        if p.rendimento_mensal:  # saved at a rate: npf.nper from nothing to the goal
            exact = nper(p.rendimento_mensal, surplus, future=goal)
            build_months = int(exact.to_integral_value(rounding="ROUND_CEILING"))
        else:
            build_months = int((goal / surplus).to_integral_value(rounding="ROUND_CEILING"))
    return ReservaResultado(
        despesa_mensal=expense,
        fonte=source,
        meses_reserva=months,
        total=total,
        renda_mensal=income if income else None,
        sobra_mensal=surplus,
        meses_para_montar=build_months,
        meses_exatos=exact,
        falta=missing,
        total_minimo=money(expense * p.meses_minimo)
        if expense is not None and p.meses_minimo is not None
        else None,
    )


_MONTHS_PT = (
    "janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro",
    "outubro", "novembro", "dezembro",
)  # fmt: skip


def _month_label(day: date) -> str:
    return f"{_MONTHS_PT[day.month - 1]} de {day.year}"


# ---------------------------------------------------------------- diagnóstico (reads the ledger)

ESSENTIAL = frozenset({"moradia", "contas", "saude", "educacao", "dividas"})
"""Categories that are cut by renegotiating, not by spending less this month."""


async def resolve_diagnosis_period(
    text: str | None, data: DataAccess, user_id: str
) -> tuple[date, date, str]:
    """The period a diagnosis covers: the one the user named; else the last full month when it
    has spending, else this month so far."""
    today = await data.today()
    if text:
        period = resolve_period(text, today)
        if period is not None:
            return period.start, period.end, period.label
    this_month = today.replace(day=1)
    last = this_month - relativedelta(months=1)
    end_last = this_month - relativedelta(days=1)
    if await data.spending_lines(user_id, last, end_last):
        return last, end_last, _month_label(last)
    return this_month, today, "este mês"


STATED = "os gastos que você citou"
"""The diagnosis' label when it reads the question's own amounts instead of the ledger."""


async def diagnosis(p: DiagnosticoParams, data: DataAccess, user_id: str) -> DiagnosticoResultado:
    empty_ledger = False
    if p.gastos_informados:
        label = STATED
        lines = [
            SpendingLine(g.categoria, g.subcategoria, g.descricao, g.valor)
            for g in p.gastos_informados
        ]
        income = p.renda_informada or ZERO
    else:
        if p.inicio is not None and p.fim is not None:
            start, end = p.inicio, p.fim
            label = p.periodo or f"{p.inicio:%d/%m/%Y} a {p.fim:%d/%m/%Y}"
        else:
            start, end, label = await resolve_diagnosis_period(p.periodo, data, user_id)
        lines = await data.spending_lines(user_id, start, end)
        income = await data.total(user_id, "receita", start, end)
        if not lines:  # nothing in the period: is there anything at all (the last year)?
            today = await data.today()
            empty_ledger = not await data.spending_lines(
                user_id, today - relativedelta(years=1), today
            )
    total = sum((line.valor for line in lines), ZERO)
    by_category: dict[str, dict[str, list[Decimal]]] = {}
    for line in lines:
        subs = by_category.setdefault(line.categoria, {})
        subs.setdefault(line.subcategoria or "", []).append(line.valor)
    categories = []
    for name, subs in by_category.items():
        amount = sum((sum(v, ZERO) for v in subs.values()), ZERO)
        categories.append(
            CategoriaGasto(
                categoria=name,
                total=amount,
                pct=(amount * HUNDRED / total).quantize(D("0.1")) if total else ZERO,
                subcategorias=tuple(
                    sorted(
                        (
                            Subcategoria(nome=sub, total=sum(v, ZERO), lancamentos=len(v))
                            for sub, v in subs.items()
                            if sub
                        ),
                        key=lambda s: -s.total,
                    )
                ),
            )
        )
    categories.sort(key=lambda c: -c.total)
    recorded_label: str | None = None
    recorded: list[CategoriaGasto] = []
    recorded_total: Decimal | None = None
    if p.gastos_informados:
        # the ledger has its own figures: said beside the listed ones, never mixed into them
        start, end, recorded_label = await resolve_diagnosis_period(p.periodo, data, user_id)
        book = await data.spending_lines(user_id, start, end)
        if book:
            recorded_total = sum((line.valor for line in book), ZERO)
            sums: dict[str, Decimal] = {}
            for line in book:
                sums[line.categoria] = sums.get(line.categoria, ZERO) + line.valor
            recorded = sorted(
                (
                    CategoriaGasto(
                        categoria=name,
                        total=amount,
                        pct=(amount * HUNDRED / recorded_total).quantize(D("0.1")),
                    )
                    for name, amount in sums.items()
                ),
                key=lambda c: -c.total,
            )
    return DiagnosticoResultado(
        rotulo=label,
        livro_vazio=empty_ledger,
        informados=bool(p.gastos_informados),
        total=total,
        receitas=income,
        lancamentos=len(lines),
        categorias=tuple(categories),
        cortes=tuple(_cuts(categories, counted=not p.gastos_informados)),
        registrado_rotulo=recorded_label if recorded else None,
        registrado_total=recorded_total,
        registrado_categorias=tuple(recorded),
    )


_ZERO = D(0)


@dataclass(frozen=True, slots=True)
class _SubCut:
    """A cut for one subcategory: the advice and the share of its total it saves."""

    advice: str
    share: D
    minimum: D = _ZERO
    """Below this total the cut is not worth saying."""
    label: str | None = None
    """How the answer names it; None: the subcategory's own name."""
    verb: str = "somou"


_HALF = D("0.5")
_SUB_CUTS: dict[tuple[str, str], _SubCut] = {
    ("lazer", "bares"): _SubCut("sair metade das vezes", _HALF),
    ("alimentacao", "restaurante"): _SubCut("sair metade das vezes", _HALF),
    ("transporte", "app"): _SubCut(
        "trocar parte delas por transporte público ou carona",
        D("0.3"),
        label="Corridas de aplicativo",
        verb="somaram",
    ),
    ("alimentacao", "supermercado"): _SubCut(
        "lista fechada, compra do mês no atacarejo e marcas próprias, uns 10% a menos",
        D("0.1"),
        minimum=D(300),
        label="Supermercado",
    ),
    ("transporte", "combustivel"): _SubCut(
        "juntar trajetos, calibrar os pneus e comparar o preço do etanol, uns 10% a menos",
        D("0.1"),
        minimum=D(200),
        label="Combustível",
    ),
    ("compras", "roupas"): _SubCut("adiar as próximas compras desse tipo por um mês", _HALF),
    ("compras", "eletronicos"): _SubCut("adiar as próximas compras desse tipo por um mês", _HALF),
}
"""Cuts by (category, subcategory), folded; streaming and delivery are counted per item above."""


def _cuts(categories: list[CategoriaGasto], *, counted: bool = True) -> list[Corte]:
    """Concrete cuts, from the subcategories people can change this month. `counted`: the
    lines are single purchases (the ledger's), not totals the user listed ("800 de ifood"), so
    "N pedidos" can be said."""
    cuts: list[Corte] = []
    subs = {
        (fold_key(c.categoria), fold_key(s.nome)): s for c in categories for s in c.subcategorias
    }
    streaming = subs.get(("lazer", "streaming"))
    if streaming is not None and streaming.lancamentos >= 3:
        keep = 2
        saving = money(streaming.total * (streaming.lancamentos - keep) / streaming.lancamentos)
        cuts.append(
            Corte(
                descricao=f"Você paga {streaming.lancamentos} assinaturas de streaming "
                f"(R$ {_plain(streaming.total)} no período): ficar com {keep} e cancelar o resto",
                economia_mensal=saving,
            )
        )
    delivery = subs.get(("alimentacao", "delivery"))
    if delivery is not None:
        cuts.append(
            Corte(
                descricao=(
                    f"O delivery somou R$ {_plain(delivery.total)}"
                    if not counted
                    else (
                        f"Foram {delivery.lancamentos} pedidos de delivery"
                        if delivery.lancamentos != 1
                        else "Foi 1 pedido de delivery"
                    )
                    + f" (R$ {_plain(delivery.total)})"
                )
                + ": trocar metade por comida feita em casa",
                economia_mensal=money(delivery.total / 2),
            )
        )
    for key, item in subs.items():
        rule = _SUB_CUTS.get(key)
        if rule is not None and item.total >= rule.minimum:
            cuts.append(
                Corte(
                    descricao=f"{rule.label or item.nome} {rule.verb} R$ {_plain(item.total)}: "
                    + rule.advice,
                    economia_mensal=money(item.total * rule.share),
                )
            )
    if not cuts:
        flexible = [c for c in categories if fold_key(c.categoria) not in ESSENTIAL]
        if flexible:
            top = flexible[0]
            cuts.append(
                Corte(
                    descricao=f"{top.categoria} é o maior gasto que depende só de você "
                    f"(R$ {_plain(top.total)}): reduzir 20%",
                    economia_mensal=money(top.total * D("0.2")),
                )
            )
    cuts.sort(key=lambda c: -c.economia_mensal)
    return cuts[:4]


def _plain(value: Decimal) -> str:
    return number(value)


def fold_key(text: str) -> str:
    return fold(text).strip()


__all__ = [
    "EXEMPT",
    "MissingParameterError",
    "buy_or_rent",
    "diagnosis",
    "emergency",
    "financing",
    "goal",
    "investments",
    "option_label",
    "resolve_diagnosis_period",
    "retirement",
]
