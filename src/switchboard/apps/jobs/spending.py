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

from switchboard.apps.finance.ledger import LEDGER, FlowFilter, to_cents
from switchboard.apps.finance.nlu.dates import today_in_sao_paulo
from switchboard.apps.finance.nlu.query import LedgerQuery, parse_query
from switchboard.apps.jobs import report
from switchboard.patterns.jobs.models import Job
from switchboard.store.base import Store


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

    def flow_filter(self) -> FlowFilter:
        return FlowFilter(start=self.start, end=self.end, kind="despesa", scopes=self.scopes)


_SPEC = re.compile(r"de (\d{4}-\d\d-\d\d) a (\d{4}-\d\d-\d\d)(?: em: (.+))?$")


def spec_of_request(job: Job) -> ReportSpec:
    """The period and categories a report request asks for (see the module docstring)."""
    today = today_in_sao_paulo(job.created_at)
    query = parse_query(job.request, today)
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


class SpendingSource(Protocol):
    async def spending(self, user_id: str, spec: ReportSpec) -> list[report.Entry]:
        """The user's expenses in the spec's period and categories, by day."""
        ...


@dataclass(slots=True)
class LedgerSpending:
    """Expenses from the finance ledger of a Switchboard store: statement entries (despesa)
    and card purchases (their full amount on the purchase day), only the job owner's."""

    store: Store

    async def spending(self, user_id: str, spec: ReportSpec) -> list[report.Entry]:
        ledger = self.store.repository(LEDGER)
        flt = spec.flow_filter()
        rows = [
            report.Entry(
                e.day,
                e.description or e.subcategoria or e.categoria or "sem descrição",
                e.categoria or "Outros",
                to_cents(e.amount),
            )
            for e in await ledger.entries(user_id, flt)
            if e.kind == "despesa"
        ]
        rows += [
            report.Entry(
                p.day,
                p.description or p.subcategoria or p.categoria or "compra no cartão",
                p.categoria or "Outros",
                to_cents(p.amount),
            )
            for p in await ledger.purchases(user_id, flt)
        ]
        return sorted(rows, key=lambda e: (e.day, e.description, e.cents))


__all__ = ["LedgerSpending", "ReportSpec", "SpendingSource", "spec_in", "spec_of_request"]
