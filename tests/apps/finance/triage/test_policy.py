"""Memory policy per category, as in the original (spec 001 §2.2)."""

from __future__ import annotations

from switchboard.apps.finance.triage import CATEGORIES, MEMORY_POLICY, MemoryPolicy, memory_policy


def test_memory_policy_table() -> None:
    assert memory_policy("trivial") == MemoryPolicy(read=True, write=True)
    assert memory_policy("lancamento") == MemoryPolicy(read=False, write=True)
    assert memory_policy("simplista") == MemoryPolicy(read=True, write=True)
    assert memory_policy("complexa") == MemoryPolicy(read=True, write=False)
    assert set(MEMORY_POLICY) == set(CATEGORIES)
