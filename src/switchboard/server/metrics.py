"""Prometheus metrics: HTTP requests and latency, chat runs, model calls and tokens per agent,
errors by code. One registry per app instance, so several apps (and tests) never collide.

A chat turn updates ~17 metric children (requests, latency, first event, runs, the active
streams gauge, and per model call its count, latency and tokens); through prometheus_client each
update is 4–5 Python calls and a lock (~74 calls per turn, issue 22.4). The hot children are
`Tally`s instead: plain numbers (and a list of observations for histograms) added into the real
children whenever the registry is collected — a collector registered first flushes them, so
`/metrics` and anything else reading the registry sees every update made before it."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator
from typing import Any

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from switchboard.core.errors import SwitchboardError
from switchboard.models.base import Model, ModelRequest, ModelResponse, ResponseDone, StreamChunk
from switchboard.models.source import ModelSource

_LATENCY_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60)


FLUSH_OBSERVATIONS = 4096
"""A histogram tally keeps at most this many observations between collections."""


class Tally:
    """A metric child's updates since the registry was last collected (see the module
    docstring): `inc`, `dec` and `observe` as on the child, `flush` hands them over."""

    __slots__ = ("_child", "_observed", "_total")

    def __init__(self, child: Any) -> None:
        self._child = child
        self._total = 0.0
        self._observed: list[float] = []

    def inc(self, amount: float = 1) -> None:
        if amount < 0:
            raise ValueError("counters can only be incremented by non-negative amounts")
        self._total += amount

    def dec(self, amount: float = 1) -> None:
        """Gauges only."""
        self._total -= amount

    def observe(self, amount: float) -> None:
        observed = self._observed
        observed.append(amount)
        if len(observed) >= FLUSH_OBSERVATIONS:
            self.flush()

    def flush(self) -> None:
        total, self._total = self._total, 0.0
        if total:
            self._child.inc(total)
        if self._observed:
            observed, self._observed = self._observed, []
            for amount in observed:
                self._child.observe(amount)


class _Flush:
    """A collector with no metrics of its own that flushes the tallies: registered before every
    metric, so a collection adds them up before reading any."""

    def __init__(self, tallies: dict[tuple[str, ...], Tally]) -> None:
        self._tallies = tallies

    def describe(self) -> list[Any]:
        return []

    def collect(self) -> list[Any]:
        for tally in list(self._tallies.values()):
            tally.flush()
        return []


class Metrics:
    def __init__(self) -> None:
        r = self.registry = CollectorRegistry(auto_describe=True)
        self._children: dict[tuple[str, ...], Tally] = {}
        r.register(_Flush(self._children))
        self.requests = Counter(
            "switchboard_http_requests",
            "HTTP requests handled.",
            ["method", "route", "status"],
            registry=r,
        )
        self.latency = Histogram(
            "switchboard_http_request_duration_seconds",
            "Time from request to the end of the response.",
            ["method", "route"],
            buckets=_LATENCY_BUCKETS,
            registry=r,
        )
        self.first_event = Histogram(
            "switchboard_chat_first_event_seconds",
            "Time from request to the first streamed event.",
            ["endpoint"],
            buckets=_LATENCY_BUCKETS,
            registry=r,
        )
        self.runs = Counter(
            "switchboard_chat_runs", "Chat runs started.", ["app", "endpoint"], registry=r
        )
        self.active_streams = Gauge(
            "switchboard_chat_active_streams", "Streams in progress.", registry=r
        )
        self.model_calls = Counter(
            "switchboard_model_calls", "Model calls.", ["app", "agent"], registry=r
        )
        self.model_latency = Histogram(
            "switchboard_model_call_duration_seconds",
            "Model call latency.",
            ["app", "agent"],
            buckets=_LATENCY_BUCKETS,
            registry=r,
        )
        self.tokens = Counter(
            "switchboard_model_tokens", "Tokens used.", ["app", "agent", "kind"], registry=r
        )
        self.errors = Counter("switchboard_errors", "Errors by code.", ["code"], registry=r)
        self.feedback = Counter(
            "switchboard_feedback",
            "Answers rated, by app and rating.",
            ["app", "rating"],
            registry=r,
        )

        self._active = self.child(self.active_streams)

    def streams_opened(self) -> None:
        self._active.inc()

    def streams_closed(self) -> None:
        self._active.dec()

    def render(self) -> bytes:
        return generate_latest(self.registry)

    def error(self, code: str) -> None:
        self.child(self.errors, code).inc()

    def child(self, metric: Any, *labels: str) -> Tally:
        """`metric.labels(*labels)` as a `Tally`, cached: `labels()` costs more than the
        increment (a metric without labels is its own child)."""
        key = (metric._name, *labels)
        found = self._children.get(key)
        if found is None:
            found = self._children[key] = Tally(metric.labels(*labels) if labels else metric)
        return found


class MetricsMiddleware:
    """Counts every request by method, route template and status; latency until the last byte."""

    def __init__(self, app: ASGIApp, *, metrics: Metrics) -> None:
        self.app = app
        self.metrics = metrics

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        status = 500

        async def send_wrapper(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            await send(message)

        try:
            await self.app(scope, receive, send_wrapper)
        finally:
            route = scope.get("route")
            template = getattr(route, "path", None) or "unmatched"
            method = scope["method"]
            m = self.metrics
            m.child(m.requests, method, template, str(status)).inc()
            m.child(m.latency, method, template).observe(time.perf_counter() - started)


class MeteredModel(Model):
    """Counts calls, latency and tokens of one agent's model."""

    def __init__(self, inner: Model, *, app: str, agent: str, metrics: Metrics) -> None:
        self.inner = inner
        self.model_id = inner.model_id
        self._metrics = metrics
        self._calls = metrics.child(metrics.model_calls, app, agent)
        self._latency = metrics.child(metrics.model_latency, app, agent)
        self._input = metrics.child(metrics.tokens, app, agent, "input")
        self._output = metrics.child(metrics.tokens, app, agent, "output")

    async def complete(self, request: ModelRequest) -> ModelResponse:
        started = time.perf_counter()
        try:
            response = await self.inner.complete(request)
        except SwitchboardError as exc:
            self._metrics.error(exc.code)
            raise
        self._record(response, started)
        return response

    async def stream(self, request: ModelRequest) -> AsyncIterator[StreamChunk]:
        started = time.perf_counter()
        try:
            async for chunk in self.inner.stream(request):
                if isinstance(chunk, ResponseDone):
                    self._record(chunk.response, started)
                yield chunk
        except SwitchboardError as exc:
            self._metrics.error(exc.code)
            raise

    async def aclose(self) -> None:
        await self.inner.aclose()

    def _record(self, response: ModelResponse, started: float) -> None:
        self._calls.inc()
        self._latency.observe(time.perf_counter() - started)
        self._input.inc(response.usage.input_tokens)
        self._output.inc(response.usage.output_tokens)


def instrument(models: ModelSource, *, app: str, metrics: Metrics) -> None:
    """Meter an app's model calls (a second call replaces the first: no double counting)."""
    models.set_wrapper(
        "metrics",
        lambda agent, model: MeteredModel(model, app=app, agent=agent.name, metrics=metrics),
    )
