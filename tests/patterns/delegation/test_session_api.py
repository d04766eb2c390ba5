"""The manager's session methods of spec 000 ("Métodos Principais") and YAML agent specs."""

from __future__ import annotations

import pytest

from switchboard import AgentSpec, RoutingChatManager, load_agents
from switchboard.core.errors import SessionNotFoundError
from switchboard.models.scripted import ScriptedModel, call
from switchboard.patterns.delegation import REQUEST_TOOL
from switchboard.patterns.delegation.state import DelegationState

YAML = """
agents:
  - name: assistente
    role: Assistente Virtual
    instructions: |
      Ajude o usuário.
    tools: []
  - name: especialista_tecnico
    role: Especialista Técnico
    description: Problemas técnicos.
    policy:
      intents:
        - name: conexao
          examples: ["minha internet caiu", "sem conexão"]
          action: {reply: "Reinicie o modem."}
"""


def test_agents_load_from_yaml_text_and_files(tmp_path):
    agents = load_agents(YAML)
    assert list(agents) == ["assistente", "especialista_tecnico"]
    assert agents["assistente"].instructions.strip() == "Ajude o usuário."
    assert agents["especialista_tecnico"].policy.intents[0].action.reply == "Reinicie o modem."
    path = tmp_path / "agents.yaml"
    path.write_text(YAML, encoding="utf-8")
    assert load_agents(path) == agents


async def test_get_or_create_session_is_idempotent_and_owned():
    manager = RoutingChatManager(AgentSpec(name="a"), model=ScriptedModel([]))
    first = await manager.get_or_create_session("s", user_id="u1")
    again = await manager.get_or_create_session("s", user_id="u1")
    assert (first.id, first.user_id, first.created_at) == (
        again.id,
        again.user_id,
        again.created_at,
    )
    with pytest.raises(SessionNotFoundError):
        await manager.get_or_create_session("s", user_id="u2")


async def test_end_session_resets_routing_and_reports_whether_it_was_open():
    model = ScriptedModel(
        {
            "a": [
                call(REQUEST_TOOL, specialist_role="b", initial_context="x"),
                "de novo com o coordenador",
            ],
            "b": ["especialista aqui"],
        }
    )
    manager = RoutingChatManager(AgentSpec(name="a"), {"b": AgentSpec(name="b")}, model=model)
    assert await manager.end_session("nunca-existiu") is False
    await manager.process_message("s", "oi", user_id="u1")
    assert (await manager.store.get_session("s")).state.get(DelegationState).active_agent == "b"
    assert await manager.end_session("s", user_id="outro") is False
    assert await manager.end_session("s", user_id="u1") is True
    assert await manager.end_session("s", user_id="u1") is False
    reply = await manager.process_message("s", "voltei", user_id="u1")
    assert (reply.agent, reply.text) == ("a", "de novo com o coordenador")
    history = await manager.store.load_messages("s")  # history is kept
    assert [m.content for m in history if m.content and m.role != "tool"] == [
        "oi",
        "especialista aqui",
        "voltei",
        "de novo com o coordenador",
    ]


async def test_clear_session_history_removes_messages_and_routing():
    model = ScriptedModel(lambda r: f"eco {r.last_user_text()}")
    manager = RoutingChatManager(AgentSpec(name="a"), model=model)
    await manager.process_message("s", "um", user_id="u1")
    await manager.process_message("s", "dois", user_id="u1")
    with pytest.raises(SessionNotFoundError):
        await manager.clear_session_history("s", user_id="intruso")
    assert await manager.clear_session_history("s", user_id="u1") == 4
    assert await manager.store.load_messages("s") == []
    await manager.process_message("s", "três", user_id="u1")
    assert [m.content for m in model.requests[-1].messages if m.role == "user"] == ["três"]
    await manager.shutdown()
