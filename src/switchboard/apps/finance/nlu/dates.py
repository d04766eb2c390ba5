"""pt-BR dates and periods relative to the user's today (America/Sao_Paulo).

Why rules + `datetime`/`dateutil.relativedelta` and not `dateparser`: the forms a finance chat
uses are a closed, small set (hoje, ontem, "na sexta", "dia 5", "15/03", "mês passado", "em
março", "últimos 3 meses"), and each needs a *finance* decision dateparser does not make: "na
sexta" is the last Friday for a past expense but the next one for a bill to pay; "dia 5" is this
month's or last month's; "em março" is the most recent March that is not in the future. dateparser
would still need those rules on top, costs ~1 s to import and ~1 ms per call, and guesses
(PREFER_DATES_FROM is global, not per message). These rules run in microseconds and are tested
form by form. `today` is always injected; `today_in_sao_paulo` turns an aware `now` into it.
"""

from __future__ import annotations

import re
from calendar import monthrange
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Protocol
from zoneinfo import ZoneInfo

from dateutil.relativedelta import relativedelta

from .errors import NaiveDatetimeError
from .numwords import NUMBER_WORD, words_value
from .text import fold

__all__ = [
    "MONTH_NAMES",
    "Period",
    "is_future_tense",
    "month_only_due",
    "resolve_date",
    "resolve_period",
    "today_in_sao_paulo",
]

SAO_PAULO = ZoneInfo("America/Sao_Paulo")
MONTH_NAMES = (
    "janeiro", "fevereiro", "março", "abril", "maio", "junho",
    "julho", "agosto", "setembro", "outubro", "novembro", "dezembro",
)  # fmt: skip
_MONTHS_FOLDED = {fold(name): i + 1 for i, name in enumerate(MONTH_NAMES)}
_MONTH_RE = "(?:" + "|".join(_MONTHS_FOLDED) + ")"
_WEEKDAYS = {
    "segunda": 0, "terca": 1, "quarta": 2, "quinta": 3, "sexta": 4, "sabado": 5, "domingo": 6,
}  # fmt: skip
_COUNT = rf"(?:\d{{1,3}}|{NUMBER_WORD})"


def today_in_sao_paulo(now: datetime) -> date:
    """The calendar date in São Paulo at the aware instant `now`."""
    if now.tzinfo is None or now.utcoffset() is None:
        raise NaiveDatetimeError("now must be timezone-aware", now=now.isoformat())
    return now.astimezone(SAO_PAULO).date()


_FUTURE = re.compile(
    r"\b(?:vou|vai|vamos|irei|ira|preciso|precisarei|tenho\s+(?:que|de|a)|a\s+pagar|a\s+receber"
    r"|vence|vencera|vencer|vencimento|pagarei|receberei|devo\s+(?:pagar|receber)|agendar"
    r"|agendei|agendado|agendada|programad[oa]|previst[oa]|proxim[oa]|que\s+vem|amanha|daqui)\b"
)


def is_future_tense(text: str) -> bool:
    """Whether the message talks about something still to happen ("vou pagar", "a receber")."""
    return _FUTURE.search(fold(text)) is not None


def _count(token: str) -> int | None:
    return int(token) if token.isdigit() else words_value(token)


def _valid(year: int, month: int, day: int) -> date | None:
    if not 1 <= month <= 12 or not 1 <= day <= monthrange(year, month)[1]:
        return None
    return date(year, month, day)


def _day_of_month(day: int, today: date, future: bool) -> date | None:
    """The nearest `day` of a month: on or before today (past) or on or after today (future)."""
    if not 1 <= day <= 31:
        return None
    step = 1 if future else -1
    for offset in range(13):
        first = today.replace(day=1) + relativedelta(months=step * offset)
        candidate = _valid(first.year, first.month, day)
        if candidate is None:
            continue
        if (candidate >= today) if future else (candidate <= today):
            return candidate
    return None


def _day_month(day: int, month: int, year: int | None, today: date, future: bool) -> date | None:
    if year is not None:
        return _valid(year, month, day)
    candidate = _valid(today.year, month, day)
    if candidate is None:
        return _valid(today.year + (1 if future else -1), month, day)  # 29/02
    if future and candidate < today:
        return _valid(today.year + 1, month, day)
    if not future and candidate > today:
        return _valid(today.year - 1, month, day)
    return candidate


def _year(token: str | None) -> int | None:
    if token is None:
        return None
    value = int(token)
    return value + 2000 if value < 100 else value


_SLASH_DATE = re.compile(r"(?<![\d/])(\d{1,2})/(\d{1,2})(?:/(\d{4}|\d{2}))?(?![\d/])")
_DAY_MONTH = re.compile(rf"\b(?:dia\s+)?(\d{{1,2}})\s+de\s+({_MONTH_RE})(?:\s+de\s+(\d{{4}}))?\b")
_MONTH_ELSEWHERE = re.compile(rf"\b(?:de|em|do\s+mes\s+de)\s+({_MONTH_RE})\b")
_DAY_ONLY = re.compile(r"\bdia\s+(\d{1,2})(?:o|a)?\b(?!\s*/)")
_WEEKDAY = re.compile(
    r"\b(?:(?P<pre>na|no|nesta|nessa|neste|nesse|esta|essa|este|esse|ultima|ultimo|proxima|proximo"
    r"|desta|dessa|ate|de)\s+)?(?P<day>segunda|terca|quarta|quinta|sexta|sabado|domingo)"
    r"(?P<feira>-feira|\s+feira)?(?:\s+(?P<post>passad[oa]|retrasad[oa]|que\s+vem|agora))?\b"
    r"(?!\s+(?:parcela|vez|via|mao|opcao|prestacao|chamada|fatura))"
)
_SIMPLE_OFFSETS: tuple[tuple[re.Pattern[str], relativedelta], ...] = (
    (re.compile(r"\bdepois\s+de\s+amanha\b"), relativedelta(days=2)),
    (re.compile(r"\b(?:anteontem|antes\s+de\s+ontem)\b"), relativedelta(days=-2)),
    (re.compile(r"\bamanha\b"), relativedelta(days=1)),
    (re.compile(r"\bontem\b"), relativedelta(days=-1)),
    (re.compile(r"\bhoje\b"), relativedelta()),
    (re.compile(r"\b(?:semana\s+que\s+vem|proxima\s+semana)\b"), relativedelta(days=7)),
    (re.compile(r"\b(?:semana\s+passada|ultima\s+semana)\b"), relativedelta(days=-7)),
    (re.compile(r"\b(?:mes\s+que\s+vem|proximo\s+mes)\b"), relativedelta(months=1)),
    (re.compile(r"\b(?:mes\s+passado|ultimo\s+mes)\b"), relativedelta(months=-1)),
    (re.compile(r"\bano\s+passado\b"), relativedelta(years=-1)),
)
_DAYS_AGO = re.compile(rf"\b(?:ha\s+({_COUNT})\s+dias|({_COUNT})\s+dias\s+atras)\b")
_DAYS_AHEAD = re.compile(rf"\b(?:daqui\s+a\s+|em\s+)({_COUNT})\s+dias\b")


_VERB_AFTER = re.compile(
    r"(?:eu\s+)?(?:paguei|gastei|comprei|fui|fiz|pedi|abasteci|recebi|ganhei|torrei|almocei"
    r"|jantei|tomei|peguei|transferi|saquei|depositei|vendi|investi|apliquei|passei|deixei"
    r"|vou|vai|tem|tenho|preciso|devo|vence|cai|entra|pago|recebo)\b"
)
_ORDINAL_BEFORE = re.compile(r"\b(?:a|da|na|pela|uma|essa|esta|dessa|desta)\s+$")


def _weekday(m: re.Match[str], today: date, future: bool) -> date | None:
    if m["day"] == "segunda" and not (m["pre"] or m["feira"] or m["post"]):
        # bare "segunda" is the ordinal before a noun ("a segunda parcela"); alone at the end
        # of a clause ("gasolina 180 no débito segunda") it is Monday
        rest = m.string[m.end() :].lstrip()
        verb_after = _VERB_AFTER.match(rest) is not None  # "segunda paguei 55 de táxi"
        if (rest and rest[0].isalnum() and not verb_after) or _ORDINAL_BEFORE.search(
            m.string, 0, m.start()
        ):
            return None
    pre, post = m["pre"] or "", m["post"] or ""
    if post.startswith(("passad", "retrasad")) or pre == "ultima" or pre == "ultimo":
        future = False
    elif post == "que vem" or pre.startswith("proxim"):
        future = True
    delta = (_WEEKDAYS[m["day"]] - today.weekday()) % 7
    if future:
        result = today + timedelta(days=delta or 7)
    else:
        result = today - timedelta(days=(7 - delta) % 7 or 7)
    if post.startswith("retrasad"):
        result -= timedelta(days=7)
    return result


_WEEKS_BACK = re.compile(r"\b(?:semana\s+(?P<which>passada|retrasada)|ultima\s+semana)\b")


def _in_week_said(folded: str, w: re.Match[str], today: date) -> date | None:
    """A weekday of a named past week ("semana passada na terça", "na segunda da semana
    passada", "quinta da semana retrasada"): that day in that calendar week (Monday to Sunday),
    not the most recent such day — on Friday the 27th, last week's Tuesday is the 17th, not
    the 24th."""
    said = _WEEKS_BACK.search(folded)
    if said is None or (w["post"] or "").startswith(("passad", "retrasad")):
        return None
    weeks = 2 if said["which"] == "retrasada" else 1
    monday = today - timedelta(days=today.weekday(), weeks=weeks)
    return monday + timedelta(days=_WEEKDAYS[w["day"]])


def resolve_date(text: str, today: date, *, future: bool | None = None) -> date | None:
    """The date a message mentions, or None when it mentions none.

    `future` says whether the event is still to happen; by default it is read from the message
    (`is_future_tense`). It decides the ambiguous forms: "na sexta" is the most recent past Friday
    for an expense ("paguei na sexta") and the next Friday for a bill ("vou pagar na sexta");
    "dia 5" is this month's 5th, or last month's if that is still ahead (past), or the next 5th
    (future). "semana que vem" is today + 7 days and "mês que vem" the same day next month: a
    single due date, the smallest commitment the user can correct.
    """
    folded = fold(text)
    if future is None:
        future = _FUTURE.search(folded) is not None
    if m := _SLASH_DATE.search(folded):
        day, month, year = int(m[1]), int(m[2]), _year(m[3])
        return _day_month(day, month, year, today, future)
    if m := _DAY_MONTH.search(folded):
        return _day_month(int(m[1]), _MONTHS_FOLDED[m[2]], _year(m[3]), today, future)
    for w in _WEEKDAY.finditer(folded):
        if (result := _weekday(w, today, future)) is not None:
            return _in_week_said(folded, w, today) or result
    if m := _DAY_ONLY.search(folded):
        if (named := _MONTH_ELSEWHERE.search(folded)) is not None:
            # "condomínio de outubro, pago dia 10": the 10th of that month
            return _day_month(int(m[1]), _MONTHS_FOLDED[named[1]], None, today, future)
        return _day_of_month(int(m[1]), today, future)
    if (m := _DAYS_AGO.search(folded)) and (n := _count(m[1] or m[2])) is not None:
        return today - timedelta(days=n)
    if (m := _DAYS_AHEAD.search(folded)) and (n := _count(m[1])) is not None:
        return today + timedelta(days=n)
    for pattern, offset in _SIMPLE_OFFSETS:
        if pattern.search(folded):
            return today + offset
    return None


_DUE_MONTH = re.compile(
    rf"\b(?:em|pra|para|ate|no\s+mes\s+de|no\s+(?:inicio|comeco|(?P<end>fim|final))\s+de)\s+"
    rf"({_MONTH_RE})(?:\s+de\s+(\d{{4}}))?\b"
)
"""A month said as when something is due ("vence em janeiro", "pra pagar até março"); "de
janeiro" is not here: "a conta de outubro" names the month the bill is for."""


def month_only_due(text: str, today: date) -> date | None:
    """The due date of a bill or receivable given by its month only ("IPVA de 1.800 vence em
    janeiro"), or None when the text gives no such month (or gives a day: `resolve_date`).

    The month is never dropped (issue 19). The day is the 1st, the earliest the bill may be
    due, so the reminder never comes late; the last day for "no fim de janeiro" and for this
    month (still ahead, not overdue). The month is the next one of that name (this year or the
    next), unless a year is said. The caller says which day it assumed.
    """
    folded = fold(text)
    m = _DUE_MONTH.search(folded)
    if m is None or _DAY_ONLY.search(folded) or _DAY_MONTH.search(folded):
        return None
    month = _MONTHS_FOLDED[m[2]]
    year = _year(m[3])
    if year is None:
        year = today.year if month >= today.month else today.year + 1
    if m["end"] or (year, month) == (today.year, today.month):
        return date(year, month, monthrange(year, month)[1])
    return date(year, month, 1)


@dataclass(frozen=True, slots=True)
class Period:
    """An inclusive date range with its pt-BR names.

    `label` is a noun phrase ("este mês", "março de 2026") for titles; `phrase` is the adverbial
    form that fits after a verb or a category ("neste mês", "em março de 2026"), so answers read
    "Você gastou R$ 450,00 com Supermercado em março de 2026." without per-period grammar there.
    Month, year and week periods are whole calendar units (a store query filters by date anyway);
    "últimos N meses" is a rolling window ending today.
    """

    start: date
    end: date
    label: str
    phrase: str


def _month(year: int, month: int, label: str | None = None, phrase: str | None = None) -> Period:
    name = f"{MONTH_NAMES[month - 1]} de {year}"
    return Period(
        date(year, month, 1),
        date(year, month, monthrange(year, month)[1]),
        label or name,
        phrase or f"em {name}",
    )


def _months_back(today: date, n: int, label: str, phrase: str) -> Period:
    month = today - relativedelta(months=n)
    return _month(month.year, month.month, label, phrase)


def _day(today: date, days_back: int, name: str) -> Period:
    day = today - timedelta(days=days_back)
    return Period(day, day, name, name)


def _fmt(d: date) -> str:
    return d.strftime("%d/%m/%Y")


def _range(m: re.Match[str], today: date) -> Period | None:
    sd, sm, sy = int(m[1]), int(m[2]), _year(m[3])
    ed, em, ey = int(m[4]), int(m[5]), _year(m[6])
    start = _day_month(sd, sm, sy, today, future=False)
    if start is None:
        return None
    end = _valid(ey if ey is not None else start.year, em, ed)
    if end is not None and ey is None and end < start:
        end = _valid(start.year + 1, em, ed)
    if end is None or end < start:
        return None
    return Period(start, end, f"{_fmt(start)} a {_fmt(end)}", f"de {_fmt(start)} a {_fmt(end)}")


_ROLLING_UNITS = {
    "dias": relativedelta(days=1),
    "semanas": relativedelta(weeks=1),
    "meses": relativedelta(months=1),
    "anos": relativedelta(years=1),
}


def _rolling(m: re.Match[str], today: date) -> Period | None:
    n = _count(m[1])
    if n is None or n < 1:
        return None
    unit = m[2]
    start = today - _ROLLING_UNITS[unit] * n + timedelta(days=1)
    feminine = unit == "semanas"
    label = f"{'últimas' if feminine else 'últimos'} {n} {unit}"
    return Period(start, today, label, f"{'nas' if feminine else 'nos'} {label}")


def _week(today: date, weeks_back: int, label: str, phrase: str) -> Period:
    monday = today - timedelta(days=today.weekday()) - timedelta(weeks=weeks_back)
    return Period(monday, monday + timedelta(days=6), label, phrase)


def _year_period(year: int, label: str, phrase: str) -> Period:
    return Period(date(year, 1, 1), date(year, 12, 31), label, phrase)


def _named_month(m: re.Match[str], today: date) -> Period:
    month = _MONTHS_FOLDED[m[1]]
    year = int(m[2]) if m[2] else (today.year if month <= today.month else today.year - 1)
    return _month(year, month)


def _quarter(today: date, back: int, label: str, phrase: str) -> Period:
    first = date(today.year, 3 * ((today.month - 1) // 3) + 1, 1) - relativedelta(months=3 * back)
    last = first + relativedelta(months=3) - timedelta(days=1)
    return Period(first, last, label, phrase)


def _latest_month(month: int, today: date, year: str | None) -> int:
    """The year of the most recent `month` that is not in the future (or the year given)."""
    if year:
        return int(year)
    return today.year if month <= today.month else today.year - 1


class _Groups(Protocol):
    """What a rule reads of a match: its numbered groups."""

    def __getitem__(self, index: int) -> str | None: ...


def _month_range(m: _Groups, today: date) -> Period | None:
    """ "entre agosto e setembro", "de setembro a novembro": whole months, both included."""
    first, last = _MONTHS_FOLDED[str(m[1])], _MONTHS_FOLDED[str(m[3])]
    end_year = _latest_month(last, today, m[4])
    start_year = int(m[2]) if m[2] else (end_year if first <= last else end_year - 1)
    start = date(start_year, first, 1)
    end = date(end_year, last, monthrange(end_year, last)[1])
    if end < start:
        return None
    label = f"{MONTH_NAMES[first - 1]} a {MONTH_NAMES[last - 1]} de {end_year}"
    if start_year != end_year:
        label = f"{MONTH_NAMES[first - 1]} de {start_year} a {MONTH_NAMES[last - 1]} de {end_year}"
    return Period(start, end, label, f"de {label}")


def _day_range(m: re.Match[str], today: date) -> Period | None:
    """ "do dia 5 ao dia 20 de novembro": days of one month."""
    month = _MONTHS_FOLDED[m[3]]
    year = _latest_month(month, today, m[4])
    start, end = _valid(year, month, int(m[1])), _valid(year, month, int(m[2]))
    if start is None or end is None or end < start:
        return None
    return Period(start, end, f"{_fmt(start)} a {_fmt(end)}", f"de {_fmt(start)} a {_fmt(end)}")


_ORDINAL_QUARTERS = {"primeiro": 1, "1o": 1, "segundo": 2, "2o": 2, "terceiro": 3, "3o": 3,
                     "quarto": 4, "4o": 4}  # fmt: skip


_ORDINAL_HALVES = {"primeiro": 1, "1o": 1, "segundo": 2, "2o": 2}


def _semester(m: _Groups, today: date) -> Period:
    """ "primeiro semestre" (Jan–Jun), "segundo semestre" (Jul–Dec) of this year (or last
    year's when it has not started)."""
    n = _ORDINAL_HALVES[str(m[1])]
    first_month = 1 if n == 1 else 7
    year = int(m[2]) if m[2] else (today.year if first_month <= today.month else today.year - 1)
    start = date(year, first_month, 1)
    end = start + relativedelta(months=6) - timedelta(days=1)
    name = f"{n}º semestre de {year}"
    return Period(start, end, name, f"no {name}")


def _fortnight(m: re.Match[str], today: date) -> Period:
    """ "primeira quinzena de novembro" (1–15), "segunda quinzena" (16–end)."""
    first = m[1] in ("primeira", "1a")
    month = _MONTHS_FOLDED[m[2]] if m[2] else today.month
    year = _latest_month(month, today, None)
    start = date(year, month, 1 if first else 16)
    end = date(year, month, 15 if first else monthrange(year, month)[1])
    return Period(start, end, f"{_fmt(start)} a {_fmt(end)}", f"de {_fmt(start)} a {_fmt(end)}")


def _until_day(m: re.Match[str], today: date) -> Period | None:
    """ "até dia 10" (bills): from today to the next 10th."""
    end = _day_of_month(int(m[1]), today, future=True)
    if end is None:
        return None
    return Period(today, end, f"até {_fmt(end)}", f"até {_fmt(end)}")


def _nth_quarter(m: re.Match[str], today: date) -> Period:
    n = _ORDINAL_QUARTERS[m[1]]
    year = int(m[2]) if m[2] else (today.year if 3 * (n - 1) + 1 <= today.month else today.year - 1)
    first = date(year, 3 * (n - 1) + 1, 1)
    last = first + relativedelta(months=3) - timedelta(days=1)
    name = f"{n}º trimestre de {year}"
    return Period(first, last, name, f"no {name}")


def _next_days(m: re.Match[str], today: date) -> Period | None:
    n = _count(m[1])
    if n is None or n < 1:
        return None
    label = f"próximos {n} dias"
    return Period(today + timedelta(days=1), today + timedelta(days=n), label, f"nos {label}")


def _last_weekend(m: re.Match[str], today: date) -> Period:
    """The last Saturday–Sunday that has ended before today (or this one, when today is
    Monday)."""
    back = (today.weekday() - 6) % 7 or 7  # days back to the last Sunday before today
    sunday = today - timedelta(days=back)
    saturday = sunday - timedelta(days=1)
    return Period(saturday, sunday, "último fim de semana", "no último fim de semana")


def _days_this_month(m: re.Match[str], today: date) -> Period | None:
    """ "do dia 1 ao dia 15", "entre os dias 5 e 10": days of this month (of last month when
    they are still ahead)."""
    first, last = int(m[1]), int(m[2])
    month = today.replace(day=1)
    if first > today.day:
        month -= relativedelta(months=1)
    start, end = _valid(month.year, month.month, first), _valid(month.year, month.month, last)
    if start is None or end is None or end < start:
        return None
    return Period(start, end, f"{_fmt(start)} a {_fmt(end)}", f"de {_fmt(start)} a {_fmt(end)}")


def _since_month(m: re.Match[str], today: date) -> Period:
    """ "desde setembro", "de janeiro até agora": from that month's first day to today."""
    month = _MONTHS_FOLDED[m[1]]
    year = _latest_month(month, today, None)
    start = date(year, month, 1)
    name = f"{MONTH_NAMES[month - 1]} de {year}"
    return Period(start, today, f"desde {name}", f"desde {name}")


def _weekday_period(m: re.Match[str], today: date) -> Period | None:
    """ "a feira de sábado", "no domingo": that day, the most recent one."""
    day = _weekday(m, today, future=False)
    if day is None:
        return None
    name = f"dia {_fmt(day)}"
    return Period(day, day, name, f"no {name}")


def _one_day(m: re.Match[str], today: date) -> Period | None:
    """ "no dia 14": this month's 14th, or last month's when it is still ahead."""
    day = _day_of_month(int(m[1]), today, future=False)
    if day is None:
        return None
    name = f"dia {_fmt(day)}"
    return Period(day, day, name, f"no {name}")


class _Half:
    def __init__(self, n: int) -> None:
        self._n = n

    def __getitem__(self, index: int) -> str | None:
        return ("primeiro" if self._n == 1 else "segundo") if index == 1 else None


class _MonthPair:
    """ "outubro e novembro" read as the range rule reads "de outubro a novembro"."""

    def __init__(self, m: re.Match[str]) -> None:
        self._groups = {1: m[1], 2: None, 3: m[2], 4: None}

    def __getitem__(self, index: int) -> str | None:
        return self._groups[index]


class _FirstGroup:
    """A match seen through its first non-empty group (rules with alternatives)."""

    def __init__(self, m: re.Match[str]) -> None:
        self._value = next(g for g in m.groups() if g)

    def __getitem__(self, index: int) -> str:
        return self._value


def _days_to_slash(m: re.Match[str], today: date) -> Period | None:
    """ "de 16 a 22/11", "entre 3 e 9/10": days of the month the second date names."""
    end = _day_month(int(m[2]), int(m[3]), _year(m[4]), today, future=False)
    if end is None:
        return None
    start = _valid(end.year, end.month, int(m[1]))
    if start is None or end < start:
        return None
    return Period(start, end, f"{_fmt(start)} a {_fmt(end)}", f"de {_fmt(start)} a {_fmt(end)}")


def _stated_day(m: re.Match[str]) -> tuple[int, int, int | None]:
    """(day, month, year) of a date said "25/10" (groups 1–3) or "25 de outubro" (4–6)."""
    if m["sd"] is not None:
        return int(m["sd"]), int(m["sm"]), _year(m["sy"])
    return int(m["nd"]), _MONTHS_FOLDED[m["nm"]], _year(m["ny"])


def _since_day(m: re.Match[str], today: date) -> Period | None:
    """ "desde 25 de outubro", "a partir de 25/10": from that day to today."""
    day, month, year = _stated_day(m)
    start = _day_month(day, month, year, today, future=False)
    if start is None:
        return None
    return Period(start, today, f"{_fmt(start)} a {_fmt(today)}", f"desde {_fmt(start)}")


def _until_date(m: re.Match[str], today: date) -> Period | None:
    """ "até dia 5 de dezembro", "até 05/12" (bills due): from today to that day."""
    day, month, year = _stated_day(m)
    end = _day_month(day, month, year, today, future=True)
    if end is None:
        return None
    if end > today + UNTIL_AHEAD:  # "gastei até dia 10 de novembro" (on the 26th): the past
        end = _day_month(day, month, year, today, future=False)
        if end is None:
            return None
        start = end.replace(day=1)
        return Period(start, end, f"{_fmt(start)} a {_fmt(end)}", f"de {_fmt(start)} a {_fmt(end)}")
    return Period(today, end, f"até {_fmt(end)}", f"até {_fmt(end)}")


UNTIL_AHEAD = timedelta(days=62)
"""'até <data>' up to this far ahead is a deadline (bills due by then); further, a past day."""


def _single_date(m: re.Match[str], today: date) -> Period | None:
    """ "no dia 17/11", "em 17/11", "dia 3 de outubro": that one day (the most recent)."""
    day, month, year = _stated_day(m)
    when = _day_month(day, month, year, today, future=False)
    if when is None:
        return None
    name = f"dia {_fmt(when)}"
    return Period(when, when, name, f"no {name}")


_STATED = (
    r"(?:(?<![\d/])(?P<sd>\d{1,2})/(?P<sm>\d{1,2})(?:/(?P<sy>\d{4}|\d{2}))?(?![\d/])"
    rf"|(?P<nd>\d{{1,2}})\s+de\s+(?P<nm>{_MONTH_RE})(?:\s+de\s+(?P<ny>\d{{4}}))?\b)"
)
"""One date: "25/10", "25/10/2026", "25 de outubro", "25 de outubro de 2026"."""


def _first_group(m: re.Match[str]) -> re.Match[str]:
    return _FirstGroup(m)  # type: ignore[return-value]  # only m[1] is read by the rule


_D = r"(\d{1,2})/(\d{1,2})(?:/(\d{4}|\d{2}))?"
_Rule = tuple[re.Pattern[str], Callable[[re.Match[str], date], Period | None]]
_PERIOD_RULES: tuple[_Rule, ...] = (
    (re.compile(rf"(?<![\d/]){_D}\s*(?:a|ate|e|-)\s*{_D}(?![\d/])"), _range),
    (
        re.compile(
            rf"\b(?:entre|de|desde)\s+({_MONTH_RE})(?:\s+(?:de\s+)?(\d{{4}}))?\s+(?:e|a|ate)\s+"
            rf"({_MONTH_RE})(?:\s+(?:de\s+)?(\d{{4}}))?\b"
        ),
        _month_range,
    ),
    (
        re.compile(
            r"\b(?:d[oe]\s+|entre\s+(?:o\s+)?)?(?:dia\s+)?(\d{1,2})\s+(?:a|ao|ate|e)\s+(?:o\s+)?"
            rf"(?:dia\s+)?(\d{{1,2}})\s+de\s+({_MONTH_RE})(?:\s+de\s+(\d{{4}}))?\b"
        ),
        _day_range,
    ),
    (
        re.compile(
            r"(?:\b(?:d[oe]\s+|entre\s+(?:o\s+|os\s+)?)(?:dias?\s+)?|\bdias?\s+)(?<![\d/])"
            r"(\d{1,2})\s+(?:a|ao|ate|e)\s+(?:o\s+)?(?:dia\s+)?"
            r"(\d{1,2})/(\d{1,2})(?:/(\d{4}|\d{2}))?(?![\d/])"
        ),
        _days_to_slash,
    ),
    (re.compile(rf"\b(?:desde|a\s+partir\s+d[eo])\s+(?:o\s+)?(?:dia\s+)?{_STATED}"), _since_day),
    (re.compile(rf"\bate\s+(?:o\s+)?(?:dia\s+)?{_STATED}"), _until_date),
    (
        re.compile(
            r"\b(primeiro|segundo|terceiro|quarto|[1-4]o)\s+trimestre(?:\s+de\s+(\d{4}))?\b"
        ),
        _nth_quarter,
    ),
    (re.compile(rf"\bproxim[oa]s\s+({_COUNT})\s+dias\b"), _next_days),
    (
        re.compile(r"\b(primeiro|segundo|[12]o)\s+semestre(?:\s+de\s+(\d{4}))?\b"),
        _semester,
    ),
    (
        re.compile(r"\b(?:este|esse|neste|nesse)\s+semestre\b"),
        lambda m, t: _semester(_Half(1 if t.month <= 6 else 2), t),
    ),
    (
        re.compile(rf"\b(primeira|segunda|[12]a)\s+quinzena(?:\s+de\s+({_MONTH_RE}))?\b"),
        _fortnight,
    ),
    (re.compile(r"\bate\s+(?:o\s+)?dia\s+(\d{1,2})\b(?!\s*(?:/|de\s))"), _until_day),
    (
        re.compile(
            rf"\b(?:em\s+)?({_MONTH_RE})\s+e\s+(?:em\s+)?({_MONTH_RE})\b(?!\s+de\s+\d{{4}})"
        ),
        lambda m, t: _month_range(_MonthPair(m), t),
    ),
    (
        re.compile(
            r"\b(?:d[oe]\s+|entre\s+(?:o|os)\s+)?dias?\s+(\d{1,2})\s+(?:a|ao|ate|e)\s+(?:o\s+)?"
            r"(?:dia\s+)?(\d{1,2})\b(?!\s*(?:/|de\s))"
        ),
        _days_this_month,
    ),
    (
        re.compile(
            rf"\b(?:desde|a\s+partir\s+de)\s+({_MONTH_RE})\b|\bde\s+({_MONTH_RE})\s+(?:ate|pra\s+ca)"
            r"\s+(?:agora|hoje|o\s+momento)\b"
        ),
        lambda m, t: _since_month(_first_group(m), t),
    ),
    (
        re.compile(r"\b(?:ontem\s+e\s+hoje|hoje\s+e\s+ontem)\b"),
        lambda m, t: Period(t - timedelta(days=1), t, "ontem e hoje", "ontem e hoje"),
    ),
    (
        re.compile(r"\b(?:ontem\s+e\s+anteontem|anteontem\s+e\s+ontem)\b"),
        lambda m, t: Period(
            t - timedelta(days=2), t - timedelta(days=1), "ontem e anteontem", "ontem e anteontem"
        ),
    ),
    (
        re.compile(
            r"\b(?:ultimo\s+fi[mn]\s+de\s+semana|fi[mn]\s+de\s+semana\s+passado"
            r"|(?:n[oe]|neste|nesse|deste|desse)\s+fi[mn]\s+de\s+semana)\b"
        ),
        _last_weekend,
    ),
    (re.compile(rf"\bultim[oa]s\s+({_COUNT})\s+(dias|semanas|meses|anos)\b"), _rolling),
    (
        re.compile(r"\b(?:mes\s+passado|ultimo\s+mes)\b"),
        lambda m, t: _months_back(t, 1, "mês passado", "no mês passado"),
    ),
    (
        re.compile(r"\b(?:mes\s+que\s+vem|proximo\s+mes)\b"),
        lambda m, t: _months_back(t, -1, "mês que vem", "no mês que vem"),
    ),
    (
        re.compile(r"\bmes\s+retrasado\b"),
        lambda m, t: _months_back(t, 2, "mês retrasado", "no mês retrasado"),
    ),
    (
        re.compile(
            r"\b(?:(?:este|esse|neste|nesse|deste|desse)\s+mes|mes\s+(?:atual|corrente)"
            r"|(?:d|n)o\s+mes(?!\s+(?:que|de|\d)))\b"
        ),
        lambda m, t: _month(t.year, t.month, "este mês", "neste mês"),
    ),
    (re.compile(rf"\b(?:(?:n?o\s+)?dia|em|no)\s+{_STATED}"), _single_date),
    (re.compile(rf"\b({_MONTH_RE})(?:\s+(?:de\s+)?(\d{{4}}))?\b"), _named_month),
    (
        re.compile(r"\bano\s+passado\b"),
        lambda m, t: _year_period(t.year - 1, "ano passado", "no ano passado"),
    ),
    (
        re.compile(
            r"\b(?:(?:este|esse|neste|nesse|deste|desse)\s+ano|ano\s+atual|(?:d|n)o\s+ano)\b"
        ),
        lambda m, t: _year_period(t.year, "este ano", "neste ano"),
    ),
    (
        re.compile(r"\b(?:em|de|no\s+ano\s+de|ano\s+de)\s+(\d{4})\b"),
        lambda m, t: _year_period(int(m[1]), m[1], f"em {m[1]}"),
    ),
    (
        re.compile(r"\b(?:semana\s+passada|ultima\s+semana)\b"),
        lambda m, t: _week(t, 1, "semana passada", "na semana passada"),
    ),
    (
        re.compile(r"\b(?:(?:esta|essa|nesta|nessa|desta|dessa)\s+semana|(?:d|n)a\s+semana)\b"),
        lambda m, t: _week(t, 0, "esta semana", "nesta semana"),
    ),
    (
        re.compile(r"\btrimestre\s+passado|ultimo\s+trimestre\b"),
        lambda m, t: _quarter(t, 1, "trimestre passado", "no trimestre passado"),
    ),
    (
        re.compile(r"\b(?:este|esse|neste|nesse|deste|desse)\s+trimestre\b"),
        lambda m, t: _quarter(t, 0, "este trimestre", "neste trimestre"),
    ),
    (re.compile(r"\b(?:n?o\s+)?dia\s+(\d{1,2})(?:o)?\b(?!\s*(?:/|de\s|a\s|ao\s|ate\s))"), _one_day),
    (re.compile(r"\b(?:hoje|hj)\b"), lambda m, t: _day(t, 0, "hoje")),
    (
        re.compile(
            r"\b(?P<pre>de|no|na|nesse|nessa|neste|nesta|ultimo|ultima)\s+(?P<day>segunda|terca|quarta"
            r"|quinta|sexta|sabado|domingo)(?P<feira>-feira|\s+feira)?(?:\s+(?P<post>passad[oa]))?\b"
        ),
        _weekday_period,
    ),
    (re.compile(r"\banteontem\b"), lambda m, t: _day(t, 2, "anteontem")),
    (re.compile(r"\bontem\b"), lambda m, t: _day(t, 1, "ontem")),
)


def resolve_period(text: str, today: date) -> Period | None:
    """The period a query names, or None (the caller decides the default).

    Rules are tried in order, most specific first ("de 01/03 a 15/03" before a month name, "mês
    passado" before "este mês"); the first that matches wins. "em março" is the most recent
    March that is not in the future: this year's from March on, last year's before.
    """
    folded = fold(text)
    for pattern, build in _PERIOD_RULES:
        if (m := pattern.search(folded)) is not None and (period := build(m, today)) is not None:
            return period
    return None
