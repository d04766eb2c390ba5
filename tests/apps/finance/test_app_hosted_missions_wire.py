"""Hosted missions on `openai:gpt-4o-mini` against the OpenAI wire-format stub: the coordinator
runs on the platform's agent runtime, its tools carry their allowed values as enums, natural
spellings ("PRICE", "CDI") and object arguments sent as JSON strings are accepted, and malformed
calls (unknown tool, garbage JSON, invalid values) come back to the model as tool errors it
recovers from — never a crash, never a false "did not finish in time"."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Iterator
from typing import Any

import numpy_financial as npf
import pytest

from switchboard.apps.finance.app import FinanceApp
from switchboard.apps.finance.missions.telemetry import MISSIONS
from switchboard.apps.finance.pattern import META_FINANCE
from switchboard.apps.finance.triage.hosted import TRIAGE_SYSTEM_PROMPT
from tests.models.provider_stub import Received, Reply, StubServer

from .app_helpers import brl, make_app

KEY = "sk-finance-missions-wire-0123"
MODEL = "openai:gpt-4o-mini"
QUESTION = "Financiar 320 mil em 360 meses a 0,9% ao mês: compensa mais o SAC ou o Price?"
USER = "ana"


def completion(message: dict[str, Any], finish: str = "stop") -> Reply:
    return Reply(
        json={
            "id": "chatcmpl-mission",
            "object": "chat.completion",
            "created": 1,
            "model": "gpt-4o-mini",
            "choices": [{"index": 0, "message": message, "finish_reason": finish}],
            "usage": {"prompt_tokens": 400, "completion_tokens": 60, "total_tokens": 460},
        }
    )


def tool_calls(*calls: tuple[str, str]) -> Reply:
    """Tool calls exactly as OpenAI sends them: the arguments are a JSON *string*."""
    return completion(
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {"id": f"call_{i}", "type": "function", "function": {"name": n, "arguments": a}}
                for i, (n, a) in enumerate(calls)
            ],
        },
        "tool_calls",
    )


def text(content: str) -> Reply:
    return completion({"role": "assistant", "content": content})


PRICE = -npf.pmt(0.009, 360, 320_000)  # 2.999,17
SAC_FIRST = 320_000 / 360 + 320_000 * 0.009  # 3.768,89


SYNTHESIS = (
    f"Para financiar R$ 320.000,00 em 360 meses a 0,9% ao mês: no Price a parcela é fixa de "
    f"{brl(PRICE)}; no SAC a primeira é {brl(SAC_FIRST)} e as parcelas caem até o fim, com "
    "bem menos juros no total. Premissas: taxa fixa, sem seguros nem correção. Se a primeira "
    "parcela do SAC cabe no seu orçamento, ele sai mais barato."
)


def job_of(request: Received) -> str:
    messages = request.body["messages"]
    system = messages[0]["content"] if messages[0]["role"] == "system" else ""
    if system.startswith(TRIAGE_SYSTEM_PROMPT):
        return "triage"
    if system.startswith("Você é o coordenador autônomo"):
        return "coordinator"
    if "## Parte 1 - Contexto mínimo" in messages[-1]["content"]:
        return "synthesis"
    return "other"


class Script:
    def __init__(self, stub: StubServer, coordinator: list[Reply]) -> None:
        self.stub = stub
        self.coordinator = list(coordinator)
        stub.responder = self.respond

    def respond(self, request: Received) -> Reply:
        job = job_of(request)
        if job == "triage":
            return text(
                json.dumps(
                    {
                        "categoria": "complexa",
                        "dominio": "planejamento_financeiro",
                        "confianca": 0.9,
                    }
                )
            )
        if job == "coordinator" and self.coordinator:
            return self.coordinator.pop(0)
        if job == "synthesis":
            return text(json.dumps({"resposta_ao_usuario": SYNTHESIS, "tom_usado": "consultivo"}))
        return Reply(status=599, json={"error": {"message": f"nothing scripted for {job}"}})

    def requests(self, job: str) -> list[Received]:
        return [r for r in self.stub.requests if job_of(r) == job]


@pytest.fixture(scope="module")
def stub_server() -> Iterator[StubServer]:
    server = StubServer()
    server.start()
    yield server
    server.stop()


@pytest.fixture
def stub(stub_server: StubServer, monkeypatch: pytest.MonkeyPatch) -> Iterator[StubServer]:
    stub_server.reset()
    stub_server.serve_as_openai(monkeypatch, KEY, timeout_seconds="10")
    yield stub_server
    stub_server.reset()


@pytest.fixture
async def app(stub: StubServer) -> AsyncIterator[FinanceApp]:
    app = make_app(model=MODEL, hosted=None)
    await app.start()
    yield app
    await app.shutdown()


def tool_results(request: Received) -> dict[str, str]:
    """tool_call_id → what the model read back."""
    return {
        m["tool_call_id"]: m["content"] for m in request.body["messages"] if m["role"] == "tool"
    }


async def test_malformed_calls_become_tool_errors_and_the_mission_finishes(
    app: FinanceApp, stub: StubServer
) -> None:
    script = Script(
        stub,
        [
            tool_calls(
                # natural spellings and a list sent as a JSON string: repaired and accepted
                (
                    "analisar_financiamento",
                    json.dumps(
                        {
                            "principal": 320000,
                            "taxa_mensal": "0.009",
                            "meses": 360,
                            "sistemas": '["PRICE", "SAC"]',
                        }
                    ),
                ),
                ("pesquisa_externa", json.dumps({"operacao": "INDICE", "nome": "CDI"})),
                # an operation that does not exist, garbage JSON, an invalid value
                ("calcular_tudo", "{}"),
                ("planejar_meta", "{not json"),
                ("pesquisa_externa", json.dumps({"operacao": "adivinhar"})),
            ),
            tool_calls(
                (
                    "consolidar",
                    json.dumps(
                        {
                            "status": "sucesso_completo",
                            "objetivo_alcancado": True,
                            "resposta_principal": SYNTHESIS,
                            # an array sent as a JSON string, like the tools' objects
                            "dados_suporte": json.dumps(
                                [{"descricao": "Parcela Price", "valor": brl(PRICE)}]
                            ),
                        }
                    ),
                )
            ),
        ],
    )
    reply = await app.reply("h1", QUESTION, user_id=USER)
    assert reply.text == SYNTHESIS
    assert "não terminou" not in reply.text and "a tempo" not in reply.text
    first, second = script.requests("coordinator")
    results = tool_results(second)
    financing = json.loads(results["call_0"])
    assert financing["status"] == "ok"
    systems = {s["sistema"]: s for s in financing["dados"]["sistemas"]}
    assert systems["price"]["primeira_parcela"] == f"{PRICE:.2f}"
    index = json.loads(results["call_1"])
    assert index["status"] in ("ok", "fallback") and "ilustrativo" in index  # offline data
    assert results["call_2"].startswith("ERRO") and "não está disponível" in results["call_2"]
    assert results["call_3"].startswith("ERRO") and "JSON" in results["call_3"]
    assert results["call_4"].startswith("ERRO") and "operacao" in results["call_4"]
    # the allowed values travel as enums in the tool schemas
    tools = {t["function"]["name"]: t["function"]["parameters"] for t in first.body["tools"]}
    assert tools["analisar_financiamento"]["properties"]["sistemas"]["items"]["enum"] == [
        "price",
        "sac",
    ]
    assert "cdi" in tools["pesquisa_externa"]["properties"]["nome"]["enum"]
    assert "consolidar" in tools
    # the brief goes once; the next round carries a short reminder, not the brief again
    assert "Objetivo:" in first.body["messages"][1]["content"]
    assert "Objetivo:" not in second.body["messages"][1]["content"]
    assert len(second.body["messages"][0]["content"]) < 1200  # the compact system prompt
    mission = (await app.store.load_messages("h1"))[-1].metadata[META_FINANCE]["mission"]
    assert mission["status"] == "sucesso_completo"
    (record,) = await app.store.repository(MISSIONS).between()
    assert record.status_final == "sucesso_completo"


async def test_a_generic_consolidation_is_reported_as_a_failed_mission(
    app: FinanceApp, stub: StubServer
) -> None:
    generic = "Sua sobra mensal média permite o financiamento. Priorize a quitação das dívidas."
    Script(
        stub,
        [
            tool_calls(
                (
                    "consolidar",
                    json.dumps(
                        {
                            "status": "sucesso_completo",
                            "objetivo_alcancado": True,
                            "resposta_principal": generic,
                        }
                    ),
                )
            )
        ],
    )
    stub.responder = _generic_synthesis(stub.responder, generic)
    await app.reply("h2", QUESTION, user_id=USER)
    mission = (await app.store.load_messages("h2"))[-1].metadata[META_FINANCE]["mission"]
    assert mission["status"] == "falha"
    (record,) = await app.store.repository(MISSIONS).between()
    assert record.status_final == "falha" and not record.objetivo_alcancado


def _generic_synthesis(inner: Any, generic: str) -> Any:
    def respond(request: Received) -> Reply:
        if job_of(request) == "synthesis":
            body = generic + " Essa é a melhor escolha para a sua vida financeira em geral."
            return text(json.dumps({"resposta_ao_usuario": body, "tom_usado": "consultivo"}))
        return inner(request)  # type: ignore[no-any-return]

    return respond
