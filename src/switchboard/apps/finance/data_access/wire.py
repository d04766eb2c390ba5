"""The §3.2 queries as the missions exchange them (a `DATA` step, the `simplista` executor).

A query's answer travels as JSON (over the bus, or as a step's data in process); these models
are its one shape, so the writer (`missions/executors.py::query_data`) and the readers (the
composers) agree by type instead of by string keys. Money dumps as a decimal string
(`model_dump(mode="json")`), and reads back as `Decimal`.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict

_Model = TypeVar("_Model", bound="LedgerData")


class LedgerData(BaseModel):
    """Base of the query answers: frozen, and read back from a step's data."""

    model_config = ConfigDict(frozen=True)

    @classmethod
    def of(cls: type[_Model], data: Any) -> _Model:
        """The typed answer in a step's data (the JSON dict, or the model itself)."""
        if isinstance(data, cls):
            return data
        return cls.model_validate(data)


class FluxoMensal(LedgerData):
    """`fluxo_mensal`: average monthly income, expenses and surplus over `meses` months."""

    meses: int
    renda_media: Decimal
    gastos_medios: Decimal
    sobra_media: Decimal
    mes_corrente: bool = False
    """The closed months held nothing: the figures are this month's so far, not averages."""


class Saldo(LedgerData):
    """`saldo`: cash and savings available (accounts + reserve)."""

    saldo: Decimal


class Patrimonio(LedgerData):
    """`patrimonio`: assets, liabilities and net worth."""

    ativos: Decimal
    passivos: Decimal
    patrimonio_liquido: Decimal


class Posicao(LedgerData):
    """One holding (the field names of `Holding`)."""

    asset: str
    asset_class: str
    value: Decimal


class Investimentos(LedgerData):
    """`investimentos`: the holdings and their total."""

    total: Decimal
    posicoes: list[Posicao]


class Divida(LedgerData):
    """One debt (the field names of `Debt`; `monthly_rate` 0 means unknown)."""

    name: str
    balance: Decimal
    monthly_rate: Decimal
    instalment: Decimal


class Dividas(LedgerData):
    """`dividas`: the open debts and their total balance."""

    total: Decimal
    dividas: list[Divida]


class GastosPorCategoria(LedgerData):
    """`gastos_por_categoria`: average monthly spending."""

    gasto_medio_mensal: Decimal


class Perfil(LedgerData):
    """`perfil`: the user's investor profile (the field names of `UserProfile`)."""

    risk_profile: Literal["conservador", "moderado", "arrojado"] | None = None
    age: int | None = None
    goals: list[str] = []


__all__ = [
    "Divida",
    "Dividas",
    "FluxoMensal",
    "GastosPorCategoria",
    "Investimentos",
    "LedgerData",
    "Patrimonio",
    "Perfil",
    "Posicao",
    "Saldo",
]
