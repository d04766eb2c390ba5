"""A root pattern wrapped by workflows, and a collect step answered through a UI component."""

from __future__ import annotations

from collections.abc import AsyncIterator

from switchboard.core.events import AgentEvent, Event, TextEvent
from switchboard.core.messages import META_UI, META_WORKFLOW, Message
from switchboard.core.state import RoutingState
from switchboard.patterns.workflows import Say, WorkflowPattern, load_workflows
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


async def test_a_component_is_kept_on_the_message_that_says_its_fallback():
    """So a reloaded history can show the component again (streamed or not)."""
    workflows = load_workflows(
        """
        renda:
          triggers: [renda]
          steps:
            - respond: "Vamos calcular."
            - collect: income
              type: decimal
              question: "Qual é a renda por pessoa da sua casa?"
              ui: {component: income_calculator, props: {limite: 2277}}
            - respond: "Anotei."
        """
    )
    app = app_for(WorkflowPattern(workflows, answer=_answer))
    question = "Qual é a renda por pessoa da sua casa?"
    component = {
        "component": "income_calculator",
        "props": {"limite": 2277},
        "fallback_text": question,
    }

    await app.reply("s1", "quero calcular a renda", user_id="u1")
    await events(app, "não sei", session="s2")
    await events(app, "quero calcular a renda", session="s2")
    await app.reply("s1", "1500", user_id="u1")

    first = await app.store.load_messages("s1")
    asked, answered = first[1], first[3]
    assert asked.content == f"Vamos calcular.\n\n{question}"  # one message, two lines
    assert asked.metadata[META_UI] == [component]
    assert META_UI not in answered.metadata
    streamed = await app.store.load_messages("s2")
    assert streamed[-1].metadata[META_UI] == [component]


async def test_whole_answers_build_no_events_but_store_the_same_text():
    app = make_app()

    reply = await app.reply("s1", "pizza", user_id="u1")

    assert reply.text == "Qual sabor você quer?"


async def _answer(turn: Turn) -> str:
    return "Oi!"


async def test_a_repeating_action_answers_every_message_until_routing_ends_it():
    workflows = load_workflows(
        """
        cadastro:
          triggers: [cadastro]
          steps:
            - {collect: name, question: "Qual é o seu nome?"}
            - {collect: city, question: "Qual é a sua cidade?"}
        duvidas:
          description: Tira dúvidas sobre o Prouni
          triggers: [prouni]
          steps:
            - {action: answer_question, repeat: true}
        """
    )
    asked: list[str | None] = []

    async def answer_question(ctx):
        asked.append(ctx.text)
        yield Say(f"Resposta sobre: {ctx.text}")

    app = app_for(
        WorkflowPattern(workflows, answer=_answer, actions={"answer_question": answer_question})
    )
    await say(app, "cadastro")
    await say(app, "Ana")

    assert await say(app, "o que é o prouni?") == "Resposta sobre: o que é o prouni?"
    assert await say(app, "e quem pode?") == "Resposta sobre: e quem pode?"
    assert await say(app, "voltar ao cadastro") == "Qual é a sua cidade?"
    assert asked == ["o que é o prouni?", "e quem pode?"]


async def test_prefill_loads_what_is_known_and_the_opening_message_still_wins():
    workflows = load_workflows(
        """
        perfil:
          triggers: [perfil]
          prefill: load_profile
          steps:
            - {collect: name, question: "Qual é o seu nome?"}
            - {collect: age, type: int, question: "Quantos anos você tem?",
               patterns: ['(?P<value>\\d+)\\s*anos']}
            - {collect: city, question: "Qual é a sua cidade?"}
        """
    )
    loads = []

    async def load_profile(ctx):
        loads.append(ctx.turn.user_id)
        return {"name": "Ana", "age": 17}

    app = app_for(
        WorkflowPattern(workflows, answer=_answer, actions={"load_profile": load_profile})
    )

    assert await say(app, "meu perfil: agora tenho 18 anos") == (
        "Certo, corrigi: age agora é 18 (antes: 17).\n\nQual é a sua cidade?"
    )
    assert await say(app, "Recife") == "Pronto, tudo certo!"  # no respond step: never silent
    assert loads == ["u1"]  # once, when the workflow started


async def test_a_guard_in_front_of_workflows_stops_a_message_before_the_router():
    from switchboard.patterns.guardrails import Guarded, Verdict

    class Guard:
        async def check(self, turn):
            if "proibido" in turn.text:
                return Verdict(allowed=False, category="violence", answer="Não posso ajudar.")
            return Verdict(allowed=True)

    class Spy:
        calls = 0

        async def route(self, turn, state):
            from switchboard.patterns.workflows import KeywordRouter

            Spy.calls += 1
            return await KeywordRouter(WORKFLOWS_FOR_GUARD).route(turn, state)

    inner = WorkflowPattern(WORKFLOWS_FOR_GUARD, answer=_answer, router=Spy())
    app = app_for(inner)
    app = type(app)(
        "guarded",
        Guarded(Guard(), inner),
        {name: app.agent(name) for name in app.agent_names},
        entry_agent="root",
        store=app.store,
        models=app.models,
        settings=app.settings,
    )

    assert await say(app, "cadastro") == "Qual é o seu nome?"
    assert await say(app, "algo proibido") == "Não posso ajudar."
    assert Spy.calls == 1
    assert await say(app, "Ana") == "Qual é a sua cidade?"  # the workflow is still there


WORKFLOWS_FOR_GUARD = load_workflows(
    """
    cadastro:
      triggers: [cadastro]
      steps:
        - {collect: name, question: "Qual é o seu nome?"}
        - {collect: city, question: "Qual é a sua cidade?"}
    """
)
