"""Distress that is not a crisis ("eu tenho depressão e tenho medo de não conseguir a
faculdade"): acknowledged warmly before anything else, with the CVV offered as support.

The guard catches crises (self-harm, immediate danger) and blocks them with CVV 188 / SAMU 192.
A student who says they are depressed, anxious or afraid is not in one, but answering them with
"Para começar, qual é o seu nome?" reads as not having listened. The root agent answers these
first; onboarding starts with the student's next message.
"""

from __future__ import annotations

import re

from switchboard.apps.scholarships.records.text import normalize

_FEELING = re.compile(
    r"\b(?:depress\w*|ansiedade|ansios[oa]|crises? de (?:ansiedade|panico)|panico|tristeza"
    r"|triste|desanimad[oa]|desesperad[oa]|desespero|angustiad[oa]|angustia|chorando|choro muito"
    r"|esgotad[oa]|burnout|sem esperanca|sem forcas|nao aguento mais|to mal|estou mal"
    r"|(?:me sinto|me sentindo|to me sentindo|estou me sentindo) (?:mal|um lixo|incapaz|burr[oa]"
    r"|perdid[oa]|sozinh[oa]|fracassad[oa]|inutil|pressionad[oa])"
    r"|(?:tenho|to com|estou com|sinto) (?:muito )?medo)\b"
)
"""First-person words of suffering, fear or exhaustion (not crisis words: those are the
guard's)."""

SUPPORT = (
    "Sinto muito que você esteja passando por isso — obrigada por me contar. Você não precisa "
    "resolver tudo de uma vez: a gente vai passo a passo, e eu te ajudo a encontrar os caminhos "
    "pelo Sisu e pelo Prouni. Se em algum momento "
    "quiser conversar com alguém, o CVV atende de graça, 24 horas, pelo 188 ou em cvv.org.br."
)
START = "Quando você quiser, a gente começa: como você quer que eu te chame?"
CONTINUE = "Quando quiser, me diz como posso te ajudar agora."


_HYPERBOLE = re.compile(r"\b(?:morrendo|morro|morri|mort[oa]|louc[oa]|doid[oa]) de \w+")
"""Idioms of intensity ("tô morrendo de ansiedade com o resultado"): nervousness said in jest,
chat rather than distress (the guard's tests keep them free of the CVV)."""


def is_distress(text: str) -> bool:
    """Whether `text` tells of the student's suffering, fear or exhaustion."""
    return bool(_FEELING.search(_HYPERBOLE.sub(" ", normalize(text))))


__all__ = ["CONTINUE", "START", "SUPPORT", "is_distress"]
