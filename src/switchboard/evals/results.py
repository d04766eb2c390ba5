"""What a run produced: per check, per turn, per case, and the summary.

These models are also the `--json` output (`RunResult.model_dump_json()`), so their field names
are a contract for the teams that read it (documented in docs/eval.md); add fields, never
rename them.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence

from pydantic import BaseModel, ConfigDict, Field, JsonValue, computed_field

from switchboard.evals.suite import CHECK_ORDER

ERROR_CHECK = "error"
"""The pseudo-check of a turn whose app raised, emitted an `error` event, or was not run
because an earlier turn of its case crashed."""


class CheckResult(BaseModel):
    """One expectation checked on a turn: kind, pass or fail, what was expected and what came."""

    model_config = ConfigDict(frozen=True)

    kind: str
    passed: bool
    expected: JsonValue
    got: JsonValue


class TurnResult(BaseModel):
    """One turn's outcome: the user's text, the answer, the agent and route, and its checks."""

    model_config = ConfigDict(frozen=True)

    index: int
    user: str
    answer: str
    agent: str | None
    route: str | None = None
    graded: bool
    passed: bool
    """Every check passed (True for a turn that is not graded and did not fail)."""
    checks: list[CheckResult] = Field(default_factory=list)

    @property
    def failures(self) -> list[CheckResult]:
        return [c for c in self.checks if not c.passed]


class CaseResult(BaseModel):
    """One case's outcome in the `--json` results: its turns and checks."""

    model_config = ConfigDict(frozen=True)

    id: str
    app: str
    split: str
    tags: list[str]
    source: str
    """`file:line` of the case."""
    today: str
    passed: bool
    error: str | None = None
    """Why the case stopped early (setup failed, the app raised, a turn timed out)."""
    turns: list[TurnResult]
    seconds: float = Field(exclude=True, default=0.0)
    """Wall time of the case; kept out of the JSON so that two runs compare line by line."""


class Rate(BaseModel):
    model_config = ConfigDict(frozen=True)

    total: int
    passed: int

    @computed_field  # type: ignore[prop-decorator]  # pydantic's documented form
    @property
    def rate(self) -> float:
        return self.passed / self.total if self.total else 1.0


class GroupStats(BaseModel):
    """Turns and cases of one tag or split."""

    model_config = ConfigDict(frozen=True)

    cases: Rate
    turns: Rate


class Summary(BaseModel):
    """Pass rates of a run per case, per turn and per check kind."""

    model_config = ConfigDict(frozen=True)

    cases: Rate
    turns: Rate
    """Graded turns; `turns.rate` is the run's pass rate (what `--min-pass` compares)."""
    checks: dict[str, Rate]
    """Per check kind, in `CHECK_ORDER` (then `error`)."""
    tags: dict[str, GroupStats]
    splits: dict[str, GroupStats]
    apps: dict[str, GroupStats]


class RunResult(BaseModel):
    """A whole eval run as `--json` writes it: model, files, summary and cases."""

    model_config = ConfigDict(frozen=True)

    version: int = 1
    model: str
    files: list[str]
    summary: Summary
    cases: list[CaseResult]

    @property
    def pass_rate(self) -> float:
        return self.summary.turns.rate


def _rate(flags: Iterable[bool]) -> Rate:
    values = list(flags)
    return Rate(total=len(values), passed=sum(values))


def _group(cases: Sequence[CaseResult]) -> GroupStats:
    return GroupStats(
        cases=_rate(c.passed for c in cases),
        turns=_rate(t.passed for c in cases for t in c.turns if t.graded),
    )


def summarize(cases: Sequence[CaseResult]) -> Summary:
    """The summary of `cases` (groups sorted by name, check kinds in the format's order)."""
    per_check: dict[str, list[bool]] = defaultdict(list)
    by_tag: dict[str, list[CaseResult]] = defaultdict(list)
    by_split: dict[str, list[CaseResult]] = defaultdict(list)
    by_app: dict[str, list[CaseResult]] = defaultdict(list)
    for case in cases:
        for turn in case.turns:
            for check in turn.checks:
                per_check[check.kind].append(check.passed)
        for tag in case.tags:
            by_tag[tag].append(case)
        by_split[case.split].append(case)
        by_app[case.app].append(case)
    order = [*CHECK_ORDER, ERROR_CHECK]
    kinds = sorted(per_check, key=lambda k: (order.index(k) if k in order else len(order), k))
    whole = _group(cases)
    return Summary(
        cases=whole.cases,
        turns=whole.turns,
        checks={kind: _rate(per_check[kind]) for kind in kinds},
        tags={tag: _group(by_tag[tag]) for tag in sorted(by_tag)},
        splits={split: _group(by_split[split]) for split in sorted(by_split)},
        apps={app: _group(by_app[app]) for app in sorted(by_app)},
    )


__all__ = [
    "ERROR_CHECK",
    "CaseResult",
    "CheckResult",
    "GroupStats",
    "Rate",
    "RunResult",
    "Summary",
    "TurnResult",
    "summarize",
]
