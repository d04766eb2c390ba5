"""User input checks, before anything is stored or any model is called."""

from __future__ import annotations

from switchboard.core.errors import EmptyMessageError, MessageTooLargeError


def check_user_message(text: object, max_chars: int) -> str:
    if not isinstance(text, str):
        raise EmptyMessageError("a mensagem deve ser um texto")
    if not text.strip():
        raise EmptyMessageError("a mensagem está vazia")
    if len(text) > max_chars:
        raise MessageTooLargeError(
            f"a mensagem tem {len(text)} caracteres; o máximo é {max_chars}",
            length=len(text),
            limit=max_chars,
        )
    return text
