"""The telemetry record of one mission (spec 001 §10 "Dados Coletados por Missão").

Spec field names (Portuguese), grouped as the spec groups them. `executores` is one entry per
operation the lead ran (agent, success, fallback), which analysis 4 (executor reliability)
needs and the spec's `agentes_chamados` list alone cannot give.
"""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

StatusFinal = Literal["sucesso_completo", "sucesso_parcial", "falha", "timeout"]


class ExecutorCall(BaseModel):
    """One operation the lead ran in a mission: agent, operation, success and fallback (for
    executor reliability)."""

    model_config = ConfigDict(frozen=True)

    agente: str
    operacao: str
    sucesso: bool
    fallback: str | None = None
    rotulo: str | None = None
    """What the operation was about in pt-BR ("taxa do CDI"), for the timeline under the answer."""
    onda: int | None = None
    """The wave it ran in (operations of one wave run in parallel)."""


class MissionTelemetry(BaseModel):
    """The telemetry record of one mission (spec 001 §10), stored for the mission analyses."""

    model_config = ConfigDict(extra="forbid")

    # identificação
    missao_id: str
    user_id: str = ""
    session_id: str | None = None
    """The chat session the mission answered in: a follow-up counts only within it."""
    timestamp_inicio: datetime
    timestamp_fim: datetime
    duracao_total: float
    # entrada
    query_original: str
    dominio_classificado: str
    complexidade: str
    coordenador_sugerido_junior: str
    score_junior: int
    coordenador_escolhido_orquestrador: str
    tipo_pergunta: str | None = None
    """The catalogue kind of the question ("financiamento", …), "fora_do_catalogo", or None
    (a question the remaining templates planned: a ticker, the portfolio, flows 5–6)."""
    houve_override: bool
    motivo_override: str | None = None
    # recursos
    orcamento_tokens_alocado: int
    orcamento_tokens_consumido: int
    orcamento_api_alocado: int
    orcamento_api_consumido: int
    timeout_alocado: float
    tempo_real_execucao: float
    # execução
    ciclos_realizados_coordenador: int
    operacoes_totais_executadas: int
    operacoes_falhadas: int
    fallbacks_usados: list[str] = Field(default_factory=list)
    agentes_chamados: list[str] = Field(default_factory=list)
    profundidade_maxima_chamadas: int = 1
    executores: list[ExecutorCall] = Field(default_factory=list)
    # resultado
    status_final: StatusFinal
    objetivo_alcancado: bool
    limitacoes_encontradas: list[str] = Field(default_factory=list)
    """`tipo_limitacao:impacto` per limitation."""
    qualidade_resposta: int | None = Field(None, ge=0, le=100)
    # usuário
    feedback_usuario: Literal["up", "down"] | None = None
    query_followup: bool = False


__all__ = ["ExecutorCall", "MissionTelemetry", "StatusFinal"]
