"""Provider SDK failures → Switchboard's typed model errors.

The official `openai` and `anthropic` SDKs share one exception hierarchy (same class names,
same meaning), so one mapping serves both; the SDK is imported by name, lazily.
"""

from __future__ import annotations

import importlib
import json
import logging
from typing import Any, Literal

from switchboard.core.errors import ModelError, ModelResponseError, ModelTimeoutError

logger = logging.getLogger(__name__)

NO_KEY = "no-key"
"""Sent when a provider needs no key, so an SDK never falls back to a key from the environment."""


class ProviderErrors:
    """Context manager turning SDK and parsing failures into Switchboard's typed model errors,
    through `map_error`. Errors already typed pass through untouched."""

    def __init__(self, sdk_name: str, model_id: str, timeout: float, api_key: str | None) -> None:
        self.sdk_name = sdk_name
        self.model_id = model_id
        self.timeout = timeout
        self.api_key = api_key

    def __enter__(self) -> None:
        return None

    def __exit__(self, exc_type: Any, exc: BaseException | None, tb: Any) -> Literal[False]:
        if exc is None or not isinstance(exc, Exception) or isinstance(exc, ModelError):
            return False
        raise map_error(
            exc, self.sdk_name, self.model_id, timeout=self.timeout, secrets=[self.api_key]
        ) from exc


def map_error(
    exc: Exception, sdk_name: str, model_id: str, *, timeout: float, secrets: list[str | None]
) -> ModelError:
    """Messages carry the provider's own error text (truncated, secrets scrubbed) and the HTTP
    status in `context["status"]`; never the request headers."""
    sdk = importlib.import_module(sdk_name)

    if isinstance(exc, sdk.APITimeoutError):
        error: ModelError = ModelTimeoutError(
            f"{model_id} did not answer within {timeout:g}s", model=model_id, timeout=timeout
        )
    elif isinstance(exc, sdk.APIStatusError) and exc.status_code >= 400:
        detail = safe_detail(exc.body if exc.body is not None else exc.message, secrets)
        error = ModelError(
            f"{model_id} failed with HTTP {exc.status_code}: {detail}",
            model=model_id,
            status=exc.status_code,
        )
    elif isinstance(exc, sdk.APIConnectionError):
        error = ModelError(
            f"{model_id} could not be reached: {type(exc.__cause__).__name__}", model=model_id
        )
    elif isinstance(exc, sdk.APIResponseValidationError | ValueError | AttributeError):
        # Non-JSON bodies and SSE lines, pydantic validation (ValueError), events missing their
        # fields (AttributeError): the server answered with something we cannot use.
        error = ModelResponseError(
            f"{model_id} sent a response that cannot be read: "
            f"{type(exc).__name__}: {safe_detail(str(exc), secrets)}",
            model=model_id,
        )
    elif isinstance(exc, sdk.APIError):
        # An `error` event inside a stream that had started fine (e.g. overloaded).
        detail = safe_detail(exc.body if exc.body is not None else exc.message, secrets)
        error = ModelError(f"{model_id} reported an error mid-stream: {detail}", model=model_id)
    else:
        error = ModelError(f"{model_id} failed: {type(exc).__name__}", model=model_id)
    logger.warning(
        "model call failed: %s", error.message, extra={"model": model_id, "code": error.code}
    )
    return error


def safe_detail(body: Any, secrets: list[str | None], limit: int = 300) -> str:
    """The provider's error message, scrubbed of secrets and cut to `limit` characters."""
    if isinstance(body, dict):
        inner = body.get("error", body)
        if isinstance(inner, dict):
            body = inner.get("message") or json.dumps(inner, ensure_ascii=False)
        else:
            body = str(inner)
    text = str(body)
    for secret in secrets:
        if secret and secret != NO_KEY and len(secret) >= 4:
            text = text.replace(secret, "***")
    return text if len(text) <= limit else text[:limit] + "…"
