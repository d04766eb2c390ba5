"""A debt question that leaves out the balance or the rate the user already recorded ("em
quanto tempo eu quito o empréstimo pagando 1.000 por mês?" after "peguei 10 mil emprestado a
3% ao mês"): the plan reads the ledger's debts first and fills what is missing from the one
debt it can tell apart; when it cannot, nothing is filled and the answer asks (issue 19: the
user's numbers, never a guess).
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from switchboard.apps.finance.missions.catalogue.extract import Question
from switchboard.apps.finance.missions.catalogue.params import Divida, DividasParams
from switchboard.apps.finance.nlu.text import fold
from switchboard.patterns import Results

LEDGER_DEBTS = "dividas_registradas"
"""Key of the data step that reads the user's debts."""
MISSING_BALANCE = "quanto você deve (o saldo devedor)"
MISSING_RATE = "a taxa de juros da dívida (ao mês)"
FILLABLE = frozenset({MISSING_BALANCE, MISSING_RATE})
_NAMES: dict[str, tuple[str, ...]] = {
    "emprestimo": ("emprestimo",),
    "consignado": ("consignado",),
    "cheque_especial": ("cheque",),
    "rotativo": ("cartao", "rotativo"),
    "cartao": ("cartao",),
    "financiamento": ("financiamento",),
}


@dataclass(frozen=True, slots=True)
class Filled:
    """The debt question's parameters with the ledger's numbers, and what was taken."""

    params: DividasParams
    name: str
    balance: Decimal | None
    rate: Decimal | None


def fillable(question: Question) -> bool:
    """A debt question whose only gaps are the balance and/or the rate."""
    return (
        isinstance(question.params, DividasParams)
        and bool(question.missing)
        and set(question.missing) <= FILLABLE
        and len(question.params.dividas) <= 1
    )


def fill(question: Question, results: Results) -> Filled | None:
    """The parameters completed from the recorded debts, or None when the ledger does not
    say which debt (none, or several that the question's words do not tell apart) or does not
    have what is missing (a rate never told is 0: unknown)."""
    params = question.params
    assert isinstance(params, DividasParams)
    rows: list[dict[str, Any]] = [
        r for r in (results.get(LEDGER_DEBTS) or {}).get("dividas", []) if Decimal(r["balance"]) > 0
    ]
    said = params.dividas[0] if params.dividas else Divida(tipo="outra")
    words = _NAMES.get(said.tipo, ())
    if words:
        rows = [r for r in rows if any(w in fold(r["name"]) for w in words)] or (
            rows if len(rows) == 1 else []
        )
    if len(rows) != 1:
        return None
    row = rows[0]
    balance = Decimal(row["balance"]) if said.saldo is None else None
    rate = Decimal(row["monthly_rate"]) if said.taxa_mensal is None else None
    if rate is not None and rate <= 0:
        return None  # the rate was never told: ask, never guess
    debt = said.model_copy(
        update={
            "saldo": said.saldo if balance is None else balance,
            "taxa_mensal": said.taxa_mensal if rate is None else rate,
            "tipo": said.tipo if said.tipo != "outra" else _kind_of(row["name"]),
        }
    )
    return Filled(params.model_copy(update={"dividas": (debt,)}), row["name"], balance, rate)


def _kind_of(name: str) -> str:
    folded = fold(name)
    return next(
        (kind for kind, words in _NAMES.items() if any(w in folded for w in words)), "outra"
    )


__all__ = ["FILLABLE", "LEDGER_DEBTS", "Filled", "fill", "fillable"]
