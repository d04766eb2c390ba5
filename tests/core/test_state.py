"""Typed pattern parts of the routing state, and rows written before parts existed."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import sqlalchemy as sa

from switchboard.core.state import RoutingState
from switchboard.patterns.delegation.state import DelegationState, SpecialistResult
from switchboard.patterns.switching.state import SwitchingState
from switchboard.store.sql.store import SqlStore
from switchboard.store.sql.tables import sessions

LEGACY_ROW = {
    "active_agent": "especialista_tecnico",
    "agent_stack": ["assistente"],
    "pending_result": {"specialist": "x", "status": "ok", "final_result": {"a": 1}},
    "specialist_context": "internet caindo",
    "workflow": None,
    "workflow_step": None,
    "open_question": None,
    "ai_agent_id": "especialista_tecnico",
    "active_agent_id": "especialista_tecnico",
    "agent_history": [
        {
            "agent_id": "especialista_tecnico",
            "name": "Especialista Técnico",
            "switched_at": "2026-11-20T10:00:00Z",
            "message_count": 2,
        }
    ],
    "reset_pending": True,
    "data": {"switching.initial_agent": "assistente"},
}


def test_a_part_never_written_reads_as_its_defaults_and_defaults_are_not_stored():
    state = RoutingState()
    assert state.get(DelegationState) == DelegationState()
    state.put(DelegationState(active_agent="x"))
    state.put(DelegationState())
    assert state.parts == {} and state.model_dump() == {"ended": False, "parts": {}}


def test_parts_round_trip_through_json_as_their_own_types():
    state = RoutingState()
    result = SpecialistResult(specialist="x", status="ok", final_result={"a": [1, 2]})
    state.put(DelegationState(active_agent="x", agent_stack=("a",), pending_result=result))

    again = RoutingState.model_validate_json(state.model_dump_json())

    assert again == state
    assert type(again.parts["delegation"]) is DelegationState


def test_a_clone_is_independent():
    state = RoutingState()
    state.put(DelegationState(active_agent="x"))
    copy = state.clone()
    copy.put(DelegationState(active_agent="y"))
    assert state.get(DelegationState).active_agent == "x"


def test_legacy_flat_rows_load_into_parts():
    state = RoutingState.model_validate(LEGACY_ROW)

    delegation = state.get(DelegationState)
    switching = state.get(SwitchingState)
    assert delegation.active_agent == "especialista_tecnico"
    assert delegation.agent_stack == ("assistente",)
    assert delegation.pending_result == SpecialistResult(
        specialist="x", status="ok", final_result={"a": 1}
    )
    assert delegation.specialist_context == "internet caindo"
    assert switching.ai_agent_id == "especialista_tecnico" and switching.reset_pending
    assert switching.initial_agent == "assistente"
    assert switching.agent_history[0].switched_at == datetime(2026, 11, 20, 10, tzinfo=UTC)
    assert not state.ended


def test_legacy_ended_flag_moves_to_the_envelope():
    assert RoutingState.model_validate({"data": {"ended": True}}).ended


async def test_a_legacy_row_in_sqlite_loads_and_the_next_save_writes_parts(tmp_path):
    store = SqlStore(f"sqlite:///{tmp_path / 'old.db'}")
    await store.init()
    await store.create_session("s", "u")
    engine = sa.create_engine(f"sqlite:///{tmp_path / 'old.db'}")
    with engine.begin() as conn:
        conn.execute(sa.update(sessions).values(state=json.loads(json.dumps(LEGACY_ROW))))
    engine.dispose()

    record = await store.get_session("s")
    assert record is not None
    assert record.state.get(DelegationState).active_agent == "especialista_tecnico"
    await store.save_state("s", record.state)
    with sa.create_engine(f"sqlite:///{tmp_path / 'old.db'}").connect() as conn:
        raw = conn.execute(sa.select(sessions.c.state)).scalar_one()
    assert set(raw) == {"ended", "parts"} and raw["parts"]["delegation"]["agent_stack"] == [
        "assistente"
    ]
    await store.close()


def test_default_check_agrees_with_pydantic_equality():
    """`put` drops a part exactly when it equals a freshly built default part (the shortcut in
    `_is_default` must give pydantic's `==` answer), and an absent part reads as those defaults."""
    result = SpecialistResult(specialist="x", status="ok")
    parts = [
        DelegationState(),
        DelegationState(active_agent=None, agent_stack=(), pending_result=None),
        DelegationState(active_agent="x"),
        DelegationState(agent_stack=("a",)),
        DelegationState(pending_result=result),
        DelegationState(specialist_context=""),
        SwitchingState(),
        SwitchingState(reset_pending=True),
        RoutingState.model_validate({"parts": {"delegation": {}}}).get(DelegationState),
    ]
    for part in parts:
        state = RoutingState()
        state.put(part)
        is_default = part == type(part)()
        assert (part.key not in state.parts) is is_default, part
        if is_default:
            assert state.get(type(part)) == part
        else:
            assert state.get(type(part)) is part
    assert RoutingState().get(SwitchingState) == SwitchingState()


def test_clone_and_blank_are_the_states_pydantic_would_build():
    """`clone` and `blank` build states without `model_copy` or validation: they must be the
    same objects in every way pydantic looks at (values, set fields, extras, private)."""
    state = RoutingState.model_validate({"ended": True, "parts": {"delegation": {}}})
    state.put(DelegationState(active_agent="x"))
    for built, expected in (
        (state.clone(), state.model_copy(update={"parts": dict(state.parts)})),
        (RoutingState.blank(), RoutingState()),
    ):
        assert type(built) is RoutingState
        assert built == expected and built.model_dump() == expected.model_dump()
        assert built.model_fields_set == expected.model_fields_set
        assert built.__pydantic_extra__ is None and built.__pydantic_private__ is None
        assert RoutingState.model_validate_json(built.model_dump_json()) == built
    blank = RoutingState.blank()
    blank.put(DelegationState(active_agent="y"))
    assert RoutingState.blank().parts == {} and state.get(DelegationState).active_agent == "x"


def test_reset_puts_a_part_back_at_its_defaults():
    state = RoutingState()
    state.put(DelegationState(active_agent="x"))
    assert state.reset(DelegationState) == DelegationState()
    assert state.parts == {} and state.reset(SwitchingState) is state.get(SwitchingState)
