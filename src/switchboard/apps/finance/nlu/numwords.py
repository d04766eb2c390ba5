"""Portuguese number words: moved to `patterns/workflows/numwords.py` (shared with the
scholarship app's income reader); re-exported here so the finance NLU imports stay as they are."""

from switchboard.patterns.workflows.numwords import NUMBER_WORD, UNIT_WORDS, words_value

__all__ = ["NUMBER_WORD", "UNIT_WORDS", "words_value"]
