"""Two requests in one message: record something and ask something (issue 19).

"põe 30 de estacionamento e me diz quanto foi de carro no mês" records R$ 30 AND answers the
question; "quanto gastei de uber esse mês? anota mais 25 de uber hoje" the other way round.
`split_intents` cuts the message where a question starts (after a "?", or before "e me diz",
"e quanto", ", qual"...) and keeps the cut only when the offline triage reads one side as a
recording and the other as a query: a message that merely contains "e" and "quanto" stays one
message.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from switchboard.apps.finance.nlu.money import find_amounts
from switchboard.apps.finance.nlu.text import fold
from switchboard.apps.finance.nlu.what_if_sums import read_pace, read_swap
from switchboard.apps.finance.triage.classifier import Triage
from switchboard.apps.finance.triage.intent import RECORD_REQUEST, read_intent
from switchboard.apps.finance.triage.rules import states_habits, tells_act
from switchboard.apps.finance.triage.text import fold as triage_fold

_QUESTION_START = re.compile(
    r"(?:\s*[,;.]\s*|\s+)(?:e\s+)?(?:(?:ai|depois|tambem|agora|ja)\s+)?"
    r"(?=(?:me\s+(?:diz|diga|fala|fale|mostra|mostre|conta|passa|informa|manda)|quanto|quantos"
    r"|quantas|qual|quais|mostra|mostre|lista|ja\s+(?:passei|gastei|estourei|cheguei)"
    r"|passei\s+de|sera\s+que)\b)"
)
_AFTER_QUESTION = re.compile(r"\?\s*(?:e\s+)?(?=\w)")
_MIN_WORDS = 2


@dataclass(frozen=True, slots=True)
class Split:
    """The two parts of a record-and-ask message, in the user's words."""

    record: str
    query: str
    query_first: bool
    analysis: bool = False
    """The question is an analysis (the orchestrator's), asked about the payment just made
    ("paguei 500 do cartão, em quanto tempo eu quito?"): it gets the whole message."""


_PAYOFF_ASKED = re.compile(
    r"(?:\s*[,;.]\s*|\s+)(?:e\s+)?(?=(?:em\s+quanto\s+tempo|quanto\s+tempo|quando|em\s+quantos"
    r"\s+meses|quantos\s+meses)\s+(?:\w+\s+){0,2}(?:quito|quitar|termino|terminar|acabo|zero|zerar"
    r"|pago\s+tudo|me\s+livro)\b)"
)
_DEBT_PAID = re.compile(
    r"\b(?:paguei|pagamos|abati|amortizei)\b[^?]*\b(?:cartao|fatura|divida|emprestimo|financiamento"
    r"|cheque\s+especial|rotativo|consignado|parcela)\b"
)


def split_payoff(text: str, triage: Triage) -> Split | None:
    """A debt payment made now and the time to pay the rest off ("paguei 500 do cartão, em
    quanto tempo eu quito?"): the payment is recorded and the question analysed."""
    folded = fold(text)
    m = _PAYOFF_ASKED.search(folded)
    if m is None or m.start() == 0 or not _DEBT_PAID.search(folded, 0, m.start()):
        return None
    # only the clause of the payment is recorded: "faltam 3 mil a 12%", "pagando 500 por mês"
    # around it are the question's data (the mission reads the whole message)
    clauses = re.split(
        r"\s*[,;.]\s*|\s+e\s+(?=falta|faltam|pagando|devo|tenho|sobr)", text[: m.start()]
    )
    first = next((c.strip() for c in clauses if _DEBT_PAID.search(fold(c))), "")
    if not first or not _records(first) or triage.classify(first).categoria != "lancamento":
        return None
    return Split(first, text, query_first=False, analysis=True)


def _cuts(folded: str) -> list[tuple[int, int]]:
    """(end of the first part, start of the second) candidates, in order."""
    cuts = [(m.start(), m.end()) for m in _QUESTION_START.finditer(folded) if m.start() > 0]
    cuts += [(m.start() + 1, m.end()) for m in _AFTER_QUESTION.finditer(folded)]
    return sorted(cuts)


def split_intents(text: str, triage: Triage) -> Split | None:
    """The record part and the query part of `text`, or None when it is one request."""
    folded = fold(text)  # same length as `text`: the cuts index both
    cuts = _cuts(folded)
    if not cuts or triage.classify(text).categoria == "complexa":
        return None  # "Financiamento de 200 mil a 1,1% a.m. Qual a parcela?": one analysis
    if read_pace(text) is not None or read_swap(text) is not None:
        # "gastando 60 por semana no mercado, quanto vai em 6 meses?": one what-if sum, its
        # amounts are the question's data, never an entry
        return None
    for end, start in cuts:
        first, second = text[:end].strip(" ,;."), text[start:].strip()
        if len(first.split()) < _MIN_WORDS or len(second.split()) < _MIN_WORDS:
            continue
        a = _as_query(first, triage.classify(first).categoria)
        b = _as_query(second, triage.classify(second).categoria)
        if (a, b) == ("lancamento", "simplista") and _records(first):
            if _TAX_ASKED.search(fold(second)):
                # "vendi ações com lucro de 3 mil, quanto pago de IR?": the tax on what was
                # just told is asked, and the told money is the question's data
                return None
            if (_LEFT_ASKED.match(fold(second)) or _REFERS_BACK.search(fold(second))) and not (
                _moves(first)
            ):
                # "com um salário de 7 mil e gastos de 4.200, quanto sobra?", "netflix 55,90 e
                # spotify 21,90, quanto gasto no ano com isso?": the amounts are the question's
                return None
            return Split(first, second, query_first=False)
        if (a, b) == ("simplista", "lancamento") and _records(second):
            return Split(second, first, query_first=True)
    return None


_LEFT_ASKED = re.compile(
    r"^(?:e\s+)?(?:quanto|qto|qnto|o\s+que)\s+(?:me\s+|eu\s+)?(?:sobra|sobraria|resta|restaria"
    r"|fica|ficaria|vai\s+sobrar|vai\s+restar|vai\s+ficar)\b"
)
"""What is left is asked right after the amounts: with no movement said ("com um salário de 7
mil e gastos de 4.200, quanto sobra?"), the amounts are the question's data, not entries."""


_TAX_ASKED = re.compile(
    r"\b(?:ir|irpf|imposto|impostos|darf|carne[\s-]+leao|tributo|tributad[oa]|isent[oa]"
    r"|declarar|declaro|declaracao)\b"
)
"""The question is about the tax on the money just told (IR, DARF, declaring it): an
analysis of that money, never a ledger query next to a recording."""


_REFERS_BACK = re.compile(
    r"\b(?:com|de|em|por|d)\s*(?:isso|isto|esses|essas|estes|estas)\b|\bisso\s+tudo\b"
    r"|\btudo\s+isso\b|\b(?:esses|estes|essas|estas)\s+(?:valores|gastos|contas|custos|dois|duas"
    r"|tres)\b|\b(?:os|as)\s+(?:dois|duas|tres)\b"
)
"""The question points back at the amounts just said ("quanto dá no ano com isso?", "quanto
fica tudo isso por ano?"): they are its data, not notes to record — unless a verb said the
money moved ("paguei 50 de luz, e quanto deu com isso no mês?" records)."""


def _moves(part: str) -> bool:
    """The part says money moved ("recebi", "paguei") or asks for a recording ("anota")."""
    folded = triage_fold(part)
    return bool(tells_act(folded) or RECORD_REQUEST.search(folded))


_GUESS = re.compile(
    r"^(?:(?:eu\s+)?acho(?:\s+que)?|sei\s+la|talvez|chuto|chutaria|deve\s+(?:ser|dar|ter)"
    r"|uns|umas|por\s+volta\s+de|mais\s+ou\s+menos|tipo|se\s+nao\s+me\s+engano)\b"
)
"""Next to a question, a guess at its answer ("quanto gastei de uber? acho que uns 200"): the
user supposes a figure, nothing happened to record."""
_ASKS = re.compile(r"^(?:e\s+)?(?:quanto|quantos|quantas|qual|quais)\b")


def _as_query(part: str, categoria: str) -> str:
    """Next to a recording, "quanto dá tudo hoje?" asks about the user's data even where the
    triage alone reads small talk."""
    if categoria == "trivial" and _ASKS.match(fold(part)):
        return "simplista"
    return categoria


def _records(part: str) -> bool:
    """The part states something to record: an amount, and no question or plan. Next to a
    question, a part that ends in "?" asks too, even as a tag ("qnto gasto por mês de netflix?
    é 55,90 né?" checks a price, it records nothing); and money told as a present-tense habit
    ("ganho 3 mil e pago 1.000 de aluguel, quanto sobra?", "gasto uns 800 de mercado, …") is
    the question's data, not a movement (`states_habits`)."""
    if part.rstrip().endswith("?") or _GUESS.match(fold(part)):
        return False
    if states_habits(triage_fold(part)) and not RECORD_REQUEST.search(triage_fold(part)):
        return False
    return bool(find_amounts(part)) and read_intent(triage_fold(part)).intent == "registro"
