"""The second process of the cross-process mission test: serves the finance executors over the
Redis Streams transport and records every request it handles (its pid, agent, operation and
mission) in the Redis list `PREFIX + "handled"`, then runs until it is terminated.

Usage: python redis_executors.py REDIS_URL PREFIX
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
from typing import Any

from redis.asyncio import Redis

from switchboard.apps.finance.market import offline_market
from switchboard.apps.finance.missions import InMemoryDataAccess, finance_contracts
from switchboard.apps.finance.missions.contracts import EXECUTORS
from switchboard.apps.finance.missions.executors import (
    LancamentoExecutor,
    MathExecutor,
    ResearchExecutor,
    SimplistaExecutor,
    StaticResearchExecutor,
)
from switchboard.bus import BusSettings, MessageBus, Reply, RequestContext
from switchboard.bus.transports.redis_streams import RedisStreamsTransport
from tests.apps.finance.missions.conftest import spec_users


async def main(url: str, prefix: str) -> None:
    redis = Redis.from_url(url)
    market = offline_market()  # the same recorded fixtures as the test's own process
    data = InMemoryDataAccess(spec_users())
    executors: dict[str, Any] = {
        "pesquisa_externa": ResearchExecutor(market.research),
        "pesquisa_externa_estatica": StaticResearchExecutor(),
        "matematica": MathExecutor(data),
        "simplista": SimplistaExecutor(data),
        "lancamento": LancamentoExecutor(),
    }
    assert set(executors) == set(EXECUTORS)
    bus = MessageBus(
        RedisStreamsTransport(url, prefix=prefix), settings=BusSettings(redis_block_ms=50)
    )

    def recorded(name: str, handler: Any) -> Any:
        async def handle(ctx: RequestContext) -> Reply | None:
            entry = {
                "pid": os.getpid(),
                "agent": name,
                "operation": ctx.message.operation,
                "mission": ctx.message.tracing.mission_id,
            }
            await redis.rpush(f"{prefix}handled", json.dumps(entry))
            result: Reply | None = await handler(ctx)
            return result

        return handle

    for contract in finance_contracts():
        if contract.name in executors:
            await bus.register(contract, recorded(contract.name, executors[contract.name]))
    await redis.rpush(f"{prefix}ready", os.getpid())
    await asyncio.Event().wait()  # terminated by the test


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2]))
