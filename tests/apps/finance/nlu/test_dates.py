"""Dates and periods relative to an injected today (Monday 2026-11-23)."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta, timezone

import pytest

from switchboard.apps.finance.nlu import (
    NaiveDatetimeError,
    is_future_tense,
    resolve_date,
    resolve_period,
    today_in_sao_paulo,
)
from switchboard.apps.finance.nlu.dates import month_only_due

TODAY = date(2026, 11, 23)  # a Monday


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("hoje", date(2026, 11, 23)),
        ("HOJE", date(2026, 11, 23)),
        ("ontem", date(2026, 11, 22)),
        ("anteontem", date(2026, 11, 21)),
        ("antes de ontem", date(2026, 11, 21)),
        ("amanhã", date(2026, 11, 24)),
        ("amanha", date(2026, 11, 24)),
        ("paguei na sexta", date(2026, 11, 20)),
        ("sexta", date(2026, 11, 20)),
        ("vou pagar na sexta", date(2026, 11, 27)),
        ("sábado passado", date(2026, 11, 21)),
        ("sabado passado", date(2026, 11, 21)),
        ("na segunda", date(2026, 11, 16)),  # today is Monday: the previous one
        ("segunda que vem", date(2026, 11, 30)),
        ("quarta-feira", date(2026, 11, 18)),
        ("dia 5", date(2026, 11, 5)),
        ("dia 23", date(2026, 11, 23)),
        ("dia 25", date(2026, 10, 25)),  # still ahead this month: last month's
        ("vou pagar dia 5", date(2026, 12, 5)),
        ("preciso pagar dia 25", date(2026, 11, 25)),
        ("dia 10 de abril", date(2026, 4, 10)),
        ("dia 30 de dezembro", date(2025, 12, 30)),
        ("vence 10 de janeiro", date(2027, 1, 10)),
        ("15/03", date(2026, 3, 15)),
        ("15/03/2026", date(2026, 3, 15)),
        ("15/3/25", date(2025, 3, 15)),
        ("semana que vem", date(2026, 11, 30)),
        ("próxima semana", date(2026, 11, 30)),
        ("mês que vem", date(2026, 12, 23)),
        ("há 3 dias", date(2026, 11, 20)),
        ("daqui a 10 dias", date(2026, 12, 3)),
    ],
)
def test_resolve_date(text: str, expected: date) -> None:
    assert resolve_date(text, TODAY) == expected


@pytest.mark.parametrize("text", ["gastei 50", "segunda parcela", "31/02", "dia 45", ""])
def test_no_date(text: str) -> None:
    assert resolve_date(text, TODAY) is None


def test_day_31_skips_short_months() -> None:
    assert resolve_date("dia 31", date(2026, 12, 1)) == date(2026, 10, 31)
    assert resolve_date("vou pagar dia 31", date(2026, 11, 5)) == date(2026, 12, 31)


def test_explicit_tense_overrides_the_text() -> None:
    assert resolve_date("sexta", TODAY, future=True) == date(2026, 11, 27)


@pytest.mark.parametrize(
    ("text", "future"),
    [("vou pagar", True), ("preciso pagar o IPTU", True), ("a receber", True), ("paguei", False)],
)
def test_future_tense(text: str, future: bool) -> None:
    assert is_future_tense(text) is future


@pytest.mark.parametrize(
    ("text", "start", "end", "label", "phrase"),
    [
        ("este mês", date(2026, 11, 1), date(2026, 11, 30), "este mês", "neste mês"),
        ("esse mes", date(2026, 11, 1), date(2026, 11, 30), "este mês", "neste mês"),
        ("mês passado", date(2026, 10, 1), date(2026, 10, 31), "mês passado", "no mês passado"),
        ("em março", date(2026, 3, 1), date(2026, 3, 31), "março de 2026", "em março de 2026"),
        (
            "em dezembro",
            date(2025, 12, 1),
            date(2025, 12, 31),
            "dezembro de 2025",
            "em dezembro de 2025",
        ),
        ("março de 2025", date(2025, 3, 1), date(2025, 3, 31), "março de 2025", "em março de 2025"),
        ("este ano", date(2026, 1, 1), date(2026, 12, 31), "este ano", "neste ano"),
        ("ano passado", date(2025, 1, 1), date(2025, 12, 31), "ano passado", "no ano passado"),
        ("em 2024", date(2024, 1, 1), date(2024, 12, 31), "2024", "em 2024"),
        (
            "últimos 3 meses",
            date(2026, 8, 24),
            date(2026, 11, 23),
            "últimos 3 meses",
            "nos últimos 3 meses",
        ),
        (
            "ultimas 2 semanas",
            date(2026, 11, 10),
            date(2026, 11, 23),
            "últimas 2 semanas",
            "nas últimas 2 semanas",
        ),
        (
            "semana passada",
            date(2026, 11, 16),
            date(2026, 11, 22),
            "semana passada",
            "na semana passada",
        ),
        ("esta semana", date(2026, 11, 23), date(2026, 11, 29), "esta semana", "nesta semana"),
        ("hoje", date(2026, 11, 23), date(2026, 11, 23), "hoje", "hoje"),
        ("ontem", date(2026, 11, 22), date(2026, 11, 22), "ontem", "ontem"),
        (
            "de 01/03 a 15/03",
            date(2026, 3, 1),
            date(2026, 3, 15),
            "01/03/2026 a 15/03/2026",
            "de 01/03/2026 a 15/03/2026",
        ),
        (
            "entre 20/12 e 10/01",
            date(2025, 12, 20),
            date(2026, 1, 10),
            "20/12/2025 a 10/01/2026",
            "de 20/12/2025 a 10/01/2026",
        ),
        (
            "este trimestre",
            date(2026, 10, 1),
            date(2026, 12, 31),
            "este trimestre",
            "neste trimestre",
        ),
    ],
)
def test_resolve_period(text: str, start: date, end: date, label: str, phrase: str) -> None:
    period = resolve_period(text, TODAY)
    assert period is not None
    assert (period.start, period.end, period.label, period.phrase) == (start, end, label, phrase)


def test_no_period() -> None:
    assert resolve_period("quanto gastei com mercado?", TODAY) is None


def test_today_in_sao_paulo_crosses_midnight_utc() -> None:
    late = datetime(2026, 11, 24, 2, 30, tzinfo=UTC)  # 23:30 of the 23rd in São Paulo
    assert today_in_sao_paulo(late) == date(2026, 11, 23)
    tokyo = datetime(2026, 11, 24, 12, 0, tzinfo=timezone(timedelta(hours=9)))
    assert today_in_sao_paulo(tokyo) == date(2026, 11, 24)


def test_today_in_sao_paulo_rejects_naive() -> None:
    with pytest.raises(NaiveDatetimeError) as info:
        today_in_sao_paulo(datetime(2026, 11, 23, 12, 0))
    assert info.value.code == "naive_datetime"


@pytest.mark.parametrize(
    ("text", "due"),
    [
        ("ipva de 1.800 vence em janeiro", date(2027, 1, 1)),
        ("tenho que pagar 350 do dentista em dezembro", date(2026, 12, 1)),
        ("vou receber 2 mil do freela em março de 2028", date(2028, 3, 1)),
        ("a consulta de 300 vence em novembro", date(2026, 11, 30)),
        ("seguro vence em outubro, 1.200", date(2027, 10, 1)),
        ("o iptu vence no fim de janeiro, 1.300", date(2027, 1, 31)),
        # a day is said, or the month is what the bill is for: no month-only due date
        ("vence dia 15 de janeiro", None),
        ("vence dia 15, em janeiro", None),
        ("conta de luz de outubro 180 pra pagar", None),
        ("gastei 50 no mercado", None),
    ],
)
def test_month_only_due(text: str, due: date | None) -> None:
    assert month_only_due(text, TODAY) == due
