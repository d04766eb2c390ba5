"""Instructions per model call, before vs after a change (deterministic, unlike wall/CPU time).

Runs `n` sequential sessions of the peer scenario (bench_switchboard.py: 3 turns, 5 fake model
calls each) under callgrind; run it twice with different `n` and divide the difference in
instructions by the difference in model calls, so start-up, imports and first-call caches cancel:

    PYTHONHASHSEED=0 PYTHONPATH=<tree>/src:/work/shared/bench/peers valgrind --tool=callgrind \
        --callgrind-out-file=/tmp/cg.%p python bench/core/seams_callgrind.py 400 memory
    (and 100; for SQLite 200 and 50)   ->  (Ir(400) - Ir(100)) / (300 * 5)

RESULTS_seams.md has the numbers for the issue-9 trees (`results/seams/callgrind.txt`, raw totals).
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import bench_switchboard as sb  # noqa: E402
import common  # noqa: E402


async def main(n: int, store: str) -> None:
    url = None
    if store == "sqlite":
        url = f"sqlite:///{os.path.join(tempfile.mkdtemp(prefix='sb_cg_'), 'bench.db')}"
    new_session, turn = await sb.build(0.0, store=url)
    before = common.MODEL_CALLS
    for i in range(n):
        await common.run_session(new_session, turn, i)
    assert common.MODEL_CALLS - before == n * common.CALLS_PER_SESSION


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]), sys.argv[2] if len(sys.argv) > 2 else "memory"))
