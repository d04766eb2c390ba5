"""Following a job tree as it changes, without re-reading it: what `GET /jobs/{id}/events`
(and anything else that follows a job: a chat, a CLI) consumes.

Each tick reads the tree's change stamps — (id, parent, status, updated_at) of its rows, from
the covering index `ix_jobs_root`, no `record` touched — and re-reads only the jobs whose
`updated_at` moved. A tick happens when a write to that tree committed in this process
(`ChangeFeed`, fed by `JobStore.on_change`: the in-process worker of `switchboard serve`), and
otherwise every `poll_s` (writes by other processes: `switchboard worker`s). Measured against
the previous design (every 0.25 s the whole tree parsed, per stream): bench/jobs/RESULTS.md,
"Event streams".
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, field
from datetime import datetime

from switchboard.patterns.jobs.models import TERMINAL, Job
from switchboard.patterns.jobs.store import AsyncJobStore, Stamp

_TERMINAL = frozenset(status.value for status in TERMINAL)


@dataclass(slots=True)
class ChangeFeed:
    """Wake-ups per job tree for this process's watchers. `notify` is called from any thread
    after a write committed, on every step of every job: with no watcher on that tree it is one
    dict look-up."""

    loop: asyncio.AbstractEventLoop
    _waiters: dict[str, set[asyncio.Event]] = field(default_factory=dict)

    def notify(self, root_id: str) -> None:
        if root_id not in self._waiters:
            return
        with contextlib.suppress(RuntimeError):  # the loop is closing: nobody to wake
            self.loop.call_soon_threadsafe(self._wake, root_id)

    def _wake(self, root_id: str) -> None:
        for event in self._waiters.get(root_id, ()):
            event.set()

    @contextlib.contextmanager
    def listen(self, root_id: str) -> Iterator[asyncio.Event]:
        """An event set whenever the tree changed here (clear it before reading)."""
        event = asyncio.Event()
        self._waiters.setdefault(root_id, set()).add(event)
        try:
            yield event
        finally:
            waiters = self._waiters.get(root_id)
            if waiters is not None:
                waiters.discard(event)
                if not waiters:
                    del self._waiters[root_id]


def subtree(stamps: list[Stamp], job_id: str) -> list[Stamp]:
    """`job_id`'s stamp and its descendants' (a tree's stamps hold the whole tree)."""
    children: dict[str | None, list[Stamp]] = {}
    own = None
    for stamp in stamps:
        children.setdefault(stamp.parent_id, []).append(stamp)
        if stamp.id == job_id:
            own = stamp
    if own is None:
        return []
    found = [own]
    frontier = [job_id]
    while frontier:
        level = [s for parent in frontier for s in children.get(parent, ())]
        found.extend(level)
        frontier = [s.id for s in level]
    return found


async def watch_tree(
    db: AsyncJobStore,
    feed: ChangeFeed | None,
    job: Job,
    *,
    poll_s: float,
    heartbeat_s: float,
) -> AsyncIterator[list[Job]]:
    """Yield the jobs of `job`'s subtree that changed since the last yield (the first time:
    all of them, `job` first, then by creation); an empty list after `heartbeat_s` with no
    change (a keep-alive for the consumer). Ends once it yielded `job` ended."""
    store = db.sync
    root_id = job.root_id or job.id
    seen: dict[str, datetime] = {}
    loop = asyncio.get_running_loop()
    quiet_since = loop.time()
    with feed.listen(root_id) if feed is not None else contextlib.nullcontext() as event:
        while True:
            if event is not None:
                event.clear()
            stamps = subtree(await db.run(store.stamps, root_id), job.id)
            moved = [s.id for s in stamps if seen.get(s.id) != s.updated_at]
            ended = bool(stamps) and stamps[0].status in _TERMINAL
            if moved:
                changed = _ordered(await db.run(store.get_many, moved), job.id)
                for found in changed:
                    seen[found.id] = found.updated_at
                quiet_since = loop.time()
                yield changed
                ended = any(j.id == job.id and j.status.terminal for j in changed) or ended
            if ended or not stamps:
                return
            if loop.time() - quiet_since >= heartbeat_s:
                quiet_since = loop.time()
                yield []
            await _wait(event, poll_s)


def _ordered(found: list[Job], first: str) -> list[Job]:
    return sorted(found, key=lambda j: (j.id != first, j.created_at, j.id))


async def _wait(event: asyncio.Event | None, seconds: float) -> None:
    if event is None:
        await asyncio.sleep(seconds)
        return
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(event.wait(), seconds)


__all__ = ["ChangeFeed", "subtree", "watch_tree"]
