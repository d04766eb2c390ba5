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
from datetime import date, timedelta
from decimal import Decimal
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from .categories import (
    INCOME_CATEGORY,
    KEYWORDS,
    MERCHANTS,
    CategoryMatch,
    display_name,
    find_category,
)
from .dates import MONTH_NAMES, Period, resolve_period
from .draft import Kind
from .money import find_amounts, format_brl
from .numwords import NUMBER_WORD, words_value
from .query_terms import (
    AveragePer,
    Scope,
    average_per,
    debt_filter,
    left_out,
    merchants,
    payment_methods,
    scopes,
    unsupported,
)
from .text import fold

__all__ = ["LedgerQuery", "Metric", "NeedsClarification", "Scope", "describe", "parse_query"]

Metric = Literal[
    "total", "max", "min", "list", "balance", "net_worth", "savings", "invested", "reserve",
    "card_installments", "debts", "count", "payables", "receivables", "average", "transfers",
    "max_day", "agenda", "top_category", "by_category", "share",
]  # fmt: skip
SNAPSHOT_METRICS: frozenset[str] = frozenset(
    {"balance", "net_worth", "invested", "reserve", "card_installments", "debts", "payables",
     "receivables", "agenda"}
)  # fmt: skip
ALL_TIME_METRICS: frozenset[str] = frozenset({"max", "min", "transfers"})
"""Without a period, "qual foi o maior freela que recebi?" is over the whole history."""
MAX_LIMIT = 1000
_KIND_REQUIRED: frozenset[str] = frozenset(
    {"total", "max", "min", "average", "max_day", "top_category", "by_category", "share"}
)


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
    merchants: tuple[str, ...] = Field(
        default=(),
        description="Merchants/words the rows must mention, any of them ('carrefour', 'juros').",
    )
    per: AveragePer | None = Field(
        default=None, description="For `average`: per day/week/month, or per item (pedido)."
    )
    instalments_only: bool = Field(default=False, description="Only purchases in instalments.")
    overdue: bool = Field(default=False, description="Payables already past their due date.")
    debt: str | None = Field(default=None, description="For `debts`: the debt's name (folded).")
    account: str | None = Field(
        default=None, description="For `transfers`: the own account named ('poupanca')."
    )
    today: date | None = Field(default=None, description="The user's today when parsed.")
    unsupported: tuple[str, ...] = Field(
        default=(), description="Filters the user named that cannot be applied (pt-BR phrases)."
    )
    by_month: bool = Field(default=False, description="The question asks which month.")
    excluded: tuple[Scope, ...] = Field(
        default=(), description="Categories left out ('sem contar o mercado', 'tirando a luz')."
    )
    excluded_words: tuple[str, ...] = Field(
        default=(),
        description="Words whose rows are left out ('sem contar o plano', 'tirando a academia'):"
        " a thing with no subcategory of its own, matched in the rows' descriptions.",
    )
    of_income: Literal["renda", "salario"] | None = Field(
        default=None,
        description="`share`: the whole is the period's income (or salary), not its spending; "
        "`savings`: the share of the income saved is asked too.",
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
    (
        _rule(
            r"dia\s+(?:que|em\s+que)\s+(?:eu\s+)?mais\s+(?:gastei|gasto)"
            r"|dia\s+(?:de|com)\s+mais\s+gastos?|dia\s+mais\s+caro"
        ),
        "max_day",
    ),
    (
        _rule(
            # "gastei mais com comida ou transporte?": the named ones ranked, not their sum
            r"gast\w*\s+mais\s+(?:com|em|no|na|de)\s+\w.*\s+ou\s+(?:com\s+|em\s+)?\w+"
            r"|(?:gast\w*|gasto)\s+(?:com|em|no|na)\s+\w.*\s+ou\s+(?:com|em|no|na)\s+\w.*"
            r"\s+(?:qual|quem|o\s+que)\s+(?:foi|e|deu)\s+(?:o\s+)?(?:mais|maior)"
        ),
        "top_category",
    ),
    (_rule(r"patrimonio|tirando\s+(?:as\s+|minhas\s+)?dividas"), "net_worth"),
    (_rule(r"reserva"), "reserve"),
    (
        _rule(
            r"(?:parcelas?|parcelamentos|prestac(?:ao|oes))\s+(?:\w+\s+){0,3}?(?:cartao|em\s+aberto"
            r"|abertas|faltam|restam|pendentes|a\s+pagar)|(?:cartao)\s+(?:\w+\s+){0,3}?parcelas"
        ),
        "card_installments",
    ),
    (
        _rule(
            r"(?:pra|para|a)\s+receber.*(?:pra|para|a)\s+pagar|(?:pra|para|a)\s+pagar.*"
            r"(?:pra|para|a)\s+receber"
            r"|(?:pagar|pago|pagando|quitar)\s+(?:\w+\s+){0,4}?(?:contas|boletos|pendentes?|a\s+pagar)"
            r".*(?:sobra|resta|fica)\w*.*(?:receber|salario|entrar)"
            r"|(?:sobra|resta|fica)\w*.*(?:receber|salario|entrar).*(?:contas|boletos)\s+"
            r"(?:pendentes|a\s+pagar|em\s+aberto)"
        ),
        "agenda",
    ),
    (
        _rule(
            r"quant[oa]s?(?=\s*%)|quant[oa]s?\s+por\s+cento|(?:qual|que)\s+(?:o\s+|a\s+)?"
            r"(?:percentual|porcentagem|fatia|parcela\s+do\s+(?:total|gasto))"
            r"|(?:percentual|porcentagem)\s+d[oe]"
            # "quanto a alimentação representa, em porcentagem, dos meus gastos?", "que fatia
            # do total foi o mercado?": a share asked, not the amount
            r"|\bem\s+(?:porcentagem|percentual|por\s+cento|%)"
            r"|\brepresent\w*\s+(?:\w+\s+){0,3}?(?:d[oa]s?|no|na)\s+(?:meus\s+|minhas\s+|o\s+|a\s+)?"
            r"(?:gastos?|despesas?|total)"
            r"|\b(?:que|qual)\s+(?:fatia|parte|proporcao)\b"
        ),
        "share",
    ),
    (
        _rule(
            r"contas?\s+a\s+pagar|contas?\s+(?:pra|para)\s+pagar|tenho\s+(?:que|pra|para|a)\s+pagar"
            r"|preciso\s+pagar|vou\s+ter\s+que\s+pagar"
        ),
        "payables",
    ),
    (
        _rule(
            r"tenho\s+(?:que|pra|para|a)\s+receber|vou\s+receber|vai\s+entrar|va[io]\s+me\s+pagar"
            r"|(?:pra|para|a)\s+entrar|quem\s+me\s+deve|me\s+deve[mn]?|falta\s+(?:eu\s+)?receber"
            r"|(?:pra|para|vai|vao)\s+(?:me\s+)?cair|previsto\s+(?:pra|para)\s+(?:receber|entrar)"
        ),
        "receivables",
    ),
    (
        _rule(
            r"(?:em|com)\s+(?:que|qual)\s+(?:categoria\s+)?(?:eu\s+)?mais\s+gast\w*"
            r"|categoria\s+(?:que|com|em\s+que|onde)\s+(?:eu\s+)?mais|onde\s+(?:eu\s+)?mais\s+gast\w*"
            r"|com\s+o\s+que\s+(?:eu\s+)?mais\s+gast\w*|maior(?:es)?\s+(?:gasto|despesa)s?\s+por\s+categoria"
            r"|(?:para|pra)\s+onde\s+(?:foi|vai)\s+(?:a\s+maior\s+parte|mais)"
        ),
        "top_category",
    ),
    (
        _rule(
            r"(?:por|cada|separad\w*\s+(?:por|em)|dividid\w*\s+(?:por|em)|agrupad\w*\s+por"
            r"|divisao\s+(?:por|entre)\s+(?:as\s+)?|quebrad\w*\s+por)\s+categorias?"
            r"|categoria\s+por\s+categoria|de\s+cada\s+categoria|em\s+cada\s+categoria"
        ),
        "by_category",
    ),
    (
        _rule(
            r"quanto\s+(?:eu\s+)?devo|(?:estou|to|tou)\s+devendo|ainda\s+devo|dividas|divida"
            r"|emprestimos|falta(?:m)?\s+pagar\s+d[oae]|saldo\s+devedor"
            r"|devo\s+(?:\S+\s+){0,3}?(?:pro|pra|ao)"
        ),
        "debts",
    ),
    (
        _rule(
            r"a\s+pagar|(?:pra|para)\s+pagar|vencendo|vencem|vence|pendentes?|atrasad\w*"
            r"|vencid\w*|em\s+aberto|falta(?:m)?\s+pagar|boletos?\s+(?:pra|para|a)\s+pagar"
        ),
        "payables",
    ),
    (_rule(r"a\s+receber|(?:pra|para)\s+receber|contas\s+a\s+receber|me\s+devem"), "receivables"),
    (
        _rule(
            r"investido|investimentos?|investi|aplicado|aplicacoes|aplicacao|carteira|apliquei"
            r"|aportei|aportes?"
        ),
        "invested",
    ),
    (
        _rule(
            r"transferi|transferencias?|(?:tenho|coloquei|guardei|botei|juntei)\s+(?:\S+\s+){0,2}?"
            r"(?:na|no|pra|pro)\s+(?:minha\s+)?(?:poupanca|caixinha|cofrinho|reserva)"
            # what is put aside ("quanto tenho guardado?", "quanto eu juntei?"): the money
            # moved to the user's own savings accounts
            r"|(?:tenho|tem|esta|ta)\s+(?:\S+\s+)?(?:guardad|juntad|poupad)[oa]s?\b"
            r"|quanto\s+(?:eu\s+)?(?:ja\s+)?juntei(?=\W*$)"
        ),
        "transfers",
    ),
    (
        _rule(
            r"economizei|economia|economizado|poupei|sobrou|sobra|guardei|consegui\s+guardar"
            r"|no\s+azul|no\s+vermelho|receitas\s+menos\s+despesas"
        ),
        "savings",
    ),
    (_rule(r"saldo"), "balance"),
    (_rule(r"media|medio|em\s+media"), "average"),
    (
        _rule(
            r"maior(?:es)?(?!\s+(?:que|do\s+que))|mais\s+car[oa]s?|maximo|mais\s+alt[oa]s?"
            r"|maior\s+valor|que\s+mais\s+pesou"
        ),
        "max",
    ),
    (
        _rule(
            r"menor(?:es)?(?!\s+(?:que|do\s+que))|mais\s+barat[oa]s?|minimo|mais\s+baix[oa]s?"
            r"|menor\s+valor"
        ),
        "min",
    ),
    (_rule(r"quantas\s+vezes|quantos|quantas|numero\s+de"), "count"),
    (
        _rule(
            r"list\w*|quais|qual\s+foram|mostr\w*|ver|veja|extrato|detalh\w*|relacao\s+de"
            r"|lancei|registrei|anotei"
            r"|(?:oq|oque|o\s+q|o\s+que)\s+(?:que\s+)?(?:eu\s+)?(?:comprei|gastei|paguei|recebi"
            r"|parcelei|pedi)"
        ),
        "list",
    ),
    (
        _rule(
            r"quanto|qto|qnto|qnt|qt|quant|total|soma|somar|somando|valor|gastos?|despesas?"
            r"|passei\s+de|passou\s+de|ja\s+passei|gastei|paguei"
            # a total checked with a tag: "então deu uns 50 de uber hj, né?"
            r"|(?:deu|foram|foi)\s+(?:uns\s+|umas\s+|tipo\s+|quase\s+|mais\s+ou\s+menos\s+)?"
            r"(?:r\$\s*)?\d+(?:[.,]\d+)?"
        ),
        "total",
    ),
)
_EXPENSE = _rule(
    r"gastei|gasto|gastos|gastou|gastamos|despesas?|paguei|pagamos|pago|saiu|sairam|saidas?"
    r"|comprei|compras|custou|torrei|passei|pedi|andei|custa|parcelado"
)
_INCOME = _rule(
    r"recebi|recebemos|receitas?|ganhei|ganhos?|entrou|entraram|entradas|renda|rendimentos"
    r"|faturei|salario|tiro\s+de"
)
_ACCOUNT = _rule(r"(poupanca|caixinha|cofrinho|reserva|corretora)")
_INSTALMENTS = _rule(r"parcelad[oa]s?|parcelei|parcelamentos?|em\s+parcelas")
_OVERDUE = _rule(r"atrasad\w*|vencid\w*|venceu|venceram|em\s+atraso")
_PREVIOUS_MONTH = _rule(r"mes\s+anterior")
_WHICH_MONTH = _rule(r"(?:em\s+)?(?:que|qual)\s+mes")
_RECEIVED_AND_SPENT = _rule(
    r"(?:recebi|ganhei|entrou|entrada\w*|receitas?)\s+(?:\w+\s+){0,3}?e\s+(?:\w+\s+){0,2}?"
    r"(?:gastei|gasto|gastos|saiu|saidas?|despesas?|paguei)"
    r"|(?:gastei|gastos|saiu|saidas?|despesas?|paguei)\s+(?:\w+\s+){0,3}?e\s+(?:\w+\s+){0,2}?"
    r"(?:recebi|ganhei|entrou|entradas?|receitas?)"
)
_ALL_TIME = _rule(
    r"no\s+total|ao\s+todo|desde\s+sempre|(?:em\s+)?todo\s+o\s+historico|de\s+todos\s+os\s+tempos"
    r"|desde\s+o\s+(?:inicio|comeco)|ate\s+hoje|ate\s+agora|no\s+geral"
)
"""Without a period, these ask about the whole history, not this month."""
_FOLLOW_UP = re.compile(r"^\W*(?:e|mas\s+e|e\s+quanto)\b")
_ANY_PAYMENT = _rule(
    r"sem\s+(?:o\s+)?filtros?\s+(?:de|da|do|por)\s+(?:forma\s+de\s+)?(?:pagamento|cartao|pix)"
    r"|(?:em\s+)?(?:qualquer|todas\s+as|todos\s+os)\s+(?:formas?|meios?)\s+de\s+pagamento"
    r"|independente\s+(?:da\s+forma|do\s+meio)\s+de\s+pagamento"
    r"|(?:nao|sem\s+ser)\s+so\s+(?:n?o\s+)?(?:cartao|credito|pix|debito|dinheiro)"
    r"|contando\s+(?:tudo|todas\s+as\s+formas)|(?:no\s+)?cartao\s+e\s+fora\s+dele"
)
"""A follow-up that lifts the previous question's payment filter ("e sem filtro de pagamento?")."""
_LIMIT = re.compile(
    rf"\b(?:top\s+)?(?P<n>\d{{1,3}}|{NUMBER_WORD})\s+(?:maiores|menores|ultim[oa]s|primeir[oa]s"
    r"|mais\s+car[oa]s|mais\s+barat[oa]s)\b(?!\s+(?:dias|semanas|meses|anos)\b)"
    rf"|\b(?:maiores|menores|ultim[oa]s)\s+(?P<m>\d{{1,3}}|{NUMBER_WORD})\b"
    r"(?!\s+(?:dias|semanas|meses|anos)\b)"
)
_MIN_BEFORE = re.compile(
    r"(?<!foi\s)(?<!e\s)(?:acima\s+de|mais\s+de|maior(?:es)?\s+(?:que|do\s+que)|superior(?:es)?\s+a"
    r"|a\s+partir\s+de|pelo\s+menos|entre)\s*$"
)
"""A lower bound filter; "foi mais de 200?" asks about the total, it filters nothing."""
_MAX_BEFORE = re.compile(
    r"(?:abaixo\s+de|menos\s+de|menor(?:es)?\s+(?:que|do\s+que)|inferior(?:es)?\s+a|ate)\s*$"
)
_BETWEEN_AND = re.compile(r"^\s*e\s*$")
_MONTHS = "|".join(fold(m) for m in MONTH_NAMES)
_DATE_AFTER = re.compile(
    rf"\s*(?:/\d|de\s+(?:{_MONTHS})\b|(?:a|e|ate|ao)\s+(?:o\s+)?(?:dia\s+)?\d{{1,2}}"
    rf"(?:/\d|\s+de\s+(?:{_MONTHS})\b))"
)
_DAY_BEFORE = re.compile(r"\bdias?\s*$")
_TOTAL_COMPARED = re.compile(
    r"\b(?:gastei|gastou|gastamos|gasto|paguei|pagou|recebi|recebeu|ganhei|passei|passou|foi|deu"
    r"|foram|ultrapassei|estourei)\s+(?:mais|menos|acima|abaixo)\s+(?:de|do\s+que)\s*(?:r\$\s*)?$"
)
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
        if _DATE_AFTER.match(folded, a.span[1]) or _DAY_BEFORE.search(before):
            previous_end = None
            continue  # "entre 1 e 10 de novembro", "de 16 a 22/11": days, not amounts
        if _TOTAL_COMPARED.search(before):
            continue  # "gastei mais de 500 no mercado?": about the total, not each entry
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


_OF_INCOME = re.compile(
    r"\b(?:d[oa]s?|sobre\s+(?:[oa]\s+)?)\s*(?:(?:meu|minha|meus|minhas|o|a|os|as)\s+)?"
    r"(?:(?P<salary>salario)|renda|receitas?|ganhos|entradas"
    r"|que\s+(?:eu\s+)?(?:ganho|recebo|ganhei|recebi|entra|entrou))\b"
)
"""The income as the whole of a share ("que porcentagem do meu salário vai pro aluguel?",
"qual % da minha renda isso representa?"): the spending named over what came in."""
_SAVED = _rule(r"economizei|economizamos|sobrou|sobrei|guardei|poupei|consegui\s+guardar")
_PERCENT_ASKED = re.compile(r"%|\b(?:porcentagem|percentual|por\s+cento)\b")


_LEAVE_OUT_WORD = re.compile(
    r"\b(?:sem\s+contar|sem\s+incluir|nao\s+contando|exceto|excluindo|descontando|tirando"
    r"|fora)\s+(?:(?:com|de)\s+)?(?:o|a|os|as)\s+"
    r"|\b(?:sem\s+contar|sem\s+incluir|nao\s+contando|exceto|excluindo|descontando|tirando)\s+"
)
"""A thing with no category of its own left out ("tirando a academia", "sem contar o plano"):
stricter than `query_terms.left_out`'s words ("sem juros" leaves nothing out)."""
_NOT_LEFT_OUT = re.compile(r"(?:as\s+|minhas\s+)?dividas\b|\d")


def _left_out_word(text: str) -> tuple[str, str] | None:
    """The text without the thing left out, and the thing's word, matched in the rows'
    descriptions; None when nothing is left out or it is a net worth ("tirando as dívidas")."""
    folded = fold(text)
    m = _LEAVE_OUT_WORD.search(folded)
    if m is None or _NOT_LEFT_OUT.match(folded, m.end()):
        return None
    word = re.match(r"[a-z]{3,}", folded[m.end() :])
    if word is None:
        return None
    end = m.end() + word.end()
    return _blank(text, m.start(), end), folded[m.end() : end]


def _blank(text: str, start: int, end: int) -> str:
    """`text` with a span spaced out: the rest keeps its offsets (the folded text indexes it)."""
    return text[:start] + " " * (end - start) + text[end:]


def _fields(text: str, today: date) -> dict[str, Any]:
    """Everything the message states, keyed like LedgerQuery (absent -> not in the dict)."""
    folded = fold(text)
    found: dict[str, Any] = {"today": today}
    if (metric := _metric(folded)) is not None:
        found["metric"] = metric
    if metric not in SNAPSHOT_METRICS:  # "tirando as dívidas" is a net worth, not a filter
        out, spans = left_out(folded, _kind(folded))
        if out:  # categories: every backend leaves them out
            found["excluded"] = out
            for start, end in spans:  # what is left out is not what is asked about
                text = _blank(text, start, end)
        elif (word := _left_out_word(text)) is not None:
            text, found["excluded_words"] = word[0], (word[1],)
        folded = fold(text)
    if (
        metric in ("share", "savings")
        and _PERCENT_ASKED.search(folded)
        and (income := _OF_INCOME.search(folded)) is not None
    ):
        found["of_income"] = "salario" if income["salary"] else "renda"
        if _SAVED.search(folded):
            found["metric"] = "savings"  # "quanto economizei e que % da renda foi isso?"
        # the income is the whole, not a category filter nor the kind of the part
        text = _blank(text, income.start(), income.end())
        folded = fold(text)
    kind = _kind(folded)
    if brands := merchants(folded):
        found["merchants"] = brands
    many = scopes(folded, kind)
    match: CategoryMatch | None
    if len(many) == 1:
        (whole, _), many = many[0], ()
        match = CategoryMatch(whole, None, (0, 0))
    else:
        match = find_category(text, kind)
    if match is not None and fold(text[match.span[0] : match.span[1]]).rstrip("s") in MERCHANTS:
        match = None  # a brand filters by what the rows say, not by a category
    if many:
        found["scopes"] = many
        kind = kind or ("receita" if many[0][0] == INCOME_CATEGORY else "despesa")
    elif match is not None and not _redundant_category(match.categoria, match.subcategoria, found):
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
    if methods := payment_methods(folded):
        found["payment_methods"] = methods
        found.setdefault("kind", "despesa")
    if cannot := unsupported(folded):
        found["unsupported"] = cannot
    if (
        found.get("metric") in ("total", "list")
        and _RECEIVED_AND_SPENT.search(folded)
        and not {"categoria", "scopes"} & set(found)
    ):
        # "quanto recebi e quanto gastei?", "quais foram minhas entradas e saídas?": both,
        # said apart (a total never adds income to spending)
        found["metric"] = "savings"
        found.pop("kind", None)
    if _WHICH_MONTH.search(folded):
        found["by_month"] = True
    if (per := average_per(folded)) is not None:
        found["per"] = per
        if "metric" in found or _HOW_MUCH.search(folded) is not None:
            found.setdefault("metric", "average")
        # else: "pago 600 por mês, quando termino?" names a rate of payment, not an average
        # asked; with no metric the question is said not understood, never answered as one
    if _INSTALMENTS.search(folded) and found.get("metric") != "card_installments":
        found["instalments_only"] = True
    if _OVERDUE.search(folded):
        found["overdue"] = True
        if found.get("metric") in (None, "total", "count", "list"):
            found["metric"] = "payables"
    if found.get("metric") == "debts" and (name := debt_filter(folded)) is not None:
        found["debt"] = name
    if found.get("metric") == "transfers" and (acc := _ACCOUNT.search(folded)) is not None:
        found["account"] = acc[1]
    if found.get("scopes") and found.get("merchants"):
        # "mercado, restaurante e ifood": the brand joins the categories (any of them)
        extra = [KEYWORDS[m] for m in found.pop("merchants") if m in KEYWORDS]
        found["scopes"] = tuple(dict.fromkeys([*found["scopes"], *extra]))
    elif (
        found.get("categoria")
        and match is not None
        and (
            listed := [
                m for m in found.get("merchants", ()) if m in KEYWORDS and _listed(folded, m, match)
            ]
        )
    ):
        # "uber e gasolina": a brand listed next to a category is one more category, not a
        # filter on it
        named = (found.pop("categoria"), found.pop("subcategoria"))
        found["merchants"] = tuple(m for m in found["merchants"] if m not in listed)
        found["scopes"] = tuple(dict.fromkeys([named, *(KEYWORDS[m] for m in listed)]))
    if found.get("metric") in SNAPSHOT_METRICS:
        found.pop("kind", None)  # "quanto investi em renda fixa": "renda" is not income here
        if found["metric"] in ("payables", "receivables", "agenda") and "period" in found:
            found["period"] = _ahead(found["period"], today)
    return found


_LIST_JOINT = re.compile(r"\W*(?:,|e|ou|mais|\+)\W+(?:(?:de|do|da|com|no|na|o|a)\s+)?")


def _listed(folded: str, brand: str, match: CategoryMatch) -> bool:
    """True when `brand` and the category keyword at `match.span` are items of one list ("uber
    e gasolina", "gasolina, uber")."""
    for m in re.finditer(rf"(?<!\w){re.escape(brand)}(?!\w)", folded):
        if m.end() <= match.span[0]:
            gap = folded[m.end() : match.span[0]]
        elif m.start() >= match.span[1]:
            gap = folded[match.span[1] : m.start()]
        else:
            continue
        if _LIST_JOINT.fullmatch(gap):
            return True
    return False


def _ahead(period: Period, today: date) -> Period:
    """A named month for bills is the coming one: "em dezembro" in November is this year's."""
    if period.end >= today or period.start.day != 1 or period.start.month != period.end.month:
        return period
    upcoming = resolve_period(f"{MONTH_NAMES[period.start.month - 1]} de {today.year}", today)
    if upcoming is not None and upcoming.end >= today:
        return upcoming
    return period


def _this_month(today: date) -> Period:
    period = resolve_period("este mês", today)
    assert period is not None  # a fixed phrase the period rules always match
    return period


def parse_query(
    text: str, today: date, *, previous: LedgerQuery | None = None
) -> LedgerQuery | NeedsClarification:
    """The typed query a pt-BR question asks, or what must be clarified first.

    `previous` is the last query of the same dialogue: a message that names no metric ("e no
    mês passado?") keeps the previous query and replaces only what it states; so does an
    elliptical follow-up that names one ("e qual a média por dia?" keeps the category and the
    period). A new metric without a period keeps the previous period. "mês anterior" is the
    month before the previous query's.
    """
    found = _fields(text, today)
    folded = fold(text)
    if previous is not None and _PREVIOUS_MONTH.search(folded) and previous.period is not None:
        before = previous.period.start - timedelta(days=1)
        period = resolve_period(f"{MONTH_NAMES[before.month - 1]} de {before.year}", today)
        if period is not None:
            found["period"] = period
    if "metric" not in found or (previous is not None and _FOLLOW_UP.match(folded)):
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
        if found.get("kind", previous.kind) != previous.kind and not (
            {"categoria", "scopes", "merchants"} & set(found)
        ):
            found |= {"categoria": None, "subcategoria": None, "scopes": (), "merchants": ()}
        if ("categoria" in found or "scopes" in found or "merchants" in found) and (
            "kind" not in found
        ):
            found["kind"] = previous.kind
        if {"categoria", "scopes", "merchants"} & set(found):
            found.setdefault("categoria", None)
            found.setdefault("subcategoria", None)
            found.setdefault("scopes", ())
            found.setdefault("merchants", ())
        if _ANY_PAYMENT.search(folded):  # "e não só no cartão?" names the card it lifts
            found["payment_methods"] = ()
        metric = found.get("metric", previous.metric)
        if metric == "debts" and "debt" not in found:
            found["debt"] = debt_filter(folded, follow_up=True)
        if metric != previous.metric and metric in SNAPSHOT_METRICS:
            return parse_query(text, today)  # "e de contas a pagar?": a new kind of question
        return previous.model_copy(update=found)

    chosen: Metric = found["metric"]
    if chosen in ("max", "min"):
        found.setdefault("limit", 1)
    if "period" not in found and _ALL_TIME.search(folded) and chosen not in SNAPSHOT_METRICS:
        found["period"] = None  # "quanto foi no pix no total?": the whole history
    elif "period" not in found and found.get("per") == "item" and chosen == "average":
        found["period"] = None  # "quanto gasto em média por almoço?": every one recorded
    elif "period" not in found and found.get("per") == "mes" and chosen == "average":
        found["period"] = None  # "quanto gasto em média por mês?": the closed months recorded
    if "period" not in found:
        if (
            previous is not None
            and previous.period is not None
            and chosen not in ALL_TIME_METRICS
            and (chosen not in SNAPSHOT_METRICS or _FOLLOW_UP.match(folded))
        ):
            found["period"] = previous.period
            found["assumed_period"] = previous.assumed_period
        elif chosen not in SNAPSHOT_METRICS and chosen not in ALL_TIME_METRICS:
            found["period"] = _this_month(today)
            found["assumed_period"] = True
    query = LedgerQuery(**found)
    if chosen in _KIND_REQUIRED and query.kind is None:
        default = query.model_copy(update={"kind": "despesa"})
        if (
            chosen in ("average", "by_category")
            or _spending_hint(folded)
            or query.merchants
            or query.payment_methods
            or query.scopes
            or query.categoria
            or query.excluded
            or query.excluded_words
        ):
            return default
        when = f" {query.period.phrase}" if query.period is not None else ""
        return NeedsClarification(
            question=f"Você quer saber das suas despesas ou das suas receitas{when}?",
            field="kind",
            default=default,
        )
    return query


_HOW_MUCH = _rule(r"quanto|quanta|quantos|qto|qnto|qnt|qual|quais|media|medio")
"""An average read from "por mês" alone is asked only with a how-much word."""
_SPENDING = _rule(r"tudo|foi\s+(?:a|o|de)|deu|custa|custou|saiu|comprei|a\s+casa")


def _spending_hint(folded: str) -> bool:
    """ "quanto dá tudo hoje?", "quanto foi a casa?": spending, said without "gastei"."""
    return _SPENDING.search(folded) is not None


def describe(query: LedgerQuery) -> str:
    """The filters in words: 'com Supermercado em março de 2026', 'acima de R$ 200,00 neste mês'."""
    parts: list[str] = []
    names = [display_name(c, s) or c for c, s in query.scopes]
    name = ", ".join(names) if names else display_name(query.categoria, query.subcategoria)
    if name is not None:
        parts.append(f"com {name}")
    if left := [display_name(c, s) or c for c, s in query.excluded] + list(query.excluded_words):
        parts.append("sem contar " + ", ".join(left))
    if query.merchants:
        parts.append("em " + ", ".join(m.title() for m in query.merchants))
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
