"""The scholarship workflows on `patterns/workflows`: extractor, router and actions.

- `ScholarshipExtractor` reads slots with this app's pt-BR rules (`extract.py`: the course from
  the catalogue, scores, shifts, institution types, money and households, names, cities,
  education), falling back to the pattern's `RuleExtractor` for anything else;
- `HostedExtractor` (with a hosted model) asks the model (`ModelExtractor`, JSON in the
  workflow's schema) and keeps `ScholarshipExtractor` as its fallback when the model fails or
  answers garbage; every proposal is still typed and validated by the workflow engine;
- `ScholarshipRouter` puts onboarding first while the profile is incomplete, then applies the
  rules of `router.py` (or the hosted router), and records an abandoned match on EXIT; its
  read-only half (`decide`) is what runs alongside a hosted guard;
- the actions load/save the profile, search opportunities (cards as `ui` requests plus the same
  list as text), judge eligibility, and answer Sisu/Prouni questions through the RAG cascade.
"""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Mapping
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Any, cast

from switchboard.apps.scholarships import agents
from switchboard.apps.scholarships.context import ROOT, Services
from switchboard.apps.scholarships.eligibility import Eligibility, eligibility_for
from switchboard.apps.scholarships.extract import (
    course_in,
    income_in,
    match_values,
    onboarding_values,
    yes_no,
)
from switchboard.apps.scholarships.records import (
    OPPORTUNITIES,
    PROFILES,
    SIGNALS,
    Opportunity,
    OpportunityFilters,
    ProfileUpdate,
)
from switchboard.apps.scholarships.records.opportunities import describe
from switchboard.apps.scholarships.records.profiles import StudentProfile
from switchboard.apps.scholarships.router import (
    RouteDecision as RoutedDecision,
)
from switchboard.apps.scholarships.router import (
    Workflow as RoutedWorkflow,
)
from switchboard.apps.scholarships.router import (
    is_question,
    route_hosted,
    route_offline,
)
from switchboard.apps.scholarships.state import ScholarshipState
from switchboard.apps.scholarships.ui import brl, income_calculator, opportunity_cards
from switchboard.core.events import StatusEvent, ToolEndEvent, ToolStartEvent
from switchboard.core.state import RoutingState
from switchboard.patterns.guardrails.speculation import Prefetch, Speculations
from switchboard.patterns.workflows import (
    ActionContext,
    ActionItem,
    CollectStep,
    Extraction,
    ModelExtractor,
    RouteAction,
    RouteDecision,
    RuleExtractor,
    Say,
    SetSlots,
    UiRequest,
    UiSpec,
    Workflow,
    WorkflowState,
    load_workflows,
)
from switchboard.sessions.turn import Turn

WORKFLOWS_FILE = Path(__file__).with_name("workflows.yaml")
SHOWN = 5
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
DONE_TEXT = (
    "Essas são as opções ordenadas pelo conceito do MEC. Toque num card (ou escreva "
    "“Ver detalhes: <código>”) para saber mais. Posso ajudar com mais alguma coisa?"
)


def load(services: Services) -> dict[str, Workflow]:
    """The workflows of `workflows.yaml`, the income calculator's props filled from the rules."""
    workflows = load_workflows(WORKFLOWS_FILE)
    match = workflows["match"]
    steps = []
    for step in match.steps:
        if isinstance(step, CollectStep) and step.ui is not None:
            props = income_calculator(step.question, services.rules).model_dump(mode="json")
            step = step.model_copy(update={"ui": UiSpec(component=step.ui.component, props=props)})
        steps.append(step)
    workflows["match"] = match.model_copy(update={"steps": tuple(steps)})
    return workflows


# -- extraction -----------------------------------------------------------------------------------
class ScholarshipExtractor:
    """This app's slot rules first; the pattern's rules for whatever they do not cover."""

    def __init__(self, services: Services) -> None:
        self.services = services
        self.fallback = RuleExtractor()

    async def extract(
        self, text: str, workflow: Workflow, expected: str | None, slots: Mapping[str, Any]
    ) -> Extraction:
        found: dict[str, Any]
        if workflow.name == "onboarding":
            found = onboarding_values(text, expected)
            found.pop("uf", None)
        elif workflow.name == "match":
            missing = [s.collect for s in workflow.slots if slots.get(s.collect) is None]
            asked = (
                expected if expected in ("course", "score", "shifts", "institution_type") else None
            )
            found = match_values(
                text, asked or (missing[0] if expected is None else None), self.services.courses
            )
            if "shifts" in found:
                found["shifts"] = list(cast(tuple[str, ...], found["shifts"]))
            if "score" in found:
                found["score"] = Decimal(str(found["score"]))
            if expected == "per_capita_income":
                answer = income_in(text)
                found = {"per_capita_income": answer.per_capita} if answer else {}
            elif expected == "nearby":
                answer_yes = yes_no(text)
                found = {"nearby": answer_yes} if answer_yes is not None else {}
        else:
            return await self.fallback.extract(text, workflow, expected, slots)
        if not found:
            return await self.fallback.extract(text, workflow, expected, slots)
        corrections = frozenset(k for k in found if slots.get(k) is not None and k != expected)
        return Extraction(values=found, corrections=corrections)


class HostedExtractor:
    """Slot filling by the hosted model, with this app's rules as the fallback.

    `ModelExtractor` asks the model of the workflow's agent (looked up per call through
    `services.model`, so wrappers the server adds after the app is built, such as metering,
    apply) for every slot of the workflow at once, corrections flagged; a model error or an
    answer that is not the JSON asked for falls back to `ScholarshipExtractor`. The engine then
    types and validates every proposal (a model never fills a slot unchecked: an age of 7 or an
    unknown education level is re-asked). Two things stay with the rules even when the model
    answers: a course it names is written as the catalogue names it (when the catalogue has it),
    and the per-capita income of a household answer ("somos 4 e a renda é 6 mil", what the
    web chat's calculator sends) is the rules' division, not the model's arithmetic, even when
    the model proposed nothing for it.
    """

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
        course = values.get("course")
        if isinstance(course, str) and (known := course_in(course, self.services.courses)):
            values["course"] = known
        if "per_capita_income" in values or expected == "per_capita_income":
            household = income_in(text)
            if household is not None and household.members:  # "somos 4 e a renda é 6 mil"
                values["per_capita_income"] = household.per_capita
        return extraction


# -- routing --------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Decided:
    """What the router reads and decides before anything is written: whether the student is
    onboarded and, if so, the rules' or the hosted model's decision."""

    onboarded: bool
    decision: RoutedDecision | None = None


DECIDED: Prefetch[Decided] = Prefetch("route")


class ScholarshipRouter:
    """Onboarding first; then `router.py`'s rules (or the hosted router).

    `decide` only reads (the profile, the session state) and asks the model, so with a hosted
    guard it runs alongside it (`speculate`, see `patterns/guardrails/speculation.py`); `route`
    applies the decision (the topic, the abandoned-match signal) once the message is SAFE."""

    def __init__(self, services: Services) -> None:
        self.services = services
        self.speculations = Speculations()

    def speculate(self, turn: Turn) -> None:
        if self.services.model_for is not None:  # offline routing is rules: nothing to overlap
            self.speculations.start(turn, DECIDED, self.decide(turn, turn.state))

    async def decide(self, turn: Turn, state: RoutingState) -> Decided:
        profile = await self.services.store.repository(PROFILES).get(turn.user_id)
        if profile is None or not profile.onboarding_completed:
            return Decided(onboarded=False)
        stack = [frame.workflow for frame in state.get(WorkflowState).stack]
        top = stack[-1] if stack else None
        topic = state.get(ScholarshipState).topic
        active = cast(RoutedWorkflow | None, top if top in ("match", "sisu", "prouni") else topic)
        model = self.services.model("root")
        if model is not None:
            return Decided(True, await route_hosted(model, turn.text, active, turn.usage))
        return Decided(True, route_offline(turn.text, active))

    async def route(self, turn: Turn, state: RoutingState) -> RouteDecision:
        decided = await self.speculations.take(turn, DECIDED) or await self.decide(turn, state)
        stack = [frame.workflow for frame in state.get(WorkflowState).stack]
        top = stack[-1] if stack else None
        decision = decided.decision
        if decision is None:
            if top == "onboarding":
                return RouteDecision(RouteAction.CONTINUE_WORKFLOW)
            return RouteDecision(RouteAction.CHANGE_WORKFLOW, "onboarding")
        topic = state.get(ScholarshipState).topic
        if decision.intent == "EXIT_WORKFLOW":
            state.put(state.get(ScholarshipState).model_copy(update={"topic": None}))
            if "match" in stack:
                await self._abandoned(turn, state)
            return RouteDecision(RouteAction.EXIT_WORKFLOW, confidence=decision.confidence)
        target = decision.target
        if (
            decision.intent == "CONTINUE_WORKFLOW"
            and top is None
            and topic
            and is_question(turn.text)
        ):
            target = topic  # a follow-up question to the agent that answered the last one
        if decision.intent == "CHANGE_WORKFLOW" or target is not None:
            if target in ("sisu", "prouni"):
                state.put(state.get(ScholarshipState).model_copy(update={"topic": target}))
            if target == top:
                return RouteDecision(RouteAction.CONTINUE_WORKFLOW)
            return RouteDecision(RouteAction.CHANGE_WORKFLOW, target, decision.confidence)
        return RouteDecision(RouteAction.CONTINUE_WORKFLOW, confidence=decision.confidence)

    async def _abandoned(self, turn: Turn, state: RoutingState) -> None:
        frame = next(f for f in state.get(WorkflowState).stack if f.workflow == "match")
        await self.services.store.repository(SIGNALS).record(
            "workflow_abandoned",
            turn.user_id,
            turn.session_id,
            {"workflow": "match", "step": frame.asked or "start", "slots": sorted(frame.slots)},
        )


# -- actions --------------------------------------------------------------------------------------
class Actions:
    """The workflows' actions, bound to the app's services."""

    def __init__(self, services: Services) -> None:
        self.services = services

    def table(self) -> dict[str, Any]:
        return {
            "load_profile": self.load_profile,
            "save_profile": self.save_profile,
            "first_search": self.first_search,
            "eligibility_search": self.eligibility_search,
            "final_search": self.final_search,
            "answer_sisu": self.answer_sisu,
            "answer_prouni": self.answer_prouni,
        }

    async def _profile(self, ctx: ActionContext) -> StudentProfile | None:
        return await self.services.store.repository(PROFILES).get(ctx.turn.user_id)

    async def load_profile(self, ctx: ActionContext) -> Mapping[str, Any] | None:
        """Onboarding asks only what the profile lacks."""
        profile = await self._profile(ctx)
        if profile is None:
            return None
        known = {f: getattr(profile, f) for f in ("name", "age", "city", "education")}
        return {k: v for k, v in known.items() if v is not None}

    async def save_profile(self, ctx: ActionContext) -> AsyncIterator[ActionItem]:
        slots = ctx.slots
        update = {k: slots[k] for k in ("name", "age", "city", "education")}
        profiles = self.services.store.repository(PROFILES)
        await profiles.upsert(ctx.turn.user_id, ProfileUpdate.parse(update))
        await profiles.upsert(ctx.turn.user_id, ProfileUpdate(onboarding_completed=True))
        yield Say(
            f"Prontinho, {slots['name']}! Seu perfil está completo. Posso te ajudar a encontrar "
            "cursos e bolsas (é só dizer, por exemplo, “quero achar uma faculdade”) ou tirar "
            "dúvidas sobre o Sisu e o Prouni."
        )

    def _filters(
        self, slots: Mapping[str, Any], profile: StudentProfile | None, **extra: Any
    ) -> OpportunityFilters:
        income = slots.get("per_capita_income")
        return OpportunityFilters(
            course=slots.get("course"),
            city=profile.city if profile else None,
            uf=profile.uf if profile else None,
            score=float(slots["score"]) if slots.get("score") is not None else None,
            score_tolerance=20.0,
            eligibility=eligibility_for(income, self.services.rules)
            if income is not None
            else None,
            shifts=tuple(slots.get("shifts") or ()),
            institution_type=slots.get("institution_type") or "indiferente",
            limit=SHOWN,
            **extra,
        )

    async def _search(
        self, ctx: ActionContext, title: str, filters: OpportunityFilters, n: int
    ) -> AsyncIterator[ActionItem]:
        repo = self.services.store.repository(OPPORTUNITIES)
        call_id = f"{ctx.turn.session_id}-search-{n}"
        args = {
            k: str(v) for k, v in filters.model_dump(mode="json", exclude_defaults=True).items()
        }
        yield StatusEvent(message="Buscando oportunidades...")
        yield ToolStartEvent(tool="buscar_oportunidades", args=args, call_id=call_id, agent="match")
        start = time.perf_counter()
        found = await repo.search(filters)
        if not found and (filters.city or filters.uf):
            filters = filters.model_copy(update={"city": None, "uf": None, "nearby": False})
            found = await repo.search(filters)
        ms = round((time.perf_counter() - start) * 1000, 2)
        yield ToolEndEvent(
            tool="buscar_oportunidades",
            output=f"{len(found)} oportunidades",
            ok=True,
            ms=ms,
            call_id=call_id,
            agent="match",
        )
        for item in self._show(ctx, title, found, filters):
            yield item

    def _show(
        self, ctx: ActionContext, title: str, items: list[Opportunity], filters: OpportunityFilters
    ) -> list[ActionItem]:
        if not items:
            return [
                Say(
                    "Não encontrei oportunidades com esses filtros. "
                    "Quer tentar outro curso ou turno?"
                )
            ]
        lines = "\n".join(f"{i}. {describe(item)}" for i, item in enumerate(items, 1))
        fallback = f"{title} {_where(filters)}:\n{lines}"
        state = ctx.turn.state
        state.put(
            state.get(ScholarshipState).model_copy(update={"shown": tuple(i.id for i in items)})
        )
        props = opportunity_cards(title, items).model_dump(mode="json")
        return [UiRequest("opportunity_cards", props, fallback)]  # the pattern says the fallback

    async def first_search(self, ctx: ActionContext) -> AsyncIterator[ActionItem]:
        profile = await self._profile(ctx)
        await self.services.store.repository(PROFILES).upsert(
            ctx.turn.user_id,
            ProfileUpdate.parse(
                {
                    "course_interest": ctx.slots["course"],
                    "enem_score": str(ctx.slots["score"]),
                    "shifts": list(ctx.slots["shifts"]),
                    "institution_type": ctx.slots["institution_type"],
                }
            ),
        )
        filters = self._filters(ctx.slots, profile, sort_by="fit")
        async for item in self._search(ctx, "Encontrei estas opções", filters, 1):
            yield item

    async def eligibility_search(self, ctx: ActionContext) -> AsyncIterator[ActionItem]:
        income: Decimal = ctx.slots["per_capita_income"]
        rules = self.services.rules
        eligibility = eligibility_for(income, rules)
        await self.services.store.repository(PROFILES).upsert(
            ctx.turn.user_id, ProfileUpdate.parse({"per_capita_income": str(income)})
        )
        yield SetSlots({"eligibility": eligibility.value})
        yield Say(
            ELIGIBILITY_TEXT[eligibility].format(
                income=brl(income),
                integral=brl(rules.integral_limit),
                parcial=brl(rules.parcial_limit),
            )
        )
        profile = await self._profile(ctx)
        async for item in self._search(
            ctx, "Opções para o seu perfil", self._filters(ctx.slots, profile, sort_by="fit"), 2
        ):
            yield item

    async def final_search(self, ctx: ActionContext) -> AsyncIterator[ActionItem]:
        profile = await self._profile(ctx)
        filters = self._filters(
            ctx.slots, profile, nearby=bool(ctx.slots["nearby"]), sort_by="quality"
        )
        async for item in self._search(ctx, "As melhores opções pela qualidade do MEC", filters, 3):
            yield item
        yield Say(DONE_TEXT)

    async def answer_sisu(self, ctx: ActionContext) -> AsyncIterator[ActionItem]:
        async for item in agents.informational_items(self.services, ctx.turn, "sisu"):
            yield item

    async def answer_prouni(self, ctx: ActionContext) -> AsyncIterator[ActionItem]:
        async for item in agents.informational_items(self.services, ctx.turn, "prouni"):
            yield item


def _where(filters: OpportunityFilters) -> str:
    if filters.nearby and filters.city:
        return f"perto de {filters.city}"
    if filters.city:
        return f"em {filters.city}"
    if filters.uf:
        return f"em {filters.uf}"
    return "no Brasil"


__all__ = [
    "DECIDED",
    "Actions",
    "Decided",
    "HostedExtractor",
    "ScholarshipExtractor",
    "ScholarshipRouter",
    "load",
]
