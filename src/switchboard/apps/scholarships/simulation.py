"""The Prouni simulation's actions: the student's own eligibility, rule by rule, each with its
item of the edital (issue 20, points 4 and 5).

The workflow (`workflows.yaml`, `simulation`) collects the household income and the Enem
average in the order the student brings them; whatever arrives is judged at once (`on_filled`):

- the income is confirmed back before anything is decided — "Entendi: renda de R$ 750,00 por
  pessoa (R$ 3.000,00 ÷ 4 pessoas)" — then item 1.4 (integral up to 1,5 salário mínimo, partial
  up to 3, limits inclusive);
- the Enem: item 1.2 (average ≥ 450 over the five tests, redação above zero, not as a treineiro);
- the school, when the student said where they studied: item 1.3 (and the priority of 3.3.1).

A rule that fails ends the simulation with the reason (nothing else can change it); otherwise
the summary closes it, saying that meeting the criteria lets one *apply* — the scholarship still
depends on the classification (item 1.2.2).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Mapping
from decimal import Decimal
from typing import Any

from switchboard.apps.scholarships.context import Services
from switchboard.apps.scholarships.eligibility import (
    CENT,
    PROUNI_EDITAL,
    income_rule,
    school_rule,
    score_rule,
    share,
)
from switchboard.apps.scholarships.onboarding_text import age_in
from switchboard.apps.scholarships.records import PROFILES
from switchboard.apps.scholarships.records.profiles import StudentProfile
from switchboard.apps.scholarships.ui import brl
from switchboard.patterns import ActionContext, ActionItem, Say, SetSlots

REQUIREMENTS = (
    "média de pelo menos 450 pontos no Enem (2024 ou 2025) e redação acima de zero (item 1.2), e "
    "renda bruta mensal por pessoa de até 1,5 salário mínimo para a bolsa integral ou até 3 para "
    "a parcial (item 1.4)."
)
INTRO = f"Vamos ver! O Prouni 2026 pede {REQUIREMENTS}"
INTRO_AGE = (
    f"Vamos ver! O edital do Prouni 2026 não traz limite de idade; os requisitos são {REQUIREMENTS}"
)
"""The intro when the student tells an age ("tenho 35 anos, posso fazer
prouni?"): the question asked was the age, and the edital's requirements (1.2-1.4) name none."""

SISU_STILL = (
    "Mas essa nota ainda pode servir no Sisu, para vagas em instituições públicas: o edital do "
    "Sisu não fixa média mínima, pede o Enem de 2023, 2024 ou 2025 com redação acima de zero e "
    "sem ser treineiro (Edital Sisu 2026, itens 1.4 e 1.4.1); cada instituição define suas "
    "regras no Termo de Adesão. Se quiser, busco cursos do Sisu para a sua nota — é só dizer "
    "“quero achar uma faculdade”."
)
"""Said after a Prouni "no" for an average below 450: what the student can still do."""


def score_verdict(slots: Mapping[str, Any]) -> str:
    """Item 1.2's verdict for the slots, with the Sisu still open when only the average fails
    (not for a treineiro nor a zero redação, which the Sisu does not accept either)."""
    rule = score_rule(slots.get("score"), slots.get("essay"), slots.get("trainee"))
    essay = slots.get("essay")
    only_average = not slots.get("trainee") and (essay is None or essay > 0)
    if rule.holds is False and only_average:
        return f"{rule.cited}\n\n{SISU_STILL}"
    return rule.cited


def household(slots: Mapping[str, Any]) -> tuple[Decimal, int] | None:
    """The household's exact total and size, when the student gave them."""
    total, size = slots.get("household_income"), slots.get("household_size")
    if total is None or not size:
        return None
    return Decimal(total), int(size)


def confirm_income(per_capita_income: Decimal, basis: str | None) -> str:
    """The per-capita value as understood, said back before eligibility is decided."""
    if per_capita_income == 0:  # the benefits left out, if any, are why it is zero
        how = f"; {basis}" if basis else ""
        return f"Entendi: a casa está sem renda no momento (R$ 0,00 por pessoa{how})."
    how = f" ({basis})" if basis else ""
    return f"Entendi: renda de {brl(per_capita_income)} por pessoa{how}."


def known_income(profile: StudentProfile) -> dict[str, Any]:
    """The income slots a profile already holds: the per-capita value and, when the student
    gave them (during onboarding, say), the household's total and size it was computed from —
    so the value confirmed back before eligibility is decided says how it was found
    ("R$ 3.000,00 ÷ 5 pessoas"). A total without the people (or the people without a total)
    is kept too, so only the missing half is asked."""
    income = profile.per_capita_income
    if income is None:  # half of it (a total, or the people): only the other half is asked
        half: dict[str, Any] = {
            "household_income": profile.household_income,
            "household_size": profile.household_size,
        }
        return {slot: value for slot, value in half.items() if value is not None}
    known: dict[str, Any] = {"per_capita_income": income}
    total, size = profile.household_income, profile.household_size
    if total is not None and size and abs(share(total, size) - income) <= CENT:
        people = "pessoa" if size == 1 else "pessoas"
        known.update(
            household_income=total,
            household_size=size,
            income_basis=f"{brl(total)} ÷ {size} {people}",
        )
    return known


class Simulation:
    """The simulation's actions, bound to the app's services."""

    def __init__(self, services: Services) -> None:
        self.services = services

    def table(self) -> dict[str, Any]:
        return {
            "simulation_prefill": self.prefill,
            "simulation_intro": self.intro,
            "judge_score": self.judge_score,
            "judge_income": self.judge_income,
            "simulation_summary": self.summary,
        }

    async def prefill(self, ctx: ActionContext) -> Mapping[str, Any] | None:
        """What the profile already knows (said in the summary, not judged again)."""
        profile = await self.services.store.repository(PROFILES).get(ctx.turn.user_id)
        if profile is None:
            return None
        known: dict[str, Any] = {}
        if profile.enem_score is not None:
            known["score"] = Decimal(str(profile.enem_score))
        if profile.essay_score is not None:
            known["essay"] = Decimal(str(profile.essay_score))
        known.update(known_income(profile))
        return {k: v for k, v in known.items() if k not in ctx.slots} or None

    async def intro(self, ctx: ActionContext) -> AsyncIterator[ActionItem]:
        slots = ctx.slots
        if slots.get("per_capita_income") is None and slots.get("score") is None:
            told_age = ctx.text is not None and age_in(ctx.text, asked=False) is not None
            yield Say(INTRO_AGE if told_age else INTRO)
            return
        # an Enem average the profile already holds is judged first (item 1.2): below 450 the
        # answer is known without asking the income
        rule = score_rule(slots.get("score"), slots.get("essay"), slots.get("trainee"))
        if rule.holds is None or slots.get("told_score"):
            return
        yield SetSlots({"told_score": rule.cited})
        yield Say(score_verdict(slots))
        if rule.holds is False:
            yield SetSlots({"decided": True})

    async def judge_score(self, ctx: ActionContext) -> AsyncIterator[ActionItem]:
        """Say the score rule's verdict when the data changes it. The average and the redação
        given in one message fill two slots, and each runs this: the verdict is said once
        (`told_score` holds the text said); a redação given later is judged again."""
        slots = ctx.slots
        rule = score_rule(slots.get("score"), slots.get("essay"), slots.get("trainee"))
        if rule.holds is None or slots.get("told_score") == rule.cited:
            return
        yield SetSlots({"told_score": rule.cited})
        yield Say(score_verdict(slots))
        if rule.holds is False:
            yield SetSlots({"decided": True})

    async def judge_income(self, ctx: ActionContext) -> AsyncIterator[ActionItem]:
        slots = ctx.slots
        income: Decimal | None = slots.get("per_capita_income")
        if income is None:
            return
        rule = income_rule(income, self.services.rules, household(slots))
        yield SetSlots({"told_income": True})
        yield Say(f"{confirm_income(income, slots.get('income_basis'))} {rule.cited}")
        if rule.holds is False:
            yield SetSlots({"decided": True})

    async def summary(self, ctx: ActionContext) -> AsyncIterator[ActionItem]:
        slots = ctx.slots
        lines: list[str] = []
        score = score_rule(slots.get("score"), slots.get("essay"), slots.get("trainee"))
        if not slots.get("told_score") and score.holds is not None:
            lines.append(score.cited)
        income: Decimal | None = slots.get("per_capita_income")
        if not slots.get("told_income") and income is not None:
            rule = income_rule(income, self.services.rules, household(slots))
            lines.append(f"{confirm_income(income, slots.get('income_basis'))} {rule.cited}")
        if school := school_rule(slots.get("school")):
            lines.append(school.cited)
        if score.holds is None:
            lines.append(
                f"Falta conferir a sua média no Enem: {score.cited[0].lower()}{score.cited[1:]}"
            )
        elif score.holds and income is None:  # the income was declined (nothing stored)
            lines.append(
                "Falta a renda para saber se você se encaixa na bolsa integral ou na parcial "
                f"({PROUNI_EDITAL}, item 1.4). Quando quiser, é só me dizer quanto entra por mês "
                "na sua casa e quantas pessoas moram nela."
            )
        elif score.holds and income is not None:
            lines.append(
                "Resumindo: pelas regras do edital você pode se inscrever no Prouni 2026. A bolsa "
                "ainda depende da sua classificação e da comprovação das informações "
                f"({PROUNI_EDITAL}, item 1.2.2). Se quiser, posso procurar cursos para você — é "
                "só dizer “quero achar uma faculdade”."
            )
        yield SetSlots({"decided": True})
        if lines:
            yield Say("\n\n".join(lines))


__all__ = ["INTRO", "SISU_STILL", "Simulation", "confirm_income", "known_income", "score_verdict"]
