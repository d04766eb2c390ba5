"""A hosted coordinator's tools: platform `Tool`s in a `ToolRegistry`, one per operation it may
call, each validating its arguments with a typed model.

The arguments are validated and repaired like every other tool's (`tools/tool.py`): an object
argument a model sent as a JSON string is decoded, a malformed call comes back to the model as a
tool error it can fix, never a crash. Allowed values are enums in the schemas (the operations of
`pesquisa_externa`, the indices, the systems PRICE/SAC, the products, the debt kinds), and the
spellings models naturally use are accepted ("PRICE", "CDI", "Tesouro Selic"): the catalogue's
normalising validators (`catalogue/params.py`). The catalogue's operations take their kind's
parameter model directly; the other math and research operations have small models here.

Every executor call goes through `MissionCalls.call`: the engine's self-regulation decides if it
still runs (budget, time, criticality), the bus carries it, and the outcome is recorded in the
mission's `Execution` (what telemetry, the timeline and a fallback consolidation read).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from decimal import Decimal
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field

from switchboard import Tool, ToolContext, ToolRegistry
from switchboard.apps.finance.missions.catalogue.operations import OPERATIONS
from switchboard.apps.finance.missions.catalogue.params import Sistema, _choice
from switchboard.apps.finance.missions.contracts import CONSULT_OP
from switchboard.bus import RequestContext
from switchboard.patterns import (
    DATA,
    Criticality,
    Execution,
    ExecutionState,
    Step,
    StepOutcome,
    dumps,
)

if TYPE_CHECKING:
    from switchboard.patterns import CoordinatorAgent

MISSION_KEY = "missao"
"""`ToolContext.extras` key of the running mission's `MissionCalls`."""

Criticidade = Annotated[
    Literal["critica", "complementar", "opcional"],
    BeforeValidator(_choice({"alta": "critica", "normal": "complementar", "baixa": "opcional"})),
]


class _Args(BaseModel):
    model_config = ConfigDict(extra="forbid")


class PesquisaArgs(_Args):
    """Pesquisa externa de mercado (cotação, indicadores, índice, notícias), com fallbacks."""

    criticidade: Criticidade = "critica"
    operacao: Annotated[
        Literal["cotacao", "dados_fundamentalistas", "indice", "noticias"],
        BeforeValidator(
            _choice(
                {
                    "quote": "cotacao",
                    "preco": "cotacao",
                    "fundamentos": "dados_fundamentalistas",
                    "indicadores": "dados_fundamentalistas",
                    "index": "indice",
                    "news": "noticias",
                }
            )
        ),
    ]
    ticker: str | None = None
    nome: (
        Annotated[
            Literal["selic", "cdi", "ipca", "ibovespa", "dolar"],
            BeforeValidator(_choice({"usd": "dolar", "ibov": "ibovespa", "di": "cdi"})),
        ]
        | None
    ) = None
    consulta: str | None = None
    limite: int | None = Field(None, ge=1, le=20)

    def bus_params(self) -> dict[str, Any]:
        if self.operacao == "indice":
            return {"nome": self.nome or ""}
        if self.operacao == "noticias":
            out: dict[str, Any] = {"consulta": self.consulta or self.ticker or ""}
            if self.limite is not None:
                out["limite"] = self.limite
            return out
        return {"ticker": (self.ticker or "").upper()}


class SimularFinanciamentoArgs(_Args):
    valor: Decimal = Field(gt=0)
    meses: int = Field(ge=1, le=600)
    taxa_mensal: Decimal | None = Field(None, description="fração: 0.0149 = 1,49% a.m.")
    taxa_anual: Decimal | None = None
    sistema: Sistema = "price"


class JurosCompostosArgs(_Args):
    valor_inicial: Decimal = Field(ge=0)
    meses: int = Field(ge=1, le=600)
    taxa_mensal: Decimal | None = None
    taxa_anual: Decimal | None = None
    aporte_mensal: Decimal | None = None


class AposentadoriaArgs(_Args):
    renda_mensal: Decimal = Field(gt=0)
    taxa_real_anual: Decimal = Field(description="fração: 0.04 = 4% a.a. acima da inflação")
    capital_atual: Decimal | None = None
    aporte_mensal: Decimal | None = None


class SimularAlocacaoArgs(_Args):
    ativo: str = Field(min_length=1)
    valor: Decimal = Field(gt=0)
    classe: str | None = None


class CompararFinanciarPouparArgs(_Args):
    preco: Decimal = Field(gt=0)
    poupado: Decimal = Field(ge=0)
    meses: int = Field(ge=1, le=600)
    capacidade_mensal: Decimal | None = None
    taxa_emprestimo_mensal: Decimal | None = None
    taxa_investimento_anual: Decimal | None = None


class DadosInternosArgs(BaseModel):
    """Consulta direta aos dados do usuário (sistema de dados internos, sem barramento)."""

    model_config = ConfigDict(extra="forbid")

    consulta: Annotated[
        Literal[
            "fluxo_mensal",
            "saldo",
            "patrimonio",
            "investimentos",
            "dividas",
            "gastos_por_categoria",
            "perfil",
        ],
        BeforeValidator(_choice({"carteira": "investimentos", "fluxo": "fluxo_mensal"})),
    ]
    meses: int | None = Field(None, ge=1, le=36)


class ConsultarArgs(BaseModel):
    """Pergunta a outro coordenador, para uma parte que é da especialidade dele."""

    model_config = ConfigDict(extra="forbid")

    coordenador: Literal["analise_financeira_pessoal", "investimentos", "planejamento"]
    pergunta: str = Field(min_length=3)
    parametros: dict[str, Any] = Field(default_factory=dict)


_LEGACY_MATH: dict[str, tuple[type[_Args], str]] = {
    "simular_financiamento": (SimularFinanciamentoArgs, "Tabela PRICE ou SAC de um valor"),
    "juros_compostos": (JurosCompostosArgs, "Valor futuro com aportes mensais"),
    "aposentadoria": (AposentadoriaArgs, "Capital para uma renda passiva (perpetuidade real)"),
    "simular_alocacao": (SimularAlocacaoArgs, "Nova exposição da carteira após um aporte"),
    "comparar_financiar_poupar": (
        CompararFinanciarPouparArgs,
        "Financiar agora x poupar e comprar à vista, com a sobra do usuário",
    ),
}


@dataclass(slots=True)
class MissionCalls:
    """One hosted mission's calls: what every tool of the run shares (the engine's rules, the
    bus context, the execution record)."""

    agent: CoordinatorAgent
    ctx: RequestContext
    execution: Execution
    state: ExecutionState
    deadline: float
    total: float
    user_id: str
    hook: Callable[[str], None] | None
    template: dict[tuple[str, str], Step]
    context: dict[str, Any]
    wave: int = 1
    outcomes: list[StepOutcome] = field(default_factory=list)

    async def call(
        self, agent: str, operation: str, params: dict[str, Any], criticality: Criticality
    ) -> str:
        execution = self.execution
        step = self._step(agent, operation, params, criticality)
        engine = self.agent.engine
        selected = await engine.evaluate(
            self.ctx, execution, [step], self.deadline, self.total, self.state
        )
        if selected:
            try:
                outcome = await engine.run_step(
                    self.ctx, step, execution.results, self.user_id, self.hook, self.context
                )
            except asyncio.CancelledError:  # the global timeout stopped the run mid-wave
                execution.outcomes[step.key] = StepOutcome(
                    step, "failed", reason="timeout", error="interrompido pelo tempo da missão"
                )
                execution.plan.steps.append(step)
                raise
        else:
            outcome = execution.outcomes[step.key]
        execution.outcomes[step.key] = outcome
        execution.plan.steps.append(step)
        return _tool_output(outcome)

    def _step(
        self, agent: str, operation: str, params: dict[str, Any], criticality: Criticality
    ) -> Step:
        """A call matching a step of the offline plan takes that step's key and label, so the
        offline composer can consolidate what the model gathered if the model's own
        consolidation is unusable."""
        n = len(self.execution.outcomes)
        if agent == DATA:
            known = next(
                (s for s in self.template.values() if s.agent == DATA and s.params == params), None
            )
        else:
            known = self.template.get((agent, operation))
        if known is not None and known.key not in self.execution.outcomes:
            return Step(known.key, agent, operation, params, criticality, self.wave, known.label)
        return Step(
            f"{agent}.{operation}#{n}", agent, operation, params, criticality, self.wave, operation
        )


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
        if outcome.illustrative:
            body["ilustrativo"] = (
                "dados ilustrativos gravados para uso offline: diga isso ao usuário, com a data, "
                "e não os atribua a nenhuma fonte real"
            )
    else:
        body.update(motivo=outcome.reason, erro=outcome.error)
    return dumps(body)


def _mission(context: ToolContext) -> MissionCalls:
    found = context.extras.get(MISSION_KEY)
    assert isinstance(found, MissionCalls)
    return found


def _bus_tool(
    name: str, agent: str, operation: str, model: type[BaseModel], description: str
) -> Tool:
    async def run(context: ToolContext, **arguments: Any) -> str:
        args = model.model_validate(arguments)
        criticality: Criticality = args.criticidade if isinstance(args, PesquisaArgs) else "critica"
        op = operation
        if isinstance(args, PesquisaArgs):
            params, op = args.bus_params(), args.operacao
        else:
            params = args.model_dump(mode="json", exclude_none=True, exclude={"criticidade"})
        return await _mission(context).call(agent, op, params, criticality)

    return _typed_tool(name, run, model, description)


def _typed_tool(
    name: str, fn: Callable[..., Awaitable[str]], model: type[BaseModel], description: str
) -> Tool:
    item = Tool(fn, name=name, description=description, timeout=None, arguments=model)
    item.parameters = compact_schema(item.parameters)
    return item


DOMAIN_TOOLS: dict[str, tuple[str, ...]] = {
    "investimentos": ("comparar_investimentos", "simular_alocacao", "juros_compostos"),
    "planejamento": (
        "planejar_meta",
        "planejar_aposentadoria",
        "comprar_ou_alugar",
        "comparar_financiar_poupar",
        "aposentadoria",
        "juros_compostos",
    ),
    "analise_financeira_pessoal": (
        "analisar_dividas",
        "diagnosticar_gastos",
        "reserva_emergencia",
        "analisar_financiamento",
    ),
}
"""The math operations each coordinator offers its model besides the question's own (the
catalogue kind the offline extractor recognised): tool schemas travel with every model call, so
a coordinator offers what its domain uses, not all twenty operations."""


def build_tools(coordinator: str, kind_operation: str | None = None) -> ToolRegistry:
    """The tools a coordinator offers its model for one mission (see `DOMAIN_TOOLS`)."""
    wanted = {*DOMAIN_TOOLS.get(coordinator, ()), *((kind_operation,) if kind_operation else ())}
    tools = [
        _bus_tool(
            "pesquisa_externa",
            "pesquisa_externa",
            "",
            PesquisaArgs,
            "Mercado: cotacao ou dados_fundamentalistas (ticker), indice (nome) ou noticias.",
        )
    ]
    for op in OPERATIONS:
        if op.name in wanted:
            tools.append(_bus_tool(op.name, "matematica", op.name, op.params, op.description))
    for name, (model, description) in _LEGACY_MATH.items():
        if name in wanted:
            tools.append(_bus_tool(name, "matematica", name, model, description))

    async def dados_internos(context: ToolContext, **arguments: Any) -> str:
        args = DadosInternosArgs.model_validate(arguments)
        params = args.model_dump(exclude_none=True)
        return await _mission(context).call(DATA, args.consulta, params, "critica")

    async def consultar(context: ToolContext, **arguments: Any) -> str:
        args = ConsultarArgs.model_validate(arguments)
        if args.coordenador == coordinator:
            return dumps({"erro": "você é esse coordenador: resolva com as suas ferramentas"})
        params = {"pergunta": args.pergunta, "parametros": args.parametros}
        return await _mission(context).call(args.coordenador, CONSULT_OP, params, "complementar")

    async def orcamento_restante(context: ToolContext) -> str:
        calls = _mission(context)
        budget = await calls.ctx.budget()
        settings = calls.agent.settings
        left = calls.deadline - calls.agent.clock.monotonic()
        return json.dumps(
            {
                "orcamento": budget.model_dump(mode="json") if budget else None,
                "segundos_restantes": round(left, 1),
                "finalizar": left < settings.finish_time_ratio * calls.total
                or (budget is not None and budget.ratio >= settings.finish_budget_ratio),
                "consolidar_agora": left < settings.consolidate_seconds_left,
            },
            ensure_ascii=False,
        )

    tools.append(
        _typed_tool(
            "dados_internos",
            dados_internos,
            DadosInternosArgs,
            "Dados do próprio usuário: fluxo_mensal, saldo, patrimonio, investimentos, dividas, "
            "gastos_por_categoria, perfil.",
        )
    )
    tools.append(
        _typed_tool(
            "consultar_coordenador",
            consultar,
            ConsultarArgs,
            "Pergunta a outro coordenador (nunca a quem chamou você).",
        )
    )
    tools.append(
        Tool(
            orcamento_restante,
            name="orcamento_restante",
            description="Orçamento usado e restante, segundos até o fim e o que as regras "
            "permitem agora.",
            timeout=None,
        )
    )
    return ToolRegistry(tools)


def compact_schema(schema: dict[str, Any]) -> dict[str, Any]:
    """A pydantic JSON schema as small as it can be for a model to read every round (the
    schemas travel with every call): titles, defaults, lengths and patterns off, `X | None`
    written as X (not required is enough), decimals as numbers, `$defs` inlined. The typed
    model still validates everything on the way in."""
    defs = schema.get("$defs", {})

    def walk(node: Any) -> Any:
        if isinstance(node, list):
            return [walk(n) for n in node]
        if not isinstance(node, dict):
            return node
        if "$ref" in node:
            return walk(defs[node["$ref"].split("/")[-1]])
        any_of = node.get("anyOf")
        if any_of is not None:
            kept = [o for o in any_of if o != {"type": "null"}]
            if len(kept) == 1:
                merged = {**kept[0], **{k: v for k, v in node.items() if k != "anyOf"}}
                return walk(merged)
            # a decimal (number or string): written as a number, as models send it; the
            # validator accepts a decimal string too
            if all(o.get("type") in ("number", "string") for o in kept):
                rest = {k: v for k, v in node.items() if k != "anyOf"}
                return walk({**rest, "type": "number"})
        out = {}
        for key, value in node.items():
            if key in _DROPPED:
                continue
            out[key] = walk(value)
        return out

    out: dict[str, Any] = walk(schema)
    out.pop("description", None)  # the model's docstring: the tool has its own description
    return out


_DROPPED = frozenset(
    {"title", "default", "$defs", "pattern", "additionalProperties", "maxLength", "minLength"}
)


__all__ = ["MISSION_KEY", "MissionCalls", "build_tools", "compact_schema"]
