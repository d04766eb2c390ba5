"""CPU per offline turn, tracing off vs on, for two source trees side by side in one run.

    PYTHONPATH=src python bench/telemetry/bench_turn_overhead.py --old /tmp/old/src \
        [--rounds 3] [--blocks 8] [--turns 300] [--out bench/telemetry/turn_results.json]

`--old` is the `src` directory of the tree to compare with (e.g. `git archive 4be468a src | tar
-x -C /tmp/old`); the new tree is this file's own `src`. Each tree runs in worker subprocesses
with `PYTHONPATH` set to it (so that tree's code, not an editable install, is imported); a worker
runs its tree's modes in alternating blocks (`--blocks` rounds of `--turns` turns per mode, the
order rotating), tracing reconfigured between blocks:

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
path). This shared VM's speed drifts by ±30% within minutes, so a mode's overhead is read as the
median, over all blocks, of its CPU per turn divided by that of `off` in the same round of the
same worker (paired); the CPU per turn shown is the median over blocks (turns/s = 1e6 / it).
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


def worker(modes: list[str], turns: int, kind: str, blocks: int) -> dict[str, list[float]]:
    """Runs in the subprocess: CPU µs per turn of each mode, in `blocks` rounds that run every
    mode back to back (in a rotating order), so drift hits all modes alike and a mode's cost can
    be read as its ratio to `off` in the same round."""
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

    def switch(mode: str) -> None:
        telemetry.reset()
        if mode == "on-100%":
            try:
                on = telemetry.configure({}, exporter=DropExporter(), batch=True, sample_ratio=1.0)
            except TypeError:  # the old tree: no sampler, every trace kept
                on = telemetry.configure({}, exporter=DropExporter(), batch=True)
            assert on
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
    counter = iter(range(10**9))

    async def one() -> None:
        session = f"s{next(counter)}"
        if kind == "reply":
            await app.reply(session, "cadê meu pedido?", user_id="u")
        else:
            async for _ in app.stream(session, "cadê meu pedido?", user_id="u"):
                pass

    async def run() -> dict[str, list[float]]:
        results: dict[str, list[float]] = {mode: [] for mode in modes}
        for mode in modes:  # warm-up, every mode
            switch(mode)
            for _ in range(100):
                await one()
        for block in range(blocks):
            shift = block % len(modes)
            for mode in modes[shift:] + modes[:shift]:
                switch(mode)
                started = time.thread_time()
                for _ in range(turns):
                    await one()
                results[mode].append((time.thread_time() - started) / turns * 1e6)
        telemetry.reset()
        return results

    return asyncio.run(run())


def measure(
    src: Path, modes: list[str], turns: int, kind: str, blocks: int
) -> dict[str, list[float]]:
    env = {**os.environ, "PYTHONPATH": str(src), "PYTHONHASHSEED": "0"}
    env.pop("OTEL_EXPORTER_OTLP_ENDPOINT", None)
    args = [sys.executable, __file__, "--worker", ",".join(modes), "--turns", str(turns)]
    args += ["--kind", kind, "--blocks", str(blocks)]
    out = subprocess.run(args, env=env, check=True, capture_output=True, text=True).stdout
    got: dict[str, list[float]] = json.loads(out.strip().splitlines()[-1])
    return got


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
    parser.add_argument("--rounds", type=int, default=3, help="worker processes per tree/kind")
    parser.add_argument("--blocks", type=int, default=8, help="rounds of all modes per worker")
    parser.add_argument("--turns", type=int, default=300, help="turns per mode per block")
    parser.add_argument("--kinds", default="reply,stream")
    parser.add_argument("--out")
    parser.add_argument("--worker")
    parser.add_argument("--kind", default="reply")
    args = parser.parse_args(argv)
    if args.worker:
        print(json.dumps(worker(args.worker.split(","), args.turns, args.kind, args.blocks)))
        return {}
    trees = {"old": args.old, "new": NEW_SRC} if args.old else {"new": NEW_SRC}
    tree_modes = {"old": ["off", "on-100%"], "new": list(MODES)}
    kinds = args.kinds.split(",")
    cpu: dict[str, list[float]] = {}
    ratio: dict[str, list[float]] = {}
    load_before = os.getloadavg()
    ref_before = reference_us()
    for round_ in range(args.rounds):
        for kind in kinds:
            for tree, src in trees.items():
                modes = tree_modes[tree]
                got = measure(src, modes, args.turns, kind, args.blocks)
                for mode in modes:
                    key = f"{kind}/{tree}/{mode}"
                    cpu.setdefault(key, []).extend(got[mode])
                    ratio.setdefault(key, []).extend(
                        on / off for on, off in zip(got[mode], got["off"], strict=True)
                    )
        print(f"round {round_ + 1}/{args.rounds} done", file=sys.stderr)
    medians = {key: statistics.median(values) for key, values in cpu.items()}
    overhead = {key: 100 * (statistics.median(values) - 1) for key, values in ratio.items()}
    results: dict[str, Any] = {
        "date": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "machine": f"{platform.machine()}, {os.cpu_count()} CPUs, {platform.platform()}",
        "python": sys.version.split()[0],
        "load_before": load_before,
        "load_after": os.getloadavg(),
        "reference_us_before": ref_before,
        "reference_us_after": reference_us(),
        "rounds": args.rounds,
        "blocks_per_round": args.blocks,
        "turns_per_block": args.turns,
        "cpu_us_per_turn_median": medians,
        "overhead_pct_median_of_paired_ratios": overhead,
        "cpu_us_per_turn_blocks": cpu,
    }
    print(f"{'kind/tree/mode':28} {'CPU µs/turn':>12} {'turns/s':>9} {'vs off (paired)':>16}")
    for key, value in medians.items():
        print(f"{key:28} {value:12.1f} {1e6 / value:9.0f} {overhead[key]:+15.1f}%")
    if args.out:
        Path(args.out).write_text(json.dumps(results, indent=2) + "\n")
    return results


if __name__ == "__main__":
    main(sys.argv[1:])
