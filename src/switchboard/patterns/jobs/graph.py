"""Dependency graphs of jobs: cycle detection and readiness, as pure functions."""

from __future__ import annotations

from collections.abc import Iterable, Mapping


def find_cycle(graph: Mapping[str, Iterable[str]]) -> list[str] | None:
    """A cycle in `node -> its dependencies`, as the path `[a, b, …, a]`, or None.

    Iterative three-colour depth-first search (no recursion limit on long chains). Dependencies
    that are not keys of `graph` are leaves (existing jobs outside the batch being checked).
    """
    white, grey, black = 0, 1, 2
    colour: dict[str, int] = {}
    edges = {node: list(deps) for node, deps in graph.items()}
    for root in edges:
        if colour.get(root, white) != white:
            continue
        path: list[str] = [root]
        iterators = [iter(edges[root])]
        colour[root] = grey
        while iterators:
            child = next(iterators[-1], None)
            if child is None:
                iterators.pop()
                colour[path.pop()] = black
                continue
            state = colour.get(child, white)
            if state == grey:
                return [*path[path.index(child) :], child]
            if state == white and child in edges:
                colour[child] = grey
                path.append(child)
                iterators.append(iter(edges[child]))
    return None


def topological_order(graph: Mapping[str, Iterable[str]]) -> list[str]:
    """Nodes with every dependency before its dependants (dependencies outside `graph` ignored).

    Raises ValueError on a cycle; callers check with `find_cycle` first for a typed error.
    """
    edges = {node: [d for d in deps if d in graph] for node, deps in graph.items()}
    pending = {node: len(deps) for node, deps in edges.items()}
    dependants: dict[str, list[str]] = {node: [] for node in edges}
    for node, deps in edges.items():
        for dep in deps:
            dependants[dep].append(node)
    ready = [node for node, count in pending.items() if count == 0]
    order: list[str] = []
    while ready:
        node = ready.pop(0)
        order.append(node)
        for child in dependants[node]:
            pending[child] -= 1
            if pending[child] == 0:
                ready.append(child)
    if len(order) != len(edges):
        raise ValueError("dependency graph has a cycle")
    return order


__all__ = ["find_cycle", "topological_order"]
