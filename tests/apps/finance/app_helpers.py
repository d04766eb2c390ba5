"""Shared helpers of the finance app tests: a fixed clock and an app on a chosen store."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from typing import Any, TypeVar

from switchboard.apps.finance.app import FinanceApp, build
from switchboard.apps.finance.ledger import LEDGER, Ledger
from switchboard.apps.finance.missions.catalogue.extract import extract
from switchboard.apps.finance.missions.catalogue.kinds import QuestionKind
from switchboard.apps.finance.missions.catalogue.params import ContaParams
from switchboard.config import Settings
from switchboard.core.clock import ManualClock

P = TypeVar("P")

NOW = datetime(2026, 11, 20, 15, 0, tzinfo=UTC)
"""Friday 20/11/2026, 12:00 in São Paulo."""
TODAY = date(2026, 11, 20)


def make_clock() -> ManualClock:
    return ManualClock(wall_start=NOW)


def make_app(
    store: Any = "memory://", *, clock: ManualClock | None = None, **options: Any
) -> FinanceApp:
    options.setdefault("hosted", False)
    options.setdefault("model", "embedded")
    options.setdefault("settings", Settings(database_url="memory://"))
    return build(store=store, clock=clock or make_clock(), **options)


def ledger_of(app: FinanceApp) -> Ledger:
    return app.store.repository(LEDGER)


async def say(app: FinanceApp, text: str, *, session: str = "s1", user: str = "ana") -> str:
    return (await app.reply(session, text, user_id=user)).text


async def app_with(*entries: str) -> FinanceApp:
    """A fresh app after the user said `entries`, one message each (a ledger built by chat)."""
    app = make_app()
    for text in entries:
        await say(app, text)
    return app


async def answer(text: str) -> str:
    """A fresh app's reply to one message (a complex question asked cold)."""
    return await say(make_app(), text)


def brl(value: float) -> str:
    """pt-BR money, written independently of the app's formatter."""
    whole, cents = f"{value:,.2f}".split(".")
    return "R$ " + whole.replace(",", ".") + "," + cents


def price_instalment(rate: float, months: int, principal: float) -> float:
    """The PRICE (fixed) instalment, written independently of the app's finmath."""
    return principal * rate / (1 - (1 + rate) ** -months)


async def later(clock: ManualClock, minutes: float) -> None:
    await clock.advance(timedelta(minutes=minutes).total_seconds())


def params_of(text: str, kind: QuestionKind, params: type[P]) -> P:
    """The parameters of a complex question, which must be read as `kind`."""
    question = extract(text)
    assert question is not None and question.kind is kind
    assert isinstance(question.params, params)
    return question.params


def quick_params(text: str) -> ContaParams:
    """The quick sum a question is read as (it must be one)."""
    return params_of(text, QuestionKind.CONTA, ContaParams)
