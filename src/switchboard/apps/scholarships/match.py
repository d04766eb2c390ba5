"""The match workflow (spec 002 §2.3.B), as a small state machine over `MatchSlots`.

1. **prefs** — course, ENEM score, shift(s), institution type, taken from the first message
   when present and asked for only when missing; then a search (`buscar_oportunidades`) in the
   student's city (the whole country when the city has none).
2. **income** — the per-capita income: the web chat shows the income calculator (`ui` event),
   API clients read the same question as text and answer with a number ("1500 reais") or the
   household ("somos 4 e a renda é 6 mil"). Eligibility: Prouni integral ≤ 1.5 minimum wages,
   partial ≤ 3, otherwise Sisu only (`eligibility.py`, limits inclusive); the search is redone
   with it.
3. **refine** — geographic flexibility (nearby cities / the state, yes or no), then the final
   results ordered by MEC quality (`sort_by="quality"`). The workflow then ends and the root
   agent is in charge again.

Results are `opportunity_cards` `ui` events plus the same list as text.

TO BE REPLACED by a `patterns/workflows` workflow when it lands (the steps and slots map 1:1).
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from switchboard.apps.scholarships.context import ROOT, Step
from switchboard.apps.scholarships.eligibility import Eligibility, eligibility_for
from switchboard.apps.scholarships.extract import income_in, match_values, yes_no
from switchboard.apps.scholarships.rag import ToolCallRecord
from switchboard.apps.scholarships.records import (
    OPPORTUNITIES,
    PROFILES,
    Opportunity,
    OpportunityFilters,
    ProfileUpdate,
)
from switchboard.apps.scholarships.records.opportunities import describe
from switchboard.apps.scholarships.records.profiles import StudentProfile
from switchboard.apps.scholarships.state import MatchSlots
from switchboard.apps.scholarships.ui import brl, income_calculator, opportunity_cards

AGENT = "match"
SHOWN = 5
PREF_QUESTIONS = {
    "course": "qual curso você quer",
    "score": "qual sua nota do Enem",
}
SHIFTS_QUESTION = "Qual turno você prefere: matutino, vespertino, noturno, integral ou EaD?"
TYPE_QUESTION = "Você prefere instituição pública (Sisu), privada (Prouni) ou tanto faz?"
INCOME_QUESTION = (
    "Agora preciso da sua renda familiar per capita (a renda bruta mensal da casa dividida pelo "
    "número de pessoas). Use a calculadora abaixo ou me diga o valor — por exemplo, “1500 reais” "
    "ou “somos 4 e a renda da casa é 6 mil”."
)
REFINE_QUESTION = (
    "Você toparia estudar em cidades próximas ou em outra cidade do seu estado? (sim ou não)"
)
ELIGIBILITY_TEXT = {
    Eligibility.PROUNI_INTEGRAL: (
        "Com renda per capita de {income}, você pode concorrer a bolsas integrais (100%) e "
        "parciais (50%) do Prouni, além das vagas do Sisu (limite da integral: {integral})."
    ),
    Eligibility.PROUNI_PARCIAL: (
        "Com renda per capita de {income}, você pode concorrer a bolsas parciais (50%) do "
        "Prouni (limite: {parcial}) e às vagas do Sisu; a bolsa integral exige até {integral}."
    ),
    Eligibility.SISU_ONLY: (
        "Com renda per capita de {income}, acima de {parcial}, o Prouni não se aplica; vou te "
        "mostrar as vagas do Sisu, que não tem limite de renda."
    ),
}


def pending_question(slots: MatchSlots) -> str:
    """What the workflow is waiting for (also used to resume after a digression)."""
    if slots.step == "income":
        return INCOME_QUESTION
    if slots.step == "refine":
        return REFINE_QUESTION
    missing = slots.missing_prefs()
    asked = [PREF_QUESTIONS[m] for m in missing if m in PREF_QUESTIONS]
    if asked:
        question = " e ".join(asked) + "?"
        return question[0].upper() + question[1:]
    if "shifts" in missing and "institution_type" in missing:
        return f"{SHIFTS_QUESTION} E {TYPE_QUESTION[0].lower()}{TYPE_QUESTION[1:]}"
    if "shifts" in missing:
        return SHIFTS_QUESTION
    return TYPE_QUESTION


async def _search(
    step: Step, filters: OpportunityFilters, call: int
) -> tuple[list[Opportunity], OpportunityFilters]:
    """Search, widening to the whole country when the city has nothing."""
    repo = step.services.store.repository(OPPORTUNITIES)
    start = time.perf_counter()
    found = await repo.search(filters)
    if not found and (filters.city or filters.uf):
        filters = filters.model_copy(update={"city": None, "uf": None, "nearby": False})
        found = await repo.search(filters)
    args = filters.model_dump(mode="json", exclude_defaults=True)
    record = ToolCallRecord(
        "buscar_oportunidades",
        {k: str(v) for k, v in args.items()},
        f"{len(found)} oportunidades",
        True,
        round((time.perf_counter() - start) * 1000, 2),
    )
    step.tool(record, AGENT, f"{step.turn.session_id}-search-{call}")
    return found, filters


def _filters(
    slots: MatchSlots, profile: StudentProfile | None, *, nearby: bool = False
) -> OpportunityFilters:
    return OpportunityFilters(
        course=slots.course,
        city=profile.city if profile else None,
        uf=profile.uf if profile else None,
        nearby=nearby,
        score=slots.score,
        score_tolerance=20.0,
        eligibility=slots.eligibility,
        shifts=slots.shifts,
        institution_type=slots.institution_type or "indiferente",
        sort_by="quality" if slots.step == "refine" else "fit",
        limit=SHOWN,
    )


def _show(step: Step, title: str, items: Sequence[Opportunity], where: str) -> None:
    if not items:
        step.say(
            "Não encontrei oportunidades com esses filtros. Quer tentar outro curso ou turno?",
            AGENT,
        )
        return
    lines = "\n".join(f"{i}. {describe(item)}" for i, item in enumerate(items, 1))
    fallback = f"{title} {where}:\n{lines}"
    step.ui("opportunity_cards", opportunity_cards(title, items), fallback, AGENT)
    step.say(fallback, AGENT)
    step.update_match(shown=tuple(item.id for item in items))


def _where(filters: OpportunityFilters) -> str:
    if filters.nearby and filters.city:
        return f"perto de {filters.city}"
    if filters.city:
        return f"em {filters.city}"
    if filters.uf:
        return f"em {filters.uf}"
    return "no Brasil"


async def run(step: Step) -> None:
    """One match turn at the current step."""
    slots = step.state.match
    if slots.step == "prefs":
        await _prefs(step)
    elif slots.step == "income":
        await _income(step)
    else:
        await _refine(step)


async def _profile(step: Step) -> StudentProfile | None:
    return await step.services.store.repository(PROFILES).get(step.turn.user_id)


async def _prefs(step: Step) -> None:
    slots = step.state.match
    missing = slots.missing_prefs()
    values = match_values(step.turn.text, missing[0] if missing else None, step.services.courses)
    if values:
        step.update_match(**values)
        slots = step.state.match
        update = {
            key: value
            for key, value in {
                "course_interest": slots.course,
                "enem_score": slots.score,
                "shifts": list(slots.shifts) or None,
                "institution_type": slots.institution_type,
            }.items()
            if value is not None
        }
        await step.services.store.repository(PROFILES).upsert(
            step.turn.user_id, ProfileUpdate.parse(update)
        )
    if slots.missing_prefs():
        step.say(pending_question(slots), AGENT)
        return
    profile = await _profile(step)
    found, used = await _search(step, _filters(slots, profile), 1)
    _show(step, "Encontrei estas opções", found, _where(used))
    step.update_match(step="income")
    step.ui(
        "income_calculator",
        income_calculator(INCOME_QUESTION, step.services.rules),
        INCOME_QUESTION,
        AGENT,
    )
    step.say(INCOME_QUESTION, AGENT)


async def _income(step: Step) -> None:
    answer = income_in(step.turn.text)
    if answer is None:
        step.say(
            "Não consegui entender o valor. " + INCOME_QUESTION,
            AGENT,
        )
        return
    rules = step.services.rules
    eligibility = eligibility_for(answer.per_capita, rules)
    step.update_match(per_capita_income=answer.per_capita, eligibility=eligibility)
    update: dict[str, object] = {"per_capita_income": answer.per_capita}
    if answer.members is not None and answer.total is not None:
        update |= {"household_size": answer.members, "household_income": answer.total}
    await step.services.store.repository(PROFILES).upsert(
        step.turn.user_id, ProfileUpdate.parse(update)
    )
    step.say(
        ELIGIBILITY_TEXT[eligibility].format(
            income=brl(answer.per_capita),
            integral=brl(rules.integral_limit),
            parcial=brl(rules.parcial_limit),
        ),
        AGENT,
    )
    profile = await _profile(step)
    found, used = await _search(step, _filters(step.state.match, profile), 2)
    _show(step, "Opções para o seu perfil", found, _where(used))
    step.update_match(step="refine")
    step.say(REFINE_QUESTION, AGENT)


async def _refine(step: Step) -> None:
    nearby = yes_no(step.turn.text)
    if nearby is None:
        step.say("Só pra confirmar: " + REFINE_QUESTION, AGENT)
        return
    step.update_match(nearby=nearby)
    profile = await _profile(step)
    found, used = await _search(step, _filters(step.state.match, profile, nearby=nearby), 3)
    _show(step, "As melhores opções pela qualidade do MEC", found, _where(used))
    shown = step.state.match.shown
    step.update(workflow=None, match=MatchSlots(shown=shown), steps_taken=0)
    step.say(
        "Essas são as opções ordenadas pelo conceito do MEC. Toque num card (ou escreva "
        "“Ver detalhes: <código>”) para saber mais. Posso ajudar com mais alguma coisa?",
        ROOT,
    )


__all__ = ["AGENT", "pending_question", "run"]
