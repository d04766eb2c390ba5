"""The filters a Simplista question names beyond category and period (issue 19).

Every filter the user names must be applied, or the answer must say it was not:

- payment method: "no cartão"/"no crédito"/"passei no cartão" → crédito, "no débito", "no
  pix", "em dinheiro"/"dinheiro vivo", "boleto(s)";
- merchant: a brand ("no Carrefour", "de Uber", "na Amazon") filters the rows that mention it,
  whatever category they were filed under (a TV bought at the Carrefour is not groceries);
- several categories at once: "luz, água e internet", "saúde e educação";
- the unit of an average: "por dia", "por semana"/"semanal", "por mês"/"mensal", "por pedido";
- a debt by name: "quanto devo pro Santander?", "quanto devo de empréstimo?";
- what the ledger cannot filter by: a specific card or bank ("cartão Nubank": cards are not
  told apart), said in the answer ("não consigo filtrar por …; considerei …").

Functions of the folded text (`text.fold`), pure.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Literal

from .categories import INCOME_CATEGORY, KEYWORD_RE, KEYWORDS, MERCHANTS
from .money import find_amounts
from .payment_words import CREDIT, DEBIT
from .text import fold

__all__ = [
    "AveragePer",
    "Scope",
    "average_per",
    "debt_filter",
    "left_out",
    "merchants",
    "payment_methods",
    "scopes",
    "unsupported",
]

Scope = tuple[str, str | None]
AveragePer = Literal["dia", "semana", "mes", "item"]

_PAYMENT: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"\b(?:pix|via\s+pix)\b"), "pix"),
    (re.compile(rf"\b(?:no\s+{DEBIT}|cartao\s+de\s+{DEBIT}|{DEBIT})\b"), "debito"),
    (re.compile(r"\bboletos?\b"), "boleto"),
    (re.compile(r"\b(?:dinheiro(?:\s+vivo)?|em\s+especie|cash)\b"), "dinheiro"),
    (
        re.compile(
            rf"\b(?:cartao(?:\s+de\s+credito)?|no\s+{CREDIT}|{CREDIT}|passei\s+no\s+cartao)\b"
            r"(?!\s+de\s+debito)"
        ),
        "credito",
    ),
)
_CARD_NAMES = re.compile(
    r"\bcartao\s+(?:d[oa]\s+)?(?P<name>nubank|nu|itau|bradesco|santander|inter|c6|caixa|bb"
    r"|banco\s+do\s+brasil|picpay|xp|btg|next|neon|pan|digio|will|mercado\s+pago|porto"
    r"|ourocard|elo|visa|master(?:card)?|amex)\b"
)
_PER: tuple[tuple[re.Pattern[str], AveragePer], ...] = (
    (
        re.compile(
            r"\b(?:por|cada)\s+(?:pedido|compra|vez|lancamento|corrida|ida|abastecimento|visita"
            r"|consulta|conta|viagem|saida|ida\s+ao\s+\w+|almoco|jantar|refeicao|lanche|cafe"
            r"|ingresso|sessao|corte|aula|entrega|delivery|noite|rolê|role|feira|mercado"
            r"|passagem|diaria|parcela|item|unidade)\b"
        ),
        "item",
    ),
    (re.compile(r"\b(?:por\s+dia|diari[oa]s?)\b"), "dia"),
    (re.compile(r"\b(?:por\s+semana|semana[li]s?|semanalmente)\b"), "semana"),
    (re.compile(r"\b(?:por\s+mes|mensa(?:l|is)|mensalmente|ao\s+mes)\b"), "mes"),
    (
        re.compile(
            r"\b(?:valor|ticket|gasto|preco)\s+medio\b|\bmedi[ao]\s+(?:d[oa]s?\s+)?(?:minhas\s+|meus\s+)?"
            r"(?:corridas|pedidos|compras|idas|lancamentos|contas)\b"
        ),
        "item",
    ),
    (re.compile(r"\bcada\s+pedido\b"), "item"),
)
_DEBT = re.compile(
    r"\b(?:devo|devendo|deve|falta\s+pagar|saldo\s+devedor)\b\s*(?:\S+\s+){0,3}?"
    r"(?:d[oa]s?|de|pro|pra|para\s+[oa]|ao|a|no|na|com\s+[oa]?)\s+(?:meu\s+|minha\s+)?"
    r"(?P<name>(?!\d)(?!(?:conta|contas|cartao|total|todo|tudo|hoje|agora|ainda|mes|ano|geral"
    r"|momento)\b)\w+)"
)


def payment_methods(folded: str) -> tuple[str, ...]:
    """The payment methods a question restricts to (empty: any)."""
    found: list[str] = []
    rest = folded
    for pattern, method in _PAYMENT:
        if pattern.search(rest):
            found.append(method)
            rest = pattern.sub(" ", rest)
    return tuple(found)


def unsupported(folded: str) -> tuple[str, ...]:
    """Filters named that the ledger cannot apply, as pt-BR phrases for the answer."""
    out: list[str] = []
    if (m := _CARD_NAMES.search(folded)) is not None:
        name = m["name"].title().replace("Nu ", "Nubank ")
        out.append(f"cartão específico ({name})")
    elif (m := _BANK_NAMES.search(folded)) is not None:
        out.append(f"conta ou banco específico ({_BANK_LABELS.get(m['name'], m['name'].title())})")
    return tuple(out)


_BANK_NAMES = re.compile(
    r"\b(?:no|na|pelo|pela|do|da|via)\s+(?:conta\s+(?:d[oa]\s+)?|app\s+d[oa]\s+)?"
    r"(?P<name>nubank|itau|bradesco|santander|inter|c6|caixa|picpay|banco\s+do\s+brasil"
    r"|mercado\s+pago|neon|next|pagbank|sicoob|sicredi|btg|xp)\b"
)
"""A bank or account named as a filter ("quanto gastei no nubank?"): the ledger does not keep
which account paid, so the answer says it could not filter by it."""
_BANK_LABELS = {"itau": "Itaú", "c6": "C6", "banco do brasil": "Banco do Brasil",
                "picpay": "PicPay", "pagbank": "PagBank", "btg": "BTG", "xp": "XP"}  # fmt: skip


_TEXT_TERMS = re.compile(r"\b(?:juros|tarifas?|anuidade|iof|multas?|taxas?\s+banc\w+)\b")
"""Costs the taxonomy has no category for: a question about them filters the rows that say
them ("quanto paguei de juros esse ano?")."""


_EXCEPT = re.compile(r"\b(?:sem\s+contar|exceto|menos|tirando|fora|sem)(?:\s+(?:o|a|os|as))?\b")
"""'só de uber, sem contar o 99': a merchant named to be left out is not a filter."""


def merchants(folded: str) -> tuple[str, ...]:
    """The brands a question names ("carrefour", "ifood e rappi") or a cost word ("juros"),
    folded; empty when none."""
    masked = _mask_amounts(folded)
    excluded = [m.end() for m in _EXCEPT.finditer(masked)]
    found = [
        m["key"]
        for m in KEYWORD_RE.finditer(masked)
        if m["key"] in MERCHANTS and not any(0 <= m.start() - end <= 4 for end in excluded)
    ]
    found += [m.group() for m in _TEXT_TERMS.finditer(masked)]
    return tuple(dict.fromkeys(found))


_LEAVE_OUT = re.compile(
    r"\b(?:sem\s+contar|nao\s+contando|sem|exceto|tirando|fora|excluindo|descontando)"
    r"(?:\s+(?:(?:o|os|a|as)\s+)?(?:gastos?\s+)?(?:com|de|do|da|dos|das|o|a|os|as))?\s+"
)
"""The words that leave a category out of a question ("quanto gastei sem contar o mercado?",
"e tirando a luz?"): what follows at once is excluded, not the filter."""


def left_out(
    folded: str, kind: Literal["receita", "despesa"] | None
) -> tuple[tuple[Scope, ...], list[tuple[int, int]]]:
    """The categories the question leaves out, and their spans (the caller blanks them before
    reading the categories it asks about)."""
    masked = _mask_amounts(folded)
    starts = {m.end() for m in _LEAVE_OUT.finditer(masked)}
    out: list[Scope] = []
    spans: list[tuple[int, int]] = []
    for m in KEYWORD_RE.finditer(masked):
        if m.start() not in starts or m["key"] in MERCHANTS:
            continue
        categoria, sub = KEYWORDS[m["key"]]
        if kind is not None and (categoria == INCOME_CATEGORY) != (kind == "receita"):
            continue
        if sub is None and fold(categoria) != m["key"]:
            continue  # "a academia" is a thing in Saúde, not all of it: left out by its word
        out.append((categoria, sub))
        spans.append(m.span())
    return tuple(dict.fromkeys(out)), spans


def scopes(folded: str, kind: Literal["receita", "despesa"] | None) -> tuple[Scope, ...]:
    """Every category the question names, when it names more than one ("luz, água e
    internet"); a whole category absorbs its own subcategories, unless the question spells it
    out as two or more of them. A single whole category that absorbed its subcategories comes
    back alone ("alimentação e mercado" is all of Alimentação, not the supermarket)."""
    masked = _mask_amounts(folded)
    found: list[Scope] = []
    for m in KEYWORD_RE.finditer(masked):
        if m["key"] in MERCHANTS:
            continue
        categoria, sub = KEYWORDS[m["key"]]
        if kind is not None and (categoria == INCOME_CATEGORY) != (kind == "receita"):
            continue
        if (categoria, sub) not in found:
            found.append((categoria, sub))
    named = Counter(c for c, s in found if s is not None)
    # "contas da casa (luz, água e gás)": a whole category the question then spells out as
    # two or more of its subcategories means those subcategories
    wholes = {c for c, s in found if s is None and named[c] < 2}
    kept = [(c, s) for c, s in found if (c in wholes) == (s is None)]
    if (len(kept) == 1 and kept[0][1] is not None) or len(found) < 2:
        return ()
    return tuple(kept)  # one whole category that absorbed others: "alimentação e mercado"


def average_per(folded: str) -> AveragePer | None:
    for pattern, per in _PER:
        if pattern.search(folded):
            return per
    return None


_DEBT_FOLLOW_UP = re.compile(
    r"\b(?:pro|pra|para\s+[oa]|ao|de|do|da|com\s+[oa]?)\s+(?:meu\s+|minha\s+|[oa]\s+)?"
    r"(?P<name>(?!\d)(?!(?:conta|contas|cartao|total|todo|tudo|hoje|mes|ano)\b)\w+)"
)


_STOP_WORDS = (
    "de do da dos das pro pra para ao a o os as no na com meu minha e que ainda total hoje"
)
_DEBT_WORDS_STOP = frozenset(_STOP_WORDS.split(" "))


def debt_filter(folded: str, *, follow_up: bool = False) -> str | None:
    """The debt a "quanto devo …" question names ("santander", "emprestimo do itau"), or
    None. In a follow-up of a debts question ("e pro meu irmão?") no verb is needed."""
    m = (_DEBT_FOLLOW_UP if follow_up else _DEBT).search(folded)
    if m is None:
        return None
    rest = re.findall(r"[a-z0-9]+", folded[m.start("name") :])[:4]
    words = [w for w in rest if w not in _DEBT_WORDS_STOP]
    return " ".join(words[:3]) or None


def _mask_amounts(folded: str) -> str:
    for amount in find_amounts(folded):
        start, end = amount.span
        folded = folded[:start] + " " * (end - start) + folded[end:]
    return folded
