"""The parts of a question that tell the student's situation rather than ask something.

Students wrap a question in context: "moro de aluguel e a conta de luz tá no nome do *dono*,
serve pro prouni?", "posso entrar só no 2º semestre *pq vou viajar*?", "tenho que ir
pessoalmente? *moro longe*". A word there that no edital has ("dono", "viajar", "longe") is a
detail of the student's life, not the subject of the question, so it must not make the answer
"não encontrei" (`notfound.py`). The subject is in the *asking* part: "tem cota pra
*quilombola*?", "qual a nota de corte de *medicina* na UFMG?".

An aside is, read on the folded text:
- a sentence that is not a question when another one is ("…do prouni? moro longe") — one
  that opens with a question word asks, "?" or not ("posso marcar cota e bônus junto? quantas
  ação afirmativa posso escolher");
- a clause giving a reason ("pq", "porque", "pois", "já que"), up to the next comma or the end
  of the sentence;
- a comma-separated lead-in with no question word that tells the student's situation, before
  the part that asks ("meu pai recebe diária de viagem do trabalho, isso conta de renda?"; not
  "auxílio creche, o prouni dá?", which names the topic).

Only words found *solely* in asides are asides: a word also in the asking part is its subject.
"""

from __future__ import annotations

import re

from switchboard.knowledge.analysis import fold, stem, words

SENTENCE = re.compile(r"(?:[^?!.\n]|\.(?=\S))+[?!.]*")
"""A sentence with its closing punctuation (a "?" marks a question); a dot inside a number or
an address ("Lei 12.711", "mec.gov.br") does not end one."""
REASON = re.compile(r"(?:\b(?:pq|porque|pois|ja que|por causa que)|(?<=\w )por que)\b[^,;]*")
"""A clause giving the reason for the question ("pq vou viajar", which the chat spellings
turn into "por que": after other words it is the conjunction, at the start it asks why)."""
ASKING = re.compile(
    r"\b(?:qual|quais|quanto|quanta|quantos|quantas|como|onde|quem|quando|o que|oq|por que"
    r"|pra que|para que|posso|pode|podem|da pra|tem como|preciso|precisa|devo|tenho que"
    r"|tem que|vale|serve)\b"
)
"""Words that make a clause ask something: a lead-in with none of them only tells the
situation ("conta" is left out: "a conta de luz", a noun, is as often a lead-in's as the
verb of "isso conta como renda?")."""


SITUATION = re.compile(
    r"\b(?:eu|meu|minha|meus|minhas|sou|tenho|tinha|moro|estou|to|tava|fiz|fui|gente|nos|ele"
    r"|ela|eles|elas|ja|ganho|recebo|vendo|estudo|trabalho)\b|\b\w{3,}ei\b"
)
"""Words that make a lead-in tell the student's situation: a person ("eu", "meu pai", "a
gente", "sou", "moro", "ganho") or a thing done ("entreguei", "passei")."""
TOPIC_WORDS = 4
"""A lead-in of at most this many words and no `SITUATION` word names the topic ("auxílio
creche, o prouni dá?"), which is the subject; a longer one tells a situation."""


def tells(lead_in: str) -> bool:
    """Whether a lead-in tells the student's situation rather than naming the topic asked
    about (`SITUATION`, `TOPIC_WORDS`)."""
    return SITUATION.search(lead_in) is not None or len(words(lead_in)) > TOPIC_WORDS


def split_asides(normalized: str) -> tuple[list[str], list[str]]:
    """The question's (asking parts, asides), read on the folded text (module docstring)."""
    folded = fold(normalized)
    sentences = [s.strip() for s in SENTENCE.findall(folded) if s.strip()]
    asking_any = any(s.endswith("?") for s in sentences)
    aside: list[str] = []
    main: list[str] = []
    for sentence in sentences:
        if asking_any and not sentence.endswith("?") and ASKING.match(sentence) is None:
            aside.append(sentence)
            continue
        body = sentence
        for match in REASON.finditer(sentence):
            aside.append(match.group(0))
            body = body.replace(match.group(0), " ")
        parts = [p for p in re.split(r"[,:]", body) if p.strip()]  # "antes de tudo: …?"
        while len(parts) > 1 and ASKING.search(parts[0]) is None and tells(parts[0]):
            aside.append(parts.pop(0))
        main += parts
    return main, aside


def aside_stems(normalized: str) -> frozenset[str]:
    """The stems of the words that occur only in the question's asides (module docstring)."""
    main, aside = split_asides(normalized)
    main_stems = {stem(w) for part in main for w in words(part)}
    return frozenset(
        s for part in aside for s in (stem(w) for w in words(part)) if s not in main_stems
    )


REFERS_BACK = re.compile(
    r"\b(?:dela|delas|dele|deles|nela|nelas|nele|neles|isso|isto|disso|nisso|esse|essa|esses"
    r"|essas|desse|dessa|desses|dessas)\b"
)
"""A pronoun of the asking part that points back at what the student told ("mudei minhas
opções 5 vezes, qual *delas* o sisu considera?", "meu pai recebe diária, *isso* conta?"): the
told part names the subject."""


def asking_part(normalized: str) -> str:
    """The part of the question that asks, without its asides (folded); the whole question when
    it has none, when nothing is left, or when the asking part points back at the told part
    (`REFERS_BACK`)."""
    main, aside = split_asides(normalized)
    asking = " ".join(p.strip() for p in main if p.strip())
    if not aside or not asking or REFERS_BACK.search(asking):
        return fold(normalized)
    return asking


__all__ = ["aside_stems", "asking_part", "split_asides"]
