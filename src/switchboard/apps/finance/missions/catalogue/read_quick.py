"""Quick sums that need more than one shape of number: how long a sum lasts, what is left of an
income (and its share of the income), the real return over inflation, cash vs instalments with
the user's own yield, a sum of groups of equal amounts, a value changed by a percentage, and a
monthly cost raised every year totalled over some years.

Each reader takes only an unmistakable shape, with every number the user's own (nothing is
assumed: a shape with a number missing is left to the other kinds, which ask for it), and
returns a `ContaParams` (see `QuestionKind.CONTA`) or None.
"""

from __future__ import annotations

import re
from decimal import Decimal

from switchboard.apps.finance.finmath import annual_to_monthly
from switchboard.apps.finance.missions.catalogue.params import ContaParams, Grupo
from switchboard.apps.finance.missions.catalogue.quantities import Quantities, Rate
from switchboard.apps.finance.missions.catalogue.read_totals import (
    equivalent_rate,
    fits_budget,
    net_cdi_share,
    waiting_interest,
)
from switchboard.apps.finance.missions.catalogue.reading import (
    has,
    near_after,
    near_before,
    objeto_of,
)
from switchboard.apps.finance.nlu.share import find_share
from switchboard.apps.finance.nlu.what_if_sums import read_pace, read_swap

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
    # "quantos por cento": the "cento" is the share asked, not a cost
    costs = [m for m in q.money if m is not income[0] and not q.text.startswith("cento", m.start)]
    total = sum((m.value for m in costs), D(0))
    if total >= income[0].value:
        return None
    return ContaParams(
        operacao="sobra_percentual" if has(q.text, SHARE_ASKED) else "diferenca",
        a=income[0].value,
        b=total,
        o_que="o que sobra",
    )


SHARE_ASKED = (
    r"\b(?:quantos|qtos|qnts|que|qual|quanto|qto)(?: o| a)? (?:%|por ?cento|porcentagem"
    r"|percentual)|\b(?:porcentagem|percentual)\b|\bquantos por ?cento\b"
)
"""The share of the income is asked too ("quanto sobra e quantos % do salário isso é?")."""


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


_PURCHASING_POWER_ASKED = (
    r"\bpoder de compra\b|\b(?:vao|vai|iriam|ira) valer\b|\bvaleriam?\b|\bem dinheiro de hoje\b"
    r"|\bcorro\w*|\bperd\w* (?:de )?valor\b"
)


def purchasing_power(q: Quantities) -> ContaParams | None:
    """What today's money buys after a time of inflation ("com inflação de 0,4% ao mês, quanto
    10 mil de hoje vão valer em poder de compra daqui 3 anos?"): the amount ÷ (1 + i)^n, the
    rate made monthly when said per year."""
    rates = [r for r in q.rates if r.period in ("mes", "ano", "none")]
    terms = [d for d in q.durations if d.unit in ("meses", "anos")]
    if len(q.money) != 1 or len(rates) != 1 or len(terms) != 1:
        return None
    if not has(q.text, _INFLATION) or not has(q.text, _PURCHASING_POWER_ASKED):
        return None
    rate = rates[0]
    monthly = rate.fraction if rate.period == "mes" else annual_to_monthly(rate.fraction)
    return ContaParams(
        operacao="poder_de_compra", a=q.money[0].value, n=terms[0].months, taxa_mensal=monthly
    )


def _period(rate: Rate) -> str:
    return "ano" if rate.period in ("ano", "none") else rate.period


_OWN_YIELD = r"\b(?:rend\w*|aplicad[oa]|investid[oa]|ganh\w*|da)\b"
_NO_INTEREST = r"\bsem juros\b|\bs/ ?juros\b"


def cash_or_instalments_at_yield(q: Quantities) -> ContaParams | None:
    """Cash (with a discount, or not) vs N interest-free instalments ("geladeira de 3.500 à vista
    com 8% de desconto ou em 10x sem juros?"): the instalments' total against the cash price and
    the rate the discount hides; with the yield the user's money earns ("…, meu dinheiro rende
    0,9% ao mês"), the instalments brought to present value at it as well, the first a month
    from now."""
    t = q.text
    if not has(t, r"\ba vista\b") or not has(t, _NO_INTEREST):
        return None
    terms = [d for d in q.durations if d.unit == "parcelas" and d.value >= 2]
    if len({d.value for d in terms}) != 1:  # "10x de 300 … quanto valem as 10 parcelas?"
        return None
    each = [  # "10x de 300": the instalment said beside the price
        m
        for m in q.money
        if re.fullmatch(r" ?(?:de|x de|vezes de) ?(?:r\$ ?)?", t[terms[0].end : m.start])
    ]
    prices = [m for m in q.money if m not in each]
    if len(prices) != 1:
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
    if len(own) > 1 or len(off) > 1 or len(rates) != len(own) + len(off):
        return None
    price = prices[0].value
    discount = off[0].percent if off else None
    n = terms[0].value
    return ContaParams(
        operacao="a_vista_ou_parcelado",
        a=(price * (1 - discount / 100)).quantize(D("0.01")) if discount else price,
        b=each[0].value if each else (price / n).quantize(D("0.01")),
        n=n,
        pct=discount,
        taxa_mensal=own[0].fraction if own else None,
        o_que=objeto_of(q)[0],
    )


_ITEMS_PRICED = re.compile(
    r"(?<![\d.,])(?P<n>\d{1,2}) (?P<item>[a-z]{3,}(?: d(?:e|o|a|os|as) [a-z]{3,})?)"
    r" (?:de|a|por) (?:r\$ ?)?$"
)
_TOTAL_ASKED = (
    r"\b(?:quanto|qto|qnto) (?:fica|ficam|ficaria|ficariam|da|dao|daria|dariam|sai|saem|sairia"
    r"|custa|custam|custaria|e|seria|seriam|sao|vai dar|vai ficar|vai sair)\b"
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


_SUM_ASKED = r"\b(?:quanto|qto|qnto|qnt|qt)\b|\bda quanto\b|\bfica quanto\b"
_RECURRING = (
    r"\b(?:aluguel|condominio|internet|luz|agua|gas|netflix|spotify|streaming|assinatura"
    r"|academia|mensalidade|faxina|diarista|plano|iptu|conta de \w+|wi-?fi|tv a cabo)\b"
)
"""Costs paid every month by nature: "o aluguel de 2.400" is a monthly amount."""
_YEAR_ASKED = r"\b(?:no|por|em|durante|ao|num) (?:um |1 )?ano\b|\banual\w*\b"
_PERIOD_TERMS = ("meses", "anos")


def _months_asked(q: Quantities) -> int | None:
    """The period a total is asked for: "por ano" (12), "em 6 meses", "em 2 anos"."""
    term = next((d for d in q.durations if d.unit in _PERIOD_TERMS), None)
    if term is not None:
        return term.months
    return 12 if has(q.text, _YEAR_ASKED) else None


_EACH_ASKED = (
    r"\b(?:(?:pra|para|por|de) )?cada (?:um|uma)\b|\b(?:pra|para|por|de) (?:cada|pessoa|cabeca)\b"
)
_HEADCOUNT_BEFORE = r"\b(?:em|entre|por|com|com mais|eu e mais)\s*$"
_SAVED_ASKED = r"\beconomiz\w*|\bpoup(?:o|aria|ar|a)\b|\bdeixo de gastar\b"


def shared_cost(q: Quantities) -> ContaParams | None:
    """A monthly cost split among people, the user's part asked ("divido o aluguel de 2.400 com
    1 amigo, quanto gasto por ano?"; "racho a internet de 150 com 2 colegas, quanto dá pra mim
    por ano?"): the cost ÷ people × months (one month when no period is said). A question, so
    nothing is recorded."""
    money = [
        m for m in q.money if not (m.value <= 20 and near_before(q, m.start, _HEADCOUNT_BEFORE, 14))
    ]  # "rachamos o aluguel de 2 mil em 2": the 2 is people
    if len(money) != 1 or q.rates or not has(q.text, _SUM_ASKED):
        return None
    # "quanto fica pra cada um?" asks the share; it does not state it
    share = find_share(re.sub(_EACH_ASKED, " ", q.text))
    if share is None or share.part.numerator != 1:
        return None
    m = money[0]
    monthly = near_after(q, m.end, _MONTHLY_AFTER) or has(q.before(m.start, 30), _RECURRING)
    found = re.search(_RECURRING, q.before(m.start, 30))
    if not monthly:
        if _months_asked(q) is not None:
            return None  # a one-off cost over a period: not a sum the words settle
        # "se eu rachar o uber de 60 com 2 amigos, quanto pago?": one bill, the part of it
        return ContaParams(operacao="rateio", a=m.value, n=1, pessoas=share.part.denominator)
    return ContaParams(
        operacao="rateio_economia" if has(q.text, _SAVED_ASKED) else "rateio_periodo",
        a=m.value,
        n=_months_asked(q) or 1,
        pessoas=share.part.denominator,
        o_que=found.group(0) if found else None,
    )


_SPENDING_BEFORE = (
    r"\b(?:gasto|gastos|gastando|gasta|gastamos|despesas?|custo de vida|custos|saem|sai|saindo"
    r"|torro|torrando)"
    r"(?: (?:mensais|mensal|fixos?|fixas?|totais|sao|somam|dao|de|uns|umas|em torno de|cerca de"
    r"|tipo|mais ou menos))*(?: (?:de|e|eh))? (?:r\$ ?)?$"
)
_EARN_SLANG = (
    r"\b(?:tiro|tirando|faco|fazendo|faturo|faturando|entra|entram)\b (?:uns |umas )?(?:r\$ ?)?$"
)
"""Income said in slang beside a spending ("tiro 3.500 por mês e gasto 2.900")."""
_PUT_ASIDE = r"\b(?:guard\w*|junt\w*|poup\w*|sobr\w*|acumul\w*|economiz\w*|separ\w*)\b"
_TARGET_BEFORE = (
    r"\b(?:junt\w*|acumul\w*|cheg\w*(?: a| em| nos| nas)?|ter|atingir|meta de|alcancar|bater)"
    r" (?:uns |umas )?(?:r\$ ?)?$"
)
"""The amount to reach ("em quanto tempo junto 30 mil?"), not a monthly saving stated."""
_TIME_TO_ASKED = (
    r"\b(?:em )?(?:quanto tempo|qnto tempo|qto tempo|qnt tempo|quantos meses|qnts meses"
    r"|quantos anos|qnts anos)\b|\bquando (?:eu )?(?:chego|junto|consigo|atinjo)\b"
)


def savings_from_income(q: Quantities) -> ContaParams | None:
    """What income less spending puts aside, both said, with no rate ("ganho 5 mil e gasto 3
    mil, quanto guardo em 2 anos?": 2 mil × 24; "… em quanto tempo junto 30 mil?": 30 mil ÷ 2
    mil): a sum on the user's numbers, no yield assumed, nothing recorded."""
    if q.rates or not has(q.text, _PUT_ASIDE) or not (2 <= len(q.money) <= 3):
        return None
    if has(q.text, r"\breserva\b|\bemergencia\b|\bcolchao\b"):
        return None  # an emergency fund has its own kind (months of expenses)
    income = [m for m in q.money if near_before(q, m.start, _INCOME_BEFORE + "|" + _EARN_SLANG, 40)]
    spent = [m for m in q.money if near_before(q, m.start, _SPENDING_BEFORE, 40)]
    if len(income) != 1 or len(spent) != 1 or income[0] is spent[0]:
        return None
    a, b = income[0], spent[0]
    rest = [m for m in q.money if m is not a and m is not b]
    if (
        has(q.text, _TIME_TO_ASKED)
        and len(rest) == 1
        and near_before(q, rest[0].start, _TARGET_BEFORE, 30)
        and not near_after(q, rest[0].end, _MONTHLY_AFTER)
    ):
        return ContaParams(operacao="sobra_prazo", a=a.value, b=b.value, alvo=rest[0].value)
    months = _months_asked(q)
    if months is None:
        return None
    if len(rest) == 1 and near_before(q, rest[0].start, _TARGET_BEFORE, 30):
        # "ganhando 4 mil e gastando 3.500, dá pra juntar 10 mil em 1 ano?": the period's
        # savings against the target
        return ContaParams(
            operacao="sobra_periodo", a=a.value, b=b.value, n=months, alvo=rest[0].value
        )
    if rest or not has(q.text, _SUM_ASKED):
        return None
    return ContaParams(operacao="sobra_periodo", a=a.value, b=b.value, n=months)


_AMOUNT = r"(?P<v>\d{1,3}(?:\.\d{3})+(?:,\d{1,2})?|\d+(?:,\d{1,2})?)(?P<mil> mil\b|k\b)?"
_GROUP = re.compile(
    r"(?<![\d.,])(?P<n>\d{1,3}) ?(?:x |vezes |(?:[a-z]{3,} ){1,2})?de (?:r\$ ?)?" + _AMOUNT
)
"""One group: "3 parcelas de 250", "10x de 59", "4 boletos de 89,90", "2 de 180"."""
_JOIN = (
    r"^ ?(?:d[oa]s? (?:[a-z]+ ){0,2})?(?:,|\+|e|mais|com|e mais|,? ?mais|somad[oa]s? (?:a|com))"
    r" ?$"
)
"""Between two groups: "e", "mais", "+", a comma; after the first group's owner ("8 prestações
de 310 do carro e 2 de 1.200")."""
_GROUP_TOTAL_ASKED = r"\b(?:quanto|qto|qnto|qnt|qt)\b|\btotal\b|\bsoma\b|\bda tudo\b|\bsomando\b"


def _amount(m: re.Match[str]) -> D:
    """ "1.250" (a thousands dot), "89,90", "3 mil", "2k"."""
    value = D(m["v"].replace(".", "").replace(",", "."))
    return value * 1000 if m["mil"] else value


def groups_total(q: Quantities) -> ContaParams | None:
    """Several groups of equal amounts added up ("3 parcelas de 250 mais 2 de 180, quanto dá
    tudo?"): Σ count × amount, nothing recorded. Only groups joined by "e", "mais", "com", "+"
    or a comma, at least two, and no rate (a rate makes it a financing)."""
    if q.rates or not has(q.text, _GROUP_TOTAL_ASKED):
        return None
    found = list(_GROUP.finditer(q.text))
    best: list[re.Match[str]] = []
    run: list[re.Match[str]] = []
    for m in found:
        if run and not re.match(_JOIN, q.text[run[-1].end() : m.start()]):
            run = []
        run.append(m)
        if len(run) > len(best):
            best = list(run)
    if len(best) < 2:
        return None
    grupos = tuple(Grupo(n=int(m["n"]), valor=_amount(m)) for m in best)
    if any(g.valor <= 0 for g in grupos):
        return None
    return ContaParams(operacao="grupos", a=grupos[0].valor, n=grupos[0].n, grupos=grupos)


_UP = r"\b(?:sub\w*|sobe|aument\w*|reajust\w*|acrescim\w*|acrescent\w*|alta|encarec\w*)\b"
_DOWN = r"\b(?:cai|cair|caiu|caia|reduz\w*|reduc\w*|diminu\w*|desconto|baix\w*|abaix\w*|queda)\b"
_CHANGED_ASKED = (
    r"\b(?:quanto|qto|qnto|qnt)\b|\bnovo valor\b|\bnova (?:mensalidade|parcela|conta)\b"
    r"|\bvai pra quanto\b|\bqual (?:vai ser|sera|fica|ficaria)\b"
)


def percent_change(q: Quantities) -> ContaParams | None:
    """A value raised or cut by a percentage ("se o aluguel subir 10% vou pagar quanto? hoje pago
    1.800"; "a conta de luz de 320 cair 15%, quanto fica?"): the value × (1 ± p). One amount,
    one plain percentage beside a change word, and no period to total over (that is a sum over
    years or a growth)."""
    rates = [r for r in q.rates if r.period in ("none", "ano")]
    if len(q.money) != 1 or len(q.rates) != 1 or len(rates) != 1:
        return None
    if any(d.unit in ("meses", "anos", "parcelas") for d in q.durations):
        return None
    r = rates[0]
    if has(q.after(r.end, 6), r"^ ?d[eoa]s? ") or not has(q.text, _CHANGED_ASKED):
        return None  # "10% do salário" is a share, not a change
    if has(q.text, r"\ba vista\b|\bparcel\w*|\b\d+ ?x\b|\brend\w*|\bjuros?\b"):
        return None
    near = q.around(r.start, r.end, 30)
    up, down = has(near, _UP), has(near, _DOWN)
    if up == down:
        return None
    return ContaParams(
        operacao="aumento_percentual" if up else "reducao_percentual",
        a=q.money[0].value,
        pct=r.percent,
        o_que=objeto_of(q)[0],
    )


_EVERY_YEAR = r"\b(?:todo|cada|por|ao|a cada) ano\b|\banual(?:mente)?\b|\bano a ano\b"


def yearly_raise_total(q: Quantities) -> ContaParams | None:
    """A monthly cost raised by a percentage every year, its total over N years asked ("aluguel
    de 2.500 por mês reajustado 5% a cada ano, quanto pago no total em 5 anos?"): 12 × the cost
    × Σ (1 + p)^k for k = 0 … N − 1 (the raise applies at each anniversary)."""
    if len(q.money) != 1 or len(q.rates) != 1 or not has(q.text, _SUM_ASKED):
        return None
    r = q.rates[0]
    if r.period not in ("none", "ano") or not has(q.around(r.start, r.end, 30), _UP):
        return None
    if not has(q.text, _EVERY_YEAR) and r.period != "ano":
        return None
    years = [d for d in q.durations if d.unit == "anos"]
    if len(years) != 1 or len(q.durations) != 1 or years[0].value < 1:
        return None
    m = q.money[0]
    monthly = (
        near_after(q, m.end, _MONTHLY_AFTER)
        or has(q.before(m.start, 30), _RECURRING)
        or near_after(q, m.end, rf"^ ?(?:reais )?(?:de|do|da|no|na|com) (?:\w+ )?(?:{_RECURRING})")
    )
    if not monthly:
        return None
    found = re.search(_RECURRING, q.text)
    return ContaParams(
        operacao="reajuste_anual_total",
        a=m.value,
        n=years[0].months,
        pct=r.percent,
        o_que=found.group(0) if found else None,
    )


def what_if_sum(q: Quantities) -> ContaParams | None:
    """A pace over a span ("80 por dia, quanto vai em 30 dias?") or a swap of monthly costs
    ("trocar o plano de 90 pra 50, economizo quanto por ano?"), read by `nlu.what_if_sums`
    (the Simplista's arithmetic reads the same shapes). `o_que` keeps the unit and the span as
    said ("dia|30 dias") for the answer."""
    if (pace := read_pace(q.original)) is not None:
        return ContaParams(
            operacao="ritmo_periodo",
            a=pace.amount,
            dias=pace.count,
            o_que=f"{pace.unit}|{pace.span}",
        )
    if (swap := read_swap(q.original)) is not None:
        return ContaParams(operacao="troca", a=swap.old, b=swap.new, n=swap.months)
    return None


def read_quick(q: Quantities) -> ContaParams | None:
    """The first of the shapes above that the question has, or None."""
    for reader in (
        equivalent_rate,
        net_cdi_share,
        fits_budget,
        waiting_interest,
        groups_total,
        yearly_raise_total,
        real_rate,
        purchasing_power,
        runway,
        leftover,
        savings_from_income,
        shared_cost,
        cash_or_instalments_at_yield,
        items_total,
        percent_change,
        what_if_sum,
    ):
        found = reader(q)
        if found is not None:
            return found
    return None


__all__ = [
    "SHARE_ASKED",
    "cash_or_instalments_at_yield",
    "groups_total",
    "items_total",
    "leftover",
    "percent_change",
    "purchasing_power",
    "read_quick",
    "real_rate",
    "runway",
    "savings_from_income",
    "shared_cost",
    "what_if_sum",
    "yearly_raise_total",
]
