"""A coordinator driven by a hosted model (spec 001 §5): the same cycles, the model choosing.

The system prompt has the spec's nine sections (identity, autonomy, capabilities with every
contract, protocol, reasoning framework, failures, consolidation format, domain strategy,
collaboration). The model works through tools:

- `call_agent(agent, operation, params, priority, criticality)` — one bus request. All
  `call_agent` calls of one model response are a wave: they run in parallel
  (`asyncio.gather` of `ctx.request`), under the engine's self-regulation (a call the rules
  refuse comes back as a refusal the model reads, with the reason).
- `dados_internos(consulta, meses)` — the internal data access system (§3.2), directly.
- `orcamento_restante()` — budget used/left, seconds left, and what the rules allow now.

When the model answers without tools, its text must be the consolidation JSON
(`ConsolidationCore`: status, objective, pre-structured answer, limitations, recommendations,
next steps; execution metadata and resources are facts the framework fills in). An invalid one
is sent back with its violations for repair (`consolidation_repairs` times, constrained to the
schema); if it is still invalid, the offline composer consolidates the results the model
gathered — a model's raw text never goes on. A global timeout (the bus's notice or the
coordinator's own clock) ends the tool loop: the model is asked to consolidate at once, and if
it cannot within the grace period, the offline composer does.

Token use is charged to the mission's budget as it happens (each model call, repairs and the
forced consolidation included), so the bus's 80/90/100% flags see the coordinator's own
reasoning, not only the executors'. The same calls are tallied by direction (input/output
tokens, calls) in `HostedRun.usage`, which the coordinator's reply carries back to the chat
turn (`missions/usage.py`).
`MAX_TURNS` bounds a model that never stops calling tools (the spec sets no cycle limit; the
global timeout is the real bound, this is a guard against a runaway script).
"""

from __future__ import annotations

import asyncio
import functools
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from switchboard.apps.finance.missions.compose import (
    Draft,
    compose,
    consolidate,
    metadata,
    resources,
)
from switchboard.apps.finance.missions.contracts import contracts_document
from switchboard.apps.finance.missions.engine import (
    Execution,
    ExecutionState,
    StepOutcome,
    Wave,
)
from switchboard.apps.finance.missions.executors import user_of
from switchboard.apps.finance.missions.jsontext import dumps
from switchboard.apps.finance.missions.models import (
    Consolidation,
    ConsolidationCore,
    MissionPackage,
)
from switchboard.apps.finance.missions.planner import DATA, Criticality, Plan, Step, plan_for
from switchboard.bus import RequestContext
from switchboard.core.messages import Message, ToolCall, UsageTally
from switchboard.models.base import ModelRequest, ModelResponse, ToolSchema

if TYPE_CHECKING:
    from switchboard.apps.finance.missions.coordinator import CoordinatorAgent

MAX_TURNS = 24
PROMPT_TEMPLATE = (Path(__file__).parent / "coordinator_prompt.md").read_text(encoding="utf-8")
"""The §5 system prompt (sections 1–9), `str.format` placeholders."""

TOOLS = [
    ToolSchema(
        name="call_agent",
        description="Chama um agente (executor ou coordenador) pelo barramento. Chamadas na "
        "mesma resposta rodam em paralelo.",
        parameters={
            "type": "object",
            "required": ["agent", "operation", "params"],
            "properties": {
                "agent": {"type": "string"},
                "operation": {"type": "string"},
                "params": {"type": "object"},
                "priority": {"enum": ["CRITICA", "ALTA", "NORMAL", "BAIXA"]},
                "criticality": {"enum": ["critica", "complementar", "opcional"]},
            },
        },
    ),
    ToolSchema(
        name="dados_internos",
        description="Consulta direta aos dados do usuário (sistema de dados internos).",
        parameters={
            "type": "object",
            "required": ["consulta"],
            "properties": {
                "consulta": {
                    "enum": [
                        "fluxo_mensal",
                        "saldo",
                        "patrimonio",
                        "investimentos",
                        "dividas",
                        "gastos_por_categoria",
                        "perfil",
                    ]
                },
                "meses": {"type": "integer"},
            },
        },
    ),
    ToolSchema(
        name="orcamento_restante",
        description="Orçamento usado e restante, segundos até o timeout global e o que as regras "
        "permitem agora.",
    ),
]

_CRITICALITY_OF_PRIORITY: dict[str, Criticality] = {
    "CRITICA": "critica",
    "ALTA": "critica",
    "NORMAL": "complementar",
    "BAIXA": "opcional",
}

_STRATEGY = {
    "investimentos": "Para decisões de compra: cotação, fundamentos e notícias do ativo e a "
    "carteira do usuário em paralelo; depois a simulação da nova alocação; recomende de forma "
    "gradual e adequada ao perfil.",
    "planejamento": "Para compras grandes: sobra mensal do usuário e taxas (CDI) em paralelo; "
    "depois simule o financiamento e compare financiar x poupar; para aposentadoria: renda, "
    "carteira, dívidas e inflação, depois o capital necessário.",
    "analise_financeira_pessoal": "Renda, gastos, dívidas e patrimônio em paralelo; depois "
    "diagnóstico, cortes e simulações de compra quando pedidas.",
}


def system_prompt(name: str, package: MissionPackage) -> str:
    """The coordinator system prompt, spec §5 sections 1–9."""
    parts = _prompt_parts(name)
    values = {
        "autonomy": "\n".join(f"- {line}" for line in package.instrucoes_autonomia),
        "timeout": package.restricoes_hard.timeout_global_missao,
        "tokens": package.orcamento_recursos.orcamento_tokens,
        "calls": package.orcamento_recursos.orcamento_chamadas_api,
        "guidance": package.prompt_orquestracao_especializado,
    }
    out = list(parts)
    for index in range(1, len(out), 2):  # odd slots: "field:spec" of a per-mission value
        field, _, spec = out[index].partition(":")
        out[index] = format(values[field], spec)
    return "".join(out)


class _Slot:
    """Formats as a marker that survives `str.format`, so the per-mission fields can be filled
    in later (`_prompt_parts`)."""

    def __init__(self, field: str) -> None:
        self.field = field

    def __format__(self, spec: str) -> str:
        return f"\x00{self.field}:{spec}\x00"


@functools.cache
def _prompt_parts(name: str) -> tuple[str, ...]:
    """The prompt template with this coordinator's fixed parts (name, contracts, strategy)
    filled in once, split around the per-mission fields: even items are text, odd items are
    "field:format spec". Formatting the whole template (the contracts are most of it) on every
    mission was a tenth of a mission's framework CPU."""
    rendered = PROMPT_TEMPLATE.format(
        name=name,
        contracts=contracts_document(exclude=name),
        strategy=_STRATEGY.get(name, ""),
        **{f: _Slot(f) for f in ("autonomy", "timeout", "tokens", "calls", "guidance")},
    )
    return tuple(rendered.split("\x00"))


def mission_text(package: MissionPackage) -> str:
    return (
        f"Missão {package.missao_id}\nObjetivo estratégico: {package.objetivo_estrategico}\n"
        f"Pergunta do usuário: {package.query_original_usuario}\n"
        f"Perfil: {dumps(package.perfil_usuario)}\n"
        + (f"Contexto: {package.resumo_contexto}\n" if package.resumo_contexto else "")
    )


@dataclass(slots=True)
class HostedRun:
    """What a hosted coordinator's mission produced: the consolidation, the operations it ran
    (for telemetry and the timeline) and its model usage (all of it already charged to the
    mission's budget)."""

    consolidation: Consolidation
    execution: Execution
    usage: UsageTally = field(default_factory=UsageTally)


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
    clock, settings = agent.clock, agent.settings
    total = package.restricoes_hard.timeout_global_missao
    plan = plan_for(agent.name, package.query_original_usuario)
    execution = Execution(
        Plan(plan.coordinator, plan.intent, plan.facts, []), started=clock.monotonic()
    )
    template = {(step.agent, step.operation): step for step in plan.steps}
    user_id = user_of(ctx)
    hook = agent.hooks.get(package.missao_id)
    messages = [
        Message.system(system_prompt(agent.name, package)),
        Message.user(mission_text(package)),
    ]
    usage = UsageTally()
    final_text: str | None = None
    for wave in range(1, MAX_TURNS + 1):
        left = deadline - clock.monotonic()
        if state.consolidate_now.is_set() or left < settings.consolidate_seconds_left:
            execution.forced = state.consolidate_now.is_set()
            break
        response = await model.complete(ModelRequest(messages, tools=TOOLS, agent=agent.name))
        await _account(ctx, usage, response)
        if not response.tool_calls:
            final_text = response.text
            break
        execution.cycles += 1
        messages.append(Message.assistant(response.text, tool_calls=response.tool_calls))
        outputs = await _run_tools(
            agent,
            ctx,
            execution,
            response.tool_calls,
            (deadline, total),
            state,
            user_id,
            hook,
            template,
            wave,
        )
        messages += [
            Message.tool(call, out) for call, out in zip(response.tool_calls, outputs, strict=True)
        ]
        execution.cycles += 1  # evaluation of the wave's results (the model's next turn)
    core: ConsolidationCore | None = None
    if final_text is not None:
        core = await _validated(agent, ctx, usage, messages, final_text)
    else:
        core = await _forced(agent, ctx, usage, messages)
    execution.cycles += 1
    execution.finished = clock.monotonic()
    budget = await ctx.budget()
    if core is None:  # never passed on raw: the offline composer consolidates the results
        return HostedRun(consolidate(execution, budget, _safe_compose(execution)), execution, usage)
    consolidation = Consolidation(  # the core's parts are validated already: passed as they are
        status=core.status,
        objetivo_alcancado=core.objetivo_alcancado,
        resposta_pre_estruturada=core.resposta_pre_estruturada,
        limitacoes_encontradas=core.limitacoes_encontradas,
        recomendacoes_adicionais=core.recomendacoes_adicionais,
        proximos_passos_sugeridos=core.proximos_passos_sugeridos,
        metadados_execucao=metadata(execution),
        recursos_consumidos=resources(execution, budget),
    )
    return HostedRun(consolidation, execution, usage)


async def _account(ctx: RequestContext, usage: UsageTally, response: ModelResponse) -> None:
    """Tally one model call and charge its tokens to the mission's consumption now (see the
    module docstring)."""
    usage.add(response.usage)
    tokens = response.usage.input_tokens + response.usage.output_tokens
    mission_id = ctx.message.tracing.mission_id
    if tokens and mission_id:
        await ctx.bus.charge(mission_id, tokens=tokens)


async def _run_tools(
    agent: CoordinatorAgent,
    ctx: RequestContext,
    execution: Execution,
    calls: list[ToolCall],
    timing: tuple[float, float],
    state: ExecutionState,
    user_id: str,
    hook: Any,
    template: dict[tuple[str, str], Step],
    wave: int,
) -> list[str]:
    """One model response's tool calls; its `call_agent`/`dados_internos` calls are wave
    number `wave`.
    A call matching a step of the offline plan takes that step's key and label, so the
    offline composer can consolidate what the model gathered if the model's own
    consolidation is unusable."""
    deadline, total = timing
    steps: dict[int, Step] = {}
    outputs: dict[int, str] = {}
    for index, call in enumerate(calls):
        try:
            args = json.loads(call.arguments or "{}")
        except json.JSONDecodeError:
            outputs[index] = json.dumps({"erro": "argumentos não são JSON válido"})
            continue
        if call.name == "orcamento_restante":
            budget = await ctx.budget()
            left = deadline - agent.clock.monotonic()
            outputs[index] = json.dumps(
                {
                    "orcamento": budget.model_dump(mode="json") if budget else None,
                    "segundos_restantes": round(left, 1),
                    "finalizar": left < agent.settings.finish_time_ratio * total
                    or (budget is not None and budget.ratio >= agent.settings.finish_budget_ratio),
                    "consolidar_agora": left < agent.settings.consolidate_seconds_left,
                },
                ensure_ascii=False,
            )
            continue
        n = len(execution.outcomes) + len(steps)
        if call.name == "dados_internos":
            params = {"consulta": args.get("consulta")}
            if "meses" in args:
                params["meses"] = args["meses"]
            steps[index] = _step(
                template, execution, n, DATA, str(params["consulta"]), params, "critica", wave
            )
        elif call.name == "call_agent":
            criticality = args.get("criticality") or _CRITICALITY_OF_PRIORITY.get(
                str(args.get("priority", "NORMAL")), "complementar"
            )
            if criticality not in ("critica", "complementar", "opcional"):
                criticality = "complementar"
            steps[index] = _step(
                template,
                execution,
                n,
                str(args.get("agent", "")),
                str(args.get("operation", "")),
                dict(args.get("params") or {}),
                criticality,
                wave,
            )
        else:
            outputs[index] = json.dumps({"erro": f"ferramenta desconhecida: {call.name}"})
    if steps:
        ordered = list(steps.values())
        selected = await agent.engine.evaluate(ctx, execution, ordered, deadline, total, state)
        chosen = {id(s) for s in selected}
        gathered = execution.results
        context = {"query_original_usuario": ctx.parameters["pacote"]["query_original_usuario"]}
        running = Wave()
        launched = {
            index: agent.engine.launch(ctx, step, gathered, user_id, hook, context, running)
            for index, step in steps.items()
            if id(step) in chosen
        }
        if launched:
            await agent.engine.wait(running, state)
        for index, step in steps.items():
            item = launched.get(index)
            if item is None:
                outcome = execution.outcomes[step.key]
            else:
                outcome = item.outcome() or StepOutcome(
                    step, "failed", reason="timeout", error="interrompido"
                )
            execution.outcomes[step.key] = outcome
            execution.plan.steps.append(step)
            outputs[index] = _tool_output(outcome)
    return [outputs[i] for i in range(len(calls))]


def _step(
    template: dict[tuple[str, str], Step],
    execution: Execution,
    n: int,
    agent: str,
    operation: str,
    params: dict[str, Any],
    criticality: Criticality,
    wave: int,
) -> Step:
    known = template.get((agent, operation if agent != DATA else str(params["consulta"])))
    if agent == DATA:
        known = next((s for s in template.values() if s.agent == DATA and s.params == params), None)
    if known is not None and known.key not in execution.outcomes:
        return Step(known.key, agent, operation, params, criticality, wave, known.label)
    return Step(f"{agent}.{operation}#{n}", agent, operation, params, criticality, wave, operation)


def _tool_output(outcome: StepOutcome) -> str:
    body: dict[str, Any] = {"status": outcome.status}
    if outcome.ok:
        body.update(
            dados=outcome.data,
            confiabilidade=outcome.confidence,
            fontes=outcome.sources,
            advertencias=outcome.warnings,
            fallback_usado=outcome.fallback,
        )
    else:
        body.update(motivo=outcome.reason, erro=outcome.error)
    return dumps(body)


async def _validated(
    agent: CoordinatorAgent,
    ctx: RequestContext,
    usage: UsageTally,
    messages: list[Message],
    text: str,
) -> ConsolidationCore | None:
    """Parse the model's consolidation; ask for repairs while it is invalid."""
    assert agent.model is not None
    for attempt in range(agent.settings.consolidation_repairs + 1):
        core, problems = _parse(text)
        if core is not None:
            return core
        if attempt == agent.settings.consolidation_repairs:
            break
        repair = [
            *messages,
            Message.assistant(text),
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
        *messages,
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
    """The offline composer over what the model gathered (its steps are keyed by agent and
    operation, so a generic draft of the descriptions is the fallback of the fallback)."""
    try:
        draft = compose(execution)
        if draft.main or draft.lead:
            return draft
    except (KeyError, IndexError, TypeError, ValueError):
        pass
    draft = Draft()
    for outcome in execution.outcomes.values():
        if outcome.ok and outcome.description:
            draft.main.append(outcome.description)
    return draft


__all__ = ["MAX_TURNS", "TOOLS", "HostedRun", "mission_text", "run_hosted", "system_prompt"]
