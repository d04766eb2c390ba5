"""`ledger_query` (issue 21): the hosted `relatorios` persona reads its user's finance ledger —
only the caller's rows (the owner is the authenticated user, never an argument), the period,
categories and kinds asked for, typed pt-BR errors for malformed arguments — and the tool is
offered only to the personas that list it."""

from __future__ import annotations

import json
from datetime import date
from decimal import Decimal
from typing import Any

import pytest
from pydantic import ValidationError

from switchboard.apps.finance.ledger import LEDGER, CardPurchase, Entry, LedgerBatch
from switchboard.apps.jobs.ledger_tool import MAX_DAYS, LedgerQueryArgs, ledger_tool
from switchboard.apps.jobs.runtime import jobs_setup
from switchboard.apps.jobs.spending import LedgerSpending
from switchboard.store.in_memory import InMemoryStore
from switchboard.tools.registry import ToolRegistry
from switchboard.tools.tool import ToolContext, ToolResult

ROWS = [
    # (day in October 2026, kind, amount, categoria, subcategoria, description)
    (3, "despesa", "45.90", "Alimentação", "Supermercado", "Mercado"),
    (5, "receita", "5000.00", "Receitas", "Salário", "Salário"),
    (10, "despesa", "32.50", "Transporte", "App", "Corrida"),
    (12, "despesa", "78.40", "Alimentação", "Restaurante", "Almoço"),
    (28, "despesa", "120.00", "Lazer", "Bares", "Aniversário"),
]
"""Each user's October; plus a card purchase (Compras, R$ 199,90 on the 15th) and one
September expense outside the period."""


def batch(user_id: str, scale: int) -> LedgerBatch:
    entries = [
        Entry(
            id=f"{user_id}-e{n}",
            user_id=user_id,
            kind=kind,  # type: ignore[arg-type]
            amount=Decimal(amount) * scale,
            day=date(2026, 10, day),
            categoria=categoria,
            subcategoria=sub,
            description=description,
        )
        for n, (day, kind, amount, categoria, sub, description) in enumerate(ROWS)
    ]
    entries.append(
        Entry(
            id=f"{user_id}-sep",
            user_id=user_id,
            kind="despesa",
            amount=Decimal("999.00"),
            day=date(2026, 9, 30),
            categoria="Alimentação",
            description="Setembro",
        )
    )
    purchase = CardPurchase(
        id=f"{user_id}-p1",
        user_id=user_id,
        amount=Decimal("199.90") * scale,
        day=date(2026, 10, 15),
        categoria="Compras",
        subcategoria="Roupas",
        description="Loja de roupas",
    )
    return LedgerBatch(entries=entries, purchases=[purchase])


@pytest.fixture
async def registry() -> ToolRegistry:
    store = InMemoryStore()
    for user, scale in (("ana", 1), ("bob", 10)):
        await store.repository(LEDGER).record(user, f"seed-{user}", batch(user, scale))
    return ToolRegistry([ledger_tool(LedgerSpending(store))])


def ctx(user_id: str) -> ToolContext:
    return ToolContext(session_id="job-1", user_id=user_id, agent="relatorios")


async def query(registry: ToolRegistry, user_id: str, **arguments: Any) -> ToolResult:
    return await registry.execute("ledger_query", arguments, ctx(user_id))


def data(result: ToolResult) -> dict[str, Any]:
    assert result.ok, result.output
    value: dict[str, Any] = json.loads(result.output)
    return value


OCTOBER = {"start": "2026-10-01", "end": "2026-10-31"}


async def test_only_the_callers_rows_and_their_totals(registry: ToolRegistry) -> None:
    ana = data(await query(registry, "ana", **OCTOBER))
    assert ana["totais_centavos"] == {
        "despesa": {
            "Alimentação": 4590 + 7840,
            "Compras": 19990,
            "Lazer": 12000,
            "Transporte": 3250,
            "total": 47670,
        }
    }
    assert [r["data"] for r in ana["lancamentos"]] == [
        "2026-10-03",
        "2026-10-10",
        "2026-10-12",
        "2026-10-15",
        "2026-10-28",
    ]
    assert {r["tipo"] for r in ana["lancamentos"]} == {"despesa"}
    assert ana["quantidade"] == 5 and ana["truncado"] is False
    bob = data(await query(registry, "bob", **OCTOBER))
    assert bob["totais_centavos"]["despesa"]["total"] == 476700  # his own (10x), never ana's
    # the owner cannot be passed as an argument
    smuggled = await registry.execute("ledger_query", {**OCTOBER, "user_id": "bob"}, ctx("ana"))
    assert not smuggled.ok and "user_id" in smuggled.output


async def test_period_categories_kinds_and_limit_are_honoured(registry: ToolRegistry) -> None:
    first_half = data(await query(registry, "ana", start="2026-10-01", end="2026-10-12"))
    assert first_half["totais_centavos"]["despesa"]["total"] == 4590 + 3250 + 7840
    food = data(await query(registry, "ana", **OCTOBER, categories=["Alimentação"]))
    assert [r["descricao"] for r in food["lancamentos"]] == ["Mercado", "Almoço"]
    assert food["totais_centavos"]["despesa"] == {"Alimentação": 12430, "total": 12430}
    restaurant = data(
        await query(registry, "ana", **OCTOBER, categories=["Alimentação/Restaurante"])
    )
    assert [r["valor"] for r in restaurant["lancamentos"]] == ["78.40"]
    unaccented = await query(registry, "ana", **OCTOBER, categories=["alimentacao/RESTAURANTE"])
    assert data(unaccented)["lancamentos"] == restaurant["lancamentos"]
    income = data(await query(registry, "ana", **OCTOBER, kinds=["income"]))
    assert income["totais_centavos"] == {"receita": {"Receitas": 500000, "total": 500000}}
    both = data(await query(registry, "ana", **OCTOBER, kinds=["despesa", "receita"], limit=2))
    assert both["quantidade"] == 6 and both["truncado"] is True and len(both["lancamentos"]) == 2
    # totals cover every matching row, not only the listed ones
    assert both["totais_centavos"]["despesa"]["total"] == 47670
    assert both["totais_centavos"]["receita"]["total"] == 500000


@pytest.mark.parametrize(
    ("arguments", "error_type", "text"),
    [
        ({"start": "2026-10-32", "end": "2026-10-31"}, "data_invalida", "data inválida"),
        ({"start": "01/10/2026", "end": "2026-10-31"}, "data_invalida", "use AAAA-MM-DD"),
        ({"start": "2026-10-31", "end": "2026-10-01"}, "periodo_invertido", "é anterior ao"),
        ({"start": "2025-01-01", "end": "2026-10-31"}, "periodo_longo_demais", "longo demais"),
    ],
)
async def test_malformed_arguments_are_typed_pt_br_errors(
    registry: ToolRegistry, arguments: dict[str, str], error_type: str, text: str
) -> None:
    with pytest.raises(ValidationError) as raised:
        LedgerQueryArgs.model_validate(arguments)
    assert [e["type"] for e in raised.value.errors()] == [error_type]
    result = await query(registry, "ana", **arguments)
    assert not result.ok
    assert result.output.startswith("ERRO: argumentos inválidos") and text in result.output
    assert "corrija os argumentos" in result.output


async def test_a_full_year_is_the_longest_period(registry: ToolRegistry) -> None:
    assert MAX_DAYS == 366
    year = data(await query(registry, "ana", start="2026-01-01", end="2026-12-31", limit=500))
    assert year["quantidade"] == 6  # September's expense is in the year


async def test_without_a_ledger_the_tool_says_so_in_pt_br() -> None:
    result = await ToolRegistry([ledger_tool(None)]).execute("ledger_query", OCTOBER, ctx("ana"))
    assert not result.ok and "livro-caixa de finanças não está disponível" in result.output


def test_only_the_relatorios_persona_is_offered_the_tool(tmp_path: Any) -> None:
    setup = jobs_setup(str(tmp_path / "work"), model="embedded")
    offered = {
        name: [tool for tool in persona.tools if tool in setup.registry]
        for name, persona in setup.personas.items()
    }
    assert "ledger_query" in offered["relatorios"]
    assert [name for name, tools in offered.items() if "ledger_query" in tools] == ["relatorios"]
    assert "ledger_query" in setup.personas["relatorios"].agent_spec().instructions
    assert "ledger_query" not in setup.personas["dev"].agent_spec().instructions
