"""The jobs app's runtime on a launched engine over a fresh SQLite file per test (copied from a
session template that already has DBOS's migrations and the queues)."""

from __future__ import annotations

import asyncio
import shutil
import sqlite3
from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from switchboard.apps.finance.ledger import LEDGER, CardPurchase, Entry, LedgerBatch
from switchboard.apps.finance.nlu.dates import today_in_sao_paulo
from switchboard.apps.jobs.runtime import JobsSetup, jobs_setup
from switchboard.apps.jobs.spending import LedgerSpending
from switchboard.patterns.jobs.engine import JobEngine
from switchboard.patterns.jobs.worker import build_engine
from switchboard.store.base import Store
from switchboard.store.in_memory import InMemoryStore

from ...patterns.jobs.harness import EngineHarness

FAST: dict[str, Any] = {
    "polling_interval_s": 0.02,
    "notification_polling_s": 0.02,
    "create_schema": True,
    "heartbeat_s": 0.2,
    "dead_after_s": 1.0,
}


LEDGER_ROWS = [
    # (day of this month, kind, amount, categoria, subcategoria, description)
    (1, "despesa", "45.90", "Alimentação", "Supermercado", "Mercado do bairro"),
    (1, "receita", "5000.00", "Receitas", "Salário", "Salário"),
    (2, "despesa", "32.50", "Transporte", "App", "Corrida"),
    (2, "despesa", "120.00", "Lazer", "Bares", "Aniversário"),
    (3, "despesa", "78.40", "Alimentação", "Restaurante", "Almoço"),
]
"""What `seed_ledger` records for a user this month (São Paulo time), plus one card purchase
(Compras > Roupas, R$ 199,90): the offline report must show exactly the despesas."""


def ledger_batch(user_id: str, *, scale: int = 1) -> LedgerBatch:
    """`LEDGER_ROWS` (amounts times `scale`) and the card purchase, for `user_id`."""
    today = today_in_sao_paulo(datetime.now(UTC))
    first = today.replace(day=1)
    entries = [
        Entry(
            id=f"{user_id}-e{n}",
            user_id=user_id,
            kind=kind,  # type: ignore[arg-type]
            amount=Decimal(amount) * scale,
            day=first.replace(day=min(day, today.day)),
            categoria=categoria,
            subcategoria=sub,
            description=description,
        )
        for n, (day, kind, amount, categoria, sub, description) in enumerate(LEDGER_ROWS)
    ]
    purchase = CardPurchase(
        id=f"{user_id}-p1",
        user_id=user_id,
        amount=Decimal("199.90") * scale,
        day=first,
        categoria="Compras",
        subcategoria="Roupas",
        description="Loja de roupas",
    )
    return LedgerBatch(entries=entries, purchases=[purchase])


def seed_ledger(store: Store, user_id: str, *, scale: int = 1) -> None:
    """Record `ledger_batch` in `user_id`'s finance ledger of a memory store."""
    batch = ledger_batch(user_id, scale=scale)
    record = store.repository(LEDGER).record(user_id, f"seed-{user_id}", batch)
    with ThreadPoolExecutor(1) as pool:  # callable from sync code and from a running loop
        pool.submit(asyncio.run, record).result()


def seeded_store() -> InMemoryStore:
    """A memory store whose ledger has ana's and alice's rows, and bob's (10x) that must never
    reach their reports."""
    store = InMemoryStore()
    for user, scale in (("ana", 1), ("alice", 1), ("bob", 10)):
        seed_ledger(store, user, scale=scale)
    return store


class AppHarness(EngineHarness):
    wait_limit_s = 20.0

    def __init__(self, tmp: Path) -> None:
        self.tmp = tmp
        self.engine: JobEngine | None = None
        self.setup: JobsSetup | None = None
        self.store = seeded_store()

    @property
    def url(self) -> str:
        return f"sqlite:///{self.tmp / 'jobs.db'}"

    async def start(self, **options: Any) -> JobEngine:
        model = options.pop("model", "embedded")
        draft_first = options.pop("draft_first", True)
        self.setup = jobs_setup(
            str(self.tmp / "work"),
            model=model,
            draft_first=draft_first,
            spending=LedgerSpending(self.store),
        )
        self.engine = build_engine(self.setup.runtime, database_url=self.url, **{**FAST, **options})
        self.setup.service.target = self.engine
        await self.engine.launch()
        return self.engine

    def workdir(self, job_id: str) -> Path:
        return self.tmp / "work" / job_id


TOOLCHAIN_PACKAGES = ("pytest", "_pytest", "py.py", "pluggy", "iniconfig", "packaging", "pygments")


@pytest.fixture(scope="session")
def python_toolchain(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """pytest for the sandbox's system Python, as an operator would provide it with
    `pip install --target DIR pytest` (`SWITCHBOARD_JOBS_TOOLCHAIN`): here the pure-Python
    packages copied from this venv. The sandbox shows only the host's `/usr`, and the system
    Python has no pytest."""
    site = Path(pytest.__file__).resolve().parents[1]
    folder = tmp_path_factory.mktemp("toolchain")
    for name in TOOLCHAIN_PACKAGES:
        source = site / name
        if source.is_dir():
            shutil.copytree(source, folder / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy(source, folder / name)
    return folder


@pytest.fixture(scope="session")
def app_template_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("jobs_app_template")

    async def build() -> None:
        h = AppHarness(folder)
        await h.start()
        await h.stop()

    asyncio.run(build())
    with sqlite3.connect(folder / "jobs.db") as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return folder / "jobs.db"


@pytest.fixture
async def app_harness(tmp_path: Path, app_template_db: Path) -> AsyncIterator[AppHarness]:
    shutil.copy(app_template_db, tmp_path / "jobs.db")
    h = AppHarness(tmp_path)
    try:
        yield h
    finally:
        await h.stop()
