"""Triage and continuity with a hosted model: prompts, answer schemas and tolerant parsers.

The caller (the finance app) sends `TRIAGE_SYSTEM_PROMPT` with `TRIAGE_SCHEMA` as the required
JSON answer, or `CONTINUITY_SYSTEM_PROMPT` (spec §2.1, ~70 words) with `CONTINUITY_SCHEMA`, and
passes the raw text back here. Models do not always honour a schema (fences, prose around the
JSON, a bare word, a wrong label), so the parsers accept those shapes and, when nothing usable
is left, fall back as the original did: an unreadable triage answer is `complexa` (the safe
escalation), logged as a warning; an unreadable continuity answer is None, which the caller
treats as "não" (reset the dialog and triage the message normally).
"""

from __future__ import annotations

import json
import logging
import re
from typing import Any

from switchboard.apps.finance.triage.text import fold
from switchboard.apps.finance.triage.types import (
    CATEGORIES,
    Categoria,
    TriageResult,
    as_categoria,
)

log = logging.getLogger(__name__)

TRIAGE_SYSTEM_PROMPT = """\
Você é o Junior, o agente de triagem de um assistente financeiro pessoal. Classifique a \
mensagem do usuário em exatamente uma categoria:

- "trivial": saudações, agradecimentos, despedidas, perguntas sobre o próprio assistente, \
contextos simples do dia a dia e consultas rápidas de dados externos (cotação do dólar, \
taxa Selic, Ibovespa).
- "lancamento": registro de uma movimentação financeira (gasto, pagamento, compra, receita, \
transferência, aplicação, conta a pagar ou a receber), inclusive só um valor ("200 reais") \
ou só um lugar ("no mercado").
- "simplista": consulta operacional direta sobre os dados financeiros do próprio usuário.
- "complexa": qualquer pergunta que implique análise, recomendação, planejamento ou \
diagnóstico.

Simplista ou complexa? Uma pergunta que parece complexa mas é uma consulta direta de \
informação é simplista:
- Recuperação de fatos: "Quanto tenho investido?" (soma total) é simplista; "Como investir \
melhor?" (análise estratégica) é complexa.
- Cálculos básicos: "Qual meu patrimônio líquido?" (ativos - passivos) é simplista; "Como \
otimizar meu patrimônio?" (planejamento) é complexa.
- Dados agregados simples: "Quanto economizei este ano?" (receitas - despesas) é simplista; \
"Por que não economizei mais?" (diagnóstico comportamental) é complexa.
- Informações específicas: "Quanto tenho em reserva?" é simplista; "Preciso de mais \
reserva?" (avaliação de adequação) é complexa.
- Listas e totais: "Quais minhas receitas fixas?" é simplista; "Como aumentar minhas \
receitas?" (estratégia) é complexa.

Também são simplistas: "Quanto tenho investido no total?", "Quanto investi em renda fixa?", \
"Qual foi meu maior investimento?". São complexas: "Como melhorar meus investimentos?", \
"Por que minhas finanças não melhoram?", "Qual o melhor investimento para mim?", e toda \
pergunta com "vale a pena", "devo", "faz sentido" ou que compare opções.

Se houver uma mensagem anterior, uma continuação elíptica ("e no mês passado?", "e com \
transporte?") tem a mesma categoria dela.

Responda somente com JSON: {"categoria": "...", "confianca": número de 0 a 1}.\
"""
"""Spec 001 §2: categories, the simplista-vs-complexa reasoning and its examples."""

TRIAGE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "categoria": {"type": "string", "enum": list(CATEGORIES)},
        "confianca": {"type": "number", "minimum": 0, "maximum": 1},
    },
    "required": ["categoria", "confianca"],
    "additionalProperties": False,
}

CONTINUITY_SYSTEM_PROMPT = (
    "Você é um agente de detecção de continuidade de diálogo no sistema multi-agente de IA "
    "financeira. Sua tarefa é analisar se a resposta do usuário responde diretamente à pergunta "
    "específica formulada pelo agente em diálogo ativo. Responda apenas com 'sim' se a resposta "
    "for relevante e direta à pergunta, ou 'não' se não for, indicando que deve voltar à "
    "triagem normal. Não adicione explicações ou texto extra."
)
"""Spec 001 §2.1, verbatim."""

CONTINUITY_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {"resposta": {"type": "string", "enum": ["sim", "não"]}},
    "required": ["resposta"],
    "additionalProperties": False,
}
"""The answer, constrained to `sim`/`não`. An object, because OpenAI's `json_schema` response
format refuses any other root type (a bare `{"type": "string"}` is a 400); parse_continuity also
reads a bare word or JSON string, for models that ignore the schema."""

SHORT_ANSWER_WORDS = 6
"""A non-JSON answer is read as a category word only when it is this short: a longer text that
happens to mention "simplista" is prose, not an answer."""
FALLBACK_CONFIDENCE = 0.0
"""Confidence of the `complexa` fallback: nothing was understood."""


CONFIDENT_MODEL_SCORE = 0.7
"""Offline model score from which the hosted call is skipped. On the dev split, rules/history
decisions plus model decisions at ≥ 0.7 (no tie-break) cover 97% of messages at 99.9% accuracy;
at 0.6 coverage is 98.5% at 99.7%."""


def offline_is_confident(result: TriageResult) -> bool:
    """Whether the offline decision can stand without asking the hosted model (the cheap first
    pass of issue 10): any rule or history decision, or a model decision with a clear margin
    and a score of at least CONFIDENT_MODEL_SCORE."""
    if result.source != "model":
        return True
    return result.rule is None and result.confianca >= CONFIDENT_MODEL_SCORE


def triage_user_message(text: str, previous_question: str | None = None) -> str:
    """The user turn sent with TRIAGE_SYSTEM_PROMPT."""
    if previous_question:
        return f"Mensagem anterior: {previous_question}\nMensagem: {text}"
    return f"Mensagem: {text}"


def continuity_user_message(question: str, answer: str) -> str:
    """The user turn sent with CONTINUITY_SYSTEM_PROMPT."""
    return f"Pergunta do agente: {question}\nResposta do usuário: {answer}"


def parse_triage_answer(raw: str) -> TriageResult:
    """The hosted model's triage answer; unknown or garbled output → `complexa`, logged.

    Accepted: the schema's JSON object (also inside ``` fences or surrounded by prose), a JSON
    string, or the bare category word. A missing or out-of-range confidence becomes 0.5.
    """
    payload = _json_payload(raw)
    categoria = None
    confianca = 0.5
    if isinstance(payload, dict):
        value = payload.get("categoria", payload.get("category"))
        if isinstance(value, str):
            categoria = as_categoria(value)
        score = payload.get("confianca", payload.get("confidence"))
        if isinstance(score, int | float) and not isinstance(score, bool) and 0 <= score <= 1:
            confianca = float(score)
    elif isinstance(payload, str):
        categoria = as_categoria(payload)
    if categoria is None:
        categoria = _only_category_word(raw)
    if categoria is None:
        log.warning("triage: unreadable model answer %r, escalating to complexa", raw[:200])
        return TriageResult("complexa", FALLBACK_CONFIDENCE, "model", rule="unparsed")
    return TriageResult(categoria, confianca, "model")


def parse_continuity(raw: str) -> bool | None:
    """`sim` → True, `não`/`nao` → False; anything else → None (logged).

    A short answer that starts with the word counts ("sim, responde"); one naming both does not.
    """
    payload = _json_payload(raw)
    if isinstance(payload, dict):
        value = payload.get("resposta", payload.get("answer"))
        payload = value if isinstance(value, str) else None
    text = payload if isinstance(payload, str) else raw
    words = re.findall(r"[a-z]+", fold(text))
    both = "sim" in words and "nao" in words
    if not both and (len(words) == 1 or (words and len(words) <= 3 and words[0] in ("sim", "nao"))):
        if words[0] == "sim":
            return True
        if words[0] == "nao":
            return False
    log.warning("continuity: unreadable model answer %r", raw[:200])
    return None


def _json_payload(raw: str) -> object:
    """The JSON value in `raw` (fences and surrounding prose stripped), or None."""
    text = raw.strip()
    fenced = re.search(r"```(?:json)?\s*(.*?)```", text, re.DOTALL)
    if fenced:
        text = fenced.group(1).strip()
    candidates = [text]
    braces = re.search(r"\{.*\}", text, re.DOTALL)
    if braces:
        candidates.append(braces.group())
    for candidate in candidates:
        try:
            value: object = json.loads(candidate)
        except ValueError:
            continue
        return value
    return None


def _only_category_word(raw: str) -> Categoria | None:
    """The category when a short answer names exactly one ("Categoria: simplista.")."""
    words = re.findall(r"[a-z]+", fold(raw))
    if not words or len(words) > SHORT_ANSWER_WORDS:
        return None
    named = {c for c in CATEGORIES if c in words}
    return named.pop() if len(named) == 1 else None
