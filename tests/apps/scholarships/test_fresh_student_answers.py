"""Answers found wrong or unhelpful by fresh student conversations (sch9): a household of
"só eu e minha mãe" is two people, a match that goes on without an Enem score, an average below
450 that makes the income moot, a city named only as a reference ("perto de Caruaru"), a
school level said by a parent or in one word, and a parent greeted as the one writing."""

from __future__ import annotations

from decimal import Decimal

import pytest

from switchboard.apps.scholarships.extract import declines_score
from switchboard.apps.scholarships.income import read_income
from switchboard.apps.scholarships.onboarding_text import reading

from .helpers import make_app, onboarded, part, say


@pytest.mark.parametrize(
    ("text", "per_capita", "members"),
    [
        ("moro so eu e minha mae, ela ganha 2800", "1400.00", 2),
        ("moro só eu e meu pai, ele ganha 3 mil", "1500.00", 2),
        ("moro so, ganho 2 mil", "2000.00", 1),
    ],
)
def test_moro_so_eu_e_minha_mae_is_two_people(text: str, per_capita: str, members: int) -> None:
    found = read_income(text)
    assert (found.per_capita, found.members) == (Decimal(per_capita), members)


@pytest.mark.parametrize(
    ("text", "declines"),
    [
        ("nao sei minha nota ainda", True),
        ("ainda não fiz o Enem", True),
        ("a nota ainda nao saiu", True),
        ("vou fazer o enem esse ano", True),
        ("nem sei minha média", True),
        ("tirei 600", False),
        ("não sei se 600 dá", False),
    ],
)
def test_no_score_to_give(text: str, declines: bool) -> None:
    assert declines_score(text) is declines


async def test_the_match_goes_on_without_a_score() -> None:
    app = make_app()
    await onboarded(app)
    for text in ("quero achar uma faculdade", "quero direito"):
        await say(app, text)
    reply = await say(app, "nao sei minha nota ainda")
    assert "seguimos sem a nota" in reply.text and "item 1.2" in reply.text
    assert "não entendi" not in reply.text and (await part(app)).asked == "shifts"
    reply = await say(app, "noite, tanto faz")
    assert "Direito" in reply.text and (await part(app)).asked == "per_capita_income"


async def test_an_average_below_450_asks_no_income_and_a_private_wish_is_said() -> None:
    app = make_app()
    await onboarded(app)
    for text in ("quero achar uma faculdade", "administracao 430", "noite"):
        await say(app, text)
    reply = await say(app, "privada")
    assert "item 1.2" in reply.text and "vou buscar nelas" in reply.text
    assert "renda" not in reply.text.split("item 1.2")[1]  # the income is moot for the Sisu
    view = await part(app)
    assert view.asked == "nearby"
    assert view.frame("match").slots["institution_type"] == "publica"


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("moro em Bezerros, perto de Caruaru", {"city": "Bezerros", "uf": "PE"}),
        ("moro em uma cidade pequena perto de Caruaru, chamada Bezerros",
         {"city": "Bezerros", "uf": "PE"}),
        ("moro em Olinda, do lado de Recife", {"city": "Olinda", "uf": "PE"}),
        ("moro perto de Caruaru", {"city": "Caruaru", "uf": "PE"}),  # the nearest there is
        ("ela ta no 3 ano", {"education": "Ensino Médio Incompleto"}),
        ("minha filha ta no segundo ano", {"education": "Ensino Médio Incompleto"}),
        ("terminei", {"education": "Ensino Médio Completo"}),
        ("ja terminei", {"education": "Ensino Médio Completo"}),
    ],
)  # fmt: skip
def test_where_and_how_far(text: str, values: dict[str, object]) -> None:
    asked = "education" if "city" not in values else "city"
    assert reading(text, asked).values == values


async def test_a_parent_is_greeted_as_the_one_writing() -> None:
    app = make_app()
    await app.start()
    reply = await say(app, "oi, sou o pai da Larissa, ela tem 17 anos")
    assert reply.text.startswith("Prazer! Vou fazer o cadastro da Larissa com você.")
    await say(app, "moramos em Natal")
    reply = await say(app, "ela ta no 3 ano")
    assert reply.text.startswith("Prontinho, Larissa!") and "Ensino Médio Incompleto" in reply.text


@pytest.mark.parametrize(
    "text",
    ["da pra eu conseguir bolsa integral?", "posso ter bolsa do prouni?", "posso ganhar bolsa?"],
)
async def test_asking_for_ones_own_scholarship_starts_the_simulation(text: str) -> None:
    app = make_app()
    await onboarded(app)
    reply = await say(app, text)
    assert reply.agent == "simulation" and "Me conta a renda da sua casa" in reply.text


@pytest.mark.parametrize(
    "text",
    [
        "a gente vive com o bolsa familia de 600, somos 3",
        "vivemos do bolsa familia, 600 reais, somos 4",
        "a renda e o bolsa familia de 650 e somos 3",
    ],
)
def test_living_on_the_bolsa_familia_is_no_income(text: str) -> None:
    found = read_income(text)
    assert found.per_capita == Decimal("0.00") and found.excluded


async def test_a_household_corrected_after_it_was_judged_is_judged_again() -> None:
    app = make_app()
    await onboarded(app)
    for text in ("quero achar uma faculdade", "direito 600", "noite", "tanto faz"):
        await say(app, text)
    reply = await say(app, "somos 2, renda 6 mil")
    assert "só à bolsa parcial" in reply.text
    reply = await say(app, "na verdade somos 4")
    assert (
        "R$ 1.500,00 por pessoa" in reply.text and "bolsa integral (100%) e à parcial" in reply.text
    )
    assert (await part(app)).frame("match").slots["eligibility"] == "prouni_integral"
    final = await say(app, "não")
    assert "bolsa integral (100%)" in final.text  # the last search filters by the new income


@pytest.mark.parametrize(
    ("text", "age"), [("dezesete", 17), ("tenho dezeseis anos", 16), ("dezinove", 19)]
)
def test_an_age_in_words_misspelt(text: str, age: int) -> None:
    assert reading(text, "age").values == {"age": age}


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("sou a Ju, 17 anos, moro em BH, to no 3 ano",
         {"name": "Ju", "age": 17, "city": "Belo Horizonte", "uf": "MG",
          "education": "Ensino Médio Incompleto"}),  # "tô", not Tocantins
        ("moro em palmas to", {"city": "Palmas", "uf": "TO"}),
        ("moro em recife, ta bom?", {"city": "Recife", "uf": "PE"}),
    ],
)  # fmt: skip
def test_a_word_that_spells_a_uf_is_no_uf(text: str, values: dict[str, object]) -> None:
    assert reading(text, None).values == values


@pytest.mark.parametrize("text", ["cursando", "nao terminei ainda", "ela ainda ta estudando"])
def test_still_studying_answers_the_schooling(text: str) -> None:
    assert reading(text, "education").values == {"education": "Ensino Médio Incompleto"}


async def test_quero_fazer_direito_is_the_course() -> None:
    app = make_app()
    await app.start()
    await say(app, "oi")
    reply = await say(app, "sou a Ju, 17 anos, moro em BH, to no 3 ano e quero fazer direito")
    assert "Belo Horizonte (MG)" in reply.text and "curso Direito" in reply.text
