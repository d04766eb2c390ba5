"""A real multi-process deployment under a small chaos load: 2 API processes + 1 job worker on a
fresh PostgreSQL database and a Redis logical db (`deploy/run.py`), 10 clients × 3 turns each
alternating between the APIs, `kill -9` of API 1 mid-way. Asserts no acknowledged turn lost or
stored twice, and every session continuing on the survivor. The same code as the benchmark
(`bench/deploy/load_test.py`), smaller. Cleans up its processes, database and Redis db."""

from __future__ import annotations

import importlib.util
import socket
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]

pytestmark = [pytest.mark.postgres, pytest.mark.redis]


def _reachable(port: int) -> bool:
    with socket.socket() as sock:
        sock.settimeout(0.5)
        return sock.connect_ex(("127.0.0.1", port)) == 0


def _load(name: str, path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def load_test() -> ModuleType:
    assert _reachable(5432) and _reachable(6379), (
        "needs PostgreSQL on 127.0.0.1:5432 and Redis on 127.0.0.1:6379 (.ci/services starts them)"
    )
    return _load("sb_deploy_load_test", ROOT / "bench" / "deploy" / "load_test.py")


@pytest.fixture
def deployment(load_test: ModuleType, tmp_path: Path) -> Iterator[object]:
    # Lease 5 s: a turn cut by the kill blocks its session's retry for at most that long.
    running = load_test.deploy_run.start(apis=2, workers=1, log_dir=tmp_path, lock_lease=5.0)
    try:
        yield running
    finally:
        running.stop(grace=5)
        assert all(not p.alive for p in running.procs.values())


async def test_kill_9_of_an_api_process_loses_no_acknowledged_turn(
    load_test: ModuleType, deployment: object
) -> None:
    # mid-way by progress: after 10 of the 30 turns, while the others are in flight
    chaos = load_test.Chaos(at_s=0.0, api="api1", worker="worker1", after_acks=10)
    report = await load_test.run_load(deployment, clients=10, turns=3, chaos=chaos)

    assert report.failed_attempts >= 1  # the kill did cut turns or refuse connections
    assert report.turns == 30  # every turn acknowledged, some after a retry on the survivor
    assert report.lost_turns == 0
    assert report.missing == 0
    assert report.duplicated == 0
    assert report.sessions_continued == 10
