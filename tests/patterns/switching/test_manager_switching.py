"""User-driven agent switching through RoutingChatManager (spec 003 on top of spec 000)."""

from __future__ import annotations

import pytest

from switchboard import AgentSpec, RoutingChatManager, tool
from switchboard.core.clock import ManualClock
from switchboard.core.errors import UnknownAgentError
from switchboard.models.scripted import ScriptedModel, call
from switchboard.patterns.delegation import END_TOOL
from switchboard.patterns.switching.state import SwitchingState


def manager_with(script, clock=None, model_id="anthropic:claude-sonnet-4-0"):
    @tool
    def consulta() -> str:
        """Consulta algo."""
        return "dados"

    model = ScriptedModel(script, model_id=model_id)
    manager = RoutingChatManager(
        AgentSpec(name="geral", role="Assistente Geral", instructions="Você atende tudo."),
        {
            "financeiro": AgentSpec(
                name="financeiro",
                role="Consultor Financeiro",
                instructions="Você cuida de finanças.",
                tools=["consulta"],
            )
        },
        model=model,
        tools=[consulta],
        clock=clock or ManualClock(),
    )
    return manager, model


async def test_switch_routes_next_messages_and_resets_only_the_first_call():
    manager, model = manager_with(
        {
            "geral": ["Olá!"],
            "financeiro": [call("consulta"), "Seu saldo é X.", "Mais alguma coisa?"],
        }
    )
    await manager.process_message("s", "oi", user_id="u")
    assert await manager.switch_agent("s", "financeiro", user_id="u") == "financeiro"
    state = (await manager.store.get_session("s")).state.get(SwitchingState)
    assert (state.active_agent_id, state.ai_agent_id) == ("financeiro", "financeiro")
    assert [(h.agent_id, h.message_count) for h in state.agent_history] == [("financeiro", 2)]
    assert state.reset_pending

    reply = await manager.process_message("s", "qual meu saldo?", user_id="u")
    assert (reply.agent, reply.text) == ("financeiro", "Seu saldo é X.")
    first, second = model.requests[1], model.requests[2]
    reset = first.messages[0].content
    assert "<system_reset>" in reset and "Assistente Geral" in reset
    assert "Consultor Financeiro" in reset and "Você cuida de finanças." in reset
    normal = second.messages[0].content
    assert "<system_reset>" not in normal and normal.startswith("Você é: Consultor Financeiro.")
    assert not (await manager.store.get_session("s")).state.get(SwitchingState).reset_pending

    await manager.process_message("s", "obrigado", user_id="u")
    assert "<system_reset>" not in model.requests[3].messages[0].content


async def test_switched_specialist_hands_back_to_the_coordinator_when_it_ends():
    manager, _ = manager_with(
        {
            "geral": ["Olá!", "De volta com o geral."],
            "financeiro": [
                call(
                    END_TOOL,
                    status="completed",
                    final_result={},
                    last_user_message="era isso",
                    text="Até mais!",
                )
            ],
        }
    )
    await manager.process_message("s", "oi", user_id="u")
    await manager.switch_agent("s", "financeiro", user_id="u")
    assert (await manager.process_message("s", "era isso", user_id="u")).agent == "financeiro"
    reply = await manager.process_message("s", "e agora?", user_id="u")
    assert (reply.agent, reply.text) == ("geral", "De volta com o geral.")


async def test_switch_to_unknown_agent_or_other_users_session_fails():
    manager, _ = manager_with({"geral": ["Olá!"]})
    await manager.process_message("s", "oi", user_id="u")
    with pytest.raises(UnknownAgentError):
        await manager.switch_agent("s", "astrologo", user_id="u")
    from switchboard.core.errors import SessionNotFoundError

    with pytest.raises(SessionNotFoundError):
        await manager.switch_agent("s", "financeiro", user_id="intruso")
