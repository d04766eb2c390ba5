"""The spending report's data work, as pure functions the offline executor and its validator
share: the CSV of the user's expenses (read from their finance ledger, `spending.py`), totals
by category in integer cents, the Markdown report and the check that re-computes the totals
from the CSV and looks for the report's sections. A period with no expenses is a report that
says so, not a failure."""

from __future__ import annotations

import csv
import io
import json
from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from babel.numbers import format_currency

CSV_NAME = "lancamentos.csv"
TOTALS_NAME = "totais.json"
REPORT_NAME = "relatorio.md"
SECTIONS = ("## Resumo", "## Totais por categoria", "## Lançamentos")
"""Every report has these; the draft rendered in the first round omits the category table."""


@dataclass(frozen=True, slots=True)
class Entry:
    day: date
    description: str
    category: str
    cents: int


def to_csv(entries: list[Entry]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["data", "descricao", "categoria", "valor"])
    for e in entries:
        amount = f"{Decimal(e.cents) / 100:.2f}"
        writer.writerow([e.day.isoformat(), e.description, e.category, amount])
    return out.getvalue()


class ReportDataError(ValueError):
    """A CSV line that is not `data,descricao,categoria,valor` with a decimal amount."""


def parse_csv(text: str) -> list[Entry]:
    rows = list(csv.DictReader(io.StringIO(text)))
    entries = []
    for number, row in enumerate(rows, 2):
        try:
            cents = int(Decimal(row["valor"]) * 100)
            entries.append(
                Entry(date.fromisoformat(row["data"]), row["descricao"], row["categoria"], cents)
            )
        except (KeyError, ValueError, ArithmeticError) as exc:
            raise ReportDataError(f"linha {number} inválida: {exc}") from exc
    return entries


def totals(entries: list[Entry]) -> dict[str, int]:
    """Cents by category, categories sorted; the key "total" holds the sum."""
    by: dict[str, int] = {}
    for e in entries:
        by[e.category] = by.get(e.category, 0) + e.cents
    result = dict(sorted(by.items()))
    result["total"] = sum(by.values())
    return result


def brl(cents: int) -> str:
    return format_currency(Decimal(cents) / 100, "BRL", locale="pt_BR")


def render(
    entries: list[Entry], sums: dict[str, int], *, draft: bool = False, scope: str = ""
) -> str:
    """The Markdown report; `scope` names the period and categories it covers."""
    lines = ["# Relatório de gastos", "", SECTIONS[0], ""]
    if scope:
        lines += [f"Período e categorias: {scope}.", ""]
    if entries:
        lines.append(f"{len(entries)} lançamentos, total {brl(sums['total'])}.")
    else:
        lines.append(f"Nenhum gasto registrado no período: total {brl(0)}.")
    if not draft:
        lines += ["", SECTIONS[1], "", "| Categoria | Total |", "|---|---:|"]
        lines += [f"| {name} | {brl(c)} |" for name, c in sums.items() if name != "total"]
    lines += ["", SECTIONS[2], "", "| Data | Descrição | Categoria | Valor |", "|---|---|---|---:|"]
    lines += [
        f"| {e.day:%d/%m} | {e.description} | {e.category} | {brl(e.cents)} |" for e in entries
    ]
    return "\n".join(lines) + "\n"


RECOMPUTE = (
    "import csv, json, sys\n"
    "from decimal import Decimal\n"
    "sums = {}\n"
    f"for row in csv.DictReader(open('{CSV_NAME}', encoding='utf-8')):\n"
    "    cents = int(Decimal(row['valor']) * 100)\n"
    "    sums[row['categoria']] = sums.get(row['categoria'], 0) + cents\n"
    "sums['total'] = sum(sums.values())\n"
    f"saved = json.load(open('{TOTALS_NAME}', encoding='utf-8'))\n"
    "sys.exit(0 if {k: int(v) for k, v in saved.items()} == sums else 1)\n"
)
"""`python3 -c` program the engine runs in the job's sandbox: the saved totals must equal the
ones recomputed from the CSV (`totals`, stdlib only: the sandbox has no Switchboard)."""


def check(csv_text: str, totals_text: str, report_text: str) -> list[str]:
    """Problems found (empty: the report is valid): totals re-computed from the CSV must equal
    the saved ones, every section must be there and show the grand total."""
    problems = []
    entries = parse_csv(csv_text)
    expected = totals(entries)
    saved = {k: int(v) for k, v in json.loads(totals_text).items()}
    if saved != expected:
        problems.append(f"{TOTALS_NAME} difere do recálculo a partir de {CSV_NAME}")
    for section in SECTIONS:
        if section not in report_text:
            problems.append(f"seção '{section[3:]}' ausente em {REPORT_NAME}")
    if brl(expected["total"]) not in report_text:
        problems.append(f"o total {brl(expected['total'])} não aparece em {REPORT_NAME}")
    return problems


__all__ = [
    "CSV_NAME",
    "RECOMPUTE",
    "REPORT_NAME",
    "SECTIONS",
    "TOTALS_NAME",
    "Entry",
    "ReportDataError",
    "brl",
    "check",
    "parse_csv",
    "render",
    "to_csv",
    "totals",
]
