"""From a pt-BR question to a typed catalogue `Question`: its kind, its parameters, what is
missing and what was assumed.

Classification reads cue words (whole words, folded text), most specific kind first: a
diagnosis, an emergency fund, buy vs rent, retirement, debts, a saving goal, investments,
financing. Parameters come from `quantities.scan` with a role per number read from the words
around it ("80 mil de entrada", "aluguel de 1.600", "CDI de 10,65% ao ano"). Nothing is filled
silently: a conversion (an annual rate to its monthly equivalent), a reading that needed a
rule ("60 de entrada" on a 300 mil property = R$ 60.000) or a default (6 months of reserve, no
yield when none is given) is written in `assumptions`, which the answer states; what cannot be
computed without the user is listed in `missing`, and the answer asks for it. The object is
the user's own word ("apê", "a casa", "moto"), never another one.

| module | what |
|---|---|
| `classify.py` | the kind of a question, and the topics out of the catalogue |
| `reading.py` | `Question`, `Found`, the words around a number (shared by the readers) |
| `read_financing.py` | financing, buy vs rent |
| `read_investments.py` | fixed income, poupança, Tesouro |
| `read_debts.py` | debts, portability, consignado vs other credit |
| `read_plans.py` | saving goals, retirement |
| `read_household.py` | emergency fund, spending diagnosis, quick sums |
"""

from __future__ import annotations

import re

from switchboard.apps.finance.missions.catalogue.classify import (
    OUT_OF_SCOPE,
    classify,
    out_of_scope,
)
from switchboard.apps.finance.missions.catalogue.kinds import QuestionKind
from switchboard.apps.finance.missions.catalogue.params import (
    ContaParams,
    KindParams,
)
from switchboard.apps.finance.missions.catalogue.quantities import (
    Quantities,
    scan,
)
from switchboard.apps.finance.missions.catalogue.read_debts import debts_params
from switchboard.apps.finance.missions.catalogue.read_financing import (
    buy_or_rent_params,
    financing_params,
)
from switchboard.apps.finance.missions.catalogue.read_household import (
    diagnosis_params,
    quick_params,
    reserve_params,
)
from switchboard.apps.finance.missions.catalogue.read_investments import investments_params
from switchboard.apps.finance.missions.catalogue.read_plans import goal_params, retirement_params
from switchboard.apps.finance.missions.catalogue.read_tvm import read_tvm
from switchboard.apps.finance.missions.catalogue.reading import (
    Found,
    Question,
    has,
    monthly_rate,
    objeto_of,
)
from switchboard.apps.finance.nlu.numwords import digitise
from switchboard.apps.finance.nlu.text import fold

# ---------------------------------------------------------------- entry point


_LEGACY = r"\A(?=.*\b(?:analis\w*|situacao financeira)\b).*(?:\brenda passiva\b|\bviver de renda\b)"
"""A passive-income retirement goal (spec flow 6) is planned by the planning coordinator's own
template, with the user's ledger; so is flow 5's "financiar ou poupar" without rates."""


_SYSTEM_NAMES = (
    (re.compile(r"\bsistema de amortiza(?:ç|c)(?:ã|a)o constante\b", re.IGNORECASE), "SAC"),
    (
        re.compile(r"\b(?:sistema|tabela) franc(?:ê|e)s(?: de amortiza(?:ç|c)(?:ã|a)o)?\b", re.I),
        "Price",
    ),
)
"""A financing system said by its full name: the catalogue reads it as its acronym (the word
"amortização" in it is not an extra payment)."""


_IR_TABLE = re.compile(
    r"\((?=[^()]*\d\s*%[^()]*\b(?:at[ée]|acima|de)\b[^()]*\d\s*%)[^()]*\b(?:dias|acima)\b[^()]*\)",
    re.IGNORECASE,
)
"""The IR table restated by the user ("(22,5% até 180 dias, 20% até 360, 17,5% até 720 e 15%
acima)"): the app's own table, not the user's rates nor terms — read past it."""


def _time_value(q: Quantities) -> Question | None:
    """A time-value question with any unknown (`read_tvm`), its rate made monthly (the
    conversion said as an assumption)."""
    usable = [r for r in q.rates if r.period != "cdi"]
    if len(usable) != 1:
        return None
    found = Found()
    params = read_tvm(q, monthly_rate(usable[0], found, "Taxa"))
    if params is None:
        return None
    return Question(
        kind=QuestionKind.CONTA, params=params, assumptions=tuple(dict.fromkeys(found.assumptions))
    )


def extract(text: str) -> Question | None:
    """The catalogue question `text` asks, or None when no kind covers it."""
    for pattern, name in _SYSTEM_NAMES:
        text = pattern.sub(name, text)
    text = _IR_TABLE.sub(" ", text)
    folded = fold(text)
    if has(folded, _LEGACY):
        return None
    ages = has(
        folded,
        r"\b(?:tenho|com|estou com)\s+\d{2}\s+anos\b|\baos\s+\d{2}\b|^\s*\d{2} anos\s*[,.;:]"
        r"|\bidade\s*:?\s+(?:de )?\d{2}\b|\bquando (?:eu )?(?:fizer|tiver|completar) \d{2}\b",
    )
    q_scan = scan(text)
    time_value = _time_value(q_scan)
    if time_value is not None and not _kinds_read_it(time_value):
        return time_value
    quick = quick_params(q_scan)
    if quick is not None and _kinds_read_it(Question(kind=QuestionKind.CONTA, params=quick)):
        time_value = time_value or Question(kind=QuestionKind.CONTA, params=quick)
    elif quick is not None:
        said = [m.value for m in q_scan.money]
        note: tuple[str, ...] = ()
        if quick.b is not None and quick.b not in said and quick.b / 1000 in said:
            # "quitar o financiamento de 25": read as 25 mil, and said so
            note = (f"Entendi {quick.b / 1000:.0f} como {quick.b / 1000:.0f} mil.",)
        return Question(kind=QuestionKind.CONTA, params=quick, assumptions=note)
    question = _by_kind(text, folded, ages)
    if time_value is not None and (question is None or question.missing):
        # a shape the kinds also read, which they could not answer: the general solver does
        return time_value
    return question


def _kinds_read_it(question: Question) -> bool:
    """Shapes the catalogue's kinds already answer with their own tables (deposits growing, a
    goal's time or deposit, a rolling debt projected): the general readers are their fallback
    when a kind asks for something the message did say."""
    p = question.params
    if not isinstance(p, ContaParams):
        return False
    if p.operacao == "valor_no_tempo":
        return p.incognita in ("prazo", "aporte") or (p.incognita == "vf" and p.b is not None)
    return p.operacao == "juros_da_espera" and p.b is None and p.o_que is None


def _by_kind(text: str, folded: str, ages: bool) -> Question | None:
    """The question read by its catalogue kind (`classify`), or None."""
    kind = classify(digitise(folded), ages=ages)  # "em doze vezes" reads as "em 12 vezes"
    if kind is None:
        return None
    q = scan(text)
    if kind is QuestionKind.META and has(q.text, r"\bfinanc(?!eir|as\b)\w*") and not q.rates:
        return None
    found = Found()
    params: KindParams
    if kind is QuestionKind.FINANCIAMENTO:
        params = financing_params(q, found)
    elif kind is QuestionKind.COMPRAR_ALUGAR:
        params = buy_or_rent_params(q, found)
    elif kind is QuestionKind.INVESTIMENTOS:
        params = investments_params(q, found)
    elif kind is QuestionKind.DIVIDAS:
        params = debts_params(q, found)
    elif kind is QuestionKind.META:
        params = goal_params(q, found)
    elif kind is QuestionKind.APOSENTADORIA:
        params = retirement_params(q, found)
    elif kind is QuestionKind.RESERVA:
        params = reserve_params(q, found)
    else:
        params = diagnosis_params(q)
    objeto, _ = objeto_of(q)
    return Question(
        kind=kind,
        params=params,
        missing=tuple(dict.fromkeys(found.missing)),
        assumptions=tuple(dict.fromkeys(found.assumptions)),
        indices=tuple(dict.fromkeys(found.indices)),
        objeto=objeto,
    )


__all__ = ["OUT_OF_SCOPE", "Question", "classify", "extract", "objeto_of", "out_of_scope"]
