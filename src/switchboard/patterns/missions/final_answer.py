"""The final-answer system (spec 001 §8): from the consolidation to what the user reads.

Etapa 2 — minimal context: the query, the pre-structured answer, limitations and
recommendations (raw data, detailed calculations and metadata stay in the consolidation, which
is kept whole in telemetry, but do not go to the synthesis model).
Etapa 3 — the synthesis prompt, in the spec's four parts (`synthesis_prompt`).
Etapa 5 — validation (`validate_answer`): at least 100 characters, none of the forbidden terms,
and the concrete numbers of the consolidation present. A failed answer is regenerated with
"Evite termos: …" (or the missing numbers) at most twice; then the coordinator's own text is
sent (fallback).

Offline (no synthesis model) the answer is written by templates from the consolidation: the
direct answer first, then the evidence, the limitations explained honestly and constructively
(flows 6 and 7), and the recommendations and next steps last, as paragraphs.

Coverage (`Consolidation.cobertura`, filled by the framework from the question): the terms the
question needs (both systems for "SAC ou Price"), the user's own numbers, the stated assumptions
("Premissas"), or a question back when numbers were missing. A regenerated answer is told what it
missed; when the final text still misses it — the model's and then the template's — the answer
is generic and the mission is reported as failed (`status="falha"`, a limitation "resposta
genérica"), in the answer, in telemetry and in the weekly report.

"Concrete numbers": every number written in the consolidation's supporting data and
calculations (at most `MAX_NUMBERS`, the first ones). An answer must contain at least half of
them — a model may round or leave one out, but not drop the evidence. Numbers are compared
digit-only with trailing zeros removed, so "18,5" matches "18.5" and "R$ 38,50" matches "38.5".
"""

from __future__ import annotations

import json
import re
import unicodedata
from typing import Literal

from switchboard.core.messages import Message, UsageTally
from switchboard.models.base import Model, ModelRequest
from switchboard.patterns.missions.jsontext import dumps
from switchboard.patterns.missions.models import (
    Consolidation,
    FinalAnswer,
    Limitacao,
    RequisitosCobertura,
)

Tone = Literal["consultivo", "educativo", "tecnico"]
Origin = Literal["modelo", "modelo_regenerado", "modelo_fallback_coordenador", "template"]

FORBIDDEN = ("agente", "orquestrador", "Message Bus", "ReAct", "payload", "ciclo", "timeout")
"""§8 Etapa 5, verbatim."""
MIN_CHARS = 100
MAX_NUMBERS = 6

_NUMBER = re.compile(r"\d[\d.,]*\d|\d")
_ANSWER_SCHEMA = {
    "type": "object",
    "required": ["resposta_ao_usuario", "tom_usado"],
    "properties": {
        "resposta_ao_usuario": {"type": "string"},
        "tom_usado": {"enum": ["consultivo", "educativo", "tecnico"]},
    },
}


def _key(token: str) -> str:
    return token.replace(".", "").replace(",", "").rstrip("0") or "0"


_FORBIDDEN_LOWER = tuple((term, term.lower()) for term in FORBIDDEN)


def concrete_numbers(consolidation: Consolidation) -> list[str]:
    pre = consolidation.resposta_pre_estruturada
    texts = [d.valor for d in pre.dados_suporte] + [c.resultado for c in pre.calculos_realizados]
    found: list[str] = []
    for text in texts:
        for token in _NUMBER.findall(text):
            key = _key(token)
            if len(key) >= 2 and key not in found:
                found.append(key)
    return found[:MAX_NUMBERS]


def coverage_problems(text: str, required: RequisitosCobertura | None) -> list[str]:
    """What `text` misses of what the question requires (empty: covered)."""
    if required is None:
        return []
    problems: list[str] = []
    folded = _fold(text)
    missing_terms = [
        group[0] for group in required.termos if not any(_has_term(folded, t) for t in group)
    ]
    if missing_terms:
        problems.append("cobertura: faltam " + ", ".join(missing_terms))
    if required.numeros:
        present = {_key(t) for t in _NUMBER.findall(text)}
        absent = [n for n in required.numeros if _key(_NUMBER.findall(n)[0]) not in present]
        if absent:
            problems.append("cobertura: faltam os números do usuário " + ", ".join(absent))
    if required.premissas and "premissa" not in folded:
        problems.append("cobertura: faltam as premissas")
    if required.pergunta and "?" not in text:
        problems.append("cobertura: falta perguntar ao usuário o que falta")
    return problems


def _fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def _has_term(folded: str, term: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(_fold(term))}(?!\w)", folded) is not None


def validate_answer(text: str, consolidation: Consolidation) -> list[str]:
    """Problems of an answer (empty: valid). Forbidden terms are named as found."""
    problems: list[str] = coverage_problems(text, consolidation.cobertura)
    if len(text.strip()) < MIN_CHARS:
        problems.append(f"resposta com menos de {MIN_CHARS} caracteres")
    lowered = text.lower()
    problems += [f"termo proibido: {term}" for term, low in _FORBIDDEN_LOWER if low in lowered]
    numbers = concrete_numbers(consolidation)
    if numbers:
        present = {_key(t) for t in _NUMBER.findall(text)}
        missing = [n for n in numbers if n not in present]
        if len(missing) > len(numbers) // 2:
            problems.append("faltam os números concretos da análise")
    return problems


def minimal_context(query: str, consolidation: Consolidation) -> dict[str, object]:
    """§8 Etapa 2."""
    return {
        "query": query,
        "resposta_pre_estruturada": consolidation.resposta_pre_estruturada.resposta_principal,
        "dados_concretos": [
            f"{d.descricao}: {d.valor}"
            for d in consolidation.resposta_pre_estruturada.dados_suporte
        ]
        + [
            f"{c.descricao}: {c.resultado}"
            for c in consolidation.resposta_pre_estruturada.calculos_realizados
        ],
        "limitacoes": [lim.descricao for lim in consolidation.limitacoes_encontradas],
        "recomendacoes": consolidation.recomendacoes_adicionais
        + consolidation.proximos_passos_sugeridos,
    }


def synthesis_prompt(query: str, consolidation: Consolidation) -> str:
    """§8 Etapa 3, the spec's four parts."""
    ctx = minimal_context(query, consolidation)
    parts = [
        "## Parte 1 - Contexto mínimo",
        f"Pergunta do usuário: {query}",
        f"Resposta estruturada: {ctx['resposta_pre_estruturada']}",
        "Dados concretos: " + dumps(ctx["dados_concretos"]),
    ]
    if ctx["limitacoes"]:
        parts += [
            "## Parte 2 - Limitações",
            "Dados que não puderam ser obtidos: " + dumps(ctx["limitacoes"]),
            "Comunique isso com transparência, sem alarmar.",
        ]
    if ctx["recomendacoes"]:
        parts.append("Recomendações: " + dumps(ctx["recomendacoes"]))
    parts += [
        "## Parte 3 - Instruções de formatação",
        "Transforme a resposta estruturada em linguagem natural e fluida. Mantenha todos os dados "
        "concretos (números, valores, datas). Tom consultivo, prestativo e empático. Primeiro "
        "parágrafo: resposta direta; depois, o detalhamento com evidências; por último, "
        "recomendações ou próximos passos. Parágrafos corridos, não listas. Não mencione "
        "agentes, orquestrador, ciclos, Message Bus ou prompts; não use jargão técnico (ReAct, "
        "payload, timeout, fallback). Se houve limitações, explique honestamente e de forma "
        'construtiva, por exemplo: "Não foi possível obter comparação com outras empresas '
        "devido a indisponibilidade temporária dos dados, mas a análise individual da empresa "
        'oferece um panorama claro."',
        "## Parte 4 - Formato de saída",
        'JSON: {"resposta_ao_usuario": "...", "tom_usado": "consultivo" | "educativo" | "tecnico"}',
    ]
    return "\n".join(parts)


# ---------------------------------------------------------------- offline templates

_LIMIT_INTRO = {
    "timeout": "Uma parte da análise não coube no tempo disponível",
    "orcamento": "Para manter a resposta rápida, deixei de fora um detalhe",
    "falha_agente": "Algumas fontes de dados estavam temporariamente indisponíveis",
    "dados_indisponiveis": "Faltaram alguns dados para completar a análise",
}


def _limitation_sentence(lim: Limitacao) -> str:
    what = lim.descricao.split(": ", 1)[-1].rstrip(".")
    intro = _LIMIT_INTRO[lim.tipo_limitacao]
    if lim.impacto == "baixo":
        tail = "isso não muda a conclusão."
    elif lim.tipo_limitacao == "timeout":
        tail = "se quiser, posso fazer essa parte numa próxima pergunta."
    else:
        tail = "o restante da análise continua válido com os dados reunidos."
    return f"{intro} ({what}); {tail}"


def template_answer(consolidation: Consolidation) -> str:
    pre = consolidation.resposta_pre_estruturada
    paragraphs = [pre.resposta_principal]
    if consolidation.limitacoes_encontradas:
        paragraphs.append(
            " ".join(
                s[:1].upper() + s[1:]
                for s in (_limitation_sentence(lim) for lim in consolidation.limitacoes_encontradas)
            )
        )
    advice = consolidation.recomendacoes_adicionais + consolidation.proximos_passos_sugeridos
    if advice:
        body = " ".join(a if a.endswith(".") else a + "." for a in advice)
        paragraphs.append("Minha sugestão: " + body[:1].lower() + body[1:])
    return "\n\n".join(p for p in paragraphs if p.strip())


# ---------------------------------------------------------------- the system


async def final_answer(
    query: str,
    consolidation: Consolidation,
    *,
    mission_id: str,
    coordinator: str,
    model: Model | None = None,
    regenerations: int = 2,
    timeline: list[str] | None = None,
    usage: UsageTally | None = None,
) -> FinalAnswer:
    """§8 Etapas 2–6 (offline: templates). Model calls are added to `usage` (the chat turn's
    tally of the mission)."""

    def answer(text: str, origin: Origin, tries: int = 0, tone: Tone = "consultivo") -> FinalAnswer:
        return FinalAnswer(
            resposta_ao_usuario=text,
            tom_usado=tone,
            missao_id=mission_id,
            coordenador=coordinator,
            status=consolidation.status,
            origem=origin,
            regeneracoes=tries,
            consolidacao=consolidation,
            timeline=list(timeline or []),
        )

    if model is None:
        text = template_answer(consolidation)
        consolidation = _honest(consolidation, text)
        return answer(text, "template")
    prompt = synthesis_prompt(query, consolidation)
    messages = [Message.user(prompt)]
    problems: list[str] = []
    for attempt in range(regenerations + 1):
        if problems:
            avoid = [p.removeprefix("termo proibido: ") for p in problems if p.startswith("termo")]
            extra = f"Evite termos: {', '.join(avoid)}." if avoid else ""
            if any(not p.startswith("termo") for p in problems):
                extra += " Corrija: " + "; ".join(p for p in problems if not p.startswith("termo"))
            messages = [Message.user(prompt + "\n\n" + extra.strip())]
        response = await model.complete(
            ModelRequest(messages=messages, response_schema=_ANSWER_SCHEMA, agent="resposta_final")
        )
        if usage is not None:
            usage.add(response.usage)
        text, tone = _parse(response.text)
        problems = validate_answer(text, consolidation)
        if not problems:
            return answer(text, "modelo" if attempt == 0 else "modelo_regenerado", attempt, tone)
    text = template_answer(consolidation)
    consolidation = _honest(consolidation, text)
    return answer(text, "modelo_fallback_coordenador", regenerations)


GENERIC = "A resposta não cobriu o que a pergunta pedia ({what})."


def _honest(consolidation: Consolidation, text: str) -> Consolidation:
    """The consolidation as it really ended: a final text that misses what the question
    requires is a generic answer — a failed mission, whatever the coordinator reported."""
    missing = coverage_problems(text, consolidation.cobertura)
    if not missing:
        return consolidation
    what = "; ".join(m.removeprefix("cobertura: ") for m in missing)
    return consolidation.model_copy(
        update={
            "status": "falha",
            "objetivo_alcancado": False,
            "limitacoes_encontradas": [
                *consolidation.limitacoes_encontradas,
                Limitacao(
                    tipo_limitacao="dados_indisponiveis",
                    descricao=GENERIC.format(what=what),
                    impacto="alto",
                ),
            ],
        }
    )


def _parse(text: str) -> tuple[str, Tone]:
    body = text.strip()
    if body.startswith("```"):
        body = body.strip("`").split("\n", 1)[-1]
    try:
        data = json.loads(body)
    except json.JSONDecodeError:
        return text, "consultivo"
    if not isinstance(data, dict):
        return text, "consultivo"
    tone = data.get("tom_usado")
    return str(data.get("resposta_ao_usuario", "")), tone if tone in _TONES else "consultivo"


_TONES = ("consultivo", "educativo", "tecnico")

__all__ = [
    "FORBIDDEN",
    "concrete_numbers",
    "final_answer",
    "minimal_context",
    "synthesis_prompt",
    "template_answer",
    "validate_answer",
]
