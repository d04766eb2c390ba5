"""Cost per call of each tracing helper, tracing off vs on.

    PYTHONPATH=src python bench/telemetry/bench_overhead.py [--full] [--out results.json]

Modes, each timing `with helper(...) as span:` (+ `record_usage` for model calls) in a tight loop:
  off       `configure()` without an endpoint: the helpers return the shared no-op
  memory    SDK on, `SimpleSpanProcessor` → `InMemorySpanExporter` (what the tests use)
  batch     SDK on, `BatchSpanProcessor` → an exporter that drops spans (production's processor,
            without the network)
A bare loop and `with NOOP:` are the floor; `sum(range(1000))` is the VM reference (this shared
VM's speed drifts, see bench/RESULTS.md). Median of 5 repeats, µs of this thread's CPU time per
call (`time.thread_time`: time spent descheduled on a busy VM does not count; the exporter
thread of the batch processor is not counted either — its export work is off the request path).
The default loop counts (20,000 off / 2,000 on) run in ~60 s on a VM under load 8; `--full`
(10× more) is for a quiet machine.

`turn`: whole chat turns through the platform (turn pipeline, delegation pattern, agent run, one
tool call, in-memory store), CPU per model call with tracing off vs on — what tracing costs a
real turn, wiring included.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from opentelemetry.sdk.trace import ReadableSpan
from opentelemetry.sdk.trace.export import SpanExporter, SpanExportResult
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

from switchboard import AgentSpec, RoutingChatManager, telemetry, tool
from switchboard.core.messages import Usage
from switchboard.models.base import Model, ModelRequest, ModelResponse
from switchboard.models.scripted import call
from switchboard.telemetry import NOOP


class DropExporter(SpanExporter):
    def export(self, spans: Sequence[ReadableSpan]) -> SpanExportResult:
        return SpanExportResult.SUCCESS


def _turn() -> None:
    with telemetry.span_turn("sessao-123", app="support"):
        pass


def _agent() -> None:
    with telemetry.span_agent("assistente", model_id="openai:gpt-4o-mini"):
        pass


def _model() -> None:
    with telemetry.span_model_call("openai:gpt-4o-mini", stream=True) as call:
        call.record_usage(120, 30, finish_reason="stop")


def _tool() -> None:
    with telemetry.span_tool("consultar_pedido", call_id="call_1"):
        pass


def _bus() -> None:
    with telemetry.span_bus_message(
        "consultar_saldo", direction="send", sender="orq", recipient="exec", message_id="m1"
    ):
        pass


def _mission() -> None:
    with telemetry.span_mission("m-1"):
        pass


def _job() -> None:
    with telemetry.span_job("job-1", kind="relatorio", attempt=1):
        pass


def _typical_turn() -> None:
    """What one delegated turn would open: turn > agent > 2 model calls + 1 tool."""
    with (
        telemetry.span_turn("sessao-123", app="support"),
        telemetry.span_agent("assistente", model_id="openai:gpt-4o-mini"),
    ):
        for _ in range(2):
            with telemetry.span_model_call("openai:gpt-4o-mini") as call:
                call.record_usage(120, 30)
        with telemetry.span_tool("consultar_pedido", call_id="c1"):
            pass


def _noop_with() -> None:
    with NOOP:
        pass


def _empty() -> None:
    pass


HELPERS: dict[str, Callable[[], None]] = {
    "empty call (floor)": _empty,
    "with NOOP (floor)": _noop_with,
    "span_turn": _turn,
    "span_agent": _agent,
    "span_model_call + record_usage": _model,
    "span_tool": _tool,
    "span_bus_message": _bus,
    "span_mission": _mission,
    "span_job": _job,
    "typical turn (5 spans)": _typical_turn,
}


def per_call_us(fn: Callable[[], None], n: int, repeats: int, between: Callable[[], None]) -> float:
    samples = []
    for _ in range(repeats):
        between()
        started = time.thread_time()
        for _ in range(n):
            fn()
        samples.append((time.thread_time() - started) / n * 1e6)
    return statistics.median(samples)


def async_per_call_us(n: int, repeats: int) -> float:
    async def run() -> float:
        samples = []
        for _ in range(repeats):
            started = time.thread_time()
            for _ in range(n):
                async with telemetry.span_tool("consultar_pedido"):
                    pass
            samples.append((time.thread_time() - started) / n * 1e6)
        return statistics.median(samples)

    return asyncio.run(run())


class _ToolThenAnswer(Model):
    """Zero-latency model: a tool call, then (after the tool result) the answer — the shape of a
    turn with one tool, 2 model calls; token usage reported, so `record_usage` has work."""

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


def turn_cpu_per_model_call_us(turns: int, repeats: int) -> dict[str, float]:
    """CPU µs per model call of whole turns (`reply`, in-memory store, a coordinator that calls
    one tool then answers: turn > agent > 2 × chat + execute_tool), tracing off vs on (batch
    processor, dropping exporter), alternating off/on rounds so the VM's drift hits both."""
    agent = AgentSpec(name="assistente", tools=["consultar_pedido"])

    async def run(round_: int, on: bool) -> float:
        if on:
            telemetry.configure({}, exporter=DropExporter(), batch=True)
        try:
            app = RoutingChatManager(
                agent, model=_ToolThenAnswer(), tools=[consultar_pedido], store="memory://"
            )
            for i in range(50):  # warm-up
                await app.reply(f"w{round_}-{i}", "cadê meu pedido?", user_id="u")
            started = time.thread_time()
            for i in range(turns):
                await app.reply(f"s{round_}-{i}", "cadê meu pedido?", user_id="u")
            return (time.thread_time() - started) / (turns * 2) * 1e6
        finally:
            telemetry.reset()

    samples: dict[str, list[float]] = {"off": [], "on": []}
    for round_ in range(repeats):
        samples["off"].append(asyncio.run(run(2 * round_, False)))
        samples["on"].append(asyncio.run(run(2 * round_ + 1, True)))
    return {mode: statistics.median(values) for mode, values in samples.items()}


def reference_us() -> float:
    samples = []
    for _ in range(50):
        started = time.thread_time()
        sum(range(1000))
        samples.append((time.thread_time() - started) * 1e6)
    return statistics.median(samples)


def main(argv: list[str]) -> dict[str, Any]:
    parser = argparse.ArgumentParser()
    parser.add_argument("--full", action="store_true")
    parser.add_argument("--out")
    args = parser.parse_args(argv)
    scale = 10 if args.full else 1
    n_off, n_on, repeats = 20_000 * scale, 2_000 * scale, 5

    memory = InMemorySpanExporter()
    modes: dict[str, Callable[[], bool]] = {
        "off": lambda: telemetry.configure({}),
        "memory": lambda: telemetry.configure({}, exporter=memory),
        "batch": lambda: telemetry.configure({}, exporter=DropExporter(), batch=True),
    }
    results: dict[str, Any] = {
        "reference_us": reference_us(),
        "python": sys.version.split()[0],
        "loops": {"off": n_off, "on": n_on, "repeats": repeats},
    }
    table: dict[str, dict[str, float]] = {name: {} for name in HELPERS}
    table["async with span_tool"] = {}
    for mode, setup in modes.items():
        on = setup()
        assert on == (mode != "off")
        n = n_off if mode == "off" else n_on
        for name, fn in HELPERS.items():
            loops = max(n // 5, 1) if name.startswith("typical") else n
            table[name][mode] = per_call_us(fn, loops, repeats, memory.clear)
        table["async with span_tool"][mode] = async_per_call_us(n, repeats)
        telemetry.reset()
    results["us_per_call"] = table
    turns = 400 * scale
    results["turn_cpu_us_per_model_call"] = turn_cpu_per_model_call_us(turns, repeats)
    results["turn_loops"] = {"turns": turns, "model_calls_per_turn": 2, "repeats": repeats}
    results["reference_us_after"] = reference_us()

    print(f"reference sum(range(1000)): {results['reference_us']:.1f} µs")
    print(f"{'helper':34} {'off':>9} {'memory':>9} {'batch':>9}")
    for name, row in table.items():
        print(f"{name:34} {row['off']:9.3f} {row['memory']:9.2f} {row['batch']:9.2f}")
    turn = results["turn_cpu_us_per_model_call"]
    print(
        f"turn, CPU µs per model call: off {turn['off']:.1f}, on {turn['on']:.1f} "
        f"(+{turn['on'] - turn['off']:.1f})"
    )
    if args.out:
        with open(args.out, "w") as file:
            json.dump(results, file, indent=2)
    return results


if __name__ == "__main__":
    main(sys.argv[1:])
