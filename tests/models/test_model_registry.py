"""Model ids → configured hosted models; missing configuration fails early and says what to set."""

from __future__ import annotations

import pytest
from provider_stub import Reply, StubServer

from switchboard.core.errors import ConfigurationError
from switchboard.core.messages import Message
from switchboard.models.anthropic import AnthropicModel
from switchboard.models.base import ModelRequest
from switchboard.models.openai_compat import OpenAICompatModel
from switchboard.models.provider_errors import NO_KEY
from switchboard.models.registry import default_model_id, parse_model_id, resolve_model

KEY = "sk-registry-secret-0123456789"


@pytest.mark.parametrize(
    ("model_id", "env_var", "base_url", "name"),
    [
        ("openai:gpt-4o-mini", "OPENAI_API_KEY", "https://api.openai.com/v1", "gpt-4o-mini"),
        ("deepseek:deepseek-chat", "DEEPSEEK_API_KEY", "https://api.deepseek.com", "deepseek-chat"),
        (
            "gemini:gemini-2.0-flash",
            "GEMINI_API_KEY",
            "https://generativelanguage.googleapis.com/v1beta/openai/",
            "gemini-2.0-flash",
        ),
    ],
)
async def test_openai_compatible_providers_resolve_to_their_endpoint(
    model_id: str, env_var: str, base_url: str, name: str
) -> None:
    model = resolve_model(model_id, env={env_var: KEY})

    assert isinstance(model, OpenAICompatModel)
    assert (model.model_id, model.model_name, model.base_url) == (model_id, name, base_url)
    assert KEY not in repr(model)
    await model.aclose()


async def test_anthropic_resolves_to_the_anthropic_adapter() -> None:
    model = resolve_model("anthropic:claude-sonnet-4-0", env={"ANTHROPIC_API_KEY": KEY})

    assert isinstance(model, AnthropicModel)
    assert (model.model_id, model.model_name) == (
        "anthropic:claude-sonnet-4-0",
        "claude-sonnet-4-0",
    )
    await model.aclose()


async def test_ollama_needs_no_key_and_keeps_its_tag() -> None:
    model = resolve_model("ollama:llama3.2:3b", env={})

    assert isinstance(model, OpenAICompatModel)
    assert model.model_name == "llama3.2:3b"
    assert model.base_url == "http://localhost:11434/v1"
    await model.aclose()


async def test_ollama_base_url_from_environment() -> None:
    model = resolve_model("ollama:llama3.2", env={"OLLAMA_BASE_URL": "http://gpu-box:11434/v1"})
    assert model.base_url == "http://gpu-box:11434/v1"  # type: ignore[attr-defined]
    await model.aclose()


async def test_openai_compat_takes_base_url_from_openai_base_url() -> None:
    model = resolve_model(
        "openai-compat:qwen2.5-7b", env={"OPENAI_BASE_URL": "http://localhost:8000/v1"}
    )
    assert isinstance(model, OpenAICompatModel)
    assert (model.model_name, model.base_url) == ("qwen2.5-7b", "http://localhost:8000/v1")
    await model.aclose()


def test_openai_compat_without_base_url_says_what_to_set() -> None:
    with pytest.raises(ConfigurationError, match="OPENAI_BASE_URL"):
        resolve_model("openai-compat:qwen2.5-7b", env={})


async def test_openai_ids_honour_openai_base_url_as_the_official_sdk_does() -> None:
    """A gateway in front of OpenAI is configured the way the `openai` SDK reads it."""
    model = resolve_model(
        "openai:gpt-4o", env={"OPENAI_API_KEY": KEY, "OPENAI_BASE_URL": "http://localhost:8000/v1"}
    )
    assert model.base_url == "http://localhost:8000/v1"  # type: ignore[attr-defined]
    await model.aclose()
    default = resolve_model("openai:gpt-4o", env={"OPENAI_API_KEY": KEY})
    assert default.base_url == "https://api.openai.com/v1"  # type: ignore[attr-defined]
    await default.aclose()


@pytest.mark.parametrize(
    ("model_id", "env_var"),
    [
        ("openai:gpt-4o-mini", "OPENAI_API_KEY"),
        ("anthropic:claude-sonnet-4-0", "ANTHROPIC_API_KEY"),
        ("deepseek:deepseek-chat", "DEEPSEEK_API_KEY"),
        ("gemini:gemini-2.0-flash", "GEMINI_API_KEY"),
    ],
)
def test_missing_key_names_the_environment_variable(model_id: str, env_var: str) -> None:
    with pytest.raises(ConfigurationError) as caught:
        resolve_model(model_id, env={"OTHER_API_KEY": KEY, env_var: "  "})

    assert env_var in caught.value.message
    assert caught.value.context["env_var"] == env_var
    assert KEY not in caught.value.message


@pytest.mark.parametrize(
    ("model_id", "hint"),
    [
        ("scripted", "ScriptedModel instance"),
        ("embedded", "offline policy"),
        ("gpt-4o-mini", "provider:model"),
        ("openai:", "provider:model"),
        ("mistral:large", "unknown model provider 'mistral'"),
    ],
)
def test_ids_that_cannot_be_resolved_explain_why(model_id: str, hint: str) -> None:
    with pytest.raises(ConfigurationError, match=hint):
        resolve_model(model_id, env={"OPENAI_API_KEY": KEY})


def test_parse_model_id_splits_on_the_first_colon_only() -> None:
    provider, name = parse_model_id("Ollama:qwen2.5:7b-instruct")
    assert (provider.name, name) == ("ollama", "qwen2.5:7b-instruct")


def test_resolve_reads_os_environ_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DEEPSEEK_API_KEY", KEY)
    assert resolve_model("deepseek:deepseek-chat").model_id == "deepseek:deepseek-chat"
    monkeypatch.delenv("DEEPSEEK_API_KEY")
    with pytest.raises(ConfigurationError, match="DEEPSEEK_API_KEY"):
        resolve_model("deepseek:deepseek-chat")


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        (
            {"SWITCHBOARD_MODEL": "gemini:gemini-2.5-flash", "OPENAI_API_KEY": KEY},
            "gemini:gemini-2.5-flash",
        ),
        ({"OPENAI_API_KEY": KEY, "ANTHROPIC_API_KEY": KEY}, "openai:gpt-4o-mini"),
        ({"ANTHROPIC_API_KEY": KEY}, "anthropic:claude-3-5-haiku-latest"),
        ({"OPENAI_API_KEY": ""}, "embedded"),
        ({}, "embedded"),
    ],
)
def test_default_model_id_prefers_explicit_then_keys_then_embedded(
    env: dict[str, str], expected: str
) -> None:
    assert default_model_id(env) == expected


async def test_resolved_model_talks_to_its_server(stub: StubServer) -> None:
    """End to end: the id picks the key and the wire details (OpenAI's `max_completion_tokens`)."""
    model = resolve_model(
        "openai:gpt-4o-mini", env={"OPENAI_API_KEY": KEY}, base_url=f"{stub.url}/v1", max_retries=0
    )
    stub.reply(
        Reply(
            json={
                "id": "c",
                "object": "chat.completion",
                "created": 1,
                "model": "gpt-4o-mini",
                "choices": [
                    {
                        "index": 0,
                        "message": {"role": "assistant", "content": "Oi!"},
                        "finish_reason": "stop",
                    }
                ],
                "usage": {"prompt_tokens": 5, "completion_tokens": 2, "total_tokens": 7},
            }
        )
    )

    response = await model.complete(
        ModelRequest(messages=[Message.user("Oi")], max_output_tokens=64)
    )
    await model.aclose()

    assert response.text == "Oi!"
    assert response.model == "openai:gpt-4o-mini"
    assert stub.last.body["model"] == "gpt-4o-mini"
    assert stub.last.body["max_completion_tokens"] == 64
    assert stub.last.headers["authorization"] == f"Bearer {KEY}"


async def test_ollama_sends_a_placeholder_key(stub: StubServer) -> None:
    model = resolve_model(
        "ollama:llama3.2", env={"OLLAMA_BASE_URL": f"{stub.url}/v1"}, max_retries=0
    )
    stub.reply(
        Reply(
            json={
                "id": "c",
                "object": "chat.completion",
                "created": 1,
                "model": "llama3.2",
                "choices": [
                    {
                        "index": 0,
                        "message": {"role": "assistant", "content": "Olá"},
                        "finish_reason": "stop",
                    }
                ],
            }
        )
    )

    response = await model.complete(
        ModelRequest(messages=[Message.user("Oi")], max_output_tokens=64)
    )
    await model.aclose()

    assert response.text == "Olá"
    assert response.usage.calls == 1 and response.usage.total_tokens == 0  # no usage reported
    assert stub.last.headers["authorization"] == f"Bearer {NO_KEY}"
    assert stub.last.body["max_tokens"] == 64


def test_timeout_and_retries_come_from_the_environment_unless_given() -> None:
    env = {
        "OPENAI_API_KEY": KEY,
        "SWITCHBOARD_MODEL_TIMEOUT_SECONDS": "2.5",
        "SWITCHBOARD_MODEL_MAX_RETRIES": "0",
    }
    model = resolve_model("openai:gpt-4o-mini", env=env)
    assert isinstance(model, OpenAICompatModel)
    assert (model._client.timeout, model._client.max_retries) == (2.5, 0)
    given = resolve_model("openai:gpt-4o-mini", env=env, timeout=9, max_retries=1)
    assert (given._client.timeout, given._client.max_retries) == (9, 1)
    default = resolve_model("openai:gpt-4o-mini", env={"OPENAI_API_KEY": KEY})
    assert (default._client.timeout, default._client.max_retries) == (60.0, 2)
    anthropic = resolve_model("anthropic:claude-sonnet-4-0", env={**env, "ANTHROPIC_API_KEY": KEY})
    assert (anthropic._client.timeout, anthropic._client.max_retries) == (2.5, 0)


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("SWITCHBOARD_MODEL_TIMEOUT_SECONDS", "0"),
        ("SWITCHBOARD_MODEL_TIMEOUT_SECONDS", "soon"),
        ("SWITCHBOARD_MODEL_TIMEOUT_SECONDS", "inf"),
        ("SWITCHBOARD_MODEL_MAX_RETRIES", "-1"),
        ("SWITCHBOARD_MODEL_MAX_RETRIES", "1.5"),
        ("SWITCHBOARD_MODEL_MAX_RETRIES", "nan"),
    ],
)
def test_unreadable_timeout_or_retries_name_the_variable(name: str, value: str) -> None:
    with pytest.raises(ConfigurationError, match=name):
        resolve_model("openai:gpt-4o-mini", env={"OPENAI_API_KEY": KEY, name: value})
