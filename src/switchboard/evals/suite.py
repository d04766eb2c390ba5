"""The suite format (docs/eval.md): JSONL files of multi-turn cases, validated strictly.

A suite is written by hand, often by someone who never reads this code, so every mistake must
be reported where it is — `finance_dev.jsonl:12: case 'fin-0007': turns[0].expect.contain:
unknown key (did you mean 'contains'?)` — and all of a file's mistakes at once, not the first
one per run. Loading never builds an app: what only an app can judge (its effect vocabulary,
its fixtures) is checked by the runner before the first case runs (`runner.preflight`).
"""

from __future__ import annotations

import difflib
import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    JsonValue,
    ValidationError,
    model_validator,
)

from switchboard.core.errors import SwitchboardError

DEFAULT_TODAY = date(2026, 11, 26)
"""The date the app believes it is when a case gives none (and `--today` is not given)."""

Split = Literal["dev", "test"]
Scalar = str | int | float | bool | None
EffectValue = Scalar | list[Scalar]
"""What an effect's field holds: a scalar, or a list compared as a multiset (shifts, tags)."""

_RELATIVE_DAY = re.compile(r"^today\s*(?:([+-])\s*(\d{1,5}))?$")


def _listed(value: object) -> object:
    """A lone string where a list is expected is a list of one ("contains": "SAC")."""
    return [value] if isinstance(value, str) else value


def _figure(value: object) -> object:
    """A bare number in `figures` is `{"value": n}`."""
    if isinstance(value, int | float) and not isinstance(value, bool):
        return {"value": value}
    return value


Phrase = Annotated[str, Field(min_length=1)]
Phrases = Annotated[list[Phrase], Field(min_length=1), BeforeValidator(_listed)]


class _Strict(BaseModel):
    """Strict JSON validation (no "3" for 3, no 1 for true), unknown keys refused. Fields that
    accept a shorthand (a lone string for a list) are lists: a before-validator hands strict
    validation a Python value, and a strict tuple would refuse the list."""

    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)

    @model_validator(mode="after")
    def _no_nulls(self) -> Any:
        """`"key": null` is a mistake, never "no expectation": leave the key out instead."""
        for key in sorted(self.model_fields_set):
            if getattr(self, key) is None:
                raise ValueError(
                    f"{key!r} is null: leave the key out to skip it"
                    + (" ([] means nothing may be written)" if key == "effects" else "")
                )
        return self


class FigureSpec(_Strict):
    """A number that must appear in the answer (`numbers.numbers_in`), by magnitude."""

    value: float
    tol: float | None = Field(default=None, ge=0)
    """Absolute tolerance (default 0.005: the cent)."""
    rtol: float | None = Field(default=None, ge=0)
    """Relative tolerance (0.01 = 1% of `value`); exclusive with `tol`."""

    @model_validator(mode="after")
    def _one_tolerance(self) -> FigureSpec:
        if self.tol is not None and self.rtol is not None:
            raise ValueError("give tol or rtol, not both")
        return self

    def tolerance(self) -> float:
        if self.rtol is not None:
            return self.rtol * abs(self.value)
        return DEFAULT_TOL if self.tol is None else self.tol


DEFAULT_TOL = 0.005
"""Numbers (figures, effect amounts) match within half a cent unless a case says otherwise."""


class ExpectedEffect(BaseModel):
    """One expected side effect: a `kind` and only the fields to compare (the app's vocabulary;
    the runner checks names against the app's probe before running). `tol`/`rtol` apply to its
    numeric fields."""

    model_config = ConfigDict(strict=True, extra="allow", frozen=True)
    __pydantic_extra__: dict[str, EffectValue]
    """The fields (pydantic validates extra keys with this type)."""

    kind: str = Field(min_length=1)
    tol: float | None = Field(default=None, ge=0)
    rtol: float | None = Field(default=None, ge=0)

    @property
    def fields(self) -> dict[str, EffectValue]:
        """The fields to compare (everything but `kind`, `tol`, `rtol`)."""
        return dict(self.__pydantic_extra__ or {})

    def tolerance(self, expected: float) -> float:
        if self.rtol is not None:
            return self.rtol * abs(expected)
        return DEFAULT_TOL if self.tol is None else self.tol

    def as_dict(self) -> dict[str, EffectValue]:
        return {"kind": self.kind, **self.fields}


class Expect(_Strict):
    """What one turn's answer must satisfy; only the keys present are checked."""

    route: Phrases | None = None
    """The app-reported route label (any of them)."""
    agent: Phrases | None = None
    """The answering agent, as in the `done` event (any of them)."""
    effects: tuple[ExpectedEffect, ...] | None = None
    """This turn's side effects, as a multiset; [] = nothing may be written."""
    asks: bool | None = None
    """True: the answer ends by asking something; false: it does not."""
    figures: (
        Annotated[list[Annotated[FigureSpec, BeforeValidator(_figure)]], Field(min_length=1)] | None
    ) = None
    contains: Phrases | None = None
    contains_any: Phrases | None = None
    not_contains: Phrases | None = None
    blocked: bool | None = None
    """A guard blocked the message (true) or let it through (false)."""
    category: str | None = Field(default=None, min_length=1)
    """The guard's category; implies the turn was blocked."""
    citation: Phrases | None = None
    """Item numbers ("1.2"), one of which the answer must cite."""
    not_found: bool | None = None
    """True: the answer says its sources do not have it; false: it does not say so."""

    def checks(self) -> list[str]:
        """The check kinds this expectation asks for, in the report's order."""
        return [name for name in CHECK_ORDER if getattr(self, name) is not None]


CHECK_ORDER: tuple[str, ...] = (
    "route",
    "agent",
    "effects",
    "asks",
    "figures",
    "contains",
    "contains_any",
    "not_contains",
    "blocked",
    "category",
    "citation",
    "not_found",
)
"""Every check kind of the format, in the order reports list them."""
PROBE_CHECKS = frozenset({"route", "effects", "blocked", "category"})
"""Checks that need the app's probe (`probe.EvalProbe`); the rest read the answer alone."""


class TurnSpec(_Strict):
    """One user message; without `expect` it is context only (not graded)."""

    user: str = Field(min_length=1)
    expect: Expect | None = None


class Case(_Strict):
    """One conversation: a fresh user, a fresh session, several turns."""

    id: str = Field(min_length=1, max_length=200)
    app: str | None = Field(default=None, min_length=1)
    """The app's registry name; may be left out when every run passes `--app`."""
    split: Split
    tags: tuple[Annotated[str, Field(min_length=1)], ...] = ()
    today: date | None = None
    setup: dict[str, JsonValue] = Field(default_factory=dict)
    """App-specific fixtures, applied by the app's probe (finance: {"ledger": "demo"})."""
    turns: tuple[TurnSpec, ...] = Field(min_length=1)


@dataclass(frozen=True, slots=True)
class SuiteCase:
    """A case with where it was read from."""

    case: Case
    path: Path
    line: int

    @property
    def where(self) -> str:
        return f"{self.path}:{self.line}"


@dataclass(frozen=True, slots=True)
class SuiteProblem:
    path: Path
    line: int | None
    message: str

    def __str__(self) -> str:
        where = f"{self.path}:{self.line}" if self.line is not None else str(self.path)
        return f"{where}: {self.message}"


class SuiteError(SwitchboardError):
    """One or more suite files (or cases, against their app) are malformed; `problems` lists
    every one with its file and line."""

    code = "invalid_suite"
    http_status = 422

    def __init__(self, problems: Sequence[SuiteProblem]) -> None:
        self.problems = list(problems)
        shown = "\n".join(str(p) for p in self.problems[:MAX_PROBLEMS_SHOWN])
        more = len(self.problems) - MAX_PROBLEMS_SHOWN
        if more > 0:
            shown += f"\n… and {more} more"
        super().__init__(shown, problems=len(self.problems))


MAX_PROBLEMS_SHOWN = 50


def resolve_day(value: str, today: date) -> str | None:
    """`today`, `today-1`, `today+3` as an ISO date relative to `today`; None if not relative."""
    match = _RELATIVE_DAY.match(value.strip())
    if match is None:
        return None
    sign, days = match.groups()
    offset = int(days or 0) * (-1 if sign == "-" else 1)
    return (today + timedelta(days=offset)).isoformat()


def _location(loc: tuple[int | str, ...]) -> str:
    parts: list[str] = []
    for item in loc:
        if isinstance(item, int):
            parts.append(f"[{item}]")
        elif not item.startswith(("function-", "constrained-")) and item not in _UNION_TAGS:
            parts.append(("." if parts else "") + item)
    return "".join(parts)


_UNION_TAGS = frozenset({"tuple[str, ...]", "str", "list[...]", "none", "FigureSpec"})


_NESTED: dict[tuple[type[BaseModel], str], type[BaseModel]] = {
    (Case, "turns"): TurnSpec,
    (TurnSpec, "expect"): Expect,
    (Expect, "figures"): FigureSpec,
}


def _model_at(loc: tuple[int | str, ...]) -> type[BaseModel] | None:
    """The model class a validation location points into (for "did you mean" hints)."""
    model: type[BaseModel] = Case
    for item in loc[:-1]:
        if isinstance(item, int):
            continue
        nested = _NESTED.get((model, item))
        if nested is None and item not in model.model_fields:
            return None
        model = nested or model
    return model


def _explain(error: Any) -> str:
    loc: tuple[int | str, ...] = tuple(error["loc"])
    where = _location(loc)
    if error["type"] == "extra_forbidden":
        key = str(loc[-1])
        model = _model_at(loc)
        hint = ""
        if model is not None:
            close = difflib.get_close_matches(key, list(model.model_fields), n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            hint += f"; known keys: {', '.join(model.model_fields)}" if not close else ""
        return f"{where}: unknown key{hint}"
    message = str(error["msg"]).removeprefix("Value error, ")
    return f"{where}: {message}" if where else message


def _case_errors(exc: ValidationError) -> list[str]:
    errors = exc.errors(include_url=False)
    deeper = [tuple(e["loc"]) for e in errors]
    seen: list[str] = []
    for error in errors:
        loc = tuple(error["loc"])
        if error["type"] == "too_short" and any(
            len(other) > len(loc) and other[: len(loc)] == loc for other in deeper
        ):
            continue  # "turns: at least 1 item" because its only item was invalid: noise
        text = _explain(error)
        if text not in seen:
            seen.append(text)
    return seen


def parse_suite(path: Path, text: str) -> tuple[list[SuiteCase], list[SuiteProblem]]:
    """The cases of one suite file's text and the problems found in it."""
    cases: list[SuiteCase] = []
    problems: list[SuiteProblem] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("//"):
            continue
        try:
            data = json.loads(line)
        except json.JSONDecodeError as exc:
            problems.append(
                SuiteProblem(path, number, f"not valid JSON: {exc.msg} (column {exc.colno})")
            )
            continue
        if not isinstance(data, dict):
            problems.append(SuiteProblem(path, number, "a case must be a JSON object"))
            continue
        label = f"case {data['id']!r}: " if isinstance(data.get("id"), str) else ""
        try:
            case = Case.model_validate_json(line)
        except ValidationError as exc:
            problems.extend(SuiteProblem(path, number, label + e) for e in _case_errors(exc))
            continue
        problems.extend(SuiteProblem(path, number, label + p) for p in _date_problems(case))
        cases.append(SuiteCase(case, path, number))
    return cases, problems


def _date_problems(case: Case) -> list[str]:
    """Effect fields named like dates must be ISO dates or `today±N`."""
    found: list[str] = []
    for t, turn in enumerate(case.turns):
        if turn.expect is None or turn.expect.effects is None:
            continue
        for e, effect in enumerate(turn.expect.effects):
            for name, value in effect.fields.items():
                if name not in DATE_FIELDS or not isinstance(value, str):
                    continue
                if resolve_day(value, DEFAULT_TODAY) is None and not _is_iso(value):
                    found.append(
                        f"turns[{t}].expect.effects[{e}].{name}: {value!r} is not an ISO date "
                        "nor today, today-N, today+N"
                    )
    return found


DATE_FIELDS = frozenset({"date", "due"})
"""Effect fields holding a day (ISO, or relative to the case's `today`)."""


def _is_iso(value: str) -> bool:
    try:
        date.fromisoformat(value)
    except ValueError:
        return False
    return len(value) == 10


def load_suites(paths: Iterable[Path | str]) -> list[SuiteCase]:
    """Every case of every file, in file then line order; raises `SuiteError` listing all the
    problems (bad JSON, unknown keys, wrong types, duplicate ids across files)."""
    cases: list[SuiteCase] = []
    problems: list[SuiteProblem] = []
    first: dict[str, SuiteCase] = {}
    for item in paths:
        path = Path(item)
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            problems.append(SuiteProblem(path, None, f"cannot read the file: {exc}"))
            continue
        found, bad = parse_suite(path, text)
        problems.extend(bad)
        for suite_case in found:
            earlier = first.get(suite_case.case.id)
            if earlier is not None:
                problems.append(
                    SuiteProblem(
                        path,
                        suite_case.line,
                        f"duplicate case id {suite_case.case.id!r} (first at {earlier.where})",
                    )
                )
                continue
            first[suite_case.case.id] = suite_case
            cases.append(suite_case)
    if problems:
        raise SuiteError(problems)
    return cases


__all__ = [
    "CHECK_ORDER",
    "DATE_FIELDS",
    "DEFAULT_TODAY",
    "DEFAULT_TOL",
    "PROBE_CHECKS",
    "Case",
    "EffectValue",
    "Expect",
    "ExpectedEffect",
    "FigureSpec",
    "Scalar",
    "Split",
    "SuiteCase",
    "SuiteError",
    "SuiteProblem",
    "TurnSpec",
    "load_suites",
    "parse_suite",
    "resolve_day",
]
