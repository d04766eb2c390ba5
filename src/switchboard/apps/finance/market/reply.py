"""A research answer as a bus `Reply`, so the executor handler is one line for the lead to wire.

The pt-BR status maps onto the bus's: sucesso → success, sucesso_via_fallback →
success_via_fallback, erro_com_dados_parciais → partial_failure, erro → total_failure (the bus
counts only the last one against the circuit breaker).
"""

from __future__ import annotations

from typing import Any

from switchboard.apps.finance.market.models import ResearchResult, ResearchStatus
from switchboard.bus import Reply, ResponseStatus

_STATUS = {
    ResearchStatus.SUCESSO: ResponseStatus.SUCCESS,
    ResearchStatus.SUCESSO_VIA_FALLBACK: ResponseStatus.SUCCESS_VIA_FALLBACK,
    ResearchStatus.ERRO_COM_DADOS_PARCIAIS: ResponseStatus.PARTIAL_FAILURE,
    ResearchStatus.ERRO: ResponseStatus.TOTAL_FAILURE,
}


ILLUSTRATIVE_SOURCE = "dados ilustrativos (offline)"


def to_reply(result: ResearchResult[Any], *, description: str | None = None) -> Reply:
    """`data` is the JSON form of the result's data; the spec's metadata go in `metadata`.
    Illustrative data travels as such: flagged `ilustrativo`, its source named
    `ILLUSTRATIVE_SOURCE` (never a real provider), news without outlet names or links."""
    dumped = result.model_dump(mode="json")
    data = dumped["data"]
    sources = list(result.fontes)
    if result.ilustrativo:
        sources = [ILLUSTRATIVE_SOURCE]
        if isinstance(data, list):
            data = [
                {**item, "source": "manchete ilustrativa", "url": ""}
                if isinstance(item, dict)
                else item
                for item in data
            ]
    return Reply(
        data=data,
        status=_STATUS[result.status],
        metadata={
            "status": result.status.value,
            "origin": result.origin.value,
            "fallback_used": result.fallback_used,
            "fallback_description": result.fallback_description,
            "timestamp_coleta": dumped["collected_at"],
            "tempo_execucao_ms": result.resources.ms,
            "descricao": description,
            "ilustrativo": result.ilustrativo,
        },
        confidence=result.confianca,
        sources=sources,
        warnings=list(result.avisos),
        api_calls=result.resources.api_calls,
    )
