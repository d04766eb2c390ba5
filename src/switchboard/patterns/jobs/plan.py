"""Checks on a model's plan before anything is created from it."""

from __future__ import annotations

from switchboard.patterns.jobs.errors import DependencyCycleError, InvalidPlanError
from switchboard.patterns.jobs.graph import find_cycle
from switchboard.patterns.jobs.models import Plan


def check_plan(plan: Plan) -> None:
    """Raise a typed error the agent can act on: duplicate refs, a dependency on a ref that is
    not in the plan, a dependency on itself or a cycle."""
    refs = [sub.ref for sub in plan.sub_jobs]
    duplicates = sorted({ref for ref in refs if refs.count(ref) > 1})
    if duplicates:
        raise InvalidPlanError(
            f"o plano repete as referências de sub-job: {', '.join(duplicates)}", refs=duplicates
        )
    known = set(refs)
    for sub in plan.sub_jobs:
        unknown = [dep for dep in sub.depends_on if dep not in known]
        if unknown:
            raise InvalidPlanError(
                f"o sub-job '{sub.ref}' depende de referências inexistentes: {', '.join(unknown)}",
                ref=sub.ref,
                unknown=unknown,
            )
    cycle = find_cycle({sub.ref: sub.depends_on for sub in plan.sub_jobs})
    if cycle:
        raise DependencyCycleError(
            f"as dependências formam um ciclo: {' → '.join(cycle)}", cycle=cycle
        )


__all__ = ["check_plan"]
