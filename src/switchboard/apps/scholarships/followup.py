"""Elliptical follow-ups ("e do sisu?", "e pro prouni?", "e a matrícula?") resolved against the
previous question before the editais are searched.

Asked bare, "e do sisu?" has no content words for retrieval, so the search finds nothing and the
student is told "Não encontrei isso nos editais" about something the editais do say — dishonest.
The follow-up only swaps one part of the previous question: the programme ("quando é a
inscrição do prouni?" → "e do sisu?" = "quando é a inscrição do sisu?") or the subject ("e a
matrícula?" = "quando é a matrícula do prouni?"). Everything here is accent-folded word rules;
no sentence is listed.
"""

from __future__ import annotations

import re

from switchboard.apps.scholarships.records.text import normalize

_PROGRAM = r"(?:sisu|prouni|fies|enem)"
_ELLIPSIS = re.compile(
    r"^(?:e|mas|ah e|entao e|tambem|e quanto|e sobre|e com relacao)\s+"
    r"(?:(?:o|a|os|as|do|da|dos|das|no|na|nos|nas|pro|pra|para o|para a|pelo|pela|com o|com a)\s+)?"
    r"(?P<rest>[\w ]{1,40}?)\s*[?!.]*$"
)
"""A message that opens with "e" (or "mas", "e quanto") and says only a few words."""
MAX_WORDS = 5
"""Longer than this after the opening "e", a message is a question of its own."""
_ASKS = re.compile(
    r"\b(?:o que|oque|como|quando|qual|quais|quanto|quanta|quantos|quantas|onde|quem|posso|pode"
    r"|precisa|preciso|tem)\b"
)
_PROGRAM_PHRASE = re.compile(
    rf"\b(?:(?:do|da|no|na|pro|pra|para o|para a|pelo|pela|o|a|ao)\s+)?{_PROGRAM}\b"
)
_SUBJECT = re.compile(
    r"\b(?:a |o |as |os )?(?:inscricao|inscricoes|matricula|matriculas|resultado|resultados"
    r"|chamada|chamadas|lista de espera|documentos?|documentacao|nota minima|nota de corte"
    r"|renda|prazo|prazos|taxa|vagas?|bolsas?|comprovacao|entrevista|cronograma)\b"
)
"""The subjects a follow-up may swap in place of the previous one."""


def is_elliptical(text: str) -> bool:
    """Whether `text` is a fragment that continues the previous question ("e do sisu?")."""
    folded = normalize(text)
    match = _ELLIPSIS.match(folded)
    if match is None:
        return False
    rest = match.group("rest").strip()
    return 0 < len(rest.split()) <= MAX_WORDS and not _ASKS.search(rest)


def resolve(previous: str | None, text: str) -> str:
    """`text` as a whole question, completed from `previous` when it is elliptical; `text`
    unchanged when it is not, or when there is no previous question to complete it from."""
    if not previous or not is_elliptical(text):
        return text
    before = normalize(previous).rstrip(" ?!.")
    if not _ASKS.search(before):
        return text
    match = _ELLIPSIS.match(normalize(text))
    assert match is not None  # is_elliptical said so
    rest = match.group("rest").strip()
    program = re.search(rf"\b{_PROGRAM}\b", rest)
    if program is not None:
        if _PROGRAM_PHRASE.search(before):
            return _PROGRAM_PHRASE.sub(f"do {program.group(0)}", before, count=1) + "?"
        return f"{before} do {program.group(0)}?"
    if _SUBJECT.search(before):
        return _SUBJECT.sub(f" {rest} ", before, count=1).replace("  ", " ").strip() + "?"
    return f"{before} {rest}?"


__all__ = ["MAX_WORDS", "is_elliptical", "resolve"]
