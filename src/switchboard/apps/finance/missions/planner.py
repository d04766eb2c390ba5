"""Deterministic planners: the offline coordinators' first ReAct cycle (spec 001 §5 "Ciclo N -
PLANEJAMENTO"), producing a `plan.Plan`.

Catalogue first: `plan_for` plans a question of the catalogue (`catalogue/`) with its kind's
plan, whatever the lead; a topic the catalogue cannot answer offline gets an empty plan with its
`scope`; the templates below serve what remains (a ticker's buy decision or indicator, the
portfolio, flow 5's financing-or-saving with the user's surplus, flow 6's passive income).
Plans come from templates per sub-intent of each coordinator's domain, filled from the query by
the extractors (`Facts`): tickers (symbols or company names), money amounts (nlu), horizons in
months, target age and passive income. The sub-intent is chosen by pt-BR cues; a question that
matches none of them (the old "general" templates: the user's surplus and debts, whatever was
asked) is out of the catalogue, and is answered honestly as such.

`agent == DATA` is the internal data access system (§3.2), called directly, not over the bus.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import replace
from decimal import Decimal
from typing import Any

from switchboard.apps.finance.market.companies import company_name, tickers_in
from switchboard.apps.finance.missions.catalogue.classify import unsupported_topic
from switchboard.apps.finance.missions.catalogue.extract import extract, objeto_of, out_of_scope
from switchboard.apps.finance.missions.catalogue.followup import (
    follow_up,
    two_parts,
    with_amount_said,
    with_balance,
)
from switchboard.apps.finance.missions.catalogue.plans import STOCK_TAX, catalogue_plan, scope_plan
from switchboard.apps.finance.missions.catalogue.quantities import scan
from switchboard.apps.finance.missions.catalogue.stock_tax import read_stock_sale
from switchboard.apps.finance.missions.contracts import CONSULT_OP
from switchboard.apps.finance.missions.plan import Facts
from switchboard.apps.finance.nlu import find_amounts
from switchboard.apps.finance.triage.text import fold
from switchboard.patterns import DATA, Criticality, ParamsFn, Results, Step
from switchboard.patterns import MissionPlan as Plan

_MONTHS = re.compile(r"\b(\d{1,3})\s*(?:meses|x\b|parcelas)")
_INSTALMENT = re.compile(
    r"\b(?P<n>\d{1,3})\s*(?:x|vezes|parcelas|prestacoes)\s+(?:iguais\s+|fixas\s+)?de\s+"
    r"(?:r\$\s*)?(?P<v>\d{1,3}(?:\.\d{3})+(?:,\d{1,2})?|\d+(?:,\d{1,2})?)"
    r"(?!\d|[.,]\d|\s*(?:mil|k)\b)"
)
"""The instalment stated with its count ("12x de 399", "10 parcelas de 1.250,90")."""
_YEARS = re.compile(r"\bem\s+(\d{1,2})\s+anos\b")
_AGE = re.compile(r"\baos\s+(\d{2})(?:\s+anos)?\b")
_DROP = re.compile(r"ca(?:iu|indo)\s+(\d+(?:[.,]\d+)?)\s*%")


def extract_facts(text: str) -> Facts:
    folded = fold(text)
    # Every pattern below needs a digit, and each a word of its own: those substring tests
    # (necessary conditions, so the same results) spare the regex scans that cannot match.
    digits = _DIGIT.search(folded) is not None
    facts = Facts(
        tickers=tickers_in(folded, digits=digits),
        amounts=[a.value for a in find_amounts(text) if a.explicit],
        objeto=objeto_of(scan(text))[0],
    )
    if not digits:
        return facts
    if ("meses" in folded or "x" in folded or "parcelas" in folded) and (
        m := _MONTHS.search(folded)
    ):
        facts.months = int(m.group(1))
        if (said := _INSTALMENT.search(folded)) is not None and int(said["n"]) == facts.months:
            facts.instalment = Decimal(said["v"].replace(".", "").replace(",", "."))
    elif "anos" in folded and (m := _YEARS.search(folded)):
        facts.months = int(m.group(1)) * 12
    if "aos" in folded and (m := _AGE.search(folded)):
        facts.age = int(m.group(1))
    if ("caiu" in folded or "caindo" in folded) and (m := _DROP.search(folded)):
        facts.drop_pct = Decimal(m.group(1).replace(",", "."))
    return facts


_DIGIT = re.compile(r"\d")


_CUES: dict[tuple[str, ...], re.Pattern[str]] = {}


def _has(folded: str, *cues: str) -> bool:
    """Does any cue start a word of `folded`? One alternation per call site, compiled once."""
    pattern = _CUES.get(cues)
    if pattern is None:
        pattern = _CUES[cues] = re.compile(r"\b(?:" + "|".join(cues) + ")")
    return pattern.search(folded) is not None


def _data(key: str, consulta: str, criticality: Criticality, wave: int, label: str) -> Step:
    return Step(key, DATA, consulta, {"consulta": consulta}, criticality, wave, label)


def _research(
    key: str, op: str, params: dict[str, Any], criticality: Criticality, wave: int, label: str
) -> Step:
    return Step(key, "pesquisa_externa", op, params, criticality, wave, label, 1)


# ---------------------------------------------------------------- investimentos


def _allocation_params(facts: Facts, ticker: str) -> ParamsFn:
    def params(results: Results) -> dict[str, Any] | None:
        portfolio = results.get("carteira")
        if portfolio is None:
            return None
        if facts.amounts:
            amount = facts.amounts[0]
        else:  # no amount given: simulate 5% of the portfolio, rounded to R$ 100 (min R$ 1.000)
            total = Decimal(portfolio["total"])
            amount = max(Decimal(1000), (total * Decimal("0.05") / 100).quantize(Decimal(1)) * 100)
        return {"ativo": ticker, "valor": str(amount), "classe": "acoes"}

    return params


def plan_investimentos(text: str, facts: Facts) -> Plan:
    folded = fold(text)
    ticker = facts.tickers[0] if facts.tickers else None
    indicator = _has(folded, "p/?l", "roe", "dividend", "indicador", "fundament")
    if ticker and indicator and not _has(folded, "comprar", "vale a pena", "investir", "vender"):
        steps = [
            _research(
                "fundamentos",
                "dados_fundamentalistas",
                {"ticker": ticker},
                "critica",
                1,
                f"indicadores de {ticker}",
            )
        ]
        if _has(folded, "cotac", "preco"):
            steps.append(
                _research(
                    "cotacao", "cotacao", {"ticker": ticker}, "critica", 1, f"cotação de {ticker}"
                )
            )
        return Plan("investimentos", "indicador", facts, steps)
    if ticker:
        steps = [
            _research(
                "cotacao", "cotacao", {"ticker": ticker}, "critica", 1, f"cotação de {ticker}"
            ),
            _research(
                "fundamentos",
                "dados_fundamentalistas",
                {"ticker": ticker},
                "critica",
                1,
                f"indicadores de {ticker}",
            ),
            _research(
                "noticias",
                "noticias",
                {"consulta": ticker, "limite": 3},
                "complementar",
                1,
                f"notícias recentes de {ticker}",
            ),
            _data("carteira", "investimentos", "critica", 1, "sua carteira atual"),
            _data("perfil", "perfil", "complementar", 1, "seu perfil de investidor"),
            Step(
                "alocacao",
                "matematica",
                "simular_alocacao",
                _allocation_params(facts, ticker),
                "complementar",
                2,
                f"simulação da nova exposição a {ticker}",
            ),
        ]
        return Plan("investimentos", "avaliar_compra", facts, steps)
    if facts.amounts and facts.months:
        amount, months = facts.amounts[0], facts.months
        steps = [
            _research("cdi", "indice", {"nome": "cdi"}, "critica", 1, "taxa do CDI"),
            Step(
                "rendimento",
                "matematica",
                "juros_compostos",
                lambda r: (
                    None
                    if "cdi" not in r
                    else {
                        "valor_inicial": str(amount),
                        "meses": months,
                        "taxa_anual": str(Decimal(r["cdi"]["value"]) / 100),
                    }
                ),
                "critica",
                2,
                f"rendimento de {amount} em {months} meses",
            ),
        ]
        return Plan("investimentos", "rendimento", facts, steps)
    steps = [
        _data("carteira", "investimentos", "critica", 1, "sua carteira atual"),
        _data("perfil", "perfil", "complementar", 1, "seu perfil de investidor"),
        _research("selic", "indice", {"nome": "selic"}, "complementar", 1, "taxa Selic"),
        _research("ipca", "indice", {"nome": "ipca"}, "opcional", 1, "inflação (IPCA)"),
    ]
    return Plan("investimentos", "carteira", facts, steps)


# ---------------------------------------------------------------- planejamento

REAL_RATE_FLOOR = Decimal("0.04")
"""Real rate used for retirement when Selic/IPCA are unavailable, and the most assumed even
when they are (today's real Selic is an outlier; 4% a.a. is a conventional long-run real
return for a conservative portfolio)."""


def _real_rate(results: Results) -> Decimal:
    try:
        selic = Decimal(results["selic"]["value"]) / 100
        ipca = Decimal(results["ipca"]["value"]) / 100
    except KeyError:
        return REAL_RATE_FLOOR
    real = (1 + selic) / (1 + ipca) - 1
    return min(real, REAL_RATE_FLOOR).quantize(Decimal("0.0001"))


def plan_planejamento(text: str, facts: Facts) -> Plan:
    folded = fold(text)
    purchase = _has(folded, "financ", "poupar", "juntar", "a vista", "comprar", "compro", "pego")
    if (
        purchase
        and facts.amounts
        and not _has(
            folded, "aposent", "financ", "poupar", "juntar", "a vista", "parcel", "prestac"
        )
    ):
        # "vale comprar uma moto de 15 mil?": a purchase weighed against the user's own
        # numbers, not a financing nobody mentioned (issue 19)
        return replace(plan_analise(text, facts), coordinator="planejamento")
    if purchase and facts.amounts and not _has(folded, "aposent"):
        price = facts.amounts[0]
        saved = facts.amounts[1] if len(facts.amounts) > 1 else Decimal(0)
        term = facts.months or 48
        steps = [
            _data("fluxo", "fluxo_mensal", "critica", 1, "sua sobra mensal"),
            _research("cdi", "indice", {"nome": "cdi"}, "critica", 1, "taxa do CDI"),
            Step(
                "financiamento",
                "matematica",
                "simular_financiamento",
                {
                    "valor": str(max(price - saved, Decimal(1))),
                    "meses": term,
                    "taxa_mensal": "0.0199",
                    "sistema": "price",
                },
                "critica",
                2,
                "simulação do financiamento",
            ),
            Step(
                "comparacao",
                "matematica",
                "comparar_financiar_poupar",
                lambda r: (
                    None
                    if "fluxo" not in r
                    else {
                        "preco": str(price),
                        "poupado": str(saved),
                        "meses": term,
                        "capacidade_mensal": str(
                            max(Decimal(r["fluxo"]["sobra_media"]), Decimal(0))
                        ),
                        "taxa_emprestimo_mensal": "0.0199",
                        **(
                            {"taxa_investimento_anual": str(Decimal(r["cdi"]["value"]) / 100)}
                            if "cdi" in r
                            else {}
                        ),
                    }
                ),
                "critica",
                2,
                "comparação entre financiar e poupar",
            ),
        ]
        if saved > 0 and _has(folded, "invest", "bolsa", "aplicar"):
            steps.append(
                Step(
                    "investir_poupanca",
                    "investimentos",
                    CONSULT_OP,
                    lambda r: (
                        None
                        if "comparacao" not in r
                        else {
                            "pergunta": f"Quanto renderiam R$ {saved} em "
                            f"{r['comparacao']['meses_para_comprar']} meses?",
                            "parametros": {
                                "valor": str(saved),
                                "meses": max(1, int(r["comparacao"]["meses_para_comprar"])),
                            },
                        }
                    ),
                    "complementar",
                    3,
                    "quanto o dinheiro guardado renderia investido",
                    est_api_calls=1,
                )
            )
        return Plan("planejamento", "financiar_ou_poupar", facts, steps)
    if _has(folded, "aposent", "renda passiva", "viver de renda", "independencia"):
        income = facts.amounts[0] if facts.amounts else None
        steps = [
            _data("fluxo", "fluxo_mensal", "critica", 1, "sua renda e seus gastos"),
            _data("carteira", "investimentos", "critica", 1, "seus investimentos"),
            _data("dividas", "dividas", "complementar", 1, "suas dívidas"),
            _data("patrimonio", "patrimonio", "complementar", 1, "seu patrimônio"),
            _data("perfil", "perfil", "complementar", 1, "seu perfil"),
            _research("selic", "indice", {"nome": "selic"}, "complementar", 1, "taxa Selic"),
            _research("ipca", "indice", {"nome": "ipca"}, "complementar", 1, "inflação (IPCA)"),
        ]
        if income is not None:
            steps.append(
                Step(
                    "aposentadoria",
                    "matematica",
                    "aposentadoria",
                    lambda r: {
                        "renda_mensal": str(income),
                        "taxa_real_anual": str(_real_rate(r)),
                        "capital_atual": r.get("carteira", {}).get("total", "0"),
                        "aporte_mensal": str(
                            max(Decimal(r.get("fluxo", {}).get("sobra_media", "0")), Decimal(0))
                        ),
                    },
                    "critica",
                    2,
                    "capital necessário para a renda desejada",
                )
            )
            steps.append(
                Step(
                    "cenarios",
                    "matematica",
                    "juros_compostos",
                    lambda r: _scenario_params(r, facts),
                    "complementar",
                    3,
                    "comparação de cenários de aporte",
                )
            )
        return Plan("planejamento", "aposentadoria", facts, steps)
    steps = [
        _data("fluxo", "fluxo_mensal", "critica", 1, "sua renda e seus gastos"),
        _data("patrimonio", "patrimonio", "critica", 1, "seu patrimônio"),
        _research("cdi", "indice", {"nome": "cdi"}, "complementar", 1, "taxa do CDI"),
    ]
    return Plan("planejamento", "meta", facts, steps)


def _scenario_params(results: Results, facts: Facts) -> dict[str, Any] | None:
    """Scenario B of retirement: contributing 50% more of the surplus until the target age."""
    if "aposentadoria" not in results or "fluxo" not in results:
        return None
    surplus = max(Decimal(results["fluxo"]["sobra_media"]), Decimal(0))
    months = results["aposentadoria"].get("meses_para_atingir") or 360
    return {
        "valor_inicial": results.get("carteira", {}).get("total", "0"),
        "meses": int(min(600, months)),
        "taxa_anual": str(_real_rate(results)),
        "aporte_mensal": str((surplus * Decimal("1.5")).quantize(Decimal("0.01"))),
    }


# ---------------------------------------------------------------- análise financeira pessoal

SWAPPING = ("trocar de", "troco de", "troca de", "trocar o", "trocar meu", "trocar minha")
"""Replacing something owned ("tô pensando em trocar de celular, um de 2.500 em 10x") is a
purchase, whatever the question's other words."""


BUYING = ("compr", "posso", "consigo", "financ", "pego", "pegar", *SWAPPING)
"""Words of a purchase weighed against the budget ("posso comprar…?", "trocar de celular")."""


def plan_analise(text: str, facts: Facts) -> Plan:
    folded = fold(text)
    steps = [
        _data("fluxo", "fluxo_mensal", "critica", 1, "sua renda e seus gastos"),
        _data("dividas", "dividas", "critica", 1, "suas dívidas"),
        _data("patrimonio", "patrimonio", "complementar", 1, "seu patrimônio"),
        _data("saldo", "saldo", "complementar", 1, "seu saldo disponível"),
    ]
    intent = "diagnostico"
    buying = _has(folded, *BUYING)
    if buying and not facts.amounts:
        # "será que compro um sofá de 2.500?": a price said without "reais" or "mil"
        said = [a.value for a in find_amounts(text) if a.value >= 10]
        facts = replace(facts, amounts=said[:1])
    if facts.amounts and buying:
        intent = "capacidade_compra"
        # with no closed month recorded, this month's entries so far, said as such
        steps[0] = replace(steps[0], params={"consulta": "fluxo_mensal", "mes_corrente": True})
        price = facts.amounts[0]
        rate = stated_annual_rate(folded)
        if facts.months is not None and rate is not None:
            # only with the user's own term and rate: an invented financing (12% a.a., 360
            # months) presented as the answer is a parameter the user never gave (issue 19)
            months = facts.months
            steps.append(
                Step(
                    "financiamento",
                    "matematica",
                    "simular_financiamento",
                    lambda r: {
                        "valor": str(price),
                        "meses": months,
                        "taxa_anual": str(rate),
                        "sistema": "price",
                    },
                    "critica",
                    2,
                    "simulação do financiamento",
                )
            )
    return Plan("analise_financeira_pessoal", intent, facts, steps)


_RATE = re.compile(
    r"(\d+(?:[.,]\d+)?)\s*%\s*(?:(?P<m>a\.?\s?m\.?|ao\s+mes|por\s+mes|mensa\w*|am)"
    r"|(?P<y>a\.?\s?a\.?|ao\s+ano|por\s+ano|anua\w*|aa))?(?!\w)"
)


def stated_annual_rate(folded: str) -> Decimal | None:
    """The yearly rate the user stated ("2% ao mês" → 26,82% a.a., "18% a.a."), or None. A
    rate with no period is read as monthly only when it is under 5% (credit in Brazil is quoted
    per month), else as yearly."""
    m = _RATE.search(folded)
    if m is None:
        return None
    value = Decimal(m.group(1).replace(",", ".")) / 100
    monthly = m["m"] is not None or (m["y"] is None and value < Decimal("0.05"))
    if monthly:
        return ((1 + value) ** 12 - 1).quantize(Decimal("0.000001"))
    return value


PLANNERS: dict[str, Callable[[str, Facts], Plan]] = {
    "investimentos": plan_investimentos,
    "planejamento": plan_planejamento,
    "analise_financeira_pessoal": plan_analise,
}


GENERIC_INTENTS = frozenset({"meta", "diagnostico", "carteira"})
"""Legacy sub-intents that answered whatever was asked with the user's surplus and debts: a
question that only matches one of them is out of the catalogue (see the module docstring)."""
_PORTFOLIO = re.compile(
    r"\b(?:minha carteira|meus investimentos|minha carteira de investimentos)\b"
)


@functools.lru_cache(maxsize=512)
def plan_for(coordinator: str, text: str, context: str | None = None) -> Plan:
    """The coordinator's plan for a query (`context`: the mission's recent chat turns, which a
    follow-up like "e se fosse em 12x?" is resolved against). Cached: the orchestrator
    (complexity) and the coordinator ask for the same plan, and plans are never mutated
    (steps are read-only; the hosted coordinator builds its own step list)."""
    facts = extract_facts(text)
    if (sale := read_stock_sale(text)) is not None:
        # "vendi ações com lucro de 3 mil, quanto pago de IR?": the Receita's rules answer it
        # (a "day trade" said is no derivatives question here)
        return Plan(coordinator, STOCK_TAX, replace(facts, stock_sale=sale), [])
    topic = out_of_scope(text)
    if topic is not None:
        return scope_plan(coordinator, topic, facts)
    question = extract(text)
    parts = two_parts(text) if question is not None and not question.missing else None
    if parts is not None:  # "…? e se fosse sem render nada?": both parts, on the same numbers
        main, variant, label = parts
        question = replace(main, variant=variant, variant_label=label)
    if (question is None or question.missing) and context:
        question = (
            follow_up(text, context)
            or with_balance(text, context)
            or with_amount_said(text, context)
            or question
        )
    if question is not None:
        return catalogue_plan(coordinator, question, facts)
    plan = PLANNERS[coordinator](text, facts)
    if plan.intent == "carteira" and _PORTFOLIO.search(fold(text)):
        return plan
    overridden = coordinator == "analise_financeira_pessoal" and facts.tickers
    if plan.intent in GENERIC_INTENTS and not overridden:
        swapping = facts.amounts and _has(fold(text), *SWAPPING)
        if (facts.instalment is not None or swapping) and coordinator != (
            "analise_financeira_pessoal"
        ):
            # "compro uma bike de 1.800 em 6x de 330 ou espero juntar?": a purchase with its
            # instalments is weighed with the user's budget, whoever leads the mission
            buying = plan_analise(text, facts)
            if buying.intent == "capacidade_compra":
                return replace(buying, coordinator=coordinator)
        return scope_plan(coordinator, unsupported_topic(text), facts)
    return plan


def plan_consult(coordinator: str, question: str, parameters: dict[str, Any]) -> Plan:
    """A coordinator-to-coordinator question: the same planner, with the caller's parameters
    taking precedence over what the extractors find."""
    facts = extract_facts(question)
    if "valor" in parameters:
        facts.amounts = [Decimal(str(parameters["valor"]))]
    if "meses" in parameters:
        facts.months = int(parameters["meses"])
    return PLANNERS[coordinator](question, facts)


__all__ = [
    "DATA",
    "PLANNERS",
    "Criticality",
    "Facts",
    "Plan",
    "Results",
    "Step",
    "company_name",
    "extract_facts",
    "plan_consult",
    "plan_for",
]
