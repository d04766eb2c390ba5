"""A finance mission in the web chat, in real headless Chromium (Playwright): the coordinator is
named by its pt-BR title while it works, and the compact timeline under the answer shows the
executors called, a forced fallback and the budget used, live and after the history reloads."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Locator, Page, expect, sync_playwright

from switchboard.apps.finance.app import FinanceApp
from switchboard.apps.finance.market import Fault, MarketSetup, offline_market
from switchboard.server import ServerSettings, create_app
from tests.accessibility import wcag_violations
from tests.server.conftest import Keys, live_server, make_keys
from tests.server.test_web_chat import ARGS, ARTIFACTS, CHROMIUM

from .app_helpers import make_app, make_clock

CAR = (
    "Quero comprar um carro de R$ 80.000, tenho R$ 20.000 guardados. Faz sentido financiar ou "
    "poupar mais?"
)
PETROBRAS = "A Petrobras caiu 3% ontem, vale a pena comprar agora?"


def quotes_source_down() -> MarketSetup:
    """The offline market with the primary source's quote endpoint failing: the research
    executor's chain falls back to the alternative source (Yahoo-style replay)."""
    market = offline_market(make_clock())
    assert market.brapi_transport is not None
    market.brapi_transport.fail(Fault.HTTP_500, "/api/quote/*")
    return market


@pytest.fixture(scope="module")
def server() -> Iterator[tuple[str, Keys, FinanceApp]]:
    keys = make_keys()
    finance = make_app(demo_user="alice", market=quotes_source_down)
    finance.finance.brain.warm()  # train the offline triage before the browser's first request
    app = create_app(
        ServerSettings(
            database_url="memory://", rate_limit_burst=1000, rate_limit_per_second=1000.0
        ),  # type: ignore[call-arg]
        apps={"finance": finance},
        key_store=keys.store,
    )
    with live_server(app) as url:
        yield url, keys, finance


@pytest.fixture
def page(server: tuple[str, Keys, FinanceApp]) -> Iterator[Page]:
    url, keys, _ = server
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        context = browser.new_context(viewport={"width": 1280, "height": 1000}, locale="pt-BR")
        page = context.new_page()
        page.goto(f"{url}/#key={keys.alice}")
        expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=30_000)
        yield page
        context.close()
        browser.close()


def ask(page: Page, text: str, index: int, expected: str) -> Locator:
    page.get_by_test_id("chat-input").fill(text)
    page.get_by_test_id("chat-input").press("Enter")
    answer = page.get_by_test_id("answer").nth(index)
    expect(answer.get_by_test_id("answer-text")).to_contain_text(expected, timeout=30_000)
    return answer


def test_mission_timeline_live_and_after_reload(page: Page) -> None:
    # mission agents are named, never offered as switching targets
    expect(page.get_by_test_id("agent-select").locator("option")).to_have_text(
        [
            "Agente Junior (triagem)",
            "Agente Lançador",
            "Agente Simplista",
            "Orquestrador (análises complexas)",
        ]
    )
    page.evaluate(  # every badge the answer showed, in order
        """() => {
            window.badges = [];
            const original = window.setAgent;
            window.setAgent = (view, agent) => {
                original(view, agent);
                window.badges.push(view.badge.textContent);
            };
        }"""
    )

    # 1. the car: executors in two parallel steps; the CDI comes from the static data (no
    # source offers it offline: a fallback of the chain), no external call spent
    car = ask(page, CAR, 0, "R$ 1.952,13")
    expect(car.get_by_test_id("agent-badge")).to_have_text("Orquestrador (análises complexas)")
    assert "Coordenador de Planejamento Financeiro" in page.evaluate("window.badges")
    timeline = car.get_by_test_id("mission-timeline")
    expect(timeline).not_to_have_attribute("open", "")  # compact until asked
    check_summary(timeline, "4 consultas", "1 fonte alternativa", "0% do orçamento")
    timeline.get_by_test_id("timeline-summary").click()
    steps = timeline.get_by_test_id("timeline-step")
    expect(steps).to_have_count(4)
    expect(steps.nth(0)).to_contain_text("Seus dados financeiros")
    expect(steps.nth(0)).to_contain_text("sua sobra mensal")
    expect(steps.nth(1)).to_contain_text("Pesquisa de Mercado")
    expect(steps.nth(1)).to_have_attribute("data-result", "alternativa")
    expect(steps.nth(2)).to_contain_text("Cálculos Financeiros")
    expect(timeline.get_by_test_id("timeline-fallback")).to_have_text("via dados estáticos")
    expect(timeline).to_contain_text("Etapa 1 · em paralelo")
    expect(timeline).to_contain_text("Coordenador de Planejamento Financeiro")
    expect(timeline.get_by_test_id("budget-api")).to_contain_text("0 de 15 (0%)")
    expect(timeline.get_by_test_id("budget-tokens")).to_contain_text("0 de 10.000 (0%)")
    timeline.get_by_test_id("timeline-summary").click()  # and closes again
    expect(timeline).not_to_have_attribute("open", "")

    # 2. Petrobras with the primary quote source down: forced fallbacks to the alternative
    # source, and external calls spent from the budget
    stock = ask(page, PETROBRAS, 1, "PETR4")
    assert "Coordenador de Investimentos" in page.evaluate("window.badges")
    timeline = stock.get_by_test_id("mission-timeline")
    check_summary(timeline, "6 consultas", "2 fontes alternativas", "33% do orçamento")
    timeline.get_by_test_id("timeline-summary").click()
    expect(timeline.get_by_test_id("timeline-step")).to_have_count(6)
    expect(timeline.get_by_test_id("timeline-fallback")).to_have_text(
        ["via Yahoo Finance", "via Yahoo Finance"]
    )
    expect(timeline.get_by_test_id("budget-api")).to_contain_text("5 de 15 (33%)")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    timeline.scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "web_mission_timeline.png"))
    for scheme in ("light", "dark"):  # WCAG AA in both colour schemes (issue 22)
        page.emulate_media(color_scheme=scheme)
        assert wcag_violations(page) == [], scheme

    # the history keeps them: reload, open the conversation, same timelines
    page.reload()
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    page.locator(".session-item").first.click()
    answers = page.get_by_test_id("answer")
    reloaded = answers.nth(0).get_by_test_id("mission-timeline")
    check_summary(reloaded, "4 consultas", "1 fonte alternativa", "0% do orçamento")
    reloaded.get_by_test_id("timeline-summary").click()
    expect(reloaded.get_by_test_id("timeline-step")).to_have_count(4)
    expect(reloaded.get_by_test_id("timeline-fallback")).to_have_text("via dados estáticos")
    check_summary(
        answers.nth(1).get_by_test_id("mission-timeline"),
        "6 consultas",
        "2 fontes alternativas",
        "33% do orçamento",
    )


def check_summary(timeline: Locator, *chips: str) -> None:
    summary = timeline.get_by_test_id("timeline-summary")
    expect(summary).to_contain_text("Como cheguei a esta resposta")
    for chip in chips:
        expect(summary).to_contain_text(chip)
