"""OpenAICompatModel against a local server speaking the chat-completions wire format."""

from __future__ import annotations

import json
import socket
from typing import Any

import pytest
from provider_stub import Reply, StubServer, ask, collect, openai_sse

from switchboard.core.errors import ModelError, ModelResponseError, ModelTimeoutError
from switchboard.core.messages import Message, ToolCall
from switchboard.models.base import ModelRequest, TextDelta, ToolSchema
from switchboard.models.openai_compat import OpenAICompatModel

KEY = "sk-test-secret-key-0123456789"
WEATHER = ToolSchema(
    name="weather",
    description="Previsão do tempo",
    parameters={"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]},
)


@pytest.fixture
async def model(stub: StubServer):
    model = OpenAICompatModel(
        "openai-compat:test-model",
        "test-model",
        KEY,
        base_url=f"{stub.url}/v1",
        timeout=5,
        max_retries=0,
    )
    yield model
    await model.aclose()


def completion(
    message: dict[str, Any],
    *,
    finish: str = "stop",
    usage: tuple[int, int] = (12, 3),
    choices: list[Any] | None = None,
) -> dict[str, Any]:
    return {
        "id": "chatcmpl-1",
        "object": "chat.completion",
        "created": 1,
        "model": "test-model",
        "choices": choices
        if choices is not None
        else [{"index": 0, "message": {"role": "assistant", **message}, "finish_reason": finish}],
        "usage": {
            "prompt_tokens": usage[0],
            "completion_tokens": usage[1],
            "total_tokens": sum(usage),
        },
    }


def chunk(
    delta: dict[str, Any] | None = None,
    *,
    finish: str | None = None,
    usage: tuple[int, int] | None = None,
) -> dict[str, Any]:
    body: dict[str, Any] = {
        "id": "chatcmpl-1",
        "object": "chat.completion.chunk",
        "created": 1,
        "model": "test-model",
        "choices": [],
    }
    if delta is not None:
        body["choices"] = [{"index": 0, "delta": delta, "finish_reason": finish}]
    if usage is not None:
        body["usage"] = {
            "prompt_tokens": usage[0],
            "completion_tokens": usage[1],
            "total_tokens": sum(usage),
        }
    return body


def tool_delta(
    index: int, *, id: str | None = None, name: str | None = None, arguments: str | None = None
) -> dict[str, Any]:
    function: dict[str, Any] = {}
    if name is not None:
        function["name"] = name
    if arguments is not None:
        function["arguments"] = arguments
    delta: dict[str, Any] = {"index": index, "function": function}
    if id is not None:
        delta.update(id=id, type="function")
    return {"tool_calls": [delta]}


# -- whole responses --------------------------------------------------------------------------


async def test_plain_text_answer_with_usage(stub: StubServer, model: OpenAICompatModel) -> None:
    stub.reply(Reply(json=completion({"content": "Olá! Como posso ajudar?"}, usage=(12, 5))))

    response = await model.complete(ask())

    assert response.text == "Olá! Como posso ajudar?"
    assert response.tool_calls == []
    assert (response.usage.input_tokens, response.usage.output_tokens, response.usage.calls) == (
        12,
        5,
        1,
    )
    assert response.model == "openai-compat:test-model"
    assert response.finish_reason == "stop"
    assert stub.last.path == "/v1/chat/completions"
    assert stub.last.headers["authorization"] == f"Bearer {KEY}"


async def test_request_carries_model_messages_temperature_and_max_tokens(
    stub: StubServer, model: OpenAICompatModel
) -> None:
    stub.reply(Reply(json=completion({"content": "ok"})))

    await model.complete(ask("Quanto custa?", temperature=0.2, max_output_tokens=200))

    body = stub.last.body
    assert body["model"] == "test-model"
    assert body["messages"] == [
        {"role": "system", "content": "Você é útil."},
        {"role": "user", "content": "Quanto custa?"},
    ]
    assert body["temperature"] == 0.2
    assert body["max_tokens"] == 200
    assert "tools" not in body and "response_format" not in body and "stream" not in body


async def test_max_completion_tokens_when_configured(stub: StubServer) -> None:
    model = OpenAICompatModel(
        "openai:o4-mini",
        "o4-mini",
        KEY,
        base_url=f"{stub.url}/v1",
        max_retries=0,
        max_tokens_param="max_completion_tokens",
    )
    stub.reply(Reply(json=completion({"content": "ok"})))
    await model.complete(ask(max_output_tokens=50))
    await model.aclose()
    assert stub.last.body["max_completion_tokens"] == 50
    assert "max_tokens" not in stub.last.body


async def test_tools_are_sent_as_function_schemas(
    stub: StubServer, model: OpenAICompatModel
) -> None:
    stub.reply(Reply(json=completion({"content": "ok"})))

    await model.complete(ask(tools=[WEATHER]))

    assert stub.last.body["tools"] == [
        {
            "type": "function",
            "function": {
                "name": "weather",
                "description": "Previsão do tempo",
                "parameters": WEATHER.parameters,
            },
        }
    ]


async def test_tool_call_response(stub: StubServer, model: OpenAICompatModel) -> None:
    stub.reply(
        Reply(
            json=completion(
                {
                    "content": None,
                    "tool_calls": [
                        {
                            "id": "call_abc",
                            "type": "function",
                            "function": {"name": "weather", "arguments": '{"city": "Recife"}'},
                        },
                    ],
                },
                finish="tool_calls",
            )
        )
    )

    response = await model.complete(ask(tools=[WEATHER]))

    assert response.text == ""
    assert response.tool_calls == [
        ToolCall(id="call_abc", name="weather", arguments='{"city": "Recife"}')
    ]
    assert response.finish_reason == "tool_calls"


async def test_parallel_tool_calls_keep_their_order(
    stub: StubServer, model: OpenAICompatModel
) -> None:
    stub.reply(
        Reply(
            json=completion(
                {
                    "content": "Vou verificar.",
                    "tool_calls": [
                        {
                            "id": "call_1",
                            "type": "function",
                            "function": {"name": "weather", "arguments": '{"city": "Recife"}'},
                        },
                        {
                            "id": "call_2",
                            "type": "function",
                            "function": {"name": "weather", "arguments": '{"city": "Natal"}'},
                        },
                    ],
                },
                finish="tool_calls",
            )
        )
    )

    response = await model.complete(ask(tools=[WEATHER]))

    assert response.text == "Vou verificar."
    assert [(c.id, json.loads(c.arguments)["city"]) for c in response.tool_calls] == [
        ("call_1", "Recife"),
        ("call_2", "Natal"),
    ]


async def test_conversation_with_tool_results_maps_to_wire_messages(
    stub: StubServer, model: OpenAICompatModel
) -> None:
    first = ToolCall(id="call_1", name="weather", arguments='{"city": "Recife"}')
    second = ToolCall(id="call_2", name="weather", arguments='{"city": "Natal"}')
    request = ModelRequest(
        messages=[
            Message.system("Você é útil."),
            Message.user("Como está o tempo em Recife e Natal?"),
            Message.assistant(tool_calls=[first, second]),
            Message.tool(first, "30°C, sol"),
            Message.tool(second, "28°C, nublado"),
            Message.assistant("Recife: 30°C; Natal: 28°C."),
            Message.user("Obrigado!"),
        ],
        tools=[WEATHER],
    )
    stub.reply(Reply(json=completion({"content": "De nada!"})))

    await model.complete(request)

    assert stub.last.body["messages"] == [
        {"role": "system", "content": "Você é útil."},
        {"role": "user", "content": "Como está o tempo em Recife e Natal?"},
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": "call_1",
                    "type": "function",
                    "function": {"name": "weather", "arguments": '{"city": "Recife"}'},
                },
                {
                    "id": "call_2",
                    "type": "function",
                    "function": {"name": "weather", "arguments": '{"city": "Natal"}'},
                },
            ],
        },
        {"role": "tool", "tool_call_id": "call_1", "content": "30°C, sol"},
        {"role": "tool", "tool_call_id": "call_2", "content": "28°C, nublado"},
        {"role": "assistant", "content": "Recife: 30°C; Natal: 28°C."},
        {"role": "user", "content": "Obrigado!"},
    ]


async def test_json_schema_answer_request_shape(stub: StubServer, model: OpenAICompatModel) -> None:
    schema = {
        "type": "object",
        "properties": {"intent": {"type": "string"}},
        "required": ["intent"],
    }
    stub.reply(Reply(json=completion({"content": '{"intent": "saldo"}'})))

    response = await model.complete(ask("Qual meu saldo?", response_schema=schema))

    assert stub.last.body["response_format"] == {
        "type": "json_schema",
        "json_schema": {"name": "answer", "schema": schema, "strict": False},
    }
    assert json.loads(response.text) == {"intent": "saldo"}


async def test_no_key_sends_placeholder_not_the_environment_key(
    stub: StubServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-environment-secret")
    model = OpenAICompatModel(
        "ollama:llama3.2", "llama3.2", None, base_url=f"{stub.url}/v1", max_retries=0
    )
    stub.reply(Reply(json=completion({"content": "oi"})))
    await model.complete(ask())
    await model.aclose()
    assert "sk-environment-secret" not in stub.last.headers["authorization"]
    assert repr(model) == f"OpenAICompatModel('ollama:llama3.2', base_url='{stub.url}/v1')"


# -- streaming --------------------------------------------------------------------------------


async def test_stream_yields_text_deltas_then_done_with_usage(
    stub: StubServer, model: OpenAICompatModel
) -> None:
    stub.reply(
        Reply(
            sse=openai_sse(
                chunk({"role": "assistant", "content": ""}),
                chunk({"content": "Olá"}),
                chunk({"content": ", tudo"}),
                chunk({"content": " bem?"}),
                chunk({}, finish="stop"),
                chunk(usage=(20, 4)),
            )
        )
    )

    deltas, response = await collect(model, ask())

    assert deltas == ["Olá", ", tudo", " bem?"]
    assert response.text == "Olá, tudo bem?"
    assert (response.usage.input_tokens, response.usage.output_tokens, response.usage.calls) == (
        20,
        4,
        1,
    )
    assert response.finish_reason == "stop"
    assert stub.last.body["stream"] is True
    assert stub.last.body["stream_options"] == {"include_usage": True}


async def test_stream_assembles_tool_call_split_mid_json(
    stub: StubServer, model: OpenAICompatModel
) -> None:
    stub.reply(
        Reply(
            sse=openai_sse(
                chunk(
                    {
                        "role": "assistant",
                        "content": None,
                        **tool_delta(0, id="call_9", name="weather", arguments=""),
                    }
                ),
                chunk(tool_delta(0, arguments='{"ci')),
                chunk(tool_delta(0, arguments='ty": "Sã')),
                chunk(tool_delta(0, arguments='o Paulo"}')),
                chunk({}, finish="tool_calls"),
                chunk(usage=(30, 9)),
            )
        )
    )

    deltas, response = await collect(model, ask(tools=[WEATHER]))

    assert deltas == []
    assert response.tool_calls == [
        ToolCall(id="call_9", name="weather", arguments='{"city": "São Paulo"}')
    ]
    assert response.finish_reason == "tool_calls"
    assert response.usage.output_tokens == 9


async def test_stream_assembles_interleaved_parallel_tool_calls(
    stub: StubServer, model: OpenAICompatModel
) -> None:
    stub.reply(
        Reply(
            sse=openai_sse(
                chunk({"content": "Verificando"}),
                chunk(tool_delta(0, id="call_a", name="weather", arguments='{"city":')),
                chunk(tool_delta(1, id="call_b", name="weather", arguments='{"ci')),
                chunk(tool_delta(0, arguments=' "Recife"}')),
                chunk(tool_delta(1, arguments='ty": "Natal"}')),
                chunk({}, finish="tool_calls"),
            )
        )
    )

    deltas, response = await collect(model, ask(tools=[WEATHER]))

    assert deltas == ["Verificando"]
    assert [(c.id, c.name, json.loads(c.arguments)) for c in response.tool_calls] == [
        ("call_a", "weather", {"city": "Recife"}),
        ("call_b", "weather", {"city": "Natal"}),
    ]
    assert response.usage.calls == 1  # no usage chunk: still one call counted


# -- failures ---------------------------------------------------------------------------------


async def test_http_500_is_model_error_with_status(
    stub: StubServer, model: OpenAICompatModel
) -> None:
    stub.reply(Reply(status=500, json={"error": {"message": "internal boom", "type": "server"}}))

    with pytest.raises(ModelError) as caught:
        await model.complete(ask())

    assert type(caught.value) is ModelError
    assert caught.value.context["status"] == 500
    assert "HTTP 500" in caught.value.message and "internal boom" in caught.value.message


async def test_http_429_is_model_error_and_never_shows_the_key(
    stub: StubServer, model: OpenAICompatModel
) -> None:
    stub.reply(
        Reply(
            status=429,
            json={"error": {"message": f"Rate limit reached for key {KEY}", "type": "rate_limit"}},
        )
    )

    with pytest.raises(ModelError) as caught:
        await model.complete(ask())

    assert caught.value.code == "model_error"
    assert caught.value.context["status"] == 429
    assert "Rate limit reached" in caught.value.message
    assert KEY not in caught.value.message and KEY not in str(caught.value)


async def test_stream_http_error_is_model_error(stub: StubServer, model: OpenAICompatModel) -> None:
    stub.reply(Reply(status=503, json={"error": {"message": "overloaded"}}))

    with pytest.raises(ModelError) as caught:
        await collect(model, ask())

    assert caught.value.context["status"] == 503


async def test_timeout_is_model_timeout_error(stub: StubServer) -> None:
    model = OpenAICompatModel(
        "openai-compat:slow", "slow", KEY, base_url=f"{stub.url}/v1", timeout=0.3, max_retries=0
    )
    stub.reply(Reply(json=completion({"content": "tarde demais"}), delay=2))

    with pytest.raises(ModelTimeoutError) as caught:
        await model.complete(ask())
    await model.aclose()

    assert caught.value.code == "model_timeout"
    assert "0.3s" in caught.value.message


async def test_unreachable_server_is_model_error() -> None:
    with socket.socket() as sock:  # a port nobody listens on
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    model = OpenAICompatModel(
        "ollama:llama3.2",
        "llama3.2",
        None,
        base_url=f"http://127.0.0.1:{port}/v1",
        timeout=2,
        max_retries=0,
    )
    with pytest.raises(ModelError) as caught:
        await model.complete(ask())
    await model.aclose()
    assert type(caught.value) is ModelError
    assert "could not be reached" in caught.value.message


async def test_garbage_body_is_model_response_error(
    stub: StubServer, model: OpenAICompatModel
) -> None:
    stub.reply(Reply(text="<html>502 Bad Gateway</html>{", content_type="application/json"))

    with pytest.raises(ModelResponseError):
        await model.complete(ask())


async def test_html_body_is_model_response_error(
    stub: StubServer, model: OpenAICompatModel
) -> None:
    stub.reply(Reply(text="<html>proxy login</html>", content_type="text/html"))

    with pytest.raises(ModelResponseError) as caught:
        await model.complete(ask())

    assert "non-JSON body" in caught.value.message


async def test_no_choices_is_model_response_error(
    stub: StubServer, model: OpenAICompatModel
) -> None:
    stub.reply(Reply(json=completion({}, choices=[])))

    with pytest.raises(ModelResponseError) as caught:
        await model.complete(ask())

    assert "without choices" in caught.value.message


async def test_garbage_stream_line_is_model_response_error(
    stub: StubServer, model: OpenAICompatModel
) -> None:
    stub.reply(Reply(sse=['data: {"choices": [\n\n', "data: [DONE]\n\n"]))

    with pytest.raises(ModelResponseError):
        await collect(model, ask())


async def test_empty_stream_is_model_response_error(
    stub: StubServer, model: OpenAICompatModel
) -> None:
    stub.reply(Reply(sse=["data: [DONE]\n\n"]))

    with pytest.raises(ModelResponseError) as caught:
        await collect(model, ask())

    assert "empty stream" in caught.value.message


async def test_error_event_mid_stream_is_model_error(
    stub: StubServer, model: OpenAICompatModel
) -> None:
    stub.reply(
        Reply(
            sse=[
                f"data: {json.dumps(chunk({'content': 'Olá'}))}\n\n",
                'data: {"error": {"message": "server overloaded", "type": "overloaded"}}\n\n',
            ]
        )
    )

    deltas: list[str] = []
    with pytest.raises(ModelError) as caught:
        async for item in model.stream(ask()):
            if isinstance(item, TextDelta):
                deltas.append(item.text)

    assert deltas == ["Olá"]
    assert type(caught.value) is ModelError
    assert "mid-stream: server overloaded" in caught.value.message


async def test_openai_ids_reach_a_gateway_named_by_openai_base_url(stub: StubServer) -> None:
    """`openai:<model>` with `OPENAI_BASE_URL` talks to that server, as the official SDK would."""
    from switchboard.models.registry import resolve_model

    stub.reply(Reply(json=completion({"content": "via gateway"}, usage=(3, 2))))
    model = resolve_model(
        "openai:gpt-4o-mini", env={"OPENAI_API_KEY": KEY, "OPENAI_BASE_URL": f"{stub.url}/v1"}
    )
    try:
        response = await model.complete(ask())
    finally:
        await model.aclose()

    assert response.text == "via gateway"
    assert stub.requests[-1].path == "/v1/chat/completions"
    assert stub.requests[-1].body["model"] == "gpt-4o-mini"
