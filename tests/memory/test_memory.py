from __future__ import annotations

from switchboard import AgentSpec, RoutingChatManager
from switchboard.core.messages import Message, ToolCall
from switchboard.memory import build_context
from switchboard.models.scripted import ScriptedModel


async def test_facts_and_summaries_round_trip_and_reach_the_prompt():
    model = ScriptedModel(["ok", "ok"])
    manager = RoutingChatManager(AgentSpec(name="a", instructions="Ajude."), model=model)
    await manager.process_message("s1", "oi", user_id="u")
    memory = manager.memory("s1")
    await memory.remember("plano", {"nome": "Família", "mega": 600})
    await memory.remember("cidade", "São Paulo")
    await memory.add_summary("Cliente perguntou do plano.", upto_seq=2)
    await memory.add_summary("Cliente quer mudar de plano.", upto_seq=2)
    assert await memory.recall("plano") == {"nome": "Família", "mega": 600}
    assert (await memory.latest_summary()).text == "Cliente quer mudar de plano."
    assert [s.text for s in await memory.summaries()] == [
        "Cliente perguntou do plano.",
        "Cliente quer mudar de plano.",
    ]
    await manager.process_message("s1", "e agora?", user_id="u")
    system = model.requests[-1].messages[0].content
    assert "Cliente quer mudar de plano." in system and '"Família"' in system
    assert 'cidade: "São Paulo"' in system


async def test_memory_is_isolated_between_sessions():
    model = ScriptedModel(lambda r: "eco " + r.last_user_text())
    manager = RoutingChatManager(AgentSpec(name="a"), model=model)
    await manager.process_message("s1", "segredo de s1", user_id="u")
    await manager.memory("s1").remember("cpf", "123")
    await manager.process_message("s2", "oi", user_id="u")
    contents = [m.content for m in model.requests[-1].messages]
    assert "segredo de s1" not in " ".join(contents)
    assert await manager.memory("s2").recall("cpf") is None
    assert await manager.memory("s2").facts() == {}


def test_tool_messages_are_private_and_notes_reach_only_their_agent():
    call = ToolCall(id="c1", name="buscar", arguments="{}")
    history = [
        Message(role="user", content="oi", agent="coord"),
        Message.assistant("", [call], agent="tec"),
        Message.tool(call, "resultado", agent="tec"),
        Message.assistant("resposta do técnico", agent="tec"),
        Message(
            role="user",
            content="valeu",
            agent="coord",
            metadata={"system_note": "[SYSTEM_NOTE: x]", "note_for": "coord"},
        ),
    ]
    coord = build_context(history, "coord")
    assert [(m.role, m.content) for m in coord] == [
        ("user", "oi"),
        ("assistant", "resposta do técnico"),
        ("user", "[SYSTEM_NOTE: x]\n\nvaleu"),
    ]
    tec = build_context(history, "tec")
    assert [m.role for m in tec] == ["user", "assistant", "tool", "assistant", "user"]
    assert tec[-1].content == "valeu"


def test_orphan_tool_messages_from_a_cut_history_are_dropped():
    call = ToolCall(id="c1", name="buscar", arguments="{}")
    cut = [Message.tool(call, "resultado", agent="a"), Message.assistant("fim", agent="a")]
    assert [m.role for m in build_context(cut, "a")] == ["assistant"]
    unanswered = [Message.assistant("", [call], agent="a"), Message.user("oi")]
    assert [m.role for m in build_context(unanswered, "a")] == ["user"]


def test_without_shared_memory_agents_see_only_their_own_conversation():
    history = [
        Message(role="user", content="para coord", agent="coord"),
        Message.assistant("coord fala", agent="coord"),
        Message(role="user", content="para tec", agent="tec"),
        Message.assistant("tec fala", agent="tec"),
    ]
    tec = build_context(history, "tec", share_memory=False)
    assert [m.content for m in tec] == ["para tec", "tec fala"]
