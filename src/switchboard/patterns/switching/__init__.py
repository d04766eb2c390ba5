"""Agent switching (spec 003): the user switches agent mid-session; the first model call after the
switch gets a model-specific "hard reset" prompt from the per-provider strategy files.

    state = record_switch(state, new_agent, message_count=n, clock=clock)   # on "switch agent"
    plan = build_system_prompt(agent, state, model_id, previous_agent=..., user_context=...)
    messages = plan.apply(history)                                           # the model call
    if plan.is_reset:
        state = consume_reset(state)
"""

from switchboard.patterns.switching.history import (
    consume_reset,
    previous_agent_id,
    record_switch,
)
from switchboard.patterns.switching.prompt import PromptPlan, build_system_prompt
from switchboard.patterns.switching.strategy import (
    Strategy,
    StrategyBook,
    SwitchTemplate,
    load_strategies,
)

__all__ = [
    "PromptPlan",
    "Strategy",
    "StrategyBook",
    "SwitchTemplate",
    "build_system_prompt",
    "consume_reset",
    "load_strategies",
    "previous_agent_id",
    "record_switch",
]
