"""Reading suite files: every mistake of every file at once, each with its file and line.

    finance_dev.jsonl:12: case 'fin-0007': turns[0].expect.contain: unknown key
        (did you mean 'contains'?)

Also which of the loaded cases a run takes (`Selection`: split, tags, ids or patterns).
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date
from fnmatch import fnmatchcase
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ValidationError

from switchboard.core.errors import SwitchboardError
from switchboard.evals.suite import (
    DATE_FIELDS,
    DEFAULT_TODAY,
    Case,
    Expect,
    FigureSpec,
    SuiteCase,
    TurnSpec,
    resolve_day,
)


@dataclass(frozen=True, slots=True)
class SuiteProblem:
    """One error in a suite file, with file and line, so every problem is reported at once
    instead of the first one."""

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


def _location(loc: tuple[int | str, ...]) -> str:
    parts: list[str] = []
    for item in loc:
        if isinstance(item, int):
            parts.append(f"[{item}]")
        elif item.isidentifier():  # not a validator's tag: "function-before[...]", "list[str]"
            parts.append(("." if parts else "") + item)
    return "".join(parts)


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


@dataclass(frozen=True, slots=True)
class Selection:
    """Which cases of the loaded suites run: split, tags and ids or patterns."""

    split: Literal["dev", "test", "all"] = "all"
    tags: tuple[str, ...] = ()
    """Cases with any of these tags (empty: all)."""
    cases: tuple[str, ...] = ()
    """Case ids or shell patterns (`fin-rec-*`; empty: all)."""


def select(cases: Iterable[SuiteCase], selection: Selection) -> list[SuiteCase]:
    """The cases `selection` keeps, in their order."""
    kept = []
    for suite_case in cases:
        case = suite_case.case
        if selection.split != "all" and case.split != selection.split:
            continue
        if selection.tags and not set(selection.tags) & set(case.tags):
            continue
        if selection.cases and not any(fnmatchcase(case.id, p) for p in selection.cases):
            continue
        kept.append(suite_case)
    return kept


__all__ = [
    "MAX_PROBLEMS_SHOWN",
    "Selection",
    "SuiteError",
    "SuiteProblem",
    "load_suites",
    "parse_suite",
    "select",
]
