"""The OpenAI-compatible conversations repository on memory, SQLite and PostgreSQL: one
history → one session, one row per session, rows gone with their session."""

from __future__ import annotations

from switchboard.core.messages import Message
from switchboard.server.conversations import CONVERSATIONS, fingerprint

OI = fingerprint([("user", "Oi"), ("assistant", "Olá!")])
LATER = fingerprint([("user", "Oi"), ("assistant", "Olá!"), ("user", "X"), ("assistant", "Y")])


async def _session(store, session_id: str, user: str = "u1") -> None:
    await store.create_session(session_id, user)
    await store.append_messages(session_id, [Message.user("Oi")])


async def test_a_history_finds_its_session_and_only_its_user_sees_it(store):
    conversations = store.repository(CONVERSATIONS)
    await _session(store, "s1")
    assert await conversations.find("u1", OI) is None
    await conversations.remember("u1", OI, "s1")
    assert await conversations.find("u1", OI) == "s1"
    assert await conversations.find("u2", OI) is None


async def test_a_session_is_known_by_its_latest_history_only(store):
    conversations = store.repository(CONVERSATIONS)
    await _session(store, "s1")
    await conversations.remember("u1", OI, "s1")
    await conversations.remember("u1", LATER, "s1")
    assert await conversations.find("u1", OI) is None
    assert await conversations.find("u1", LATER) == "s1"


async def test_the_same_history_in_a_newer_session_moves_to_it(store):
    conversations = store.repository(CONVERSATIONS)
    await _session(store, "s1")
    await _session(store, "s2")
    await conversations.remember("u1", OI, "s1")
    await conversations.remember("u1", OI, "s2")
    assert await conversations.find("u1", OI) == "s2"
    await conversations.remember("u1", LATER, "s1")
    assert await conversations.find("u1", LATER) == "s1"


def test_the_fingerprint_is_the_whole_history_with_texts_stripped():
    assert fingerprint([("user", "Oi ")]) == fingerprint([("user", "Oi")])
    assert fingerprint([("user", "Oi")]) != fingerprint([("assistant", "Oi")])
    assert fingerprint([("user", "a"), ("user", "b")]) != fingerprint([("user", "ab")])
