"""The user's in-workflow commands: cancel and skip, recognised on the WHOLE message.

A command is the message itself ("cancelar", "quero sair", "pular", "não sei", "prefiro não
dizer"), give or take a few filler words — never a keyword found somewhere inside a longer
message: "150 reais para o mercado" must not stop anything (the finance original cancelled on
the word "para"), and "não sei se faço Direito ou Medicina" is an answer, not a skip.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache

from switchboard.patterns.workflows.values import fold


class Command(StrEnum):
    """The built-in commands a user can type inside any workflow."""

    CANCEL = "cancel"
    SKIP = "skip"


_LEAD = r"(?:(?:eu )?(?:quero|queria|prefiro|vou|pode|posso|vamos|deixa eu|melhor) )?"
_TAIL = r"(?: (?:isso|tudo|essa|esta|ai|por favor|pfv|agora|entao|mesmo|pergunta))*"

CANCEL_WORDS = (
    "cancelar", "cancela", "cancele", "sair", "parar", "para tudo", "desistir", "desisto",
    "esquece", "esquecer", "deixa pra la", "deixa para la",
)  # fmt: skip
SKIP_WORDS = (
    "pular", "pula", "pule", "passar", "passa", "proxima", "nao sei", "sei la", "nao lembro",
    "nao tenho certeza", "prefiro nao dizer", "prefiro nao responder", "prefiro nao informar",
    "nao quero dizer", "nao quero responder", "nao quero informar",
)  # fmt: skip
"""Folded phrases with which a user declines to answer a slot ("pular", "prefiro nao dizer"...)."""


@lru_cache(maxsize=32)
def _command_regex(words: tuple[str, ...]) -> re.Pattern[str]:
    alternatives = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
    return re.compile(rf"^{_LEAD}(?:{alternatives}){_TAIL}$")


@dataclass(frozen=True, slots=True)
class Commands:
    """Which whole messages mean cancel and skip; pass your own lists to change them."""

    cancel: tuple[str, ...] = CANCEL_WORDS
    skip: tuple[str, ...] = SKIP_WORDS

    def detect(self, text: str) -> Command | None:
        folded = re.sub(r"[^\w\s]", " ", fold(text))
        folded = " ".join(folded.split())
        if _command_regex(self.cancel).match(folded):
            return Command.CANCEL
        if _command_regex(self.skip).match(folded):
            return Command.SKIP
        return None


DEFAULT_COMMANDS = Commands()
"""The pt-BR command words (cancelar, pular, …) a workflow understands unless an app brings
its own."""

__all__ = ["CANCEL_WORDS", "DEFAULT_COMMANDS", "SKIP_WORDS", "Command", "Commands"]
