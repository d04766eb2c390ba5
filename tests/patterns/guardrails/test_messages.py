"""The pt-BR answers for blocked messages."""

from __future__ import annotations

from switchboard.patterns.guardrails import (
    BLOCK_MESSAGE,
    SELF_HARM_MESSAGE,
    GuardVerdict,
    message_for,
)


def test_safe_has_no_message() -> None:
    assert message_for(GuardVerdict("SAFE")) is None


def test_self_harm_gets_the_caring_answer_with_cvv_and_samu() -> None:
    text = message_for(GuardVerdict("UNSAFE", "self_harm"))
    assert text == SELF_HARM_MESSAGE
    for needed in ("CVV", "188", "24 horas", "cvv.org.br", "192", "SAMU"):
        assert needed in text


def test_block_message_is_polite_and_says_what_the_assistant_can_do() -> None:
    for category in ("violence", "harassment_sexual", None):
        assert message_for(GuardVerdict("UNSAFE", category)) == BLOCK_MESSAGE
    assert "Sisu" in BLOCK_MESSAGE and "Prouni" in BLOCK_MESSAGE
    fraud = message_for(GuardVerdict("UNSAFE", "fraud"))
    assert fraud is not None and "renda" in fraud
