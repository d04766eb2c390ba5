"""A question naming no programme, asked while another workflow is in charge, goes to the
programme the conversation is about: after a Prouni simulation, "o que eu levo na matrícula?"
is about the Prouni (it went to the Sisu agent and quoted the Sisu documents)."""

from __future__ import annotations

import pytest

from switchboard.apps.scholarships.router import route_offline

from .helpers import make_app, say

NEUTRAL = ["e o que eu preciso levar na matricula?", "quais documentos eu preciso levar?"]


@pytest.mark.parametrize("text", NEUTRAL)
def test_a_neutral_question_follows_the_conversation_programme(text: str) -> None:
    assert route_offline(text, "onboarding", "prouni").target == "prouni"
    assert route_offline(text, "onboarding", "sisu").target == "sisu"
    assert route_offline(text, "onboarding").target == "sisu"  # no programme yet: the default


def test_a_question_naming_its_programme_keeps_it() -> None:
    assert route_offline("quando abre o sisu?", "onboarding", "prouni").target == "sisu"


async def test_after_the_prouni_simulation_the_documents_are_the_prouni_ones() -> None:
    app = make_app()
    await app.start()
    await say(app, "quero saber se consigo bolsa do prouni")
    await say(app, "somos 5 em casa e a renda é 3.600")
    await say(app, "612, redação 720")
    reply = await say(app, "e o que eu preciso levar na matricula?")
    assert reply.agent == "prouni"
    assert "Documentação Prouni" in reply.text and "Documentação Sisu" not in reply.text


def test_a_question_about_the_calendar_that_leans_to_the_prouni_goes_there() -> None:
    """A question that names no programme but a bolsa ("…até quando confirmam que ganhei a
    bolsa da primeira chamada?"): the Prouni agent answers (the Sisu agent answered, quoting
    the Prouni edital)."""
    text = (
        "já entreguei a documentação na faculdade, até quando eles confirmam que ganhei a bolsa "
        "da primeira chamada?"
    )
    assert route_offline(text, None).target == "prouni"
    assert route_offline("quando sai o resultado da primeira chamada?", None).target == "sisu"
