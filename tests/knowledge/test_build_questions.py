"""Packaging student questions from deliveries: a new batch is merged into what is packaged
(earlier deliveries are not kept elsewhere), duplicates are not added twice, facts must be
verbatim spans, and the rows are keyed by the passage's text hash."""

from __future__ import annotations

import json

from switchboard.knowledge.build_questions import merge
from switchboard.knowledge.student_questions import chunk_hash, parse

FEE = "Não haverá cobrança de taxa de inscrição dos CANDIDATOS."
DATES = "As inscrições serão realizadas no período de 19 a 23 de janeiro de 2026."
CORPUS = [
    {"document_id": "sisu/e", "ordinal": 0, "item": "1.1", "section": "A", "text": DATES},
    {"document_id": "sisu/e", "ordinal": 1, "item": "1.11", "section": "A", "text": FEE},
]
PACKAGED = [
    {
        "document_id": "sisu/e",
        "chunk_hash": chunk_hash(FEE),
        "source": "first.jsonl",
        "questions": [{"q": "tem q pagar pra se inscrever?", "fact": "Não haverá cobrança"}],
    }
]


def test_a_new_delivery_is_merged_into_what_is_packaged() -> None:
    delivery = [
        {
            "document_id": "sisu/e",
            "ordinal": 1,
            "questions": [
                {"q": "Tem q pagar pra se inscrever??", "fact": "Não haverá cobrança"},
                {"q": "o sisu é de graça?", "fact": "cobrança de taxa de inscrição"},
            ],
        },
        {"document_id": "sisu/e", "ordinal": 0, "questions": [{"q": "qnd abre?", "fact": "19"}]},
        {"document_id": "sisu/e", "ordinal": 7, "questions": [{"q": "e a taxa?", "fact": ""}]},
    ]
    rows, report = merge(CORPUS, PACKAGED, [("second.jsonl", delivery)])
    table = parse("\n".join(json.dumps(r) for r in rows))
    fee = [q.question for q in table[("sisu/e", chunk_hash(FEE))]]
    assert fee == ["tem q pagar pra se inscrever?", "o sisu é de graça?"]
    assert [q.question for q in table[("sisu/e", chunk_hash(DATES))]] == ["qnd abre?"]
    assert report.duplicates["second.jsonl"] == 1
    assert report.added["second.jsonl"] == 2
    assert report.rows_without_passage["second.jsonl"] == 1
    assert report.by_source == {"first.jsonl": 1, "second.jsonl": 2}
    assert rows[0]["chunk_hash"] == chunk_hash(DATES)  # corpus order
    assert rows[1]["sources"] == ["first.jsonl", "second.jsonl"]


def test_a_fact_that_is_not_verbatim_is_dropped_and_the_question_kept() -> None:
    delivery = [
        {
            "document_id": "sisu/e",
            "ordinal": 1,
            "questions": [{"q": "é grátis?", "fact": "é grátis"}],
        }
    ]
    rows, report = merge(CORPUS, [], [("d.jsonl", delivery)])
    assert rows[0]["questions"] == [{"q": "é grátis?", "fact": "", "source": "d.jsonl"}]
    assert report.facts_dropped["d.jsonl"] == 1


def test_packaged_passages_whose_text_changed_are_kept_as_they_were() -> None:
    old = [
        {"document_id": "sisu/e", "chunk_hash": "0" * 64, "questions": [{"q": "x?", "fact": ""}]}
    ]
    rows, report = merge(CORPUS, old, [])
    assert rows == old and report.stale_kept == 1
