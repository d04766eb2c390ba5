"""Agent switching (spec 003): the user switches agent mid-session; the first model call after the
switch gets a model-specific "hard reset" prompt from the per-provider strategy files.

    switching = record_switch(switching, new_agent, message_count=n, clock=clock)  # on a switch
    plan = build_system_prompt(agent, switching, model_id, previous_agent=..., user_context=...)
    messages = plan.apply(history)                                           # the model call
    if plan.is_reset:
        switching = consume_reset(switching)

`switching` is the session's `SwitchingState` part: `state.get(SwitchingState)` /
`state.put(switching)`.
"""

from switchboard.patterns.switching.history import (
    consume_reset,
    previous_agent_id,
    record_switch,
)
from switchboard.patterns.switching.prompt import PromptPlan, build_system_prompt
from switchboard.patterns.switching.state import AgentSwitch, SwitchingState
from switchboard.patterns.switching.strategy import (
    Strategy,
    StrategyBook,
    SwitchTemplate,
    load_strategies,
)

__all__ = [
    "AgentSwitch",
    "PromptPlan",
    "Strategy",
    "StrategyBook",
    "SwitchTemplate",
    "SwitchingState",
    "build_system_prompt",
    "consume_reset",
    "load_strategies",
    "previous_agent_id",
    "record_switch",
]
