"""Which bolsa a per-capita income told in salários mínimos allows, said before the quote.

"renda de um salário por pessoa, dá integral ou parcial?" is answered by Prouni 1.4, whose
incisos give the limits ("I - integrais, … não exceda o valor de 1,5 … salário mínimo; ou II -
parciais, … 3 (três) salários mínimos"). Quoting them leaves the student to compare; the answer
states the comparison first, with the limits read from the quoted text itself (never from a
constant here):

    "Com 1 salário mínimo por pessoa, dá para a bolsa integral: pelo item 1.4, a integral vale
    para renda per capita de até 1,5 salário mínimo (e a parcial, até 3)."

Only an income told *per person* in salários mínimos is compared (a household total with its
number of people is the income simulation's, which asks and confirms); a teacher (1.4.1: the
limits do not bind them) gets no comparison.
"""

from __future__ import annotations

import re

from switchboard.knowledge.analysis import fold
from switchboard.knowledge.query import Query

NUMBER_WORDS = {
    "um": 1.0,
    "uma": 1.0,
    "dois": 2.0,
    "duas": 2.0,
    "tres": 3.0,
    "quatro": 4.0,
    "cinco": 5.0,
    "meio": 0.5,
}
WAGES = re.compile(
    r"(?P<more>\b(?:mais de|acima de|passa de|passa dos|ultrapassa|maior que)\s+)?"
    r"\b(?P<n>\d+(?:[.,]\d+)?|um|uma|dois|duas|tres|quatro|cinco|meio)"
    r"(?P<half1>\s+e\s+meio)?\s+salarios?(?:\s+minimos?)?(?P<half2>\s+e\s+meio)?\b"
)
"""An amount in salários mínimos ("2 salários mínimos", "um salário e meio", "mais de 3
salários"), on the folded question."""
PER_PERSON = re.compile(
    r"\bpor pessoa\b|\bper capita\b|\bpor cabeca\b|\bpor membro\b|\bcada (?:um|uma|pessoa)\b"
)
TEACHER = re.compile(r"\bprofessor\w*|\bdocente\b|\bmagisterio\b")
LIMITS = re.compile(
    r"\b(?P<kind>integrais|parciais)\b[^;]*?\bvalor de (?P<n>\d+(?:,\d+)?)", re.IGNORECASE
)
"""Each bolsa's limit as the edital writes it ("integrais, no caso em que … não exceda o valor
de 1,5 (um vírgula cinco) salário mínimo")."""


def told_wages(query: Query) -> tuple[float, bool] | None:
    """The per-capita income in salários mínimos the question tells, and whether it is told as
    more than that ("mais de 3 salários": just over the limit); None when it tells none."""
    folded = fold(query.normalized)
    if not PER_PERSON.search(folded) or TEACHER.search(folded):
        return None
    found = WAGES.search(folded)
    if found is None:
        return None
    raw = found.group("n")
    value = NUMBER_WORDS.get(raw)
    if value is None:
        value = float(raw.replace(",", "."))
    if found.group("half1") or found.group("half2"):
        value += 0.5
    return value, bool(found.group("more"))


def limits(text: str) -> tuple[float, float] | None:
    """(integral, parcial) limits in salários mínimos stated by `text`, if it states both."""
    found = {
        m.group("kind").lower(): float(m.group("n").replace(",", "."))
        for m in LIMITS.finditer(text)
    }
    if "integrais" not in found or "parciais" not in found:
        return None
    return found["integrais"], found["parciais"]


def wages(value: float) -> str:
    """ "1 salário mínimo", "2,5 salários mínimos"."""
    number = f"{value:g}".replace(".", ",")
    return f"{number} salário mínimo" if value < 2 else f"{number} salários mínimos"


def statement(query: Query, text: str, item: str | None) -> str | None:
    """Which bolsa the told per-capita income allows under the limits `text` states (see the
    module docstring); None when the question tells none or `text` states no limits."""
    told = told_wages(query)
    bounds = limits(text)
    if told is None or bounds is None or item is None:
        return None
    full, partial = bounds
    value, more = told
    said = f"{'mais de ' if more else ''}{wages(value)} por pessoa"
    rule = (
        f"pelo item {item}, a integral vale para renda per capita de até {wages(full)} e a "
        f"parcial, até {wages(partial)}"
    )
    if value < full or (value == full and not more):
        return f"Com {said}, dá para a bolsa integral (e também para a parcial): {rule}."
    if value < partial or (value == partial and not more):
        return f"Com {said}, dá para a bolsa parcial, não para a integral: {rule}."
    return f"Com {said}, a renda passa dos limites das bolsas: {rule}."


__all__ = ["statement", "told_wages"]
