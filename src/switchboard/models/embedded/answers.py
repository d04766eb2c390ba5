"""Short answers to an open question, in pt-BR chat: yes, no, the first or the second option.

Read on normalised tokens (normalizer.py), so "siiim", "s", "pode sim", "n", "ñ precisa" and
"nao obg" all count. Only short messages are read as bare answers: "não, quero cancelar mesmo
assim" says more than no, and is classified like any message.
"""

from __future__ import annotations

from collections.abc import Sequence

_COURTESY = frozenset({"por", "favor", "obrigado", "obrigada", "valeu", "entao", "ah", "bom", "ok"})
YES_WORDS = frozenset(
    {
        "sim",
        "s",
        "ss",
        "pode",
        "claro",
        "quero",
        "isso",
        "beleza",
        "certo",
        "bora",
        "manda",
        "abre",
        "abra",
        "abrir",
        "confirmo",
        "confirma",
        "positivo",
        "uhum",
        "aham",
        "yes",
        "perfeito",
        "exato",
        "faz",
        "faca",
        "fechado",
        "ok",
        "okay",
        "blz",
    }
)
NO_WORDS = frozenset(
    {
        "nao",
        "negativo",
        "deixa",
        "dispenso",
        "esquece",
        "nada",
        "nem",
    }
)
NEITHER_WORDS = frozenset({"nenhum", "nenhuma", "outro", "outra", "outros", "outras"})
_FIRST = frozenset({"primeiro", "primeira", "1", "1o", "1a", "um", "uma"})
_SECOND = frozenset({"segundo", "segunda", "2", "2o", "2a", "dois", "duas", "ultimo", "ultima"})
_ORDINAL_TEXT = _FIRST | _SECOND | {"a", "o", "e", "sobre", "opcao", "alternativa", "essa", "esse"}
SHORT = 6
"""At most this many words (courtesy words aside) for a message to be read as a bare answer."""


def content(tokens: Sequence[str]) -> list[str]:
    """The words that answer, courtesy words aside (at least the first word)."""
    return [t for t in tokens if t not in _COURTESY] or list(tokens[:1])


_REQUEST_VERBS = frozenset({"quero", "pode", "manda", "faz", "faca", "isso"})
"""Yes words that also open a new request or a statement: "quero falar com um humano" and
"isso é um absurdo" are not a yes ("isso mesmo" is)."""
_YES_TAIL = YES_WORDS | frozenset(
    {"ser", "ai", "la", "agora", "ver", "mandar", "fazer", "o", "a", "um", "chamado", "mesmo"}
)
"""What may follow a request verb in a bare yes ("quero sim", "pode ser", "pode abrir o
chamado", "manda ver")."""


def is_yes(tokens: Sequence[str]) -> bool:
    words = content(tokens)
    if not (0 < len(words) <= SHORT and words[0] in YES_WORDS and "nao" not in words):
        return False
    return words[0] not in _REQUEST_VERBS or all(w in _YES_TAIL for w in words[1:])


def is_no(tokens: Sequence[str]) -> bool:
    """A short no — unless it goes on to ask for something ("não quero desconto, quero
    cancelar" declines the offer of a discount to confirm the cancellation)."""
    words = content(tokens)
    if not (0 < len(words) <= SHORT and words[0] in NO_WORDS):
        return False
    if "mesmo" in words and "assim" in words:
        return False  # "não, quero cancelar mesmo assim"
    return not requests(words[1:], after=words[0])


def requests(tokens: Sequence[str], after: str = "") -> bool:
    """Whether the words ask for something: a request verb ("quero", "pode") not negated
    ("não quero") nor a polite no ("pode deixar")."""
    words = [after, *tokens]
    return any(
        word in _ASKING
        and words[i - 1] not in NO_WORDS
        and (i + 1 == len(words) or words[i + 1] not in _STILL_NO)
        for i, word in enumerate(words)
        if i > 0
    )


_ASKING = _REQUEST_VERBS - {"isso"}
"""The request verbs that ask ("isso é um absurdo" asks nothing)."""
_STILL_NO = frozenset({"deixar", "deixa", "esquecer", "ficar"})
"""After a request verb, words that keep a no a no ("não precisa, pode deixar")."""


def is_neither(tokens: Sequence[str]) -> bool:
    words = content(tokens)
    return 0 < len(words) <= SHORT and any(w in NEITHER_WORDS for w in words)


def ordinal(tokens: Sequence[str]) -> int | None:
    """0 for "a primeira", 1 for "a segunda"/"a última", None otherwise (short messages only)."""
    words = content(tokens)
    if not words or any(w not in _ORDINAL_TEXT for w in words):
        return None  # "a segunda via" is not "the second one"
    if any(w in _FIRST for w in words):
        return 0
    if any(w in _SECOND for w in words):
        return 1
    return None


__all__ = [
    "NO_WORDS",
    "YES_WORDS",
    "content",
    "is_neither",
    "is_no",
    "is_yes",
    "ordinal",
    "requests",
]
