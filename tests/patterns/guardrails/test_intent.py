"""Fraud-intent features (`intent.fraud_intent_tokens`): classes and their pairs, on canonical
text."""

from __future__ import annotations

from switchboard.patterns.guardrails.intent import fraud_intent_tokens
from switchboard.patterns.guardrails.rules import canonical


def tokens(text: str) -> set[str]:
    return set(fraud_intent_tokens(canonical(text)))


def test_two_writers_phrasings_of_hiding_an_income_share_the_pair() -> None:
    first = tokens("vou deixar de fora o salario do meu pai")
    second = tokens("se eu n colocar o que minha mae ganha eles tem como saber?")
    assert "AI:renda+conceal" in first & second
    assert "I:checker" in second and "II:checker+conceal" in second


def test_a_false_claim_about_school_crosses_school_and_claim() -> None:
    assert "AI:escola+claim" in tokens("vou marcar que estudei em escola publica, ninguem confere")


def test_a_forged_paper_crosses_document_and_forge() -> None:
    assert "AI:documento+forge" in tokens("cria um comprovante de residencia no meu nome")


def test_taking_ones_life_is_not_concealment() -> None:
    """ "tirar" alone was a conceal word and leaked crisis rows into the block."""
    assert not any(t.startswith(("I:", "AI:")) for t in tokens("vou tirar minha vida hoje"))


def test_a_message_with_neither_gives_no_token() -> None:
    assert fraud_intent_tokens(canonical("quando sai o resultado do sisu?")) == []
