"""The reference support app, fully offline on the embedded model: routing and answers in pt-BR."""

from __future__ import annotations

import pytest

from switchboard.apps import available_apps, load_app

COORD, TECH, FIN = "assistente_virtual", "especialista_tecnico", "especialista_financeiro"


@pytest.fixture(scope="module")
def support():
    return load_app("support", model="embedded", store="memory://")


async def chat(manager, session, text):
    events = [e async for e in manager.stream_message(session, text, user_id="cliente")]
    done = events[-1]
    return done.agent, done.text, events


async def test_small_talk_and_faq_stay_with_the_coordinator(support):
    agent, text, _ = await chat(support, "faq", "oi, bom dia")
    assert agent == COORD and text.startswith("Olá! Sou o Assistente Virtual")
    agent, text, events = await chat(support, "faq", "qual o horário de atendimento?")
    assert agent == COORD and "segunda a sexta" in text
    assert "Consultando as perguntas frequentes..." in [
        e.message for e in events if e.type == "status"
    ]
    assert "{" not in text  # no JSON leaks to the user


async def test_technical_problem_is_delegated_and_resolved(support):
    agent, text, events = await chat(support, "tec", "minha internet caiu de novo")
    assert agent == TECH and "Não há instabilidade" in text and "modem" in text
    assert [(e.agent, e.reason) for e in events if e.type == "agent"] == [
        (COORD, "start"),
        (TECH, "delegation"),
    ]
    agent, text, _ = await chat(support, "tec", "voltou a funcionar, obrigado")
    assert agent == TECH and "Que bom que deu certo" in text
    agent, text, _ = await chat(support, "tec", "valeu")
    assert agent == COORD and "Por nada" in text


async def test_refund_extracts_the_order_number(support):
    agent, text, events = await chat(support, "fin", "fui cobrado duas vezes no pedido 55555")
    assert agent == FIN
    start = next(e for e in events if e.type == "tool_start" and e.tool == "solicitar_reembolso")
    assert start.args["numero_pedido"] == "55555"
    assert "RB-" in text and "55555" in text


async def test_out_of_scope_goes_to_the_other_specialist_in_the_same_turn(support):
    await chat(support, "oos", "o aplicativo não abre")
    agent, text, events = await chat(support, "oos", "quero ver minha fatura")
    assert agent == FIN and "Sua fatura" in text and "R$" in text
    assert [(e.agent, e.reason) for e in events if e.type == "agent"] == [
        (TECH, "start"),
        (COORD, "return"),
        (FIN, "delegation"),
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("meu wi-fi parou de funcionar", TECH),
        ("nao consigo entrar na minha conta", TECH),
        ("o app fica travando", TECH),
        ("a internet ta muito lenta hoje", TECH),
        ("quero o reembolso da compra", FIN),
        ("me cobraram um valor errado", FIN),
        ("preciso da segunda via do boleto", FIN),
        ("quanto está minha fatura?", FIN),
        ("olá, tudo bem?", COORD),
        ("muito obrigado!", COORD),
        ("vocês abrem no sábado?", COORD),
        ("quais planos vocês têm?", COORD),
    ],
)
async def test_offline_routing_of_unseen_paraphrases(support, text, expected):
    agent, answer, _ = await chat(support, f"route-{text}", text)
    assert agent == expected and answer


def test_support_is_listed():
    assert "support" in available_apps()
