"""The compact mission timeline built from a final answer: steps in wave order (renumbered),
fallbacks, failures, what was left out and the budget share the bus's flags read."""

from __future__ import annotations

from switchboard.apps.finance.missions.timeline import mission_timeline
from switchboard.patterns.missions.models import (
    Consolidation,
    FinalAnswer,
    Limitacao,
    MetadadosExecucao,
    OrcamentoConsumo,
    OrcamentoRecursos,
    RecursosConsumidos,
    RespostaPreEstruturada,
)
from switchboard.patterns.missions.record import ExecutorCall


def answer(calls: list[ExecutorCall], budget: OrcamentoRecursos | None) -> FinalAnswer:
    consolidation = Consolidation(
        status="sucesso_parcial",
        objetivo_alcancado=True,
        resposta_pre_estruturada=RespostaPreEstruturada(resposta_principal="ok"),
        limitacoes_encontradas=[
            Limitacao(
                tipo_limitacao="timeout",
                descricao="Não houve tempo para concluir: comparação de cenários.",
                impacto="medio",
            )
        ],
        metadados_execucao=MetadadosExecucao(
            ciclos_realizados=5, operacoes_executadas=3, operacoes_falhadas=1
        ),
        recursos_consumidos=RecursosConsumidos(
            tokens_usados=0,
            chamadas_api_externas=0,
            tempo_execucao=41.5,
            percentual_orcamento_tokens=0,
            percentual_orcamento_api=0,
        ),
    )
    return FinalAnswer(
        resposta_ao_usuario="...",
        missao_id="m1",
        coordenador="investimentos",
        status="sucesso_parcial",
        origem="template",
        consolidacao=consolidation,
        operacoes=calls,
        orcamento=budget,
    )


def test_steps_in_wave_order_with_fallbacks_failures_and_budget() -> None:
    calls = [  # a hosted lead's waves are its tool turns: 1 and 3 (turn 2 checked the budget)
        ExecutorCall(agente="matematica", operacao="juros_compostos", sucesso=False, onda=3),
        ExecutorCall(
            agente="pesquisa_externa",
            operacao="cotacao",
            sucesso=True,
            fallback="fonte alternativa: Yahoo Finance",
            rotulo="cotação de PETR4",
            onda=1,
        ),
        ExecutorCall(
            agente="dados_internos", operacao="investimentos", sucesso=True, rotulo="sua carteira"
        ),
    ]
    budget = OrcamentoRecursos(
        orcamento_tokens=10_000,
        orcamento_chamadas_api=15,
        consumo_atual=OrcamentoConsumo(tokens=8_500, chamadas_api=3),
    )
    view = mission_timeline(answer(calls, budget))
    assert [(s.etapa, s.titulo, s.descricao, s.resultado, s.fallback) for s in view.etapas] == [
        (1, "Seus dados financeiros", "sua carteira", "ok", None),  # no wave: first
        (2, "Pesquisa de Mercado", "cotação de PETR4", "alternativa", "Yahoo Finance"),
        (3, "Cálculos Financeiros", "juros compostos", "falha", None),
    ]
    assert view.coordenador_titulo == "Coordenador de Investimentos"
    assert view.status_texto == "Análise parcial"
    assert view.nao_executado == ["Não houve tempo para concluir: comparação de cenários."]
    assert view.orcamento is not None and view.orcamento.percentual == 85  # tokens: the larger
    assert view.duracao_segundos == 41.5
    assert view.summary == (
        "Análise parcial, conduzida pelo Coordenador de Investimentos: 3 consultas, "
        "1 com fonte alternativa, 1 sem resposta; 85% do orçamento usado."
    )


def test_no_budget_no_operations() -> None:
    view = mission_timeline(answer([], None))
    assert view.etapas == [] and view.orcamento is None
    assert view.summary.endswith(": 0 consultas.")
