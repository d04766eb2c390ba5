"""A session's routing state: everything needed to route the next message, persisted as one record.

Any process can load it and serve the next message; nothing lives only in an object.

The state is a small envelope (`ended`) plus one typed part per pattern: delegation keeps its
active specialist and pending result, switching its agent history, workflows their step and
slots, the finance triage its open dialog question. A pattern declares its part as a frozen
`PatternState` subclass with a unique `key` and reads and writes it through `state.get(Part)` /
`state.put(part)`; the core never learns its fields. Parts are frozen so a state copy only copies
the dict that holds them (a turn works on its own copy; see `clone`), and so one instance of each
part at its defaults is shared (`_default`): a turn reads and writes parts a few times per model
call, and building a default part and comparing with pydantic's `__eq__` each time was a
measurable share of the framework's instructions per call (bench/core/RESULTS_seams.md).

Rows written before parts existed (flat `active_agent`, `agent_history`, `data["ended"]`, …) are
read by `_upgrade_legacy`, so old sessions keep loading without a data migration.
"""

from __future__ import annotations

from typing import Any, ClassVar, TypeVar

from pydantic import BaseModel, ConfigDict, Field, model_validator

P = TypeVar("P", bound="PatternState")


class PatternState(BaseModel):
    """One pattern's part of the session state. Subclasses set `key` (unique, stable: it is the
    part's name in stored rows) and give every field a default: a part that was never written
    reads as `Part()`. Defining the subclass registers it, so stored rows come back with their
    parts parsed (a part whose class was never imported stays in its JSON form, untouched)."""

    model_config = ConfigDict(frozen=True)

    key: ClassVar[str]
    """The part's name in stored rows. Field defaults must be constants (no clock or counter
    factories): a part equal to its defaults is what a session without the part reads, and
    is not stored."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        key = cls.__dict__.get("key")
        if isinstance(key, str):
            _PART_TYPES[key] = cls

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs: Any) -> None:
        """Build the shared default once the class is complete (see `_default`)."""
        super().__pydantic_init_subclass__(**kwargs)
        if isinstance(cls.__dict__.get("key"), str):
            _DEFAULTS[cls] = cls()


_PART_TYPES: dict[str, type[PatternState]] = {}
"""Every `PatternState` subclass by key (see `PatternState.__init_subclass__`)."""

_DEFAULTS: dict[type[Any], Any] = {}
"""One instance per part kind with every field at its default (see `_default`); typed loosely so
that `_default` needs no `cast` call on the hot path."""

_STATE_KEYS = frozenset({"ended", "parts"})
"""The fields of today's rows; any other key means a row written before parts existed."""


def _default(kind: type[P]) -> P:
    """`kind()`, built once: parts are frozen, so every session without the part can share it."""
    default: P | None = _DEFAULTS.get(kind)
    if default is None:
        default = _DEFAULTS[kind] = kind()
    return default


def _is_default(part: PatternState) -> bool:
    """`part == type(part)()`, without building the default or, in the usual case of a part that
    differs from it, calling pydantic's `BaseModel.__eq__`: when the field dicts differ and hold
    nothing but fields, that `__eq__` answers False whatever else it compares, so this does too."""
    kind = type(part)
    default = _default(kind)
    if part is default:
        return True
    values, default_values = part.__dict__, default.__dict__
    if values != default_values:
        fields = kind.__pydantic_fields__.keys()
        if values.keys() <= fields and default_values.keys() <= fields:
            return False
    return part == default


class RoutingState(BaseModel):
    """The persisted routing state of one session."""

    ended: bool = False
    """The session's live routing was closed (`end_session`); the next message starts afresh."""
    parts: dict[str, Any] = Field(default_factory=dict)
    """Pattern parts by key: `PatternState` objects (the JSON form only for parts whose class is
    not loaded in this process). Use `get`/`put`, not this dict."""

    def get(self, kind: type[P]) -> P:
        """The part of pattern `kind` (its defaults when the session has none yet)."""
        value = self.parts.get(kind.key)
        if value is None:
            default: P = _DEFAULTS.get(kind) or _default(kind)
            return default
        if type(value) is kind:
            return value
        parsed = kind.model_validate(value)
        self.parts[kind.key] = parsed
        return parsed

    def put(self, part: PatternState) -> None:
        """Replace the part of `part`'s pattern. A part equal to its defaults is dropped, so
        sessions that never used a pattern store nothing for it."""
        if _is_default(part):
            self.parts.pop(part.key, None)
        else:
            self.parts[part.key] = part

    def clone(self) -> RoutingState:
        """An independent copy, much cheaper than a deep copy: parts are frozen, so only the
        dict that holds them is copied."""
        return self.model_copy(update={"parts": dict(self.parts)})

    @model_validator(mode="before")
    @classmethod
    def _upgrade_legacy(cls, data: Any) -> Any:
        if isinstance(data, dict) and not data.keys() <= _STATE_KEYS:
            return upgrade_legacy_state(data)
        return data

    @model_validator(mode="after")
    def _parse_parts(self) -> RoutingState:
        parts = self.parts
        for key, value in parts.items():
            kind = _PART_TYPES.get(key)
            if kind is not None and type(value) is not kind:
                parts[key] = kind.model_validate(value)
        return self


_LEGACY_PARTS = {
    # stored key -> (part key, field in that part)
    "active_agent": ("delegation", "active_agent"),
    "agent_stack": ("delegation", "agent_stack"),
    "pending_result": ("delegation", "pending_result"),
    "specialist_context": ("delegation", "specialist_context"),
    "ai_agent_id": ("switching", "ai_agent_id"),
    "active_agent_id": ("switching", "active_agent_id"),
    "agent_history": ("switching", "agent_history"),
    "reset_pending": ("switching", "reset_pending"),
}
"""Where each field of the flat state (before pattern parts, revisions ≤ 0002) now lives."""


def upgrade_legacy_state(data: dict[str, Any]) -> dict[str, Any]:
    """The flat state of older rows in today's shape: its fields moved into the delegation and
    switching parts, `data["ended"]` to `ended`; unused flat fields (`workflow`, `open_question`,
    which no pattern wrote) are dropped."""
    parts: dict[str, dict[str, Any]] = {}
    for name, (part, field) in _LEGACY_PARTS.items():
        value = data.get(name)
        if value not in (None, [], False):
            parts.setdefault(part, {})[field] = value
    extras = data.get("data") or {}
    initial = extras.get("switching.initial_agent")
    if initial is not None:
        parts.setdefault("switching", {})["initial_agent"] = initial
    upgraded: dict[str, Any] = {"ended": bool(data.get("ended") or extras.get("ended"))}
    merged = dict(data.get("parts") or {})
    merged.update(parts)
    upgraded["parts"] = merged
    return upgraded


__all__ = ["PatternState", "RoutingState", "upgrade_legacy_state"]
