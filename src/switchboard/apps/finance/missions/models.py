"""The typed documents of a mission (package §3, consolidation §5 Seção 7, final answer §8).

Re-exported from `patterns/missions/models.py`, where the generic documents live (issue 23), for
the finance catalogue's imports.
"""

from switchboard.patterns import (
    Calculo,
    Comparacao,
    Consolidation,
    ConsolidationCore,
    DadoSuporte,
    FallbackUsado,
    FinalAnswer,
    Impacto,
    JustificativaEscolha,
    Limitacao,
    MetadadosExecucao,
    MissionPackage,
    OrcamentoConsumo,
    OrcamentoRecursos,
    RecursosConsumidos,
    RequisitosCobertura,
    RespostaPreEstruturada,
    RestricoesHard,
    StatusConsolidacao,
    TipoLimitacao,
)

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
