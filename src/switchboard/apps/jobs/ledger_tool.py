"""`ledger_query`: the read-only tool a hosted `relatorios` job reads the user's finance ledger
with (issue 21: the persona was asked for reports over a ledger it could not read).

The owner is always `ToolContext.user_id` (filled from authentication by the engine), never an
argument: a model cannot ask for another user's rows. Rows come through the same reader the
offline report uses (`SpendingSource.flows`, over the finance app's `LEDGER` repository), so
both see the same entries and card purchases. Arguments are validated by `LedgerQueryArgs`;
a bad date, an end before the start or a period over `MAX_DAYS` is a typed pydantic error the
registry turns into a pt-BR `ERRO: …` tool result the model can correct.

The output is the JSON a report is built from: the rows (`valor` as a decimal string, like
`lancamentos.csv`) and totals by category in integer cents per kind (like `totais.json`),
computed over every matching row even when the listed rows are cut at `limit`.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator
from pydantic_core import PydanticCustomError

from switchboard import ConfigurationError, Tool, ToolContext
from switchboard.apps.finance import TAXONOMY, Kind, fold
from switchboard.apps.jobs import report
from switchboard.apps.jobs.spending import ReportSpec, SpendingSource

NAME = "ledger_query"
MAX_DAYS = 366
"""The longest period one call reads (a year, leap day included)."""
MAX_LIMIT = 500
KIND_ALIASES: dict[str, Kind] = {
    "despesa": "despesa",
    "despesas": "despesa",
    "gasto": "despesa",
    "gastos": "despesa",
    "expense": "despesa",
    "expenses": "despesa",
    "receita": "receita",
    "receitas": "receita",
    "income": "receita",
}
KindName = Literal["despesa", "receita"]
NO_LEDGER = "o livro-caixa de finanças não está disponível neste servidor"


def _expenses_only() -> list[KindName]:
    return ["despesa"]


class LedgerQueryArgs(BaseModel):
    """What the model may ask: a period, optionally categories and kinds, and a row limit."""

    model_config = ConfigDict(extra="forbid")

    start: str = Field(description="Primeiro dia do período, ISO (AAAA-MM-DD).")
    end: str = Field(description="Último dia do período (inclusive), ISO (AAAA-MM-DD).")
    categories: list[str] = Field(
        default_factory=list,
        description='Categorias ("Alimentação") ou categoria/subcategoria '
        '("Alimentação/Restaurante"); vazio: todas. Categorias: ' + ", ".join(TAXONOMY) + ".",
    )
    kinds: list[KindName] = Field(
        default_factory=_expenses_only,
        description='Tipos de lançamento: "despesa" e/ou "receita" (padrão: despesa).',
    )
    limit: int = Field(default=200, ge=1, le=MAX_LIMIT, description="Máximo de lançamentos.")

    @field_validator("start", "end")
    @classmethod
    def _iso_date(cls, value: str) -> str:
        try:
            return date.fromisoformat(value.strip()).isoformat()
        except ValueError:
            raise PydanticCustomError(
                "data_invalida",
                "data inválida: '{value}' (use AAAA-MM-DD, por exemplo 2026-10-31)",
                {"value": value},
            ) from None

    @field_validator("kinds", mode="before")
    @classmethod
    def _kind_aliases(cls, value: Any) -> Any:
        if isinstance(value, str):
            value = [value]
        if isinstance(value, list):
            return [KIND_ALIASES.get(str(v).strip().lower(), v) for v in value]
        return value

    @field_validator("categories")
    @classmethod
    def _clean_categories(cls, value: list[str]) -> list[str]:
        return [c.strip() for c in value if c.strip()]

    @model_validator(mode="after")
    def _period(self) -> LedgerQueryArgs:
        start, end = date.fromisoformat(self.start), date.fromisoformat(self.end)
        if end < start:
            raise PydanticCustomError(
                "periodo_invertido",
                "o fim do período ({end}) é anterior ao início ({start})",
                {"start": self.start, "end": self.end},
            )
        days = (end - start).days + 1
        if days > MAX_DAYS:
            raise PydanticCustomError(
                "periodo_longo_demais",
                "período longo demais: {days} dias (no máximo {max} por consulta; divida-o)",
                {"days": days, "max": MAX_DAYS},
            )
        return self

    def spec(self) -> ReportSpec:
        scopes: list[tuple[str, str | None]] = []
        for name in self.categories:
            categoria, _, sub = name.partition("/")
            scopes.append(canonical(categoria.strip(), sub.strip() or None))
        return ReportSpec(
            date.fromisoformat(self.start), date.fromisoformat(self.end), tuple(scopes)
        )


def canonical(categoria: str, subcategoria: str | None) -> tuple[str, str | None]:
    """The finance taxonomy's spelling of a category the model may have written without
    accents or capitals ("alimentacao/restaurante" → ("Alimentação", "Restaurante")); a name
    outside the taxonomy is kept as written (the ledger matches it exactly)."""
    for name, subs in TAXONOMY.items():
        if fold(name) == fold(categoria):
            if subcategoria is not None:
                subcategoria = next(
                    (s for s in subs if fold(s) == fold(subcategoria)), subcategoria
                )
            return name, subcategoria
    return categoria, subcategoria


def ledger_tool(source: SpendingSource | None) -> Tool:
    """`ledger_query` over `source` (None: every call answers that there is no ledger)."""

    async def ledger_query(context: ToolContext, **arguments: Any) -> dict[str, Any]:
        """Consulta (somente leitura) os lançamentos do SEU livro-caixa de finanças num período:
        devolve os lançamentos e os totais por categoria em centavos, por tipo."""
        if source is None:
            raise ConfigurationError(NO_LEDGER)
        args = LedgerQueryArgs.model_validate(arguments)
        kinds: tuple[Kind, ...] = tuple(dict.fromkeys(args.kinds)) or ("despesa",)
        flows = await source.flows(context.user_id, args.spec(), kinds)
        totals = {kind: report.totals([f.entry for f in flows if f.kind == kind]) for kind in kinds}
        rows = [
            {
                "data": f.entry.day.isoformat(),
                "descricao": f.entry.description,
                "categoria": f.entry.category,
                "tipo": f.kind,
                "valor": f"{Decimal(f.entry.cents) / 100:.2f}",
            }
            for f in flows[: args.limit]
        ]
        return {
            "periodo": {"inicio": args.start, "fim": args.end},
            "categorias": args.categories or "todas",
            "lancamentos": rows,
            "quantidade": len(flows),
            "truncado": len(flows) > args.limit,
            "totais_centavos": totals,
        }

    return Tool(
        ledger_query,
        name=NAME,
        arguments=LedgerQueryArgs,
        status="Consultando seu livro-caixa...",
    )


__all__ = ["MAX_DAYS", "MAX_LIMIT", "NAME", "LedgerQueryArgs", "ledger_tool"]
