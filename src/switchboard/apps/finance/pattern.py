"""`FinancePattern`: spec 001's entry (Junior) with dialog mode, Lançador and Simplista.

One message:

0. **A retried request?** With an `Idempotency-Key` whose recording this session already made,
   the same answer again (its receipt), nothing else (lancador.py has the key rules).
1. **Open dialog?** (§2.1, the platform's dialog mode: `patterns/triage/dialog.py`) A
   clarifying question younger than `dialog_ttl` gets the continuity check first: a bare cancel
   ("deixa, esquece") → the owning agent closes its dialog ("nada foi registrado"); continues →
   straight to that agent, with its draft; otherwise the dialog is reset and the message (minus
   leading cancel words: "esquece, faça uma análise...") is triaged normally.
2. **An answer to the orchestrator's ask** (it asked a question's missing numbers and this
   message gives them) → the orchestrator, on the question merged with them
   (`missions/catalogue/pending.py`).
3. **Junior's triage**, history-aware (the previous turn's category and question).
4. **Dispatch**: trivial → Junior answers; lancamento → the Lançador (`recording.py`); a
   message that records AND asks ("põe 30 de estacionamento e me diz quanto foi de carro no
   mês", triage/multi.py) does both, the recording first; simplista → the Simplista
   (`querying.py`); complexa → the orchestrator hand-off, a mission on the app's bus
   (`handoff.py`). All of them speak through `run.py` (`user`, `say`, `open_dialog`, `finish`).

Memory policy per category (triage/policy.py): the context given to the agent is read only when
the category reads, and the episodic summary is updated only when it writes.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncGenerator, AsyncIterator
from contextlib import aclosing
from datetime import date, timedelta
from typing import Any

from switchboard import EmptyMessageError, Event, RoutingState, Turn
from switchboard.apps.finance.brain import Brain
from switchboard.apps.finance.checks import (
    CONFIRM,
    DEBT,
    SPLIT,
)
from switchboard.apps.finance.data_access import LedgerDataAccess
from switchboard.apps.finance.handoff import MissionHandoff
from switchboard.apps.finance.lancador import (
    request_key,
    wants_again,
)
from switchboard.apps.finance.ledger import Ledger
from switchboard.apps.finance.memory import (
    build_context,
    clean,
)
from switchboard.apps.finance.missions.catalogue.pending import answer_to_pending
from switchboard.apps.finance.missions.runtime import FinanceRuntime
from switchboard.apps.finance.nlu import (
    split_cancel,
    today_in_sao_paulo,
)
from switchboard.apps.finance.nlu.categories import display_name, find_category
from switchboard.apps.finance.nlu.correct import (
    denies_another_amount,
    is_delete_request,
    names_another_entry,
    read_followup,
)
from switchboard.apps.finance.nlu.draft import TransactionDraft
from switchboard.apps.finance.nlu.query import NeedsClarification, parse_query
from switchboard.apps.finance.nlu.text import fold
from switchboard.apps.finance.querying import Queries
from switchboard.apps.finance.recording import (
    AGAIN,
    DEFAULT_RETRY_WINDOW,
    KIND_WORDS,
    Recorder,
)
from switchboard.apps.finance.run import (
    AGENTS,
    JUNIOR,
    LANCADOR,
    META_FINANCE,
    ORQUESTRADOR,
    SIMPLISTA,
    Run,
    finish,
    say,
    user,
)
from switchboard.apps.finance.state import FinanceState, LastRecording
from switchboard.apps.finance.state import OpenDialog as DialogPart
from switchboard.apps.finance.state import PreviousTurn as PreviousPart
from switchboard.apps.finance.triage import (
    ContinuityResult,
    OpenDialog,
    PreviousTurn,
    Triage,
    TriageResult,
    memory_policy,
)
from switchboard.apps.finance.triage.intent import RECORD_REQUEST, is_considering, read_intent
from switchboard.apps.finance.triage.multi import Split, split_intents, split_payoff
from switchboard.apps.finance.triage.rules import TRANSACTION
from switchboard.apps.finance.triage.text import fold as fold_words
from switchboard.apps.finance.trivial import trivial_answer
from switchboard.patterns import Dialog, answer_dialog

log = logging.getLogger(__name__)

CANCELLED: dict[str, str] = {
    LANCADOR: "Tudo bem, cancelei. Nada foi registrado.",
    SIMPLISTA: "Tudo bem, deixei essa consulta de lado.",
    JUNIOR: "Tudo bem! Se precisar de algo, é só falar.",
}
NOT_UNDERSTOOD = "Não entendi sua mensagem. Pode escrever de novo, com palavras?"
BUDGET_QUERY = "quanto recebi e quanto gastei este mês?"
"""What "sim" to Junior's offer after an intention ("… cabe no seu orçamento?") asks."""
_KIND_ANSWER_MAX_WORDS = 4


def _reports_the_purchase(text: str) -> bool:
    """After Junior's offer to weigh a planned purchase, "comprei, registra aí" is no "sim" to
    the offer: the plan happened and is to be recorded (the amount carried from the plan)."""
    folded = fold_words(text)
    return bool(RECORD_REQUEST.search(folded) or TRANSACTION.search(folded))


class FinancePattern:
    """Junior → (dialog) → Lançador / Simplista / orchestrator hand-off."""

    def __init__(
        self,
        brain: Brain,
        ledger: Ledger,
        *,
        dialog_ttl: timedelta = timedelta(minutes=30),
        retry_window: timedelta = DEFAULT_RETRY_WINDOW,
        missions: FinanceRuntime | None = None,
        data: LedgerDataAccess | None = None,
    ) -> None:
        self.brain = brain
        self.dialog_ttl = dialog_ttl
        self.missions = missions
        self.recorder = Recorder(
            brain, ledger, retry_window=retry_window, redispatch=self._triage_and_dispatch
        )
        self.queries = Queries(data or LedgerDataAccess(ledger))
        self.handoff = MissionHandoff(missions)

    @property
    def ledger(self) -> Ledger:
        """The ledger recordings go to (the Lançador's: swapping it swaps where they go)."""
        return self.recorder.ledger

    @ledger.setter
    def ledger(self, ledger: Ledger) -> None:
        self.recorder.ledger = ledger

    @property
    def retry_window(self) -> timedelta:
        """The same text again within this, with no `Idempotency-Key`, is taken for a retry."""
        return self.recorder.retry_window

    @property
    def data(self) -> LedgerDataAccess:
        """The one §3.2 data-access layer over the ledger (the Simplista's queries; the missions
        read the same)."""
        return self.queries.data

    # -- AgentRouting ----------------------------------------------------------------------

    def current_agent(self, state: RoutingState) -> str:
        fs = state.get(FinanceState)
        if fs.dialog is not None:
            return fs.dialog.agent
        return fs.pinned or JUNIOR

    def place(self, state: RoutingState, agent: str) -> None:
        fs = state.get(FinanceState)
        pinned = None if agent == JUNIOR else agent
        state.put(fs.model_copy(update={"dialog": None, "working": {}, "pinned": pinned}))

    # -- route -----------------------------------------------------------------------------

    def route(self, turn: Turn) -> AsyncIterator[Event]:
        fs = turn.state.get(FinanceState)
        run = Run(turn, fs, today_in_sao_paulo(turn.clock.now()), {})
        if turn.span.recording:  # tracing on and this turn sampled
            return self._traced(run)
        return self._route(run)

    async def _traced(self, run: Run) -> AsyncIterator[Event]:
        """`_route` with the agents' spans (started by `_user`, never made current: this is a
        generator); the last one ends here, with the error that ended the turn, if any."""
        try:
            async with aclosing(self._route(run)) as events:
                async for event in events:
                    yield event
        except BaseException as exc:
            run.agent_span.end(exc)
            raise
        run.agent_span.end()

    async def _route(self, run: Run) -> AsyncGenerator[Event, None]:
        turn, fs = run.turn, run.fs
        now = turn.clock.now()
        if self.missions is not None and fs.previous and fs.previous.categoria == "complexa":
            await self.missions.note_message(turn.user_id, now, turn.session_id)
        text = turn.text
        if turn.idempotency_key is not None:
            key = request_key(turn.user_id, turn.idempotency_key, text)
            receipt = next((r for r in fs.receipts if r.key == key), None)
            if receipt is not None:
                async for event in self.recorder.replay(run, receipt):
                    yield event
                return
        dialog = fs.dialog
        if dialog is not None and dialog.expired(now, self.dialog_ttl):
            log.info("finance: open dialog expired", extra={"session_id": turn.session_id})
            dialog = None
            run.fs = run.fs.model_copy(update={"dialog": None, "working": {}})
        if dialog is not None and dialog.agent == LANCADOR and dialog.asking(CONFIRM, DEBT, SPLIT):
            run.fs = run.fs.model_copy(update={"dialog": None, "working": {}})
            async for event in self.recorder.checked(run, dialog, text):
                yield event
            return
        if dialog is not None:
            usage = turn.usage

            async def judge(open_dialog: OpenDialog, message: str) -> ContinuityResult:
                return await self.brain.continues(open_dialog, message, usage)

            step = await answer_dialog(
                dialog, text, judge, answers=_answers_kind, strip_cancel=_after_cancel
            )
            run.fs = run.fs.model_copy(update={"dialog": None, "working": {}})
            if step.action == "cancel":
                user(run, dialog.agent, {"dialogo": "cancelado"})
                async for event in say(run, CANCELLED[dialog.agent], dialog.agent):
                    yield event
                finish(run, write=True)
                return
            if step.action == "continue":
                async for event in self._dispatch_dialog(run, dialog, text):
                    yield event
                return
            text = step.text
        async for event in self._triage_and_dispatch(run, text):
            yield event

    async def _dispatch_dialog(
        self, run: Run, dialog: DialogPart, text: str
    ) -> AsyncIterator[Event]:
        meta = {"dialogo": "continua", "agente": dialog.agent}
        if dialog.agent == LANCADOR and dialog.asked_fields[-1:] == (AGAIN,):
            async for event in self.recorder.again(run, dialog, text):
                yield event
        elif dialog.agent == LANCADOR:
            user(run, LANCADOR, meta)
            async for event in self.recorder.lancador(run, text, dialog):
                yield event
        elif dialog.agent == SIMPLISTA:
            user(run, SIMPLISTA, meta)
            async for event in self.queries.simplista(run, text, dialog):
                yield event
        else:
            async for event in self._triage_and_dispatch(run, text):
                yield event

    async def _triage_and_dispatch(self, run: Run, text: str) -> AsyncIterator[Event]:
        fs = run.fs
        if fs.pinned in (LANCADOR, SIMPLISTA):
            user(run, fs.pinned, {"fixado": fs.pinned})
            handler = self.recorder.lancador if fs.pinned == LANCADOR else self.queries.simplista
            async for event in handler(run, text, None):
                yield event
            return
        if (
            fs.previous is not None
            and fs.previous.categoria == "complexa"
            and (question := answer_to_pending(run.turn.history, text)) is not None
        ):
            # the numbers the orchestrator's last reply asked for: its question, re-run with them
            user(run, ORQUESTRADOR, {"categoria": "complexa", "regra": "answer_to_ask"})
            async for event in self.handoff.complexa(run, text, question):
                yield event
            return
        last = fs.last_recording
        if (
            fs.previous is not None
            and fs.previous.categoria == "lancamento"
            and last is not None
            and last.draft is not None
            and last.rows is not None
            and (followup := read_followup(text)) is not None
            and not denies_another_amount(
                text, (recorded := TransactionDraft.model_validate(last.draft)).valor
            )
            and not (followup.kind == "apagar" and names_another_entry(text, recorded))
        ):
            async for event in self.recorder.followup(run, text, followup.kind):
                yield event
            return
        if is_delete_request(text):  # "apaga o uber" a few turns after it was recorded
            async for event in self.recorder.delete_later(run, text):
                yield event
            return
        if (
            fs.previous is not None
            and fs.previous.categoria == "trivial"
            and fs.previous.question
            and is_considering(read_intent(fold_words(fs.previous.question)))
            and wants_again(text)
            and not _reports_the_purchase(text)
        ):
            # "sim" to "Quer que eu veja como esse valor cabe no seu orçamento?": the month's
            # money in and out, from the Simplista
            user(run, SIMPLISTA, {"categoria": "simplista", "regra": "budget_after_plan"})
            async for event in self.queries.simplista(run, BUDGET_QUERY, None):
                yield event
            return
        split = (
            split_intents(text, Triage.default()) or split_payoff(text, Triage.default())
            if fs.pinned is None
            else None
        )
        if split is not None:
            async for event in self._both(run, split):
                yield event
            return
        previous = (
            PreviousTurn(fs.previous.categoria, fs.previous.question) if fs.previous else None
        )
        context = build_context(fs, run.turn.history, {}).render()
        try:
            result = await self.brain.triage(text, previous, run.turn.usage, context)
        except EmptyMessageError:
            user(run, JUNIOR, {})
            async for event in say(run, NOT_UNDERSTOOD, JUNIOR):
                yield event
            finish(run, write=False)
            return
        meta = _triage_meta(result)
        calculation = self.queries.calculation(run, text, result)
        if calculation is not None:
            user(run, SIMPLISTA, {**meta, "calculo": True})
            async for event in say(run, calculation, SIMPLISTA):
                yield event
            run.fs = run.fs.model_copy(
                update={"previous": PreviousPart(categoria="simplista", question=clean(text))}
            )
            finish(run, write=memory_policy("simplista").write)
            return
        if result.categoria == "trivial":
            user(run, JUNIOR, meta)
            async for event in say(run, trivial_answer(text), JUNIOR):
                yield event
            run.fs = run.fs.model_copy(
                update={"previous": PreviousPart(categoria="trivial", question=clean(text))}
            )
            finish(run, write=True)
        elif result.categoria == "lancamento":
            user(run, LANCADOR, meta)
            async for event in self.recorder.lancador(run, text, None):
                yield event
        elif result.categoria == "simplista":
            user(run, SIMPLISTA, meta)
            async for event in self.queries.simplista(run, text, None):
                yield event
        else:
            user(run, ORQUESTRADOR, meta)
            async for event in self.handoff.complexa(run, text):
                yield event

    async def _both(self, run: Run, split: Split) -> AsyncIterator[Event]:
        """A message that records and asks: the recording first (so the answer counts it),
        then the query; the user message is the Lançador's (it is what writes)."""
        meta = {"categoria": "lancamento", "fonte": "rules", "regra": "record_and_query",
                "multi": ["lancamento", "simplista"]}  # fmt: skip
        if split.analysis:
            meta["multi"] = ["lancamento", "complexa"]
        user(run, LANCADOR, meta)
        async for event in self.recorder.lancador(run, split.record, None):
            yield event
        if split.analysis:
            async for event in self.handoff.complexa(run, split.query):
                yield event
            return
        query = split.query
        if not split.query_first:
            query = about_the_entry(query, run.fs.last_recording, run.today)
        async for event in self.queries.simplista(run, query, None):
            yield event

    # -- agents ----------------------------------------------------------------------------


def about_the_entry(query: str, last: LastRecording | None, today: date) -> str:
    """A question right after a recording that names no subject of its own ("paguei 50 de luz
    hoje, quanto já foi no mês?") asks about what was just recorded: the entry's subject (its
    words, when they name its category, else the category's name) completes the question."""
    parsed = parse_query(query, today)
    if not isinstance(parsed, NeedsClarification) or parsed.field != "kind":
        return query
    if last is None or last.draft is None or last.draft.get("operacoes"):
        return query
    draft = TransactionDraft.model_validate(last.draft)
    if draft.tipo != "despesa" or draft.categoria is None:
        return query
    said = draft.descricao
    match = find_category(said, "despesa") if said else None
    if said is None or match is None or match.categoria != draft.categoria:
        said = display_name(draft.categoria, draft.subcategoria) or draft.categoria
    return f"{query.rstrip(' ?')} com {said}?"


def _answers_kind(dialog: Dialog, text: str) -> str | None:
    """A short "receitas"/"as despesas" answering a kind question: always the answer (the
    continuity classifier has no question type for the Simplista's phrasing)."""
    words = fold(text).replace("?", " ").replace(".", " ").split()
    if (
        dialog.asking("kind", "tipo")
        and len(words) <= _KIND_ANSWER_MAX_WORDS
        and any(w in KIND_WORDS for w in words)
    ):
        return "kind_answer"
    return None


def _after_cancel(text: str) -> str:
    """What follows the leading cancel words ("esquece, faça uma análise…")."""
    return split_cancel(text)[1]


def _triage_meta(result: TriageResult) -> dict[str, Any]:
    return {
        "categoria": result.categoria,
        "confianca": result.confianca,
        "fonte": result.source,
        "regra": result.rule,
    }


__all__ = [
    "AGENTS",
    "BUDGET_QUERY",
    "CANCELLED",
    "JUNIOR",
    "LANCADOR",
    "META_FINANCE",
    "NOT_UNDERSTOOD",
    "ORQUESTRADOR",
    "SIMPLISTA",
    "FinancePattern",
]
