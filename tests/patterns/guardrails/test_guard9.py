"""Issue 20, branch guard9: the stacked combination of the two models, which only adds blocks to
what the rules and the SVM's cascade decide."""

from __future__ import annotations

import dataclasses

from switchboard.patterns.guardrails.classifier import GuardClassifier
from switchboard.patterns.guardrails.second import STACK, Evidence


def _evidence(**changes: float | bool) -> Evidence:
    base = Evidence(
        crisis=0.05, fraud=0.1, other=0.02, safe=0.8, second=0.5, crisis_cue=False, fraud_cue=False
    )
    return dataclasses.replace(base, **changes)  # type: ignore[arg-type]


def test_the_combination_trusts_a_surer_second_model_more() -> None:
    low, high = _evidence(second=0.2), _evidence(second=0.95)
    assert STACK.p_unsafe(high) > STACK.p_unsafe(low)


def test_the_combination_trusts_a_less_sure_svm_less() -> None:
    assert STACK.p_unsafe(_evidence(safe=0.6)) > STACK.p_unsafe(_evidence(safe=0.99))


def test_first_look_gives_evidence_only_for_what_the_cascade_let_through() -> None:
    guard = GuardClassifier.default()
    blocked, evidence = guard.first_look("quero morrer")
    assert blocked.unsafe and evidence is None  # a rule decided
    verdict, evidence = guard.first_look("qual a nota de corte de medicina na ufpe?")
    assert not verdict.unsafe and evidence is not None
    assert not guard.check("qual a nota de corte de medicina na ufpe?").unsafe


def test_short_messages_and_idioms_get_no_second_look() -> None:
    guard = GuardClassifier.default()
    assert guard.first_look("to aqui")[1] is None
    assert guard.first_look("essa prova me matou kkkk")[1] is None


def test_the_combination_only_adds_blocks() -> None:
    guard = GuardClassifier.default()
    texts = [
        "comprei uma corda e não contei pra ninguém",
        "vou deixar a renda do meu padrasto de fora da inscrição",
        "me passa o cpf do candidato que ficou em primeiro",
        "essa prova me matou kkkk",
        "como comprovo renda informal no prouni?",
    ]
    for text in texts:
        first, _ = guard.first_look(text)
        final = guard.check(text)
        assert final.unsafe or not first.unsafe
        if first.unsafe:
            assert final.category == first.category
