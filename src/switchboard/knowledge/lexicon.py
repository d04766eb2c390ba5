"""The domain lexicon (`data/lexicon.yaml`): chat spellings, synonym groups, program cues.

Three uses, all on the *question* side (the indexed text is never rewritten, so a quote is
always the edital's own words):

- `expand_chat`: "qnd sai o resultado" → "quando sai o resultado" (whole words, accents folded);
- `concepts`: the question's content words grouped into concepts, each with its alternatives
  from the synonym groups ("cota" → {cota, reserva de vagas, ações afirmativas, …}); a passage
  that has any alternative of a concept covers that concept once;
- `program_cues`: the programs a question points at without naming them ("numa federal" →
  Sisu, "bolsa numa faculdade particular" → Prouni).

Phrases are matched after stemming (`analysis.stems`), so "inscrições", "inscrever" and
"inscricao" all meet "inscrição".
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import Any

import yaml

from switchboard.knowledge.analysis import QUERY_STOPWORDS, fold, stem, words

Phrase = tuple[str, ...]
"""A phrase as its stems, e.g. ("reserv", "vag")."""
NUMBER_WORDS = frozenset(
    stem(w) for w in words("um uma dois duas três quatro cinco seis sete oito nove dez")
)
"""Number words: a question's "dois cursos" is, like "2023", the student's own data."""


@dataclass(frozen=True, slots=True, eq=False)
class Lexicon:
    chat: dict[str, str]
    """Folded chat word → its replacement."""
    groups: tuple[tuple[Phrase, ...], ...]
    """Synonym groups, each phrase stemmed (stop words kept out)."""
    programs: dict[str, tuple[Phrase, ...]]
    """Program → cue phrases (stemmed)."""
    outside: tuple[Phrase, ...] = ()
    """Topics the editais do not treat (`data/lexicon.yaml`, `outside`), stemmed."""
    generic: frozenset[str] = frozenset()
    """Stems of words that name no subject (light verbs, question frames, chat): a question
    word like that which no passage has is not what the question is about."""
    initials: dict[str, str] = field(default_factory=dict)
    """Initials typed in capitals → their words ("VA" → "vale alimentação"): in lower case
    the same letters are often a word ("vá", "va"), so only the capitals are swapped."""


_STOP = frozenset(
    [
        "a",
        "o",
        "as",
        "os",
        "de",
        "da",
        "do",
        "das",
        "dos",
        "e",
        "em",
        "no",
        "na",
        "para",
        "por",
        "com",
        "que",
    ]
)


def phrase(text: str) -> Phrase:
    """The stems of `text` without the function words a phrase may contain — the ones a
    question loses too (`analysis.QUERY_STOPWORDS`), or the phrase could never match one: "muda
    todo mês" is matched as "muda … mês"."""
    return tuple(stem(w) for w in words(text) if w not in _STOP and w not in QUERY_STOPWORDS)


def faithful(text: str) -> Phrase:
    """`phrase(text)`, or () when dropping function words leaves one word of a longer phrase
    ("mais de uma renda" → "renda"): such a phrase would match every question that says the
    one word, so it is left out of its group."""
    stems_ = phrase(text)
    return stems_ if len(stems_) > 1 or len(words(text)) == 1 else ()


def parse_lexicon(data: dict[str, Any]) -> Lexicon:
    chat = {fold(k): str(v) for k, v in (data.get("chat") or {}).items()}
    groups = []
    for group in data.get("synonyms") or []:
        phrases = tuple(dict.fromkeys(p for p in (faithful(str(x)) for x in group) if p))
        if len(phrases) > 1:
            groups.append(phrases)
    programs = {
        name: tuple(p for p in (phrase(str(x)) for x in cues) if p)
        for name, cues in (data.get("programs") or {}).items()
    }
    generic = frozenset(stem(w) for x in data.get("generic") or [] for w in words(str(x)))
    outside = tuple(p for p in (phrase(str(x)) for x in data.get("outside") or []) if p)
    initials = {str(k): str(v) for k, v in (data.get("initials") or {}).items()}
    return Lexicon(
        chat=chat,
        groups=tuple(groups),
        programs=programs,
        outside=outside,
        generic=generic,
        initials=initials,
    )


@lru_cache(maxsize=1)
def lexicon() -> Lexicon:
    """The packaged lexicon (parsed once)."""
    text = (
        resources.files("switchboard.knowledge")
        .joinpath("data", "lexicon.yaml")
        .read_text(encoding="utf-8")
    )
    return parse_lexicon(yaml.safe_load(text))


_TOKEN = re.compile(r"\w+(?:\.\w+)*|\S", re.UNICODE)


LAUGH = re.compile(r"k{3,}|(?:kk)+|(?:rs){2,}|h?(?:ha|he|hi|ah|eh){2,}h?|hu(?:e|a)+(?:hu(?:e|a)+)+")
"""Chat laughter ("kkk", "kkkkk", "rsrs", "hahaha", "huehue"), matched on a whole folded word:
it says nothing of what is asked, yet no passage has it, so it would count as a foreign word
("troquei de curso umas 4 vezes *kkk* qual delas vale?" was "não encontrei"). A lone "rs" is
no laugh (the state)."""


def expand_chat(text: str, lex: Lexicon | None = None) -> str:
    """`text` with chat spellings replaced by words ("oq é sisprouni" → "o que é sisprouni"),
    initials typed in capitals spelled out ("o VA entra?" → "o vale alimentação entra?") and
    chat laughter (`LAUGH`) left out."""
    lex = lex or lexicon()
    table = lex.chat

    def swap(match: re.Match[str]) -> str:
        word = match.group(0)
        if word in lex.initials:
            return lex.initials[word]
        folded = fold(word)
        if LAUGH.fullmatch(folded):
            return ""
        return table.get(folded, word)

    return re.sub(r"\b\w+\b", swap, text)


def find(sequence: Sequence[str], needle: Phrase) -> int:
    """Index of the first occurrence of `needle` in `sequence`, or -1."""
    n = len(needle)
    for i in range(len(sequence) - n + 1):
        if tuple(sequence[i : i + n]) == needle:
            return i
    return -1


@dataclass(frozen=True, slots=True)
class Concept:
    """One thing the question asks about, and the ways a passage may say it."""

    origin: Phrase
    """The question's own words for it."""
    alternatives: tuple[Phrase, ...]
    """`origin` first, then its synonyms."""
    sets: tuple[frozenset[str], ...] = field(init=False, repr=False, compare=False)
    """The alternatives as stem sets (a passage says one when it has all of its stems)."""
    stems: frozenset[str] = field(init=False, repr=False, compare=False)
    """Every stem of every alternative."""
    numeric: bool = field(init=False, repr=False, compare=False)
    """The question's words for it are a number ("2023", "duas", "três"): usually the student's
    own data ("fiz o Enem em 2023", "tenho dois cursos"), not the subject."""
    _singles: frozenset[str] = field(init=False, repr=False, compare=False)
    _phrases: tuple[frozenset[str], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        sets = tuple(frozenset(p) for p in self.alternatives)
        object.__setattr__(self, "sets", sets)
        object.__setattr__(self, "stems", frozenset().union(*sets))
        numeric = all(s.isdigit() or s in NUMBER_WORDS for s in self.origin)
        object.__setattr__(self, "numeric", numeric)
        singles = frozenset(next(iter(alt)) for alt in sets if len(alt) == 1)
        object.__setattr__(self, "_singles", singles)
        object.__setattr__(self, "_phrases", tuple(alt for alt in sets if len(alt) > 1))

    def found_in(self, passage: frozenset[str]) -> bool:
        """Whether a passage (its stem set) says this concept in any of its ways (called for
        every passage and sentence of every candidate: one-word ways are one set test)."""
        if not self._singles.isdisjoint(passage):
            return True
        return any(alt <= passage for alt in self._phrases)


@lru_cache(maxsize=4)
def _alternatives(lex: Lexicon) -> list[tuple[Phrase, frozenset[str], tuple[Phrase, ...]]]:
    """(phrase, its stems, every phrase of every group it belongs to) — "considerada" is both
    "usada" and "considerado" — longest phrases first."""
    table: dict[Phrase, dict[Phrase, None]] = {}
    for group in lex.groups:
        for p in group:
            table.setdefault(p, {}).update(dict.fromkeys(x for x in group if x != p))
    ordered = sorted(table.items(), key=lambda kv: -len(kv[0]))
    return [(p, frozenset(p), tuple(others)) for p, others in ordered]


def concepts(question_stems: Sequence[str], lex: Lexicon | None = None) -> list[Concept]:
    """The question's content stems grouped into concepts (longest synonym phrases first;
    a stem used by a phrase is not a concept of its own again)."""
    lex = lex or lexicon()
    used = [False] * len(question_stems)
    found: list[tuple[int, Concept]] = []
    present = frozenset(question_stems)
    for p, needed, others in _alternatives(lex):
        if not needed <= present:
            continue
        at = find(question_stems, p)
        if at < 0 or any(used[at : at + len(p)]):
            continue
        for j in range(at, at + len(p)):
            used[j] = True
        found.append((at, Concept(origin=p, alternatives=(p, *others))))
    for i, s in enumerate(question_stems):
        if not used[i]:
            used[i] = True
            found.append((i, Concept(origin=(s,), alternatives=((s,),))))
    found.sort(key=lambda ic: ic[0])
    merged: dict[Phrase, Concept] = {}
    for _, concept in found:
        merged.setdefault(concept.origin, concept)
    return list(merged.values())


def program_cues(question_stems: Sequence[str], lex: Lexicon | None = None) -> set[str]:
    """The programs whose cue phrases occur in the question."""
    lex = lex or lexicon()
    return {
        name
        for name, cues in lex.programs.items()
        if any(find(question_stems, c) >= 0 for c in cues)
    }


def outside_topics(question_stems: Sequence[str], lex: Lexicon | None = None) -> list[Phrase]:
    """The topics the editais do not treat that the question names (see `Lexicon.outside`)."""
    lex = lex or lexicon()
    return [p for p in lex.outside if find(question_stems, p) >= 0]


__all__ = [
    "Concept",
    "Lexicon",
    "concepts",
    "expand_chat",
    "lexicon",
    "outside_topics",
    "parse_lexicon",
    "phrase",
    "program_cues",
]
