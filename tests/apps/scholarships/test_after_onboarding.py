"""After onboarding (issue 20, tester's report 6): a course interest starts the match, the
student can see what is stored about them and change one field by asking — none of these is
"Não tenho certeza se entendi"."""

from __future__ import annotations

import pytest

from switchboard.apps.scholarships.profile_requests import (
    asks_for_profile,
    requested_update,
    wants_course,
)
from switchboard.apps.scholarships.records import PROFILES
from switchboard.apps.scholarships.router import route_offline

from .helpers import USER, make_app, say

NOT_UNDERSTOOD = "Não tenho certeza se entendi"
COURSES = ["Engenharia Civil", "Engenharia de Produção", "Enfermagem", "Direito"]


def test_reading_the_requests() -> None:
    assert asks_for_profile("meus dados estao certos? o que vc tem de mim?")
    assert asks_for_profile("o que você sabe sobre mim")
    assert not asks_for_profile("quais documentos preciso levar?")
    assert requested_update("muda minha cidade pra olinda") == {"city": "Olinda", "uf": "PE"}
    assert requested_update("troca a idade para 20") == {"age": 20}
    assert requested_update("quero mudar de curso no prouni") == {}
    assert wants_course("quero engenharia", COURSES)
    assert wants_course("penso em enfermagem", COURSES)
    assert not wants_course("quero saber do prouni", COURSES)
    assert wants_course("Enfermagem", COURSES)  # a course's name alone
    assert wants_course("engenharia civil!", COURSES)
    assert not wants_course("minha irmã faz enfermagem na federal", COURSES)
    assert not wants_course("engenharia", COURSES)  # no whole name: not a bare answer
    assert route_offline("quais cursos combinam comigo?", None).target == "match"


async def _onboard(app: object) -> None:
    for text in ("oi", "Ana", "19", "Recife", "ensino medio completo"):
        await say(app, text)  # type: ignore[arg-type]


@pytest.mark.parametrize("text", ["quero engenharia", "quais cursos combinam comigo?", "direito"])
async def test_a_course_interest_starts_the_match(text: str) -> None:
    app = make_app()
    await app.start()
    await _onboard(app)
    reply = await say(app, text)
    assert reply.agent == "match"
    assert NOT_UNDERSTOOD not in reply.text


async def test_the_profile_is_shown_and_a_field_updated_by_request() -> None:
    app = make_app()
    await app.start()
    await _onboard(app)
    shown = await say(app, "meus dados estao certos? o que vc tem de mim?")
    assert "Nome: Ana" in shown.text and "Recife" in shown.text
    updated = await say(app, "muda minha cidade pra olinda")
    assert "Olinda" in updated.text and NOT_UNDERSTOOD not in updated.text
    profile = await app.store.repository(PROFILES).get(USER)
    assert profile is not None and profile.city == "Olinda" and profile.uf == "PE"


@pytest.mark.parametrize(
    "text",
    [
        "dá pra mudar o curso que escolhi no sisu antes de fechar a inscrição?",
        "o prouni guarda meus dados depois da seleção?",
    ],
)
async def test_a_question_about_a_program_is_not_a_profile_request(text: str) -> None:
    """Words of a profile request ("mudar o curso", "meus dados") inside a question about the
    Sisu or the Prouni: the editais answer it; the profile is neither shown nor changed (the
    course of interest became "Que escolhi no sisu…")."""
    app = make_app()
    await app.start()
    reply = await say(app, text)
    assert reply.agent in ("sisu", "prouni"), (reply.agent, reply.text)
    profile = await app.store.repository(PROFILES).get(USER)
    assert profile is None or profile.course_interest is None
