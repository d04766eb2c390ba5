"""Quotable units: sentences, incisos, alíneas, bullets and numbered list entries."""

from __future__ import annotations

from switchboard.knowledge.sentences import units


def test_units_cover_the_text_and_know_their_level():
    text = (
        "Estão excluídos do cálculo: I - os valores: a) auxílios; b) diárias; "
        "II - os programas: a) Bolsa Família. Art. 5 não se aplica."
    )
    parts = units(text)
    assert [u.text for u in parts] == [
        "Estão excluídos do cálculo:",
        "I - os valores:",
        "a) auxílios;",
        "b) diárias;",
        "II - os programas:",
        "a) Bolsa Família.",
        "Art. 5 não se aplica.",
    ]
    assert [u.level for u in parts] == [0, 1, 2, 2, 1, 2, 0]
    assert [u.lead_in for u in parts] == [True, True, False, False, True, False, False]
    assert all(text[u.start : u.end] == u.text for u in parts)


def test_numbered_entries_of_a_documentation_list_are_units():
    text = "somente um dos seguintes: 1. Carteira de Identidade. 2. Passaporte emitido no Brasil."
    assert [u.text for u in units(text)][1:] == [
        "1. Carteira de Identidade.",
        "2. Passaporte emitido no Brasil.",
    ]


def test_an_abbreviation_does_not_end_a_sentence():
    assert [u.text for u in units("ver o Art. Primeiro da lei. Fim.")] == [
        "ver o Art. Primeiro da lei.",
        "Fim.",
    ]
