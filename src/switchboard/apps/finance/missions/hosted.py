"""A coordinator driven by a hosted model (spec 001 §5), on the platform's agent runtime.

The model runs in an `AgentRun` (the loop every agent of the platform runs in) with a
`ToolRegistry` of typed tools (`hosted_tools.py`): each tool call is validated and repaired like
any tool's, runs under the engine's self-regulation and goes over the bus; the calls of one model
response run concurrently (one wave). The model ends by calling the control tool `consolidar`
(its arguments are the §5 Seção 7 consolidation, validated; invalid ones come back as a tool
error to fix). A model that answers with text instead is read as the consolidation JSON, with
repairs (`consolidation_repairs`, constrained to the schema); if it is still invalid, the
offline composer consolidates what the model gathered — a model's raw text never goes on.

The prompt is compact and not resent in full: the system prompt is the §5 structure condensed
(`coordinator_prompt.md`); the mission brief (objective, question, recent context, budgets,
autonomy, guidance, the catalogue's reading of the question) goes in the first user message
only, and later rounds carry a one-line reminder instead (`AgentRun`'s follow-up
conversation); the tool schemas are the contracts. `HostedRun.request_chars` records what each
round sent (system + messages + tool schemas), for the benchmark.

Global timeout: the bus's `consolidate_partial` notice (or the coordinator's own clock, < 40 s
left, checked before each model call) stops the run — calls in flight are cancelled and
recorded as interrupted — and the model is asked to consolidate at once within the grace
period; past it, the offline composer consolidates. A run that reaches `MAX_TURNS` model calls
is consolidated the same way (the spec sets no cycle limit; the global timeout is the real
bound, this guards against a runaway script).

Token use is charged to the mission's budget as it happens (each model call, repairs and the
forced consolidation included), so the bus's 80/90/100% flags see the coordinator's own
reasoning; the same calls are tallied by direction in `HostedRun.usage`
(`patterns/missions/usage.py`).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from switchboard import (
    AgentSpec,
    Message,
    Model,
    ModelRequest,
    ModelResponse,
    StepLimitError,
    ToolContext,
)
from switchboard.agents import AgentKit, AgentRun, ControlTool, Signal, SignalArgumentsError
from switchboard.apps.finance.missions.catalogue.coverage import requirements
from switchboard.apps.finance.missions.catalogue.operations import BY_KIND
from switchboard.apps.finance.missions.compose import (
    Draft,
    compose,
    consolidate,
    metadata,
    resources,
)
from switchboard.apps.finance.missions.hosted_tools import (
    MISSION_KEY,
    MissionCalls,
    build_tools,
    compact_schema,
)
from switchboard.apps.finance.missions.planner import plan_for
from switchboard.bus import RequestContext
from switchboard.core import UsageTally
from switchboard.models import StreamChunk, ToolSchema
from switchboard.patterns import (
    Calculo,
    Consolidation,
    ConsolidationCore,
    DadoSuporte,
    Execution,
    ExecutionState,
    Limitacao,
    MissionPackage,
    RespostaPreEstruturada,
    user_of,
)
from switchboard.patterns import MissionPlan as Plan

if TYPE_CHECKING:
    from switchboard.patterns import CoordinatorAgent

MAX_TURNS = 24
PROMPT_TEMPLATE = (Path(__file__).parent / "coordinator_prompt.md").read_text(encoding="utf-8")
CONSOLIDATE = "consolidar"

_STRATEGY = {
    "investimentos": "investimentos: aplicações, ações, carteira",
    "planejamento": "planejamento: metas, grandes compras, financiar ou poupar, aposentadoria",
    "analise_financeira_pessoal": "análise financeira pessoal: gastos, dívidas, reserva, "
    "capacidade de compra",
}


@functools.cache
def system_prompt(name: str) -> str:
    """The coordinator's system prompt: §5's nine sections condensed (identity, autonomy,
    capabilities = the tools, protocol, reasoning, failures, consolidation = `consolidar`,
    strategy, collaboration = `consultar_coordenador`)."""
    return PROMPT_TEMPLATE.format(name=name, strategy=_STRATEGY.get(name, name)).strip()


def mission_brief(package: MissionPackage, plan: Plan) -> str:
    """The first user message: everything the mission needs once."""
    lines = [
        f"Missão {package.missao_id}. Objetivo: {package.objetivo_estrategico}",
        f"Pergunta do usuário: {package.query_original_usuario}",
    ]
    if package.resumo_contexto:
        lines.append(f"Conversa recente (para resolver referências): {package.resumo_contexto}")
    profile = {k: v for k, v in package.perfil_usuario.items() if v}
    if profile:
        lines.append(f"Perfil: {json.dumps(profile, ensure_ascii=False)}")
    question = plan.question
    if question is not None:
        op = BY_KIND[question.kind]
        params = question.params.model_dump(mode="json", exclude_none=True, exclude_defaults=True)
        lines.append(
            f"Leitura da pergunta: tipo {question.kind.value}; ferramenta {op.name} com "
            f"{json.dumps(params, ensure_ascii=False)}"
            + (f"; faltam: {'; '.join(question.missing)}" if question.missing else "")
        )
    elif plan.scope:
        lines.append("A pergunta está fora dos cálculos prontos: analise com as ferramentas.")
    lines.append(
        "Restrições: "
        + " ".join(package.instrucoes_autonomia[1:2])
        + f" Orçamento: {package.orcamento_recursos.orcamento_tokens} tokens, "
        f"{package.orcamento_recursos.orcamento_chamadas_api} chamadas externas."
    )
    if package.prompt_orquestracao_especializado:
        lines.append(f"Orientação: {package.prompt_orquestracao_especializado}")
    return "\n".join(lines)


def followup_brief(package: MissionPackage) -> str:
    """What later rounds carry instead of the brief: the question, and how to finish."""
    return (
        f"Missão {package.missao_id}: {package.query_original_usuario}\n"
        f"Continue com os resultados das ferramentas; ao terminar, chame {CONSOLIDATE}."
    )


# ---------------------------------------------------------------- the consolidation tool


class _Dado(BaseModel):
    model_config = ConfigDict(extra="forbid")
    descricao: str
    valor: str
    fonte: str = ""


class _Calculo(BaseModel):
    model_config = ConfigDict(extra="forbid")
    descricao: str
    resultado: str


class _Limitacao(BaseModel):
    model_config = ConfigDict(extra="forbid")
    tipo: Literal["timeout", "orcamento", "falha_agente", "dados_indisponiveis"]
    descricao: str
    impacto: Literal["baixo", "medio", "alto"]


class ConsolidarArgs(BaseModel):
    """The consolidation the model writes (§5 Seção 7's judgement parts, flat)."""

    model_config = ConfigDict(extra="forbid")

    status: Literal["sucesso_completo", "sucesso_parcial", "falha"]
    objetivo_alcancado: bool
    resposta_principal: str = Field(min_length=1, description="a resposta em pt-BR, com números")
    dados_suporte: list[_Dado] = Field(default_factory=list)
    calculos_realizados: list[_Calculo] = Field(default_factory=list)
    limitacoes: list[_Limitacao] = Field(default_factory=list)
    recomendacoes: list[str] = Field(default_factory=list)
    proximos_passos: list[str] = Field(default_factory=list)

    def core(self) -> ConsolidationCore:
        return ConsolidationCore(
            status=self.status,
            objetivo_alcancado=self.objetivo_alcancado,
            resposta_pre_estruturada=RespostaPreEstruturada(
                resposta_principal=self.resposta_principal,
                dados_suporte=[DadoSuporte(**d.model_dump()) for d in self.dados_suporte],
                calculos_realizados=[Calculo(**c.model_dump()) for c in self.calculos_realizados],
            ),
            limitacoes_encontradas=[
                Limitacao(tipo_limitacao=lim.tipo, descricao=lim.descricao, impacto=lim.impacto)
                for lim in self.limitacoes
            ],
            recomendacoes_adicionais=self.recomendacoes,
            proximos_passos_sugeridos=self.proximos_passos,
        )


def _consolidate_signal(arguments: dict[str, Any]) -> tuple[str, Signal]:
    for key in ("dados_suporte", "calculos_realizados", "limitacoes", "recomendacoes"):
        value = arguments.get(key)  # a list sent as a JSON string: decoded, like every tool
        if isinstance(value, str) and value.lstrip()[:1] == "[":
            with contextlib.suppress(json.JSONDecodeError):
                arguments = {**arguments, key: json.loads(value)}
    try:
        args = ConsolidarArgs.model_validate(arguments)
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e['loc']) or 'argumentos'}: {e['msg']}"
            for e in exc.errors()[:5]
        )
        raise SignalArgumentsError(f"consolidação inválida: {problems}.") from exc
    return "Consolidação recebida.", Signal(CONSOLIDATE, args.core())


CONSOLIDATE_TOOL = ControlTool(
    schema=ToolSchema(
        name=CONSOLIDATE,
        description="Encerra a missão com a consolidação final (chame uma vez, ao terminar).",
        parameters=compact_schema(ConsolidarArgs.model_json_schema()),
    ),
    handle=_consolidate_signal,
)


@functools.lru_cache(maxsize=64)
def _kit(coordinator: str, kind_operation: str | None) -> AgentKit:
    """The coordinator's kit for missions of one question kind (tools are stateless: the
    mission travels in `ToolContext.extras`), built once."""
    tools = build_tools(coordinator, kind_operation)
    spec = AgentSpec(name=coordinator, tools=tools.names(), max_steps=MAX_TURNS)
    return AgentKit.build(spec, tools, {CONSOLIDATE: CONSOLIDATE_TOOL})


# ---------------------------------------------------------------- the run


class _ConsolidateNow(Exception):
    """The global timeout (or < 40 s left): stop calling the model, consolidate."""


class _MissionModel(Model):
    """The coordinator's model as the run sees it: checks the clock before each call, charges
    the tokens to the mission as they are spent, counts the waves, measures each request."""

    def __init__(
        self, inner: Model, calls: MissionCalls, usage: UsageTally, tools_chars: int
    ) -> None:
        self.inner = inner
        self.calls = calls
        self.usage = usage
        self.model_id = inner.model_id
        self.tools_chars = tools_chars
        self.request_chars: list[int] = []

    async def complete(self, request: ModelRequest) -> ModelResponse:
        calls = self.calls
        agent = calls.agent
        left = calls.deadline - agent.clock.monotonic()
        if calls.state.consolidate_now.is_set() or left < agent.settings.consolidate_seconds_left:
            raise _ConsolidateNow
        self.request_chars.append(messages_chars(request) + self.tools_chars)
        response = await self.inner.complete(request)
        await _account(calls.ctx, self.usage, response)
        calls.execution.cycles += 1
        calls.wave = len(self.request_chars)
        return response

    async def stream(self, request: ModelRequest) -> AsyncIterator[StreamChunk]:
        raise NotImplementedError  # the run does not stream (`AgentRun(stream=False)`)
        yield  # pragma: no cover


def messages_chars(request: ModelRequest) -> int:
    """What a request's messages send, in characters (tool calls' arguments included)."""
    return sum(
        len(m.content) + sum(len(c.arguments) for c in m.tool_calls) for m in request.messages
    )


@functools.lru_cache(maxsize=64)
def tools_chars(coordinator: str, kind_operation: str | None) -> int:
    """What the kit's tool schemas send every round, in characters (computed once per kit)."""
    kit = _kit(coordinator, kind_operation)
    return sum(len(json.dumps(t.model_dump(), ensure_ascii=False)) for t in kit.schemas)


@dataclass(slots=True)
class HostedRun:
    """What a hosted coordinator's mission produced: the consolidation, the operations it ran
    (for telemetry and the timeline), its model usage (all of it already charged to the
    mission's budget) and the size of each round's request."""

    consolidation: Consolidation
    execution: Execution
    usage: UsageTally = field(default_factory=UsageTally)
    request_chars: list[int] = field(default_factory=list)


async def run_hosted(
    agent: CoordinatorAgent,
    ctx: RequestContext,
    package: MissionPackage,
    *,
    deadline: float,
    state: ExecutionState,
) -> HostedRun:
    model = agent.model
    assert model is not None
    clock = agent.clock
    query = package.query_original_usuario
    plan = plan_for(agent.name, query, package.resumo_contexto)
    execution = Execution(
        Plan(
            plan.coordinator, plan.intent, plan.facts, [], question=plan.question, scope=plan.scope
        ),
        started=clock.monotonic(),
    )
    calls = MissionCalls(
        agent=agent,
        ctx=ctx,
        execution=execution,
        state=state,
        deadline=deadline,
        total=package.restricoes_hard.timeout_global_missao,
        user_id=user_of(ctx),
        hook=agent.hooks.get(package.missao_id),
        template={(s.agent, s.operation): s for s in plan.steps},
        context={"query_original_usuario": query, "resumo_contexto": package.resumo_contexto},
    )
    usage = UsageTally()
    kind_op = BY_KIND[plan.question.kind].name if plan.question is not None else None
    counted = _MissionModel(model, calls, usage, tools_chars(agent.name, kind_op))
    brief = Message.user(mission_brief(package, plan))
    run = AgentRun(
        _kit(agent.name, kind_op),
        counted,
        [brief],
        followup_conversation=[Message.user(followup_brief(package))],
        system_prompt=system_prompt(agent.name),
        tool_context=ToolContext(
            session_id=package.missao_id,
            user_id=calls.user_id,
            agent=agent.name,
            clock=clock,
            extras={MISSION_KEY: calls},
        ),
        stream=False,
    )
    forced = await _drive(run, state)
    messages = [Message.system(system_prompt(agent.name)), brief, *run.outcome.new_messages]
    core: ConsolidationCore | None = None
    signal = run.outcome.signal
    if not forced and signal is not None and signal.name == CONSOLIDATE:
        core = signal.payload
    elif not forced and run.outcome.text.strip():
        core = await _validated(agent, ctx, usage, messages, run.outcome.text)
    else:
        execution.forced = state.consolidate_now.is_set()
        core = await _forced(agent, ctx, usage, messages)
    execution.cycles += 1
    execution.finished = clock.monotonic()
    budget = await ctx.budget()
    if core is None:  # never passed on raw: the offline composer consolidates the results
        consolidation = consolidate(execution, budget, _safe_compose(execution))
        return HostedRun(consolidation, execution, usage, counted.request_chars)
    consolidation = Consolidation(  # the core's parts are validated already: passed as they are
        status=core.status,
        objetivo_alcancado=core.objetivo_alcancado,
        resposta_pre_estruturada=core.resposta_pre_estruturada,
        limitacoes_encontradas=core.limitacoes_encontradas,
        recomendacoes_adicionais=core.recomendacoes_adicionais,
        proximos_passos_sugeridos=core.proximos_passos_sugeridos,
        metadados_execucao=metadata(execution),
        recursos_consumidos=resources(execution, budget),
        cobertura=requirements(plan.question) if plan.question is not None else None,
    )
    return HostedRun(consolidation, execution, usage, counted.request_chars)


async def _drive(run: AgentRun, state: ExecutionState) -> bool:
    """Run the agent until it ends or the mission must consolidate now; True when forced (the
    run was stopped: global timeout, < 40 s left, or the turn limit)."""
    task = asyncio.ensure_future(_consume(run))
    waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
    state.consolidate_now.add_waiter(waiter)
    try:
        await asyncio.wait({task, waiter}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        state.consolidate_now.discard_waiter(waiter)
        if not waiter.done():
            waiter.cancel()
    if not task.done():
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        return True
    exc = task.exception()
    if isinstance(exc, _ConsolidateNow | StepLimitError):
        return True
    if exc is not None:
        raise exc
    return False


async def _consume(run: AgentRun) -> None:
    async for _ in run:  # no events are built when not streaming
        pass


async def _account(ctx: RequestContext, usage: UsageTally, response: ModelResponse) -> None:
    """Tally one model call and charge its tokens to the mission's consumption now (see the
    module docstring)."""
    usage.add(response.usage)
    tokens = response.usage.input_tokens + response.usage.output_tokens
    mission_id = ctx.message.tracing.mission_id
    if tokens and mission_id:
        await ctx.bus.charge(mission_id, tokens=tokens)


async def _validated(
    agent: CoordinatorAgent,
    ctx: RequestContext,
    usage: UsageTally,
    messages: list[Message],
    text: str,
) -> ConsolidationCore | None:
    """Parse a consolidation the model wrote as text; ask for repairs while it is invalid."""
    assert agent.model is not None
    for attempt in range(agent.settings.consolidation_repairs + 1):
        core, problems = _parse(text)
        if core is not None:
            return core
        if attempt == agent.settings.consolidation_repairs:
            break
        repair = [
            *messages,
            Message.user(
                "Sua consolidação não é um JSON válido no formato pedido: "
                + "; ".join(problems[:5])
                + ". Responda somente com o JSON corrigido."
            ),
        ]
        response = await agent.model.complete(
            ModelRequest(
                repair, response_schema=ConsolidationCore.model_json_schema(), agent=agent.name
            )
        )
        await _account(ctx, usage, response)
        text = response.text
    return None


async def _forced(
    agent: CoordinatorAgent, ctx: RequestContext, usage: UsageTally, messages: list[Message]
) -> ConsolidationCore | None:
    """Global timeout (or < 40 s left): ask for the consolidation now, within the grace period
    (on the injected clock); past it, None (the offline composer consolidates)."""
    assert agent.model is not None
    ask = [
        *_closed(messages),
        Message.user(
            "Tempo esgotado: consolide AGORA com os dados já obtidos, somente o JSON da "
            "consolidação, documentando o que não foi feito."
        ),
    ]
    call = asyncio.ensure_future(
        agent.model.complete(
            ModelRequest(
                ask, response_schema=ConsolidationCore.model_json_schema(), agent=agent.name
            )
        )
    )
    grace = asyncio.ensure_future(agent.clock.sleep(agent.settings.consolidation_grace))
    await asyncio.wait({call, grace}, return_when=asyncio.FIRST_COMPLETED)
    grace.cancel()
    if not call.done():
        call.cancel()
        return None
    if call.exception() is not None:
        return None
    response = call.result()
    await _account(ctx, usage, response)
    core, _ = _parse(response.text)
    return core


def _closed(messages: list[Message]) -> list[Message]:
    """`messages` without a trailing assistant turn whose tool calls never got results (a run
    stopped mid-wave): providers refuse a tool call left unanswered."""
    out = list(messages)
    while out and out[-1].role == "assistant" and out[-1].tool_calls:
        out.pop()
    return out


def _parse(text: str) -> tuple[ConsolidationCore | None, list[str]]:
    body = text.strip()
    if body.startswith("```"):
        body = body.strip("`").split("\n", 1)[-1]
    try:
        return ConsolidationCore.model_validate_json(body), []
    except ValidationError as exc:
        return None, [
            f"{'.'.join(str(p) for p in e['loc'])}: {e['msg']}" for e in exc.errors()
        ] or ["JSON inválido"]


def _safe_compose(execution: Execution) -> Draft:
    """The offline composer over what the model gathered (its steps are keyed like the offline
    plan's, so the plan's composer reads them), and the generic draft of the descriptions as
    the fallback of the fallback."""
    try:
        draft = compose(execution)
        if draft.main or draft.lead:
            return draft
    except (KeyError, IndexError, TypeError, ValueError, AttributeError, ValidationError):
        pass
    draft = Draft()
    for outcome in execution.outcomes.values():
        if outcome.ok and outcome.description:
            draft.main.append(outcome.description)
    return draft


__all__ = [
    "CONSOLIDATE",
    "MAX_TURNS",
    "ConsolidarArgs",
    "HostedRun",
    "followup_brief",
    "messages_chars",
    "mission_brief",
    "run_hosted",
    "system_prompt",
    "tools_chars",
]
