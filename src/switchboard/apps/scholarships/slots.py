"""Slot filling for the scholarship workflows: the offline rules, the hosted extractor, and the
validators every value passes.

- `ScholarshipExtractor` reads each workflow's slots with this app's pt-BR rules: onboarding
  with `onboarding_text` (names, ages, cities and UFs, education — and the reason a non-answer
  is not a value), match with `extract` (course, score, shifts, institution type), the Prouni
  simulation with `extract` (Enem average, redação, treineiro, school) and, for both match and
  the simulation, the household income with `income.read_income` (total and people, per-capita
  values, minimum wages, several earners, ranges asked back);
- `HostedExtractor` asks the hosted model (`ModelExtractor`) and keeps the rules as its fallback;
  the per-capita income of a household answer is always the rules' division;
- the validators refuse what only looks like a value: a name or city the guard would flag (a
  crisis message is never stored nor echoed as "Prazer, …"), a name made of everyday words, an
  unknown UF.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from decimal import Decimal
from typing import Any, cast

from switchboard.apps.scholarships.context import ROOT, Services
from switchboard.apps.scholarships.eligibility import share
from switchboard.apps.scholarships.extract import (
    course_in,
    declines_score,
    essay_in,
    match_values,
    moving_in,
    school_in,
    score_in,
    trainee_in,
    yes_no,
)
from switchboard.apps.scholarships.income import IncomeKind, IncomeReading, fold, read_income
from switchboard.apps.scholarships.onboarding_text import age_in, not_a_name_word, reading
from switchboard.apps.scholarships.records.cities import lookup
from switchboard.apps.scholarships.records.places import parse_uf
from switchboard.apps.scholarships.records.text import normalize
from switchboard.apps.scholarships.router import statements
from switchboard.apps.scholarships.ui import brl
from switchboard.patterns import (
    NUMBER_WORD,
    Extraction,
    GuardClassifier,
    ModelExtractor,
    RuleExtractor,
    Validator,
    Workflow,
    display,
    words_value,
)

INCOME_SLOTS = ("per_capita_income", "household_size", "household_income")
_CHANGE_ASKED = re.compile(
    r"\b(?:na verdade|corrig\w*|errei|me enganei|mudei|muda|mudar|atualiz\w*|troca|trocar"
    r"|nao e (?:mais )?\d|antes (?:eu )?(?:disse|falei)|falei errado|disse errado)\b"
)
"""A change the student asks for. While the income question is pending, an Enem score or a
school told again ("tirei 640 no enem") is not taken as a change of what the profile already
holds (the income is asked again); "na verdade minha nota é 640" is."""
_INCOME_CUE = re.compile(
    r"\b(?:renda|rnda|ganh\w*|recebe\w*|sal[aá]rio\w*|m[ií]nimos?|pessoas?|somos|moramos|moram"
    r"|fam[ií]lia|per capita|por pessoa|cada um|casa|aposentadoria|pens[aã]o|reais|r\$|mil)\b",
    re.IGNORECASE,
)


def mentions_income(text: str) -> bool:
    """Whether a message talks about money or the household (a bare "700" answering the Enem
    question is a score, not an income)."""
    return bool(_INCOME_CUE.search(text)) or "r$" in text.lower()


MATCH_ASKED = ("course", "score", "shifts", "institution_type")
_SUBJECT = re.compile(
    r"\b(?:prova|provas|aula|aulas|nota|notas|materia|materias|professora?|questao|questoes"
    r"|simulado|simulados|exercicios?|lista|trabalho|recuperacao|reprovei|passei) (?:de|da|do|em)"
    r" (?!(?:faculdade|curso|graduacao)\b)"
)
"""A school subject ("matei a prova de matemática", "reprovei em química"): said during
onboarding it is not the course the student wants."""


def would_flag(text: str) -> bool:
    """Whether the offline guard would flag `text` (a slot value is never one it would flag).

    Stand-in for the guard branch's `slot_safety.flagged` (same check: the offline classifier,
    which the hosted guard can only add to); swap the import when it lands."""
    return GuardClassifier.default().check(text).unsafe


# -- validators -----------------------------------------------------------------------------------
def _name(value: Any, slots: Mapping[str, Any]) -> str | None:
    text = str(value)
    words = normalize(text).split()
    if not words or all(not_a_name_word(word) for word in words) or "?" in text:
        return "Hmm, isso não parece um nome. Como você quer que eu te chame?"
    if any(ch.isdigit() for ch in text) or len(words) > 6 or would_flag(text):
        return "Hmm, isso não parece um nome. Como você quer que eu te chame?"
    return None


def _place(value: Any, slots: Mapping[str, Any]) -> str | None:
    text = str(value)
    if (known := lookup(text)) is not None and known[0] == text.strip():
        return None  # a city of the catalogue, as it writes it: data, not the student's words
    if "?" in text or any(ch.isdigit() for ch in text) or would_flag(text):
        return "Não reconheci essa cidade. Em que cidade você mora?"
    if words_value(normalize(text)) is not None:  # "moramos em cinco" counts people
        return "Não reconheci essa cidade. Em que cidade você mora?"
    return None


def _uf(value: Any, slots: Mapping[str, Any]) -> str | None:
    if parse_uf(str(value)) is None:
        return "Não reconheci esse estado. Pode me dizer a sigla (por exemplo, PE ou SP)?"
    return None


VALIDATORS: dict[str, Validator] = {"name": _name, "place": _place, "uf": _uf}


# -- income ---------------------------------------------------------------------------------------
_WAGE_NOTE = "salário mínimo de "


def basis(reading: IncomeReading, wage: Decimal | None = None) -> str:
    """How the per-capita value was found, for the confirmation ("R$ 3.000,00 ÷ 4 pessoas"),
    with the minimum wage used when the student spoke in minimum wages."""
    parts: list[str] = []
    if reading.total and reading.members:  # "R$ 0,00 ÷ 2 pessoas" says nothing
        people = "pessoa" if reading.members == 1 else "pessoas"
        parts.append(f"{brl(reading.total)} ÷ {reading.members} {people}")
    if reading.in_wages and wage is not None:
        parts.append(f"{_WAGE_NOTE}{brl(wage)}")
    if reading.annual:
        parts.append("valor anual dividido por 12 meses")
    for period in reading.periods:
        parts.append(
            "valor semanal × 52 semanas ÷ 12 meses" if period == "semana" else "valor quinzenal × 2"
        )
    for name, amount in reading.excluded:
        parts.append(f"sem {name} ({brl(amount)}), que não entra no cálculo")
    return "; ".join(parts)[:200]


def _kept_at_income(
    text: str, expected: str | None, values: Mapping[str, Any], slots: Mapping[str, Any]
) -> dict[str, Any]:
    """Values told again at the income question for slots that already hold another value
    ("tirei 640 no enem" with 612 in the profile): kept out unless a change is asked."""
    if expected not in INCOME_SLOTS or _CHANGE_ASKED.search(fold(text)):
        return {}
    return {
        k: v for k, v in values.items()
        if slots.get(k) is not None and str(slots[k]) != str(v)
    }  # fmt: skip


def _kept_line(workflow: Workflow, kept: Mapping[str, Any], slots: Mapping[str, Any]) -> str:
    """Says what stayed as it was and how to change it, before the income is asked again."""
    steps = {step.collect: step for step in workflow.slots if step.collect in kept}
    if not steps:
        return "Mantive o que está no seu cadastro."
    held = "; ".join(f"{step.shown}: {display(step, slots[name])}" for name, step in steps.items())
    name, step = next(iter(steps.items()))
    return (
        f"Mantive o que está no seu cadastro ({held}). Se quiser trocar, é só dizer "
        f'"na verdade {step.shown} é {display(step, kept[name])}".'
    )


def declines_income(text: str, expected: str | None) -> frozenset[str]:
    """The pending income question, when the message declines it ("prefiro não falar da
    renda", "não sei quanto a gente ganha"): the workflow skips it, with the step's line on
    what going on without the income means, and stores nothing."""
    if expected in INCOME_SLOTS and read_income(text).kind is IncomeKind.REFUSED:
        return frozenset({expected})
    return frozenset()


_AMOUNT_TO_ASK = {
    IncomeKind.INFORMAL: (
        "Bico e trabalho informal também contam como renda (a renda bruta de todos da casa): um "
        "valor aproximado do que entra, em média, por mês, já serve."
    ),
    IncomeKind.BENEFIT: (
        "Aposentadoria, pensão e benefícios como o BPC também contam como renda (só programas "
        "como o Bolsa Família ficam de fora): me diga quanto entra por mês, somando todos da casa."
    ),
    IncomeKind.PARTIAL: (
        "Faltou o valor de uma das rendas que você citou, e para o Prouni conta a renda bruta de "
        "todos da casa: quanto entra por mês, somando todo mundo? Um valor aproximado já serve."
    ),
    IncomeKind.PROVISIONAL: (
        "Sem pressa: como a renda decide a bolsa, não anotei um valor que você ainda vai "
        "confirmar. Quando souber, me diga quanto entra por mês, somando todos da casa."
    ),
    IncomeKind.NET_ONLY: (
        "Para o Prouni conta a renda bruta (o valor antes dos descontos, como no contracheque), "
        "não o que cai na conta, então não anotei o líquido: me diga o bruto de cada um (um "
        "valor aproximado já serve)."
    ),
}
"""Income named without an amount (or with one that cannot be stored: a guess to be checked,
only the net pay): why, and the amount asked."""


def income_values(
    text: str, expected: str | None, slots: Mapping[str, Any], services: Services
) -> tuple[dict[str, Any], dict[str, str]]:
    """The income slots a message fills (and, for the pending income slot, why it cannot)."""
    wage = services.rules.minimum_wage
    found = read_income(text, wage)
    values: dict[str, Any] = {}
    problems: dict[str, str] = {}
    size = slots.get("household_size")
    total = slots.get("household_income")
    # a total given in minimum wages on an earlier turn ("dois salários", then "somos 5")
    earlier_wages = _WAGE_NOTE in str(slots.get("income_basis") or "")
    if found.kind is IncomeKind.PER_CAPITA:
        if expected == "household_income" and found.given_per_person and size and not found.total:
            amount = cast(Decimal, found.per_capita)  # "3 mil" answering the household total
            values.update(household_income=amount, per_capita_income=share(amount, int(size)))
            found = IncomeReading(IncomeKind.PER_CAPITA, values["per_capita_income"], amount, size)
        else:
            values["per_capita_income"] = found.per_capita
            if found.total is not None and found.members:
                values.update(household_income=found.total, household_size=found.members)
    elif found.kind is IncomeKind.TOTAL_ONLY and found.total is not None:
        values["household_income"] = found.total
        if size:
            values["per_capita_income"] = share(found.total, int(size))
            found = IncomeReading(
                IncomeKind.PER_CAPITA, values["per_capita_income"], found.total, int(size),
                excluded=found.excluded, in_wages=found.in_wages, annual=found.annual,
            )  # fmt: skip
        elif found.in_wages:
            values["income_basis"] = basis(found, wage)
    elif found.kind is IncomeKind.MEMBERS_ONLY and found.members:
        values["household_size"] = found.members
        if total is not None:
            values["per_capita_income"] = share(Decimal(total), found.members)
            found = IncomeReading(
                IncomeKind.PER_CAPITA, values["per_capita_income"], Decimal(total), found.members,
                in_wages=earlier_wages,
            )  # fmt: skip
    elif expected == "household_size" and (count := _bare_count(text)) is not None:
        values["household_size"] = count
        if total is not None:
            values["per_capita_income"] = share(Decimal(total), count)
            found = IncomeReading(
                IncomeKind.PER_CAPITA, values["per_capita_income"], Decimal(total), count,
                in_wages=earlier_wages,
            )  # fmt: skip
    elif found.kind is IncomeKind.RANGE and (found.low is not None or found.high is not None):
        if expected in INCOME_SLOTS:
            if found.low is not None and found.high is not None:
                said = f"fica entre {brl(found.low)} e {brl(found.high)}"
            elif found.low is not None:
                said = f"passa de {brl(found.low)}"
            else:
                said = f"chega a no máximo {brl(cast(Decimal, found.high))}"
            problems[expected] = (
                f"Você disse que a renda {said}. Para o Prouni vale um valor só: a média mensal "
                "dos últimos meses."
            )
        if found.members:
            values["household_size"] = found.members
    elif found.kind in _AMOUNT_TO_ASK:
        if found.members:
            values["household_size"] = found.members
        if expected in INCOME_SLOTS:
            problems[expected] = _AMOUNT_TO_ASK[found.kind]
    if "per_capita_income" in values:
        values["income_basis"] = basis(found, wage)
    return values, problems


_WORD_COUNT = re.compile(rf"^\W*(?:sao |somos )?(?P<n>{NUMBER_WORD})(?: pessoas?)?\W*$")


def _bare_count(text: str) -> int | None:
    """The answer to "quantas pessoas moram na sua casa?": one number, in digits or a word."""
    digits = [int(d) for d in re.findall(r"(?<![\d.,])(\d{1,2})(?![\d.,])", text)]
    if len(digits) == 1 and 0 < digits[0] <= 50:
        return digits[-1]
    if not digits and (word := _WORD_COUNT.match(fold(text))):
        count = words_value(word["n"])
        return count if count is not None and 0 < count <= 50 else None
    return None


# -- the extractors -------------------------------------------------------------------------------
class ScholarshipExtractor:
    """This app's slot rules (see the module docstring); the pattern's rules for any other
    workflow."""

    def __init__(self, services: Services, flagged: Callable[[str], bool] = would_flag) -> None:
        self.services = services
        self.flagged = flagged
        self.fallback = RuleExtractor()

    async def extract(
        self, text: str, workflow: Workflow, expected: str | None, slots: Mapping[str, Any]
    ) -> Extraction:
        values: dict[str, Any]
        problems: dict[str, str] = {}
        if workflow.name == "onboarding":
            found = reading(text, expected, self.flagged)
            values, problems = dict(found.values), found.problems
            if expected == "uf" and "city" not in values and "uf" not in values:
                problems.setdefault("uf", "Não reconheci esse estado.")
            if expected is None and not slots and not values:
                values.update(self.name_alone(text))
            values.update(self.volunteered(text, slots, values))
        elif workflow.name in ("match", "simulation"):
            if workflow.name == "match":
                values = self._match(text, expected, slots)
            else:
                values = self._simulation(text, expected)
            kept = _kept_at_income(text, expected, values, slots)
            values = {k: v for k, v in values.items() if k not in kept}
            if expected in INCOME_SLOTS or mentions_income(text):
                income, problems = income_values(text, expected, slots, self.services)
                values.update(income)
            if kept and expected is not None and expected not in problems:
                problems[expected] = _kept_line(workflow, kept, slots)
        else:
            return await self.fallback.extract(text, workflow, expected, slots)
        corrections = frozenset(k for k in values if slots.get(k) is not None and k != expected)
        declined = declines_income(text, expected)
        if expected == "score" and declines_score(text):
            declined |= {"score"}
        return Extraction(
            values=values, corrections=corrections, problems=problems, declined=declined
        )

    def name_alone(self, text: str) -> dict[str, Any]:
        """The message that starts onboarding when it is only a name ("Joana", typed first, or
        right after a question answered before any onboarding): the answer to the question the
        student expects, not a message to greet and forget. Never a course ("Medicina")."""
        if len(text.split()) > 3 or course_in(text, self.services.courses) is not None:
            return {}
        found = reading(text, "name", self.flagged).values
        return {"name": found["name"]} if set(found) == {"name"} else {}

    def volunteered(
        self, text: str, slots: Mapping[str, Any], onboarding: Mapping[str, Any]
    ) -> dict[str, Any]:
        """What an onboarding message says beyond name, age, city and education — the course
        wanted, the Enem average and redação, the household's income and size — read by the
        same rules as the match and the simulation, from the message's statements only (a
        question clause says nothing about the student: "medicina é difícil?" wants no
        course). A number onboarding took as the age is never the score nor the household."""
        said = statements(text)
        if not said:
            return {}
        values: dict[str, Any] = {}
        if (course := course_in(said, self.services.courses, asked=False)) and not _SUBJECT.search(
            fold(said)
        ):
            values["course"] = course
        score = score_in(said)
        if (essay := essay_in(said)) is not None:
            values["essay"] = Decimal(str(essay))
            if essay == score:
                score = None  # "redação 700" is not the average
        if score is not None and score != onboarding.get("age"):
            values["score"] = Decimal(str(score))
        if mentions_income(said):
            income, _ = income_values(said, None, slots, self.services)
            age = onboarding.get("age")
            if (
                age is not None
                and income.get("household_size") == age
                and not (
                    re.search(rf"\b(?:somos|moram|moramos|pessoas?)\D{{0,12}}{age}\b", fold(said))
                    or re.search(rf"\b{age}\s+(?:pessoas?|em casa|na casa)\b", fold(said))
                )
            ):
                income = {}  # the age, read again as the household
            values.update(income)
        return values

    def _match(self, text: str, expected: str | None, slots: Mapping[str, Any]) -> dict[str, Any]:
        missing = [name for name in MATCH_ASKED if slots.get(name) is None]
        asked = expected if expected in MATCH_ASKED else None
        first = asked or (missing[0] if expected is None and missing else None)
        values: dict[str, Any] = dict(
            match_values(
                text, first, self.services.courses, course_asked=expected in (None, "course")
            )
        )
        if "shifts" in values:
            values["shifts"] = list(cast(tuple[str, ...], values["shifts"]))
        if "score" in values:
            values["score"] = Decimal(str(values["score"]))
        if expected == "nearby" and (answer := yes_no(text)) is not None:
            values = {"nearby": answer}
        elif expected == "nearby":
            values = {}
        elif slots.get("nearby") is None and (moving := moving_in(text)) is not None:
            values["nearby"] = moving  # "não posso me mudar" said before it is asked
        return values

    def _simulation(self, text: str, expected: str | None) -> dict[str, Any]:
        values: dict[str, Any] = {}
        if (score := score_in(text, "score" if expected == "score" else None)) is not None:
            values["score"] = Decimal(str(score))
        if (essay := essay_in(text)) is not None:
            values["essay"] = Decimal(str(essay))
            if values.get("score") == values["essay"]:
                del values["score"]  # "redação 600" is not the average
        if (trainee := trainee_in(text)) is not None:
            values["trainee"] = trainee
        if (school := school_in(text)) is not None:
            values["school"] = school
        if (age := age_in(text, asked=False)) is not None:
            values["age"] = age
        return values


class HostedExtractor:
    """Slot filling by the hosted model, with `ScholarshipExtractor` as the fallback.

    `ModelExtractor` asks the model of the workflow's agent (looked up per call through
    `services.model`, so wrappers the server adds after the app is built, such as metering,
    apply) for every slot of the workflow at once, corrections flagged; a model error or an
    answer that is not the JSON asked for falls back to the rules. The engine then types and
    validates every proposal. Two things stay with the rules even when the model answers: a
    course it names is written as the catalogue names it, and the household income (the rules'
    division, minimum wages, the non-income numbers left out) whenever the rules read one."""

    def __init__(self, services: Services, *, fallback: ScholarshipExtractor) -> None:
        self.services = services
        self.fallback = fallback

    async def extract(
        self, text: str, workflow: Workflow, expected: str | None, slots: Mapping[str, Any]
    ) -> Extraction:
        agent = workflow.speaker if workflow.speaker in self.services.agents else ROOT
        model = self.services.model(agent)
        if model is None:  # offline after all (a test swapped the services)
            return await self.fallback.extract(text, workflow, expected, slots)
        extraction = await ModelExtractor(model, fallback=self.fallback).extract(
            text, workflow, expected, slots
        )
        values = extraction.values
        city = values.get("city")
        if workflow.name == "onboarding" and isinstance(city, str) and city.strip():
            known_city = lookup(city, parse_uf(str(values.get("uf") or "")))
            if known_city is not None:  # the catalogue's spelling, and its UF
                values["city"] = known_city[0]
                values.setdefault("uf", known_city[1])
        course = values.get("course")
        if isinstance(course, str) and (known := course_in(course, self.services.courses)):
            values["course"] = known
        if workflow.name in ("onboarding", "match", "simulation") and (
            expected in INCOME_SLOTS or mentions_income(text)
        ):
            income, problems = income_values(text, expected, slots, self.services)
            if income:
                for slot in INCOME_SLOTS:
                    values.pop(slot, None)
                values.update(income)
            extraction.problems.update(problems)
            extraction.declined = extraction.declined | declines_income(text, expected)
        return extraction


__all__ = [
    "INCOME_SLOTS",
    "VALIDATORS",
    "HostedExtractor",
    "ScholarshipExtractor",
    "basis",
    "income_values",
    "would_flag",
]
