"""Where the bus keeps state that every process must agree on (budgets, breakers, windows...).

The safety rules are written once against `StateBackend`; `MemoryState` serves one process,
`RedisState` shares the same records between processes and hosts.
"""

from switchboard.bus.state.base import BreakerRecord, BreakerState, StateBackend
from switchboard.bus.state.memory import MemoryState

__all__ = ["BreakerRecord", "BreakerState", "MemoryState", "StateBackend"]
