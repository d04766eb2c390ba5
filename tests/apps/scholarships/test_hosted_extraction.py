"""Hosted slot extraction: the app on `openai:<model>` against the local stub server speaking the
chat-completions wire format (`OPENAI_BASE_URL`). The model fills several slots at once and flags
corrections; garbage falls back to the app's rules; every value it proposes is still validated.

The stub answers each request from its body (`responder`): the guard, the router and the
extractor are told apart by their system prompts, and the extractor's answers are looked up by
the user's message, so the order of the calls does not matter.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from decimal import Decimal
from typing import Any

import pytest

from switchboard.apps.scholarships.app import ScholarshipsApp
from switchboard.apps.scholarships.records import PROFILES
from switchboard.apps.scholarships.router import ROUTER_PROMPT
from switchboard.apps.scholarships.slots import HostedExtractor, ScholarshipExtractor
from switchboard.core.events import UsageEvent
from switchboard.patterns.guardrails import GUARD_SYSTEM_PROMPT
from tests.models.provider_stub import Received, Reply, StubServer

from .helpers import USER, make_app, onboarded, part, say, stream

KEY = "sk-test-secret-key-0123456789"
ROUTE_CONTINUE = {"intent": "CONTINUE_WORKFLOW", "target_workflow": None, "confidence": 0.9}
ROUTE_MATCH = {"intent": "CHANGE_WORKFLOW", "target_workflow": "match", "confidence": 0.95}


def completion(content: str) -> Reply:
    return Reply(
        json={
            "id": "chatcmpl-1",
            "object": "chat.completion",
            "created": 1,
            "model": "gpt-test",
            "choices": [
                {
                    "index": 0,
                    "message": {"role": "assistant", "content": content},
                    "finish_reason": "stop",
                }
            ],
            "usage": {"prompt_tokens": 40, "completion_tokens": 10, "total_tokens": 50},
        }
    )


def values(corrections: tuple[str, ...] = (), **slots: Any) -> str:
    return json.dumps({"values": slots, "corrections": list(corrections)}, ensure_ascii=False)


class Provider:
    """What the stub's model answers: SAFE, a routing decision, and scripted extractions."""

    def __init__(self) -> None:
        self.extractions: dict[str, str] = {}
        self.route: dict[str, Any] = ROUTE_CONTINUE
        self.seen: list[str] = []
        """Which kind of call each request was, in arrival order."""

    def __call__(self, received: Received) -> Reply:
        messages = received.body["messages"]
        system, user = messages[0]["content"], messages[-1]["content"]
        if system == GUARD_SYSTEM_PROMPT:
            self.seen.append("guard")
            return completion('{"verdict": "SAFE", "category": null}')
        if system == ROUTER_PROMPT:
            self.seen.append("router")
            return completion(json.dumps(self.route))
        self.seen.append("extractor")
        return completion(self.extractions.get(user, values()))


@pytest.fixture(scope="module")
def stub_server() -> Iterator[StubServer]:
    server = StubServer()
    server.start()
    yield server
    server.stop()


@pytest.fixture
def provider(stub_server: StubServer, monkeypatch: pytest.MonkeyPatch) -> Iterator[Provider]:
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    monkeypatch.setenv("OPENAI_BASE_URL", f"{stub_server.url}/v1")
    stub_server.reset()
    answers = Provider()
    stub_server.responder = answers
    yield answers
    stub_server.reset()


@pytest.fixture
def hosted(provider: Provider) -> ScholarshipsApp:
    return make_app(model="openai:gpt-test")


def extractor_requests(stub: StubServer) -> list[dict[str, Any]]:
    return [
        r.body
        for r in stub.requests
        if r.body["messages"][0]["content"] not in (GUARD_SYSTEM_PROMPT, ROUTER_PROMPT)
    ]


async def test_the_model_fills_every_onboarding_slot_from_one_message(
    hosted: ScholarshipsApp, provider: Provider, stub_server: StubServer
) -> None:
    text = "Ana Souza aqui! dezessete primaveras, vivo em Olinda, tô no terceiro ano do médio"
    provider.extractions[text] = values(
        name="Ana Souza", age=17, city="Olinda", education="Ensino Médio Incompleto"
    )
    await hosted.start()

    reply = await say(hosted, text)

    assert reply.text.startswith("Prontinho, Ana Souza!")  # the rules read no age in "dezessete"
    profile = await hosted.store.repository(PROFILES).get(USER)
    assert profile is not None and profile.onboarding_completed
    assert (profile.name, profile.age, profile.city) == ("Ana Souza", 17, "Olinda")
    assert profile.education == "Ensino Médio Incompleto"
    [request] = extractor_requests(stub_server)
    assert request["response_format"]["type"] == "json_schema"
    schema = request["response_format"]["json_schema"]["schema"]
    asked = ["name", "age", "city", "uf", "education"]
    volunteered = [  # ask: false, kept when said (course, score, income)
        "course", "score", "essay", "household_income", "household_size", "per_capita_income",
        "income_basis",
    ]  # fmt: skip
    assert schema["properties"]["values"]["required"] == asked + volunteered
    assert provider.seen.count("extractor") == 1


async def test_a_correction_flagged_by_the_model_replaces_the_slot(
    hosted: ScholarshipsApp, provider: Provider
) -> None:
    provider.extractions["sou a Bia, 18 anos"] = values(name="Bia", age=18)
    provider.extractions["na verdade tenho 19, e moro em Recife"] = values(
        ("age",), age=19, city="Recife"
    )
    await hosted.start()
    await say(hosted, "sou a Bia, 18 anos")

    reply = await say(hosted, "na verdade tenho 19, e moro em Recife")

    assert "Certo, corrigi: idade agora é 19 (antes: 18)." in reply.text
    assert "Qual é a sua escolaridade?" in reply.text
    assert (await part(hosted)).frame("onboarding").slots == {
        "name": "Bia",
        "age": 19,
        "city": "Recife",
        "uf": "PE",  # from the catalogue: the model named only the city
    }


@pytest.mark.parametrize(
    "garbage",
    [
        "Claro! Você se chama Ana.",  # not JSON
        json.dumps(ROUTE_CONTINUE),  # JSON, but another schema's answer
        '{"values": ["Ana"], "corrections": []}',  # values is not an object
    ],
)
async def test_an_unusable_model_answer_falls_back_to_the_rules(
    hosted: ScholarshipsApp, provider: Provider, garbage: str
) -> None:
    text = "Me chamo Ana, tenho 18 anos, moro em Recife e terminei o ensino médio"
    provider.extractions[text] = garbage
    await hosted.start()

    reply = await say(hosted, text)

    assert reply.text.startswith("Prontinho, Ana!")
    profile = await hosted.store.repository(PROFILES).get(USER)
    assert profile is not None
    assert (profile.age, profile.city, profile.education) == (18, "Recife", "Ensino Médio Completo")


async def test_a_model_value_that_fails_validation_is_asked_again(
    hosted: ScholarshipsApp, provider: Provider
) -> None:
    provider.extractions["sou a Caio"] = values(name="Caio")
    provider.extractions["uns duzentos"] = values(
        age=200, education="Doutorado"
    )  # > max; no option
    await hosted.start()
    await say(hosted, "sou a Caio")

    reply = await say(hosted, "uns duzentos")

    assert reply.text.startswith("Hmm, essa idade não parece certa (aceito de 10 a 120 anos).")
    assert reply.text.endswith("Quantos anos você tem?")  # the question again (its reask form)
    view = await part(hosted)
    assert view.frame("onboarding").slots == {"name": "Caio"}  # neither value got in
    assert view.asked == "age"


async def test_match_slots_from_the_model_with_the_app_rules_for_catalogue_and_arithmetic(
    hosted: ScholarshipsApp, provider: Provider
) -> None:
    prefs = "quero direito; tirei setecentos; de noite; tanto faz se é pública ou privada"
    household = "somos 4 e a renda da casa é 6 mil"
    provider.extractions[prefs] = values(
        course="direito", score="700", shifts=["noturno"], institution_type="indiferente"
    )
    provider.extractions[household] = values(per_capita_income="6000")  # the whole house
    await onboarded(hosted)
    provider.route = ROUTE_MATCH
    first = await say(hosted, "me mostra vagas")
    assert "Qual curso você quer e qual sua nota do Enem?" in first.text
    provider.route = ROUTE_CONTINUE

    second = await say(hosted, prefs)
    assert "Encontrei estas opções em Recife" in second.text and "1. Direito" in second.text
    slots = (await part(hosted)).frame("match").slots
    assert slots["course"] == "Direito"  # the catalogue's name, not the model's spelling
    assert Decimal(slots["score"]) == 700 and slots["shifts"] == ["noturno"]

    third = await say(hosted, household)
    assert "R$ 1.500,00" in third.text  # the rules' division, not the model's 6000
    assert "bolsa integral (100%)" in third.text
    assert Decimal((await part(hosted)).frame("match").slots["per_capita_income"]) == 1500


async def test_the_calculators_household_answer_is_divided_even_if_the_model_reads_nothing(
    hosted: ScholarshipsApp, provider: Provider
) -> None:
    prefs = "Direito, tirei 700, à noite, tanto faz"
    provider.extractions[prefs] = values(
        course="Direito", score=700, shifts=["noturno"], institution_type="indiferente"
    )
    await onboarded(hosted)
    provider.route = ROUTE_MATCH
    await say(hosted, "me mostra vagas")
    provider.route = ROUTE_CONTINUE
    await say(hosted, prefs)

    reply = await say(hosted, "Somos 3 pessoas e a renda total da casa é R$ 6.000,00")

    assert "R$ 2.000,00" in reply.text  # the model answered null for every slot
    assert Decimal((await part(hosted)).frame("match").slots["per_capita_income"]) == 2000


async def test_offline_app_keeps_the_rule_extractor() -> None:
    pattern: Any = make_app().pattern
    extractor = pattern.inner.workflows.engine.extractor.inner  # behind `SafeSlots`
    assert type(extractor) is ScholarshipExtractor


async def test_hosted_app_wires_the_model_extractor(hosted: ScholarshipsApp) -> None:
    pattern: Any = hosted.pattern
    extractor = pattern.inner.workflows.engine.extractor.inner  # behind `SafeSlots`
    assert isinstance(extractor, HostedExtractor)
    assert type(extractor.fallback) is ScholarshipExtractor


async def test_every_hosted_call_of_a_turn_reaches_its_usage(
    hosted: ScholarshipsApp, provider: Provider
) -> None:
    """Guard, router and extractor each answer with 40 + 10 tokens; the turn's `usage` event
    counts all three (the router's and the guard's calls were left out before)."""
    await hosted.start()
    await onboarded(hosted)
    provider.route = ROUTE_MATCH

    events = await stream(hosted, "Quero ver vagas de Direito, tirei 700")

    [usage] = [e for e in events if isinstance(e, UsageEvent)]
    assert sorted(set(provider.seen)) == ["extractor", "guard", "router"]
    calls = len(provider.seen)
    assert (usage.calls, usage.input_tokens, usage.output_tokens) == (calls, 40 * calls, 10 * calls)
