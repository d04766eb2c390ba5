"""Load test of the multi-process deployment (`deploy/run.py`): streaming multi-turn sessions
on the `support` app, every session alternating between the API processes turn by turn.

    PYTHONPATH=src python bench/deploy/load_test.py --clients 100 --duration 30 [--chaos 10]

Each client owns one session and sends turns back to back (`POST /chat`, NDJSON). Turn `t` of
client `c` goes to API `(c + t) % n`, so every turn continues the session on another process.
A turn is *acknowledged* when its `done` event arrives. A turn that fails (connection refused or
reset, a stream without `done`) is retried on another live API with a new attempt marker in its
text; the failed attempt is not acknowledged, so storing it or not is both correct.

`--chaos S`: at second S, `kill -9` API 1 and worker 1. Clients that hit the dead process retry on
the survivor; every client's last turn waits for the kill, so every session provably continues
on the survivor. Session locks of turns cut by the kill stay in Redis until their lease ends:
the deployment runs with a short lease (`--lock-lease`, default 10 s in chaos mode).

The check at the end reads `GET /sessions/{id}/messages` of every session (from a live API):
each acknowledged turn's user text and its answer's `message_id` must be stored exactly once.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from deploy import run as deploy_run  # noqa: E402  (the repository root is not a package root)

PROMPTS = (
    "oi, quero saber do meu pedido",
    "qual o prazo de entrega?",
    "quero um reembolso da fatura de março",
    "o número do pedido é 12345",
    "obrigado, pode encerrar",
    "minha internet está lenta",
)
MAX_ATTEMPTS = 6
SLOW_S = 15.0


@dataclass(slots=True)
class Ack:
    """One acknowledged turn: what must be stored exactly once."""

    session_id: str
    text: str
    message_id: str
    api: int
    started: float


@dataclass(slots=True)
class Stats:
    first_event: list[float] = field(default_factory=list)
    done: list[float] = field(default_factory=list)
    acks: list[Ack] = field(default_factory=list)
    failed_attempts: int = 0
    """Attempts that ended without `done` (retried on another process)."""
    lost_turns: int = 0
    """Turns that never got a `done` after every retry: errors."""
    error_kinds: dict[str, int] = field(default_factory=dict)
    slow: list[tuple[float, str]] = field(default_factory=list)
    """(seconds, what) of attempts slower than `SLOW_S`: where a stall happened."""


@dataclass(slots=True)
class Chaos:
    at_s: float
    api: str = "api1"
    worker: str = "worker1"
    after_acks: int = 0
    """Also wait for this many acknowledged turns (tests: kill mid-way by progress, not time)."""
    progress: asyncio.Event = field(default_factory=asyncio.Event)
    """Set by the clients once `after_acks` turns are acknowledged."""
    killed: asyncio.Event = field(default_factory=asyncio.Event)
    killed_at: float = 0.0


@dataclass(slots=True)
class Report:
    clients: int
    duration_s: float
    turns: int
    throughput: float
    ttfe_p50_ms: float
    ttfe_p99_ms: float
    done_p50_ms: float
    done_p99_ms: float
    failed_attempts: int
    lost_turns: int
    missing: int
    duplicated: int
    sessions_continued: int
    sessions_expected_to_continue: int
    error_kinds: dict[str, int]
    slow: list[tuple[float, str]]
    held_locks: int

    def lines(self) -> list[str]:
        return [
            f"clients {self.clients}, {self.duration_s:.1f} s, {self.turns} acknowledged turns "
            f"({self.throughput:.1f} turns/s)",
            f"time to first event p50 {self.ttfe_p50_ms:.0f} ms, p99 {self.ttfe_p99_ms:.0f} ms",
            f"time to done        p50 {self.done_p50_ms:.0f} ms, p99 {self.done_p99_ms:.0f} ms",
            f"failed attempts (retried) {self.failed_attempts}, lost turns {self.lost_turns}, "
            f"errors {self.error_kinds}",
            f"check: missing {self.missing}, duplicated {self.duplicated}, sessions continued on "
            f"the survivor {self.sessions_continued}/{self.sessions_expected_to_continue}",
            f"session locks still held after the load: {self.held_locks}",
        ]


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[int(q) - 1]


async def one_turn(
    http: httpx.AsyncClient, url: str, key: str, session_id: str, text: str, stats: Stats
) -> str | None:
    """Send one turn; the `done` event's message id, or None when the attempt failed."""
    started = time.perf_counter()
    outcome = "no_done"
    try:
        result = await _turn(http, url, key, session_id, text, stats, started)
        outcome = "done" if result else "failed"
        return result
    finally:
        took = time.perf_counter() - started
        if took > SLOW_S:
            stats.slow.append((took, f"{url} {session_id} {text[-12:]} {outcome}"))


async def _turn(
    http: httpx.AsyncClient,
    url: str,
    key: str,
    session_id: str,
    text: str,
    stats: Stats,
    started: float,
) -> str | None:
    first: float | None = None
    body = {"chatInput": text, "sessionId": session_id, "app": "support"}
    headers = {"Authorization": f"Bearer {key}"}
    try:
        async with http.stream("POST", url + "/chat", json=body, headers=headers) as response:
            if response.status_code != 200:
                await response.aread()
                kind = f"http_{response.status_code}"
                stats.error_kinds[kind] = stats.error_kinds.get(kind, 0) + 1
                return None
            async for line in response.aiter_lines():
                if not line:
                    continue
                if first is None:
                    first = time.perf_counter() - started
                event: dict[str, Any] = json.loads(line)
                if event.get("type") == "error":
                    kind = f"event_{event.get('code', 'error')}"
                    stats.error_kinds[kind] = stats.error_kinds.get(kind, 0) + 1
                    return None
                if event.get("type") == "done":
                    stats.first_event.append(first)
                    stats.done.append(time.perf_counter() - started)
                    return str(event["message_id"])
    except (httpx.HTTPError, json.JSONDecodeError) as exc:
        if isinstance(exc, httpx.ConnectError):
            raise  # the process is gone: the caller stops sending to it
        kind = type(exc).__name__
        stats.error_kinds[kind] = stats.error_kinds.get(kind, 0) + 1
        return None
    stats.error_kinds["no_done"] = stats.error_kinds.get("no_done", 0) + 1
    return None


async def client(
    index: int,
    run_id: str,
    urls: list[str],
    dead: set[int],
    key: str,
    stats: Stats,
    *,
    until: float,
    turns: int | None,
    chaos: Chaos | None,
) -> None:
    session_id = f"{run_id}-c{index}"
    limits = httpx.Limits(max_connections=4)
    async with httpx.AsyncClient(timeout=httpx.Timeout(60.0), limits=limits) as http:
        turn = 0
        while (turns is not None and turn < turns) or (turns is None and time.monotonic() < until):
            last = turns is not None and turn == turns - 1
            if chaos is not None and last:
                await chaos.killed.wait()  # the session's last turn comes after the kill
            started = time.monotonic()
            for attempt in range(MAX_ATTEMPTS):
                api = (index + turn + attempt) % len(urls)
                while api in dead:
                    api = (api + 1) % len(urls)
                text = f"{PROMPTS[turn % len(PROMPTS)]} [{session_id} t{turn} a{attempt}]"
                try:
                    message_id = await one_turn(http, urls[api], key, session_id, text, stats)
                except httpx.ConnectError:
                    # what a load balancer's health check does: no more traffic to this process
                    dead.add(api)
                    stats.error_kinds["ConnectError"] = stats.error_kinds.get("ConnectError", 0) + 1
                    message_id = None
                if message_id is not None:
                    stats.acks.append(Ack(session_id, text, message_id, api, started))
                    if chaos is not None and len(stats.acks) >= chaos.after_acks:
                        chaos.progress.set()
                    break
                stats.failed_attempts += 1
                await asyncio.sleep(0.2 * (attempt + 1))
            else:
                stats.lost_turns += 1
            turn += 1


async def verify(urls: list[str], dead: set[int], key: str, stats: Stats) -> tuple[int, int]:
    """(missing, duplicated) acknowledged turns, read from a live API."""
    url = next(u for i, u in enumerate(urls) if i not in dead)
    by_session: dict[str, list[Ack]] = {}
    for ack in stats.acks:
        by_session.setdefault(ack.session_id, []).append(ack)
    missing = duplicated = 0
    headers = {"Authorization": f"Bearer {key}"}
    async with httpx.AsyncClient(timeout=60.0) as http:
        for session_id, acks in by_session.items():
            response = await http.get(f"{url}/sessions/{session_id}/messages", headers=headers)
            response.raise_for_status()
            messages = response.json()["messages"]
            for ack in acks:
                texts = sum(1 for m in messages if m["role"] == "user" and m["content"] == ack.text)
                answers = sum(1 for m in messages if m["id"] == ack.message_id)
                for count in (texts, answers):
                    missing += count == 0
                    duplicated += count > 1
    return missing, duplicated


async def chaos_monkey(deployment: deploy_run.Deployment, chaos: Chaos) -> None:
    """Clients are not told: they find the dead process by failing on it."""
    await asyncio.sleep(chaos.at_s)
    if chaos.after_acks:
        await chaos.progress.wait()
    chaos.killed_at = time.monotonic()
    deployment.kill(chaos.api)  # SIGKILL to the process group
    deployment.kill(chaos.worker)
    chaos.killed.set()


LOCK_PREFIX = "switchboard:session-lock:"


def held_session_locks(deployment: deploy_run.Deployment) -> int:
    """Session locks still in Redis once every client is done: each one is a turn whose lock was
    never released (a killed process, or a release that did not happen) and blocks that session
    until the lease ends."""
    import redis

    client = redis.Redis(
        host=deploy_run.REDIS_HOST, port=deploy_run.REDIS_PORT, db=deployment.redis_db
    )
    try:
        return sum(1 for _ in client.scan_iter(match=LOCK_PREFIX + "*"))
    finally:
        client.close()


async def run_load(
    deployment: deploy_run.Deployment,
    *,
    clients: int,
    duration_s: float | None = None,
    turns: int | None = None,
    chaos: Chaos | None = None,
) -> Report:
    urls = deployment.api_urls
    dead: set[int] = set()
    stats = Stats()
    run_id = f"run{int(time.time())}"
    started = time.monotonic()
    until = started + (duration_s or 0.0)
    monkey = asyncio.create_task(chaos_monkey(deployment, chaos)) if chaos else None
    await asyncio.gather(
        *(
            client(
                i, run_id, urls, dead, deployment.key, stats, until=until, turns=turns, chaos=chaos
            )
            for i in range(clients)
        )
    )
    elapsed = time.monotonic() - started
    leaked = held_session_locks(deployment)
    if monkey is not None:
        await monkey
    killed = {int(chaos.api.removeprefix("api")) - 1} if chaos else set()
    missing, duplicated = await verify(urls, killed, deployment.key, stats)
    continued = 0
    if chaos is not None:
        survivors = {i for i in range(len(urls)) if i not in killed}
        continued = len(
            {a.session_id for a in stats.acks if a.api in survivors and a.started > chaos.killed_at}
        )
    return Report(
        clients=clients,
        duration_s=elapsed,
        turns=len(stats.acks),
        throughput=len(stats.acks) / elapsed,
        ttfe_p50_ms=1000 * percentile(stats.first_event, 50),
        ttfe_p99_ms=1000 * percentile(stats.first_event, 99),
        done_p50_ms=1000 * percentile(stats.done, 50),
        done_p99_ms=1000 * percentile(stats.done, 99),
        failed_attempts=stats.failed_attempts,
        lost_turns=stats.lost_turns,
        missing=missing,
        duplicated=duplicated,
        sessions_continued=continued,
        sessions_expected_to_continue=clients if chaos else 0,
        error_kinds=stats.error_kinds,
        slow=stats.slow,
        held_locks=leaked,
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=100)
    parser.add_argument("--duration", type=float, default=30.0, help="seconds of load")
    parser.add_argument("--chaos", type=float, help="kill -9 api1 + worker1 at this second")
    parser.add_argument("--lock-lease", type=float, help="session lock lease (chaos default 10)")
    args = parser.parse_args(argv)
    lease = args.lock_lease or (10.0 if args.chaos is not None else None)
    deployment = deploy_run.start(lock_lease=lease)
    try:
        chaos = Chaos(args.chaos) if args.chaos is not None else None
        report = asyncio.run(
            run_load(deployment, clients=args.clients, duration_s=args.duration, chaos=chaos)
        )
    finally:
        deployment.stop()
    print(
        f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())} on {platform.node()} "
        f"({platform.machine()}, {os.cpu_count()} cores), chaos={args.chaos}"
    )
    for line in report.lines():
        print(line)
    for took, what in sorted(report.slow, reverse=True)[:10]:
        print(f"slow attempt {took:.1f} s: {what}")
    ok = report.lost_turns == 0 and report.missing == 0 and report.duplicated == 0
    if chaos is None:
        ok = ok and report.failed_attempts == 0
    else:
        ok = ok and report.sessions_continued == report.sessions_expected_to_continue
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
