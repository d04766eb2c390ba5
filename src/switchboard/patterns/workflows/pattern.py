"""`WorkflowPattern`: a root agent for free conversation, workflows for structured dialogs.

Each message goes through the router first (`Router.route` → CONTINUE / CHANGE / EXIT), and the
decision takes effect in the same turn:

- CHANGE to a workflow not running → it is pushed on the dialog stack (over the one in charge,
  which is interrupted: a digression) and runs with this message;
- CHANGE to a workflow lower on the stack → the frames above it are dropped and it resumes with
  this message;
- EXIT → every running workflow is dropped and the root agent says goodbye to them;
- CONTINUE (or a decision below `min_confidence`) → whoever is in charge handles the message.

With an empty stack the root answers: an injected inner pattern (delegation, an LLM agent, …)
or a plain answer function. When a workflow completes it either starts the next one
(`on_complete.start`) or returns control: to the interrupted workflow below it, which asks its
pending question again (in its `again` form) after the workflow's `resume` line (default
`texts.resume`), or to the root. Everything lives in the session's
`WorkflowState`, so a new process continues mid-workflow.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Collection, Iterable, Mapping

from switchboard.core.events import AgentEvent, Event
from switchboard.core.state import RoutingState
from switchboard.patterns.app import AgentRouting, model_agents
from switchboard.patterns.workflows.actions import Action, SlotListener, Validator
from switchboard.patterns.workflows.commands import DEFAULT_COMMANDS, Commands
from switchboard.patterns.workflows.definition import (
    ActionStep,
    CollectStep,
    Workflow,
    WorkflowDefinitionError,
)
from switchboard.patterns.workflows.engine import Cursor, Engine, Status
from switchboard.patterns.workflows.extract import Extractor, RuleExtractor
from switchboard.patterns.workflows.output import TurnOutput
from switchboard.patterns.workflows.router import (
    CONTINUE,
    KeywordRouter,
    RouteAction,
    Router,
)
from switchboard.patterns.workflows.state import Frame, WorkflowState
from switchboard.patterns.workflows.texts import DEFAULT_TEXTS, WorkflowTexts
from switchboard.patterns.workflows.values import DecimalParser, parse_decimal
from switchboard.sessions.turn import Turn
from switchboard.tools.registry import ToolRegistry

log = logging.getLogger(__name__)

MAX_STEPS = 20
"""Workflow steps (collect questions, actions, responds, frame entries) one turn may run.
A turn normally runs a handful; the bound stops definitions that loop (workflows that start each
other on completion without ever asking anything) with a `StepLimitError`."""

RootAnswer = Callable[[Turn], Awaitable[str]]
"""Answers a message outside workflows with whole text (no model run needed)."""


class WorkflowPattern:
    """Workflows over a root agent, with a router in front (see the module docstring)."""

    def __init__(
        self,
        workflows: Iterable[Workflow] | Mapping[str, Workflow],
        *,
        root: AgentRouting | None = None,
        answer: RootAnswer | None = None,
        root_agent: str = "root",
        router: Router | None = None,
        extractor: Extractor | None = None,
        actions: Mapping[str, Action] | None = None,
        validators: Mapping[str, Validator] | None = None,
        texts: WorkflowTexts = DEFAULT_TEXTS,
        commands: Commands = DEFAULT_COMMANDS,
        decimal_parser: DecimalParser = parse_decimal,
        max_steps: int = MAX_STEPS,
        min_confidence: float = 0.5,
        on_slots: SlotListener | None = None,
        tools: ToolRegistry | None = None,
    ) -> None:
        """`root` (a pattern) or `answer` (a function) handles messages outside workflows;
        `root_agent` names the root when it is a function. `router` defaults to the offline
        `KeywordRouter` over the workflows in the order given (routing priority), `extractor`
        to the offline `RuleExtractor`. `on_slots` is told every change of collected slots as
        it happens; `tools` are what actions run with `ActionContext.call_tool`. Raises
        `WorkflowDefinitionError` when a workflow names an action, validator or workflow that
        does not exist."""
        if (root is None) == (answer is None):
            raise WorkflowDefinitionError("give exactly one of `root` (a pattern) or `answer`")
        listed = list(workflows.values()) if isinstance(workflows, Mapping) else list(workflows)
        self.workflows: dict[str, Workflow] = {workflow.name: workflow for workflow in listed}
        self.root = root
        self.answer = answer
        self.root_agent = root_agent
        self.router: Router = router or KeywordRouter(listed)
        self.min_confidence = min_confidence
        self.texts = texts
        self.engine = Engine(
            extractor=extractor or RuleExtractor(),
            actions=dict(actions or {}),
            validators=dict(validators or {}),
            texts=texts,
            commands=commands,
            decimal_parser=decimal_parser,
            max_steps=max_steps,
            listener=on_slots,
            tools=tools,
        )
        self._check()

    def _check(self) -> None:
        for workflow in self.workflows.values():
            for step in workflow.steps:
                if isinstance(step, ActionStep) and step.action not in self.engine.actions:
                    raise WorkflowDefinitionError(
                        f"workflow {workflow.name!r} runs unknown action {step.action!r}",
                        workflow=workflow.name,
                    )
                if (
                    isinstance(step, CollectStep)
                    and step.on_filled is not None
                    and step.on_filled not in self.engine.actions
                ):
                    raise WorkflowDefinitionError(
                        f"workflow {workflow.name!r} runs unknown action {step.on_filled!r}",
                        workflow=workflow.name,
                    )
                if (
                    isinstance(step, CollectStep)
                    and step.validator is not None
                    and step.validator not in self.engine.validators
                ):
                    raise WorkflowDefinitionError(
                        f"workflow {workflow.name!r} uses unknown validator {step.validator!r}",
                        workflow=workflow.name,
                    )
            if workflow.prefill is not None and workflow.prefill not in self.engine.actions:
                raise WorkflowDefinitionError(
                    f"workflow {workflow.name!r} prefills with unknown action {workflow.prefill!r}",
                    workflow=workflow.name,
                )
            target = workflow.on_complete.start
            if target is not None and target not in self.workflows:
                raise WorkflowDefinitionError(
                    f"workflow {workflow.name!r} starts unknown workflow {target!r}",
                    workflow=workflow.name,
                )

    # -- AgentRouting ------------------------------------------------------------------------

    def current_agent(self, state: RoutingState) -> str:
        top = state.get(WorkflowState).top
        if top is not None and top.workflow in self.workflows:
            return self.workflows[top.workflow].speaker
        return self._root_speaker(state)

    def model_agents(self) -> Collection[str] | None:
        """The root pattern's model-driven agents; none with an `answer` function. Workflow
        speakers run the engine (router, extractor and actions are the app's, with their own
        models if hosted), never an agent's model."""
        return model_agents(self.root) if self.root is not None else ()

    def place(self, state: RoutingState, agent: str) -> None:
        """The user picked `agent`: a workflow's agent starts that workflow afresh (it runs with
        the next message); any other agent is the root's, and ends every workflow."""
        for workflow in self.workflows.values():
            if workflow.speaker == agent:
                state.put(WorkflowState(stack=(Frame(workflow=workflow.name),)))
                return
        state.put(WorkflowState())
        if self.root is not None:
            self.root.place(state, agent)

    def start(self, state: RoutingState, workflow: str) -> None:
        """Start `workflow` from the next message on, over whatever runs (for a root agent's
        tool: "vamos procurar vagas" → `pattern.start(turn.state, "match")`)."""
        if workflow not in self.workflows:
            raise WorkflowDefinitionError(f"unknown workflow {workflow!r}", workflow=workflow)
        stack = state.get(WorkflowState).stack
        if all(frame.workflow != workflow for frame in stack):
            state.put(WorkflowState(stack=(*stack, Frame(workflow=workflow))))

    # -- the turn ----------------------------------------------------------------------------

    async def route(self, turn: Turn) -> AsyncIterator[Event]:
        state = turn.state
        self._forget_unknown(state)
        out = TurnOutput(turn)
        before = self.current_agent(state)
        decision = await self.router.route(turn, state)
        if decision.usage is not None:
            turn.usage.add(decision.usage)
        if decision.confidence < self.min_confidence:
            decision = CONTINUE
        stack = state.get(WorkflowState).stack
        if decision.action is RouteAction.EXIT_WORKFLOW and stack:
            async for event in self._exit(out, before):
                yield event
            return
        changed = False
        if decision.action is RouteAction.CHANGE_WORKFLOW and decision.target is not None:
            changed = self._change(state, decision.target)
        now = self.current_agent(state)
        top = state.get(WorkflowState).top
        if top is None:
            async for event in self._root(out):
                yield event
            return
        if turn.stream:
            if now != before:
                yield AgentEvent(agent=now, reason="workflow", previous=before)
            else:
                yield AgentEvent(agent=now, reason="start")
        out.user(now, top.workflow)
        async for event in self._drive(out, turn.text, answers=not changed):
            yield event

    def _change(self, state: RoutingState, target: str) -> bool:
        """Put `target` in charge; False when it already was."""
        stack = state.get(WorkflowState).stack
        names = [frame.workflow for frame in stack]
        if names and names[-1] == target:
            return False
        if target in names:
            keep = names.index(target) + 1
            log.info("workflows %s abandoned for %s", names[keep:], target)
            state.put(WorkflowState(stack=stack[:keep]))
        else:
            state.put(WorkflowState(stack=(*stack, Frame(workflow=target))))
        return True

    async def _exit(self, out: TurnOutput, before: str) -> AsyncIterator[Event]:
        state = out.turn.state
        top = state.get(WorkflowState).top
        assert top is not None  # only called with a running workflow
        out.user(before, top.workflow)
        state.put(WorkflowState())
        root = self._root_speaker(state)
        if out.turn.stream:
            yield AgentEvent(agent=root, reason="workflow", previous=before)
        if (said := out.say(self.texts.exited, root, None)) is not None:
            yield said

    async def _root(self, out: TurnOutput) -> AsyncIterator[Event]:
        turn = out.turn
        if self.root is not None:
            async for event in self.root.route(turn):
                yield event
            return
        assert self.answer is not None  # exactly one of root / answer (checked in __init__)
        if turn.stream:
            yield AgentEvent(agent=self.root_agent, reason="start")
        out.user(self.root_agent, None)
        if (said := out.say(await self.answer(turn), self.root_agent, None)) is not None:
            yield said

    async def _drive(
        self, out: TurnOutput, text: str | None, *, answers: bool
    ) -> AsyncIterator[Event]:
        """Run the workflow in charge, and whoever takes over when it ends, until one waits
        for the user or the stack is empty."""
        state = out.turn.state
        resuming = False
        while (top := state.get(WorkflowState).top) is not None:
            workflow = self.workflows[top.workflow]
            cursor = Cursor.load(workflow, top)
            line = workflow.resume or self.texts.resume
            if resuming and (said := out.say(line, workflow.speaker, workflow.name)):
                yield said
            async for event in self.engine.run(
                out, cursor, text, answers=answers, resumed=resuming
            ):
                yield event
            text, resuming = None, False
            if cursor.status is Status.WAITING:
                break
            rest = state.get(WorkflowState).stack[:-1]
            if workflow.prefill is not None and workflow.prefill not in self.engine.actions:
                raise WorkflowDefinitionError(
                    f"workflow {workflow.name!r} prefills with unknown action {workflow.prefill!r}",
                    workflow=workflow.name,
                )
            target = workflow.on_complete.start
            if cursor.status is Status.COMPLETED and target is not None:
                log.info("workflow %s completed; starting %s", workflow.name, target)
                rest = (*[f for f in rest if f.workflow != target], Frame(workflow=target))
            else:
                log.info("workflow %s %s", workflow.name, cursor.status.value)
                resuming = bool(rest)
            state.put(WorkflowState(stack=rest))
            if out.turn.stream:
                yield AgentEvent(
                    agent=self.current_agent(state), reason="workflow", previous=workflow.speaker
                )
        if not out.turn.visible:
            speaker = self.current_agent(state)
            top = state.get(WorkflowState).top
            if said := out.say(self.texts.completed, speaker, top.workflow if top else None):
                yield said

    # -- helpers -----------------------------------------------------------------------------

    def _root_speaker(self, state: RoutingState) -> str:
        return self.root.current_agent(state) if self.root is not None else self.root_agent

    def _forget_unknown(self, state: RoutingState) -> None:
        """Frames of workflows no longer defined (a deploy removed one) are dropped, not fatal."""
        stack = state.get(WorkflowState).stack
        known = tuple(frame for frame in stack if frame.workflow in self.workflows)
        if len(known) != len(stack):
            log.warning("dropping frames of unknown workflows from the session state")
            state.put(WorkflowState(stack=known))


__all__ = ["MAX_STEPS", "RootAnswer", "WorkflowPattern"]
