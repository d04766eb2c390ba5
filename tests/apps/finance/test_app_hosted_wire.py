"""The finance app on `openai:gpt-4o-mini`, against a local server speaking OpenAI's wire format.

No scripted model: the app resolves the id like production (`OPENAI_BASE_URL`, `OPENAI_API_KEY`,
the official SDK), and the stub sees the real HTTP requests. Each request is answered by the
job it asks for (triage, continuity, extraction: told apart by its system prompt), so a test
says what the model answers to each job and asserts which jobs were asked, in order.
"""

from __future__ import annotations

import json
import logging
from collections import deque
from collections.abc import AsyncIterator, Iterator
from decimal import Decimal
from typing import Any

import pytest

from switchboard.apps.finance.app import FinanceApp
from switchboard.apps.finance.brain import (
    EXTRACTION_PROMPT,
    EXTRACTION_SCHEMA,
    MODEL_DOWN,
    MODEL_TIMEOUT,
    HostedBrain,
    amount_is_grounded,
)
from switchboard.apps.finance.ledger import FlowFilter
from switchboard.apps.finance.nlu import TransactionDraft
from switchboard.apps.finance.pattern import META_FINANCE
from switchboard.apps.finance.state import FinanceState
from switchboard.apps.finance.triage.hosted import (
    CONTINUITY_SCHEMA,
    CONTINUITY_SYSTEM_PROMPT,
    TRIAGE_SCHEMA,
    TRIAGE_SYSTEM_PROMPT,
)
from switchboard.core.events import DoneEvent, ErrorEvent, Event
from tests.models.provider_stub import Received, Reply, StubServer

from .app_helpers import ledger_of, make_app

KEY = "sk-finance-wire-0123456789"
MODEL = "openai:gpt-4o-mini"


def completion(content: str) -> Reply:
    """A chat completion as OpenAI sends it."""
    return Reply(
        json={
            "id": "chatcmpl-finance",
            "object": "chat.completion",
            "created": 1,
            "model": "gpt-4o-mini",
            "choices": [
                {
                    "index": 0,
                    "message": {"role": "assistant", "content": content},
                    "finish_reason": "stop",
                }
            ],
            "usage": {"prompt_tokens": 50, "completion_tokens": 9, "total_tokens": 59},
        }
    )


def answer(payload: dict[str, Any]) -> Reply:
    return completion(json.dumps(payload, ensure_ascii=False))


def job_of(request: Received) -> str:
    """triage / continuity / extraction / other, from the system prompt the app sent."""
    system = request.body["messages"][0]["content"]
    if system.startswith(TRIAGE_SYSTEM_PROMPT):
        return "triage"
    if system == CONTINUITY_SYSTEM_PROMPT:
        return "continuity"
    if system.startswith(EXTRACTION_PROMPT[:60]):
        return "extraction"
    return "other"


class Jobs:
    """Replies per job; a job asked with nothing scripted gets HTTP 599 (the test then fails
    on the error, or on `asked`)."""

    def __init__(self, stub: StubServer) -> None:
        self.stub = stub
        self.script: dict[str, deque[Reply]] = {}
        stub.responder = self._respond

    def on(self, job: str, *replies: Reply) -> None:
        self.script.setdefault(job, deque()).extend(replies)

    def _respond(self, request: Received) -> Reply:
        queue = self.script.get(job_of(request))
        if not queue:
            return Reply(status=599, json={"error": {"message": "nothing scripted"}})
        return queue.popleft()

    @property
    def asked(self) -> list[str]:
        return [job_of(r) for r in self.stub.requests]

    def requests(self, job: str) -> list[Received]:
        return [r for r in self.stub.requests if job_of(r) == job]

    @property
    def leftover(self) -> int:
        return sum(len(q) for q in self.script.values())


@pytest.fixture(scope="module")
def stub_server() -> Iterator[StubServer]:
    server = StubServer()
    server.start()
    yield server
    server.stop()


@pytest.fixture
def jobs(stub_server: StubServer, monkeypatch: pytest.MonkeyPatch) -> Iterator[Jobs]:
    stub_server.reset()
    stub_server.serve_as_openai(monkeypatch, KEY, timeout_seconds="10")
    jobs = Jobs(stub_server)
    yield jobs
    stub_server.reset()
    assert jobs.leftover == 0, "scripted model answers were never asked for"


@pytest.fixture
async def app(jobs: Jobs) -> AsyncIterator[FinanceApp]:
    app = make_app(model=MODEL, hosted=None)  # hosted decided from the id, as in production
    yield app
    await app.shutdown()


async def say(app: FinanceApp, text: str, *, session: str = "s1") -> str:
    return (await app.reply(session, text, user_id="ana")).text


async def events_of(app: FinanceApp, text: str, *, session: str = "s1") -> list[Event]:
    return [event async for event in app.stream(session, text, user_id="ana")]


async def finance_state(app: FinanceApp, session: str = "s1") -> FinanceState:
    record = await app.store.get_session(session)
    assert record is not None
    return record.state.get(FinanceState)


def assert_json_schema_request(request: Received, schema: dict[str, Any]) -> None:
    """What OpenAI requires of a structured answer: a `json_schema` response format whose root
    is an object."""
    body = request.body
    assert request.path == "/v1/chat/completions"
    assert request.headers["authorization"] == f"Bearer {KEY}"
    assert body["model"] == "gpt-4o-mini" and body["temperature"] == 0.0
    assert body["response_format"]["type"] == "json_schema"
    sent = body["response_format"]["json_schema"]["schema"]
    assert sent == json.loads(json.dumps(schema)) and sent["type"] == "object"


# -- (a) triage ------------------------------------------------------------------------------


async def test_the_id_builds_the_hosted_brain(app: FinanceApp) -> None:
    assert app.hosted and isinstance(app.finance.brain, HostedBrain)


async def test_a_confident_offline_triage_never_calls_the_model(
    app: FinanceApp, jobs: Jobs
) -> None:
    assert (await say(app, "Oi, tudo bem?")).startswith("Olá!")
    assert (
        await say(app, "Quanto gastei esse mês?")
        == "Neste mês não há nenhum gasto registrado (R$ 0,00)."
    )
    assert jobs.stub.requests == []


async def test_an_unsure_message_is_triaged_by_the_json_schema_answer(
    app: FinanceApp, jobs: Jobs
) -> None:
    jobs.on("triage", answer({"categoria": "trivial", "confianca": 0.9}))
    reply = await app.reply("s1", "sobre o carro", user_id="ana")
    assert reply.agent == "junior" and jobs.asked == ["triage"]
    request = jobs.requests("triage")[0]
    assert_json_schema_request(request, TRIAGE_SCHEMA)
    assert request.body["messages"][-1] == {"role": "user", "content": "Mensagem: sobre o carro"}
    assert reply.usage.input_tokens == 50 and reply.usage.output_tokens == 9
    messages = await app.store.load_messages("s1")
    assert messages[0].metadata[META_FINANCE]["fonte"] == "model"


# -- (b) extraction --------------------------------------------------------------------------


async def test_the_extraction_json_goes_through_the_deterministic_classifier(
    app: FinanceApp, jobs: Jobs
) -> None:
    jobs.on(
        "extraction",
        answer(
            {
                "valor": 3000,
                "tipo": "despesa",
                "categoria": "Compras",
                "subcategoria": "Eletrônicos",
                "descricao": "TV",
                "forma_pagamento": "credito",
                "parcelas": 10,
                "cartao_credito": True,
            }
        ),
    )
    reply = await say(app, "Comprei uma TV de 3000 reais no cartão em 10x")
    assert reply == (
        "Registrado! Compra de R$ 3.000,00 no cartão em 10x de R$ 300,00 (Compras > Eletrônicos)."
    )
    assert jobs.asked == ["extraction"]  # the triage was the offline one
    request = jobs.requests("extraction")[0]
    assert_json_schema_request(request, EXTRACTION_SCHEMA)
    assert "hoje é 2026-11-20" in request.body["messages"][0]["content"]
    assert "- Compras: Roupas, Eletrônicos, Casa" in request.body["messages"][0]["content"]
    assert request.body["messages"][-1]["content"] == (
        "Comprei uma TV de 3000 reais no cartão em 10x"
    )
    ledger = ledger_of(app)
    purchases = await ledger.purchases("ana", FlowFilter())
    assert [(p.amount, p.instalments) for p in purchases] == [(Decimal("3000.00"), 10)]
    parts = await ledger.instalments("ana", paid=False)
    assert [p.amount for p in parts] == [Decimal("300.00")] * 10
    assert await ledger.entries("ana", FlowFilter()) == []


@pytest.mark.parametrize(
    "invalid",
    [
        {"valor": -150, "tipo": "despesa"},
        {"valor": 1e20, "tipo": "despesa"},
        {"valor": 150, "tipo": "despesa", "categoria": "Inventada"},
        {"valor": 150, "tipo": "despesa", "categoria": "Lazer", "subcategoria": "Supermercado"},
        {"valor": 150, "tipo": "gasto"},
        {"valor": 150, "tipo": "despesa", "parcelas": 0},
        {"valor": 150, "tipo": "despesa", "data": "ontem"},
        {"valor": 150, "tipo": "despesa", "sql": "DROP TABLE finance_entries"},
    ],
)
async def test_invalid_extraction_values_never_reach_the_ledger(
    app: FinanceApp, jobs: Jobs, invalid: dict[str, Any], caplog: pytest.LogCaptureFixture
) -> None:
    """Validation rejects the model's draft; the offline extractor reads the message instead."""
    jobs.on("extraction", answer(invalid))
    with caplog.at_level(logging.WARNING, logger="switchboard.apps.finance.brain"):
        reply = await say(app, "Gastei R$ 150 no supermercado hoje")
    assert reply == "Registrado! Despesa de R$ 150,00 em Supermercado na data de hoje."
    entries = await ledger_of(app).entries("ana", FlowFilter())
    assert [(e.amount, e.categoria, e.subcategoria) for e in entries] == [
        (Decimal("150.00"), "Alimentação", "Supermercado")
    ]
    assert any("unusable extraction answer" in r.getMessage() for r in caplog.records)


@pytest.mark.parametrize(
    ("text", "model_value", "category", "recorded"),
    [
        ("Gastei R$ 150 no supermercado hoje", 9999, "Supermercado", Decimal("150.00")),
        ("Gastei R$ 150 no supermercado hoje", 150, "Supermercado", Decimal("150.00")),
        ("Paguei 2 mil e 500 reais de aluguel", 2500, "Aluguel", Decimal("2500.00")),  # the sum
    ],
)
async def test_an_amount_the_message_does_not_state_is_read_by_the_rules(
    app: FinanceApp, jobs: Jobs, text: str, model_value: int, category: str, recorded: Decimal
) -> None:
    """9999 is valid to the schema but invented: the rules read the message instead."""
    main = "Alimentação" if category == "Supermercado" else "Moradia"
    jobs.on(
        "extraction",
        answer(
            {"valor": model_value, "tipo": "despesa", "categoria": main, "subcategoria": category}
        ),
    )
    await say(app, text)
    entries = await ledger_of(app).entries("ana", FlowFilter())
    assert [e.amount for e in entries] == [recorded]


def test_instalment_totals_are_grounded() -> None:
    draft = TransactionDraft(valor=Decimal(3600), tipo="despesa", parcelas=12)
    assert amount_is_grounded(draft, "celular em 12x de 300 no cartão")
    assert not amount_is_grounded(draft.model_copy(update={"parcelas": 10}), "em 12x de 300")
    assert amount_is_grounded(TransactionDraft(valor=Decimal(40), tipo="despesa"), "no cinema")


# -- (c) continuity --------------------------------------------------------------------------


async def test_continuity_sim_sends_the_answer_to_the_lancador(app: FinanceApp, jobs: Jobs) -> None:
    jobs.on(
        "extraction", answer({"tipo": "despesa", "categoria": "Lazer", "subcategoria": "Cinema"})
    )
    assert await say(app, "Fui ao cinema ontem") == "Qual foi o valor?"
    assert (await finance_state(app)).dialog is not None

    jobs.on("continuity", answer({"resposta": "sim"}))
    jobs.on("extraction", answer({"valor": 40}))
    reply = await say(app, "hmm acho que foi isso aí, uns quarenta")

    assert reply == "Registrado! Despesa de R$ 40,00 em Cinema na data de ontem."
    assert jobs.asked == ["extraction", "continuity", "extraction"]
    continuity = jobs.requests("continuity")[0]
    assert_json_schema_request(continuity, CONTINUITY_SCHEMA)
    assert continuity.body["messages"][-1]["content"] == (
        "Pergunta do agente: Qual foi o valor?\n"
        "Resposta do usuário: hmm acho que foi isso aí, uns quarenta"
    )
    # the second extraction carries the first one's draft
    assert (
        '"subcategoria":"Cinema"' in jobs.requests("extraction")[1].body["messages"][0]["content"]
    )
    assert (await finance_state(app)).dialog is None
    entries = await ledger_of(app).entries("ana", FlowFilter())
    assert [(e.amount, e.subcategoria, e.day.isoformat()) for e in entries] == [
        (Decimal("40.00"), "Cinema", "2026-11-19")
    ]


async def test_continuity_nao_resets_the_dialog_and_triages(app: FinanceApp, jobs: Jobs) -> None:
    jobs.on(
        "extraction", answer({"tipo": "despesa", "categoria": "Lazer", "subcategoria": "Cinema"})
    )
    await say(app, "Fui ao cinema ontem")
    jobs.on("continuity", answer({"resposta": "não"}))
    reply = await app.reply("s1", "quanto gastei esse mês?", user_id="ana")
    assert (reply.agent, reply.text) == (
        "simplista",
        "Neste mês não há nenhum gasto registrado (R$ 0,00).",
    )
    assert jobs.asked == ["extraction", "continuity"]  # the simplista triage stayed offline
    state = await finance_state(app)
    assert state.dialog is None and state.previous is not None
    assert state.previous.categoria == "simplista"
    assert await ledger_of(app).entries("ana", FlowFilter()) == []


async def test_the_spec_dialog_example_records_the_supermarket_expense(
    app: FinanceApp, jobs: Jobs
) -> None:
    jobs.on("extraction", answer({"valor": 450, "tipo": "despesa"}))
    assert await say(app, "gastei 450 reais") == "Em que você gastou os R$ 450,00?"
    jobs.on("continuity", answer({"resposta": "sim"}))
    jobs.on("extraction", answer({"categoria": "Alimentação", "subcategoria": "Supermercado"}))
    reply = await say(app, "no supermercado")
    assert reply == "Registrado! Despesa de R$ 450,00 em Supermercado na data de hoje."
    assert jobs.asked == ["extraction", "continuity", "extraction"]
    assert jobs.requests("continuity")[0].body["messages"][-1]["content"] == (
        "Pergunta do agente: Em que você gastou os R$ 450,00?\nResposta do usuário: no supermercado"
    )


# -- (c2) issue 19: kinds that are not spending, questions never recorded ---------------------


async def test_a_loan_and_a_transfer_over_the_wire_are_not_spending(
    app: FinanceApp, jobs: Jobs
) -> None:
    jobs.on(
        "extraction",
        answer({"valor": 10000, "tipo": "receita", "nova_divida": True, "descricao": "banco"}),
        answer({"valor": 500, "transferencia": True, "conta_destino": "poupança"}),
    )
    assert (await say(app, "peguei 10 mil emprestado no banco")).startswith(
        "Registrado! Empréstimo de R$ 10.000,00 (banco) recebido"
    )
    assert (await say(app, "transferi 500 pra poupança")).startswith("Registrado! Transferência")
    assert jobs.asked == ["extraction", "extraction"]
    assert_json_schema_request(jobs.requests("extraction")[0], EXTRACTION_SCHEMA)
    sent = jobs.requests("extraction")[0].body["response_format"]["json_schema"]["schema"]
    assert sent["properties"]["ativo"]["anyOf"][0]["enum"] == [
        "imovel", "veiculo", "investimento", "outro",
    ]  # fmt: skip
    ledger = ledger_of(app)
    [debt] = await ledger.debts("ana")
    assert (debt.cash_in, debt.balance) == (True, Decimal("10000.00"))
    assert [t.amount for t in await ledger.transfers("ana", FlowFilter())] == [Decimal("500.00")]
    assert await ledger.entries("ana", FlowFilter()) == []


async def test_a_question_the_model_triages_as_a_recording_is_answered_instead(
    app: FinanceApp, jobs: Jobs
) -> None:
    jobs.on("triage", answer({"categoria": "lancamento", "confianca": 0.95}))
    reply = await app.reply("s1", "sobre o carro?", user_id="ana")
    assert reply.agent == "simplista" and jobs.asked == ["triage"]
    assert await ledger_of(app).entries("ana", FlowFilter()) == []


# -- (d) garbage and failures ----------------------------------------------------------------


async def test_garbage_triage_escalates_to_complexa_and_is_logged(
    app: FinanceApp, jobs: Jobs, caplog: pytest.LogCaptureFixture
) -> None:
    jobs.on("triage", completion("não sei, talvez?? {oops"))
    with caplog.at_level(logging.WARNING, logger="switchboard.apps.finance.triage.hosted"):
        reply = await app.reply("s1", "tá osso", user_id="ana")
    assert reply.agent == "orquestrador"
    assert jobs.asked[0] == "triage"
    messages = await app.store.load_messages("s1")
    assert messages[0].metadata[META_FINANCE]["categoria"] == "complexa"
    assert messages[0].metadata[META_FINANCE]["regra"] == "unparsed"
    assert "orchestrator_package" in messages[-1].metadata[META_FINANCE]
    assert any(
        "unreadable model answer" in r.getMessage() and "complexa" in r.getMessage()
        for r in caplog.records
    )


@pytest.mark.parametrize(
    "garbage",
    ["```json\nnot json at all\n```", "Claro! Registrei sua compra.", "[1, 2, 3]", ""],
)
async def test_garbage_extraction_falls_back_to_the_rules(
    app: FinanceApp, jobs: Jobs, garbage: str
) -> None:
    jobs.on("extraction", completion(garbage), completion(garbage))
    assert await say(app, "Gastei R$ 150 no supermercado hoje") == (
        "Registrado! Despesa de R$ 150,00 em Supermercado na data de hoje."
    )
    # the rules cannot complete this one either: a question, nothing written
    assert await say(app, "Comprei algo", session="s2") == "Qual foi o valor?"
    entries = await ledger_of(app).entries("ana", FlowFilter())
    assert [e.amount for e in entries] == [Decimal("150.00")]


@pytest.mark.parametrize(
    ("failure", "code", "message"),
    [
        (Reply(status=500, json={"error": {"message": "boom", "type": "server_error"}}),
         "model_error", MODEL_DOWN),
        (Reply(status=503, text="<html>upstream down</html>", content_type="text/html"),
         "model_error", MODEL_DOWN),
        (answer({"valor": 150}) , "model_timeout", MODEL_TIMEOUT),
    ],
)  # fmt: skip
async def test_a_provider_failure_is_a_friendly_error_and_nothing_is_recorded(
    app: FinanceApp,
    jobs: Jobs,
    monkeypatch: pytest.MonkeyPatch,
    failure: Reply,
    code: str,
    message: str,
) -> None:
    if code == "model_timeout":
        monkeypatch.setenv("SWITCHBOARD_MODEL_TIMEOUT_SECONDS", "0.3")
        failure.delay = 30  # the stub lets go as soon as the client hangs up
    jobs.on("extraction", failure)

    events = await events_of(app, "Gastei R$ 150 no supermercado hoje")

    errors = [e for e in events if isinstance(e, ErrorEvent)]
    assert [(e.code, e.message) for e in errors] == [(code, message)]
    assert "nada foi registrado" in message
    assert isinstance(events[-1], DoneEvent) and events[-1].text == ""
    assert await ledger_of(app).entries("ana", FlowFilter()) == []
    state = await finance_state(app)
    assert state.recordings == 0 and state.last_recording is None


async def test_a_failure_mid_dialog_keeps_the_dialog_open_for_the_retry(
    app: FinanceApp, jobs: Jobs
) -> None:
    jobs.on(
        "extraction", answer({"tipo": "despesa", "categoria": "Lazer", "subcategoria": "Cinema"})
    )
    await say(app, "Fui ao cinema ontem")
    jobs.on("continuity", Reply(status=500, json={"error": {"message": "boom"}}))
    events = await events_of(app, "hmm acho que foi isso aí, uns quarenta")
    assert [e.code for e in events if isinstance(e, ErrorEvent)] == ["model_error"]
    state = await finance_state(app)
    assert state.dialog is not None and state.dialog.question == "Qual foi o valor?"

    jobs.on("continuity", answer({"resposta": "sim"}))
    jobs.on("extraction", answer({"valor": 40}))
    assert (await say(app, "hmm acho que foi isso aí, uns quarenta")).startswith(
        "Registrado! Despesa de R$ 40,00 em Cinema"
    )
    assert len(await ledger_of(app).entries("ana", FlowFilter())) == 1
