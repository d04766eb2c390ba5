"""The Lançador (spec 001): a recording from the message to the ledger, and its dialogs.

Extract → ≤ MAX_QUESTIONS clarifying questions (only valor and tipo mandatory) → what must be
confirmed first (checks.py: an impossible or far date, an instalment count out of range, an
out-of-the-ordinary amount, a debt payment naming no debt the user has, a note sent with "?")
→ classify → record idempotently under the journal key (lancador.py has the key rules) →
confirm, or say it was already recorded moments ago and offer to record it again. Also the
answers to its own questions (`checked`, `again`), the fixes of the recording just made
(`followup`: "não, foi 45", "apaga esse", "hoje mais 60") and a retried request answered from
its receipt (`replay`). A message that is not a recording goes back to the pattern's triage
(`redispatch`).
"""

from __future__ import annotations

import logging
import re
from collections.abc import AsyncIterator, Callable
from dataclasses import asdict
from datetime import date, timedelta
from decimal import Decimal
from typing import Any

from switchboard import AgentEvent, Event, TextEvent
from switchboard.apps.finance.brain import Brain
from switchboard.apps.finance.checks import (
    CONFIRM,
    DEBT,
    SPLIT,
    Ask,
    before_recording,
    future_purchase,
    needs_debts,
    with_creditor,
)
from switchboard.apps.finance.data_access.ledger import RATE_FACT
from switchboard.apps.finance.lancador import (
    Original,
    bill_named,
    build_batch,
    find_debt,
    idempotency_key,
    lent_back_answer,
    operations,
    request_key,
    reversal_note,
    settled_note,
    text_hash,
    wants_again,
)
from switchboard.apps.finance.ledger import (
    Debt,
    FlowFilter,
    Ledger,
    LedgerBatch,
    RowRefs,
    Scheduled,
)
from switchboard.apps.finance.memory import (
    build_context,
    clean,
    clean_facts,
    profile_facts,
)
from switchboard.apps.finance.nlu import (
    EntryClass,
    TransactionDraft,
    clarifying_question,
    classify_entry,
    confirmation,
    described,
    find_amounts,
    format_brl,
    next_field,
)
from switchboard.apps.finance.nlu.carry import carry
from switchboard.apps.finance.nlu.confirm import assumed_due_note, share_note
from switchboard.apps.finance.nlu.correct import amend, corrects_the_draft, deletes_the_entry
from switchboard.apps.finance.nlu.nothing import (
    NOT_RECEIVED,
    NOT_SPENT,
    NOTHING_SPENT,
    denied_payment,
    negated_act,
    nothing_moved,
)
from switchboard.apps.finance.nlu.rate import stated_monthly_rate
from switchboard.apps.finance.nlu.sanity import doubt
from switchboard.apps.finance.nlu.share import people_count
from switchboard.apps.finance.nlu.text import fold
from switchboard.apps.finance.run import (
    LANCADOR,
    Run,
    finish,
    open_dialog,
    say,
    user,
)
from switchboard.apps.finance.state import (
    RECEIPTS_KEPT,
    LastRecording,
    Receipt,
)
from switchboard.apps.finance.state import OpenDialog as DialogPart
from switchboard.apps.finance.state import PreviousTurn as PreviousPart
from switchboard.apps.finance.triage import memory_policy
from switchboard.apps.finance.triage.intent import read_intent
from switchboard.apps.finance.triage.text import fold as fold_words
from switchboard.apps.finance.triage.text import has_amount
from switchboard.apps.finance.trivial import paid_by_other_answer

log = logging.getLogger(__name__)

Redispatch = Callable[[Run, str], AsyncIterator[Event]]

MAX_QUESTIONS = 3
"""Clarifying questions per recording (issue 10); then the Lançador gives up, writing nothing."""
DEFAULT_RETRY_WINDOW = timedelta(seconds=30)
"""The same text again within this, with no `Idempotency-Key`, is taken for a retry (and the
user is told, and offered to record it anyway)."""
AGAIN = "repetir"
"""The Lançador's dialog field after a duplicate: "record it once more?"."""
STORE_DOWN = (
    "Não consegui registrar agora: estou sem acesso ao banco de dados. Nada foi gravado; "
    "tente de novo em instantes."
)
GAVE_UP = (
    "Não consegui completar o lançamento com essas informações, então não registrei nada. "
    "Pode me dizer de novo, com o valor e se foi despesa ou receita?"
)
ALREADY_RECORDED = (
    "Essa mensagem é igual à que você mandou há instantes, e ela já foi registrada: {lancamento} "
    "Para não duplicar, não registrei de novo. Foi outro lançamento igual? Quer que eu registre "
    "mais uma vez?"
)
AGAIN_QUESTION = "Foi outro lançamento igual? Quer que eu registre de novo?"
KEPT_ONE = "Certo, não registrei de novo: fica só o registro anterior."
NOT_A_RECORDING = (
    "Isso parece uma pergunta ou um plano, não algo que já aconteceu, então não registrei "
    'nada. Quando quiser registrar, me diga o que aconteceu, por exemplo "gastei 50 no mercado".'
)
NOTHING_RECORDED = "Tudo bem, não registrei nada."
CANNOT_UNDO = (
    "Esse lançamento quitou parcelas do cartão e eu não consigo desfazê-lo com segurança; ele "
    "continua registrado. Se quiser, registre um ajuste com o valor certo."
)
REFUND_WINDOW = timedelta(days=120)
"""How far back a refund looks for the purchase it reverses."""
_NO_DEBT = frozenset({"nenhuma", "nenhum", "nenhuma delas", "outra", "outro", "sem"})
_ALL_MINE = re.compile(
    r"\b(?:paguei tudo|tudo eu|fui eu que paguei|eu que paguei|paguei sozinh\w*|o valor todo"
    r"|registra tudo|pode registrar tudo|tudo mesmo|a conta toda|inteir[oa])\b"
)
"""The user paid the whole split bill after all: the whole amount is theirs."""

KIND_WORDS = frozenset(
    {"despesa", "despesas", "receita", "receitas", "gasto", "gastos", "entrada", "saida"}
)
"""Words that answer "despesa ou receita?" (Lançador) or "despesas ou receitas?" (Simplista)."""


class Recorder:
    """The Lançador's side of the finance pattern (see the module docstring)."""

    def __init__(
        self, brain: Brain, ledger: Ledger, *, retry_window: timedelta, redispatch: Redispatch
    ) -> None:
        self.brain = brain
        self.ledger = ledger
        self.retry_window = retry_window
        """0 turns the window off: identical texts without a key are always recorded."""
        self.redispatch = redispatch
        """The pattern's triage and dispatch, for a message that is not an answer after all."""

    async def lancador(
        self, run: Run, text: str, dialog: DialogPart | None
    ) -> AsyncIterator[Event]:
        turn, fs = run.turn, run.fs
        if dialog is None and nothing_moved(text):
            async for event in say(run, NOTHING_SPENT, LANCADOR, {"intencao": "nada"}):
                yield event
            finish(run, write=True)
            return
        denied = negated_act(text) if dialog is None else None
        if denied is not None:  # "não gastei 120 no ifood, foi meu irmão": nothing happened
            reply = NOT_RECEIVED if denied == "received" else NOT_SPENT
            async for event in say(run, reply, LANCADOR, {"intencao": "negacao"}):
                yield event
            finish(run, write=True)
            return
        reading = read_intent(fold_words(text))
        if dialog is None and reading.intent != "registro" and not reading.unsure:
            reply = (
                NOT_A_RECORDING if reading.payer is None else paid_by_other_answer(reading.payer)
            )
            async for event in say(run, reply, LANCADOR, {"intencao": reading.intent}):
                yield event
            finish(run, write=True)
            return
        hint = None
        if dialog is not None and dialog.draft is not None:
            hint = TransactionDraft.model_validate(dialog.draft)
        asked = dialog.asked_fields if dialog is not None else ()
        context = build_context(fs, turn.history, {}, read=memory_policy("lancamento").read)
        # PII out first: a card number must never be read as an amount, nor stored in a draft
        safe = clean(text)
        draft = await self.brain.extract(safe, run.today, hint, turn.usage, context.render())
        if draft.descricao is not None and fold(draft.descricao) in KIND_WORDS:
            draft = draft.model_copy(update={"descricao": None})  # "despesa" answered the tipo
        try:
            debts = await self.ledger.debts(turn.user_id) if needs_debts(draft, asked) else []
        except Exception:
            log.exception("finance: ledger read failed", extra={"session_id": turn.session_id})
            async for event in say(run, STORE_DOWN, LANCADOR, {"erro": "ledger"}):
                yield event
            finish(run, write=False)
            return
        draft = with_creditor(safe, draft, debts)
        if dialog is None and (draft.valor is None or draft.categoria is None):
            draft = self._carried(run, safe, draft)
        if draft.valor is None and dialog is None:
            try:
                draft = await self._priced_by_bill(run, draft)
            except Exception:
                log.exception("finance: ledger read failed", extra={"session_id": turn.session_id})
        found = doubt(safe, draft, run.today) if dialog is None else None
        if found is not None and found.refuse:
            # "paguei 200 em 15/13": the impossible date first, before asking what it was
            refusal = before_recording(safe, draft, run.today, asked=asked, debts=debts)
            if refusal is not None:
                async for event in self._ask(run, refusal, asked):
                    yield event
                return
        question = clarifying_question(draft, asked)
        if question is not None:
            field = next_field(draft, asked) or "valor"
            if len(asked) >= MAX_QUESTIONS:
                async for event in say(run, GAVE_UP, LANCADOR):
                    yield event
                finish(run, write=True)
                return
            open_dialog(run, LANCADOR, question, (*asked, field), draft.model_dump(mode="json"))
            run.fs = run.fs.model_copy(update={"working": _draft_memory(draft, question)})
            async for event in say(run, question, LANCADOR):
                yield event
            finish(run, write=True)
            return
        fresh = dialog is None and reading.unsure
        ask = before_recording(
            safe,
            draft,
            run.today,
            asked=asked,
            debts=debts,
            unsure=fresh and reading.intent == "pergunta",
            plan=(fresh and reading.intent == "intencao")
            or (dialog is None and future_purchase(safe, draft, run.today))
            # "não paguei os 200 da academia": a bill to track only if the user says so
            or (dialog is None and denied_payment(text)),
        )
        if ask is not None:
            async for event in self._ask(run, ask, asked):
                yield event
            return
        async for event in self._commit(run, text, draft, fresh=hint is None):
            yield event

    async def _priced_by_bill(self, run: Run, draft: TransactionDraft) -> TransactionDraft:
        """A payment of an open bill said without its amount ("paguei a luz" after "luz 180
        vence dia 10") takes the bill's amount, so it is recorded and settles the bill instead of
        asking "Qual foi o valor?" of something the ledger already knows."""
        if (
            draft.operacoes
            or draft.conta_futura
            or draft.tipo == "receita"
            or draft.parcelas
            or (draft.descricao is None and draft.categoria is None)
        ):
            return draft
        bills = await self.ledger.scheduled(run.turn.user_id, "despesa", paid=False)
        bill = bill_named(draft, draft.data or run.today, bills)
        if bill is None:
            return draft
        return draft.model_copy(
            update={
                "valor": bill.amount,
                "tipo": "despesa",
                "categoria": draft.categoria or bill.categoria,
                "subcategoria": draft.subcategoria or bill.subcategoria,
            }
        )

    def _carried(self, run: Run, text: str, draft: TransactionDraft) -> TransactionDraft:
        """`draft` completed from the user's message just before (nlu/carry.py)."""
        previous = next(
            (m.content for m in reversed(run.turn.history) if m.role == "user"),
            None,
        )
        if previous is None or previous.strip() == run.turn.text.strip():
            return draft
        last = run.fs.last_recording
        recorded = last is not None and last.text_hash == text_hash(previous)
        return carry(draft, text, clean(previous), previous_recorded=recorded, today=run.today)

    async def _ask(self, run: Run, ask: Ask, asked: tuple[str, ...]) -> AsyncIterator[Event]:
        """Ask before recording (checks.py); a refusal keeps no dialog."""
        if ask.field is not None and len(asked) >= MAX_QUESTIONS:
            async for event in say(run, GAVE_UP, LANCADOR):
                yield event
            finish(run, write=True)
            return
        if ask.field is not None and ask.draft is not None:
            open_dialog(
                run, LANCADOR, ask.question, (*asked, ask.field), ask.draft.model_dump(mode="json")
            )
        meta = {"pergunta": ask.field or "recusa"}
        async for event in say(run, ask.question, LANCADOR, meta):
            yield event
        finish(run, write=True)

    async def checked(self, run: Run, dialog: DialogPart, text: str) -> AsyncIterator[Event]:
        """The answer to a question of checks.py: "sim" (or the debt's name, or "nenhuma")
        records the kept draft; "não" records nothing; a new amount or date corrects the
        draft (checked again); anything else is a new message."""
        field = dialog.asked_fields[-1]
        draft = TransactionDraft.model_validate(dialog.draft)
        if field == SPLIT:
            async for event in self._split_answer(run, dialog, text, draft):
                yield event
            return
        verdict = wants_again(text)
        words = set(fold(text).replace("?", " ").split())
        if field == DEBT and verdict is None:
            if words & _NO_DEBT:
                verdict = True
            else:
                try:
                    debt = find_debt(text, await self.ledger.debts(run.turn.user_id))
                except Exception:
                    debt = None
                    log.warning("finance: debts unavailable", exc_info=True)
                if debt is not None:
                    draft = _paying(draft, debt)
                    verdict = True
        meta: dict[str, Any] = {"dialogo": "continua", "agente": LANCADOR, field: verdict}
        if (
            verdict is None
            and field == CONFIRM
            and has_amount(fold_words(text))
            and corrects_the_draft(text)
        ):
            user(run, LANCADOR, meta)
            async for event in self.lancador(run, text, dialog):
                yield event
            return
        if verdict is None:
            async for event in self.redispatch(run, text):
                yield event
            return
        user(run, LANCADOR, meta)
        if not verdict:
            async for event in say(run, NOTHING_RECORDED, LANCADOR):
                yield event
            finish(run, write=True)
            return
        async for event in self._commit(run, text, draft, fresh=False):
            yield event

    async def _split_answer(
        self, run: Run, dialog: DialogPart, text: str, draft: TransactionDraft
    ) -> AsyncIterator[Event]:
        """The answer to "quantas pessoas dividiram?": a headcount records the user's part
        (the whole ÷ people), an amount is the part itself, "paguei tudo" records the whole,
        "não" records nothing; anything else is a new message."""
        folded = fold(text)
        whole = draft.valor
        n = people_count(folded)
        said = [a.value for a in find_amounts(text)]
        verdict = wants_again(text)
        everything = _ALL_MINE.search(folded) is not None
        meta: dict[str, Any] = {"dialogo": "continua", "agente": LANCADOR, SPLIT: n}
        if whole is None or (n is None and not said and verdict is None and not everything):
            async for event in self.redispatch(run, text):
                yield event
            return
        user(run, LANCADOR, meta)
        lead = "Registrado!"
        if n is not None:
            part = (whole / n).quantize(Decimal("0.01"))
            lead = f"Registrado! Sua parte: {format_brl(whole)} ÷ {n} pessoas."
        elif said and said[0] < whole:
            part = said[0]
            lead = f"Registrado! Sua parte da conta de {format_brl(whole)}."
        elif everything or verdict:
            part = whole
        else:
            async for event in say(run, NOTHING_RECORDED, LANCADOR):
                yield event
            finish(run, write=True)
            return
        async for event in self._commit(
            run, text, draft.model_copy(update={"valor": part}), fresh=False, lead=lead
        ):
            yield event

    async def _commit(
        self,
        run: Run,
        text: str,
        draft: TransactionDraft,
        *,
        fresh: bool,
        lead: str = "Registrado!",
    ) -> AsyncIterator[Event]:
        """Record `draft` under the right journal key (`fresh`: a first message, which the
        retry window may recognise as a repeat)."""
        turn, fs = run.turn, run.fs
        th = text_hash(text)
        last = fs.last_recording
        keyed = turn.idempotency_key is not None
        window = (
            not keyed
            and fresh
            and last is not None
            and not last.keyed
            and last.text_hash == th
            and last.at is not None
            and self.retry_window > timedelta(0)
            and turn.clock.now() - last.at <= self.retry_window
        )
        if turn.idempotency_key is not None:
            key = request_key(turn.user_id, turn.idempotency_key, text)
        elif window and last is not None:
            key = last.key  # the same text again moments after it was recorded: a retry?
        else:
            key = idempotency_key(turn.user_id, turn.session_id, fs.recordings, text)
        async for event in self._record(
            run, text, th, draft, key, keyed=keyed, window=window, lead=lead
        ):
            yield event

    async def followup(self, run: Run, text: str, kind: str) -> AsyncIterator[Event]:
        """A fix of the recording just made (nlu/correct.py): delete it, replace it, or one
        more of the same."""
        last = run.fs.last_recording
        assert last is not None and last.draft is not None and last.rows is not None
        user(run, LANCADOR, {"correcao": kind})
        draft = TransactionDraft.model_validate(last.draft)
        refs = RowRefs.from_json(last.rows)
        if kind in ("apagar", "corrigir"):
            if not refs.undoable:
                async for event in say(run, CANNOT_UNDO, LANCADOR):
                    yield event
                finish(run, write=True)
                return
            try:
                await self.ledger.undo(run.turn.user_id, refs)
            except Exception:
                log.exception("finance: undo failed", extra={"session_id": run.turn.session_id})
                async for event in say(run, STORE_DOWN, LANCADOR, {"erro": "ledger"}):
                    yield event
                finish(run, write=False)
                return
            run.fs = run.fs.model_copy(update={"last_recording": None})
        if kind == "apagar":
            sentence = described(draft, None, run.today)
            reply = f"Pronto, apaguei o último lançamento: {sentence[:1].lower()}{sentence[1:]}"
            async for event in say(run, reply, LANCADOR):
                yield event
            finish(run, write=True)
            return
        fixed = amend(draft, clean(text), run.today, more=kind == "mais")
        lead = "Corrigido!" if kind == "corrigir" else "Registrado!"
        if kind == "corrigir" and fixed.categoria and fixed.categoria != draft.categoria:
            where = " > ".join(filter(None, (fixed.categoria, fixed.subcategoria)))
            lead = f"Corrigido! Mudei a categoria para {where}."
        async for event in self._commit(run, text, fixed, fresh=False, lead=lead):
            yield event

    async def delete_later(self, run: Run, text: str) -> AsyncIterator[Event]:
        """A delete order some turns after the last recording: the recording is deleted when
        the order names it; nothing else is ever guessed at — the answer says what can be
        deleted (the order used to be read as a new entry and asked for its amount)."""
        last = run.fs.last_recording
        draft = (
            TransactionDraft.model_validate(last.draft)
            if last is not None and last.draft is not None and last.rows is not None
            else None
        )
        if draft is not None and deletes_the_entry(text, draft):
            async for event in self.followup(run, text, "apagar"):
                yield event
            return
        user(run, LANCADOR, {"correcao": "apagar", "apagado": False})
        if draft is None:
            reply = (
                "Não apaguei nada: pela conversa eu consigo apagar só o último lançamento que "
                "registrei aqui, e não há nenhum para apagar agora."
            )
        else:
            entry = described(draft, None, run.today).rstrip(".")
            reply = (
                "Não apaguei nada: pela conversa eu consigo apagar só o último lançamento que "
                f"registrei ({entry[:1].lower()}{entry[1:]}). Se for esse, diga “apaga o "
                "último lançamento”."
            )
        async for event in say(run, reply, LANCADOR):
            yield event
        finish(run, write=False)

    async def _record(
        self,
        run: Run,
        text: str,
        th: str,
        draft: TransactionDraft,
        key: str,
        *,
        keyed: bool,
        window: bool,
        lead: str = "Registrado!",
    ) -> AsyncIterator[Event]:
        """Write `draft` under journal `key` and answer: the confirmation, or, when the retry
        window deduplicated it, that it was already recorded (with a way to record it again)."""
        turn = run.turn
        classes = [classify_entry(op) for op in operations(draft)]
        originals: list[Original] = []
        bills: list[Scheduled] = []
        try:
            debts: list[Debt] = (
                await self.ledger.debts(turn.user_id)
                if EntryClass.PAGAMENTO_DIVIDA in classes
                else []
            )
            if EntryClass.REEMBOLSO in classes:
                originals = await self._originals(turn.user_id, run.today)
            bills = (
                await self.ledger.scheduled(turn.user_id, "despesa", paid=False)
                if EntryClass.DESPESA_SIMPLES in classes
                else []
            ) + (  # money lent coming back settles its receivable
                await self.ledger.scheduled(turn.user_id, "receita", paid=False)
                if EntryClass.RECEITA_SIMPLES in classes or EntryClass.REEMBOLSO in classes
                else []
            )
            batch = build_batch(turn.user_id, key, draft, run.today, debts, originals, bills)
            written = await self.ledger.record(turn.user_id, key, batch)
        except Exception:
            log.exception("finance: ledger write failed", extra={"session_id": turn.session_id})
            async for event in say(run, STORE_DOWN, LANCADOR, {"erro": "ledger"}):
                yield event
            finish(run, write=False)
            return
        if written:
            await self._learn(run, draft)
            await self._keep_rate(run, text, batch)
        reply = (
            confirmation(draft, None, run.today)
            + reversal_note(batch, originals)
            + settled_note(batch, bills)
            + assumed_due_note(text, draft, run.today)
            + share_note(text, draft)
        )
        reply = lent_back_answer(batch, bills) or reply
        reply = reply.replace("Registrado!", lead, 1)
        meta: dict[str, Any] = {"classes": [c.value for c in classes], "duplicado": not written}
        if window and not written:
            log.info("finance: same text within the retry window, not recorded again",
                     extra={"session_id": turn.session_id})  # fmt: skip
            meta["janela_de_repeticao"] = True
            reply = ALREADY_RECORDED.format(lancamento=reply.removeprefix("Registrado! "))
            open_dialog(run, LANCADOR, AGAIN_QUESTION, (AGAIN,), draft.model_dump(mode="json"))
        async for event in say(run, reply, LANCADOR, meta):
            yield event
        fs = run.fs
        update: dict[str, Any] = {
            "previous": PreviousPart(categoria="lancamento", question=clean(text))
        }
        if written:
            update["recordings"] = fs.recordings + 1
            update["last_recording"] = LastRecording(
                text_hash=th,
                key=key,
                at=turn.clock.now(),
                keyed=keyed,
                draft=draft.model_dump(mode="json"),
                rows=asdict(batch.refs()),
            )
        if keyed:
            update["receipts"] = (*fs.receipts, Receipt(key=key, answer=reply))[-RECEIPTS_KEPT:]
        run.fs = fs.model_copy(update=update)
        finish(run, write=memory_policy("lancamento").write)

    async def again(self, run: Run, dialog: DialogPart, text: str) -> AsyncIterator[Event]:
        """The answer to "record it once more?" after a duplicate: yes → a new recording of
        the same draft under a new key; no → nothing; anything else is a new message."""
        verdict = wants_again(text)
        if verdict is None:
            async for event in self.redispatch(run, text):
                yield event
            return
        user(run, LANCADOR, {"dialogo": "continua", "agente": LANCADOR, AGAIN: verdict})
        if not verdict:
            async for event in say(run, KEPT_ONE, LANCADOR):
                yield event
            finish(run, write=True)
            return
        turn, fs = run.turn, run.fs
        draft = TransactionDraft.model_validate(dialog.draft)
        keyed = turn.idempotency_key is not None
        if turn.idempotency_key is not None:
            key = request_key(turn.user_id, turn.idempotency_key, text)
        else:
            seed = f"{AGAIN}\x1f{dialog.asked_at.isoformat()}"
            key = idempotency_key(turn.user_id, turn.session_id, fs.recordings, seed)
        th = fs.last_recording.text_hash if fs.last_recording else text_hash(text)
        async for event in self._record(run, text, th, draft, key, keyed=keyed, window=False):
            yield event

    async def replay(self, run: Run, receipt: Receipt) -> AsyncIterator[Event]:
        """A retried request (same `Idempotency-Key`, same text) whose recording is done: the
        same answer again, nothing recorded, nothing added to the conversation or its state."""
        turn = run.turn
        log.info("finance: idempotent retry answered from its receipt",
                 extra={"session_id": turn.session_id})  # fmt: skip
        previous = turn.speaker
        turn.speaker = LANCADOR
        turn.visible.append(receipt.answer)
        if turn.stream:
            if previous != LANCADOR:
                yield AgentEvent(agent=LANCADOR, reason="delegation", previous=previous)
            yield TextEvent(delta=receipt.answer, agent=LANCADOR)

    async def _originals(self, user_id: str, today: date) -> list[Original]:
        """Recent purchases a refund may reverse (the last REFUND_WINDOW)."""
        flt = FlowFilter(start=today - REFUND_WINDOW, kind="despesa")
        rows: list[Original] = list(await self.ledger.entries(user_id, flt))
        rows += await self.ledger.purchases(user_id, flt)
        return rows

    async def _keep_rate(self, run: Run, text: str, batch: LedgerBatch) -> None:
        """A debt recorded with its rate ("peguei 10 mil a 3% ao mês"): the rate is kept as
        the profile fact the data access reads (`RATE_FACT`), so a payoff question later uses
        the user's own rate instead of asking again — or guessing."""
        if len(batch.debts) != 1:
            return
        rate = stated_monthly_rate(text)
        if rate is None:
            return
        try:
            await self.ledger.set_profile(
                run.turn.user_id, {RATE_FACT + batch.debts[0].name: str(rate)}
            )
        except Exception:  # the profile is a nicety: never fail a recorded message on it
            log.warning("finance: debt rate not kept", exc_info=True)

    async def _learn(self, run: Run, draft: TransactionDraft) -> None:
        facts: dict[str, str] = {}
        for op in operations(draft):
            if op.valor is not None and op.tipo is not None:
                facts |= profile_facts(op.tipo, op.categoria, op.subcategoria, format_brl(op.valor))
        if facts:
            try:
                await self.ledger.set_profile(run.turn.user_id, clean_facts(facts))
            except Exception:  # the profile is a nicety: never fail a recorded message on it
                log.warning("finance: profile update failed", exc_info=True)


def _paying(draft: TransactionDraft, debt: Debt) -> TransactionDraft:
    """`draft` with its debt payment(s) naming `debt` (the user chose it)."""
    if not draft.operacoes:
        return draft.model_copy(update={"divida_relacionada": debt.name})
    ops = [
        op.model_copy(update={"divida_relacionada": debt.name})
        if classify_entry(op) is EntryClass.PAGAMENTO_DIVIDA
        else op
        for op in draft.operacoes
    ]
    return draft.model_copy(update={"operacoes": ops})


def _draft_memory(draft: TransactionDraft, question: str) -> dict[str, str]:
    """Working memory of an open Lançador dialog (redacted by `clean_facts` when read)."""
    facts = {"pergunta_pendente": question}
    if draft.valor is not None:
        facts["valor"] = format_brl(draft.valor)
    for name in ("tipo", "categoria", "descricao"):
        value = getattr(draft, name)
        if value:
            facts[name] = clean(str(value))
    return facts


__all__ = [
    "AGAIN",
    "AGAIN_QUESTION",
    "ALREADY_RECORDED",
    "DEFAULT_RETRY_WINDOW",
    "KEPT_ONE",
    "MAX_QUESTIONS",
    "NOTHING_RECORDED",
    "NOT_A_RECORDING",
    "STORE_DOWN",
    "Recorder",
]
