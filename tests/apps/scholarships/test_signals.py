"""Learning signals and golden examples (spec 002 §6)."""

from __future__ import annotations

import pytest

from switchboard.apps.scholarships.records.errors import (
    GoldenExampleNotFoundError,
    InvalidRecordError,
)
from switchboard.apps.scholarships.records.signals import GOLDEN_EXAMPLES, SIGNALS


async def test_signals_round_trip_newest_first_with_counts(store, clock):
    signals = store.repository(SIGNALS)
    click = await signals.record(
        "card_click", "u1", "s1", {"opportunity_id": "7c382df770472119", "position": 2}
    )
    await clock.advance(5)
    since = clock.now()
    gone = await signals.record(
        "workflow_abandoned", "u1", "s1", {"workflow": "match", "step": "renda", "nota": "ção"}
    )
    down = await signals.record("feedback_down", "u2", "s2", {"message_id": "m1"})
    assert await signals.recent() == [down, gone, click]
    assert await signals.recent(kind="card_click") == [click]
    assert await signals.recent(since=since, limit=1) == [down]
    assert await signals.count_by_kind() == {
        "card_click": 1,
        "feedback_down": 1,
        "workflow_abandoned": 1,
    }
    assert click.payload == {"opportunity_id": "7c382df770472119", "position": 2}


async def test_returned_payloads_are_copies(store):
    signals = store.repository(SIGNALS)
    payload = {"items": [1, 2]}
    await signals.record("card_click", "u1", "s1", payload)
    payload["items"].append(3)
    (await signals.recent())[0].payload["items"].append(4)
    assert (await signals.recent())[0].payload == {"items": [1, 2]}


@pytest.mark.parametrize(
    ("kind", "payload"),
    [
        ("page_view", {}),
        ("card_click", {"x": object()}),
        ("card_click", {"x": float("nan")}),
        ("card_click", {"x": "y" * 9000}),
        ("card_click", ["not", "an", "object"]),
    ],
)
async def test_bad_signals_are_a_typed_error(store, kind, payload):
    with pytest.raises(InvalidRecordError):
        await store.repository(SIGNALS).record(kind, "u1", "s1", payload)


async def test_golden_examples_are_proposed_then_curated(store, clock):
    examples = store.repository(GOLDEN_EXAMPLES)
    a = await examples.propose(
        "Qual a renda máxima para bolsa integral?",
        "Até 1,5 salário mínimo per capita (Edital Prouni 2026, item 1.4).",
        "prouni",
        source_session_id="s1",
        score=0.9,
    )
    b = await examples.propose("Quando abre o Sisu?", "Em janeiro.", "sisu", score=0.4)
    assert (a.status, b.status) == ("proposed", "proposed")
    assert await examples.list_approved() == []
    await clock.advance(30)
    approved = await examples.approve(a.id)
    assert approved.status == "approved" and approved.reviewed_at == clock.now()
    rejected = await examples.reject(b.id)
    assert rejected.status == "rejected"
    assert await examples.list_approved() == [approved]
    assert await examples.list_approved(agent="sisu") == []
    assert await examples.get(a.id) == approved
    assert await examples.recent(status="rejected") == [rejected]
    assert await examples.recent() == [rejected, approved]


async def test_proposing_the_same_example_again_keeps_its_status(store):
    examples = store.repository(GOLDEN_EXAMPLES)
    first = await examples.propose("Quando abre o Sisu?", "Em janeiro.", "sisu")
    await examples.reject(first.id)
    again = await examples.propose("Quando  abre o Sisu?", "Em janeiro.", "sisu", score=1.0)
    assert again.id == first.id and again.status == "rejected"
    assert len(await examples.recent()) == 1
    other_agent = await examples.propose("Quando abre o Sisu?", "Em janeiro.", "root")
    assert other_agent.id != first.id


async def test_curating_an_unknown_example_is_a_typed_error(store):
    examples = store.repository(GOLDEN_EXAMPLES)
    with pytest.raises(GoldenExampleNotFoundError) as info:
        await examples.approve(999)
    assert info.value.code == "golden_example_not_found"
    with pytest.raises(GoldenExampleNotFoundError):
        await examples.reject(999)
    assert await examples.get(999) is None
    with pytest.raises(InvalidRecordError):
        await examples.propose("  ", "a", "sisu")


async def test_nul_characters_in_examples_and_payloads(store):
    examples = store.repository(GOLDEN_EXAMPLES)
    example = await examples.propose("pergunta\x00?", "resposta", "sisu")
    assert example.question == "pergunta?" == (await examples.get(example.id)).question
    signals = store.repository(SIGNALS)
    signal = await signals.record("card_click", "u1", "s1", {"texto": "a\x00b"})
    assert (await signals.recent())[0].payload == signal.payload == {"texto": "a\x00b"}
    with pytest.raises(InvalidRecordError):
        await signals.record("card_click", "u1", "s\x00", {})
