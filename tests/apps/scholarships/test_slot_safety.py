"""The slot writer's own defence: a value the guard would flag is never proposed as a slot."""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from switchboard.apps.scholarships.records.cities import catalogue
from switchboard.apps.scholarships.records.opportunities import seed
from switchboard.apps.scholarships.slot_safety import SafeSlots, flagged, safe_values
from switchboard.patterns.guardrails.classifier import GuardClassifier
from switchboard.patterns.workflows import Extraction, Workflow

CRISIS = "ninguém ia sentir minha falta se eu morresse"


def test_flagged_checks_text_values_only() -> None:
    assert flagged(CRISIS)
    assert flagged(["noturno", CRISIS])
    assert not flagged("Ana Beatriz")
    assert not flagged("Recife")
    assert not flagged(Decimal("1500.00")) and not flagged(19) and not flagged(None)


def test_safe_values_drops_flagged_values_and_everything_from_a_flagged_message() -> None:
    values = {"name": CRISIS, "age": 19, "city": "Recife"}
    assert safe_values(values, "me chamo Ana, 19 anos, moro em Recife") == {
        "age": 19,
        "city": "Recife",
    }
    assert safe_values({"name": "Ana"}, "acho que todo mundo ficaria melhor sem mim") == {}
    assert safe_values({}, CRISIS) == {}
    assert safe_values({"name": "Ana", "age": 19}) == {"name": "Ana", "age": 19}


class Proposes:
    """An extractor that proposes fixed values (as a careless model might)."""

    def __init__(self, values: dict[str, Any], corrections: frozenset[str]) -> None:
        self.values = values
        self.corrections = corrections

    async def extract(
        self, text: str, workflow: Workflow, expected: str | None, slots: Mapping[str, Any]
    ) -> Extraction:
        return Extraction(values=dict(self.values), corrections=self.corrections)


async def test_safe_slots_wraps_any_extractor() -> None:
    workflow = Workflow.model_validate(
        {"name": "onboarding", "steps": [{"collect": "name", "question": "Nome?"}]}
    )
    inner = Proposes({"name": CRISIS, "city": "Recife"}, frozenset({"name", "city"}))
    extraction = await SafeSlots(inner).extract("Recife", workflow, "name", {})
    assert extraction.values == {"city": "Recife"}
    assert extraction.corrections == frozenset({"city"})
    clean = Proposes({"name": "Ana"}, frozenset())
    untouched = await SafeSlots(clean).extract("Ana", workflow, "name", {})
    assert untouched.values == {"name": "Ana"}


def test_no_catalogue_course_name_is_flagged() -> None:
    """A course the student names is stored only when the guard passes it: "Análise e
    Desenvolvimento de Sistemas" once read as prompt injection ("sistema") and the match kept
    asking for the course."""
    courses = sorted({row.course for row in seed()})
    assert len(courses) > 20
    assert [course for course in courses if flagged(course)] == []


def test_no_catalogue_city_and_no_plain_onboarding_reply_is_flagged() -> None:
    """The answer to an onboarding question is not a crisis: the guard once answered "São José
    do Rio Preto" as hate and "me trata por Mah" or "meu nome não importa" with the CVV text
    instead of the next question."""
    cities = sorted({name for name, _ in catalogue().values()})
    assert len(cities) > 400
    assert [city for city in cities if flagged(city)] == []
    replies = [
        "me trata por Mah",
        "a mesma de sempre",
        "meu nome não importa",
        "por que importa minha idade",
        "pra que vc quer saber minha idade?",
        "sou de Rio Preto",
    ]
    assert [reply for reply in replies if GuardClassifier.default().check(reply).unsafe] == []
