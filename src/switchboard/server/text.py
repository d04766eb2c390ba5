"""The text rule (`sessions/input.py`) as pydantic types for request bodies, path parameters and
headers: a violation is a validation problem of type `invalid_text`, which the error handler
renders as a 422 with code `invalid_text` (not the generic `validation_error`), before any route
code runs — so no session is created and no stream starts."""

from __future__ import annotations

from typing import Annotated

from pydantic import AfterValidator, Field
from pydantic_core import PydanticCustomError

from switchboard.sessions.input import text_problem

INVALID_TEXT = "invalid_text"


def _safe(text: str) -> str:
    problem = text_problem(text)
    if problem is not None:
        raise PydanticCustomError(INVALID_TEXT, problem)
    return text


TEXT_PATTERN = r"^[^\u0000\ufffe\uffff]*$"
"""The text rule as a JSON Schema pattern, for clients and generators reading the OpenAPI
document: no NUL and no U+FFFE/U+FFFF. The rule's third part, no lone UTF-16 surrogate, has no
portable pattern (Rust and Go regex engines cannot even hold a surrogate, and JSON text from a
conforming encoder never has one); it is in the field's description instead."""
TEXT_RULE = (
    "Text rule: no NUL (U+0000), no lone UTF-16 surrogate, no U+FFFE/U+FFFF (422 `invalid_text`)."
)

SafeText = Annotated[
    str,
    AfterValidator(_safe),
    Field(json_schema_extra={"pattern": TEXT_PATTERN, "x-text-rule": TEXT_RULE}),
]
"""A `str` that obeys the text rule; use it for every text a request carries. The check itself
is `_safe` (the same as for every turn); the pattern only documents it."""
