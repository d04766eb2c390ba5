"""The text rule (`sessions/input.py`) as pydantic types for request bodies, path parameters and
headers: a violation is a validation problem of type `invalid_text`, which the error handler
renders as a 422 with code `invalid_text` (not the generic `validation_error`), before any route
code runs — so no session is created and no stream starts."""

from __future__ import annotations

from typing import Annotated

from pydantic import AfterValidator
from pydantic_core import PydanticCustomError

from switchboard.sessions.input import text_problem

INVALID_TEXT = "invalid_text"


def _safe(text: str) -> str:
    problem = text_problem(text)
    if problem is not None:
        raise PydanticCustomError(INVALID_TEXT, problem)
    return text


SafeText = Annotated[str, AfterValidator(_safe)]
"""A `str` that obeys the text rule; use it for every text a request carries."""
