"""Typo repair (speller.py)."""

from __future__ import annotations

from switchboard.patterns.triage.speller import Speller


def _speller() -> Speller:
    texts = ["quanto gastei no mercado"] * 30 + ["quannto gastei"] * 2 + ["me passa o resumo"] * 3
    return Speller(texts, ["conto", "como"])


def test_one_edit_typos_are_repaired() -> None:
    speller = _speller()
    assert speller.correct("qunato gastie no mercdo?") == "quanto gastei no mercado?"


def test_a_rare_training_typo_is_an_alias_of_the_frequent_word() -> None:
    assert _speller().correct("quannto") == "quanto"


def test_dropped_letters_win_over_substitutions_and_first_letters_stay() -> None:
    speller = _speller()
    assert speller.correct("coto") == "conto"
    assert speller.correct("me passa") == "me passa"
    assert speller.correct("xuanto") == "xuanto"


def test_short_words_numbers_and_unknown_words_are_left_alone() -> None:
    speller = _speller()
    assert speller.correct("mes 2k abacaxi") == "mes 2k abacaxi"
