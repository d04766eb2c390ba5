from __future__ import annotations

from datetime import UTC, datetime

import pytest

from switchboard import AgentSpec, ManualClock
from switchboard.core.messages import Message
from switchboard.patterns.switching import record_switch
from switchboard.patterns.switching.state import SwitchingState

COORD = AgentSpec(
    name="assistente", role="Assistente Virtual", instructions="Coordene o atendimento."
)
TECH = AgentSpec(
    name="especialista_tecnico",
    role="Especialista Técnico",
    objective="Resolver problemas técnicos.",
    instructions="Peça o modelo do equipamento.",
)
FIN = AgentSpec(
    name="especialista_financeiro",
    role="Especialista Financeiro",
    objective="Cuidar de faturas e pagamentos.",
    instructions="Confirme o CPF antes de falar de valores.",
)

FIN_PROMPT = (
    "Você é: Especialista Financeiro.\n\n"
    "Objetivo: Cuidar de faturas e pagamentos.\n\n"
    "Confirme o CPF antes de falar de valores."
)
"""`FIN.system_prompt()`, spelled out."""

WALL_START = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)

CONVERSATION = [
    Message.user("Meu roteador não liga."),
    Message.assistant("Sou o Especialista Técnico: qual o modelo?"),
    Message.user("É o AX3000. E quero saber da minha fatura."),
    Message.assistant("O especialista_tecnico recomenda reiniciar."),
]
"""The four messages with TECH before the user switches to FIN."""

CONTEXTS = {
    "user_context": "Nome: Ana.",
    "team_context": "Time: Suporte.",
    "platform_context": "Canal: web.",
}
PLAIN_CONTEXTS = (
    "CONTEXTO DO USUÁRIO:\nNome: Ana.\n\n"
    "CONTEXTO DO TIME:\nTime: Suporte.\n\n"
    "CONTEXTO DA PLATAFORMA:\nCanal: web."
)
XML_CONTEXTS = (
    "<contexto_usuario>\nNome: Ana.\n</contexto_usuario>\n\n"
    "<contexto_time>\nTime: Suporte.\n</contexto_time>\n\n"
    "<contexto_plataforma>\nCanal: web.\n</contexto_plataforma>"
)


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock(wall_start=WALL_START)


@pytest.fixture
def switched(clock: ManualClock) -> SwitchingState:
    """The user picked TECH on an empty session, talked 4 messages, then switched to FIN."""
    state = record_switch(SwitchingState(), TECH, message_count=0, clock=clock)
    return record_switch(state, FIN, message_count=len(CONVERSATION), clock=clock)
