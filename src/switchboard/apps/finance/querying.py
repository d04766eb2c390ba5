"""The Simplista (spec 001): direct questions on the user's own data, and quick sums.

Parse → §3.2 data access (`data_access.py`) → pt-BR answer (`simplista.py`); an ambiguous
question gets a question back with a default (a dialog), a follow-up ("e em outubro?") keeps
the previous question's filters. Arithmetic on the numbers a question it was given states
("quanto vou pagar por mês disso?" after a purchase in 10x) is answered here too
(`nlu/arithmetic.py`), unless the question asks for advice or a rate.
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from decimal import Decimal

from switchboard import Event
from switchboard.apps.finance.data_access import LedgerDataAccess
from switchboard.apps.finance.memory import clean
from switchboard.apps.finance.nlu import (
    LedgerQuery,
    NeedsClarification,
    TransactionDraft,
    parse_query,
)
from switchboard.apps.finance.nlu.arithmetic import stated_arithmetic
from switchboard.apps.finance.nlu.compare_periods import PeriodPair, two_periods
from switchboard.apps.finance.nlu.money import format_brl
from switchboard.apps.finance.nlu.text import fold
from switchboard.apps.finance.nlu.what_if import WhatIf, hypothetical_extra
from switchboard.apps.finance.run import (
    SIMPLISTA,
    Run,
    finish,
    open_dialog,
    say,
)
from switchboard.apps.finance.simplista import HISTORY_METRICS
from switchboard.apps.finance.simplista import answer as simplista_answer
from switchboard.apps.finance.state import OpenDialog as DialogPart
from switchboard.apps.finance.state import PreviousTurn as PreviousPart
from switchboard.apps.finance.triage import (
    TriageResult,
    memory_policy,
)
from switchboard.apps.finance.triage.intent import read_intent
from switchboard.apps.finance.triage.text import fold as fold_words

_CARD = re.compile(r"\bcartao\b")
"""A debts question about the card ("quanto devo no cartão?") is about its open instalments."""
_ADVICE = re.compile(
    r"\b(?:compensa\w*|vale\s+(?:mais\s+)?a\s+pena|valeria|devo|deveria|melhor|consigo|cabe"
    r"|posso|estoura\w*|tudo\s+bem|o\s+que\s+acha|recomend\w*|ideal|seguro|juros|taxa"
    r"|cdi|selic|rende|rendimento|inflacao)\b|%\s*(?:a\.?\s?[ma]\b|ao\s+(?:mes|ano)|do\s+cdi)"
)
"""Words that ask for advice or a rate: an analysis, not arithmetic on the stated numbers."""
_SECOND_ASK = re.compile(
    r"(?:[,;]\s*|\s)e\s+(?=(?:quanto|qto|qnto)\s+(?:foi|foram|deu|gastei|paguei|disso|dele"
    r"|desse|dessa|so|s[oó])\b)",
    re.IGNORECASE,
)
"""A second total asked after the first ("…no total, e quanto foi só de delivery?")."""
_INCOME_ANSWER = ("receita", "receitas", "recebi", "ganhei", "entrada", "entradas", "ganhos")


class Queries:
    """The Simplista's side of the finance pattern (see the module docstring)."""

    def __init__(self, data: LedgerDataAccess) -> None:
        self.data = data

    async def simplista(
        self, run: Run, text: str, dialog: DialogPart | None
    ) -> AsyncIterator[Event]:
        turn, fs = run.turn, run.fs
        parsed: LedgerQuery | NeedsClarification
        if dialog is not None:
            default = LedgerQuery.model_validate(dialog.draft) if dialog.draft else None
            words = set(fold(text).split())
            if dialog.asked_fields[-1:] == ("kind",) and default is not None:
                kind = "receita" if words & set(_INCOME_ANSWER) else default.kind
                parsed = default.model_copy(update={"kind": kind})
            else:
                parsed = parse_query(text, run.today, previous=default)
                if isinstance(parsed, NeedsClarification):
                    parsed = parsed.default or parsed
        else:
            previous = None
            if fs.previous is not None and fs.previous.query is not None:
                previous = LedgerQuery.model_validate(fs.previous.query)
            answer = await self._whole_answer(run, text)
            if answer is not None:
                async for event in say(run, answer, SIMPLISTA):
                    yield event
                finish(run, write=memory_policy("simplista").write)
                return
            parsed = parse_query(text, run.today, previous=previous)
        if isinstance(parsed, NeedsClarification):
            question = parsed.question
            if parsed.default is not None and parsed.field == "kind":
                question += " (Se não disser, considero as despesas.)"
            draft = parsed.default.model_dump(mode="json") if parsed.default else None
            open_dialog(run, SIMPLISTA, question, (parsed.field,), draft)
            async for event in say(run, question, SIMPLISTA):
                yield event
            finish(run, write=True)
            return
        if parsed.metric == "debts" and _CARD.search(fold(text)):
            parsed = parsed.model_copy(update={"metric": "card_installments"})
        result = await self.data.run(turn.user_id, parsed)
        whole = None
        if parsed.assumed_period and parsed.metric in HISTORY_METRICS:
            everything = parsed.model_copy(update={"period": None, "assumed_period": False})
            whole = await self.data.run(turn.user_id, everything)
        async for event in say(run, simplista_answer(result, whole), SIMPLISTA):
            yield event
        run.fs = run.fs.model_copy(
            update={
                "previous": PreviousPart(
                    categoria="simplista",
                    question=clean(text),
                    query=parsed.model_dump(mode="json"),
                )
            }
        )
        finish(run, write=memory_policy("simplista").write)

    async def _whole_answer(self, run: Run, text: str) -> str | None:
        """Questions answered whole before the one-query parse: two periods compared, and a
        hypothetical extra over the ledger (None: neither, or nothing to answer it with)."""
        if (pair := two_periods(text)) is not None and (
            answer := await self._compared(run, pair)
        ) is not None:
            return answer
        if (what_if := hypothetical_extra(text)) is not None:
            return await self._what_if(run, what_if)
        if (second := _SECOND_ASK.search(text)) is not None:
            return await self._two_asks(run, text[: second.start()], text[second.end() :])
        return None

    async def _two_asks(self, run: Run, first_text: str, second_text: str) -> str | None:
        """Two totals asked in one message ("quanto gastei de comida no total, e quanto foi só
        de delivery?"): the second is a follow-up of the first (its period and kind, its own
        category), and both are answered (None: not two totals, the one-query parse answers)."""
        first = parse_query(first_text, run.today)
        if isinstance(first, NeedsClarification):
            first = first.default if first.default is not None else first
        if not isinstance(first, LedgerQuery) or first.metric != "total":
            return None
        second = parse_query("e " + second_text, run.today, previous=first)
        if (
            not isinstance(second, LedgerQuery)
            or second.metric != "total"
            or second == first
            or not (second.categoria or second.scopes or second.merchants)
        ):
            return None
        a = await self.data.run(run.turn.user_id, first)
        b = await self.data.run(run.turn.user_id, second)
        return f"{simplista_answer(a, None).rstrip()} {simplista_answer(b, None).rstrip()}"

    async def _compared(self, run: Run, pair: PeriodPair) -> str | None:
        """Both periods' totals and which is larger (`nlu/compare_periods.py`), or None when
        the question is no spending or income total."""
        first = parse_query(pair.question, run.today)
        if isinstance(first, NeedsClarification):
            first = first.default if first.default is not None else first
        if not isinstance(first, LedgerQuery) or first.metric != "total" or first.assumed_period:
            return None
        other = parse_query(pair.other_question, run.today)
        if isinstance(other, NeedsClarification) or other.period is None:
            return None
        if first.kind is None:
            first = first.model_copy(update={"kind": "despesa"})
        second = first.model_copy(update={"period": other.period})
        a = await self.data.run(run.turn.user_id, first)
        b = await self.data.run(run.turn.user_id, second)
        assert first.period is not None and second.period is not None
        verb = "recebeu" if first.kind == "receita" else "gastou"
        lead = (
            f"{simplista_answer(a, None).rstrip()} {second.period.phrase.capitalize()}, "
            f"{format_brl(b.value)}."
        )
        if a.value == b.value:
            return f"{lead} Foi o mesmo valor nos dois meses."
        high, low = (first, second) if a.value > b.value else (second, first)
        assert high.period is not None and low.period is not None
        gap = format_brl(abs(a.value - b.value))
        if pair.more:
            return f"{lead} Você {verb} mais {high.period.phrase} ({gap} a mais)."
        return f"{lead} Você {verb} menos {low.period.phrase} ({gap} a menos)."

    async def _what_if(self, run: Run, what_if: WhatIf) -> str | None:
        """The recorded total plus the amount supposed (`nlu/what_if.py`), or None when the
        rest of the question is no spending total."""
        parsed = parse_query(what_if.question, run.today)
        if isinstance(parsed, NeedsClarification):
            parsed = parsed.default if parsed.default is not None else parsed
        if isinstance(parsed, LedgerQuery) and what_if.left:
            return await self._left_if(run, parsed, what_if.extra)
        if not isinstance(parsed, LedgerQuery) or parsed.metric != "total":
            return None
        if parsed.kind is None:
            parsed = parsed.model_copy(update={"kind": "despesa"})
        result = await self.data.run(run.turn.user_id, parsed)
        so_far = simplista_answer(result, None).rstrip()
        total = result.value + what_if.extra
        return (
            f"{so_far} Com mais {format_brl(what_if.extra)}, o total vai a "
            f"{format_brl(total)}. É uma simulação: não registrei os {format_brl(what_if.extra)}."
        )

    async def _left_if(self, run: Run, parsed: LedgerQuery, extra: Decimal) -> str:
        """What the period leaves (income − spending) less the amount supposed: the period's
        savings over every category (the category named is where the extra would go)."""
        savings = parsed.model_copy(
            update={"metric": "savings", "kind": None, "categoria": None, "subcategoria": None,
                    "scopes": (), "merchants": (), "payment_methods": ()}
        )  # fmt: skip
        result = await self.data.run(run.turn.user_id, savings)
        left = result.value - extra
        so_far = simplista_answer(result, None).rstrip()
        ends = "sobrariam" if left >= 0 else "faltariam"
        return (
            f"{so_far} Gastando mais {format_brl(extra)}, {ends} {format_brl(abs(left))} "
            f"({format_brl(result.income)} − {format_brl(result.expenses)} − {format_brl(extra)})."
            f" É uma simulação: não registrei os {format_brl(extra)}."
        )

    def calculation(self, run: Run, text: str, result: TriageResult) -> str | None:
        """The Simplista's answer to arithmetic on the numbers a question it was given states
        (nlu/arithmetic.py; "quanto vou pagar por mês disso?" after a purchase in 10x): no
        rate, no request for advice. Sums the triage sends to the orchestrator are its quick
        calculation (missions), not answered twice."""
        if result.categoria != "simplista":
            return None  # sums sent to the orchestrator are its quick calculation (conta rápida)
        folded = fold_words(text)
        if "?" not in text and read_intent(folded).intent not in ("pergunta", "hipotese"):
            return None
        if _ADVICE.search(folded):
            return None
        last = run.fs.last_recording
        draft = None
        previous = run.fs.previous
        if (
            last is not None
            and last.draft is not None
            and previous is not None
            and previous.categoria == "lancamento"
        ):
            draft = TransactionDraft.model_validate(last.draft)
        return stated_arithmetic(text, last=draft)


__all__ = ["Queries"]
