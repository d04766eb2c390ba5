"""The finance agents' contracts (spec 001 §3.1, which the spec leaves "a ser preenchida").

Three coordinators (`analise_financeira_pessoal`, `investimentos`, `planejamento`) and five
executors (`pesquisa_externa`, its bus-level fallback `pesquisa_externa_estatica`,
`matematica`, `lancamento`, `simplista`). Each is an `AgentContract`: description,
responsibilities, operations with JSON schemas for the request AND the response plus usage
examples, fallbacks and dependencies. The bus validates every request against them before
delivery; coordinators see them in their prompts (`contracts_document()`); the app serves them
at `GET /apps/finance/contracts` (`contracts_json()`).

Conventions in the schemas: money is a decimal string in reais ("80000.00", never a float —
the math executor refuses floats); rates are decimal strings, fractions per period ("0.0149" =
1,49% a.m.) unless the name says `_anual`; percentages in responses are percentages (18 = 18%).

The internal data access system (§3.2) is not an agent: coordinators and the math and
Simplista executors call it directly (`apps/finance/data_access/`). `simplista` exposes the same
queries over the bus for a coordinator that prefers a message (and to keep its accounting).

Decision on `lancamento` inside missions: it REFUSES writes (answers `registrado: false` with
the reason). A mission is an analysis running without the user in the loop; recording a
transaction needs the user's confirmation (part 1's dialog), so a coordinator may only suggest
one in `proximos_passos_sugeridos`.
"""

from __future__ import annotations

import copy
import functools
from typing import Any

from switchboard.apps.finance.missions.catalogue.operations import OPERATIONS
from switchboard.bus import AgentContract, AgentKind, Operation
from switchboard.patterns import CONSULT_OP, MISSION_OP

COORDINATORS = ("analise_financeira_pessoal", "investimentos", "planejamento")
EXECUTORS = (
    "pesquisa_externa",
    "pesquisa_externa_estatica",
    "matematica",
    "lancamento",
    "simplista",
)

TITLES: dict[str, str] = {
    "analise_financeira_pessoal": "Coordenador de Análise Financeira Pessoal",
    "investimentos": "Coordenador de Investimentos",
    "planejamento": "Coordenador de Planejamento Financeiro",
    "pesquisa_externa": "Pesquisa de Mercado",
    "pesquisa_externa_estatica": "Pesquisa de Mercado (dados guardados)",
    "matematica": "Cálculos Financeiros",
    "lancamento": "Lançamentos (em análises)",
    "simplista": "Agente Simplista",
}
"""pt-BR names of the mission agents, for people: the finance app's agent cards (`GET /apps`,
so the web chat names a coordinator when the stream says it is working) and the mission
timeline under an answer."""


_MONEY = {"type": "string", "minLength": 1, "description": "valor em reais, decimal: '80000.00'"}
_RATE = {"type": "string", "minLength": 1, "description": "taxa decimal por período: '0.0149'"}
_TICKER = {"type": "string", "minLength": 5, "maxLength": 7, "description": "ticker B3: 'PETR4'"}
_TIGHT = {
    "type": "boolean",
    "description": "orçamento apertado: aceita cache de até 7 dias (§7 Camada 5)",
}


def _obj(required: list[str], properties: dict[str, Any], *, extra: bool = False) -> dict[str, Any]:
    return {
        "type": "object",
        "required": required,
        "properties": properties,
        "additionalProperties": extra,
    }


_RESEARCH_META = (
    "Metadados em toda resposta (payload do bus): fontes, timestamp_coleta (metadata), "
    "confiabilidade 100 fonte primária / 85 cache 24 h ou fonte alternativa / 70 cache até 7 dias "
    "/ 40 dados estáticos, fallback_usado, advertencias."
)

_QUOTE_RESPONSE = _obj(
    ["ticker", "price", "as_of"],
    {
        "ticker": {"type": "string"},
        "price": {"type": "string"},
        "change_pct": {"type": ["string", "null"]},
        "currency": {"type": "string"},
        "as_of": {"type": "string"},
        "name": {"type": ["string", "null"]},
    },
)
_FUNDAMENTALS_RESPONSE = _obj(
    ["ticker", "as_of"],
    {
        "ticker": {"type": "string"},
        "p_l": {"type": ["string", "null"]},
        "roe": {"type": ["string", "null"]},
        "dividend_yield": {"type": ["string", "null"]},
        "as_of": {"type": "string"},
    },
)
_INDEX_RESPONSE = _obj(
    ["name", "value", "unit", "as_of"],
    {
        "name": {"type": "string"},
        "value": {"type": "string"},
        "unit": {"type": "string"},
        "as_of": {"type": "string"},
    },
)
_NEWS_RESPONSE = {
    "type": "array",
    "items": _obj(
        ["title", "source", "published_at", "url"],
        {
            "title": {"type": "string"},
            "source": {"type": "string"},
            "published_at": {"type": "string"},
            "url": {"type": "string"},
        },
    ),
}


def _research_operations(*, static_only: bool) -> list[Operation]:
    suffix = " (somente dados estáticos/cache: confiabilidade 40)" if static_only else ""
    return [
        Operation(
            name="cotacao",
            description="Última cotação de um ticker da B3 e variação do dia" + suffix,
            request_schema=_obj(["ticker"], {"ticker": _TICKER, "orcamento_apertado": _TIGHT}),
            response_schema=_QUOTE_RESPONSE,
            examples=[
                {
                    "requisicao": {"ticker": "PETR4"},
                    "resposta": {
                        "ticker": "PETR4",
                        "price": "38.50",
                        "change_pct": "-3.10",
                        "currency": "BRL",
                        "as_of": "2026-11-20T21:00:00Z",
                        "name": "Petrobras PN",
                    },
                }
            ],
        ),
        Operation(
            name="dados_fundamentalistas",
            description="P/L, ROE (%) e dividend yield (%) de um ticker" + suffix,
            request_schema=_obj(["ticker"], {"ticker": _TICKER, "orcamento_apertado": _TIGHT}),
            response_schema=_FUNDAMENTALS_RESPONSE,
            examples=[
                {
                    "requisicao": {"ticker": "MGLU3"},
                    "resposta": {
                        "ticker": "MGLU3",
                        "p_l": "18.5",
                        "roe": "3.10",
                        "dividend_yield": "0.40",
                        "as_of": "2026-11-20T21:00:00Z",
                    },
                }
            ],
        ),
        Operation(
            name="indice",
            description="Selic, CDI (% a.a.), IPCA (% em 12 meses), Ibovespa (pontos) ou "
            "dólar (R$)" + suffix,
            request_schema=_obj(
                ["nome"],
                {
                    "nome": {"enum": ["selic", "cdi", "ipca", "ibovespa", "dolar"]},
                    "orcamento_apertado": _TIGHT,
                },
            ),
            response_schema=_INDEX_RESPONSE,
            examples=[
                {
                    "requisicao": {"nome": "cdi"},
                    "resposta": {
                        "name": "cdi",
                        "value": "14.90",
                        "unit": "% a.a.",
                        "as_of": "2026-11-20T21:00:00Z",
                    },
                }
            ],
        ),
        *(
            []
            if static_only
            else [
                Operation(
                    name="noticias",
                    description="Notícias recentes sobre um ticker ou tema (não há notícias "
                    "estáticas)",
                    request_schema=_obj(
                        ["consulta"],
                        {
                            "consulta": {"type": "string", "minLength": 2},
                            "limite": {"type": "integer", "minimum": 1, "maximum": 20},
                            "orcamento_apertado": _TIGHT,
                        },
                    ),
                    response_schema=_NEWS_RESPONSE,
                    examples=[{"requisicao": {"consulta": "PETR4", "limite": 3}}],
                )
            ]
        ),
    ]


_MATH_OPERATIONS = [
    Operation(
        name="simular_financiamento",
        description="Tabela PRICE ou SAC: parcela(s), total pago e juros. Taxa mensal, ou "
        "anual (convertida por equivalência composta).",
        request_schema=_obj(
            ["valor", "meses"],
            {
                "valor": _MONEY,
                "meses": {"type": "integer", "minimum": 1, "maximum": 600},
                "taxa_mensal": _RATE,
                "taxa_anual": _RATE,
                "sistema": {"enum": ["price", "sac"]},
            },
        ),
        response_schema=_obj(
            ["sistema", "principal", "primeira_parcela", "ultima_parcela", "total_pago"],
            {
                "sistema": {"type": "string"},
                "principal": {"type": "string"},
                "taxa_mensal": {"type": "string"},
                "meses": {"type": "integer"},
                "primeira_parcela": {"type": "string"},
                "ultima_parcela": {"type": "string"},
                "total_pago": {"type": "string"},
                "total_juros": {"type": "string"},
            },
        ),
        examples=[
            {
                "requisicao": {
                    "valor": "60000.00",
                    "meses": 48,
                    "taxa_mensal": "0.0149",
                    "sistema": "price",
                }
            }
        ],
    ),
    Operation(
        name="juros_compostos",
        description="Valor futuro com aportes mensais: saldo final, total aportado e juros.",
        request_schema=_obj(
            ["valor_inicial", "meses"],
            {
                "valor_inicial": _MONEY,
                "meses": {"type": "integer", "minimum": 1, "maximum": 600},
                "taxa_mensal": _RATE,
                "taxa_anual": _RATE,
                "aporte_mensal": _MONEY,
            },
        ),
        response_schema=_obj(
            ["saldo_final", "total_aportado", "juros"],
            {
                "saldo_final": {"type": "string"},
                "total_aportado": {"type": "string"},
                "juros": {"type": "string"},
                "taxa_mensal": {"type": "string"},
            },
        ),
        examples=[
            {"requisicao": {"valor_inicial": "20000.00", "meses": 40, "taxa_anual": "0.1490"}}
        ],
    ),
    Operation(
        name="aposentadoria",
        description="Capital necessário para uma renda passiva mensal (perpetuidade à taxa "
        "real) e meses para acumulá-lo com o capital e o aporte atuais.",
        request_schema=_obj(
            ["renda_mensal", "taxa_real_anual"],
            {
                "renda_mensal": _MONEY,
                "taxa_real_anual": _RATE,
                "capital_atual": _MONEY,
                "aporte_mensal": _MONEY,
            },
        ),
        response_schema=_obj(
            ["capital_necessario"],
            {
                "capital_necessario": {"type": "string"},
                "meses_para_atingir": {"type": ["integer", "null"]},
                "atingivel": {"type": "boolean"},
            },
        ),
        examples=[{"requisicao": {"renda_mensal": "15000.00", "taxa_real_anual": "0.0617"}}],
    ),
    Operation(
        name="simular_alocacao",
        description="Nova exposição da carteira do usuário depois de investir um valor num "
        "ativo (lê a carteira no sistema de dados internos).",
        request_schema=_obj(
            ["ativo", "valor"],
            {"ativo": {"type": "string", "minLength": 1}, "valor": _MONEY, "classe": {}},
        ),
        response_schema=_obj(
            ["ativo", "total_depois", "participacao_ativo_depois", "participacao_classe_depois"],
            {
                "ativo": {"type": "string"},
                "classe": {"type": "string"},
                "total_antes": {"type": "string"},
                "total_depois": {"type": "string"},
                "participacao_ativo_antes": {"type": "string"},
                "participacao_ativo_depois": {"type": "string"},
                "participacao_classe_antes": {"type": "string"},
                "participacao_classe_depois": {"type": "string"},
                "advertencias": {"type": "array"},
            },
        ),
        examples=[{"requisicao": {"ativo": "PETR4", "valor": "5000.00", "classe": "acoes"}}],
    ),
    Operation(
        name="comparar_financiar_poupar",
        description="Financiar agora (PRICE) x poupar e comprar à vista (fluxo 5). Sem "
        "capacidade mensal, lê a sobra média do usuário; sem taxa de investimento, pede o CDI "
        "à pesquisa externa.",
        request_schema=_obj(
            ["preco", "poupado", "meses"],
            {
                "preco": _MONEY,
                "poupado": _MONEY,
                "meses": {"type": "integer", "minimum": 1, "maximum": 600},
                "capacidade_mensal": _MONEY,
                "taxa_emprestimo_mensal": _RATE,
                "taxa_investimento_anual": _RATE,
            },
        ),
        response_schema=_obj(
            ["melhor", "parcela", "meses_para_comprar", "diferenca_patrimonio"],
            {
                "melhor": {"enum": ["financiar", "poupar", "empate"]},
                "parcela": {"type": "string"},
                "total_pago_financiando": {"type": "string"},
                "juros_financiamento": {"type": "string"},
                "cabe_no_orcamento": {"type": "boolean"},
                "uso_da_sobra_pct": {"type": ["string", "null"]},
                "meses_para_comprar": {"type": "integer"},
                "juros_ganhos_poupando": {"type": "string"},
                "diferenca_patrimonio": {"type": "string"},
                "diferenca_custo": {"type": "string"},
                "capacidade_mensal": {"type": "string"},
                "taxa_investimento_anual": {"type": "string"},
            },
        ),
        examples=[
            {
                "requisicao": {
                    "preco": "80000.00",
                    "poupado": "20000.00",
                    "meses": 48,
                    "capacidade_mensal": "1500.00",
                }
            }
        ],
    ),
]

_CATALOGUE_OPERATIONS = [
    Operation(
        name=op.name,
        description=op.description,
        request_schema=op.params.model_json_schema(),
        response_schema=op.result.model_json_schema(),
        examples=[{"requisicao": op.example}],
    )
    for op in OPERATIONS
]
"""One math operation per question kind of the catalogue (`catalogue/operations.py`): the
request schema is the kind's parameter model's, the response schema its result model's."""

_QUERY_KINDS = [
    "fluxo_mensal",
    "saldo",
    "patrimonio",
    "investimentos",
    "dividas",
    "gastos_por_categoria",
    "perfil",
]

_SIMPLISTA_OPERATIONS = [
    Operation(
        name="consultar_dados",
        description="Consulta direta aos dados do usuário (§3.2): fluxo mensal médio, saldo, "
        "patrimônio líquido, investimentos, dívidas, gastos por categoria, perfil.",
        request_schema=_obj(
            ["consulta"],
            {
                "consulta": {"enum": _QUERY_KINDS},
                "meses": {"type": "integer", "minimum": 1, "maximum": 36},
                # fluxo_mensal: with no closed month recorded, this month so far
                "mes_corrente": {"type": "boolean"},
            },
        ),
        response_schema={"type": "object"},
        examples=[{"requisicao": {"consulta": "fluxo_mensal", "meses": 3}}],
    )
]

_LANCAMENTO_OPERATIONS = [
    Operation(
        name="registrar",
        description="Dentro de missões NÃO grava: responde registrado=false e o motivo "
        "(lançamentos exigem confirmação do usuário).",
        request_schema=_obj(["texto"], {"texto": {"type": "string", "minLength": 1}}),
        response_schema=_obj(
            ["registrado", "motivo"],
            {"registrado": {"type": "boolean"}, "motivo": {"type": "string"}},
        ),
        examples=[{"requisicao": {"texto": "gastei 150 no mercado"}}],
    )
]

_CONSULT_REQUEST = _obj(
    ["pergunta"],
    {
        "pergunta": {"type": "string", "minLength": 3},
        "parametros": {"type": "object"},
        "memoria_contexto": {},
        "memoria_interna": {},
    },
)
_CONSULT_RESPONSE = _obj(
    ["resposta_principal"],
    {
        "resposta_principal": {"type": "string"},
        "dados_suporte": {"type": "array"},
        "calculos_realizados": {"type": "array"},
        "limitacoes": {"type": "array"},
    },
    extra=True,
)


def _coordinator(
    name: str, description: str, responsibilities: list[str], example: str
) -> AgentContract:
    return AgentContract(
        name=name,
        kind=AgentKind.COORDINATOR,
        description=description,
        responsibilities=responsibilities,
        operations=[
            Operation(
                name=MISSION_OP,
                description="Liderar uma missão: recebe o pacote de missão (§3) e devolve a "
                "consolidação (§5 Seção 7).",
                request_schema=_obj(["pacote"], {"pacote": {"type": "object"}}),
                response_schema={"type": "object", "required": ["status", "objetivo_alcancado"]},
                examples=[{"requisicao": {"pacote": {"query_original_usuario": example}}}],
            ),
            Operation(
                name=CONSULT_OP,
                description="Pergunta de outro coordenador. Envie a memória de contexto e a "
                "memória interna INTEGRAIS (§5 4.1).",
                request_schema=_CONSULT_REQUEST,
                response_schema=_CONSULT_RESPONSE,
                examples=[
                    {
                        "requisicao": {
                            "pergunta": "Quanto renderiam R$ 20.000 em 40 meses?",
                            "parametros": {"valor": "20000.00", "meses": 40},
                        }
                    }
                ],
            ),
        ],
        dependencies=[c for c in COORDINATORS if c != name]
        + ["pesquisa_externa", "matematica", "simplista", "lancamento"],
        max_concurrency=16,
    )


def finance_contracts() -> list[AgentContract]:
    """Every finance agent's contract, coordinators first."""
    return [
        _coordinator(
            "analise_financeira_pessoal",
            "Coordenador de análise financeira pessoal: diagnóstico, orçamento, gastos, dívidas "
            "e capacidade de compra.",
            [
                "Diagnosticar a situação financeira (renda, gastos, sobra, dívidas, patrimônio)",
                "Avaliar orçamento e sugerir cortes por categoria",
                "Avaliar dívidas e a ordem de quitação",
                "Avaliar se uma compra cabe na renda atual",
            ],
            "Posso comprar uma casa com minha renda atual?",
        ),
        _coordinator(
            "investimentos",
            "Coordenador de investimentos: decisões de compra e venda, fundamentos, carteira e "
            "alocação.",
            [
                "Avaliar oportunidade de compra de um ativo (cotação, fundamentos, notícias)",
                "Analisar a carteira do usuário e a nova exposição após um aporte",
                "Responder sobre indicadores (P/L, ROE, dividend yield) e índices",
                "Projetar rendimento de aplicações",
            ],
            "A Petrobras caiu 3% ontem, vale a pena comprar agora?",
        ),
        _coordinator(
            "planejamento",
            "Coordenador de planejamento financeiro: metas, grandes compras, financiar ou "
            "poupar, aposentadoria.",
            [
                "Comparar financiar x poupar para uma compra",
                "Planejar metas de longo prazo e aposentadoria",
                "Integrar orçamento, investimentos e dívidas num plano",
            ],
            "Quero comprar um carro de R$ 80.000, tenho R$ 20.000. Financiar ou poupar?",
        ),
        AgentContract(
            name="pesquisa_externa",
            kind=AgentKind.EXECUTOR,
            description="Pesquisa externa de mercado: cotações, fundamentos, índices e notícias, "
            "com cadeia de fallback brapi → cache 24 h (7 dias com orçamento apertado) → Yahoo "
            "Finance → dados estáticos → erro com dados parciais. " + _RESEARCH_META,
            responsibilities=[
                "Cotações da B3",
                "Dados fundamentalistas (P/L, ROE, dividend yield)",
                "Índices: Selic, CDI, IPCA, Ibovespa, dólar",
                "Notícias recentes",
            ],
            operations=_research_operations(static_only=False),
            fallbacks=["pesquisa_externa_estatica"],
            max_concurrency=16,
        ),
        AgentContract(
            name="pesquisa_externa_estatica",
            kind=AgentKind.EXECUTOR,
            description="Fallback do bus para a pesquisa externa quando o circuito dela abre: "
            "responde de cache ou dados estáticos datados, sem chamar APIs (confiabilidade ≤ 70).",
            responsibilities=["Cotações, fundamentos e índices de cache ou dados estáticos"],
            operations=_research_operations(static_only=True),
        ),
        AgentContract(
            name="matematica",
            kind=AgentKind.EXECUTOR,
            description="Cálculos financeiros exatos (Decimal, ao centavo): PRICE/SAC, juros "
            "compostos, aposentadoria, alocação, financiar x poupar. Pode chamar a pesquisa "
            "externa (taxas) e o sistema de dados internos (renda, sobra, carteira) diretamente.",
            responsibilities=[
                "Responder às perguntas do catálogo (financiamento, investimentos, dívidas, "
                "metas, aposentadoria, comprar x alugar, reserva, diagnóstico de gastos)",
                "Simular financiamentos",
                "Projetar juros compostos com aportes",
                "Calcular capital para aposentadoria",
                "Simular nova alocação de carteira",
                "Comparar financiar x poupar",
            ],
            operations=[*_MATH_OPERATIONS, *_CATALOGUE_OPERATIONS],
            dependencies=["pesquisa_externa"],
            max_concurrency=16,
        ),
        AgentContract(
            name="lancamento",
            kind=AgentKind.EXECUTOR,
            description="Registro de transações. Em missões não grava (ver docstring).",
            responsibilities=["Explicar que lançamentos exigem confirmação do usuário"],
            operations=_LANCAMENTO_OPERATIONS,
        ),
        AgentContract(
            name="simplista",
            kind=AgentKind.EXECUTOR,
            description="Consultas diretas aos dados do usuário pelo sistema de dados internos.",
            responsibilities=["Totais, saldos, patrimônio, carteira, dívidas, perfil"],
            operations=_SIMPLISTA_OPERATIONS,
            max_concurrency=16,
        ),
    ]


@functools.cache
def _contracts_json() -> tuple[dict[str, Any], ...]:
    return tuple(
        c.model_dump(mode="json", exclude={"max_concurrency"}) for c in finance_contracts()
    )


def contracts_json() -> list[dict[str, Any]]:
    """The contracts as JSON, full schemas and examples (`GET /apps/finance/contracts`)."""
    return copy.deepcopy(list(_contracts_json()))


@functools.cache
def contracts_document(*, exclude: str | None = None) -> str:
    """The contracts as compact pt-BR text for a coordinator's prompt (§5 Seção 3).

    One line per operation, `operacao(obrigatorio*, opcional)`: every call of a hosted
    coordinator carries this text, and the spec's budgets (5k–20k tokens per mission) leave no
    room for full schemas and examples there; those are in `contracts_json()` (the
    `GET /apps/finance/contracts` document). Bus-level fallbacks and other coordinators'
    `executar_missao` are left out: a coordinator never calls them."""
    lines: list[str] = []
    for contract in finance_contracts():
        if contract.name in (exclude, "pesquisa_externa_estatica"):
            continue
        kind = "coordenador" if contract.is_coordinator else "executor"
        lines.append(
            f"{contract.name} ({kind}): {contract.description.split('. ')[0].rstrip('.')}."
        )
        for op in contract.operations:
            if op.name == MISSION_OP:
                continue
            schema = op.request_schema
            required = set(schema.get("required", []))
            params = ", ".join(
                f"{name}*" if name in required else name for name in schema.get("properties", {})
            )
            lines.append(f"  - {op.name}({params}): {op.description.split('. ')[0]}")
    lines.append("(* = obrigatório; dinheiro e taxas como texto decimal: '80000.00', '0.0149')")
    return "\n".join(lines)


__all__ = [
    "CONSULT_OP",
    "COORDINATORS",
    "EXECUTORS",
    "MISSION_OP",
    "TITLES",
    "contracts_document",
    "contracts_json",
    "finance_contracts",
]
