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
from decimal import Decimal
from typing import Any

from switchboard.apps.finance.finmath import annual_to_monthly
from switchboard.apps.finance.finmath.fmt import pct
from switchboard.apps.finance.market.models import IndexName
from switchboard.apps.finance.missions.catalogue.extract import Question, extract
from switchboard.apps.finance.missions.catalogue.pending import resolved_questions
from switchboard.apps.finance.missions.catalogue.quantities import Duration, Quantities, scan
from switchboard.apps.finance.missions.catalogue.read_investments import investments_params
from switchboard.apps.finance.missions.catalogue.reading import Found
from switchboard.apps.finance.missions.catalogue.wording import brl, rate, years_months
from switchboard.apps.finance.triage.intent import read_intent
from switchboard.apps.finance.triage.text import fold as triage_fold

_FOLLOW_UP = re.compile(
    r"^\s*(?:e|mas|agora|tá|ta|ok)?\s*(?:se|com|em|a|no|na|num|numa|pra|para|sem|aos)\b"
)
MAX_CHARS = 90


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
    """The previous question with this message's changes, when this message is a follow-up."""
    folded = scan(text).text
    if len(text) > MAX_CHARS or not _FOLLOW_UP.search(folded):
        return None
    previous = next(
        (q for q in map(extract, resolved_questions(context)) if q and not q.missing), None
    )  # an answer to an ask stands for the question it answered (pending.py)
    if previous is None:
        return None
    q = scan(text)
    fields = type(previous.params).model_fields
    update: dict[str, Any] = {}
    said: list[str] = []
    bare = re.fullmatch(r"\s*e\s+(?:em|com|no|pra)\s+(\d{1,3})\s*\??\s*", folded)
    if not q.durations and bare and "meses" in fields and previous.params.model_dump().get("meses"):
        update["meses"] = int(bare[1])  # "e em 48?": the same unit as the previous term
        said.append(f"prazo de {bare[1]} meses")
    systems = [s for s in ("sac", "price") if re.search(rf"\b{s}\b", folded)]
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
        said.append(f"prazo de {years_months(d.months) if d.months >= 12 else f'{d.months} meses'}")
    down_pct = [r for r in q.rates if re.search(r"entrada", q.around(r.start, r.end, 14))]
    rates = [r for r in q.rates if r.period != "cdi" and r not in down_pct]
    if rates and "taxa_mensal" in fields:
        r = rates[0]
        monthly = annual_to_monthly(r.fraction) if r.period == "ano" else r.fraction
        update["taxa_mensal"] = monthly
        said.append(f"taxa de {rate(monthly)}")
    down = [m for m in q.money if re.search(r"entrada", q.around(m.start, m.end))]
    if down and "entrada" in fields:
        update["entrada"] = down[0].value
        if "principal" in fields and previous.params.model_dump().get("valor_bem") is not None:
            update["principal"] = None
        said.append(f"entrada de {brl(down[0].value)}")
    base = previous.params.model_dump().get("valor_bem")
    if down_pct and not down and "entrada" in fields and base is not None:
        value = (base * down_pct[0].fraction).quantize(Decimal("0.01"))
        update["entrada"] = value
        if "principal" in fields:
            update["principal"] = None
        said.append(f"entrada de {brl(value)} ({pct(down_pct[0].percent, places=0)})")
    indices = list(previous.indices)
    if "opcoes" in fields and (swap := _products(q, previous.params)) is not None:
        options, needed = swap
        update["opcoes"] = options
        indices += [i for i in needed if i not in indices]
        names = " e ".join(_PRODUCT_NAMES.get(o.produto, o.produto) for o in options)
        said.append(f"a aplicação ({names})")
    if not update:
        return None
    params = previous.params.model_copy(update=update)
    note = "Refiz a conta da sua pergunta anterior mudando só " + " e ".join(said)
    return Question(
        kind=previous.kind,
        params=type(previous.params).model_validate(params.model_dump()),
        assumptions=(*previous.assumptions, note),
        indices=tuple(indices),
        objeto=previous.objeto,
    )


_PRODUCT_NAMES = {"poupanca": "poupança", "cdb": "CDB", "lci": "LCI", "lca": "LCA",
                  "tesouro_selic": "Tesouro Selic", "tesouro_ipca": "Tesouro IPCA+",
                  "tesouro_prefixado": "Tesouro Prefixado"}  # fmt: skip


def _products(q: Quantities, previous: Any) -> tuple[tuple[Any, ...], list[IndexName]] | None:
    """The products a follow-up puts in place of the previous ones ("e se fosse na
    poupança?"), with the indices they need that the previous question did not give; None when
    it names none, or one whose terms it leaves unknown ("e num CDB?")."""
    found = Found()
    own = investments_params(q, found)
    if not own.opcoes or any(m.startswith("quant") for m in found.missing):
        return None
    kinds = {o.produto for o in own.opcoes}
    needed: list[IndexName] = []
    if "poupanca" in kinds and previous.poupanca_mensal is None and previous.selic_anual is None:
        needed.append("selic")
    if any(o.pct_cdi is not None for o in own.opcoes) and previous.cdi_anual is None:
        needed.append("cdi")
    return own.opcoes, needed


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
    merged = extract(latest.rstrip(" .!") + ". " + text)
    if merged is None or merged.missing:
        return None
    note = f"Usei o saldo que você me disse: “{latest.strip()}”"
    return Question(
        kind=merged.kind,
        params=merged.params,
        assumptions=(note, *merged.assumptions),
        indices=merged.indices,
        objeto=merged.objeto,
    )


__all__ = ["follow_up", "with_balance"]
