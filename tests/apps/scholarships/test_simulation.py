"""The Prouni simulation (issue 20, points 4 and 5): the income confirmed back before anything is
decided, then each rule of the edital with its item: 1.2 (Enem ≥ 450, redação > 0, not as a
treineiro), 1.3 (school), 1.4 (income, limits inclusive)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from switchboard.apps.scholarships.eligibility import (
    DEFAULT_RULES,
    income_rule,
    score_rule,
    share,
)
from switchboard.apps.scholarships.records import PROFILES

from .helpers import USER, make_app, onboarded, part, say

START = "quero ver se tenho direito a bolsa do prouni"


@pytest.mark.parametrize(
    ("score", "essay", "trainee", "holds"),
    [
        ("449.99", "700", None, False),
        ("450", "700", None, True),  # "igual ou superior a 450"
        ("700", "0", None, False),  # redação must be above zero
        ("700", None, True, False),
        ("451.2", None, None, True),
        (None, None, None, None),
    ],
)
def test_score_rule_item_1_2(
    score: str | None, essay: str | None, trainee: bool | None, holds: bool | None
) -> None:
    rule = score_rule(Decimal(score) if score else None, Decimal(essay) if essay else None, trainee)
    assert rule.holds is holds and rule.item == "1.2"
    assert rule.cited.endswith("(Edital Prouni 2026, item 1.2).")


def test_income_rule_judges_a_household_exactly() -> None:
    """R$ 7.294,51 for 3 people is R$ 2.431,503… per person: over the integral limit, although
    it rounds to R$ 2.431,50 — the shown value is rounded, the judgement is exact."""
    assert share(Decimal("7294.51"), 3) == Decimal("2431.50")
    over = income_rule(Decimal("2431.50"), DEFAULT_RULES, (Decimal("7294.51"), 3))
    assert "só à bolsa parcial" in over.text and over.item == "1.4"
    at = income_rule(Decimal("2431.50"), DEFAULT_RULES, (Decimal("7294.50"), 3))
    assert "bolsa integral (100%)" in at.text


async def test_income_is_confirmed_back_before_the_decision() -> None:
    app = make_app()
    await onboarded(app)
    opening = await say(app, START)
    assert opening.agent == "simulation" and "item 1.2" in opening.text
    reply = await say(app, "meu pai ganha 2500 e minha mãe 1800, somos 4")
    confirmed = reply.text.index("Entendi: renda de R$ 1.075,00 por pessoa")
    decided = reply.text.index("bolsa integral (100%)")
    assert confirmed < decided and "(Edital Prouni 2026, item 1.4)" in reply.text
    assert "R$ 4.300,00 ÷ 4 pessoas" in reply.text
    assert reply.text.endswith("(Se souber, me diga também a nota da redação.)")
    profile = await app.store.repository(PROFILES).get(USER)
    assert profile is not None and profile.per_capita_income == Decimal("1075.00")
    # the household as the student gave it, beside the per-capita value it was judged on
    assert profile.household_size == 4 and profile.household_income == Decimal("4300.00")


async def test_a_total_without_people_asks_for_the_people_then_divides() -> None:
    app = make_app()
    await onboarded(app)
    await say(app, START)
    asked = await say(app, "a casa toda ganha uns 5 mil")
    assert asked.text.endswith("E quantas pessoas moram na sua casa, contando com você?")
    assert await _income(app) is None
    done = await say(app, "4")
    assert "Entendi: renda de R$ 1.250,00 por pessoa" in done.text
    assert await _income(app) == Decimal("1250.00")


async def test_a_range_is_asked_back_and_nothing_is_stored() -> None:
    app = make_app()
    await onboarded(app)
    await say(app, START)
    reply = await say(app, "entre 3 e 4 mil, somos 4")
    assert "entre R$ 3.000,00 e R$ 4.000,00" in reply.text
    assert reply.text.endswith("E quanto entra por mês na casa toda, somando todo mundo que ganha?")
    assert await _income(app) is None


async def test_an_enem_score_typed_at_the_income_question_is_a_score() -> None:
    app = make_app()
    await onboarded(app)
    await say(app, START)
    reply = await say(app, "minha média foi 612")
    assert "Sua média 612 atende o mínimo de 450 pontos" in reply.text
    assert reply.text.endswith("(ou me diga a renda por pessoa)") or "?" in reply.text
    assert await _income(app) is None
    profile = await app.store.repository(PROFILES).get(USER)
    assert profile is not None and profile.enem_score == 612.0


async def test_below_450_ends_the_simulation_with_item_1_2() -> None:
    app = make_app()
    await onboarded(app)
    await say(app, START)
    reply = await say(app, "minha média no enem foi 430 e na redação tirei 600")
    assert "abaixo do mínimo de 450 pontos" in reply.text and "item 1.2" in reply.text
    assert (await part(app)).stack == ()


async def test_a_zeroed_essay_and_a_trainee_cannot_apply() -> None:
    app = make_app()
    await onboarded(app)
    await say(app, START)
    zero = await say(app, "média 610 mas zerei a redação")
    assert "nota zero na redação" in zero.text and "item 1.2" in zero.text
    await onboarded(app, user="u2")
    await say(app, START, session="s2", user="u2")
    trainee = await say(app, "fiz o enem 2025 como treineiro e tirei 700", session="s2", user="u2")
    assert "treineiro" in trainee.text and "item 1.2" in trainee.text


async def test_the_redacao_is_kept_in_the_profile_for_the_next_conversation() -> None:
    """A redação score said once (here, beside the name in onboarding) is the profile's: a Prouni
    simulation in another conversation judges it without asking again (it lived in the session)."""
    app = make_app()
    await app.start()
    await say(app, "oi")
    await say(app, "sou a Bia, tirei 640 no enem e 780 na redação")
    profile = await app.store.repository(PROFILES).get(USER)
    assert profile is not None and (profile.enem_score, profile.essay_score) == (640.0, 780.0)
    started = await say(app, START, session="s2")
    assert "redação (780) está acima de zero" in started.text and "item 1.2" in started.text
    assert "redação" not in started.text.split("item 1.2")[1]  # not asked again
    done = await say(app, "somos 4 e a renda da casa é 4 mil", session="s2")
    assert "pode se inscrever no Prouni 2026" in done.text


async def test_everything_in_one_message_gives_the_full_verdict_with_school() -> None:
    app = make_app()
    await onboarded(app)
    reply = await say(
        app,
        "quero saber se tenho direito ao prouni: tirei 640, somos 3 e a renda é 2.700, "
        "estudei em escola pública",
    )
    for item in ("item 1.2", "item 1.3", "item 1.4", "item 1.2.2"):
        assert item in reply.text
    assert "Entendi: renda de R$ 900,00 por pessoa" in reply.text
    assert (await part(app)).stack == ()


async def test_the_simulation_interrupts_onboarding_and_onboarding_resumes() -> None:
    app = make_app()
    await app.start()
    await say(app, "oi")
    await say(app, "queria saber se tenho direito ao prouni pela renda")
    await say(app, "somos 4 e a renda é 6 mil")
    reply = await say(app, "ainda não sei minha nota")
    assert "Voltando ao seu cadastro:" in reply.text
    assert reply.text.endswith("Como você quer que eu te chame?")


async def _income(app: object) -> Decimal | None:
    profile = await app.store.repository(PROFILES).get(USER)  # type: ignore[attr-defined]
    return profile.per_capita_income if profile is not None else None


async def test_no_income_left_after_a_left_out_benefit_says_which_benefit() -> None:
    """Bolsa Família is left out of the Prouni income (Documentação Prouni, annex 3.1): a home that
    lives on it is "sem renda", and the confirmation says why instead of a bare R$ 0,00."""
    app = make_app()
    await onboarded(app)
    await say(app, START)
    reply = await say(app, "recebo bolsa família de 600 e moro só com minha filha")
    assert "R$ 0,00 por pessoa; sem Bolsa Família (R$ 600,00), que não entra no cálculo" in (
        reply.text
    )
    assert "÷" not in reply.text


async def test_the_score_verdict_is_said_once_when_average_and_redacao_come_together() -> None:
    app = make_app()
    await onboarded(app)
    await say(app, START)
    await say(app, "somos 3 e a renda é 3 mil")
    reply = await say(app, "650 e redação 700")
    assert reply.text.count("Sua média 650 atende") == 1


async def test_a_redacao_given_after_the_verdict_is_judged_again() -> None:
    app = make_app()
    await onboarded(app, enem_score=650)
    started = await say(app, START)
    assert "Sua média 650 atende" in started.text
    zero = await say(app, "ah, mas eu zerei a redação")
    assert "nota zero na redação" in zero.text and "item 1.2" in zero.text


@pytest.mark.parametrize(
    "text", ["tenho 35 anos posso fazer prouni", "com 42 anos ainda da pra tentar o prouni?"]
)
async def test_an_age_asked_about_is_answered_before_the_requirements(text: str) -> None:
    app = make_app()
    await onboarded(app)
    reply = await say(app, text)
    assert reply.text.startswith("Vamos ver! O edital do Prouni 2026 não traz limite de idade")
