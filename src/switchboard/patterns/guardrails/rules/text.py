"""The guard's canonical text: what the rules and the classifier read.

Students write in chat pt-BR: no accents, abbreviations ("vc", "n", "q", "mt", "ngm", "td"),
stretched letters ("nãããão", "moooorrer"), laughter ("kkkkk"). Rules written on one spelling
would need every other spelling; so the text is canonicalized once, and rules, training data and
the classifier's features all see the same form:

- lowercase, accents folded, whitespace collapsed (`models.embedded.text.normalize`);
- a vowel repeated 3+ times becomes one ("nããão" → "nao"), any other letter repeated 3+ times
  becomes two ("morrrrer" → "morrer", "kkkkk" → "kk"): pt-BR has legitimate double vowels
  ("coordenador", "leem") and doubled consonants ("rr", "ss"), never tripled ones;
- whole-word chat abbreviations expanded (`ABBREVIATIONS`), so "vc n vai sentir minha falta"
  reads "voce nao vai sentir minha falta".

Punctuation is kept: rules use it as a clause boundary. Two dots are not boundaries and go:
a thousands separator ("1.200" → "1200") and a domain's ("gov.br" → "gov br").
"""

from __future__ import annotations

import re
from typing import Final

from switchboard.models.embedded.text import normalize

ABBREVIATIONS: Final[dict[str, str]] = {
    "vc": "voce",
    "vcs": "voces",
    "vce": "voce",
    "q": "que",
    "pq": "porque",
    "oq": "o que",
    "n": "nao",
    "nn": "nao",
    "naum": "nao",
    "tb": "tambem",
    "tbm": "tambem",
    "tmb": "tambem",
    "mt": "muito",
    "mto": "muito",
    "mta": "muita",
    "mts": "muitos",
    "td": "tudo",
    "tds": "todos",
    "hj": "hoje",
    "cmg": "comigo",
    "ngm": "ninguem",
    "nd": "nada",
    "qro": "quero",
    "kero": "quero",
    "msm": "mesmo",
    "qdo": "quando",
    "qnd": "quando",
    "qnt": "quanto",
    "vdd": "verdade",
    "sla": "sei la",
    "ctz": "certeza",
    "agr": "agora",
    "dps": "depois",
    "obg": "obrigado",
    "vlw": "valeu",
    "pfv": "por favor",
    "pf": "por favor",
    "dnv": "de novo",
    "qlqr": "qualquer",
    "qq": "qualquer",
    "alg": "alguem",
    "algm": "alguem",
    "aq": "aqui",
    "kd": "cade",
    "eh": "e",
    "p/": "para",
    "tava": "estava",
    "tamo": "estamos",
    "mds": "meu deus",
    "fzr": "fazer",
}
"""Chat abbreviations → the words the rules are written on (whole words only)."""

_REPEATED_VOWEL = re.compile(r"([aeiou])\1{2,}")
_REPEATED_OTHER = re.compile(r"([b-df-hj-np-tv-z])\1{2,}")
_WORD = re.compile(r"[a-z]+/?")


def _expand(match: re.Match[str]) -> str:
    word = match.group(0)
    return ABBREVIATIONS.get(word, word)


_THOUSANDS = re.compile(r"(?<=\d)\.(?=\d{3}\b)")
_DOMAIN_DOT = re.compile(r"\.(?=(?:br|com|org|net|gov)\b)")


def canonical(text: str) -> str:
    """Normalized, de-stretched, abbreviations expanded (see the module docstring)."""
    folded = normalize(text)
    folded = _DOMAIN_DOT.sub(" ", _THOUSANDS.sub("", folded))
    folded = _REPEATED_VOWEL.sub(r"\1", folded)
    folded = _REPEATED_OTHER.sub(r"\1\1", folded)
    return _WORD.sub(_expand, folded)


__all__ = ["ABBREVIATIONS", "canonical"]
