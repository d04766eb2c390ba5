"""Elliptical follow-ups (issue 20, tester's report 1): "e do sisu?" after a Prouni question is
the same question about the Sisu, never searched bare (which found nothing and said so)."""

from __future__ import annotations

import pytest

from switchboard.apps.scholarships.followup import is_elliptical, resolve

from .helpers import make_app, say

NOT_FOUND = "Não encontrei"


@pytest.mark.parametrize(
    ("previous", "text", "expected"),
    [
        ("quando e a inscricao do prouni?", "e do sisu?", "quando e a inscricao do sisu?"),
        ("Quando é a inscrição do Sisu?", "e pro prouni?", "quando e a inscricao do prouni?"),
        ("quando e a inscricao do sisu?", "e a matricula?", "quando e matricula do sisu?"),
        ("qual a nota minima?", "e no prouni?", "qual a nota minima do prouni?"),
    ],
)
def test_an_elliptical_follow_up_is_completed_from_the_previous_question(
    previous: str, text: str, expected: str
) -> None:
    assert resolve(previous, text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "e quando abrem as inscrições do sisu?",
        "quando é a matrícula?",
        "e se eu zerar a redação, ainda posso tentar o sisu?",
    ],
)
def test_a_whole_question_is_left_as_it_is(text: str) -> None:
    assert not is_elliptical(text)
    assert resolve("quando e a inscricao do prouni?", text) == text


def test_without_a_previous_question_nothing_is_made_up() -> None:
    assert resolve(None, "e do sisu?") == "e do sisu?"
    assert resolve("Marina", "e do sisu?") == "e do sisu?"


@pytest.mark.parametrize(
    ("first", "second", "fact"),
    [
        ("quando e a inscricao do prouni?", "e do sisu?", "19 de janeiro"),
        ("quando e a inscricao do sisu?", "e pro prouni?", "26 de janeiro"),
        ("quando e a inscricao do sisu?", "e a matricula?", "2 de fevereiro"),
    ],
)
async def test_the_follow_up_is_answered_from_the_editais(
    first: str, second: str, fact: str
) -> None:
    app = make_app()
    await app.start()
    await say(app, first)
    reply = await say(app, second)
    assert NOT_FOUND not in reply.text
    assert fact in reply.text
