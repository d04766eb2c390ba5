"""Onboarding answers as students type them (sch8): an assent before the name, a known city or
a school level said to the name question, the school year said alone or to the age question, a
parent writing for the student, and another slot's value said while the name is pending."""

from __future__ import annotations

import pytest

from switchboard.apps.scholarships.onboarding_text import reading

from .helpers import make_app, part, say


@pytest.mark.parametrize(
    ("text", "asked", "values"),
    [
        ("ok, Carla", "name", {"name": "Carla"}),
        ("tá bom, Carla", "name", {"name": "Carla"}),
        ("Recife", "name", {"city": "Recife", "uf": "PE"}),  # where, not who
        ("Fortaleza", "name", {"city": "Fortaleza", "uf": "CE"}),
        ("Vitória", "name", {"name": "Vitória"}),  # a city that is also a name
        ("fiz supletivo", "name", {"education": "Ensino Médio Completo"}),
        ("3º ano", "education", {"education": "Ensino Médio Incompleto"}),
        ("terceiro ano", "education", {"education": "Ensino Médio Incompleto"}),
        ("3o ano do médio", "age", {"education": "Ensino Médio Incompleto"}),  # not 3 years old
        ("completo", "city", {}),  # an education word is no city
        ("oi, sou mãe do Pedro, ele tem 17 anos", None, {"name": "Pedro", "age": 17}),
    ],
)
def test_what_the_answer_is(text: str, asked: str | None, values: dict[str, object]) -> None:
    assert reading(text, asked).values == values


@pytest.mark.parametrize("text", ["na verdade tenho 18", "tá bom, 20", "Recife"])
def test_another_slots_value_is_not_called_a_bad_name(text: str) -> None:
    found = reading(text, "name")
    assert "name" not in found.values and "name" not in found.problems


async def test_an_age_said_to_the_name_question_is_noted_without_a_complaint() -> None:
    app = make_app()
    await app.start()
    await say(app, "oi")
    reply = await say(app, "na verdade tenho 18")
    assert "não parece um nome" not in reply.text
    assert "Anotei: idade 18." in reply.text and reply.text.endswith("te chame?")
    reply = await say(app, "ok, Carla")
    assert reply.text == "Prazer, Carla!\n\nEm que cidade você mora?"  # the age is known already
    assert (await part(app)).frame("onboarding").slots["name"] == "Carla"


async def test_a_school_year_answers_the_education_question() -> None:
    app = make_app()
    await app.start()
    for text in ("oi", "Camila", "17", "Manaus"):
        await say(app, text)
    reply = await say(app, "3º ano")
    assert reply.text.startswith("Prontinho, Camila!")
    assert "Ensino Médio Incompleto" in reply.text


async def test_a_name_alone_after_a_cold_question_is_the_name() -> None:
    app = make_app()
    await app.start()
    await say(app, "quem fez supletivo pode usar o sisu?")
    reply = await say(app, "Joana")
    assert reply.text.startswith("Prazer, Joana!")
    for text in ("tenho 22", "moro em Feira de Santana"):
        await say(app, text)
    reply = await say(app, "fiz supletivo")  # the level, never the name
    assert reply.text.startswith("Prontinho, Joana!") and "Ensino Médio Completo" in reply.text


async def test_a_course_alone_as_the_first_message_is_not_a_name() -> None:
    app = make_app()
    await app.start()
    reply = await say(app, "Medicina")
    assert "Prazer" not in reply.text and reply.text.endswith("qual é o seu nome?")


async def test_a_refused_name_is_asked_again_without_the_greeting() -> None:
    app = make_app()
    await app.start()
    await say(app, "oi")
    reply = await say(app, "prefiro não dizer")
    assert "Olá! Eu sou a Cloudinha" not in reply.text
    assert reply.text.endswith("Como você quer que eu te chame?")


async def test_a_school_subject_is_not_the_course_wanted() -> None:
    app = make_app()
    await app.start()
    await say(app, "oi")
    reply = await say(app, "matei a prova de matemática kkk")
    assert "curso" not in reply.text
    assert "course" not in (await part(app)).frame("onboarding").slots
    reply = await say(app, "Ana, quero fazer matemática")
    assert (await part(app)).frame("onboarding").slots.get("course") == "Matemática"


@pytest.mark.parametrize(("text", "asked"), [("obrigada!", "name"), ("valeu mesmo", "age")])
def test_thanks_is_answered_not_read_as_a_value(text: str, asked: str) -> None:
    """ "obrigada!" after an answer given mid-onboarding got "Hmm, isso não parece um nome"."""
    found = reading(text, asked)
    assert found.values == {} and found.problems[asked].startswith("Por nada!")


@pytest.mark.parametrize(
    "text", ["colégio estadual, o médio inteiro", "fiz tudo em escola particular com bolsa"]
)
def test_the_school_said_to_the_education_question_asks_for_the_level(text: str) -> None:
    """Where the student studied is not the level: asked plainly, not met with "não entendi"."""
    found = reading(text, "education")
    assert "education" not in found.values
    assert found.problems["education"].endswith("já concluiu ou ainda está cursando?")


@pytest.mark.parametrize("text", ["tô cursando ainda", "estou cursando", "ainda tô cursando"])
def test_still_studying_answers_the_education_question(text: str) -> None:
    assert reading(text, "education").values == {"education": "Ensino Médio Incompleto"}
