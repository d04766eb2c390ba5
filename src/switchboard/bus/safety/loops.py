"""Circular-loop detection (spec §4 "Detecção de Loops Circulares", §7 Camada 3).

Blocking is decided from the message's own call path, so every process agrees without sharing
anything: an agent more than `loop_max_occurrences` times in the chain, or a depth above
`loop_max_depth`, blocks the message. Each process also keeps the directed call graph per mission
and finds the cycle (DFS) a new edge closes, which is reported to the lead coordinator.
"""

from __future__ import annotations

from switchboard.bus.errors import LoopDetectedError
from switchboard.bus.settings import BusSettings


class LoopDetector:
    def __init__(self, settings: BusSettings) -> None:
        self._s = settings
        self._max_occurrences = settings.loop_max_occurrences
        self._max_depth = settings.loop_max_depth
        self._graphs: dict[str, dict[str, set[str]]] = {}
        self._cycles: dict[str, list[str]] = {}

    def check(self, mission_id: str | None, path: list[str], depth: int, recipient: str) -> None:
        """Raise `LoopDetectedError` if the message must be blocked; else record the call edge."""
        limit = self._max_occurrences
        sender = path[-1] if path else None
        if depth > self._max_depth:
            raise LoopDetectedError(
                f"call depth {depth} exceeds {self._max_depth}",
                mission_id=mission_id,
                path=[*path, recipient],
                depth=depth,
                cycle=self.cycle(mission_id),
            )
        if path.count(recipient) + 1 > limit or (sender is not None and path.count(sender) > limit):
            agent = recipient if path.count(recipient) + 1 > limit else sender
            self._add_edge(mission_id, sender, recipient)
            raise LoopDetectedError(
                f"agent {agent!r} appears more than {limit} times in the call path",
                mission_id=mission_id,
                path=[*path, recipient],
                depth=depth,
                agent=agent,
                cycle=self.cycle(mission_id),
            )
        if mission_id is not None and sender is not None:
            self._add_edge(mission_id, sender, recipient)

    def _add_edge(self, mission_id: str | None, sender: str | None, recipient: str) -> None:
        if mission_id is None or sender is None:
            return
        graph = self._graphs.setdefault(mission_id, {})
        targets = graph.setdefault(sender, set())
        if recipient in targets:
            return
        targets.add(recipient)
        cycle = self._find_path(graph, recipient, sender)
        if cycle is not None:
            self._cycles[mission_id] = [*cycle, recipient]

    @staticmethod
    def _find_path(graph: dict[str, set[str]], start: str, goal: str) -> list[str] | None:
        """DFS from `start` to `goal`: with the new edge goal→start this path is a cycle."""
        stack: list[tuple[str, list[str]]] = [(start, [start])]
        seen: set[str] = set()
        while stack:
            node, trail = stack.pop()
            if node == goal:
                return trail
            if node in seen:
                continue
            seen.add(node)
            for nxt in graph.get(node, ()):
                stack.append((nxt, [*trail, nxt]))
        return None

    def cycle(self, mission_id: str | None) -> list[str] | None:
        """The last cycle found in the mission's call graph, e.g. ['a', 'b', 'a']."""
        return self._cycles.get(mission_id) if mission_id else None

    def forget(self, mission_id: str) -> None:
        self._graphs.pop(mission_id, None)
        self._cycles.pop(mission_id, None)
