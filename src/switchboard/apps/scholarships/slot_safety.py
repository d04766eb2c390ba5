"""Nothing a guard flags, or would flag, is stored as profile data.

The original stored an indirect self-harm message given during onboarding as the student's
NAME and echoed it back ("Prazer, …"). Two defences:

1. the guard runs before the workflows (`Guarded`), and with `AnyUnsafe` an offline UNSAFE can
   no longer be overruled by a hosted model: a blocked turn never reaches slot filling;
2. this module, a cheap second line in the slot writer: `SafeSlots` wraps any workflow
   `Extractor` and drops every proposed value the offline guard would flag — all of them when
   the message itself would be flagged (a path that skipped the guard), otherwise each text
   value that is UNSAFE on its own (a model extractor that lifted "ninguém vai sentir minha
   falta" out of a longer message as the name).

`flagged` and `safe_values` are plain functions so that slot validation elsewhere (the
extractors' own rules, a future validator) can call the same check. The offline guard costs
~0.1–1 ms per string, and only text values are checked (numbers, booleans and enum values
cannot carry a crisis or an injection).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from typing import Any

from switchboard.apps.scholarships.records.cities import lookup
from switchboard.patterns import Extraction, Extractor, GuardClassifier, GuardVerdict, Workflow

log = logging.getLogger(__name__)

Check = Callable[[str], GuardVerdict]


def _offline(text: str) -> GuardVerdict:
    return GuardClassifier.default().check(text)


def _texts(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, list | tuple | set | frozenset):
        return [item for item in value if isinstance(item, str)]
    return []


def flagged(value: object, check: Check = _offline) -> bool:
    """Whether the guard would flag `value` (a string, or any string inside a list)."""
    return any(check(text).unsafe for text in _texts(value) if text.strip())


def _catalogued(slot: str, value: object) -> bool:
    """A city exactly as the catalogue writes it is data, not the student's words (the offline
    classifier, on the bare name, once read "São José do Rio Preto" as hate): the message it
    came from is still checked."""
    if slot != "city" or not isinstance(value, str):
        return False
    found = lookup(value)
    return found is not None and found[0] == value.strip()


def safe_values(
    values: Mapping[str, Any], text: str | None = None, *, check: Check = _offline
) -> dict[str, Any]:
    """`values` without those the guard would flag; none at all when `text` (the message they
    came from) would be flagged."""
    if not values:
        return {}
    if text is not None and check(text).unsafe:
        log.warning("slot values dropped: the message would be flagged by the guard")
        return {}
    kept = {
        slot: value
        for slot, value in values.items()
        if _catalogued(slot, value) or not flagged(value, check)
    }
    if len(kept) != len(values):
        log.warning(
            "slot values dropped: the guard would flag them",
            extra={"slots": sorted(set(values) - set(kept))},
        )
    return kept


class SafeSlots:
    """An `Extractor` whose proposals never include a value the guard would flag."""

    def __init__(self, inner: Extractor, *, check: Check = _offline) -> None:
        self.inner = inner
        self.check = check

    async def extract(
        self, text: str, workflow: Workflow, expected: str | None, slots: Mapping[str, Any]
    ) -> Extraction:
        extraction = await self.inner.extract(text, workflow, expected, slots)
        kept = safe_values(extraction.values, text, check=self.check)
        if len(kept) == len(extraction.values):
            return extraction
        return Extraction(
            values=kept,
            corrections=extraction.corrections & kept.keys(),
            usage=extraction.usage,
            problems=extraction.problems,
        )


__all__ = ["SafeSlots", "flagged", "safe_values"]
