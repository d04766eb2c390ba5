"""Offline transaction extraction (the Lançador's rules) and multi-turn merging.

Pipeline on the folded message: money amounts (`money`), instalments ("10x", "em 12 vezes de
200", "parcelei em 3"), the verb that decides tipo and the flags (future, new debt, debt payment),
payment method, date (`dates`, with the verb's tense), category (`categories`, restricted by
tipo), and a description made of what is left once amounts, dates, verbs and payment phrases are
cut out ("Comprei uma TV de 3000 reais no cartão em 10x" -> "TV").

Decisions worth knowing:
- Several amounts: explicit ones ("R$", "reais", "mil") beat bare numbers, and a bare number
  followed by a noun is a quantity ("2 camisas por 100" -> 100).
- Instalments without a payment method ("parcelei em 10x") are credit card: that is how
  Brazilians split purchases; "carnê"/"boleto" or "financiei" override it.
- No verb but a spending category ("150 no mercado", "celular de 2400 no cartão") -> despesa;
  a Receitas category ("salário de 5 mil") -> receita; nothing -> tipo stays None and is asked.
- No date: today for a past event; None for a future one (a due date is not invented).
- A receita with no income keyword is Receitas > Outros.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Any

from .categories import INCOME_CATEGORY, find_category
from .dates import resolve_date
from .draft import MAX_INSTALMENTS, MAX_TEXT, Kind, PaymentMethod, TransactionDraft
from .money import MONTH_WORDS, AmountMatch, find_amounts
from .numwords import NUMBER_WORD, words_value
from .text import fold, nfc

__all__ = ["extract_transaction", "merge_answer"]

_COUNT = rf"(?:\d{{1,3}}|{NUMBER_WORD})"
_INSTALMENTS = re.compile(
    rf"\b(?:em\s+|de\s+|por\s+)?(?P<n>{_COUNT})\s*(?:x|vezes|parcelas|prestacoes|meses)\b"
    r"(?P<per>\s+(?:sem\s+juros\s+)?(?:iguais\s+)?(?:de|por)\s+)?"
)
_INSTALMENTS_VERB = re.compile(
    rf"\b(?:parcel\w*|divid\w*|financ\w*)(?:\s+(?:o\s+resto|o\s+restante|o\s+saldo|tudo))?"
    rf"\s+em\s+(?P<n>{_COUNT})\b(?!\s*(?:reais|real|mil|k\b|contos?|,\d|\.\d))"
)
_CASH_UP_FRONT = re.compile(r"\b(?:a\s+vista|avista)\b")
_DOWN_PAYMENT_AFTER = re.compile(r"\s+(?:de|como|na)\s+entrada\b")
_DOWN_PAYMENT_BEFORE = re.compile(r"\bentrada\s+(?:de\s+)?$")
_REMAINDER = re.compile(r"\b(?:resto|restante|saldo\s+restante|o\s+saldo)\b")


@dataclass(frozen=True, slots=True)
class _Verb:
    pattern: re.Pattern[str]
    tipo: Kind | None
    future: bool = False
    new_debt: bool = False
    strong: bool = True


def _verb(pattern: str, tipo: Kind | None, **flags: bool) -> _Verb:
    return _Verb(re.compile(rf"\b(?:{pattern})\b"), tipo, **flags)


# Order matters only within one position: the earliest strong verb in the message wins.
_VERBS: tuple[_Verb, ...] = (
    _verb(
        r"peguei\s+(?:\w+\s+)?emprestad[oa]|pegei\s+emprestado|tomei\s+(?:\w+\s+)?emprestad[oa]"
        r"|pedi\s+emprestado|fiz\s+um\s+emprestimo|peguei\s+um\s+emprestimo"
        r"|contratei\s+um\s+emprestimo|me\s+emprest(?:ou|aram)",
        "receita",
        new_debt=True,
    ),
    _verb(r"financiei|fiz\s+um\s+financiamento", "despesa", new_debt=True),
    _verb(
        r"fiquei\s+devendo|estou\s+devendo|to\s+devendo|devo\s+(?!pagar|receber)",
        "despesa",
        new_debt=True,
    ),
    _verb(
        r"vou\s+receber|vou\s+ganhar|tenho\s+(?:pra|para|a)\s+receber|receberei|a\s+receber"
        r"|vai\s+cair|vao\s+me\s+pagar|vai\s+me\s+pagar|preciso\s+receber|devo\s+receber",
        "receita",
        future=True,
    ),
    _verb(
        r"vou\s+(?:ter\s+que\s+)?pagar|preciso\s+pagar|tenho\s+(?:que|de)\s+pagar|devo\s+pagar"
        r"|pagarei|a\s+pagar|vou\s+gastar|vence|vencera|vai\s+vencer|agendei|agendar",
        "despesa",
        future=True,
    ),
    _verb(
        r"recebi|receb[ie]mos|ganhei|ganhamos|vendi|me\s+pag(?:ou|aram)|me\s+devolveu|me\s+deu",
        "receita",
    ),
    _verb(
        r"gastei|gastamos|paguei|pagamos|comprei|compramos|torrei|desembolsei|transferi|mandei"
        r"|enviei|emprestei|doei|parcelei|investi|apliquei|abasteci|almocei|jantei|assinei"
        r"|renovei|contratei|dei|custou|saiu|sairam",
        "despesa",
    ),
    _verb(
        r"entrou|entraram|caiu|rendeu|receita|ganho|recebimento|salario", "receita", strong=False
    ),
    _verb(
        r"despesa|gasto|gastos|saida|compra|conta|pagamento|fui|fomos"
        r"|(?:pix|transferencia|ted)\s+(?:de\s+\S+\s+)?(?:pra|para|pro)",
        "despesa",
        strong=False,
    ),
)
_ANSWER_INCOME = re.compile(r"^\W*(?:foi\s+)?(?:uma\s+|um\s+)?(?:entrada|credito)\W*$")

_PAYMENT: tuple[tuple[re.Pattern[str], PaymentMethod], ...] = (
    (re.compile(r"\bpix\b"), "pix"),
    (re.compile(r"\b(?:no\s+|cartao\s+de\s+)?debito\b"), "debito"),
    (re.compile(r"\b(?:boleto|carne)\b"), "boleto"),
    (re.compile(r"\b(?:cartao(?:\s+de\s+credito)?|no\s+credito|credito)\b"), "credito"),
    (re.compile(r"\b(?:dinheiro|especie|em\s+maos|cash|dinheiro\s+vivo)\b"), "dinheiro"),
)
# Paying the card bill ("paguei a fatura", "paguei 2 mil do cartão", "vou pagar o cartão") is a
# debt payment, not a card purchase ("paguei o jantar no cartão").
_CARD_BILL = re.compile(
    r"\bfatura\b|\bpag\w*\s+(?:\S+\s+){0,3}?(?:o|do|da)\s+cartao\b(?!\s+de\s+debito)"
)
_DEBT_PAYMENT = re.compile(
    r"\b(?:parcela|prestacao|fatura|pagamento|mensalidade)?\s*(?:d[oa]s?\s+|de\s+)?"
    r"(?P<debt>(?:emprestimo|financiamento|divida|fatura|consignado|cheque\s+especial)"
    r"(?:\s+(?:d[oa]s?|no|na)\s+(?!\d)\w+)?)"
)
_OWED_TO = re.compile(
    r"\b(?:ao|a|pro|pra|para\s+o|para\s+a)\s+(?P<who>\w+)\b[^.]*\bque\s+(?:eu\s+)?"
    r"(?:devia|estava\s+devendo|tava\s+devendo)"
)
_FINANCING = re.compile(r"\bfinanc\w*")
_LOAN = re.compile(r"\bemprest\w*")

# Phrases cut out of the message to leave its description.
_NOISE = re.compile(
    r"\b(?:r\$|reais|real|contos?|pilas?|no\s+cartao(?:\s+de\s+credito)?|cartao(?:\s+de\s+"
    r"(?:credito|debito))?|no\s+credito|no\s+debito|no\s+pix|via\s+pix|pix|em\s+dinheiro|dinheiro"
    r"|boleto|a\s+vista|sem\s+juros|hoje|ontem|anteontem|amanha|depois\s+de\s+amanha"
    r"|(?:na\s+|no\s+|nesta\s+|nessa\s+)?(?:segunda|terca|quarta|quinta|sexta|sabado|domingo)"
    r"(?:-feira|\s+feira)?(?:\s+passad[oa]|\s+que\s+vem)?|dia\s+\d{1,2}(?:\s+de\s+(?:"
    + MONTH_WORDS
    + r"))?|\d{1,2}\s+de\s+(?:"
    + MONTH_WORDS
    + r")|\d{1,2}/\d{1,2}(?:/\d{2,4})?|(?:semana|mes|ano)\s+(?:que\s+vem|passad[oa])"
    r"|proxim[oa]\s+(?:semana|mes|ano)|de\s+entrada|entrada|o\s+resto|o\s+restante"
    r"|ha\s+\d+\s+dias|\d+\s+dias\s+atras|caiu|entrou|entraram|rendeu)\b"
)


def _words(spaced: str) -> frozenset[str]:
    return frozenset(spaced.split())


_EDGE_WORDS = _words(
    "de do da dos das d no na nos nas em com um uma uns umas o a os as meu minha meus minhas "
    "pro pra para pelo pela e ao aos que eu ja tb tambem ai la so agora isso esse essa este "
    "esta foi fui fomos fiz tive vou vai preciso tenho ter ate por mais quase cerca mesmo"
)
_QUANTITY_OK = _EDGE_WORDS | _words(
    "hoje ontem reais real conto contos mil k via pix cartao dinheiro debito credito"
)
_WORD = re.compile(r"[\w$]+(?:-[\w]+)*")


def _count(token: str) -> int | None:
    return int(token) if token.isdigit() else words_value(token)


def _overlaps(span: tuple[int, int], other: tuple[int, int]) -> bool:
    return span[0] < other[1] and other[0] < span[1]


@dataclass(slots=True)
class _Instalments:
    count: int | None = None
    per: AmountMatch | None = None
    spans: tuple[tuple[int, int], ...] = ()


def _instalments(folded: str, amounts: list[AmountMatch]) -> _Instalments:
    found = _Instalments()
    spans: list[tuple[int, int]] = []
    for m in _INSTALMENTS.finditer(folded):
        n = _count(m["n"])
        if n is None or not 1 <= n <= MAX_INSTALMENTS:
            continue
        if m.group().rstrip().endswith("meses") and m["per"] is None:
            continue  # "3 meses" alone is a duration, not instalments
        found.count = found.count or n
        spans.append(m.span())
        if m["per"] is not None:
            found.per = next((a for a in amounts if a.span[0] == m.end()), found.per)
    if found.count is None and (m2 := _INSTALMENTS_VERB.search(folded)) is not None:
        n = _count(m2["n"])
        if n is not None and 1 <= n <= MAX_INSTALMENTS:
            found.count = n
            spans.append(m2.span("n"))
    if found.count is None and _CASH_UP_FRONT.search(folded):
        found.count = 1
    found.spans = tuple(spans)
    return found


def _best_amount(folded: str, candidates: list[AmountMatch]) -> AmountMatch | None:
    """Explicit amounts first; a bare number followed by a noun is a quantity ("2 camisas")."""

    def score(a: AmountMatch) -> int:
        if a.explicit:
            return 3
        nxt = (
            _WORD.match(folded, a.span[1] + 1) if folded[a.span[1] : a.span[1] + 1] == " " else None
        )
        return -2 if nxt is not None and nxt.group() not in _QUANTITY_OK else 0

    return max(candidates, key=score, default=None) if candidates else None


def _verb_match(folded: str) -> tuple[_Verb, re.Match[str]] | None:
    best: tuple[_Verb, re.Match[str]] | None = None
    for strong in (True, False):
        for verb in _VERBS:
            if verb.strong != strong:
                continue
            m = verb.pattern.search(folded)
            if m is not None and (best is None or m.start() < best[1].start()):
                best = (verb, m)
        if best is not None:
            return best
    return None


def _payment(folded: str) -> PaymentMethod | None:
    if _CARD_BILL.search(folded):
        folded = re.sub(r"\bcartao(?:\s+de\s+credito)?\b", " ", folded)
    for pattern, method in _PAYMENT:
        if pattern.search(folded):
            return method
    return None


def _description(text: str, folded: str, cut: list[tuple[int, int]]) -> str | None:
    keep = [True] * len(text)
    spans = [*cut, *(m.span() for m in _NOISE.finditer(folded))]
    for verb in _VERBS:
        if verb.strong:
            spans.extend(m.span() for m in verb.pattern.finditer(folded))
    for start, end in spans:
        for i in range(start, min(end, len(text))):
            keep[i] = False
    words: list[str] = []
    for m in _WORD.finditer("".join(c if k else " " for c, k in zip(text, keep, strict=True))):
        words.append(m.group())
    while words and fold(words[0]) in _EDGE_WORDS:
        words.pop(0)
    while words and fold(words[-1]) in _EDGE_WORDS:
        words.pop()
    return " ".join(words)[:80] or None


def _debt_name(text: str, folded: str) -> str | None:
    if _CARD_BILL.search(folded) and "fatura" not in folded:
        return "fatura do cartão"
    if (m := _DEBT_PAYMENT.search(folded)) is not None:
        return text[m.start("debt") : m.end("debt")][:MAX_TEXT]
    if (m := _OWED_TO.search(folded)) is not None:
        return text[m.start("who") : m.end("who")][:MAX_TEXT]
    return None


def _extract(text: str, today: date) -> TransactionDraft:
    folded = fold(text)
    amounts = [a for a in find_amounts(text) if a.value > 0]
    inst = _instalments(folded, amounts)
    amounts = [a for a in amounts if not any(_overlaps(a.span, s) for s in inst.spans)]
    down = next(
        (
            a
            for a in amounts
            if _DOWN_PAYMENT_AFTER.match(folded, a.span[1])
            or _DOWN_PAYMENT_BEFORE.search(folded, 0, a.span[0])
        ),
        None,
    )
    main = _best_amount(folded, [a for a in amounts if a is not inst.per and a is not down])

    verb_hit = _verb_match(folded)
    verb = verb_hit[0] if verb_hit else None
    tipo: Kind | None = verb.tipo if verb else None
    if tipo is None and _ANSWER_INCOME.match(folded):
        tipo = "receita"
    future = verb.future if verb else False
    new_debt = verb.new_debt if verb else False

    payment = _payment(folded)
    financed = _FINANCING.search(folded) is not None
    if inst.count and inst.count > 1 and payment is None and not financed:
        payment = "credito"

    debt: str | None = None
    if not new_debt and tipo in (None, "despesa"):
        debt = _debt_name(text, folded)

    when = resolve_date(text, today, future=future)
    if when is not None and when > today:
        future = True
    if when is None and not future:
        when = today

    categoria: str | None
    subcategoria: str | None
    if new_debt or debt is not None:
        categoria = "Dívidas"
        subcategoria = (
            "Financiamento" if financed else "Empréstimo" if _LOAN.search(folded) else None
        )
    else:
        match = find_category(text, tipo)
        categoria, subcategoria = (match.categoria, match.subcategoria) if match else (None, None)
    if tipo is None and categoria is not None:
        tipo = "receita" if categoria == INCOME_CATEGORY else "despesa"
    if tipo == "receita" and (
        categoria is None or (categoria, subcategoria) == (INCOME_CATEGORY, None)
    ):
        categoria, subcategoria = INCOME_CATEGORY, "Outros"

    cut = [a.span for a in amounts] + list(inst.spans)
    if inst.per is not None:
        cut.append(inst.per.span)
    descricao = _description(text, folded, cut)

    stated: Decimal | None = main.value if main else None
    valor = stated
    if valor is None and inst.per is not None and inst.count:
        valor = inst.per.value * inst.count
    fields: dict[str, Any] = {
        "tipo": tipo,
        "categoria": categoria,
        "subcategoria": subcategoria,
        "descricao": descricao,
        "data": when,
        "forma_pagamento": payment,
        "cartao_credito": payment == "credito",
        "conta_futura": future,
        "divida_relacionada": debt,
        "nova_divida": new_debt,
    }
    if down is not None and (_REMAINDER.search(folded) or inst.count or financed):
        purchase = find_category(text, "despesa", exclude=frozenset({"Dívidas"}))
        fields["categoria"] = purchase.categoria if purchase else None
        fields["subcategoria"] = purchase.subcategoria if purchase else None
        return _compound(fields, stated, down.value, inst, financed)
    return TransactionDraft(valor=valor, parcelas=inst.count, **fields)


def _compound(
    fields: dict[str, Any],
    total: Decimal | None,
    down: Decimal,
    inst: _Instalments,
    financed: bool,
) -> TransactionDraft:
    """Down payment + remainder: two operations; the remainder is total - entrada when known."""
    rest: Decimal | None = None
    if total is not None and total > down:
        rest = total - down
    elif inst.per is not None and inst.count:
        rest = inst.per.value * inst.count
        total = down + rest
    else:
        total = None
    what = fields["descricao"]
    payment = fields["forma_pagamento"]
    base = {**fields, "tipo": "despesa", "nova_divida": False, "divida_relacionada": None}
    entrada = TransactionDraft(
        **{
            **base,
            "forma_pagamento": None,
            "cartao_credito": False,
            "conta_futura": False,
            "valor": down,
            "descricao": f"entrada ({what})" if what else "entrada",
        }
    )
    remainder_fields = {**base, "descricao": f"restante ({what})" if what else "restante"}
    if financed:
        remainder_fields |= {
            "nova_divida": True,
            "categoria": "Dívidas",
            "subcategoria": "Financiamento",
            "forma_pagamento": None if payment == "credito" else payment,
            "cartao_credito": False,
        }
    remainder = TransactionDraft(**remainder_fields, valor=rest, parcelas=inst.count)
    outer = {**base, "cartao_credito": False, "forma_pagamento": None}
    return TransactionDraft(**outer, valor=total, operacoes=[entrada, remainder])


def merge_answer(
    hint: TransactionDraft, answer: TransactionDraft, text: str, today: date
) -> TransactionDraft:
    """A previous incomplete draft completed by the user's answer (`answer` = its extraction).

    What the answer says wins; what it does not say is kept. The answer's date counts only if it
    names one (its default "today" must not overwrite "ontem" from the first message). For a
    compound draft whose remainder lacks a value, an amount in the answer is the purchase total.
    """
    if hint.operacoes:
        return _merge_compound(hint, answer)
    data: dict[str, Any] = hint.model_dump(exclude={"operacoes"})
    for field in ("valor", "tipo", "forma_pagamento", "parcelas", "divida_relacionada"):
        value = getattr(answer, field)
        if value is not None:
            data[field] = value
    if (answer.categoria is not None and answer.categoria != INCOME_CATEGORY) or (
        answer.categoria == INCOME_CATEGORY and answer.subcategoria != "Outros"
    ):
        data["categoria"], data["subcategoria"] = answer.categoria, answer.subcategoria
    if hint.descricao is None:
        data["descricao"] = answer.descricao
    if resolve_date(text, today, future=hint.conta_futura) is not None:
        data["data"] = resolve_date(text, today, future=hint.conta_futura or answer.conta_futura)
    for flag in ("cartao_credito", "conta_futura", "nova_divida"):
        data[flag] = getattr(hint, flag) or getattr(answer, flag)
    if data["tipo"] == "receita" and data["categoria"] != INCOME_CATEGORY:
        data["categoria"], data["subcategoria"] = INCOME_CATEGORY, "Outros"
    if data["tipo"] == "despesa" and data["categoria"] == INCOME_CATEGORY:
        data["categoria"] = data["subcategoria"] = None
    if data["data"] is None and not data["conta_futura"]:
        data["data"] = today
    return TransactionDraft(**data)


def _merge_compound(hint: TransactionDraft, answer: TransactionDraft) -> TransactionDraft:
    if answer.valor is None:
        return hint
    entrada, rest = hint.operacoes[0], hint.operacoes[-1]
    if rest.valor is None and entrada.valor is not None and answer.valor > entrada.valor:
        rest = rest.model_copy(update={"valor": answer.valor - entrada.valor})
        return hint.model_copy(update={"valor": answer.valor, "operacoes": [entrada, rest]})
    return hint


def extract_transaction(
    text: str, today: date, *, history_hint: TransactionDraft | None = None
) -> TransactionDraft:
    """The transaction a pt-BR message describes, merged into `history_hint` when given.

    `history_hint` is the incomplete draft of the previous turn, whose clarifying question this
    message answers ("Comprei uma roupa nova" -> "Qual foi o valor?" -> "150 reais").
    """
    text = nfc(text).strip()
    draft = _extract(text, today)
    if history_hint is None:
        return draft
    return merge_answer(history_hint, draft, text, today)
