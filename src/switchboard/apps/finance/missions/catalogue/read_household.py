"""Emergency fund, spending diagnosis and quick-sum parameters from a pt-BR question."""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import date
from decimal import Decimal

from switchboard.apps.finance.missions.catalogue.classify import BUDGET
from switchboard.apps.finance.missions.catalogue.params import (
    ContaParams,
    DiagnosticoParams,
    GastoInformado,
    ReservaParams,
)
from switchboard.apps.finance.missions.catalogue.quantities import (
    Quantities,
)
from switchboard.apps.finance.missions.catalogue.read_quick import read_quick
from switchboard.apps.finance.missions.catalogue.reading import (
    Found,
    has,
    money_near,
    monthly_rate,
    monthly_saving,
    near_after,
    near_before,
    objeto_of,
)
from switchboard.apps.finance.nlu import extract_transaction

D = Decimal

# ---------------------------------------------------------------- reserva e diagnóstico

_MONTH_PHRASE = re.compile(
    r"\b(?:(?:em|de|do mes de) )?(?:janeiro|fevereiro|marco|abril|maio|junho|julho|agosto|setembro"
    r"|outubro|novembro|dezembro)(?: de \d{4})?\b|\bmes passado\b|\beste mes\b|\besse mes\b"
    r"|\bneste mes\b|\bultimo mes\b|\bultimos \d+ meses\b"
)


_RESERVE_MONTHS_AFTER = (
    r"^ ?(?:de |das? |dos? )?(?:minhas? |meus |suas? |seus )?"
    r"(?:reserva|despesas|gastos|custo|guardad\w*)"
)
_RESERVE_MONTHS_BEFORE = (
    r"\b(?:reserva|fundo|colchao)(?: de emergencia| emergencial| financeiro| de seguranca)?"
    r" (?:(?:de|=|:|com|para) ?)?$"
)
"""The reserve's size in months: "6 meses das minhas despesas", "fundo de emergência de 3
meses", "reserva de um ano" (12 months)."""
_HALF_SALARY = r"\b(?:meio|metade do|metade do meu) (?:salario|que (?:eu )?ganho)\b"
"""Half the income said, as the monthly saving ("consigo guardar meio salário")."""


def reserve_params(q: Quantities, found: Found) -> ReservaParams:
    t = q.text
    expense = money_near(
        q,
        before=r"\b(?:gasto|gastos|gasta|gastamos|gastando|despesas?|custo|custos|gasto mensal"
        r"|contas|custo de vida)\b[^.;\d]{0,30}$",
        after=r"^ ?(?:reais )?(?:por|ao) mes",
    )
    reserve_months = next(
        (
            d.months
            for d in q.durations
            if d.unit in ("meses", "anos")
            and (
                near_after(q, d.end, _RESERVE_MONTHS_AFTER)
                or near_before(q, d.start, _RESERVE_MONTHS_BEFORE)
            )
        ),
        None,
    )
    month = _MONTH_PHRASE.search(t)
    income = money_near(
        q,
        before=r"\b(?:ganho|ganha|ganhamos|recebo|recebe|renda|salario|ganhando|recebendo)\b"
        r"[^.;\d]{0,14}$",
    )
    saving = monthly_saving(q)
    surplus = (
        money_near(q, before=r"\bsobr\w*\b[^.;\d]{0,10}$")
        or ([saving] if saving else [])
        or [
            m
            for m in money_near(
                q,
                before=r"\b(?:consigo|posso|da pra|vou) (?:guardar|poupar|separar|juntar)\b"
                r"[^.;\d]{0,6}$|\b(?:guardo|poupo|separo|junto)\b[^.;\d]{0,6}$",
            )
            # "consigo guardar 600. quantos meses?": the time asked makes it a monthly amount
            if near_after(q, m.end, r"^ ?(?:reais )?(?:por|ao|todo|no) mes")
            or has(t, r"\b(?:quantos|qtos|qts|qnts|qntos) meses\b|\b(?:quanto|qnto|qto) tempo\b")
        ]
    )
    if not surplus and income and has(t, _HALF_SALARY):
        # "ganho 4 mil e consigo guardar meio salário": the saving is half the income said
        surplus = [replace(income[0], value=(income[0].value / 2).quantize(D("0.01")))]
    saved = money_near(
        q,
        before=r"\bja (?:tenho|juntei|guardei|poupei)\b[^.;\d]{0,6}$",
        after=r"^ ?(?:reais )?(?:ja )?(?:guardad|poupad|juntad|reservad|na reserva)\w*",
    )
    extra = [
        m
        for m in q.money
        if near_before(
            q,
            m.start,
            r"\b(?:fora|alem d[oa]s?|mais|sem contar|somando|e mais)\b (?:o |a |os |as )?"
            r"[a-z]+(?: de)? (?:r\$ ?)?$",
            30,
        )
    ]
    minimum = next(
        (d.months for d in q.durations if near_before(q, d.start, r"\bminima (?:de )?$", 12)), None
    )
    if saving is not None and expense and expense[0] == saving:
        expense = [m for m in expense[1:] if m != saving]  # "guardando 600 por mes" is no expense
    growth = [r for r in q.rates if r.period in ("mes", "ano", "none")]
    monthly = expense[0].value if expense else None
    if monthly is not None:
        monthly += sum((m.value for m in extra if m != expense[0]), D(0))
    return ReservaParams(
        ja_guardado=saved[0].value if saved else None,
        meses_minimo=minimum,
        sobra_mensal=surplus[0].value if surplus else None,
        renda_mensal=income[0].value
        if income and (not expense or income[0] != expense[0])
        else None,
        despesa_mensal=monthly,
        meses_reserva=reserve_months,
        autonomo=has(t, r"\bautonom\w*|\bfreela\w*|\bpj\b|\brenda varia\w*|\bmei\b|\bcomissao\b"),
        mes_referencia=month.group(0) if month else None,
        guardar_sobra=has(t, r"\bsobr\w*") and has(t, r"\bguard\w*|\bjunt\w*|\bmont\w*"),
        rendimento_mensal=monthly_rate(growth[0], found, "Rendimento da reserva")
        if growth and surplus
        else None,
    )


def diagnosis_params(q: Quantities) -> DiagnosticoParams:
    """The period named, and the spending the question itself lists ("onde eu corto? gastei 800
    de ifood e 400 de uber"): those amounts are the data of the diagnosis (never recorded)."""
    month = _MONTH_PHRASE.search(q.text)
    spent, income = stated_spending(q.original) if q.money else ((), None)
    budget = has(q.text, BUDGET)
    if budget and income is None and not spent and len(q.money) == 1:
        income = q.money[0].value  # "recebo 2.800 líquido, como organizo meu dinheiro?"
    return DiagnosticoParams(
        periodo=month.group(0) if month else None,
        gastos_informados=spent,
        renda_informada=income,
        orcamento=budget,
    )


def stated_spending(text: str) -> tuple[tuple[GastoInformado, ...], Decimal | None]:
    """The expenses (and income) a question lists, read by the Lançador's own extractor, so
    "800 de ifood" lands in Alimentação/Delivery exactly as a recorded "ifood 800" would. The
    extractor's dates are not used (any reference day will do)."""
    # the question's own clauses ("onde eu corto?") carry no amount: left out, so that they
    # do not end up in the last item's description (or swallow its amount)
    clauses = [c for c in re.split(r"[?!:;\n]+|\.(?=\s)", text) if re.search(r"\d", c)]
    draft = extract_transaction(", ".join(c.strip() for c in clauses) or text, date.today())
    pieces = list(draft.operacoes or ()) or [draft]
    spent: list[GastoInformado] = []
    income = D(0)
    for piece in pieces:
        if piece.valor is None or piece.valor <= 0:
            continue
        if piece.tipo == "receita":
            income += piece.valor
        elif piece.tipo in ("despesa", None) and piece.categoria is not None:
            spent.append(
                GastoInformado(
                    valor=piece.valor,
                    categoria=piece.categoria,
                    subcategoria=piece.subcategoria,
                    descricao=piece.descricao[:120] if piece.descricao else None,
                )
            )
    return tuple(spent[:30]), income or None


# ---------------------------------------------------------------- conta rápida

_ASKS_SUM = (
    r"\bquanto\b|\bqto\b|\bqnto\b|\bda quanto\b|\bsobra\b|\bcompensa\b|\bvale\b"
    r"|\bou (?:\w+ ){0,2}a vista\b|\bqual (?:e )?melhor\b"
)
_YEAR = r"\b(?:no|por|em|durante|ao) (?:um |1 )?ano\b"
_MONTHLY = r"\b(?:por|ao|todo|cada) mes\b|\bmensa(?:l|is)\b|\bassinatura\b|\bnetflix\b|\bspotify\b"


def quick_params(q: Quantities) -> ContaParams | None:
    """A quick sum with the user's own numbers (see `QuestionKind.CONTA`), or None. Only
    unmistakable shapes, and never with an interest rate (that is a financing or a goal)."""
    t = q.text
    more = read_quick(q)
    if more is not None:
        return more
    if not has(t, _ASKS_SUM) or not q.money:
        return None
    rates = [r for r in q.rates if r.period != "cdi"]
    share = re.search(
        r"(?P<pct>\d+(?:[.,]\d+)?) ?(?:%|por cento) d[oae]s? (?:meu |minha |seu |sua )?"
        r"(?P<what>salario|renda|valor|total|faturamento|ganho)\b",
        t,
    )
    if share is not None and len(q.money) == 1 and q.money[0].start > share.start():
        return ContaParams(
            operacao="percentual",
            a=q.money[0].value,
            pct=Decimal(share["pct"].replace(",", ".")),
            o_que=share["what"],
        )
    of_amount = re.search(r"(?P<pct>\d+(?:[.,]\d+)?) ?(?:%|por cento) de (?:r\$ ?)?(?=\d)", t)
    if of_amount is not None and len(q.money) == 1 and q.money[0].start == of_amount.end():
        # "quanto seria 15% de 80?": the share of the amount itself
        return ContaParams(
            operacao="percentual",
            a=q.money[0].value,
            pct=Decimal(of_amount["pct"].replace(",", ".")),
        )
    discount = [r for r in rates if has(q.around(r.start, r.end, 16), r"\bdesconto\b")]
    rates = [r for r in rates if r not in discount]  # "8% de desconto" is not an interest rate
    if rates:
        return None
    instalments = [
        (d, m)
        for d in q.durations
        if d.unit == "parcelas"
        for m in q.money
        if re.fullmatch(r" ?(?:de|x de|vezes de) ?(?:r\$ ?)?", t[d.end : m.start])
    ]
    if instalments:
        d, m = instalments[0]
        cash = [
            x for x in q.money if x is not m and has(q.around(x.start, x.end, 14), r"\ba vista\b")
        ]
        if cash:
            return ContaParams(
                operacao="a_vista_ou_parcelado", a=cash[0].value, b=m.value, n=d.value
            )
        price = [x for x in q.money if x is not m]
        if price and has(t, r"\ba vista\b"):  # "4.500 em 10x de 520 ou à vista com 8% off"
            off = discount[0].percent if discount else None
            base = price[0].value
            return ContaParams(
                operacao="a_vista_ou_parcelado",
                a=(base * (1 - off / 100)).quantize(Decimal("0.01")) if off else base,
                b=m.value,
                n=d.value,
                pct=off,
                o_que=objeto_of(q)[0],
            )
        if len(q.money) == 1:
            return ContaParams(operacao="parcelas_total", a=m.value, n=d.value)
    split = [
        (m, d)
        for m in q.money
        for d in q.durations
        if d.unit == "parcelas"
        and re.fullmatch(r" ?(?:em|parcelad[oa] em|dividid[oa] em) ", t[m.end : d.start])
    ]
    if split and len(q.money) == 1 and has(t, r"\bparcela\b|\bquanto fica\b|\bqto fica\b|\bcada\b"):
        m, d = split[0]
        return ContaParams(operacao="parcela", a=m.value, n=d.value, o_que=objeto_of(q)[0])
    monthly = [
        m
        for m in q.money
        if near_after(
            q,
            m.end,
            r"^ ?(?:reais )?(?:(?:de|com|no|na|em) \w+ )?(?:por|ao|todo|cada) mes\b"
            r"|^ ?mensa(?:l|is)\b",
        )
        or has(q.around(m.start, m.end, 24), r"\bassinatura\b|\bnetflix\b|\bspotify\b")
    ]
    investing = has(t, r"\bpoupanca\b|\bcdb\b|\blci\b|\blca\b|\btesouro\b|\brend\w*")
    if len(q.money) == 1 and monthly and not investing:
        months = 12 if has(t, _YEAR) else None
        if months is None:
            term = next((d for d in q.durations if d.unit in ("meses", "anos")), None)
            months = term.months if term is not None else None
        if months is not None and not has(t, r"\bquanto tempo\b|\bquantos meses\b|\bjuntar\b"):
            return ContaParams(operacao="mensal_periodo", a=q.money[0].value, n=months)
    if (
        len(q.money) == 2
        and has(t, r"\bganhar\b|\bganho\b|\brenda\b")
        and has(t, r"\bgast\w*")
        and has(t, r"\bguard\w*|\bpoup\w*|\bsobrar\b")
    ):
        return ContaParams(
            operacao="soma", a=q.money[0].value, b=q.money[1].value, o_que="renda necessária"
        )
    if (
        len(q.money) == 2
        and has(t, r"\bsobra\w*\b|\bfica\b|\bresta\b")
        and has(t, r"\bvend\w*|\brecebo\b|\breceber\b")
    ):
        first, second = q.money
        b = second.value * 1000 if second.value < 1000 <= first.value else second.value
        return ContaParams(operacao="diferenca", a=first.value, b=b, o_que="o que sobra")
    return None
