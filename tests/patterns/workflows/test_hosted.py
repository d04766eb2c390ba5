"""Hosted slot filling and routing with a scripted model: JSON in the asked schema, validated,
and garbage mapped to safe behaviour (the rules, or CONTINUE)."""

from __future__ import annotations

import json

from switchboard.core.errors import ModelTimeoutError
from switchboard.models.scripted import ScriptedModel
from switchboard.patterns.workflows import (
    ModelExtractor,
    ModelRouter,
    RouteAction,
    WorkflowState,
    extraction_schema,
    parse_extraction,
    parse_route_decision,
    route_decision_schema,
)
from switchboard.patterns.workflows.hosted import EXTRACTOR_AGENT, ROUTER_AGENT

from .conftest import WORKFLOWS, make_app, say


def values(corrections=(), **slots):
    return json.dumps({"values": slots, "corrections": list(corrections)})


def decision(intent, target=None, confidence=0.9):
    return json.dumps({"intent": intent, "target": target, "confidence": confidence})


async def frame(app):
    return (await app.store.get_session("s1")).state.get(WorkflowState).top


def test_the_extraction_schema_is_built_from_the_workflow_slots():
    schema = extraction_schema(WORKFLOWS["cadastro"])

    slots = schema["properties"]["values"]
    assert slots["required"] == ["name", "age", "city", "education"]
    assert slots["properties"]["age"] == {"anyOf": [{"type": "integer"}, {"type": "null"}]}
    education = slots["properties"]["education"]["anyOf"][0]
    assert education["enum"] == [
        "medio_incompleto",
        "medio_completo",
        "superior_incompleto",
        "superior_completo",
    ]
    assert schema["properties"]["corrections"]["items"]["enum"] == slots["required"]


async def test_the_model_fills_several_slots_and_its_values_are_typed_and_validated():
    model = ScriptedModel(
        {
            EXTRACTOR_AGENT: [
                values(),  # the opening message, "cadastro"
                values(name="Ana", age=500, city="Recife", education="mestrado", extra="x"),
            ]
        }
    )
    app = make_app(extractor=ModelExtractor(model))
    await say(app, "cadastro")

    text = await say(app, "eu sou a Ana de Recife, tenho quinhentos anos")

    # 500 is out of range, "mestrado" not an option: only what was kept is shown back
    assert text == "Anotei: nome Ana, cidade Recife.\n\nQuantos anos você tem?"
    assert (await frame(app)).slots == {"name": "Ana", "city": "Recife"}
    request = model.requests[1]
    assert request.response_schema == extraction_schema(WORKFLOWS["cadastro"])
    assert 'A pergunta feita ao usuário foi: "Qual é o seu nome?"' in request.messages[0].content


async def test_a_model_correction_is_applied_only_when_flagged():
    model = ScriptedModel(
        {
            EXTRACTOR_AGENT: [
                values(),
                values(name="Ana", age=17),
                values(age=18, city="Recife"),  # age not flagged: ignored
                values(["age"], age=19),
            ]
        }
    )
    app = make_app(extractor=ModelExtractor(model))
    await say(app, "cadastro")
    await say(app, "Ana, 17")
    await say(app, "Recife")

    text = await say(app, "na verdade tenho 19")

    assert text.startswith("Certo, corrigi: idade agora é 19 (antes: 17).")
    assert (await frame(app)).slots == {"name": "Ana", "age": 19, "city": "Recife"}
    assert "já preenchido: 17" in model.requests[-1].messages[0].content


async def test_garbage_or_a_failing_model_falls_back_to_the_rules():
    model = ScriptedModel(
        {EXTRACTOR_AGENT: ["claro! o nome é Ana", ModelTimeoutError("slow"), '["a"]']}
    )
    app = make_app(extractor=ModelExtractor(model))
    await say(app, "cadastro")

    assert await say(app, "sou Ana") == "Quantos anos você tem?"
    assert await say(app, "17 anos") == "Em que cidade você mora?"
    assert await say(app, "Recife") == "Qual é a sua escolaridade?"
    assert (await frame(app)).slots == {"name": "Ana", "age": 17, "city": "Recife"}


def test_an_answer_without_the_values_object_is_not_an_extraction():
    workflow = WORKFLOWS["cadastro"]
    assert parse_extraction('{"intent": "CONTINUE_WORKFLOW", "confidence": 0.9}', workflow) is None
    assert parse_extraction('{"values": ["Ana"], "corrections": []}', workflow) is None
    parsed = parse_extraction(
        '{"values": {"name": "Ana", "age": null}, "corrections": []}', workflow
    )
    assert parsed is not None and parsed.values == {"name": "Ana"}


def test_the_router_parser_maps_garbage_to_continue():
    names = ["cadastro", "pedido"]
    cases = {
        '{"intent": "CHANGE_WORKFLOW", "target": "pedido", "confidence": 0.8}': (
            RouteAction.CHANGE_WORKFLOW,
            "pedido",
            0.8,
        ),
        '```json\n{"intent": "exit_workflow", "target": null}\n```': (
            RouteAction.EXIT_WORKFLOW,
            None,
            1.0,
        ),
        '{"intent": "CHANGE_WORKFLOW", "target": "inexistente"}': (
            RouteAction.CONTINUE_WORKFLOW,
            None,
            1.0,
        ),
        '{"intent": "DANCE"}': (RouteAction.CONTINUE_WORKFLOW, None, 1.0),
        "não sei": (RouteAction.CONTINUE_WORKFLOW, None, 1.0),
        "[1, 2]": (RouteAction.CONTINUE_WORKFLOW, None, 1.0),
        '{"intent": "EXIT_WORKFLOW", "confidence": 7}': (RouteAction.EXIT_WORKFLOW, None, 1.0),
    }
    for text, expected in cases.items():
        got = parse_route_decision(text, names)
        assert (got.action, got.target, got.confidence) == expected, text


def test_the_router_schema_limits_targets_to_known_workflows():
    schema = route_decision_schema(["b", "a"])

    assert schema["properties"]["target"]["anyOf"][0]["enum"] == ["a", "b"]
    assert schema["required"] == ["intent", "target", "confidence"]


async def test_the_model_router_digresses_exits_and_ignores_garbage_and_low_confidence():
    model = ScriptedModel(
        {
            ROUTER_AGENT: [
                decision("CHANGE_WORKFLOW", "cadastro"),
                decision("CONTINUE_WORKFLOW"),
                "isso é uma pergunta sobre horário",  # garbage: continue
                decision("CHANGE_WORKFLOW", "horario", confidence=0.2),  # too unsure
                decision("CHANGE_WORKFLOW", "horario"),
                decision("EXIT_WORKFLOW"),
            ]
        }
    )
    app = make_app(router=ModelRouter(model, WORKFLOWS.values()))

    assert await say(app, "quero fazer minha inscrição") == "Qual é o seu nome?"
    assert await say(app, "sou Ana") == "Quantos anos você tem?"
    assert (await say(app, "abc")).startswith("Desculpe, não entendi.")
    assert (await say(app, "def")).startswith("Desculpe, não entendi.")
    reply = await app.reply("s1", "que horas vocês abrem?", user_id="u1")
    assert reply.text.startswith("Funcionamos todos os dias")
    assert "Voltando ao que estávamos fazendo…\n\nMe diga sua idade" in reply.text
    assert reply.usage.calls == 1
    assert await say(app, "chega") == "Tudo bem, paramos por aqui. Se precisar, é só chamar!"

    prompt = model.requests[4].messages[0].content
    assert "- horario: Responde qual é o horário de funcionamento" in prompt
    assert 'Pergunta pendente: "Quantos anos você tem?"' in prompt
    assert model.requests[0].response_schema == route_decision_schema(WORKFLOWS)


async def test_a_failing_router_model_continues():
    model = ScriptedModel({ROUTER_AGENT: [ModelTimeoutError("slow")]})
    app = make_app(router=ModelRouter(model, WORKFLOWS.values()))

    assert await say(app, "oi") == "Olá! Posso fazer seu cadastro ou anotar um pedido."
