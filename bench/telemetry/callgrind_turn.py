"""Instructions per model call of the core benchmark's scenario, for callgrind.

    export PYTHONHASHSEED=0   # a random seed moves the count by up to ±0.5%
    valgrind --tool=callgrind --callgrind-out-file=/tmp/cg.%p python callgrind_turn.py 100
    valgrind --tool=callgrind --callgrind-out-file=/tmp/cg.%p python callgrind_turn.py 400

Instructions per model call = (I(400) - I(100)) / (300 sessions × 5 calls): start-up, imports and
warm-up cancel out, as in `bench/core/RESULTS_core.md`. `--tracing` turns tracing on (in-memory
exporter, batch processor, as production would) to price it. Needs
PYTHONPATH=src:/work/shared/bench/peers:bench/core.
"""

from __future__ import annotations

import asyncio
import sys

import bench_switchboard as sb  # type: ignore[import-not-found]
import common  # type: ignore[import-not-found]

WARM = 50


async def main(sessions: int, tracing: bool) -> None:
    if tracing:
        from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

        from switchboard import telemetry

        telemetry.configure(exporter=InMemorySpanExporter(), batch=True)
    new_session, turn = await sb.build(0.0)
    for i in range(-WARM - 1, -1):
        await common.run_session(new_session, turn, i)
    before = common.MODEL_CALLS
    for i in range(sessions):
        await common.run_session(new_session, turn, i)
    assert common.MODEL_CALLS - before == sessions * common.CALLS_PER_SESSION


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]), "--tracing" in sys.argv))
