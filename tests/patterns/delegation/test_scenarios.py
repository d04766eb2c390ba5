"""The original library's 10-turn scenario, bad model output, and robustness rules."""

from __future__ import annotations

import asyncio

import pytest

from switchboard.core.errors import EmptyMessageError, MessageTooLargeError, ModelTimeoutError
from switchboard.models.scripted import call
from switchboard.patterns.delegation import END_TOOL, REQUEST_TOOL
from switchboard.patterns.delegation.state import DelegationState

from .conftest import COORD, collect, make_manager

SUP, VEN = "especialista_suporte", "especialista_vendas"


def scenario_policy(request):
    """A stateless fake: decides from the agent and the last user text, like a real model would."""
    text = request.last_user_text().lower()
    user_text = text.split("]\n\n")[-1]
    agent = request.agent
    if agent == COORD:
        if "status: out_of_scope" in text and "comprar" in user_text:
            return call(REQUEST_TOOL, specialist_role=VEN, initial_context="quer comprar")
        if "suporte" in user_text or "erro" in user_text:
            return call(REQUEST_TOOL, specialist_role=SUP, initial_context="problema técnico")
        if "comprar" in user_text:
            return call(REQUEST_TOOL, specialist_role=VEN, initial_context="interesse em compra")
        return "Coordenador: posso ajudar em algo mais?"
    if "obrigad" in user_text:
        return call(
            END_TOOL,
            status="completed",
            final_result={"agent": agent},
            last_user_message=user_text,
            text=f"{agent}: de nada!",
        )
    if agent == SUP and "comprar" in user_text:
        return call(END_TOOL, status="out_of_scope", final_result={}, last_user_message=user_text)
    return f"{agent}: entendido ({user_text})"


async def test_original_ten_turn_scenario_support_end_sales_end():
    manager, model = make_manager(scenario_policy, specialists=(SUP, VEN))
    turns = [
        ("olá", COORD, "Coordenador: posso ajudar em algo mais?"),
        (
            "preciso de suporte, deu erro no app",
            SUP,
            f"{SUP}: entendido (preciso de suporte, deu erro no app)",
        ),
        ("o erro é 500", SUP, f"{SUP}: entendido (o erro é 500)"),
        ("reiniciei e voltou", SUP, f"{SUP}: entendido (reiniciei e voltou)"),
        ("obrigado", SUP, f"{SUP}: de nada!"),
        ("quero comprar o plano anual", VEN, f"{VEN}: entendido (quero comprar o plano anual)"),
        ("quanto custa?", VEN, f"{VEN}: entendido (quanto custa?)"),
        ("pode fechar", VEN, f"{VEN}: entendido (pode fechar)"),
        ("obrigado", VEN, f"{VEN}: de nada!"),
        ("tchau", COORD, "Coordenador: posso ajudar em algo mais?"),
    ]
    for text, agent, answer in turns:
        reply = await manager.process_message("s10", text, user_id="u1")
        assert (reply.agent, reply.text) == (agent, answer), text
    notes = [
        r.messages[-1].content
        for r in model.requests
        if r.agent == COORD and r.messages[-1].content.startswith("[SYSTEM_NOTE")
    ]
    assert len(notes) == 2
    assert f"specialist: {SUP}" in notes[0] and f"specialist: {VEN}" in notes[1]
    history = await manager.store.load_messages("s10")
    assert [m.content for m in history if m.role == "user" and "kind" not in m.metadata] == [
        t[0] for t in turns
    ]


async def test_support_specialist_out_of_scope_hands_sales_request_over_same_turn():
    manager, model = make_manager(scenario_policy, specialists=(SUP, VEN))
    await manager.process_message("s", "erro no suporte", user_id="u1")
    reply = await manager.process_message("s", "na verdade quero comprar", user_id="u1")
    assert (reply.agent, reply.text) == (VEN, f"{VEN}: entendido (na verdade quero comprar)")
    assert [r.agent for r in model.requests][-3:] == [SUP, COORD, VEN]


async def test_unknown_specialist_role_is_a_tool_error_the_model_recovers_from():
    manager, model = make_manager(
        {
            COORD: [
                call(REQUEST_TOOL, specialist_role="especialista_magico", initial_context="x"),
                "Desculpe, posso ajudar de outra forma?",
            ],
        }
    )
    events = await collect(manager, "s", "oi")
    end = next(e for e in events if e.type == "tool_end")
    assert not end.ok and "especialista_magico" in end.output and "não existe" in end.output
    assert events[-1].text == "Desculpe, posso ajudar de outra forma?"
    tool_message = model.requests[1].messages[-1]
    assert tool_message.role == "tool" and "Disponíveis" in tool_message.content
    assert (await manager.store.get_session("s")).state.get(DelegationState).active_agent is None


@pytest.mark.parametrize(
    ("arguments", "expected"),
    [
        ("{not json", "JSON válido"),
        ('["lista"]', "objeto JSON"),
        ('{"initial_context": "x"}', "specialist_role"),
    ],
)
async def test_malformed_request_arguments_are_tool_errors(arguments, expected):
    manager, model = make_manager({COORD: [call(REQUEST_TOOL, arguments), "Tudo bem."]})
    reply = await manager.process_message("s", "oi", user_id="u1")
    assert reply.text == "Tudo bem."
    assert expected in model.requests[1].messages[-1].content


async def test_malformed_end_arguments_keep_the_specialist_active():
    manager, model = make_manager(
        {
            COORD: [
                call(REQUEST_TOOL, specialist_role="especialista_tecnico", initial_context="x")
            ],
            "especialista_tecnico": [call(END_TOOL, {"status": "completed"}), "Ainda estou aqui."],
        }
    )
    reply = await manager.process_message("s", "oi", user_id="u1")
    assert reply.text == "Ainda estou aqui."
    assert "final_result" in model.requests[-1].messages[-1].content
    assert (await manager.store.get_session("s")).state.get(
        DelegationState
    ).active_agent == "especialista_tecnico"


async def test_empty_and_oversized_messages_are_typed_errors_and_store_nothing():
    manager, model = make_manager({COORD: []})
    with pytest.raises(EmptyMessageError):
        await manager.process_message("s", "   ", user_id="u1")
    with pytest.raises(MessageTooLargeError) as info:
        await manager.process_message("s", "x" * 8_001, user_id="u1")
    assert info.value.code == "message_too_large" and info.value.http_status == 413
    with pytest.raises(EmptyMessageError):
        manager.stream_message("s", "", user_id="u1")
    assert model.calls == 0 and await manager.store.get_session("s") is None


async def test_model_failure_is_an_error_event_and_the_user_message_is_kept():
    manager, _ = make_manager({COORD: [ModelTimeoutError("o provedor não respondeu a tempo")]})
    events = await collect(manager, "s", "olá")
    error = next(e for e in events if e.type == "error")
    assert error.code == "model_timeout"
    assert events[-1].type == "done"
    stored = await manager.store.load_messages("s")
    assert [(m.role, m.content) for m in stored] == [("user", "olá")]
    with pytest.raises(ModelTimeoutError):
        manager2, _ = make_manager({COORD: [ModelTimeoutError("de novo")]})
        await manager2.process_message("s", "olá", user_id="u1")


async def test_ping_pong_between_agents_is_cut_by_the_hop_limit():
    def policy(request):
        if request.agent == COORD:
            return call(REQUEST_TOOL, specialist_role="especialista_tecnico", initial_context="x")
        return call(END_TOOL, status="out_of_scope", final_result={}, last_user_message="x")

    manager, _ = make_manager(policy)
    events = await collect(manager, "s", "oi")
    assert any(e.type == "error" and e.code == "agent_hop_limit" for e in events)


async def test_fifty_concurrent_messages_on_one_session_run_in_order():
    seen = []

    async def policy(request):
        seen.append(request.last_user_text())
        await asyncio.sleep(0)
        return f"eco {request.last_user_text()}"

    manager, _ = make_manager(policy)
    await manager.get_or_create_session("s", user_id="u1")
    replies = await asyncio.gather(
        *(manager.process_message("s", f"m{i}", user_id="u1") for i in range(50))
    )
    assert [r.text for r in replies] == [f"eco m{i}" for i in range(50)]
    assert seen == [f"m{i}" for i in range(50)]
    stored = await manager.store.load_messages("s")
    assert [m.seq for m in stored] == list(range(1, 101))
    assert [m.content for m in stored if m.role == "user"] == [f"m{i}" for i in range(50)]
    assert len(manager._locks) == 0  # no lock is kept for an idle session


async def test_thousand_sessions_run_concurrently_without_mixing():
    async def policy(request):
        await asyncio.sleep(0.01)
        return "r:" + request.last_user_text()

    manager, model = make_manager(policy)
    replies = await asyncio.gather(
        *(manager.process_message(f"s{i}", f"msg {i}", user_id=f"u{i}") for i in range(1000))
    )
    assert [r.text for r in replies] == [f"r:msg {i}" for i in range(1000)]
    assert model.calls == 1000
    for i in (0, 499, 999):
        history = await manager.store.load_messages(f"s{i}")
        assert [m.content for m in history] == [f"msg {i}", f"r:msg {i}"]


async def test_another_users_session_is_not_found():
    from switchboard.core.errors import SessionNotFoundError

    manager, _ = make_manager({COORD: ["oi"]})
    await manager.process_message("s", "olá", user_id="alice")
    with pytest.raises(SessionNotFoundError):
        await manager.process_message("s", "olá", user_id="mallory")
    assert len(await manager.store.load_messages("s")) == 2
