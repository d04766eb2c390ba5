"""The web chat's jobs view in headless Chromium: a job asked for in the chat shows its plan,
is approved from the jobs panel, and its sub-job tree completes. Saves a screenshot."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect, sync_playwright

from switchboard.apps.jobs.app import build
from switchboard.apps.jobs.runtime import jobs_setup
from switchboard.apps.jobs.spending import LedgerSpending
from switchboard.server import ServerSettings, create_app
from tests.server.conftest import live_server
from tests.server.test_web_chat import ARGS, CHROMIUM

from .conftest import FAST, seeded_store
from .test_jobs_api import _keys

ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"


@pytest.fixture
def page(tmp_path: Path, app_template_db: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Page]:
    shutil.copy(app_template_db, tmp_path / "jobs.db")
    monkeypatch.setenv("SWITCHBOARD_JOBS_DATABASE_URL", f"sqlite:///{tmp_path / 'jobs.db'}")
    import switchboard.patterns.jobs.worker as worker

    original = worker.build_engine

    def fast_engine(runtime: Any, **options: Any) -> Any:
        return original(runtime, **{**options, **FAST})

    monkeypatch.setattr(worker, "build_engine", fast_engine)
    settings = ServerSettings(database_url="memory://", rate_limit_burst=10_000)
    store = seeded_store()
    setup = jobs_setup(str(tmp_path / "work"), model="embedded", spending=LedgerSpending(store))
    keys, alice, _ = _keys()
    server = create_app(
        settings,
        apps={"jobs": build(settings=settings, jobs_setup=setup, store=store)},
        key_store=keys,
    )
    with live_server(server) as url, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        context = browser.new_context(viewport={"width": 1280, "height": 860}, locale="pt-BR")
        page = context.new_page()
        page.goto(f"{url}/#key={alice}")
        expect(page.locator("body")).to_have_attribute("data-ready", "true")
        yield page
        context.close()
        browser.close()


def test_jobs_view_shows_the_tree_and_approves(page: Page) -> None:
    page.get_by_test_id("chat-input").fill("gere um relatório de gastos")
    page.get_by_test_id("chat-input").press("Enter")
    answer = page.get_by_test_id("answer").nth(0).get_by_test_id("answer-text")
    expect(answer).to_contain_text("Critérios de pronto", timeout=15_000)

    page.get_by_test_id("jobs-open").click()
    view = page.get_by_test_id("jobs-view")
    expect(view.get_by_test_id("job-item")).to_have_count(1)
    view.get_by_test_id("job-item").click()
    expect(view.get_by_test_id("job-approve")).to_be_visible()
    view.get_by_test_id("job-approve").click()
    tree = view.get_by_test_id("job-tree")
    expect(tree.get_by_test_id("job-node")).to_have_count(6, timeout=30_000)  # 4 + replan's 2
    head = view.locator(".job-head").get_by_test_id("job-status")
    expect(head).to_have_text("concluído", timeout=30_000)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "web_jobs_view.png"))
    files = view.get_by_test_id("job-file")
    expect(files.first).to_be_visible(timeout=15_000)
    names = files.get_by_test_id("job-file-download").all_inner_texts()
    assert names and not any(name.startswith(".git/") for name in names)
    with page.expect_download() as caught:
        files.get_by_test_id("job-file-download").first.click()
    download = caught.value
    assert download.suggested_filename == names[0].split("/")[-1]
    assert Path(download.path()).stat().st_size > 0


def test_jobs_view_loads_older_jobs_page_by_page(page: Page) -> None:
    made = page.evaluate(
        """async () => {
          const key = localStorage.getItem("switchboard.key");
          const ids = [];
          for (let n = 0; n < 23; n += 1) {
            const response = await fetch("/jobs", {
              method: "POST",
              headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
              body: JSON.stringify({ persona: "dev", request: `dev: tarefa ${n}` }),
            });
            ids.push((await response.json()).id);
          }
          return ids;
        }"""
    )
    assert len(made) == 23
    page.get_by_test_id("jobs-open").click()
    view = page.get_by_test_id("jobs-view")
    expect(view.get_by_test_id("job-item")).to_have_count(20)
    expect(view.get_by_test_id("job-item").first).to_contain_text("tarefa 22")
    view.get_by_test_id("jobs-more").click()
    expect(view.get_by_test_id("job-item")).to_have_count(23)
    expect(view.get_by_test_id("job-item").last).to_contain_text("tarefa 0")
    expect(view.get_by_test_id("jobs-more")).to_have_count(0)
