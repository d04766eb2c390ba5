"""Money that moves without being spent or earned (issue 19): transfers between the user's own
accounts, asset purchases, loans taken and refunds.

A finance professional books these apart from income and spending, and so does the ledger:

- **transfer** — "transferi 500 pra poupança", "guardei 300 na reserva", "mandei 1000 pra
  conta do Inter", "resgatei 2 mil da poupança", "saquei 200": the money stays the user's
  (net worth unchanged). Only the user's own accounts count: a bank name, "minha conta",
  "outra conta", poupança, corretora, reserva, caixinha/cofrinho; "pix pro João" or "conta da
  minha mãe" is a payment, not a transfer;
- **asset purchase** — "comprei um apartamento", "financiei um carro", "investi 2 mil no
  tesouro", "apliquei 500 em CDB": the cash becomes something owned (imóvel, veículo,
  investimento), not consumption. Poupança is an account here, not an investment purchase;
- **loan** — "peguei 10 mil emprestado", "caiu o empréstimo de 5 mil": cash in AND a debt;
- **refund** — "estorno de 80 da Renner", "me reembolsaram 120", "recebi a devolução": money
  back (the Lançador reverses the original purchase when it finds it).

Functions of the folded text (`text.fold`, same length as the NFC text): pure and fast.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from .draft import AssetKind
from .money import find_amounts

__all__ = ["MOVEMENT_WORDS", "Movement", "find_movement", "is_balance"]

MovementKind = Literal["transferencia", "ativo", "emprestimo", "reembolso"]

_BANKS = (
    r"inter|nubank|nu|itau|bradesco|santander|caixa|bb|banco do brasil|c6|c6 bank|picpay"
    r"|mercado pago|pagbank|pagseguro|neon|next|original|btg|xp|rico|clear|nuinvest|sicoob"
    r"|sicredi|will|iti|sofisa|modal|genial|banrisul|safra|pan|digio|agibank|99pay|ame"
)
_OF_THE_APP = (
    r"(?:\s+d[oa]\s+(?:minha\s+|meu\s+|nossa\s+)?(?:app|aplicativo|banco|conta)"
    r"(?:\s+d[oa]\s+(?:app|banco|\w+))?)?"
)
"""'o cofrinho do app do banco', 'a caixinha do aplicativo', 'a caixinha da minha conta': still
the user's own savings."""
_ACCOUNT_NAME = (
    rf"(?:(?:minha|meu|nossa|a|o)\s+)?(?:"
    rf"poupanca(?:\s+d[oa]\s+(?:{_BANKS}))?"
    r"|corretora(?:\s+\w+)?"
    r"|reserva(?:\s+de\s+emergencia)?"
    rf"|(?:caixinha|cofrinho|porquinho)(?:\s+d[oa]\s+(?:{_BANKS}))?{_OF_THE_APP}"
    r"|carteira\s+digital"
    rf"|conta\s+(?:d[oa]|n[oa])\s+(?:{_BANKS})|d[oa]\s+(?:{_BANKS})(?=\W*$)"
    r"|conta\s+(?:corrente|poupanca|conjunta|salario|digital|investimento|pj|principal)"
    r"|(?:outra|minha|nossa)\s+conta(?:\s+(?:d[oa]|n[oa])\s+\w+)?"
    rf"|(?:{_BANKS})"
    r")"
)
_TO_VERB = (
    r"transferi|transferimos|passei|mandei|movi|movimentei|joguei|guardei|coloquei|botei"
    r"|deposito|depositei|transferencia|pix\s+pra\s+mim"
    r"|depositei|separei|enviei|mudei|fiz\s+(?:um\s+)?(?:pix|ted|doc|transferencia)|pix"
    r"|transferencia|reservei|poupei"
)
_FROM_VERB = (
    r"resgatei|saquei|tirei|retirei|puxei|transferi|passei|mandei|movi|resgate"
    r"|pix|ted|fiz\s+um\s+pix"
)
_REDEEMED = re.compile(
    r"\b(?:resgatei|resgate|saquei|vendi|tirei)\s+(?:\S+\s+){0,4}?(?:d[oa]s?|de|no|na)\s+"
    r"(?:meu\s+|minha\s+|meus\s+|minhas\s+)?(?P<from>cdb|lci|lca|tesouro(?:\s+\w+)?|fundo|acoes"
    r"|investimentos?|aplicac(?:ao|oes)|previdencia|cripto)\b"
)
_TO_ACCOUNT = re.compile(
    rf"\b(?:{_TO_VERB})\b(?:\s+\S+){{0,7}}?\s+(?:pra|para|pro|p/|na|no|em|pela|pelo)\s+"
    rf"(?P<to>{_ACCOUNT_NAME})(?!\w)(?!\s+d[oa]\s+(?!(?:{_BANKS})\b)\w)"
)
_FROM_ACCOUNT = re.compile(
    rf"\b(?:{_FROM_VERB})\b(?:\s+\S+){{0,7}}?\s+(?:da|do|de)\s+(?P<from>{_ACCOUNT_NAME})(?!\w)"
)
_ANY_TO = re.compile(rf"\s(?:pra|para|pro|p/|na|no)\s+(?P<to>{_ACCOUNT_NAME})(?!\w)")
_WITHDRAWAL = re.compile(
    r"\b(?:saquei|fiz\s+um\s+saque|saque\s+de"
    r"|(?:tirei|retirei|puxei)\s+(?:\S+\s+){1,2}?n[oa]\s+(?:caixa|banco\s+24|24\s*h))\b"
)
_CASH_DEPOSIT = re.compile(
    r"\bdepositei\b(?:\s+\S+){0,5}?\s+n[ao]\s+(?:minha\s+)?conta\b(?!\s+d[oa]\s)"
)
_PEOPLE_AFTER = re.compile(r"\s+(?:d[oa]|de)\s+(?:minha|meu|\w+a\b|joao|maria)")

_INVESTMENT = (
    r"cdb|lci|lca|cri|cra|lc|tesouro(?:\s+(?:direto|selic|ipca\+?|prefixado|renda\+?))?"
    r"|acoes|acao|fii|fiis|fundos?(?:\s+(?:imobiliarios?|de\s+investimentos?|di))?|bitcoin"
    r"|btc|cripto\w*|ethereum|debentures?|previdencia(?:\s+privada)?|pgbl|vgbl|etfs?"
    r"|[a-z]{4}\d{1,2}|renda\s+fixa|renda\s+variavel|titulos?(?:\s+publicos?)?|coe"
)
_INVEST_VERB = re.compile(
    r"\b(?:investi|investimos|apliquei|aplicamos|aportei|fiz\s+um\s+aporte)\b"
)
_INVEST_TARGET = re.compile(
    rf"\b(?:investi|investimos|apliquei|aplicamos|aportei|aporte|comprei|compramos|coloquei"
    rf"|botei|coloquei)\b(?:\s+\S+){{0,6}}?\s+(?:em|no|na|nos|nas|de|do|da|num|numa)\s+"
    rf"(?:um\s+|uma\s+|o\s+|a\s+)?(?P<what>{_INVESTMENT})\b"
)
_INVEST_OBJECT = re.compile(
    rf"\b(?:comprei|compramos|investi|apliquei)\s+(?:\S+\s+){{0,2}}?"
    rf"(?P<what>acoes|cotas|(?:{_INVESTMENT}))\b"
)
_CAR_MODELS = (
    "hb20|onix|gol|palio|uno|corolla|civic|kwid|argo|t-cross|creta|compass|renegade|hilux"
    "|strada|sandero|fiesta|celta|prisma|cruze|tracker|hr-v|hrv|yaris|etios|voyage|saveiro"
    "|virtus|nivus|kicks|versa|duster|logan|captur|ecosport|s10|cobalt|fusca|siena|cg|xre"
    "|pcx|nmax|titan|bros"
)
"""Popular car and motorcycle models: "comprei um hb20 usado por 55 mil" is a vehicle."""
_REAL_ASSET = re.compile(
    r"\b(?:comprei|compramos|financiei|financiamos|adquiri|quitei\s+a\s+compra\s+d[oa]"
    r"|entrada(?:\s+de\s+\S+(?:\s+mil)?)?\s+(?:n[oa]|num|numa|em|d[oa]|pr[oa])"
    r"|fechei\s+a\s+compra\s+d(?:[oa]|e))"
    r"\s+(?:(?:um|uma|o|a|meu|minha|nosso|nossa|novo|nova|primeiro|primeira|seu|sua)\s+){0,3}"
    r"(?P<what>apartamento|apto|ape|casa|imovel|terreno|lote|sala\s+comercial|kitnet|chacara"
    r"|sitio|fazenda|carro|moto|motocicleta|veiculo|caminhonete|caminhao|picape|suv"
    rf"|{_CAR_MODELS})\b"
)
_PURPOSE = re.compile(r"\b(?:pra|para|p/)\s+(?:\S+\s+){0,3}$")
"""The asset is what a loan is for ("… pra dar entrada no carro"), not what was bought."""
_VEHICLES = frozenset({"carro", "moto", "motocicleta", "veiculo", "caminhonete", "caminhao",
                       "picape", "suv", *_CAR_MODELS.split("|")})  # fmt: skip

_LOAN = re.compile(
    r"\b(?:peguei|pegei|tomei|pedi|contratei|fiz|consegui|peguei\s+um|saquei\s+o)\s+(?:\S+\s+){0,4}?"
    r"(?:emprestad[oa]|emprestimo|consignado)\b"
    rf"|\b(?:peguei|pegei|tomei)\s+(?:\S+\s+){{1,3}}?(?:n[oa]|com\s+[oa]|d[oa])\s+"
    rf"(?:{_BANKS}|banco|financeira|agiota)\b"
    r"|\bme\s+emprest(?:ou|aram)\b|\bemprest(?:ou|aram)\s+(?:\S+\s+){0,3}?(?:pra|para)\s+mim\b"
    r"|\bme\s+(?:adiantou|adiantaram|passou|passaram|deu|deram|mandou|mandaram|arrumou"
    r"|arrumaram)\s+(?:\S+\s+){0,3}?emprestad[oa]\b"
    r"|\bpeguei\s+(?:\S+\s+){1,3}?com\s+(?:o\s+|a\s+|meu\s+|minha\s+)(?:pai|mae|irmao|irma|tio|tia"
    r"|primo|prima|amigo|amiga|sogro|sogra|chefe|vo|avo|cunhado|cunhada|[a-z]+)\b(?!.*\bpaguei)"
    r"|\b(?:caiu|cairam|entrou|entraram|liberaram|liberou|aprovaram|recebi|saiu)\s+(?:\S+\s+){0,5}?"
    r"(?:emprestimo|consignado|credito\s+pessoal)\b"
    rf"|\b(?:financeira|banco|{_BANKS})\s+(?:me\s+)?(?:liberou|liberaram|emprestou|aprovou)\b"
    r"|\b(?:peguei|pegei|tomei|contratei|fiz)\s+(?:\S+\s+){0,4}?credito\s+(?:pessoal|consignado)\b"
    r"|\bemprestimo\s+(?:\S+\s+){0,3}?(?:caiu|entrou|foi\s+liberado|saiu)\b"
    r"|^(?:\W*(?:um|o|novo)\s+)?(?:emprestimo|consignado|credito\s+pessoal)(?:\s+(?!de\b)\w+){0,3}"
    r"\s+de\s+(?:r\$\s*)?\d"
    # the loan as what a record request names ("peguei, registra o empréstimo de 8 mil", "anota
    # aí o consignado de 12 mil"): the loan taken, not a payment (that says "parcela", "paguei")
    r"|\b(?:(?:registr|anot|lanc|coloc|bot|salv|marc|adicion|inclu)\w*|poe)\s+(?:ai\s+|la\s+)?"
    r"(?:(?:o|um|meu|esse|novo|aquele)\s+)?(?:emprestimo|consignado|credito\s+pessoal)"
    r"(?:\s+(?!de\b)\w+){0,3}\s+de\s+(?:r\$\s*)?\d"
    r"|\b(?:peguei|pegei|tomei|contratei|fechei)\s*[,.!;]\s*(?:\S+\s+){0,4}?"
    r"(?:emprestimo|emprestad[oa]|consignado)\b"
)
"""The last line: a loan named as a note, "empréstimo pessoal de 5.000" (the payment of one
says so: "parcela", "paguei", `_NOT_LOAN`)."""
_NOT_LOAN = re.compile(
    r"\b(?:parcela|prestacao|paguei|pagamos|quitei|amortizei|pagar|emprestei|devolvi)\b"
)

_SAVINGS = re.compile(
    r"\b(?:apliquei|investi|aportei|coloquei|aporte\s+de)\b(?:\s+\S+){0,5}?\s+(?:n[ao]|em)\s+"
    r"(?:minha\s+)?(?P<to>poupanca|corretora)\b"
)
"""Poupança is an account, and so is a brokerage account: money put there is a transfer, even
"aplicado"/"aportei" (what it buys there, when named, is the investment: "aportei 1.000 em CDB
na corretora")."""
_REFUND = re.compile(
    r"\b(?:estorn\w*|estrono|extorn\w*|reembols\w*|ressarci\w*|devolucao|devolveram|devolveu"
    r"|me\s+devolv\w*|dinheiro\s+de\s+volta|voltou|voltaram|cashback|chargeback"
    # "de volta" is money back ("recebi 50 de volta"), not a ride back ("o uber de volta pra
    # casa", "a passagem de volta"): a trip is spending
    r"|(?<!uber\s)(?<!taxi\s)(?<!\b99\s)(?<!corrida\s)(?<!viagem\s)(?<!passagem\s)(?<!voo\s)"
    r"(?<!onibus\s)(?<!carona\s)(?<!busao\s)(?<!trem\s)(?<!metro\s)(?<!caminho\s)"
    r"(?<!corridinha\s)(?<!uberzinho\s)(?<!volta\s)"
    r"de\s+volta(?!\s+(?:pra|para|pro|p/|ao|a)\b)"
    r"|restituicao)\b"
)
_NOT_REFUND = re.compile(r"\b(?:vou\s+devolver|tenho\s+que\s+devolver|devolver)\b")
"""Giving money back ("devolvi 500 pro meu pai") is a payment; money coming back is a refund."""


@dataclass(frozen=True, slots=True)
class Movement:
    """What kind of non-spending movement a message describes, with its details."""

    kind: MovementKind
    asset: AssetKind | None = None
    origin: str | None = None
    destination: str | None = None
    what: str | None = None
    """The asset's or account's words as written (folded): "apartamento", "cdb"."""
    span: tuple[int, int] | None = None
    """Where those words are (to cut them out of the description)."""
    origin_span: tuple[int, int] | None = None
    destination_span: tuple[int, int] | None = None

    def accounts(self, text: str) -> tuple[str | None, str | None]:
        """(origin, destination) as the user wrote them (`text` is the NFC message)."""
        return _said(text, self.origin_span, self.origin), _said(
            text, self.destination_span, self.destination
        )


def _said(text: str, span: tuple[int, int] | None, fallback: str | None) -> str | None:
    if span is None:
        return fallback
    return re.sub(r"^(?:minha|meu|nossa|a|o|da|do)\s+", "", text[span[0] : span[1]], flags=re.I)


def _clean_account(name: str) -> str:
    return re.sub(r"^(?:minha|meu|nossa|a|o|da|do)\s+", "", name).strip()


def find_movement(folded: str) -> Movement | None:
    """The movement in a folded message, or None for plain income/spending."""
    lent = _LOAN.search(folded) is not None and not _NOT_LOAN.search(folded)
    if (m := _REAL_ASSET.search(folded)) is not None and not (
        lent and _PURPOSE.search(folded, 0, m.start("what"))
    ):  # "me emprestaram 5 mil pra dar entrada no carro" is the loan
        what = m["what"]
        kind: AssetKind = "veiculo" if what in _VEHICLES else "imovel"
        return Movement("ativo", asset=kind, what=what, span=m.span("what"))
    for pattern in (_INVEST_TARGET, _INVEST_OBJECT):
        if (m := pattern.search(folded)) is not None and "poupanca" not in m.group():
            return Movement("ativo", asset="investimento", what=m["what"], span=m.span("what"))
    transfer = _transfer(folded)
    if transfer is not None:
        return transfer
    if (m := _SAVINGS.search(folded)) is not None:
        destination = "poupança" if m["to"] == "poupanca" else m["to"]
        return Movement("transferencia", destination=destination, span=m.span("to"))
    if _INVEST_VERB.search(folded):
        return Movement("ativo", asset="investimento")
    if _LOAN.search(folded) and not _NOT_LOAN.search(folded):
        return Movement("emprestimo")
    if _REFUND.search(folded) and not _NOT_REFUND.search(folded):
        return Movement("reembolso")
    return None


def _transfer(folded: str) -> Movement | None:
    to_match = _TO_ACCOUNT.search(folded)
    m = _FROM_ACCOUNT.search(folded)
    if m is not None and to_match is not None and m.start("from") >= to_match.start("to"):
        m = None  # "pra conta do Inter": the "do" belongs to the destination
    if m is not None:
        to = _ANY_TO.search(folded, m.end())
        return Movement(
            "transferencia",
            origin=_clean_account(m["from"]),
            destination=_clean_account(to["to"]) if to else None,
            span=m.span("from"),
            origin_span=m.span("from"),
            destination_span=to.span("to") if to else None,
        )
    if (m := to_match) is not None:
        if _PEOPLE_AFTER.match(folded, m.end("to")):
            return None
        return Movement(
            "transferencia",
            destination=_clean_account(m["to"]),
            span=m.span("to"),
            destination_span=m.span("to"),
        )
    if (m := _REDEEMED.search(folded)) is not None:
        return Movement("transferencia", origin=m["from"], span=m.span("from"))
    if _WITHDRAWAL.search(folded):
        return Movement("transferencia", destination="dinheiro")
    if _CASH_DEPOSIT.search(folded):
        return Movement("transferencia", origin="dinheiro", destination="conta")
    return None


MOVEMENT_WORDS = re.compile(
    rf"\b(?:{_TO_VERB}|{_FROM_VERB}|investi|investimos|apliquei|aplicamos|aportei|aporte"
    r"|peguei|pegei|tomei|emprestad[oa]|estornaram|estornou|estorno|reembolsaram|reembolsou"
    r"|me\s+devolveram|me\s+devolveu|devolveram|devolveu|reembolso|caiu|entrou|voltou"
    r"|dinheiro\s+de\s+volta|de\s+volta|no\s+caixa(?:\s+eletronico)?|caixa\s+eletronico"
    r"|comprei|compramos|financiei|financiamos|adquiri|dei|o\s+resto|em\s+dinheiro)\b"
)
"""Verbs and fixed phrases of a movement, cut out of its description."""


_BALANCE = re.compile(
    r"^(?:(?:eu|hoje|hj|atualmente|agora|ja|so|apenas|ai|e)\s+)*(?:tenho|to\s+com|tou\s+com|estou\s+com"
    r"|fiquei\s+com|sobrou|sobraram)\s+(?:uns\s+|umas\s+|cerca\s+de\s+|quase\s+|mais\s+de\s+)?"
    r"(?:r\$\s*)?\d[\d.,]*\s*(?:mil|k|reais|conto)?\s+(?:\w+\s+){0,2}?"
    r"(?:guardad\w*|investid\w*|aplicad\w*|parad[oa]s?|de\s+saldo|em\s+conta|na\s+conta"
    r"|no\s+banco|na\s+(?:poupanca|corretora|caixinha|reserva)|no\s+(?:cdb|tesouro|fundo)"
    r"|em\s+(?:cdb|lci|lca|acoes|fundos?|tesouro|investimentos?))\b"
    # "meu saldo na conta é 1.200", "o saldo da poupança tá em 3 mil", "minha reserva tá em 10
    # mil", "minha poupança tá com 4 mil"
    r"|^(?:o\s+|a\s+)?(?:meu|minha|o|a)\s+(?:saldo|reserva|poupanca|caixinha|conta\s+corrente"
    # "a conta do bar deu 210" is a bill; "a conta do nubank tá com 800" an account
    r"|conta(?!\s+d[oa]s?\s+(?!banco|nubank|itau|bradesco|santander|caixa|inter|c6|bb|picpay"
    r"|mercado\s+pago|sicredi|sicoob|btg|xp|neon|next|pan|original)\w+))\b"
    r"(?:\s+\w+){0,4}?\s+(?:e|eh|ta|esta|fica|ficou|deu)\s+"
    r"(?:de\s+|em\s+|com\s+)?(?:uns\s+|quase\s+)?(?:r\$\s*)?\d"
)
_STANDING = re.compile(
    r"^(?:o\s+|a\s+)?(?:meu|minha)\s+(?:fatura|limite|divida)\b(?:\s+\w+){0,4}?\s+"
    r"(?:ta|esta|anda)\s+(?:em\s+|com\s+)(?:uns\s+|umas\s+|quase\s+)?(?:r\$\s*)?\d"
)
"""Where a card bill, a limit or a debt stands ("minha fatura do cartão tá em 2.300", "meu
limite tá em 8 mil"): a figure stated, no money moved; not with a due date ("vence dia 10")."""
_OWED = re.compile(r"\b(?:receber|pagar|devendo|divida|fatura|boleto|emprestimo|financiamento)\b")
"""What the user has, not what moved ("tenho 20 mil na poupança", "tô com 500 na conta"): a
balance, never an expense nor an income (issue 19). Not an amount owed or to receive ("tenho
800 pra receber da Ana", "tenho 300 pra pagar de luz"), nor a question ("tenho 3 mil
guardados, onde invisto?")."""
_MOVED = re.compile(
    r"\b(?:paguei|pagei|pagamos|gastei|gastamos|comprei|compramos|recebi|recebemos|ganhei"
    r"|transferi|depositei|saquei|guardei|investi|apliquei|torrei|mandei|caiu|entrou)\b"
)


_AFTER = re.compile(r"\b(?:depois\s+(?:de|do|da|dos|das|que)|apos|pos)\b")
"""What happened before the balance ("fiquei com 300 na conta depois de pagar o aluguel"): the
clause dates the balance, its payment is not an amount owed nor this balance's movement."""


_BALANCE_CLAUSE = re.compile(
    r"\b(?:(?:fiquei|fico|to|tou|estou)\s+(?:so\s+|apenas\s+|ainda\s+)?com|sobr(?:ou|aram)"
    r"|rest(?:ou|aram)|fic(?:ou|aram)|(?:agora\s+|ainda\s+)tenho)\s+"
    r"(?:so\s+|apenas\s+|uns\s+|umas\s+|quase\s+)*(?:r\$\s*)?(?P<amount>\d[\d.,]*"
    r"(?:\s*(?:mil|k|reais|conto|pila))?)\s+(?:\w+\s+){0,2}?"
    r"(?:na\s+conta|no\s+banco|em\s+conta|de\s+saldo|no\s+bolso|na\s+carteira"
    r"|d[oa]\s+(?:salario|pagamento|mes|mesada))\b"
)
"""A balance (or what is left of the month's money) said anywhere in the message ("paguei o
aluguel e fiquei com 300 na conta", "depois do mercado sobrou 150 na conta", "paguei a luz,
agora tenho 450 na conta", "sobrou 300 do salário")."""


def _only_balances(folded: str) -> bool:
    """Every amount of the message is a balance it states: the payment it mentions has no
    amount of its own, so nothing can be recorded (the balance is not what was paid)."""
    clauses = [m.span("amount") for m in _BALANCE_CLAUSE.finditer(folded)]
    if not clauses:
        return False
    amounts = find_amounts(folded)
    return bool(amounts) and all(
        any(start <= a.span[0] < end for start, end in clauses) for a in amounts
    )


def is_balance(folded: str) -> bool:
    """A balance stated and nothing else ("tenho 20 mil na poupança"): no movement to record.
    Not with a question, an amount owed or to receive, or money that moved ("tenho 500 na conta
    e paguei 100 de luz": the payment is recorded). A balance left after something ("fiquei com
    300 depois de pagar o aluguel", "paguei o aluguel e fiquei com 300 na conta") is still a
    balance: the 300 was never spent."""
    if "?" in folded:
        return False
    if _only_balances(folded):
        return True
    if (
        _STANDING.search(folded)
        and _MOVED.search(folded) is None
        and not re.search(r"\bvenc\w*|\bpagar\b", folded)
    ):
        return True
    if (m := _BALANCE.search(folded)) is None:
        return False
    after = _AFTER.search(folded, m.end())
    head = folded[: after.start()] if after is not None else folded
    return _OWED.search(head) is None and _MOVED.search(head) is None
