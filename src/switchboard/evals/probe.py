"""`EvalProbe`: what an app tells `switchboard eval` beyond its answer, and how it is found.

The generic checks need only the event stream (the answer, the agent). Some expectations need
the app's own knowledge: which *route* a turn took (finance: trivial | lancamento | simplista |
complexa), which *effects* it wrote (ledger rows, profile fields), whether a guard *blocked* it,
and case *fixtures* (a demo ledger). An app provides them with a probe, kept in its own package
(`apps/finance/eval_probe.py`); the platform never imports an app's internals.

A probe is found, in this order:

1. the app object implements `Evaluable` (`app.eval_probe()`): handy for apps built in code;
2. an entry point in the `switchboard.eval_probes` group named like the app, pointing at a
   factory `probe(app: ChatApp) -> EvalProbe` — one line next to the app's own entry point:

       [project.entry-points."switchboard.eval_probes"]
       finance = "switchboard.apps.finance.eval_probe:probe"

An app without a probe still gets every check that reads the answer alone.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date
from functools import cache
from importlib.metadata import entry_points
from typing import Any, Protocol, runtime_checkable

from switchboard.core.events import Event
from switchboard.evals.suite import EffectValue
from switchboard.sessions.app import ChatApp

PROBE_ENTRY_POINT_GROUP = "switchboard.eval_probes"
"""The entry-point group where apps register their eval probes (`eval_probe.py`), so app
knowledge stays out of the eval runner."""


@dataclass(frozen=True, slots=True)
class Effect:
    """One side effect a turn had, in the app's vocabulary (`expense`, `profile`, `ticket`…).
    Fields the app does not know are left out or None; a suite compares only the fields it
    names."""

    kind: str
    fields: Mapping[str, EffectValue] = field(default_factory=dict)

    @classmethod
    def of(cls, kind: str, **fields: EffectValue) -> Effect:
        """`Effect.of("expense", amount=45.0, category="Transporte")` (a field named like a
        Python keyword, such as a transfer's `from`, goes in the `fields` mapping instead)."""
        return cls(kind, fields)

    def as_dict(self) -> dict[str, EffectValue]:
        return {"kind": self.kind, **self.fields}


@dataclass(frozen=True, slots=True)
class EffectKind:
    """One kind of effect of an app's vocabulary: the fields a suite may name, and for some of
    them the values allowed (so "payment_method": "cartao" is caught before the run)."""

    fields: frozenset[str]
    choices: Mapping[str, frozenset[str]] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class TurnFacts:
    """What the probe observed about one turn; None = not reported."""

    route: str | None = None
    effects: tuple[Effect, ...] | None = None
    blocked: bool | None = None
    category: str | None = None
    """The guard's category when blocked."""


@dataclass(frozen=True, slots=True)
class CaseContext:
    """One case as the probe sees it: a fresh user and session on the app under test, the date
    the app's clock shows, and the case's `setup` fixtures."""

    app: ChatApp
    user_id: str
    session_id: str
    today: date
    setup: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class TurnObservation:
    """One turn as the runner saw it."""

    index: int
    user: str
    answer: str
    agent: str | None
    """The `done` event's agent (who answered)."""
    events: tuple[Event, ...]


class CaseProbe(Protocol):
    """The probe's view of one running case (it keeps what it needs between turns, e.g. the
    user's records after the previous turn, to report this turn's effects as a difference)."""

    async def observe(self, turn: TurnObservation) -> TurnFacts:
        """Called after every turn, graded or not, in order."""
        ...


@runtime_checkable
class EvalProbe(Protocol):
    """An app's evaluation probe (see the module docstring for how it is found)."""

    @property
    def reports(self) -> frozenset[str]:
        """Which of `route`, `effects`, `blocked`, `category` its `TurnFacts` fill in; a suite
        that checks anything else on this app is refused before the run."""
        ...

    @property
    def effect_kinds(self) -> Mapping[str, EffectKind]:
        """The effect vocabulary (kind → fields); empty when `effects` is not reported."""
        ...

    def setup_problems(self, setup: Mapping[str, Any]) -> list[str]:
        """What is wrong with a case's `setup` (unknown keys or values); [] when usable."""
        ...

    async def open_case(self, case: CaseContext) -> CaseProbe:
        """Apply the case's fixtures for `case.user_id` and start observing it."""
        ...


@runtime_checkable
class Evaluable(Protocol):
    """An app object that carries its own probe."""

    def eval_probe(self) -> EvalProbe: ...


@cache
def _registered() -> dict[str, Any]:
    return {ep.name: ep for ep in entry_points(group=PROBE_ENTRY_POINT_GROUP)}


def probe_for(app: ChatApp, name: str | None = None) -> EvalProbe | None:
    """The probe of `app` (registered as `name`, default `app.name`), or None if it has none.

    Raises `TypeError` when a registered factory returns something that is not an `EvalProbe`
    (a broken probe should fail loudly, not silently downgrade a suite to generic checks)."""
    if isinstance(app, Evaluable):
        probe = app.eval_probe()
    else:
        entry = _registered().get(name or app.name)
        if entry is None:
            return None
        probe = entry.load()(app)
    if not isinstance(probe, EvalProbe):
        raise TypeError(f"the eval probe of app {name or app.name!r} is not an EvalProbe")
    return probe


__all__ = [
    "PROBE_ENTRY_POINT_GROUP",
    "CaseContext",
    "CaseProbe",
    "Effect",
    "EffectKind",
    "EvalProbe",
    "Evaluable",
    "TurnFacts",
    "TurnObservation",
    "probe_for",
]
