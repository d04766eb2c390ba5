"""A mission's model tokens reach the chat turn: the orchestrator's and the synthesis' calls
(tallied in the turn's process), the lead coordinator's (carried back in its reply, split by
direction) and other agents' (accounted by the bus as totals), with scripted models reporting
usage."""

from __future__ import annotations

from switchboard.apps.finance.market import offline_market
from switchboard.apps.finance.missions import (
    InMemoryDataAccess,
    MissionModels,
    MissionSettings,
    finance_contracts,
    register_finance_agents,
    run_mission,
)
from switchboard.apps.finance.missions.executors import MathExecutor
from switchboard.apps.finance.triage.analysis import analyse
from switchboard.bus import MessageBus, Reply, RequestContext
from switchboard.core.clock import ManualClock
from switchboard.core.events import UsageEvent
from switchboard.core.messages import Usage, UsageTally
from switchboard.models.base import Model, ModelRequest, ModelResponse
from switchboard.models.scripted import ScriptedModel, call, calls
from switchboard.patterns.missions.usage import LEAD_USAGE, lead_usage, mission_usage
from switchboard.sessions.progress import Progress

from ..app_helpers import make_app
from .conftest import System, drive, spec_users
from .test_flows_offline import FLOW4
from .test_flows_scripted import GOOD_ANSWER, agent, answer_json, consolidation

EXECUTOR_TOKENS = 120


class Tally(Model):
    """Passes calls to `inner` and keeps what each response reported, per agent."""

    def __init__(self, inner: Model) -> None:
        self.inner = inner
        self.model_id = inner.model_id
        self.by_agent: dict[str, UsageTally] = {}

    async def complete(self, request: ModelRequest) -> ModelResponse:
        response = await self.inner.complete(request)
        self.by_agent.setdefault(request.agent or "", UsageTally()).add(response.usage)
        return response

    def of(self, *agents: str) -> UsageTally:
        total = UsageTally()
        for name in agents:
            total.add(self.by_agent.get(name, UsageTally()))
        return total


def scripts(*, extra: bool) -> dict[str, list[object]]:
    wave = [
        agent("pesquisa_externa", "cotacao", {"ticker": "PETR4"}),
        agent("pesquisa_externa", "dados_fundamentalistas", {"ticker": "PETR4"}),
        ("dados_internos", {"consulta": "investimentos"}),
    ]
    if extra:  # served by an executor that runs a model of its own (see the test)
        wave.append(
            agent(
                "matematica",
                "juros_compostos",
                {"valor_inicial": "1000.00", "meses": 12, "taxa_mensal": "0.01"},
            )
        )
    return {
        "investimentos": [
            calls(*wave),
            call("orcamento_restante"),
            "isto não é JSON",  # repaired: the repair call counts too
            consolidation("PETR4 tem P/L 4,2; um aporte de R$ 5.000 leva ações a 23,81%."),
        ],
        "resposta_final": [
            answer_json("O agente viu P/L de 4,2 e ações a 23,81%: vale a pena, com calma."),
            answer_json(GOOD_ANSWER),
        ],
        "orquestrador": ['{"complexidade": "profunda"}'],
    }


async def test_every_model_call_of_the_mission_is_in_its_usage(clock: ManualClock) -> None:
    model = Tally(ScriptedModel(scripts(extra=True)))
    models = MissionModels(coordinator=model, synthesis=model, orchestrator=model)
    market = offline_market(clock)
    bus = MessageBus(clock=clock)
    data = InMemoryDataAccess(spec_users())
    await register_finance_agents(
        bus,
        data_access=data,
        research=market.research,
        clock=clock,
        models=models,
        serve=tuple(c.name for c in finance_contracts() if c.name != "matematica"),
    )
    math = MathExecutor(data)

    async def with_a_model(ctx: RequestContext) -> Reply:  # an executor with its own model
        reply = await math(ctx)
        reply.tokens = EXECUTOR_TOKENS
        return reply

    await bus.register(next(c for c in finance_contracts() if c.name == "matematica"), with_a_model)
    system = System(bus, clock, market, data, {}, MissionSettings())
    try:
        answer = await drive(
            clock,
            run_mission(
                analyse(FLOW4),
                user_id="ana",
                bus=system.bus,
                progress=Progress(),
                clock=clock,
                models=models,
                data_access=system.data,
            ),
        )
    finally:
        await system.bus.close()
        await system.market.aclose()
    assert answer.resposta_ao_usuario == GOOD_ANSWER
    lead = model.of("investimentos")
    own = model.of("orquestrador", "resposta_final")
    assert (lead.calls, own.calls) == (4, 3)  # 3 tool turns + 1 repair; 1 + 2 (regenerated)
    assert answer.usage == Usage(
        input_tokens=own.input_tokens + lead.input_tokens + EXECUTOR_TOKENS,
        output_tokens=own.output_tokens + lead.output_tokens,
        calls=7,
    )
    # the bus accounted the lead's tokens as they were spent (the repair too) and the executor's
    assert answer.orcamento is not None
    assert answer.orcamento.consumo_atual.tokens == (
        lead.input_tokens + lead.output_tokens + EXECUTOR_TOKENS
    )
    assert answer.consolidacao.recursos_consumidos.tokens_usados > 0


async def test_the_turn_usage_event_includes_the_mission() -> None:
    script = scripts(extra=False)
    del script["orquestrador"]  # the app's orchestrator classifies by rules
    model = Tally(ScriptedModel(script))
    app = make_app(hosted=True, model=model, demo_user="ana")
    await app.start()
    try:
        events = [e async for e in app.stream("u1", FLOW4, user_id="ana")]
    finally:
        await app.shutdown()
    assert model.by_agent.keys() == {"investimentos", "resposta_final"}  # Junior: rules
    total = model.of("investimentos", "resposta_final")
    (usage,) = [e for e in events if isinstance(e, UsageEvent)]
    assert (usage.input_tokens, usage.output_tokens, usage.calls) == (
        total.input_tokens,
        total.output_tokens,
        total.calls,
    )
    assert usage.calls == 6 and usage.input_tokens > 0 and usage.output_tokens > 0
    assert events[-2] is usage and events[-1].text == GOOD_ANSWER  # type: ignore[union-attr]


async def test_the_whole_answer_reports_it_too() -> None:
    """`reply()` (and the OpenAI-compatible `usage` built from it) reads the same tally."""
    script = scripts(extra=False)
    del script["orquestrador"]
    model = Tally(ScriptedModel(script))
    app = make_app(hosted=True, model=model, demo_user="ana")
    await app.start()
    try:
        reply = await app.reply("u2", FLOW4, user_id="ana")
    finally:
        await app.shutdown()
    total = model.of("investimentos", "resposta_final")
    assert reply.usage == total.to_usage() and reply.usage.calls == 6


def test_lead_usage_and_the_bus_total() -> None:
    assert lead_usage(None) == Usage()
    assert lead_usage({LEAD_USAGE: "muito"}) == Usage()
    assert lead_usage({LEAD_USAGE: {"input_tokens": -1}}) == Usage()
    lead = lead_usage({LEAD_USAGE: {"input_tokens": 300, "output_tokens": 40, "calls": 2}})
    own = UsageTally(input_tokens=10, output_tokens=5, calls=1)
    # the bus saw the lead's 340 and 60 more from other agents (totals only: input)
    assert mission_usage(own, lead, 400) == Usage(input_tokens=370, output_tokens=45, calls=3)
    # a lead that never answered: all the bus accounted, as input
    assert mission_usage(own, Usage(), 250) == Usage(input_tokens=260, output_tokens=5, calls=1)
    # never less than the lead's own report
    assert mission_usage(UsageTally(), lead, 0) == lead
