"""Memory access per triage category, as in the original (spec 001 §2.2).

| categoria  | read | write | why |
|------------|------|-------|-----|
| trivial    | yes  | yes   | greetings and small talk may use and update the chat context |
| lancamento | no   | yes   | recording needs no history; the turn is remembered |
| simplista  | yes  | yes   | "e no mês passado?" needs the last query; the answer is remembered |
| complexa   | yes  | no    | the coordinator of the mission saves what it concluded, not Junior |
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType

from switchboard.apps.finance.triage.types import Categoria


@dataclass(slots=True, frozen=True)
class MemoryPolicy:
    """Whether the turn's agent reads the chat memory and whether the turn is written to it."""

    read: bool
    write: bool


MEMORY_POLICY: MappingProxyType[Categoria, MemoryPolicy] = MappingProxyType(
    {
        "trivial": MemoryPolicy(read=True, write=True),
        "lancamento": MemoryPolicy(read=False, write=True),
        "simplista": MemoryPolicy(read=True, write=True),
        "complexa": MemoryPolicy(read=True, write=False),
    }
)


def memory_policy(categoria: Categoria) -> MemoryPolicy:
    """The memory policy of a category."""
    return MEMORY_POLICY[categoria]
