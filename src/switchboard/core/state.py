"""A session's routing state: everything needed to route the next message, persisted as one record.

Any process can load it and serve the next message; nothing lives only in an object.

The state is a small envelope (`ended`) plus one typed part per pattern: delegation keeps its
active specialist and pending result, switching its agent history, workflows their step and
slots, the finance triage its open dialog question. A pattern declares its part as a frozen
`PatternState` subclass with a unique `key` and reads and writes it through `state.get(Part)` /
`state.put(part)`; the core never learns its fields. Parts are frozen so a state copy only copies
the dict that holds them (a turn works on its own copy; see `clone`), and so one instance of each
part at its defaults is shared (`_register`): a turn reads and writes parts a few times per model
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
        """Register the class's key and shared default once the class is complete (`_register`)."""
        super().__pydantic_init_subclass__(**kwargs)
        if isinstance(cls.__dict__.get("key"), str):
            _register(cls)


_PART_TYPES: dict[str, type[PatternState]] = {}
"""Every `PatternState` subclass by key (see `PatternState.__init_subclass__`)."""

_Kind = tuple[str, Any, Any]
"""What `get` and `put` need to know about a part kind: its key, its shared default instance (see
`_register`; typed loosely so that `get` needs no `cast` call on the hot path) and its field
names (`KeysView`), or None when the default holds more than fields (then `put` asks pydantic)."""

_KINDS: dict[type[Any], _Kind] = {}
"""Part kinds by class. Looked up by the class itself: reading `kind.key` or
`kind.__pydantic_fields__` goes through pydantic's metaclass `__getattr__` hook, which costs
about as much as the rest of `get` together."""

_STATE_KEYS = frozenset({"ended", "parts"})
"""The fields of today's rows; any other key means a row written before parts existed."""

_new = object.__new__
_set = object.__setattr__


def _register(kind: type[PatternState]) -> _Kind:
    """Build `kind()` once: parts are frozen, so every session without the part can share it."""
    default = kind()
    fields = kind.__pydantic_fields__.keys()
    info = _KINDS[kind] = (kind.key, default, fields if default.__dict__.keys() <= fields else None)
    return info


def _is_default(part: PatternState, default: PatternState, fields: Any) -> bool:
    """`part == type(part)()`, without building the default or, in the usual case of a part that
    differs from it, calling pydantic's `BaseModel.__eq__`: when the field dicts differ and hold
    nothing but fields, that `__eq__` answers False whatever else it compares, so this does too."""
    if part is default:
        return True
    values = part.__dict__
    if values != default.__dict__ and fields is not None and values.keys() <= fields:
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
        key, default, _ = _KINDS.get(kind) or _register(kind)
        value = self.parts.get(key)
        if value is None:
            part: P = default  # _KINDS is typed loosely (see _Kind): no `cast` call here
            return part
        if type(value) is kind:
            return value
        parsed = kind.model_validate(value)
        self.parts[key] = parsed
        return parsed

    def put(self, part: PatternState) -> None:
        """Replace the part of `part`'s pattern. A part equal to its defaults is dropped, so
        sessions that never used a pattern store nothing for it."""
        key, default, fields = _KINDS.get(type(part)) or _register(type(part))
        if _is_default(part, default, fields):
            self.parts.pop(key, None)
        else:
            self.parts[key] = part

    def reset(self, kind: type[P]) -> P:
        """Put `kind` back at its defaults (`put(kind())` without building or comparing a
        part); returns the shared default part."""
        key, default, _ = _KINDS.get(kind) or _register(kind)
        self.parts.pop(key, None)
        part: P = default
        return part

    def clone(self) -> RoutingState:
        """An independent copy, much cheaper than a deep copy: parts are frozen, so only the
        dict that holds them is copied. Built as pydantic's own `model_copy` builds a copy, minus
        its generic machinery (`update`, extras, private attributes, three `copy.copy` calls):
        a turn clones its session's state once, and `model_copy` cost as much as 20 `get`s."""
        values = self.__dict__
        return _state(values["ended"], dict(values["parts"]), set(self.__pydantic_fields_set__))

    @classmethod
    def blank(cls) -> RoutingState:
        """`RoutingState()` without running the validators (nothing to upgrade or parse): every
        new session starts from one."""
        return _state(False, {}, set())

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


def _state(ended: bool, parts: dict[str, Any], fields_set: set[str]) -> RoutingState:
    """A `RoutingState` holding these values, not validated (they come from a valid state), set up
    the way pydantic's `model_construct` and `model_copy` set up an instance."""
    state: RoutingState = _new(RoutingState)
    _set(state, "__dict__", {"ended": ended, "parts": parts})
    _set(state, "__pydantic_fields_set__", fields_set)
    _set(state, "__pydantic_extra__", None)
    _set(state, "__pydantic_private__", None)
    return state


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
