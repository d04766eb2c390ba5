"""Router rules (issue 12's cases), the hosted router's parsing, income boundaries in the flow."""

from __future__ import annotations

from decimal import Decimal

import pytest

from switchboard.apps.scholarships.eligibility import MINIMUM_WAGE_2026, IncomeRules
from switchboard.apps.scholarships.extract import match_values, onboarding_values
from switchboard.apps.scholarships.income import IncomeKind, read_income
from switchboard.apps.scholarships.router import (
    Workflow,
    read_decision,
    route_hosted,
    route_offline,
)
from switchboard.models.scripted import ScriptedModel

from .helpers import make_app, onboarded, part, say


@pytest.mark.parametrize(
    ("text", "active", "intent", "target"),
    [
        ("Quero achar uma faculdade", None, "CHANGE_WORKFLOW", "match"),
        ("quero ver vagas do Prouni", "prouni", "CHANGE_WORKFLOW", "match"),
        ("mostrar vagas do Sisu", None, "CHANGE_WORKFLOW", "match"),
        ("buscar bolsas de enfermagem", "sisu", "CHANGE_WORKFLOW", "match"),
        ("O que é o Prouni?", "match", "CHANGE_WORKFLOW", "prouni"),
        ("como funciona o Sisu?", None, "CHANGE_WORKFLOW", "sisu"),
        ("quando sai o resultado do sisu", "match", "CHANGE_WORKFLOW", "sisu"),
        ("quais as regras da bolsa parcial?", None, "CHANGE_WORKFLOW", "prouni"),
        ("1500 reais", "match", "CONTINUE_WORKFLOW", None),
        ("Engenharia", "match", "CONTINUE_WORKFLOW", None),
        ("Sim", "match", "CONTINUE_WORKFLOW", None),
        ("quais documentos preciso?", "prouni", "CONTINUE_WORKFLOW", None),
        ("Sair", "match", "EXIT_WORKFLOW", None),
        ("Cancelar", "match", "EXIT_WORKFLOW", None),
        ("voltar", "sisu", "EXIT_WORKFLOW", None),
        ("Tchau!", None, "EXIT_WORKFLOW", None),
    ],
)
def test_offline_router_cases(
    text: str, active: Workflow | None, intent: str, target: str | None
) -> None:
    decision = route_offline(text, active)
    assert (decision.intent, decision.target) == (intent, target)


def test_exit_words_inside_a_sentence_do_not_exit() -> None:
    assert route_offline("posso sair da lista de espera do prouni?", None).intent != "EXIT_WORKFLOW"


async def test_hosted_router_answer_and_fallback() -> None:
    good = ScriptedModel(
        ['{"intent": "CHANGE_WORKFLOW", "target_workflow": "sisu", "confidence": 0.8}']
    )
    decision = await route_hosted(good, "me fala do sisu", "match")
    assert (decision.intent, decision.target, decision.source) == (
        "CHANGE_WORKFLOW",
        "sisu",
        "model",
    )
    bad = ScriptedModel(
        ['{"intent": "CHANGE_WORKFLOW", "target_workflow": "finance", "confidence": 2}']
    )
    fallback = await route_hosted(bad, "Sair", "match")
    assert (fallback.intent, fallback.source) == ("EXIT_WORKFLOW", "rules")
    with pytest.raises(ValueError):
        read_decision('{"intent": "JUMP"}', None)


def test_extraction_of_slots() -> None:
    courses = ["Direito", "Engenharia Civil", "Medicina", "Medicina Veterinária"]
    assert match_values("Medicina veterinária de manhã, nota 701,5, particular", None, courses) == {
        "course": "Medicina Veterinária",
        "score": 701.5,
        "shifts": ("matutino",),
        "institution_type": "privada",
    }
    assert match_values("650", "score", courses) == {"score": 650.0}
    assert onboarding_values("Recife/PE", "city") == {"city": "Recife", "uf": "PE"}
    assert onboarding_values("oi", None) == {}
    income = read_income("somos 4 pessoas e a renda da casa é R$ 6.000,00")
    assert income.per_capita == Decimal("1500.00") and income.members == 4
    lone = read_income("2 mil")  # the household total asked for: the people come next
    assert lone.kind is IncomeKind.TOTAL_ONLY and lone.total == Decimal("2000.00")
    assert read_income("não sei").kind is IncomeKind.REFUSED  # declined: nothing to store
    assert read_income("hmm").kind is IncomeKind.NONE


async def _to_income_step(app: object) -> None:
    await say(app, "Quero achar uma faculdade")  # type: ignore[arg-type]
    await say(app, "Direito, tirei 700, à noite, tanto faz")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("answer", "eligibility", "phrase"),
    [
        ("2431,50", "prouni_integral", "bolsa integral (100%)"),  # exactly 1.5 minimum wages
        ("2431,51", "prouni_parcial", "só à bolsa parcial"),
        ("4863,00", "prouni_parcial", "só à bolsa parcial"),  # exactly 3 minimum wages
        ("4863,01", "sisu_only", "acima do limite de 3 salários mínimos"),
    ],
)
async def test_income_eligibility_boundaries_in_the_flow(
    answer: str, eligibility: str, phrase: str
) -> None:
    app = make_app()
    await onboarded(app)
    await _to_income_step(app)
    assert (await part(app)).asked == "per_capita_income"
    reply = await say(app, f"R$ {answer} por pessoa")
    assert phrase in reply.text
    assert (await part(app)).frame("match").slots["eligibility"] == eligibility


async def test_minimum_wage_is_configurable() -> None:
    app = make_app(rules=IncomeRules(minimum_wage=Decimal("1518.00")))
    await onboarded(app)
    await _to_income_step(app)
    reply = await say(app, "2300 reais por pessoa")  # > 1.5 × 1518 = 2277
    assert "só à bolsa parcial" in reply.text
    assert Decimal("1621.00") == MINIMUM_WAGE_2026


async def test_income_answer_that_is_not_a_number_is_asked_again() -> None:
    app = make_app()
    await onboarded(app)
    await _to_income_step(app)
    reply = await say(app, "hmm, deixa eu ver")
    assert "Desculpe, não entendi." in reply.text
    assert (await part(app)).asked == "per_capita_income"
