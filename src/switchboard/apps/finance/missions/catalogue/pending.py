"""An answer to the catalogue's ask: "quero financiar uma casa de 400 mil em 30 anos" → "Para
calcular…, preciso de: a taxa de juros. Me passa esses números?" → "0,8% ao mês, pela price".

The answer alone is not a question (no kind, no amount: the triage would call it a greeting or
a ledger note), so it is read against the question that was asked: the pending question is
re-run with the answer's values added — the question's own values kept, the answer's filling
what was missing; what is still missing is asked again. A message that changes subject (a
ledger entry, a data query, a greeting, a question of another kind) leaves the pending question
behind and goes to the triage; a question of the same kind complete with its own numbers ("devo
3.200 a 12% ao mês, quanto vira em 4 meses?") is answered as it is, never merged.

The pending question is read from the conversation itself (the stored messages, durable across
restarts): the orchestrator's last reply ends asking, and the user message it answered is a
catalogue question with something missing — or an answer to an earlier ask, merged the same
way, so answers accumulate over several asks. Nothing is kept in the process.

Merging is by text: the answer is appended to the question and the catalogue's own extractor
reads the whole ("…quanto fica a parcela? 0,8% ao mês"), so every phrasing it understands in a
question it understands in an answer. A bare number ("uns 0,9", "48", "uns 110") first gets the
unit of the one missing slot it can fill — a rate, a percentage of the CDI, a count of months —
read from the ask's own words ("a taxa de juros", "quantos % do CDI", "quantas parcelas").
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Literal

from switchboard import Message, MessageKind
from switchboard.apps.finance.missions.catalogue.extract import Question, extract, out_of_scope
from switchboard.apps.finance.missions.catalogue.quantities import scan
from switchboard.apps.finance.nlu import find_amounts, find_category
from switchboard.apps.finance.nlu.numwords import NUMBER_WORD, words_value
from switchboard.apps.finance.nlu.text import fold
from switchboard.apps.finance.triage import rules, venting
from switchboard.core import META_KIND

ASKER = "orquestrador"
"""The agent whose replies carry the catalogue's asks."""

_OTHER_SUBJECT = frozenset(
    {"greeting", "system", "market", "snapshot", "query", "own_data_question"}
)
"""Triage rules whose message is about something else whatever its numbers."""
_LEDGER = frozenset({"transaction", "bare_place", "amount_and_category", "bare_amount"})
"""Triage rules of a ledger entry: another subject unless the message states a rate or term,
or, short of a spending verb, its category word is the question's own subject."""
_WORD_PERCENT = re.compile(rf"\b({NUMBER_WORD}(?:\s+(?:e\s+)?{NUMBER_WORD})*)\s+(?=por\s+cento\b)")
"""A percentage said in words ("cento e dez por cento"): the number is written in digits."""
_UNIT_AFTER = re.compile(
    r"^\s*(?:%|por\s+cento|mil\b|k\b|reais|x\b|vezes|parcelas?|prestac|mes|ano|dia)"
)
_QUESTION = re.compile(
    r"\?|^\s*(?:e\s+)?(?:quanto|quantos|quantas|qual|quais|como|vale|compensa)\b"
)


@dataclass(frozen=True, slots=True)
class _Said:
    """One message of the conversation: the user's, or a reply (which may ask)."""

    user: bool
    text: str
    asks: bool = False


def _joined(said: list[_Said]) -> list[_Said]:
    """Consecutive replies as one (a turn that records and then asks: the Lançador's line,
    then the orchestrator's ask); it asks when its last part asks."""
    out: list[_Said] = []
    for message in said:
        if out and not message.user and not out[-1].user:
            out[-1] = _Said(False, out[-1].text + "\n\n" + message.text, message.asks)
        else:
            out.append(message)
    return out


def _from_messages(history: Sequence[Message]) -> list[_Said]:
    """The stored messages with text (blocked ones and notes left out); a reply asks when it is
    the orchestrator's and ends with a question."""
    return _joined(
        [
            _Said(
                m.role == "user",
                m.content,
                m.role == "assistant" and m.agent == ASKER and m.content.rstrip().endswith("?"),
            )
            for m in history
            if m.role in ("user", "assistant")
            and m.content.strip()
            and m.metadata.get(META_KIND) not in (MessageKind.BLOCKED, MessageKind.NOTE)
        ]
    )


def _from_context(context: str | None) -> list[_Said]:
    """The lines of a mission's context (`missions/context.py`: "Usuário: …", "Assistente:
    …", no agents): a reply asks when it ends with a question."""
    out: list[_Said] = []
    for line in (context or "").splitlines():
        who, _, text = line.partition(": ")
        if who in ("Usuário", "Assistente") and text.strip():
            out.append(_Said(who == "Usuário", text, text.rstrip().endswith("?")))
    return _joined(out)


def _incomplete(text: str) -> Question | None:
    """The catalogue question `text` asks when it lacks something (the planner asks then)."""
    if out_of_scope(text) is not None:
        return None
    question = extract(text)
    return question if question is not None and question.missing else None


def _resolve(said: Sequence[_Said]) -> tuple[list[str], str | None]:
    """Each user message as the question it stands for (an answer to an ask merged into the
    question asked), oldest first, and the question pending after the last reply."""
    questions: list[str] = []
    pending: str | None = None
    for i, message in enumerate(said):
        if not message.user:
            continue
        merged = _merge(pending, message.text) if pending is not None else None
        question = merged if merged is not None else message.text
        questions.append(question)
        reply = said[i + 1] if i + 1 < len(said) else None
        asked = reply is not None and not reply.user and reply.asks
        pending = question if asked and _incomplete(question) else None
    return questions, pending


def pending_question(history: Sequence[Message]) -> str | None:
    """The question (merged with the answers given so far) the assistant's last reply asked
    the missing numbers of, or None."""
    said = _from_messages(history)
    start = len(said)  # only the trailing run of asked questions matters
    while start >= 2 and said[start - 1].asks and said[start - 2].user:
        start -= 2
    return _resolve(said[start:])[1] if start < len(said) else None


def answer_to_pending(history: Sequence[Message], text: str) -> str | None:
    """The pending question re-stated with `text`'s values (what the mission should answer)
    when `text` answers the assistant's ask; None when nothing is pending or `text` changes
    subject."""
    pending = pending_question(history)
    return _merge(pending, text) if pending is not None else None


def resolved_questions(context: str | None) -> list[str]:
    """The user's messages in a mission's context as the questions they stand for, newest
    first: "e se fosse em 20 anos?" after an answered ask is about the merged question."""
    return _resolve(_from_context(context))[0][::-1]


def _merge(pending: str, text: str) -> str | None:
    question = _incomplete(pending)
    if question is None:
        return None
    subject = _subject(pending, question, text)
    if subject != "answer":
        return text if subject == "own" else None
    # a full stop between them: the extractor reads the words around a number up to one, and
    # "…comprar ou alugar um apartamento? 500 mil" must not read 500 mil as the rent
    merged_text = pending.rstrip().rstrip("?!.") + ". " + _typed(fold(text), question.missing)
    merged = extract(merged_text)
    if merged is None or merged.kind is not question.kind or merged.params == question.params:
        return None  # the message gave nothing the question uses
    return merged_text


def _subject(pending: str, question: Question, text: str) -> Literal["answer", "own", "other"]:
    """ "other": a greeting, a data query, a ledger entry, a question of another kind (the
    triage takes it); "own": a question of the same kind complete with its own numbers (it is
    answered as it is: "devo 3.200 a 12% ao mês, em 4 meses quanto vira?"); else "answer"."""
    folded = fold(text)
    if venting.STRONG.search(folded) or venting.PREDICATE.search(folded):
        return "other"  # a complaint: "o mercado tá caro, 30 reais num quilo de carne"
    hit = rules.apply(folded)
    if hit is not None and hit.rule in _OTHER_SUBJECT:
        return "other"
    if hit is not None and hit.rule in _LEDGER and not rules.states_parameters(folded):
        if hit.rule == "transaction":
            return "other"
        category = find_category(folded)
        word = folded[category.span[0] : category.span[1]] if category is not None else ""
        if word and word[:4] not in fold(pending):  # "uber 30"; not "aluguel de 2.500" (alugar)
            return "other"
    alone = extract(text)
    if alone is None:
        return "answer"
    if not alone.missing:
        return "own" if alone.kind is question.kind else "other"
    if alone.kind is not question.kind and _QUESTION.search(folded) is not None:
        return "other"
    return "answer"


def _slots(missing: Sequence[str]) -> list[str]:
    """The unit a bare number takes for each missing item that is a single number."""
    out: list[str] = []
    for item in map(fold, missing):
        if "% do cdi" in item:
            out.append("cdi")
        elif "taxa" in item and " e o prazo" not in item:
            out.append("rate_month" if "(ao mes)" in item else "rate")
        elif re.search(r"\bquantas parcelas\b", item):
            out.append("instalments")
        elif re.search(r"\bquantos meses\b", item):
            out.append("months")
    return out


def _typed(folded: str, missing: Sequence[str]) -> str:
    """`folded` with its bare numbers given the unit of the slot they fill (module docstring):
    a slot the message already fills with a typed number ("3,5% ao mês", "24 parcelas") is
    not free; a percentage without a period fills a missing percentage of the CDI."""
    folded = _WORD_PERCENT.sub(lambda m: f"{words_value(m[1]) or m[1]} ", folded)
    slots = _slots(missing)
    q = scan(folded)
    after: dict[int, str] = {}
    for r in q.rates:
        if r.period == "none" and "cdi" in slots and 50 <= r.percent <= 200:
            after[r.end] = " do cdi"  # "paga 105%" when asked how much of the CDI
            slots.remove("cdi")
    if any(r.period == "cdi" for r in q.rates) and "cdi" in slots:
        slots.remove("cdi")
    if any(r.period != "cdi" and r.end not in after for r in q.rates):
        slots = [s for s in slots if not s.startswith("rate")]
    if q.durations:
        slots = [s for s in slots if s not in ("instalments", "months")]
    taken = [(r.start, r.end) for r in q.rates] + [(d.start, d.end) for d in q.durations]
    for amount in find_amounts(folded):
        start, end = amount.span
        if amount.explicit or any(s < end and start < e for s, e in taken):
            continue
        if not _UNIT_AFTER.match(folded[end:]) and (unit := _unit(amount.value, slots)):
            after[end] = unit
    out, last = [], 0
    for end in sorted(after):
        out.append(folded[last:end] + after[end])
        last = end
    return "".join(out) + folded[last:]


def _unit(value: Decimal, slots: list[str]) -> str | None:
    """The unit of the first free slot `value` fits (the slot is then taken), or None."""
    whole = value == value.to_integral_value()
    for slot in slots:
        if slot == "cdi" and 50 <= value <= 200:
            unit = "% do cdi"
        elif slot.startswith("rate") and 0 < value < 30:
            unit = "% ao mes" if slot == "rate_month" else "%"
        elif slot in ("instalments", "months") and whole and 1 <= value <= 600:
            unit = " parcelas" if slot == "instalments" else " meses"
        else:
            continue
        slots.remove(slot)
        return unit
    return None


__all__ = ["ASKER", "answer_to_pending", "pending_question", "resolved_questions"]
