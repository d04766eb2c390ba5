"""Course matching: accent-insensitive words, families, specificity, typos, no wildcards."""

from __future__ import annotations

import pytest

from switchboard.apps.scholarships.records.opportunities import seed
from switchboard.apps.scholarships.records.text import (
    match_courses,
    normalize,
    word_matches,
    words,
)

CATALOGUE = sorted({item.course for item in seed()})
ENGENHARIAS = [c for c in CATALOGUE if c.startswith("Engenharia")]


def match(query: str) -> list[str]:
    return match_courses(query, CATALOGUE)


def test_normalize_drops_accents_case_and_punctuation():
    assert normalize("  Ciência da COMPUTAÇÃO!! ") == "ciencia da computacao"
    assert normalize("São João-del-Rei") == "sao joao del rei"
    assert normalize("ＭＥＤＩＣＩＮＡ") == "medicina"  # full-width letters (NFKD)


def test_a_family_word_matches_every_member():
    assert len(ENGENHARIAS) >= 6
    assert match("engenharia") == ENGENHARIAS
    assert match("Engenharias") == ENGENHARIAS
    assert match("computação") == ["Ciência da Computação", "Engenharia de Computação"]


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("ciencia da computacao", ["Ciência da Computação"]),
        ("CIÊNCIA DA COMPUTAÇÃO", ["Ciência da Computação"]),
        ("medicina", ["Medicina"]),
        ("Medicina Veterinária", ["Medicina Veterinária"]),
        ("veterinaria", ["Medicina Veterinária"]),
        ("engenharia civil", ["Engenharia Civil"]),
        ("engenharia de computacao", ["Engenharia de Computação"]),
        ("educação física", ["Educação Física"]),
        ("física", ["Física"]),
        ("direito", ["Direito"]),
        ("curso de direito", ["Direito"]),
        ("quero fazer medicina", ["Medicina"]),
        ("arquitetura", ["Arquitetura e Urbanismo"]),
        ("biologia", ["Ciências Biológicas"]),
        ("ADS", ["Análise e Desenvolvimento de Sistemas"]),
        ("contabilidade", ["Ciências Contábeis"]),
        ("odonto", ["Odontologia"]),
        ("fisio", ["Fisioterapia"]),
        ("psicologia", ["Psicologia"]),
    ],
)
def test_specific_queries(query, expected):
    assert match(query) == expected


@pytest.mark.parametrize(
    ("typo", "expected"),
    [
        ("engenaria civil", ["Engenharia Civil"]),
        ("medicna", ["Medicina"]),
        ("psicolgia", ["Psicologia"]),
        ("enfermagen", ["Enfermagem"]),
    ],
)
def test_one_typo_is_forgiven(typo, expected):
    assert match(typo) == expected


@pytest.mark.parametrize(
    "query",
    ["%", "_", "%%", "'; DROP TABLE scholarship_opportunities; --", "", "   ", "de da do", "🩺"],
)
def test_text_without_a_course_word_matches_nothing(query):
    assert match(query) == []


def test_unknown_words_do_not_widen_the_match():
    assert match("engenharia aeroespacial") == []
    assert match("medicina xyz") == []


def test_no_two_catalogue_words_are_confusable():
    """Typo tolerance must never turn one course's word into another's (plurals aside)."""
    vocabulary = sorted({word for course in CATALOGUE for word in words(course)})
    clashes = [
        (a, b)
        for a in vocabulary
        for b in vocabulary
        if a < b and (word_matches(a, b) or word_matches(b, a)) and a.rstrip("s") != b.rstrip("s")
    ]
    assert clashes == []
