"""Query analysis: stems, stopwords, expansions and FTS5 input that can never be syntax."""

from __future__ import annotations

import sqlite3

from hypothesis import given, settings
from hypothesis import strategies as st

from switchboard.knowledge.analysis import (
    fts5_query,
    query_terms,
    stem,
    websearch_query,
)
from switchboard.knowledge.tables import SQLITE_FTS_DDL


def fts_db() -> sqlite3.Connection:
    db = sqlite3.connect(":memory:")
    db.execute(SQLITE_FTS_DDL)
    db.execute(
        "INSERT INTO knowledge_fts (rowid, heading, body) VALUES (1, 'inscrica', 'period janeir')"
    )
    return db


def test_plurals_meet_their_singulars():
    assert stem("inscrições") == stem("inscrição")
    assert stem("integrais") == stem("integral") and stem("parciais") == stem("parcial")
    assert stem("Edições".lower()) == stem("edição")


def test_query_terms_drop_filler_and_the_collection_name():
    assert query_terms("Quando abrem as inscrições do Prouni?", drop="prouni") == [
        "abrem",
        "inscrica",
    ]
    expanded = query_terms("Qual o site da inscrição?", expand=True)
    assert stem("eletrônico") in expanded and stem("endereço") in expanded


def test_user_operators_are_quoted_terms():
    assert fts5_query(query_terms('inscri* NEAR(a b) "OR" -x')) == (
        '"inscri" OR "near" OR "or"'  # single letters are dropped
    )
    assert websearch_query('"inscrição" -prouni or treineiro') == "inscrição or prouni or treineiro"


DB = fts_db()


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200))
def test_any_text_becomes_a_valid_fts5_query(text):
    query = fts5_query(query_terms(text, expand=True))
    if query:  # would raise sqlite3.OperationalError on any FTS5 syntax error
        DB.execute("SELECT rowid FROM knowledge_fts WHERE knowledge_fts MATCH ?", (query,))


def test_a_past_tense_is_read_as_its_infinitive_when_the_corpus_has_it():
    from switchboard.knowledge.analysis import infinitive

    assert infinitive("usei") == "usar" and stem("usei") == stem("usar")
    assert infinitive("mudou") == "mudar"
    assert infinitive("paguei") == "pagar"
    assert infinitive("inscrição") is None  # a corpus word is left alone
    assert infinitive("xyzei") is None  # a guess the corpus does not have is not taken
