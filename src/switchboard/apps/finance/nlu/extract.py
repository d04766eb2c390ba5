"""Offline transaction extraction: the Lançador's rules.

Pipeline on the folded message: money amounts (`money`), instalments and down payments
(`instalments`: "10x", "em 12 vezes de 200", "dei 2 mil de entrada"), the verb that decides
tipo and the flags (future, new debt, debt payment), payment method, date (`dates`, with the
verb's tense), category (`categories`, restricted by tipo), and a description made of what is
left once amounts, dates, verbs and payment phrases are cut out ("Comprei uma TV de 3000 reais
no cartão em 10x" -> "TV"). With a `history_hint` the result completes the previous turn's
draft (`merge`).

Decisions worth knowing:
- Several amounts: explicit ones ("R$", "reais", "mil") beat bare numbers, and a bare number
  followed by a noun is a quantity ("2 camisas por 100" -> 100). A unit price ("3 camisetas de
  25 cada", "duas pizzas, cada uma 40") is multiplied by the quantity: the value is what left
  the user's pocket.
- Instalments without a payment method ("parcelei em 10x") are credit card: that is how
  Brazilians split purchases; "carnê"/"boleto" or "financiei" override it.
- No verb but a spending category ("150 no mercado", "celular de 2400 no cartão") -> despesa;
  a Receitas category ("salário de 5 mil") -> receita; nothing -> tipo stays None and is asked.
- No date: today for a past event; None for a future one (a due date is not invented).
- A receita with no income keyword is Receitas > Outros.
- A bill split with others ("rachei 90 em 3", "eu paguei metade", `share`) is the user's part.
- A list ("50 no mercado e 30 na farmácia") becomes one operation per amount; a down payment
  with its remainder becomes two (`instalments`). Either way the outer draft is not recorded.
- Transfers between own accounts, asset purchases, loans and refunds (`movements`) are not
  income or spending: they get their own flags and no consumption category. An asset bought
  with a down payment stays one purchase (its `entrada` said, the rest financed).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Any

from .categories import INCOME_CATEGORY, find_category
from .dates import month_only_due, resolve_date
from .draft import MAX_INSTALMENTS, MAX_TEXT, Kind, PaymentMethod, TransactionDraft
from .instalments import (
    Instalments,
    compound_draft,
    find_down_payment,
    find_instalments,
    mentions_remainder,
)
from .merge import merge_answer
from .money import MONTH_WORDS, AmountMatch, find_amounts
from .movements import MOVEMENT_WORDS, Movement, find_movement, is_balance
from .nothing import negated_act
from .numwords import NUMBER_WORD, words_value
from .payer import third_party_payer
from .payment_words import CREDIT, DEBIT
from .share import find_share, own_part_at
from .text import fold, nfc

__all__ = ["extract_transaction", "merge_answer"]


@dataclass(frozen=True, slots=True)
class _Verb:
    pattern: re.Pattern[str]
    tipo: Kind | None
    future: bool = False
    new_debt: bool = False
    strong: bool = True
    lent: bool = False
    """Money the user lent: owed back to them (a receivable due when they say it comes back)."""


def _verb(pattern: str, tipo: Kind | None, **flags: bool) -> _Verb:
    return _Verb(re.compile(rf"\b(?:{pattern})\b"), tipo, **flags)


# Order matters only within one position: the earliest strong verb in the message wins.
_VERBS: tuple[_Verb, ...] = (
    _verb(
        r"peguei\s+(?:\S+\s+){0,3}?emprestad[oa]|pegei\s+emprestado"
        r"|tomei\s+(?:\S+\s+){0,3}?emprestad[oa]"
        r"|pedi\s+emprestado|fiz\s+um\s+emprestimo|peguei\s+um\s+emprestimo"
        r"|contratei\s+um\s+emprestimo|me\s+emprest(?:ou|aram)",
        "receita",
        new_debt=True,
    ),
    _verb(r"financiei|fiz\s+um\s+financiamento", "despesa", new_debt=True),
    _verb(
        r"fiquei\s+devendo|estou\s+devendo|to\s+devendo|devo\s+(?!pagar|receber|ter\s)"
        r"|tenho\s+(?:um\s+|uma\s+|o\s+|a\s+)?(?:financiamento|emprestimo|divida|consignado)"
        # a debt to record by its balance ("registra a dívida do carro, faltam 20 mil", "anota
        # uma dívida de 3 mil com meu irmão"): what is owed, never a payment of that amount
        # ("registra o empréstimo de 10 mil" is a loan taken: cash in, `peguei` above)
        r"|(?:anot|registr|lanc|p[oõ]e|coloc|bot|adicion|inclu|cadastr)\w*\s+(?:ai\s+|la\s+)?"
        r"(?:a\s+|uma\s+|minha\s+|essa\s+|esta\s+|o\s+|um\s+|meu\s+|esse\s+)?"
        r"divida(?![^.;!?]*\bpag(?:uei|amos)\b)"
        r"|(?<!ja\s)falta(?:m)?\s+(?:pagar\s+|quitar\s+)?(?:uns\s+|umas\s+|ainda\s+)?(?:r\$\s*)?\d"
        r"|saldo\s+devedor",
        "despesa",
        new_debt=True,
    ),
    _verb(
        r"vou\s+receber|vou\s+ganhar|tenho\s+(?:\S+\s+){0,3}?(?:pra|para|a)\s+receber|receberei"
        r"|a\s+receber|vai\s+cair|vao\s+cair|cai|caira|vao\s+me\s+pagar|vai\s+me\s+pagar|entra"
        r"|entram"
        r"|preciso\s+receber|devo\s+receber|vai\s+(?:me\s+)?(?:depositar|transferir|pagar)"
        r"|vao\s+(?:me\s+)?(?:depositar|transferir|pagar)|vai\s+entrar|vao\s+entrar"
        r"|fic(?:ou|aram)\s+de\s+(?:me\s+)?(?:pagar|depositar|transferir|devolver)|me\s+deve"
        r"|me\s+devem|vai\s+me\s+devolver|vao\s+me\s+devolver"
        r"|va[io]\s+(?:me\s+)?(?:estornar|reembolsar|ressarcir)"
        r"|(?:inquilin[oa]|locatari[oa]|cliente|devedor)\s+(?:me\s+)?(?:paga|deposita|transfere)"
        r"|me\s+(?:paga|pagam|reembolsa|reembolsam|deposita|depositam|devolve|devolvem|transfere"
        r"|transferem|estorna|estornam)(?!\w)",
        "receita",
        future=True,
    ),
    _verb(
        r"vou\s+(?:ter\s+que\s+)?pagar|preciso\s+pagar|tenho\s+(?:que|de)\s+pagar|devo\s+pagar"
        r"|pagarei|a\s+pagar|(?:pra|para)\s+pagar|vou\s+gastar|vence|vencem|vencera|vai\s+vencer"
        r"|(?:pra|para|a)\s+vencer"
        r"|vencimento|agendei|agendar|agend[ae]|agendad[oa]"
        r"|(?:pra|para|pro)\s+(?:o\s+)?dia\s+\d"
        # a reminder to pay: "me lembra de pagar", "lembrete: pagar", "não me deixa esquecer de
        # pagar" — a bill still to pay, never a payment made
        r"|(?:lembr\w*|lembrete\W*|esquec\w*|avis[ae])\s+(?:(?:de|pra|para|que|eu|tenho|que)\s+)*"
        r"(?:pagar|quitar)",
        "despesa",
        future=True,
    ),
    _verb(
        r"recebi|receb[ie]mos|ganhei|ganhamos|vendi|me\s+pag(?:ou|aram)|me\s+devolveu"
        r"|(?:cliente|clientes|inquilin[oa]|locatari[oa]|devedor|comprador[a]?|contratante)"
        r"\s+(?:\w+\s+){0,2}?(?:pagou|pagaram|depositou|depositaram|transferiu|mandou"
        r"|fez\s+(?:o\s+|um\s+)?pix)"
        r"|me\s+deu(?!\s+(?:\S+\s+){0,3}?desconto)"
        # "meu pai me mandou 500 no pix": money sent to the user (not a bill sent: "me mandou
        # a fatura de 300")
        r"|me\s+(?:mandou|mandaram|transferiu|transferiram|depositou|depositaram|enviou"
        r"|enviaram|passou|passaram|fez\s+(?:um\s+)?pix|fizeram\s+(?:um\s+)?pix)"
        r"(?!\s+(?:\S+\s+){0,2}?(?:conta|fatura|boleto|cobranca|mensagem|link|foto|orcamento))"
        # "o inquilino acabou de me mandar o aluguel", "registra como entrada"
        r"|acab(?:ou|aram)\s+de\s+me\s+(?:mandar|pagar|transferir|depositar|passar|devolver"
        r"|fazer\s+(?:um\s+|o\s+)?pix)"
        r"|como\s+(?:uma\s+)?(?:entrada|receita|renda)\b"
        # "pix de 200 da minha mãe de presente": a pix from a person is money in (a pix "pra
        # minha mãe" is money out)
        r"|pix\s+(?:de\s+)?(?:r\$\s*)?\d[\d.,]*\s*(?:mil|reais|k|conto)?\s+d[oa]s?\s+(?:meu|minha"
        r"|meus|minhas)\s+(?=(?:mae|pai|pais|avo|vo|vovo|tia|tio|tias|tios|irma|irmao|irmaos"
        r"|madrinha|padrinho|namorad[oa]|marido|esposa|amig[oa]s?|sogr[oa]|chefe|cliente"
        r"|prim[oa]s?|filh[oa])\b)",
        "receita",
    ),
    # money lent to someone is owed back to the user: a receivable, not spending ("emprestei
    # 200 pro primo"); listed before the spending verbs so that it wins at the same position
    _verb(r"emprestei|emprestamos", "receita", future=True, lent=True),
    _verb(
        r"gastei|gastamos|paguei|pagamos|comprei|compramos|torrei|desembolsei|transferi|mandei"
        r"|enviei|doei|parcelei|investi|apliquei|abasteci|almocei|jantei|assinei"
        r"|devolvi|devolvemos|descontaram|descontou|debitaram|cobraram|quitei|amortizei|aportei"
        r"|renovei|contratei|dei|custou|saiu|sairam"
        # "fiz um pix de 150 pra pagar a academia": the pix was sent; "pra pagar" is what for
        r"|(?:fiz|fizemos|passei|fizeram)\s+(?:um\s+|o\s+|uma\s+)?(?:pix|ted|transferencia)"
        r"(?!\s+(?:\S+\s+){0,3}?(?:pra|para)\s+mim)",
        "despesa",
    ),
    _verb(
        r"entrou|entraram|caiu|rendeu|receita|ganho|recebimento|salario", "receita", strong=False
    ),
    # "o 13 vem dia 20, 2.500", "a conta de luz chega dia 10": still to come; what it is
    # (income or bill) is read from the category
    _verb(r"vem|vai\s+vir|chega|vai\s+chegar", None, future=True, strong=False),
    _verb(
        r"despesa|gasto|gastos|saida|compra|pagamento|fui|fomos|paga|pago|quitada|quitado"
        # "pix de 90 pro João", "pix de metade da conta de 180 pro João": money sent
        r"|(?:pix|transferencia|ted)\s+(?:de\s+\S+\s+)?(?:pra|para|pro)"
        r"|(?:pix|transferencia|ted)\s+de\s+(?:[^\s.;?!]+\s+){1,6}?(?:pra|para|pro)\b",
        "despesa",
        strong=False,
    ),
)
_ANSWER_INCOME = re.compile(r"^\W*(?:foi\s+)?(?:uma\s+|um\s+)?(?:entrada|credito)\W*$")

_PAYMENT: tuple[tuple[re.Pattern[str], PaymentMethod], ...] = (
    (re.compile(r"\bpix\b"), "pix"),
    (re.compile(rf"\b(?:no\s+|cartao\s+de\s+)?{DEBIT}\b"), "debito"),
    (re.compile(r"\b(?:boleto|carne|crediario)\b"), "boleto"),
    (re.compile(rf"\b(?:cartao(?:\s+de\s+credito)?|no\s+{CREDIT}|{CREDIT})\b"), "credito"),
    (re.compile(r"\b(?:dinheiro|especie|em\s+maos|cash|dinheiro\s+vivo)\b"), "dinheiro"),
)
# Paying the card bill ("paguei a fatura", "paguei 2 mil do cartão", "vou pagar o cartão") is a
# debt payment, not a card purchase ("paguei o jantar no cartão").
_CARD_BILL = re.compile(
    r"\bfatura\b|\b(?:pag|quit|zer)\w*\s+(?:\S+\s+){0,3}?(?:o|do|da)\s+cartao\b"
    r"(?!\s+de\s+debito)"
)
_DEBT_PAYMENT = re.compile(
    r"\b(?:parcela|prestacao|fatura|pagamento|mensalidade)?\s*(?:d[oa]s?\s+|de\s+)?"
    r"(?P<debt>(?:emprestimo|financiamento|divida|fatura|consignado|cheque\s+especial)"
    # whose: "do Itaú", "com o banco", "com meu cunhado" (the possessive is not the name)
    r"(?:\s+(?:d[oa]s?|no|na|com)\s+(?:(?:[oa]s?|meus?|minhas?)\s+){0,2}"
    # a bank of several words ("do Banco do Brasil", "da Caixa Econômica") is one name
    r"(?:banco\s+do\s+brasil|caixa\s+economica(?:\s+federal)?|banco\s+(?!\d)\w+|(?!\d)\w+))?)"
    r"|\b(?:parcela|prestacao)\s+d[oa]\s+(?P<thing>(?!\d)(?!cartao\b|tv\b)\w+)"
)
_PAYEE = re.compile(
    r"\b(?:paguei|pagamos|devolvi|devolvemos|transferi|mandei|pix|quitei)\b.*?\s"
    r"(?:pro|pra|para\s+o|para\s+a|ao)\s+(?:meu\s+|minha\s+|o\s+|a\s+)?"
    r"(?P<who>(?!\d)(?!parcela\b|conta\b|fatura\b|divida\b)\w+)"
)
_OWED_TO = re.compile(
    r"\b(?:ao|a|pro|pra|para\s+o|para\s+a|com\s+[oa]|com)\s+(?P<who>\w+)\b[^.]*\bque\s+(?:eu\s+)?"
    r"(?:devia|estava\s+devendo|tava\s+devendo)"
    r"|\bque\s+(?:[oa]\s+)?(?P<lender>\w+)\s+(?:tinha\s+|havia\s+)?me\s+emprest(?:ou|ado|ado)\b"
    r"|\bque\s+(?:eu\s+)?(?:peguei|pegei|tomei)\s+(?:emprestad[oa]\s+)?(?:com|d[oa])\s+"
    r"(?:[oa]\s+|meu\s+|minha\s+)?(?P<taken>\w+)"
)
_FINANCING = re.compile(r"\bfinanc\w*")
_PHONE = re.compile(r"(?:celular|cel|telefone)s?")
_BOUGHT = re.compile(r"\b(?:comprei|compramos|novo|nova|parcel\w*|em\s+\d+\s*x)\b")
_PHONE_PLAN_MAX = Decimal(300)
"""Below this a "celular" is the phone bill or a top-up, not a phone."""
_FROM_SOMEONE = re.compile(
    r"\b(?:do|da)\s+(?:meu\s+|minha\s+)?(?:[A-ZÁÉÍÓÚÂÊÔÃÕ]\w+|cliente|empresa|chefe|patr[aã]o"
    r"|pai|m[aã]e|irm[aã]o|irm[aã]|tio|tia|av[oó]|amig[oa]|vizinh[oa]|primo|prima|sogr[oa])\b"
    r"|\b(?:dep[oó]sito|depositaram|depositou|pix\s+recebido|transfer[eê]ncia\s+recebida"
    r"|caiu|entrou)\b"
)
""" "200 do João", "pix do cliente": money that came from someone, maybe received: the tipo
is read from `_INCOMING` or asked, never defaulted to an expense."""
_INCOMING = re.compile(
    r"\b(?:pix|ted|doc|transferencia|deposito|pagamento|grana|dinheiro)\s+(?:\S+\s+){0,2}?"
    r"(?:d[oa]|de)\s+(?:meu\s+|minha\s+)?(?:cliente|empresa|chefe|patrao|[a-z]+)\b"
)
""" "200 do João": money from someone, maybe received — the tipo is asked."""
_CARD_DUE = re.compile(r"\b(?:fatura|cartao)\b(?:(?!\b(?:comprei|parcelei|compra)\b).)*\bvence")
_OVERDUE_BILL = re.compile(
    r"\b(?:venceu|vencid[oa]|em\s+atraso|atrasad[oa])\b.*\b(?:nao|ainda\s+nao)\s+paguei\b"
    r"|\b(?:ainda\s+)?nao\s+paguei\b|\bestá\s+atrasad[oa]|\bta\s+atrasad[oa]"
)
_LOAN = re.compile(r"\bemprest\w*")

_NOISE_PARTS = (
    r"r\$|reais|real|contos?|pilas?",
    r"no\s+cartao(?:\s+de\s+credito)?|cartao(?:\s+de\s+(?:credito|debito))?|no\s+credito",
    r"no\s+debito|no\s+pix|via\s+pix|pix|em\s+dinheiro|dinheiro|boleto|a\s+vista|sem\s+juros",
    rf"no\s+{DEBIT}|no\s+{CREDIT}|cartao\s+de\s+{DEBIT}|cartao\s+de\s+{CREDIT}",
    r"(?:dia\s+)?\d{1,2}/\d{1,2}(?:/\d{2,4})?",
    rf"(?:dia\s+)?\d{{1,2}}\s+de\s+(?:{MONTH_WORDS})|(?:n?o\s+)?dia\s+\d{{1,2}}",
    r"hoje|ontem|anteontem|amanha|depois\s+de\s+amanha",
    r"(?:na\s+|no\s+|nesta\s+|nessa\s+)?(?:segunda|terca|quarta|quinta|sexta|sabado|domingo)"
    r"(?:-feira|\s+feira)?(?:\s+passad[oa]|\s+que\s+vem)?",
    r"(?:semana|mes|ano)\s+(?:que\s+vem|passad[oa])|proxim[oa]\s+(?:semana|mes|ano)",
    r"ha\s+\d+\s+dias|\d+\s+dias\s+atras|(?:em\s+|de\s+)?(?:19|20)\d\d",
    r"de\s+entrada|entrada|o\s+resto|o\s+restante|caiu|entrou|entraram|rendeu",
    # "posso registrar…?", "pode anotar…", "dá pra lançar…": the request, not the item
    r"(?:posso|pode|podes|da\s+pra|consigo)(?=\s+(?:anot|registr|lanc|p[oõ]e|coloc|bot|adicion))"
    r"|anot[ae]\w*|registr[ae]\w*|lanc[ae]r?|p[oõ]e|coloc[ae]|bot[ae]|adicion[ae]|inclu[ia]"
    r"|(?:ai|la)(?=\s|$)|pra\s+mim|por\s+favor|pfv|mais",
    r"(?:ainda\s+)?falta(?:m)?(?:\s+(?:pagar|quitar))?|saldo\s+devedor",
    # "não paguei os 200 da academia": the denial is not part of what the bill is for
    r"(?:ainda\s+)?nao(?=\s+(?:paguei|pagamos|quitei|quitamos)\b)",
)
_NOISE = re.compile(r"\b(?:" + "|".join(_NOISE_PARTS) + r")\b")
"""Phrases cut out of the message to leave its description."""


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
_QUANTITY_LIMIT = 100
_COUNTED = _words("acoes cotas titulos papeis unidades itens")
_WORD = re.compile(r"[\w$]+(?:-[\w]+)*")


def _overlaps(span: tuple[int, int], other: tuple[int, int]) -> bool:
    return span[0] < other[1] and other[0] < span[1]


def _amount_score(folded: str, a: AmountMatch) -> int:
    """3 for an explicit amount; -2 for a quantity (a small bare number before a plural noun:
    "2 camisas", "12 pães"), which is never taken as the value; else 0 ("50 mercado")."""
    if a.explicit:
        return 3
    end = a.span[1]
    nxt = _WORD.match(folded, end + 1) if folded[end : end + 1] == " " else None
    if nxt is not None and nxt.group() in _COUNTED:
        return -2  # "100 ações do Itaú a 34,50": a number of shares, never the amount
    if nxt is None or nxt.group() in _QUANTITY_OK or a.value >= _QUANTITY_LIMIT:
        return 0
    counted = a.value == int(a.value) and not folded[: a.span[0]].endswith(("dia ", "dias "))
    if counted and _PRICED_AFTER.match(folded, end):
        return -2  # "2 passagem de onibus de 4,40": a count of items priced after it
    return -2 if nxt.group().endswith("s") else 0


def _best_amount(folded: str, candidates: list[AmountMatch]) -> AmountMatch | None:
    """Explicit amounts first, then the first plausible bare one; quantities never."""
    best = max(candidates, key=lambda a: _amount_score(folded, a), default=None)
    return best if best is not None and _amount_score(folded, best) >= 0 else None


_EACH_AFTER = re.compile(r"\s*(?:reais\s+|real\s+)?cada\b")
_EACH_BEFORE = re.compile(r"\bcada\s+(?:um|uma)?\s*(?:\w+\s+)?(?:por|de|a|custou|saiu|foi)?\s*$")
_QUANTITY = re.compile(
    rf"\b(?P<n>\d{{1,3}}|{NUMBER_WORD})\s+(?!reais\b|real\b|x\b|vezes\b|parcelas\b|mil\b)[a-z]"
)
_MAX_QUANTITY = 1000
_UNIT_PRICE_MAX = Decimal(1000)
"""'N coisas de X' reads X as a unit price only below this ("2 carros de 50 mil" is unclear)."""


_UNIT_PRICE_BEFORE = re.compile(
    r"\b(?:acoes|cotas|titulos|papeis)\b.{0,30}\s(?:a|por)\s+(?:r\$\s*)?$"
)


_ITEMS = r"(?:[a-z]+s(?:\s+(?!de\b|a\b)[a-z]+){0,2}|[a-z]{3,})(?:\s+(?:de|do|da)\s+[a-z]{3,})?"
"""Items counted: a plural noun with up to two words ("pizzas grandes"), or the colloquial
singular alone ("pizza"), either with its kind ("passagem de onibus")."""
_COUNTED_AT = re.compile(
    # "eu e mais 2 rachamos uma janta de 270", "éramos 3": a headcount, not items
    rf"(?<!dia )(?<!dias )(?<!mais )(?<!eramos )(?<!somos )\b(?P<n>\d{{1,2}}|{NUMBER_WORD})\s+"
    r"(?!(?:reais|real|parcelas?|vezes|vez|mes|meses|anos?|dias?|semanas?|horas?|mil|k|x)\b)"
    + _ITEMS
    + r"\s+(?:de|a)\s+(?:r\$\s*)?$"
)
"""'4 cervejas de 12 reais', 'duas pizzas de 45', '3 camisetas a 25', and the colloquial
singular with its kind ('2 passagem de onibus de 4,40'): N items "of" a price is N times that
price ("2 camisas por 100" is the total, `por` is not read here)."""

_PRICED_AFTER = re.compile(
    r"\s+(?!(?:reais|real|parcelas?|vezes|vez|mes|meses|anos?|dias?|semanas?|horas?|mil|k|x)\b)"
    + _ITEMS
    + r"\s+(?:de|a)\s+(?:r\$\s*)?\d+(?:[.,]\d+)?"
    r"(?=\s*(?:$|[,.;:!?)]|(?:reais|real|conto|contos|cada|no|na|via|pelo|pela|em|hoje|ontem|e"
    r"|pix|cartao|dinheiro|debito|credito|pra|para|com)\b))"
)
"""After a small count, items and their price ("3 pizza de 45"): the count is no amount. The
price ends the phrase ("de 2 meses" is no price)."""


def _quantity(folded: str, price: AmountMatch, *, unit_price: bool = False) -> int | None:
    """N when `price` is a unit price of N items ("3 camisetas de 25 cada", "4 cervejas de 12
    reais"; with `unit_price` also "100 ações do Itaú a 34,50"), else None."""
    counted = _COUNTED_AT.search(folded, 0, price.span[0])
    if counted is not None and price.value < _UNIT_PRICE_MAX:
        token = counted["n"]
        n = int(token) if token.isdigit() else words_value(token)
        if n is not None and 1 < n <= _MAX_QUANTITY:
            return n
    each = _EACH_AFTER.match(folded, price.span[1]) or _EACH_BEFORE.search(folded, 0, price.span[0])
    if each is None and unit_price:
        each = _UNIT_PRICE_BEFORE.search(folded, 0, price.span[0])
    if each is None:
        return None
    for m in _QUANTITY.finditer(folded, 0, price.span[0]):
        token = m["n"]
        n = int(token) if token.isdigit() else words_value(token)
        if n is not None and 1 < n <= _MAX_QUANTITY:
            return n
    return None


_REPAID = re.compile(
    r"\b(?:devolv\w*|me\s+pag\w*|pagar\s+de\s+volta|acert\w*|quitar|me\s+dar\s+de\s+volta)\b"
)


def _repaid_on(text: str, folded: str, today: date) -> date | None:
    """When lent money comes back: a date said after "devolve"/"me paga" ("emprestei 200 pro
    primo, ele devolve dia 10"), else None. The day it was lent ("emprestei ontem") is not the
    due date of the receivable."""
    m = _REPAID.search(folded)
    if m is None:
        return None
    rest = text[m.end() :]
    return resolve_date(rest, today, future=True) or month_only_due(rest, today)


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


def payment_of(text: str) -> PaymentMethod | None:
    """The payment method a message names ("foi no débito"), or None."""
    return _payment(fold(text))


def _payment(folded: str) -> PaymentMethod | None:
    if _CARD_BILL.search(folded):
        folded = re.sub(r"\bcartao(?:\s+de\s+credito)?\b", " ", folded)
    for pattern, method in _PAYMENT:
        if pattern.search(folded):
            return method
    return None


def _is_edge_run(words: list[str], i: int) -> bool:
    nxt = words[i + 1] if i + 1 < len(words) else None
    return nxt is not None and fold(words[i]) in _EDGE_WORDS and fold(nxt) in _EDGE_WORDS


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
    # a cut leaves runs of function words ("depósito de [300] na conta"): keep the last one
    words = [w for i, w in enumerate(words) if not _is_edge_run(words, i)]
    while words and fold(words[0]) in _EDGE_WORDS:
        words.pop(0)
    while words and fold(words[-1]) in _EDGE_WORDS:
        words.pop()
    return " ".join(words)[:80] or None


_SERVICE_CATEGORIES = frozenset({"Moradia", "Contas", "Saúde", "Educação", "Lazer"})
_SERVICE_WORDS = re.compile(
    r"\b(?:ipva|iptu|seguro|imposto|multa|licenciamento|taxa|academia|clube|mensalidade|escola"
    r"|faculdade|curso|condominio|aluguel|plano)\b"
)
_REAL_DEBT = re.compile(
    r"\b(?:emprestimo|financiamento|divida|consignado|cheque\s+especial|cartao|acordo"
    r"|renegociacao|agiota)\b"
)


def _service_bill(text: str, folded: str) -> bool:
    """ "parcela do IPTU", "fatura do plano de saúde", "prestação da escola": the instalment
    or bill of a service or a tax is an ordinary expense (or bill) of its category, not the
    payment of a debt. A loan, a financing or the card still are debts ("parcela do carro")."""
    if _REAL_DEBT.search(folded):
        return False
    if _SERVICE_WORDS.search(folded):
        return True
    match = find_category(text, "despesa", exclude=frozenset({"Dívidas"}))
    return match is not None and match.categoria in _SERVICE_CATEGORIES


def _debt_name(text: str, folded: str) -> str | None:
    """The debt a payment names: "empréstimo do Itaú", "moto" ("parcela da moto"), with the
    payee when the user says whom they paid ("empréstimo (banco)" for "paguei pro banco a
    parcela do empréstimo": naming the bank keeps it from reducing a loan from dad)."""
    if _CARD_BILL.search(folded) and "fatura" not in folded:
        return "fatura do cartão"
    if _service_bill(text, folded):
        return None
    if (m := _DEBT_PAYMENT.search(folded)) is not None:
        group = "debt" if m["debt"] else "thing"
        name = text[m.start(group) : m.end(group)]
        payee = _PAYEE.search(folded)
        if payee is not None and fold(payee["who"]) not in fold(name):
            name = f"{name} ({text[payee.start('who') : payee.end('who')]})"
        return name[:MAX_TEXT]
    if (m := _OWED_TO.search(folded)) is not None:
        group = next(g for g in ("who", "lender", "taken") if m[g])
        return text[m.start(group) : m.end(group)][:MAX_TEXT]
    return None


_CENT = Decimal("0.01")

_PAID_INSTALMENTS = re.compile(
    r"\b(?:paguei|pagamos|quitei|quitamos|adiantei|adiantamos|acertei|acertamos|antecipei"
    r"|paguei\s+mais|ja\s+paguei)\s+(?:(?:mais|as|os|outras|outros|ja)\s+){0,2}"
    rf"(?P<n>\d{{1,2}}|{NUMBER_WORD})\s+(?:parcelas?|prestac(?:ao|oes)|mensalidades?)\s+"
    r"(?:atrasadas?\s+)?"
    # what they are of may come first: "paguei duas parcelas do carro de 1.100 cada"
    r"(?:d[oa]s?\s+(?P<thing>(?!\d)[a-z]+)\s+(?:atrasadas?\s+)?)?"
    r"(?:de|por)\s+(?=(?:r\$\s*)?\d)"
)
_INSTALMENT_OF = re.compile(
    r"\s*(?:reais\s+|real\s+|conto\s+)?(?:cada\s+)?d[oa]s?\s+(?P<thing>(?!\d)\w+)"
)


_AT_ONCE = re.compile(r"\b(?:de\s+uma\s+(?:so\s+)?vez|adiantad[oa]s?|atrasad[oa]s?|juntas)\b")


@dataclass(frozen=True, slots=True)
class _PaidInstalments:
    count: int
    per: AmountMatch
    span: tuple[int, int]
    thing: tuple[int, int] | None
    """Where the message names what the instalments are of ("do celular")."""


def _paid_instalments(folded: str, amounts: list[AmountMatch]) -> _PaidInstalments | None:
    """Several instalments paid now ("paguei 3 parcela de 120", "paguei as 3 parcelas de 120
    do celular", "quitei duas prestações atrasadas de 450"): N × X left the pocket today — not
    a purchase in N instalments still to come (that is "comprei … em 3 parcelas de 120")."""
    m = _PAID_INSTALMENTS.search(folded)
    if m is None:
        return None
    count = int(m["n"]) if m["n"].isdigit() else words_value(m["n"])
    per = next((a for a in amounts if a.span[0] == m.end()), None)
    if count is None or not 1 <= count <= MAX_INSTALMENTS or per is None:
        return None
    of = _INSTALMENT_OF.match(folded, per.span[1])
    thing = m.span("thing") if m["thing"] else of.span("thing") if of is not None else None
    return _PaidInstalments(count, per, (m.start("n"), m.end()), thing)


def _extract(text: str, today: date) -> TransactionDraft:
    folded = fold(text)
    amounts = [a for a in find_amounts(text) if a.value > 0]
    paid = _paid_instalments(folded, amounts)
    inst = find_instalments(folded, amounts) if paid is None else Instalments()
    amounts = [a for a in amounts if not any(_overlaps(a.span, s) for s in inst.spans)]
    down = find_down_payment(folded, amounts)
    discounts = [a for a in amounts if _is_discount(folded, a)]  # never the value (asked)
    main = _best_amount(
        folded,
        [
            a
            for a in amounts
            if a is not inst.per and (down is None or a.span != down.span) and a not in discounts
        ],
    )

    if (own := own_part_at(folded)) is not None:
        # "rachei a conta de 300 com a galera e paguei 75": the user's part is the entry
        main = next((a for a in amounts if a.span[0] == own), main)

    verb_hit = _verb_match(folded)
    verb = verb_hit[0] if verb_hit else None
    tipo: Kind | None = verb.tipo if verb else None
    if tipo is None and _ANSWER_INCOME.match(folded):
        tipo = "receita"
    future = verb.future if verb else False
    new_debt = verb.new_debt if verb else False

    payment = _payment(folded)
    if payment == "credito" and future and _CARD_DUE.search(folded):
        payment = None  # "cartão de 1.300 vence dia 8/12": the card bill, due
    financed = _FINANCING.search(folded) is not None
    if inst.count and inst.count > 1 and payment is None and not financed:
        payment = "credito"

    debt: str | None = None
    if not new_debt and tipo in (None, "despesa"):
        debt = _debt_name(text, folded)

    overdue = _OVERDUE_BILL.search(folded) is not None
    when = resolve_date(text, today, future=future and not overdue)
    if verb is not None and verb.lent:
        when = _repaid_on(text, folded, today)
    if overdue:  # "venceu dia 20 e ainda não paguei": a bill still to pay, due in the past
        tipo, future = "despesa", True
    if when is not None and when > today:
        future = True
    if when is None and future:
        when = month_only_due(text, today)  # "vence em janeiro": the month is kept
    if when is None and not future:
        when = today

    movement = find_movement(folded)
    owing = verb is not None and verb.new_debt and verb.tipo == "despesa"
    if movement is not None and movement.kind == "emprestimo" and owing:
        movement = None  # "devo 3 mil pro meu pai, ele me emprestou": an old debt, no cash now
    if movement is not None and not (future and movement.kind in ("transferencia", "reembolso")):
        drafted = _movement_draft(
            text, folded, movement, amounts, inst, down, main, when, payment, today
        )
        if drafted is not None:
            return drafted

    categoria: str | None
    subcategoria: str | None
    phone_word = False
    if new_debt or debt is not None:
        categoria = "Dívidas"
        subcategoria = (
            "Financiamento" if financed else "Empréstimo" if _LOAN.search(folded) else None
        )
    else:
        match = find_category(text, tipo)
        categoria, subcategoria = (match.categoria, match.subcategoria) if match else (None, None)
        phone_word = match is not None and bool(
            _PHONE.fullmatch(folded[match.span[0] : match.span[1]])
        )
    if (
        (categoria, subcategoria) == ("Compras", "Eletrônicos")
        and main is not None
        and main.value < _PHONE_PLAN_MAX
        and phone_word
        and not _BOUGHT.search(folded)
    ):
        categoria, subcategoria = "Contas", "Celular"  # "celular 45": the phone bill
    if tipo is None and categoria is not None:
        tipo = "receita" if categoria == INCOME_CATEGORY else "despesa"
    if tipo is None and (payment in ("credito", "debito") or (inst.count or 0) > 1):
        tipo = "despesa"  # money is not received on a card, nor in instalments
    if tipo == "receita" and (
        categoria is None or (categoria, subcategoria) == (INCOME_CATEGORY, None)
    ):
        categoria, subcategoria = INCOME_CATEGORY, "Outros"

    cut = [a.span for a in amounts] + list(inst.spans)
    if inst.per is not None:
        cut.append(inst.per.span)
    stated: Decimal | None = main.value if main else None
    final = _final_price(folded, [a for a in amounts if a not in discounts])
    extras = [
        a
        for a in amounts
        if a is not main
        and (_EXTRA_AFTER.match(folded, a.span[1]) or _PLUS_BEFORE.search(folded, 0, a.span[0]))
    ]
    if final is not None:
        stated = final.value  # "tênis de 300, com desconto saiu 250"
    elif main is not None and discounts and not _PAID_BEFORE.search(folded, 0, main.span[0]):
        # "tênis de 300 com 50 de desconto": the price less the discount left the pocket
        stated = main.value - sum((a.value for a in discounts), Decimal(0))
    elif main is not None and extras:
        stated = main.value + sum((a.value for a in extras), Decimal(0))  # "+ 12 de gorjeta"
    if main is not None and (quantity := _quantity(folded, main)) is not None:
        stated = main.value * quantity
        groups = [(a.value, n) for a in amounts if (n := _quantity(folded, a)) is not None]
        if len(groups) > 1:  # "3 camisetas de 50 e 2 bermudas de 80": two priced groups
            stated = sum((value * n for value, n in groups), Decimal(0))
        cut.extend(m.span() for m in re.finditer(r"\bcada(?:\s+uma?)?\b", folded))
    if paid is not None:
        # "paguei as 3 parcelas de 120 do celular": three instalments paid now, R$ 360
        stated = paid.per.value * paid.count
        # the instalments stay in the description: "(3 parcelas)" says what was paid
        cut.extend(m.span() for m in _AT_ONCE.finditer(folded))
        if paid.thing is not None and debt is None and not _SERVICE_WORDS.search(folded):
            debt = text[paid.thing[0] : paid.thing[1]]
            categoria, subcategoria = "Dívidas", None
    if stated is not None and (share := find_share(folded)) is not None:
        # "minha mãe gastou 600 no mercado e eu paguei metade": the user's part left the pocket
        stated = (stated * share.part.numerator / share.part.denominator).quantize(_CENT)
    descricao = _description(text, folded, cut)
    if tipo is None and main is not None and _INCOMING.search(folded):
        tipo = "receita"  # "pix de 300 do cliente"
        categoria, subcategoria = INCOME_CATEGORY, "Outros"
    if tipo is None and descricao and main is not None and not _FROM_SOMEONE.search(text):
        tipo = "despesa"  # "diarista 180": something paid for; money in says where from

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
        "emprestado": verb is not None and verb.lent,
    }
    if down is not None and (mentions_remainder(folded) or inst.count or financed):
        purchase = find_category(text, "despesa", exclude=frozenset({"Dívidas"}))
        fields["categoria"] = purchase.categoria if purchase else None
        fields["subcategoria"] = purchase.subcategoria if purchase else None
        return compound_draft(fields, stated, down.value, inst, financed)
    return TransactionDraft(valor=valor, parcelas=inst.count, **fields)


def _said(text: str, span: tuple[int, int] | None) -> str | None:
    return text[span[0] : span[1]] if span is not None else None


_MIN_PROPERTY = Decimal(1000)
"""Below this a "carro"/"casa" is a toy or a payment, not an asset ("carrinho de 150")."""


def _movement_draft(
    text: str,
    folded: str,
    movement: Movement,
    amounts: list[AmountMatch],
    inst: Any,
    down: AmountMatch | None,
    main: AmountMatch | None,
    when: date | None,
    payment: PaymentMethod | None,
    today: date,
) -> TransactionDraft | None:
    """The draft of a transfer, asset purchase, loan or refund; None when it is not one after
    all (a "carro" of R$ 150 is a purchase of a toy)."""
    cut = [a.span for a in amounts] + list(inst.spans)
    cut += [m.span() for m in MOVEMENT_WORDS.finditer(folded)]
    if movement.span is not None and movement.kind == "transferencia":
        cut.append(movement.span)
    descricao = _description(text, folded, cut)
    rest = [a for a in amounts if (down is None or a.span != down.span) and a is not inst.per]
    chosen = _best_amount(folded, rest) if rest else main
    valor = chosen.value if chosen else None
    if chosen is not None and (quantity := _quantity(folded, chosen, unit_price=True)):
        valor = chosen.value * quantity
    if valor is None and inst.per is not None and inst.count:
        valor = inst.per.value * inst.count + (down.value if down else Decimal(0))
    base: dict[str, Any] = {"valor": valor, "data": when, "descricao": descricao}
    match movement.kind:
        case "transferencia":
            origin, destination = movement.accounts(text)
            return TransactionDraft(
                **base,
                transferencia=True,
                conta_origem=origin,
                conta_destino=destination,
                forma_pagamento=payment if payment in ("pix", "dinheiro") else None,
            )
        case "ativo":
            if movement.asset != "investimento" and valor is not None and valor < _MIN_PROPERTY:
                return None
            entrada = (
                down.value
                if down is not None and valor is not None and valor > down.value
                else None
            )
            parcelas = inst.count if inst.count and inst.count > 1 else None
            return TransactionDraft(
                **{**base, "descricao": _said(text, movement.span) or descricao},
                tipo="despesa",
                ativo=movement.asset,
                entrada=entrada,
                parcelas=parcelas,
                forma_pagamento=payment if parcelas is None else None,
            )
        case "emprestimo":
            if when is not None and when > today:
                base["data"] = today  # "pago mês que vem": the repayment, not the loan, is later
            return TransactionDraft(
                **base,
                tipo="receita",
                nova_divida=True,
                categoria="Dívidas",
                subcategoria="Empréstimo",
                parcelas=inst.count if inst.count and inst.count > 1 else None,
            )
        case "reembolso":
            return TransactionDraft(
                **base,
                tipo="receita",
                reembolso=True,
                categoria=INCOME_CATEGORY,
                subcategoria="Reembolso",
                forma_pagamento=payment if payment != "credito" else None,
            )
    return None


_FINAL_BEFORE = re.compile(
    r"\b(?:saiu\s+(?:por|a|em)?|ficou\s+(?:em|por)?|no\s+total|total\s+de|deu|no\s+final"
    r"|pagando|paguei\s+s[oó]|com\s+desconto(?:\s+\w+){0,2})\s*(?:r\$\s*)?$"
)
_DISCOUNT_AFTER = re.compile(r"\s*(?:reais\s+|real\s+)?(?:de\s+)?desconto\b")
_DISCOUNT_BEFORE = re.compile(r"\bdesconto\s+(?:de\s+)?(?:r\$\s*)?$")
_PAID_BEFORE = re.compile(
    r"\b(?:paguei|pagamos|pago|gastei|gastamos|saiu|ficou|deu|foi)\s+(?:\w+\s+){0,2}?(?:r\$\s*)?$"
)


def _is_discount(folded: str, a: AmountMatch) -> bool:
    """ "10 de desconto", "desconto de 10": money not paid, never the value nor an income."""
    return bool(
        _DISCOUNT_AFTER.match(folded, a.span[1]) or _DISCOUNT_BEFORE.search(folded, 0, a.span[0])
    )


_EXTRA_AFTER = re.compile(
    r"\s*(?:reais\s+)?(?:de|da|do)\s+(?:gorjeta|taxa(?:\s+de\s+\w+)?|frete|entrega|servico"
    r"|couvert|juros|multa)\b"
)
_PLUS_BEFORE = re.compile(r"\+\s*(?:r\$\s*)?$")
"""Just before an amount: "lanche 12+8" adds it to the purchase (the 8 was dropped)."""
_ONE_PRICE = re.compile(
    r"\b(?:desconto|saiu\s+(?:por|a|em)|ficou\s+(?:em|por)|no\s+total|total\s+de|com\s+juros"
    r"|no\s+final|gorjeta|frete|taxa\s+de\s+entrega|couvert)\b"
)
"""A price with its final value or its extras is one purchase, never a list."""


def _final_price(folded: str, amounts: list[AmountMatch]) -> AmountMatch | None:
    """The amount said as what was finally paid ("saiu por 250", "no total 132")."""
    finals = [a for a in amounts if _FINAL_BEFORE.search(folded, 0, a.span[0])]
    return finals[-1] if finals and len(amounts) > 1 else None


_SEPARATOR = re.compile(r"\s+e\s+|\s*[,;+]\s*|\s+mais\s+")


def _segments(text: str) -> list[str] | None:
    """A list of transactions ("50 no mercado e 30 na farmácia") cut one amount per segment.

    Separators inside an amount ("mil e quinhentos") do not cut; segments without an amount
    ("ontem") stay with the previous one. None unless there are 2+ segments, each with exactly
    one plausible amount (a quantity like "2 camisas" makes the message a single purchase).
    """
    folded = fold(text)
    amounts = [a for a in find_amounts(text) if a.value > 0]
    if len(amounts) < 2 or any(_amount_score(folded, a) < 0 for a in amounts):
        return None
    if _ONE_PRICE.search(folded):
        return None
    if "+" in folded and not _items_added(text):
        return None  # "lanche 12+8": one purchase's parts
    bounds: list[list[int]] = []
    start = 0
    for m in _SEPARATOR.finditer(folded):
        if any(_overlaps(m.span(), a.span) for a in amounts):
            continue
        bounds.append([start, m.start()])
        start = m.end()
    bounds.append([start, len(text)])
    groups: list[list[int]] = []
    for begin, end in bounds:
        count = sum(1 for a in amounts if begin <= a.span[0] < end)
        if count > 1:
            return _by_amount(text, amounts) if len(bounds) == 1 else None
        if count == 0 and groups:
            groups[-1][1] = end
        elif count == 1:
            groups.append([begin, end])
        # else: leading words ("gastei, ontem,") go with the first segment (below)
    if len(groups) < 2:
        return _by_amount(text, amounts)
    groups[0][0] = 0
    return [text[begin:end] for begin, end in groups]


def _items_added(text: str) -> bool:
    """ "aluguel de 1.500 + condomínio de 600": a "+" between items of different categories is a
    list (the 600 was lost); between parts of one purchase ("lanche 12+8") it is not."""
    found = [find_category(piece) for piece in text.split("+")]
    named = {f.subcategoria for f in found if f is not None}
    return None not in found and len(named) == len(found)


def _by_amount(text: str, amounts: list[AmountMatch]) -> list[str] | None:
    """ "netflix 55,90 spotify 21,90": no separator, each item named then priced. Cut after
    each amount; every piece must name a category (else it is one purchase)."""
    cuts = [a.span[1] for a in amounts[:-1]]
    pieces = [text[a:b] for a, b in zip([0, *cuts], [*cuts, len(text)], strict=True)]
    if all(find_category(piece) is not None for piece in pieces):
        return pieces
    return None


def _split_list(text: str, today: date, whole: TransactionDraft) -> TransactionDraft | None:
    """Several transactions in one message, as operations; None if it is a single one.

    A segment without its own verb inherits the message's tipo and tense ("vou pagar 100 de luz
    e 200 de água dia 10"); a segment without its own date inherits the message's date.
    """
    if whole.operacoes or whole.ativo is not None:
        return None  # a compound purchase, or an asset bought with entrada + instalments
    pieces = _segments(text)
    if pieces is None:
        return None
    moved = [
        piece
        for piece in pieces
        if not is_balance(fold(piece).strip())
        and third_party_payer(fold(piece).strip()) is None
        and negated_act(piece) is None
    ]
    if len(moved) < len(pieces):
        # "tenho 500 na conta e paguei 100 de luz", "meu pai pagou 200 e eu paguei 100 da luz",
        # "não gastei 50, gastei 80 no mercado": a balance, someone else's payment or a denied
        # act is no row of the user's
        if len(moved) != 1:
            return None if not moved else _split_list(" e ".join(moved), today, whole)
        return _extract(moved[0], today)
    operations: list[TransactionDraft] = []
    own_verb: list[bool] = []
    for piece in pieces:
        draft = _extract(piece, today)
        if draft.operacoes:
            return None
        hit = _verb_match(fold(piece))
        own_verb.append(hit is not None and hit[0].strong)
        update: dict[str, Any] = {}
        if hit is None or not hit[0].strong:
            update["tipo"] = draft.tipo or whole.tipo
            update["conta_futura"] = whole.conta_futura
            if update["tipo"] == "receita" and draft.categoria != INCOME_CATEGORY:
                update["categoria"], update["subcategoria"] = INCOME_CATEGORY, "Outros"
        future = update.get("conta_futura", draft.conta_futura)
        own_date = resolve_date(piece, today, future=future)
        update["data"] = own_date if own_date is not None else whole.data
        if operations and draft.categoria is None and draft.descricao is None:
            # "uber 23,50 ontem e 18 hoje": a bare amount continues the item before it
            before = operations[-1]
            if before.tipo == update.get("tipo", draft.tipo):
                update |= {"categoria": before.categoria, "subcategoria": before.subcategoria,
                           "descricao": before.descricao}  # fmt: skip
        operations.append(TransactionDraft(**{**draft.model_dump(), **update}))
    named = {op.forma_pagamento for op in operations if op.forma_pagamento is not None}
    naming = [i for i, op in enumerate(operations) if op.forma_pagamento is not None]
    shared = naming == [len(operations) - 1] and operations[-1].tipo == "despesa"
    if shared and not own_verb[-1] and len(named) == 1 and named == {_payment(fold(text))}:
        # "netflix 55,90 e spotify 21,90 no crédito": one method said once at the end of a
        # list of expenses is everyone's; "gastei 80 no mercado e recebi 100 de pix" is not:
        # a clause with its own verb (or an income) keeps its method to itself
        method = named.pop()
        operations = [
            op
            if op.forma_pagamento is not None or op.tipo != "despesa"
            else op.model_copy(
                update={"forma_pagamento": method, "cartao_credito": method == "credito"}
            )
            for op in operations
        ]
    values = [op.valor for op in operations]
    kinds = {op.tipo for op in operations}
    return TransactionDraft(
        valor=sum((v for v in values if v is not None), Decimal(0)) if None not in values else None,
        tipo=kinds.pop() if len(kinds) == 1 else None,
        data=whole.data,
        conta_futura=whole.conta_futura,
        operacoes=operations,
    )


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
        if own_part_at(fold(text)) is not None:
            return draft  # one entry: the user's part of a split bill, not each amount said
        return _split_list(text, today, draft) or draft
    return merge_answer(history_hint, draft, text, today)
