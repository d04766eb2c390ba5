"""The student's own school is school history, not the kind of college wanted: "terminei em
escola estadual" answered while the match asks the Enem score stored "tipo de instituição:
pública" (lead probe, 2026-11-27). A preference said with the school ("estudei em escola
pública e quero federal") is still the preference."""

from __future__ import annotations

import pytest

from switchboard.apps.scholarships.extract import match_values

COURSES = ["Direito", "Medicina", "Enfermagem"]


@pytest.mark.parametrize(
    "text",
    [
        "terminei em escola estadual",
        "estudei a vida toda em colegio particular",
        "fiz o ensino medio todo em escola publica",
        "sou de escola municipal",
        "conclui o EJA numa estadual",
    ],
)
def test_own_school_is_not_a_college_preference(text: str) -> None:
    assert "institution_type" not in match_values(text, "score", COURSES)


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("estudei em escola publica e quero federal", "publica"),
        ("prefiro particular", "privada"),
        ("pública", "publica"),
        ("faculdade estadual", "publica"),
    ],
)
def test_a_preference_beside_the_school_still_counts(text: str, kind: str) -> None:
    assert match_values(text, "institution_type", COURSES).get("institution_type") == kind
