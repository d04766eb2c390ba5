"""Model ids to hosted models: `provider:name` → a configured `Model`.

- `openai:gpt-4o-mini` → OpenAICompatModel, `OPENAI_BASE_URL` or https://api.openai.com/v1 (as
  the official SDK), `OPENAI_API_KEY`
- `anthropic:claude-sonnet-4-0` → AnthropicModel, api.anthropic.com or `ANTHROPIC_BASE_URL`,
  `ANTHROPIC_API_KEY`
- `deepseek:deepseek-chat` → OpenAICompatModel, https://api.deepseek.com, `DEEPSEEK_API_KEY`
- `gemini:gemini-2.0-flash` → OpenAICompatModel,
  https://generativelanguage.googleapis.com/v1beta/openai/, `GEMINI_API_KEY`
- `ollama:llama3.2` → OpenAICompatModel, `OLLAMA_BASE_URL` or http://localhost:11434/v1, no key
- `openai-compat:<name>` (vLLM, llama.cpp server, a proxy…) → OpenAICompatModel, `base_url=` or
  `OPENAI_BASE_URL` (required), `OPENAI_API_KEY` if set

Timeouts and retries: `timeout=` / `max_retries=`, else `SWITCHBOARD_MODEL_TIMEOUT_SECONDS` (default
60) and `SWITCHBOARD_MODEL_MAX_RETRIES` (default 2, the SDKs' own retry of 429/5xx/connection
errors with backoff). A chat turn waits up to timeout × (retries + 1) for a model that hangs, so
deployments under a request deadline lower them.

More providers come from distributions: an entry point in the `switchboard.providers` group names
a `Provider` (like openai-agents' provider map, one prefix → one provider). An OpenAI-compatible
server needs only the row (`adapter="openai"`); another wire format gives `adapter` a
`ModelFactory`, called with the resolved `ModelCall` (key, URL, timeout, retries).

`scripted` and `embedded` are not built from an id: a `ScriptedModel` is passed as an instance, and
the embedded model is built per agent from its offline policy (see `models/source.py`).
Provider SDKs are imported only when a model is built.
"""

from __future__ import annotations

import math
import os
from collections.abc import Mapping
from dataclasses import dataclass
from importlib.metadata import entry_points
from typing import Literal, Protocol

from switchboard.core.errors import ConfigurationError
from switchboard.models.base import Model

DEFAULT_OPENAI_MODEL = "openai:gpt-4o-mini"
DEFAULT_ANTHROPIC_MODEL = "anthropic:claude-3-5-haiku-latest"
TIMEOUT_ENV = "SWITCHBOARD_MODEL_TIMEOUT_SECONDS"
MAX_RETRIES_ENV = "SWITCHBOARD_MODEL_MAX_RETRIES"
DEFAULT_TIMEOUT = 60.0
DEFAULT_MAX_RETRIES = 2
PROVIDERS_GROUP = "switchboard.providers"
"""Entry-point group of providers from other distributions (each names a `Provider`)."""


@dataclass(frozen=True, slots=True)
class ModelCall:
    """What `resolve_model` resolved for one id, handed to a provider's `ModelFactory`."""

    model_id: str
    """The full id, `provider:name`."""
    name: str
    """The provider's own model name."""
    api_key: str | None
    base_url: str | None
    timeout: float
    max_retries: int


class ModelFactory(Protocol):
    """Builds the `Model` of a provider whose wire format no built-in adapter speaks."""

    def __call__(self, call: ModelCall) -> Model: ...


@dataclass(frozen=True)
class Provider:
    """A model provider by name: its adapter (OpenAI-compatible, Anthropic or a factory), key
    variable and endpoint, so a provider is data rather than code."""

    name: str
    adapter: Literal["openai", "anthropic"] | ModelFactory
    """A built-in adapter (the OpenAI-compatible or the Anthropic SDK), or a factory."""
    key_env: str | None
    """Environment variable holding the API key; None when the server needs none."""
    key_required: bool = True
    base_url: str | None = None
    """Default endpoint; None leaves it to the SDK."""
    base_url_env: str | None = None
    """Environment variable overriding `base_url`."""
    base_url_required: bool = False
    max_tokens_param: Literal["max_tokens", "max_completion_tokens"] = "max_tokens"


PROVIDERS: dict[str, Provider] = {
    p.name: p
    for p in [
        # OpenAI's reasoning models refuse `max_tokens`; every OpenAI chat model takes the new name.
        # `OPENAI_BASE_URL` is honoured exactly as the official SDK honours it: gateways and
        # proxies in front of OpenAI (Azure APIM, LiteLLM, corporate egress) are common.
        Provider(
            "openai",
            "openai",
            "OPENAI_API_KEY",
            base_url="https://api.openai.com/v1",
            base_url_env="OPENAI_BASE_URL",
            max_tokens_param="max_completion_tokens",
        ),
        Provider("anthropic", "anthropic", "ANTHROPIC_API_KEY", base_url_env="ANTHROPIC_BASE_URL"),
        Provider("deepseek", "openai", "DEEPSEEK_API_KEY", base_url="https://api.deepseek.com"),
        Provider(
            "gemini",
            "openai",
            "GEMINI_API_KEY",
            base_url="https://generativelanguage.googleapis.com/v1beta/openai/",
        ),
        Provider(
            "ollama",
            "openai",
            None,
            key_required=False,
            base_url="http://localhost:11434/v1",
            base_url_env="OLLAMA_BASE_URL",
        ),
        Provider(
            "openai-compat",
            "openai",
            "OPENAI_API_KEY",
            key_required=False,
            base_url_env="OPENAI_BASE_URL",
            base_url_required=True,
        ),
    ]
}

_NOT_FROM_ID = {
    "scripted": "the scripted model is not built from an id: pass a ScriptedModel instance "
    "(e.g. RoutingChatManager(model=ScriptedModel([...])))",
    "embedded": "the embedded model is built per agent from its offline policy: use "
    "`switchboard.models.embedded.EmbeddedModel(policy)` or leave the model id to "
    "ModelSource",
}


def providers() -> dict[str, Provider]:
    """The built-in providers, then those of the `switchboard.providers` entry points (read on
    each call: a distribution installed at run time is seen). An entry point whose name differs
    from its provider's, or that is not a `Provider`, is a configuration error; one may not
    replace a built-in provider (an id must mean the same model everywhere)."""
    found = dict(PROVIDERS)
    for entry in entry_points(group=PROVIDERS_GROUP):
        provider = entry.load()
        if not isinstance(provider, Provider) or provider.name != entry.name:
            raise ConfigurationError(
                f"entry point {entry.name!r} of {PROVIDERS_GROUP} must name a Provider called "
                f"{entry.name!r} ({entry.value})",
                provider=entry.name,
            )
        if entry.name in PROVIDERS:
            raise ConfigurationError(
                f"provider {entry.name!r} is built in; register yours under another name",
                provider=entry.name,
            )
        found[entry.name] = provider
    return found


def parse_model_id(model_id: str) -> tuple[Provider, str]:
    """`"deepseek:deepseek-chat"` → (the DeepSeek provider, `"deepseek-chat"`).

    Only the first colon separates: Ollama tags such as `ollama:llama3.2:3b` keep theirs."""
    model_id = model_id.strip()
    if model_id in _NOT_FROM_ID:
        raise ConfigurationError(_NOT_FROM_ID[model_id], model=model_id)
    provider_name, sep, name = model_id.partition(":")
    known = providers()
    if not sep or not name.strip():
        raise ConfigurationError(
            f"model id {model_id!r} is not of the form provider:model "
            f"(providers: {', '.join(known)}; or scripted, embedded)",
            model=model_id,
        )
    provider = known.get(provider_name.lower())
    if provider is None:
        raise ConfigurationError(
            f"unknown model provider {provider_name!r} in {model_id!r}; known: {', '.join(known)}",
            model=model_id,
        )
    return provider, name.strip()


def resolve_model(
    model_id: str,
    *,
    env: Mapping[str, str] | None = None,
    api_key: str | None = None,
    base_url: str | None = None,
    timeout: float | None = None,
    max_retries: int | None = None,
) -> Model:
    """Build the hosted model named by `model_id`.

    `api_key` / `base_url` / `timeout` / `max_retries` override what the environment (`env`,
    default `os.environ`) says. Raises `ConfigurationError` for an unknown or malformed id, a
    missing key (naming the variable to set, never showing a value), an `openai-compat` id
    without a base URL or an unreadable timeout/retries variable.
    """
    env = os.environ if env is None else env
    if timeout is None:
        timeout = _number(env, TIMEOUT_ENV, DEFAULT_TIMEOUT, whole=False)
    if max_retries is None:
        max_retries = int(_number(env, MAX_RETRIES_ENV, DEFAULT_MAX_RETRIES, whole=True))
    provider, name = parse_model_id(model_id)
    full_id = f"{provider.name}:{name}"
    key = api_key or _env(env, provider.key_env)
    if provider.key_required and not key:
        raise ConfigurationError(
            f"model {full_id!r} needs an API key: set the {provider.key_env} environment variable",
            model=full_id,
            env_var=provider.key_env,
        )
    url = base_url or _env(env, provider.base_url_env) or provider.base_url
    if provider.base_url_required and not url:
        raise ConfigurationError(
            f"model {full_id!r} needs the server's base URL: set {provider.base_url_env} "
            "(e.g. http://localhost:8000/v1 for vLLM, http://localhost:8080/v1 for llama.cpp)",
            model=full_id,
            env_var=provider.base_url_env,
        )
    if callable(provider.adapter):
        call = ModelCall(full_id, name, key, url, timeout=timeout, max_retries=max_retries)
        return provider.adapter(call)
    if provider.adapter == "anthropic":
        from switchboard.models.anthropic import AnthropicModel

        assert key is not None
        return AnthropicModel(full_id, name, key, url, timeout=timeout, max_retries=max_retries)
    from switchboard.models.openai_compat import OpenAICompatModel

    return OpenAICompatModel(
        full_id,
        name,
        key,
        url,
        timeout=timeout,
        max_retries=max_retries,
        max_tokens_param=provider.max_tokens_param,
    )


def default_model_id(env: Mapping[str, str] | None = None) -> str:
    """`SWITCHBOARD_MODEL`, else a hosted model whose key is present, else `embedded`."""
    env = os.environ if env is None else env
    if explicit := _env(env, "SWITCHBOARD_MODEL"):
        return explicit
    if _env(env, "OPENAI_API_KEY"):
        return DEFAULT_OPENAI_MODEL
    if _env(env, "ANTHROPIC_API_KEY"):
        return DEFAULT_ANTHROPIC_MODEL
    return "embedded"


def _number(env: Mapping[str, str], name: str, default: float, *, whole: bool) -> float:
    """A positive number (`whole`: a count, 0 allowed) from `name`, else `default`."""
    raw = _env(env, name)
    if raw is None:
        return default
    try:
        value = float(raw)
    except ValueError:
        value = math.nan
    valid = math.isfinite(value) and (value >= 0 and value.is_integer() if whole else value > 0)
    if not valid:
        wanted = "a whole number ≥ 0" if whole else "a number of seconds > 0"
        raise ConfigurationError(f"{name} must be {wanted}, not {raw!r}", env_var=name)
    return value


def _env(env: Mapping[str, str], name: str | None) -> str | None:
    if name is None:
        return None
    value = env.get(name, "").strip()
    return value or None
