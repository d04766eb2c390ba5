"""The workflow pattern end to end on a toy app (sign-up, pizza order, FAQ) run by `PatternApp`."""

from __future__ import annotations

from decimal import Decimal

from switchboard.core.messages import META_WORKFLOW
from switchboard.patterns.workflows import (
    WorkflowPattern,
    WorkflowState,
    WorkflowTexts,
    load_workflows,
)

from .conftest import ROOT, Profiles, answer, app_for, events, make_app, say

SIGNUP_ALL = "sou Ana, 17 anos, de Recife, terminei o ensino médio"


async def state_of(app, session="s1"):
    return (await app.store.get_session(session)).state.get(WorkflowState)


async def test_outside_workflows_the_root_answers():
    app = make_app()

    reply = await app.reply("s1", "oi", user_id="u1")

    assert (reply.agent, reply.text) == (ROOT, "Olá! Posso fazer seu cadastro ou anotar um pedido.")
    assert (await state_of(app)).stack == ()


async def test_all_slots_from_one_message_complete_the_workflow_in_the_same_turn():
    profiles = Profiles()
    app = make_app(profiles=profiles)

    assert await say(app, "quero me cadastrar") == "Qual é o seu nome?"
    reply = await app.reply("s1", SIGNUP_ALL, user_id="u1")

    assert reply.text == "Prontinho, Ana! Seu cadastro está completo."
    assert profiles.saved["u1"] == {
        "name": "Ana",
        "age": 17,
        "city": "Recife",
        "education": "medio_completo",
    }
    assert reply.agent == "cadastro"  # who said it; the next message goes back to the root
    assert app.active_agent(await app.store.get_session("s1")) == ROOT
    assert (await state_of(app)).stack == ()


async def test_only_what_is_missing_is_asked():
    app = make_app()
    await say(app, "cadastro")

    reply = await say(app, "me chamo Bruno e moro em São Paulo")
    assert reply == "Anotei: nome Bruno, cidade São Paulo.\n\nQuantos anos você tem?"
    assert await say(app, "20") == "Qual é a sua escolaridade?"
    frame = (await state_of(app)).top
    assert frame.slots == {"name": "Bruno", "city": "São Paulo", "age": 20}
    assert frame.asked == "education"


async def test_a_correction_overwrites_a_filled_slot_and_is_acknowledged():
    app = make_app()
    await say(app, "cadastro")
    await say(app, "sou Ana, 17 anos")

    text = await say(app, "na verdade tenho 19 anos")

    assert text == ("Certo, corrigi: idade agora é 19 (antes: 17).\n\nEm que cidade você mora?")
    assert (await state_of(app)).top.slots["age"] == 19


async def test_an_invalid_value_is_re_asked_and_after_the_bound_cancel_is_offered():
    app = make_app()
    await say(app, "cadastro")
    await say(app, "Ana")

    first = await say(app, "200")
    second = await say(app, "sei lá, muitos")

    assert first == (
        "Essa idade não parece certa.\n\nMe diga sua idade em números, por favor (ex.: 17)."
    )
    assert second.startswith("Desculpe, não entendi.\n\nMe diga sua idade em números")
    assert second.endswith('Se preferir, diga "cancelar" para sair.')  # age is not skippable
    assert (await state_of(app)).top.attempts == {"age": 2}
    assert await say(app, "17") == "Em que cidade você mora?"
    assert (await state_of(app)).top.attempts == {}


async def test_an_enum_re_ask_lists_the_options():
    app = make_app()
    await say(app, "cadastro")
    await say(app, "sou Ana, 17 anos, de Recife")

    text = await say(app, "blá")

    assert text.endswith(
        "Qual é a sua escolaridade? (Ensino Médio Incompleto, Ensino Médio Completo, "
        "Superior Incompleto, Superior Completo)"
    )


async def test_skip_passes_a_skippable_slot_and_refuses_a_required_one():
    app = make_app()
    await say(app, "cadastro")

    assert await say(app, "pular") == (
        "Essa informação é necessária para continuar.\n\nQual é o seu nome?"
    )
    await say(app, "sou Ana, 17 anos")
    assert await say(app, "prefiro não dizer") == (
        "Tudo bem, vamos seguir sem essa informação.\n\nQual é a sua escolaridade?"
    )
    frame = (await state_of(app)).top
    assert frame.skipped == ("city",) and "city" not in frame.slots


async def test_a_whole_message_cancel_ends_the_workflow_but_a_longer_sentence_does_not():
    app = make_app(router=_NeverRoutes())
    await say(app, "cadastro")  # the root answers (nothing routes), so start it directly
    pattern = app.pattern
    assert isinstance(pattern, WorkflowPattern)
    state = (await app.store.get_session("s1")).state
    pattern.start(state, "cadastro")
    await app.store.save_state("s1", state)
    assert await say(app, "sou Ana") == "Quantos anos você tem?"  # a fresh frame: no question yet

    assert await say(app, "não sei se paro por aqui") == (
        "Desculpe, não entendi.\n\nMe diga sua idade em números, por favor (ex.: 17)."
    )
    assert await say(app, "quero cancelar") == (
        "Tudo bem, cancelei: Cadastro do estudante (nome, idade, cidade e escolaridade)."
    )
    assert (await state_of(app)).stack == ()


class _NeverRoutes:
    async def route(self, turn, state):
        from switchboard.patterns.workflows import CONTINUE

        return CONTINUE


async def test_a_digression_pushes_the_frame_and_the_workflow_resumes_where_it_stopped():
    app = make_app()
    await say(app, "cadastro")
    await say(app, "sou Ana, 17 anos")

    stream = await events(app, "qual o horário de vocês?")

    assert [(e.type, getattr(e, "agent", None), getattr(e, "reason", None)) for e in stream] == [
        ("agent", "horario", "workflow"),
        ("text", "horario", None),
        ("agent", "cadastro", "workflow"),
        ("text", "cadastro", None),
        ("text", "cadastro", None),
        ("usage", None, None),
        ("done", "cadastro", None),
    ]
    assert stream[-1].text == (
        "Funcionamos todos os dias, das 18h às 23h.\n\n"
        "Voltando ao que estávamos fazendo…\n\nEm que cidade você mora?"
    )
    frame = (await state_of(app)).top
    assert (frame.workflow, frame.asked, frame.slots["age"]) == ("cadastro", "city", 17)


async def test_a_change_back_to_an_interrupted_workflow_drops_the_digression():
    app = make_app()
    await say(app, "cadastro")
    await say(app, "sou Ana")
    assert await say(app, "quero pedir uma pizza") == "Qual sabor você quer?"
    assert [f.workflow for f in (await state_of(app)).stack] == ["cadastro", "pedido"]

    assert await say(app, "voltar pro cadastro: tenho 18 anos") == "Em que cidade você mora?"

    stack = (await state_of(app)).stack
    assert [f.workflow for f in stack] == ["cadastro"] and stack[0].slots["age"] == 18


async def test_exit_pops_every_workflow():
    app = make_app()
    await say(app, "cadastro")
    await say(app, "quero pedir uma pizza")

    stream = await events(app, "Sair")

    assert stream[0].type == "agent" and (stream[0].agent, stream[0].previous) == (ROOT, "pedido")
    assert stream[-1].text == "Tudo bem, paramos por aqui. Se precisar, é só chamar!"
    assert (await state_of(app)).stack == ()
    assert await say(app, "oi") == "Olá! Posso fazer seu cadastro ou anotar um pedido."


async def test_conditions_skip_steps_and_actions_set_slots_and_yield_ui_with_fallback():
    app = make_app()
    await say(app, "pizza")
    await say(app, "2 pizzas de calabresa")
    assert await say(app, "não") == "Quanto você quer gastar, no máximo?"  # no address asked

    stream = await events(app, "R$ 100,00")

    kinds = [e.type for e in stream]
    assert kinds == ["agent", "status", "ui", "text", "text", "agent", "usage", "done"]
    ui = stream[2]
    assert (ui.component, ui.props) == ("order_summary", {"flavor": "calabresa", "total": "79.80"})
    assert stream[3].delta == ui.fallback_text == "Resumo: 2 x calabresa."
    assert stream[-1].text == (
        "Resumo: 2 x calabresa.\n\nPedido anotado: 2 pizza(s) de calabresa, total de R$ 79,80."
    )


async def test_a_validator_rejects_a_value_with_its_own_reason():
    app = make_app()
    await say(app, "pizza")
    await say(app, "1 pizza mussarela")
    await say(app, "sim")
    await say(app, "Rua das Flores, 10")

    text = await say(app, "0")

    assert text == "O valor precisa ser maior que zero.\n\nQuanto você quer gastar, no máximo?"
    assert (await say(app, "1.500,50")).startswith("Resumo: 1 x mussarela.")


async def test_every_message_is_tagged_with_its_workflow():
    app = make_app()
    await say(app, "oi")
    await say(app, "cadastro")
    await say(app, "sou Ana, 17 anos")
    await say(app, "qual o horário?")

    stored = await app.store.load_messages("s1")

    assert [(m.role, m.agent, m.metadata.get(META_WORKFLOW)) for m in stored] == [
        ("user", ROOT, None),
        ("assistant", ROOT, None),
        ("user", "cadastro", "cadastro"),
        ("assistant", "cadastro", "cadastro"),
        ("user", "cadastro", "cadastro"),
        ("assistant", "cadastro", "cadastro"),
        ("user", "horario", "horario"),
        ("assistant", "horario", "horario"),
        ("assistant", "cadastro", "cadastro"),
    ]


async def test_max_steps_stops_workflows_that_start_each_other_forever():
    loops = load_workflows(
        """
        ping: {triggers: [ping], steps: [{respond: ping}], on_complete: {start: pong}}
        pong: {steps: [{respond: pong}], on_complete: {start: ping}}
        """
    )
    pattern = WorkflowPattern(loops, answer=answer, max_steps=6)
    app = app_for(pattern)

    stream = await events(app, "ping")

    assert stream[-3].type == "error" and stream[-3].code == "step_limit"
    assert [e.delta for e in stream if e.type == "text"] == ["ping", "\n\npong", "\n\nping"]


async def test_on_complete_starts_the_next_workflow():
    chained = load_workflows(
        """
        a: {triggers: [começar], steps: [{respond: "A feito."}], on_complete: {start: b}}
        b: {steps: [{collect: ok, type: bool, question: "Tudo certo?"}]}
        """
    )
    app = app_for(WorkflowPattern(chained, answer=answer))

    assert await say(app, "começar") == "A feito.\n\nTudo certo?"
    assert [f.workflow for f in (await state_of(app)).stack] == ["b"]


async def test_switching_to_a_workflow_agent_starts_it():
    app = make_app()
    await say(app, "oi")

    await app.switch_agent("s1", "pedido", user_id="u1")

    assert (await say(app, "3 pizzas de portuguesa")).endswith("\n\nÉ para entrega?")


def test_decimal_slots_are_typed():
    step = load_workflows("w: {steps: [{collect: v, type: decimal, question: 'Quanto?'}]}")[
        "w"
    ].slots[0]
    from switchboard.patterns.workflows import coerce

    assert coerce(step, "R$ 1.234,56") == Decimal("1234.56")


async def test_complete_when_ends_a_workflow_before_its_remaining_steps():
    quick = load_workflows(
        """
        suporte:
          triggers: [suporte]
          complete_when: {slot: resolved, eq: true}
          steps:
            - {collect: resolved, type: bool, question: "Reiniciar o modem resolveu?"}
            - {collect: details, question: "Descreva o problema, por favor."}
            - {respond: "Vou abrir um chamado."}
        """
    )
    app = app_for(WorkflowPattern(quick, answer=answer))

    assert await say(app, "suporte") == "Reiniciar o modem resolveu?"
    assert await say(app, "sim, resolveu") == "Pronto, tudo certo!"
    assert (await state_of(app)).stack == ()
    assert await say(app, "suporte", session="s2") == "Reiniciar o modem resolveu?"
    assert await say(app, "não", session="s2") == "Descreva o problema, por favor."


async def test_values_given_beyond_the_question_are_shown_back_before_the_next_one():
    app = make_app()
    await say(app, "cadastro")
    await say(app, "sou Ana")  # one plain answer: nothing shown back, the next question follows
    assert await say(app, "moro em Recife") == "Anotei: cidade Recife.\n\nQuantos anos você tem?"
    assert await say(app, "17") == "Qual é a sua escolaridade?"


async def test_the_end_of_the_workflow_says_what_it_did_instead_of_the_noted_line():
    app = make_app()
    await say(app, "cadastro")
    await say(app, "sou Ana")
    reply = await say(app, "tenho 17 anos, moro em Recife e terminei o ensino médio")
    assert reply == "Prontinho, Ana! Seu cadastro está completo."


async def test_the_noted_line_can_be_turned_off():
    app = make_app(texts=WorkflowTexts(noted=None))
    await say(app, "cadastro")
    assert await say(app, "me chamo Bruno e moro em São Paulo") == "Quantos anos você tem?"
