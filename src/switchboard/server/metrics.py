"""Prometheus metrics: HTTP requests and latency, chat runs, model calls and tokens per agent,
errors by code. One registry per app instance, so several apps (and tests) never collide."""

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


class Metrics:
    def __init__(self) -> None:
        r = self.registry = CollectorRegistry(auto_describe=True)
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

        self._children: dict[tuple[str, ...], Any] = {}

    def render(self) -> bytes:
        return generate_latest(self.registry)

    def error(self, code: str) -> None:
        self.child(self.errors, code).inc()

    def child(self, metric: Any, *labels: str) -> Any:
        """`metric.labels(*labels)`, cached: `labels()` costs more than the increment."""
        key = (metric._name, *labels)
        found = self._children.get(key)
        if found is None:
            found = self._children[key] = metric.labels(*labels)
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
        self._calls = metrics.model_calls.labels(app=app, agent=agent)
        self._latency = metrics.model_latency.labels(app=app, agent=agent)
        self._input = metrics.tokens.labels(app=app, agent=agent, kind="input")
        self._output = metrics.tokens.labels(app=app, agent=agent, kind="output")

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
