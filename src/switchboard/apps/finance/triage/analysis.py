"""Junior's secondary analysis of a complexa message (spec 001 §2), offline and deterministic.

Produces the "Pacote Enviado ao Orquestrador": the user's message, the main financial domain
(one of the spec's seven), one or two orchestration prompts (named after the domains, as the
spec's "investimentos_estrategia"), and one or two coordinator candidates with a 0–100 score
and a short pt-BR justification each.

Method: weighted keyword cues per domain over folded text (whole words, accents ignored). Each
domain's weight goes to the coordinator that owns it — investimentos_* → investimentos;
diagnóstico, comportamento, orçamento → análise financeira pessoal; planejamento →
planejamento; educação splits between investimentos and análise — which is the spec's
"critérios de sugestão": investments, shares, funds → Investimentos; spending, budget, debt →
Análise; long goals, retirement, several goals → Planejamento; a mix → two close candidates.

Scores: the leading coordinator gets 55 + 10 per unit of cue weight (capped at 95); the runner-up
gets the leader's score times its share of the leader's weight, and is listed only when that
share is at least SECOND_SHARE (the spec's "até 2 candidatos": a faint second is noise). No cue
at all → Análise Financeira Pessoal at 55 with domain diagnóstico (a request about "my
finances" in general). A second prompt is added on the same SECOND_SHARE rule.
"""

from __future__ import annotations

import re
from collections import defaultdict
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from switchboard.apps.finance.triage.text import fold

Dominio = Literal[
    "educacao_financeira",
    "diagnostico_financeiro",
    "comportamento_financeiro",
    "orcamento_estrategico",
    "planejamento_financeiro",
    "investimentos_fundamentos",
    "investimentos_estrategia",
]
"""The spec's seven domains (§2, "Análise Secundária"); each names an orchestration prompt."""

Coordenador = Literal["analise_financeira_pessoal", "investimentos", "planejamento"]

SECOND_SHARE = 0.4
"""A runner-up (domain or coordinator) is kept when its weight is at least this share of the
leader's."""
BASE_SCORE = 55
PER_WEIGHT = 10
MAX_SCORE = 95

_CUES: dict[Dominio, list[tuple[str, float]]] = {
    "educacao_financeira": [
        (r"o que (?:e|sao|significa)", 2),
        (r"como funciona", 2),
        (r"diferenca", 2),
        (r"significa", 1),
        (r"explica\w*", 1),
        (r"entender", 1),
        (r"aprender", 1),
    ],
    "diagnostico_financeiro": [
        (r"anali[sz]\w*", 2),
        (r"diagnostic\w*", 2),
        (r"situacao financeira", 2),
        (r"(?:minhas|das minhas) financas", 1.5),
        (r"por ?que|pq|porq", 1.5),
        (r"errando", 1.5),
        (r"saudave\w*", 1.5),
        (r"suficiente", 1.5),
        (r"caminho certo", 1),
        (r"melhoraram", 1.5),
        (r"o que aconteceu", 1.5),
        (r"avali\w*", 1),
        (r"equilibrad\w*", 1),
        (r"vida financeira", 1.5),
        (r"posso comprar|consigo comprar|da pra mim", 1),
        (r"reserva", 0.5),
    ],
    "comportamento_financeiro": [
        (r"gastando (?:muito|mt|mto|demais|tanto)", 2),
        (r"gasto tanto|gastei tanto", 2),
        (r"impuls\w*", 2),
        (r"controlar", 1.5),
        (r"parar de gastar", 2),
        (r"habitos?", 1.5),
        (r"consumo", 1.5),
        (r"exager\w*", 1.5),
        (r"compulsiv\w*", 2),
        (r"fiz besteira", 1.5),
        (r"gastar menos", 1.5),
        (r"economizar", 1),
        (r"dinheiro some", 1.5),
        (r"(?:altos?|altas?) demais", 1.5),
        (r"e muito|e mt|e mto", 1),
    ],
    "orcamento_estrategico": [
        (r"orcamento", 2.5),
        (r"cortar|reduzir|diminuir", 1.5),
        (r"dividir (?:meu )?salario", 2),
        (r"dividas?", 2),
        (r"endividad\w*", 2),
        (r"cartao", 1),
        (r"quitar|quito", 1.5),
        (r"renegoci\w*|negoci\w*", 1.5),
        (r"sobra|sobrou", 1),
        (r"fim do mes", 1.5),
        (r"vermelho", 2),
        (r"cheque especial", 2),
        (r"juros", 1),
        (r"a vista", 1.5),
        (r"parcelar|antecipar", 1.5),
        (r"fatura", 1),
        (r"organizar", 1.5),
        (r"gastos", 0.5),
        (r"despesas", 0.5),
    ],
    "planejamento_financeiro": [
        (r"aposent\w*", 3),
        (r"metas?|objetivos?", 1.5),
        (r"plano|planej\w*", 1.5),
        (r"juntar|junto|guardar|poupar", 1.5),
        (
            r"comprar (?:uma|um|a|o) (?:casa|apartamento|ape|carro|"
            r"imovel|moto)",
            2.5,
        ),
        (r"financiar|financiamento|financio|consorcio", 1.5),
        (r"casar|casamento|filhos?", 2),
        (r"viagem|viajar|ferias|intercambio", 1.5),
        (r"faculdade", 1.5),
        (r"reserva de emergencia", 1.5),
        (r"independencia", 2),
        (r"renda passiva|viver de renda", 2.5),
        (r"seguro de vida|seguro", 1.5),
        (r"\d+ anos", 1.5),
        (r"futuro", 1),
        (r"aumentar (?:minha |a )?(?:renda|receitas?)", 2),
        (r"13o?|decimo terceiro|fgts|heranca", 1.5),
        (r"alugar ou comprar|alugar", 1.5),
        (r"trocar (?:de |d |o |meu )?carro", 2),
        (r"porcentagem da (?:minha )?renda", 2),
        (r"estrateg\w*|otimiz\w*", 1.5),
        (r"patrimonio", 1),
        (r"empreender|negocio proprio|abrir um negocio", 2),
        (r"largar o emprego", 2),
        (r"por mes", 0.5),
        (r"ficar rico", 2),
        (r"portabilidade", 1),
    ],
    "investimentos_fundamentos": [
        (r"cdb|lci|lca|debentures?", 2),
        (r"tesouro(?: direto| selic| ipca)?", 2),
        (r"poupanca", 1.5),
        (r"renda fixa", 2),
        (r"fgc|cdi|come-?cotas", 2),
        (r"rende|rendimento|rendendo|render", 1.5),
        (r"liquidez", 2),
        (r"riscos?", 1),
        (r"taxa de administracao", 2),
        (r"dividend yield|p/?l|roe", 2.5),
        (r"previdencia|pgbl|vgbl", 2),
        (r"juros compostos", 2),
        (r"inflacao", 1),
    ],
    "investimentos_estrategia": [
        (r"carteira", 2.5),
        (r"alocacao", 2.5),
        (r"diversific\w*", 2.5),
        (r"acoes|acao", 2),
        (r"bolsa", 2),
        (r"[a-z]{4}\d{1,2}", 2.5),
        (r"vender|comprar agora", 1.5),
        (r"hora de|boa hora", 1.5),
        (r"fii|fiis|fundos? imobiliarios?", 2),
        (r"fundos?", 1),
        (r"cripto\w*|bitcoin", 2),
        (r"dolar", 1),
        (r"dividendos", 2),
        (r"perfil", 1.5),
        (r"invest\w*|invisto|aplicar|aplico", 1.5),
        (
            # "vale comprar…", "vale mais…": the verb, not Vale S.A.
            r"petrobras|vale(?! (?:a|mais|mesmo|menos|muito|mto|o|ter|comprar|pegar|investir"
            r"|trocar|esperar|guardar|financiar|alugar|pagar|isso|tudo)\b)|itau|magazine luiza|"
            r"ambev|weg|nubank|bradesco|banco do brasil",
            2,
        ),
        (r"selic", 1),
        (r"etf|bova11", 2),
    ],
}

_OWNER: dict[Dominio, dict[Coordenador, float]] = {
    "educacao_financeira": {"investimentos": 0.5, "analise_financeira_pessoal": 0.5},
    "diagnostico_financeiro": {"analise_financeira_pessoal": 1.0},
    "comportamento_financeiro": {"analise_financeira_pessoal": 1.0},
    "orcamento_estrategico": {"analise_financeira_pessoal": 1.0},
    "planejamento_financeiro": {"planejamento": 1.0},
    "investimentos_fundamentos": {"investimentos": 1.0},
    "investimentos_estrategia": {"investimentos": 1.0},
}

_JUSTIFICATION: dict[Coordenador, str] = {
    "analise_financeira_pessoal": "a pergunta trata de gastos, orçamento, dívidas ou diagnóstico "
    "das finanças",
    "investimentos": "a pergunta trata de investimentos, aplicações ou mercado",
    "planejamento": "a pergunta envolve metas de longo prazo, grandes compras ou vários objetivos",
}

_COMPILED: dict[Dominio, list[tuple[re.Pattern[str], float]]] = {
    domain: [(re.compile(rf"(?<!\w)(?:{pattern})(?!\w)"), weight) for pattern, weight in cues]
    for domain, cues in _CUES.items()
}


class CandidatoCoordenador(BaseModel):
    """One coordinator the orchestrator may choose as mission lead."""

    model_config = ConfigDict(frozen=True)

    nome: Coordenador
    score: int = Field(ge=0, le=100)
    """Junior's confidence that this coordinator should lead, 0–100."""
    justificativa: str = Field(min_length=1)
    """Short pt-BR reason for the suggestion."""


class OrchestratorPackage(BaseModel):
    """The "Pacote Enviado ao Orquestrador" (spec 001 §2, plus §2.2's traceability fields)."""

    model_config = ConfigDict(frozen=True)

    query_original_usuario: str
    """The user's exact text (the `prompt_current` of §2.2)."""
    dominio: Dominio
    """Main financial domain."""
    dominio_secundario: Dominio | None = None
    prompts_orquestracao: list[Dominio] = Field(min_length=1, max_length=2)
    """The 1 or 2 orchestration prompts chosen (named after their domains)."""
    candidatos: list[CandidatoCoordenador] = Field(min_length=1, max_length=2)
    """1 or 2 coordinator candidates, best first."""
    resumo_contexto: str | None = None
    """Short summary of the chat context when there is one (§2.2)."""

    @model_validator(mode="after")
    def _consistent(self) -> OrchestratorPackage:
        names = [c.nome for c in self.candidatos]
        if len(set(names)) != len(names):
            raise ValueError("candidatos must name different coordinators")
        scores = [c.score for c in self.candidatos]
        if scores != sorted(scores, reverse=True):
            raise ValueError("candidatos must be ordered best first")
        if len(set(self.prompts_orquestracao)) != len(self.prompts_orquestracao):
            raise ValueError("prompts_orquestracao must be different")
        return self


def domain_weights(text: str) -> dict[Dominio, float]:
    """Cue weight per domain (domains with no cue are absent)."""
    folded = fold(text)
    weights: dict[Dominio, float] = {}
    for domain, cues in _COMPILED.items():
        total = sum(weight for pattern, weight in cues if pattern.search(folded))
        if total:
            weights[domain] = total
    return weights


def analyse(text: str, *, resumo_contexto: str | None = None) -> OrchestratorPackage:
    """The orchestrator package for a complexa message."""
    weights = domain_weights(text)
    if not weights:
        return OrchestratorPackage(
            query_original_usuario=text,
            dominio="diagnostico_financeiro",
            prompts_orquestracao=["diagnostico_financeiro"],
            candidatos=[
                CandidatoCoordenador(
                    nome="analise_financeira_pessoal",
                    score=BASE_SCORE,
                    justificativa="pedido geral sobre as finanças do usuário, sem tema específico",
                )
            ],
            resumo_contexto=resumo_contexto,
        )
    order = _DOMAIN_ORDER
    domains = sorted(weights, key=lambda d: (-weights[d], order.index(d)))
    main = domains[0]
    second = domains[1] if len(domains) > 1 else None
    if second is not None and weights[second] < SECOND_SHARE * weights[main]:
        second = None
    by_coordinator: dict[Coordenador, float] = defaultdict(float)
    terms: dict[Coordenador, list[str]] = defaultdict(list)
    folded = fold(text)
    for domain, weight in weights.items():
        for coordinator, share in _OWNER[domain].items():
            by_coordinator[coordinator] += weight * share
            terms[coordinator] += [
                m.group() for p, _ in _COMPILED[domain] if (m := p.search(folded)) is not None
            ]
    ranked = sorted(by_coordinator, key=lambda c: (-by_coordinator[c], _COORD_ORDER.index(c)))
    lead = ranked[0]
    lead_weight = by_coordinator[lead]
    lead_score = min(MAX_SCORE, round(BASE_SCORE + PER_WEIGHT * lead_weight))
    candidates = [_candidate(lead, lead_score, terms[lead], primary=True)]
    if len(ranked) > 1 and by_coordinator[ranked[1]] >= SECOND_SHARE * lead_weight:
        runner = ranked[1]
        score = round(lead_score * by_coordinator[runner] / lead_weight)
        candidates.append(_candidate(runner, min(score, lead_score), terms[runner], primary=False))
    return OrchestratorPackage(
        query_original_usuario=text,
        dominio=main,
        dominio_secundario=second,
        prompts_orquestracao=[main] if second is None else [main, second],
        candidatos=candidates,
        resumo_contexto=resumo_contexto,
    )


_DOMAIN_ORDER: list[Dominio] = list(_CUES)
_COORD_ORDER: list[Coordenador] = ["analise_financeira_pessoal", "investimentos", "planejamento"]


def _candidate(
    nome: Coordenador, score: int, matched: list[str], *, primary: bool
) -> CandidatoCoordenador:
    unique = list(dict.fromkeys(matched))[:3]
    reason = _JUSTIFICATION[nome]
    if unique:
        reason += " (" + ", ".join(f'"{t}"' for t in unique) + ")"
    prefix = "" if primary else "relevância secundária: "
    text = (prefix + reason)[:1].upper() + (prefix + reason)[1:] + "."
    return CandidatoCoordenador(nome=nome, score=score, justificativa=text)
