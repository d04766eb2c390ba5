"""AnthropicModel against a local server speaking the Messages API wire format."""

from __future__ import annotations

import json
from typing import Any

import pytest
from provider_stub import Reply, StubServer, anthropic_sse, ask, collect

from switchboard.core.errors import ModelError, ModelResponseError, ModelTimeoutError
from switchboard.core.messages import Message, ToolCall
from switchboard.models.anthropic import ANSWER_INSTRUCTION, AnthropicModel
from switchboard.models.base import ModelRequest, TextDelta, ToolSchema

KEY = "sk-ant-test-secret-0123456789"
WEATHER = ToolSchema(
    name="weather",
    description="Previsão do tempo",
    parameters={"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]},
)
INTENT = {"type": "object", "properties": {"intent": {"type": "string"}}, "required": ["intent"]}


@pytest.fixture
async def model(stub: StubServer):
    model = AnthropicModel(
        "anthropic:claude-test", "claude-test", KEY, base_url=stub.url, timeout=5, max_retries=0
    )
    yield model
    await model.aclose()


def message(
    *content: dict[str, Any], stop: str = "end_turn", usage: tuple[int, int] = (10, 3)
) -> dict[str, Any]:
    return {
        "id": "msg_1",
        "type": "message",
        "role": "assistant",
        "model": "claude-test",
        "content": list(content),
        "stop_reason": stop,
        "stop_sequence": None,
        "usage": {"input_tokens": usage[0], "output_tokens": usage[1]},
    }


def text(value: str) -> dict[str, Any]:
    return {"type": "text", "text": value}


def tool_use(id: str, name: str, input: dict[str, Any]) -> dict[str, Any]:
    return {"type": "tool_use", "id": id, "name": name, "input": input}


def start(input_tokens: int = 25) -> dict[str, Any]:
    return {
        "type": "message_start",
        "message": {**message(usage=(input_tokens, 1)), "stop_reason": None},
    }


def block_start(index: int, block: dict[str, Any]) -> dict[str, Any]:
    return {"type": "content_block_start", "index": index, "content_block": block}


def text_delta(index: int, value: str) -> dict[str, Any]:
    return {
        "type": "content_block_delta",
        "index": index,
        "delta": {"type": "text_delta", "text": value},
    }


def json_delta(index: int, partial: str) -> dict[str, Any]:
    return {
        "type": "content_block_delta",
        "index": index,
        "delta": {"type": "input_json_delta", "partial_json": partial},
    }


def block_stop(index: int) -> dict[str, Any]:
    return {"type": "content_block_stop", "index": index}


def finish(stop: str, output_tokens: int) -> list[dict[str, Any]]:
    return [
        {
            "type": "message_delta",
            "delta": {"stop_reason": stop, "stop_sequence": None},
            "usage": {"output_tokens": output_tokens},
        },
        {"type": "message_stop"},
    ]


# -- whole responses --------------------------------------------------------------------------


async def test_plain_text_answer_with_usage(stub: StubServer, model: AnthropicModel) -> None:
    stub.reply(Reply(json=message(text("Olá! "), text("Em que posso ajudar?"), usage=(14, 6))))

    response = await model.complete(ask())

    assert response.text == "Olá! Em que posso ajudar?"
    assert response.tool_calls == []
    assert (response.usage.input_tokens, response.usage.output_tokens, response.usage.calls) == (
        14,
        6,
        1,
    )
    assert response.finish_reason == "stop"
    assert response.model == "anthropic:claude-test"
    assert stub.last.path == "/v1/messages"
    assert KEY in (
        stub.last.headers.get("x-api-key", "") + stub.last.headers.get("authorization", "")
    )
    assert "anthropic-version" in stub.last.headers


async def test_system_prompt_travels_apart_and_max_tokens_is_always_set(
    stub: StubServer, model: AnthropicModel
) -> None:
    stub.reply(Reply(json=message(text("ok"))), Reply(json=message(text("ok"))))

    await model.complete(ask("Quanto custa?", temperature=0.1))
    default_body = stub.last.body
    await model.complete(ask(max_output_tokens=300))

    assert default_body["system"] == "Você é útil."
    assert default_body["messages"] == [
        {"role": "user", "content": [{"type": "text", "text": "Quanto custa?"}]}
    ]
    assert default_body["model"] == "claude-test"
    assert default_body["max_tokens"] == 4096
    assert "temperature" not in default_body  # the SDK 2.x Messages API has no sampling knobs
    assert "tools" not in default_body and "tool_choice" not in default_body
    assert stub.last.body["max_tokens"] == 300


async def test_tools_are_sent_with_input_schema(stub: StubServer, model: AnthropicModel) -> None:
    stub.reply(Reply(json=message(text("ok"))))

    await model.complete(ask(tools=[WEATHER]))

    assert stub.last.body["tools"] == [
        {"name": "weather", "description": "Previsão do tempo", "input_schema": WEATHER.parameters}
    ]


async def test_tool_use_blocks_become_tool_calls(stub: StubServer, model: AnthropicModel) -> None:
    stub.reply(
        Reply(
            json=message(
                text("Vou verificar as duas cidades."),
                tool_use("toolu_1", "weather", {"city": "Recife"}),
                tool_use("toolu_2", "weather", {"city": "São Paulo"}),
                stop="tool_use",
            )
        )
    )

    response = await model.complete(ask(tools=[WEATHER]))

    assert response.text == "Vou verificar as duas cidades."
    assert [(c.id, c.name, json.loads(c.arguments)) for c in response.tool_calls] == [
        ("toolu_1", "weather", {"city": "Recife"}),
        ("toolu_2", "weather", {"city": "São Paulo"}),
    ]
    assert response.finish_reason == "tool_calls"


async def test_conversation_with_tool_results_maps_to_blocks(
    stub: StubServer, model: AnthropicModel
) -> None:
    first = ToolCall(id="toolu_1", name="weather", arguments='{"city": "Recife"}')
    second = ToolCall(id="toolu_2", name="weather", arguments='{"city": "Natal"}')
    broken = ToolCall(id="toolu_3", name="weather", arguments='{"city": ')
    request = ModelRequest(
        messages=[
            Message.system("Você é útil."),
            Message.user("Como está o tempo em Recife e Natal?"),
            Message.assistant("Vou verificar.", tool_calls=[first, second]),
            Message.tool(first, "30°C, sol"),
            Message.tool(second, "28°C, nublado"),
            Message.assistant(tool_calls=[broken]),
            Message.tool(broken, "erro: argumentos inválidos"),
            Message.assistant("Recife: 30°C; Natal: 28°C."),
            Message.system("Responda em uma frase."),
            Message.user("Obrigado!"),
        ],
        tools=[WEATHER],
    )
    stub.reply(Reply(json=message(text("De nada!"))))

    await model.complete(request)

    body = stub.last.body
    assert body["system"] == "Você é útil.\n\nResponda em uma frase."
    assert body["messages"] == [
        {
            "role": "user",
            "content": [{"type": "text", "text": "Como está o tempo em Recife e Natal?"}],
        },
        {
            "role": "assistant",
            "content": [
                {"type": "text", "text": "Vou verificar."},
                {
                    "type": "tool_use",
                    "id": "toolu_1",
                    "name": "weather",
                    "input": {"city": "Recife"},
                },
                {
                    "type": "tool_use",
                    "id": "toolu_2",
                    "name": "weather",
                    "input": {"city": "Natal"},
                },
            ],
        },
        {
            "role": "user",
            "content": [  # both results in one turn
                {"type": "tool_result", "tool_use_id": "toolu_1", "content": "30°C, sol"},
                {"type": "tool_result", "tool_use_id": "toolu_2", "content": "28°C, nublado"},
            ],
        },
        {
            "role": "assistant",
            "content": [
                {
                    "type": "tool_use",
                    "id": "toolu_3",
                    "name": "weather",
                    "input": {"_raw": '{"city": '},
                }
            ],
        },
        {
            "role": "user",
            "content": [
                {
                    "type": "tool_result",
                    "tool_use_id": "toolu_3",
                    "content": "erro: argumentos inválidos",
                }
            ],
        },
        {"role": "assistant", "content": [{"type": "text", "text": "Recife: 30°C; Natal: 28°C."}]},
        {"role": "user", "content": [{"type": "text", "text": "Obrigado!"}]},
    ]


async def test_json_schema_answer_is_a_forced_answer_tool(
    stub: StubServer, model: AnthropicModel
) -> None:
    stub.reply(
        Reply(json=message(tool_use("toolu_a", "answer", {"intent": "saldo"}), stop="tool_use"))
    )

    response = await model.complete(ask("Qual meu saldo?", response_schema=INTENT))

    body = stub.last.body
    assert body["tools"] == [
        {"name": "answer", "description": "Give the final answer.", "input_schema": INTENT}
    ]
    assert body["tool_choice"] == {"type": "tool", "name": "answer"}
    assert body["system"] == "Você é útil."
    assert json.loads(response.text) == {"intent": "saldo"}
    assert response.tool_calls == []
    assert response.finish_reason == "stop"


async def test_json_schema_with_tools_lets_the_model_choose_a_tool_or_the_answer(
    stub: StubServer, model: AnthropicModel
) -> None:
    stub.reply(
        Reply(json=message(tool_use("toolu_w", "weather", {"city": "Recife"}), stop="tool_use"))
    )

    response = await model.complete(ask(tools=[WEATHER], response_schema=INTENT))

    body = stub.last.body
    assert [t["name"] for t in body["tools"]] == ["weather", "answer"]
    assert body["tool_choice"] == {"type": "any"}
    assert body["system"] == f"Você é útil.\n\n{ANSWER_INSTRUCTION}"
    assert response.text == ""
    assert response.tool_calls == [
        ToolCall(id="toolu_w", name="weather", arguments='{"city": "Recife"}')
    ]


# -- streaming --------------------------------------------------------------------------------


async def test_stream_yields_text_deltas_then_done_with_usage(
    stub: StubServer, model: AnthropicModel
) -> None:
    stub.reply(
        Reply(
            sse=anthropic_sse(
                start(input_tokens=25),
                {"type": "ping"},
                block_start(0, text("")),
                text_delta(0, "Olá"),
                text_delta(0, ", tudo"),
                text_delta(0, " bem?"),
                block_stop(0),
                *finish("end_turn", 7),
            )
        )
    )

    deltas, response = await collect(model, ask())

    assert deltas == ["Olá", ", tudo", " bem?"]
    assert response.text == "Olá, tudo bem?"
    assert (response.usage.input_tokens, response.usage.output_tokens, response.usage.calls) == (
        25,
        7,
        1,
    )
    assert response.finish_reason == "stop"
    assert stub.last.body["stream"] is True


async def test_stream_assembles_tool_use_split_mid_json(
    stub: StubServer, model: AnthropicModel
) -> None:
    stub.reply(
        Reply(
            sse=anthropic_sse(
                start(),
                block_start(0, text("")),
                text_delta(0, "Verificando"),
                block_stop(0),
                block_start(1, tool_use("toolu_1", "weather", {})),
                json_delta(1, ""),
                json_delta(1, '{"ci'),
                json_delta(1, 'ty": "São'),
                json_delta(1, ' Paulo"}'),
                block_stop(1),
                block_start(2, tool_use("toolu_2", "weather", {})),
                json_delta(2, '{"city": '),
                json_delta(2, '"Natal"}'),
                block_stop(2),
                *finish("tool_use", 40),
            )
        )
    )

    deltas, response = await collect(model, ask(tools=[WEATHER]))

    assert deltas == ["Verificando"]
    assert response.text == "Verificando"
    assert [(c.id, c.name, json.loads(c.arguments)) for c in response.tool_calls] == [
        ("toolu_1", "weather", {"city": "São Paulo"}),
        ("toolu_2", "weather", {"city": "Natal"}),
    ]
    assert response.finish_reason == "tool_calls"
    assert response.usage.output_tokens == 40


async def test_stream_tool_without_arguments_gets_an_empty_object(
    stub: StubServer, model: AnthropicModel
) -> None:
    stub.reply(
        Reply(
            sse=anthropic_sse(
                start(),
                block_start(0, tool_use("toolu_1", "now", {})),
                json_delta(0, ""),
                block_stop(0),
                *finish("tool_use", 5),
            )
        )
    )

    _, response = await collect(model, ask())

    assert response.tool_calls == [ToolCall(id="toolu_1", name="now", arguments="{}")]


async def test_stream_json_schema_answer_streams_as_text(
    stub: StubServer, model: AnthropicModel
) -> None:
    stub.reply(
        Reply(
            sse=anthropic_sse(
                start(),
                block_start(0, tool_use("toolu_a", "answer", {})),
                json_delta(0, '{"inte'),
                json_delta(0, 'nt": "saldo"}'),
                block_stop(0),
                *finish("tool_use", 9),
            )
        )
    )

    deltas, response = await collect(model, ask(response_schema=INTENT))

    assert "".join(deltas) == response.text
    assert json.loads(response.text) == {"intent": "saldo"}
    assert response.tool_calls == []
    assert response.finish_reason == "stop"


# -- failures ---------------------------------------------------------------------------------


def api_error(kind: str, text: str) -> dict[str, Any]:
    return {"type": "error", "error": {"type": kind, "message": text}}


async def test_http_500_is_model_error_with_status(stub: StubServer, model: AnthropicModel) -> None:
    stub.reply(Reply(status=500, json=api_error("api_error", "internal boom")))

    with pytest.raises(ModelError) as caught:
        await model.complete(ask())

    assert type(caught.value) is ModelError
    assert caught.value.context["status"] == 500
    assert "HTTP 500: internal boom" in caught.value.message


async def test_http_429_is_model_error_and_never_shows_the_key(
    stub: StubServer, model: AnthropicModel
) -> None:
    stub.reply(
        Reply(status=429, json=api_error("rate_limit_error", f"Too many requests for {KEY}"))
    )

    with pytest.raises(ModelError) as caught:
        await model.complete(ask())

    assert caught.value.context["status"] == 429
    assert "Too many requests" in caught.value.message
    assert KEY not in str(caught.value)


async def test_error_event_mid_stream_is_model_error(
    stub: StubServer, model: AnthropicModel
) -> None:
    stub.reply(
        Reply(
            sse=anthropic_sse(
                start(),
                block_start(0, text("")),
                text_delta(0, "Olá"),
                api_error("overloaded_error", "Overloaded"),
            )
        )
    )

    deltas: list[str] = []
    with pytest.raises(ModelError) as caught:
        async for item in model.stream(ask()):
            if isinstance(item, TextDelta):
                deltas.append(item.text)

    assert deltas == ["Olá"]
    assert "mid-stream" in caught.value.message and "Overloaded" in caught.value.message


async def test_timeout_is_model_timeout_error(stub: StubServer) -> None:
    model = AnthropicModel(
        "anthropic:slow", "slow", KEY, base_url=stub.url, timeout=0.3, max_retries=0
    )
    stub.reply(Reply(json=message(text("tarde demais")), delay=2))

    with pytest.raises(ModelTimeoutError):
        await model.complete(ask())
    await model.aclose()


async def test_garbage_body_is_model_response_error(
    stub: StubServer, model: AnthropicModel
) -> None:
    stub.reply(Reply(text='{"type": "message", "content": [', content_type="application/json"))

    with pytest.raises(ModelResponseError):
        await model.complete(ask())


async def test_message_without_content_is_model_response_error(
    stub: StubServer, model: AnthropicModel
) -> None:
    stub.reply(Reply(json={"type": "message", "id": "msg_1"}))

    with pytest.raises(ModelResponseError) as caught:
        await model.complete(ask())

    assert "without content" in caught.value.message


async def test_stream_without_message_start_is_model_response_error(
    stub: StubServer, model: AnthropicModel
) -> None:
    stub.reply(Reply(sse=anthropic_sse({"type": "message_stop"})))

    with pytest.raises(ModelResponseError):
        await collect(model, ask())
