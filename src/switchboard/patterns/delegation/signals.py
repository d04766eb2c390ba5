"""The two signalling tools of spec 000, with the spec's names and parameters."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from switchboard.agents.control import ControlTool, Signal, SignalArgumentsError
from switchboard.core.signals import END_TOOL, REQUEST_TOOL
from switchboard.models.base import ToolSchema
from switchboard.patterns.delegation.state import SpecialistResult


@dataclass(frozen=True, slots=True)
class Delegation:
    specialist_role: str
    initial_context: str


def request_tool(specialists: dict[str, str]) -> ControlTool:
    """For the coordinator. `specialists` maps role → one-line description."""
    roles = list(specialists)
    described = "; ".join(f"'{r}': {d}" if d else f"'{r}'" for r, d in specialists.items())
    schema = ToolSchema(
        name=REQUEST_TOOL,
        description=(
            "Inicia uma sub-conversa com um especialista, que passa a atender o usuário. "
            "A mensagem atual do usuário é repassada automaticamente. Chame esta "
            "ferramenta sem escrever nenhum texto para o usuário. Especialistas: "
            f"{described}."
        ),
        parameters={
            "type": "object",
            "properties": {
                "specialist_role": {
                    "type": "string",
                    "enum": roles,
                    "description": "O papel exato do especialista.",
                },
                "initial_context": {
                    "type": "string",
                    "description": "Resumo do que o especialista precisa saber.",
                },
            },
            "required": ["specialist_role", "initial_context"],
        },
    )

    def handle(arguments: dict[str, Any]) -> tuple[str, Signal]:
        role = arguments.get("specialist_role")
        if not isinstance(role, str) or not role:
            raise SignalArgumentsError("'specialist_role' é obrigatório.")
        if role not in specialists:
            raise SignalArgumentsError(
                f"o especialista '{role}' não existe. Disponíveis: {', '.join(roles)}."
            )
        context = arguments.get("initial_context", "")
        if not isinstance(context, str):
            context = json.dumps(context, ensure_ascii=False)
        return (
            f"Sub-conversa com '{role}' iniciada.",
            Signal(REQUEST_TOOL, Delegation(role, context), silences_text=True),
        )

    return ControlTool(schema=schema, handle=handle, silences_text=True)


def end_tool(specialist: str) -> ControlTool:
    """For a specialist: hand control back with a structured result."""
    schema = ToolSchema(
        name=END_TOOL,
        description=(
            "Finaliza sua sub-conversa e devolve o controle ao coordenador. Use quando a "
            "tarefa estiver concluída ou se o pedido estiver fora do seu escopo "
            "(status 'out_of_scope', sem responder ao pedido)."
        ),
        parameters={
            "type": "object",
            "properties": {
                "status": {
                    "type": "string",
                    "description": "Ex.: 'completed', 'needs_followup', 'cannot_resolve', "
                    "'out_of_scope'.",
                },
                "final_result": {"description": "Resultado estruturado (objeto JSON)."},
                "last_user_message": {
                    "type": "string",
                    "description": "A última mensagem do usuário.",
                },
                "message_to_coordinator": {
                    "type": "string",
                    "description": "Nota interna opcional.",
                },
            },
            "required": ["status", "final_result", "last_user_message"],
        },
    )

    def handle(arguments: dict[str, Any]) -> tuple[str, Signal]:
        missing = [k for k in ("status", "final_result", "last_user_message") if k not in arguments]
        if missing:
            raise SignalArgumentsError(f"faltam argumentos obrigatórios: {', '.join(missing)}.")
        status = arguments["status"]
        if not isinstance(status, str) or not status.strip():
            raise SignalArgumentsError("'status' deve ser um texto não vazio.")
        note = arguments.get("message_to_coordinator")
        result = SpecialistResult(
            specialist=specialist,
            status=status.strip(),
            final_result=_structured(arguments["final_result"]),
            last_user_message=str(arguments["last_user_message"]),
            message_to_coordinator=None if note in (None, "") else str(note),
        )
        return "Sub-conversa finalizada; o coordenador assume.", Signal(END_TOOL, result)

    return ControlTool(schema=schema, handle=handle)


def _structured(value: Any) -> Any:
    """Models often send the JSON object as a string; keep structure when there is one."""
    if isinstance(value, str):
        try:
            return json.loads(value)
        except json.JSONDecodeError:
            return value
    return value
