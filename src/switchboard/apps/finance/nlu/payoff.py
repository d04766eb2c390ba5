"""A debt's payoff time asked with its own numbers: "peguei 10 mil emprestado a 2,5% a.m. e pago
600 por mês, quando termino de pagar?".

The shape is three things in one message: a rate (the debt's), an instalment the user pays every
month, and a question about how long, when or how much until the debt ends. Whatever tense the
debt is told in ("peguei", "fiz um empréstimo", "financiei", "devo"), this is a computation over
the user's numbers (months to pay off), never an entry to record and never a ledger lookup:
Junior sends it to the orchestrator and the catalogue reads it as a debt (`prazo_quitacao`).

Shared by the triage rules and the catalogue classifier so both read the same shape. Runs on
folded text (`nlu.text.fold`), numbers in words already digitised where the caller does so.
"""

from __future__ import annotations

import re

__all__ = ["asks_payoff_time"]

_RATE = re.compile(
    r"\d+(?:[.,]\d+)?\s*(?:%|por\s*cento)"
    r"|\d+(?:[.,]\d+)?\s*(?:a\.?\s?m\b\.?|ao\s+mes\b|am\b)"
)
_MONTHLY = r"(?:por\s+mes|ao\s+mes|mensa(?:l|is)|todo\s+mes|cada\s+mes|/\s?mes|p/\s?mes|\bpm\b)"
_AMOUNT = r"(?:r\$\s*)?\d[\d.,]*\s*(?:mil\b|k\b|reais\b|conto\b|pila\b)?"
_PAYMENT = re.compile(
    # "pago 600 por mês", "pagando 900/mês", "dá pra pagar 500 mensais"
    r"\b(?:pago|pagando|pagar|pagaria|pagarei|vou pagar|consigo pagar|dou|dando|boto|botando)"
    rf"\s+(?:uns\s+|umas\s+|so\s+|só\s+|mais\s+ou\s+menos\s+)?{_AMOUNT}\s*(?:de\s+\w+\s+)?{_MONTHLY}"
    # "parcela de 600", "prestação de 480 por mês", "parcelas de 350"
    rf"|\b(?:parcelas?|prestac(?:ao|oes))\s+(?:mensa(?:l|is)\s+)?(?:de\s+)?{_AMOUNT}"
)
_ASK = re.compile(
    r"\bquando\s+(?:(?:eu|que)\s+)?(?:vou\s+)?(?:termin\w*|acab\w*|quit\w*|zer\w*|fico\s+livre"
    r"|me\s+livro|livro|paro\s+de\s+pagar|saio)"
    r"|\b(?:em\s+)?quanto\s+tempo\b|\bquantos\s+meses\b|\bquantas\s+(?:parcelas|prestacoes)\b"
    r"|\bquantas\s+faltam\b|\bfico\s+livre\b|\bme\s+livr\w*\b|\bzer(?:o|ar)\b"
    r"|\b(?:termino|acabo|paro)\s+de\s+pagar\b|\bquito\b|\bquitar\b|\bquita\b"
    r"|\bquanto\s+(?:eu\s+)?(?:vou\s+)?pag\w*\s+(?:de\s+juros|no\s+total|ao\s+todo|no\s+fim)"
    r"|\bquanto\s+(?:falta|faltam)\b|\bate\s+quando\b|\bqual\s+o\s+prazo\b"
)
_SAVING = re.compile(
    r"\b(?:guard\w*|junt(?:ar|o|ando)|poup\w*|invist\w*|invest\w*|aplic\w*|aport\w*|acumul\w*"
    r"|rend\w*|cheg(?:ar|o)\s+a|meta)\b"
)
"""A saving plan ("guardando 500 por mês a 1%, em quanto tempo chego a 50 mil?") is a goal."""


def asks_payoff_time(folded: str) -> bool:
    """True when `folded` states a rate and a monthly instalment and asks when / how long /
    how much until the debt is paid off (see the module docstring)."""
    return bool(
        _RATE.search(folded)
        and _PAYMENT.search(folded)
        and _ASK.search(folded)
        and not _SAVING.search(folded)
    )
