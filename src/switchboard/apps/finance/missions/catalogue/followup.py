"""A follow-up question resolved against the previous one: "e se fosse em 12x?", "e a 1% ao
mês?", "e com entrada de 100 mil?" re-run the previous catalogue question with what changed.

Only what the follow-up states changes — a term, a rate, a down payment — everything else is the
previous question's, and the answer says which question it redid (an assumption). The previous
question may be one the user completed answering an ask ("0,8% ao mês" after "preciso de: a
taxa"): it is read merged (`pending.resolved_questions`). A message
that is a question of its own (a kind with its own numbers) is never merged.
"""

from __future__ import annotations

import re
from dataclasses import replace
from decimal import Decimal
from typing import Any

from switchboard.apps.finance.finmath import annual_to_monthly, price_instalment
from switchboard.apps.finance.finmath.fmt import count, pct
from switchboard.apps.finance.market.models import IndexName
from switchboard.apps.finance.missions.catalogue.extract import Question, extract
from switchboard.apps.finance.missions.catalogue.kinds import QuestionKind
from switchboard.apps.finance.missions.catalogue.params import (
    ContaParams,
    DividasParams,
    FinanciamentoParams,
    InvestimentosParams,
    OpcaoInvestimento,
)
from switchboard.apps.finance.missions.catalogue.pending import resolved_questions
from switchboard.apps.finance.missions.catalogue.quantities import Duration, Quantities, scan
from switchboard.apps.finance.missions.catalogue.wording import brl, rate, years_months
from switchboard.apps.finance.triage.intent import read_intent
from switchboard.apps.finance.triage.rules import ASPECT
from switchboard.apps.finance.triage.text import fold as triage_fold

_FOLLOW_UP = re.compile(
    r"^\s*(?:e|mas|agora|tá|ta|ok)?\s*(?:se|com|em|a|no|na|num|numa|pelo|pela|pra|para|sem|aos)\b"
)
MAX_CHARS = 90
_COMPARED = re.compile(
    r"^\s*(?:e\s+)?(?:(?:sera\s+que\s+)?(?:vale|valeria)\s+(?:mais\s+|mesmo\s+)?a\s+pena"
    r"|compensa\w*|(?:e|eh|seria|sera|fica|ficaria)\s+(?:melhor|pior|mais\s+vantajos\w*)"
    r"|(?:rende|renderia)\s+mais|ganha\s+d[eoa]|perde\s+(?:pra|para|d[eoa])|melhor\s+(?:que|do\s+que)"
    r"|compar\w*)\b"
)
"""A follow-up that weighs the previous question's product against another ("vale mais a
pena que um CDB de 100% do CDI?", "é melhor que o Tesouro Selic?"): the same amount and term,
both products side by side."""
_COMPARED_AFTER = re.compile(
    r"\b(?:rende|renderia|compensa|compensaria|ganha)\s+mais\b|\b(?:vale|valeria)\s+mais\s+a\s+pena\b"
    r"|\b(?:e|eh|seria|fica|ficaria)\s+melhor\b|\bqual\s+(?:e\s+|eh\s+)?(?:o\s+)?melhor\b"
)
"""The same weighing said after the product ("e num CDB de 110% do CDI, rende mais?")."""


def _term(q: Quantities) -> Duration:
    """The new term: "5 anos mais tarde, com 20 anos pela frente" → 20 anos."""
    ahead = [
        d for d in q.durations if re.match(r" ?(?:pela frente|de prazo|no total)", q.after(d.end))
    ]
    if ahead:
        return ahead[0]
    plain = [
        d
        for d in q.durations
        if not re.match(r" ?(?:mais tarde|depois|antes|a mais|a menos)", q.after(d.end))
    ]
    return (plain or list(q.durations))[0]


def follow_up(text: str, context: str | None) -> Question | None:
    """The previous question with this message's changes, when this message is a follow-up;
    the previous question as it was when the message asks for another figure of its answer."""
    q = scan(text)
    folded = q.text
    if (
        ASPECT.match(folded)
        and not (q.money or q.rates or q.durations)
        and not re.search(r"\b(?:sac|price)\b", folded)  # another system: `apply_changes`
    ):
        previous = next(
            (p for p in map(extract, resolved_questions(context)) if p and not p.missing), None
        )
        if previous is not None:
            note = "Refiz a conta da sua pergunta anterior, com os mesmos números"
            return replace(previous, assumptions=(*previous.assumptions, note))
    system_only = re.search(r"\b(?:sac|price)\b", folded) is not None and not (
        q.money or q.rates or q.durations
    )  # "compara com o sac", "qual seria a primeira parcela no SAC?"
    compared = _COMPARED.search(folded) is not None or _COMPARED_AFTER.search(folded) is not None
    if len(text) > MAX_CHARS or not (_FOLLOW_UP.search(folded) or system_only or compared):
        return None
    previous = next(
        (q for q in map(extract, resolved_questions(context)) if q and not q.missing), None
    )  # an answer to an ask stands for the question it answered (pending.py)
    if previous is None:
        return None
    changed = apply_changes(previous, text, compared=compared)
    if changed is None:
        return None
    question, said = changed
    note = "Refiz a conta da sua pergunta anterior mudando só " + " e ".join(said)
    if compared and isinstance(question.params, InvestimentosParams):
        note = "Usei o valor e o prazo da sua pergunta anterior e comparei " + " e ".join(said)
    return replace(question, assumptions=(*question.assumptions, note))


_NO_YIELD = (
    r"\bsem (?:render|rendimento|juros|aplicar|investir)\b|\b(?:nao|sem) rend\w*"
    r"|\brend\w* (?:nada|zero)\b|\b(?:no|debaixo do) colchao\b|\bparad[oa] na conta\b"
    r"|\bzero (?:de )?(?:rendimento|juros)\b|\b0 ?% (?:de )?(?:rendimento|juros)\b"
)
"""The same plan with no yield (or no interest): a rate of 0."""
_CASH = r"\ba vista\b|\bde uma vez\b|\bem dinheiro\b|\bno pix\b"
"""Paying cash instead of financing."""


def apply_changes(
    previous: Question, text: str, *, compared: bool = False
) -> tuple[Question, list[str]] | None:
    """`previous` with what `text` changes (a term, a rate, a down payment, no yield, paying
    cash), and the pt-BR list of what changed; None when `text` changes nothing. `compared`:
    the products `text` names are weighed against the previous ones (kept), not instead."""
    q = scan(text)
    folded = q.text
    if re.search(_CASH, folded) and isinstance(previous.params, FinanciamentoParams):
        return _paying_cash(previous, q)
    fields = type(previous.params).model_fields
    update: dict[str, Any] = {}
    said: list[str] = []
    bare = re.fullmatch(r"\s*e\s+(?:em|com|no|pra)\s+(\d{1,3})\s*\??\s*", folded)
    if not q.durations and bare and "meses" in fields and getattr(previous.params, "meses", None):
        update["meses"] = int(bare[1])  # "e em 48?": the same unit as the previous term
        said.append(f"o prazo para {count(int(bare[1]), 'mês')}")
    systems = [s for s in ("sac", "price") if re.search(rf"\b{s}\b", folded)]
    if systems and re.search(r"\bcompar\w*|\bversus\b|\bvs\b|\bdiferenca\b", folded):
        systems = ["price", "sac"]  # "compara com o sac": both, side by side
    if systems and "sistemas" in fields:
        update["sistemas"] = tuple(systems)
        names = " e ".join("SAC" if s == "sac" else "Price" for s in systems)
        said.append(f"o sistema ({names})")
    if q.durations:
        d = _term(q)
        if "dias" in fields and d.unit == "dias":
            update["dias"] = d.value
        if "meses" in fields:
            update["meses"] = d.months
            if "dias" in fields and d.unit != "dias":
                update["dias"] = d.days
        term = years_months(d.months) if d.months >= 12 else count(d.months, "mês")
        said.append(f"o prazo para {term}")
    down_pct = [r for r in q.rates if re.search(r"entrada", q.around(r.start, r.end, 14))]
    rates = [r for r in q.rates if r.period != "cdi" and r not in down_pct]
    if rates and "taxa_mensal" in fields:
        r = rates[0]
        monthly = annual_to_monthly(r.fraction) if r.period == "ano" else r.fraction
        update["taxa_mensal"] = monthly
        said.append(f"a taxa para {rate(monthly)}")
    elif rates and isinstance(previous.params, DividasParams) and previous.params.nova_taxa_mensal:
        r = rates[0]  # "e se for 1,2%?" after a portability: the offered rate changes
        monthly = annual_to_monthly(r.fraction) if r.period == "ano" else r.fraction
        update["nova_taxa_mensal"] = monthly
        said.append(f"a taxa oferecida ({rate(monthly)})")
    indices = previous.indices
    if isinstance(previous.params, InvestimentosParams):
        other = extract(text)  # "e num CDB de 110% do CDI?": the products change
        if (
            other is not None
            and isinstance(other.params, InvestimentosParams)
            and any(not _priced(o) for o in other.params.opcoes)
        ):
            return None  # "uma LCI de 90%?": which rate? The message asks it on its own
        if other is not None and isinstance(other.params, InvestimentosParams):
            if other.params.opcoes:
                kept = previous.params.opcoes if compared else ()
                update["opcoes"] = (
                    *kept,
                    *(o for o in other.params.opcoes if o not in kept),
                )
                names = " e ".join(
                    _PRODUCT_NAMES.get(o.produto, o.produto) for o in update["opcoes"]
                )
                said.append(f"{'as aplicações' if compared else 'a aplicação'} ({names})")
            if other.params.cdi_anual is not None:
                update["cdi_anual"] = other.params.cdi_anual
            merged = previous.params.model_copy(update=update)
            needed: list[IndexName] = list(indices)
            if any(o.pct_cdi is not None for o in merged.opcoes) and merged.cdi_anual is None:
                needed.append("cdi")
            kinds = {o.produto for o in merged.opcoes}
            if merged.selic_anual is None and (
                "tesouro_selic" in kinds or ("poupanca" in kinds and not merged.poupanca_mensal)
            ):
                needed.append("selic")
            indices = tuple(dict.fromkeys(needed))
    down = [m for m in q.money if re.search(r"entrada", q.around(m.start, m.end))]
    base = getattr(previous.params, "valor_bem", None)
    if down and "entrada" in fields:
        value = down[0].value
        if base is not None and value < 1000 and value * 1000 < base:
            value *= 1000  # "e se eu der 150 de entrada?" on a 500 mil house: R$ 150 mil
        update["entrada"] = value
        if "principal" in fields and base is not None:
            update["principal"] = None
        said.append(f"a entrada para {brl(value)}")
    if down_pct and not down and "entrada" in fields and base is not None:
        value = (base * down_pct[0].fraction).quantize(Decimal("0.01"))
        update["entrada"] = value
        if "principal" in fields:
            update["principal"] = None
        said.append(f"a entrada para {brl(value)} ({pct(down_pct[0].percent, places=0)})")
    no_yield = re.search(_NO_YIELD, folded) is not None
    if no_yield and "taxa_mensal" in fields and "taxa_mensal" not in update:
        update["taxa_mensal"] = Decimal(0)
        said.append("o rendimento (sem render nada)")
    elif no_yield and isinstance(previous.params, InvestimentosParams):
        update["opcoes"] = (OpcaoInvestimento(produto="aplicacao", taxa_mensal=Decimal(0)),)
        said.append("o rendimento (sem render nada)")
    per_month = [
        m for m in q.money if re.match(r" ?(?:reais )?(?:por|ao|todo|cada) mes\b", q.after(m.end))
    ]
    if per_month and "pagamento_mensal" in fields:  # "e se eu pagar 1000 por mês?"
        update["pagamento_mensal"] = per_month[0].value
        update["operacao"] = "prazo_quitacao"
        said.append(f"o pagamento mensal ({brl(per_month[0].value)})")
    elif per_month and "aporte_mensal" in fields and "operacao" in fields:
        update["aporte_mensal"] = per_month[0].value
        update["operacao"] = (
            "prazo" if "alvo" in fields and _has_target(previous) else "valor_futuro"
        )
        said.append(f"o aporte mensal ({brl(per_month[0].value)})")
    already = [
        m
        for m in q.money
        if m not in per_month
        and re.search(r"\b(?:ja (?:tenho|tiver|tivesse)|tendo|comecar com)\b[^.;?]{0,12}$",
                      q.before(m.start, 30))
    ]  # fmt: skip
    if already and "inicial" in fields:  # "e se eu já tiver 5 mil?"
        update["inicial"] = already[0].value
        said.append(f"o valor inicial ({brl(already[0].value)})")
    if not update:
        return None
    params = previous.params.model_copy(update=update)
    question = Question(
        kind=previous.kind,
        params=type(previous.params).model_validate(params.model_dump()),
        assumptions=previous.assumptions,
        indices=indices,
        objeto=previous.objeto,
    )
    return question, said


def _priced(option: OpcaoInvestimento) -> bool:
    """Whether an option says what it pays (poupança and Tesouro Selic follow the Selic)."""
    return option.produto in ("poupanca", "tesouro_selic") or any(
        rate is not None for rate in (option.pct_cdi, option.taxa_anual, option.taxa_mensal)
    )


_PRODUCT_NAMES = {"poupanca": "poupança", "cdb": "CDB", "lci": "LCI", "lca": "LCA",
                  "tesouro_selic": "Tesouro Selic", "tesouro_ipca": "Tesouro IPCA+",
                  "tesouro_prefixado": "Tesouro Prefixado"}  # fmt: skip
"""The products' names as the answer says them."""


_ABOUT_IT = re.compile(r"\b(?:isso|isto|esse dinheiro|esse valor|ela|nela|ele|nele|eles|neles)\b")


def with_balance(text: str, context: str | None) -> Question | None:
    """ "quanto isso rende por mês?" right after "tenho 20 mil na poupança": the question read
    with the balance the user just stated (said in the answer), or None."""
    latest = next(iter(resolved_questions(context)), None)
    if latest is None or latest.strip() == text.strip():
        return None
    if not read_intent(triage_fold(latest)).balance or scan(text).money:
        return None
    if not _ABOUT_IT.search(scan(text).text) and len(text) > MAX_CHARS:
        return None
    return _read_after(latest, text, "Usei o saldo que você me disse")


_BACK_REFERENCE = re.compile(
    r"\b(?:isso|isto|esse (?:dinheiro|valor|montante|total)|essa (?:grana|quantia|sobra|diferenca"
    r"|economia)|esses (?:reais|valores)|o que (?:sobra|sobrar|economizo|economizar|guardo))\b"
)
"""A word that points back at an amount said before ("guardando isso todo mês")."""


def with_amount_said(text: str, context: str | None) -> Question | None:
    """ "se eu for guardando isso todo mês a 1% ao mês, quanto tenho em 2 anos?" right after
    "sobram uns 700 por mês": the question read with the amount of the user's message just
    before (a statement, not a question), said in the answer; or None."""
    q = scan(text)
    if q.money or not _BACK_REFERENCE.search(q.text):
        return None
    latest = next(iter(resolved_questions(context)), None)
    if latest is None or latest.strip() == text.strip() or "?" in latest:
        return None
    if read_intent(triage_fold(latest)).intent not in ("registro", "informacao"):
        return None
    if not scan(latest).money:
        return None
    return _read_after(latest, text, "Usei o valor que você me disse antes")


def _read_after(latest: str, text: str, said: str) -> Question | None:
    """`text` read as the continuation of the user's previous message `latest` (both as one
    question), with `said: “latest”` among its assumptions; None unless every parameter is
    then known."""
    merged = extract(latest.rstrip(" .!") + ". " + text)
    if merged is None or merged.missing:
        return None
    note = f"{said}: “{latest.strip()}”"
    return replace(merged, assumptions=(note, *merged.assumptions))


def _has_target(question: Question) -> bool:
    return getattr(question.params, "alvo", None) is not None


_DISCOUNT = r"\bdesconto\b|\bmais barat"


def _paying_cash(previous: Question, q: Quantities) -> tuple[Question, list[str]] | None:
    """ "e se eu pagar à vista?" after a financing: the cash price (less a stated discount)
    against the PRICE instalments — a quick sum of the previous numbers."""
    p = previous.params
    assert isinstance(p, FinanciamentoParams)
    cash = p.valor_bem if p.valor_bem is not None else p.financed()
    financed = p.financed()
    if cash is None or financed is None or p.taxa_mensal is None or p.meses is None:
        return None
    said = ["o pagamento (à vista)"]
    off = [r for r in q.rates if re.search(_DISCOUNT, q.around(r.start, r.end, 20))]
    money_off = [m for m in q.money if re.search(_DISCOUNT, q.around(m.start, m.end, 20))]
    if off:
        cash = (cash * (1 - off[0].fraction)).quantize(Decimal("0.01"))
        said.append(f"com {pct(off[0].percent, places=0)} de desconto")
    elif money_off:
        cash = cash - money_off[0].value
        said.append(f"com {brl(money_off[0].value)} de desconto")
    instalment = price_instalment(financed, p.taxa_mensal, p.meses)
    params = ContaParams(
        operacao="a_vista_ou_parcelado",
        a=cash,
        b=instalment,
        n=p.meses,
        o_que=previous.objeto,
    )
    assumptions: tuple[str, ...] = ()
    if p.entrada and p.valor_bem is not None:
        assumptions = (
            f"A entrada de {brl(p.entrada)} sai nos dois casos: comparei as {p.meses} parcelas "
            f"(Price) com o restante pago à vista.",
        )
        params = params.model_copy(update={"a": max(cash - p.entrada, Decimal(0))})
    return Question(kind=QuestionKind.CONTA, params=params, assumptions=assumptions), said


_SECOND_PART = re.compile(
    r"(?:[?.;!]|,)\s*(?:e|mas|agora|tambem)\s+(?=(?:se|caso|sem|pagando|a vista|com)\b)"
    r"|(?<=[\w%)])\s+e\s+(?=se (?:fosse|for|eu|nao|pagar|guardar|render)\b)"
)
"""Where a second, what-if question starts in the same message ("…? e se fosse sem render
nada?", "…, e se eu pagar à vista?")."""


def two_parts(text: str) -> tuple[Question, Question, str] | None:
    """A question with a what-if on its own numbers in the same message: the first part's
    question, the second part's variant of it, and the second part in the user's words."""
    folded = scan(text).text
    cut = next(iter(_SECOND_PART.finditer(folded)), None)
    if cut is None:
        return None
    first, second = text[: cut.start() + 1].rstrip(), text[cut.end() :]
    main = extract(first)
    if main is None or main.missing:
        return None
    changed = apply_changes(main, second)
    if changed is None:
        return None
    variant, _ = changed
    return main, variant, second.strip().rstrip("?!. ")


__all__ = ["apply_changes", "follow_up", "two_parts", "with_amount_said", "with_balance"]
