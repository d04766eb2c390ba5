"""Saving-goal and retirement parameters from a pt-BR question: target, term, yield, monthly
amount, initial capital, ages, withdrawals.
"""

from __future__ import annotations

import re
from decimal import Decimal

from switchboard.apps.finance.finmath.fmt import brl, pct
from switchboard.apps.finance.missions.catalogue.classify import END_AMOUNT_ASKED
from switchboard.apps.finance.missions.catalogue.params import (
    AposentadoriaParams,
    MetaParams,
)
from switchboard.apps.finance.missions.catalogue.quantities import (
    Quantities,
    Rate,
)
from switchboard.apps.finance.missions.catalogue.reading import (
    CUT_BEFORE,
    END_BALANCE_ASKED,
    Found,
    cut_saving,
    has,
    money_near,
    monthly_rate,
    near_before,
    objeto_of,
    pick,
)

D = Decimal

# ---------------------------------------------------------------- meta e aposentadoria

_NO_YIELD = (
    r"\bsem render\w*|\bsem rendimento\b|\bsem juros\b|\bnao rende\b|\bdebaixo do colchao\b"
    r"|\bsem (?:contar|considerar) (?:o |os )?(?:rendimentos?|juros)\b|\bso guardando\b"
    r"|\bna gaveta\b|\bem casa\b|\bsem investir\b"
)


SAVINGS_MONTHLY = D("0.005")
"""Poupança: 0,5% a.m. while the Selic is above 8,5% a.a. (TR taken as zero)."""


def _yield(q: Quantities, found: Found, what: str) -> Decimal | None:
    """The monthly yield the user gave; none ("sem render") is zero; the poupança named with no
    rate is its rule (stated); else None (the caller's default)."""
    rates = [
        r
        for r in q.rates
        if r.period != "cdi" and not near_before(q, r.start, CUT_BEFORE, 34)  # "cortar 25%"
    ]
    if has(q.text, _NO_YIELD) and not rates:
        return D(0)
    if not rates and has(q.text, r"\bpoupanca\b") and not has(q.text, r"\bcdb\b|\btesouro\b"):
        found.assumptions.append(
            "Poupança rendendo 0,5% ao mês (a regra enquanto a Selic está acima de 8,5% ao ano, "
            "com a TR em zero), sem imposto de renda."
        )
        return SAVINGS_MONTHLY
    return monthly_rate(rates[0], found, what) if rates else None


def goal_params(q: Quantities, found: Found) -> MetaParams:
    t = q.text
    objeto, _ = objeto_of(q)
    asks_time = has(
        t,
        r"\bem quanto tempo\b|\b(?:quanto|qto|qnto|qt|qnt) tempo\b|\bquantos (?:meses|anos)\b"
        r"|\bquando (?:eu )?(?:chego|junto|consigo)\b",
    )
    used: set[int] = set()
    contribution = pick(
        money_near(
            q,
            before=r"\b(?:guardando|poupando|depositando|aportando|juntando)\b[^.;]{0,6}$",
            after=r"^ ?(?:reais )?(?:por|ao|todo) mes",
        ),
        used,
    )
    initial = pick(
        money_near(
            q,
            after=r"^ ?(?:reais )?(?:que )?(?:ja )?(?:tenho )?"
            r"(?:guardad|poupad|investid|aplicad)\w*",
        )
        or (
            money_near(q, before=r"\b(?:tenho|ja tenho|comecando com|partindo de)\b ?(?:r\$ ?)?$")
            if len(q.money) >= 2
            else []
        ),
        used,
    )
    financing = has(t, r"\bfinanc(?!eir|as\b)\w*")
    rest = [m for m in q.money if m.start not in used]
    # the target is the largest amount left ("pra ter 8 mil de renda … preciso de 1,6 milhão")
    target = pick(sorted(rest, key=lambda m: -m.value)[:1], used)
    rates = [r for r in q.rates if r.period != "cdi"]
    save_rate = next(
        (
            r
            for r in rates
            if not near_before(
                q, r.start, r"\bfinanc(?!eir|as\b)\w*[^.;]{0,40}$|\d+ ?x[^.;]{0,8}$", 50
            )
        ),
        None,
    )
    loan_rate = next((r for r in rates if r is not save_rate), None)
    save_term = next(
        (
            d
            for d in q.durations
            if d.unit in ("meses", "anos")
            and not near_before(q, d.start, r"\bfinanc(?!eir|as\b)\w*[^.;]{0,30}$", 40)
        ),
        None,
    )
    loan_term = next(
        (d for d in q.durations if d is not save_term and d.unit in ("parcelas", "meses")), None
    )
    rate: Decimal | None
    if financing and loan_rate is not None and save_rate is not None:
        op = "poupar_ou_financiar"
        rate = monthly_rate(save_rate, found, "Rendimento da aplicação")
    else:
        op = "prazo" if asks_time else "aporte"
        rate = _yield(q, found, "Rendimento")
    if rate is None:
        rate = D(0)
        found.assumptions.append(
            "Sem rendimento: você não disse quanto o dinheiro rende; aplicado, o valor mensal "
            "fica menor (me diga a taxa que eu refaço a conta)."
        )
    params = MetaParams(
        operacao=op,  # type: ignore[arg-type]  # one of the Literal values assigned above
        alvo=target.value if target else None,
        meses=save_term.months if save_term else None,
        taxa_mensal=rate,
        aporte_mensal=contribution.value if contribution else None,
        inicial=initial.value if initial else D(0),
        taxa_financiamento_mensal=monthly_rate(loan_rate, found, "Taxa do financiamento")
        if op == "poupar_ou_financiar" and loan_rate is not None
        else None,
        meses_financiamento=loan_term.months if op == "poupar_ou_financiar" and loan_term else None,
        objeto=objeto,
    )
    if params.alvo is None:
        found.missing.append("quanto você quer juntar")
    if op == "aporte" and params.meses is None:
        found.missing.append("em quanto tempo (meses ou anos)")
    if op == "prazo" and params.aporte_mensal is None:
        found.missing.append("quanto consegue guardar por mês")
    return params


_WITHDRAWAL_RULE = re.compile(
    r"\b(?:regra d[oe]s?|(?:taxa de )?(?:retirada|saque)s? (?:segur[oa]s? )?(?:anua(?:l|is) )?"
    r"(?:segur[oa]s? )?de) (\d+(?:[.,]\d+)?) ?(?:%|por cento)"
)
"""The safe-withdrawal rule ("regra dos 4%", "retirada segura de 3,5% ao ano"): capital =
annual income ÷ the rate."""
_GROWING_CUE = (
    r"\bate (?:la|entao|aposentar|me aposentar|a aposentadoria)\b|\bacumula\w*|\baplicad\w*"
    r"|\bconsigo\b|\bno caminho\b|\benquanto (?:isso|trabalho|junto|guardo|acumulo)\b"
    r"|\bate parar\b"
)
"""Words that mark a rate as the one earned while saving, not while living off the capital."""


def _growing_rate(q: Quantities) -> tuple[Rate, Rate] | None:
    """With two rates stated, (the rate living off the capital, the rate while saving): "vivendo
    do rendimento de 0,4% a.m. … consigo 0,7% a.m. até lá". None unless exactly one of the two
    carries a saving-phase cue."""
    rates = [r for r in q.rates if r.period != "cdi"]
    if len(rates) != 2:
        return None
    growing = [
        r for r in rates if has(q.before(r.start, 25) + " " + q.after(r.end, 22), _GROWING_CUE)
    ]
    if len(growing) != 1:
        return None
    living = next(r for r in rates if r is not growing[0])
    return living, growing[0]


_INITIAL_BEFORE = (
    r"\b(?:(?:ja )?tenho|comecando com|comeco com|partindo de|inicial de|entrada de"
    r"|ja tem)\b ?(?:r\$ ?)?$"
)
_INITIAL_NOW = (
    r"^ ?(?:reais )?(?:agora|hoje|de cara|de uma vez|de inicio|no inicio|ja)\b"
    r"|^ ?(?:reais )?(?:[a-z]+ ){0,3}(?:e|mais) (?:mais |depois )?(?:r\$ ?)?\d"
)
"""A lump sum put in first ("aplicar 15 mil agora e mais 500 por mês"): the initial capital."""
"""An amount the user starts with ("tenho 10 mil e vou depositar 300", "começando com 20k"):
the initial capital of deposits, not their target."""
_TIME_ASKED = (
    r"\b(?:em )?(?:quantos|qntos|qtos|qnts|qts) (?:anos|meses)\b"
    r"|\b(?:quanto|qnto|qto|qto de|qnt|qt) tempo\b"
    r"|\bquando (?:eu )?(?:chego|atinjo|alcanco|vou ter)\b"
)
"""The time asked, in its abbreviations ("qnto tempo leva?", "em quantos meses")."""


_CAPITAL_ASKED = (
    r"\b(?:quanto|qto|qnto|qual) (?:eu )?(?:preciso|precisaria|tenho (?:que|de|q)|devo)"
    r" (?:ter|juntar|acumular|investir)\b|\bsem mexer no principal\b"
    r"|\bviv(?:er|endo) (?:so )?de renda\b|\bcapital (?:que )?(?:eu )?(?:preciso|precisaria)\b"
    r"|\bviver (?:so )?(?:de|dos) (?:juros|rendimentos?)\b|\bcapital necessario\b"
)
"""The capital a monthly income needs is asked: with no capital stated, the money the user
would take out each month is that income (a perpetuity at the stated yield)."""


DEFAULT_RETIREMENT_AGE = 65
_DEPOSIT_ASKED = (
    r"\b(?:quanto|qto|qnto) (?:eu )?(?:preciso |tenho que |tenho de |devo |vou ter que )?"
    r"(?:guardar|guardo|poupar|poupo|investir|invisto|aportar|aporto|juntar|junto|separar"
    r"|colocar|depositar)\b"
)
"""The monthly deposit asked ("quanto preciso guardar por mês?")."""


def retirement_params(q: Quantities, found: Found) -> AposentadoriaParams:
    t = q.text
    used: set[int] = set()
    withdrawal = pick(
        money_near(
            q,
            before=r"\b(?:sacando|saque de|saco|sacar|retirando|retiro|retirar|tirando|tiro|tirar"
            r"|gastando)\b[^.;]{0,6}$",
        ),
        used,
    )
    income = None
    if (
        withdrawal is not None
        and len(q.money) == 1
        and has(t, _CAPITAL_ASKED)
        and not has(t, _TIME_ASKED)
    ):
        # "quanto preciso ter investido pra tirar 8 mil por mês sem mexer no principal?": the
        # withdrawal is the income a capital must yield, the capital is what is asked
        income, withdrawal = withdrawal, None
    elif withdrawal is None:
        income = pick(
            money_near(
                q,
                before=r"\b(?:renda(?: passiva| mensal)?|viver|vivendo|ganhar|receber|retirar)"
                r"(?: de renda)?(?: de| com)? (?:r\$ ?)?$",
                after=r"^ ?(?:reais )?(?:(?:por|ao) mes )?de renda\b"
                # "com 4 mil por mês só de rendimento": the income the capital must yield
                r"|^ ?(?:reais )?(?:(?:por|ao) mes|/ ?mes|mensa(?:l|is))?,? (?:so|somente|apenas)"
                r" (?:d[oe]s? |o )?(?:rendimentos?|juros)\b",
            ),
            used,
        )
    per_month = money_near(
        q, after=r"^ ?(?:k|mil)? ?(?:reais )?(?:(?:por|ao|todo) mes|/ ?mes|mensa(?:l|is)\b)"
    )
    if income is None and withdrawal is None:
        # "quero me aposentar com 5 mil por mês": a monthly amount to retire with is the
        # income ("aposentar com 2 milhões" is the capital: no month)
        income = pick(
            [
                m
                for m in per_month
                if near_before(
                    q,
                    m.start,
                    r"\b(?:aposentar(?: ganhando| recebendo)?|aposentadoria|aposentad[oa])"
                    r"(?: de| com)? (?:r\$ ?)?$",
                    45,
                )
            ],
            used,
        )
    if _WITHDRAWAL_RULE.search(t) is not None and withdrawal is None and income is None:
        # "gasto 8 mil por mês; pela regra dos 4%, quanto preciso ter?": the one monthly amount
        # is the income the capital must yield, however it is said (gasto, custo de vida, ter)
        pool = [m for m in per_month if m.start not in used] or [
            m for m in q.money if m.start not in used
        ]
        if len(pool) == 1:
            income = pick(pool, used)
    by_verb = money_near(
        q,
        before=r"\b(?:aportar|aportando|guardando|poupando|investindo|depositando"
        r"|aporte de|coloco|colocando|invisto|aplico|deposito|guardar|guardo"
        r"|(?:aportes?|depositos?) mensa(?:l|is) de)\b[^.;]{0,6}$",
    )
    # an amount said per month first: "coloco 10 mil hoje e depois 300 por mês" deposits 300
    contribution = pick(per_month + [m for m in by_verb if m not in per_month], used)
    if contribution is None and (cut := cut_saving(q)) is not None:
        contribution, note = cut  # "cortar pela metade os 1.200 do delivery e investir"
        used.add(contribution.start)
        found.assumptions.append(note)
    initial = pick(
        money_near(
            q,
            before=_INITIAL_BEFORE,
            after=r"^ ?(?:reais )?(?:ja )?(?:investid|guardad|aplicad|poupad)\w*",
        )
        or (
            [m for m in money_near(q, after=_INITIAL_NOW) if m.start not in used]
            if contribution is not None
            else []
        ),
        used,
    )
    target = pick(
        money_near(
            q, before=r"\b(?:com|chegar a|chego a|juntar|ter|acumular|atingir|de)\b ?(?:r\$ ?)?$"
        )
        or [m for m in q.money if m.start not in used],
        used,
    )
    if withdrawal is not None:
        op = "duracao"
    elif income is not None:
        op = "capital"
    elif has(
        t,
        r"\bquanto (?:eu )?(?:terei|vou ter|teria)\b|\bvou ter quanto\b|\bquanto (?:vou )?acumul"
        r"|\b(?:quanto|qto|qnto) (?:eu )?(?:junto|junta|juntaria|vou juntar|acumulo|acumula|fico"
        r"|ficaria|vou ficar)\b"
        r"|\bquanto (?:eu )?tenho\b(?! (?:que|de|q)\b)|\b(?:da|vira|fica) quanto\b"
        r"|\bquanto (?:da|vira|vai dar|vai virar)\b|" + END_BALANCE_ASKED + "|" + END_AMOUNT_ASKED,
    ) and not has(t, _TIME_ASKED):
        op = "valor_futuro"
    elif has(t, _TIME_ASKED):
        op = "prazo"
    else:
        op = "aporte"
    two = _growing_rate(q) if op == "capital" else None
    growing_rate = None
    rate: Decimal | None
    if two is not None:
        living, growing = two
        rate = monthly_rate(living, found, "Rendimento vivendo de renda")
        growing_rate = monthly_rate(growing, found, "Rendimento até a aposentadoria")
    else:
        rate = _yield(q, found, "Rendimento real")
    nominal = (
        rate is not None
        and rate > 0
        and not has(t, r"\breal\b|\bacima da inflacao\b|\balem da inflacao\b|\bipca ?\+")
    )
    if nominal:
        found.assumptions[:] = [
            a.replace("Rendimento real:", "Rendimento:") for a in found.assumptions
        ]
    rule = _WITHDRAWAL_RULE.search(t)
    if rule is not None and op == "capital":
        # "renda passiva de 6 mil/mês pela regra dos 4%": capital = renda anual ÷ 4%, the rule
        # as people state it (4%/12 a month, not a compounded monthly rate)
        share = D(rule.group(1).replace(",", "."))
        rate = share / 100 / 12
        nominal = False  # the rule's withdrawals keep up with inflation: today's money
        found.assumptions[:] = [a for a in found.assumptions if not a.startswith("Rendimento")]
        found.assumptions.append(
            f"Regra dos {share.normalize():f}%: o capital é a renda anual dividida por "
            f"{share.normalize():f}% (a retirada anual que o capital sustenta)."
        )
    stated = [r for r in q.rates if r.period != "cdi"]
    yearly_rate = stated[0] if stated and stated[0].period == "ano" else None
    if (
        rule is None
        and op == "capital"
        and income is not None
        and yearly_rate is not None
        and yearly_rate.percent > 0
    ):
        # "renda de 10 mil, rende 6% ao ano": many people divide the year's income by the
        # year's rate; that figure is said too, beside the month-by-month capital
        yearly = (income.value * 12 / yearly_rate.fraction).quantize(D("0.01"))
        found.assumptions.append(
            f"Pela conta anual (renda de {brl(income.value * 12)} por ano ÷ "
            f"{pct(yearly_rate.percent)} ao ano), seriam {brl(yearly)}; o valor acima usa o "
            "rendimento mês a mês."
        )
    if rate is None:
        rate = D("0.003273740")  # 4% a.a. real
        found.assumptions.append(
            "Rendimento real de 4% ao ano (≈ 0,33% ao mês acima da inflação), uma premissa "
            "conservadora de longo prazo: você não disse a taxa."
        )
    months = None
    age_target = q.age_target
    if q.age_now is None or q.age_target is None:
        horizon = next((d for d in q.durations if d.unit in ("anos", "meses")), None)
        months = horizon.months if horizon else None
    if (
        op == "capital"
        and q.age_now is not None
        and age_target is None
        and months is None
        and q.age_now < DEFAULT_RETIREMENT_AGE
        and has(t, _DEPOSIT_ASKED)
    ):
        # "quero uma aposentadoria de 3 mil, tenho 25 anos, quanto guardar por mês?": the
        # deposit asked needs an end; the INSS's age is assumed and said
        age_target = DEFAULT_RETIREMENT_AGE
        found.assumptions.append(
            f"Aposentadoria aos {DEFAULT_RETIREMENT_AGE} anos: você não disse a idade (é a idade "
            "mínima do INSS para homens; para mulheres, 62); me diga outra que eu refaço a conta."
        )
    params = AposentadoriaParams(
        operacao=op,  # type: ignore[arg-type]  # one of the Literal values assigned above
        idade_atual=q.age_now,
        idade_alvo=age_target,
        meses=months,
        alvo=target.value if target and op != "duracao" else (target.value if target else None),
        taxa_mensal=rate,
        aporte_mensal=contribution.value if contribution else None,
        inicial=initial.value if initial else D(0),
        saque_mensal=withdrawal.value if withdrawal else None,
        renda_mensal=income.value if income else None,
        taxa_real=not nominal,
        taxa_acumulacao_mensal=growing_rate,
    )
    has_term = months is not None or (q.age_now is not None and q.age_target is not None)
    if op in ("aporte", "valor_futuro") and not has_term:
        found.missing.append("sua idade hoje e com quantos anos quer se aposentar (ou o prazo)")
    if op in ("aporte", "prazo") and params.alvo is None:
        found.missing.append("quanto quer acumular")
    if op in ("prazo", "valor_futuro") and params.aporte_mensal is None:
        found.missing.append("quanto consegue aportar por mês")
    if op == "duracao" and params.alvo is None and params.inicial == 0:
        found.missing.append("quanto você terá acumulado")
    return params
