"""Arbitrary text never crashes the NLU: it yields a draft, a query or a clarification."""

from __future__ import annotations

from datetime import date

from hypothesis import given, settings
from hypothesis import strategies as st

from switchboard.apps.finance.nlu import (
    LedgerQuery,
    NeedsClarification,
    clarifying_question,
    confirmation,
    extract_transaction,
    find_amounts,
    is_cancel,
    missing_fields,
    parse_query,
    resolve_date,
    resolve_period,
)

TODAY = date(2026, 11, 23)
_PIECES = st.sampled_from(
    [
        "gastei", "paguei", "recebi", "vou pagar", "R$", "1.234,56", "10x", "de", "entrada", "e",
        "resto", "em", "mil", "k", "conto", "dia", "31", "02", "/", "sexta", "passada", "mercado",
        "99", "cartão", "financiei", "ontem", "últimos", "3", "meses", "quanto", "maior", "esquece",
        "á", "ç", ",", ".", "0", "00", "vezes", "de entrada", "parcelei", "emprestado", "peguei",
        "9,50", "2026", "por", "camisas", "no", "pix", "do cartão", "fatura", "a", "15/03",
    ]
)  # fmt: skip
_MESSAGES = st.one_of(
    st.text(max_size=80),
    st.lists(_PIECES, max_size=14).map(" ".join),
)


@settings(max_examples=150, deadline=None, derandomize=True)
@given(_MESSAGES)
def test_never_crashes(text: str) -> None:
    draft = extract_transaction(text, TODAY)
    missing_fields(draft)
    clarifying_question(draft)
    if not missing_fields(draft):
        assert confirmation(draft, None, TODAY).startswith("Registrado!")
    merged = extract_transaction(text, TODAY, history_hint=draft)
    missing_fields(merged)
    assert isinstance(parse_query(text, TODAY), LedgerQuery | NeedsClarification)
    for amount in find_amounts(text):
        assert amount.value >= 0
    resolve_date(text, TODAY)
    resolve_period(text, TODAY)
    is_cancel(text)
