"""`check_text`'s fast path (memchr, `in`, strict UTF-8) accepts exactly what the rule's regex
accepts, for text of every internal width (ASCII, Latin-1, BMP, astral)."""

from __future__ import annotations

import itertools

import pytest

from switchboard.core.errors import EmptyMessageError, InvalidTextError
from switchboard.sessions.input import FORBIDDEN_TEXT, check_text, check_user_message

BASES = ["oi", "ação", "“aspas” — travessão", "emoji 🎉 fim", ""]
INSERTS = [
    "", "\x00", "\ud800", "\udbff", "\udc00", "\udfff", "\ufffe", "\uffff",
    "\ud7ff", "\ue000", "\ufffd", "\U00010000", "\U0010ffff", "\x01", "\xff",
]  # fmt: skip


def cases() -> list[str]:
    texts = []
    for base, insert in itertools.product(BASES, INSERTS):
        for at in (0, len(base) // 2, len(base)):
            texts.append(base[:at] + insert + base[at:])
    return texts


@pytest.mark.parametrize("text", cases())
def test_fast_check_agrees_with_the_rule(text: str) -> None:
    forbidden = FORBIDDEN_TEXT.search(text) is not None
    if forbidden:
        with pytest.raises(InvalidTextError):
            check_text(text, "campo")
    else:
        assert check_text(text, "campo") is text


@pytest.mark.parametrize("text", ["", " ", "\t\n ", "\u2003"])
def test_blank_messages_are_empty(text: str) -> None:
    with pytest.raises(EmptyMessageError):
        check_user_message(text, 100)
