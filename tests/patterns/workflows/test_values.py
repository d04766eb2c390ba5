"""The offline pt-BR toolkit: numbers, money, yes/no, options, commands — whole words only."""

from __future__ import annotations

from decimal import Decimal

import pytest

from switchboard.patterns.workflows import (
    DEFAULT_COMMANDS,
    Command,
    EnumOption,
    SlotValueError,
    WorkflowDefinitionError,
    coerce,
    display,
    load_workflows,
    match_options,
    parse_bool,
    parse_decimal,
    parse_int,
)

SHIFTS = (
    EnumOption(value="matutino", synonyms=("manhã", "de manhã")),
    EnumOption(value="noturno", synonyms=("noite", "à noite")),
    EnumOption(value="ead", label="EAD", synonyms=("a distância", "online")),
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [("17", 17), ("tenho 17 anos", 17), ("17 ou 18", None), ("dezessete", None), ("1,5", None)],
)
def test_parse_int(text, expected):
    assert parse_int(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1500", Decimal("1500")),
        ("R$ 1.500,50", Decimal("1500.50")),
        ("r$1.234.567", Decimal("1234567")),
        ("89,90", Decimal("89.90")),
        ("1500.5", Decimal("1500.5")),
        ("1,5 mil", Decimal("1500.0")),
        ("2 mil reais", Decimal("2000")),
        ("1500 ou 2000", None),
        ("não sei", None),
    ],
)
def test_parse_decimal(text, expected):
    assert parse_decimal(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("sim", True),
        ("Sim!", True),
        ("claro", True),
        ("não", False),
        ("nao", False),
        ("assim assim", None),  # "sim" inside a word is not a yes
        ("sim e não", None),
        ("talvez", None),
    ],
)
def test_parse_bool(text, expected):
    assert parse_bool(text) == expected


def test_options_match_whole_folded_words_and_prefer_the_longest_phrase():
    assert match_options("prefiro à noite ou EAD", SHIFTS) == ["noturno", "ead"]
    assert match_options("MANHA", SHIFTS) == ["matutino"]
    assert match_options("leader noiteira", SHIFTS) == []
    education = (
        EnumOption(value="medio", synonyms=("ensino medio",)),
        EnumOption(value="medio_incompleto", synonyms=("ensino médio incompleto",)),
    )
    assert match_options("tenho ensino médio incompleto", education) == ["medio_incompleto"]


def test_coerce_types_values_and_tells_unreadable_from_rejected():
    steps = load_workflows(
        """
        w:
          steps:
            - {collect: age, type: int, min: 10, max: 120, question: q}
            - {collect: shift, type: enum, options: [matutino, noturno], question: q}
            - {collect: shifts, type: list, options: [matutino, noturno], question: q}
            - {collect: courses, type: list, question: q}
            - {collect: income, type: decimal, min: 0, question: q}
        """
    )["w"]
    age, shift, shifts, courses, income = steps.slots
    assert coerce(age, 19) == 19 and coerce(age, "19") == 19 and coerce(age, 19.0) == 19
    with pytest.raises(SlotValueError) as rejected:
        coerce(age, 500)
    assert not rejected.value.unreadable
    with pytest.raises(SlotValueError) as unreadable:
        coerce(age, "muitos")
    assert unreadable.value.unreadable
    with pytest.raises(SlotValueError):
        coerce(age, True)
    assert coerce(shift, "Noturno") == "noturno"
    with pytest.raises(SlotValueError):
        coerce(shift, "matutino e noturno")  # one value only
    assert coerce(shifts, "matutino e noturno") == ["matutino", "noturno"]
    assert coerce(shifts, ["noturno", "noturno"]) == ["noturno"]
    assert coerce(courses, "Direito, Medicina e Engenharia") == [
        "Direito",
        "Medicina",
        "Engenharia",
    ]
    assert coerce(income, 1500.1) == Decimal("1500.1")
    with pytest.raises(SlotValueError):
        coerce(income, "-5")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("cancelar", Command.CANCEL),
        ("Quero cancelar isso!", Command.CANCEL),
        ("sair", Command.CANCEL),
        ("150 reais para o mercado", None),
        ("não quero cancelar a matrícula", None),
        ("pular", Command.SKIP),
        ("Não sei.", Command.SKIP),
        ("prefiro não dizer", Command.SKIP),
        ("não sei se faço Direito ou Medicina", None),
    ],
)
def test_commands_are_whole_messages(text, expected):
    assert DEFAULT_COMMANDS.detect(text) == expected


def test_a_money_slot_is_shown_as_money_and_other_numbers_as_numbers():
    money, count = load_workflows(
        """
        w:
          steps:
            - {collect: income, type: decimal, currency: BRL, question: "Quanto?"}
            - {collect: people, type: decimal, question: "Quantos?"}
        """
    )["w"].slots
    assert display(money, Decimal("1050")) == "R$ 1.050,00"
    assert display(count, Decimal("1050")) == "1.050"


def test_a_currency_must_be_an_iso_code():
    with pytest.raises(WorkflowDefinitionError, match="currency"):
        load_workflows("w: {steps: [{collect: v, type: decimal, currency: reais, question: 'Q?'}]}")
