"""Distributed budget control (spec §4 "Controle de Orçamento Distribuído", §7 Camada 2).

Consumption comes from responses (`recursos_consumidos`) and is summed per mission in the state
backend. New messages are flagged at 80% (`budget_high`) and 90% (`budget_critical`); at 100%
NORMAL and LOW are refused while HIGH and CRITICAL still pass so the lead can wrap up, and the lead
is told once to finish. A budget of 0 means "no limit" for that resource.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

from switchboard.bus.envelope import Flag, Priority
from switchboard.bus.errors import BudgetExhaustedError
from switchboard.bus.mission import BudgetLevel, BudgetStatus, MissionRecord
from switchboard.bus.notices import Notice, NoticeKind
from switchboard.bus.settings import BusSettings
from switchboard.bus.state.base import StateBackend
from switchboard.bus.state.memory import MemoryState


def usage_ratio(record: MissionRecord) -> float:
    token = record.tokens_used / record.token_budget if record.token_budget else 0.0
    calls = record.api_calls_used / record.api_call_budget if record.api_call_budget else 0.0
    return max(token, calls)


class BudgetGuard:
    def __init__(
        self,
        settings: BusSettings,
        state: StateBackend,
        notify: Callable[[Notice, str], Awaitable[None]],
    ) -> None:
        self._s = settings
        # plain attributes: read on every message (see `MessageBus.__init__`)
        self._high = settings.budget_high_ratio
        self._critical = settings.budget_critical_ratio
        self._exhausted_ratio = settings.budget_exhausted_ratio
        self._state = state
        self._mem = state if isinstance(state, MemoryState) else None
        self._notify = notify
        self._notices: set[asyncio.Future[None]] = set()

    def level(self, ratio: float) -> BudgetLevel:
        if ratio >= self._exhausted_ratio:
            return BudgetLevel.EXHAUSTED
        if ratio >= self._critical:
            return BudgetLevel.CRITICAL
        if ratio >= self._high:
            return BudgetLevel.HIGH
        return BudgetLevel.OK

    def admit(self, record: MissionRecord, priority: Priority, flags: list[str]) -> None:
        """Flag the message, or refuse it when the budget is spent and it is not urgent."""
        ratio = usage_ratio(record)
        if ratio < self._high:
            return
        level = self.level(ratio)
        if level is BudgetLevel.EXHAUSTED:
            if priority > Priority.HIGH:
                raise BudgetExhaustedError(
                    "mission budget exhausted: only HIGH and CRITICAL messages pass",
                    mission_id=record.mission_id,
                    ratio=ratio,
                )
            flags.append(Flag.BUDGET_EXHAUSTED)
            flags.append(Flag.BUDGET_CRITICAL)
        elif level is BudgetLevel.CRITICAL:
            flags.append(Flag.BUDGET_CRITICAL)
        else:
            flags.append(Flag.BUDGET_HIGH)

    async def consume(self, record: MissionRecord, tokens: int, api_calls: int) -> None:
        if not tokens and not api_calls:
            return
        used = await self._state.add_consumption(record.mission_id, tokens, api_calls)
        self._update(record, used)
        if usage_ratio(record) >= self._exhausted_ratio and await self._state.once(
            f"budget-exhausted:{record.mission_id}"
        ):
            await self._notify(self._exhausted(record), record.lead_coordinator)

    def consume_now(self, record: MissionRecord, tokens: int, api_calls: int) -> None:
        """`consume` on in-memory state, synchronously (the exhausted notice goes out in a task
        of its own: it is delivered to the lead's mailbox)."""
        state = self._mem
        assert state is not None  # callers check that the bus's state is in memory
        self._update(record, state.add_consumption_now(record.mission_id, tokens, api_calls))
        if usage_ratio(record) >= self._exhausted_ratio and state.once_now(
            f"budget-exhausted:{record.mission_id}"
        ):
            task = asyncio.ensure_future(
                self._notify(self._exhausted(record), record.lead_coordinator)
            )
            self._notices.add(task)
            task.add_done_callback(self._notices.discard)

    @staticmethod
    def _update(record: MissionRecord, used: tuple[int, int]) -> None:
        # In memory `record` is the stored record itself, already updated: no setattr then.
        if record.tokens_used != used[0]:
            record.tokens_used = used[0]
        if record.api_calls_used != used[1]:
            record.api_calls_used = used[1]

    def _exhausted(self, record: MissionRecord) -> Notice:
        return Notice(
            kind=NoticeKind.BUDGET_EXHAUSTED,
            mission_id=record.mission_id,
            text="orçamento esgotado, finalize imediatamente com os dados atuais",
            detail=self.status(record).model_dump(),
        )

    def status(self, record: MissionRecord) -> BudgetStatus:
        ratio = usage_ratio(record)
        status: BudgetStatus = object.__new__(BudgetStatus)  # fields set directly: no kwargs
        status.mission_id = record.mission_id
        status.token_budget = record.token_budget
        status.api_call_budget = record.api_call_budget
        status.tokens_used = record.tokens_used
        status.api_calls_used = record.api_calls_used
        status.tokens_remaining = max(0, record.token_budget - record.tokens_used)
        status.api_calls_remaining = max(0, record.api_call_budget - record.api_calls_used)
        status.ratio = ratio
        status.level = self.level(ratio)
        return status
