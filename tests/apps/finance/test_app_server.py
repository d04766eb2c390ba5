"""The finance app behind the HTTP server: `/chat` (NDJSON) and `/v1/chat/completions`
(`model="finance"`), with the user taken from the key."""

from __future__ import annotations

import json

import httpx
import pytest

from switchboard.apps.finance.handoff import MISSION_STARTED
from switchboard.apps.finance.ledger import FlowFilter
from switchboard.core.events import StatusEvent
from switchboard.server import ServerSettings, create_app
from tests.server.conftest import make_keys, ndjson_events

from .app_helpers import ledger_of, make_app


@pytest.fixture
async def served():
    finance = make_app()
    keys = make_keys()
    app = create_app(
        ServerSettings(database_url="memory://"),  # type: ignore[call-arg]
        apps={"finance": finance},
        key_store=keys.store,
    )
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=app), base_url="http://test"
    ) as client:
        yield client, keys, finance


async def test_chat_records_and_answers_per_user(served) -> None:
    client, keys, finance = served
    alice, bob = keys.auth(keys.alice), keys.auth(keys.bob)

    recorded = await client.post(
        "/chat",
        json={"chatInput": "Gastei R$ 150 no supermercado hoje", "sessionId": "f1"},
        headers=alice,
    )
    done = ndjson_events(recorded.text)[-1]
    assert (done.agent, done.text) == (
        "lancador",
        "Registrado! Despesa de R$ 150,00 em Supermercado na data de hoje.",
    )
    asked = await client.post(
        "/chat", json={"chatInput": "Quanto gastei esse mês?", "sessionId": "f2"}, headers=bob
    )
    assert (
        ndjson_events(asked.text)[-1].text == "Neste mês não há nenhum gasto registrado (R$ 0,00)."
    )
    assert len(await ledger_of(finance).entries("alice", FlowFilter())) == 1


async def test_complexa_streams_the_mission_progress(served) -> None:
    client, keys, _ = served
    response = await client.post(
        "/chat",
        json={
            "chatInput": "tenho 30 anos e quero me aposentar aos 60 com 1,5 milhão rendendo "
            "0,5% ao mês, quanto guardo por mês?",
            "sessionId": "f3",
        },
        headers=keys.auth(keys.alice),
    )
    events = ndjson_events(response.text)
    statuses = [e.message for e in events if isinstance(e, StatusEvent)]
    assert statuses[0] == MISSION_STARTED and len(statuses) > 2
    assert "Calculando a sua aposentadoria…" in statuses
    assert events[-1].agent == "orquestrador" and "R$ 1.493,26" in events[-1].text
    vague = await client.post(
        "/chat",
        json={"chatInput": "como devo investir para me aposentar?", "sessionId": "f5"},
        headers=keys.auth(keys.alice),
    )
    done = ndjson_events(vague.text)[-1]
    assert done.agent == "orquestrador" and "?" in done.text  # asks for the missing numbers


async def test_openai_compatible_api_with_model_finance(served) -> None:
    client, keys, _ = served
    alice = {**keys.auth(keys.alice), "X-Session-Id": "f4"}
    first = await client.post(
        "/v1/chat/completions",
        json={"model": "finance", "messages": [{"role": "user", "content": "Fui ao cinema ontem"}]},
        headers=alice,
    )
    assert first.json()["choices"][0]["message"]["content"] == "Qual foi o valor?"
    second = await client.post(
        "/v1/chat/completions",
        json={"model": "finance", "messages": [{"role": "user", "content": "40 reais"}]},
        headers=alice,
    )
    assert second.json()["choices"][0]["message"]["content"] == (
        "Registrado! Despesa de R$ 40,00 em Cinema na data de ontem."
    )
    models = (await client.get("/v1/models", headers=alice)).json()["data"]
    assert {"finance", "finance/junior", "finance/lancador", "finance/simplista"} <= {
        m["id"] for m in models
    }


async def test_contracts_route(served) -> None:
    client, keys, _ = served
    alice = keys.auth(keys.alice)
    response = await client.get("/apps/finance/contracts", headers=alice)
    assert response.status_code == 200
    names = {c["name"] for c in response.json()}
    assert {"investimentos", "planejamento", "matematica"} <= names
    missing = await client.get("/apps/nope/contracts", headers=alice)
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "unknown_app"
    assert (await client.get("/apps/finance/contracts")).status_code == 401


MARKET = "Gastei R$ 150 no supermercado hoje"
RECORDED = "Registrado! Despesa de R$ 150,00 em Supermercado na data de hoje."


async def test_chat_idempotency_key_records_a_retried_request_once(served) -> None:
    client, keys, finance = served
    alice = keys.auth(keys.alice)

    async def post(key: str | None) -> str:
        headers = {**alice, **({"Idempotency-Key": key} if key else {})}
        response = await client.post(
            "/chat", json={"chatInput": MARKET, "sessionId": "idem"}, headers=headers
        )
        assert response.status_code == 200
        return ndjson_events(response.text)[-1].text

    assert await post("2f1c-uuid-1") == RECORDED
    assert await post("2f1c-uuid-1") == RECORDED  # the client retried
    assert len(await ledger_of(finance).entries("alice", FlowFilter())) == 1
    assert await post("2f1c-uuid-2") == RECORDED  # a second, real purchase
    assert len(await ledger_of(finance).entries("alice", FlowFilter())) == 2
    # no key: a new message (keys, not texts, said what a retry was until now)...
    assert await post(None) == RECORDED
    # ...and the same text again right after, still without a key: the retry window, said
    assert (await post(None)).startswith("Essa mensagem é igual à que você mandou há instantes")
    assert len(await ledger_of(finance).entries("alice", FlowFilter())) == 3


async def test_openai_api_idempotency_key_streamed_or_not(served) -> None:
    client, keys, finance = served
    headers = {**keys.auth(keys.alice), "X-Session-Id": "idem-oai", "Idempotency-Key": "req-7"}
    body = {"model": "finance", "messages": [{"role": "user", "content": MARKET}]}

    first = await client.post("/v1/chat/completions", json=body, headers=headers)
    retried = await client.post("/v1/chat/completions", json=body, headers=headers)
    streamed = await client.post(
        "/v1/chat/completions", json={**body, "stream": True}, headers=headers
    )

    for response in (first, retried):
        assert response.json()["choices"][0]["message"]["content"] == RECORDED
    chunks = [
        json.loads(line.removeprefix("data: "))
        for line in streamed.text.splitlines()
        if line.startswith("data: {")
    ]
    assert "".join(c["choices"][0]["delta"].get("content", "") for c in chunks) == RECORDED
    assert len(await ledger_of(finance).entries("alice", FlowFilter())) == 1

    other = await client.post(
        "/v1/chat/completions", json=body, headers={**headers, "Idempotency-Key": "req-8"}
    )
    assert other.json()["choices"][0]["message"]["content"] == RECORDED
    assert len(await ledger_of(finance).entries("alice", FlowFilter())) == 2


@pytest.mark.parametrize("bad", ["", "k" * 256])
async def test_an_unusable_idempotency_key_is_a_422_before_anything_runs(served, bad) -> None:
    client, keys, finance = served
    headers = {**keys.auth(keys.alice), "Idempotency-Key": bad}
    chat = await client.post(
        "/chat", json={"chatInput": MARKET, "sessionId": "idem-bad"}, headers=headers
    )
    oai = await client.post(
        "/v1/chat/completions",
        json={"model": "finance", "messages": [{"role": "user", "content": MARKET}]},
        headers=headers,
    )
    for response in (chat, oai):
        assert response.status_code == 422
        assert response.json()["error"]["details"][0]["loc"] == ["header", "Idempotency-Key"]
    assert await ledger_of(finance).entries("alice", FlowFilter()) == []


async def test_the_header_is_documented_in_openapi(served) -> None:
    client, _, _ = served
    spec = (await client.get("/openapi.json")).json()
    for path in ("/chat", "/v1/chat/completions"):
        params = spec["paths"][path]["post"]["parameters"]
        header = next(p for p in params if p["name"] == "Idempotency-Key")
        assert header["in"] == "header" and not header.get("required", False)


CAR = (
    "Quero comprar um carro de R$ 80.000, tenho R$ 20.000 guardados. Faz sentido financiar ou "
    "poupar mais?"
)
MISSION_AGENTS = {
    "analise_financeira_pessoal": "Coordenador de Análise Financeira Pessoal",
    "investimentos": "Coordenador de Investimentos",
    "planejamento": "Coordenador de Planejamento Financeiro",
    "pesquisa_externa": "Pesquisa de Mercado",
    "pesquisa_externa_estatica": "Pesquisa de Mercado (dados guardados)",
    "matematica": "Cálculos Financeiros",
    "lancamento": "Lançamentos (em análises)",
}


async def test_mission_agents_are_named_but_never_switching_targets(served) -> None:
    client, keys, _ = served
    alice = keys.auth(keys.alice)
    (finance,) = (await client.get("/apps", headers=alice)).json()["apps"]
    cards = {a["name"]: a for a in finance["agents"]}
    chat = [a["name"] for a in finance["agents"] if a["selectable"]]
    assert chat == ["junior", "lancador", "simplista", "orquestrador"]
    assert {n: c["role"] for n, c in cards.items() if not c["selectable"]} == MISSION_AGENTS
    assert cards["investimentos"]["description"].startswith("Coordenador de investimentos")
    assert not any(c["entry"] for n, c in cards.items() if n in MISSION_AGENTS)

    models = {m["id"] for m in (await client.get("/v1/models", headers=alice)).json()["data"]}
    assert "finance/orquestrador" in models
    assert not {f"finance/{name}" for name in MISSION_AGENTS} & models

    switch = await client.post(
        "/sessions/p1/agent", json={"agent": "investimentos", "app": "finance"}, headers=alice
    )
    assert switch.status_code == 404 and switch.json()["error"]["code"] == "unknown_agent"
    completion = await client.post(
        "/v1/chat/completions",
        json={"model": "finance/planejamento", "messages": [{"role": "user", "content": CAR}]},
        headers=alice,
    )
    assert completion.status_code == 404


async def test_the_mission_timeline_streams_and_stays_in_the_history(served) -> None:
    client, keys, _ = served
    alice = keys.auth(keys.alice)
    response = await client.post("/chat", json={"chatInput": CAR, "sessionId": "t1"}, headers=alice)
    events = ndjson_events(response.text)
    kinds = [e.type for e in events]
    # the answer first, then its timeline, then usage and done
    assert kinds[-4:] == ["text", "ui", "usage", "done"]
    ui = events[-3]
    assert ui.component == "mission_timeline"
    props = ui.props
    assert props["coordenador_titulo"] == "Coordenador de Planejamento Financeiro"
    # offline, no source has the CDI: the research chain answers from its static data
    assert [(s["etapa"], s["agente"], s["resultado"], s["fallback"]) for s in props["etapas"]] == [
        (1, "dados_internos", "ok", None),
        (1, "pesquisa_externa", "alternativa", "dados estáticos"),
        (2, "matematica", "ok", None),
        (2, "matematica", "ok", None),
    ]
    assert props["orcamento"] == {
        "tokens_usados": 0,
        "tokens_orcamento": 10_000,
        "chamadas_api": 0,
        "chamadas_api_orcamento": 15,
        "percentual": 0,
    }
    assert ui.fallback_text == props["summary"]
    assert ui.fallback_text not in events[-1].text  # informational: not repeated as text

    history = (await client.get("/sessions/t1/messages", headers=alice)).json()["messages"]
    question, answer = history
    assert question["components"] == []
    assert answer["components"] == [
        {"component": "mission_timeline", "props": props, "fallback_text": ui.fallback_text}
    ]
