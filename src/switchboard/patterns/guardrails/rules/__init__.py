"""Precise pt-BR rules, both ways, over the guard's canonical text (`text.canonical`).

**Strong rules** (`STRONG`, one module per family: `crisis.py`, `harm.py`, `integrity.py`) mark
a message UNSAFE on their own. Each needs an unambiguous combination — an intent *and* an
object ("vou me matar", "vou matar meu professor", "estudei em particular mas vou dizer que foi
pública") — because a rule has no threshold to hide behind. Two things stop a match:

- a negation right before it ("não vou mentir a renda", "nunca pensei em me matar":
  `lexicon.NEGATION`); the classifier still reads the message;
- for fraud and eligibility fraud, a question about the rules or their consequences
  (`allow.INFO`: "o que acontece se…", "é crime…", "errei sem querer"), unless it also asks
  how not to get caught (`allow.EVASION`); for sexual content with minors, words of
  protection or disclosure (`harm.MINORS_PROTECTION`).

**Allow rules** (`allow.py`) recognize idioms and legitimate questions; they never make a
message SAFE by themselves (see `allowance`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from switchboard.patterns.guardrails.rules import allow, crisis, cues, harm, integrity, thirdparty
from switchboard.patterns.guardrails.rules.lexicon import NEGATION
from switchboard.patterns.guardrails.rules.text import canonical
from switchboard.patterns.guardrails.verdict import GuardCategory

_C = GuardCategory
STRONG: Final[dict[GuardCategory, re.Pattern[str]]] = {
    _C.IMMEDIATE_DANGER: crisis.IMMEDIATE_DANGER,
    _C.SELF_HARM: crisis.SELF_HARM,
    _C.SEXUAL_MINORS: harm.SEXUAL_MINORS,
    _C.VIOLENCE: harm.VIOLENCE,
    _C.HATE: harm.HATE,
    _C.HARASSMENT: harm.HARASSMENT,
    _C.SEXUAL: harm.SEXUAL,
    _C.ELIGIBILITY_FRAUD: integrity.ELIGIBILITY_FRAUD,
    _C.FRAUD: integrity.FRAUD,
    _C.PRIVACY: integrity.PRIVACY,
    _C.PROMPT_INJECTION: integrity.PROMPT_INJECTION,
}
"""One alternation per category; the first category that matches wins. Severity order, except
that the fraud rules come before privacy: "usar o CPF de outra pessoa pra me inscrever de
novo" names another person's data but asks to cheat, and the fraud answer is the useful one."""

IDIOM_COVERS: Final[frozenset[GuardCategory]] = frozenset(
    {_C.SELF_HARM, _C.VIOLENCE, _C.IMMEDIATE_DANGER}
)
INFO_COVERS: Final[frozenset[GuardCategory]] = frozenset({_C.FRAUD, _C.ELIGIBILITY_FRAUD})


@dataclass(frozen=True, slots=True)
class Allowance:
    """What the allow rules found: the text with idioms blanked, the categories whose threshold
    an idiom raises, and the categories a rule question excludes from the model's decision."""

    text: str
    raised: frozenset[GuardCategory] = frozenset()
    excluded: frozenset[GuardCategory] = frozenset()


def _negation_start(text: str, start: int) -> int | None:
    found = NEGATION.search(text, max(0, start - 60), start)
    return found.start() if found else None


def _scan(text: str) -> tuple[GuardCategory | None, list[tuple[int, int]]]:
    """The first strong category that matches un-negated, and the spans of negated matches
    (from the negation word to the end of the match)."""
    negated: list[tuple[int, int]] = []
    info: bool | None = None
    for category, pattern in STRONG.items():
        for match in pattern.finditer(text):
            begin = _negation_start(text, match.start())
            if begin is not None:
                negated.append((begin, match.end()))
                continue
            if category in INFO_COVERS:
                if info is None:
                    info = allow.INFO.search(text) is not None and not allow.EVASION.search(text)
                if info:
                    break  # "é crime usar documento falso?" asks about the rule
            if category == _C.SELF_HARM and any(
                m.start() <= match.start() and match.end() <= m.end()
                for m in allow.LAUGHED_DEATH.finditer(text)
            ):
                continue  # "kkk eu vou morrer se minha nota for menor": hyperbole
            if category == _C.VIOLENCE and any(
                m.start() <= match.start() and match.end() <= m.end()
                for m in allow.LAUGHED_ANGER.finditer(text)
            ):
                continue  # "dá vontade de matar ele kkkk": anger laughed off
            if category == _C.SELF_HARM and allow.reported(text, match.start()):
                continue  # "minha amiga disse que queria sumir…, como eu ajudo ela?"
            if category == _C.PRIVACY and integrity.own_pronoun(text, match.start(), match.end()):
                continue  # "…ver os documentos dele" of one's own child; a friend's own lookup
            if category == _C.SEXUAL_MINORS and harm.protective(text):
                break  # a disclosure or a question about protecting children
            if category == _C.HATE and harm.HATE_PROTECTION.search(text):
                break  # facing, reporting or writing about prejudice
            return category, negated
    return None, negated


def original_match(raw: str) -> GuardCategory | None:
    """Rules that need the message as written (case): another person's data asked for by name
    ("o CPF do Lucas Moreira"); None when they do not match."""
    named = (
        integrity.NAMED_PERSON_DATA.search(raw)
        or integrity.NAMED_FAMILY_DATA.search(raw)
        or integrity.NAMED_PERSON_WHEREABOUTS.search(raw)
        or integrity.NAMED_PERSON_RECORD.search(raw)
    )
    return _C.PRIVACY if named or third_party(raw) else None


def third_party(raw: str) -> bool:
    """Someone else's data asked for, by the structure of the request (`thirdparty`), on the
    message as written (a capitalized name after a role counts as a person); not when it is
    negated ("não quero ver a nota da minha amiga") or asks about the rule ("é crime ver…?")."""
    text = canonical(raw)
    named = thirdparty.NAMED_ROLE.search(raw) is not None
    if not thirdparty.third_party_request(text, named=named):
        return False
    if allow.INFO.search(text) and not allow.EVASION.search(text):
        return False
    return _NEGATED_REQUEST.search(text) is None


_NEGATED_REQUEST: Final = re.compile(
    r"\b(?:nao|nunca|jamais)\s+(?:quero|queria|vou|posso|pretendo|preciso)\s+(?:ver|saber|"
    r"descobrir|olhar|pegar|acessar|consultar)\b"
)


def strong_match(text: str) -> GuardCategory | None:
    """The first category whose strong rule matches canonical `text` (not right after a
    negation), or None."""
    return _scan(text)[0]


_NEGATION_WORD: Final = re.compile(r"\b(?:nao|nunca|jamais|nem)\b")


def assess(text: str) -> tuple[GuardCategory | None, Allowance | None]:
    """`strong_match` and, when no strong rule matches, `allowance`, from one scan of the
    rules (the guard's decision reads both; scanning twice doubled the rules' cost)."""
    category, negated = _scan(text)
    if category is not None:
        return category, None
    return None, allowance(text, negated)


def allowance(text: str, negated: list[tuple[int, int]] | None = None) -> Allowance:
    """Blank idioms and negated rule matches out of canonical `text`; list raised and excluded
    categories.

    A negated match ("nunca pensei em me matar", "não vou mentir a renda") is blanked so the
    classifier does not read its words as the thing denied; the rest of the message is judged
    as usual (no threshold is raised: "não quero me matar, mas não vejo saída" still reaches
    the classifier with "mas não vejo saída").

    Words of protection or disclosure ("como denunciar…", "sofri abuso quando tinha 12") raise
    the sexual_minors threshold to `covered`: the classifier learned that a minor's age next to
    an adult is a warning sign, and it is, except in the message that reports it.

    A question about the rules or their consequences ("o que acontece se…", "é crime…", "como
    denunciar…", "errei sem querer") is never fraud: fraud is asking for help to cheat, and
    asking what happens is what we want students to do. So fraud is excluded, not raised —
    unless the message asks how not to get caught (or to lower the income: `allow.EVASION`).
    A question about one's own case ("preciso contar…?", "entra na renda?": `allow.RULE_QUESTION`)
    only raises the fraud threshold.

    `negated` are the spans of negated rule matches when the caller already scanned (`assess`);
    otherwise the rules are scanned only when the text has a negation word at all (training
    reads ~6,000 rows through here at start-up).
    """
    if negated is None:
        negated = _scan(text)[1] if _NEGATION_WORD.search(text) else []
    if negated:
        text = _blank(text, negated)
    raised: frozenset[GuardCategory] = frozenset()
    if allow.IDIOMS.search(text):
        raised = IDIOM_COVERS
        text = " ".join(allow.IDIOMS.sub(" ", text).split())
    if allow.ABOUT_OTHERS.search(text):
        raised = raised | {_C.SELF_HARM}
    if (
        allow.VENTING.search(text)
        and allow.SCHOOL_CAUSE.search(text)
        and not cues.CRISIS_CUE.search(text)
    ) or (
        (allow.RESOLVE.search(text) or allow.PAUSE.search(text)) and not allow.GRAVE.search(text)
    ):
        raised = raised | {_C.SELF_HARM, _C.IMMEDIATE_DANGER}  # "só queria desabafar"
    if harm.protective(text):
        raised = raised | {_C.SEXUAL_MINORS}  # reporting or preventing abuse is not asking for it
    evasion = allow.EVASION.search(text) is not None
    info = allow.INFO.search(text) and not evasion
    excluded = INFO_COVERS if info else frozenset()
    if thirdparty.consented_lookup(text):
        excluded = excluded | {_C.PRIVACY}  # "ela pediu pra eu olhar, como eu vejo?"
    if (
        not info
        and not evasion
        and allow.RULE_QUESTION.search(text)
        and not integrity.FRAUD_INTENT.search(text)
    ):
        raised = raised | INFO_COVERS
    return Allowance(text, raised, excluded)


def _blank(text: str, spans: list[tuple[int, int]]) -> str:
    keep = [True] * len(text)
    for begin, end in spans:
        for i in range(begin, end):
            keep[i] = False
    return " ".join("".join(c if k else " " for c, k in zip(text, keep, strict=True)).split())


__all__ = [
    "IDIOM_COVERS",
    "INFO_COVERS",
    "STRONG",
    "Allowance",
    "allowance",
    "assess",
    "canonical",
    "original_match",
    "strong_match",
]
