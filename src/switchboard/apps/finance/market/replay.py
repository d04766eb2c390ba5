"""Recorded-fixture replay for market providers, with faults injected on demand.

`FixtureTransport` is an `httpx.MockTransport`: a provider given
`httpx.AsyncClient(transport=FixtureTransport("brapi"))` runs its real HTTP and parsing code
against the JSON files in `fixtures/<provider>/`. Each file is one interaction:

    {"request": {"method": "GET", "path": "/api/quote/PETR4", "query": {}},
     "response": {"status": 200, "body": {...}}}

A request matches the first interaction with the same method and path whose `query` items are
all in the request's query string (an empty `query` matches any); `_not_found.json` answers
everything else. The files follow the providers' documented response shapes; their VALUES are
illustrative, not market data (see the README in this package).

Faults are per transport (so per provider) and per path glob, until cleared or `times` runs out:
`HTTP_500`, `TIMEOUT` (raises `httpx.ReadTimeout` at once), `DELAY` (sleeps `delay_s` on the
injected clock, then answers normally: with a `ManualClock` this is how a deadline is tested
without real waiting), `GARBAGE` (200 with an HTML body) and `WRONG_SHAPE` (200 with JSON that
has none of the expected fields).
"""

from __future__ import annotations

import fnmatch
import json
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any

import httpx

from switchboard import Clock
from switchboard.core import SYSTEM_CLOCK

FIXTURES_DIR = Path(__file__).parent / "fixtures"


class Fault(StrEnum):
    HTTP_500 = "http_500"
    TIMEOUT = "timeout"
    DELAY = "delay"
    GARBAGE = "garbage"
    WRONG_SHAPE = "wrong_shape"


@dataclass(slots=True)
class _FaultRule:
    pattern: str
    fault: Fault
    delay_s: float
    times: int | None


@dataclass(frozen=True, slots=True)
class _Interaction:
    method: str
    path: str
    query: dict[str, str]
    status: int
    body: Any


def _load(directory: Path) -> tuple[list[_Interaction], _Interaction | None]:
    interactions: list[_Interaction] = []
    fallback: _Interaction | None = None
    for file in sorted(directory.glob("*.json")):
        record = json.loads(file.read_text(encoding="utf-8"))
        request, response = record.get("request"), record["response"]
        interaction = _Interaction(
            method=(request or {}).get("method", "GET"),
            path=(request or {}).get("path", ""),
            query=dict((request or {}).get("query", {})),
            status=int(response["status"]),
            body=response["body"],
        )
        if request is None:
            fallback = interaction
        else:
            interactions.append(interaction)
    # The most specific interactions (more query items) are tried first.
    interactions.sort(key=lambda item: -len(item.query))
    return interactions, fallback


class FixtureTransport(httpx.MockTransport):
    def __init__(
        self, provider: str, *, root: Path = FIXTURES_DIR, clock: Clock = SYSTEM_CLOCK
    ) -> None:
        super().__init__(self._handle)
        self.provider = provider
        self._clock = clock
        self._interactions, self._not_found = _load(root / provider)
        self._faults: list[_FaultRule] = []
        self.requests: list[httpx.Request] = []
        """Every request received, in order (faulted ones included)."""

    def fail(
        self,
        fault: Fault = Fault.HTTP_500,
        path: str = "*",
        *,
        delay_s: float = 3600.0,
        times: int | None = None,
    ) -> None:
        """Make requests whose path matches the glob `path` fail with `fault` (`times` times, or
        until `clear`). Later rules win over earlier ones."""
        self._faults.insert(0, _FaultRule(path, fault, delay_s, times))

    def clear(self) -> None:
        self._faults.clear()

    async def _handle(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        rule = self._fault_for(request.url.path)
        if rule is not None:
            if rule.fault is Fault.TIMEOUT:
                raise httpx.ReadTimeout("fixture: injected timeout", request=request)
            if rule.fault is Fault.HTTP_500:
                return httpx.Response(500, text="Internal Server Error")
            if rule.fault is Fault.GARBAGE:
                return httpx.Response(200, text="<html><body>Bad gateway</body></html>")
            if rule.fault is Fault.WRONG_SHAPE:
                return httpx.Response(200, json={"unexpected": [1, 2, 3]})
            await self._clock.sleep(rule.delay_s)
        interaction = self._match(request)
        if interaction is None:
            return httpx.Response(404, json={"error": "no fixture"})
        return httpx.Response(interaction.status, json=interaction.body)

    def _fault_for(self, path: str) -> _FaultRule | None:
        for rule in self._faults:
            if fnmatch.fnmatchcase(path, rule.pattern):
                if rule.times is not None:
                    rule.times -= 1
                    if rule.times <= 0:
                        self._faults.remove(rule)
                return rule
        return None

    def _match(self, request: httpx.Request) -> _Interaction | None:
        path = request.url.path
        params = request.url.params
        for interaction in self._interactions:
            if interaction.method != request.method or interaction.path != path:
                continue
            if all(params.get(key) == value for key, value in interaction.query.items()):
                return interaction
        return self._not_found
