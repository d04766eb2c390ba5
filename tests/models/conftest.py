"""Fixtures of the provider adapter tests: one stub server per module, reset for each test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from provider_stub import StubServer


@pytest.fixture(scope="module")
def stub_server() -> Iterator[StubServer]:
    server = StubServer()
    server.start()
    yield server
    server.stop()


@pytest.fixture
def stub(stub_server: StubServer) -> Iterator[StubServer]:
    stub_server.reset()
    yield stub_server
    leftover = len(stub_server.replies)
    stub_server.reset()
    assert leftover == 0, f"{leftover} queued stub replies were never requested"
