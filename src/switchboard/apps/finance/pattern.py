"""`FinancePattern`: spec 001's entry (Junior) with dialog mode, Lançador and Simplista.

One message:

0. **A retried request?** With an `Idempotency-Key` whose recording this session already made,
   the same answer again (its receipt), nothing else (lancador.py has the key rules).
1. **Open dialog?** (§2.1) A clarifying question younger than `dialog_ttl` gets the continuity
   check first: a bare cancel ("deixa, esquece") → the owning agent closes its dialog ("nada foi
   registrado"); continues → straight to that agent, with its draft; otherwise the dialog is
   reset and the message (minus leading cancel words: "esquece, faça uma análise...") is
   triaged normally.
2. **Junior's triage**, history-aware (the previous turn's category and question).
3. **Dispatch**: trivial → Junior answers; lancamento → Lançador (extract → ≤ 3 clarifying
   questions, only valor and tipo mandatory → what must be confirmed first (checks.py: an
   impossible or far date, an instalment count out of range, an out-of-the-ordinary amount,
   a debt payment naming no debt the user has, a note sent with "?") → classify → record
   idempotently → confirm, or say it was already recorded moments ago and offer to record it
   again); a message that records AND asks ("põe 30 de estacionamento e me diz quanto foi de
   carro no mês", triage/multi.py) does both, the recording first;
   simplista → Simplista (parse → §3.2 data access → pt-BR answer; ambiguity → a question with
   a default); complexa → the orchestrator package is built and a mission runs on the app's
   bus (`missions/runtime.py`): its agent and pt-BR status events stream while it works, then
   the final answer is said, with `finance.mission` metadata (id, status, lead, timeline) on
   the stored message, followed by the compact mission timeline (a `mission_timeline` `ui`
   event, kept on the answer for the history: `missions/timeline.py`). The mission's model
   tokens join the turn's usage. A mission that breaks gives a friendly pt-BR apology listing
   the steps done, never a crash. Without a runtime (a bare pattern) the user is told,
   honestly, that deep analyses are not available.

Memory policy per category (triage/policy.py): the context given to the agent is read only when
the category reads, and the episodic summary is updated only when it writes.
"""

from __future__ import annotations

import logging
import re
from collections.abc import AsyncGenerator, AsyncIterator
from contextlib import aclosing
from dataclasses import asdict, dataclass
from datetime import date, timedelta
from typing import Any, Final

from switchboard.apps.finance.brain import Brain
from switchboard.apps.finance.checks import (
    CONFIRM,
    DEBT,
    Ask,
    before_recording,
    future_purchase,
    needs_debts,
    with_creditor,
)
from switchboard.apps.finance.data_access import LedgerDataAccess
from switchboard.apps.finance.lancador import (
    Original,
    build_batch,
    find_debt,
    idempotency_key,
    operations,
    request_key,
    reversal_note,
    settled_note,
    text_hash,
    wants_again,
)
from switchboard.apps.finance.ledger import Debt, FlowFilter, Ledger, RowRefs, Scheduled
from switchboard.apps.finance.memory import (
    build_context,
    clean,
    clean_facts,
    profile_facts,
    summarize_overflow,
)
from switchboard.apps.finance.missions.runtime import MissionRuntime
from switchboard.apps.finance.missions.timeline import COMPONENT as TIMELINE
from switchboard.apps.finance.missions.timeline import mission_timeline
from switchboard.apps.finance.nlu import (
    EntryClass,
    LedgerQuery,
    NeedsClarification,
    TransactionDraft,
    clarifying_question,
    classify_entry,
    confirmation,
    format_brl,
    next_field,
    parse_query,
    split_cancel,
    today_in_sao_paulo,
)
from switchboard.apps.finance.nlu.arithmetic import stated_arithmetic
from switchboard.apps.finance.nlu.carry import carry
from switchboard.apps.finance.nlu.correct import amend, read_followup
from switchboard.apps.finance.nlu.sanity import doubt
from switchboard.apps.finance.nlu.text import fold
from switchboard.apps.finance.simplista import HISTORY_METRICS
from switchboard.apps.finance.simplista import answer as simplista_answer
from switchboard.apps.finance.state import (
    RECEIPTS_KEPT,
    DialogAgent,
    FinanceState,
    LastRecording,
    Receipt,
)
from switchboard.apps.finance.state import (
    OpenDialog as DialogPart,
)
from switchboard.apps.finance.state import (
    PreviousTurn as PreviousPart,
)
from switchboard.apps.finance.triage import (
    ContinuityResult,
    OpenDialog,
    OrchestratorPackage,
    PreviousTurn,
    Triage,
    TriageResult,
    analyse,
    memory_policy,
)
from switchboard.apps.finance.triage.intent import is_considering, read_intent
from switchboard.apps.finance.triage.multi import Split, split_intents
from switchboard.apps.finance.triage.text import fold as fold_words
from switchboard.apps.finance.triage.text import has_amount
from switchboard.apps.finance.trivial import trivial_answer
from switchboard.core.errors import EmptyMessageError
from switchboard.core.events import AgentEvent, Event, StatusEvent, TextEvent, UiEvent, keep_ui
from switchboard.core.messages import Message
from switchboard.core.state import RoutingState
from switchboard.patterns.missions.context import recent_context
from switchboard.patterns.missions.models import FinalAnswer
from switchboard.patterns.triage import Dialog, answer_dialog
from switchboard.sessions.progress import Outcome, Progress, run_with_progress
from switchboard.sessions.turn import Turn
from switchboard.telemetry import spans as tracing

log = logging.getLogger(__name__)

JUNIOR: Final = "junior"
LANCADOR: Final = "lancador"
SIMPLISTA: Final = "simplista"
ORQUESTRADOR: Final = "orquestrador"
AGENTS = (JUNIOR, LANCADOR, SIMPLISTA, ORQUESTRADOR)
MAX_QUESTIONS = 3
"""Clarifying questions per recording (issue 10); then the Lançador gives up, writing nothing."""
DEFAULT_RETRY_WINDOW = timedelta(seconds=30)
"""The same text again within this, with no `Idempotency-Key`, is taken for a retry (and the
user is told, and offered to record it anyway)."""
AGAIN = "repetir"
"""The Lançador's dialog field after a duplicate: "record it once more?"."""
META_FINANCE = "finance"
"""Message metadata key: the triage decision, the entry classes, the orchestrator package."""

CANCELLED: dict[str, str] = {
    LANCADOR: "Tudo bem, cancelei. Nada foi registrado.",
    SIMPLISTA: "Tudo bem, deixei essa consulta de lado.",
    JUNIOR: "Tudo bem! Se precisar de algo, é só falar.",
}
STORE_DOWN = (
    "Não consegui registrar agora: estou sem acesso ao banco de dados. Nada foi gravado; "
    "tente de novo em instantes."
)
GAVE_UP = (
    "Não consegui completar o lançamento com essas informações, então não registrei nada. "
    "Pode me dizer de novo, com o valor e se foi despesa ou receita?"
)
NOT_UNDERSTOOD = "Não entendi sua mensagem. Pode escrever de novo, com palavras?"
ALREADY_RECORDED = (
    "Essa mensagem é igual à que você mandou há instantes, e ela já foi registrada: {lancamento} "
    "Para não duplicar, não registrei de novo. Foi outro lançamento igual? Quer que eu registre "
    "mais uma vez?"
)
AGAIN_QUESTION = "Foi outro lançamento igual? Quer que eu registre de novo?"
KEPT_ONE = "Certo, não registrei de novo: fica só o registro anterior."
COMPLEXA_ANSWER = (
    "Essa pergunta pede uma análise mais profunda ({coordenador}). As análises completas "
    "chegam com o recurso de missões, que ainda não está disponível aqui, e prefiro não "
    "improvisar uma análise sem ele. Enquanto isso, posso registrar lançamentos e responder "
    'consultas diretas, como "quanto gastei este mês?" ou "qual meu saldo?".'
)
MISSION_STARTED = "Preparando uma análise completa da sua pergunta…"
MISSION_FAILED = (
    "Desculpe, não consegui concluir essa análise agora e prefiro não improvisar uma resposta."
    "{feito} Tente de novo em instantes ou faça uma pergunta mais específica. Consultas "
    'diretas, como "qual meu saldo?" ou "quanto gastei este mês?", continuam funcionando.'
)
NOT_A_RECORDING = (
    "Isso parece uma pergunta ou um plano, não algo que já aconteceu, então não registrei "
    'nada. Quando quiser registrar, me diga o que aconteceu, por exemplo "gastei 50 no mercado".'
)
NOTHING_RECORDED = "Tudo bem, não registrei nada."
BUDGET_QUERY = "quanto recebi e quanto gastei este mês?"
"""What "sim" to Junior's offer after an intention ("… cabe no seu orçamento?") asks."""
CANNOT_UNDO = (
    "Esse lançamento quitou parcelas do cartão e eu não consigo desfazê-lo com segurança; ele "
    "continua registrado. Se quiser, registre um ajuste com o valor certo."
)
REFUND_WINDOW = timedelta(days=120)
"""How far back a refund looks for the purchase it reverses."""
_NO_DEBT = frozenset({"nenhuma", "nenhum", "nenhuma delas", "outra", "outro", "sem"})
COORDINATOR_NAMES = {
    "analise_financeira_pessoal": "Análise Financeira Pessoal",
    "investimentos": "Investimentos",
    "planejamento": "Planejamento Financeiro",
}
_ADVICE = re.compile(
    r"\b(?:compensa\w*|vale\s+(?:mais\s+)?a\s+pena|valeria|devo|deveria|melhor|consigo|cabe"
    r"|posso|estoura\w*|tudo\s+bem|o\s+que\s+acha|recomend\w*|ideal|seguro|juros|taxa"
    r"|cdi|selic|rende|rendimento|inflacao)\b|%\s*(?:a\.?\s?[ma]\b|ao\s+(?:mes|ano)|do\s+cdi)"
)
"""Words that ask for advice or a rate: an analysis, not arithmetic on the stated numbers."""
_KIND_WORDS = frozenset(
    {"despesa", "despesas", "receita", "receitas", "gasto", "gastos", "entrada", "saida"}
)
"""Words that answer "despesa ou receita?" (Lançador) or "despesas ou receitas?" (Simplista)."""
_KIND_ANSWER_MAX_WORDS = 4
_INCOME_ANSWER = ("receita", "receitas", "recebi", "ganhei", "entrada", "entradas", "ganhos")


@dataclass(slots=True)
class _Run:
    """One message's working values (never shared between turns)."""

    turn: Turn
    fs: FinanceState
    today: date
    profile: dict[str, str]
    agent_span: tracing.SpanScope = tracing.NOOP
    """Tracing on: the `invoke_agent` span of the agent working now (`_user` starts one per
    agent that takes the message), a child of `turn.span`; ended by the next or by `route`."""


class FinancePattern:
    """Junior → (dialog) → Lançador / Simplista / orchestrator hand-off."""

    def __init__(
        self,
        brain: Brain,
        ledger: Ledger,
        *,
        dialog_ttl: timedelta = timedelta(minutes=30),
        retry_window: timedelta = DEFAULT_RETRY_WINDOW,
        missions: MissionRuntime | None = None,
        data: LedgerDataAccess | None = None,
    ) -> None:
        self.brain = brain
        self.ledger = ledger
        self.data = data or LedgerDataAccess(ledger)
        """The one data-access layer (the Simplista's queries; the missions read the same)."""
        self.dialog_ttl = dialog_ttl
        self.retry_window = retry_window
        """0 turns the window off: identical texts without a key are always recorded."""
        self.missions = missions

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
        run = _Run(turn, fs, today_in_sao_paulo(turn.clock.now()), {})
        if turn.span.recording:  # tracing on and this turn sampled
            return self._traced(run)
        return self._route(run)

    async def _traced(self, run: _Run) -> AsyncIterator[Event]:
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

    async def _route(self, run: _Run) -> AsyncGenerator[Event, None]:
        turn, fs = run.turn, run.fs
        now = turn.clock.now()
        if self.missions is not None and fs.previous and fs.previous.categoria == "complexa":
            await self.missions.note_message(turn.user_id, now, turn.session_id)
        text = turn.text
        if turn.idempotency_key is not None:
            key = request_key(turn.user_id, turn.idempotency_key, text)
            receipt = next((r for r in fs.receipts if r.key == key), None)
            if receipt is not None:
                async for event in self._replay(run, receipt):
                    yield event
                return
        dialog = fs.dialog
        if dialog is not None and dialog.expired(now, self.dialog_ttl):
            log.info("finance: open dialog expired", extra={"session_id": turn.session_id})
            dialog = None
            run.fs = run.fs.model_copy(update={"dialog": None, "working": {}})
        if dialog is not None and dialog.agent == LANCADOR and dialog.asking(CONFIRM, DEBT):
            run.fs = run.fs.model_copy(update={"dialog": None, "working": {}})
            async for event in self._checked(run, dialog, text):
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
                self._user(run, dialog.agent, {"dialogo": "cancelado"})
                async for event in self._say(run, CANCELLED[dialog.agent], dialog.agent):
                    yield event
                self._finish(run, write=True)
                return
            if step.action == "continue":
                async for event in self._dispatch_dialog(run, dialog, text):
                    yield event
                return
            text = step.text
        async for event in self._triage_and_dispatch(run, text):
            yield event

    async def _dispatch_dialog(
        self, run: _Run, dialog: DialogPart, text: str
    ) -> AsyncIterator[Event]:
        meta = {"dialogo": "continua", "agente": dialog.agent}
        if dialog.agent == LANCADOR and dialog.asked_fields[-1:] == (AGAIN,):
            async for event in self._again(run, dialog, text):
                yield event
        elif dialog.agent == LANCADOR:
            self._user(run, LANCADOR, meta)
            async for event in self._lancador(run, text, dialog):
                yield event
        elif dialog.agent == SIMPLISTA:
            self._user(run, SIMPLISTA, meta)
            async for event in self._simplista(run, text, dialog):
                yield event
        else:
            async for event in self._triage_and_dispatch(run, text):
                yield event

    async def _triage_and_dispatch(self, run: _Run, text: str) -> AsyncIterator[Event]:
        fs = run.fs
        if fs.pinned in (LANCADOR, SIMPLISTA):
            self._user(run, fs.pinned, {"fixado": fs.pinned})
            handler = self._lancador if fs.pinned == LANCADOR else self._simplista
            async for event in handler(run, text, None):
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
        ):
            async for event in self._followup(run, text, followup.kind):
                yield event
            return
        if (
            fs.previous is not None
            and fs.previous.categoria == "trivial"
            and fs.previous.question
            and is_considering(read_intent(fold_words(fs.previous.question)))
            and wants_again(text)
        ):
            # "sim" to "Quer que eu veja como esse valor cabe no seu orçamento?": the month's
            # money in and out, from the Simplista
            self._user(run, SIMPLISTA, {"categoria": "simplista", "regra": "budget_after_plan"})
            async for event in self._simplista(run, BUDGET_QUERY, None):
                yield event
            return
        split = split_intents(text, Triage.default()) if fs.pinned is None else None
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
            self._user(run, JUNIOR, {})
            async for event in self._say(run, NOT_UNDERSTOOD, JUNIOR):
                yield event
            self._finish(run, write=False)
            return
        meta = _triage_meta(result)
        calculation = self._calculation(run, text, result)
        if calculation is not None:
            self._user(run, SIMPLISTA, {**meta, "calculo": True})
            async for event in self._say(run, calculation, SIMPLISTA):
                yield event
            run.fs = run.fs.model_copy(
                update={"previous": PreviousPart(categoria="simplista", question=clean(text))}
            )
            self._finish(run, write=memory_policy("simplista").write)
            return
        if result.categoria == "trivial":
            self._user(run, JUNIOR, meta)
            async for event in self._say(run, trivial_answer(text), JUNIOR):
                yield event
            run.fs = run.fs.model_copy(
                update={"previous": PreviousPart(categoria="trivial", question=clean(text))}
            )
            self._finish(run, write=True)
        elif result.categoria == "lancamento":
            self._user(run, LANCADOR, meta)
            async for event in self._lancador(run, text, None):
                yield event
        elif result.categoria == "simplista":
            self._user(run, SIMPLISTA, meta)
            async for event in self._simplista(run, text, None):
                yield event
        else:
            self._user(run, ORQUESTRADOR, meta)
            async for event in self._complexa(run, text):
                yield event

    async def _both(self, run: _Run, split: Split) -> AsyncIterator[Event]:
        """A message that records and asks: the recording first (so the answer counts it),
        then the query; the user message is the Lançador's (it is what writes)."""
        meta = {"categoria": "lancamento", "fonte": "rules", "regra": "record_and_query",
                "multi": ["lancamento", "simplista"]}  # fmt: skip
        self._user(run, LANCADOR, meta)
        async for event in self._lancador(run, split.record, None):
            yield event
        async for event in self._simplista(run, split.query, None):
            yield event

    # -- agents ----------------------------------------------------------------------------

    async def _lancador(
        self, run: _Run, text: str, dialog: DialogPart | None
    ) -> AsyncIterator[Event]:
        turn, fs = run.turn, run.fs
        reading = read_intent(fold_words(text))
        if dialog is None and reading.intent != "registro" and not reading.unsure:
            async for event in self._say(
                run, NOT_A_RECORDING, LANCADOR, {"intencao": reading.intent}
            ):
                yield event
            self._finish(run, write=True)
            return
        hint = None
        if dialog is not None and dialog.draft is not None:
            hint = TransactionDraft.model_validate(dialog.draft)
        asked = dialog.asked_fields if dialog is not None else ()
        context = build_context(fs, turn.history, {}, read=memory_policy("lancamento").read)
        # PII out first: a card number must never be read as an amount, nor stored in a draft
        safe = clean(text)
        draft = await self.brain.extract(safe, run.today, hint, turn.usage, context.render())
        if draft.descricao is not None and fold(draft.descricao) in _KIND_WORDS:
            draft = draft.model_copy(update={"descricao": None})  # "despesa" answered the tipo
        try:
            debts = await self.ledger.debts(turn.user_id) if needs_debts(draft, asked) else []
        except Exception:
            log.exception("finance: ledger read failed", extra={"session_id": turn.session_id})
            async for event in self._say(run, STORE_DOWN, LANCADOR, {"erro": "ledger"}):
                yield event
            self._finish(run, write=False)
            return
        draft = with_creditor(safe, draft, debts)
        if dialog is None and (draft.valor is None or draft.categoria is None):
            draft = self._carried(run, safe, draft)
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
                async for event in self._say(run, GAVE_UP, LANCADOR):
                    yield event
                self._finish(run, write=True)
                return
            self._open(run, LANCADOR, question, (*asked, field), draft.model_dump(mode="json"))
            run.fs = run.fs.model_copy(update={"working": _draft_memory(draft, question)})
            async for event in self._say(run, question, LANCADOR):
                yield event
            self._finish(run, write=True)
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
            or (dialog is None and future_purchase(safe, draft, run.today)),
        )
        if ask is not None:
            async for event in self._ask(run, ask, asked):
                yield event
            return
        async for event in self._commit(run, text, draft, fresh=hint is None):
            yield event

    def _calculation(self, run: _Run, text: str, result: TriageResult) -> str | None:
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

    def _carried(self, run: _Run, text: str, draft: TransactionDraft) -> TransactionDraft:
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

    async def _ask(self, run: _Run, ask: Ask, asked: tuple[str, ...]) -> AsyncIterator[Event]:
        """Ask before recording (checks.py); a refusal keeps no dialog."""
        if ask.field is not None and len(asked) >= MAX_QUESTIONS:
            async for event in self._say(run, GAVE_UP, LANCADOR):
                yield event
            self._finish(run, write=True)
            return
        if ask.field is not None and ask.draft is not None:
            self._open(
                run, LANCADOR, ask.question, (*asked, ask.field), ask.draft.model_dump(mode="json")
            )
        meta = {"pergunta": ask.field or "recusa"}
        async for event in self._say(run, ask.question, LANCADOR, meta):
            yield event
        self._finish(run, write=True)

    async def _checked(self, run: _Run, dialog: DialogPart, text: str) -> AsyncIterator[Event]:
        """The answer to a question of checks.py: "sim" (or the debt's name, or "nenhuma")
        records the kept draft; "não" records nothing; a new amount or date corrects the
        draft (checked again); anything else is a new message."""
        field = dialog.asked_fields[-1]
        draft = TransactionDraft.model_validate(dialog.draft)
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
        if verdict is None and field == CONFIRM and has_amount(fold_words(text)):
            self._user(run, LANCADOR, meta)
            async for event in self._lancador(run, text, dialog):
                yield event
            return
        if verdict is None:
            async for event in self._triage_and_dispatch(run, text):
                yield event
            return
        self._user(run, LANCADOR, meta)
        if not verdict:
            async for event in self._say(run, NOTHING_RECORDED, LANCADOR):
                yield event
            self._finish(run, write=True)
            return
        async for event in self._commit(run, text, draft, fresh=False):
            yield event

    async def _commit(
        self,
        run: _Run,
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

    async def _followup(self, run: _Run, text: str, kind: str) -> AsyncIterator[Event]:
        """A fix of the recording just made (nlu/correct.py): delete it, replace it, or one
        more of the same."""
        last = run.fs.last_recording
        assert last is not None and last.draft is not None and last.rows is not None
        self._user(run, LANCADOR, {"correcao": kind})
        draft = TransactionDraft.model_validate(last.draft)
        refs = RowRefs.from_json(last.rows)
        if kind in ("apagar", "corrigir"):
            if not refs.undoable:
                async for event in self._say(run, CANNOT_UNDO, LANCADOR):
                    yield event
                self._finish(run, write=True)
                return
            try:
                await self.ledger.undo(run.turn.user_id, refs)
            except Exception:
                log.exception("finance: undo failed", extra={"session_id": run.turn.session_id})
                async for event in self._say(run, STORE_DOWN, LANCADOR, {"erro": "ledger"}):
                    yield event
                self._finish(run, write=False)
                return
            run.fs = run.fs.model_copy(update={"last_recording": None})
        if kind == "apagar":
            sentence = confirmation(draft, None, run.today).removeprefix("Registrado! ")
            reply = f"Pronto, apaguei o último lançamento: {sentence[:1].lower()}{sentence[1:]}"
            async for event in self._say(run, reply, LANCADOR):
                yield event
            self._finish(run, write=True)
            return
        fixed = amend(draft, clean(text), run.today, more=kind == "mais")
        lead = "Corrigido!" if kind == "corrigir" else "Registrado!"
        async for event in self._commit(run, text, fixed, fresh=False, lead=lead):
            yield event

    async def _record(
        self,
        run: _Run,
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
            )
            batch = build_batch(turn.user_id, key, draft, run.today, debts, originals, bills)
            written = await self.ledger.record(turn.user_id, key, batch)
        except Exception:
            log.exception("finance: ledger write failed", extra={"session_id": turn.session_id})
            async for event in self._say(run, STORE_DOWN, LANCADOR, {"erro": "ledger"}):
                yield event
            self._finish(run, write=False)
            return
        if written:
            await self._learn(run, draft)
        reply = (
            confirmation(draft, None, run.today)
            + reversal_note(batch, originals)
            + settled_note(batch, bills)
        )
        reply = reply.replace("Registrado!", lead, 1)
        meta: dict[str, Any] = {"classes": [c.value for c in classes], "duplicado": not written}
        if window and not written:
            log.info("finance: same text within the retry window, not recorded again",
                     extra={"session_id": turn.session_id})  # fmt: skip
            meta["janela_de_repeticao"] = True
            reply = ALREADY_RECORDED.format(lancamento=reply.removeprefix("Registrado! "))
            self._open(run, LANCADOR, AGAIN_QUESTION, (AGAIN,), draft.model_dump(mode="json"))
        async for event in self._say(run, reply, LANCADOR, meta):
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
        self._finish(run, write=memory_policy("lancamento").write)

    async def _again(self, run: _Run, dialog: DialogPart, text: str) -> AsyncIterator[Event]:
        """The answer to "record it once more?" after a duplicate: yes → a new recording of
        the same draft under a new key; no → nothing; anything else is a new message."""
        verdict = wants_again(text)
        if verdict is None:
            async for event in self._triage_and_dispatch(run, text):
                yield event
            return
        self._user(run, LANCADOR, {"dialogo": "continua", "agente": LANCADOR, AGAIN: verdict})
        if not verdict:
            async for event in self._say(run, KEPT_ONE, LANCADOR):
                yield event
            self._finish(run, write=True)
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

    async def _replay(self, run: _Run, receipt: Receipt) -> AsyncIterator[Event]:
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

    async def _learn(self, run: _Run, draft: TransactionDraft) -> None:
        facts: dict[str, str] = {}
        for op in operations(draft):
            if op.valor is not None and op.tipo is not None:
                facts |= profile_facts(op.tipo, op.categoria, op.subcategoria, format_brl(op.valor))
        if facts:
            try:
                await self.ledger.set_profile(run.turn.user_id, clean_facts(facts))
            except Exception:  # the profile is a nicety: never fail a recorded message on it
                log.warning("finance: profile update failed", exc_info=True)

    async def _simplista(
        self, run: _Run, text: str, dialog: DialogPart | None
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
            parsed = parse_query(text, run.today, previous=previous)
        if isinstance(parsed, NeedsClarification):
            question = parsed.question
            if parsed.default is not None and parsed.field == "kind":
                question += " (Se não disser, considero as despesas.)"
            draft = parsed.default.model_dump(mode="json") if parsed.default else None
            self._open(run, SIMPLISTA, question, (parsed.field,), draft)
            async for event in self._say(run, question, SIMPLISTA):
                yield event
            self._finish(run, write=True)
            return
        if parsed.metric == "debts" and "cartao" in fold(text).split():
            parsed = parsed.model_copy(update={"metric": "card_installments"})
        result = await self.data.run(turn.user_id, parsed)
        whole = None
        if parsed.assumed_period and parsed.metric in HISTORY_METRICS:
            everything = parsed.model_copy(update={"period": None, "assumed_period": False})
            whole = await self.data.run(turn.user_id, everything)
        async for event in self._say(run, simplista_answer(result, whole), SIMPLISTA):
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
        self._finish(run, write=memory_policy("simplista").write)

    async def _complexa(self, run: _Run, text: str) -> AsyncIterator[Event]:
        turn = run.turn
        # the package carries the user's exact text (redacted), cancel words included
        # the mission's context: the session's recent turns (newest kept), then the summary
        context = recent_context(turn.history, run.fs.summary)
        package = analyse(clean(turn.text), resumo_contexto=context)
        meta: dict[str, Any] = {"orchestrator_package": package.model_dump(mode="json")}
        if self.missions is None:
            lead = COORDINATOR_NAMES[package.candidatos[0].nome]
            reply = COMPLEXA_ANSWER.format(coordenador=f"coordenador sugerido: {lead}")
            async for event in self._say(run, reply, ORQUESTRADOR, meta):
                yield event
        else:
            async for event in self._mission(run, self.missions, package, meta):
                yield event
        run.fs = run.fs.model_copy(
            update={"previous": PreviousPart(categoria="complexa", question=clean(text))}
        )
        self._finish(run, write=memory_policy("complexa").write)

    async def _mission(
        self,
        run: _Run,
        missions: MissionRuntime,
        package: OrchestratorPackage,
        meta: dict[str, Any],
    ) -> AsyncIterator[Event]:
        """Run the mission, streaming its agent/status events, then say the final answer."""
        turn = run.turn
        if turn.stream and turn.speaker != ORQUESTRADOR:
            yield AgentEvent(agent=ORQUESTRADOR, reason="delegation", previous=turn.speaker)
        turn.speaker = ORQUESTRADOR
        if turn.stream:
            yield StatusEvent(message=MISSION_STARTED)
        progress = Progress()
        outcome: Outcome[FinalAnswer] = Outcome()
        speaking = ORQUESTRADOR
        work = missions.run(
            package,
            user_id=turn.user_id,
            progress=progress,
            session_id=turn.session_id,
            parent=run.agent_span,
        )
        try:
            async for event in run_with_progress(work, progress, outcome):
                if isinstance(event, AgentEvent):
                    event = event.model_copy(update={"previous": speaking})
                    speaking = event.agent
                if turn.stream:
                    yield event
        except Exception as exc:
            log.exception("finance: mission failed", extra={"session_id": turn.session_id})
            meta["mission"] = {"status": "erro", "erro": type(exc).__name__,
                               "timeline": list(progress.lines)}  # fmt: skip
            async for event in self._say(run, mission_failed(progress.lines), ORQUESTRADOR, meta):
                yield event
            return
        answer = outcome.value
        if answer is None:  # run_with_progress sets it or raises
            return
        turn.usage.add(answer.usage)
        if turn.stream and speaking != ORQUESTRADOR:
            yield AgentEvent(agent=ORQUESTRADOR, reason="return", previous=speaking)
        meta["mission"] = {
            "id": answer.missao_id,
            "status": answer.status,
            "coordenador": answer.coordenador,
            "origem": answer.origem,
            "timeline": list(answer.timeline),
        }
        view = mission_timeline(answer)
        ui = UiEvent(
            component=TIMELINE, props=view.model_dump(mode="json"), fallback_text=view.summary
        )
        async for event in self._say(run, answer.resposta_ao_usuario, ORQUESTRADOR, meta, ui):
            yield event

    # -- plumbing --------------------------------------------------------------------------

    def _open(
        self,
        run: _Run,
        agent: DialogAgent,
        question: str,
        asked: tuple[str, ...],
        draft: dict[str, Any] | None,
    ) -> None:
        dialog = DialogPart(
            agent=agent,
            question=question,
            asked_at=run.turn.clock.now(),
            asked_fields=asked,
            draft=draft,
        )
        run.fs = run.fs.model_copy(update={"dialog": dialog})

    def _user(self, run: _Run, agent: str, meta: dict[str, Any]) -> None:
        if tracing.enabled:  # this agent takes the message: its span starts (or, unsampled,
            # the scope that carries the decision on to the mission's bus messages)
            run.agent_span.end()
            run.agent_span = tracing.span_agent(agent, parent=run.turn.span)
        message = Message.user(run.turn.text, agent=agent)
        if meta:
            message.metadata[META_FINANCE] = meta
        run.turn.new_messages.append(message)

    async def _say(
        self,
        run: _Run,
        text: str,
        agent: str,
        meta: dict[str, Any] | None = None,
        ui: UiEvent | None = None,
    ) -> AsyncIterator[Event]:
        """Say `text`; an informational `ui` component after it is kept on the answer too. A
        second answer in the same turn (record and ask) starts a new paragraph."""
        previous = run.turn.speaker
        gap = "\n\n" if run.turn.visible else ""
        if gap:
            run.turn.visible.append(gap)
        message = run.turn.say(text, agent=agent)
        if meta:
            message.metadata[META_FINANCE] = meta
        if ui is not None:
            keep_ui(message.metadata, ui)
        if run.turn.stream:
            if agent != previous:
                yield AgentEvent(agent=agent, reason="delegation", previous=previous)
            yield TextEvent(delta=gap + text, agent=agent)
            if ui is not None:
                yield ui

    def _finish(self, run: _Run, *, write: bool) -> None:
        """Save the part; fold old messages into the episodic summary when the policy writes."""
        fs = run.fs
        if write:
            summary, upto = summarize_overflow(fs, run.turn.history)
            fs = fs.model_copy(update={"summary": summary, "summarized": upto})
        run.turn.state.put(fs)


def mission_failed(steps: list[str]) -> str:
    """The pt-BR answer when a mission broke: what was being done, no invented analysis."""
    done = [step.rstrip("…. ") for step in steps if step.strip()]
    known = ""
    if done:
        known = " Cheguei a fazer isto: " + "; ".join(s[:1].lower() + s[1:] for s in done) + "."
    return MISSION_FAILED.format(feito=known)


def _answers_kind(dialog: Dialog, text: str) -> str | None:
    """A short "receitas"/"as despesas" answering a kind question: always the answer (the
    continuity classifier has no question type for the Simplista's phrasing)."""
    words = fold(text).replace("?", " ").replace(".", " ").split()
    if (
        dialog.asking("kind", "tipo")
        and len(words) <= _KIND_ANSWER_MAX_WORDS
        and any(w in _KIND_WORDS for w in words)
    ):
        return "kind_answer"
    return None


def _after_cancel(text: str) -> str:
    """What follows the leading cancel words ("esquece, faça uma análise…")."""
    return split_cancel(text)[1]


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


def _triage_meta(result: TriageResult) -> dict[str, Any]:
    return {
        "categoria": result.categoria,
        "confianca": result.confianca,
        "fonte": result.source,
        "regra": result.rule,
    }


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
