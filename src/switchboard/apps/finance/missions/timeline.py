"""The compact mission timeline the chat shows under a mission's answer (issue 11: "executors
called, fallbacks, budget used").

`mission_timeline(answer)` turns the final answer's facts — the lead's operations with their
waves, the fallbacks they used, the budgets and what the bus accounted against them, the
limitations — into a pt-BR document ready to show. The finance pattern streams it as a `ui`
event (component `mission_timeline`, `summary` as its fallback text) and keeps it on the stored
answer, so a reloaded history shows it again; the web chat only lays it out (components.js).
Built in the chat path only, never inside the mission: missions run without a chat too.
"""

from __future__ import annotations

from typing import Final, Literal

from pydantic import BaseModel

from switchboard.apps.finance.missions.contracts import TITLES
from switchboard.apps.finance.missions.planner import DATA
from switchboard.patterns import ExecutorCall, FinalAnswer, StatusConsolidacao

COMPONENT: Final = "mission_timeline"
DATA_TITLE: Final = "Seus dados financeiros"
STATUS_TEXT: dict[StatusConsolidacao, str] = {
    "sucesso_completo": "Análise completa",
    "sucesso_parcial": "Análise parcial",
    "falha": "Análise incompleta",
}

Outcome = Literal["ok", "alternativa", "falha"]
_ALTERNATIVE = "fonte alternativa: "


class TimelineStep(BaseModel):
    etapa: int
    """1-based; the operations of one step ran in parallel."""
    agente: str
    titulo: str
    """Who did it, in pt-BR ("Pesquisa de Mercado", "Seus dados financeiros")."""
    descricao: str
    """What about ("taxa do CDI")."""
    resultado: Outcome
    fallback: str | None = None
    """The alternative source used, when one was ("Yahoo Finance", "dados estáticos", "cache
    de até 24 h"): the research chain's description without its "fonte alternativa: "."""


class TimelineBudget(BaseModel):
    tokens_usados: int
    tokens_orcamento: int
    chamadas_api: int
    chamadas_api_orcamento: int
    percentual: int
    """The larger share of the two budgets used, in % (what the bus's 80/90/100% flags read)."""


class MissionTimeline(BaseModel):
    missao_id: str
    coordenador: str
    coordenador_titulo: str
    status: StatusConsolidacao
    status_texto: str
    etapas: list[TimelineStep]
    nao_executado: list[str]
    """What was left out and why (the consolidation's limitations)."""
    orcamento: TimelineBudget | None
    duracao_segundos: float
    summary: str
    """One pt-BR line for clients that do not draw the timeline."""


def mission_timeline(answer: FinalAnswer) -> MissionTimeline:
    consolidation = answer.consolidacao
    steps = _steps(answer.operacoes)
    budget = None
    if answer.orcamento is not None:
        plan, used = answer.orcamento, answer.orcamento.consumo_atual
        budget = TimelineBudget(
            tokens_usados=used.tokens,
            tokens_orcamento=plan.orcamento_tokens,
            chamadas_api=used.chamadas_api,
            chamadas_api_orcamento=plan.orcamento_chamadas_api,
            percentual=round(
                100
                * max(
                    _share(used.tokens, plan.orcamento_tokens),
                    _share(used.chamadas_api, plan.orcamento_chamadas_api),
                )
            ),
        )
    lead = TITLES.get(answer.coordenador, answer.coordenador)
    status = STATUS_TEXT[answer.status]
    return MissionTimeline(
        missao_id=answer.missao_id,
        coordenador=answer.coordenador,
        coordenador_titulo=lead,
        status=answer.status,
        status_texto=status,
        etapas=steps,
        nao_executado=[lim.descricao for lim in consolidation.limitacoes_encontradas],
        orcamento=budget,
        duracao_segundos=consolidation.recursos_consumidos.tempo_execucao,
        summary=_summary(status, lead, steps, budget),
    )


def _steps(calls: list[ExecutorCall]) -> list[TimelineStep]:
    """The operations in wave order, waves renumbered 1, 2, … as they appear (a hosted lead's
    waves are its tool turns, which may skip numbers)."""
    order: dict[int, int] = {}
    for call in sorted(calls, key=lambda c: c.onda or 0):
        order.setdefault(call.onda or 0, len(order) + 1)
    steps = [
        TimelineStep(
            etapa=order[call.onda or 0],
            agente=call.agente,
            titulo=DATA_TITLE if call.agente == DATA else TITLES.get(call.agente, call.agente),
            descricao=call.rotulo or call.operacao.replace("_", " "),
            resultado="falha" if not call.sucesso else "alternativa" if call.fallback else "ok",
            fallback=call.fallback.removeprefix(_ALTERNATIVE) if call.fallback else None,
        )
        for call in calls
    ]
    return sorted(steps, key=lambda s: s.etapa)  # stable: plan order within a wave


def _share(used: int, total: int) -> float:
    return used / total if total else 0.0


def _summary(
    status: str, lead: str, steps: list[TimelineStep], budget: TimelineBudget | None
) -> str:
    parts = [_count(len(steps), "consulta", "consultas")]
    alternatives = sum(1 for s in steps if s.resultado == "alternativa")
    failed = sum(1 for s in steps if s.resultado == "falha")
    if alternatives:
        parts.append(_count(alternatives, "com fonte alternativa", "com fonte alternativa"))
    if failed:
        parts.append(_count(failed, "sem resposta", "sem resposta"))
    line = f"{status}, conduzida pelo {lead}: " + ", ".join(parts)
    if budget is not None:
        line += f"; {budget.percentual}% do orçamento usado"
    return line + "."


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


__all__ = [
    "COMPONENT",
    "MissionTimeline",
    "TimelineBudget",
    "TimelineStep",
    "mission_timeline",
]
