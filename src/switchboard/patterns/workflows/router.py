"""The router protocol: before a workflow sees a message, decide whether it continues, changes
or exits (spec 002's RouterAgent).

`Router.route(turn, state)` returns a `RouteDecision`. The decision takes effect in the same
turn: a change starts (or resumes) the target workflow with this very message, an exit ends every
running workflow. Hosted routers answer with JSON matching `ROUTE_DECISION_SCHEMA`, read by
`parse_route_decision`, which never fails: garbage becomes CONTINUE (logged), since carrying on
with the current workflow is the least surprising thing to do with a message nobody understood.

`KeywordRouter` is the offline one: exit commands on the whole message ("sair", "cancelar",
"voltar", "tchau"), then each workflow's `triggers` as whole words; anything else continues
(bare data answers such as "1500 reais", "Engenharia", "Sim" included).
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Protocol

from switchboard.core.messages import Usage
from switchboard.core.state import RoutingState
from switchboard.patterns.workflows.definition import Workflow
from switchboard.patterns.workflows.state import WorkflowState
from switchboard.patterns.workflows.values import find_phrase, fold
from switchboard.sessions.turn import Turn

log = logging.getLogger(__name__)


class RouteAction(StrEnum):
    """What the workflow router decided for a message: continue, change or exit the workflow."""

    CONTINUE_WORKFLOW = "CONTINUE_WORKFLOW"
    CHANGE_WORKFLOW = "CHANGE_WORKFLOW"
    EXIT_WORKFLOW = "EXIT_WORKFLOW"


@dataclass(frozen=True, slots=True)
class RouteDecision:
    """The router's decision with its target and confidence (low confidence is treated as
    continue)."""

    action: RouteAction
    target: str | None = None
    """The workflow to change to (CHANGE_WORKFLOW only)."""
    confidence: float = 1.0
    """0..1; the pattern ignores decisions below its `min_confidence` (treated as CONTINUE)."""
    usage: Usage | None = None
    """Tokens spent deciding, for routers that call a model."""


CONTINUE = RouteDecision(RouteAction.CONTINUE_WORKFLOW)
"""The decision to let the running workflow take the message."""


class Router(Protocol):
    """Decides, before a workflow step runs, whether the message continues it, starts another
    or digresses."""

    async def route(self, turn: Turn, state: RoutingState) -> RouteDecision:
        """Decide for `turn.text`; `state.get(WorkflowState)` says which workflows run."""
        ...


def route_decision_schema(workflows: Iterable[str]) -> dict[str, Any]:
    """JSON schema of a router's answer; `target` is limited to the known workflows."""
    return {
        "type": "object",
        "properties": {
            "intent": {"type": "string", "enum": [action.value for action in RouteAction]},
            "target": {"anyOf": [{"type": "string", "enum": sorted(workflows)}, {"type": "null"}]},
            "confidence": {"type": "number", "minimum": 0, "maximum": 1},
        },
        "required": ["intent", "target", "confidence"],
        "additionalProperties": False,
    }


ROUTE_DECISION_SCHEMA = route_decision_schema([])
"""The shape with no workflow names filled in (documentation; routers use
`route_decision_schema(names)`)."""

_FENCE = re.compile(r"^```(?:json)?\s*|\s*```$")


def parse_route_decision(text: str, workflows: Iterable[str]) -> RouteDecision:
    """A router model's answer as a decision. Accepts the JSON object alone or in a code fence;
    `intent` case-insensitive; confidence clamped to 0..1 (missing: 1). Anything unusable — not
    JSON, unknown intent, CHANGE without a known target — is CONTINUE, logged."""
    known = set(workflows)
    try:
        data = json.loads(_FENCE.sub("", text.strip()))
    except (ValueError, TypeError):
        log.warning("router answer is not JSON; continuing", extra={"answer": text[:200]})
        return CONTINUE
    if not isinstance(data, dict):
        log.warning("router answer is not an object; continuing", extra={"answer": text[:200]})
        return CONTINUE
    raw_intent = data.get("intent", data.get("action"))
    try:
        action = RouteAction(str(raw_intent).strip().upper())
    except ValueError:
        log.warning("router intent %r unknown; continuing", raw_intent)
        return CONTINUE
    confidence = _confidence(data.get("confidence", 1.0))
    if action is RouteAction.CHANGE_WORKFLOW:
        target = data.get("target", data.get("target_workflow"))
        if not isinstance(target, str) or target not in known:
            log.warning("router target %r unknown; continuing", target)
            return CONTINUE
        return RouteDecision(action, target, confidence)
    return RouteDecision(action, None, confidence)


def _confidence(raw: Any) -> float:
    if isinstance(raw, bool) or not isinstance(raw, int | float):
        return 1.0 if raw is None else 0.0
    return min(1.0, max(0.0, float(raw)))


EXIT_WORDS = ("sair", "cancelar", "cancela", "voltar", "tchau", "encerrar", "parar", "desistir")
_EXIT = re.compile(
    r"^(?:(?:eu )?(?:quero|pode|vamos|preciso) )?(?:"
    + "|".join(EXIT_WORDS)
    + r")(?: (?:por favor|agora|daqui|disso|tudo|obrigad[oa]))*$"
)


class KeywordRouter:
    """Offline routing by whole-message exit commands and per-workflow trigger phrases.

    Triggers of the workflow already in charge are ignored (they continue it); among the others
    the first workflow (in the order given) whose trigger appears wins — list workflows in
    routing priority order."""

    def __init__(self, workflows: Iterable[Workflow] | Mapping[str, Workflow]) -> None:
        self.workflows = tuple(workflows.values() if isinstance(workflows, Mapping) else workflows)

    async def route(self, turn: Turn, state: RoutingState) -> RouteDecision:
        folded = " ".join(re.sub(r"[^\w\s]", " ", fold(turn.text)).split())
        if _EXIT.match(folded):
            return RouteDecision(RouteAction.EXIT_WORKFLOW, confidence=1.0)
        top = state.get(WorkflowState).top
        current = top.workflow if top is not None else None
        for workflow in self.workflows:
            if workflow.name == current:
                continue
            if any(find_phrase(folded, trigger) for trigger in workflow.triggers):
                return RouteDecision(RouteAction.CHANGE_WORKFLOW, workflow.name, confidence=0.8)
        return CONTINUE


__all__ = [
    "CONTINUE",
    "EXIT_WORDS",
    "ROUTE_DECISION_SCHEMA",
    "KeywordRouter",
    "RouteAction",
    "RouteDecision",
    "Router",
    "parse_route_decision",
    "route_decision_schema",
]
