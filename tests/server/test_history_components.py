"""`ui` components kept on a stored answer come back with the history (`components`); entries
that are not components are left out rather than failing the history."""

from __future__ import annotations

from datetime import UTC, datetime

from switchboard.core.events import UiEvent, keep_ui
from switchboard.core.messages import META_UI, Message
from switchboard.server.routes.sessions import components_of
from switchboard.store.base import StoredMessage


def stored(message: Message) -> StoredMessage:
    return StoredMessage.of(
        message, id="m1", session_id="s1", seq=1, created_at=datetime(2026, 1, 1, tzinfo=UTC)
    )


def test_kept_components_come_back_in_order() -> None:
    message = Message.assistant("resposta", agent="a")
    first = UiEvent(component="mission_timeline", props={"etapas": []}, fallback_text="resumo")
    second = UiEvent(component="opportunity_cards", props={"cards": [1]}, fallback_text="lista")
    keep_ui(message.metadata, first)
    keep_ui(message.metadata, second)
    assert [c.model_dump() for c in components_of(stored(message))] == [
        {"component": "mission_timeline", "props": {"etapas": []}, "fallback_text": "resumo"},
        {"component": "opportunity_cards", "props": {"cards": [1]}, "fallback_text": "lista"},
    ]


def test_malformed_entries_are_left_out() -> None:
    message = Message.assistant("resposta", agent="a")
    message.metadata[META_UI] = [
        "texto",
        {"props": {}},
        {"component": 3},
        {"component": "x", "props": "não é objeto", "fallback_text": None},
    ]
    assert [c.model_dump() for c in components_of(stored(message))] == [
        {"component": "x", "props": {}, "fallback_text": ""}
    ]
    message.metadata[META_UI] = {"component": "x"}
    assert components_of(stored(message)) == []
    user = Message.user("oi")
    user.metadata[META_UI] = [{"component": "x"}]
    assert components_of(stored(user)) == []  # only answers carry components
