"""The suite format (docs/eval.md): a case, its turns and what each turn expects.

Strict pydantic models, because a suite is written by hand, often by someone who never reads
this code: a wrong type or an unknown key is an error, never a silently skipped check. Reading
files and reporting mistakes with their line is `loader.py`; what only an app can judge (its
effect vocabulary, its fixtures) is `preflight.py`.
"""

from __future__ import annotations

import difflib
import re
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
    PlainValidator,
    model_validator,
)

DEFAULT_TODAY = date(2026, 11, 26)
"""The date the app believes it is when a case gives none (and `--today` is not given)."""

Split = Literal["dev", "test"]
Scalar = str | int | float | bool | None
EffectValue = Scalar | list[Scalar]
"""What an effect's field holds: a scalar, or a list compared as a multiset (shifts, tags)."""


def _effect_value(value: Any) -> Any:
    """One error for a wrong effect value, instead of one per member of the `EffectValue`
    union ("should be a string", "… an integer", "… a number", …)."""
    scalar = (str, int, float, bool)
    if value is None or isinstance(value, scalar):
        return value
    if isinstance(value, list) and all(v is None or isinstance(v, scalar) for v in value):
        return value
    raise ValueError("must be a string, a number, a boolean, null, or a list of those")


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
        for key in sorted(self.model_fields_set & type(self).model_fields.keys()):
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
    __pydantic_extra__: dict[str, Annotated[EffectValue, PlainValidator(_effect_value)]]
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


class _Annotated(_Strict):
    """A case or a turn: beside its known keys it may carry annotations for people and for
    other tools (`notes`, `intent`, `program`, `page`, a gold `fact`…), kept in
    `annotations` and never checked. A key that looks like a misspelt known key (`turn`,
    `expected`, `tag`) is still an error: an annotation never hides a typo."""

    model_config = ConfigDict(strict=True, extra="allow", frozen=True)

    @model_validator(mode="after")
    def _no_misspelt_keys(self) -> Any:
        for key in self.model_extra or {}:
            close = difflib.get_close_matches(key, list(type(self).model_fields), 1, TYPO_CUTOFF)
            if close:
                raise ValueError(f"{key}: unknown key (did you mean {close[0]!r}?)")
        return self

    @property
    def annotations(self) -> dict[str, Any]:
        return dict(self.model_extra or {})


TYPO_CUTOFF = 0.75
"""How alike a key must be to a known one to be taken for its misspelling (difflib ratio):
`turn`/`turns` and `expected`/`expect` are; `notes`, `intent`, `page` are not."""


class TurnSpec(_Annotated):
    """One user message; without `expect` it is context only (not graded)."""

    user: str = Field(min_length=1)
    expect: Expect | None = None


class Case(_Annotated):
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


def resolve_day(value: str, today: date) -> str | None:
    """`today`, `today-1`, `today+3` as an ISO date relative to `today`; None if not relative."""
    match = _RELATIVE_DAY.match(value.strip())
    if match is None:
        return None
    sign, days = match.groups()
    offset = int(days or 0) * (-1 if sign == "-" else 1)
    return (today + timedelta(days=offset)).isoformat()


DATE_FIELDS = frozenset({"date", "due"})
"""Effect fields holding a day (ISO, or relative to the case's `today`)."""


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
    "TurnSpec",
    "resolve_day",
]
