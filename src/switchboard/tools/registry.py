"""Runs tools on behalf of agents: argument validation, timeout, TTL cache, ordered fallbacks.

A failing tool never crashes a run: the failure becomes a `ToolResult(ok=False)` whose text the
model reads and can recover from.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Iterable
from typing import Any

from pydantic import BaseModel

from switchboard.core.clock import SYSTEM_CLOCK, Clock, SystemClock
from switchboard.core.errors import ConfigurationError
from switchboard.models.base import ToolSchema
from switchboard.tools.tool import Tool, ToolArgumentsError, ToolContext, ToolResult

log = logging.getLogger(__name__)


class ToolTimeoutError(Exception):
    pass


class ToolRegistry:
    """The tools agents may call, by name: their schemas for the model, and execution with
    timeouts, caching and fallbacks."""

    def __init__(self, tools: Iterable[Tool] = (), *, clock: Clock = SYSTEM_CLOCK) -> None:
        self._tools: dict[str, Tool] = {}
        self._schemas: dict[str, ToolSchema] = {}
        self._cache: dict[tuple[str, ...], tuple[float, str]] = {}
        self._clock = clock
        for item in tools:
            self.register(item)

    def register(self, item: Tool) -> Tool:
        self._tools[item.name] = item
        self._schemas[item.name] = ToolSchema(
            name=item.name, description=item.description, parameters=item.parameters
        )
        return item

    def __contains__(self, name: str) -> bool:
        return name in self._tools

    def get(self, name: str) -> Tool | None:
        return self._tools.get(name)

    def names(self) -> list[str]:
        return list(self._tools)

    def merged(self, other: ToolRegistry) -> ToolRegistry:
        combined = ToolRegistry(self._tools.values(), clock=self._clock)
        for item in other._tools.values():
            combined.register(item)
        return combined

    def schemas(self, names: Iterable[str]) -> list[ToolSchema]:
        schemas = []
        for name in names:
            schema = self._schemas.get(name)
            if schema is None:
                raise ConfigurationError(f"tool {name!r} is not registered", tool=name)
            schemas.append(schema)
        return schemas

    async def execute(
        self, name: str, raw_arguments: str | dict[str, Any], context: ToolContext
    ) -> ToolResult:
        started = time.perf_counter()
        item = self._tools.get(name)
        if item is None:
            return _failed(
                f"a ferramenta '{name}' não existe. Ferramentas disponíveis: "
                f"{', '.join(self._tools) or 'nenhuma'}.",
                started,
            )
        try:
            arguments = item.parse_arguments(raw_arguments)
        except ToolArgumentsError as exc:
            return _failed(f"{exc} — corrija os argumentos e tente de novo.", started)
        result = await self._run_with_fallbacks(item, arguments, context)
        result.ms = (time.perf_counter() - started) * 1000
        return result

    async def _run_with_fallbacks(
        self, item: Tool, arguments: dict[str, Any], context: ToolContext
    ) -> ToolResult:
        first_error = ""
        for candidate_name in [item.name, *item.fallbacks]:
            candidate = self._tools.get(candidate_name)
            if candidate is None:
                log.warning("fallback tool %s of %s is not registered", candidate_name, item.name)
                continue
            try:
                output, cached = await self._run_once(candidate, arguments, context)
            except Exception as exc:
                reason = _describe(exc, candidate)
                log.warning(
                    "tool %s failed: %s",
                    candidate.name,
                    reason,
                    extra={"session_id": context.session_id},
                )
                first_error = first_error or reason
                continue
            via = None if candidate is item else candidate.name
            return ToolResult(ok=True, output=output, cached=cached, via_fallback=via)
        return ToolResult(
            ok=False, output=f"ERRO: a ferramenta '{item.name}' falhou: {first_error}"
        )

    async def _run_once(
        self, item: Tool, arguments: dict[str, Any], context: ToolContext
    ) -> tuple[str, bool]:
        key = _cache_key(item, arguments, context) if item.cache_ttl else ()
        if item.cache_ttl:
            hit = self._cache.get(key)
            if hit and hit[0] > self._clock.monotonic():
                return hit[1], True
        call = item.invoke(arguments, context)
        value = await (_with_timeout(call, item.timeout, self._clock) if item.timeout else call)
        output = render_output(value)
        if item.cache_ttl:
            self._remember(key, self._clock.monotonic() + item.cache_ttl, output)
        return output, False

    def _remember(self, key: tuple[str, ...], expires: float, output: str) -> None:
        """Cache `output`; past `CACHE_LIMIT` entries the expired ones go first, then the
        oldest, so a long-lived registry's cache stays bounded."""
        cache = self._cache
        if len(cache) >= CACHE_LIMIT:
            now = self._clock.monotonic()
            for stale in [k for k, (until, _) in cache.items() if until <= now]:
                del cache[stale]
            while len(cache) >= CACHE_LIMIT:
                del cache[next(iter(cache))]
        cache[key] = (expires, output)


CACHE_LIMIT = 4096
"""Most cached tool outputs one registry keeps."""


def _cache_key(item: Tool, arguments: dict[str, Any], context: ToolContext) -> tuple[str, ...]:
    """What a cached output depends on: the tool and its arguments and, for a tool that reads
    its `ToolContext`, the whole context — the user first (one user's data must never answer
    another's call), the session, the agent and the extras (a job's working directory, …)."""
    arguments_json = json.dumps(arguments, sort_keys=True, default=str)
    if not item.reads_context:
        return (item.name, arguments_json)
    extras = json.dumps(context.extras, sort_keys=True, default=repr)
    return (item.name, arguments_json, context.user_id, context.session_id, context.agent, extras)


async def _with_timeout(awaitable: Any, seconds: float, clock: Clock) -> Any:
    """Race the call against the injectable clock, so timeouts are testable without sleeping.
    On the system clock the call runs in the caller's task under `asyncio.timeout` (a timer):
    the race costs two tasks and `asyncio.wait` per tool call, on the path of every turn that
    calls a tool (issue 22.4)."""
    if isinstance(clock, SystemClock):
        bound = asyncio.timeout(seconds)
        try:
            async with bound:
                return await awaitable
        except TimeoutError:
            if not bound.expired():  # the tool's own TimeoutError: its failure, not ours
                raise
        raise ToolTimeoutError(f"tempo esgotado após {seconds:g}s")
    task = asyncio.ensure_future(awaitable)
    timer = asyncio.ensure_future(clock.sleep(seconds))
    try:
        done, _ = await asyncio.wait({task, timer}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        timer.cancel()
    if task in done:
        return task.result()
    task.cancel()
    raise ToolTimeoutError(f"tempo esgotado após {seconds:g}s")


def render_output(value: Any) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, BaseModel):
        return value.model_dump_json()
    return json.dumps(value, ensure_ascii=False, default=str)


def _describe(exc: Exception, item: Tool) -> str:
    if isinstance(exc, ToolTimeoutError):
        return str(exc)
    return f"{type(exc).__name__}: {exc}"


def _failed(message: str, started: float) -> ToolResult:
    return ToolResult(
        ok=False, output=f"ERRO: {message}", ms=(time.perf_counter() - started) * 1000
    )
