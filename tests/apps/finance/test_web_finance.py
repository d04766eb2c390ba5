"""The finance app in the web chat, in headless Chromium (Debian's `chromium`) via Playwright:
picked in the app picker, an expense recorded through a clarifying dialog, two identical real
purchases recorded twice (the page sends an `Idempotency-Key` per message), direct questions
over the demo ledger answered in pt-BR money."""

from __future__ import annotations

from decimal import Decimal

import pytest
from playwright.sync_api import expect, sync_playwright

from switchboard.apps.finance.demo import demo_batch
from switchboard.apps.finance.ledger import FlowFilter
from switchboard.apps.finance.nlu import format_brl
from switchboard.server import ServerSettings, create_app
from tests.accessibility import wcag_violations
from tests.server.conftest import live_server, make_keys, run_now
from tests.server.demo import make_demo_manager
from tests.server.test_web_chat import ARGS, ARTIFACTS, CHROMIUM

from .app_helpers import TODAY, ledger_of, make_app

SLOW = 30_000
"""ms for each answer: the machine is shared, and the first turn waits for the warm-up."""


@pytest.fixture(scope="module")
def server():
    keys = make_keys()
    finance = make_app(demo_user="alice")
    finance.finance.brain.warm()  # train the offline classifiers before uvicorn's start-up
    demo = make_demo_manager()
    server_app = create_app(
        ServerSettings(
            database_url="memory://", rate_limit_burst=1000, rate_limit_per_second=1000.0
        ),  # type: ignore[call-arg]
        apps={"demo": demo, "finance": finance},
        key_store=keys.store,
    )
    with live_server(server_app) as url:
        yield url, keys, finance


def send(page, text: str) -> None:
    page.get_by_test_id("chat-input").fill(text)
    page.get_by_test_id("chat-input").press("Enter")


def test_finance_in_the_web_chat(server) -> None:
    url, keys, finance = server
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        context = browser.new_context(viewport={"width": 1280, "height": 1400}, locale="pt-BR")
        page = context.new_page()
        page.goto(f"{url}/#key={keys.alice}")
        expect(page.locator("body")).to_have_attribute("data-ready", "true")

        picker = page.get_by_test_id("app-select")
        expect(picker.locator("option")).to_have_text(["demo", "Assistente financeiro"])
        picker.select_option("finance")
        expect(page.get_by_test_id("agent-select")).to_have_value("junior")
        answers = page.get_by_test_id("answer")

        def answered(n: int, text: str, badge: str) -> None:
            answer = answers.nth(n)
            expect(answer.get_by_test_id("answer-text")).to_have_text(text, timeout=SLOW)
            expect(answer.get_by_test_id("agent-badge")).to_have_text(badge)

        send(page, "Oi, tudo bem?")
        answered(
            0,
            "Olá! Tudo bem sim, e com você? Como posso ajudar com suas finanças hoje?",
            "Agente Junior (triagem)",
        )
        send(page, "gastei 450 reais")
        answered(1, "Em que você gastou os R$ 450,00?", "Agente Lançador")
        send(page, "no supermercado")
        answered(
            2,
            "Registrado! Despesa de R$ 450,00 em Supermercado na data de hoje.",
            "Agente Lançador",
        )
        # the same purchase twice for real: each message has its own key, both are recorded
        for n in (3, 4):
            send(page, "Gastei R$ 150 no supermercado hoje")
            answered(
                n,
                "Registrado! Despesa de R$ 150,00 em Supermercado na data de hoje.",
                "Agente Lançador",
            )
        send(page, "quanto paguei de aluguel no mês passado?")
        answered(5, "No mês passado você gastou R$ 1.800,00 com Aluguel.", "Agente Simplista")
        send(page, "Quanto gastei esse mês?")
        demo = demo_batch("alice", TODAY)
        spent = sum(
            (e.amount for e in demo.entries
             if e.kind == "despesa" and (e.day.year, e.day.month) == (TODAY.year, TODAY.month)),
            Decimal("750.00"),
        )  # fmt: skip
        answered(6, f"Neste mês você gastou {format_brl(spent)}.", "Agente Simplista")
        expect(page.get_by_test_id("error-line")).to_be_hidden()
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "web_finance.png"), full_page=True)

        for scheme in ("light", "dark"):  # WCAG AA in both colour schemes (issue 22)
            page.emulate_media(color_scheme=scheme)
            assert wcag_violations(page) == [], scheme
        context.close()
        browser.close()

    entries = run_now(ledger_of(finance).entries("alice", FlowFilter()))
    recorded = sorted(e.amount for e in entries if not e.id.startswith("demo-"))
    assert recorded == [Decimal("150.00"), Decimal("150.00"), Decimal("450.00")]
