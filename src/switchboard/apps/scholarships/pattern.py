"""`ScholarshipsPattern`: the router and the workflows of spec 002, behind the app's guard.

Per message (the guard has already let it through, see `app.py`):

1. a thumbs-down given since the last turn raises its alert (`learning.py`);
2. a card click ("Ver detalhes: <id>") is answered and recorded as a signal, nothing else runs;
3. routing priority: **onboarding** while the profile is incomplete; otherwise the router
   (`router.py`) decides CONTINUE / CHANGE(target) / EXIT *before* anything answers, and the
   change takes effect in this same turn. Leaving an unfinished match for a Sisu/Prouni question
   pushes it on the dialog stack; the next data answer ("1500 reais", "sim") pops it back, and the
   informational answer ends by re-asking the match's pending question. EXIT clears everything
   and records an unfinished match as `workflow_abandoned`;
4. the workflow in charge runs: onboarding → match → sisu → prouni → root (no workflow). A step
   may hand over to another in the same turn; at most `MAX_STEPS` run.

Every message the turn persists is tagged with its workflow (`META_WORKFLOW`).
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator

from switchboard.apps.scholarships import agents, match, onboarding
from switchboard.apps.scholarships.context import ROOT, Services, Step
from switchboard.apps.scholarships.extract import income_in, match_values, yes_no
from switchboard.apps.scholarships.learning import alert_negative_feedback
from switchboard.apps.scholarships.records import PROFILES, SIGNALS
from switchboard.apps.scholarships.router import RouteDecision, route_hosted, route_offline
from switchboard.apps.scholarships.state import WORKFLOWS, MatchSlots, ScholarshipState
from switchboard.core.events import Event
from switchboard.core.messages import META_WORKFLOW, Message
from switchboard.core.state import RoutingState
from switchboard.sessions.turn import Turn

log = logging.getLogger(__name__)

MAX_STEPS = 4
"""Workflow steps one message may run (a hand-over chain longer than this is a bug, not work)."""
EXIT_TEXT = "Tudo bem, parei por aqui. "
START_MATCH = "Claro! Vamos encontrar a melhor opção para você."


class ScholarshipsPattern:
    """Router + workflows of the scholarship assistant (an `AgentRouting` pattern)."""

    def __init__(self, services: Services, *, max_steps: int = MAX_STEPS) -> None:
        self.services = services
        self.max_steps = max_steps

    def current_agent(self, state: RoutingState) -> str:
        return state.get(ScholarshipState).workflow or ROOT

    def place(self, state: RoutingState, agent: str) -> None:
        part = state.get(ScholarshipState)
        workflow = next((w for w in WORKFLOWS if w == agent), None)
        state.put(part.model_copy(update={"workflow": workflow, "stack": ()}))

    async def route(self, turn: Turn) -> AsyncIterator[Event]:
        step = Step(turn, self.services, turn.state.get(ScholarshipState))
        question = Message.user(turn.text)
        turn.new_messages.append(question)
        await self._alert_feedback(step)
        click = agents.CARD_CLICK.match(turn.text)
        if click:
            question.agent = step.workflow or ROOT
            step.tag(question)
            await agents.card_details(step, click.group("id"))
            for event in step.drain():
                yield event
            turn.state.put(step.state)
            return
        profile = await self.services.store.repository(PROFILES).get(turn.user_id)
        handled = False
        if profile is None or not profile.onboarding_completed:
            step.update(workflow="onboarding", stack=())
        else:
            if step.workflow == "onboarding":
                step.update(workflow=None)
            handled = await self._apply(step, await self._decide(step))
        question.agent = step.workflow or ROOT
        question.metadata[META_WORKFLOW] = step.workflow or ROOT
        for event in step.drain():
            yield event
        ran = 0
        while not handled and ran < self.max_steps:
            ran += 1
            step.handoff = False
            await self._run(step)
            for event in step.drain():
                yield event
            handled = not step.handoff
        step.update(steps_taken=step.state.steps_taken + 1 if step.workflow else 0)
        turn.state.put(step.state)

    async def _decide(self, step: Step) -> RouteDecision:
        model = self.services.model(ROOT)
        if model is not None:
            return await route_hosted(model, step.turn.text, step.workflow)
        return route_offline(step.turn.text, step.workflow)

    async def _apply(self, step: Step, decision: RouteDecision) -> bool:
        """Act on the router's decision; True when that already answered the message."""
        state = step.state
        if decision.intent == "EXIT_WORKFLOW":
            if state.workflow == "match" or "match" in state.stack:
                await self._abandoned(step)
            step.update(workflow=None, stack=(), match=MatchSlots(), steps_taken=0)
            step.say(EXIT_TEXT + agents.MENU, ROOT)
            return True
        if decision.intent == "CHANGE_WORKFLOW" and decision.target is not None:
            target = decision.target
            if target == "match":
                if "match" in state.stack:
                    step.update(
                        workflow="match", stack=tuple(w for w in state.stack if w != "match")
                    )
                    return False
                if state.workflow is None:
                    step.say(START_MATCH, ROOT)
                step.update(workflow="match", stack=(), match=MatchSlots(shown=state.match.shown))
                return False
            stack = state.stack
            if state.workflow == "match":
                stack = (*stack, "match")
            step.update(workflow=target, stack=stack)
            return False
        resumable = state.workflow in ("sisu", "prouni") and state.stack[-1:] == ("match",)
        if resumable and self._answers_match(step):
            step.update(workflow="match", stack=state.stack[:-1])
        return False

    def _answers_match(self, step: Step) -> bool:
        slots = step.state.match
        text = step.turn.text
        if "?" in text:
            return False
        if slots.step == "income":
            return income_in(text) is not None
        if slots.step == "refine":
            return yes_no(text) is not None
        missing = slots.missing_prefs()
        return bool(match_values(text, missing[0] if missing else None, self.services.courses))

    async def _run(self, step: Step) -> None:
        workflow = step.workflow
        if workflow == "onboarding":
            await onboarding.run(step)
        elif workflow == "match":
            await match.run(step)
        elif workflow in ("sisu", "prouni"):
            await agents.informational(step, workflow)
        else:
            await agents.root(step)

    async def _abandoned(self, step: Step) -> None:
        slots = step.state.match
        await self.services.store.repository(SIGNALS).record(
            "workflow_abandoned",
            step.turn.user_id,
            step.turn.session_id,
            {"workflow": "match", "step": slots.step, "turns": step.state.steps_taken},
        )

    async def _alert_feedback(self, step: Step) -> None:
        store = self.services.store
        votes = await store.list_feedback(step.turn.session_id)
        fresh = [v for v in votes if v.rating == "down" and v.message_id not in step.state.alerted]
        for vote in fresh:
            await alert_negative_feedback(store, vote)
        if fresh:
            step.update(alerted=(*step.state.alerted, *(v.message_id for v in fresh)))


__all__ = ["EXIT_TEXT", "MAX_STEPS", "START_MATCH", "ScholarshipsPattern"]
