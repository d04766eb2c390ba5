"""Spec 001 flows 4 and 5 through the finance app (offline, demo ledger): the complexa branch
runs a real mission on the app's bus, streams its progress, answers with the user's numbers
and records the mission; simple questions stay with the Simplista."""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import AsyncIterator
from datetime import timedelta
from typing import Any

import pytest
from typer.testing import CliRunner

from switchboard.apps.finance.app import FinanceApp, build
from switchboard.apps.finance.data_access import LedgerDataAccess
from switchboard.apps.finance.handoff import MISSION_STARTED
from switchboard.apps.finance.missions import FinalAnswer
from switchboard.apps.finance.missions.telemetry import MISSIONS
from switchboard.apps.finance.nlu import format_brl
from switchboard.apps.finance.pattern import META_FINANCE
from switchboard.apps.finance.triage import OrchestratorPackage
from switchboard.bus import MessageBus
from switchboard.cli.main import app as cli
from switchboard.config import Settings
from switchboard.core.events import AgentEvent, DoneEvent, Event, StatusEvent, TextEvent
from switchboard.sessions.progress import Progress

from .app_helpers import NOW, ledger_of, make_app, make_clock

FLOW4 = "A Petrobras caiu 3% ontem, vale a pena comprar agora?"
FLOW5 = (
    "Quero comprar um carro de R$ 80.000, tenho R$ 20.000 guardados. Faz sentido financiar ou "
    "poupar mais?"
)
FORBIDDEN = ("agente", "orquestrador", "message bus", "react", "payload", "ciclo", "timeout")
USER = "ana"


@pytest.fixture
async def app() -> AsyncIterator[FinanceApp]:
    built = make_app(demo_user=USER)
    await built.start()
    yield built
    await built.shutdown()


async def ask(app: FinanceApp, text: str, session: str) -> list[Event]:
    return [e async for e in app.stream(session, text, user_id=USER)]


def answer_of(events: list[Event]) -> str:
    return "".join(e.delta for e in events if isinstance(e, TextEvent))


def check_progress_then_answer(events: list[Event], lead: str) -> list[str]:
    """Agent and status events come before the first text; the lead speaks, then hands back."""
    first_text = next(i for i, e in enumerate(events) if isinstance(e, TextEvent))
    before = events[:first_text]
    agents = [e.agent for e in before if isinstance(e, AgentEvent)]
    statuses = [e.message for e in before if isinstance(e, StatusEvent)]
    assert agents == ["orquestrador", lead, "orquestrador"]
    assert statuses[0] == MISSION_STARTED and statuses[1] == "Analisando sua pergunta…"
    assert not [e for e in events[first_text:] if isinstance(e, StatusEvent | AgentEvent)]
    done = events[-1]
    assert isinstance(done, DoneEvent) and done.agent == "orquestrador"
    return statuses


def check_fluent(text: str, statuses: list[str]) -> None:
    folded = text.lower()
    for term in FORBIDDEN:
        assert not re.search(rf"\b{term}", folded), term
        assert not any(re.search(rf"\b{term}", s.lower()) for s in statuses), term
    assert "você" in folded or "sua" in folded
    assert re.search(r"R\$ \d{1,3}(\.\d{3})*,\d{2}", text)  # concrete money, pt-BR format
    assert "{" not in text and "None" not in text


async def test_flow4_petrobras_runs_an_investment_mission(app: FinanceApp) -> None:
    events = await ask(app, FLOW4, "f4")
    statuses = check_progress_then_answer(events, "investimentos")
    assert "Consultando cotações da PETR4…" in statuses
    assert "Consultando sua carteira atual…" in statuses
    text = answer_of(events)
    check_fluent(text, statuses)
    assert "PETR4" in text and "P/L 4,20" in text and "gradual" in text
    # the allocation is simulated over the demo portfolio: R$ 25.500,00 invested, 5.500 in stocks
    assert "21,57%" in text  # 5.500 / 25.500
    answer = (await app.store.load_messages("f4"))[-1]
    mission = answer.metadata[META_FINANCE]["mission"]
    assert mission["status"] == "sucesso_completo" and mission["coordenador"] == "investimentos"
    assert mission["timeline"] == statuses[1:]
    (record,) = await app.store.repository(MISSIONS).between()
    assert record.missao_id == mission["id"] and record.user_id == USER
    assert record.query_original == FLOW4 and record.complexidade == "profunda"


async def test_flow5_car_plan_uses_the_users_surplus(app: FinanceApp) -> None:
    events = await ask(app, FLOW5, "f5")
    statuses = check_progress_then_answer(events, "planejamento")
    assert "Comparando financiar e poupar…" in statuses
    text = answer_of(events)
    check_fluent(text, statuses)
    flow = await LedgerDataAccess(ledger_of(app), make_clock()).monthly_flow(USER)
    assert f"sobra mensal de {format_brl(flow.surplus)}" in text  # from the demo ledger
    assert "R$ 1.952,13" in text  # PRICE instalment of R$ 60k at 1,99% a.m. in 48 months
    assert "R$ 80.000,00" in text and "Poupar" in text
    (record,) = await app.store.repository(MISSIONS).between()
    assert record.coordenador_escolhido_orquestrador == "planejamento"


async def test_simple_questions_stay_with_the_simplista(app: FinanceApp) -> None:
    events = await ask(app, "quanto devo?", "s1")
    assert events[-1].agent == "simplista"  # type: ignore[union-attr]
    assert answer_of(events).startswith("Você deve R$ 4.040,00")
    assert not [e for e in events if isinstance(e, StatusEvent)]
    assert await app.store.repository(MISSIONS).between() == []


async def test_complexa_keeps_memory_read_only(app: FinanceApp) -> None:
    await ask(app, FLOW4, "m1")
    reply = await app.reply("m1", FLOW5, user_id=USER)  # non-streaming path runs it too
    assert reply.agent == "orquestrador" and "R$ 1.952,13" in reply.text
    messages = await app.store.load_messages("m1")
    assert [m.agent for m in messages if m.role == "assistant"] == ["orquestrador"] * 2
    assert len(await app.store.repository(MISSIONS).between()) == 2


async def test_a_message_right_after_a_mission_is_a_follow_up(app: FinanceApp) -> None:
    await ask(app, FLOW4, "u1")
    await ask(app, "obrigado!", "u1")
    (record,) = await app.store.repository(MISSIONS).between()
    assert record.query_followup


async def test_a_broken_mission_gives_a_friendly_answer(app: FinanceApp) -> None:
    async def broken(
        package: OrchestratorPackage,
        *,
        user_id: str,
        progress: Progress,
        session_id: str | None = None,
        parent: object = None,
    ) -> FinalAnswer:
        progress.status("Consultando cotações da PETR4…")
        raise RuntimeError("bus down")

    app.missions.run = broken  # type: ignore[method-assign]
    events = await ask(app, FLOW4, "x1")
    text = answer_of(events)
    assert text.startswith("Desculpe, não consegui concluir essa análise agora")
    assert "consultando cotações da PETR4" in text  # what was done so far
    assert events[-1].agent == "orquestrador"  # type: ignore[union-attr]
    mission = (await app.store.load_messages("x1"))[-1].metadata[META_FINANCE]["mission"]
    assert mission["status"] == "erro" and mission["erro"] == "RuntimeError"
    # the next question still works
    assert (await app.reply("x1", "quanto devo?", user_id=USER)).agent == "simplista"


async def test_the_bus_lives_with_the_app() -> None:
    app = make_app()
    assert app.missions.bus is None
    await app.start()
    bus = app.missions.bus
    assert isinstance(bus, MessageBus)
    assert await bus.contract("investimentos") is not None
    await app.start()  # idempotent
    assert app.missions.bus is bus
    await app.shutdown()
    assert app.missions.bus is None
    settings = Settings(database_url="memory://", redis_url="redis://x:1/0")
    redis = build(settings=settings, clock=make_clock(), hosted=False, model="embedded")
    assert redis.missions.redis_url == "redis://x:1/0"  # MessageBus(RedisStreamsTransport)


async def _one_mission(url: str) -> None:
    app = make_app(url, demo_user=USER)
    await app.start()
    await ask(app, FLOW4, "r1")
    await app.shutdown()
    await app.store.close()


def test_report_weekly_reads_the_apps_missions(tmp_path: Any) -> None:
    """Sync: the command runs its own event loop (`asyncio.run`)."""
    url = f"sqlite:///{tmp_path / 'fin.db'}"
    asyncio.run(_one_mission(url))
    out = tmp_path / "report.html"
    since, until = NOW - timedelta(days=1), NOW + timedelta(days=1)
    result = CliRunner().invoke(
        cli,
        ["report", "weekly", "--db", url, "--out", str(out),
         "--since", since.isoformat(), "--until", until.isoformat()],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    numbers = json.loads(out.with_suffix(".json").read_text(encoding="utf-8"))
    assert numbers["missions"] == 1
    assert "<svg" in out.read_text(encoding="utf-8")


async def test_thumbs_on_a_mission_answer_reach_the_weekly_report(app: FinanceApp) -> None:
    from switchboard.store.base import FeedbackRecord

    question = "quanto guardar por mês pra juntar 40 mil em 3 anos rendendo 0,7% ao mês?"
    await ask(app, question, "fb")
    answer = (await app.store.load_messages("fb"))[-1]
    await app.on_feedback(
        FeedbackRecord(
            message_id=answer.id, session_id="fb", user_id=USER, rating="down", created_at=NOW
        )
    )
    (record,) = await app.store.repository(MISSIONS).between()
    assert record.feedback_usuario == "down" and record.session_id == "fb"
    assert record.tipo_pergunta == "meta"
    # a message in another conversation is not a follow-up; one in the same conversation is
    await ask(app, "oi", "other")
    assert not (await app.store.repository(MISSIONS).between())[0].query_followup
    await ask(app, "e se fosse em 4 anos?", "fb")
    first = next(
        r for r in await app.store.repository(MISSIONS).between() if r.missao_id == record.missao_id
    )
    assert first.query_followup
