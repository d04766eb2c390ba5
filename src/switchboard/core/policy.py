"""Offline policies: how an agent behaves on the embedded model, with no LLM at all.

An agent's spec may declare intents with example utterances, each mapped to an action. The
embedded provider trains a classifier on the examples at start-up and turns the chosen intent's
action into an ordinary model response (text and/or tool calls), so the agent loop has one path.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field, model_validator


class Otherwise(BaseModel):
    """An `otherwise` that makes its own offer: the reply said when a value is missing, and
    the intent it offers ("Quer que eu abra um chamado?" only when no ticket was opened)."""

    reply: str
    offer: str | None = None


class PolicyAction(BaseModel):
    """What the agent does for an intent. Templates are pt-BR text with `{placeholders}`:
    `{message}` (the user's text), `{tool_output}` (result of `tool`), and `{name}` for each
    extracted argument."""

    reply: str | None = None
    tool: str | None = None
    args: dict[str, str] = Field(default_factory=dict)
    """Tool arguments: a template string, or `extract:<extractor>` (see the embedded provider)."""
    delegate: str | None = None
    """Specialist role to delegate to (coordinator only)."""
    context: str = ""
    """`initial_context` for the specialist when delegating."""
    end: str | None = None
    """End the sub-conversation with this status (specialist only)."""
    result: dict[str, Any] = Field(default_factory=dict)
    """`final_result` when ending."""
    message_to_coordinator: str | None = None
    """Internal note for the coordinator when ending."""
    otherwise: str | Otherwise | None = None
    """Said instead of `reply` when a value the reply names has none ("O protocolo do seu
    chamado é {earlier_protocol}." before any ticket was opened). A plain text keeps the
    action's `offer`; an `Otherwise` makes its own (or none)."""
    offer: str | None = None
    """An intent of the same policy that this reply offers to do ("Posso abrir um chamado para
    você?"): when the user's next message says yes, that intent's action runs on the message
    the offer was about; a no gets the policy's `declined` reply."""

    @model_validator(mode="after")
    def _does_something(self) -> PolicyAction:
        if not (self.reply or self.tool or self.delegate or self.end):
            raise ValueError("an action needs at least one of reply, tool, delegate, end")
        if self.delegate and self.end:
            raise ValueError("an action cannot both delegate and end")
        return self


class Intent(BaseModel):
    """One thing users ask, for the offline model: example phrasings and what to do when it is
    recognised."""

    name: str
    examples: list[str] = Field(default_factory=list)
    action: PolicyAction
    label: str | None = None
    """pt-BR words for the intent in a clarifying question ("a sua conexão de internet"):
    below the threshold the model asks "É sobre <label> ou sobre <label>?" between the two
    likeliest intents that have one, instead of the fallback."""
    keywords: list[str] = Field(default_factory=list)
    """The intent's domain lexicon: words and short phrases that point at it ("sinal",
    "decodificador"). Each intent's hits are a feature of the classifier, learned from the
    examples like any other, so a keyword tips a message without deciding it."""


class OfflinePolicy(BaseModel):
    """How an agent behaves with no LLM (the embedded model): its intents, a confidence
    threshold and the fallback, so every app runs offline and deterministically."""

    intents: list[Intent]
    fallback: PolicyAction = PolicyAction(
        reply="Pode me contar um pouco mais sobre o que você precisa?"
    )
    """Used when no intent is confident enough and no clarifying question fits."""
    threshold: float = 0.35
    """Minimum calibrated probability of an intent's destination (the intents that delegate to
    the same specialist, or end with the same status, count together) for it to be chosen."""
    clarify_floor: float = 0.2
    """Below the threshold, ask a clarifying question only when the two likeliest destinations
    together reach this probability (and both have a label); under it the text is about
    nothing the policy knows, and the `fallback` runs."""
    clarify: str = "É sobre {first} ou sobre {second}?"
    """The clarifying question: `{first}` and `{second}` are the two intents' labels."""
    later: str = "Vamos por partes: {labels} eu vejo logo em seguida, é só me pedir."
    """Said first when a message also asks what this agent hands back (another specialist's
    request, named in a clause of its own): `{labels}` are those intents' labels."""
    declined: str = "Tudo bem! Se precisar de mais alguma coisa, é só me chamar."
    """The reply when the user says no to an action's `offer`."""
    synonyms: dict[str, list[str]] = Field(default_factory=dict)
    """Domain synonyms: canonical phrase → variants ("segunda via": ["2 via", "2a via"]).
    Variants are rewritten to the canonical phrase, as whole words, in the examples and in
    every message, after the platform's pt-BR chat normalisation (abbreviations, slang,
    elongations; `models/embedded/normalizer.py`)."""

    @model_validator(mode="after")
    def _trainable(self) -> OfflinePolicy:
        trained = [i for i in self.intents if i.examples]
        if not trained:
            raise ValueError("an offline policy needs at least one intent with examples")
        names = [i.name for i in self.intents]
        if len(set(names)) != len(names):
            raise ValueError("intent names must be unique")
        for action in [*(i.action for i in self.intents), self.fallback]:
            if action.offer is not None and action.offer not in names:
                raise ValueError(f"offer {action.offer!r} is not an intent of this policy")
        if not 0 <= self.clarify_floor <= self.threshold <= 1:
            raise ValueError("0 <= clarify_floor <= threshold <= 1 is required")
        return self
