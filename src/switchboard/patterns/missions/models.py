"""The typed documents of a mission: the package (§3), the consolidation (§5 Seção 7) and the
final answer (§8).

Field names are the spec's Portuguese JSON keys: these documents are shown to models (in
prompts and as response schemas) and stored in telemetry, where the spec's names are the
contract. Generic: coordinator, domain and complexity are the app's names (finance:
`triage.analysis.Coordenador`, `Dominio`, `missions.settings.Complexity`), plain strings here.
`Consolidation` is the schema a model's consolidation must match; an invalid one is
repaired or retried (`coordinator.py`), never passed on raw.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from switchboard.core.messages import Usage
from switchboard.patterns.missions.record import ExecutorCall


class _Doc(BaseModel):
    model_config = ConfigDict(extra="forbid")


class OrcamentoConsumo(_Doc):
    """Tokens and external calls spent so far."""

    tokens: int = 0
    chamadas_api: int = 0


class OrcamentoRecursos(_Doc):
    """A mission's budget (tokens, external calls) and what it has consumed."""

    orcamento_tokens: int = Field(ge=0)
    orcamento_chamadas_api: int = Field(ge=0)
    consumo_atual: OrcamentoConsumo = Field(default_factory=OrcamentoConsumo)


class RestricoesHard(_Doc):
    """The mission's one hard restriction, the global timeout, with its start and deadline."""

    timeout_global_missao: float = Field(gt=0)
    """Seconds: the only hard restriction."""
    timestamp_inicio: datetime
    timestamp_limite: datetime


class JustificativaEscolha(_Doc):
    """Why this coordinator leads the mission: the triage's suggestion and score, and whether
    (and why) it was overridden."""

    texto: str
    sugestao_junior: str
    """The coordinator the triage suggested."""
    score_junior: int
    houve_override: bool = False
    motivo_override: str | None = None


class MissionPackage(_Doc):
    """The "Pacote de Missão" the orchestrator sends to the lead coordinator (§3)."""

    missao_id: str
    agente_coordenador_lider: str
    justificativa_escolha: JustificativaEscolha
    objetivo_estrategico: str
    query_original_usuario: str
    complexidade: str
    dominio: str
    contratos_agentes_disponiveis: str
    """Every agent's contract (§3.1) in the compact form coordinators read in their prompts
    (`contracts.contracts_document()`). The full contracts (JSON schemas, examples) are in the
    bus registry, which validates every request against them, and in `contracts_json()`;
    copying them into every package would cost more than the rest of the package on the hot
    path and tell a coordinator nothing its prompt does not."""
    orcamento_recursos: OrcamentoRecursos
    restricoes_hard: RestricoesHard
    prompt_orquestracao_especializado: str
    instrucoes_autonomia: list[str]
    resumo_contexto: str | None = None
    """Short chat-context summary from Junior (§2.2), when any."""
    perfil_usuario: dict[str, Any] = Field(default_factory=dict)


# ---------------------------------------------------------------- consolidation (§5 Seção 7)

StatusConsolidacao = Literal["sucesso_completo", "sucesso_parcial", "falha"]
"""How complete the consolidated answer is: full success, partial success or failure."""
TipoLimitacao = Literal["timeout", "orcamento", "falha_agente", "dados_indisponiveis"]
"""Why part of a mission was not done: timeout, budget, a failing agent or unavailable data."""
Impacto = Literal["baixo", "medio", "alto"]
"""How much a limitation weakens the answer (spec's `impacto`)."""


class DadoSuporte(_Doc):
    """A supporting figure of the consolidated answer, with its source and reliability."""

    descricao: str
    valor: str
    fonte: str = ""
    confiabilidade: int | None = Field(None, ge=0, le=100)


class Calculo(_Doc):
    """A calculation the consolidation reports (what was computed, the result, its details)."""

    descricao: str
    resultado: str
    detalhes: dict[str, str] = Field(default_factory=dict)


class Comparacao(_Doc):
    """A comparison the consolidation reports and its conclusion."""

    descricao: str
    conclusao: str


class RespostaPreEstruturada(_Doc):
    """The consolidation's answer before the final wording: the main answer with its supporting
    data, calculations and comparisons."""

    resposta_principal: str = Field(min_length=1)
    dados_suporte: list[DadoSuporte] = Field(default_factory=list)
    calculos_realizados: list[Calculo] = Field(default_factory=list)
    comparacoes_feitas: list[Comparacao] = Field(default_factory=list)


class Limitacao(_Doc):
    """Something the mission could not do (timeout, budget, failed agent, missing data), its
    impact and the operations left undone."""

    tipo_limitacao: TipoLimitacao
    descricao: str
    impacto: Impacto
    operacoes_nao_executadas: list[str] = Field(default_factory=list)


class FallbackUsado(_Doc):
    """An executor that answered through its fallback, and which one."""

    agente: str
    fallback_usado: str


class MetadadosExecucao(_Doc):
    """How the mission ran: cycles, operations done and failed, agents called, fallbacks and
    depth."""

    ciclos_realizados: int = Field(ge=0)
    operacoes_executadas: int = Field(ge=0)
    operacoes_falhadas: int = Field(ge=0)
    agentes_chamados: list[str] = Field(default_factory=list)
    fallbacks_usados: list[FallbackUsado] = Field(default_factory=list)
    profundidade_maxima: int = Field(1, ge=0)


class RecursosConsumidos(_Doc):
    """What the mission consumed in the end: tokens, external and database calls, time and the
    share of each budget."""

    tokens_usados: int = Field(ge=0)
    chamadas_api_externas: int = Field(ge=0)
    chamadas_banco_dados: int = Field(0, ge=0)
    tempo_execucao: float = Field(ge=0)
    percentual_orcamento_tokens: float = Field(ge=0)
    percentual_orcamento_api: float = Field(ge=0)


class RequisitosCobertura(_Doc):
    """What an answer to this question must contain to count as answering it (§8 Etapa 5,
    extended): a generic answer that misses them is a failed mission. Filled by the framework
    from the question (a model never writes it)."""

    termos: list[list[str]] = Field(default_factory=list)
    """Each inner list: at least one of these terms (e.g. ["SAC"], ["Price", "PRICE"])."""
    numeros: list[str] = Field(default_factory=list)
    """The user's own numbers, as written in pt-BR ("R$ 320.000,00", "0,9%", "360")."""
    premissas: bool = False
    """The answer must state its assumptions ("Premissas")."""
    pergunta: bool = False
    """The answer must ask the user for what is missing (end a sentence with "?")."""


class Consolidation(_Doc):
    """The lead coordinator's final report (§5 Seção 7)."""

    status: StatusConsolidacao
    objetivo_alcancado: bool
    resposta_pre_estruturada: RespostaPreEstruturada
    limitacoes_encontradas: list[Limitacao] = Field(default_factory=list)
    recomendacoes_adicionais: list[str] = Field(default_factory=list)
    proximos_passos_sugeridos: list[str] = Field(default_factory=list)
    metadados_execucao: MetadadosExecucao
    recursos_consumidos: RecursosConsumidos
    cobertura: RequisitosCobertura | None = None
    """What the final answer must cover (`final_answer.validate_answer`); None: no check."""


class ConsolidationCore(_Doc):
    """What a model writes when it consolidates: the parts that need judgement. Execution
    metadata and resources are facts the framework knows; a model never makes them up."""

    status: StatusConsolidacao
    objetivo_alcancado: bool
    resposta_pre_estruturada: RespostaPreEstruturada
    limitacoes_encontradas: list[Limitacao] = Field(default_factory=list)
    recomendacoes_adicionais: list[str] = Field(default_factory=list)
    proximos_passos_sugeridos: list[str] = Field(default_factory=list)


# ---------------------------------------------------------------- final answer (§8)


class FinalAnswer(_Doc):
    """What the user receives, plus what telemetry keeps about how it was produced."""

    resposta_ao_usuario: str
    tom_usado: Literal["consultivo", "educativo", "tecnico"] = "consultivo"
    missao_id: str
    coordenador: str
    status: StatusConsolidacao
    origem: Literal["modelo", "modelo_regenerado", "modelo_fallback_coordenador", "template"]
    """How the text was produced (§8 Etapas 4–5; "template" is the offline synthesis)."""
    regeneracoes: int = 0
    consolidacao: Consolidation
    timeline: list[str] = Field(default_factory=list)
    """Progress lines of the mission, as the user saw them stream."""
    operacoes: list[ExecutorCall] = Field(default_factory=list)
    """Every operation the lead ran (agent, what about, wave, success, fallback)."""
    orcamento: OrcamentoRecursos | None = None
    """The budgets and what the bus accounted against them when the mission closed."""
    usage: Usage = Field(default_factory=Usage)
    """Model usage of the whole mission, for the chat turn (`missions/usage.py`)."""


__all__ = [
    "Calculo",
    "Comparacao",
    "Consolidation",
    "ConsolidationCore",
    "DadoSuporte",
    "FallbackUsado",
    "FinalAnswer",
    "Impacto",
    "JustificativaEscolha",
    "Limitacao",
    "MetadadosExecucao",
    "MissionPackage",
    "OrcamentoConsumo",
    "OrcamentoRecursos",
    "RecursosConsumidos",
    "RequisitosCobertura",
    "RespostaPreEstruturada",
    "RestricoesHard",
    "StatusConsolidacao",
    "TipoLimitacao",
]
