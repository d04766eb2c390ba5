"""Several requests in one message: "a TV tá sem sinal e a internet lenta".

The classifier ranks intents for the whole message, and its softmax gives the first request
nearly all the mass (0.91 for the slow internet, 0.09 for the TV): acting on the top intent alone
answers half the message. Here the message is cut into clauses (commas, "e", "mas", "também"…)
and each clause is classified on its own; an intent counts as asked too when a clause names it
with confidence *and* the whole message gives it some weight. Both conditions matter: a
greeting clause ("oi, minha internet caiu") is confident on its own but has no weight in the
whole, and a word the whole message barely leans on has no clause of its own.

The check is cheap on the common path: clauses are classified only when the whole message's
ranking already has a second eligible candidate above `WHOLE_SUPPORT`.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from switchboard.models.embedded.classifier import IntentClassifier

CLAUSE_BREAK = re.compile(
    r"\s*(?:[,;]|\s(?:e|mas|também|tambem|além disso|alem disso|fora que)\s)\s*", re.IGNORECASE
)
CLAUSE_CONFIDENCE = 0.6
"""A clause names an intent when the classifier gives it at least this on the clause alone."""
WHOLE_SUPPORT = 0.01
"""...and the whole message gives it at least this (the top intent takes the rest)."""
MIN_CLAUSE_WORDS = 2
"""A lone word ("oi", "e", "também") is no request of its own."""


def also_asked(
    classifier: IntentClassifier,
    message: str,
    ranking: list[tuple[str, float]],
    chosen: str,
    eligible: Callable[[str], bool],
) -> list[str]:
    """The intents besides `chosen` that `message` also asks for, in the order its clauses
    name them; `ranking` is the whole message's, `eligible` says which intents may be answered
    together with `chosen`."""
    candidates = {
        name for name, p in ranking if name != chosen and p >= WHOLE_SUPPORT and eligible(name)
    }
    if not candidates:
        return []
    found: list[str] = []
    for clause in CLAUSE_BREAK.split(message):
        if len(clause.split()) < MIN_CLAUSE_WORDS:
            continue
        name, probability = classifier.predict(clause)[0]
        if name in candidates and name not in found and probability >= CLAUSE_CONFIDENCE:
            found.append(name)
    return found
