"""Secondary analysis and the orchestrator package (spec 001 §2)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from switchboard.apps.finance.triage import CandidatoCoordenador, OrchestratorPackage, analyse
from switchboard.apps.finance.triage.analysis import Dominio
from switchboard.apps.finance.triage.data import load_examples

from .conftest import SEEDS, TEST_SPLIT

DOMAINS = set(Dominio.__args__)  # type: ignore[attr-defined]


def test_the_spec_lists_seven_domains() -> None:
    assert len(DOMAINS) == 7


def test_flow_4_investment_decision() -> None:
    package = analyse("A Petrobras caiu 3% ontem, vale a pena comprar agora?")
    assert package.dominio == "investimentos_estrategia"
    assert package.prompts_orquestracao == ["investimentos_estrategia"]
    assert package.candidatos[0].nome == "investimentos"
    assert package.candidatos[0].score >= 80


def test_flow_5_mixed_domains_give_two_candidates() -> None:
    text = (
        "Quero comprar um carro de R$ 80.000, tenho R$ 20.000 guardados. Faz sentido financiar "
        "ou poupar mais? Também estou pensando em investir na bolsa."
    )
    package = analyse(text, resumo_contexto="Usuário conservador, renda de R$ 6 mil.")
    assert [c.nome for c in package.candidatos] == ["planejamento", "investimentos"]
    first, second = package.candidatos
    assert first.score > second.score > 0
    assert len(package.prompts_orquestracao) == 2
    assert package.query_original_usuario == text
    assert package.resumo_contexto == "Usuário conservador, renda de R$ 6 mil."


def test_spending_and_debt_go_to_personal_analysis() -> None:
    assert analyse("Como reduzir minhas dívidas?").candidatos[0].nome == (
        "analise_financeira_pessoal"
    )


def test_no_cue_falls_back_to_personal_analysis() -> None:
    package = analyse("hmm")
    assert package.dominio == "diagnostico_financeiro"
    assert [c.nome for c in package.candidatos] == ["analise_financeira_pessoal"]


def test_every_package_is_well_formed() -> None:
    rows = [r for r in load_examples(TEST_SPLIT) + load_examples(SEEDS) if r.label == "complexa"]
    for row in rows:
        package = analyse(row.text)
        assert 1 <= len(package.candidatos) <= 2 and 1 <= len(package.prompts_orquestracao) <= 2
        assert all(0 <= c.score <= 100 and c.justificativa for c in package.candidatos)
        assert set(package.prompts_orquestracao) <= DOMAINS
        assert package.prompts_orquestracao[0] == package.dominio


def test_lead_candidate_agrees_with_the_labels() -> None:
    names = {
        "analise": "analise_financeira_pessoal",
        "investimentos": "investimentos",
        "planejamento": "planejamento",
    }
    rows = [r for r in load_examples(TEST_SPLIT) if r.coordinator]
    agree = sum(analyse(r.text).candidatos[0].nome == names[r.coordinator] for r in rows)
    assert agree / len(rows) >= 0.8


def test_package_fields_and_validation() -> None:
    candidate = CandidatoCoordenador(nome="investimentos", score=90, justificativa="Ações.")
    package = OrchestratorPackage(
        query_original_usuario="q",
        dominio="investimentos_estrategia",
        prompts_orquestracao=["investimentos_estrategia"],
        candidatos=[candidate],
    )
    assert set(package.model_dump()) == {
        "query_original_usuario",
        "dominio",
        "dominio_secundario",
        "prompts_orquestracao",
        "candidatos",
        "resumo_contexto",
    }
    with pytest.raises(ValidationError):
        CandidatoCoordenador(nome="investimentos", score=101, justificativa="x")
    with pytest.raises(ValidationError):
        OrchestratorPackage(
            query_original_usuario="q",
            dominio="investimentos_estrategia",
            prompts_orquestracao=["investimentos_estrategia"],
            candidatos=[candidate, candidate],
        )
    low = CandidatoCoordenador(nome="planejamento", score=10, justificativa="x")
    with pytest.raises(ValidationError):  # best first
        OrchestratorPackage(
            query_original_usuario="q",
            dominio="investimentos_estrategia",
            prompts_orquestracao=["investimentos_estrategia"],
            candidatos=[low, candidate],
        )
    with pytest.raises(ValidationError):  # at most 2 prompts
        OrchestratorPackage(
            query_original_usuario="q",
            dominio="investimentos_estrategia",
            prompts_orquestracao=[
                "educacao_financeira",
                "diagnostico_financeiro",
                "investimentos_estrategia",
            ],
            candidatos=[candidate],
        )
