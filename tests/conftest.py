"""Suite-wide hygiene: commands under test (`serve`, `mcp`, `worker`) configure process logging
with handlers bound to the stream of the moment (a test runner's capture, later closed). Each test
gets the logging configuration back as it found it, so no test writes to another's dead stream."""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pytest

pytest_plugins = ["switchboard.testing.repository_backends"]
"""Any repository's suite on memory, SQLite and PostgreSQL (`backend_store`, `repository`)."""


@pytest.fixture(autouse=True)
def _restore_logging() -> Iterator[None]:
    manager = logging.Logger.manager
    root = logging.getLogger()
    saved_root = (root.handlers[:], root.level, root.filters[:])
    saved = {
        name: (logger.handlers[:], logger.level, logger.propagate, logger.disabled)
        for name, logger in manager.loggerDict.items()
        if isinstance(logger, logging.Logger)
    }
    yield
    root.handlers[:], root.level, root.filters[:] = saved_root
    for name, logger in list(manager.loggerDict.items()):
        if not isinstance(logger, logging.Logger):
            continue
        handlers, level, propagate, disabled = saved.get(name, ([], logging.NOTSET, True, False))
        logger.handlers[:] = handlers
        logger.level, logger.propagate, logger.disabled = level, propagate, disabled
