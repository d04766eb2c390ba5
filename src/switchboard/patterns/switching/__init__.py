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

from switchboard._faces import attach
from switchboard.patterns.switching.history import consume_reset as consume_reset
from switchboard.patterns.switching.history import previous_agent_id as previous_agent_id
from switchboard.patterns.switching.history import record_switch as record_switch
from switchboard.patterns.switching.prompt import PromptPlan as PromptPlan
from switchboard.patterns.switching.prompt import build_system_prompt as build_system_prompt
from switchboard.patterns.switching.state import AgentSwitch as AgentSwitch
from switchboard.patterns.switching.state import SwitchingState as SwitchingState
from switchboard.patterns.switching.strategy import Strategy as Strategy
from switchboard.patterns.switching.strategy import StrategyBook as StrategyBook
from switchboard.patterns.switching.strategy import SwitchTemplate as SwitchTemplate
from switchboard.patterns.switching.strategy import load_strategies as load_strategies

__getattr__, __dir__, __all__ = attach(__name__)
