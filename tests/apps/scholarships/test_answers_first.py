"""The router answers first (issue 20, point 2): a Sisu/Prouni question is answered at any point
— cold, during onboarding, during a match or a Prouni simulation — and the interrupted workflow
resumes with its pending question; offline, through `/chat` (NDJSON, `content` beside `delta`)
and the OpenAI-compatible API."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from decimal import Decimal
from typing import Any

import httpx
import pytest

from switchboard.apps.scholarships.records import PROFILES
from switchboard.server import ServerSettings, create_app
from tests.server.conftest import make_keys

from .helpers import USER, make_app, onboarded, part, say

NAME_QUESTION = "qual é o seu nome"


async def test_a_cold_question_is_answered_not_met_with_the_name_question() -> None:
    app = make_app()
    await app.start()
    reply = await say(app, "quem fez supletivo pode usar o sisu?")
    assert reply.agent == "sisu"  # the Sisu agent answers (the fact is retrieval's part)
    assert NAME_QUESTION not in reply.text.lower()
    assert (await part(app)).stack == ()  # nothing was interrupted: nothing resumes
    follow_up = await say(app, "e quando abrem as inscrições?")
    assert follow_up.agent == "sisu" and "19 de janeiro" in follow_up.text


async def test_a_question_during_onboarding_is_answered_then_the_name_is_asked_again() -> None:
    app = make_app()
    await app.start()
    first = await say(app, "oi")
    assert "qual é o seu nome?" in first.text
    reply = await say(app, "antes de tudo: qual a nota mínima do prouni?")
    assert "Edital Prouni 2026" in reply.text
    assert "Voltando ao seu cadastro:" in reply.text
    assert reply.text.endswith("Como você quer que eu te chame?")
    assert (await part(app)).stack == ("onboarding",)
    assert await app.store.repository(PROFILES).get(USER) is None  # the question is no name

    named = await say(app, "Marcos")
    assert named.text.startswith("Prazer, Marcos!")
    profile = await app.store.repository(PROFILES).get(USER)
    assert profile is not None and profile.name == "Marcos"  # stored as it was given


async def test_the_resumed_question_drops_its_first_time_greeting() -> None:
    app = make_app()
    await app.start()
    await say(app, "oi")
    await say(app, "Letícia")
    reply = await say(app, "pera, o sisu tem taxa?")
    assert reply.text.endswith("Voltando ao seu cadastro:\n\nQuantos anos você tem?")
    assert "Prazer, Letícia" not in reply.text.split("Voltando")[1]
    assert (await say(app, "tenho 17")).text.startswith("Em que cidade você mora?")


async def test_a_question_during_a_match_resumes_the_search() -> None:
    app = make_app()
    await onboarded(app)
    await say(app, "quero achar um curso de medicina")
    reply = await say(app, "peraí, quando abre a inscrição do sisu?")
    assert "19 de janeiro" in reply.text
    assert "Voltando à sua busca:" in reply.text and reply.text.endswith("Qual sua nota do Enem?")
    assert (await part(app)).stack == ("match",)


async def test_a_question_during_the_simulation_resumes_it() -> None:
    app = make_app()
    await app.start()
    await say(app, "quero saber se minha família se encaixa na renda do prouni")
    reply = await say(app, "o sisu cobra taxa de inscrição?")
    assert "Voltando à sua simulação do Prouni:" in reply.text
    assert reply.text.endswith("Quanto entra por mês na sua casa e quantas pessoas moram nela?")


async def test_an_answer_with_a_question_mark_is_still_an_answer() -> None:
    """ "680 de média no enem, isso conta?" answers the simulation (a score), no digression."""
    app = make_app()
    await app.start()
    await say(app, "quero saber se posso tentar o prouni")
    reply = await say(app, "680 de média no enem, isso conta?")
    assert reply.agent == "simulation"
    assert "Sua média 680 atende o mínimo de 450 pontos" in reply.text
    assert "item 1.2" in reply.text
    view = await part(app)
    assert view.stack == ("simulation",)
    assert Decimal(view.frame("simulation").slots["score"]) == 680


@pytest.fixture
async def server() -> AsyncIterator[tuple[httpx.AsyncClient, dict[str, str]]]:
    keys = make_keys()
    scholarships = make_app()
    await scholarships.start()
    app = create_app(
        ServerSettings(database_url="memory://"),  # type: ignore[call-arg]
        apps={"scholarships": scholarships},
        key_store=keys.store,
    )
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=app), base_url="http://test"
    ) as http:
        yield http, keys.auth(keys.bob)


async def test_chat_ndjson_text_events_carry_content_beside_delta(server: Any) -> None:
    http, auth = server
    response = await http.post(
        "/chat",
        json={
            "chatInput": "quando sai o resultado do sisu?",
            "sessionId": "w1",
            "app": "scholarships",
        },
        headers=auth,
    )
    assert response.status_code == 200
    lines = [json.loads(line) for line in response.text.splitlines() if line.strip()]
    texts = [line for line in lines if line["type"] == "text"]
    assert texts and all(line["content"] == line["delta"] for line in texts)
    answer = "".join(line["content"] for line in texts)
    assert "29 de janeiro" in answer and NAME_QUESTION not in answer.lower()
    assert lines[-1]["type"] == "done" and lines[-1]["agent"] == "sisu"


async def test_openai_compatible_api_answers_first_and_resumes(server: Any) -> None:
    http, auth = server
    headers = {**auth, "X-Session-Id": "api-cold"}

    async def ask(text: str) -> str:
        response = await http.post(
            "/v1/chat/completions",
            json={"model": "scholarships", "messages": [{"role": "user", "content": text}]},
            headers=headers,
        )
        assert response.status_code == 200
        return str(response.json()["choices"][0]["message"]["content"])

    assert "qual é o seu nome?" in await ask("oi")
    answer = await ask("quantas opções de curso posso colocar no sisu?")
    assert "Edital Sisu 2026" in answer and "Voltando ao seu cadastro:" in answer
    assert (await ask("pode me chamar de Duda")).startswith("Prazer, Duda!")


async def test_hosted_a_question_before_onboarding_is_answered_then_onboarding_resumes() -> None:
    """With a hosted model (scripted provider): the model routes the question to prouni, the
    prouni agent answers from the retrieved excerpts, and onboarding resumes with its question."""
    from switchboard.models.base import ModelRequest
    from switchboard.models.scripted import ScriptedModel

    def script(request: ModelRequest) -> str:
        if request.agent == "guard":
            return '{"verdict": "SAFE", "category": null}'
        if request.agent == "router":
            text = request.messages[-1].content
            if "nota mínima" in text:
                return '{"intent": "CHANGE_WORKFLOW", "target_workflow": "prouni", "confidence": 1}'
            return '{"intent": "CONTINUE_WORKFLOW", "target_workflow": null, "confidence": 1}'
        if request.agent == "prouni":
            return "A média mínima é 450 pontos (Edital Prouni 2026, item 1.2)."
        return '{"values": {}, "corrections": []}'

    app = make_app(model=ScriptedModel(script))
    await app.start()
    await say(app, "oi")
    reply = await say(app, "qual a nota mínima do prouni?")
    assert reply.text.startswith("A média mínima é 450 pontos")
    assert "Voltando ao seu cadastro:" in reply.text
    assert reply.text.endswith("Como você quer que eu te chame?")


@pytest.mark.parametrize(
    ("steps", "question"),
    [
        (["oi", "Sofia", "18"], "e se eu tiver zerado a redação, ainda posso tentar o sisu?"),
        (["oi", "Sofia", "18"], "fiz supletivo, posso usar no prouni"),
    ],
)
async def test_a_question_is_not_read_as_a_correction_or_an_unasked_value(
    steps: list[str], question: str
) -> None:
    """A word of a question ("e se" as the name "Se", "fiz supletivo" as the education) does not
    turn it into an answer: it is answered, nothing is stored, the city is asked again."""
    app = make_app()
    await app.start()
    for text in steps:
        await say(app, text)
    reply = await say(app, question)
    assert "Edital" in reply.text  # answered from the editais first
    assert "Voltando ao seu cadastro" in reply.text and "cidade" in reply.text
    view = await part(app)
    frame = view.frame("onboarding")
    assert view.asked == "city"
    assert frame.slots.get("name") == "Sofia" and frame.slots.get("education") is None
