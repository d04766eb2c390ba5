"""Every detail of a message during onboarding is kept (issue 20, tester's report 4): the course,
the income and the household said beside the age and city land in the profile, and the match
does not ask for them again."""

from __future__ import annotations

from decimal import Decimal

from switchboard.apps.scholarships.records import PROFILES

from .helpers import USER, make_app, say

FIRST = "tenho 25 anos, renda de 1200 sozinho, moro em salvador, quero enfermagem, quais opções?"


async def test_the_first_message_keeps_course_income_and_household() -> None:
    app = make_app()
    await app.start()
    await say(app, FIRST)
    profile = await app.store.repository(PROFILES).get(USER)
    assert profile is not None
    assert profile.age == 25 and profile.city == "Salvador"
    assert profile.course_interest == "Enfermagem"
    assert profile.household_size == 1
    assert profile.per_capita_income == Decimal("1200.00")


async def test_the_match_does_not_ask_the_course_again() -> None:
    app = make_app()
    await app.start()
    await say(app, FIRST)
    await say(app, "Joao")
    await say(app, "ensino medio completo")
    reply = await say(app, "quero achar uma faculdade")
    assert reply.agent == "match"
    assert "Qual curso" not in reply.text
    assert "nota do Enem" in reply.text


async def test_the_welcome_comes_before_what_was_noted_and_the_first_question() -> None:
    """The welcome was part of the name question, so a first message that told something got
    "Anotei: …" before "Olá! Eu sou a Cloudinha"."""
    app = make_app()
    await app.start()
    reply = await say(app, "moro em manaus e queria estudar enfermagem, como faço")
    welcome, noted, question = reply.text.split("\n\n")
    assert welcome.startswith("Olá! Eu sou a Cloudinha")
    assert noted.startswith("Anotei:") and "Manaus" in noted
    assert question == "Para começar, qual é o seu nome?"
