"""Learning loops (spec 002 §6): feedback alerts, implicit signals, the judge, dynamic few-shot.

- **Explicit**: a thumbs-down raises an alert for review: a WARNING log line
  (`scholarships.feedback_down`) and a `feedback_down` SIGNAL. `alert_negative_feedback` runs from
  the app's `on_feedback` hook, which the server's feedback route calls as each vote is stored
  (the route also logs the alert and counts `switchboard_feedback{app,rating}`).
- **Implicit**: `card_click` and `workflow_abandoned` SIGNALS are written by the pattern.
- **Judge**: `judge_sessions` scores recent conversations and proposes GOLDEN_EXAMPLES; offline
  the `heuristic_score` below, with a hosted model an LLM-as-judge (`JUDGE_SCHEMA`). Curators
  approve or reject proposals (`switchboard curate`).
- **Dynamic few-shot**: `similar_examples` picks the approved examples *most similar* to the
  current message (Portuguese stems, rapidfuzz token-set ratio as the tie-breaker) — the original
  injected the newest three whatever they were about.
- **Citations that hold** (issue 20): nothing becomes, or is used as, an example unless what it
  cites says what it says (`citations.check`: the cited items exist in the editais and contain
  the answer's numbers, dates and quotes). The judge reads the cited text (the hosted judge gets
  it in its prompt) and never proposes an answer whose citation fails, nor a Sisu/Prouni answer
  without one; the few-shot leaves out an approved example whose citation fails, so a wrong
  approval cannot be taught to the model.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Final

from rapidfuzz import fuzz

from switchboard import Message, MessageKind, Model, ModelRequest, Store, SwitchboardError
from switchboard.apps.scholarships import citations
from switchboard.apps.scholarships.records import GOLDEN_EXAMPLES, SIGNALS, GoldenExample
from switchboard.core import META_KIND, META_WORKFLOW
from switchboard.knowledge import stems
from switchboard.store import FeedbackRecord, StoredMessage

log = logging.getLogger("switchboard.apps.scholarships.learning")

FEW_SHOT_K = 3
MIN_SIMILARITY = 0.15
"""Below this stem overlap an approved example is about something else and is not injected."""
PROPOSE_AT = 0.7
"""Heuristic score from which an exchange is proposed as a golden example."""
RAG_AGENTS = ("sisu", "prouni")
APP_NAME = "scholarships"
"""The sessions the judge reads (`SessionRecord.app`)."""


# -- explicit feedback -----------------------------------------------------------------------------
async def alert_negative_feedback(store: Store, feedback: FeedbackRecord) -> bool:
    """Alert on a thumbs-down (log + SIGNAL); True when an alert was raised."""
    if feedback.rating != "down":
        return False
    log.warning(
        "scholarships.feedback_down: answer %s rated down",
        feedback.message_id,
        extra={"session_id": feedback.session_id, "message_id": feedback.message_id},
    )
    await store.repository(SIGNALS).record(
        "feedback_down",
        feedback.user_id,
        feedback.session_id,
        {"message_id": feedback.message_id, "comment": feedback.comment[:500]},
    )
    return True


# -- dynamic few-shot ------------------------------------------------------------------------------
def similarity(question: str, candidate: str) -> float:
    """Jaccard overlap of Portuguese stems, nudged by rapidfuzz's token-set ratio."""
    a, b = set(stems(question)), set(stems(candidate))
    if not a or not b:
        return 0.0
    jaccard = len(a & b) / len(a | b)
    return jaccard + 0.1 * fuzz.token_set_ratio(question.lower(), candidate.lower()) / 100


def similar_examples(
    examples: Sequence[GoldenExample], question: str, k: int = FEW_SHOT_K
) -> list[GoldenExample]:
    """The `k` approved examples most similar to `question` (best first)."""
    scored = [(similarity(question, e.question), e.id, e) for e in examples]
    scored = [s for s in scored if s[0] >= MIN_SIMILARITY]
    scored.sort(key=lambda s: (-s[0], -s[1]))
    return [e for _, _, e in scored[:k]]


def few_shot_block(examples: Sequence[GoldenExample]) -> str:
    """The prompt block injected into an agent's system prompt ("" when there are none)."""
    if not examples:
        return ""
    parts = ["Exemplos aprovados de boas respostas (siga o estilo e as regras, não copie):"]
    for example in examples:
        parts.append(f"Pergunta: {example.question}\nResposta: {example.answer}")
    return "\n\n".join(parts)


def teachable(agent: str, answer: str) -> tuple[bool, str]:
    """Whether an answer may be an example: a Sisu/Prouni answer needs a citation that holds;
    any other answer, if it cites the editais, too. Returns the reason when it may not."""
    checked = citations.check(answer)
    if agent in RAG_AGENTS and not checked.cited:
        return False, "no citation of the editais"
    if checked.cited and not checked.holds:
        return False, "citation does not hold: " + "; ".join(checked.problems[:3])
    return True, ""


async def few_shot_for(store: Store, agent: str, question: str) -> str:
    """The prompt block of approved examples similar to `question` whose citations hold."""
    pool = await store.repository(GOLDEN_EXAMPLES).list_approved(agent)
    usable = [example for example in pool if teachable(example.agent, example.answer)[0]]
    if len(usable) != len(pool):
        log.warning(
            "approved examples left out of the few-shot: their citation does not hold",
            extra={"agent": agent, "dropped": len(pool) - len(usable)},
        )
    return few_shot_block(similar_examples(usable, question))


# -- the judge -------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Exchange:
    """One user question and the answer that followed, in one session."""

    session_id: str
    agent: str
    workflow: str
    question: str
    answer: str
    answer_id: str
    blocked: bool


@dataclass(frozen=True, slots=True)
class Judgement:
    exchange: Exchange
    score: float
    reasons: tuple[str, ...]
    proposed_id: int | None = None

    def as_json(self) -> dict[str, Any]:
        return {
            "session_id": self.exchange.session_id,
            "agent": self.exchange.agent,
            "question": self.exchange.question,
            "score": round(self.score, 3),
            "reasons": list(self.reasons),
            "proposed": self.proposed_id,
        }


def exchanges(messages: Sequence[StoredMessage]) -> list[Exchange]:
    """Pair each user message with the assistant answer(s) that followed it."""
    pairs: list[Exchange] = []
    question: StoredMessage | None = None
    answer_parts: list[StoredMessage] = []

    def flush() -> None:
        if question is not None and answer_parts:
            last = answer_parts[-1]
            pairs.append(
                Exchange(
                    session_id=question.session_id,
                    agent=last.agent or "",
                    workflow=str(last.metadata.get(META_WORKFLOW, "")),
                    question=question.content,
                    answer="\n\n".join(m.content for m in answer_parts),
                    answer_id=last.id,
                    blocked=question.metadata.get(META_KIND) == MessageKind.BLOCKED,
                )
            )

    for message in messages:
        if message.role == "user":
            flush()
            question, answer_parts = message, []
        elif message.role == "assistant" and message.content.strip():
            answer_parts.append(message)
    flush()
    return pairs


def heuristic_score(exchange: Exchange, rating: str | None) -> tuple[float, tuple[str, ...]]:
    """Offline judge, 0–1. Feedback decides when there is any; otherwise: a blocked message is
    the guardrail working (never a golden example); a Sisu/Prouni answer must cite the edital
    ("item N"); other answers start neutral."""
    reasons: list[str] = []
    if exchange.blocked:
        return 0.0, ("guardrail blocked the message",)
    score = 0.5
    if exchange.agent in RAG_AGENTS:
        if "item " in exchange.answer or "Fonte:" in exchange.answer:
            score += 0.3
            reasons.append("cites the edital")
        else:
            score -= 0.3
            reasons.append("RAG answer without a citation")
        if exchange.answer.startswith("Não encontrei"):
            score -= 0.2
            reasons.append("nothing found")
    if rating == "up":
        score += 0.3
        reasons.append("thumbs up")
    elif rating == "down":
        score -= 0.5
        reasons.append("thumbs down")
    return max(0.0, min(1.0, score)), tuple(reasons)


JUDGE_SCHEMA: Final[dict[str, Any]] = {
    "type": "object",
    "properties": {
        "score": {"type": "number", "minimum": 0, "maximum": 1},
        "reason": {"type": "string"},
    },
    "required": ["score", "reason"],
    "additionalProperties": False,
}
JUDGE_PROMPT: Final[str] = """\
Você audita respostas de um assistente de Sisu e Prouni para estudantes. Dê uma nota de 0 a 1: \
correta, útil, em português claro, cita o edital quando afirma regras ou datas, não inventa. \
Compare a resposta com os TRECHOS CITADOS do edital: se ela afirma algo que os trechos não \
dizem, ou não responde à pergunta, a nota é 0. \
Responda só com JSON {"score": 0..1, "reason": "..."}."""


async def model_score(model: Model, exchange: Exchange) -> tuple[float, tuple[str, ...]] | None:
    request = ModelRequest(
        messages=[
            Message.system(JUDGE_PROMPT),
            Message.user(
                f"Pergunta: {exchange.question}\n\nResposta: {exchange.answer}\n\n"
                f"Trechos citados do edital:\n{citations.cited_text(exchange.answer) or '(nenhum)'}"
            ),
        ],
        response_schema=JUDGE_SCHEMA,
        agent="judge",
        temperature=0.0,
    )
    try:
        data = json.loads((await model.complete(request)).text)
        score = float(data["score"])
    except (SwitchboardError, ValueError, KeyError, TypeError) as exc:
        log.warning("judge model unusable, using the heuristic: %s", exc)
        return None
    return max(0.0, min(1.0, score)), (str(data.get("reason", ""))[:300],)


async def judge_sessions(
    store: Store,
    users: Sequence[str] = (),
    *,
    since: datetime | None = None,
    model: Model | None = None,
    propose_at: float = PROPOSE_AT,
    limit: int = 200,
) -> list[Judgement]:
    """Score the exchanges of recent scholarship sessions — every user's, or only `users`' —
    and propose the good ones as golden examples. At most `limit` sessions, most recently
    updated first, updated at or after `since`."""
    golden = store.repository(GOLDEN_EXAMPLES)
    results: list[Judgement] = []
    if users:
        listed = [s for user in dict.fromkeys(users) for s in await store.list_sessions(user)]
        sessions = [
            s for s in listed if s.app == APP_NAME and (since is None or s.updated_at >= since)
        ]
        sessions.sort(key=lambda s: s.updated_at, reverse=True)
    else:
        sessions = await store.recent_sessions(app=APP_NAME, since=since, limit=limit)
    for session in sessions[:limit]:
        ratings = {f.message_id: f.rating for f in await store.list_feedback(session.id)}
        for exchange in exchanges(await store.load_messages(session.id)):
            rating = ratings.get(exchange.answer_id)
            scored = await model_score(model, exchange) if model is not None else None
            score, reasons = scored or heuristic_score(exchange, rating)
            if rating == "down":
                score, reasons = min(score, 0.2), (*reasons, "thumbs down")
            proposed = None
            allowed, why = teachable(exchange.agent, exchange.answer)
            if not allowed and score >= propose_at:
                reasons = (*reasons, why)
            if score >= propose_at and allowed and not exchange.blocked and exchange.agent:
                example = await golden.propose(
                    exchange.question, exchange.answer, exchange.agent, session.id, score
                )
                proposed = example.id
            results.append(Judgement(exchange, score, reasons, proposed))
    return results


__all__ = [
    "JUDGE_SCHEMA",
    "Exchange",
    "Judgement",
    "alert_negative_feedback",
    "exchanges",
    "few_shot_block",
    "few_shot_for",
    "heuristic_score",
    "judge_sessions",
    "similar_examples",
    "similarity",
    "teachable",
]
