"""Router + workflows end to end, offline: spec 002 §5 and the issue's conversation cases."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

from switchboard.apps.scholarships.geography import SAME_AS_SHOWN
from switchboard.apps.scholarships.records import PROFILES, SIGNALS
from switchboard.core.messages import META_WORKFLOW
from switchboard.patterns.workflows import WorkflowState

from .helpers import USER, make_app, onboarded, part, say, stream

START_MATCH = "Claro! Vamos encontrar a melhor opção para você."
INCOME = "Me conta a renda da sua casa"
REFINE = "Você toparia estudar em cidades próximas ou em outra cidade do seu estado? (sim ou não)"


async def test_spec_happy_path_match_trace() -> None:
    """§5: "Quero achar uma faculdade" → the match workflow starts in the same turn and asks
    course and score; "Direito, tirei 700." fills both; then search, income, refinement."""
    app = make_app()
    await onboarded(app)
    first = await say(app, "Quero achar uma faculdade.")
    assert first.text.startswith(START_MATCH)
    assert "Qual curso você quer e qual sua nota do Enem?" in first.text
    assert first.agent == "match"
    assert (await part(app)).stack == ("match",)

    second = await say(app, "Direito, tirei 700.")
    assert "turno" in second.text and "pública" in second.text  # only what is missing
    slots = (await part(app)).frame("match").slots
    assert slots["course"] == "Direito" and Decimal(slots["score"]) == 700

    third = await say(app, "à noite, tanto faz")
    assert "Encontrei estas opções em Recife" in third.text and "1. Direito" in third.text
    assert INCOME in third.text
    assert "Anotei" not in third.text  # the search came first and shows the shift it used
    assert (await part(app)).asked == "per_capita_income"
    profile = await app.store.repository(PROFILES).get(USER)
    assert profile is not None and profile.course_interest == "Direito"
    assert profile.enem_score == 700.0 and profile.shifts == ["noturno"]

    fourth = await say(app, "1500 reais por pessoa")
    assert "bolsa integral (100%)" in fourth.text
    assert fourth.text.endswith(REFINE)
    # every option shown stays open at this income: said, not listed a second time
    assert SAME_AS_SHOWN in fourth.text and "1. Direito" not in fourth.text

    fifth = await say(app, "sim")
    assert "As melhores opções pela qualidade do MEC perto de Recife" in fifth.text
    assert (await part(app)).stack == ()  # completion returns to the root agent
    messages = await app.store.load_messages("s1")
    assert all(m.metadata.get(META_WORKFLOW) for m in messages)  # every message tagged
    assert {m.metadata[META_WORKFLOW] for m in messages} == {"match"}
    after = await say(app, "obrigada!")
    assert after.agent == "root"
    assert (await app.store.load_messages("s1"))[-1].metadata[META_WORKFLOW] == "root"


async def test_first_message_with_every_pref_searches_at_once() -> None:
    app = make_app()
    await onboarded(app)
    reply = await say(app, "quero buscar vagas de Medicina no Sisu à noite em federal, tirei 780")
    assert INCOME in reply.text
    assert (await part(app)).asked == "per_capita_income"


async def test_streamed_turn_has_tool_and_ui_events() -> None:
    app = make_app()
    await onboarded(app)
    await say(app, "Quero achar uma faculdade")
    await say(app, "Direito, tirei 700")
    events = await stream(app, "noite, tanto faz")
    types = [e.type for e in events]
    assert "tool_start" in types and "tool_end" in types and "status" in types
    ui = [e for e in events if e.type == "ui"]
    assert [e.component for e in ui] == ["opportunity_cards", "income_calculator"]
    cards = ui[0].props["cards"]
    assert cards and cards[0]["click_message"].startswith("Ver detalhes:")
    assert ui[1].props["integral_limit"] == "R$ 2.431,50"
    assert ui[1].fallback_text.startswith(INCOME)


async def test_onboarding_with_all_four_fields_in_one_message() -> None:
    app = make_app()
    await app.start()
    reply = await say(
        app, "Me chamo Ana Souza, tenho 18 anos, moro em Recife e terminei o ensino médio"
    )
    assert reply.text.startswith("Prontinho, Ana Souza!")
    profile = await app.store.repository(PROFILES).get(USER)
    assert profile is not None and profile.onboarding_completed
    assert (profile.age, profile.city, profile.education) == (18, "Recife", "Ensino Médio Completo")
    assert (await part(app)).stack == ()


async def test_onboarding_asks_only_what_is_missing_and_takes_corrections() -> None:
    app = make_app()
    await app.start()
    first = await say(app, "oi")
    assert "qual é o seu nome?" in first.text and first.agent == "onboarding"
    second = await say(app, "Beatriz")
    assert "Quantos anos você tem?" in second.text
    bad = await say(app, "tenho 5 anos")
    assert "idade não parece certa" in bad.text and "Quantos anos" in bad.text
    third = await say(app, "tenho 18 anos, moro em Campinas")
    # two slots in one message: both shown back, the city not asked
    assert (
        third.text == "Anotei: idade 18, cidade Campinas, estado SP.\n\nQual é a sua escolaridade?"
    )
    fourth = await say(app, "na verdade tenho 19 anos")
    assert "19" in fourth.text and "escolaridade" in fourth.text  # acknowledged, asked again
    done = await say(app, "ensino médio incompleto")
    assert done.text.startswith("Prontinho, Beatriz!")
    profile = await app.store.repository(PROFILES).get(USER)
    assert profile is not None and (profile.age, profile.city) == (19, "Campinas")
    assert profile.education == "Ensino Médio Incompleto" and profile.onboarding_completed


async def test_onboarding_asks_only_what_the_profile_lacks() -> None:
    app = make_app()
    await onboarded(app, onboarding_completed=False, education=None)
    reply = await say(app, "oi")
    assert "escolaridade" in reply.text and "nome" not in reply.text


async def test_topic_change_to_prouni_and_back_to_match() -> None:
    app = make_app()
    await onboarded(app)
    await say(app, "Quero achar uma faculdade")
    await say(app, "Direito, tirei 700")
    question = await say(app, "qual a renda máxima para a bolsa integral do Prouni?")
    assert "Edital Prouni 2026, item 1.4" in question.text
    assert "Voltando à sua busca" in question.text  # the match question is asked again
    stored = await app.store.load_messages("s1")
    answer = next(m for m in stored if "item 1.4" in m.content)
    assert (answer.agent, answer.metadata[META_WORKFLOW]) == ("prouni", "prouni")
    assert (await part(app)).stack == ("match",)
    back = await say(app, "noite, tanto faz")
    assert back.agent == "match" and "Encontrei estas opções" in back.text


async def test_sair_leaves_the_workflow_and_records_abandonment() -> None:
    app = make_app()
    await onboarded(app)
    await say(app, "Quero achar uma faculdade")
    reply = await say(app, "Sair")
    assert reply.agent == "root" and reply.text.startswith("Tudo bem")
    assert (await part(app)).stack == ()
    signals = await app.store.repository(SIGNALS).recent(kind="workflow_abandoned")
    assert signals and signals[0].payload["workflow"] == "match"
    assert signals[0].payload["step"] == "course"


async def test_informational_intents_go_to_sisu_and_action_intents_to_match() -> None:
    app = make_app()
    await onboarded(app)
    info = await say(app, "Como funciona o Sisu?")
    assert info.agent == "sisu"
    action = await say(app, "quero ver vagas do Sisu")
    assert action.agent == "match"


async def test_card_click_is_answered_and_recorded() -> None:
    app = make_app()
    await onboarded(app)
    await say(app, "Quero achar uma faculdade")
    await say(app, "Direito, tirei 700")
    await say(app, "noite, tanto faz")
    shown = (await part(app)).own.shown
    assert len(shown) == 2
    reply = await say(app, f"Ver detalhes: {shown[1]}")
    assert "Direito" in reply.text and "acessounico" in reply.text
    clicks = await app.store.repository(SIGNALS).recent(kind="card_click")
    assert clicks[0].payload == {"opportunity_id": shown[1], "position": 2}
    assert (await part(app)).asked == "per_capita_income"  # a click does not move the workflow


async def test_restart_mid_workflow_on_sqlite(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'app.db'}"
    first = make_app(store=url)
    await onboarded(first)
    await say(first, "Quero achar uma faculdade")
    await say(first, "Direito, tirei 700")
    await first.shutdown()

    second = make_app(store=url)  # a new process on the same database
    reply = await say(second, "noite, tanto faz")
    assert "Encontrei estas opções" in reply.text and reply.agent == "match"
    record = await second.store.get_session("s1")
    assert record is not None
    assert record.state.get(WorkflowState).stack[0].slots["course"] == "Direito"
    await second.shutdown()


async def test_injection_through_the_chat_search_is_only_words() -> None:
    app = make_app()
    await onboarded(app)
    await say(app, "Quero achar uma faculdade")
    reply = await say(app, "Direito'; DROP TABLE opportunities; -- tirei 700, noite, tanto faz")
    assert reply.text  # answered (searched or refused), never crashed
    from switchboard.apps.scholarships.records import OPPORTUNITIES

    assert await app.store.repository(OPPORTUNITIES).count() > 3000


def test_the_app_is_registered_as_an_entry_point(monkeypatch) -> None:
    from importlib.metadata import EntryPoint

    from switchboard import apps as registry
    from switchboard.apps.scholarships.app import ScholarshipsApp

    registered = dict(registry._registered())
    registered["scholarships"] = EntryPoint(
        "scholarships", "switchboard.apps.scholarships.app:factory", "switchboard.apps"
    )
    monkeypatch.setattr(registry, "_registered", lambda: registered)
    app = registry.load_app("scholarships", model="embedded", store="memory://")
    assert isinstance(app, ScholarshipsApp) and app.entry_agent == "root"
    assert [card.name for card in app.agents()] == [
        "root",
        "onboarding",
        "match",
        "sisu",
        "prouni",
        "simulation",
    ]
    pyproject = Path(__file__).resolve().parents[3] / "pyproject.toml"
    assert 'scholarships = "switchboard.apps.scholarships.app:factory"' in pyproject.read_text()
