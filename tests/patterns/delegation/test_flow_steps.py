"""The nine steps of spec 000's "Fluxo de Funcionamento", one test each."""

from __future__ import annotations

import json

from switchboard.models.scripted import call
from switchboard.patterns.delegation import END_TOOL, REQUEST_TOOL
from switchboard.patterns.delegation.state import DelegationState

from .conftest import COORD, FIN, TECH, collect


def delegate(role=TECH, context="usuário com problema de conexão", text=""):
    return call(REQUEST_TOOL, {"specialist_role": role, "initial_context": context}, text=text)


def end(status="completed", result=None, last="", note=None, text=""):
    args = {"status": status, "final_result": result or {"ok": True}, "last_user_message": last}
    if note:
        args["message_to_coordinator"] = note
    return call(END_TOOL, args, text=text)


async def test_step1_2_first_message_goes_to_coordinator(manager_factory):
    manager, model = manager_factory({COORD: ["Olá! Como posso ajudar?"]})
    reply = await manager.process_message("s", "oi", user_id="u1")
    assert (reply.agent, reply.text) == (COORD, "Olá! Como posso ajudar?")
    assert [r.agent for r in model.requests] == [COORD]
    assert model.requests[0].messages[-1].content == "oi"


async def test_step3_coordinator_gets_request_tool_and_keeps_configured_tools(manager_factory):
    from switchboard import tool

    @tool
    def horario() -> str:
        """Horário de atendimento."""
        return "8h às 18h"

    manager, model = manager_factory(
        {COORD: ["ok"]}, tools=[horario], coordinator_tools=["horario"]
    )
    await manager.process_message("s", "oi", user_id="u1")
    offered = [t.name for t in model.requests[0].tools]
    assert offered == ["horario", REQUEST_TOOL]
    enum = model.requests[0].tools[1].parameters["properties"]["specialist_role"]["enum"]
    assert enum == [TECH, FIN]


async def test_step4_5_specialist_answers_same_message_at_once(manager_factory):
    manager, model = manager_factory(
        {
            COORD: [delegate(text="Vou transferir você!")],
            TECH: ["Reinicie o modem."],
        }
    )
    events = await collect(manager, "s", "minha internet caiu")
    texts = "".join(e.delta for e in events if e.type == "text")
    assert texts == "Reinicie o modem."  # the coordinator's own words are neither shown...
    assert [r.agent for r in model.requests] == [COORD, TECH]
    assert model.requests[1].messages[-1].content == "minha internet caiu"
    assert "usuário com problema de conexão" in model.requests[1].messages[0].content
    agent_events = [(e.agent, e.reason) for e in events if e.type == "agent"]
    assert agent_events == [(COORD, "start"), (TECH, "delegation")]
    done = events[-1]
    assert (done.type, done.agent, done.text) == ("done", TECH, "Reinicie o modem.")
    stored = await manager.store.load_messages("s")
    answers = [m.content for m in stored if m.role == "assistant" and m.content]
    assert answers == ["Reinicie o modem."]  # ...nor stored as an answer


async def test_step6_later_messages_go_to_the_specialist(manager_factory):
    manager, model = manager_factory({COORD: [delegate()], TECH: ["Passo 1.", "Passo 2."]})
    await manager.process_message("s", "sem internet", user_id="u1")
    reply = await manager.process_message("s", "fiz o passo 1", user_id="u1")
    assert (reply.agent, reply.text) == (TECH, "Passo 2.")
    assert [r.agent for r in model.requests] == [COORD, TECH, TECH]


async def test_step7_8_end_stores_result_and_returns_control(manager_factory):
    manager, _ = manager_factory(
        {
            COORD: [delegate()],
            TECH: [
                "Reinicie.",
                end(
                    result={"diagnostico": "modem travado"},
                    last="voltou!",
                    text="Que bom que voltou!",
                ),
            ],
        }
    )
    await manager.process_message("s", "sem internet", user_id="u1")
    reply = await manager.process_message("s", "voltou!", user_id="u1")
    assert (reply.agent, reply.text) == (TECH, "Que bom que voltou!")
    state = (await manager.store.get_session("s")).state.get(DelegationState)
    assert state.active_agent is None and state.agent_stack == ()
    assert state.pending_result.final_result == {"diagnostico": "modem travado"}
    assert state.pending_result.last_user_message == "voltou!"
    assert state.specialist_context is None


async def test_step9_next_message_brings_system_note_to_coordinator(manager_factory):
    manager, model = manager_factory(
        {
            COORD: [delegate(), "Fico feliz! Algo mais?"],
            TECH: [
                end(
                    result={"diagnostico": "modem"},
                    last="voltou",
                    note="cliente satisfeito",
                    text="Ótimo!",
                )
            ],
        }
    )
    await manager.process_message("s", "sem internet", user_id="u1")
    reply = await manager.process_message("s", "obrigado", user_id="u1")
    assert (reply.agent, reply.text) == (COORD, "Fico feliz! Algo mais?")
    last = model.requests[-1].messages[-1].content
    assert last.startswith("[SYSTEM_NOTE:")
    assert "status: completed" in last
    assert 'final_result: {"diagnostico": "modem"}' in last
    assert "last_user_message: voltou" in last
    assert "message_to_coordinator: cliente satisfeito" in last
    assert last.endswith("]\n\nobrigado")
    assert (await manager.store.get_session("s")).state.get(DelegationState).pending_result is None
    # the note is delivered once: the following turn has it only in history, not again
    history = await manager.store.load_messages("s")
    assert [m.content for m in history if m.role == "user"][-1] == "obrigado"


async def test_end_right_after_delegation_is_not_lost(manager_factory):
    """Original bug: the end signal was lost when a specialist ended right after delegation."""
    manager, model = manager_factory(
        {
            COORD: [delegate(TECH), "Sobre a fatura: posso ajudar."],
            TECH: [end(status="out_of_scope", result={}, last="quero minha fatura")],
            FIN: [],
        }
    )
    reply = await manager.process_message("s", "quero minha fatura", user_id="u1")
    assert (reply.agent, reply.text) == (COORD, "Sobre a fatura: posso ajudar.")
    note = model.requests[-1].messages[-1].content
    assert "status: out_of_scope" in note and note.endswith("quero minha fatura")
    assert (await manager.store.get_session("s")).state.get(DelegationState).active_agent is None


async def test_out_of_scope_redelegates_in_the_same_turn(manager_factory):
    manager, model = manager_factory(
        {
            COORD: [delegate(TECH), delegate(FIN, context="fatura")],
            TECH: [end(status="out_of_scope", result={}, last="quero um reembolso")],
            FIN: ["Claro, qual o número do pedido?"],
        }
    )
    events = await collect(manager, "s", "quero um reembolso")
    assert [r.agent for r in model.requests] == [COORD, TECH, COORD, FIN]
    assert model.requests[-1].messages[-1].content == "quero um reembolso"
    assert [(e.agent, e.reason) for e in events if e.type == "agent"] == [
        (COORD, "start"),
        (TECH, "delegation"),
        (COORD, "return"),
        (FIN, "delegation"),
    ]
    assert events[-1].text == "Claro, qual o número do pedido?"
    state = (await manager.store.get_session("s")).state.get(DelegationState)
    assert state.active_agent == FIN and state.agent_stack == (COORD,)
    assert state.specialist_context == "fatura"


async def test_signal_honoured_anywhere_among_tool_calls_and_without_text(manager_factory):
    """Original bug: the signal only counted as the last tool result and followed by text."""
    from switchboard import tool
    from switchboard.models.scripted import calls

    seen = []

    @tool
    def registrar(nota: str) -> str:
        """Registra uma nota."""
        seen.append(nota)
        return "registrado"

    manager, _model = manager_factory(
        {
            COORD: [delegate(), "Feito."],
            TECH: [
                calls(
                    (
                        END_TOOL,
                        {"status": "completed", "final_result": {"x": 1}, "last_user_message": "m"},
                    ),
                    ("registrar", {"nota": "fim"}),
                )
            ],
        },
        tools=[registrar],
        especialista_tecnico_tools=["registrar"],
    )
    reply = await manager.process_message("s", "ajuda", user_id="u1")
    assert seen == ["fim"]
    assert reply.agent == COORD and reply.text == "Feito."


async def test_initial_context_does_not_pile_up_across_delegations(manager_factory):
    manager, model = manager_factory(
        {
            COORD: [delegate(context="contexto A"), delegate(context="contexto B")],
            TECH: [end(last="x", text="ok 1"), "ok 2"],
        }
    )
    await manager.process_message("s", "primeiro", user_id="u1")
    await manager.process_message("s", "segundo", user_id="u1")
    system = model.requests[-1].messages[0].content
    assert "contexto B" in system and "contexto A" not in system


async def test_final_result_given_as_json_text_is_kept_structured(manager_factory):
    manager, _ = manager_factory(
        {
            COORD: [delegate()],
            TECH: [
                call(
                    END_TOOL,
                    {
                        "status": "completed",
                        "final_result": json.dumps({"a": [1, 2]}),
                        "last_user_message": "m",
                    },
                    text="Pronto.",
                )
            ],
        }
    )
    await manager.process_message("s", "m", user_id="u1")
    state = (await manager.store.get_session("s")).state.get(DelegationState)
    assert state.pending_result.final_result == {"a": [1, 2]}
