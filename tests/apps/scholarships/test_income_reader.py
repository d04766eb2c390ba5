"""The household income read from pt-BR text (issue 20, point 4): every number classified before
anything is summed. Phrasings written for these tests, not copied from the dev suites."""

from __future__ import annotations

from decimal import Decimal

import pytest

from switchboard.apps.scholarships.eligibility import MINIMUM_WAGE_2025
from switchboard.apps.scholarships.income import IncomeKind, read_income

WAGE = Decimal("1621.00")


@pytest.mark.parametrize(
    ("text", "per_capita", "total", "members"),
    [
        ("a renda da casa é de três mil reais e moram quatro pessoas", "750.00", "3000.00", 4),
        ("ganhamos 5 mil no total, família de 4 pessoas", "1250.00", "5000.00", 4),
        ("3k, 3 pessoas", "1000.00", "3000.00", 3),
        ("R$4500 pra 5", "900.00", "4500.00", 5),
        ("renda bruta familiar: 7.000,00; 4 pessoas", "1750.00", "7000.00", 4),
        ("são 3 pessoas e entra 4 mil e quinhentos", "1500.00", "4500.00", 3),
        ("nós 3 vivemos com 2.400", "800.00", "2400.00", 3),
        # several earners summed
        ("minha mãe ganha 1.412 e meu pai 2.000, somos cinco", "682.40", "3412.00", 5),
        (
            "meu pai ganha 2.000 e minha mãe ganha 1.500 e tem eu e meus 2 irmãos",
            "700.00",
            "3500.00",
            5,
        ),
        # the household counted from who is named
        ("moro com meu pai e minha madrasta, eles ganham 5 mil juntos", "1666.67", "5000.00", 3),
        ("a gente vive com dois salários, eu minha mãe e meus dois irmãos", "810.50", "3242.00", 4),
        ("moro com minha avó, ela é aposentada e recebe um salário mínimo", "810.50", "1621.00", 2),
        ("ganho 1.900 e moro sozinha", "1900.00", "1900.00", 1),
        # minimum wages
        ("somos em cinco e minha mãe ganha 2 salários", "648.40", "3242.00", 5),
        ("um salário e meio pra nós três", "810.50", "2431.50", 3),
    ],
)
def test_household_total_and_people(text: str, per_capita: str, total: str, members: int) -> None:
    reading = read_income(text, WAGE)
    assert reading.kind is IncomeKind.PER_CAPITA
    assert reading.per_capita == Decimal(per_capita)
    assert reading.total == Decimal(total) and reading.members == members


@pytest.mark.parametrize(
    ("text", "per_capita"),
    [
        ("1500 reais por pessoa", "1500.00"),
        ("R$ 1.500,00 pra cada um", "1500.00"),
        ("minha renda per capita é uns 900", "900.00"),
        ("cada um fica com uns 600 reais", "600.00"),
        ("meio salário por pessoa", "810.50"),
        ("1,5 salário mínimo por pessoa", "2431.50"),
        ("dois mínimos por pessoa", "3242.00"),
    ],
)
def test_per_capita_values(text: str, per_capita: str) -> None:
    reading = read_income(text, WAGE)
    assert reading.kind is IncomeKind.PER_CAPITA and reading.given_per_person
    assert reading.per_capita == Decimal(per_capita)


@pytest.mark.parametrize(
    ("text", "total"),
    [
        ("1500 reais", "1500.00"),
        ("R$ 1.500,00", "1500.00"),
        ("uns 3 mil", "3000.00"),
        ("dois salários mínimos", "3242.00"),
        ("minha mãe ganha 1800", "1800.00"),
    ],
)
def test_a_lone_amount_is_the_household_total_and_the_people_are_asked(
    text: str, total: str
) -> None:
    """The question asks what the whole house earns: an amount without "por pessoa" is that
    total (taking it as per capita overstated the eligibility of every family of two or more)."""
    reading = read_income(text, WAGE)
    assert reading.kind is IncomeKind.TOTAL_ONLY and reading.total == Decimal(total)
    assert reading.per_capita is None


def test_numbers_that_are_not_income_are_left_out() -> None:
    assert read_income("tirei 700 no enem e a renda é 2 mil, somos 2").per_capita == Decimal(
        "1000.00"
    )
    assert read_income("tenho 19 anos, minha mãe ganha 1.800 e somos 3").per_capita == Decimal(
        "600.00"
    )
    assert read_income("moro na casa 12, somos 2 e a renda é 1.600").per_capita == Decimal("800.00")
    assert read_income("pagamos 700 de aluguel, entra 2.800 e somos 4").per_capita == Decimal(
        "700.00"
    )
    assert read_income("meu irmão de 9 anos, eu e minha mãe, ela ganha 2.100").members == 3
    for not_income in ("tirei 700 no enem", "tenho 19 anos", "fiz 640 de média", "enem 2025"):
        assert read_income(not_income).kind is IncomeKind.NONE, not_income


def test_left_out_benefits_are_reported() -> None:
    reading = read_income(
        "meu pai é autônomo e tira uns 3 mil e minha mãe recebe 400 de bolsa família, somos 4"
    )
    assert reading.per_capita == Decimal("750.00")
    assert reading.excluded == (("Bolsa Família", Decimal("400.00")),)


def test_what_is_missing_or_unclear_is_said_so() -> None:
    assert read_income("a casa toda ganha uns 4 mil").kind is IncomeKind.TOTAL_ONLY
    assert read_income("meu pai ganha 2.500").kind is IncomeKind.TOTAL_ONLY
    members = read_income("somos 5 aqui em casa")
    assert members.kind is IncomeKind.MEMBERS_ONLY and members.members == 5
    ranged = read_income("uns 2 a 3 mil por mês, somos 3")
    assert ranged.kind is IncomeKind.RANGE and (ranged.low, ranged.high) == (
        Decimal("2000.00"),
        Decimal("3000.00"),
    )
    assert read_income("entre 1.200 e 1.800 por pessoa").kind is IncomeKind.RANGE
    assert read_income("prefiro não falar da renda").kind is IncomeKind.REFUSED
    zero = read_income("nenhuma renda, meu pai está desempregado")
    assert zero.kind is IncomeKind.PER_CAPITA and zero.per_capita == Decimal("0.00")


def test_the_minimum_wage_is_the_rules_one() -> None:
    reading = read_income("um salário mínimo por pessoa", MINIMUM_WAGE_2025)
    assert reading.per_capita == Decimal("1518.00") and reading.in_wages


@pytest.mark.parametrize(
    ("text", "low", "high"),
    [
        ("uns 2 ou 3 mil", "2000.00", "3000.00"),
        ("depende do mes, de 1 a 2 salarios", "1621.00", "3242.00"),
        ("entre mil e dois mil", "1000.00", "2000.00"),
        ("2 a 4 mil por mes", "2000.00", "4000.00"),
        ("de 1.500 a 2 mil", "1500.00", "2000.00"),
    ],
)
def test_ranges_take_the_unit_of_their_high_end(text: str, low: str, high: str) -> None:
    reading = read_income(text, WAGE)
    assert reading.kind is IncomeKind.RANGE
    assert (reading.low, reading.high) == (Decimal(low), Decimal(high))


@pytest.mark.parametrize(
    ("text", "per_capita", "members"),
    [
        ("vivemos em 7 com 3.500 por mes", "500.00", 7),
        ("moramos 4 pessoas numa casa de 3 quartos, renda 2800", "700.00", 4),
        ("renda: 2000. pessoas: 4", "500.00", 4),
        ("ganho 1200 e minha esposa 1300, temos 1 filho", "833.33", 3),
        ("minha vó recebe 1.621, moro eu ela e meu tio que ganha 1.200", "940.33", 3),
        ("em 2025 a renda da casa era 3 mil, somos 3", "1000.00", 3),
    ],
)
def test_people_years_and_rooms(text: str, per_capita: str, members: int) -> None:
    reading = read_income(text, WAGE)
    assert reading.kind is IncomeKind.PER_CAPITA
    assert reading.per_capita == Decimal(per_capita) and reading.members == members


@pytest.mark.parametrize(("text", "members"), [("só eu e ela", 2), ("sou eu e mais 3", 4)])
def test_people_counted_from_pronouns_and_others(text: str, members: int) -> None:
    reading = read_income(text, WAGE)
    assert reading.kind is IncomeKind.MEMBERS_ONLY and reading.members == members


def test_an_amount_in_minimum_wages_is_marked_so_the_wage_is_stated() -> None:
    assert read_income("dois mínimos pra 5 pessoas", WAGE).in_wages
    assert not read_income("3 mil pra 5 pessoas", WAGE).in_wages


@pytest.mark.parametrize(
    ("text", "per_capita", "members"),
    [
        ("meu pai ganha 36 mil por ano e somos 4", "750.00", 4),
        ("a renda anual da familia é de 48.000, moramos em 5", "800.00", 5),
        ("somos 4, ou melhor 5 com meu tio, e a renda é 3 mil", "600.00", 5),
        # a bare "não," before the new count corrects it (a writer's phrasings, wi3)
        ("somos 3, não, 4. renda de 4 mil", "1000.00", 4),
        (
            "2.500 do meu pai + 1.200 da minha mae, somos 4... ah nao, 5, esqueci da minha vo",
            "740.00",
            5,
        ),
    ],
)
def test_annual_amounts_and_corrected_counts(text: str, per_capita: str, members: int) -> None:
    reading = read_income(text, WAGE)
    assert reading.per_capita == Decimal(per_capita) and reading.members == members


def test_not_before_another_count_is_not_a_correction() -> None:
    """ "somos 4, não 5" says the count is 4 (no comma after "não": it negates what follows)."""
    assert read_income("somos 4, não 5, e a renda é 3 mil", WAGE).members == 4


def test_a_month_that_varies_written_with_q_is_asked_not_added() -> None:
    reading = read_income(
        "tem mes q tira 3 mil, tem mes q 4 mil, o ultimo foi 3500. somos em 4", WAGE
    )
    assert reading.per_capita is None


@pytest.mark.parametrize(
    ("text", "members"),
    [
        ("meu avô recebe 1.621 e minha avó 1.621 de pensão, moro com eles", 3),
        ("moro com minha vó, ela ganha 1621", 2),
        ("a gente é em três e a renda total dá 2.400 reais", 3),
    ],
)
def test_grandparents_by_possessive_and_a_gente_e_em(text: str, members: int) -> None:
    assert read_income(text, WAGE).members == members


@pytest.mark.parametrize(
    ("text", "per_capita", "total", "members"),
    [
        # an amount earned by each of several earners counts once per earner
        ("minha tia e meu tio ganham 1.300 cada, somos 4", "650.00", "2600.00", 4),
        ("meus avós recebem um salário mínimo cada um e moro com eles", "1080.67", "3242.00", 3),
        # a bare number after a verb takes the unit named before it, "e meio" included
        (
            "minha mãe ganha 2 salários, meu padrasto recebe dois e meio, somos 6",
            "1215.75",
            "7294.50",
            6,
        ),
        # people counted by age group
        ("três adultos e uma criança, renda de 2.000", "500.00", "2000.00", 4),
        # "só com" names the whole household
        (
            "tenho um irmão que mora fora; moro só com minha mãe, que ganha 2.200",
            "1100.00",
            "2200.00",
            2,
        ),
        # a daily rate for some days a week
        (
            "meu pai é pedreiro, tira 150 por dia, 3 dias por semana, somos 2",
            "975.00",
            "1950.00",
            2,
        ),
        # a left-out benefit said to be inside the total is taken out of it
        ("entra uns 1.900 já com o bolsa família de 400, somos 3", "500.00", "1500.00", 3),
        ("metade de um salário mínimo, somos 2", "405.25", "810.50", 2),
    ],
)
def test_each_earner_half_wages_age_groups_and_included_benefits(
    text: str, per_capita: str, total: str, members: int
) -> None:
    reading = read_income(text, WAGE)
    assert (reading.per_capita, reading.total, reading.members) == (
        Decimal(per_capita),
        Decimal(total),
        members,
    ), reading


def test_only_left_out_benefits_and_a_written_zero_are_no_income() -> None:
    only = read_income("a única renda é o auxílio brasil, 600 reais, somos 4", WAGE)
    assert only.per_capita == Decimal("0.00") and only.excluded
    assert read_income("renda de R$ 0, somos 2", WAGE).per_capita == Decimal("0.00")
    assert read_income("meu pai trabalha e tem o bolsa família de 600", WAGE).kind is not (
        IncomeKind.PER_CAPITA
    )


@pytest.mark.parametrize(
    "text", ["não me sinto à vontade pra falar disso", "pula essa pergunta", "não quero responder"]
)
def test_more_refusals(text: str) -> None:
    assert read_income(text, WAGE).kind is IncomeKind.REFUSED


@pytest.mark.parametrize(
    ("text", "per_capita", "members"),
    [
        # the gross income counts, not the net one said next to it
        ("ganhamos 4.000 brutos, líquido fica 3.400, somos 4", "1000.00", 4),
        # a tax return is a year's income; a monthly figure stays monthly
        ("minha mãe declarou 36 mil no imposto de renda, somos 3", "1000.00", 3),
        ("pelo imposto de renda ela ganha 2.400 por mês, somos 2", "1200.00", 2),
        # "pera" corrects what came before
        ("somos 3, pera, 4 com minha vó, e a renda é 2.800", "700.00", 4),
    ],
)
def test_gross_over_net_tax_returns_and_pera(text: str, per_capita: str, members: int) -> None:
    reading = read_income(text, WAGE)
    assert (reading.per_capita, reading.members) == (Decimal(per_capita), members), reading


def test_a_refusal_to_hand_the_income_over() -> None:
    reading = read_income("não vou mandar minha renda pra uma máquina", WAGE)
    assert reading.kind is IncomeKind.REFUSED and reading.members is None


@pytest.mark.parametrize(
    ("text", "per_capita", "members"),
    [
        # a second earner of "the same" amount earns it too
        ("meu pai recebe 1.700 e minha madrasta também, moramos em 4", "850.00", 4),
        ("minha tia ganha dois salários e meu tio ganha o mesmo, somos 5", "1296.80", 5),
        # the student's own sum replaces its parts
        ("1.200 + 800 = 2.000, somos 4", "500.00", 4),
        ("meu pai 2.100 e minha mãe 1.300, total 3.400, em 4 pessoas", "850.00", 4),
        # a monthly figure told beside the daily rate it comes from is not added to it
        ("ele faz 120 por dia, 5 dias por semana, dá uns 2.600 por mês, somos 2", "1300.00", 2),
        # "pra cada" alone is per person
        ("fica uns 700 pra cada, somos 3", "700.00", 3),
        # a relative described by age is one person; the list after "sou eu" is the household
        ("moro com minha mãe e minha irmã caçula, a renda é 2.400", "800.00", 3),
        (
            "meu pai mora em outra cidade, minha mãe ganha 1.800, somos eu, ela e meu avô",
            "600.00",
            3,
        ),
    ],
)
def test_same_amount_stated_sums_monthly_figures_and_listed_households(
    text: str, per_capita: str, members: int
) -> None:
    reading = read_income(text, WAGE)
    assert (reading.per_capita, reading.members) == (Decimal(per_capita), members), reading


@pytest.mark.parametrize(
    "text",
    [
        "minha mãe recebe 1.500 e meu padrasto trabalha de pedreiro",
        "meu avô é aposentado e minha mãe ganha 2 mil",
        "minha mãe ganha 1.600, meu pai manda pensão mas não sei quanto",
    ],
)
def test_an_earner_without_an_amount_beside_others_is_asked(text: str) -> None:
    assert read_income(text, WAGE).kind is IncomeKind.PARTIAL


def test_a_household_total_with_the_earners_work_named_is_complete() -> None:
    reading = read_income(
        "meu pai é pedreiro e minha mãe faz faxina, a renda é 3 mil, somos 4", WAGE
    )
    assert (reading.kind, reading.per_capita) == (IncomeKind.PER_CAPITA, Decimal("750.00"))


def test_one_amount_after_the_earners_list_is_everyones() -> None:
    text = "a renda vem do meu pai que é motorista de uber e da minha mãe aposentada, dá uns 3.500"
    assert read_income(text, WAGE).kind is IncomeKind.TOTAL_ONLY


@pytest.mark.parametrize(
    ("text", "per_capita", "members", "periods"),
    [
        # a weekly or fortnightly amount is made monthly, and the reading says so
        ("meu tio faz uns 500 por semana de frete, somos 2", "1083.34", 2, ("semana",)),
        ("minha mãe recebe 1.100 por quinzena, somos 4", "550.00", 4, ("quinzena",)),
        # the net said first does not make the gross after it net
        ("ela ganha 2.700 líquido, 3.100 bruto, somos 2", "1550.00", 2, ()),
        # a bare list of the household after a sentence of amounts
        ("2 mil meu pai, 900 minha mãe. eu, pai, mãe e vó", "725.00", 4, ()),
    ],
)
def test_periods_net_after_and_bare_lists(
    text: str, per_capita: str, members: int, periods: tuple[str, ...]
) -> None:
    reading = read_income(text, WAGE)
    assert (reading.per_capita, reading.members, reading.periods) == (
        Decimal(per_capita), members, periods,
    ), reading  # fmt: skip


@pytest.mark.parametrize(
    ("text", "per_capita", "members"),
    [
        # the student's monthly figure for a weekly amount replaces it
        ("ele ganha 450 por semana, uns 1.950 por mês, somos 3", "650.00", 3),
        # an amount said loosely, then exactly
        ("minha mãe tira 1.500 e pouco, 1.540, somos 2", "770.00", 2),
        # "total" before the last amount: the household's, whatever the parts were read as
        ("minha tia ganha 2,1 mil e meu tio 1,4. total 3,5 mil, somos 5", "700.00", 5),
        # what someone used to earn is not income now
        ("minha mãe ganha 2.000 e meu pai ganhava 3 mil mas foi demitido, somos 3", "666.67", 3),
        # earners named after "cada um"; a later "nós dois" inside the count; slang for mother
        ("1.900 cada um, meu pai e minha mãe, somos 4", "950.00", 4),
        ("somos 5 (nós dois, eu e meus 2 irmãos), renda 4 mil", "800.00", 5),
        ("uns 2.400, eu e minha coroa", "1200.00", 2),
        # a house number after the street is not money
        ("moro na rua 9, casa 410, somos 3 e entra 2.700", "900.00", 3),
        # "não trabalha" is no earner
        ("somos 4, meu pai ganha 3.200 e minha mãe não trabalha", "800.00", 4),
    ],
)
def test_restated_refined_total_said_past_and_named_earners(
    text: str, per_capita: str, members: int
) -> None:
    reading = read_income(text, WAGE)
    assert (reading.per_capita, reading.members) == (Decimal(per_capita), members), reading


@pytest.mark.parametrize(
    ("text", "low", "high"),
    [
        # one earner's amount that varies, beside a fixed one: the household's range
        (
            "meu pai ganha 2 mil e minha mãe faz unha, às vezes 300, às vezes 700",
            "2300.00",
            "2700.00",
        ),
        # only a floor
        ("acima de 3 salários", "4863.00", None),
    ],
)
def test_varying_amounts_and_floors_are_asked(text: str, low: str, high: str | None) -> None:
    reading = read_income(text, WAGE)
    assert reading.kind is IncomeKind.RANGE
    assert (reading.low, reading.high) == (Decimal(low), Decimal(high) if high else None)


@pytest.mark.parametrize(
    "text",
    [
        "minha mãe ganha 1.800 e meu padrasto também trabalha",
        "não sei quanto minha mãe ganha, meu pai ganha 2.500, somos 4",
        "meu pai tira uns 5 mil, da minha mãe eu não sei",
    ],
)
def test_more_earners_without_an_amount(text: str) -> None:
    assert read_income(text, WAGE).kind is IncomeKind.PARTIAL


@pytest.mark.parametrize(
    ("text", "per_capita", "members"),
    [
        ("o pai ganha uns 4 pila, a mãe é do lar, somos 4", "1000.00", 4),
        ("aqui é eu, mainha e painho, painho ganha 2 mil", "666.67", 3),
        ("casal com dois filhos, ele ganha 2.800 e ela 1.600", "1100.00", 4),
    ],
)
def test_regional_words_and_couples(text: str, per_capita: str, members: int) -> None:
    reading = read_income(text, WAGE)
    assert (reading.per_capita, reading.members) == (Decimal(per_capita), members), reading


@pytest.mark.parametrize(
    ("text", "per_capita", "members"),
    [
        # relatives who do not live in the house are not counted
        (
            "meu pai paga 400 de pensão, minha mãe ganha 1.600, moro com ela e minha avó",
            "666.67",
            3,
        ),
        (
            "minha irmã mais velha casou e mora em Recife. aqui é eu e meus pais, renda 3 mil",
            "1000.00",
            3,
        ),
        (
            "recebo 900 de pensão por morte do meu pai e moro com minha mãe que ganha 1.500",
            "1200.00",
            2,
        ),
        # a count that was, a correction in "pessoas", a list that ends "e eu", a colon list
        ("éramos 6, agora somos 4 e a renda é 2.800", "700.00", 4),
        ("3 pessoas, renda 2.400. ops, 4 pessoas, esqueci meu primo", "600.00", 4),
        ("minha tia, o marido dela, o filho deles e eu. ela 1.500, ele 2.100", "900.00", 4),
        ("em casa: mãe (R$ 1.700), padrasto (R$ 2.300) e eu", "1333.33", 3),
        # the student as only child, a spouse, "dois e quinhentos", "cada um ganha"
        ("minha mãe ganha 2 mil e meu pai 3 mil, sou filha única", "1666.67", 3),
        ("moro com meu esposo, ele ganha 2.400 e eu 900", "1650.00", 2),
        ("meu avô e minha avó são aposentados, cada um ganha 1.700, moro com eles", "1133.33", 3),
        ("minha mãe ganha dois e quinhentos, somos eu e ela", "1250.00", 2),
        # a phone number and a CEP are not amounts
        ("meu cel é (85) 99876-1234, cep 60000-123, renda 2.000, somos 2", "1000.00", 2),
    ],
)
def test_absent_relatives_past_counts_lists_and_noise(
    text: str, per_capita: str, members: int
) -> None:
    reading = read_income(text, WAGE)
    assert (reading.per_capita, reading.members) == (Decimal(per_capita), members), reading


@pytest.mark.parametrize(
    ("text", "per_capita", "members"),
    [
        ("pai: 2.000\neu: 0\nirmã (12): 0", "666.67", 3),
        ("somos 5, mas só dois trabalham: meu pai (2.500) e minha irmã (1.500)", "800.00", 5),
    ],
)
def test_structured_lists_and_who_works(text: str, per_capita: str, members: int) -> None:
    reading = read_income(text, WAGE)
    assert (reading.per_capita, reading.members) == (Decimal(per_capita), members), reading


@pytest.mark.parametrize(
    ("text", "per_capita", "members"),
    [
        ("meu pai ganha três conto e meio, somos 4", "875.00", 4),
        ("moro com minha tia-avó e meu primo, ela ganha 1.500 e ele 1.200", "900.00", 3),
        ("moro com minha madrinha e o filhinho dela, ela ganha 2.100", "700.00", 3),
        ("o aluguel é uns 700 e a luz 150, a renda é só do meu pai, 2.400, somos 3", "800.00", 3),
        ("mãe: 1.800 / pai: 2.000 / o vale alimentação do meu pai é 500 / eu", "1266.67", 3),
        ("moro na Rua das Palmeiras, 45, somos 2 e entra 1.900", "950.00", 2),
        ("minha mãe ganha 1.500 e meu pai paga pensão de 300, só eu e ela", "900.00", 2),
        ("eu ganho 1.621 e minha esposa também ganha salário mínimo, somos 2", "1621.00", 2),
    ],
)
def test_slang_amounts_more_relatives_expenses_and_received_pensions(
    text: str, per_capita: str, members: int
) -> None:
    reading = read_income(text, WAGE)
    assert (reading.per_capita, reading.members) == (Decimal(per_capita), members), reading


@pytest.mark.parametrize("text", ["quase 4 mil, somos 3", "no máximo uns 2.500, eu e meu pai"])
def test_a_ceiling_alone_is_asked(text: str) -> None:
    reading = read_income(text, WAGE)
    assert reading.kind is IncomeKind.RANGE and reading.low is None and reading.high is not None


def test_a_floor_said_with_passa_de_and_everyone_on_the_minimum_wage() -> None:
    assert read_income("a renda passa de 2 mil, somos 3", WAGE).kind is IncomeKind.RANGE
    summed = read_income("pai 1.621, mãe 1.621, todo mundo ganha salário mínimo, somos 4", WAGE)
    assert summed.total == Decimal("3242.00")
    assert read_income("ganho 1.500 e minha mina 1.200, moro com ela", WAGE).members == 2


def test_a_bpc_named_without_an_amount_is_one_minimum_wage() -> None:
    reading = read_income("meu irmão recebe o BPC e minha mãe ganha 1.400, somos 3", WAGE)
    assert (reading.total, reading.members, reading.in_wages) == (Decimal("3021.00"), 3, True)
    stated = read_income("minha vó recebe 1.621 de BPC e meu tio 1.300, somos 3", WAGE)
    assert stated.total == Decimal("2921.00")
