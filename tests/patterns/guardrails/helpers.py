"""Shared pieces of the guard rule tests."""

from __future__ import annotations

from switchboard.patterns.guardrails import GuardCategory
from switchboard.patterns.guardrails.rules import canonical, strong_match


def rule(text: str) -> GuardCategory | None:
    """The category the offline rules give `text` on their own (no classifier, no allowance)."""
    return strong_match(canonical(text))
