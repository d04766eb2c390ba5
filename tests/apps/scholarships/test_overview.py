"""Overview requests and study chat (issue 20, tester's report 2): "oi, quero saber do prouni"
and "qual a diferença entre sisu e prouni?" get an overview cited from the editais, and a remark
about studying gets encouragement — never "Não encontrei isso nos editais"."""

from __future__ import annotations

import pytest

from switchboard.apps.scholarships.overview import is_study_chat, overview_programs

from .helpers import make_app, say

NOT_FOUND = "Não encontrei"


@pytest.mark.parametrize(
    ("text", "programs"),
    [
        ("oi, quero saber do prouni", ("prouni",)),
        ("queria entender melhor sobre o sisu", ("sisu",)),
        ("o que é o Prouni?", ("prouni",)),
        ("me explica o sisu por favor", ("sisu",)),
        ("qual a diferenca entre sisu e prouni?", ("sisu", "prouni")),
        ("prouni ou sisu, qual a diferença?", ("sisu", "prouni")),
    ],
)
def test_an_overview_request_names_its_programmes(text: str, programs: tuple[str, ...]) -> None:
    assert overview_programs(text) == programs


@pytest.mark.parametrize(
    "text",
    [
        "quero saber a nota minima do prouni",
        "o que é preciso para o prouni?",
        "como funciona a lista de espera do sisu?",
    ],
)
def test_a_narrower_question_is_no_overview(text: str) -> None:
    assert overview_programs(text) == ()


def test_a_remark_about_studying_is_chat_but_a_question_is_not() -> None:
    assert is_study_chat("vou me matar de estudar pro enem esse ano kkk")
    assert is_study_chat("to estudando muito pro enem")
    assert not is_study_chat("quando devo estudar pro enem?")
    assert not is_study_chat("quem estudou em escola particular pode fazer prouni")


@pytest.mark.parametrize(
    ("text", "cited"),
    [
        ("oi, quero saber do prouni", ["Edital Prouni 2026, item 1.2", "item 1.4"]),
        ("qual a diferenca entre sisu e prouni?", ["Edital Sisu 2026, item 1.4", "item 1.2"]),
    ],
)
async def test_the_overview_cites_the_editais_and_offers_help(text: str, cited: list[str]) -> None:
    app = make_app()
    await app.start()
    reply = await say(app, text)
    assert NOT_FOUND not in reply.text
    assert all(c in reply.text for c in cited)
    assert "Por onde quer começar?" in reply.text


async def test_the_study_idiom_gets_encouragement() -> None:
    app = make_app()
    await app.start()
    reply = await say(app, "vou me matar de estudar pro enem esse ano kkk")
    assert NOT_FOUND not in reply.text
    assert "posso te ajudar" in reply.text.lower()
