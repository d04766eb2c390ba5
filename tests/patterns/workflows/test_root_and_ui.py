"""A root pattern wrapped by workflows, and a collect step answered through a UI component."""

from __future__ import annotations

from collections.abc import AsyncIterator

from switchboard.core.events import AgentEvent, Event, TextEvent
from switchboard.core.messages import META_WORKFLOW, Message
from switchboard.core.state import RoutingState
from switchboard.patterns.workflows import WorkflowPattern, load_workflows
from switchboard.sessions.turn import Turn

from .conftest import app_for, events, make_app, say


class Echo:
    """A stand-in for delegation or any other `AgentRouting` root."""

    def __init__(self) -> None:
        self.placed: list[str] = []

    def current_agent(self, state: RoutingState) -> str:
        return "eco"

    def place(self, state: RoutingState, agent: str) -> None:
        self.placed.append(agent)

    async def route(self, turn: Turn) -> AsyncIterator[Event]:
        turn.new_messages.append(Message.user(turn.text, agent="eco"))
        turn.say(f"eco: {turn.text}", agent="eco")
        if turn.stream:
            yield AgentEvent(agent="eco", reason="start")
            yield TextEvent(delta=f"eco: {turn.text}", agent="eco")


async def test_an_inner_pattern_answers_outside_workflows_and_gets_control_back():
    root = Echo()
    app = make_app(root=root, root_agent="eco")

    assert await say(app, "oi") == "eco: oi"
    assert await say(app, "horário?") == "Funcionamos todos os dias, das 18h às 23h."
    assert await say(app, "obrigado") == "eco: obrigado"
    stored = await app.store.load_messages("s1")
    assert [m.metadata.get(META_WORKFLOW) for m in stored] == [
        None,
        None,
        "horario",
        "horario",
        None,
        None,
    ]
    await app.switch_agent("s1", "eco", user_id="u1")
    assert root.placed == ["eco"]


async def test_a_collect_step_with_a_ui_component_streams_it_with_the_question_as_fallback():
    workflows = load_workflows(
        """
        renda:
          triggers: [renda]
          steps:
            - collect: income
              type: decimal
              question: "Qual é a renda por pessoa da sua casa? (ex.: 1500)"
              ui: {component: income_calculator, props: {currency: BRL}}
            - respond: "Anotei: R$ {income}."
        """
    )
    app = app_for(WorkflowPattern(workflows, answer=_answer))

    stream = await events(app, "quero calcular a renda")

    ui = next(e for e in stream if e.type == "ui")
    texts = [e.delta for e in stream if e.type == "text"]
    assert (ui.component, ui.props) == ("income_calculator", {"currency": "BRL"})
    assert texts == [ui.fallback_text] == ["Qual é a renda por pessoa da sua casa? (ex.: 1500)"]
    assert await say(app, "1.518,00") == "Anotei: R$ 1.518."  # an API client answers by typing


async def test_whole_answers_build_no_events_but_store_the_same_text():
    app = make_app()

    reply = await app.reply("s1", "pizza", user_id="u1")

    assert reply.text == "Qual sabor você quer?"


async def _answer(turn: Turn) -> str:
    return "Oi!"
