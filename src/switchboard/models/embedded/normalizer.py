"""pt-BR chat normalisation for the offline NLU: what people type, brought to one spelling.

`fold` (text.py) only lowercases and strips accents. Chat needs more before features are built:
"vc pode ver pq a net n tá funcionando???" and "você pode ver porque a internet não está
funcionando" should look alike to a classifier trained on a few hundred examples. In order:

1. fold (lowercase, no accents, single spaces);
2. punctuation becomes spaces, except inside numbers ("1.234,56", "10/12") and "r$"; digits and
   letters written together are split ("500mb" → "500 mb");
3. elongations collapse: a letter repeated three times or more becomes one ("taaa" → "ta",
   "caiuuuu" → "caiu"), or two for the letters Portuguese doubles ("errrrro" → "erro"); a
   doubled a, i or u becomes one ("lentaa", "wiifi");
4. abbreviations, spelling variants and chat slang become one word (`ABBREVIATIONS`: "vc" →
   "voce", "n"/"ñ" → "nao", "net" → "internet", "wi fi"/"wi-fi" → "wifi", "zap" → "whatsapp");
5. the policy's own synonyms (declared beside it in YAML, e.g. `2 via: segunda via`) replace
   whole phrases, longest first.

Everything is whole-word: a variant never matches inside another word (STYLE.md: the finance
original's substring matching turned "para" into a cancel word). One pass over the tokens with
dict lookups: a few microseconds per message.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from switchboard.models.embedded.text import normalize as fold

ABBREVIATIONS: dict[str, str] = {
    # pronouns and function words
    "vc": "voce",
    "vcs": "voces",
    "ce": "voce",
    "q": "que",
    "oq": "o que",
    "pq": "porque",
    "porq": "porque",
    "tb": "tambem",
    "tbm": "tambem",
    "tmb": "tambem",
    "n": "nao",
    "nn": "nao",
    "naum": "nao",
    "ta": "esta",
    "tah": "esta",
    "to": "estou",
    "tou": "estou",
    "tava": "estava",
    "tavam": "estavam",
    "eh": "e",
    "pra": "para",
    "p": "para",
    "d": "de",
    "c": "com",
    "qdo": "quando",
    "qnd": "quando",
    "qndo": "quando",
    "qto": "quanto",
    "qnt": "quanto",
    "qnto": "quanto",
    "qtos": "quantos",
    "qts": "quantos",
    "hj": "hoje",
    "agr": "agora",
    "dps": "depois",
    "dpois": "depois",
    "mt": "muito",
    "mto": "muito",
    "mtu": "muito",
    "mta": "muita",
    "mts": "muitos",
    "msm": "mesmo",
    "cmg": "comigo",
    "td": "tudo",
    "tds": "todos",
    "nd": "nada",
    "ngm": "ninguem",
    "vdd": "verdade",
    "ctz": "certeza",
    "dnv": "de novo",
    "dms": "demais",
    "ent": "entao",
    "vo": "vou",
    "aki": "aqui",
    "kd": "cade",
    "qq": "qualquer",
    "qlq": "qualquer",
    "qlqr": "qualquer",
    "fzr": "fazer",
    "qro": "quero",
    "kero": "quero",
    "qria": "queria",
    "keria": "queria",
    "poss": "posso",
    "consigu": "consigo",
    "cosigo": "consigo",
    "imeil": "email",
    "emeil": "email",
    "imail": "email",
    "sla": "sei la",
    # courtesy and slang
    "blz": "beleza",
    "vlw": "valeu",
    "vlws": "valeu",
    "valew": "valeu",
    "obg": "obrigado",
    "obgd": "obrigado",
    "obgda": "obrigada",
    "brigado": "obrigado",
    "brigada": "obrigada",
    "tmj": "valeu",
    "pfv": "por favor",
    "pfvr": "por favor",
    "pf": "por favor",
    "plz": "por favor",
    "oii": "oi",
    "oie": "oi",
    "bdia": "bom dia",
    # devices and channels
    "net": "internet",
    "internete": "internet",
    "intenet": "internet",
    "interne": "internet",
    "imternet": "internet",
    "wi fi": "wifi",
    "wify": "wifi",
    "wfi": "wifi",
    "uaifai": "wifi",
    "zap": "whatsapp",
    "zapzap": "whatsapp",
    "zapp": "whatsapp",
    "wpp": "whatsapp",
    "whats": "whatsapp",
    "wats": "whatsapp",
    "watsapp": "whatsapp",
    "whatsap": "whatsapp",
    "cel": "celular",
    "msg": "mensagem",
    "msgs": "mensagens",
    "e mail": "email",
    "mb": "mega",
    "mbps": "mega",
    "megas": "mega",
    "gb": "giga",
    "televisao": "tv",
    "app": "aplicativo",
    "apk": "aplicativo",
    "aplicatico": "aplicativo",
    "logar": "login",
}
"""Folded variant (one word, or two words separated by a space or hyphen) → its one spelling.
Platform-wide: chat writing, not any one domain (a domain's own words go in its policy's
`synonyms`)."""

_LETTER_RUN = re.compile(r"([a-z])\1{2,}|([aiu])\2")
"""Three or more of a letter, or a doubled a/i/u (Portuguese never doubles those: "wiifi",
"lentaa")."""
_DOUBLE_OK = frozenset("rsoe")
"""Letters Portuguese writes doubled ("carro", "passo", "voo", "leem"): a long run keeps two."""
_TOKEN = re.compile(r"r\$|\d+(?:[.,/:]\d+)+|[a-z0-9]+(?:-[a-z0-9]+)*")
_DIGIT_LETTER = re.compile(r"(?<=\d)(?=[a-z])|(?<=[a-z])(?=\d)")
"""Between a digit and a letter: "500mb" → "500 mb", "2a via" → "2 a via"."""


def _shorten(match: re.Match[str]) -> str:
    letter = match.group(1)
    if letter is None:
        return match.group(2)
    return letter * 2 if letter in _DOUBLE_OK else letter


class ChatNormalizer:
    """`normalizer(text)` → the normalised text (space-separated tokens).

    `synonyms` maps a canonical phrase to its variants (the policy's YAML form); both sides are
    normalised with the platform table first, so a variant may be written with accents."""

    __slots__ = ("_first", "_phrases")

    def __init__(self, synonyms: Mapping[str, list[str]] | None = None) -> None:
        table: dict[tuple[str, ...], tuple[str, ...]] = {}
        for variant, canonical in ABBREVIATIONS.items():
            table[tuple(variant.replace("-", " ").split())] = tuple(canonical.split())
        for canonical, variants in (synonyms or {}).items():
            target = tuple(self._base(canonical))
            for variant in variants:
                key = tuple(self._base(variant, table))
                if key and key != target:
                    table[key] = target
        self._phrases = table
        first: dict[str, int] = {}
        for key in table:
            first[key[0]] = max(first.get(key[0], 0), len(key))
        self._first = first
        """Longest phrase starting with each word: most words start none, one lookup each."""

    @staticmethod
    def _base(
        text: str, table: Mapping[tuple[str, ...], tuple[str, ...]] | None = None
    ) -> list[str]:
        words = _tokens(text)
        if table is None:
            return words
        return [w for word in words for w in table.get((word,), (word,))]

    def __call__(self, text: str) -> str:
        return " ".join(self.tokens(text))

    def tokens(self, text: str) -> list[str]:
        words = _tokens(text)
        phrases, first = self._phrases, self._first
        out: list[str] = []
        index, count = 0, len(words)
        while index < count:
            word = words[index]
            longest = first.get(word, 0)
            for size in range(min(longest, count - index), 0, -1):
                replacement = phrases.get(tuple(words[index : index + size]))
                if replacement is not None:
                    out.extend(replacement)
                    index += size
                    break
            else:
                out.append(word)
                index += 1
        return out


GREETINGS: tuple[tuple[str, ...], ...] = tuple(
    tuple(g.split())
    for g in (
        "bom dia",
        "boa tarde",
        "boa noite",
        "oi",
        "ola",
        "opa",
        "e ai",
        "alo",
        "salve",
        "tudo bem",
        "tudo bom",
        "tudo certo",
        "tudo joia",
        "como vai",
    )
)
"""Openers that say hello and nothing else (normalised)."""
_MIN_REST = 2


def without_greeting(tokens: list[str]) -> list[str]:
    """`tokens` without the greetings they open with, when at least two words are left:
    "boa noite, a internet caiu" is about the internet, "oi, tudo bem?" stays a greeting."""
    start = 0
    while True:
        for greeting in GREETINGS:
            if tuple(tokens[start : start + len(greeting)]) == greeting:
                start += len(greeting)
                break
        else:
            break
    return tokens[start:] if start and len(tokens) - start >= _MIN_REST else tokens


def _tokens(text: str) -> list[str]:
    folded = fold(text).replace("ñ", "n")
    if not folded:
        return []
    folded = _DIGIT_LETTER.sub(" ", _LETTER_RUN.sub(_shorten, folded))
    # hyphenated words are split: "wi-fi" and "e-mail" meet the table as "wi fi", "e mail"
    return [part for word in _TOKEN.findall(folded) for part in word.split("-")]


__all__ = ["ABBREVIATIONS", "GREETINGS", "ChatNormalizer", "without_greeting"]
