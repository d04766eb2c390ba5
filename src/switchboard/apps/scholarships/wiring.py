"""The scholarship workflows on `patterns/workflows`: definitions, router, actions, profile.

- `load` reads `workflows.yaml` (`- include: income` steps expanded from its `x-income` block);
- `ScholarshipRouter` answers first: a Sisu/Prouni question or a request to check one's own
  Prouni eligibility is taken at any point — as the first message, during onboarding, during a
  match — as a digression pushed on the dialog stack, after which the interrupted workflow resumes
  with its pending question ("Voltando ao seu cadastro: …"). A message that answers the pending
  question is never a digression ("680 de média no enem, isso conta?" is a score). Anything
  else goes to onboarding while the profile is incomplete, then to the rules of `router.py` (or
  the hosted router); its read-only half (`decide`) is what runs alongside a hosted guard;
- `ProfileSync` writes every change of a profile slot (name, age, city and UF, education,
  course, Enem score, shifts, institution type, per-capita income) to the student's profile as
  it happens, so a correction lands at once and nothing waits for the end of a workflow;
- `Actions` load/save the profile, search opportunities nearest first (`geography.py`: the
  city, then the state and neighbouring cities, then the region — never only another region),
  confirm the income and judge eligibility by the editais' rules, and answer Sisu/Prouni
  questions through the RAG cascade. Slot reading is in `slots.py`, the simulation in
  `simulation.py`.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Mapping
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Any, cast

import yaml

from switchboard import RoutingState, Turn
from switchboard.apps.scholarships import agents
from switchboard.apps.scholarships.context import Services
from switchboard.apps.scholarships.distress import is_distress
from switchboard.apps.scholarships.eligibility import (
    Eligibility,
    eligibility_for,
    household_eligibility,
    income_rule,
    score_rule,
)
from switchboard.apps.scholarships.extract import school_in
from switchboard.apps.scholarships.geography import nearest_first
from switchboard.apps.scholarships.income import read_income
from switchboard.apps.scholarships.onboarding_text import written_for
from switchboard.apps.scholarships.profile_requests import (
    asks_for_profile,
    requested_update,
    wants_course,
)
from switchboard.apps.scholarships.records import (
    PROFILES,
    SIGNALS,
    InvalidProfileError,
    OpportunityFilters,
    ProfileUpdate,
)
from switchboard.apps.scholarships.records.cities import uf_of
from switchboard.apps.scholarships.records.profiles import StudentProfile
from switchboard.apps.scholarships.router import RouteDecision as RoutedDecision
from switchboard.apps.scholarships.router import Workflow as RoutedWorkflow
from switchboard.apps.scholarships.router import (
    asks_about_a_program,
    has_question,
    is_question,
    route_hosted,
    route_offline,
    statements,
)
from switchboard.apps.scholarships.simulation import confirm_income, household, known_income
from switchboard.apps.scholarships.slots import INCOME_SLOTS, ScholarshipExtractor
from switchboard.apps.scholarships.state import ScholarshipState
from switchboard.apps.scholarships.ui import brl, income_calculator
from switchboard.patterns import (
    ActionContext,
    ActionItem,
    CollectStep,
    Prefetch,
    RouteAction,
    RouteDecision,
    Say,
    SetSlots,
    Speculations,
    UiSpec,
    Workflow,
    WorkflowState,
    load_workflows,
)

log = logging.getLogger(__name__)

WORKFLOWS_FILE = Path(__file__).with_name("workflows.yaml")
SHOWN = 5
DONE_TEXT = (
    "Essas são as opções ordenadas pelo conceito do MEC. Toque num card (ou escreva "
    "“Ver detalhes: <código>”) para saber mais. Posso ajudar com mais alguma coisa?"
)
NOTHING_TEXT = (
    "Se quiser, começamos uma nova busca com outro curso, turno ou tipo de instituição (é só "
    "dizer “quero achar uma faculdade”), ou tiro dúvidas sobre o Sisu e o Prouni."
)
"""The end of a search that found nothing (no cards to tap)."""
DIGRESSIONS = ("sisu", "prouni", "simulation")
"""Workflows that may interrupt any other (questions and the eligibility check)."""
COLLECTING = ("onboarding", "simulation", "match")
"""Workflows with a pending question that a message may be answering."""


def _expand(data: Mapping[str, Any]) -> dict[str, Any]:
    """`- include: NAME` steps replaced by the top-level `x-NAME` list (extra keys of the
    include, such as `on_filled`, apply to its first step)."""
    flows = dict(data["workflows"])
    for name, body in flows.items():
        steps: list[Any] = []
        for step in body.get("steps", []):
            if isinstance(step, Mapping) and "include" in step:
                block = [dict(item) for item in data[f"x-{step['include']}"]]
                extra = {k: v for k, v in step.items() if k != "include"}
                block[0].update(extra)
                steps.extend(block)
            else:
                steps.append(step)
        flows[name] = {**body, "steps": steps}
    return {"workflows": flows}


def load(services: Services) -> dict[str, Workflow]:
    """The workflows of `workflows.yaml`, income calculators' props filled from the rules."""
    data = yaml.safe_load(WORKFLOWS_FILE.read_text(encoding="utf-8"))
    workflows = load_workflows(_expand(data))
    limits = {
        "integral_limit": brl(services.rules.integral_limit),
        "parcial_limit": brl(services.rules.parcial_limit),
    }
    for name, workflow in workflows.items():
        steps = []
        for step in workflow.steps:
            if isinstance(step, CollectStep) and step.ui is not None:
                props = income_calculator(step.question, services.rules).model_dump(mode="json")
                step = step.model_copy(
                    update={"ui": UiSpec(component=step.ui.component, props=props)}
                )
            if isinstance(step, CollectStep) and step.skipped is not None:
                text = step.skipped
                for key, value in limits.items():  # the rules' figures, before the slots'
                    text = text.replace(f"{{{key}}}", value)
                step = step.model_copy(update={"skipped": text})
            steps.append(step)
        workflows[name] = workflow.model_copy(update={"steps": tuple(steps)})
    return workflows


# -- the profile, kept in step with the slots -----------------------------------------------------
PROFILE_SLOTS: dict[str, str] = {
    "name": "name",
    "age": "age",
    "city": "city",
    "uf": "uf",
    "education": "education",
    "course": "course_interest",
    "score": "enem_score",
    "essay": "essay_score",
    "shifts": "shifts",
    "institution_type": "institution_type",
    "per_capita_income": "per_capita_income",
    "household_size": "household_size",
    "household_income": "household_income",
}
"""Workflow slot → profile field. The household's total and size are kept beside the
per-capita income (what eligibility is judged on) when the student gave them, so the figure
confirmed back can be traced to what was said (the profile re-derives nothing here: the
per-capita value of the same change wins, see `records/profiles.merge`)."""
SCORES = frozenset({"enem_score", "essay_score"})
"""Profile fields that are Enem scores: floats (two decimals, compared, never money)."""


async def save_profile(
    services: Services, user_id: str, update: dict[str, Any], failure: str
) -> None:
    """Upsert the profile fields in `update` (nothing when empty). A value the profile model
    refuses is logged under `failure` and dropped: the turn goes on without it."""
    if not update:
        return
    try:
        await services.store.repository(PROFILES).upsert(user_id, ProfileUpdate.parse(update))
    except InvalidProfileError as exc:
        log.warning("%s: %s", failure, exc.message)


class ProfileSync:
    """The workflows' slot listener: profile fields written as their slots change."""

    def __init__(self, services: Services) -> None:
        self.services = services

    async def __call__(self, turn: Turn, workflow: Workflow, changed: Mapping[str, Any]) -> None:
        update: dict[str, Any] = {}
        for slot, value in changed.items():
            field = PROFILE_SLOTS.get(slot)
            if field is None or value is None:
                continue
            if isinstance(value, Decimal):
                value = float(value) if field in SCORES else str(value)
            update[field] = list(value) if isinstance(value, tuple) else value
        if "city" in update and "uf" not in update:
            update["uf"] = uf_of(str(update["city"]))  # a city the catalogue does not know: asked
        await save_profile(self.services, turn.user_id, update, "profile not updated from slots")


# -- routing --------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Decided:
    """What the router reads and decides before anything is written: whether the student is
    onboarded, and the rules' or the hosted model's decision."""

    onboarded: bool
    decision: RoutedDecision


DECIDED: Prefetch[Decided] = Prefetch("route")


class ScholarshipRouter:
    """Questions first, then onboarding, then `router.py`'s rules (see the module docstring).

    `decide` only reads (the profile, the session state) and asks the model, so with a hosted
    guard it runs alongside it (`speculate`, see `patterns/guardrails/speculation.py`); `route`
    applies the decision (the topic, the abandoned-match signal) once the message is SAFE."""

    def __init__(self, services: Services) -> None:
        self.services = services
        self.speculations = Speculations()
        self.rules = ScholarshipExtractor(services)
        self.workflows: Mapping[str, Workflow] = {}
        """Set by the pattern: what a pending question is checked against."""

    def speculate(self, turn: Turn) -> None:
        if self.services.model_for is not None:  # offline routing is rules: nothing to overlap
            self.speculations.start(turn, DECIDED, self.decide(turn, turn.state))

    async def decide(self, turn: Turn, state: RoutingState) -> Decided:
        profile = await self.services.store.repository(PROFILES).get(turn.user_id)
        onboarded = profile is not None and profile.onboarding_completed
        stack = [frame.workflow for frame in state.get(WorkflowState).stack]
        top = stack[-1] if stack else None
        topic = state.get(ScholarshipState).topic
        routed = ("match", "sisu", "prouni", "simulation", "onboarding")
        active = cast(RoutedWorkflow | None, top if top in routed else topic)
        model = self.services.model("root")
        if model is not None:
            return Decided(onboarded, await route_hosted(model, turn.text, active, turn.usage))
        programme = "prouni" if "simulation" in stack else topic
        return Decided(onboarded, route_offline(turn.text, active, programme))

    async def route(self, turn: Turn, state: RoutingState) -> RouteDecision:
        decided = await self.speculations.take(turn, DECIDED) or await self.decide(turn, state)
        decision = decided.decision
        stack = [frame.workflow for frame in state.get(WorkflowState).stack]
        top = stack[-1] if stack else None
        if decision.intent == "EXIT_WORKFLOW":
            state.put(state.get(ScholarshipState).model_copy(update={"topic": None}))
            if "match" in stack:
                await self._abandoned(turn, state)
            return RouteDecision(RouteAction.EXIT_WORKFLOW, confidence=decision.confidence)
        if top is None and is_distress(turn.text) and not has_question(turn.text):
            return RouteDecision(RouteAction.CONTINUE_WORKFLOW)  # the root acknowledges it first
        target: str | None = decision.target if decision.intent == "CHANGE_WORKFLOW" else None
        topic = state.get(ScholarshipState).topic
        if (
            top is None
            and (asks_for_profile(turn.text) or requested_update(turn.text))
            and not asks_about_a_program(turn.text)  # "posso trocar o curso no sisu?": a rule
        ):
            return RouteDecision(RouteAction.CONTINUE_WORKFLOW)  # the root shows or updates it
        if top is None and decided.onboarded and agents.asks_next_steps(turn.text):
            return RouteDecision(RouteAction.CONTINUE_WORKFLOW)  # the root's step-by-step
        if top is None and decided.onboarded and wants_course(turn.text, self.services.courses):
            return RouteDecision(RouteAction.CHANGE_WORKFLOW, "match")
        if (
            top is None
            and decided.onboarded
            and (
                read_income(turn.text).complete
                or (school_in(turn.text) is not None and not has_question(turn.text))
            )
        ):
            # "somos 4 em casa e a renda é 3 mil", "estudei em escola pública" after onboarding:
            # the Prouni simulation reads it (per person and the limits; the school's item
            # 1.3) — the root said "Não tenho certeza se entendi"
            state.put(state.get(ScholarshipState).model_copy(update={"topic": "prouni"}))
            return RouteDecision(RouteAction.CHANGE_WORKFLOW, "simulation")
        if target is None and top is None and topic and is_question(turn.text):
            target = topic  # a follow-up question to the agent that answered the last one
        if target in DIGRESSIONS and target != top:
            if top in COLLECTING and await self._answers(turn, state):
                return RouteDecision(RouteAction.CONTINUE_WORKFLOW)
            if top is None and not decided.onboarded and await self._introduces(turn):
                return RouteDecision(RouteAction.CHANGE_WORKFLOW, "onboarding")
            if target in ("sisu", "prouni", "simulation"):  # a simulation is about the Prouni
                programme = "sisu" if target == "sisu" else "prouni"
                state.put(state.get(ScholarshipState).model_copy(update={"topic": programme}))
            return RouteDecision(RouteAction.CHANGE_WORKFLOW, target, decision.confidence)
        if not decided.onboarded:
            if top is None:
                return RouteDecision(RouteAction.CHANGE_WORKFLOW, "onboarding")
            return RouteDecision(RouteAction.CONTINUE_WORKFLOW)
        if target is not None and target != top and target != "onboarding":
            return RouteDecision(RouteAction.CHANGE_WORKFLOW, target, decision.confidence)
        return RouteDecision(RouteAction.CONTINUE_WORKFLOW, confidence=decision.confidence)

    async def _introduces(self, turn: Turn) -> bool:
        """Whether a first message introduces the student, Enem average included, and asks
        nothing ("sou o Davi, 19 anos, de Caruaru, fiz 612 no enem"): the Enem named is the
        student's own score, kept by onboarding, not a question for the Sisu agent."""
        workflow = self.workflows.get("onboarding")
        if workflow is None or has_question(turn.text):
            return False
        values = (await self.rules.extract(turn.text, workflow, None, {})).values
        return "score" in values and any(slot in values for slot in ("name", "age", "city"))

    async def _answers(self, turn: Turn, state: RoutingState) -> bool:
        """Whether the message gives the workflow in charge a new slot value (then it is an
        answer, even with a question in it), read by the offline rules.

        A message shaped as a question ("e se eu tiver zerado a redação, ainda posso tentar o
        sisu?", "a renda conta bruta ou líquida?") answers only with what it says outside its
        question clauses ("tirei 610, o sisu usa qual enem?" gives the score; "o prouni aceita
        bolsista integral de escola particular?" gives no shift nor institution type), and
        only with the pending slot or an empty one ("680 de média no enem, isso conta?"):
        an empty slot's value beside a question about Sisu or Prouni ("fiz supletivo, posso
        usar no prouni" at the city step) or a word the rules would read as a *correction*
        ("Se" as the name, "conta" as Ciências Contábeis) does not make it an answer — the
        question is answered, and the workflow asks its question again."""
        frame = state.get(WorkflowState).top
        workflow = self.workflows.get(frame.workflow) if frame is not None else None
        if frame is None or workflow is None or frame.asked is None:
            return False
        extraction = await self.rules.extract(turn.text, workflow, frame.asked, frame.slots)
        values = extraction.values
        if (
            frame.asked in INCOME_SLOTS
            and frame.asked in extraction.problems
            and not has_question(turn.text)
        ):
            return True  # an attempt at the income question ("mil e pouco", "tirei 640 no enem")
        if has_question(turn.text):
            said = statements(turn.text)
            outside = (
                (await self.rules.extract(said, workflow, frame.asked, frame.slots)).values
                if said
                else {}
            )
            values = {
                slot: value
                for slot, value in values.items()
                if slot in outside
                and (
                    slot == frame.asked
                    or (frame.slots.get(slot) is None and not asks_about_a_program(turn.text))
                )
            }
        return any(str(value) != str(frame.slots.get(slot)) for slot, value in values.items())

    async def _abandoned(self, turn: Turn, state: RoutingState) -> None:
        frame = next(f for f in state.get(WorkflowState).stack if f.workflow == "match")
        await self.services.store.repository(SIGNALS).record(
            "workflow_abandoned",
            turn.user_id,
            turn.session_id,
            {"workflow": "match", "step": frame.asked or "start", "slots": sorted(frame.slots)},
        )


# -- actions --------------------------------------------------------------------------------------
def volunteered_text(slots: Mapping[str, Any]) -> str:
    """ " Também anotei: curso Medicina, média do Enem 650, renda de R$ 600,00 por pessoa (R$
    3.000,00 ÷ 5 pessoas)." — what onboarding kept beyond its questions, said when it
    completes ("" when nothing)."""
    parts: list[str] = []
    if slots.get("course"):
        parts.append(f"curso {slots['course']}")
    if (score := slots.get("score")) is not None:
        parts.append(f"média do Enem {format(Decimal(score).normalize(), 'f')}")
    if (essay := slots.get("essay")) is not None:
        parts.append(f"redação {format(Decimal(essay).normalize(), 'f')}")
    if (income := slots.get("per_capita_income")) is not None:
        how = f" ({slots['income_basis']})" if slots.get("income_basis") else ""
        parts.append(f"renda de {brl(Decimal(income))} por pessoa{how}")
    elif (size := slots.get("household_size")) is not None:
        parts.append(f"{size} {'pessoa' if size == 1 else 'pessoas'} na casa")
    elif (total := slots.get("household_income")) is not None:
        parts.append(f"renda da casa {brl(Decimal(total))}")
    return f" Também anotei: {', '.join(parts)}." if parts else ""


WELCOME = "Olá! Eu sou a Cloudinha e vou te ajudar a encontrar cursos e bolsas pelo Sisu e Prouni."


class Actions:
    """The onboarding, match and Sisu/Prouni actions, bound to the app's services."""

    def __init__(self, services: Services) -> None:
        self.services = services

    def table(self) -> dict[str, Any]:
        return {
            "welcome": self.welcome,
            "load_profile": self.load_profile,
            "greet": self.greet,
            "match_prefill": self.match_prefill,
            "save_profile": self.save_profile,
            "first_search": self.first_search,
            "eligibility_search": self.eligibility_search,
            "judge_again": self.judge_again,
            "final_search": self.final_search,
            "answer_sisu": self.answer_sisu,
            "answer_prouni": self.answer_prouni,
        }

    async def _profile(self, ctx: ActionContext) -> StudentProfile | None:
        return await self.services.store.repository(PROFILES).get(ctx.turn.user_id)

    async def match_prefill(self, ctx: ActionContext) -> Mapping[str, Any] | None:
        """The match asks only what the profile lacks: a course, score or income the student
        already gave (during onboarding, or in a simulation) is not asked again."""
        profile = await self._profile(ctx)
        if profile is None:
            return None
        known: dict[str, Any] = {}
        if profile.course_interest:
            known["course"] = profile.course_interest
        if profile.enem_score is not None:
            known["score"] = Decimal(str(profile.enem_score))
        known.update(known_income(profile))
        return {k: v for k, v in known.items() if k not in ctx.slots} or None

    async def welcome(self, ctx: ActionContext) -> AsyncIterator[ActionItem]:
        """Who the assistant is, once, when onboarding starts: an aside, so the values a first
        message told are still shown after it ("Anotei: …") and before the first question. A
        first message that completes the profile is greeted by "Prontinho, …" alone."""
        if not all(ctx.slots.get(slot) for slot in ("name", "age", "city", "education")):
            yield Say(WELCOME, aside=True)

    async def load_profile(self, ctx: ActionContext) -> Mapping[str, Any] | None:
        """Onboarding asks only what the profile lacks."""
        profile = await self._profile(ctx)
        if profile is None:
            return None
        known = {f: getattr(profile, f) for f in ("name", "age", "city", "uf", "education")}
        return {k: v for k, v in known.items() if v is not None and k not in ctx.slots}

    async def greet(self, ctx: ActionContext) -> AsyncIterator[ActionItem]:
        """ "Prazer, <nome>!" once, when the name is first learned — alone, after the age, or in
        one message with it ("17 anos, sou o Bruno"); a corrected name gets the correction line,
        not a second greeting. The values read beside the name are still shown ("Anotei: …").
        A message that completes the whole profile is greeted by "Prontinho, <nome>!" alone."""
        state = ctx.turn.state.get(ScholarshipState)
        if state.greeted or not ctx.slots.get("name"):
            return
        ctx.turn.state.put(state.model_copy(update={"greeted": True}))
        if all(ctx.slots.get(slot) for slot in ("age", "city", "education")):
            return
        if ctx.text and (student := written_for(ctx.text)):  # "sou o pai da Larissa"
            yield Say(f"Prazer! Vou fazer o cadastro {student} com você.", aside=True)
        else:
            yield Say(f"Prazer, {ctx.slots['name']}!", aside=True)

    async def save_profile(self, ctx: ActionContext) -> AsyncIterator[ActionItem]:
        slots = ctx.slots
        update = {k: slots[k] for k in ("name", "age", "city", "education")}
        if slots.get("uf"):
            update["uf"] = slots["uf"]
        profiles = self.services.store.repository(PROFILES)
        await profiles.upsert(ctx.turn.user_id, ProfileUpdate.parse(update))
        await profiles.upsert(ctx.turn.user_id, ProfileUpdate(onboarding_completed=True))
        place = f"{slots['city']} ({slots['uf']})" if slots.get("uf") else str(slots["city"])
        extra = volunteered_text(slots)
        yield Say(
            f"Prontinho, {slots['name']}! Seu perfil está completo: {slots['age']} anos, "
            f"{place}, {slots['education']}.{extra} Se algo estiver errado, é só me dizer. "
            "Posso te ajudar a encontrar cursos e bolsas (é só dizer, por exemplo, “quero achar "
            "uma faculdade”) ou tirar dúvidas sobre o Sisu e o Prouni."
        )

    def _filters(self, slots: Mapping[str, Any], **extra: Any) -> OpportunityFilters:
        income = slots.get("per_capita_income")
        score = slots.get("score")
        eligibility = eligibility_for(income, self.services.rules) if income is not None else None
        if slots.get("eligibility"):
            eligibility = Eligibility(slots["eligibility"])  # judged exactly, or Sisu only (1.2)
        return OpportunityFilters(
            course=slots.get("course"),
            score=float(score) if score is not None else None,
            score_tolerance=20.0,
            eligibility=eligibility,
            shifts=tuple(slots.get("shifts") or ()),
            institution_type=slots.get("institution_type") or "indiferente",
            limit=SHOWN,
            **extra,
        )

    async def first_search(self, ctx: ActionContext) -> AsyncIterator[ActionItem]:
        profile = await self._profile(ctx)
        slots = dict(ctx.slots)
        score = slots.get("score")
        if score is not None and (rule := score_rule(score)).holds is False:
            # said before any Prouni offer is shown (item 1.2), not after the income question
            # the income is then not asked: it only matters for the Prouni
            yield SetSlots({"eligibility": Eligibility.SISU_ONLY.value, "told_score": True})
            text = f"{rule.cited} Por isso vou te mostrar só as vagas do Sisu."
            if slots.get("institution_type") == "privada":  # the Sisu has public places only
                text += " Como o Sisu só oferece vagas em instituições públicas, vou buscar nelas."
                yield SetSlots({"institution_type": "publica"})
                slots["institution_type"] = "publica"
            yield Say(text)
            slots["eligibility"] = Eligibility.SISU_ONLY.value
        filters = self._filters(slots, sort_by="fit")
        async for item in nearest_first(
            ctx, "Encontrei estas opções", filters, profile, 1, moving=False
        ):
            yield item

    def _judged(self, slots: Mapping[str, Any]) -> tuple[Eligibility, str]:
        """The eligibility the per-capita income (and the Enem average) gives, and what is said:
        the income confirmed back, then item 1.4 (and item 1.2 when the average fails)."""
        income: Decimal = slots["per_capita_income"]
        rules = self.services.rules
        exact = household(slots)
        eligibility = (
            household_eligibility(*exact, rules) if exact else eligibility_for(income, rules)
        )
        text = f"{confirm_income(income, slots.get('income_basis'))} "
        text += income_rule(income, rules, exact).cited
        score = slots.get("score")
        if score is not None and (rule := score_rule(score)).holds is False:
            if not slots.get("told_score"):
                text += f"\n\n{rule.cited} Por isso vou te mostrar só as vagas do Sisu."
            eligibility = Eligibility.SISU_ONLY
        return eligibility, text

    async def judge_again(self, ctx: ActionContext) -> AsyncIterator[ActionItem]:
        """A household corrected after the match judged it ("na verdade somos 4"): judged
        again and said, so the last search filters by the income as it now is (the first
        reading is judged by `eligibility_search`)."""
        if ctx.slots.get("eligibility") is None or ctx.slots.get("per_capita_income") is None:
            return
        eligibility, text = self._judged(ctx.slots)
        yield SetSlots({"eligibility": eligibility.value})
        yield Say(text)

    async def eligibility_search(self, ctx: ActionContext) -> AsyncIterator[ActionItem]:
        eligibility, text = self._judged(ctx.slots)
        yield SetSlots({"eligibility": eligibility.value})
        yield Say(text)
        profile = await self._profile(ctx)
        slots = {**ctx.slots, "eligibility": eligibility.value}
        filters = self._filters(slots, sort_by="fit")
        async for item in nearest_first(
            ctx, "Opções para o seu perfil", filters, profile, 2, moving=False, unless_shown=True
        ):
            yield item

    async def final_search(self, ctx: ActionContext) -> AsyncIterator[ActionItem]:
        profile = await self._profile(ctx)
        filters = self._filters(ctx.slots, sort_by="quality")
        moving = bool(ctx.slots["nearby"])
        title = "As melhores opções pela qualidade do MEC"
        async for item in nearest_first(
            ctx, title, filters, profile, 3, moving=moving, unless_shown=True, again=True
        ):
            yield item
        shown = ctx.turn.state.get(ScholarshipState).shown
        yield Say(DONE_TEXT if shown else NOTHING_TEXT)

    async def answer_sisu(self, ctx: ActionContext) -> AsyncIterator[ActionItem]:
        async for item in agents.informational_items(self.services, ctx, "sisu"):
            yield item

    async def answer_prouni(self, ctx: ActionContext) -> AsyncIterator[ActionItem]:
        async for item in agents.informational_items(self.services, ctx, "prouni"):
            yield item


__all__ = [
    "DECIDED",
    "PROFILE_SLOTS",
    "Actions",
    "Decided",
    "ProfileSync",
    "ScholarshipRouter",
    "load",
]
