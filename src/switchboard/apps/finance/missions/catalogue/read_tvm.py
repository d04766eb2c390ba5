"""Time value of money with any unknown: the one of present value, monthly flow (instalment,
deposit or withdrawal), future value and term the question asks, from the other ones it states.

    "parcela max 1.500, 1,2% am, 240 meses, qnto consigo financiar?"      → present value
    "30 mil a 0,8% am por 4 anos sem aporte, quanto fica?"                → future value
    "tenho 10 mil, ponho 1.000 por mes a 1% am, em quantos meses chego a 100 mil?" → term
    "500 mil a 0,6% am, qnto saco por mes por 25 anos?"                   → withdrawal
    "já tenho 5 mil, quero 50 mil em 3 anos a 0,8% am, quanto guardo por mês?" → deposit

Each number gets a role from the words around it: a monthly flow ("por mês", "parcela de",
"ponho", "aporto"), a goal ("chegar a", "juntar", "meta de"), or a capital (the rest: "tenho",
"30 mil a 0,8%"). A question is read only when exactly the numbers its unknown needs are there
(one rate with a monthly or annual period, one term, the amounts), so the other readers keep
every shape they own; `finmath.tvm` solves it (numpy-financial conventions).
"""

from __future__ import annotations

from decimal import Decimal

from switchboard.apps.finance.missions.catalogue.params import ContaParams
from switchboard.apps.finance.missions.catalogue.quantities import Money, Quantities
from switchboard.apps.finance.missions.catalogue.reading import has, near_after, near_before

_PER_MONTH_AFTER = (
    r"^ ?(?:reais |conto |pila |r\$ )?(?:(?:por|ao|todo|cada) mes\b|/ ?mes\b|mensa(?:l|is)\b"
    r"|de (?:parcela|prestacao|aporte|saque)\b"
    r"|(?:no|ao|em) (?:fim|final|inicio|comeco) (?:de |do )?(?:cada |todo )?mes\b"
    r"|\s*mes\b)"  # "800/mês": the scan reads the "/" as a space
)
_FLOW_BEFORE = (
    r"\b(?:parcelas?|prestac(?:ao|oes)|aportes?|depositos?|saques?|retiradas?)"
    r"(?: (?:max\w*|mensa(?:l|is)|fixas?|de|no maximo|no max|ate|iguais))* ?(?:r\$ ?)?$"
    r"|\b(?:ponho|coloco|boto|aporto|deposito|guardo|invisto|aplico|junto|poupo|separo|pago"
    r"|pagar|pagando|aportando|depositando|guardando|colocando|pondo|botando|investindo"
    r"|por"
    r"|consigo pagar|posso pagar|da pra pagar|cabe)"
    r"(?: (?:mais|uns|umas|no maximo|no max|ate|tipo|r\$))* ?$"
)
_GOAL_BEFORE = (
    r"\b(?:chegar|chego|chegaria|atingir|atinjo|juntar|junto|acumular|acumulo|alcancar|alcanco"
    r"|bater|bato|completar|ter|tenha|meta(?: de)?|objetivo(?: de)?|quero)"
    r"(?: (?:a|em|aos?|nos?|os|as|uns|umas|r\$))* ?$"
)
_CAPITAL_BEFORE = (
    r"\b(?:tenho|ja tenho|com|capital de|saldo de|guardad\w*|juntei|investi|aplique)\b"
)

_PV_ASKED = (
    r"\b(?:quanto|qnto|qto|qual (?:o )?(?:valor|maximo)|o maximo que|ate quanto)\b[^?]{0,30}"
    r"\b(?:financiar|financio|financiado|financiamento|emprestad\w*|emprestimo|credito"
    r"|pegar|pego|tomar|pedir)\b"
)
_PV_TODAY_ASKED = (
    r"\b(?:quanto|qnto|qto)\b[^?]{0,25}\b(?:vale|valem|valeria|valeriam|equivale\w*)\s+"
    r"(?:hoje|agora|em dinheiro de hoje)\b"
    r"|\b(?:vale|valem|valeria|equivale\w*)\s+(?:quanto|qnto|qto)\s+(?:hoje|agora)\b"
    r"|\bvalor presente\b|\b(?:trazid\w*|traz\w*)\s+(?:a|pra|para|ao)\s+valor presente\b"
    r"|\b(?:quanto|qnto|qto)\b[^?]{0,30}\b(?:aplicar|aplico|investir|invisto|deixar|deixo|colocar"
    r"|coloco|depositar|deposito|guardar|guardo)\s+(?:hoje|agora|de uma vez|de uma so vez)\b"
)
"""A single amount brought to today ("quanto vale hoje receber 50 mil daqui 3 anos a 10% a.a.?",
"quanto preciso aplicar hoje pra ter 100 mil em 5 anos a 1% a.m.?"): its present value."""
_FV_ASKED = (
    r"\b(?:vira|fica|da|dá|rende|vai dar|vai virar|vai ficar|terei|vou ter|teria|fico com"
    r"|acumulo|junto|tenho no final|tenho depois) (?:quanto|qto|qnto)\b"
    r"|\b(?:quanto|qto|qnto) (?:eu )?(?:vira|fica|da|dá|vai dar|vai virar|vai ficar|terei"
    r"|vou ter|teria|fico|tenho (?:no final|depois|daqui|em)|acumulo|junto|rende no total"
    r"|vai ter|tera|teremos|vai estar)\b"
    r"|\bqual (?:e |sera |seria )?o (?:montante|saldo final|valor final|total acumulado)\b"
    r"|\b(?:quanto|qto|qnto) (?:de )?(?:juros|rendimento)s? (?:eu )?(?:ganho|ganharia|rende|recebo"
    r"|tenho|vou ter|terei)\b"
)
_N_ASKED = (
    r"\b(?:quantos meses|qntos meses|qtos meses|quantos anos|quanto tempo|qnto tempo|qto tempo"
    r"|em quanto tempo|quando (?:eu )?(?:chego|atinjo|alcanco|bato|junto|tenho|completo))\b"
)
_WITHDRAW_ASKED = (
    r"\b(?:quanto|qnto|qto|qual (?:o )?valor)\b[^?]{0,25}\b(?:saco|sacar|sacaria|retiro|retirar"
    r"|retiraria|tiro|tirar|tiraria|resgato|resgatar|recebo|receber|receberia|gastar|gasto|usar"
    r"|viver com|viver de)\b"
)
_DEPOSIT_ASKED = (
    r"\b(?:quanto|qnto|qto|qual (?:o )?(?:valor|aporte))\b[^?]{0,25}"
    r"\b(?:guardar|guardo|aportar|aporto|aporte|depositar|deposito|poupar|poupo|por|ponho|colocar"
    r"|coloco|investir|invisto|juntar|separar|separo)\b"
)
_GROWS = (
    r"\brend\w*|\baplic\w*|\binvest\w*|\bdeix\w*|\bguardad\w*|\bparad[oa]\b|\bsem (?:aporte"
    r"|aportar|mexer)|\bpoupad\w*|\bacumul\w*|\bjuros compostos\b|\bpon\w*|\bcoloc\w*"
)
"""A capital that grows (invested, left earning): a future value, not a price or a debt
("quanto fica um notebook de 6 mil em 10x" asks the instalments)."""
_FLOW_VERBS = r"\bdeposit\w*|\baport\w*|\bguard\w*|\bpoup\w*|\bjunt\w*|\bsepar\w*"
_PER_MONTH = r"\b(?:por|ao|todo|cada) mes\b|\bmensa(?:l|is|lmente)\b|/ ?mes\b|\d\s+mes\b"
_INSTALMENT_ASKED = r"\bparcela\w*|\bprestac\w*"
_NO_DEPOSIT = r"\bsem (?:aporte|aportar|deposit\w*|colocar mais|por mais|mexer|novos aportes)\b"
_OTHER_KIND = (
    r"\bsac\b|\bprice\b|\bcdb\b|\blci\b|\blca\b|\btesouro\b|\bpoupanca\b|\bcdi\b|\bselic\b"
    r"|\bipca\b|\binflacao\b|\balug\w*|\bentrada\b|\brotativo\b|\bcheque especial\b|\bdevo\b"
    r"|\bdevendo\b|\bsaldo devedor\b|\bmargem\b|\bsalario\b|\brenda de\b|\baposent\w*"
    r"|\bganho (?:uns |r\$ ?)?\d|\bidade\b|\banos de idade\b|\bx\b|\d ?x\b|\bvezes\b|\bfatura\b"
    r"|\bcartao\b|\bdivida\w*"
    r"|\bconsignado\b|\bmensalidade\b|\breajust\w*|\baumento\b"
)
"""Shapes another kind reads with its own table (an index, a product, a down payment, a debt
already owed, an income or an age): not a bare time-value question."""


def _flows(q: Quantities) -> list[Money]:
    return [
        m
        for m in q.money
        if near_after(q, m.end, _PER_MONTH_AFTER) or near_before(q, m.start, _FLOW_BEFORE, 40)
    ]


def _goals(q: Quantities, taken: list[Money]) -> list[Money]:
    return [
        m
        for m in q.money
        if m not in taken
        and near_before(q, m.start, _GOAL_BEFORE, 30)
        and not near_before(q, m.start, r"\b(?:tenho|ja tenho|tendo)\b[^.;?\d]{0,12}$", 20)
    ]


def read_tvm(q: Quantities, monthly: Decimal | None) -> ContaParams | None:
    """The time-value question of `q` as `ContaParams(operacao="valor_no_tempo")`, or None.
    `monthly` is the question's one rate as a monthly fraction (None: no usable rate)."""
    t = q.text
    if monthly is None or len(q.rates) != 1 or has(t, _OTHER_KIND):
        return None
    terms = [d for d in q.durations if d.unit in ("meses", "anos", "parcelas")]
    flows = _flows(q)
    goals = _goals(q, flows)
    capitals = [m for m in q.money if m not in flows and m not in goals]
    if len(flows) > 1 or len(goals) > 1 or len(capitals) > 1 or len(terms) > 1:
        return None
    flow = flows[0].value if flows else None
    goal = goals[0].value if goals else None
    capital = capitals[0].value if capitals else None
    n = terms[0].months if terms else None
    if has(t, _N_ASKED) and goal is not None and n is None and (flow or capital):
        # "tenho 10 mil, ponho 1.000 por mes a 1% am, em quantos meses chego a 100 mil?"
        return ContaParams(
            operacao="valor_no_tempo",
            taxa_mensal=monthly,
            incognita="prazo",
            a=goal,
            vp=capital,
            b=flow,
            vf=goal,
        )
    if n is None:
        return None
    if has(t, _PV_TODAY_ASKED) and flow is None and (capital is None) != (goal is None):
        # "quanto vale hoje receber 50 mil daqui 3 anos, com taxa de desconto de 10% ao ano?"
        future = capital if capital is not None else goal
        assert future is not None
        return ContaParams(
            operacao="valor_no_tempo",
            taxa_mensal=monthly,
            incognita="vp",
            a=future,
            vf=future,
            alvo=goal,
            n=n,
        )
    if has(t, _PV_ASKED) and flow is not None and capital is None and goal is None:
        # "parcela max 1.500, 1,2% am, 240 meses, qnto consigo financiar?"
        return ContaParams(
            operacao="valor_no_tempo", taxa_mensal=monthly, incognita="vp", a=flow, b=flow, n=n
        )
    if (
        has(t, _WITHDRAW_ASKED)
        and has(t, _PER_MONTH)
        and capital is not None
        and flow is None
        and goal is None
    ):
        # "500 mil a 0,6% am, qnto saco por mes por 25 anos?"
        return ContaParams(
            operacao="valor_no_tempo",
            taxa_mensal=monthly,
            incognita="saque",
            a=capital,
            vp=capital,
            n=n,
        )
    if (
        has(t, _DEPOSIT_ASKED)
        and capital is not None
        and goal is not None
        and flow is None
        and goal > capital
    ):
        # "já tenho 5 mil, quero chegar a 50 mil em 3 anos a 0,8% am, quanto guardo por mês?"
        return ContaParams(
            operacao="valor_no_tempo",
            taxa_mensal=monthly,
            incognita="aporte",
            a=goal,
            vp=capital,
            vf=goal,
            n=n,
        )
    without_rates = "".join(
        " " if any(r.start <= i < r.end for r in q.rates) else c for i, c in enumerate(t)
    )
    if flow is None and has(without_rates, _PER_MONTH):
        return None  # a monthly amount it could not read ("gasto 900 com ifood por mês")
    if (
        has(t, _FV_ASKED)
        and has(t, _GROWS + "|" + _FLOW_VERBS)
        and not has(t, _INSTALMENT_ASKED)
        and (capital is not None or flow is not None)
        and goal is None
        and (flow is None or not has(t, _NO_DEPOSIT))
    ):
        # "30 mil a 0,8% am por 4 anos sem aporte, quanto fica?"
        return ContaParams(
            operacao="valor_no_tempo",
            taxa_mensal=monthly,
            incognita="vf",
            a=capital or flow or Decimal(0),
            vp=capital,
            b=flow,
            n=n,
        )
    return None


__all__ = ["read_tvm"]
