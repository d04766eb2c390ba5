"""A question the user declines in their own words (`Extraction.declined`) is skipped like the
skip command, with the step's own `skipped` line; an action's `Say(aside=True)` (a greeting)
keeps the "Anotei: …" line of the message (sch9)."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator, Mapping
from typing import Any

from switchboard.patterns.workflows import (
    ActionContext,
    ActionItem,
    Extraction,
    KeywordRouter,
    Say,
    Workflow,
    WorkflowPattern,
    load_workflows,
)
from switchboard.sessions.turn import Turn

from .conftest import app_for, say

DEFINITIONS = """
workflows:
  signup:
    description: cadastro
    triggers: [cadastro]
    steps:
      - collect: name
        label: nome
        on_filled: greet
        question: "Qual é o seu nome?"
      - collect: age
        type: int
        label: idade
        question: "Quantos anos você tem?"
      - collect: income
        type: decimal
        skippable: true
        skipped: "Sem a renda, {name}, não dá para calcular a bolsa."
        question: "Qual é a sua renda?"
      - collect: city
        question: "Em que cidade você mora?"
"""


class Rules:
    """Names after "nome", ages as "N anos", "não conto" declines the pending question."""

    async def extract(
        self, text: str, workflow: Workflow, expected: str | None, slots: Mapping[str, Any]
    ) -> Extraction:
        values: dict[str, Any] = {}
        if m := re.search(r"nome (\w+)", text):
            values["name"] = m.group(1)
        if m := re.search(r"(\d+) anos", text):
            values["age"] = m.group(1)
        declined = frozenset({expected}) if expected and "não conto" in text else frozenset()
        return Extraction(values=values, declined=declined)


async def greet(ctx: ActionContext) -> AsyncIterator[ActionItem]:
    yield Say(f"Prazer, {ctx.slots['name']}!", aside=True)


def make() -> Any:
    async def root(turn: Turn) -> str:
        return "Oi!"

    workflows = load_workflows(DEFINITIONS)
    pattern = WorkflowPattern(
        workflows,
        answer=root,
        router=KeywordRouter(workflows),
        extractor=Rules(),
        actions={"greet": greet},
    )
    return app_for(pattern)


async def test_an_aside_keeps_the_noted_line() -> None:
    app = make()
    await say(app, "cadastro")
    reply = await say(app, "nome Ana, 17 anos")
    assert reply == "Prazer, Ana!\n\nAnotei: nome Ana, idade 17.\n\nQual é a sua renda?"


async def test_a_declined_question_is_skipped_with_its_own_line() -> None:
    app = make()
    for text in ("cadastro", "nome Ana, 17 anos"):
        await say(app, text)
    reply = await say(app, "isso eu não conto")
    assert reply == "Sem a renda, Ana, não dá para calcular a bolsa.\n\nEm que cidade você mora?"


async def test_the_skip_command_says_the_steps_line_too() -> None:
    app = make()
    for text in ("cadastro", "nome Ana, 17 anos"):
        await say(app, text)
    assert (await say(app, "pular")).startswith("Sem a renda, Ana,")


async def test_a_declined_question_that_cannot_be_skipped_is_asked_again() -> None:
    app = make()
    await say(app, "cadastro")
    reply = await say(app, "não conto")
    assert reply.startswith("Essa informação é necessária") and reply.endswith("nome?")
