"""What a case asks of its app, checked before anything runs.

A suite that names an unknown app, checks a route on an app whose probe does not report routes,
or expects an effect field outside the app's vocabulary (`"ammount"`, `"payment_method":
"cartao"`) would otherwise fail case after case at run time, looking like the app's fault. These
are suite mistakes: the runner reports them all, with file and line, and runs nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from switchboard.evals.phrases import fold
from switchboard.evals.probe import EvalProbe
from switchboard.evals.suite import PROBE_CHECKS, Case, ExpectedEffect

AppStatus = Literal["ready", "unknown", "broken"]
"""Built and started / not in the registry / failed to build or start (its cases fail at run
time with the reason: an app crash is not a suite mistake)."""


def case_problems(case: Case, app: str, status: AppStatus, probe: EvalProbe | None) -> list[str]:
    """The mistakes `case` makes against `app` (its effective app: `--app` or the case's)."""
    if not app:
        return ['no app: give the case an "app" or run with --app']
    if status == "unknown":
        from switchboard.apps import available_apps

        return [f"unknown app {app!r}; available: {', '.join(available_apps())}"]
    if status == "broken":
        return []
    problems: list[str] = []
    if case.setup:
        if probe is None:
            problems.append(f"setup given but app {app!r} has no eval probe to apply it")
        else:
            problems.extend(f"setup: {p}" for p in probe.setup_problems(case.setup))
    for t, turn in enumerate(case.turns):
        if turn.expect is None:
            continue
        for kind in turn.expect.checks():
            if kind not in PROBE_CHECKS:
                continue
            if probe is None:
                problems.append(
                    f"turns[{t}].expect.{kind}: app {app!r} has no eval probe to report it"
                )
            elif kind not in probe.reports:
                problems.append(f"turns[{t}].expect.{kind}: app {app!r}'s probe does not report it")
        if turn.expect.effects and probe is not None and "effects" in probe.reports:
            problems.extend(vocabulary_problems(t, turn.expect.effects, probe, app))
    return problems


def vocabulary_problems(
    t: int, effects: Sequence[ExpectedEffect], probe: EvalProbe, app: str
) -> list[str]:
    """Effect kinds, fields and enumerated values the app's probe does not know."""
    problems: list[str] = []
    kinds = probe.effect_kinds
    for e, effect in enumerate(effects):
        where = f"turns[{t}].expect.effects[{e}]"
        spec = kinds.get(effect.kind)
        if spec is None:
            problems.append(
                f"{where}.kind: {effect.kind!r} is not an effect of app {app!r} "
                f"(known: {', '.join(sorted(kinds))})"
            )
            continue
        for name, value in effect.fields.items():
            if name not in spec.fields:
                problems.append(
                    f"{where}.{name}: not a field of {effect.kind!r} "
                    f"(known: {', '.join(sorted(spec.fields))})"
                )
                continue
            allowed = spec.choices.get(name)
            if allowed and isinstance(value, str) and fold(value) not in {fold(a) for a in allowed}:
                problems.append(
                    f"{where}.{name}: {value!r} is not one of {', '.join(sorted(allowed))}"
                )
    return problems


__all__ = ["AppStatus", "case_problems", "vocabulary_problems"]
