"""Facts, summaries and feedback: the same behaviour on every backend."""

from __future__ import annotations

import pytest

from switchboard.core.errors import SessionNotFoundError
from switchboard.core.messages import Message
from switchboard.store.base import FeedbackRecord, SummaryRecord

PERFIL = {
    "nome": "João da Conceição",
    "endereço": {"cidade": "São Paulo", "estado": "SP", "cep": "01310-100"},
    "cursos": ["Administração", "Ciência da Computação"],
    "nota_enem": 712.5,
    "bolsista": True,
    "renda": None,
    "observação": "mãe é técnica em saúde",
}


async def test_facts_round_trip_nested_json_and_unicode(store):
    await store.create_session("s1", "u1")

    await store.set_fact("s1", "perfil", PERFIL)
    await store.set_fact("s1", "idioma", "pt-BR")
    await store.set_fact("s1", "tentativas", 3)

    assert await store.get_fact("s1", "perfil") == PERFIL
    assert await store.get_facts("s1") == {"perfil": PERFIL, "idioma": "pt-BR", "tentativas": 3}
    assert list(await store.get_facts("s1")) == ["perfil", "idioma", "tentativas"]
    assert await store.get_fact("s1", "ausente") is None


async def test_set_fact_overwrites_and_returned_values_are_copies(store):
    await store.create_session("s1", "u1")
    await store.set_fact("s1", "perfil", PERFIL)

    fetched = await store.get_fact("s1", "perfil")
    fetched["nome"] = "mudado"
    assert (await store.get_fact("s1", "perfil"))["nome"] == "João da Conceição"

    await store.set_fact("s1", "perfil", {"nome": "Maria"})
    assert await store.get_facts("s1") == {"perfil": {"nome": "Maria"}}


async def test_delete_fact(store):
    await store.create_session("s1", "u1")
    await store.set_fact("s1", "k", "v")

    assert await store.delete_fact("s1", "k") is True
    assert await store.delete_fact("s1", "k") is False
    assert await store.get_facts("s1") == {}


async def test_facts_are_isolated_between_sessions(store):
    await store.create_session("s1", "u1")
    await store.create_session("s2", "u1")
    await store.set_fact("s1", "cidade", "Recife")
    await store.set_fact("s2", "cidade", "Belém")

    assert await store.get_fact("s1", "cidade") == "Recife"
    assert await store.get_facts("s2") == {"cidade": "Belém"}
    await store.delete_fact("s1", "cidade")
    assert await store.get_fact("s2", "cidade") == "Belém"


async def test_set_fact_on_unknown_session_raises(store):
    with pytest.raises(SessionNotFoundError):
        await store.set_fact("nope", "k", "v")


async def test_summaries_latest_and_all_in_order(store, clock):
    await store.create_session("s1", "u1")
    assert await store.latest_summary("s1") is None
    assert await store.all_summaries("s1") == []

    made = []
    for i, upto in enumerate([4, 9, 15], start=1):
        made.append(await store.add_summary("s1", f"resumo {i}: conversa sobre matrícula", upto))
        await clock.advance(1)

    assert made[0] == SummaryRecord(
        session_id="s1",
        text="resumo 1: conversa sobre matrícula",
        upto_seq=4,
        created_at=made[0].created_at,
    )
    assert await store.latest_summary("s1") == made[-1]
    assert await store.all_summaries("s1") == made
    assert [s.upto_seq for s in await store.all_summaries("s1")] == [4, 9, 15]


async def test_add_summary_on_unknown_session_raises(store):
    with pytest.raises(SessionNotFoundError):
        await store.add_summary("nope", "x", 1)


async def test_second_rating_by_the_same_user_replaces_the_first(store, clock):
    await store.create_session("s1", "u1")
    await store.create_session("s2", "u2")
    first, second = await store.append_messages("s1", [Message.user("a"), Message.assistant("b")])
    other = await store.append_messages("s2", [Message.user("c")])
    now = clock.now()

    await store.save_feedback(
        FeedbackRecord(
            message_id=second.id, session_id="s1", user_id="u1", rating="up", created_at=now
        )
    )
    await store.save_feedback(
        FeedbackRecord(
            message_id=first.id, session_id="s1", user_id="u1", rating="up", created_at=now
        )
    )
    await store.save_feedback(
        FeedbackRecord(
            message_id=other[0].id, session_id="s2", user_id="u2", rating="down", created_at=now
        )
    )
    await clock.advance(30)
    replacement = FeedbackRecord(
        message_id=second.id,
        session_id="s1",
        user_id="u1",
        rating="down",
        comment="não respondeu à pergunta",
        created_at=clock.now(),
    )
    await store.save_feedback(replacement)

    listed = await store.list_feedback("s1")
    assert listed == [
        replacement,
        FeedbackRecord(
            message_id=first.id, session_id="s1", user_id="u1", rating="up", created_at=now
        ),
    ]
    assert [f.message_id for f in await store.list_feedback("s2")] == [other[0].id]
    assert await store.list_feedback("nope") == []
