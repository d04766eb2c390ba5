"""The root agent as a student talks to it after onboarding (sch8): a goodbye is a goodbye, a
returning student is greeted by name, "e agora, o que eu faço?" gets the editais' steps, a yes
or a no to "Posso ajudar com mais alguma coisa?" is understood, and a question about one's
chances says where cut-off scores are."""

from __future__ import annotations

import pytest

from .helpers import make_app, onboarded, say


async def test_goodbye_and_coming_back() -> None:
    app = make_app()
    await onboarded(app, name="Rita")
    bye = await say(app, "tchau, obrigada!")
    assert bye.text.startswith("Por nada! Até mais, Rita!")
    back = await say(app, "oi, voltei", session="s2")
    assert back.text.startswith("Oi, Rita!")


@pytest.mark.parametrize(
    "text", ["e agora, o que eu faço?", "quais os próximos passos?", "por onde eu começo?"]
)
async def test_what_now_gets_the_steps_of_the_editais(text: str) -> None:
    app = make_app()
    await onboarded(app)
    reply = await say(app, text)
    assert "19 a 23 de janeiro de 2026" in reply.text and "Edital Sisu 2026, itens 1.1" in (
        reply.text
    )
    assert "26 a 29 de janeiro de 2026" in reply.text and "Edital Prouni 2026, item 1.1" in (
        reply.text
    )


async def test_what_now_after_a_sisu_answer_is_not_searched_in_the_edital() -> None:
    app = make_app()
    await onboarded(app)
    await say(app, "quando abre o sisu?")
    reply = await say(app, "e agora, o que eu faço?")
    assert reply.text.startswith("Um passo a passo pelos editais de 2026")


@pytest.mark.parametrize(("text", "start"), [("sim", "Claro!"), ("não, só isso", "Por nada!")])
async def test_yes_or_no_to_anything_else(text: str, start: str) -> None:
    app = make_app()
    await onboarded(app)
    reply = await say(app, text)
    assert reply.text.startswith(start) and "não tenho certeza" not in reply.text.lower()


async def test_a_question_about_ones_chances_says_where_the_cutoffs_are() -> None:
    app = make_app()
    await onboarded(app)
    reply = await say(app, "com 600 dá pra entrar em medicina?")
    assert "notas de corte" in reply.text and "quero achar uma faculdade" in reply.text


@pytest.mark.parametrize(
    "text",
    [
        "somos 4 em casa e a renda é 3 mil",
        "a renda lá de casa é 3 mil, somos em 4",
        "750 por pessoa",
    ],
)
async def test_an_income_told_after_onboarding_is_read_by_the_prouni_simulation(
    text: str,
) -> None:
    """After onboarding, "somos 4 em casa e a renda é 3 mil" got "Não tenho certeza se
    entendi"; it is the Prouni simulation's answer: per person, and what it allows."""
    app = make_app()
    await onboarded(app)
    reply = await say(app, text)
    assert "renda de R$ 750,00 por pessoa" in reply.text and "item 1.4" in reply.text
    assert "Não tenho certeza" not in reply.text


@pytest.mark.parametrize(
    "text", ["escola publica", "estudei em escola pública", "fiz o médio todo em escola estadual"]
)
async def test_the_school_told_after_onboarding_goes_to_the_prouni_simulation(text: str) -> None:
    """After onboarding, "escola publica" got "Não tenho certeza se entendi"; the school is a
    rule of the Prouni (item 1.3), which the simulation reads and judges in its summary."""
    app = make_app()
    await onboarded(app)
    reply = await say(app, text)
    assert (
        reply.text.startswith("Vamos ver! O Prouni 2026") and "Não tenho certeza" not in reply.text
    )
    await say(app, "tirei 610, redação 700")
    summary = await say(app, "somos 4 e a renda é 3 mil")
    assert "escola pública: atende o item 1.3" in summary.text
