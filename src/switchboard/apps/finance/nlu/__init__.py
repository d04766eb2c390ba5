"""Pure pt-BR NLU of the finance app: the Lançador's extraction and the Simplista's queries.

No store, no model, no I/O: functions of (text, today). The app wires them to the ledger, the
dialog mode and the hosted-model path (whose JSON output is validated as a `TransactionDraft`
and then goes through the same `classify_entry`).

Modules: `money` (amounts, BRL formatting), `dates` (dates, periods, São Paulo today),
`categories` (taxonomy, keyword categorisation), `cancel` (cancel words), `draft` (the draft
model), `extract` (offline extraction + multi-turn merge), `questions` (missing fields,
clarifying questions), `entry_class` (deterministic class, instalments), `confirm`
(confirmation sentence), `payload` (the classify command's `lancamento` JSON), `query`
(Simplista queries).
"""

from .cancel import is_cancel, split_cancel
from .categories import TAXONOMY, categorize, category_label, display_name, find_category
from .confirm import confirmation, described
from .dates import Period, is_future_tense, resolve_date, resolve_period, today_in_sao_paulo
from .draft import Kind, PaymentMethod, TransactionDraft
from .entry_class import EntryClass, classify_entry, split_installments
from .errors import FinanceNluError, InvalidInstallmentsError, NaiveDatetimeError
from .extract import extract_transaction, merge_answer
from .money import AmountMatch, find_amounts, format_brl, parse_amount
from .payload import LancamentoPayload, lancamento_payload
from .query import LedgerQuery, Metric, NeedsClarification, describe, parse_query
from .questions import clarifying_question, missing_fields, next_field

__all__ = [
    "TAXONOMY",
    "AmountMatch",
    "EntryClass",
    "FinanceNluError",
    "InvalidInstallmentsError",
    "Kind",
    "LancamentoPayload",
    "LedgerQuery",
    "Metric",
    "NaiveDatetimeError",
    "NeedsClarification",
    "PaymentMethod",
    "Period",
    "TransactionDraft",
    "categorize",
    "category_label",
    "clarifying_question",
    "classify_entry",
    "confirmation",
    "describe",
    "described",
    "display_name",
    "extract_transaction",
    "find_amounts",
    "find_category",
    "format_brl",
    "is_cancel",
    "is_future_tense",
    "lancamento_payload",
    "merge_answer",
    "missing_fields",
    "next_field",
    "parse_amount",
    "parse_query",
    "resolve_date",
    "resolve_period",
    "split_cancel",
    "split_installments",
    "today_in_sao_paulo",
]
