"""Income answers read by class (issue 20, point 4), from a fresh writer's kinds of phrasing:
asking again beats storing a guess, and totals built from pieces the reader used to miss.
Phrasings written for these tests, not copied from the dev suites."""

from __future__ import annotations

from decimal import Decimal

import pytest

from switchboard.apps.scholarships.income import IncomeKind, read_income
from switchboard.apps.scholarships.records import PROFILES

from .helpers import USER, make_app, onboarded, part, say

WAGE = Decimal("1621.00")
STORED = (IncomeKind.PER_CAPITA, IncomeKind.TOTAL_ONLY)


# -- asked again, nothing stored ------------------------------------------------------------------
@pytest.mark.parametrize(
    "text",
    [
        "acho que dá uns 3 mil, vou confirmar com meu pai e te digo",
        "uns 2.500 eu acho, depois te falo certinho",
        "a renda deve ser 1.800 mas tenho que perguntar pra minha vó",
    ],
)
def test_an_amount_to_be_checked_is_not_stored(text: str) -> None:
    assert read_income(text, WAGE).kind is IncomeKind.PROVISIONAL


def test_an_amount_to_be_checked_keeps_the_people() -> None:
    reading = read_income("somos 3, a renda acho que é 2 mil mas vou ver com minha mãe", WAGE)
    assert reading.kind is IncomeKind.PROVISIONAL and reading.members == 3


def test_a_guess_without_a_check_is_still_read() -> None:
    reading = read_income("acho que uns 3 mil, somos 4", WAGE)
    assert reading.kind is IncomeKind.PER_CAPITA and reading.per_capita == Decimal("750.00")


@pytest.mark.parametrize(
    ("text", "members"),
    [
        ("meu padrasto recebe 2.800 líquido, o bruto não sei", None),
        ("na mão ela recebe 1.600, não sei o bruto. somos 3", 3),
    ],
)
def test_only_the_net_with_the_gross_unknown_is_asked(text: str, members: int | None) -> None:
    reading = read_income(text, WAGE)
    assert reading.kind is IncomeKind.NET_ONLY and reading.members == members


def test_the_gross_beside_the_net_is_the_income() -> None:
    reading = read_income("ganha 3.000 bruto e 2.600 líquido, somos 2", WAGE)
    assert reading.kind is IncomeKind.PER_CAPITA and reading.total == Decimal("3000.00")


@pytest.mark.parametrize(
    ("text", "low", "high"),
    [
        ("meu pai tira 2.800, ou 3 mil, não lembro bem", "2800.00", "3000.00"),
        ("é 2.700? ou 2.900? esqueci", "2700.00", "2900.00"),
        ("minha mãe tira 1.600, talvez 1.750", "1600.00", "1750.00"),
        ("acho que 2.100 mas pode ser 2.300, somos 3", "2100.00", "2300.00"),
        # a correction the student then doubts
        ("uns 2.200, não, 2.600, sei lá qual dos dois", "2200.00", "2600.00"),
        (
            "a renda é 4.000, não, espera, 4.500. ou seria 4.000 mesmo? somos 3",
            "4000.00",
            "4500.00",
        ),
    ],
)
def test_amounts_given_as_alternatives_are_asked(text: str, low: str, high: str) -> None:
    reading = read_income(text, WAGE)
    assert reading.kind is IncomeKind.RANGE
    assert (reading.low, reading.high) == (Decimal(low), Decimal(high))


@pytest.mark.parametrize("text", ["681,3", "minha nota foi boa: 702.8", "645,7 kkk"])
def test_a_lone_number_shaped_like_an_enem_score_is_not_income(text: str) -> None:
    assert read_income(text, WAGE).kind not in STORED


def test_a_clear_correction_is_still_the_value() -> None:
    reading = read_income("2.000, quer dizer, 2.600, somos 2", WAGE)
    assert reading.kind is IncomeKind.PER_CAPITA and reading.total == Decimal("2600.00")


@pytest.mark.parametrize(
    "text",
    ["a mensalidade lá é 1.300, vocês pagam?", "a matrícula é uns 450, tem desconto?"],
)
def test_a_price_asked_about_is_not_income(text: str) -> None:
    assert read_income(text, WAGE).kind not in STORED


@pytest.mark.parametrize(
    "text",
    [
        "se a renda for 2.800 dá pra conseguir integral?",
        "quem recebe 2 salários tem direito a bolsa parcial?",
        "com 3 mil de renda eu consigo?",
        "e se fosse 5 mil pra 4 pessoas?",
        "meu colega ganha 4 mil e pegou bolsa",
    ],
)
def test_amounts_in_a_question_about_the_rules_are_not_the_answer(text: str) -> None:
    reading = read_income(text, WAGE)
    assert reading.kind is IncomeKind.NONE and reading.members is None


@pytest.mark.parametrize(
    "text",
    ["somos 5 e a renda é 4.500, consigo integral?", "900 por pessoa, dá pra integral?"],
)
def test_an_answer_followed_by_a_question_is_still_an_answer(text: str) -> None:
    assert read_income(text, WAGE).kind is IncomeKind.PER_CAPITA


def test_a_money_word_before_a_decimal_keeps_it_money() -> None:
    reading = read_income("a renda é 812,5 por pessoa", WAGE)
    assert reading.kind is IncomeKind.PER_CAPITA and reading.per_capita == Decimal("812.50")


# -- totals built from pieces ---------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "total", "members"),
    [
        # a daily rate times the diárias a week
        ("meu tio faz diária de 120 e trabalha umas 5 por semana, somos 2", "2600.00", 2),
        ("minha mãe cobra 200 por dia, 3 vezes na semana; só eu e ela", "2600.00", 2),
        # the period said before the amount
        ("meu pai recebe por quinzena 1.100, somos 2", "2200.00", 2),
        ("ela ganha por semana uns 600. eu, minha mãe e meu irmão", "2600.00", 3),
        ("a cada 15 dias meu pai recebe 950, somos 2", "1900.00", 2),
        ("toda semana minha mãe tira 300, somos 2", "1300.00", 2),
        # ... but not a count of days a week
        ("ele trabalha 6 dias por semana e ganha 2.100, somos 3", "2100.00", 3),
        # an income named before its amount and its owner
        ("aposentadoria de 1 salário do meu avô, somos 2", "1621.00", 2),
        # a BPC named for its owner beside another earner's amount
        ("BPC da minha tia e o salário do meu tio, 2.300; somos 3", "3921.00", 3),
        ("meu avô recebe 1 salário, minha avó BPC, meu pai 2.000, somos 5", "5242.00", 5),
        # "1,5k e 3 pessoas": the 3 is people, not hundreds
        ("1,5k e 3 pessoas", "1500.00", 3),
        ("2,4 mil e 4 em casa", "2400.00", 4),
        # fractions of the minimum wage
        ("dois terços de um salário mínimo, moro só com minha mãe", "1080.67", 2),
        # the household listed without possessives
        ("minha tia tira 2.700 por mês, eu tia e prima", "2700.00", 3),
        ("renda 3.000, eu pai mae e vo", "3000.00", 4),
        # people who live with the student, the student one more
        ("moram 2 pessoas comigo e a renda é 3.600", "3600.00", 3),
        ("além de mim moram 4 pessoas, renda 5 mil", "5000.00", 5),
        ("somos 3 comigo e a renda é 3.600", "3600.00", 3),
        ("vivo com 2 pessoas e a renda é 3.300", "3300.00", 3),
        ("moram comigo 4 pessoas, renda 6 mil", "6000.00", 5),
        ("fora eu são 2, renda 2.400", "2400.00", 3),
        ("tem 3 pessoas em casa além de mim, renda 4.400", "4400.00", 4),
        # "nós é em 4"
        ("nois e em 3 e a renda é 2.400", "2400.00", 3),
        ("a gente semo em 4 e a renda é 2.800", "2800.00", 4),
        # the gross, then what is left of it
        ("minha tia ganha 3.200 bruto só que vem 2.800, somos 2", "3200.00", 2),
        # one amount said in two periods
        ("ela ganha 1.700 por mês ou 20.400 por ano, somos 2", "1700.00", 2),
        ("são 24 mil por ano, 2 mil por mês, somos 4", "2000.00", 4),
        # left-out benefits named before their amount
        ("minha mãe ganha 2.000, somos 2, e tem bolsa família tb 400", "2000.00", 2),
        ("meu pai ganha 2.400 e eu tenho o pé de meia (200), somos 2", "2400.00", 2),
    ],
)
def test_household_totals(text: str, total: str, members: int) -> None:
    reading = read_income(text, WAGE)
    assert reading.kind is IncomeKind.PER_CAPITA, reading
    assert reading.total == Decimal(total) and reading.members == members


@pytest.mark.parametrize(
    ("text", "per_capita"),
    [
        ("um terço do salário por pessoa", "540.33"),
        ("um quarto do mínimo por cabeça", "405.25"),
        ("1/2 do salário por pessoa", "810.50"),
        ("metade de um salário por pessoa", "810.50"),
    ],
)
def test_fractions_of_the_wage_per_person(text: str, per_capita: str) -> None:
    reading = read_income(text, WAGE)
    assert reading.kind is IncomeKind.PER_CAPITA and reading.per_capita == Decimal(per_capita)


def test_a_left_out_benefit_is_reported() -> None:
    reading = read_income("meu pai ganha 2.400 e eu tenho o pé de meia (200), somos 2", WAGE)
    assert ("Pé-de-Meia", Decimal("200.00")) in reading.excluded


# -- through the match ----------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("acho que uns 2.200, vou confirmar com minha mãe depois", "não anotei um valor"),
        ("meu pai recebe 3.100 líquido, o bruto eu não sei", "conta a renda bruta"),
    ],
)
async def test_the_match_asks_again_and_stores_no_income(text: str, said: str) -> None:
    app = make_app()
    await onboarded(app)
    for message in ("quero achar uma faculdade", "direito, tirei 620", "noite, tanto faz"):
        await say(app, message)
    reply = await say(app, text)
    assert said in reply.text and "Quanto entra por mês" in reply.text
    slots = (await part(app)).frame("match").slots
    assert not {"per_capita_income", "household_income"} & set(slots)
    profile = await app.store.repository(PROFILES).get(USER)
    assert profile is not None and profile.per_capita_income is None
