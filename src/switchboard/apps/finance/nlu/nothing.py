"""A day (or period) with no money moving: "não gastei nada hoje", "hoje foi zero gasto",
"hoje não gastei nada, nem 1 real", "passei a semana sem gastar 1 real".

It is a statement, not a recording with a missing amount: asking "Qual foi o valor?" would
make the user invent one. The Lançador acknowledges it and writes nothing.
"""

from __future__ import annotations

import re

from .money import find_amounts
from .text import fold

__all__ = [
    "NOTHING_SPENT",
    "NOT_RECEIVED",
    "NOT_SPENT",
    "denied_payment",
    "negated_act",
    "nothing_moved",
]

NOT_SPENT = (
    "Entendi que esse gasto não aconteceu, então não registrei nada. Quando você gastar ou "
    "pagar alguma coisa, é só me contar."
)
NOT_RECEIVED = (
    "Como esse dinheiro ainda não entrou, não registrei como receita. Se quiser, registro como "
    'valor a receber: é só me dizer quando deve entrar (por exemplo, "vou receber 500 do João '
    'dia 10").'
)
NOTHING_SPENT = (
    "Anotado: sem movimentação, então não há nada para registrar. Quando tiver um gasto ou uma "
    "entrada, é só me contar."
)

_NOTHING = re.compile(
    r"\b(?:nao|nem)\s+(?:\w+\s+)?(?:gastei|comprei|paguei|recebi|gastamos|compramos|ganhei"
    r"|tive\s+(?:gasto|despesa|entrada)s?)\s+(?:nada|nenhum\w*|um\s+(?:centavo|real|tostao))\b"
    r"|\b(?:nenhum|zero)\s+(?:gasto|despesa|compra)s?\b"
    r"|\bsem\s+(?:gastos?|despesas?|compras?)\s+hoje\b"
    r"|\bnao\s+teve\s+(?:nenhum\s+)?(?:gasto|despesa|compra)s?\b"
)


_TOKEN = (
    r"(?:um|uma|1|\d{1,2})\s+(?:real|reais|centavos?|contos?|pila|tostao|tostoes)"
    r"(?:\s+(?:de|d[oa]s?|com|no|na)\s+\w+)?"
)
_TOKEN_NEGATED = re.compile(
    rf"\bnem\s+(?:com\s+)?{_TOKEN}\b"
    rf"|\bsem\s+(?:gastar|pagar|comprar|torrar|tirar|sair)\s+(?:nem\s+)?{_TOKEN}\b"
)
"""A token amount that only says how little moved: "nem 1 real", "nem 5 reais de pão", "sem
gastar 1 real". It is the measure of the negation, not an amount to record."""
_NEGATED_VERB = re.compile(
    r"\b(?:nao|nem|sem)\s+(?:\w+\s+)?(?:gast\w*|compr\w*|pag\w*|saiu|sai|torr\w*|tirei)\b"
)


def nothing_moved(text: str) -> bool:
    """True for a message that says nothing was spent or received, with no amount nor question.

    A token amount inside the negation ("nem 1 real", "sem gastar 1 real") is set aside: it
    measures the nothing, and recording it would write the very real the user did not spend."""
    folded = fold(text)
    if "?" in folded:
        return False
    tokens = [m.group() for m in _TOKEN_NEGATED.finditer(folded)]
    if tokens:
        rest = _TOKEN_NEGATED.sub(" ", folded)
        if find_amounts(rest):
            return False
        if _NOTHING.search(rest) is not None:
            return True
        # without "nada", only the smallest token says nothing moved: "não gastei nem 10
        # reais" says little was spent, not nothing
        least = all(re.search(r"\b(?:um|uma|1)\b|\bcentavos?\b|\btostao\b", t) for t in tokens)
        return least and _NEGATED_VERB.search(folded) is not None
    return not find_amounts(text) and _NOTHING.search(folded) is not None


_ACT = (
    r"\b(?P<verb>gastei|gastamos|comprei|compramos|torrei|torramos|paguei|pagamos|recebi"
    r"|recebemos|ganhei|ganhamos)\b"
)
_NEGATION_BEFORE = re.compile(r"\b(?:nao|nem|nunca|jamais)\s+(?:\w+\s+)?$")
"""Right before an act verb: "não gastei", "nem comprei", "não cheguei a … " is not read (two
words away: "não sei quanto gastei" does not deny the spending)."""


_GAVE_UP = re.compile(
    r"\bquase\s+(?:que\s+)?(?:\w+ei|\w+amos|pedi|caí|cai)\b"
    r"|\b(?:ia|iria|iamos|tava\s+(?:pra|para|por)|estava\s+(?:pra|para|por|prestes\s+a)"
    r"|cheguei\s+a\s+pensar\s+em)\s+(?:\w+\s+)?(?:gastar|comprar|pagar|pedir|torrar|fechar"
    r"|levar|assinar|investir|aplicar|contratar|alugar|reservar)\b"
    r"|\bdesist\w*"
    r"|\b(?:nao|nem)\s+(?:cheguei\s+a\s+)?(?:finalizei|finalizamos|fechei|fechamos|levei|levamos"
    r"|concretizei|efetivei)\b"
    r"|\bacabei\s+(?:nao|nem)\b|\bainda\s+bem\s+que\s+(?:nao|nem)\b"
    r"|\bcancel(?:ei|amos)\s+(?:a|o|minha|meu|uma|um)\s+(?:compra|pedido|reserva|encomenda)\b"
    # "cheguei a reservar o hotel de 900 mas cancelei": the act undone before any payment
    r"|\bmas\s+(?:depois\s+|ai\s+|no\s+fim\s+|acabei\s+)?cancel(?:ei|amos|ando)\b"
    # "não precisei pagar os 500 do conserto": the payment was never due
    r"|\b(?:nao|nem)\s+(?:precisei|precisamos|tive\s+(?:que|de|q)|tivemos\s+(?:que|de))\s+"
    r"(?:\w+\s+)?(?:pagar|gastar|comprar|desembolsar)\b"
)
"""A purchase that almost happened or was given up: "quase gastei 300 numa jaqueta", "ia
pagar 200 no jantar mas meu pai pagou", "fui comprar uma calça de 180 e desisti", "cheguei a
pôr 1.200 no carrinho mas não finalizei", "cancelei a compra de 250 na shopee" (nothing
spent; a refund of a purchase already paid is said as such: "estornaram os 250")."""
_ALMOST_BEFORE = re.compile(r"\bquase\s+(?:que\s+)?$")
_MONEY_BACK = re.compile(r"\bestorn\w*|\breembols\w*|\bdevolv\w*|\bdevoluc\w*|\bressarc\w*")
"""Money that came back ("cancelei a compra e caiu o estorno de 1.200"): a refund, recorded."""


_INCOME_NOT_IN = re.compile(
    r"\b(?:nao|nem)\s+(?:\w+\s+)?(?:rolou|rolaram|caiu|cairam|entrou|entraram|veio|vieram|pingou"
    r"|chegou|chegaram|depositaram|pagaram)\b(?:\s+\S+){0,4}?\s+(?:d[oa]s?\s+|de\s+)?"
    r"(?:freela\w*|frila\w*|salario|13o?|decimo|bonus|plr|comissao|pagamento|adiantamento"
    r"|restituicao|pix|aluguel|cliente|bico|job|ferias)\b"
)
"""Income that did not come in, said without "recebi" ("esse mês não rolou os 300 do freela",
"o salário de 3 mil não caiu ainda"): nothing was received."""
_INCOME_SUBJECT_NOT_IN = re.compile(
    r"\b(?:freela\w*|frila\w*|salario|13o?|decimo|bonus|plr|comissao|pagamento|adiantamento"
    r"|restituicao|reembolso|estorno|devolucao|ressarcimento)\b(?:\s+\S+){0,4}?\s+"
    r"(?:ainda\s+)?(?:nao|nem)\s+(?:\w+\s+)?(?:rolou|caiu|entrou"
    r"|veio|pingou|chegou|saiu)\b"
)


_NOT_IN_YET = re.compile(
    r"\b(?:ainda\s+)?(?:nao|nem)\s+(?:me\s+)?(?:caiu|cairam|entrou|entraram|pingou|pingaram)\b"
    r"(?!\s+(?:no|na)\s+(?:cartao|fatura|credito))"
)
"""Money that has not come in, whatever it is ("o seguro-desemprego ainda não caiu, 1.800",
"o pix de 300 não entrou"): nothing was received (a purchase not yet on the card is not here)."""


def denied_payment(text: str) -> bool:
    """True when every act told is a payment denied ("não paguei os 200 da academia esse mês"):
    a bill still to pay, maybe, but the user did not ask to track one, so the Lançador asks
    before anything is written."""
    folded = fold(text)
    acts = list(re.finditer(_ACT, folded))
    return bool(acts) and all(
        m["verb"].startswith("pag") and _NEGATION_BEFORE.search(folded, 0, m.start()) for m in acts
    )


def negated_act(text: str) -> str | None:
    """ "spent" or "received" when every act the message tells is denied ("não gastei 120 no
    ifood, foi meu irmão", "ainda não recebi os 500 do João"), else None.

    Such a message states what did not happen: recording its amount would write the very
    movement the user denies. A denied payment ("não paguei a luz de 200") is left out: it is
    a bill still to pay, which the recording flow writes as such. A message that denies one act
    and tells another ("não gastei nada no uber, gastei 30 no mercado") is a recording. A
    purchase that almost happened or was given up (`_GAVE_UP`) is denied the same way."""
    folded = fold(text)
    acts = list(re.finditer(_ACT, folded))
    if _GAVE_UP.search(folded) and "?" not in folded and not _MONEY_BACK.search(folded):
        # nothing happened unless another act is told plainly ("comprei a calça e desisti da
        # camisa" records the calça)
        told = [
            m
            for m in acts
            if not _NEGATION_BEFORE.search(folded, 0, m.start())
            and not _ALMOST_BEFORE.search(folded, 0, m.start())
        ]
        if not told:
            return "spent"
    if not acts:
        money_in = (
            _INCOME_NOT_IN.search(folded)
            or _INCOME_SUBJECT_NOT_IN.search(folded)
            or _NOT_IN_YET.search(folded)
        )
        return "received" if money_in and "?" not in folded else None
    denied = [m for m in acts if _NEGATION_BEFORE.search(folded, 0, m.start())]
    if len(denied) != len(acts) or any(m["verb"].startswith("pag") for m in denied):
        return None
    received = all(m["verb"].startswith(("receb", "ganh")) for m in denied)
    return "received" if received else "spent"
