"""Guardrails (spec 002): a check in front of any pattern; a blocked message never reaches it."""

from switchboard.patterns.guardrails.pattern import Guard, Guarded, Verdict

__all__ = ["Guard", "Guarded", "Verdict"]
