"""User input checks, before anything is stored or any model is called.

One text rule for everything that reaches a store (messages, session ids, agent and app names,
comments): texts with NUL, lone surrogates or the non-characters U+FFFE/U+FFFF are REJECTED with
`InvalidTextError` (422, code `invalid_text`), never stripped. Stripping would silently change
what the user wrote (and make two different session ids collide); rejecting is visible and the
same on every store: PostgreSQL refuses NUL in text columns and no store can encode a lone
surrogate as UTF-8, so without the rule a turn failed half-way after its session row was created.
"""

from __future__ import annotations

import re

from switchboard.core.errors import EmptyMessageError, InvalidTextError, MessageTooLargeError

FORBIDDEN_TEXT = re.compile("[\x00\ud800-\udfff\ufffe\uffff]")
"""Characters no text reaching a store may hold (see the module docstring)."""


def text_problem(text: str) -> str | None:
    """Why `text` breaks the text rule (a pt-BR sentence), or None when it is acceptable."""
    found = FORBIDDEN_TEXT.search(text)
    if found is None:
        return None
    char = found.group()
    if char == "\x00":
        return "o texto contém um caractere nulo (U+0000)"
    if "\ud800" <= char <= "\udfff":
        return f"o texto contém um substituto UTF-16 isolado (U+{ord(char):04X})"
    return f"o texto contém um não-caractere Unicode (U+{ord(char):04X})"


def check_text(text: str, what: str = "texto") -> str:
    """`text` unchanged, or `InvalidTextError` naming the field (`what`).

    Runs for the message and the session id of every turn, so acceptable text is recognised
    with a few C calls that do not look at each character in Python's regex engine (which
    costs tens of instructions per character): NUL by `memchr`, U+FFFE/U+FFFF by `in` (answered
    at once for text whose characters are all below U+0100), lone surrogates by strict UTF-8
    encoding, which fails exactly on them. `text_problem` says precisely what is wrong."""
    if "\x00" not in text:
        if text.isascii():
            return text
        if "\ufffe" not in text and "\uffff" not in text:
            try:
                text.encode()
            except UnicodeEncodeError:
                pass
            else:
                return text
    problem = text_problem(text)
    if problem is not None:
        raise InvalidTextError(f"{what}: {problem}", field=what)
    return text


def check_user_message(text: object, max_chars: int) -> str:
    """The user's text if it is a non-empty string within `max_chars`; else the typed error,
    before any agent runs."""
    if not isinstance(text, str):
        raise EmptyMessageError("a mensagem deve ser um texto")
    if not text or text.isspace():  # `text.strip()` would copy the message to answer this
        raise EmptyMessageError("a mensagem está vazia")
    if len(text) > max_chars:
        raise MessageTooLargeError(
            f"a mensagem tem {len(text)} caracteres; o máximo é {max_chars}",
            length=len(text),
            limit=max_chars,
        )
    return check_text(text, "mensagem")
