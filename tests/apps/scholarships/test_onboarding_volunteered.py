"""What a student volunteers during onboarding is kept (issue 20, items 2-4): the course, the
Enem average and the household's income and size land in hidden `ask: false` slots read by the
match/simulation rules, are shown back ("Anotei: ..."), written to the profile, and are not
asked again; the per-capita income is still confirmed back, with how it was computed, before
eligibility is decided. A number that is not what a slot means is never stored there."""

from __future__ import annotations

from decimal import Decimal

from switchboard.apps.scholarships.app import ScholarshipsApp
from switchboard.apps.scholarships.records import PROFILES
from switchboard.apps.scholarships.records.profiles import StudentProfile

from .helpers import USER, make_app, say


async def text_of(app: ScholarshipsApp, message: str) -> str:
    """The reply's text."""
    return (await say(app, message)).text


async def profile_of(app: ScholarshipsApp) -> StudentProfile:
    profile = await app.store.repository(PROFILES).get(USER)
    assert profile is not None
    return profile


async def test_a_first_message_with_everything_is_kept_shown_and_not_asked_again() -> None:
    app = make_app()
    await app.start()
    first = await text_of(
        app,
        "olá! aqui é o Davi, 19 anos, de Caruaru. sonho com odontologia, fiz 612 no enem "
        "(redação 760) e lá em casa a renda dá 2.700 pra nós 3",
    )
    assert "curso Odontologia" in first
    assert "média do Enem 612" in first
    assert "renda por pessoa R$ 900,00" in first
    assert "Qual é a sua escolaridade?" in first
    profile = await profile_of(app)
    assert profile.course_interest == "Odontologia"
    assert profile.enem_score == 612.0  # the average, not the redação
    assert (profile.household_income, profile.household_size) == (Decimal("2700.00"), 3)
    assert profile.per_capita_income == Decimal("900.00")

    done = await text_of(app, "terminei o ensino médio")
    assert "Também anotei: curso Odontologia, média do Enem 612" in done
    match = await say(app, "me ajuda a achar uma faculdade")
    assert match.agent == "match"
    assert "Qual curso" not in match.text and "nota do Enem" not in match.text
    reply = await text_of(app, "de manhã, tanto faz")
    # the income was not asked again, but it is said back, with its basis, before eligibility
    assert "Me conta a renda" not in reply
    assert "Entendi: renda de R$ 900,00 por pessoa (R$ 2.700,00 ÷ 3 pessoas)" in reply
    assert reply.index("Entendi:") < reply.index("item 1.4")


async def test_a_score_told_while_the_city_is_asked_is_the_score() -> None:
    app = make_app()
    await app.start()
    await say(app, "pode me chamar de Lu")
    await say(app, "tenho 18")
    reply = await text_of(app, "Petrolina. ah, e no enem tirei 655,4 de média e 820 de redação")
    assert "cidade Petrolina" in reply
    assert "média do Enem 655.4" in reply or "média do Enem 655,4" in reply
    profile = await profile_of(app)
    assert profile.city == "Petrolina"
    assert profile.enem_score == 655.4
    assert profile.per_capita_income is None and profile.household_size is None


async def test_income_with_the_people_is_divided_and_an_age_is_never_the_household() -> None:
    app = make_app()
    await app.start()
    await say(app, "meu nome é Joana, tenho 17 anos e moro em Maceió, minha mãe recebe 1.900")
    profile = await profile_of(app)
    assert profile.age == 17
    assert profile.household_income == Decimal("1900.00")
    assert profile.household_size is None  # 17 is the age
    assert profile.per_capita_income is None  # not known until the people are

    reply = await text_of(app, "ah, aqui moramos em cinco")
    assert "renda por pessoa R$ 380,00" in reply
    profile = await profile_of(app)
    assert (profile.household_size, profile.per_capita_income) == (5, Decimal("380.00"))


async def test_people_alone_are_the_household_size_not_an_income() -> None:
    app = make_app()
    await app.start()
    await say(app, "sou o Caio, 20 anos, de Olinda, somos 6 aqui em casa")
    profile = await profile_of(app)
    assert profile.household_size == 6
    assert profile.household_income is None and profile.per_capita_income is None

    await say(app, "ensino médio completo")
    reply = await text_of(app, "quero procurar um curso")
    await say(app, "pedagogia")
    await say(app, "580")
    reply = await text_of(app, "à noite, pública")
    # only the missing half is asked: the total, not the people again
    assert "quanto entra por mês na casa toda" in reply
    reply = await text_of(app, "uns 3 mil")
    assert "Entendi: renda de R$ 500,00 por pessoa (R$ 3.000,00 ÷ 6 pessoas)" in reply


async def test_a_later_correction_recomputes_the_income_quietly() -> None:
    app = make_app()
    await app.start()
    await say(app, "oi, sou a Rita, 21 anos, moro em Natal; a renda da família é 2.400 e somos 3")
    assert (await profile_of(app)).per_capita_income == Decimal("800.00")

    reply = await text_of(app, "opa, errei: somos 4")
    assert "pessoas na casa agora é 4 (antes: 3)" in reply
    assert "R$ 600,00" in reply
    assert "income basis" not in reply  # an internal slot says no correction line
    profile = await profile_of(app)
    assert (profile.household_size, profile.per_capita_income) == (4, Decimal("600.00"))

    await say(app, "ensino médio completo")
    await say(app, "quero achar uma faculdade")
    await say(app, "nutrição, tirei 610")
    reply = await text_of(app, "tanto faz")
    assert "Entendi: renda de R$ 600,00 por pessoa (R$ 2.400,00 ÷ 4 pessoas)" in reply


async def test_a_zeroed_redacao_said_in_onboarding_decides_the_simulation() -> None:
    app = make_app()
    await app.start()
    first = await text_of(
        app, "me chamo Téo, tenho 19, moro em Garanhuns, fiz 590 de média mas zerei a redação"
    )
    assert "média do Enem 590, redação 0" in first
    await say(app, "ensino medio completo")
    reply = await text_of(app, "será que eu consigo bolsa do prouni?")
    assert "zero na redação" in reply and "item 1.2" in reply
    assert "Me conta a renda" not in reply  # the answer is known without the income
