"""Memory tiers: the episodic window, the capped cumulative summary, labels, redaction."""

from __future__ import annotations

from datetime import UTC, datetime

from switchboard.apps.finance.memory import (
    SUMMARY_CAP,
    WINDOW,
    build_context,
    summarize_overflow,
)
from switchboard.apps.finance.state import FinanceState
from switchboard.core.messages import Message
from switchboard.store.base import StoredMessage

T0 = datetime(2026, 11, 20, tzinfo=UTC)


def _history(n: int, text: str = "Mensagem {i}. Detalhe que some.") -> list[StoredMessage]:
    return [
        StoredMessage.of(
            Message("user" if i % 2 == 0 else "assistant", text.format(i=i)),
            id=f"m{i}",
            session_id="s",
            seq=i + 1,
            created_at=T0,
        )
        for i in range(n)
    ]


def test_messages_leaving_the_window_are_summarised_extractively() -> None:
    history = _history(6)
    summary, upto = summarize_overflow(FinanceState(), history)
    assert upto == 2
    assert summary == "Usuário: Mensagem 0. | Assistente: Mensagem 1."
    context = build_context(FinanceState(summary=summary, summarized=upto), history, {})
    assert len(context.recent) == WINDOW
    assert context.recent[0] == "Usuário: Mensagem 2. Detalhe que some."


def test_the_summary_is_cumulative_and_capped() -> None:
    state = FinanceState()
    history: list[StoredMessage] = []
    for n in range(10, 400, 10):
        history = _history(n, "Mensagem longa número {i} " + "x" * 60 + ".")
        summary, upto = summarize_overflow(state, history)
        state = FinanceState(summary=summary, summarized=upto)
    assert len(state.summary) <= SUMMARY_CAP
    assert state.summary.endswith("número 385 " + "x" * 60 + ".")  # newest kept, oldest dropped
    assert "número 0 " not in state.summary


def test_cpf_and_card_never_enter_summary_working_memory_or_profile() -> None:
    history = _history(
        6, "Meu CPF é 529.982.247-25 e o cartão 4111 1111 1111 1111, paguei R$ 89,90."
    )
    summary, _ = summarize_overflow(FinanceState(), history)
    state = FinanceState(summary=summary, working={"nota": "cpf 529.982.247-25"})
    context = build_context(state, history, {"cartao": "4111 1111 1111 1111"})
    rendered = context.render()
    assert "529.982.247-25" not in rendered and "4111 1111 1111 1111" not in rendered
    assert "R$ 89,90" in rendered
    for label in ("## Memória de trabalho", "## Memória episódica", "## Perfil do usuário"):
        assert label in rendered


def test_lancamento_reads_only_working_memory() -> None:
    history = _history(6)
    context = build_context(
        FinanceState(summary="algo", working={"k": "v"}), history, {"a": "b"}, read=False
    )
    assert context.recent == [] and context.summary == "" and context.profile == {}
    assert context.working == {"k": "v"}
