"""Throughput and time to first event of `POST /chat` vs a bare FastAPI endpoint.

Both servers run the same way (uvicorn, one process, same settings, loopback), one at a time, and
the same httpx async client drives them with N concurrent clients for a fixed time.

    .venv/bin/python bench/server/bench_chat.py              # 1, 50 and 200 clients, 3 rounds

Two tables: closed loop (throughput; every client re-sends at once, so both servers saturate
and time to first event there is mostly waiting in line) and paced (`--paced-rps`, a fixed
request schedule both servers can keep up with: time to first event as the server adds it).

Switchboard side: `create_app` with a scripted coordinator (one short answer, streamed word by
word), an in-memory store (`memory://`), in-memory API keys and rate limits raised out of the way.
Bare side: a FastAPI `POST /chat` that parses the same JSON body and streams one NDJSON line.
Both server processes get the GC tuning of `switchboard serve` (`BENCH_GC=0` for CPython's
defaults); `--kinds bare layer switchboard` adds the HTTP layer alone (manager turn stubbed).
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
import time
from pathlib import Path

import httpx
from pydantic import BaseModel

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "src"))


class Body(BaseModel):
    chatInput: str
    sessionId: str


def bare_app():  # type: ignore[no-untyped-def]
    from fastapi import FastAPI
    from fastapi.responses import StreamingResponse

    app = FastAPI()

    @app.post("/chat")
    async def chat(body: Body) -> StreamingResponse:
        async def one_line():  # type: ignore[no-untyped-def]
            yield b'{"type":"text","delta":"ok","agent":"bare"}\n'

        return StreamingResponse(one_line(), media_type="application/x-ndjson")

    return app


def switchboard_app(key: str):  # type: ignore[no-untyped-def]
    from switchboard import AgentSpec, RoutingChatManager
    from switchboard.models.scripted import ScriptedModel
    from switchboard.server import ServerSettings, create_app
    from switchboard.server.auth import InMemoryApiKeyStore, hash_key
    from switchboard.server.auth.keys import ApiKeyRecord, UserRecord

    manager = RoutingChatManager(
        AgentSpec(name="assistente", role="Assistente Virtual"),
        model=ScriptedModel(lambda request: "Olá! Posso ajudar com mais alguma coisa?"),
        store="memory://",
        app="bench",
    )
    keys = InMemoryApiKeyStore()
    from datetime import datetime, timezone

    now = datetime.now(timezone.utc)
    keys._users["bench"] = UserRecord(id="bench", name="bench", created_at=now)
    keys._keys[hash_key(key)] = ApiKeyRecord(
        id="k", user_id="bench", prefix=key[:7], created_at=now
    )
    settings = ServerSettings(
        database_url="memory://", rate_limit_burst=10**9, rate_limit_per_second=10**9
    )
    return create_app(settings, apps={"bench": manager}, key_store=keys)


def layer_app(key: str):  # type: ignore[no-untyped-def]
    """Diagnostic: the Switchboard HTTP layer with the manager's turn replaced by the same
    events, pre-built (auth, limits, metrics, priming, streaming; no store, no model)."""
    from switchboard.core.events import AgentEvent, DoneEvent, TextEvent, UsageEvent

    app = switchboard_app(key)
    manager = app.state.runtime.apps["bench"]
    words = "Olá! Posso ajudar com mais alguma coisa?".split(" ")
    events = [
        AgentEvent(agent="assistente", reason="start"),
        *(TextEvent(delta=w + " ", agent="assistente") for w in words),
        UsageEvent(input_tokens=10, output_tokens=10, calls=1),
        DoneEvent(text=" ".join(words), session_id="s", agent="assistente", message_id="m"),
    ]

    async def stream_message(session_id, text, *, user_id):  # type: ignore[no-untyped-def]
        for event in events:
            yield event

    manager.stream_message = stream_message
    return app


def serve(kind: str, port: int, key: str) -> None:
    import logging

    import uvicorn

    logging.disable(logging.WARNING)
    app = {
        "bare": bare_app,
        "switchboard": lambda: switchboard_app(key),
        "layer": lambda: layer_app(key),
    }[kind]()
    from switchboard.server.process import tune_gc
    from switchboard.server.settings import ServerSettings

    # the same process tuning as `switchboard serve`, for both servers (BENCH_GC=0: defaults)
    tune_gc(int(os.environ.get("BENCH_GC", ServerSettings().gc_gen0_threshold)))
    profile_to = os.environ.get("BENCH_PROFILE")  # a file: profile the server (stop with SIGINT)
    profiler = None
    if profile_to:
        import cProfile

        profiler = cProfile.Profile()
        profiler.enable()
    try:
        uvicorn.run(app, host="127.0.0.1", port=port, log_level="error", access_log=False)
    finally:
        if profiler is not None:
            profiler.disable()
            profiler.dump_stats(profile_to)


class Connection:
    """A minimal keep-alive HTTP/1.1 client on asyncio streams: the client must cost far less
    than the servers it measures (httpx's pool tops out near the bare endpoint's rate)."""

    def __init__(self, host: str, port: int, key: str) -> None:
        self.host, self.port, self.key = host, port, key
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def post_chat(self, session: str) -> tuple[int, float]:
        """Send one chat; return (status, seconds to the first body chunk)."""
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        assert self.reader is not None
        body = json.dumps({"chatInput": "oi, tudo bem?", "sessionId": session}).encode()
        head = (
            f"POST /chat HTTP/1.1\r\nHost: {self.host}:{self.port}\r\n"
            f"Authorization: Bearer {self.key}\r\nContent-Type: application/json\r\n"
            f"Accept: application/x-ndjson\r\nContent-Length: {len(body)}\r\n\r\n"
        )
        t0 = time.perf_counter()
        self.writer.write(head.encode() + body)
        status_line = await self.reader.readline()
        status = int(status_line.split()[1])
        headers = {}
        while (line := await self.reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode().partition(":")
            headers[name.strip().lower()] = value.strip()
        first = 0.0
        if "content-length" in headers:
            await self.reader.readexactly(int(headers["content-length"]))
            first = time.perf_counter() - t0
        else:
            while True:
                size = int((await self.reader.readline()).strip(), 16)
                data = await self.reader.readexactly(size + 2)
                if size and not first:
                    first = time.perf_counter() - t0
                if size == 0:
                    break
        if headers.get("connection") == "close":
            await self.close()
        return status, first

    async def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            self.writer = self.reader = None


async def drive(
    url: str, key: str, concurrency: int, seconds: float, rate: float | None = None
) -> dict[str, float]:
    """Closed loop (each client sends again as soon as its answer is in: the server's maximum
    throughput) or, with `rate`, paced: requests leave on a fixed schedule of `rate` per second
    spread over the clients, so time to first event is the server's own, not queueing."""
    host, port = url.removeprefix("http://").split(":")
    ttfe: list[float] = []
    done = errors = 0
    stop_at = 0.0
    began = 0.0

    async def worker(n: int, measure: bool) -> None:
        nonlocal done, errors
        conn = Connection(host, int(port), key)
        i = 0
        try:
            while time.perf_counter() < stop_at:
                if rate is not None:  # this client's i-th slot of the global schedule
                    delay = began + (i * concurrency + n) / rate - time.perf_counter()
                    if delay > 0:
                        await asyncio.sleep(delay)
                i += 1
                status, first = await conn.post_chat(f"w{n}-{i // 20}")
                if status != 200:
                    errors += 1
                elif measure:
                    ttfe.append(first)
                    done += 1
        finally:
            await conn.close()

    began = time.perf_counter()
    stop_at = began + 2  # warm-up
    await asyncio.gather(*(worker(n, False) for n in range(concurrency)))
    began = time.perf_counter()
    stop_at = began + seconds
    started = time.perf_counter()
    await asyncio.gather(*(worker(n, True) for n in range(concurrency)))
    elapsed = time.perf_counter() - started
    ttfe.sort()
    return {
        "rps": done / elapsed,
        "requests": done,
        "errors": errors,
        "ttfe_p50_ms": statistics.median(ttfe) * 1000,
        "ttfe_p95_ms": ttfe[int(len(ttfe) * 0.95)] * 1000,
    }


def wait_up(url: str) -> None:
    for _ in range(200):
        try:
            httpx.post(f"{url}/chat", json={}, timeout=1)
            return
        except httpx.HTTPError:
            time.sleep(0.05)
    raise RuntimeError("server did not start")


def run(
    kind: str, concurrency: int, seconds: float, port: int, rate: float | None = None
) -> dict[str, float]:
    key = "sb-bench-" + "k" * 40
    process = subprocess.Popen(
        [sys.executable, __file__, "--serve", kind, "--port", str(port), "--key", key]
    )
    try:
        url = f"http://127.0.0.1:{port}"
        wait_up(url)
        return asyncio.run(drive(url, key, concurrency, seconds, rate))
    finally:
        process.terminate()
        process.wait(10)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--concurrency", type=int, nargs="+", default=[1, 50, 200])
    parser.add_argument("--seconds", type=float, default=8.0)
    parser.add_argument(
        "--rounds",
        type=int,
        default=3,
        help="alternate bare/switchboard this many times; report the median",
    )
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--serve", choices=["bare", "switchboard", "layer"], help=argparse.SUPPRESS)
    parser.add_argument(
        "--kinds",
        nargs="+",
        default=["bare", "switchboard"],
        help="add `layer` for the HTTP layer alone (manager turn stubbed)",
    )
    parser.add_argument(
        "--paced-rps",
        type=float,
        default=400.0,
        help="then measure time to first event at this fixed offered load (0: skip)",
    )
    parser.add_argument("--key", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        serve(args.serve, args.port, args.key)
        return
    print(
        f"# {time.strftime('%Y-%m-%d %H:%M:%S %Z')} · Python {platform.python_version()} · "
        f"{platform.machine()} · {os.cpu_count()} CPUs · {args.rounds} rounds × "
        f"{args.seconds:.0f} s (median)"
    )
    print(
        "\nClosed loop: each client sends again as soon as its answer is in (maximum throughput;\n"
        "under saturation, time to first event is mostly queueing).\n"
    )
    table(args, rate=None)
    if args.paced_rps:
        print(
            f"\nPaced: {args.paced_rps:.0f} requests/s in all, on a fixed schedule spread over the "
            "clients (below both servers' capacity: time to first event without queueing).\n"
        )
        table(args, rate=args.paced_rps)


def table(args: argparse.Namespace, rate: float | None) -> None:
    print("| clients | server | req/s | TTFE p50 ms | TTFE p95 ms | requests | errors |")
    print("|---:|---|---:|---:|---:|---:|---:|")
    for concurrency in args.concurrency:
        runs: dict[str, list[dict[str, float]]] = {kind: [] for kind in args.kinds}
        for _ in range(args.rounds):
            for kind in runs:
                runs[kind].append(run(kind, concurrency, args.seconds, args.port, rate))
        results = {}
        for kind, rounds in runs.items():
            results[kind] = r = {
                key: statistics.median(x[key] for x in rounds) for key in rounds[0]
            }
            r["requests"] = sum(x["requests"] for x in rounds)
            r["errors"] = sum(x["errors"] for x in rounds)
            print(
                f"| {concurrency} | {kind} | {r['rps']:.0f} | {r['ttfe_p50_ms']:.2f} | "
                f"{r['ttfe_p95_ms']:.2f} | {r['requests']:.0f} | {r['errors']:.0f} |",
                flush=True,
            )
        bare, sb = results["bare"], results["switchboard"]
        print(
            f"| {concurrency} | **ratio / added** | **{sb['rps'] / bare['rps']:.2f}×** | "
            f"**{sb['ttfe_p50_ms'] - bare['ttfe_p50_ms']:+.2f}** | "
            f"**{sb['ttfe_p95_ms'] - bare['ttfe_p95_ms']:+.2f}** | | |",
            flush=True,
        )


if __name__ == "__main__":
    main()
