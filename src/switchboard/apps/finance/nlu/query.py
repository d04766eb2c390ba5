"""Simplista: a direct question about the user's own data -> a typed `LedgerQuery`.

The query is the filter set of spec 001 §3.2's internal data access (categoria/subcategoria,
income or expense, period, min/max value) plus what to compute (`metric`). The store runs it
with bound parameters; nothing here builds SQL.

Metrics come in two families. Flows over a period (total, max, min, list, count, savings): a
question without a period gets "este mês" and `assumed_period=True`, so the answer can say
"(considerei este mês)". Snapshots (balance, net_worth, invested, reserve, card_installments,
debts, payables, receivables) have no period unless the user names one.

Ambiguity is asked, never guessed silently: "quanto foi em março?" (spent or received?) returns
`NeedsClarification` with a pt-BR question AND the sensible default query (despesa), so the app
can ask in dialog mode or answer the default and say what it assumed. A follow-up ("e no mês
passado?", "e com farmácia?") is parsed against the previous query (`previous=`).
"""

from __future__ import annotations

import re
from datetime import date
from decimal import Decimal
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from .categories import INCOME_CATEGORY, display_name, find_category
from .dates import Period, resolve_period
from .draft import Kind
from .money import find_amounts, format_brl
from .numwords import NUMBER_WORD, words_value
from .text import fold

__all__ = ["LedgerQuery", "Metric", "NeedsClarification", "describe", "parse_query"]

Metric = Literal[
    "total", "max", "min", "list", "balance", "net_worth", "savings", "invested", "reserve",
    "card_installments", "debts", "count", "payables", "receivables", "average", "transfers",
]  # fmt: skip
SNAPSHOT_METRICS: frozenset[str] = frozenset(
    {"balance", "net_worth", "invested", "reserve", "card_installments", "debts", "payables",
     "receivables"}
)  # fmt: skip
AveragePer = Literal["dia", "semana", "mes"]
Scope = tuple[str, str | None]
MAX_LIMIT = 1000
_KIND_REQUIRED: frozenset[str] = frozenset({"total", "max", "min"})


class LedgerQuery(BaseModel):
    """A typed question over one user's ledger (the §3.2 filters plus what to compute)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    metric: Metric
    kind: Kind | None = Field(default=None, description="despesa, receita, or both (None).")
    categoria: str | None = None
    subcategoria: str | None = None
    period: Period | None = Field(default=None, description="None: no date filter (snapshot).")
    assumed_period: bool = Field(default=False, description="True when the period is a default.")
    min_value: Decimal | None = None
    max_value: Decimal | None = None
    limit: int | None = Field(default=None, ge=1, le=MAX_LIMIT)
    investment_type: str | None = Field(
        default=None, description="For `invested`: 'renda fixa', 'ações', ... (None: all)."
    )
    scopes: tuple[Scope, ...] = Field(
        default=(),
        description="Several categories at once ('mercado e restaurante'); empty: `categoria`.",
    )
    payment_methods: tuple[str, ...] = Field(
        default=(), description="'no cartão' -> ('credito',), 'no pix' -> ('pix',); empty: all."
    )
    merchant: str | None = Field(
        default=None, description="A merchant/description the rows must mention ('Carrefour')."
    )
    per: AveragePer | None = Field(default=None, description="For `average`: per day/week/month.")
    today: date | None = Field(default=None, description="The user's today when parsed.")
    unsupported: tuple[str, ...] = Field(
        default=(), description="Filters the user named that cannot be applied (pt-BR phrases)."
    )


class NeedsClarification(BaseModel):
    """The question is ambiguous: ask `question` (dialog mode), or answer `default`."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    question: str
    field: Literal["metric", "kind"]
    default: LedgerQuery | None = None


def _rule(pattern: str) -> re.Pattern[str]:
    return re.compile(rf"\b(?:{pattern})\b")


_METRICS: tuple[tuple[re.Pattern[str], Metric], ...] = (
    (_rule(r"patrimonio"), "net_worth"),
    (_rule(r"reserva"), "reserve"),
    (
        _rule(
            r"(?:parcelas|parcelamentos|prestacoes)\s+(?:\w+\s+){0,3}?(?:cartao|em\s+aberto|abertas"
            r"|faltam|restam|pendentes|a\s+pagar)|(?:cartao)\s+(?:\w+\s+){0,3}?parcelas"
        ),
        "card_installments",
    ),
    (
        _rule(
            r"quanto\s+(?:eu\s+)?devo|(?:estou|to|tou)\s+devendo|dividas|divida|emprestimos"
            r"|falta(?:m)?\s+pagar|saldo\s+devedor"
        ),
        "debts",
    ),
    (_rule(r"contas\s+a\s+pagar|a\s+pagar|vencendo|vencem|vence|boletos"), "payables"),
    (_rule(r"a\s+receber|contas\s+a\s+receber"), "receivables"),
    (_rule(r"investido|investimentos?|investi|aplicado|aplicacoes|aplicacao|carteira"), "invested"),
    (_rule(r"saldo"), "balance"),
    (_rule(r"economizei|economia|economizado|poupei|sobrou|guardei|consegui\s+guardar"), "savings"),
    (_rule(r"maior(?:es)?(?!\s+(?:que|do\s+que))|mais\s+car[oa]s?|maximo"), "max"),
    (_rule(r"menor(?:es)?(?!\s+(?:que|do\s+que))|mais\s+barat[oa]s?|minimo"), "min"),
    (_rule(r"quantas\s+vezes|quantos|quantas|numero\s+de"), "count"),
    (
        _rule(r"list\w*|quais|qual\s+foram|mostr\w*|ver|veja|extrato|detalh\w*|relacao\s+de"),
        "list",
    ),
    (_rule(r"quanto|qto|qnto|qnt|qt|quant|total|soma|somar|valor|gastos?|despesas?"), "total"),
)
_EXPENSE = _rule(
    r"gastei|gasto|gastos|gastou|gastamos|despesas?|paguei|pagamos|pago|saiu|sairam|saidas?"
    r"|comprei|compras|custou|torrei"
)
_INCOME = _rule(
    r"recebi|recebemos|receitas?|ganhei|ganhos?|entrou|entraram|entradas|renda|rendimentos"
    r"|faturei|salario"
)
_LIMIT = re.compile(
    rf"\b(?:top\s+)?(?P<n>\d{{1,3}}|{NUMBER_WORD})\s+(?:maiores|menores|ultim[oa]s|primeir[oa]s"
    r"|mais\s+car[oa]s|mais\s+barat[oa]s)\b(?!\s+(?:dias|semanas|meses|anos)\b)"
    rf"|\b(?:maiores|menores|ultim[oa]s)\s+(?P<m>\d{{1,3}}|{NUMBER_WORD})\b"
    r"(?!\s+(?:dias|semanas|meses|anos)\b)"
)
_MIN_BEFORE = re.compile(
    r"(?:acima\s+de|mais\s+de|maior(?:es)?\s+(?:que|do\s+que)|superior(?:es)?\s+a|a\s+partir\s+de"
    r"|pelo\s+menos|entre)\s*$"
)
_MAX_BEFORE = re.compile(
    r"(?:abaixo\s+de|menos\s+de|menor(?:es)?\s+(?:que|do\s+que)|inferior(?:es)?\s+a|ate)\s*$"
)
_BETWEEN_AND = re.compile(r"^\s*e\s*$")
_INVESTMENT_TYPES = (
    ("renda fixa", "renda fixa"), ("renda variavel", "renda variável"), ("acoes", "ações"),
    ("acao", "ações"), ("fii", "fundos imobiliários"), ("fiis", "fundos imobiliários"),
    ("fundos imobiliarios", "fundos imobiliários"), ("tesouro", "tesouro direto"),
    ("cdb", "CDB"), ("poupanca", "poupança"), ("cripto", "criptomoedas"),
    ("bitcoin", "criptomoedas"), ("fundos", "fundos"),
)  # fmt: skip
_INVESTMENT_RE = re.compile(
    r"\b(?:" + "|".join(re.escape(k) for k, _ in _INVESTMENT_TYPES) + r")\b"
)


def _metric(folded: str) -> Metric | None:
    for pattern, metric in _METRICS:
        if pattern.search(folded):
            return metric
    return None


def _kind(folded: str) -> Kind | None:
    expense, income = _EXPENSE.search(folded), _INCOME.search(folded)
    if expense and income:
        return "despesa" if expense.start() < income.start() else "receita"
    return "despesa" if expense else "receita" if income else None


def _limit(folded: str) -> int | None:
    m = _LIMIT.search(folded)
    if m is None:
        return None
    token = m["n"] or m["m"]
    value = int(token) if token.isdigit() else words_value(token)
    return value if value is not None and 1 <= value <= MAX_LIMIT else None


def _value_bounds(text: str, folded: str) -> tuple[Decimal | None, Decimal | None]:
    """min/max value filters: "acima de 100", "até 50", "entre 100 e 500 reais"."""
    low: Decimal | None = None
    high: Decimal | None = None
    previous_end: int | None = None
    for a in find_amounts(text):
        before = folded[max(0, a.span[0] - 25) : a.span[0]]
        if _MIN_BEFORE.search(before):
            low = a.value
        elif _MAX_BEFORE.search(before) or (
            previous_end is not None and _BETWEEN_AND.match(folded[previous_end : a.span[0]])
        ):
            high = a.value
        previous_end = a.span[1] if low is not None and high is None else None
    return low, high


def _redundant_category(categoria: str, subcategoria: str | None, found: dict[str, Any]) -> bool:
    """'minhas receitas' is kind=receita, not a category filter; "contas a pagar" and "minhas
    dívidas" are metrics."""
    if categoria == INCOME_CATEGORY and subcategoria is None:
        return True
    if categoria == "Dívidas" and subcategoria is None and found.get("metric") == "debts":
        return True
    return categoria == "Contas" and found.get("metric") in ("payables", "receivables")


def _fields(text: str, today: date) -> dict[str, Any]:
    """Everything the message states, keyed like LedgerQuery (absent -> not in the dict)."""
    folded = fold(text)
    found: dict[str, Any] = {}
    if (metric := _metric(folded)) is not None:
        found["metric"] = metric
    kind = _kind(folded)
    match = find_category(text, kind)
    if match is not None and not _redundant_category(match.categoria, match.subcategoria, found):
        found["categoria"], found["subcategoria"] = match.categoria, match.subcategoria
        kind = kind or ("receita" if match.categoria == INCOME_CATEGORY else "despesa")
    if kind is not None:
        found["kind"] = kind
    if (period := resolve_period(text, today)) is not None:
        found["period"] = period
    low, high = _value_bounds(text, folded)
    if low is not None:
        found["min_value"] = low
    if high is not None:
        found["max_value"] = high
    if (limit := _limit(folded)) is not None:
        found["limit"] = limit
    if (inv := _INVESTMENT_RE.search(folded)) is not None:
        found["investment_type"] = dict(_INVESTMENT_TYPES)[inv.group()]
        found.setdefault("metric", "invested")
    if found.get("metric") in SNAPSHOT_METRICS:
        found.pop("kind", None)  # "quanto investi em renda fixa": "renda" is not income here
    return found


def _this_month(today: date) -> Period:
    period = resolve_period("este mês", today)
    assert period is not None  # a fixed phrase the period rules always match
    return period


def parse_query(
    text: str, today: date, *, previous: LedgerQuery | None = None
) -> LedgerQuery | NeedsClarification:
    """The typed query a pt-BR question asks, or what must be clarified first.

    `previous` is the last query of the same dialogue: a message that names no metric ("e no
    mês passado?") keeps the previous query and replaces only what it states; a new metric
    without a period keeps the previous period.
    """
    found = _fields(text, today)
    if "metric" not in found:
        if previous is None:
            return NeedsClarification(
                question=(
                    "O que você quer consultar? Por exemplo: quanto gastou, quanto recebeu, "
                    "seu saldo ou suas dívidas."
                ),
                field="metric",
            )
        if "period" in found:
            found["assumed_period"] = False
        if "categoria" in found and "kind" not in found:
            found["kind"] = previous.kind
        return previous.model_copy(update=found)

    metric: Metric = found["metric"]
    if metric in ("max", "min"):
        found.setdefault("limit", 1)
    if "period" not in found:
        if previous is not None and previous.period is not None:
            found["period"] = previous.period
            found["assumed_period"] = previous.assumed_period
        elif metric not in SNAPSHOT_METRICS:
            found["period"] = _this_month(today)
            found["assumed_period"] = True
    query = LedgerQuery(**found)
    if metric in _KIND_REQUIRED and query.kind is None:
        default = query.model_copy(update={"kind": "despesa"})
        when = f" {query.period.phrase}" if query.period is not None else ""
        return NeedsClarification(
            question=f"Você quer saber das suas despesas ou das suas receitas{when}?",
            field="kind",
            default=default,
        )
    return query


def describe(query: LedgerQuery) -> str:
    """The filters in words: 'com Supermercado em março de 2026', 'acima de R$ 200,00 neste mês'."""
    parts: list[str] = []
    name = display_name(query.categoria, query.subcategoria)
    if name is not None:
        parts.append(f"com {name}")
    if query.investment_type is not None:
        parts.append(f"em {query.investment_type}")
    if query.min_value is not None and query.max_value is not None:
        parts.append(f"entre {format_brl(query.min_value)} e {format_brl(query.max_value)}")
    elif query.min_value is not None:
        parts.append(f"acima de {format_brl(query.min_value)}")
    elif query.max_value is not None:
        parts.append(f"até {format_brl(query.max_value)}")
    if query.period is not None:
        parts.append(query.period.phrase)
    return " ".join(parts)
