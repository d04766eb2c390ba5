"""Someone else paid what the user owed (issue 19): "minha mãe pagou 200 de luz pra mim", "a
empresa pagou meu uber". No money left the user's pocket, so it is not the user's expense:
the triage records nothing and says who paid, and in a list ("meu pai pagou 200 e eu paguei 100
da luz") only the user's own payment is an entry. Pure functions of the folded text.
"""

from __future__ import annotations

import re

__all__ = ["pays_the_user", "third_party_payer"]

_PAYER = (
    r"amig\w*|irm[aã]\w*|pai|pais|mae|chefe|colega\w*|vizinh\w*|prim[oa]s?|ti[oa]s?|namorad\w*"
    r"|esposa|marido|filh[oa]s?|sogr[oa]s?|cunhad[oa]s?|av[oó]s?|vo|socio|socia|empresa|firma"
    r"|patr[aã]o|patroa|seguro|seguradora|convenio|plano(?:\s+de\s+saude)?|namorad[oa]"
)
_PAID_BY_OTHER = re.compile(
    r"^(?:(?:hoje|hj|ontem|anteontem|agora|esse\s+mes|este\s+mes|nesse\s+mes)\s*,?\s+)?"
    r"(?P<who>(?:(?:o|a|os|as)\s+)?(?:(?:meu|minha|meus|minhas)\s+)?(?:" + _PAYER + r")"
    # a person by name ("o joão pagou 300 do bar"), not who pays the user (a client, a tenant,
    # an employer: "o chefe pagou o bônus de 800", an insurer's refund)
    r"|(?:o|a)\s+(?!(?:cliente|client\w*|inquilin\w*|locatari\w*|comprador\w*|devedor\w*"
    r"|chefe|chefia|patr[aã]o|patroa|empresa|firma|empregador\w*|seguradora|operadora|plano"
    r"|banco|governo|app|aplicativo|uber|ifood|loja|mercado|conta|fatura|boleto|pix|valor"
    # what yields or pays the user ("o cdb pagou 50 de juros", "o freela pagou 800")
    r"|cdb|lci|lca|tesouro|fundo|acao|acoes|poupanca|aplicacao|investimento|freela|frila|bico"
    r"|trabalho|servico|projeto|job"
    # the user's own group ("a gente pagou 300 no jantar"): the user paid
    r"|gente)\b)"
    r"[a-z]{3,12})\b"
    r"(?:\s+(?!me\b|te\b)\w+){0,3}?\s+"
    r"(?:pagou|pagaram|bancou|bancaram|cobriu|cobriram|quitou|quitaram|acertou|acertaram"
    # the present tense only for the user ("minha mãe paga 200 da minha luz", "meu pai banca
    # 500 da faculdade pra mim"); "minha irmã paga 1.200 de aluguel" is her own money
    r"|(?:paga|pagam|banca|bancam)(?=.*\b(?:pra|para)\s+mim\b|.*\b(?:meu|minha|meus|minhas)\s))\b"
)
_USER_MOVED_MONEY = re.compile(
    r"\b(?:paguei|pagei|gastei|devolvi|reembolsei|transferi|mandei|dei|rachei|dividi|passei"
    r"|fiz\s+(?:um\s+)?pix|pago|devo)\b"
)
_INCOME_PAID = re.compile(
    r"\b(?:salario|13o?|decimo|freela\w*|frila\w*|comissao|bonus|plr|ferias|adiantamento"
    r"|reembolso|estorno|rescisao|pensao|mesada|devia|deve|servico|trabalho|venda)\b"
)
"""Someone else paid what the user owed ("minha mãe pagou 200 de luz pra mim", "a empresa
pagou meu uber"): no money left the user's pocket, so it is not the user's expense (issue 19).
Not when the user also moved money ("… e eu devolvi 200 pra ela"), nor when what was paid is
the user's income ("a empresa pagou meu salário", "meu pai pagou o que me devia")."""
_POSSESSIVE = {"meu": "seu", "minha": "sua", "meus": "seus", "minhas": "suas"}
_ACCENTED = {"mae": "mãe", "irmao": "irmão", "irmaos": "irmãos", "irma": "irmã", "irmas": "irmãs",
             "patrao": "patrão", "convenio": "convênio", "socio": "sócio", "socia": "sócia",
             "plano de saude": "plano de saúde", "avos": "avós"}  # fmt: skip


def third_party_payer(folded: str) -> str | None:
    """Who paid for the user ("sua mãe", "a empresa"), when a message says someone else paid
    what the user owed (see `_PAID_BY_OTHER`), else None."""
    m = _PAID_BY_OTHER.search(folded)
    if m is None or _USER_MOVED_MONEY.search(folded) or _INCOME_PAID.search(folded):
        return None
    words = m["who"].split()
    article = words.pop(0) if words[0] in ("o", "a", "os", "as") else None
    owner = words.pop(0) if words and words[0] in _POSSESSIVE else None
    noun = " ".join(words)
    female = (owner or article or "") in ("minha", "minhas", "a", "as")
    if noun in ("avo", "vo"):  # "minha avó", "meu avô": the accent says which
        noun = noun[:-1] + ("ó" if female else "ô")
    noun = _ACCENTED.get(noun, noun)
    if owner is not None:
        return f"{_POSSESSIVE[owner]} {noun}"
    if article is not None and noun not in ("mãe", "pai", "pais"):
        return f"{article} {noun}"
    return f"{'sua' if female or noun == 'mãe' else 'seu'} {noun}"


_PAID_VERB = re.compile(r"\b(?:pagou|pagaram|depositou|depositaram|caiu|mandou|mandaram)\b")


_WHO_AT_WORK = re.compile(
    r"\b(?:colega\w*|amig\w*|pessoal|galera|turma|gente|chefe|gerente|parceir\w*|socio|socia"
    r"|povo|equipe|time|rapaziada|pessoas)"
    r"\s+(?:l[aá]\s+)?(?:de|do|da|no|na)\s+(?:trabalho|servico)\b"
)
"""A person described by the workplace ("meu colega de trabalho", "o pessoal do serviço"):
the word "trabalho" there says who, not that the user was paid for work."""


def pays_the_user(folded: str) -> bool:
    """Someone paid the user's own income ("o chefe pagou o bônus de 800", "a empresa pagou a
    PLR"): money in for the user — an entry (income), not someone else's spending."""
    folded = _WHO_AT_WORK.sub(" ", folded)
    return bool(_PAID_VERB.search(folded) and _INCOME_PAID.search(folded))
