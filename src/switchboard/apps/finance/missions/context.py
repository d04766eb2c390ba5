"""The mission's chat context: the session's recent turns.

Re-exported from `patterns/missions/context.py`, where the generic piece lives (issue 23), for the
finance catalogue's imports.
"""

from switchboard.patterns import MAX_CHARS, TURNS, previous_user_questions, recent_context

__all__ = ["MAX_CHARS", "TURNS", "previous_user_questions", "recent_context"]
