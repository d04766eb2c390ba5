"""Quick answers that combine the user's numbers in one fixed way, none needing an amount the
user did not say:

- a fixed-income rate said as a % of the CDI, net of IR for the term, still as a % of the CDI
  ("CDB 110% do CDI por 1 ano, quanto dá líquido em % do CDI?" → 110 × (1 − 17,5%) = 90,75%),
  and compared with an exempt LCI/LCA's %;
- whether a purchase in N× without interest fits the budget: income − fixed spending before,
  the instalment, and what is left after ("ganho 4.500, gasto 3.700 fixo, geladeira de 2.400
  em 12x sem juros, cabe?" → 800 before, 200 a month, 600 after);
- the interest a revolving debt adds while the user waits to pay it off ("devo 3 mil no
  rotativo a 14% am; quitar agora ou daqui 2 meses?" → 3.000 × (1,14² − 1) avoided, and the
  balance then).

Each reader returns a `ContaParams` (see `QuestionKind.CONTA`) or None.
"""

from __future__ import annotations

import re
from decimal import Decimal

from switchboard.apps.finance.missions.catalogue.params import ContaParams
from switchboard.apps.finance.missions.catalogue.quantities import Quantities
from switchboard.apps.finance.missions.catalogue.reading import has, near_after, near_before
from switchboard.apps.finance.triage.rules import EQUIVALENT_ASKED

D = Decimal

_NET_CDI_ASKED = (
    r"\bliquid\w*|\bdescontad\w* (?:o )?(?:ir|imposto)|\bdepois do (?:ir|imposto)"
    r"|\bsem o (?:ir|imposto)|\bequivale\w*|\bem (?:%|percentual|porcentagem) do cdi"
)
_EXEMPT = r"\b(?:lci|lca|lcis|lcas|lig|cri|cra|debenture incentivada|poupanca)\b"
_TAXED = r"\b(?:cdb|cdbs|lc|rdb|debenture|tesouro|fundo|cdi)\b"


def net_cdi_share(q: Quantities) -> ContaParams | None:
    """A taxed rate said as a % of the CDI, its net % for the term asked, with no amount (the
    share does not depend on it); an exempt product's % of the CDI, when said, is compared."""
    cdi = [
        r
        for r in q.rates
        if r.period == "cdi"
        # "compensa mais que lci de 95%?": the exempt product's rate, its CDI left implicit
        or (r.period == "none" and has(q.text[max(0, r.start - 12) : r.start], _EXEMPT))
    ]
    # "quantos por cento do CDI": the "cento" is the share asked, not an amount
    amounts = [m for m in q.money if not q.text.startswith("cento", m.start)]
    if not cdi or len(cdi) > 2 or len(cdi) != len(q.rates) or amounts:
        return None
    if not has(q.text, _NET_CDI_ASKED) or not has(q.text, r"\bcdb\b|\blc\b|\brdb\b|\bdebenture\b"):
        return None
    terms = [d for d in q.durations if d.unit in ("dias", "meses", "anos")]
    if len(terms) != 1:
        return None
    taxed = exempt = None
    for r in cdi:
        context = q.text[max(0, r.start - 25) : r.start]
        words = re.findall(_EXEMPT + "|" + _TAXED, context)
        if words and re.fullmatch(_EXEMPT, words[-1]):
            exempt = exempt or r
        else:
            taxed = taxed or r
    if taxed is None:
        return None
    return ContaParams(
        operacao="cdi_liquido",
        a=D(0),
        pct=taxed.percent,
        pct_b=exempt.percent if exempt is not None else None,
        dias=terms[0].days,
        o_que=_product(q.text[max(0, taxed.start - 25) : taxed.start]),
    )


def _product(context: str) -> str:
    found = re.findall(r"\b(cdb|lc|rdb|debenture)\b", context)
    return found[-1].upper() if found and found[-1] != "debenture" else "CDB"


_INCOME_BEFORE = (
    r"\b(?:ganho|ganhando|recebo|salario|renda|rendimento mensal|entra(?:m)?)\b"
    r"(?: (?:liquido|liquida|mensal|de|e|eh|uns|umas|por mes))* ?(?:r\$ ?)?$"
)
_FIXED_BEFORE = (
    r"\b(?:gasto|gastos|despesas?|contas|custo|custos|pago|saem|sai|fixos?)\b"
    r"(?: (?:fix[oa]s?|mensa(?:l|is)|de|e|eh|dao|da|somam|uns|umas|por mes|com tudo|total))*"
    r" ?(?:r\$ ?)?$"
)
_FIXED_AFTER = r"^ ?(?:reais |r\$ )?(?:de )?(?:gastos? |despesas? |contas? )?fix[oa]s?\b"
_FITS_ASKED = (
    r"\bcabe\b|\bcaberia\b|\bda pra\b|\bdaria pra\b|\bconsigo\b|\baguento\b|\bposso\b"
    r"|\bsobra\w*\b|\bresta\w*\b|\bfolga\b|\bencaixa\b|\bcompensa\b|\bdevo\b|\borcamento\b"
)
_NO_INTEREST = r"\bsem juros\b|\bs/ ?juros\b"


def fits_budget(q: Quantities) -> ContaParams | None:
    """An item bought in N× without interest against the monthly slack (income − fixed
    spending): the instalment, the slack before and after."""
    if q.rates or len(q.money) != 3 or not has(q.text, _FITS_ASKED):
        return None
    count = [d for d in q.durations if d.unit == "parcelas"]
    if len(count) != 1 or count[0].value < 2:
        return None
    if not has(q.text, _NO_INTEREST) and not has(q.text, r"\b\d+ ?x\b|\bvezes\b|\bparcel"):
        return None
    income = [m for m in q.money if near_before(q, m.start, _INCOME_BEFORE, 30)]
    fixed = [
        m
        for m in q.money
        if m not in income
        and (near_before(q, m.start, _FIXED_BEFORE, 30) or near_after(q, m.end, _FIXED_AFTER))
    ]
    if len(income) != 1 or len(fixed) != 1:
        return None
    item = next(m for m in q.money if m is not income[0] and m is not fixed[0])
    if fixed[0].value >= income[0].value or item.start < count[0].start - 40:
        return None
    return ContaParams(
        operacao="cabe_no_orcamento",
        a=income[0].value,
        b=fixed[0].value,
        alvo=item.value,
        n=count[0].value,
    )


_REVOLVING = r"\brotativo\b|\bcheque especial\b|\bcartao\b|\bfatura\b|\bdivida\b|\bdevo\b"
_WAIT = (
    r"\b(?:daqui|dqui|dq|em|depois de|apos|esperar|espero|esperando|deixar|deixo|adiar|adio)"
    r"(?: a| uns| mais)? (?P<n>\d+|um|uma|dois|duas|tres|quatro|cinco|seis) (?:mes|meses)\b"
)
_WAIT_ASKED = (
    r"\beconomiz\w*|\bquanto a mais\b|\bpago a mais\b|\bperco\b|\bdiferenca\b|\bagora ou\b"
    r"|\bcompensa\b|\bvale a pena\b|\bjuros (?:eu )?(?:evito|economizo|deixo de pagar|pago)\b"
)
_GROWTH_ASKED = (
    r"\b(?:qual|quanto|qto|qnto)\b[^?]{0,20}\bsaldo devedor\b|\bpasso a dever\b|\bvou dever\b"
    r"|\bdeveria\b|\bvou estar devendo\b"
    r"|\b(?:quanto|qto|qnto) (?:vai |vou )?(?:vir|vem|fica|ficaria|pago de juros|de juros)\b"
    r"|\bquanto (?:eu )?(?:devo|deveria) (?:no final|depois|em)\b|\bvira quanto\b"
)
_NEXT_BILL = r"\bproxima fatura\b|\bnesse mes\b|\bneste mes\b|\bno mes que vem\b|\bmes seguinte\b"
_SMALL = {"um": 1, "uma": 1, "dois": 2, "duas": 2, "tres": 3, "quatro": 4, "cinco": 5, "seis": 6}
_BILL_BEFORE = (
    r"\bfatura (?:veio|vem|de|deu|foi|fechou (?:em|com)?|total de|no valor de)? ?(?:r\$ ?)?$"
)
_PAID_BEFORE = (
    r"\b(?:paguei|pago|vou pagar|consegui pagar|dei)(?: so| apenas| somente)?(?: o minimo)?"
    r"(?: de)? ?(?:r\$ ?)?$"
)
_DEBT_BEFORE = (
    r"\b(?:devo|devendo|divida de|saldo de|rotativo|cheque especial|cartao)\b[^.;?\d]{0,20}$"
)
_DEBT_AFTER = (
    r"^ ?(?:reais )?(?:de divida |devendo )?(?:no|na|do|da) (?:rotativo|cheque|cartao|fatura)\b"
)


def waiting_interest(q: Quantities) -> ContaParams | None:
    """A revolving debt at a monthly rate left unpaid for some months — paid off now or after a
    wait, or just left there: the compound interest it adds (what paying now saves) and the
    balance by then. A bill partly paid ("fatura de 5.000, paguei 1.000, o resto no rotativo")
    leaves its rest in the revolving credit."""
    rates = [r for r in q.rates if r.period != "cdi"]
    if len(rates) != 1 or not q.money or not has(q.text, _REVOLVING):
        return None
    if has(q.text, r"\bprestac\w*|\bparcela\w*|\bquito\b|\bquitar\b(?! agora)") and not has(
        q.text, _WAIT_ASKED
    ):
        return None  # the instalment that pays it off is a financing question
    wait = re.search(_WAIT, q.text)
    terms = [d for d in q.durations if d.unit == "meses"]
    if wait is not None and has(q.text, _WAIT_ASKED):
        months = int(wait["n"]) if wait["n"].isdigit() else _SMALL[wait["n"]]
    elif has(q.text, _GROWTH_ASKED) and len(terms) == 1:
        months = terms[0].value
    elif has(q.text, _GROWTH_ASKED) and not terms and has(q.text, _NEXT_BILL):
        months = 1
    else:
        return None
    bill = [m for m in q.money if near_before(q, m.start, _BILL_BEFORE, 25)]
    paid = [m for m in q.money if near_before(q, m.start, _PAID_BEFORE, 25)]
    waiting = wait is not None and has(q.text, _WAIT_ASKED)
    if len(bill) == 1 and len(paid) == 1 and paid[0].value < bill[0].value:
        balance, paid_value = bill[0].value - paid[0].value, paid[0].value
    elif not waiting and len(q.money) > 1:
        return None  # other money in play ("uso os 2 mil do 13º pra abater"): the debts kind
    else:
        debt = [
            m
            for m in q.money
            if near_before(q, m.start, _DEBT_BEFORE, 30) or near_after(q, m.end, _DEBT_AFTER)
        ]
        if len(debt) != 1:
            return None
        balance, paid_value = debt[0].value, None
    if not 1 <= months <= 60:
        return None
    r = rates[0]
    monthly = r.fraction if r.period in ("mes", "none") else None
    if monthly is None or monthly <= 0 or monthly > D("0.3"):
        return None
    return ContaParams(
        operacao="juros_da_espera",
        a=balance,
        b=paid_value,
        n=months,
        taxa_mensal=monthly,
        o_que="agora_ou_depois" if waiting else None,
    )


def equivalent_rate(q: Quantities) -> ContaParams | None:
    """A monthly rate as its annual equivalent, or the other way round, by compounding ("1% ao
    mês equivale a quantos % ao ano?" → 12,68%, not 12%)."""
    if not 1 <= len(q.rates) <= 2 or q.money or q.rates[0].period not in ("mes", "ano"):
        return None
    if len(q.rates) == 2 and q.rates[1].period != q.rates[0].period:
        return None  # "1,2% ao mês equivale a quanto ao ano? E 2% ao mês?": two of one period
    asked = re.search(EQUIVALENT_ASKED, q.text)
    if asked is None:
        return None
    named = asked["to2"] or asked["to4"] or asked["to7"]
    to = (
        asked["to"]
        or asked["to3"]
        or asked["to5"]
        or asked["to6"]
        or ("ano" if named in ("anual", "anuais") else "mes")
    )
    given = q.rates[0]
    if to == given.period:
        return None
    second = q.rates[1].percent if len(q.rates) == 2 else None
    return ContaParams(
        operacao="taxa_equivalente", a=D(0), pct=given.percent, pct_b=second, o_que=given.period
    )


__all__ = ["equivalent_rate", "fits_budget", "net_cdi_share", "waiting_interest"]
