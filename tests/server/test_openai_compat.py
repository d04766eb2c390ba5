"""The official `openai` client (sync and streaming) against a running server."""

from __future__ import annotations

import httpx
import openai
import pytest

from .conftest import live_server, make_server_app
from .demo import COORD, PROFILE_ANSWER, TECH, TECH_ANSWER


@pytest.fixture(scope="module")
def live():
    app, keys = make_server_app()
    with live_server(app) as url:
        yield url, keys


@pytest.fixture
def client(live):
    url, keys = live
    with openai.OpenAI(base_url=f"{url}/v1", api_key=keys.alice, max_retries=0) as c:
        yield c


def history(live, session_id, key=None):
    url, keys = live
    response = httpx.get(
        f"{url}/sessions/{session_id}/messages", headers=keys.auth(key or keys.alice)
    )
    return response


def test_models_lists_apps_and_app_agent_pairs(client):
    ids = [m.id for m in client.models.list()]
    assert ids == ["demo", f"demo/{COORD}", f"demo/{TECH}", "demo/especialista_financeiro"]


def test_sync_completion_runs_tools_and_answers(client):
    completion = client.chat.completions.create(
        model="demo", messages=[{"role": "user", "content": "qual o meu perfil?"}]
    )
    assert completion.choices[0].message.content == PROFILE_ANSWER
    assert completion.choices[0].finish_reason == "stop"
    assert completion.usage.total_tokens > 0
    assert completion.model == "demo"


def test_conversation_maps_to_one_stable_session_and_only_the_last_message_is_sent(client, live):
    first = [
        {"role": "system", "content": "ignored"},
        {"role": "user", "content": "conversa estável"},
    ]
    raw1 = client.chat.completions.with_raw_response.create(model="demo", messages=first)
    reply1 = raw1.parse()
    second = [
        *first,
        {"role": "assistant", "content": reply1.choices[0].message.content},
        {"role": "user", "content": "segunda pergunta"},
    ]
    raw = client.chat.completions.with_raw_response.create(model="demo", messages=second)
    session_id = raw.headers["x-session-id"]
    assert session_id == raw1.headers["x-session-id"]
    messages = history(live, session_id).json()["messages"]
    assert [m["content"] for m in messages if m["role"] == "user"] == [
        "conversa estável",
        "segunda pergunta",
    ]  # not the whole transcript again
    assert len(messages) == 4


def test_streaming_completion_yields_content_deltas(client, live):
    stream = client.chat.completions.create(
        model="demo",
        stream=True,
        user="oai-stream-1",
        messages=[{"role": "user", "content": "minha internet caiu"}],
    )
    chunks = list(stream)
    text = "".join(c.choices[0].delta.content or "" for c in chunks if c.choices)
    assert text == TECH_ANSWER
    assert sum(1 for c in chunks if c.choices and c.choices[0].delta.content) > 3
    assert chunks[-1].choices[0].finish_reason == "stop"
    assert history(live, "oai-stream-1").json()["active_agent"] == TECH


def test_model_with_agent_switches_the_session_to_that_agent(client, live):
    completion = client.chat.completions.create(
        model="demo/especialista_financeiro",
        user="oai-fin",
        messages=[{"role": "user", "content": "minha fatura"}],
    )
    assert completion.choices[0].message.content.startswith("Aqui é o financeiro")
    assert history(live, "oai-fin").json()["active_agent"] == "especialista_financeiro"


def test_session_header_wins_and_another_user_with_the_same_id_gets_their_own(client, live):
    url, keys = live
    client.chat.completions.create(
        model="demo",
        messages=[{"role": "user", "content": "oi"}],
        extra_headers={"X-Session-Id": "oai-header"},
    )
    assert history(live, "oai-header").status_code == 200
    with openai.OpenAI(base_url=f"{url}/v1", api_key=keys.bob, max_retries=0) as bob:
        bob.chat.completions.create(
            model="demo",
            messages=[{"role": "user", "content": "x"}],
            extra_headers={"X-Session-Id": "oai-header"},
        )
    contents = [m["content"] for m in history(live, "oai-header").json()["messages"]]
    assert contents == ["oi", "Olá! Você disse: oi"]
    bobs = [m["content"] for m in history(live, "oai-header", keys.bob).json()["messages"]]
    assert bobs == ["x", "Olá! Você disse: x"]


def test_errors_reach_the_client_as_openai_errors(client, live):
    url, _ = live
    with pytest.raises(openai.NotFoundError):
        client.chat.completions.create(model="nope", messages=[{"role": "user", "content": "x"}])
    with pytest.raises(openai.UnprocessableEntityError):
        client.chat.completions.create(model="demo", messages=[{"role": "system", "content": "x"}])
    with (
        openai.OpenAI(base_url=f"{url}/v1", api_key="sb-wrong", max_retries=0) as anon,
        pytest.raises(openai.AuthenticationError),
    ):
        anon.models.list()
    with pytest.raises(openai.APIError, match="falhou"):
        list(
            client.chat.completions.create(
                model="demo", stream=True, messages=[{"role": "user", "content": "falha"}]
            )
        )
    with pytest.raises(openai.APIStatusError) as failed:
        client.chat.completions.create(
            model="demo", messages=[{"role": "user", "content": "falha"}]
        )
    assert failed.value.status_code == 502


def test_an_error_the_run_recovered_from_does_not_end_an_openai_stream():
    """The OpenAI SDKs raise on the first chunk with an `error`: an error followed by the
    answer's text (an empty model answer replaced by a fallback) must not reach them; an error
    that ends the run does, before the stop chunk."""
    import json

    from switchboard.core.events import DoneEvent, ErrorEvent, TextEvent
    from switchboard.server.routes.openai_compat import OpenAIChunkFormat

    def chunks(events) -> list[dict]:
        fmt = OpenAIChunkFormat("demo", "chatcmpl-1", 0)
        raw = b"".join(filter(None, [*(fmt.event(e) for e in events), fmt.end()]))
        lines = [line.removeprefix(b"data: ") for line in raw.split(b"\n\n") if line]
        return [json.loads(line) for line in lines if line != b"[DONE]"]

    error = ErrorEvent(code="model_empty_answer", message="resposta vazia")
    done = DoneEvent(text="Desculpe", session_id="s", agent="a")
    recovered = chunks([error, TextEvent(delta="Desculpe", agent="a"), done])
    assert not any("error" in chunk for chunk in recovered)
    assert [c["choices"][0]["delta"].get("content") for c in recovered] == ["", "Desculpe", None]
    failed = chunks([error, DoneEvent(text="", session_id="s", agent="a")])
    assert [next(iter(c)) for c in failed] == ["id", "error", "id"]
    assert failed[1]["error"]["code"] == "model_empty_answer"
