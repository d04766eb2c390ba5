"""Switch records and history-driven detection (spec 003: "Persistência no Banco de Dados",
"Detecção por Histórico, não por Estado")."""

from __future__ import annotations

from datetime import timedelta

import pytest

from switchboard.patterns.switching import consume_reset, previous_agent_id, record_switch
from switchboard.patterns.switching.state import AgentSwitch, SwitchingState

from .conftest import COORD, FIN, TECH, WALL_START


async def test_switch_sets_both_agent_ids_appends_history_and_marks_reset(clock):
    state = SwitchingState(ai_agent_id=COORD.name, active_agent_id=COORD.name)
    await clock.advance(90)
    first = record_switch(state, TECH, message_count=3, clock=clock)
    await clock.advance(30)
    second = record_switch(first, FIN, message_count=7, clock=clock)

    assert (second.ai_agent_id, second.active_agent_id, second.reset_pending) == (
        FIN.name,
        FIN.name,
        True,
    )
    assert second.agent_history == (
        AgentSwitch(
            agent_id=TECH.name,
            name="Especialista Técnico",
            switched_at=WALL_START + timedelta(seconds=90),
            message_count=3,
        ),
        AgentSwitch(
            agent_id=FIN.name,
            name="Especialista Financeiro",
            switched_at=WALL_START + timedelta(seconds=120),
            message_count=7,
        ),
    )


def test_switch_leaves_the_given_state_untouched(clock):
    state = SwitchingState(ai_agent_id=COORD.name)
    record_switch(state, TECH, message_count=2, clock=clock)
    assert state == SwitchingState(ai_agent_id=COORD.name)


def test_switch_to_the_agent_the_model_already_is_is_a_noop(switched, clock):
    again = record_switch(switched, FIN, message_count=9, clock=clock)
    assert again is switched
    assert [entry.agent_id for entry in again.agent_history] == [TECH.name, FIN.name]


def test_switch_to_the_same_agent_after_the_reset_keeps_it_consumed(switched, clock):
    consumed = consume_reset(switched)
    assert record_switch(consumed, FIN, message_count=6, clock=clock).reset_pending is False


def test_negative_message_count_is_rejected(clock):
    with pytest.raises(ValueError, match="message_count"):
        record_switch(SwitchingState(), TECH, message_count=-1, clock=clock)


def test_consume_reset_clears_only_the_flag(switched):
    consumed = consume_reset(switched)
    assert consumed.reset_pending is False
    assert consumed.model_dump(exclude={"reset_pending"}) == switched.model_dump(
        exclude={"reset_pending"}
    )
    assert consume_reset(consumed) is consumed


def test_previous_agent_is_the_history_entry_before_the_last_switch(switched):
    assert previous_agent_id(switched) == TECH.name


def test_previous_agent_of_the_first_switch_is_ai_agent_id_before_it(clock):
    state = record_switch(SwitchingState(ai_agent_id=COORD.name), FIN, message_count=4, clock=clock)
    assert state.initial_agent == COORD.name
    assert previous_agent_id(state) == COORD.name


def test_previous_agent_is_unknown_when_the_session_started_on_the_entry_agent(clock):
    state = record_switch(SwitchingState(), FIN, message_count=4, clock=clock)
    assert previous_agent_id(state) is None
    assert previous_agent_id(SwitchingState()) is None


def test_previous_agent_skips_agents_switched_away_before_anyone_wrote(switched, clock):
    """TECH spoke, FIN was picked and dropped at once for COORD: the persona to reset is TECH's."""
    state = record_switch(switched, COORD, message_count=4, clock=clock)
    assert previous_agent_id(state) == TECH.name


def test_history_survives_persistence(switched):
    reloaded = SwitchingState.model_validate_json(switched.model_dump_json())
    assert reloaded == switched
    assert previous_agent_id(reloaded) == TECH.name
