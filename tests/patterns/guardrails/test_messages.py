"""The pt-BR answers for blocked messages: one per category, each with what it must say."""

from __future__ import annotations

import pytest

from switchboard.patterns.guardrails import (
    BLOCK_MESSAGE,
    CATEGORY_MESSAGES,
    GUARD_CATEGORIES,
    IMMEDIATE_DANGER_MESSAGE,
    SELF_HARM_MESSAGE,
    GuardCategory,
    GuardVerdict,
    message_for,
)


def test_safe_has_no_message() -> None:
    assert message_for(GuardVerdict("SAFE")) is None


def test_every_category_has_its_own_answer() -> None:
    assert set(CATEGORY_MESSAGES) == set(GUARD_CATEGORIES)
    for category in GUARD_CATEGORIES:
        assert message_for(GuardVerdict("UNSAFE", category)) == CATEGORY_MESSAGES[category]


def test_self_harm_gets_the_caring_answer_with_cvv_and_samu() -> None:
    text = message_for(GuardVerdict("UNSAFE", "self_harm"))
    assert text == SELF_HARM_MESSAGE
    for needed in ("CVV", "188", "24 horas", "cvv.org.br", "192", "SAMU"):
        assert needed in text


def test_immediate_danger_leads_with_samu_then_cvv() -> None:
    text = message_for(GuardVerdict("UNSAFE", "immediate_danger"))
    assert text == IMMEDIATE_DANGER_MESSAGE
    first_sentence = text.split(".")[0]
    assert "SAMU" in first_sentence and "192" in first_sentence
    assert text.index("192") < text.index("188")
    assert "CVV" in text and "cvv.org.br" in text


def test_sexual_content_with_minors_is_a_firm_refusal_not_the_cvv_text() -> None:
    text = message_for(GuardVerdict("UNSAFE", "sexual_minors"))
    assert text is not None and text.startswith("Não.")
    assert "crianças ou adolescentes" in text
    assert "188" not in text and "CVV" not in text


def test_privacy_refuses_and_says_only_the_students_own_data() -> None:
    text = message_for(GuardVerdict("UNSAFE", "privacy"))
    assert text is not None
    assert "Não posso compartilhar dados de outras pessoas" in text
    assert "seus próprios dados" in text


def test_eligibility_fraud_explains_rules_consequences_and_the_legitimate_path() -> None:
    text = message_for(GuardVerdict("UNSAFE", "eligibility_fraud"))
    assert text is not None
    for needed in ("histórico escolar", "renda per capita", "perda da vaga", "caminho certo"):
        assert needed in text


@pytest.mark.parametrize("category", [None, "violence", "sexual"])
def test_block_message_is_polite_and_says_what_the_assistant_can_do(
    category: GuardCategory | None,
) -> None:
    assert message_for(GuardVerdict("UNSAFE", category)) == BLOCK_MESSAGE
    assert "Sisu" in BLOCK_MESSAGE and "Prouni" in BLOCK_MESSAGE


def test_no_refusal_but_the_crisis_answers_mentions_the_cvv() -> None:
    crisis = {GuardCategory.SELF_HARM, GuardCategory.IMMEDIATE_DANGER}
    for category, text in CATEGORY_MESSAGES.items():
        assert ("188" in text) == (category in crisis), category
