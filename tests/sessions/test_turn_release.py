"""The turn pipeline releases the session before it says `done` (issue 22.4): the turn is saved
by then, a client's next message never waits for the release, and the last events leave with
the end of the stream in one write."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from switchboard.sessions.locks import Admission, SessionLocks
from switchboard.store.base import Store, StoredMessage
from tests.server.demo import make_demo_manager


class RecordingLocks:
    def __init__(self, store: Store) -> None:
        self.inner = SessionLocks()
        self.store = store
        self.held = False
        self.saved_at_release: list[StoredMessage] = []

    @asynccontextmanager
    async def hold(
        self, session_id: str, admission: Admission | None = None
    ) -> AsyncIterator[None]:
        async with self.inner.hold(session_id, admission):
            self.held = True
            try:
                yield
            finally:
                self.saved_at_release = await self.store.load_messages(session_id)
                self.held = False


async def test_the_session_is_released_after_the_save_and_before_done():
    app = make_demo_manager()
    locks = RecordingLocks(app.store)
    app.turns.locks = locks
    seen = [(event.type, locks.held) async for event in app.stream("s1", "oi", user_id="alice")]
    assert seen[0][1] is True  # the turn's own events come while it holds the session
    assert seen[-2:] == [("usage", False), ("done", False)]
    saved = [m.role for m in locks.saved_at_release]
    assert saved[0] == "user" and saved[-1] == "assistant"  # saved before the release
