"""A catalogue question's plan: the market indices it needs (wave 1, only when the user gave no
rate), then its kind's math operation (computed by the math executor over the bus).

A question that lacks what the computation needs is planned with no math step: its answer asks
for the missing data (`answers.ask`). The emergency fund and the spending diagnosis always run
their operation: it reads the user's ledger, which may have the missing expenses.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from switchboard.apps.finance.market.models import IndexName
from switchboard.apps.finance.missions.catalogue.extract import Question
from switchboard.apps.finance.missions.catalogue.kinds import QuestionKind
from switchboard.apps.finance.missions.catalogue.ledger_debts import LEDGER_DEBTS, fill, fillable
from switchboard.apps.finance.missions.catalogue.operations import BY_KIND
from switchboard.apps.finance.missions.plan import Facts
from switchboard.patterns import DATA, Results, Step
from switchboard.patterns import MissionPlan as Plan

CALC = "calculo"
"""Key of the math step (the composer reads its typed result)."""
CALC_VARIANT = "calculo_variante"
"""Key of the second part's math step ("…? e se fosse sem render nada?")."""
INTENT = "catalogo"
OUT_OF_CATALOGUE = "fora_do_catalogo"
STOCK_TAX = "ir_acoes"
"""The income tax on a stock sale (`stock_tax.py`): the Receita's rules, no step to run."""

_LABELS: dict[QuestionKind, str] = {
    QuestionKind.FINANCIAMENTO: "cálculo das parcelas do financiamento",
    QuestionKind.INVESTIMENTOS: "comparação das aplicações com o IR",
    QuestionKind.DIVIDAS: "cálculo das dívidas",
    QuestionKind.META: "cálculo da meta",
    QuestionKind.APOSENTADORIA: "cálculo da aposentadoria",
    QuestionKind.COMPRAR_ALUGAR: "comparação entre comprar e alugar",
    QuestionKind.RESERVA: "cálculo da reserva com as suas despesas",
    QuestionKind.DIAGNOSTICO: "análise dos seus gastos por categoria",
    QuestionKind.CONTA: "conta com os seus números",
}
_INDEX_FIELD: dict[IndexName, str] = {
    "cdi": "cdi_anual",
    "selic": "selic_anual",
    "ipca": "ipca_anual",
}
_ALWAYS_RUN = (QuestionKind.RESERVA, QuestionKind.DIAGNOSTICO)


def _calc_params(question: Question) -> Any:
    base = question.params.model_dump(mode="json", exclude_none=True)
    if not question.indices:
        return base

    def params(results: Results) -> dict[str, Any] | None:
        filled = dict(base)
        for name in question.indices:
            found = results.get(name)
            if found is None:
                return None
            filled[_INDEX_FIELD[name]] = str(Decimal(found["value"]) / 100)
        return filled

    return params


def _ledger_debt_steps(question: Question) -> list[Step]:
    """Read the recorded debts, then compute with the balance/rate they give
    (`ledger_debts.py`); the calculation is skipped when they do not say."""

    def params(results: Results) -> dict[str, Any] | None:
        filled = fill(question, results)
        return None if filled is None else filled.params.model_dump(mode="json", exclude_none=True)

    return [
        Step(LEDGER_DEBTS, DATA, "dividas", {"consulta": "dividas"}, "complementar", 1,
             "suas dívidas registradas"),
        Step(CALC, "matematica", BY_KIND[question.kind].name, params, "critica", 2,
             _LABELS[question.kind]),
    ]  # fmt: skip


def catalogue_plan(coordinator: str, question: Question, facts: Facts) -> Plan:
    steps: list[Step] = []
    computable = not question.missing or question.kind in _ALWAYS_RUN
    if not computable and fillable(question):
        return Plan(coordinator, INTENT, facts, _ledger_debt_steps(question), question=question)
    if computable:
        for name in question.indices:
            steps.append(
                Step(
                    name,
                    "pesquisa_externa",
                    "indice",
                    {"nome": name},
                    "critica",
                    1,
                    f"valor atual do {name.upper()}" if name != "selic" else "taxa Selic",
                    est_api_calls=1,
                )
            )
        operation = BY_KIND[question.kind]
        steps.append(
            Step(
                CALC,
                "matematica",
                operation.name,
                _calc_params(question),
                "critica",
                2 if question.indices else 1,
                _LABELS[question.kind],
            )
        )
        variant = question.variant
        if variant is not None and not variant.missing:
            steps.append(
                Step(
                    CALC_VARIANT,
                    "matematica",
                    BY_KIND[variant.kind].name,
                    _calc_params(variant),
                    "complementar",
                    2 if variant.indices else 1,
                    f"{_LABELS[variant.kind]} ({question.variant_label})",
                )
            )
    return Plan(coordinator, INTENT, facts, steps, question=question)


def scope_plan(coordinator: str, topic: str, facts: Facts) -> Plan:
    """No step: the question is out of the catalogue (`scope.py` writes the honest answer)."""
    return Plan(coordinator, OUT_OF_CATALOGUE, facts, [], scope=topic)


__all__ = [
    "CALC", "CALC_VARIANT", "INTENT", "OUT_OF_CATALOGUE", "STOCK_TAX", "catalogue_plan",
    "scope_plan",
]  # fmt: skip
