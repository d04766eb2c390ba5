"""Classes of income answers a ninth writer (wi9) brought that the reader had not seen: plural
relatives, people who live elsewhere and what they earned, rent the house receives, expenses
before income, amounts said again, corrections, seasonal pay and an unsure household.
Phrasings written for these tests, not copied from the eval rows."""

from __future__ import annotations

from decimal import Decimal

import pytest

from switchboard.apps.scholarships.income import IncomeKind, read_income

WAGE = Decimal("1621.00")


@pytest.mark.parametrize(
    ("text", "members"),
    [
        # a plural relative with a possessive and no number is two people
        ("vivo com meu pai e minhas irmãs gêmeas, ele ganha 2.800", 4),
        ("meu tio ganha 3 mil e eu moro com ele, minha tia e meus primos", 5),
        ("minha irmã ganha 2.200 e moro com ela e meus sobrinhos", 4),
        ("moro com minha mãe e minhas irmãs de 5 e 7 anos, ela ganha 2 mil", 4),
        ("minha madrinha ganha 2.600, moro com ela e os 3 sobrinhos dela", 5),
        # "só eu, ..." and "só eu e ..." are lists, not the student alone
        ("é só eu, minha mãe e meu padrasto, ele ganha 3.100", 3),
        ("meus avós me criaram; hoje é só eu e minha vó, ela recebe 1.621", 2),
        # "em casa" inside a clause is not the start of a list; "ficou eu, ..." is one
        (
            "minha mãe faz unha em casa e meu padrasto é pedreiro, ganham 3.500 juntos, tenho 2 irmãos",
            5,
        ),
        ("meus pais se separaram, agora ficou eu, minha mãe e meu irmão; ela ganha 2 mil", 3),
        # the writer is the student's parent
        ("aqui é a mãe dela. eu ganho 1.800 e meu marido 2.200, temos três filhas", 5),
        # a relative's relative is one more person, said twice or not
        ("moro com minha mãe, meu padrasto e a mãe do meu padrasto; ele ganha 2.300", 4),
        # a baby not yet born is not in the house
        ("eu e meu companheiro, ele tira 2.400; o nenem vai nascer em maio", 2),
        # half-siblings counted as siblings
        ("moro com meu pai e minhas duas meia-irmãs, ele ganha 2.900", 4),
        # a relative described in parentheses is one person
        ("moro com minha mãe e o enteado dela (filho do meu padrasto), ela ganha 2 mil", 3),
    ],
)
def test_who_lives_in_the_house(text: str, members: int) -> None:
    reading = read_income(text, WAGE)
    assert reading.members == members, reading


@pytest.mark.parametrize(
    ("text", "total", "members"),
    [
        # a relative who lives elsewhere: not counted, and what they earn is not the house's
        ("meu pai ganha 3 mil, mas ele mora em Recife faz anos. moro com minha mãe, ela ganha 1.700",
         "1700.00", 2),
        ("minha mãe ganha 2 mil e minha irmã 1.500 — na real minha irmã casou e se mudou, "
         "então somos eu e minha mãe", "2000.00", 2),
        # "mora em casa" is living there
        ("meu pai mora em casa com a gente e ganha 3 mil, minha mãe 1.000. somos 3", "4000.00", 3),
        # what an absent father pays the house is the house's
        ("minha mãe tira 1.400, e tem a pensão que meu pai paga, 600. meu pai mora em BH. "
         "só eu e ela", "2000.00", 2),
    ],
)  # fmt: skip
def test_people_who_live_elsewhere_and_their_pay(text: str, total: str, members: int) -> None:
    reading = read_income(text, WAGE)
    assert reading.kind is IncomeKind.PER_CAPITA
    assert (reading.total, reading.members) == (Decimal(total), members)


@pytest.mark.parametrize(
    ("text", "total"),
    [
        # rent the house receives is income; rent it pays is not
        ("minha avó é aposentada com 1.621 e ainda recebe 700 de aluguel de uma kitnet", "2321.00"),
        ("meu pai ganha 2.500 e tem 600 do aluguel de um quartinho que ele aluga", "3100.00"),
        ("pago 800 de aluguel e ganho 2.300", "2300.00"),
        # an expense named first does not swallow the earning after it
        ("moro de aluguel, pagamos 1.000 de aluguel e recebo 2.400 na loja", "2400.00"),
        # where someone works is not an expense
        ("minha mãe ganha 1.700 no mercado e meu pai 2 mil na obra", "3700.00"),
        # a street number is no amount
        ("moro na Avenida Brasil 450, minha mãe ganha 2.100", "2100.00"),
        # an amount said again in words, in parentheses
        ("renda bruta de R$ 3.250,00 (três mil duzentos e cinquenta reais)", "3250.00"),
        # "X do meu pai e meio salário da minha mãe": each amount is its earner's
        ("um salário do meu avô e meio salário da minha tia de bico", "2431.50"),
        # two amounts and then "os dois ganham um salário": said again, not a third wage
        ("meu pai ganha 1.621 e minha mãe 1.621, ou seja os dois ganham um salário", "3242.00"),
        # a corrected total that already includes what was forgotten
        ("a renda é 2 mil, quer dizer, 2.500, esqueci os 500 da pensão da minha irmã", "2500.00"),
        # "também salário mínimo", "aposentado com salário mínimo"
        ("minha mãe ganha 1.300 e meu avô é aposentado com salário mínimo", "2921.00"),
        ("meu pai ganha 2 mil e minha mãe tb salário mínimo", "3621.00"),
        # a BPC with its amount later in the clause is counted once
        ("meu irmão recebe BPC por causa do autismo, um salário mínimo", "1621.00"),
        # retired grandparents with "um salário cada"
        ("meu avô e minha avó são aposentados, com um salário cada", "3242.00"),
        # a daily rate said first, with the days a week
        ("meu pai faz diária de 150, 4 dias por semana", "2600.00"),
        # "média de" after selling is an average income, not an Enem average
        ("minha mãe vende bolo, média de 900 por mês", "900.00"),
    ],
)
def test_amounts(text: str, total: str) -> None:
    reading = read_income(text, WAGE)
    assert reading.total == Decimal(total), reading


def test_an_amount_said_loosely_then_exactly_per_person() -> None:
    reading = read_income("dá uns 900 e pouco por pessoa, 940 certinho", WAGE)
    assert reading.kind is IncomeKind.PER_CAPITA and reading.per_capita == Decimal("940.00")


@pytest.mark.parametrize(
    "text",
    [
        # someone's pay said only relative to another's, or as varying
        "meu padrasto ganha 2.500 e minha mãe ganha menos que ele",
        "minha mãe ganha 1.621 e meu pai ganha por produção, nunca é igual",
        # a second income of the same earner without its amount
        "meu avô ganha 1.900 e também recebe aposentadoria",
        # a total and what someone else makes on top
        "entra uns 3 mil fixo, fora o que minha irmã tira de freela",
        # a pronoun earner who is not the last relative named
        "moro com minha tia e meu primo. ela ganha 2.100 e ele faz bico",
    ],
)
def test_an_earner_without_an_amount_is_asked(text: str) -> None:
    assert read_income(text, WAGE).kind is IncomeKind.PARTIAL


@pytest.mark.parametrize(
    "text",
    [
        "minha mãe é manicure, ela tira 1.300. somos 2",
        # the pronoun is the last relative of its gender, not the last one named
        "minha avó é diarista e meu tio está desempregado, ela tira 1.300. somos 2",
    ],
)
def test_a_pronoun_for_a_named_earner_is_the_same_earner(text: str) -> None:
    reading = read_income(text, WAGE)
    assert reading.kind is IncomeKind.PER_CAPITA and reading.total == Decimal("1300.00")


def test_a_deceased_earner_is_not_asked_for() -> None:
    reading = read_income(
        "meu avô faleceu, ele era aposentado. hoje é eu e minha mãe, ela ganha 2.200", WAGE
    )
    assert reading.kind is IncomeKind.PER_CAPITA and reading.per_capita == Decimal("1100.00")


def test_work_someone_did_is_not_an_earner_now() -> None:
    reading = read_income(
        "meu padrasto morreu, ele era motorista de uber. moramos eu e minha mãe, ela ganha 2 mil",
        WAGE,
    )
    assert reading.kind is IncomeKind.PER_CAPITA and reading.per_capita == Decimal("1000.00")


def test_seasonal_pay_is_asked_as_a_monthly_average() -> None:
    reading = read_income(
        "minha mãe trabalha na safra da uva, de janeiro a março tira 4 mil. somos 3", WAGE
    )
    assert reading.kind is IncomeKind.INFORMAL and reading.members == 3


@pytest.mark.parametrize(
    "text",
    [
        "minha mãe ganha 2.300, somos 3 ou 4 dependendo da semana",
        "meu pai ganha 2 mil, moramos eu, ele e minha prima, mas ela fica aqui só metade da semana",
    ],
)
def test_an_unsure_household_is_asked(text: str) -> None:
    reading = read_income(text, WAGE)
    assert reading.kind is IncomeKind.TOTAL_ONLY and reading.members is None


def test_a_message_is_read_once_for_all_who_ask() -> None:
    """The router, the refusal check and the slots ask about the same message in one turn: the
    (immutable) reading is computed once."""
    text = "minha tia ganha 2.700 e moramos eu, ela e meu primo"
    assert read_income(text, WAGE) is read_income(text, WAGE)


@pytest.mark.parametrize(
    ("text", "low", "high"),
    [
        # a ceiling alone is no value (it was taken as the income)
        ("abaixo de um salário mínimo por pessoa, com certeza", None, "1621.00"),
        ("não passa de 2.500 a renda daqui", None, "2500.00"),
        # "um pouco mais de" alone is a floor, asked
        ("um pouco mais de dois salários, só isso", "3242.00", None),
    ],
)
def test_a_bound_alone_is_asked(text: str, low: str | None, high: str | None) -> None:
    reading = read_income(text, WAGE)
    assert reading.kind is IncomeKind.RANGE
    assert reading.low == (Decimal(low) if low else None)
    assert reading.high == (Decimal(high) if high else None)
