"""Fixed-income comparison parameters from a pt-BR question: amount, term, CDB/LCI/LCA % do
CDI, Tesouro, poupança, the indices given or to look up.
"""

from __future__ import annotations

import re
from dataclasses import replace
from decimal import Decimal

from switchboard.apps.finance.missions.catalogue.params import (
    InvestimentosParams,
    OpcaoInvestimento,
)
from switchboard.apps.finance.missions.catalogue.quantities import (
    Quantities,
)
from switchboard.apps.finance.missions.catalogue.reading import (
    Found,
    has,
    monthly_rate,
    near_before,
)

# ---------------------------------------------------------------- investimentos

D = Decimal

_PRODUCTS = re.compile(
    r"\b(?P<p>cdb|lci|lca|tesouro selic|tesouro ipca\+?|tesouro prefixado|poupanca|tesouro)\b"
)


_PER_MONTH = re.compile(
    r"(?<!%)(?<!% )(?<!por cento )\b(?:por|ao|no|todo|cada)\s+mes\b|\bmensal\w*"
)


TWO_OPTIONS = (
    r"\b(?:a|uma|na) outra\b|\boutra (?:opcao|aplicacao|alternativa)\b|\b(?:duas|2) (?:opcoes"
    r"|aplicacoes|alternativas)\b|\bcada uma\b"
)
"""Two applications told apart by their rates alone ("uma opção rende 0,9% ao mês e a outra
0,65%"): weighed side by side, each at its own rate."""


def _per_month_yield(folded: str) -> bool:
    """The yield of one month is asked ("quanto rende 10 mil na poupança por mês?"), not a
    monthly rate stated ("poupança a 0,5% ao mês"), nor a monthly saving ("guardando 500 por
    mês", a goal); "quanto ganho por mês?" asks the same yield in other words."""
    asked = (
        r"\brend\w*"
        r"|\b(?:quanto|qto|qnto) (?:eu )?(?:ganho|ganharia|vou ganhar|lucro|pinga|cai)\b"
    )
    return has(folded, asked) and any(
        not re.search(
            r"(?:%|por cento|guardando|aportando|depositando|colocando)\s*\S*\s*$",
            folded[max(0, m.start() - 14) : m.start()],
        )
        for m in _PER_MONTH.finditer(folded)
    )


MULTIPLY = (
    r"\b(?:dobr(?:a|ar|ou|aria|e|ando|o|am|em|aram|ariam)|duplic\w*|triplic\w*|quadruplic\w*)\b"
    r"|\bo dobro\b|\bo triplo\b"
)
"""Growing N-fold: "em quanto tempo meu dinheiro dobra", "quanto tempo pra triplicar"."""
GROW_TO = (
    r"\b(?:vir(?:a|am|ar|arem|e|em|aria|ariam)|chega a|chegar a|chegar em|chega em|atinj\w*"
    r"|alcanc\w*)\b"
)
"""A lump sum growing to a target ("10 mil viram 15 mil")."""
WHEN = (
    r"\b(?:quanto|qnto|qto|qnt) tempo\b|\b(?:quant|qnt|qt)\w* (?:anos|meses)\b"
    r"|\bem quant\w+ (?:anos|meses)\b|\bquando\b"
)
"""A time asked ("em quanto tempo", "quantos anos", "quando")."""
_FACTORS = (("tripl", 3), ("quadrupl", 4), ("", 2))


def _factor(q: Quantities) -> Decimal | None:
    """The growth factor asked: 2 for doubling, 3 for tripling, or target ÷ amount ("em
    quanto tempo 10 mil vira 15 mil")."""
    t = q.text
    if has(t, MULTIPLY):
        return next(D(f) for word, f in _FACTORS if word in t)
    when = WHEN
    if has(t, when) and has(t, GROW_TO) and len(q.money) == 2 and not q.durations:
        start, target = q.money[0].value, q.money[1].value
        if 0 < start < target:
            return (target / start).quantize(D("0.0001"))
    return None


_IR_BEFORE = (
    r"\b(?:ir|imposto(?: de renda)?|aliquota(?: de (?:ir|imposto))?)\b(?: de| em| a| =|:)?\s*$"
)
_IR_AFTER = r"^\s*(?:de\s+)?(?:ir|imposto|aliquota)\b"


def _stated_income_tax(q: Quantities) -> tuple[Quantities, Decimal | None]:
    """The IR rate the user states ("considerando IR de 15%", "com 20% de imposto"), and the
    quantities without it, so it is never read as a CDI, a spread or a yield."""
    for r in q.rates:
        if 0 < r.percent <= 50 and (
            near_before(q, r.start, _IR_BEFORE, 24) or has(q.after(r.end, 20), _IR_AFTER)
        ):
            rest = tuple(x for x in q.rates if x is not r)
            return replace(q, rates=rest), r.percent / 100
    return q, None


def investments_params(q: Quantities, found: Found) -> InvestimentosParams:
    q, stated_tax = _stated_income_tax(q)
    t = q.text
    factor = _factor(q)
    mentions = list(_PRODUCTS.finditer(t))
    options: list[OpcaoInvestimento] = []
    seen: set[str] = set()
    cdi_rates = [r for r in q.rates if r.period == "cdi"]
    if cdi_rates or has(t, r"\bcdi\b"):  # "cdb 110% do cdi ou lci 92%": the CDI's too
        cdi_rates += [
            r
            for r in q.rates
            if r.period == "none"
            and r.percent >= 50
            and near_before(
                q, r.start, r"\b(?:cdb|lci|lca)\b(?: de| a| com| pagando| paga)?\s*$", 16
            )
        ]
        cdi_rates.sort(key=lambda r: r.start)
    as_cdi = {r.start for r in cdi_rates}
    claimed: set[int] = set()
    for index, m in enumerate(mentions):
        name = m["p"].replace("+", "")
        if name == "tesouro" and has(t[m.end() : m.end() + 6], r"^ (?:selic|ipca|prefix)"):
            continue
        limit = mentions[index + 1].start() if index + 1 < len(mentions) else len(t)
        own = [
            r
            for r in cdi_rates
            if m.end() <= r.start < limit and r.start - m.end() < 40 and r.start not in claimed
        ]
        if not own and name in ("cdb", "lci", "lca"):  # "90% do CDI na LCA"
            own = [r for r in cdi_rates if 0 < m.start() - r.end < 12 and r.start not in claimed]
        if own:
            claimed.add(own[0].start)
        spread = None
        monthly = None
        if name in ("cdb", "lci", "lca") and not own:  # "cdb de 12% ao ano prefixado"
            fixed = [
                r
                for r in q.rates
                # "LCI isenta rendendo 10,5% ao ano": a few words may sit between the product
                # and its rate, never past the next product named
                if m.end() <= r.start < min(limit, m.end() + 32)
                and r.period in ("ano", "mes")
                and r.start not in as_cdi
            ]
            if fixed and fixed[0].period == "mes":
                monthly = fixed[0].fraction  # "cdb de 1% am bruto": the user's monthly rate
            else:
                spread = fixed[0].fraction if fixed else None
        if name in ("tesouro ipca", "tesouro prefixado"):
            extra = [
                r
                for r in q.rates
                if m.end() <= r.start < m.end() + 14 and r.period != "cdi" and r.start < limit
            ]
            spread = extra[0].fraction if extra else None
        key = name.replace(" ", "_")
        if key == "tesouro":
            continue
        label = key + (str(own[0].percent) if own else "")
        if label in seen:
            continue
        seen.add(label)
        options.append(
            OpcaoInvestimento(
                produto=key,  # type: ignore[arg-type]  # validated by the model
                pct_cdi=own[0].percent if own else None,
                taxa_anual=spread,
                taxa_mensal=monthly,
            )
        )
    own_rates = [r for r in q.rates if r.period in ("mes", "ano")]
    if not options and len(own_rates) >= 2 and has(t, TWO_OPTIONS):
        # "uma opção rende 0,9% ao mês e a outra 0,65% ao mês": one application per rate
        options.extend(
            OpcaoInvestimento(produto="aplicacao", taxa_mensal=monthly_rate(r, found, "Rendimento"))
            for r in own_rates
        )
    if not options and (factor is not None or has(t, r"\brend\w*|\baplic\w*|\binvest\w*")):
        # "quanto rendem 8 mil aplicados a 0,9% ao mês em 2 anos?": the user's own rate
        periods = ("mes", "ano", "none") if factor is not None else ("mes", "ano")
        own_rate = next((r for r in q.rates if r.period in periods), None)
        if own_rate is not None:
            options.append(
                OpcaoInvestimento(
                    produto="aplicacao", taxa_mensal=monthly_rate(own_rate, found, "Rendimento")
                )
            )
    equivalence = has(t, r"\bequival\w*|\bquantos? ?% do cdi\b|\bqual (?:o )?% do cdi\b")
    if equivalence and not any(o.produto == "cdb" for o in options):
        options.append(OpcaoInvestimento(produto="cdb"))
    cdi = [
        r
        for r in q.rates
        if r.period != "cdi"
        and r.start not in as_cdi
        and r.percent <= 40
        and near_before(q, r.start, r"\bcdi\b[^%]{0,14}$", 20)
    ]
    selic = [
        r
        for r in q.rates
        if r.period != "cdi" and near_before(q, r.start, r"\bselic\b[^%]{0,14}$", 20)
    ]
    savings = [
        r
        for r in q.rates
        if r.period == "mes" and near_before(q, r.start, r"\bpoupanca\b[^%]{0,20}$")
    ]
    ipca = [r for r in q.rates if near_before(q, r.start, r"\bipca\b[^+%]{0,10}$", 16)]
    amounts = list(q.money)
    days = next((d.value for d in q.durations if d.unit == "dias"), None)
    months = next((d.months for d in q.durations if d.unit != "dias"), None)
    if days is None and months is not None:
        years = next((d.value for d in q.durations if d.unit == "anos"), None)
        days = years * 365 if years is not None else round(months * 365 / 12)
    if months is None and days is not None:
        months = max(1, round(days * 12 / 365))
    if days is None and _per_month_yield(t):
        days, months = 30, 1  # "quanto rende 10 mil na poupança por mês?": one month's yield
        found.assumptions.append(
            "Prazo de 1 mês (30 dias): o rendimento de um mês, como você perguntou."
        )
    if days is None and {o.produto for o in options} == {"poupanca", "tesouro_selic"}:
        # neither has a term (the poupança is liquid, the Tesouro Selic is sold any business
        # day): "vale mais a pena colocar no tesouro selic?" is answered over a stated year
        days, months = 365, 12
        found.assumptions.append(
            "Prazo de 1 ano (você não disse): nenhuma das duas tem prazo fixo; em 1 ano o IR do "
            "Tesouro Selic é de 17,5% sobre o rendimento (a poupança é isenta). Me diga outro "
            "prazo que eu refaço a conta."
        )
    params = InvestimentosParams(
        valor=amounts[0].value if amounts else None,
        dias=days,
        meses=months,
        opcoes=tuple(options),
        cdi_anual=cdi[0].fraction if cdi else None,
        selic_anual=selic[0].fraction if selic else None,
        ipca_anual=ipca[0].fraction if ipca else None,
        poupanca_mensal=savings[0].fraction if savings else None,
        equivalencia=equivalence,
        sem_taxa_b3=has(t, r"\b(?:ignor\w*|sem) (?:a )?taxa (?:da b3|de custodia)"),
        multiplicar=factor,
        aliquota_ir=stated_tax,
    )
    if factor is not None:
        return _multiply_checks(params, found)
    kinds = {o.produto for o in options}
    if not options and not has(t, r"\btesouro\b"):
        found.missing.append("quais aplicações comparar (CDB, LCI/LCA, Tesouro, poupança)")
    if has(t, r"\btesouro\b") and not kinds & {
        "tesouro_selic",
        "tesouro_ipca",
        "tesouro_prefixado",
    }:
        found.missing.append("qual título do Tesouro (Selic, IPCA+ ou Prefixado)")
    for option in options:
        unknown = (
            option.produto in ("cdb", "lci", "lca")
            and option.pct_cdi is None
            and option.taxa_anual is None
            and option.taxa_mensal is None
        )
        if unknown and not (equivalence and option.produto == "cdb"):
            article = "o" if option.produto == "cdb" else "a"
            found.missing.append(f"quantos % do CDI paga {article} {option.produto.upper()}")
    if params.dias is None:
        found.missing.append("o prazo da aplicação (ele define a alíquota do IR)")
    if params.valor is None and not equivalence:
        found.missing.append("o valor a aplicar")
    if any(o.pct_cdi is not None for o in options) and params.cdi_anual is None:
        if params.selic_anual is not None and has(t, r"\bcdi ?= ?selic|selic ?= ?cdi"):
            params = params.model_copy(update={"cdi_anual": params.selic_anual})
        elif params.valor is not None:
            found.indices.append("cdi")
    needs_selic = kinds & {"tesouro_selic"} or ("poupanca" in kinds and not savings)
    if needs_selic and params.selic_anual is None:
        if params.cdi_anual is not None and has(t, r"\bcdi ?= ?selic|selic ?= ?cdi"):
            params = params.model_copy(update={"selic_anual": params.cdi_anual})
        else:
            found.indices.append("selic")
    if "tesouro_ipca" in kinds and params.ipca_anual is None:
        found.indices.append("ipca")
    return params


def _multiply_checks(params: InvestimentosParams, found: Found) -> InvestimentosParams:
    """What a growth-time question needs: a rate per option (no amount, no term)."""
    kinds = {o.produto for o in params.opcoes}
    if not params.opcoes:
        found.missing.append("a taxa de rendimento (ao mês ou ao ano) ou a aplicação")
    for option in params.opcoes:
        if (
            option.produto in ("cdb", "lci", "lca")
            and option.pct_cdi is None
            and option.taxa_anual is None
            and option.taxa_mensal is None
        ):
            found.missing.append(f"quanto rende {option.produto.upper()} (% do CDI ou taxa)")
    if any(o.pct_cdi is not None for o in params.opcoes) and params.cdi_anual is None:
        found.indices.append("cdi")
    needs_selic = "tesouro_selic" in kinds or (
        "poupanca" in kinds and params.poupanca_mensal is None
    )
    if needs_selic and params.selic_anual is None:
        found.indices.append("selic")
    return params
