"""A pattern part for the store suite: the store keeps parts opaque, so any part will do."""

from __future__ import annotations

from datetime import datetime
from typing import Any, ClassVar

from switchboard.core.state import PatternState, RoutingState


class Probe(PatternState):
    key: ClassVar[str] = "probe"

    active: str | None = None
    stack: tuple[str, ...] = ()
    result: dict[str, Any] | None = None
    when: datetime | None = None
    pair: tuple[str, int] | None = None


def state_with(**fields: Any) -> RoutingState:
    state = RoutingState()
    state.put(Probe(**fields))
    return state
