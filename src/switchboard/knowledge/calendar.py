"""The important dates of Sisu 2026 and Prouni 2026, as data (`data/calendar.yaml`).

The dates were read from the editais by hand and each entry cites its item and page, so the
first tool of the agents' cascade answers "quando abrem as inscrições do Prouni?" from data,
exactly, instead of hoping a passage with the date ranks first.

`important_dates(collection, query, item_scores=None)`:
- no query, or a query asking for the calendar as a whole ("quais são as datas", "cronograma",
  "prazos" — not a yes/no question such as "as datas podem mudar?"): every entry of the
  collection(s), in date order;
- a question about *when* something happens (`query.kind == "date"`: "quando…", "até que
  dia…", not one that merely mentions a date or a prazo): the entries whose event and keywords
  share stems with the question (not the stems of its asides: "já entreguei a documentação,
  até quando…") — among them, those of the items the knowledge ranker finds likeliest
  (`item_scores`, given by the RAG cascade; within `CLOSE_SCORE` of the best), else those
  sharing the most stems (all tied at the best score, so "resultado do Prouni" gives both
  chamadas and "resultado da segunda chamada" only the second);
- anything else (not about dates, the edital's own date, or no known event): `[]`, so the
  cascade moves on to knowledge search.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from functools import lru_cache
from importlib import resources
from typing import Any

import yaml
from babel.dates import format_date

from switchboard.knowledge.analysis import fold, query_terms, stems
from switchboard.knowledge.models import UnknownCollectionError, check_collection
from switchboard.knowledge.query import Query, analyse

WHOLE_CALENDAR = frozenset(stems("datas cronograma calendário prazos importantes todas etapas"))
DATE_FORMAT = "d 'de' MMMM 'de' y"
CLOSE_SCORE = 0.3
"""Entries whose item the ranker scores at least this share of the best one's are all given
(when they share as many words with the question): "lista de espera do prouni é quando" names
no step of the lista de espera, and the ranker is no surer of the announcement (6.2) than of
the sign-up (6.1), so the student gets each step's date rather than a guess. 0.3 since the
ranker reads the students' questions (`q_sim`): its probabilities are sharper (6.2 0.71 against
6.1 0.23 for that question), and 0.5 dropped the sign-up (three dev rows)."""


SIGN_UP_VERBS = frozenset(
    stems("abre abrem abrir fecha fecham fechar começa começam termina terminam acaba acabam vai")
)
"""A programme that "abre", "fecha" or "vai até" with nothing else named: its sign-up period
("quando abre o sisu?", "até quando vai o prouni?")."""
END_ASKED = re.compile(
    r"\bate (?:quando|que dia|que data)\b|\b(?:prazo|data) final\b|\bultimo dia\b"
    r"|\b(?:termina|terminam|encerra|encerram|acaba|acabam|fecha|fecham)\b"
)
"""A question about when something *ends* ("até quando…?", "qual o último dia…?")."""


def _event_terms(query: str, asked: Query) -> frozenset[str]:
    """The question's words that could name an event: not the programmes nor the year, nor
    what the student already did ("já entreguei a documentação, até quando…")."""
    terms = frozenset(query_terms(query)) - frozenset(stems("sisu prouni 2026"))
    return (terms - asked.aside) or terms


def _sign_up_only(terms: frozenset[str], asked: Query) -> bool:
    return asked.kind == "date" and terms <= SIGN_UP_VERBS and "yesno" not in asked.asks


def sign_up_only(question: str, asked: Query) -> bool:
    """Whether the question (`asked`: its analysis) asks when a programme opens or closes and
    names nothing else ("quando fecha o sisu?"): its subject is the programme itself, which the
    editais treat."""
    return _sign_up_only(_event_terms(question, asked), asked)


def asks_end(question: str) -> bool:
    """Whether the question asks when something ends (`END_ASKED`, on the folded text)."""
    return END_ASKED.search(fold(question)) is not None


def end_not_stated(question: str, entries: Sequence[DateEntry]) -> bool:
    """The question asks when something ends and every entry that answers it has only a start
    ("a partir de 2 de fevereiro"): the editais do not say the end, so the honest answer is
    "não encontrei" with the start they do give."""
    return bool(entries) and asks_end(question) and all(e.open_ended for e in entries)


@dataclass(frozen=True, slots=True)
class DateEntry:
    """One dated event of a selection process."""

    collection: str
    key: str
    event: str
    """pt-BR label, e.g. "Inscrições do Prouni"."""
    start: date
    end: date | None
    open_ended: bool
    """True for "a partir de" (the edital sets only the start)."""
    note: str
    document: str
    item: str
    page: int
    keywords: frozenset[str]

    @property
    def citation(self) -> str:
        """ "Edital Sisu 2026, item 1.1, p. 1" (the same form as `answer.Citation.label`)."""
        return f"{self.document}, item {self.item}, p. {self.page}"

    @property
    def when(self) -> str:
        start = format_date(self.start, DATE_FORMAT, locale="pt_BR")
        if self.open_ended:
            return f"a partir de {start}"
        if self.end is None or self.end == self.start:
            return f"em {start}"
        return f"de {start} a {format_date(self.end, DATE_FORMAT, locale='pt_BR')}"

    @property
    def text(self) -> str:
        """ "Inscrições do Prouni: de 26 de janeiro de 2026 a 29 de janeiro de 2026 (até as 23h59
        do último dia). Fonte: Edital Prouni 2026, item 1.1." """
        note = f" ({self.note})" if self.note else ""
        return f"{self.event}: {self.when}{note}. Fonte: {self.citation}."


def parse_calendar(data: dict[str, Any]) -> tuple[DateEntry, ...]:
    entries = []
    for collection, block in data.items():
        for raw in block["events"]:
            entries.append(
                DateEntry(
                    collection=collection,
                    key=raw["key"],
                    event=raw["event"],
                    start=raw["start"],
                    end=raw.get("end"),
                    open_ended=bool(raw.get("open_ended", False)),
                    note=raw.get("note", ""),
                    document=block["document"],
                    item=str(raw["item"]),
                    page=int(raw["page"]),
                    keywords=frozenset(stems(f"{raw['event']} {raw.get('keywords', '')}")),
                )
            )
    return tuple(sorted(entries, key=lambda e: (e.start, e.end or e.start, e.collection, e.key)))


@lru_cache(maxsize=1)
def calendar() -> tuple[DateEntry, ...]:
    """Every entry of the packaged calendar, in date order."""
    text = (
        resources.files("switchboard.knowledge")
        .joinpath("data", "calendar.yaml")
        .read_text(encoding="utf-8")
    )
    return parse_calendar(yaml.safe_load(text))


def important_dates(
    collection: str | None,
    query: str | None = None,
    *,
    item_scores: Mapping[tuple[str, str], float] | None = None,
) -> list[DateEntry]:
    """The calendar entries that answer `query` (see the module docstring).

    `item_scores` ((collection, item) → the knowledge ranker's probability that the item
    answers the question) decides between entries that share words with the question: "até
    quando a faculdade confirma se eu ganhei a bolsa" shares more words with the delivery of
    documents than with the Sisprouni registration, but the ranker reads the question better
    than a word count."""
    entries = list(calendar())
    if collection is not None:
        name = check_collection(collection)
        entries = [e for e in entries if e.collection == name]
        if not entries:
            raise UnknownCollectionError(f"no calendar for {name!r}", collection=name)
    if query is None or not query.strip():
        return entries
    asked = analyse(query)
    terms = _event_terms(query, asked)
    if "publication" in asked.asks:
        return []  # the edital's own date is in its header (`knowledge.publication`)
    if _sign_up_only(terms, asked):
        return [e for e in entries if e.key == "inscricoes"]  # "quando abre o sisu?"
    whole = bool(terms & WHOLE_CALENDAR) and "yesno" not in asked.asks
    if whole and not any(terms & e.keywords for e in entries):
        return entries
    if asked.kind != "date" and not whole:
        return []
    scored = [(len(terms & e.keywords), e) for e in entries]
    if item_scores:
        ranked = [(item_scores.get((e.collection, e.item), 0.0), n, e) for n, e in scored if n]
        top = max((p for p, _, _ in ranked), default=0.0)
        if top > 0:
            close = [(p, n, e) for p, n, e in ranked if p >= CLOSE_SCORE * top]
            best_overlap = max(n for _, n, _ in close)
            return [e for _, n, e in close if n == best_overlap]
    best = max((score for score, _ in scored), default=0)
    if best == 0:
        return entries if terms & WHOLE_CALENDAR else []
    return [e for score, e in scored if score == best]


def sharing_entries(collection: str, query: str) -> list[DateEntry]:
    """Every entry of `collection` whose event or keywords share a stem with a question about
    *when* (not the stems of its asides): the events it may be about, whatever the ranker
    prefers (`answer.entries_about` picks the one that says its whole subject)."""
    asked = analyse(query)
    if asked.kind != "date":
        return []
    terms = frozenset(query_terms(query)) - frozenset(stems("sisu prouni 2026"))
    terms = (terms - asked.aside) or terms
    return [e for e in calendar() if e.collection == collection and terms & e.keywords]


__all__ = [
    "DateEntry",
    "asks_end",
    "calendar",
    "end_not_stated",
    "important_dates",
    "sharing_entries",
]
