"""CPU per offline turn, tracing off vs on, for two source trees side by side in one run.

    PYTHONPATH=src python bench/telemetry/bench_turn_overhead.py --old /tmp/old/src \
        [--rounds 5] [--turns 1000] [--out bench/telemetry/turn_results.json]

`--old` is the `src` directory of the tree to compare with (e.g. `git archive 4be468a src | tar
-x -C /tmp/old`); the new tree is this file's own `src`. Each measurement runs in a fresh
subprocess with `PYTHONPATH` set to one tree (so each tree's code, not an editable install,
is imported) and one mode:

  off        tracing not configured (the helpers are the no-op)
  on-100%    tracing on, every trace sampled (BatchSpanProcessor → an exporter that drops
             spans: production's processor without the network)
  on-default tracing on at the default sampling ratio (`DEFAULT_SAMPLE_RATIO`; new tree only —
             the old tree had no sampler of its own: its default kept every trace, = on-100%)
  on-0%      tracing on, no trace sampled: the floor of what tracing on costs a turn (new tree)

The turn: `RoutingChatManager.reply` (and `.stream`, fully read) on the in-memory store, one
coordinator whose zero-latency model calls one tool and then answers: turn > agent > 2 × chat +
execute_tool — the wiring of the turn pipeline and the agent run included. CPU is this thread's
(`time.thread_time`; the batch processor's export thread is not counted: it is off the request
path). Rounds alternate trees and modes so the shared VM's drift hits all of them; the median
of the rounds is reported, with turns/s = 1e6 / CPU µs per turn.
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
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

NEW_SRC = Path(__file__).resolve().parents[2] / "src"
MODES = ("off", "on-100%", "on-default", "on-0%")


def worker(mode: str, turns: int, kind: str) -> dict[str, float]:
    """Runs in the subprocess: CPU µs per turn (median of 3 blocks) after a warm-up."""
    from opentelemetry.sdk.trace import ReadableSpan
    from opentelemetry.sdk.trace.export import SpanExporter, SpanExportResult

    from switchboard import AgentSpec, RoutingChatManager, telemetry, tool
    from switchboard.core.messages import Usage
    from switchboard.models.base import Model, ModelRequest, ModelResponse
    from switchboard.models.scripted import call

    class DropExporter(SpanExporter):
        def export(self, spans: Sequence[ReadableSpan]) -> SpanExportResult:
            return SpanExportResult.SUCCESS

    class ToolThenAnswer(Model):
        model_id = "openai:gpt-4o-mini"

        async def complete(self, request: ModelRequest) -> ModelResponse:
            usage = Usage(input_tokens=120, output_tokens=12, calls=1)
            if request.messages[-1].role == "tool":
                return ModelResponse(text="Pedido 123 enviado.", usage=usage, finish_reason="stop")
            response = call("consultar_pedido", numero="123")
            response.usage = usage
            return response

    @tool()
    def consultar_pedido(numero: str) -> dict[str, str]:
        """Consulta um pedido."""
        return {"numero": numero, "status": "enviado"}

    if mode == "on-100%":
        try:
            assert telemetry.configure({}, exporter=DropExporter(), batch=True, sample_ratio=1.0)
        except TypeError:  # the old tree: no sampler, every trace kept
            assert telemetry.configure({}, exporter=DropExporter(), batch=True)
    elif mode in ("on-default", "on-0%"):
        from switchboard.telemetry.setup import DEFAULT_SAMPLE_RATIO

        ratio = DEFAULT_SAMPLE_RATIO if mode == "on-default" else 0.0
        assert telemetry.configure({}, exporter=DropExporter(), batch=True, sample_ratio=ratio)
    app = RoutingChatManager(
        AgentSpec(name="assistente", tools=["consultar_pedido"]),
        model=ToolThenAnswer(),
        tools=[consultar_pedido],
        store="memory://",
    )

    async def one(i: int) -> None:
        if kind == "reply":
            await app.reply(f"s{i}", "cadê meu pedido?", user_id="u")
        else:
            async for _ in app.stream(f"s{i}", "cadê meu pedido?", user_id="u"):
                pass

    async def run() -> list[float]:
        for i in range(min(turns, 300)):
            await one(-1 - i)
        blocks = []
        for block in range(3):
            started = time.thread_time()
            for i in range(turns):
                await one(block * turns + i)
            blocks.append((time.thread_time() - started) / turns * 1e6)
        return blocks

    blocks = asyncio.run(run())
    telemetry.reset()
    return {"cpu_us_per_turn": statistics.median(blocks)}


def measure(src: Path, mode: str, turns: int, kind: str) -> float:
    env = {**os.environ, "PYTHONPATH": str(src), "PYTHONHASHSEED": "0"}
    env.pop("OTEL_EXPORTER_OTLP_ENDPOINT", None)
    args = [sys.executable, __file__, "--worker", mode, "--turns", str(turns), "--kind", kind]
    out = subprocess.run(args, env=env, check=True, capture_output=True, text=True).stdout
    return float(json.loads(out.strip().splitlines()[-1])["cpu_us_per_turn"])


def reference_us() -> float:
    samples = []
    for _ in range(200):
        started = time.thread_time()
        sum(range(1000))
        samples.append((time.thread_time() - started) * 1e6)
    return statistics.median(samples)


def main(argv: list[str]) -> dict[str, Any]:
    parser = argparse.ArgumentParser()
    parser.add_argument("--old", type=Path)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--turns", type=int, default=1000)
    parser.add_argument("--kinds", default="reply,stream")
    parser.add_argument("--out")
    parser.add_argument("--worker")
    parser.add_argument("--kind", default="reply")
    args = parser.parse_args(argv)
    if args.worker:
        print(json.dumps(worker(args.worker, args.turns, args.kind)))
        return {}
    trees = {"old": args.old, "new": NEW_SRC} if args.old else {"new": NEW_SRC}
    kinds = args.kinds.split(",")
    samples: dict[str, list[float]] = {}
    load_before = os.getloadavg()
    ref_before = reference_us()
    for round_ in range(args.rounds):
        for kind in kinds:
            for tree, src in trees.items():
                for mode in MODES:
                    if tree == "old" and mode in ("on-default", "on-0%"):
                        continue
                    key = f"{kind}/{tree}/{mode}"
                    samples.setdefault(key, []).append(measure(src, mode, args.turns, kind))
        print(f"round {round_ + 1}/{args.rounds} done", file=sys.stderr)
    medians = {key: statistics.median(values) for key, values in samples.items()}
    results: dict[str, Any] = {
        "date": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "machine": f"{platform.machine()}, {os.cpu_count()} CPUs, {platform.platform()}",
        "python": sys.version.split()[0],
        "load_before": load_before,
        "load_after": os.getloadavg(),
        "reference_us_before": ref_before,
        "reference_us_after": reference_us(),
        "rounds": args.rounds,
        "turns_per_block": args.turns,
        "cpu_us_per_turn": medians,
        "samples": samples,
    }
    print(f"{'kind/tree/mode':28} {'CPU µs/turn':>12} {'turns/s':>9} {'vs off':>8}")
    for key, value in medians.items():
        kind, tree, _ = key.split("/")
        off = medians[f"{kind}/{tree}/off"]
        print(f"{key:28} {value:12.1f} {1e6 / value:9.0f} {100 * (value / off - 1):+7.1f}%")
    if args.out:
        Path(args.out).write_text(json.dumps(results, indent=2) + "\n")
    return results


if __name__ == "__main__":
    main(sys.argv[1:])
