"""Switch detection from the session's `agent_history` (spec 003, "Detecção por Histórico").

A switch appends an `AgentSwitch` and marks `reset_pending`; the "hard reset" prompt is due only on
the first model call after it, and only for the agent switched to. The agent being replaced is read
from the history, so the reset prompt names the *previous* agent (the original named the current
one).
"""

from __future__ import annotations

from switchboard.core.agent_spec import AgentSpec
from switchboard.core.clock import SYSTEM_CLOCK, Clock
from switchboard.patterns.switching.state import AgentSwitch, SwitchingState


def display_name(agent: AgentSpec) -> str:
    """How prompts and the history name an agent: its persona, else its id."""
    return agent.role or agent.name


def record_switch(
    state: SwitchingState, new_agent: AgentSpec, *, message_count: int, clock: Clock = SYSTEM_CLOCK
) -> SwitchingState:
    """The user picked `new_agent`: a new state with both agent ids set, one more history entry and
    the reset pending. Picking the agent the model already is changes nothing (same object back)."""
    if message_count < 0:
        raise ValueError(f"message_count must be >= 0, got {message_count}")
    if state.ai_agent_id == new_agent.name:
        return state
    switch = AgentSwitch(
        agent_id=new_agent.name,
        name=display_name(new_agent),
        switched_at=clock.now(),
        message_count=message_count,
    )
    return state.model_copy(
        update={
            "initial_agent": state.ai_agent_id if not state.agent_history else state.initial_agent,
            "agent_history": (*state.agent_history, switch),
            "ai_agent_id": new_agent.name,
            "active_agent_id": new_agent.name,
            "reset_pending": True,
        }
    )


def consume_reset(state: SwitchingState) -> SwitchingState:
    """Call after the model call that used the reset prompt: later calls get the normal prompt."""
    if not state.reset_pending:
        return state
    return state.model_copy(update={"reset_pending": False})


def previous_agent_id(state: SwitchingState) -> str | None:
    """The agent the conversation was with before the last switch, i.e. the persona to reset.

    That is the latest earlier history entry that had messages after it: an agent switched away
    from before anyone wrote (A → B → C with no message in between) never spoke, so the model's
    inertia is still A's. With no such entry, `ai_agent_id` as it was before the first switch.
    """
    if not state.agent_history:
        return None
    last = state.agent_history[-1]
    for entry in reversed(state.agent_history[:-1]):
        if entry.message_count < last.message_count:
            return entry.agent_id
    return state.initial_agent


def previous_agent_name(state: SwitchingState, agent_id: str | None) -> str | None:
    """The name the history recorded for `agent_id` (its latest entry), if any."""
    for entry in reversed(state.agent_history):
        if entry.agent_id == agent_id:
            return entry.name
    return None


def reset_due(state: SwitchingState, agent_id: str, previous_id: str | None) -> bool:
    """Whether `agent_id`'s next model call needs the hard reset prompt.

    Only while the reset is pending, only for the agent switched to (not, say, a coordinator taking
    over later in the same turn), only when there was a conversation to break away from, and not
    when the "switch" came back to the agent the conversation was already with.
    """
    if not state.reset_pending or not state.agent_history:
        return False
    last = state.agent_history[-1]
    return last.agent_id == agent_id and last.message_count > 0 and previous_id != agent_id
