"""The math executors' replies, typed: one `TypedDict` per operation the offline composer reads.

They travel the bus as JSON objects checked against the contracts' response schemas
(`contracts.py`), so a reply stays a plain dict on the wire; these types let mypy check both
ends — the executor that writes the dict (`executors.MathExecutor`) and the composer that reads
it (`compose.py`, through `reply_as`) — without a pydantic pass per reply on the mission's path.
Money, rates and shares are decimal strings, as the schemas say.
"""

from __future__ import annotations

from typing import Any, TypedDict, TypeVar, cast


class FinancingReply(TypedDict):
    """`financiamento`: a PRICE or SAC table's summary."""

    sistema: str
    principal: str
    taxa_mensal: str
    meses: int
    primeira_parcela: str
    ultima_parcela: str
    total_pago: str
    total_juros: str


class CompoundReply(TypedDict):
    """`juros_compostos`: a sum (and monthly deposits) grown at a monthly rate."""

    saldo_final: str
    total_aportado: str
    juros: str
    taxa_mensal: str


class RetirementReply(TypedDict):
    """`aposentadoria`: the capital a passive income needs and when it is reached."""

    capital_necessario: str
    meses_para_atingir: int | None
    atingivel: bool


class AllocationReply(TypedDict):
    """`simular_alocacao`: the portfolio's shares before and after a contribution."""

    ativo: str
    classe: str | None
    total_antes: str
    total_depois: str
    participacao_ativo_antes: str
    participacao_ativo_depois: str
    participacao_classe_antes: str
    participacao_classe_depois: str
    advertencias: list[str]


class ComparisonReply(TypedDict):
    """`comparar_financiar_poupar`: financing now against saving first."""

    melhor: str
    parcela: str
    financiado: str
    total_pago_financiando: str
    juros_financiamento: str
    cabe_no_orcamento: bool
    uso_da_sobra_pct: str | None
    meses_para_comprar: int
    juros_ganhos_poupando: str
    diferenca_patrimonio: str
    diferenca_custo: str
    capacidade_mensal: str
    taxa_investimento_anual: str
    taxa_emprestimo_mensal: str


R = TypeVar("R")


def reply_as(kind: type[R], data: Any) -> R:
    """`data` read as the reply type `kind` (no runtime check: the bus validated it against the
    operation's response schema before the composer sees it)."""
    del kind
    return cast(R, data)


__all__ = [
    "AllocationReply",
    "ComparisonReply",
    "CompoundReply",
    "FinancingReply",
    "RetirementReply",
    "reply_as",
]
