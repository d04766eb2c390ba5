"""Dialogue repair in the workflow pattern (issue 20): slots the user volunteers (`ask: false`),
actions run as soon as a slot is filled (`on_filled`), an extractor's reason a message is not a
value (`problems`), a digression that resumes with the workflow's own line and the question's
`again` form, and a listener told every slot change."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator, Mapping
from typing import Any

import pytest

from switchboard.patterns.workflows import (
    ActionContext,
    ActionItem,
    Extraction,
    KeywordRouter,
    Say,
    Workflow,
    WorkflowDefinitionError,
    WorkflowPattern,
    load_workflows,
)
from switchboard.sessions.turn import Turn

from .conftest import app_for, say

DEFINITIONS = """
workflows:
  signup:
    description: cadastro
    resume: "Voltando ao cadastro:"
    triggers: [cadastro]
    steps:
      - collect: nickname
        ask: false
      - collect: name
        question: "Prazer em te ver! Qual é o seu nome?"
        again: "Qual é o seu nome?"
      - collect: age
        type: int
        on_filled: judge_age
        question: "Quantos anos você tem?"
  faq:
    description: dúvidas
    triggers: [duvida]
    steps:
      - action: answer
"""


class Rules:
    """Names after "nome", ages as "N anos", nicknames after "apelido"; a question is a
    problem for the name."""

    async def extract(
        self, text: str, workflow: Workflow, expected: str | None, slots: Mapping[str, Any]
    ) -> Extraction:
        values: dict[str, Any] = {}
        if m := re.search(r"nome (\w+)", text):
            values["name"] = m.group(1)
        if m := re.search(r"(\d+) anos", text):
            values["age"] = m.group(1)
        if m := re.search(r"apelido (\w+)", text):
            values["nickname"] = m.group(1)
        problems = {"name": "Preciso só do seu nome."} if "?" in text else {}
        return Extraction(values=values, problems=problems)


async def judge_age(ctx: ActionContext) -> AsyncIterator[ActionItem]:
    yield Say("Maior de idade." if ctx.slots["age"] >= 18 else "Menor de idade.")


async def answer(ctx: ActionContext) -> AsyncIterator[ActionItem]:
    yield Say("Resposta da dúvida.")


def make(changes: list[tuple[str, dict[str, Any]]]) -> Any:
    async def listener(turn: Turn, workflow: Workflow, changed: Mapping[str, Any]) -> None:
        changes.append((workflow.name, dict(changed)))

    async def root(turn: Turn) -> str:
        return "Oi!"

    workflows = load_workflows(DEFINITIONS)
    pattern = WorkflowPattern(
        workflows,
        answer=root,
        router=KeywordRouter(workflows),
        extractor=Rules(),
        actions={"judge_age": judge_age, "answer": answer},
        on_slots=listener,
    )
    return app_for(pattern)


async def test_a_volunteered_slot_is_kept_and_never_asked() -> None:
    changes: list[tuple[str, dict[str, Any]]] = []
    app = make(changes)
    reply = await say(app, "quero fazer o cadastro, meu apelido Bia")
    assert reply.endswith("Qual é o seu nome?") and "apelido" not in reply
    assert changes == [("signup", {"nickname": "Bia"})]


async def test_on_filled_runs_as_the_slot_is_filled_whatever_was_asked() -> None:
    app = make([])
    await say(app, "cadastro")
    reply = await say(app, "tenho 20 anos")  # the name was asked
    assert reply.startswith("Maior de idade.") and reply.endswith("Qual é o seu nome?")


async def test_a_problem_replaces_the_generic_not_understood() -> None:
    app = make([])
    await say(app, "cadastro")
    reply = await say(app, "é obrigatório?")
    assert reply.startswith("Preciso só do seu nome.") and "não entendi" not in reply


async def test_a_digression_resumes_with_the_workflow_line_and_the_again_question() -> None:
    app = make([])
    assert "Prazer em te ver!" in await say(app, "cadastro")
    reply = await say(app, "uma duvida")
    assert reply == "Resposta da dúvida.\n\nVoltando ao cadastro:\n\nQual é o seu nome?"


async def test_the_listener_hears_user_values_once_per_batch() -> None:
    changes: list[tuple[str, dict[str, Any]]] = []
    app = make(changes)
    await say(app, "cadastro")
    await say(app, "nome Ana, 17 anos")
    assert changes == [("signup", {"name": "Ana", "age": 17})]


def test_an_unknown_on_filled_action_fails_at_build_time() -> None:
    async def root(turn: Turn) -> str:
        return ""

    with pytest.raises(WorkflowDefinitionError, match="unknown action 'judge_age'"):
        WorkflowPattern(load_workflows(DEFINITIONS), answer=root, actions={"answer": answer})


def test_an_asked_slot_needs_a_question() -> None:
    with pytest.raises(WorkflowDefinitionError, match="has no `question`"):
        load_workflows("workflows: {w: {steps: [{collect: x}]}}")
