"""The student's told situation against the alternatives an eligibility rule lists.

Prouni's item 1.3 lets in whoever meets *one* of its conditions: I - having studied the ensino
médio a) integralmente na rede pública, b) integralmente em instituição privada como bolsista
integral, c) parcialmente em cada uma como bolsista integral, d) parcialmente em cada uma como
bolsista parcial ou sem bolsa, e) integralmente em instituição privada como bolsista parcial ou
sem bolsa; II - being a pessoa com deficiência; III - being a professor da rede pública. The
alíneas share almost all their words, so the words a question shares with each (what
`quote.py` scores) do not tell them apart: "fiz o ensino médio todo em escola pública" says
"escola pública" of a, c and d alike, and a close student question's fact may sit in any of
them. What tells them apart is the few *dimensions* each alternative fixes — where the student
studied, for how long, with what scholarship, or a condition of their own — read from the
question in the students' words and from the alternative in the edital's (`DIMENSIONS`).

`fitting` gives the alternatives the told situation fits (none when the question tells no
situation, or the passage lists no such alternatives); the quote is cut to them with their
lead-ins, and `statement` says the fact first ("Sim: pelo item 1.3, inciso I, alínea e…"),
because a student who asks "minha filha estudou em particular com bolsa de 50%, pode tentar?"
asks for a yes or no, and the alternative that gives it — the whole item follows as the quote.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from switchboard.knowledge.analysis import fold
from switchboard.knowledge.query import Query
from switchboard.knowledge.sentences import Unit


@dataclass(frozen=True, slots=True)
class Value:
    """One value of a dimension: how a student says it (`asked`) and how the edital does
    (`stated`), both matched on folded text."""

    asked: re.Pattern[str]
    stated: re.Pattern[str]


DIMENSIONS: dict[str, dict[str, Value]] = {
    "network": {
        "public": Value(
            re.compile(
                r"\b(?:publica|publicas|publico|estadual|estaduais|municipal|municipais"
                r"|(?:escola|colegio|instituto) federal)\b"
            ),
            re.compile(r"\brede publica\b"),
        ),
        "private": Value(
            re.compile(
                r"\b(?:particular|particulares|privada|privadas|escola paga|colegio pago)\b"
            ),
            re.compile(r"\binstituicao privada\b"),
        ),
    },
    "extent": {
        "whole": Value(
            re.compile(
                r"\b(?:todo|toda|inteiro|inteira|integralmente|sempre|completo"
                r"|os (?:tres|3) anos)\b"
            ),
            re.compile(r"\bintegralmente\b"),
        ),
        "part": Value(
            re.compile(
                r"\b(?:parte|partes|parcialmente|metade do (?:ensino|medio)|um ano|1 ano"
                r"|dois anos|2 anos|alguns anos|um pouco)\b"
            ),
            re.compile(r"\bparcialmente\b"),
        ),
    },
    "scholarship": {
        "full": Value(
            re.compile(
                r"\bbolsa (?:integral|total|completa|cheia|de 100)|\b100 ?%|\bbolsista integral"
            ),
            re.compile(r"\bbolsista integral\b"),
        ),
        "partial": Value(
            re.compile(
                r"\bbolsa (?:parcial|de [1-9]\d? ?(?:%|por cento))|\bmeia bolsa|\bdesconto"
                r"|\bbolsista parcial|\b[1-9]\d? ?(?:%|por cento)"
            ),
            re.compile(r"\bbolsista parcial\b"),
        ),
        "none": Value(
            re.compile(
                r"\bsem (?:a )?bolsa|\bnao (?:tinha|era|tive|fui|sou) bolsista|\bnao tinha bolsa"
                r"|\bpagava|\bpagante|\bpagando|\bpagou|\bpaguei|\bsem desconto"
            ),
            re.compile(r"\bsem a condicao de bolsista\b"),
        ),
    },
    "condition": {
        "disability": Value(
            re.compile(
                r"\bdeficien\w*|\bpcd\b|\bsurd[oa]s?\b|\bceg[oa]s?\b|\bcadeirante|\bautis\w*"
            ),
            re.compile(r"\bpessoa com deficiencia\b"),
        ),
        "teacher": Value(
            re.compile(r"\bprofessor\w*|\bprofessora\w*|\bdocente|\bdou aula|\bleciono"),
            re.compile(r"\bprofessor da rede publica\b"),
        ),
    },
}
"""The dimensions an alternative may fix, with their values."""

SCHOOL = ("network", "extent", "scholarship")
"""The dimensions of a school history (1.3, inciso I); a condition (II, III) stands alone."""


ANY_ONE = re.compile(r"\bpelo menos uma das\b|\buma das (?:seguintes )?condicoes\b")
"""A lead-in whose alternatives each suffice: fitting one of them is a "Sim"."""


def told(query: Query) -> dict[str, frozenset[str]]:
    """The values of each dimension the question tells (a dimension it does not tell is
    absent). A student who names one network and no extent ("estudei em escola pública")
    studied there throughout; one who names both ("estudei em pública e em particular"), in
    part at each. The conditions are read first: "professor da rede pública" tells no school."""
    text = fold(query.normalized)
    out: dict[str, frozenset[str]] = {}
    for dim, values in DIMENSIONS.items():
        found = frozenset(v for v, value in values.items() if value.asked.search(text))
        if found:
            out[dim] = found
    if "condition" in out:
        return {"condition": out["condition"]}
    if "network" not in out:
        return {}
    if "extent" not in out:
        out["extent"] = frozenset({"part" if len(out["network"]) > 1 else "whole"})
    return out


def stated(text: str) -> dict[str, frozenset[str]]:
    """The values each dimension takes in an alternative of the edital."""
    folded = fold(text)
    out: dict[str, frozenset[str]] = {}
    for dim, values in DIMENSIONS.items():
        found = frozenset(v for v, value in values.items() if value.stated.search(folded))
        if found:
            out[dim] = found
    return out


def fit(asked: dict[str, frozenset[str]], alternative: dict[str, frozenset[str]]) -> int:
    """2 when the alternative fits everything told and tells nothing left untold, 1 when it
    fits what was told but fixes a dimension the student did not tell (a scholarship), 0 when
    it contradicts something told or is not an alternative of this kind."""
    if "condition" in asked or "condition" in alternative:
        return (
            2
            if asked.get("condition", frozenset()) & alternative.get("condition", frozenset())
            else 0
        )
    if "network" not in alternative or "network" not in asked:
        return 0
    level = 2
    for dim in SCHOOL:
        if dim not in alternative:
            continue
        if dim not in asked:
            level = 1
        elif dim == "network" and asked[dim] != alternative[dim]:
            return 0  # "parcialmente em pública e parcialmente em privada" is not "só pública"
        elif not asked[dim] <= alternative[dim]:
            return 0
    return level


def fitting(query: Query, parts: Sequence[Unit]) -> list[int]:
    """Indices of the enumerated units (incisos, alíneas) the question's told situation fits
    best — all of those that fit at the best level —, [] when it tells none, none fits, or the
    passage is no list of alternatives each of which suffices (`ANY_ONE`)."""
    asked = told(query)
    opening = next((j for j, u in enumerate(parts) if ANY_ONE.search(fold(u.text))), None)
    if not asked or opening is None:
        return []  # an order of priority (3.3.1) is no list of alternatives
    levels = [
        fit(asked, stated(u.text)) if u.enumerated and i > opening else 0
        for i, u in enumerate(parts)
    ]
    best = max(levels, default=0)
    return [i for i, level in enumerate(levels) if best and level == best]


MARKER = re.compile(r"^(?:([IVX]+) [-–] |([a-f])\) )")
RESTRICTED = re.compile(r"\b(?:exclusivamente|apenas|somente|unicamente|desde que)\b")
"""An alternative that lets in only for some things ("seja professor da rede pública,
*exclusivamente* para os cursos de licenciatura e pedagogia"): fitting it is no plain "Sim" —
the student may ask about another course ("consigo bolsa pra direito?")."""
LEFT_OUT = re.compile(
    r"\b(?:to|tou|estou|esta|fico|ficaria|fiquei|ficou|sou|seria|estaria) (?:de )?fora\b"
    r"|\b(?:sou|fico|ficaria|estou|to|seria|estaria) (?:excluid|eliminad|barrad|impedid)[oa]\b"
)
"""A yes/no question asked the other way round — whether the student is *left out* ("estudei
em particular sem bolsa, *tô fora* do prouni?", "*fico de fora*?", "*sou excluída*?"): the
alternative that lets them in answers "Não", not "Sim"."""


def lead_chain(parts: Sequence[Unit], index: int) -> list[int]:
    """The enumerated lead-ins above the unit at `index`, outermost first ("I - tenha
    cursado:" above "e) o ensino médio…")."""
    chain: list[int] = []
    level = parts[index].level
    for j in range(index - 1, -1, -1):
        if 0 < parts[j].level < level and parts[j].lead_in:
            chain.insert(0, j)
            level = parts[j].level
    return chain


def body(unit: Unit) -> str:
    """An alternative's words without its marker and closing punctuation or conjunction."""
    text = MARKER.sub("", unit.text).strip()
    return re.sub(r"(?:\s*[;,.:])+(?:\s*(?:ou|e))?\s*$", "", text).strip()


def statement(query: Query, parts: Sequence[Unit], item: str | None) -> str | None:
    """ "Sim: pelo item 1.3 (inciso I, alínea e), pode se inscrever quem tenha cursado “…”"
    when the question asks yes or no (or who may take part) and tells a situation that an
    alternative of an any-one-of list fits — "Não, … não fica de fora" when it asks whether the
    student is left out (`LEFT_OUT`); None otherwise."""
    if not ({"yesno", "eligible"} & query.asks) or item is None:
        return None
    chosen = fitting(query, parts)
    if not chosen:
        return None
    pieces = []
    for i in chosen:
        chain = lead_chain(parts, i)
        names = []
        for j in [*chain, i]:
            m = MARKER.match(parts[j].text)
            if m is not None:
                names.append(f"inciso {m.group(1)}" if m.group(1) else f"alínea {m.group(2)}")
        words = " ".join(body(parts[j]) for j in [*chain, i])
        pieces.append(f"“{words}” ({', '.join(names)})")
    if any(RESTRICTED.search(fold(body(parts[i]))) for i in chosen):
        return (  # "professor da rede pública, *exclusivamente* para licenciatura": not a plain yes
            f"Só nos termos da condição: pelo item {item}, pode se inscrever quem "
            f"{'; ou quem '.join(pieces)} — não em qualquer caso. Valem também as demais "
            "exigências do edital."
        )
    verdict = (
        "Não, pela escola você não fica de fora"
        if LEFT_OUT.search(fold(query.normalized))
        else "Sim"
    )
    return (
        f"{verdict}: pelo item {item}, basta atender a uma das condições, e pode se inscrever "
        f"quem {'; ou quem '.join(pieces)}. Valem também as demais exigências do edital."
    )


__all__ = ["DIMENSIONS", "fit", "fitting", "lead_chain", "stated", "statement", "told"]
