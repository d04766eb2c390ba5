"""Word classes the rules share (on canonical text: lowercase, no accents, abbreviations
expanded). Each is a regex fragment with no capturing groups."""

from __future__ import annotations

import re
from typing import Final


def rx(*parts: str) -> re.Pattern[str]:
    """One compiled alternation of `parts`."""
    return re.compile("|".join(f"(?:{p})" for p in parts))


PEOPLE: Final[str] = (
    r"(?:(?:o|a|os|as|meu|minha|meus|minhas|esse|essa|esses|essas|aquele|aquela|seu|sua|"
    r"um|uma|todo|toda)\s+)?(?:professor|professora|prof|coordenador|coordenadora|diretor|"
    r"diretora|vizinho|vizinha|ex|padrasto|madrasta|pai|mae|irmao|irma|primo|prima|colega|"
    r"colegas|fiscal|namorado|namorada|chefe|cara|mina|menina|menino|moleque|aluno|aluna|"
    r"alunos|policial|desgracado|desgracada|filho|filha|todo mundo|todos|geral|ele|ela|eles|"
    r"elas|voce|alguem|pessoa|pessoas|esposa|marido|tio|tia|avo|sogra|patrao|patroa)\b"
)
"""People a threat can be aimed at."""

PLACES: Final[str] = (
    r"(?:(?:minha|nossa|sua|a|o|uma|um)\s+)?"
    r"(?:escola|faculdade|sala|campus|colegio|local de prova|universidade|cursinho|igreja|"
    r"shopping|sala de aula)"
)
"""Places an attack can be aimed at."""

FIRST_PERSON_INTENT: Final[str] = (
    r"(?:vou|vo|quero|queria|vontade de|pensando em|penso em|pensei em|pensar em|tentar|"
    r"tentei|preciso|deveria|devia|ir|eu|acho que vou|planejando|planejo|decidi|resolvi|"
    r"estou pensando em|to pensando em|tenho vontade de|da vontade de|sinto vontade de)"
)
"""What precedes an act the speaker means to do."""

RELATIVE: Final[str] = (
    r"(?:pai|mae|padrasto|madrasta|irmao|irma|irmaos|irmas|avo|avos|tio|tia|primo|prima|"
    r"namorado|namorada|marido|esposa|esposo|companheiro|companheira|cunhado|cunhada|filho|filha|"
    r"responsavel|responsaveis|pais|familia)"
)
"""Household members whose income counts (Prouni/Sisu per-capita income)."""

MEDS: Final[str] = (
    r"(?:remedios?|comprimidos?|pilulas?|capsulas?|cartelas?|caixas?|frascos?|rivotril|"
    r"clonazepam|fluoxetina|sertralina|paracetamol|dipirona|diazepam|zolpidem|"
    r"antidepressivos?|calmantes?|tarja preta|veneno|chumbinho|soda caustica|agua sanitaria)"
)
"""What an overdose or poisoning is made of."""

NEGATION: Final[re.Pattern[str]] = re.compile(
    r"(?:\bnao|\bnunca|\bjamais|\bnem)\s+(?:eu\s+|mais\s+|ja\s+|que\s+)?"
    r"(?:(?:vou|quero|queria|posso|devo|pretendo|ia|penso em|pensei em|pensaria em|"
    r"tenho vontade de|tive vontade de|quis|faria|consigo)\s+)?$"
)
"""A negation right before a strong rule's match ("não vou mentir a renda", "nunca quis me
machucar"): the rule does not fire; the classifier still reads the message."""

__all__ = ["FIRST_PERSON_INTENT", "MEDS", "NEGATION", "PEOPLE", "PLACES", "RELATIVE", "rx"]
