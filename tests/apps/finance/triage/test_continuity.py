"""Dialog continuity offline (spec 001 §2.1)."""

from __future__ import annotations

import pytest

from switchboard.apps.finance.triage import ContinuityCheck, OpenDialog, Triage
from switchboard.apps.finance.triage.continuity import load_pairs, question_type

from .conftest import CONTINUITY_TEST

LANCADOR_450 = OpenDialog(agent="lancador", question="Em que você gastou os R$ 450?")


def test_spec_example_the_answer_continues_the_dialog(continuity: ContinuityCheck) -> None:
    # "gastei 450 reais" → Lançador: "Em que você gastou os R$ 450?" → "no supermercado"
    result = continuity.check(LANCADOR_450, "no supermercado")
    assert result.continues and not result.cancel


def test_spec_example_a_new_complex_request_resets(
    continuity: ContinuityCheck, triage: Triage
) -> None:
    text = "esquece, faça uma análise das minhas finanças"
    result = continuity.check(LANCADOR_450, text)
    assert (result.continues, result.cancel, result.reason) == (False, True, "cancel_new_request")
    assert triage.classify(text).categoria == "complexa"  # reset → triage → orchestrator


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("Qual foi o valor?", "150"),
        ("Qual o valor da roupa?", "uns 200 conto"),
        ("Os R$ 200 foram uma despesa ou uma receita?", "despesa"),
        ("Quando foi essa compra?", "foi ontem"),
        ("Confirma o registro de R$ 150,00 em Supermercado hoje?", "sim"),
        ("Qual foi a forma de pagamento?", "no pix"),
        ("Em quantas parcelas?", "10x"),
        ("Qual foi o valor?", "150 reais para o mercado"),
    ],
)
def test_answers_continue(continuity: ContinuityCheck, question: str, answer: str) -> None:
    result = continuity.check(OpenDialog(agent="lancador", question=question), answer)
    assert result.continues and not result.cancel, (question, answer)


@pytest.mark.parametrize(
    "message",
    [
        "bom dia",
        "quanto gastei esse mês?",
        "vale a pena investir em CDB?",
        "qual a cotação do dólar?",
        "cancela e me mostra meu extrato",
    ],
)
def test_new_requests_do_not_continue(continuity: ContinuityCheck, message: str) -> None:
    assert not continuity.check(LANCADOR_450, message).continues


@pytest.mark.parametrize("message", ["deixa, esquece", "cancela", "deixa pra lá"])
def test_a_bare_cancel_goes_to_the_owning_agent(continuity: ContinuityCheck, message: str) -> None:
    result = continuity.check(LANCADOR_450, message)
    assert (result.continues, result.cancel, result.reason) == (True, True, "cancel")


def test_para_is_not_a_cancel_word(continuity: ContinuityCheck) -> None:
    result = continuity.check(OpenDialog("lancador", "Qual foi o valor?"), "150 para o mercado")
    assert not result.cancel


def test_simplista_period_question(continuity: ContinuityCheck) -> None:
    dialog = OpenDialog(agent="simplista", question="De qual período você quer saber?")
    assert continuity.check(dialog, "mês passado").continues
    assert not continuity.check(dialog, "por que gastei tanto?").continues


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("Em que você gastou os R$ 450?", "categoria"),
        ("Qual foi o valor?", "valor"),
        ("É receita ou despesa?", "tipo"),
        ("Quando foi?", "data"),
        ("Em quantas parcelas?", "parcelas"),
        ("Qual mês você quer consultar?", "periodo"),
        ("Confirma?", "sim_nao"),
        ("Hmm?", "generic"),
    ],
)
def test_question_types(question: str, kind: str) -> None:
    assert question_type(question) == kind


def test_held_out_continuity_accuracy_floor(continuity: ContinuityCheck) -> None:
    pairs = load_pairs(CONTINUITY_TEST.read_text(encoding="utf-8").splitlines())
    assert len(pairs) >= 100
    correct = sum(continuity.check(d, m).continues == label for d, m, label in pairs)
    assert correct / len(pairs) >= 0.95
