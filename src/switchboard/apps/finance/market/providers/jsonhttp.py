"""Shared HTTP + tolerant JSON parsing for providers.

`get_json` turns every transport outcome into either parsed JSON or a typed `ProviderError`.
JSON numbers are parsed straight to `Decimal` (`parse_float=Decimal`) so 38.42 stays 38.42.
The `number`/`dig` helpers accept the shapes real APIs mix: plain numbers, numeric strings
("15.00", "15,00"), and Yahoo's {"raw": 0.18, "fmt": "18.00%"} objects.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import UTC, datetime
from decimal import Decimal, InvalidOperation
from typing import Any

import httpx

from switchboard.apps.finance.market.errors import (
    ProviderResponseError,
    ProviderTimeoutError,
    ProviderUnavailableError,
)
from switchboard.apps.finance.market.timefmt import SAO_PAULO


class NotFound(Exception):
    """HTTP 404: the provider maps it to `TickerNotFoundError` or a response error."""

    def __init__(self, body: Any) -> None:
        super().__init__("not found")
        self.body = body


async def get_json(
    client: httpx.AsyncClient,
    url: str,
    *,
    provider: str,
    params: Mapping[str, str] | None = None,
    headers: Mapping[str, str] | None = None,
) -> Any:
    try:
        response = await client.get(url, params=params, headers=headers)
    except httpx.TimeoutException as exc:
        raise ProviderTimeoutError(f"{provider}: {type(exc).__name__}", provider=provider) from exc
    except httpx.HTTPError as exc:
        raise ProviderUnavailableError(
            f"{provider}: {type(exc).__name__}: {exc}", provider=provider
        ) from exc
    body = _decode(response)
    if response.status_code == 404:
        raise NotFound(body)
    if response.status_code >= 400:
        raise ProviderUnavailableError(
            f"{provider}: HTTP {response.status_code}",
            provider=provider,
            status=response.status_code,
        )
    if body is None:
        raise ProviderResponseError(f"{provider}: response is not JSON", provider=provider)
    return body


def _decode(response: httpx.Response) -> Any:
    try:
        return json.loads(response.content, parse_float=Decimal)
    except ValueError:
        return None


def dig(obj: Any, *path: str | int) -> Any:
    """obj[path[0]][path[1]]…, or None as soon as a step is missing or of the wrong type."""
    for step in path:
        if isinstance(step, int):
            if not isinstance(obj, list) or not -len(obj) <= step < len(obj):
                return None
            obj = obj[step]
        else:
            if not isinstance(obj, dict):
                return None
            obj = obj.get(step)
    return obj


def number(value: Any) -> Decimal | None:
    """A finite Decimal from a number, a numeric string, or a {"raw": …} object; else None."""
    if isinstance(value, dict):
        value = value.get("raw")
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, float):
        value = repr(value)
    if isinstance(value, str):
        value = value.strip().replace("%", "")
        if "," in value and "." not in value:
            value = value.replace(",", ".")
    try:
        result = Decimal(value)
    except (InvalidOperation, TypeError, ValueError):
        return None
    return result if result.is_finite() else None


def percent_from_fraction(value: Any) -> Decimal | None:
    """0.18 → 18.00 (Yahoo and brapi's modules send ROE and yields as fractions)."""
    fraction = number(value)
    return None if fraction is None else (fraction * 100).quantize(Decimal("0.01"))


def timestamp(value: Any) -> datetime | None:
    """UTC datetime from epoch seconds or milliseconds, ISO-8601, "DD/MM/YYYY" (a day: noon UTC)
    or "YYYY-MM-DD HH:MM:SS" (São Paulo time, brapi's currency endpoint); None if unparseable."""
    if isinstance(value, int | Decimal) and not isinstance(value, bool):
        seconds = float(value)
        if seconds > 1e11:  # milliseconds
            seconds /= 1000
        return datetime.fromtimestamp(seconds, tz=UTC)
    if not isinstance(value, str) or not value.strip():
        return None
    text = value.strip()
    if text.isdigit():
        return timestamp(int(text))
    try:  # a bare date: noon UTC, so it stays the same day in São Paulo (UTC−3)
        return datetime.strptime(text, "%d/%m/%Y").replace(hour=12, tzinfo=UTC)
    except ValueError:
        pass
    try:  # brapi's currency "updatedAtDate" is São Paulo wall time
        local = datetime.strptime(text, "%Y-%m-%d %H:%M:%S").replace(tzinfo=SAO_PAULO)
        return local.astimezone(UTC)
    except ValueError:
        pass
    try:
        parsed = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        return None
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)
