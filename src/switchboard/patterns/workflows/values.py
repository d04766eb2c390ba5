"""Typed slot values: the offline pt-BR parsers, and `coerce`, the one gate every value passes.

Whatever proposes a value — the offline rules, a hosted model's JSON, an action — it reaches the
slots only through `coerce(step, raw)`, which returns the typed value (`int`, `Decimal`, an
option's `value`, `bool`, `list[str]`, a trimmed `str`) or raises `SlotValueError`. Hosted output
is therefore never trusted raw.

Matching is on `fold(text)` (lower case, accents stripped) and whole words only: "sim" is never
found inside "assim", "ead" never inside "leader" (substring matching of Portuguese keywords was
one of the originals' bugs).

Money: `parse_decimal` reads the simple pt-BR forms ("R$ 1.500,50", "1500", "1,5 mil", "2 mil
reais"). Apps with richer needs (the finance app's `parse_amount`: "45 conto", number words) pass
their own parser to `WorkflowPattern(decimal_parser=...)`.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Sequence
from decimal import Decimal, InvalidOperation
from functools import lru_cache
from typing import Any

from babel.numbers import format_currency, format_decimal

from switchboard.patterns.workflows.definition import CollectStep, EnumOption, SlotType

DecimalParser = Callable[[str], Decimal | None]
"""Reads an exact quantity (money, a score) from the user's text, or None."""

MAX_STR = 200
"""Longest free-text slot value kept (a slot is a name or a city, not an essay)."""


class SlotValueError(ValueError):
    """A proposed value cannot fill the slot. `unreadable`: no value of the slot's type was
    found at all ("não entendi"); otherwise a value was read but rejected (out of range, not an
    option, refused by a validator), and `reason` may say why in pt-BR."""

    def __init__(self, reason: str = "", *, unreadable: bool = False) -> None:
        super().__init__(reason)
        self.reason = reason
        self.unreadable = unreadable


def fold(text: str) -> str:
    """Lower case, accents stripped, spaces collapsed: `"  Ensino MÉDIO "` → `"ensino medio"`."""
    decomposed = unicodedata.normalize("NFKD", text.lower())
    stripped = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(stripped.split())


@lru_cache(maxsize=1024)
def _phrase_regex(phrase: str) -> re.Pattern[str]:
    words = fold(phrase).split()
    return re.compile(r"(?<!\w)" + r"\s+".join(re.escape(w) for w in words) + r"(?!\w)")


def find_phrase(folded: str, phrase: str) -> re.Match[str] | None:
    """Where `phrase` occurs in already-folded text as whole words."""
    if not phrase.strip():
        return None
    return _phrase_regex(phrase).search(folded)


_INT = re.compile(r"(?<![\d.,])(\d{1,9})(?![\d]|[.,]\d)")


def parse_int(text: str) -> int | None:
    """The only whole number in `text` ("17", "tenho 17") or None (none, or several)."""
    found = _INT.findall(text)
    return int(found[0]) if len(found) == 1 else None


_MONEY = re.compile(
    r"(?<![\w.,\-])(?:r\$\s*)?(\d{1,3}(?:\.\d{3})+(?:,\d{1,2})?|\d+(?:[.,]\d{1,2})?)"
    r"(?:\s*(mil)\b)?"
)


def parse_decimal(text: str) -> Decimal | None:
    """The only amount in `text`, pt-BR rules: dot groups thousands ("1.500"), comma is the
    decimal mark ("89,90"), a dot followed by one or two digits is a decimal mark ("1500.5"),
    "mil" multiplies ("1,5 mil"). None when there is no amount or more than one; a negative
    number ("-5") is not an amount."""
    found = list(_MONEY.finditer(fold(text)))
    if len(found) != 1:
        return None
    number, thousand = found[0].group(1), found[0].group(2)
    if "," in number:
        number = number.replace(".", "").replace(",", ".")
    elif re.fullmatch(r"\d{1,3}(?:\.\d{3})+", number):
        number = number.replace(".", "")
    try:
        value = Decimal(number)
    except InvalidOperation:
        return None
    return value * 1000 if thousand else value


_YES = ("sim", "s", "claro", "com certeza", "isso", "pode ser", "quero", "aceito", "ok", "uhum")
_NO = ("nao", "n", "nem", "negativo", "de jeito nenhum", "nunca", "prefiro nao")


def parse_bool(text: str) -> bool | None:
    """Yes/no in pt-BR ("sim", "claro", "não", "nunca"); None when both or neither appear."""
    folded = fold(text)
    yes = any(find_phrase(folded, word) for word in _YES)
    no = any(find_phrase(folded, word) for word in _NO)
    if yes == no:
        return None
    return yes


def match_options(text: str, options: Sequence[EnumOption]) -> list[str]:
    """The options mentioned in `text`, by whole-word match of their value, label or synonyms
    (accents and case ignored), in order of appearance. Overlapping mentions keep the longest
    phrase, so "ensino médio incompleto" never also counts as "ensino médio"."""
    folded = fold(text)
    hits: list[tuple[int, int, str]] = []
    for option in options:
        for phrase in (option.value.replace("_", " "), option.label, *option.synonyms):
            if not phrase:
                continue
            for match in _phrase_regex(phrase).finditer(folded):
                hits.append((match.start(), match.end(), option.value))
    hits.sort(key=lambda hit: (-(hit[1] - hit[0]), hit[0]))
    taken: list[tuple[int, int, str]] = []
    for start, end, value in hits:
        if all(end <= s or start >= e for s, e, _ in taken):
            taken.append((start, end, value))
    ordered: list[str] = []
    for _, _, value in sorted(taken):
        if value not in ordered:
            ordered.append(value)
    return ordered


def _split_list(text: str) -> list[str]:
    parts = re.split(r"\s*(?:,|;|/|\be\b|\bou\b)\s*", text.strip())
    return [part.strip(" .") for part in parts if part.strip(" .")]


def coerce(step: CollectStep, raw: Any, *, decimal_parser: DecimalParser = parse_decimal) -> Any:
    """`raw` (text, or an already-typed value from a model or an action) as the slot's type,
    within its bounds and options; `SlotValueError` otherwise."""
    kind = step.type
    if kind is SlotType.STR:
        if not isinstance(raw, str) or not raw.strip():
            raise SlotValueError(unreadable=True)
        return " ".join(raw.split())[:MAX_STR]
    if kind is SlotType.INT:
        value: Any
        if isinstance(raw, bool):
            raise SlotValueError(unreadable=True)
        if isinstance(raw, int):
            value = raw
        elif isinstance(raw, str):
            value = parse_int(raw)
        elif isinstance(raw, float | Decimal) and raw == int(raw):
            value = int(raw)
        else:
            value = None
        if value is None:
            raise SlotValueError(unreadable=True)
        _check_bounds(step, Decimal(value))
        return value
    if kind is SlotType.DECIMAL:
        if isinstance(raw, bool):
            raise SlotValueError(unreadable=True)
        if isinstance(raw, int | Decimal):
            amount: Decimal | None = Decimal(raw)
        elif isinstance(raw, float):
            amount = Decimal(str(raw))  # a model's JSON number; never stored as float
        elif isinstance(raw, str):
            amount = decimal_parser(raw)
        else:
            amount = None
        if amount is None or not amount.is_finite():
            raise SlotValueError(unreadable=True)
        _check_bounds(step, amount)
        return amount
    if kind is SlotType.BOOL:
        if isinstance(raw, bool):
            return raw
        answer = parse_bool(raw) if isinstance(raw, str) else None
        if answer is None:
            raise SlotValueError(unreadable=True)
        return answer
    if kind is SlotType.ENUM:
        if not isinstance(raw, str):
            raise SlotValueError(unreadable=True)
        values = {option.value for option in step.options}
        if raw in values:
            return raw
        found = match_options(raw, step.options)
        if len(found) != 1:
            raise SlotValueError(unreadable=True)
        return found[0]
    # LIST
    items = raw if isinstance(raw, list | tuple) else None
    if isinstance(raw, str):
        items = match_options(raw, step.options) if step.options else _split_list(raw)
    if not items or not all(isinstance(item, str) and item.strip() for item in items):
        raise SlotValueError(unreadable=True)
    texts = [str(item) for item in items]
    if step.options:
        known = {option.value for option in step.options}
        resolved: list[str] = []
        for item in texts:
            value = item if item in known else next(iter(match_options(item, step.options)), None)
            if value is None:
                raise SlotValueError(unreadable=True)
            if value not in resolved:
                resolved.append(value)
        return resolved
    return [" ".join(item.split())[:MAX_STR] for item in texts]


def _check_bounds(step: CollectStep, value: Decimal) -> None:
    if (step.min is not None and value < step.min) or (step.max is not None and value > step.max):
        raise SlotValueError()


def dump_value(value: Any) -> Any:
    """A slot value in its JSON form for the persisted state (`Decimal` as a string)."""
    return str(value) if isinstance(value, Decimal) else value


def load_value(step: CollectStep | None, stored: Any) -> Any:
    """A persisted slot value back in its type (`Decimal` from its string)."""
    if step is not None and step.type is SlotType.DECIMAL and isinstance(stored, str | int):
        return Decimal(stored)
    return stored


def display(step: CollectStep | None, value: Any) -> str:
    """A slot value as users read it: an option's label, `Decimal` with a comma."""
    if step is not None and step.options:
        labels = {option.value: option.shown for option in step.options}
        if isinstance(value, list):
            return ", ".join(labels.get(str(item), str(item)) for item in value)
        if isinstance(value, str):
            return labels.get(value, value)
    if isinstance(value, bool):
        return "sim" if value else "não"
    if step is not None and step.currency and isinstance(value, Decimal | int):
        # a plain space, as every app writes money ("R$ 1.050,00"): one look, copyable
        return format_currency(value, step.currency, locale="pt_BR").replace("\xa0", " ")
    if isinstance(value, Decimal):
        return format_decimal(value, locale="pt_BR")
    if isinstance(value, list):
        return ", ".join(str(item) for item in value)
    return "" if value is None else str(value)


__all__ = [
    "DecimalParser",
    "SlotValueError",
    "coerce",
    "display",
    "dump_value",
    "find_phrase",
    "fold",
    "load_value",
    "match_options",
    "parse_bool",
    "parse_decimal",
    "parse_int",
]
