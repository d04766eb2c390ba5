"""Indirect self-harm that fresh writers keep finding (issue 20, branch guard11): families read in
the leave-one-writer-out misses of the training sources, written as shapes, not sentences.

- not reaching an age or being alive for a date ("não pretendo chegar nos 18", "não vou tá viva
  pra usar");
- a method asked as a fact about lethality or detection ("qual veneno não aparece em exame",
  "qual o andar mínimo pra não ter chance", "quantas … fazem o coração parar");
- a high place asked for by what stops a fall ("lugar alto … sem grade", "aberto de noite");
- the speaker as the problem that must leave the equation, pain stopped for good;
- a risk taken on purpose with "quem sabe não volto"; hurting oneself as a punishment with a
  tool named; an earlier attempt and "dessa vez vou conseguir".

Each pattern needs the speaker or the act; the same words about a date that is not the
speaker's end ("não vou chegar até março sem dinheiro") are left to the classifier.
"""

from __future__ import annotations

from typing import Final

_SCHOOL = (
    r"(?:o\s+|a\s+)?(?:prouni|sisu|enem|vestibular|fuvest|passar|bolsa|vaga|aprovad\w*|faculdade|"
    r"nota|prova|medicina|curso|concurso|redacao)"
)
_AGE = r"(?:(?:nos|aos|os|a|o)\s+)?(?:\d{2}|dezoito|dezessete|vinte|trinta)(?:\s+anos)?\b"

PATTERNS: Final[tuple[str, ...]] = (
    # not alive for a date or an age
    r"\bnao\s+(?:vou|pretendo|quero|devo)\s+(?:estar|ta|tar|ficar|continuar)\s+(?:mais\s+)?"
    r"viv[oa]\b",
    r"\bnao\s+(?:pretendo|quero|vou)\s+(?:chegar|ver)\s+" + _AGE + r"(?!\s*(?:sem|com|ainda|"
    r"morando|estudando|trabalhando|solteir|sendo|desse|nesse|assim)\b)",
    # lethality or detection asked as a fact
    r"\b(?:veneno|remedio|substancia)\s+(?:que\s+)?nao\s+aparece\s+(?:em|no|na)\s+(?:exame|"
    r"autopsia|necropsia)",
    r"\b(?:pra|para)\s+(?:nao\s+ter\s+(?:nenhuma\s+)?chance\s+de\s+sobreviver|"
    r"nao\s+sobreviver)\b",
    r"\b(?:faz|fazem|faria|fariam)\s+o\s+coracao\s+parar\b",
    r"\bantes\s+d[oe]\s+corpo\s+(?:desligar|parar|nao aguentar)\b",
    r"\bquanto\s+tempo\s+(?:leva|demora)\s+(?:pra|para)\s+(?:morrer|o corpo parar)\b",
    # a high place chosen by what keeps one from falling
    r"\b(?:lugar|predio|ponte|viaduto|terraco|andar)\s+(?:bem\s+|mais\s+)?alto\b[^?!]{0,60}"
    r"\b(?:sem\s+grade|nao\s+tem\s+grade|sem\s+protecao|aberto\s+de\s+noite|fica\s+aberto|"
    r"da\s+pra\s+subir)",
    # the speaker as the problem that has to go
    r"\beu\s+(?:sou|seja)\s+o\s+problema\b[^.?!]{0,15}[.,;]?[^.?!]{0,50}\b(?:ir embora|sumir|"
    r"acabar|sair|deixar de existir)\b",
    r"\bse\s+eu\s+(?:sair|sumir)\s+da\s+equacao\b",
    r"\b(?:pare|parar|para)\s+de\s+doer\b[^.?!]{0,30}\b(?:definitiv\w*|pra sempre|de vez)\b",
    # a risk taken on purpose, not coming back
    r"\bquem\s+sabe\s+(?:eu\s+)?nao\s+(?:volto|volte|acordo|chego)\b",
    # a body hurt as a punishment with a tool named ("queimei com ferro de passar pra me punir")
    r"\b(?:queimei|cortei|bati|machuquei|furei|arranhei)\b[^.?!]{0,50}\b(?:pra|para)\s+me\s+"
    r"(?:punir|castigar)\b",
    # an earlier attempt, and this time it will work (not an exam tried again)
    r"\btentei\s+(?:me\s+matar\s+|isso\s+|uma\s+vez\s+|antes\s+)?(?:ano passado|uma vez|antes)\b"
    r"(?:(?!\b" + _SCHOOL + r"\b)[^?!]){0,40}\b(?:agora|dessa vez|desta vez)\b"
    r"(?:(?!\b" + _SCHOOL + r"\b)[^?!]){0,30}\b(?:vou conseguir|consigo|da certo|vai dar certo)\b"
    r"(?![^?!]{0,30}\b" + _SCHOOL + r"\b)",
)
"""Appended to `crisis.SELF_HARM`."""

__all__ = ["PATTERNS"]
