"""Who decides: offline (rules + classifiers + extractors) or a hosted model behind them.

`OfflineBrain` runs Junior's triage, the continuity check and the Lançador's extraction with no
model at all. `HostedBrain` asks a hosted model, with the offline pieces as cheap first pass and
as validators:

- triage: the offline decision stands when `offline_is_confident` (rules, history, a clear model
  margin); otherwise the model answers `TRIAGE_SCHEMA` JSON; unreadable output → `complexa`
  (logged, as the original);
- continuity: the offline cancel/complexity rules decide first; otherwise the spec's ~70-word
  prompt, answer `sim`/`não`; unreadable → "não" (the dialog resets, the message is triaged);
- extraction: the model fills `TransactionDraft` JSON; the same pydantic validation and, later,
  the deterministic `classify_entry` run on it, so a model never writes unvalidated; unreadable
  or invalid JSON → the offline extraction (logged).

A model error (provider down) falls back to the offline answer too: the app keeps working.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from datetime import date
from typing import Protocol

from pydantic import ValidationError

from switchboard.apps.finance.nlu import TransactionDraft, extract_transaction, merge_answer
from switchboard.apps.finance.triage import (
    ContinuityCheck,
    ContinuityResult,
    OpenDialog,
    PreviousTurn,
    Triage,
    TriageResult,
)
from switchboard.apps.finance.triage.hosted import (
    CONTINUITY_SCHEMA,
    CONTINUITY_SYSTEM_PROMPT,
    TRIAGE_SCHEMA,
    TRIAGE_SYSTEM_PROMPT,
    continuity_user_message,
    offline_is_confident,
    parse_continuity,
    parse_triage_answer,
    triage_user_message,
)
from switchboard.core.errors import SwitchboardError
from switchboard.core.messages import Message, UsageTally
from switchboard.models.base import Model, ModelRequest

log = logging.getLogger(__name__)

EXTRACTION_PROMPT = """\
Você é o Lançador, o agente que registra movimentações financeiras de um assistente pessoal \
brasileiro. Extraia da mensagem do usuário um lançamento em JSON com os campos do esquema: \
valor (número em reais), tipo ("receita" ou "despesa"), categoria e subcategoria (da lista \
permitida), descricao, data (AAAA-MM-DD; hoje é {today}), forma_pagamento, parcelas, \
cartao_credito, conta_futura (conta a pagar/receber agendada), divida_relacionada, \
nova_divida e operacoes (só para mensagens com várias operações). Use null para o que a \
mensagem não diz; não invente valores. Responda somente com o JSON.\
"""


class Brain(Protocol):
    def warm(self) -> None: ...

    async def triage(
        self, text: str, previous: PreviousTurn | None, usage: UsageTally, context: str
    ) -> TriageResult: ...

    async def continues(
        self, dialog: OpenDialog, text: str, usage: UsageTally
    ) -> ContinuityResult: ...

    async def extract(
        self,
        text: str,
        today: date,
        hint: TransactionDraft | None,
        usage: UsageTally,
        context: str,
    ) -> TransactionDraft: ...


class OfflineBrain:
    """Rules, classifiers and extractors; no model. The classifiers are trained on first use
    (~1 s, once per process); `FinanceApp.start` warms them off the event loop."""

    @property
    def triager(self) -> Triage:
        return Triage.default()

    @property
    def continuity(self) -> ContinuityCheck:
        return ContinuityCheck.default()

    def warm(self) -> None:
        """Train the classifiers now (blocking; call in a thread)."""
        Triage.default()
        ContinuityCheck.default()

    async def triage(
        self, text: str, previous: PreviousTurn | None, usage: UsageTally, context: str
    ) -> TriageResult:
        return self.triager.classify(text, previous=previous)

    async def continues(self, dialog: OpenDialog, text: str, usage: UsageTally) -> ContinuityResult:
        return self.continuity.check(dialog, text)

    async def extract(
        self,
        text: str,
        today: date,
        hint: TransactionDraft | None,
        usage: UsageTally,
        context: str,
    ) -> TransactionDraft:
        return extract_transaction(text, today, history_hint=hint)


class HostedBrain(OfflineBrain):
    """A hosted model behind the offline first pass and validators."""

    def __init__(self, model: Model | Callable[[], Model]) -> None:
        self._model = model

    @property
    def model(self) -> Model:
        """Resolved on each call, so wrappers set on the app's `ModelSource` later (metering,
        tracing) apply."""
        return self._model if isinstance(self._model, Model) else self._model()

    async def _ask(
        self, agent: str, system: str, user: str, schema: dict[str, object], usage: UsageTally
    ) -> str | None:
        request = ModelRequest(
            messages=[Message.system(system), Message.user(user)],
            response_schema=dict(schema),
            agent=agent,
            temperature=0.0,
        )
        try:
            response = await self.model.complete(request)
        except SwitchboardError as exc:
            log.warning("finance: model call for %s failed (%s); offline fallback", agent, exc.code)
            return None
        usage.add(response.usage)
        return response.text

    async def triage(
        self, text: str, previous: PreviousTurn | None, usage: UsageTally, context: str
    ) -> TriageResult:
        offline = self.triager.classify(text, previous=previous)
        if offline_is_confident(offline):
            return offline
        system = TRIAGE_SYSTEM_PROMPT + ("\n\n" + context if context else "")
        user = triage_user_message(text, previous.question if previous else None)
        raw = await self._ask("junior", system, user, TRIAGE_SCHEMA, usage)
        if raw is None:
            return offline
        return parse_triage_answer(raw)

    async def continues(self, dialog: OpenDialog, text: str, usage: UsageTally) -> ContinuityResult:
        offline = self.continuity.check(dialog, text)
        if offline.reason != "model":
            return offline
        user = continuity_user_message(dialog.question, text)
        raw = await self._ask("junior", CONTINUITY_SYSTEM_PROMPT, user, CONTINUITY_SCHEMA, usage)
        if raw is None:
            return offline
        verdict = parse_continuity(raw)
        return ContinuityResult(continues=bool(verdict), confianca=1.0 if verdict else 0.5)

    async def extract(
        self,
        text: str,
        today: date,
        hint: TransactionDraft | None,
        usage: UsageTally,
        context: str,
    ) -> TransactionDraft:
        system = EXTRACTION_PROMPT.format(today=today.isoformat())
        if hint is not None:
            system += "\n\nLançamento incompleto da mensagem anterior: " + hint.model_dump_json(
                exclude_defaults=True
            )
        if context:
            system += "\n\n" + context
        schema = TransactionDraft.model_json_schema()
        raw = await self._ask("lancador", system, text, schema, usage)
        draft = _parse_draft(raw) if raw is not None else None
        if draft is None:
            return extract_transaction(text, today, history_hint=hint)
        if draft.data is None and not draft.conta_futura:
            draft = draft.model_copy(update={"data": today})
        return draft if hint is None else merge_answer(hint, draft, text, today)


def _parse_draft(raw: str) -> TransactionDraft | None:
    text = raw.strip()
    if text.startswith("```"):
        text = text.strip("`").removeprefix("json").strip()
    try:
        payload = json.loads(text)
        return TransactionDraft.model_validate(payload)
    except (ValueError, ValidationError) as exc:
        log.warning("finance: unusable extraction answer %r (%s)", raw[:200], type(exc).__name__)
        return None
