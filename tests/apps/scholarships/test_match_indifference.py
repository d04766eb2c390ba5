"""An indifference answer fills only the slot it is about (sch9): "tanto faz o turno" says
nothing about public or private, "tanto faz a faculdade" nothing about the shift; a bare
"tanto faz" to the question that asks both answers both. And "medicina 700" answers the match's
first question ("Qual curso você quer e qual sua nota do Enem?") whole."""

from __future__ import annotations

import pytest

from switchboard.apps.scholarships.extract import ALL_SHIFTS, match_values

from .helpers import make_app, onboarded, part, say

COURSES = ["Direito", "Medicina", "Enfermagem", "Administração", "Psicologia"]


@pytest.mark.parametrize(
    ("text", "asked", "values"),
    [
        ("tanto faz o turno", "shifts", {"shifts": ALL_SHIFTS}),
        ("qualquer turno serve", "shifts", {"shifts": ALL_SHIFTS}),
        ("o turno pra mim tanto faz", "shifts", {"shifts": ALL_SHIFTS}),
        ("pode ser qualquer horario", "shifts", {"shifts": ALL_SHIFTS}),
        ("tanto faz o turno", "institution_type", {"shifts": ALL_SHIFTS}),
        ("qualquer turno serve", "score", {"shifts": ALL_SHIFTS}),
        ("tanto faz a instituição", "shifts", {"institution_type": "indiferente"}),
        ("o turno tanto faz, mas prefiro pública", "shifts",
         {"shifts": ALL_SHIFTS, "institution_type": "publica"}),
        ("tanto faz o turno e a faculdade", "shifts",
         {"shifts": ALL_SHIFTS, "institution_type": "indiferente"}),
        ("tanto faz os dois", "shifts", {"shifts": ALL_SHIFTS, "institution_type": "indiferente"}),
        ("tanto faz", "shifts", {"shifts": ALL_SHIFTS, "institution_type": "indiferente"}),
        ("à noite, tanto faz", "shifts", {"shifts": ("noturno",), "institution_type": "indiferente"}),
        ("medicina 700", "course", {"course": "Medicina", "score": 700.0}),
        ("enfermagem, 580", "course", {"course": "Enfermagem", "score": 580.0}),
        ("administração 550", "course", {"course": "Administração", "score": 550.0}),
        ("direito, moro a 300 km", "course", {"course": "Direito"}),
    ],
)  # fmt: skip
def test_an_indifference_fills_only_its_slot(
    text: str, asked: str, values: dict[str, object]
) -> None:
    assert match_values(text, asked, COURSES) == values


async def test_tanto_faz_o_turno_then_the_institution_is_asked() -> None:
    app = make_app()
    await onboarded(app)
    await say(app, "quero achar uma faculdade")
    reply = await say(app, "psicologia 640")
    assert "Qual turno" in reply.text  # the score was read beside the course
    reply = await say(app, "tanto faz o turno")
    assert reply.text.endswith(
        "Você prefere instituição pública (Sisu), privada (Prouni) ou tanto faz?"
    )
    slots = (await part(app)).frame("match").slots
    assert "institution_type" not in slots and slots["score"] == "640.0"
