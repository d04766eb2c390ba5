"""Fixtures of the finance app tests (modules with their own `app` fixture override it)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from switchboard.apps.finance.app import FinanceApp
from tests.apps.finance.app_helpers import make_app


@pytest.fixture
async def app() -> AsyncIterator[FinanceApp]:
    """The offline app on the memory store and the fixed clock, shut down after the test."""
    built = make_app()
    try:
        yield built
    finally:
        await built.shutdown()
