"""Hosted-model slot filling and routing: the model answers JSON matching a schema built from
the workflows, and nothing it says is trusted raw.

`ModelExtractor` asks for `{"values": {slot: value|null, ...}, "corrections": [slot, ...]}` with
one typed property per slot (enum slots list their option values); unknown slots, nulls and
corrections of slots it gave no value for are dropped, and the pattern still types and validates
each value (`values.coerce`). When the model fails (error, timeout, not JSON) the offline
`RuleExtractor` answers instead, so a flaky provider degrades to rules rather than to a stuck
question.

`ModelRouter` asks for the decision in `router.route_decision_schema(names)` and reads it with
`parse_route_decision` (garbage → CONTINUE); a model failure is CONTINUE too.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterable, Mapping
from typing import Any

from switchboard.core.errors import ModelError
from switchboard.core.messages import Message
from switchboard.core.state import RoutingState
from switchboard.models.base import Model, ModelRequest
from switchboard.patterns.workflows.definition import CollectStep, SlotType, Workflow
from switchboard.patterns.workflows.extract import Extraction, Extractor, RuleExtractor
from switchboard.patterns.workflows.router import (
    CONTINUE,
    RouteDecision,
    parse_route_decision,
    route_decision_schema,
)
from switchboard.patterns.workflows.state import WorkflowState
from switchboard.patterns.workflows.values import display
from switchboard.sessions.turn import Turn

log = logging.getLogger(__name__)

EXTRACTOR_AGENT = "workflow_extractor"
ROUTER_AGENT = "workflow_router"


def _value_schema(step: CollectStep) -> dict[str, Any]:
    kind = step.type
    base: dict[str, Any]
    if kind is SlotType.INT:
        base = {"type": "integer"}
    elif kind is SlotType.DECIMAL:
        base = {"type": "string", "description": "número decimal, ponto como separador: 1500.50"}
    elif kind is SlotType.BOOL:
        base = {"type": "boolean"}
    elif kind is SlotType.ENUM:
        base = {"type": "string", "enum": [option.value for option in step.options]}
    elif kind is SlotType.LIST:
        item: dict[str, Any] = {"type": "string"}
        if step.options:
            item["enum"] = [option.value for option in step.options]
        base = {"type": "array", "items": item}
    else:
        base = {"type": "string"}
    return {"anyOf": [base, {"type": "null"}]}


def extraction_schema(workflow: Workflow) -> dict[str, Any]:
    """The answer's JSON schema for `workflow`: every slot present, null when not said."""
    names = [step.collect for step in workflow.slots]
    return {
        "type": "object",
        "properties": {
            "values": {
                "type": "object",
                "properties": {step.collect: _value_schema(step) for step in workflow.slots},
                "required": names,
                "additionalProperties": False,
            },
            "corrections": {"type": "array", "items": {"type": "string", "enum": names}},
        },
        "required": ["values", "corrections"],
        "additionalProperties": False,
    }


def _describe_slot(step: CollectStep, slots: Mapping[str, Any]) -> str:
    parts = [f"- {step.collect} ({step.type.value})"]
    if step.description:
        parts.append(f": {step.description}")
    else:
        parts.append(f': resposta a "{step.question}"')
    if step.options:
        shown = "; ".join(f"{o.value} = {o.shown}" for o in step.options)
        parts.append(f" [opções: {shown}]")
    value = slots.get(step.collect)
    if value is not None:
        parts.append(f" — já preenchido: {display(step, value)}")
    return "".join(parts)


EXTRACTOR_PROMPT = (
    "Você extrai dados de uma mensagem de um usuário brasileiro para preencher um formulário.\n"
    "Formulário: {description}\n"
    "Campos:\n{fields}\n"
    "{expected}"
    "Responda só com JSON no formato pedido. Use null para todo campo que a mensagem não "
    "informa; nunca invente. Em `corrections`, liste os campos já preenchidos que o usuário está "
    'corrigindo nesta mensagem (ex.: "na verdade tenho 19 anos").'
)


class ModelExtractor:
    """Slot filling by a hosted model's JSON answer, with the offline rules as fallback."""

    def __init__(self, model: Model, *, fallback: Extractor | None = None) -> None:
        self.model = model
        self.fallback: Extractor = fallback or RuleExtractor()

    async def extract(
        self,
        text: str,
        workflow: Workflow,
        expected: str | None,
        slots: Mapping[str, Any],
    ) -> Extraction:
        fields = "\n".join(_describe_slot(step, slots) for step in workflow.slots)
        pending = ""
        if expected is not None and (step := workflow.slot(expected)) is not None:
            pending = f'A pergunta feita ao usuário foi: "{step.question}" (campo {expected}).\n'
        prompt = EXTRACTOR_PROMPT.format(
            description=workflow.description or workflow.name, fields=fields, expected=pending
        )
        request = ModelRequest(
            messages=[Message.system(prompt), Message.user(text)],
            response_schema=extraction_schema(workflow),
            agent=EXTRACTOR_AGENT,
            temperature=0.0,
        )
        try:
            response = await self.model.complete(request)
        except ModelError as exc:
            log.warning("extractor model failed (%s); using the rules", exc.code)
            return await self.fallback.extract(text, workflow, expected, slots)
        extraction = parse_extraction(response.text, workflow)
        if extraction is None:
            log.warning(
                "extractor answer unusable; using the rules",
                extra={"answer": response.text[:200]},
            )
            extraction = await self.fallback.extract(text, workflow, expected, slots)
        extraction.usage = response.usage
        return extraction


def parse_extraction(text: str, workflow: Workflow) -> Extraction | None:
    """A model's extraction answer, keeping only known slots with non-null values; None when
    the answer is not the JSON object asked for."""
    try:
        data = json.loads(text.strip().removeprefix("```json").strip("`\n "))
    except (ValueError, TypeError):
        return None
    if not isinstance(data, dict):
        return None
    raw_values = data.get("values")
    if not isinstance(raw_values, dict):
        return None  # not the object asked for (another schema's answer, or values missing)
    known = {step.collect for step in workflow.slots}
    values = {k: v for k, v in raw_values.items() if k in known and v is not None and v != ""}
    raw_corrections = data.get("corrections") or []
    corrections = frozenset(
        name
        for name in (raw_corrections if isinstance(raw_corrections, list) else [])
        if isinstance(name, str) and name in values
    )
    return Extraction(values=values, corrections=corrections)


ROUTER_PROMPT = (
    "Você é o roteador de um assistente. Decida o que fazer com a mensagem do usuário.\n"
    "Fluxos disponíveis:\n{workflows}\n"
    "{current}\n"
    "Regras: CONTINUE_WORKFLOW quando a mensagem responde ao fluxo atual (inclusive respostas "
    'curtas como "1500 reais", "Engenharia", "Sim") ou quando nada se aplica; '
    "CHANGE_WORKFLOW com `target` quando o usuário muda de assunto para outro fluxo (ou pede para "
    "iniciar um); EXIT_WORKFLOW quando ele quer sair, cancelar, voltar ou se despede. "
    "`confidence` de 0 a 1. Responda só com o JSON pedido.{extra}"
)


class ModelRouter:
    """Routing by a hosted model's JSON decision."""

    def __init__(
        self,
        model: Model,
        workflows: Iterable[Workflow] | Mapping[str, Workflow],
        *,
        instructions: str = "",
    ) -> None:
        """`instructions` are appended to the routing prompt (app-specific rules, pt-BR)."""
        listed = workflows.values() if isinstance(workflows, Mapping) else workflows
        self.model = model
        self.workflows = {workflow.name: workflow for workflow in listed}
        self.instructions = instructions
        self.schema = route_decision_schema(self.workflows)

    async def route(self, turn: Turn, state: RoutingState) -> RouteDecision:
        listing = "\n".join(
            f"- {name}: {workflow.description or name}" for name, workflow in self.workflows.items()
        )
        top = state.get(WorkflowState).top
        if top is None:
            current = "Nenhum fluxo em andamento (o assistente geral responde)."
        else:
            current = f"Fluxo atual: {top.workflow}."
            workflow = self.workflows.get(top.workflow)
            step = workflow.slot(top.asked) if workflow and top.asked else None
            if step is not None:
                current += f' Pergunta pendente: "{step.question}"'
        prompt = ROUTER_PROMPT.format(
            workflows=listing,
            current=current,
            extra=f"\n{self.instructions}" if self.instructions else "",
        )
        request = ModelRequest(
            messages=[Message.system(prompt), Message.user(turn.text)],
            response_schema=self.schema,
            agent=ROUTER_AGENT,
            temperature=0.0,
        )
        try:
            response = await self.model.complete(request)
        except ModelError as exc:
            log.warning("router model failed (%s); continuing", exc.code)
            return CONTINUE
        decision = parse_route_decision(response.text, self.workflows)
        return RouteDecision(decision.action, decision.target, decision.confidence, response.usage)


__all__ = [
    "EXTRACTOR_AGENT",
    "ROUTER_AGENT",
    "ModelExtractor",
    "ModelRouter",
    "extraction_schema",
    "parse_extraction",
]
