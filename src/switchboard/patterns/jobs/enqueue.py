"""Putting a job's workflow on its DBOS queue, from anywhere, at most once per workflow id, and
starting it in this process at once when this process serves that queue and has room.

The workflow id is the job id (`start`) or `<job id>:finish:<round>` (a parent resuming after
its sub-jobs), so enqueueing the same thing twice returns the existing workflow: hand-offs can be
made from inside a step body, which a crash may re-run.

A queued workflow otherwise waits for the next poll of a worker serving its queue
(`EngineConfig.polling_interval_s`, 0.5 s by default: 0.25 s per hand-off on average, which adds
up along a job tree). So after enqueueing, `LocalStarter` has one dequeue pass of the queue run
in this process, on a thread of its own (`dbos_runtime.start_queued_here`): DBOS's own claim,
so the workflow is durable (ENQUEUED first, then claimed), runs once (one claim wins, whoever
polls), is recovered like any dequeued workflow, and the worker's `worker_concurrency` holds (a
full worker claims nothing and the queue's poll takes it later, as before). A re-run hand-off
enqueues the existing workflow and finds nothing ENQUEUED to claim for it.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
import threading
from collections.abc import Callable, Mapping, Sequence
from queue import SimpleQueue
from typing import NamedTuple

from dbos import DBOS, EnqueueOptions, Queue

from switchboard.patterns.jobs import nowait
from switchboard.patterns.jobs.config import QUEUE_PREFIX, WORKFLOW_NAME, EngineConfig
from switchboard.patterns.jobs.dbos_runtime import start_queued_here

log = logging.getLogger(__name__)

StartNow = Callable[[Sequence[str]], None]
"""Has this process start what waits on these job queues now, where it serves them and has room
(`LocalStarter`; returns at once); called after enqueueing."""


class Follow(NamedTuple):
    """A workflow to enqueue: which job, on which queue, at which priority, in which phase."""

    job_id: str
    queue: str
    priority: int
    phase: str
    workflow_id: str
    delay_s: float = 0.0
    """Enqueued `DELAYED` until then (DBOS moves it to the queue; nothing waits in a slot)."""


def options(cfg: EngineConfig, follow: Follow) -> EnqueueOptions:
    chosen = EnqueueOptions(
        workflow_name=WORKFLOW_NAME,
        queue_name=QUEUE_PREFIX + follow.queue,
        workflow_id=follow.workflow_id,
        priority=follow.priority,
        app_version=cfg.app_version,
    )
    if follow.delay_s > 0:
        chosen["delay_seconds"] = follow.delay_s
    return chosen


def _enqueue_all(cfg: EngineConfig, follows: Sequence[Follow]) -> None:
    for follow in follows:
        DBOS.enqueue_workflow_with_options(options(cfg, follow), follow.job_id, follow.phase)


def enqueue_sync(
    cfg: EngineConfig, follows: Sequence[Follow], start_now: StartNow | None = None
) -> None:
    """Enqueue as from outside any workflow, also from inside a step body (a hand-off): DBOS
    refuses to start workflows from a step, and the step's DBOS context lives in a context
    variable, so the calls run in an empty context. Then `start_now` the queues handed to
    (a worker's own queues start at once instead of at the next poll)."""
    if follows:
        nowait.refuse_to_wait()  # DBOS's write waits on its busy timeout: a thread's work
        contextvars.Context().run(_enqueue_all, cfg, follows)
        if start_now is not None:
            start_now([follow.queue for follow in follows if follow.delay_s <= 0])


async def enqueue(
    cfg: EngineConfig, follows: Sequence[Follow], start_now: StartNow | None = None
) -> None:
    """`enqueue_sync` from async code (the API, a tool creating a sub-job inside a step), on an
    executor thread (all of them in one hop): DBOS's write may wait on a lock."""
    if follows:
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(None, enqueue_sync, cfg, follows, start_now)


class LocalStarter:
    """`StartNow` for a worker: requests a dequeue pass (`start_queued_here`) of each queue it
    serves, run on its own thread; the caller (a step's hand-off) never waits for it, and
    requests made while a pass of that queue is still due are one pass.

    Passes run one at a time, and each waits until the workflows it started count as running
    (their first step on the loop registers them with DBOS), so the next pass sees them: passes
    never take more than the worker's room. A queue poll running at the same instant counts what
    it saw when it began (DBOS's own dispatch lags the same way), so the worker may be one over
    for that moment. A pass that fails changes nothing: the workflow is ENQUEUED, the poll takes
    it.
    """

    def __init__(self, queues: Mapping[str, Queue], loop: asyncio.AbstractEventLoop) -> None:
        self._queues = dict(queues)
        """Job queue name → its DBOS queue, for the queues this process serves."""
        self._loop = loop
        """The loop DBOS runs this process's workflows on (the engine's)."""
        self._requests: SimpleQueue[str | threading.Event | None] = SimpleQueue()
        """Queue names to pass over; an event to set once the ones before it ran; None: stop."""
        self._lock = threading.Lock()
        self._due: dict[str, bool] = {}
        """Queues with a pass requested and not begun → whether only if idle."""
        self._closed = False
        # a daemon: a pass waiting on a loop that is gone must not hold the process at exit
        threading.Thread(target=self._run, name="jobs-start", daemon=True).start()

    def __call__(self, queues: Sequence[str], *, only_if_idle: bool = False) -> None:
        """Request a pass of each of `queues` this process serves. `only_if_idle` (a new job):
        only if the worker runs nothing on the queue then — one pass for a burst of new jobs,
        whose cost the no-op throughput benchmark showed; the poll takes the rest."""
        with self._lock:
            if self._closed:
                return
            for name in dict.fromkeys(queues):
                if name not in self._queues:
                    continue
                if name in self._due:  # one pass to come covers it, unconditional if either is
                    self._due[name] = self._due[name] and only_if_idle
                else:
                    self._due[name] = only_if_idle
                    self._requests.put(name)

    def _run(self) -> None:
        while (request := self._requests.get()) is not None:
            if isinstance(request, threading.Event):
                request.set()
            else:
                self._pass(request)

    def _pass(self, name: str) -> None:
        with self._lock:  # what is enqueued from now on needs another pass
            only_if_idle = self._due.pop(name, False)
        try:
            started = start_queued_here(self._queues[name], only_if_idle=only_if_idle)
        except Exception:
            log.warning("starting queue %s now failed; left to its poll", name, exc_info=True)
            return
        if started:
            self._settle()

    def _settle(self) -> None:
        """Until the loop ran the first step of the workflows just dispatched (scheduled ahead
        of this callback), where DBOS counts them as running on their queue."""
        ran = threading.Event()
        try:
            self._loop.call_soon_threadsafe(ran.set)
        except RuntimeError:  # the loop is closed: nothing to wait for
            return
        if not ran.wait(5.0):  # the loop is stalled or stopping
            log.debug("event loop did not settle")

    def flush(self, timeout_s: float = 10.0) -> bool:
        """Until the passes requested so far ran (tests; blocks: not from the loop)."""
        done = threading.Event()
        self._requests.put(done)
        return done.wait(timeout_s)

    def close(self) -> None:
        """No more passes (engine shutdown); one running finishes on its own."""
        with self._lock:
            self._closed = True
            self._requests.put(None)


__all__ = ["Follow", "LocalStarter", "StartNow", "enqueue", "enqueue_sync", "options"]
