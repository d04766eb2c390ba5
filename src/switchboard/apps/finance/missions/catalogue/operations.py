"""The math executor's catalogue operations, one per question kind: name, typed parameters,
typed result, how to compute it. The contracts (`contracts.py`), the executor (`executors.py`)
and the hosted coordinators' tools (`hosted_tools.py`) are all built from this table."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from switchboard.apps.finance.data_access import DataAccess
from switchboard.apps.finance.missions.catalogue import compute, compute_debts
from switchboard.apps.finance.missions.catalogue.kinds import QuestionKind
from switchboard.apps.finance.missions.catalogue.params import (
    AposentadoriaParams,
    ComprarAlugarParams,
    ContaParams,
    DiagnosticoParams,
    DividasParams,
    FinanciamentoParams,
    InvestimentosParams,
    MetaParams,
    ReservaParams,
)
from switchboard.apps.finance.missions.catalogue.results import (
    AposentadoriaResultado,
    ComprarAlugarResultado,
    ContaResultado,
    DiagnosticoResultado,
    DividasResultado,
    FinanciamentoResultado,
    InvestimentosResultado,
    MetaResultado,
    ReservaResultado,
)

Compute = Callable[[Any, DataAccess, str], Awaitable[BaseModel]]


@dataclass(frozen=True, slots=True)
class CatalogueOperation:
    name: str
    kind: QuestionKind
    description: str
    """pt-BR, one line (contracts document, tool description)."""
    params: type[BaseModel]
    result: type[BaseModel]
    run: Compute
    example: dict[str, Any]
    """A request as the contracts document it (§3.1: "incluir exemplos de uso")."""
    reads_ledger: bool = False


def _pure(fn: Callable[[Any], BaseModel]) -> Compute:
    async def run(params: Any, data: DataAccess, user_id: str) -> BaseModel:
        return fn(params)

    return run


OPERATIONS: tuple[CatalogueOperation, ...] = (
    CatalogueOperation(
        "analisar_financiamento",
        QuestionKind.FINANCIAMENTO,
        "PRICE e/ou SAC com a taxa, o prazo e a entrada do usuário: primeira e última parcela, "
        "uma parcela k, total de juros, se cabe na renda",
        FinanciamentoParams,
        FinanciamentoResultado,
        _pure(compute.financing),
        {
            "valor_bem": "400000.00",
            "entrada": "80000.00",
            "taxa_mensal": "0.009",
            "meses": 360,
            "sistemas": ["price", "sac"],
        },
    ),
    CatalogueOperation(
        "comparar_investimentos",
        QuestionKind.INVESTIMENTOS,
        "CDB (% do CDI), LCI/LCA, Tesouro Selic/IPCA+/Prefixado e poupança no mesmo prazo, "
        "líquidos do IR regressivo; equivalência LCI/LCA → CDB",
        InvestimentosParams,
        InvestimentosResultado,
        _pure(compute.investments),
        {
            "valor": "20000.00",
            "dias": 730,
            "opcoes": [{"produto": "cdb", "pct_cdi": "110"}, {"produto": "lci", "pct_cdi": "90"}],
            "cdi_anual": "0.1065",
        },
    ),
    CatalogueOperation(
        "analisar_dividas",
        QuestionKind.DIVIDAS,
        "Quanto a dívida vira, prazo para quitar, trocar por crédito mais barato (consignado, "
        "portabilidade), usar o 13º (avalanche ou amortização)",
        DividasParams,
        DividasResultado,
        _pure(compute_debts.debts),
        {
            "operacao": "trocar",
            "dividas": [
                {
                    "tipo": "cheque_especial",
                    "saldo": "10000.00",
                    "taxa_mensal": "0.08",
                    "parcelas_restantes": 24,
                }
            ],
            "nova_taxa_mensal": "0.018",
            "novo_tipo": "consignado",
        },
    ),
    CatalogueOperation(
        "planejar_meta",
        QuestionKind.META,
        "Aporte mensal para uma meta, tempo até a meta, ou juntar x financiar",
        MetaParams,
        MetaResultado,
        _pure(compute.goal),
        {"operacao": "aporte", "alvo": "50000.00", "meses": 48, "taxa_mensal": "0.008"},
    ),
    CatalogueOperation(
        "planejar_aposentadoria",
        QuestionKind.APOSENTADORIA,
        "Aporte mensal, tempo até o valor, quanto terei, quanto tempo o dinheiro dura",
        AposentadoriaParams,
        AposentadoriaResultado,
        _pure(compute.retirement),
        {
            "operacao": "aporte",
            "idade_atual": 30,
            "idade_alvo": 60,
            "alvo": "1500000.00",
            "taxa_mensal": "0.005",
        },
    ),
    CatalogueOperation(
        "comprar_ou_alugar",
        QuestionKind.COMPRAR_ALUGAR,
        "Custo mensal de ter (oportunidade, juros, depreciação) x aluguel ou assinatura",
        ComprarAlugarParams,
        ComprarAlugarResultado,
        _pure(compute.buy_or_rent),
        {"valor_bem": "500000.00", "aluguel": "2000.00", "rendimento_mensal": "0.008"},
    ),
    CatalogueOperation(
        "reserva_emergencia",
        QuestionKind.RESERVA,
        "Reserva de N meses das despesas (informadas ou do livro-caixa) e em quanto tempo "
        "montá-la com a sobra",
        ReservaParams,
        ReservaResultado,
        compute.emergency,
        {"meses_reserva": 6, "mes_referencia": "novembro", "guardar_sobra": True},
        reads_ledger=True,
    ),
    CatalogueOperation(
        "diagnosticar_gastos",
        QuestionKind.DIAGNOSTICO,
        "Gastos por categoria e subcategoria num período (livro-caixa) e cortes concretos",
        DiagnosticoParams,
        DiagnosticoResultado,
        compute.diagnosis,
        {"periodo": "outubro"},
        reads_ledger=True,
    ),
    CatalogueOperation(
        "conta_rapida",
        QuestionKind.CONTA,
        "Conta com os números do usuário: total de N parcelas, parcela sem juros, à vista x "
        "parcelado (juros embutidos; valor presente das parcelas com o rendimento do usuário), "
        "valor mensal num período, percentual, soma, diferença, quanto tempo uma quantia dura, "
        "juro real acima da inflação, rateio entre pessoas (a parte, no período, a economia), "
        "sobra de renda menos gastos num período ou até uma meta",
        ContaParams,
        ContaResultado,
        _pure(compute.quick),
        {"operacao": "parcelas_total", "a": "89.90", "n": 12},
    ),
)
BY_NAME = {op.name: op for op in OPERATIONS}
BY_KIND = {op.kind: op for op in OPERATIONS}

__all__ = ["BY_KIND", "BY_NAME", "OPERATIONS", "CatalogueOperation"]
