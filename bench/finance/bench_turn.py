"""Wall time of one offline finance turn, end to end (`FinanceApp.reply`, in-memory store).

    PYTHONPATH=src python bench/finance/bench_turn.py [--rounds 20]

A fixed mix of messages (recordings, questions, Simplista queries, small talk; no complex
missions) is sent round after round, each round on a fresh user and session, after one warm-up
round. Prints p50/p99 per turn over all rounds. The same script runs on any tree that has
`switchboard.apps.finance.app.build` (before/after comparisons).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time
from datetime import UTC, datetime

from switchboard.apps.finance.app import build
from switchboard.config import Settings
from switchboard.core.clock import ManualClock

MESSAGES = [
    "gastei 45 no uber ontem",
    "Gastei R$ 150 no supermercado hoje",
    "comprei uma TV de 3000 reais no cartão em 10x",
    "recebi meu salário de 5.000 reais",
    "paguei 450 reais de conta de luz",
    "vou pagar 100 de internet dia 10",
    "quanto gastei esse mês?",
    "e no mês passado?",
    "qual foi meu maior gasto este mês?",
    "quanto gastei com mercado e uber em novembro?",
    "oi, tudo bem?",
    "obrigado!",
    "gastei uns 300 com bar semana passada?",
    "transferi 500 pra poupança",
    "qual meu saldo?",
]


async def one_round(round_no: int, clock: ManualClock, app: object, timings: list[float]) -> None:
    for text in MESSAGES:
        started = time.perf_counter()
        await app.reply(f"s{round_no}", text, user_id=f"u{round_no}")  # type: ignore[attr-defined]
        timings.append((time.perf_counter() - started) * 1000)
        await clock.advance(60)


async def main(rounds: int) -> None:
    clock = ManualClock(wall_start=datetime(2026, 11, 26, 15, tzinfo=UTC))
    app = build(store="memory://", settings=Settings(database_url="memory://"), clock=clock,
                model="embedded", hosted=False)  # fmt: skip
    await one_round(-1, clock, app, [])  # warm-up: classifiers, caches, lazy imports
    timings: list[float] = []
    for r in range(rounds):
        await one_round(r, clock, app, timings)
    ordered = sorted(timings)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    print(f"turns {len(timings)}: p50 {statistics.median(timings):.2f} ms, p99 {p99:.2f} ms, "
          f"mean {statistics.fmean(timings):.2f} ms")  # fmt: skip


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=20)
    asyncio.run(main(parser.parse_args().rounds))
