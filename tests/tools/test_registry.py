from __future__ import annotations

import asyncio
import json

from switchboard.core.clock import ManualClock
from switchboard.tools import ToolContext, ToolRegistry, tool

CTX = ToolContext(session_id="s", user_id="u", agent="a")


def test_schema_from_type_hints_hides_the_context_parameter():
    @tool
    def consultar(pedido: int, detalhado: bool = False, context: ToolContext | None = None) -> str:
        """Consulta um pedido."""
        return ""

    @tool
    def perfil(context: ToolContext, campos: list[str]) -> str:
        """Lê o perfil do usuário autenticado."""
        return context.user_id

    assert perfil.parameters == {
        "type": "object",
        "additionalProperties": False,
        "required": ["campos"],
        "properties": {"campos": {"type": "array", "items": {"type": "string"}}},
    }
    assert perfil.description == "Lê o perfil do usuário autenticado."
    assert consultar.parameters["required"] == ["pedido"]


async def test_user_id_comes_from_context_and_cannot_be_passed_by_the_model():
    @tool
    def perfil(context: ToolContext) -> str:
        return context.user_id

    registry = ToolRegistry([perfil])
    ok = await registry.execute("perfil", "{}", CTX)
    assert (ok.ok, ok.output) == (True, "u")
    forged = await registry.execute("perfil", '{"user_id": "outro"}', CTX)
    assert not forged.ok and "user_id" in forged.output


async def test_malformed_and_invalid_arguments_go_back_as_results():
    @tool
    def dobro(n: int) -> int:
        return 2 * n

    registry = ToolRegistry([dobro])
    assert (await registry.execute("dobro", '{"n": 21}', CTX)).output == "42"
    bad_json = await registry.execute("dobro", '{"n": ', CTX)
    assert not bad_json.ok and "JSON válido" in bad_json.output
    wrong_type = await registry.execute("dobro", '{"n": "muitos"}', CTX)
    assert not wrong_type.ok and "n:" in wrong_type.output
    unknown = await registry.execute("triplo", "{}", CTX)
    assert not unknown.ok and "não existe" in unknown.output and "dobro" in unknown.output


async def test_exceptions_become_error_results():
    @tool
    def quebra() -> str:
        raise RuntimeError("banco fora do ar")

    result = await ToolRegistry([quebra]).execute("quebra", "{}", CTX)
    assert not result.ok and "banco fora do ar" in result.output


async def test_timeout_uses_the_injected_clock():
    clock = ManualClock()
    started = asyncio.Event()

    @tool(timeout=5)
    async def lenta() -> str:
        started.set()
        await asyncio.Event().wait()
        return "nunca"

    registry = ToolRegistry([lenta], clock=clock)
    task = asyncio.create_task(registry.execute("lenta", "{}", CTX))
    await started.wait()
    await clock.advance(4.9)
    assert not task.done()
    await clock.advance(0.2)
    result = await task
    assert not result.ok and "tempo esgotado após 5s" in result.output


async def test_cache_with_ttl():
    clock = ManualClock()
    calls = []

    @tool(cache_ttl=60)
    def cotacao(moeda: str) -> dict:
        calls.append(moeda)
        return {"moeda": moeda, "valor": len(calls)}

    registry = ToolRegistry([cotacao], clock=clock)
    first = await registry.execute("cotacao", {"moeda": "USD"}, CTX)
    second = await registry.execute("cotacao", '{"moeda": "USD"}', CTX)
    assert second.cached and second.output == first.output
    await clock.advance(61)
    third = await registry.execute("cotacao", {"moeda": "USD"}, CTX)
    assert not third.cached and json.loads(third.output)["valor"] == 2


async def test_ordered_fallbacks():
    @tool(fallbacks=["secundaria", "terciaria"])
    def primaria(q: str) -> str:
        raise ConnectionError("fora")

    @tool
    def secundaria(q: str) -> str:
        raise TimeoutError("também fora")

    @tool
    def terciaria(q: str) -> str:
        return f"terciária: {q}"

    registry = ToolRegistry([primaria, secundaria, terciaria])
    result = await registry.execute("primaria", {"q": "x"}, CTX)
    assert result.ok and result.output == "terciária: x" and result.via_fallback == "terciaria"

    @tool(fallbacks=["secundaria"])
    def sozinha(q: str) -> str:
        raise ConnectionError("fora")

    registry.register(sozinha)
    failed = await registry.execute("sozinha", {"q": "x"}, CTX)
    assert not failed.ok and "ConnectionError: fora" in failed.output
