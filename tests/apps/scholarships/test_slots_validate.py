"""Slots that validate (issue 20, point 3): a name looks like a name or is the nickname asked
for; questions, refusals, small talk and guard-flagged text are not values and are never echoed;
a correction changes only the slot it corrects; the city comes with its UF."""

from __future__ import annotations

import pytest

from switchboard.apps.scholarships.onboarding_text import age_in, reading
from switchboard.apps.scholarships.records import PROFILES
from switchboard.apps.scholarships.records.cities import lookup

from .helpers import USER, make_app, part, say


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("pode me chamar de Lari", "Lari"),
        ("Maria Eduarda, mas me chamam de Duda", "Duda"),
        ("meu nome é Ana Beatriz da Silva", "Ana Beatriz da Silva"),
        ("sou o Zé", "Zé"),
        ("É Kauã, com til", "Kauã"),
        ("rafael", "Rafael"),
        ("jp", "JP"),  # initials, not "Jp"
        ("me chama de mc", "MC"),
        ("bia", "Bia"),
    ],
)
def test_names_and_nicknames(text: str, name: str) -> None:
    assert reading(text, "name").values["name"] == name


@pytest.mark.parametrize(
    "text",
    [
        "pra que você quer saber?",
        "não vou falar",
        "oi, tudo bom?",
        "hmm sei lá",
        "depois te falo",
        "qual seu nome?",
    ],
)
def test_non_answers_are_not_names_and_say_why(text: str) -> None:
    found = reading(text, "name")
    assert "name" not in found.values
    assert found.problems["name"]


async def test_a_non_answer_is_never_stored_nor_echoed() -> None:
    app = make_app()
    await app.start()
    await say(app, "oi")
    reply = await say(app, "não quero falar meu nome")
    assert "Prazer" not in reply.text
    assert reply.text.endswith("Como você quer que eu te chame?")
    assert "name" not in (await part(app)).frame("onboarding").slots
    assert await app.store.repository(PROFILES).get(USER) is None


async def test_a_name_the_guard_would_flag_is_refused_by_the_validator() -> None:
    """Second line of defence (the guard blocks the message first): a value the offline guard
    would flag never fills the name, whatever proposed it."""
    from switchboard.apps.scholarships.slots import VALIDATORS

    crisis = "acho que todo mundo ficaria melhor se eu desaparecesse"
    assert VALIDATORS["name"](crisis, {}) is not None
    assert VALIDATORS["name"]("Ana Clara", {}) is None


async def test_a_correction_updates_the_corrected_slot_only() -> None:
    app = make_app()
    await app.start()
    for text in ("oi", "Marina", "17"):
        await say(app, text)
    reply = await say(app, "na verdade tenho 18, não 17")
    assert "idade agora é 18 (antes: 17)" in reply.text
    assert reply.text.endswith("Em que cidade você mora?")  # the city is still asked
    slots = (await part(app)).frame("onboarding").slots
    assert slots["age"] == 18 and "city" not in slots
    profile = await app.store.repository(PROFILES).get(USER)
    assert profile is not None and profile.age == 18 and profile.city is None


async def test_a_city_correction_moves_city_and_uf_together() -> None:
    app = make_app()
    await app.start()
    for text in ("oi", "Tiago", "19", "Goiânia"):
        await say(app, text)
    await say(app, "me enganei, moro em Teresina")
    profile = await app.store.repository(PROFILES).get(USER)
    assert profile is not None and (profile.city, profile.uf) == ("Teresina", "PI")


@pytest.mark.parametrize(
    ("text", "city", "uf"),
    [
        ("BH", "Belo Horizonte", "MG"),
        ("sampa", "São Paulo", "SP"),
        ("Floripa", "Florianópolis", "SC"),
        ("sao jose dos campos", "São José dos Campos", "SP"),
        ("moro em juazeiro do norte", "Juazeiro do Norte", "CE"),
        ("campina grande - pb", "Campina Grande", "PB"),
        ("Vitória", "Vitória", "ES"),
    ],
)
def test_city_to_uf(text: str, city: str, uf: str) -> None:
    found = reading(text, "city").values
    assert (found["city"], found["uf"]) == (city, uf)


def test_a_uf_the_student_gives_wins_and_an_unknown_city_keeps_its_name() -> None:
    assert reading("moro em Valença, na Bahia", "city").values == {"city": "Valença", "uf": "BA"}
    assert lookup("Xique-Xique") is None
    assert reading("Xique-Xique", "city").values == {"city": "Xique-Xique"}


async def test_an_unknown_city_gets_its_state_asked() -> None:
    app = make_app()
    await app.start()
    for text in ("oi", "Alice", "17"):
        await say(app, text)
    reply = await say(app, "Xique-Xique")
    assert reply.text.endswith("Em que estado fica Xique-Xique? (a sigla serve, como PE ou SP)")
    await say(app, "BA")
    profile = await app.store.repository(PROFILES).get(USER)
    assert profile is not None and (profile.city, profile.uf) == ("Xique-Xique", "BA")


def test_a_name_that_is_also_a_city_is_a_name_in_an_introduction() -> None:
    found = reading("oi, sou a Vitória, 17 anos, moro em Recife", None).values
    assert (found["name"], found["city"], found["uf"]) == ("Vitória", "Recife", "PE")


def test_a_capital_named_like_its_state_is_the_city() -> None:
    found = reading("moro em São Paulo capital, estudo em escola estadual", None).values
    assert (found["city"], found["uf"]) == ("São Paulo", "SP")
    found = reading("moro em Tabira, no sertão de Pernambuco", None).values
    assert (found["city"], found["uf"]) == ("Tabira", "PE")


@pytest.mark.parametrize("text", ["kkkkkk", "hahaha", "rsrsrs", "aff", "hmmmm"])
def test_laughter_and_interjections_are_not_names(text: str) -> None:
    found = reading(text, "name")
    assert "name" not in found.values and "name" in found.problems


@pytest.mark.parametrize(
    ("text", "age"), [("dezessete", 17), ("tenho vinte e um anos", 21), ("dezoito anos", 18)]
)
def test_ages_in_words(text: str, age: int) -> None:
    assert reading(text, "age").values["age"] == age


def test_an_age_correction_at_the_city_question_is_not_a_city() -> None:
    found = reading("pera, errei, tenho 19 anos", "city")
    assert found.values == {"age": 19}


def test_a_name_correction_later_in_onboarding() -> None:
    assert reading("ah e meu nome na verdade é Lívia", "education").values == {"name": "Lívia"}


@pytest.mark.parametrize("text", ["larguei a faculdade no meio", "tranquei a faculdade"])
def test_a_dropped_degree_is_superior_incompleto(text: str) -> None:
    assert reading(text, "education").values["education"] == "Superior Incompleto"


@pytest.mark.parametrize(
    ("text", "asked", "values"),
    [
        ("pode ser só Gui", "name", {"name": "Gui"}),
        ("Rodrigo. Mas prefiro Digo", "name", {"name": "Digo"}),
        ("me trata por Mah", "name", {"name": "Mah"}),
        ("Tais 18", "name", {"name": "Tais", "age": 18}),
        ("Morena, kkk to com sono", "name", {"name": "Morena"}),
        ("corrigindo meu nome: é Pedro Henrique", "education", {"name": "Pedro Henrique"}),
        ("tenho 16, quer dizer, 17", "age", {"age": 17}),
        ("20 não, 23", "city", {"age": 23}),
        ("moro no interior de SP, em Bauru", "city", {"city": "Bauru", "uf": "SP"}),
        ("aqui é VITORIA DA CONQUISTA", "city", {"city": "Vitória da Conquista", "uf": "BA"}),
        ("eu moro em criciuma santa catarina", "city", {"city": "Criciúma", "uf": "SC"}),
        ("Belém do Pará", "city", {"city": "Belém", "uf": "PA"}),
        ("uma cidade pequena do Piauí chamada Oeiras", "city", {"city": "Oeiras", "uf": "PI"}),
        (
            "ops, a cidade é Jaboatão dos Guararapes",
            "education",
            {"city": "Jaboatão dos Guararapes", "uf": "PE"},
        ),
        ("fiz faculdade mas larguei", "education", {"education": "Superior Incompleto"}),
        ("ainda to na escola", "education", {"education": "Ensino Médio Incompleto"}),
    ],
)
def test_new_wording_fills_the_right_slots(
    text: str, asked: str, values: dict[str, object]
) -> None:
    assert reading(text, asked).values == values


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        ("sou do Nordeste", "city"),
        ("moro no interior", "city"),
        ("depende", "city"),
        ("treineiro conta no prouni", "city"),
        ("e se eu tiver zerado a redação, ainda posso tentar o sisu?", "city"),
    ],
)
def test_regions_questions_and_non_answers_are_not_values(text: str, asked: str) -> None:
    assert reading(text, asked).values == {}


def test_the_school_attended_is_a_level_only_in_answer_to_the_education_question() -> None:
    """A student in the 3rd year who says "sempre estudei em escola pública" gives the school type:
    said while another question is pending it must not overwrite the level (as a correction)."""
    assert "education" not in reading("sempre estudei em escola publica", "age").values
    assert "education" not in reading("estudo em escola estadual", None).values
    assert reading("sempre estudei em escola pública", "education").values["education"] == (
        "Ensino Médio Completo"
    )
    assert reading("estudo em escola estadual", "education").values["education"] == (
        "Ensino Médio Incompleto"
    )


@pytest.mark.parametrize("text", ["feira de santana", "Rio de Janeiro", "belo horizonte"])
def test_a_city_of_several_words_is_not_taken_as_the_name(text: str) -> None:
    found = reading(text, "name")  # the city is kept, the name asked again without a complaint
    assert "name" not in found.values and "city" in found.values


@pytest.mark.parametrize("text", ["Vitória", "João Pessoa", "Maria Eduarda"])
def test_names_that_are_also_cities_stay_names(text: str) -> None:
    assert reading(text, "name").values["name"] == text


def test_a_state_sigla_said_later_is_not_a_move_to_its_capital() -> None:
    """A bare "RJ" typed after São Gonçalo (RJ) was stored, while the education question
    waited, became a "correction" of the city to Rio de Janeiro."""
    assert "city" not in reading("RJ", "education").values
    assert reading("RJ", "city").values["city"] == "Rio de Janeiro"  # the answer to "onde?"


@pytest.mark.parametrize(
    ("text", "age"),
    [("faço 18 mês que vem", 17), ("vou fazer 17 anos semana que vem", 16), ("tenho 17", 17)],
)
def test_a_birthday_soon_is_not_the_age_yet(text: str, age: int) -> None:
    assert age_in(text, True) == age
