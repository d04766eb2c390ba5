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


async def test_timeout_on_the_system_clock_and_a_tools_own_timeout_error():
    """On the system clock the call runs under `asyncio.timeout` in the caller's task (no race
    of two tasks per call, issue 22.4): a slow tool still times out, and a `TimeoutError` the
    tool raises itself is its own failure, not reported as the registry's timeout."""
    tasks_before = len(asyncio.all_tasks())
    seen_tasks: list[int] = []

    @tool(timeout=0.05)
    async def lenta() -> str:
        await asyncio.sleep(10)
        return "nunca"

    @tool(timeout=5)
    async def rapida() -> str:
        seen_tasks.append(len(asyncio.all_tasks()))
        return "ok"

    @tool(timeout=5)
    async def propria() -> str:
        raise TimeoutError("o serviço externo não respondeu")

    registry = ToolRegistry([lenta, rapida, propria])
    slow = await asyncio.wait_for(registry.execute("lenta", "{}", CTX), 5)
    assert not slow.ok and "tempo esgotado após 0.05s" in slow.output
    assert (await registry.execute("rapida", "{}", CTX)).ok
    assert seen_tasks == [tasks_before]  # the tool ran in the caller's task
    own = await registry.execute("propria", "{}", CTX)
    assert not own.ok and "tempo esgotado" not in own.output
    assert "o serviço externo não respondeu" in own.output


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


async def test_a_cached_tool_that_reads_its_context_never_answers_one_user_with_anothers_data():
    """Issue 22: the cache keyed on (tool, arguments) only, so a user-scoped cached tool
    returned the first caller's data to everyone who asked the same thing within the TTL."""
    clock = ManualClock()

    @tool(cache_ttl=300)
    def meu_saldo(conta: str, context: ToolContext) -> dict[str, str]:
        return {"dono": context.user_id, "conta": conta}

    registry = ToolRegistry([meu_saldo], clock=clock)
    alice = ToolContext(session_id="s", user_id="alice", agent="a")
    bob = ToolContext(session_id="s", user_id="bob", agent="a")
    first = await registry.execute("meu_saldo", {"conta": "corrente"}, alice)
    other = await registry.execute("meu_saldo", {"conta": "corrente"}, bob)
    again = await registry.execute("meu_saldo", {"conta": "corrente"}, alice)
    assert json.loads(first.output)["dono"] == "alice"
    assert not other.cached and json.loads(other.output)["dono"] == "bob"
    assert again.cached and json.loads(again.output)["dono"] == "alice"
    in_a_job = ToolContext(session_id="s", user_id="alice", agent="a", extras={"workdir": "/j2"})
    assert not (await registry.execute("meu_saldo", {"conta": "corrente"}, in_a_job)).cached


async def test_a_tool_that_ignores_its_context_shares_its_cache_across_users():
    calls = []

    @tool(cache_ttl=300)
    def cotacao(ticker: str) -> dict[str, str]:
        calls.append(ticker)
        return {"ticker": ticker}

    registry = ToolRegistry([cotacao], clock=ManualClock())
    for user in ("alice", "bob"):
        await registry.execute("cotacao", {"ticker": "PETR4"}, ToolContext("s", user, "a"))
    assert calls == ["PETR4"]


async def test_the_cache_stays_bounded(monkeypatch):
    from switchboard.tools import registry as registry_module

    monkeypatch.setattr(registry_module, "CACHE_LIMIT", 3)

    @tool(cache_ttl=300)
    def eco(texto: str) -> str:
        return texto

    registry = ToolRegistry([eco], clock=ManualClock())
    context = ToolContext("s", "u", "a")
    for word in ("a", "b", "c", "d", "e"):
        await registry.execute("eco", {"texto": word}, context)
    assert len(registry._cache) == 3
    assert (await registry.execute("eco", {"texto": "e"}, context)).cached
    assert not (await registry.execute("eco", {"texto": "a"}, context)).cached


async def test_an_object_argument_sent_as_a_json_string_is_decoded():
    """Hosted coordinators sent `params` as a JSON string; that is a double encoding, repaired
    once — anything still invalid goes back to the model as before."""

    @tool
    def chamar(agente: str, params: dict[str, int]) -> dict[str, int]:
        return params

    registry = ToolRegistry([chamar])
    context = ToolContext("s", "u", "a")
    ok = await registry.execute("chamar", {"agente": "x", "params": '{"n": 3}'}, context)
    assert ok.ok and json.loads(ok.output) == {"n": 3}
    raw = json.dumps({"agente": "x", "params": '{"n": 3}'})
    assert (await registry.execute("chamar", raw, context)).ok
    bad = await registry.execute("chamar", {"agente": "x", "params": '{"n": "três"}'}, context)
    assert not bad.ok and "params.n" in bad.output
    not_json = await registry.execute("chamar", {"agente": "x", "params": "{n: 3"}, context)
    assert not not_json.ok
