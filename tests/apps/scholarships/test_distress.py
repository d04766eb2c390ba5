"""Distress that is not a crisis (issue 20, tester's report 3) is acknowledged warmly first, with
the CVV 188 offered as support, before any onboarding question; the next message answers the
name question."""

from __future__ import annotations

import pytest

from switchboard.apps.scholarships.distress import is_distress
from switchboard.apps.scholarships.records import PROFILES

from .helpers import USER, make_app, say


@pytest.mark.parametrize(
    "text",
    [
        "eu tenho depressao e tenho medo de nao conseguir a faculdade",
        "to muito ansiosa com o enem",
        "me sinto um lixo, todo mundo passa menos eu",
    ],
)
def test_words_of_distress_are_recognised(text: str) -> None:
    assert is_distress(text)


@pytest.mark.parametrize(
    "text",
    ["oi", "moro sozinho em recife", "tenho 19 anos", "tô morrendo de ansiedade com o resultado"],
)
def test_ordinary_messages_are_not_distress(text: str) -> None:
    assert not is_distress(text)


async def test_distress_is_acknowledged_before_the_name_is_asked() -> None:
    app = make_app()
    await app.start()
    reply = await say(app, "eu tenho depressao e tenho medo de nao conseguir a faculdade")
    assert reply.text.startswith("Sinto muito")
    assert "188" in reply.text and "qual é o seu nome" not in reply.text.lower()
    named = await say(app, "Ana")
    assert named.text.startswith("Prazer, Ana!")
    profile = await app.store.repository(PROFILES).get(USER)
    assert profile is not None and profile.name == "Ana"


async def test_a_question_with_worry_in_it_is_still_answered() -> None:
    app = make_app()
    await app.start()
    reply = await say(app, "to com medo de perder o prazo, quando fecha a inscricao do sisu?")
    assert "23 de janeiro" in reply.text
