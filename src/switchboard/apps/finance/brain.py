"""Who decides: offline (rules + classifiers + extractors) or a hosted model behind them.

`OfflineBrain` runs Junior's triage, the continuity check and the Lançador's extraction with no
model at all. `HostedBrain` asks a hosted model, with the offline pieces as cheap first pass and
as validators:

- triage: the offline decision stands when `offline_is_confident` (rules, history, a clear model
  margin); otherwise the model answers `TRIAGE_SCHEMA` JSON; unreadable output → `complexa`
  (logged, as the original). A `lancamento` answer for a question, hypothesis or plan is
  moved by the same `settle` as the offline one: no model can make a question a recording;
- continuity: the offline cancel/complexity rules decide first; otherwise the spec's ~70-word
  prompt, answer `sim`/`não`; unreadable → "não" (the dialog resets, the message is triaged);
- extraction: the model fills `TransactionDraft` JSON (`EXTRACTION_SCHEMA`, the taxonomy in the
  prompt); the same pydantic validation and, later, the deterministic `classify_entry` run on
  it, so a model never writes unvalidated; a date it left out comes from the pt-BR date rules;
  unreadable or invalid JSON → the offline extraction (logged).

Garbage and unreachable are treated differently on purpose. A model that answered badly is
handled as listed above (`complexa`, "não", the offline extraction). A model that did not
answer (timeout, HTTP 5xx, connection refused, after the SDK's own retries) stops the message
with a typed error whose message is pt-BR (`MODEL_TIMEOUT`, `MODEL_DOWN`; the code stays
`model_timeout` / `model_error`): the turn ends before anything is recorded and the dialog state
is left as it was, so the user can simply send it again. Falling back to the offline brain
instead would hide an outage from the operator who chose a hosted model, write ledger rows from
an extractor nobody configured, and make the user wait for the next model call of the same
message to time out too.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Callable
from datetime import date
from decimal import Decimal
from typing import Any, Protocol

from pydantic import ValidationError

from switchboard import Message, Model, ModelError, ModelRequest, ModelTimeoutError
from switchboard.apps.finance.nlu import (
    TransactionDraft,
    extract_transaction,
    merge_answer,
    resolve_date,
)
from switchboard.apps.finance.nlu.categories import (
    TAXONOMY,
    cedilla_spelled,
    find_category,
    repair_short_brands,
)
from switchboard.apps.finance.nlu.money import find_amounts
from switchboard.apps.finance.triage import (
    ContinuityCheck,
    ContinuityResult,
    OpenDialog,
    PreviousTurn,
    Triage,
    TriageResult,
)
from switchboard.apps.finance.triage.classifier import settle
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
from switchboard.apps.finance.triage.text import fold
from switchboard.core import UsageTally

log = logging.getLogger(__name__)

EXTRACTION_PROMPT = """\
Você é o Lançador, o agente que registra movimentações financeiras de um assistente pessoal \
brasileiro. Extraia da mensagem do usuário um lançamento em JSON com os campos do esquema: \
valor (número em reais), tipo ("receita" ou "despesa"), categoria e subcategoria (da lista \
permitida), descricao, data (AAAA-MM-DD; hoje é {today}), forma_pagamento, parcelas, \
cartao_credito, conta_futura (conta a pagar/receber agendada), divida_relacionada, \
nova_divida e operacoes (só para mensagens com várias operações). Use null para o que a \
mensagem não diz; não invente valores. Responda somente com o JSON.

Nem todo dinheiro que se move é gasto ou receita:
- transferencia=true (com conta_origem/conta_destino) entre contas do próprio usuário \
(poupança, corretora, outra conta, caixinha, saque em dinheiro); tipo pode ficar null;
- ativo="imovel"|"veiculo"|"investimento"|"outro" para a compra de um bem (apartamento, \
carro, CDB, tesouro, ações), com entrada e parcelas quando financiado;
- nova_divida=true com tipo "receita" para um empréstimo tomado (o dinheiro entrou);
- reembolso=true com tipo "receita" para estorno, reembolso ou devolução recebida;
- emprestado=true com tipo "receita" e conta_futura=true para dinheiro que o usuário \
emprestou a alguém (volta como conta a receber);
- divida_relacionada com o nome da dívida paga ("empréstimo do Itaú", "fatura do cartão").
Valor de "N itens de X cada" é N×X; "quarenta e dois e noventa" é 42,90.

Categorias permitidas (categoria: subcategorias):
{categories}\
"""


def _categories_block() -> str:
    return "\n".join(
        f"- {name}: {', '.join(subs)}" if subs else f"- {name}" for name, subs in TAXONOMY.items()
    )


def extraction_schema() -> dict[str, Any]:
    """`TransactionDraft`'s JSON schema as a hosted model must get it: an object at the root
    (pydantic puts a recursive model behind a root `$ref`, and OpenAI's `json_schema` response
    format refuses any root but an object) and the categories as an enum (the model cannot
    guess the taxonomy; a wrong name makes validation reject the whole draft)."""
    schema = TransactionDraft.model_json_schema()
    defs: dict[str, Any] = schema.pop("$defs", {})
    draft: dict[str, Any] = defs.get(TransactionDraft.__name__, schema)
    draft["properties"]["categoria"]["anyOf"] = [
        {"type": "string", "enum": list(TAXONOMY)},
        {"type": "null"},
    ]
    subcategories = sorted({sub for subs in TAXONOMY.values() for sub in subs})
    draft["properties"]["subcategoria"]["anyOf"] = [
        {"type": "string", "enum": subcategories},
        {"type": "null"},
    ]
    root = {key: value for key, value in draft.items() if key != "title"}
    if defs:
        root["$defs"] = defs
    return root


EXTRACTION_SCHEMA = extraction_schema()
_CATEGORIES = _categories_block()


MODEL_TIMEOUT = (
    "O modelo de linguagem demorou demais para responder, então parei por aqui: nada foi "
    "registrado nem alterado. Tente de novo em instantes."
)
MODEL_DOWN = (
    "Não consegui falar com o modelo de linguagem agora, então parei por aqui: nada foi "
    "registrado nem alterado. Tente de novo em instantes."
)


def friendly_model_error(exc: ModelError, agent: str) -> ModelError:
    """The same error class (so the same `code` and HTTP status) with a pt-BR message for the
    user; the provider's own message stays in the log, not in front of the user."""
    text = MODEL_TIMEOUT if isinstance(exc, ModelTimeoutError) else MODEL_DOWN
    return type(exc)(text, agent=agent, cause=exc.code)


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
        """Train the classifiers now and run each offline piece once (blocking; call in a
        thread): the first user message should not pay for any one-time load."""
        Triage.default().classify("gastei 1 real")
        ContinuityCheck.default()
        extract_transaction("gastei 1 real no mercado", date(2026, 1, 2))

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
        draft = extract_transaction(text, today, history_hint=hint)
        repaired = self.triager.prepare(text)
        if hint is None and resolve_date(text, today) is None:
            said = resolve_date(repaired, today)
            if said is not None and draft.data == today and not draft.conta_futura:
                draft = draft.model_copy(update={"data": said})  # "uber 30 onten"
        return with_repaired_category(draft, repaired)


def with_repaired_category(draft: TransactionDraft, repaired: str) -> TransactionDraft:
    """A draft without a category gets the one the typo-repaired text names ("mercadu 150 hj"
    -> "mercado", "ubr" -> "uber"): the triage's speller already knows the finance words; the
    extractor reads the text as typed. Same for a date word ("onten")."""
    if draft.categoria is not None or draft.operacoes or draft.tipo == "receita":
        return draft
    if draft.transferencia or draft.ativo is not None or draft.divida_relacionada:
        return draft
    match = (
        find_category(repaired, "despesa")
        or find_category(repair_short_brands(repaired), "despesa")
        or find_category(cedilla_spelled(repaired), "despesa")
    )
    if match is None:
        return draft
    return draft.model_copy(
        update={
            "categoria": match.categoria,
            "subcategoria": match.subcategoria,
            "tipo": draft.tipo or "despesa",
        }
    )


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
    ) -> str:
        """The model's raw answer; a provider failure raises `friendly_model_error`."""
        request = ModelRequest(
            messages=[Message.system(system), Message.user(user)],
            response_schema=dict(schema),
            agent=agent,
            temperature=0.0,
        )
        try:
            response = await self.model.complete(request)
        except ModelError as exc:
            log.warning("finance: model call for %s failed (%s): %s", agent, exc.code, exc.message)
            raise friendly_model_error(exc, agent) from exc
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
        return settle(parse_triage_answer(raw), fold(text))

    async def continues(self, dialog: OpenDialog, text: str, usage: UsageTally) -> ContinuityResult:
        offline = self.continuity.check(dialog, text)
        if offline.reason != "model":
            return offline
        user = continuity_user_message(dialog.question, text)
        raw = await self._ask("junior", CONTINUITY_SYSTEM_PROMPT, user, CONTINUITY_SCHEMA, usage)
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
        system = EXTRACTION_PROMPT.format(today=today.isoformat(), categories=_CATEGORIES)
        if hint is not None:
            system += "\n\nLançamento incompleto da mensagem anterior: " + hint.model_dump_json(
                exclude_defaults=True
            )
        if context:
            system += "\n\n" + context
        raw = await self._ask("lancador", system, text, EXTRACTION_SCHEMA, usage)
        draft = _parse_draft(raw)
        if draft is None or not amount_is_grounded(draft, text):
            return extract_transaction(text, today, history_hint=hint)
        if draft.data is None:
            # the pt-BR date rules know "ontem", "sexta", "dia 5" relative to São Paulo's
            # today; a model that left the date out must not turn "ontem" into today
            stated = resolve_date(text, today, future=True if draft.conta_futura else None)
            if stated is not None or not draft.conta_futura:
                draft = draft.model_copy(update={"data": stated or today})
        return draft if hint is None else merge_answer(hint, draft, text, today)


def amount_is_grounded(draft: TransactionDraft, text: str) -> bool:
    """Whether the model's `valor` comes from the message: one of the amounts it states, their
    sum, or one of them times the instalments ("10x de 300"). A valid-looking but invented
    amount (R$ 9.999 for "R$ 150") is the error schema validation cannot catch; the rules then
    read the message instead. A message that states no amount (a dialog answer such as "no
    mercado", an amount in words the rules miss) leaves the model's value to the validators."""
    if draft.valor is None:
        return True
    stated = [a.value for a in find_amounts(text)]
    if not stated:
        return True
    cents = Decimal("0.01")
    candidates = {v.quantize(cents) for v in stated}
    candidates.add(sum(stated, Decimal(0)).quantize(cents))
    if draft.parcelas:
        candidates.update((v * draft.parcelas).quantize(cents) for v in stated)
    if _EACH.search(text):  # "3 camisetas de 25 cada": a count of items times the unit price
        counts = [Decimal(n) for n in _COUNT_OF_ITEMS.findall(text)]
        candidates.update((n * v).quantize(cents) for n in counts for v in stated)
    if draft.valor.quantize(cents) in candidates:
        return True
    log.warning(
        "finance: extraction amount %s is not stated in the message; the rules read it instead",
        draft.valor,
    )
    return False


_EACH = re.compile(r"\bcada\b|\b(?:a[çc][õo]es|cotas)\b", re.IGNORECASE)
_COUNT_OF_ITEMS = re.compile(r"(?<![\d,.])(\d{1,4})\s+(?!x\b|vezes\b|parcelas\b)[^\W\d_]", re.I)


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
