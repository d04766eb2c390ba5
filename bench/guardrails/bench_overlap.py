"""Turn latency of the hosted scholarship app with and without the guard overlap.

Every model call (guard, router, slot extractor) is a scripted model with a fixed latency (an
asyncio sleep standing in for a provider round trip), so the turn's wall time is dominated by
how the calls are arranged, not by CPU: sequential = guard + router + extractor, overlapped =
max(guard, router) + extractor.

    PYTHONPATH=src python bench/guardrails/bench_overlap.py [--latency 0.2] [--turns 20]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import platform
import statistics
import time
from datetime import UTC, datetime
from typing import Any

from switchboard.apps.scholarships.app import build
from switchboard.apps.scholarships.records import PROFILES, ProfileUpdate
from switchboard.models.scripted import ScriptedModel

MATCH = json.dumps({"intent": "CHANGE_WORKFLOW", "target_workflow": "match", "confidence": 0.9})
ANSWERS = {
    "guard": '{"verdict": "SAFE", "category": null}',
    "router": MATCH,
}
NO_SLOTS = json.dumps({"values": {}, "corrections": []})


def vm_reference() -> float:
    """µs per `sum(range(1000))`, best of 5 runs of 10,000 (the machine's speed)."""
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        for _ in range(10_000):
            sum(range(1000))
        best = min(best, time.perf_counter() - start)
    return best / 10_000 * 1e6


async def turns(latency: float, n: int, *, overlap: bool) -> list[float]:
    model = ScriptedModel(lambda r: ANSWERS.get(r.agent, NO_SLOTS), latency=latency)
    app = build(model=model)
    pattern: Any = app.pattern
    if not overlap:
        pattern.speculative = None  # the sequential guard, as before
    await app.start()
    profile = {"name": "Ana", "age": 18, "city": "Recife", "uf": "PE"}
    profile |= {"education": "Ensino Médio Completo", "onboarding_completed": True}
    await app.store.repository(PROFILES).upsert("ana", ProfileUpdate.parse(profile))
    times = []
    for i in range(n):
        start = time.perf_counter()
        reply = await app.reply(f"s{i}", "Quero achar uma faculdade", user_id="ana")
        times.append(time.perf_counter() - start)
        assert "Qual curso" in reply.text
    agents = [r.agent for r in model.requests[-3:]]
    assert sorted(agents) == sorted(["guard", "router", "workflow_extractor"]), agents
    return times


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--latency", type=float, default=0.2)
    parser.add_argument("--turns", type=int, default=20)
    args = parser.parse_args()
    print(
        f"date {datetime.now(UTC):%Y-%m-%d %H:%M} UTC; {platform.machine()}, Python "
        f"{platform.python_version()}; sum(range(1000)) {vm_reference():.2f} µs"
    )
    print(f"model latency per call {args.latency * 1000:.0f} ms, {args.turns} turns each")
    for overlap in (False, True):
        times = await turns(args.latency, args.turns, overlap=overlap)
        label = "overlapped" if overlap else "sequential"
        print(
            f"{label:>10}: median {statistics.median(times) * 1000:7.1f} ms, "
            f"min {min(times) * 1000:7.1f} ms, max {max(times) * 1000:7.1f} ms"
        )


if __name__ == "__main__":
    asyncio.run(main())
