"""An open question an agent asked and the user's next message answers.

An offline model that is unsure asks "É sobre a sua conexão ou sobre a sua fatura?"; one that
offers to act asks "Posso abrir um chamado para você?"; one whose tool lacks a value asks for it
("Preciso do número do pedido"). The answer comes in the next turn, maybe
in another process, so the question is session state, not model memory: the model returns it
with its response (`ModelResponse.open_question`), the routing pattern keeps it in its typed part
of the session state, and hands it back with the next request (`ModelRequest.open_question`).
Hosted models neither produce nor read it.
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict


class QuestionKind(StrEnum):
    CHOOSE = "choose"
    """Which of `options` (intent names) the message was about."""
    CONFIRM = "confirm"
    """Whether to do `options[0]` (an intent name) about the message: yes or no."""
    FILL = "fill"
    """A value the action of `options[0]` (an intent name) still needs, named by `missing` (its
    tool said so: "preciso do número do pedido"): the next message gives it ("é 4455")."""


class OpenQuestion(BaseModel):
    """What was asked, about which message."""

    model_config = ConfigDict(frozen=True)

    kind: QuestionKind
    options: tuple[str, ...]
    """Intent names of the asking agent's policy, in the order the question named them."""
    message: str
    """The user's message the question is about; the action that follows acts on it."""
    missing: str | None = None
    """FILL: the argument of the action's tool that the answer gives."""


__all__ = ["OpenQuestion", "QuestionKind"]
