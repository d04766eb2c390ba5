"""A small scripted app for the server tests: a coordinator with a profile tool (pt-BR status
line), a technical specialist reached by delegation, and a financial one to switch to.

What the scripted model answers depends on the user's words:
- "perfil"   → the coordinator calls `consultar_perfil` ("Consultando seu perfil..."), then answers;
- "internet" → the coordinator delegates to the technical specialist, who answers at once;
- "demorado" → the coordinator calls the tool, then its next model call takes `slow_seconds`;
- "falha"    → the model fails (a `model_error` event);
- anything else → an echo from whichever agent is active.
"""

from __future__ import annotations

from switchboard import AgentSpec, RoutingChatManager, tool
from switchboard.core.clock import SYSTEM_CLOCK, Clock
from switchboard.core.errors import ModelError
from switchboard.models.base import ModelRequest
from switchboard.models.scripted import ScriptedModel, call
from switchboard.patterns.delegation import REQUEST_TOOL

COORD = "assistente"
TECH = "especialista_tecnico"
FIN = "especialista_financeiro"
PROFILE_ANSWER = "Seu plano é o Fibra 500 e está tudo em dia."
TECH_ANSWER = "Sou o especialista técnico. Reinicie o roteador e me diga se voltou."


@tool(status="Consultando seu perfil...")
def consultar_perfil() -> dict[str, str]:
    """Lê o perfil do cliente."""
    return {"plano": "Fibra 500", "situacao": "em dia"}


def make_demo_manager(
    *,
    clock: Clock = SYSTEM_CLOCK,
    slow_seconds: float = 30.0,
    store: object = "memory://",
    app: str = "demo",
) -> RoutingChatManager:
    async def script(request: ModelRequest) -> object:
        text = request.last_user_text().lower()
        last = request.messages[-1]
        if "falha" in text:
            return ModelError("o modelo falhou de propósito")
        if request.agent == COORD:
            if last.role == "tool":
                if "demorado" in text:
                    await clock.sleep(slow_seconds)
                return PROFILE_ANSWER
            if "perfil" in text or "demorado" in text:
                return call("consultar_perfil")
            if "internet" in text:
                return call(
                    REQUEST_TOOL,
                    {"specialist_role": TECH, "initial_context": "cliente sem internet"},
                )
            return f"Olá! Você disse: {request.last_user_text().splitlines()[-1]}"
        if request.agent == TECH:
            return TECH_ANSWER
        return (
            f"Aqui é o financeiro. Sobre '{request.last_user_text().splitlines()[-1]}': tudo certo."
        )

    coordinator = AgentSpec(
        name=COORD,
        role="Assistente Virtual",
        instructions="Coordene.",
        description="Atendimento geral",
        tools=["consultar_perfil"],
    )
    specialists = {
        TECH: AgentSpec(name=TECH, role="Especialista Técnico", description="Problemas técnicos"),
        FIN: AgentSpec(name=FIN, role="Especialista Financeiro", description="Faturas e planos"),
    }
    return RoutingChatManager(
        coordinator,
        specialists,
        model=ScriptedModel(script),
        store=store,
        tools=[consultar_perfil],
        clock=clock,
        app=app,
    )
