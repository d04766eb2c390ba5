"""The web chat's income calculator and opportunity cards in headless Chromium (Playwright)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect, sync_playwright

from switchboard.apps.scholarships.geography import SAME_AS_SHOWN
from switchboard.server import ServerSettings, create_app
from tests.accessibility import wcag_violations
from tests.server.conftest import live_server, make_keys
from tests.server.test_web_chat import ARGS, ARTIFACTS, CHROMIUM

from .helpers import make_app


@pytest.fixture(scope="module")
def server():
    keys = make_keys()
    app = make_app()
    app.guard.warm()  # train the offline guard before uvicorn's 10 s start-up deadline
    server_app = create_app(
        ServerSettings(
            database_url="memory://", rate_limit_burst=1000, rate_limit_per_second=1000.0
        ),  # type: ignore[call-arg]
        apps={"scholarships": app},
        key_store=keys.store,
    )
    with live_server(server_app) as url:
        yield url, keys, app


@pytest.fixture
def fresh_server():
    """A server of its own (no user is onboarded yet)."""
    keys = make_keys()
    app = make_app()
    app.guard.warm()
    server_app = create_app(
        ServerSettings(
            database_url="memory://", rate_limit_burst=1000, rate_limit_per_second=1000.0
        ),  # type: ignore[call-arg]
        apps={"scholarships": app},
        key_store=keys.store,
    )
    with live_server(server_app) as url:
        yield url, keys, app


def send(page, text: str) -> None:
    page.get_by_test_id("chat-input").fill(text)
    page.get_by_test_id("chat-input").press("Enter")


def test_income_calculator_and_cards_in_chromium(server) -> None:
    url, keys, _ = server
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        context = browser.new_context(viewport={"width": 1280, "height": 1400}, locale="pt-BR")
        page = context.new_page()
        page.goto(f"{url}/#key={keys.alice}")
        expect(page.locator("body")).to_have_attribute("data-ready", "true")
        answers = page.get_by_test_id("answer")

        send(page, "Me chamo Ana, tenho 18 anos, moro em Recife e terminei o ensino médio")
        expect(answers.nth(0).get_by_test_id("answer-text")).to_contain_text("Prontinho, Ana!")
        send(page, "Quero achar uma faculdade")
        expect(answers.nth(1).get_by_test_id("answer-text")).to_contain_text("Qual curso")
        send(page, "Direito, tirei 700, à noite, tanto faz")

        third = answers.nth(2)
        cards = third.get_by_test_id("opportunity-card")
        expect(cards.first).to_be_visible()
        expect(cards.first).to_contain_text("Direito")
        expect(third.get_by_test_id("answer-text")).not_to_contain_text(
            "1. Direito"
        )  # list → cards
        calculator = third.get_by_test_id("income-calculator")
        expect(calculator).to_be_visible()

        calculator.get_by_test_id("income-members").fill("4")
        calculator.get_by_test_id("income-value").first.fill("3.000,00")
        calculator.get_by_test_id("income-add").click()
        calculator.get_by_test_id("income-value").nth(1).fill("3000")
        expect(calculator.get_by_test_id("income-per-capita")).to_have_text("R$ 1.500,00")
        expect(calculator.get_by_test_id("income-badge")).to_have_text("Prouni integral")
        page.screenshot(path=str(ARTIFACTS / "scholarships_income_calculator.png"), full_page=True)
        calculator.get_by_test_id("income-submit").click()

        fourth = answers.nth(3)
        expect(fourth.get_by_test_id("answer-text")).to_contain_text("bolsa integral (100%)")
        # the income filtered nothing out: the cards above stand, not shown a second time
        expect(fourth.get_by_test_id("answer-text")).to_contain_text(SAME_AS_SHOWN)
        expect(fourth.get_by_test_id("opportunity-card")).to_have_count(0)
        expect(page.get_by_test_id("income-submit")).to_be_disabled()
        page.screenshot(path=str(ARTIFACTS / "scholarships_cards.png"), full_page=True)

        for scheme in ("light", "dark"):  # WCAG AA in both colour schemes (issue 22)
            page.emulate_media(color_scheme=scheme)
            assert wcag_violations(page) == [], scheme

        third.get_by_test_id("card-details").first.click()
        expect(answers.nth(4).get_by_test_id("answer-text")).to_contain_text("acessounico")
        context.close()
        browser.close()


def open_reloaded(page, session_id: str) -> None:
    """Reload the page (a fresh start: nothing of the live stream is left) and open the session
    from the list, so everything shown comes from the history endpoint."""
    page.reload()
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    page.locator(f'.session-item[data-session-id="{session_id}"]').click()
    expect(page.locator("#chat-title")).not_to_have_text("Nova conversa")


def test_a_reloaded_session_shows_its_cards_and_calculator(server) -> None:
    url, keys, _ = server
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        context = browser.new_context(viewport={"width": 1280, "height": 1400}, locale="pt-BR")
        page = context.new_page()
        page.goto(f"{url}/#key={keys.bob}")
        expect(page.locator("body")).to_have_attribute("data-ready", "true")
        answers = page.get_by_test_id("answer")
        send(page, "Me chamo Beto, tenho 19 anos, moro em Recife e terminei o ensino médio")
        expect(answers.nth(0).get_by_test_id("answer-text")).to_contain_text("Prontinho, Beto!")
        send(page, "Quero achar uma faculdade")
        expect(answers.nth(1).get_by_test_id("answer-text")).to_contain_text("Qual curso")
        send(page, "Direito, tirei 700, à noite, tanto faz")
        expect(answers.nth(2).get_by_test_id("opportunity-card").first).to_be_visible()
        session_id = page.evaluate("state.sessionId")

        open_reloaded(page, session_id)
        with_cards = answers.filter(has=page.get_by_test_id("opportunity-card"))
        expect(with_cards).to_have_count(1)
        expect(with_cards.get_by_test_id("opportunity-card").first).to_contain_text("Direito")
        expect(with_cards.get_by_test_id("answer-text")).not_to_contain_text("1. Direito")
        expect(with_cards.get_by_test_id("answer-text")).to_contain_text("renda da sua casa")
        pending = with_cards.get_by_test_id("income-calculator")
        expect(pending).to_be_visible()
        expect(pending.get_by_test_id("income-submit")).to_be_enabled()  # still the open question
        page.screenshot(path=str(ARTIFACTS / "scholarships_history_reload.png"), full_page=True)

        send(page, "1500 reais por pessoa")  # answered by typing, in the reloaded page
        expect(answers.last.get_by_test_id("answer-text")).to_contain_text("bolsa integral")

        open_reloaded(page, session_id)
        expect(with_cards).to_have_count(1)  # the income filtered nothing out: one list
        answered = answers.get_by_test_id("income-calculator")
        expect(answered).to_have_count(1)
        expect(answered).to_have_attribute("data-state", "answered")
        expect(answered.get_by_test_id("income-submit")).to_be_disabled()
        expect(answered.get_by_test_id("income-answered")).to_be_visible()
        expect(answers.last.get_by_test_id("answer-text")).to_contain_text("cidades próximas")
        page.screenshot(path=str(ARTIFACTS / "scholarships_history_answered.png"), full_page=True)

        with_cards.first.get_by_test_id("card-details").first.click()  # cards stay usable
        expect(answers.last.get_by_test_id("answer-text")).to_contain_text("acessounico")
        context.close()
        browser.close()


def test_a_question_mid_onboarding_is_answered_and_onboarding_resumes(fresh_server) -> None:
    """Answers first in the web chat: a Prouni question during onboarding is answered, the name
    question comes back under "Voltando ao seu cadastro:", and the name given next is used."""
    url, keys, _ = fresh_server
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        context = browser.new_context(viewport={"width": 1280, "height": 1000}, locale="pt-BR")
        page = context.new_page()
        page.goto(f"{url}/#key={keys.bob}")
        expect(page.locator("body")).to_have_attribute("data-ready", "true")
        answers = page.get_by_test_id("answer")
        send(page, "oi")
        expect(answers.nth(0).get_by_test_id("answer-text")).to_contain_text("qual é o seu nome?")
        send(page, "espera: qual a nota mínima do prouni?")
        resumed = answers.nth(1).get_by_test_id("answer-text")
        expect(resumed).to_contain_text("Edital Prouni 2026")
        expect(resumed).to_contain_text("Voltando ao seu cadastro:")
        expect(resumed).to_contain_text("Como você quer que eu te chame?")
        send(page, "pode me chamar de Duda")
        expect(answers.nth(2).get_by_test_id("answer-text")).to_contain_text("Prazer, Duda!")
        page.screenshot(path=str(ARTIFACTS / "scholarships_answers_first.png"), full_page=True)
        context.close()
        browser.close()


def test_cards_say_the_catalogue_is_illustrative(fresh_server) -> None:
    url, keys, _ = fresh_server
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        context = browser.new_context(viewport={"width": 1280, "height": 1200}, locale="pt-BR")
        page = context.new_page()
        page.goto(f"{url}/#key={keys.alice}")
        expect(page.locator("body")).to_have_attribute("data-ready", "true")
        answers = page.get_by_test_id("answer")
        send(page, "Me chamo Ana, tenho 18 anos, moro em Recife e terminei o ensino médio")
        expect(answers.last.get_by_test_id("answer-text")).to_contain_text("Ana")
        send(page, "Quero achar uma faculdade")
        expect(answers.last.get_by_test_id("answer-text")).to_contain_text("Qual curso")
        send(page, "Direito, tirei 700, à noite, tanto faz")
        notice = answers.last.get_by_test_id("cards-notice")
        expect(notice).to_contain_text("dados ilustrativos de exemplo")
        context.close()
        browser.close()
