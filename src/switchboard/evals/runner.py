"""Running suite cases against apps: one app per (app, date), one user and session per case.

Isolation. Every case gets a fresh user id and session id on an app whose store is in memory
(or a temporary SQLite file, `store="sqlite"`) — never the user's database — and whose clock
shows the case's date (`clock.PinnedDayClock`). Apps read and write per user, so cases on one
app cannot see each other, and the app is built and started once per (app, date) instead of per
case: a fresh app per case made runs 8× (finance) to 110× (scholarships: it fills its knowledge
index at start) slower, `bench/eval/RESULTS.md`. Effects are differences of one user's records
before and after each turn, so a shared store does not blur them.

Failures stay inside their case. An app that raises, emits an `error` event or times out fails
that turn (the pseudo-check `error`); after a raise or a timeout the rest of the case is not
run and its graded turns count as failed; the run goes on. Mistakes in the suite itself — an
unknown app, a check the app's probe cannot report, an effect field outside its vocabulary —
are found before any case runs (`preflight.py`) and reported with file and line, like a parse
error.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import shutil
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Literal

from switchboard.config import Settings
from switchboard.core.errors import UnknownAppError
from switchboard.core.events import DoneEvent, Event, TextEvent
from switchboard.evals.checks import not_run, turn_result
from switchboard.evals.clock import PinnedDayClock
from switchboard.evals.loader import Selection, SuiteError, SuiteProblem, load_suites, select
from switchboard.evals.preflight import AppStatus, case_problems
from switchboard.evals.probe import (
    CaseContext,
    CaseProbe,
    EvalProbe,
    TurnFacts,
    TurnObservation,
    probe_for,
)
from switchboard.evals.results import (
    CaseResult,
    RunResult,
    TurnResult,
    summarize,
)
from switchboard.evals.suite import DEFAULT_TODAY, SuiteCase, TurnSpec
from switchboard.models.source import ModelChoice
from switchboard.sessions.app import ChatApp

log = logging.getLogger(__name__)

StoreKind = Literal["memory", "sqlite"]


@dataclass(frozen=True, slots=True)
class AppRequest:
    """What an `AppBuilder` is asked for: the shared build options of `switchboard.apps`."""

    name: str
    store: str
    settings: Settings
    clock: PinnedDayClock
    model: ModelChoice


AppBuilder = Callable[[AppRequest], ChatApp]
"""Builds the app a case runs on from its request (app name, options): lets callers substitute
apps."""


def build_registered(request: AppRequest) -> ChatApp:
    """The registered app `request.name` (the `switchboard.apps` entry points)."""
    from switchboard.apps import load_app

    return load_app(
        request.name,
        store=request.store,
        settings=request.settings,
        clock=request.clock,
        model=request.model,
    )


@dataclass(frozen=True, slots=True)
class RunOptions:
    """How an eval run goes: app override, model, default date, concurrency."""

    app: str | None = None
    """Run every case on this app instead of its own `app`."""
    model: ModelChoice = None
    """The model (id or instance); None: `SWITCHBOARD_MODEL`, else the offline `embedded`."""
    default_today: date = DEFAULT_TODAY
    """The date of cases that give none."""
    concurrency: int = 4
    """Cases in flight at once (they interleave on one event loop: this helps hosted models,
    whose turns wait on the network; offline turns are CPU-bound)."""
    turn_timeout: float = 120.0
    """Seconds one turn may take before it fails the case."""
    store: StoreKind = "memory"
    """`memory`, or `sqlite`: a temporary SQLite file per app (deleted after the run), to run the
    apps' SQL repositories."""
    settings: Settings | None = None
    """Base settings (default: from the environment); the store and Redis are always replaced:
    a run never touches the configured database, and needs no Redis."""


@dataclass(slots=True)
class _Group:
    """One app built for one date, shared by the cases of that app and date."""

    name: str
    today: date
    app: ChatApp | None = None
    probe: EvalProbe | None = None
    failure: str | None = None
    """Why the app could not be built or started (its cases fail with it)."""
    workdir: Path | None = None

    @property
    def status(self) -> AppStatus:
        if self.failure is not None:
            return "broken"
        return "unknown" if self.app is None else "ready"


@dataclass(slots=True)
class _Plan:
    groups: dict[tuple[str, date], _Group] = field(default_factory=dict)
    placed: list[tuple[SuiteCase, _Group]] = field(default_factory=list)


class EvalRunner:
    """Runs selected cases and returns a `RunResult` (see the module docstring)."""

    def __init__(
        self,
        options: RunOptions | None = None,
        *,
        builder: AppBuilder = build_registered,
        on_case: Callable[[CaseResult], None] | None = None,
    ) -> None:
        self.options = options or RunOptions()
        self.builder = builder
        self.on_case = on_case
        settings = self.options.settings or Settings()
        self.model: ModelChoice = self.options.model
        if self.model is None:
            self.model = settings.model or "embedded"
        self._settings = settings

    @property
    def model_label(self) -> str:
        model = self.model
        return model if isinstance(model, str) else type(model).__name__

    async def run(self, cases: Sequence[SuiteCase], files: Sequence[str] = ()) -> RunResult:
        """Build the apps, check the cases against them, run them, shut the apps down.
        Raises `SuiteError` (before running anything) for cases the apps cannot run."""
        plan = self._plan(cases)
        try:
            await self._build(plan)
            problems = self._preflight(plan)
            if problems:
                raise SuiteError(problems)
            gate = asyncio.Semaphore(max(1, self.options.concurrency))

            async def one(n: int, suite_case: SuiteCase, group: _Group) -> CaseResult:
                async with gate:
                    result = await self._run_case(n, suite_case, group)
                if self.on_case is not None:
                    self.on_case(result)
                return result

            results = await asyncio.gather(
                *(one(n, sc, group) for n, (sc, group) in enumerate(plan.placed, start=1))
            )
        finally:
            await self._close(plan)
        return RunResult(
            model=self.model_label,
            files=list(files),
            summary=summarize(results),
            cases=list(results),
        )

    # -- planning ------------------------------------------------------------------------

    def _plan(self, cases: Sequence[SuiteCase]) -> _Plan:
        plan = _Plan()
        for suite_case in cases:
            name = self.options.app or suite_case.case.app or ""
            today = suite_case.case.today or self.options.default_today
            group = plan.groups.setdefault((name, today), _Group(name, today))
            plan.placed.append((suite_case, group))
        return plan

    async def _build(self, plan: _Plan) -> None:
        for group in plan.groups.values():
            if not group.name:
                continue
            store = "memory://"
            if self.options.store == "sqlite":
                group.workdir = Path(tempfile.mkdtemp(prefix="switchboard-eval-"))
                store = f"sqlite:///{group.workdir / 'eval.db'}"
            settings = self._settings.model_copy(update={"database_url": store, "redis_url": None})
            request = AppRequest(
                group.name, store, settings, PinnedDayClock(group.today), self.model
            )
            try:
                group.app = self.builder(request)
            except UnknownAppError:
                continue  # a suite mistake: reported by preflight
            except Exception as exc:
                log.exception("eval: app %s could not be built", group.name)
                group.failure = f"the app could not be built: {type(exc).__name__}: {exc}"
                continue
            try:
                group.probe = probe_for(group.app, group.name)
                await group.app.start()
            except Exception as exc:
                log.exception("eval: app %s could not start", group.name)
                group.failure = f"the app could not start: {type(exc).__name__}: {exc}"

    def _preflight(self, plan: _Plan) -> list[SuiteProblem]:
        """Every mistake a case makes against its app, before anything runs."""
        problems: list[SuiteProblem] = []
        for suite_case, group in plan.placed:
            for message in case_problems(suite_case.case, group.name, group.status, group.probe):
                problems.append(
                    SuiteProblem(
                        suite_case.path, suite_case.line, f"case {suite_case.case.id!r}: {message}"
                    )
                )
        return problems

    async def _close(self, plan: _Plan) -> None:
        for group in plan.groups.values():
            if group.app is not None:
                try:
                    await group.app.shutdown()
                except Exception:
                    log.exception("eval: app %s did not shut down cleanly", group.name)
            if group.workdir is not None:
                shutil.rmtree(group.workdir, ignore_errors=True)

    # -- one case ------------------------------------------------------------------------

    async def _run_case(self, n: int, suite_case: SuiteCase, group: _Group) -> CaseResult:
        started = time.perf_counter()
        case = suite_case.case
        turns: list[TurnResult] = []
        error = group.failure
        app = group.app
        user_id, session_id = f"eval-u{n:05d}", f"eval-s{n:05d}"
        observer: CaseProbe | None = None
        if error is None and group.probe is not None and app is not None:
            context = CaseContext(app, user_id, session_id, group.today, case.setup)
            try:
                observer = await group.probe.open_case(context)
            except Exception as exc:
                log.warning("eval: setup of case %s failed", case.id, exc_info=True)
                error = f"setup failed: {type(exc).__name__}: {exc}"
        for index, spec in enumerate(case.turns):
            if error is not None or app is None:
                turns.append(not_run(index, spec, error or "no app"))
                continue
            events, error = await self._turn(app, session_id, user_id, spec, index)
            observation = _observe(index, spec, events)
            facts = TurnFacts()
            if error is None and observer is not None:
                try:
                    facts = await observer.observe(observation)
                except Exception as exc:
                    log.warning("eval: probe failed on case %s", case.id, exc_info=True)
                    error = f"turn {index}: the app's probe failed: {type(exc).__name__}: {exc}"
            turns.append(turn_result(index, spec, observation, facts, group.today, error))
        return CaseResult(
            id=case.id,
            app=group.name,
            split=case.split,
            tags=list(case.tags),
            source=suite_case.where,
            today=group.today.isoformat(),
            passed=error is None and all(t.passed for t in turns),
            error=error,
            turns=turns,
            seconds=time.perf_counter() - started,
        )

    async def _turn(
        self, app: ChatApp, session_id: str, user_id: str, spec: TurnSpec, index: int
    ) -> tuple[list[Event], str | None]:
        """The turn's events, and why the case must stop (None: it may go on)."""
        events: list[Event] = []
        stream = app.stream(session_id, spec.user, user_id=user_id)
        try:
            async with asyncio.timeout(self.options.turn_timeout):
                async for event in stream:
                    events.append(event)
        except TimeoutError:
            return events, f"turn {index} took longer than {self.options.turn_timeout:g} s"
        except Exception as exc:
            log.warning("eval: the app raised on turn %d", index, exc_info=True)
            return events, f"turn {index}: the app raised {type(exc).__name__}: {exc}"
        finally:
            close = getattr(stream, "aclose", None)
            if close is not None:
                with contextlib.suppress(Exception):
                    await close()
        return events, None


def _observe(index: int, spec: TurnSpec, events: Sequence[Event]) -> TurnObservation:
    done = next((e for e in reversed(events) if isinstance(e, DoneEvent)), None)
    agent: str | None
    if done is not None:
        answer, agent = done.text, done.agent
    else:
        texts = [e for e in events if isinstance(e, TextEvent)]
        answer = "".join(e.delta for e in texts)
        agent = texts[-1].agent if texts else None
    return TurnObservation(index, spec.user, answer, agent, tuple(events))


async def run_suites(
    paths: Sequence[Path | str],
    options: RunOptions | None = None,
    selection: Selection | None = None,
    *,
    builder: AppBuilder = build_registered,
) -> RunResult:
    """Load, select and run suite files (raises `SuiteError` for malformed suites)."""
    cases = select(load_suites(paths), selection or Selection())
    runner = EvalRunner(options, builder=builder)
    return await runner.run(cases, [str(p) for p in paths])


__all__ = [
    "AppBuilder",
    "AppRequest",
    "EvalRunner",
    "RunOptions",
    "StoreKind",
    "build_registered",
    "run_suites",
]
