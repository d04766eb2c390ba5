"""A complaint stated as a sentence is a comment, never an entry (issue 19).

"odeio ver a fatura do cartão, sempre vem mais de 2 mil", "todo mês o aluguel de 2.500 me
mata", "o condomínio subiu pra 900, absurdo", "não aguento mais pagar 180 de internet por mês":
the amount is what things usually cost or how much a bill weighs, and no first-person act says
the user paid something now. Junior answers (nothing recorded, how to record a payment, an offer
to look at the spending); the Lançador is not involved, so no "quer que eu registre?" either.

A bare note said with a sigh ("mds 45 reais num estacionamento", "caramba, 300 de luz esse mês")
is different: it has the shape of an entry, so the Lançador still asks before writing. What
tells the two apart, read here on the folded text: a strong venting phrase (`STRONG`), a habit
(`HABIT`: "sempre", "todo mês", "por semana"), or a predicate about the price (`PREDICATE`:
"tá um roubo", "subiu pra 900", "não dá pra nada").
"""

from __future__ import annotations

import re

from switchboard.apps.finance.triage.complexity import word_pattern

__all__ = ["HABIT", "PREDICATE", "STRONG", "is_complaint_statement"]

STRONG = word_pattern(
    r"odeio",
    r"odiei",
    r"detesto",
    r"nao aguento",
    r"nao suporto",
    r"n aguento",
    r"cansad[oa] de",
    r"farto de",
    r"farta de",
    r"de saco cheio",
    r"ninguem merece",
    r"me mata",
    r"(?:ta|esta|tao|estao|vai) me (?:matando|quebrando|falindo|sufocando|afundando)",
    r"sufoc\w*",
    r"que saco",
    r"q saco",
    r"(?:jogo|jogando|joguei|jogar) (?:\w+ )?dinheiro fora",
    r"dinheiro (?:pelo|no) ralo",
    r"(?:ta|esta) foda",
    r"foda demais",
    r"que vergonha",
    r"preciso parar",
    r"tenho que parar",
    r"tenho q parar",
    r"(?:preciso|tenho que) (?:cortar|maneirar)",
    r"nao (?:dura|durou|chega|sobra|sobrou) (?:nem|nada)",
    r"nao sobra nada",
    r"nao sei (?:pra|para) onde vai",
    r"(?:some|sumiu|evapora|evaporou) (?:no|em|antes|todo|rapidinho)",
    r"(?:to|tou|estou|ando|vivo) (?:sem grana|sem dinheiro|quebrad[oa]|lis[oa]|dur[oa]"
    r"|lascad[oa]|apertad[oa]|endividad[oa])",
    r"(?:que|q) (?:raiva|odio|merda|saco|droga|tristeza)",
    r"(?:me )?(?:deixa|deixando) (?:louc|malu)\w*",
    r"pesa(?:ndo)? (?:demais|muito|no bolso)",
    r"pesad[oa] demais",
    r"impossivel (?:economizar|guardar|poupar|juntar)",
    r"ta (?:impossivel|insustentavel)",
    r"insustentavel",
    r"(?:nao tem|sem) condicao",
    r"cansei de",
    r"triste",
    r"que tristeza",
    r"(?:to|tou|estou|ando) (?:lascad|ferrad|falid)\w*",
    r"(?:ta|esta|tao|estao|vai) me (?:lascando|ferrando|arruinando)",
    r"nao sei como",
    r"nao entendo",
    r"ninguem aguenta",
    r"que piada",
    r"q piada",
    r"(?:to|tou|estou|fiquei) (?:chocad|passad|bolad|indignad|revoltad|pasm)\w*",
    r"pra que isso",
)
"""Venting that no entry note carries: hatred, tiredness, "me mata", "preciso parar"."""

HABIT = re.compile(
    r"\b(?:sempre|nunca|todo\s+(?:santo\s+)?(?:mes|ano|fim\s+de\s+semana|final\s+de\s+semana"
    r"|dia(?!\s+\d)|sabado|domingo)|toda\s+(?:semana|vez|sexta|segunda)|todos\s+os\s+(?:meses|dias)"
    r"|por\s+(?:mes|semana|dia|ano)|ao\s+mes|no\s+fim\s+de\s+semana|mensal\w*|vive(?:m)?\s+"
    r"(?:com|passando|dando|vindo|gastando)|costum\w*|(?:to|tou|estou|ando|vivo)\s+gastando"
    r"|toda\s+vez\s+(?:que|q)|de\s+novo)\b"
)
"""A habit ("sempre vem mais de 2 mil", "todo mês", "por semana"): what usually happens."""

PREDICATE = re.compile(
    r"\b(?:ta|esta|tao|estao|e|eh|fica|ficou|virou)\s+(?:um\s+|uma\s+|muito\s+|mt\s+|mto\s+)?"
    r"(?:absurdo|absurda|roubo|assalto|caro|cara|carissim[oa]|pesad[oa]|osso|surreal|palhacada"
    r"|crime|piada|exagero|exagerad[oa]|abusivo|abusiva|salgad[oa]|puxad[oa]|ridicul[oa]"
    r"|vergonhos[oa]|injust[oa]|sem noca?o)\b"
    r"|\b(?:subiu|subiram|aumentou|aumentaram|pulou|foi|passou|reajustou)\s+(?:pra|para)\s+"
    r"(?:uns\s+)?(?:r\$\s*)?\d"
    r"|\bnao\s+da\s+(?:pra|para)\s+nada\b|\btudo\s+(?:tao|muito|mt|mto)\s+caro\b"
    r"|\b(?:ter|tenho)\s+(?:que|de|q)\s+pagar\b"
    r"|\b(?:odeio|detesto)\s+(?:pagar|gastar|ver|quando)\b"
)
"""A predicate about the price or the bill ("esse plano de 1.200 tá um roubo", "o condomínio
subiu pra 900", "100 reais não dá pra nada", "ter que pagar 600 de IPTU")."""

_NOW = re.compile(r"\b(?:hoje|hj|ontem|anteontem|agora ha pouco|acabei)\b")
"""A day named ("hoje", "ontem") without a habit: a note of something that happened."""


def is_complaint_statement(folded: str) -> bool:
    """A complaint told as a sentence (see the module docstring), not a note with a sigh."""
    if STRONG.search(folded) or PREDICATE.search(folded):
        return not (_NOW.search(folded) and not HABIT.search(folded))
    return HABIT.search(folded) is not None
