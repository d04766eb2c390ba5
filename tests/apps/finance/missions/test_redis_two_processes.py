"""One full mission across two processes on the Redis Streams transport: a child process serves
the executors, this one the coordinators and the orchestrator. Flow 4 (offline planners) runs
end to end: the answer, the per-mission resource accounting (kept in Redis, spent in the child)
and proof that each executor request crossed to the child."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import uuid
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
from redis.asyncio import Redis

from switchboard.apps.finance.market import offline_market
from switchboard.apps.finance.missions import (
    InMemoryDataAccess,
    register_finance_agents,
    run_mission,
)
from switchboard.apps.finance.missions.contracts import COORDINATORS
from switchboard.apps.finance.missions.telemetry import InMemoryMissionLog
from switchboard.apps.finance.triage.analysis import analyse
from switchboard.bus import BusSettings, MessageBus
from switchboard.bus.transports.redis_streams import RedisStreamsTransport
from switchboard.core.clock import SYSTEM_CLOCK
from switchboard.sessions.progress import Progress

from .conftest import spec_users
from .test_flows_offline import FLOW4

pytestmark = pytest.mark.redis

REDIS_URL = os.environ.get("SWITCHBOARD_TEST_REDIS", "redis://127.0.0.1:6379/0")
WORKER = Path(__file__).with_name("redis_executors.py")
READY_WITHIN_S = 60


@pytest.fixture
async def prefix() -> AsyncIterator[str]:
    """A key prefix of this test alone; every key under it is deleted afterwards."""
    prefix = f"sbtest:finance-mp:{uuid.uuid4().hex[:12]}:"
    yield prefix
    redis = Redis.from_url(REDIS_URL)
    keys = [key async for key in redis.scan_iter(match=prefix + "*", count=1000)]
    if keys:
        await redis.delete(*keys)
    await redis.aclose()


@pytest.fixture
def executors(prefix: str) -> Iterator[subprocess.Popen[bytes]]:
    """The child process serving the executors; always stopped, whatever the test did."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    child = subprocess.Popen([sys.executable, str(WORKER), REDIS_URL, prefix], env=env)
    try:
        yield child
    finally:
        if child.poll() is None:
            child.terminate()
            try:
                child.wait(10)
            except subprocess.TimeoutExpired:
                child.kill()
                child.wait(10)


async def wait_ready(redis: Redis, prefix: str, child: subprocess.Popen[bytes]) -> int:
    """The child's pid once it serves (blocking pops, a second at a time, while it lives)."""
    for _ in range(READY_WITHIN_S):
        popped = await redis.blpop([f"{prefix}ready"], timeout=1)
        if popped is not None:
            return int(popped[1])
        assert child.poll() is None, f"executor process exited with {child.returncode}"
    raise AssertionError("executor process not ready")


async def test_flow4_mission_across_two_processes(
    prefix: str, executors: subprocess.Popen[bytes]
) -> None:
    redis = Redis.from_url(REDIS_URL)
    market = offline_market()
    data = InMemoryDataAccess(spec_users())
    bus = MessageBus(
        RedisStreamsTransport(REDIS_URL, prefix=prefix),
        settings=BusSettings(redis_block_ms=50),
        clock=SYSTEM_CLOCK,
    )
    log = InMemoryMissionLog(SYSTEM_CLOCK)
    progress = Progress()
    try:
        child_pid = await wait_ready(redis, prefix, executors)
        assert child_pid == executors.pid != os.getpid()
        # this process serves only the coordinators; the executors' contracts come from Redis
        await register_finance_agents(
            bus, data_access=data, research=market.research, clock=SYSTEM_CLOCK, serve=COORDINATORS
        )
        answer = await run_mission(
            analyse(FLOW4),
            user_id="ana",
            bus=bus,
            progress=progress,
            clock=SYSTEM_CLOCK,
            models=None,
            data_access=data,
            log=log,
        )
        handled = [json.loads(raw) for raw in await redis.lrange(f"{prefix}handled", 0, -1)]
    finally:
        await bus.close()
        await market.aclose()
        await redis.aclose()

    # the answer
    assert answer.status == "sucesso_completo" and answer.coordenador == "investimentos"
    assert "23,81%" in answer.resposta_ao_usuario  # R$ 5.000 more in stocks: 20% → 23,81%
    assert "Consultando cotações da PETR4…" in progress.lines  # described on this side
    c = answer.consolidacao
    assert c.metadados_execucao.operacoes_executadas == 6
    assert c.metadados_execucao.operacoes_falhadas == 0

    # every executor request was served by the child, for this mission
    assert {entry["pid"] for entry in handled} == {child_pid}
    assert {entry["mission"] for entry in handled} == {answer.missao_id}
    over_the_bus = sorted((e["agent"], e["operation"]) for e in handled)
    assert over_the_bus == [
        ("matematica", "simular_alocacao"),
        ("pesquisa_externa", "cotacao"),
        ("pesquisa_externa", "dados_fundamentalistas"),
        ("pesquisa_externa", "noticias"),
    ]
    ran = sorted(
        (op.agente, op.operacao) for op in answer.operacoes if op.agente != "dados_internos"
    )
    assert ran == over_the_bus  # and nothing the lead counts ran anywhere else

    # the mission's resources: the child's external calls, accounted in Redis, seen here
    (record,) = await log.between()
    assert answer.orcamento is not None
    spent = answer.orcamento.consumo_atual
    assert spent.chamadas_api == 3  # quote, fundamentals, news (the math calls no API)
    assert spent.tokens == 0  # offline: no model anywhere
    assert (
        record.orcamento_api_consumido
        == spent.chamadas_api
        == c.recursos_consumidos.chamadas_api_externas
    )
    assert record.orcamento_api_alocado == answer.orcamento.orcamento_chamadas_api == 15
    assert c.recursos_consumidos.percentual_orcamento_api == 20.0
    assert record.missao_id == answer.missao_id and record.status_final == "sucesso_completo"
