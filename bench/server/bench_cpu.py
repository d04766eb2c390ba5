"""Server CPU per `/chat` turn, per store backend, for one or more source trees side by side.

Issue 22.4 asks what one HTTP turn costs the server: auth lookup, rate limiter, session lock,
store, the offline model, streaming, metrics. This script answers with the server process's
own CPU time (user + system, from /proc, all its threads) divided by the turns it served —
the load generator runs in another process and is not counted.

    .venv/bin/python bench/server/bench_cpu.py                         # this tree, 4 backends
    .venv/bin/python bench/server/bench_cpu.py --tree old=/tmp/old/src --tree new=src
    .venv/bin/python bench/server/bench_cpu.py --tree plain=src --tree uvloop=src:/tmp/deps

A `--tree` is the server's PYTHONPATH: folders joined with `:` add packages installed elsewhere
(`pip install --target /tmp/deps uvloop`) to one tree only.

For each (backend, tree): a fresh database (PostgreSQL: a new database on the local server; SQLite:
a temporary file), a server process on the support app (offline, embedded model) with a real API
key in that database, 32 clients that each keep one session and send the next message as soon as
the answer has streamed, a warm-up, then `--turns` measured turns. Rounds alternate between trees
so a slow phase of the VM hits both; the table gives the median of the rounds.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[2]
TICKS = os.sysconf("SC_CLK_TCK")
PG_ADMIN = "postgresql://postgres@127.0.0.1:5432/postgres"
REDIS = "redis://127.0.0.1:6379/0"
MESSAGES = [
    "minha internet está caindo toda hora",
    "quero a segunda via da fatura",
    "quais são os planos de fibra?",
    "a tv tá sem sinal",
    "obrigado, era isso",
]

SERVER = r"""
import asyncio, logging, os, sys
logging.disable(logging.WARNING)
import uvicorn
from switchboard.server import ServerSettings, create_app
from switchboard.server.auth.keys import open_key_store
from switchboard.server.process import tune_gc

settings = ServerSettings(
    database_url=os.environ["BENCH_DB"], redis_url=os.environ.get("BENCH_REDIS") or None,
    rate_limit_burst=10**9, rate_limit_per_second=10**9, max_connections_per_address=None,
)

async def make_key():
    keys = open_key_store(settings.database_url)
    await keys.init()
    user = await keys.create_user("bench")
    key, _ = await keys.create_key(user.id)
    await keys.close()
    return key

key_store = None
if os.environ.get("BENCH_BARE"):  # the floor: a bare FastAPI endpoint, same body, one line out
    from fastapi import FastAPI
    from fastapi.responses import StreamingResponse
    from pydantic import BaseModel

    class Body(BaseModel):
        chatInput: str
        sessionId: str

    bare = FastAPI()

    @bare.post("/chat")
    async def chat(body: Body) -> StreamingResponse:
        async def one_line():
            yield b'{"type":"done","text":"ok"}\n'
        return StreamingResponse(one_line(), media_type="application/x-ndjson")

    key = "bare"
elif settings.database_url.startswith("memory"):
    key_store = open_key_store("memory://")
    async def make_memory_key():
        await key_store.init()
        user = await key_store.create_user("bench")
        return (await key_store.create_key(user.id))[0]
    key = asyncio.run(make_memory_key())
else:
    key = asyncio.run(make_key())
if os.environ.get("BENCH_BARE"):
    app = bare
else:
    # the support app built directly (not through the entry points, which name the installed
    # tree's factory): the same call on every tree compared
    from switchboard.apps.support.app import build
    from switchboard.store.factory import open_store

    support = build(store=open_store(settings.database_url), settings=settings)
    app = create_app(settings, apps={"support": support}, key_store=key_store)
tune_gc(settings.gc_gen0_threshold)
print("KEY " + key, flush=True)
profile_to = os.environ.get("BENCH_PROFILE")  # a file: profile the server (cProfile)
if profile_to:
    import cProfile, signal
    import time as _t
    profiler = cProfile.Profile(_t.process_time)
    def dump(*_):
        profiler.disable()
        profiler.dump_stats(profile_to)
        os._exit(0)
    signal.signal(signal.SIGTERM, dump)
    profiler.enable()
# served as `switchboard serve` serves: the guarded protocol, its timeouts and backlog (a tree
# from before `guarded_protocol` served guarded h11)
from switchboard.server import connections
from switchboard.server.connections import default_max_connections, raise_open_files_limit
guarded = getattr(connections, "guarded_protocol", None) or connections.guarded_h11
protocol = guarded(
    header_timeout_seconds=settings.header_timeout_seconds,
    max_connections=settings.max_connections or default_max_connections(raise_open_files_limit()),
    max_connections_per_address=settings.max_connections_per_address,
)
uvicorn.Server(uvicorn.Config(
    app, host="127.0.0.1", port=int(os.environ["BENCH_PORT"]), log_level="error",
    access_log=False, http=protocol, timeout_keep_alive=settings.keep_alive_timeout_seconds,
    backlog=settings.listen_backlog,
)).run()
"""


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS  # utime, stime (fields 14 and 15)


def fresh_database(backend: str, scratch: Path) -> tuple[str, str | None, str | None]:
    """(database url, redis url, PostgreSQL database to drop afterwards)."""
    if backend in ("memory", "bare"):
        return "memory://", None, None
    if backend == "sqlite":
        return f"sqlite:///{scratch / f'{uuid.uuid4().hex}.db'}", None, None
    name = f"bench_cpu_{uuid.uuid4().hex[:10]}"
    subprocess.run(["psql", PG_ADMIN, "-qc", f"CREATE DATABASE {name}"], check=True)
    url = f"postgresql://postgres@127.0.0.1:5432/{name}"
    return url, (REDIS if backend == "postgres+redis" else None), name


DISTINCT = False
"""`--distinct`: every message text differs (a number appended), so nothing the server keeps
by text (the classifier's rankings) is reused across turns: the five `MESSAGES` repeat in
every session otherwise, which real traffic does far less."""


async def drive(port: int, key: str, clients: int, turns: int) -> int:
    """Send `turns` messages over `clients` sessions; return how many streamed to their end."""
    done = 0
    numbered = 0
    remaining = turns
    limits = httpx.Limits(max_connections=clients, max_keepalive_connections=clients)
    async with httpx.AsyncClient(
        base_url=f"http://127.0.0.1:{port}",
        headers={"Authorization": f"Bearer {key}"},
        limits=limits,
        timeout=60,
    ) as http:

        async def client(index: int) -> None:
            nonlocal done, remaining, numbered
            session = f"bench-{index}-{uuid.uuid4().hex[:8]}"
            sent = 0
            while remaining > 0:
                remaining -= 1
                text = MESSAGES[sent % len(MESSAGES)]
                if DISTINCT:
                    numbered += 1
                    text = f"{text} {uuid.uuid4().int % 10**6 + numbered}"
                body = {"chatInput": text, "sessionId": session}
                sent += 1
                for attempt in range(3):  # a keep-alive connection the server just closed
                    try:
                        async with http.stream("POST", "/chat", json=body) as response:
                            response.raise_for_status()
                            async for line in response.aiter_lines():
                                if line and json.loads(line).get("type") == "done":
                                    done += 1
                        break
                    except (httpx.ReadError, httpx.RemoteProtocolError):
                        if attempt == 2:
                            raise

        await asyncio.gather(*(client(i) for i in range(clients)))
    return done


_runs = 0


def resolved(path: str) -> str:
    """A `--tree` path as the server's PYTHONPATH: several folders may be joined with
    `os.pathsep` (a tree plus packages installed elsewhere, e.g. `src:/tmp/deps`)."""
    return os.pathsep.join(str(Path(part).resolve()) for part in path.split(os.pathsep))


def run_one(tree: str, backend: str, args: argparse.Namespace, scratch: Path) -> dict[str, float]:
    url, redis_url, pg_name = fresh_database(backend, scratch)
    global _runs
    _runs += 1
    port = 18000 + (os.getpid() % 500) * 4 + _runs % 4  # a fresh port per server
    env = {
        **os.environ,
        "PYTHONPATH": tree,
        "BENCH_DB": url,
        "BENCH_REDIS": redis_url or "",
        "BENCH_PORT": str(port),
        "BENCH_BARE": "1" if backend == "bare" else "",
    }
    server = subprocess.Popen(
        [sys.executable, "-c", SERVER], env=env, stdout=subprocess.PIPE, text=True
    )
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        if not line.startswith("KEY "):
            raise RuntimeError(f"server did not start: {line!r}")
        key = line.split()[1]
        for _ in range(200):  # wait for the port
            try:
                httpx.get(f"http://127.0.0.1:{port}/health", timeout=1)
                break
            except httpx.HTTPError:
                time.sleep(0.05)
        asyncio.run(drive(port, key, args.clients, args.warmup))
        idle_start = cpu_seconds(server.pid)
        time.sleep(1.0)
        idle_per_second = cpu_seconds(server.pid) - idle_start  # background work (pollers)
        spy = None
        if os.environ.get("BENCH_SPY"):  # a py-spy binary: sample the measured phase
            label = Path(tree.split(os.pathsep)[0]).parent.name
            spy = subprocess.Popen(
                [os.environ["BENCH_SPY"], "record", "-p", str(server.pid), "-f", "raw", "-r",
                 "200", "-o", f"/tmp/spy-{backend}-{label}.txt"],
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            )  # fmt: skip
            time.sleep(1.0)
        start_cpu, start = cpu_seconds(server.pid), time.perf_counter()
        served = asyncio.run(drive(port, key, args.clients, args.turns))
        cpu, elapsed = cpu_seconds(server.pid) - start_cpu, time.perf_counter() - start
        if spy is not None:
            spy.send_signal(2)
            spy.wait(timeout=30)
        if served != args.turns:
            raise RuntimeError(f"{served} of {args.turns} turns finished")
        return {
            "cpu_ms_per_turn": 1000 * (cpu - idle_per_second * elapsed) / served,
            "turns_per_second": served / elapsed,
            "idle_cpu_share": idle_per_second,
        }
    finally:
        server.terminate()
        server.wait(timeout=30)
        if pg_name:
            subprocess.run(["psql", PG_ADMIN, "-qc", f"DROP DATABASE {pg_name}"], check=False)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tree", action="append", default=[], help="name=path/to/src")
    parser.add_argument(
        "--backends",
        default="bare,memory,sqlite,postgres,postgres+redis",
        help="comma-separated; `bare` is a bare FastAPI endpoint on the same server (the floor)",
    )
    parser.add_argument("--clients", type=int, default=32)
    parser.add_argument("--turns", type=int, default=3000)
    parser.add_argument("--warmup", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--distinct", action="store_true", help="every message text differs")
    args = parser.parse_args()
    global DISTINCT
    DISTINCT = args.distinct
    trees = dict(t.split("=", 1) for t in args.tree) or {"this": str(ROOT / "src")}
    backends = args.backends.split(",")
    results: dict[tuple[str, str], list[dict[str, float]]] = {}
    with tempfile.TemporaryDirectory() as scratch:
        for _ in range(args.rounds):
            for backend in backends:
                for name, path in trees.items():
                    result = run_one(resolved(path), backend, args, Path(scratch))
                    results.setdefault((backend, name), []).append(result)
                    print(f"# {backend:15} {name:6} {result}", file=sys.stderr, flush=True)
    print(
        f"# {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())} · Python "
        f"{platform.python_version()} · {platform.machine()} · {os.cpu_count()} CPUs · "
        f"support app offline · {args.clients} clients · {args.turns} turns × "
        f"{args.rounds} rounds (median) · load average {os.getloadavg()[0]:.2f}\n"
    )
    print("| backend | tree | server CPU ms/turn | (min–max) | turns/s |")
    print("|---|---|---:|---:|---:|")
    for backend in backends:
        for name in trees:
            rows = results[(backend, name)]
            cpu = [r["cpu_ms_per_turn"] for r in rows]
            rate = statistics.median(r["turns_per_second"] for r in rows)
            print(
                f"| {backend} | {name} | {statistics.median(cpu):.2f} | "
                f"{min(cpu):.2f}–{max(cpu):.2f} | {rate:.0f} |"
            )


if __name__ == "__main__":
    main()
