"""The orchestrator (spec 001 §3): a pure strategist.

It validates Junior's ≤ 2 scored candidates against the user's profile and may override them
(the reason is recorded), classifies the complexity (comparativa / profunda /
análise-investimento → global timeout and budgets from `MissionSettings`; see `settings.py` for
the budget defaults and why), and hands its decision to `patterns/missions/orchestrator.py`,
which builds the typed mission package with every §3 field (budgets, timeout, restrictions,
autonomy). It then opens the bus mission and waits: it never monitors mid-mission. The global
timeout is enforced by the bus (its progress watcher marks the mission TIMED_OUT and sends the
lead the `consolidate_partial` notice); the orchestrator waits the consolidation grace (10 s) on
top, and if the lead still has not answered, writes a failure consolidation itself.

Override rules (offline). Hard: an investment question from a user with expensive debts (≥ 4%
a month: card, overdraft) goes to personal financial analysis ("quitar antes de investir").
Soft: Junior scores from the words of the query; the orchestrator adds 10 points to the
coordinator owning Junior's own main domain (Junior sometimes ranks a candidate against its own
domain: flow 6's "analise completamente ... aposentar" is domain planejamento but candidate
análise first) and 15 to planning when retirement is among the user's goals. It overrides
only when the adjusted leader differs from Junior's by `override_margin` points or more.

Complexity rule (offline, the spec uses a model for it — pass one to `classify_complexity`):
a single fact (one indicator, one projection) → comparativa; a request to analyse everything
(three or more of: investments, budget, debts, retirement; or "completa/tudo") →
análise-investimento; anything else → profunda (flows 4 and 5 are profunda, as the spec says).
"""

from __future__ import annotations

import json
import re
from decimal import Decimal
from typing import Any

from switchboard import Clock, Message, Model, ModelRequest
from switchboard.apps.finance.data_access import DataAccess, UserProfile
from switchboard.apps.finance.missions.contracts import contracts_document
from switchboard.apps.finance.missions.planner import plan_for
from switchboard.apps.finance.triage.analysis import Coordenador, Dominio, OrchestratorPackage
from switchboard.apps.finance.triage.text import fold
from switchboard.core import UsageTally
from switchboard.patterns import (
    COMPLEXITIES,
    Complexity,
    Decision,
    JustificativaEscolha,
    MissionPackage,
    MissionSettings,
    assemble,
)

EXPENSIVE_DEBT_RATE = Decimal("0.04")
DOMAIN_BONUS = 10
GOAL_BONUS = 15
DOMAIN_OWNER: dict[Dominio, Coordenador] = {
    "planejamento_financeiro": "planejamento",
    "investimentos_estrategia": "investimentos",
    "investimentos_fundamentos": "investimentos",
    "diagnostico_financeiro": "analise_financeira_pessoal",
    "orcamento_estrategico": "analise_financeira_pessoal",
    "comportamento_financeiro": "analise_financeira_pessoal",
}

OBJECTIVES: dict[Coordenador, str] = {
    "investimentos": "Dar ao usuário uma avaliação fundamentada da decisão de investimento, com "
    "dados de mercado atuais, o impacto na carteira dele e uma recomendação adequada ao seu "
    "perfil.",
    "planejamento": "Mostrar ao usuário o melhor caminho para o objetivo dele, comparando os "
    "cenários com números da sua própria situação financeira.",
    "analise_financeira_pessoal": "Dar ao usuário um diagnóstico claro da sua situação "
    "financeira, com os números dele, e o que fazer a seguir.",
}

PROMPTS: dict[Dominio, str] = {
    "educacao_financeira": "Explique o conceito com exemplos numéricos simples do dia a dia.",
    "diagnostico_financeiro": "Diagnostique a situação: renda, gastos, sobra, dívidas, "
    "patrimônio; aponte o principal problema e a primeira ação.",
    "comportamento_financeiro": "Identifique padrões de gasto e proponha hábitos concretos.",
    "orcamento_estrategico": "Monte o orçamento com cortes por categoria e a ordem de quitação "
    "das dívidas.",
    "planejamento_financeiro": "Compare cenários no tempo (prazo, custo total, patrimônio ao "
    "final) com a capacidade de poupança real do usuário.",
    "investimentos_fundamentos": "Explique os indicadores e o que eles dizem sobre o ativo.",
    "investimentos_estrategia": "Avalie a oportunidade com cotação, fundamentos, notícias e a "
    "carteira do usuário; recomende de forma gradual e adequada ao perfil.",
}


def choose_lead(
    package: OrchestratorPackage, profile: UserProfile, debts_rates: list[Decimal], margin: int
) -> tuple[Coordenador, JustificativaEscolha]:
    """The lead coordinator and the recorded justification (override included)."""
    junior = package.candidatos[0]
    scores: dict[Coordenador, int] = {c.nome: c.score for c in package.candidatos}
    reasons: dict[Coordenador, list[str]] = {}
    if junior.nome == "investimentos" and any(r >= EXPENSIVE_DEBT_RATE for r in debts_rates):
        reason = (
            "o usuário tem dívidas caras (juros de 4% a.m. ou mais): quitá-las rende mais que "
            "qualquer investimento, então a situação financeira vem antes da decisão pedida"
        )
        return "analise_financeira_pessoal", JustificativaEscolha(
            texto=f"Override: analise_financeira_pessoal no lugar de {junior.nome} porque "
            f"{reason}.",
            sugestao_junior=junior.nome,
            score_junior=junior.score,
            houve_override=True,
            motivo_override=reason,
        )
    owner = DOMAIN_OWNER.get(package.dominio)
    if owner is not None and owner in scores:
        scores[owner] += DOMAIN_BONUS
        reasons.setdefault(owner, []).append(f"o domínio principal da pergunta é {package.dominio}")
    if any("aposent" in fold(goal) for goal in profile.goals) and "planejamento" in scores:
        scores["planejamento"] += GOAL_BONUS
        reasons.setdefault("planejamento", []).append(
            "a aposentadoria está entre as metas do usuário"
        )
    order: list[Coordenador] = ["investimentos", "planejamento", "analise_financeira_pessoal"]
    best = max(scores, key=lambda c: (scores[c], c == junior.nome, -order.index(c)))
    text = f"Sugestão do Junior ({junior.nome}, score {junior.score}): {junior.justificativa}"
    if best != junior.nome and scores[best] - scores[junior.nome] >= margin:
        reason = " e ".join(reasons.get(best, ["perfil do usuário"]))
        return best, JustificativaEscolha(
            texto=f"Override: {best} no lugar de {junior.nome} porque {reason}.",
            sugestao_junior=junior.nome,
            score_junior=junior.score,
            houve_override=True,
            motivo_override=reason,
        )
    if profile.risk_profile:
        text += f" Perfil do usuário: {profile.risk_profile}; a sugestão foi mantida."
    return junior.nome, JustificativaEscolha(
        texto=text, sugestao_junior=junior.nome, score_junior=junior.score
    )


_EVERYTHING = re.compile(r"\b(?:complet\w*|tudo|toda a minha|geral)\b")
_TOPICS = {  # topic → (words one of which any match contains, the pattern)
    "investimentos": (("invest", "carteira", "acoes"), re.compile(r"\binvest\w*|carteira|acoes\b")),
    "orcamento": (
        ("orcamento", "gastos", "despesas"),
        re.compile(r"\borcamento|gastos|despesas\b"),
    ),
    "dividas": (("divida",), re.compile(r"\bdividas?\b")),
    "aposentadoria": (("aposent", "renda passiva"), re.compile(r"\baposent\w*|renda passiva")),
}


def rule_complexity(package: OrchestratorPackage, lead: Coordenador) -> Complexity:
    folded = fold(package.query_original_usuario)
    topics = sum(
        1
        for words, pattern in _TOPICS.values()
        if any(w in folded for w in words) and pattern.search(folded)  # substring test first
    )
    if topics >= 3 or (topics >= 2 and _EVERYTHING.search(folded)):
        return "analise_investimento"
    plan = plan_for(lead, package.query_original_usuario, package.resumo_contexto)
    if plan.intent in ("indicador", "rendimento"):
        return "comparativa"
    return "profunda"


async def classify_complexity(
    package: OrchestratorPackage,
    lead: Coordenador,
    model: Model | None,
    usage: UsageTally | None = None,
) -> Complexity:
    """The model's classification when there is one (the spec uses DeepSeek v3), else rules; an
    answer outside the three classes falls back to the rules. The model call is added to
    `usage` (the chat turn's tally of the mission)."""
    if model is None:
        return rule_complexity(package, lead)
    prompt = (
        "Classifique a complexidade da pergunta financeira em uma de: comparativa (um dado ou "
        "uma comparação simples), profunda (análise com vários dados e simulações), "
        "analise_investimento (análise completa de várias áreas). Responda só o JSON "
        '{"complexidade": "..."}.\nPergunta: ' + package.query_original_usuario
    )
    response = await model.complete(
        ModelRequest(
            messages=[Message.user(prompt)],
            response_schema={
                "type": "object",
                "required": ["complexidade"],
                "properties": {"complexidade": {"enum": list(COMPLEXITIES)}},
            },
            agent="orquestrador",
        )
    )
    if usage is not None:
        usage.add(response.usage)
    try:
        value = json.loads(response.text).get("complexidade")
    except (json.JSONDecodeError, AttributeError):
        value = None
    return value if value in COMPLEXITIES else rule_complexity(package, lead)


async def build_package(
    package: OrchestratorPackage,
    *,
    user_id: str,
    data_access: DataAccess,
    clock: Clock,
    settings: MissionSettings,
    model: Model | None = None,
    mission_id: str | None = None,
    usage: UsageTally | None = None,
) -> MissionPackage:
    mission, _ = await prepare_package(
        package,
        user_id=user_id,
        data_access=data_access,
        clock=clock,
        settings=settings,
        model=model,
        mission_id=mission_id,
        usage=usage,
    )
    return mission


async def prepare_package(
    package: OrchestratorPackage,
    *,
    user_id: str,
    data_access: DataAccess,
    clock: Clock,
    settings: MissionSettings,
    model: Model | None = None,
    mission_id: str | None = None,
    usage: UsageTally | None = None,
) -> tuple[MissionPackage, dict[str, Any]]:
    """The mission package, and the same package as JSON-ready data (what goes to the lead over
    the bus). The data is written once and validated once into the model: no separate model per
    part, and no dump of the model back to JSON for the bus."""
    profile = await data_access.profile(user_id)
    debts = await data_access.debts(user_id)
    lead, choice = choose_lead(
        package, profile, [d.monthly_rate for d in debts], settings.override_margin
    )
    complexity = await classify_complexity(package, lead, model, usage)
    decision = Decision(
        lead=lead,
        choice=dict(choice.__dict__),  # its fields: str, int, bool, None
        objective=OBJECTIVES[lead],
        query=package.query_original_usuario,
        complexity=complexity,
        domain=package.dominio,
        contracts=contracts_document(),
        prompt="\n".join(PROMPTS[d] for d in package.prompts_orquestracao),
        context=package.resumo_contexto,
        profile={
            "perfil_risco": profile.risk_profile,
            "idade": profile.age,
            "metas": list(profile.goals),
        },
    )
    return assemble(decision, settings=settings, clock=clock, mission_id=mission_id)


__all__ = [
    "OBJECTIVES",
    "PROMPTS",
    "build_package",
    "choose_lead",
    "classify_complexity",
    "prepare_package",
    "rule_complexity",
]
