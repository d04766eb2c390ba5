"""What an offline spending report covers, and where its rows come from: the user's own finance
ledger, read through the finance app's public repository (`LEDGER`), scoped to the job's owner.

`ReportSpec` is read from the request with the finance app's own query parser (`parse_query`:
"de outubro", "do mês passado", "com mercado e restaurante", …; no period named: the month the
job was created in), and travels to the sub-jobs inside their requests in a readable, parseable
form ("… de 2026-10-01 a 2026-10-31 em: Alimentação, Transporte/App").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from typing import Protocol

from switchboard import Store
from switchboard.apps.finance import (
    LEDGER,
    FlowFilter,
    Kind,
    LedgerQuery,
    fold,
    parse_query,
    to_cents,
    today_in_sao_paulo,
)
from switchboard.apps.jobs import report
from switchboard.patterns import Job


@dataclass(frozen=True, slots=True)
class ReportSpec:
    start: date
    end: date
    scopes: tuple[tuple[str, str | None], ...] = ()
    """(categoria, subcategoria or None); empty: every category."""

    def text(self) -> str:
        """The readable, parseable form carried in sub-job requests."""
        out = f"de {self.start.isoformat()} a {self.end.isoformat()}"
        if self.scopes:
            out += " em: " + ", ".join(c if s is None else f"{c}/{s}" for c, s in self.scopes)
        return out

    def describe(self) -> str:
        """pt-BR for the report's summary line."""
        out = f"de {self.start:%d/%m/%Y} a {self.end:%d/%m/%Y}"
        if self.scopes:
            out += " — " + ", ".join(c if s is None else f"{c} > {s}" for c, s in self.scopes)
        else:
            out += " — todas as categorias"
        return out


_SPEC = re.compile(r"de (\d{4}-\d\d-\d\d) a (\d{4}-\d\d-\d\d)(?: em: (.+))?$")


CADENCES = {
    "diario": "hoje",
    "semanal": "nos últimos 7 dias",
    "quinzenal": "nos últimos 15 dias",
    "mensal": "neste mês",
    "trimestral": "nos últimos 3 meses",
    "anual": "neste ano",
}
"""A report named by its cadence ("relatório semanal") covers the period that ends today."""
_CADENCE = re.compile(r"\b(di[aá]rio|semanal|quinzenal|mensal|trimestral|anual)\b", re.IGNORECASE)


def spec_of_request(job: Job) -> ReportSpec:
    """The period and categories a report request asks for (see the module docstring). The
    request is read as the ledger question it implies ("relatório da semana passada" → "quanto
    gastei … na semana passada"): the finance parser reads periods in questions, and a bare
    request is no question to it."""
    today = today_in_sao_paulo(job.created_at)
    request = _CADENCE.sub(lambda m: CADENCES[fold(m[1])], job.request)
    query = parse_query(request, today)
    if not isinstance(query, LedgerQuery):
        query = parse_query(f"quanto gastei {request}", today)
    if not isinstance(query, LedgerQuery):
        query = query.default or parse_query("quanto gastei este mês", today)
    assert isinstance(query, LedgerQuery)
    period = query.period
    start, end = (period.start, period.end) if period else (today.replace(day=1), today)
    scopes = tuple(query.scopes)
    if not scopes and query.categoria:
        scopes = ((query.categoria, query.subcategoria),)
    return ReportSpec(start, end, scopes)


def spec_in(text: str) -> ReportSpec | None:
    """The spec a sub-job request carries (`ReportSpec.text`), or None."""
    found = _SPEC.search(text)
    if found is None:
        return None
    scopes: list[tuple[str, str | None]] = []
    for part in (found[3] or "").split(", "):
        if part:
            categoria, _, sub = part.partition("/")
            scopes.append((categoria, sub or None))
    return ReportSpec(date.fromisoformat(found[1]), date.fromisoformat(found[2]), tuple(scopes))


@dataclass(frozen=True, slots=True)
class Flow:
    """One ledger row as the jobs app reads it: a statement entry or a card purchase (always a
    despesa, its full amount on the purchase day)."""

    kind: Kind
    entry: report.Entry


class SpendingSource(Protocol):
    async def spending(self, user_id: str, spec: ReportSpec) -> list[report.Entry]:
        """The user's expenses in the spec's period and categories, by day."""
        ...

    async def flows(
        self, user_id: str, spec: ReportSpec, kinds: tuple[Kind, ...] = ("despesa",)
    ) -> list[Flow]:
        """The user's rows of these kinds in the spec's period and categories, by day."""
        ...


@dataclass(slots=True)
class LedgerSpending:
    """Rows from the finance ledger of a Switchboard store: statement entries and card
    purchases (despesas, their full amount on the purchase day), only the given user's. The
    offline report (`spending`) and the hosted persona's `ledger_query` tool (`flows`) both
    read through here."""

    store: Store

    async def spending(self, user_id: str, spec: ReportSpec) -> list[report.Entry]:
        return [flow.entry for flow in await self.flows(user_id, spec, ("despesa",))]

    async def flows(
        self, user_id: str, spec: ReportSpec, kinds: tuple[Kind, ...] = ("despesa",)
    ) -> list[Flow]:
        ledger = self.store.repository(LEDGER)
        wanted = set(kinds)
        kind: Kind | None = kinds[0] if len(wanted) == 1 else None
        flt = FlowFilter(start=spec.start, end=spec.end, kind=kind, scopes=spec.scopes)
        rows = [
            Flow(
                e.kind,
                report.Entry(
                    e.day,
                    e.description or e.subcategoria or e.categoria or "sem descrição",
                    e.categoria or "Outros",
                    to_cents(e.amount),
                ),
            )
            for e in await ledger.entries(user_id, flt)
            if e.kind in wanted
        ]
        if "despesa" in wanted:
            rows += [
                Flow(
                    "despesa",
                    report.Entry(
                        p.day,
                        p.description or p.subcategoria or p.categoria or "compra no cartão",
                        p.categoria or "Outros",
                        to_cents(p.amount),
                    ),
                )
                for p in await ledger.purchases(user_id, flt)
            ]
        return sorted(rows, key=lambda f: (f.entry.day, f.entry.description, f.entry.cents, f.kind))


__all__ = ["Flow", "LedgerSpending", "ReportSpec", "SpendingSource", "spec_in", "spec_of_request"]
