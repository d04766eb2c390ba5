"""Students' questions per passage ("doc2query"): the words a student uses for what an item says.

Students ask "dá pra levar só a declaração de conclusão?"; the edital says "caso não possua o
certificado, deverá apresentar declaração de conclusão do Ensino Médio". Questions in the
students' chat register, written for each passage by writers who read only its text, bridge
that gap: the user's question is matched against them, and a passage whose questions are close
to it is a candidate and gets the ranker's `q_sim` / `q_rel` features (`features.py`).

Data: `data/student_questions.jsonl`, one line per passage: its `document_id`, the SHA-256 of
its text (`chunk_hash`), and its questions (2–14, from two batches of writers), each with
`fact`, the verbatim span of the passage that answers it (provenance in the package README).
A passage is keyed by document id and text hash, never by its position: a re-ingested passage
whose text changed simply has no questions, and a user-ingested collection without any works
as before (no matcher, features 0).

Matching: the char n-gram + word TF-IDF of the offline classifiers
(`models.embedded.tfidf`: character 3–5-grams inside words for typos and inflections, words and
word pairs for phrases) over the questions folded and with chat spellings written out
(`lexicon.expand_chat`); the similarity of a passage is the cosine of its closest question.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

from switchboard.knowledge.analysis import fold, words
from switchboard.knowledge.aside import asking_part
from switchboard.knowledge.chunk import Chunk
from switchboard.knowledge.lexicon import expand_chat

PACKAGED = "student_questions.jsonl"
CHAR_NGRAMS = (3, 5)
ASKING_SHARE = 0.25
"""What the asking part of a question (without its asides) weighs in its similarity to a
student question; the whole question weighs the rest (`QuestionMatcher.match`)."""
MATCH_CACHE = 512
"""Questions whose matches one matcher remembers (the ranker and the answer ask twice)."""


@dataclass(frozen=True, slots=True)
class StudentQuestion:
    """A question a student might ask about a passage, and the span of the passage (verbatim)
    that answers it."""

    question: str
    fact: str


@dataclass(frozen=True, slots=True)
class QuestionMatch:
    """A passage's closest student question to the user's, and their similarity (0–1)."""

    similarity: float
    asked: StudentQuestion


Key = tuple[str, str]
"""(document id, `chunk_hash` of the passage's text)."""
ChunkKey = tuple[str, int]
"""(document title, ordinal): how the ranker's features name a passage (`features.key`)."""


def chunk_hash(text: str) -> str:
    """The key of a passage's text (SHA-256, hex)."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def parse(text: str) -> dict[Key, tuple[StudentQuestion, ...]]:
    """The questions of a data file (JSON lines: `document_id`, `chunk_hash`, `questions` of
    `{"q", "fact"}`); lines of one passage are merged."""
    out: dict[Key, list[StudentQuestion]] = {}
    for line in text.splitlines():
        if not line.strip():
            continue
        row = json.loads(line)
        key = (str(row["document_id"]), str(row["chunk_hash"]))
        found = out.setdefault(key, [])
        for q in row.get("questions", ()):
            asked = StudentQuestion(str(q["q"]).strip(), str(q.get("fact") or "").strip())
            if asked.question and asked not in found:
                found.append(asked)
    return {key: tuple(qs) for key, qs in out.items() if qs}


@lru_cache(maxsize=1)
def packaged() -> Mapping[Key, tuple[StudentQuestion, ...]]:
    """The shipped questions (read once); empty when the file is absent."""
    path = resources.files("switchboard.knowledge").joinpath("data", PACKAGED)
    if not path.is_file():
        return {}
    return parse(path.read_text(encoding="utf-8"))


def questions_for(
    document_id: str,
    chunk: Chunk,
    table: Mapping[Key, tuple[StudentQuestion, ...]] | None = None,
) -> tuple[StudentQuestion, ...]:
    """The student questions of `chunk` (of document `document_id`), none when its text is not
    the one they were written for."""
    source = packaged() if table is None else table
    return source.get((document_id, chunk_hash(chunk.text)), ())


OPERATORS = re.compile(r"\b(?:OR|AND|NOT|NEAR)\b")
"""Full-text query operators typed in capitals: syntax, not words of a question (as quotes,
"*" and other punctuation, which the matcher drops too): a search is the same with or without
them."""


def prepared(text: str) -> str:
    """A question as the matcher reads it: its words (no punctuation, no `OPERATORS`), chat
    spellings written out, folded."""
    return " ".join(words(fold(expand_chat(OPERATORS.sub(" ", text).lower()))))


class QuestionMatcher:
    """The student questions of a set of passages, vectorised once; `match(question)` gives
    each passage's closest question and similarity."""

    __slots__ = ("_asking", "_cache", "_features", "_keys", "_matrix", "_owners", "_questions")

    def __init__(self, owned: Sequence[tuple[ChunkKey, StudentQuestion]]) -> None:
        from switchboard.models.embedded.tfidf import TfidfFeatures, char_and_word_vectorizers

        self._owners = [key for key, _ in owned]
        self._questions = [q for _, q in owned]
        vectorizers = char_and_word_vectorizers(CHAR_NGRAMS)
        from scipy.sparse import hstack

        texts = [prepared(q.question) for q in self._questions]
        self._features, matrix = TfidfFeatures.fit(vectorizers, texts, weight=2**-0.5)
        self._matrix: Any = matrix.tocsc()
        asking = [prepared(asking_part(expand_chat(q.question))) for q in self._questions]
        self._asking: Any = (hstack([v.transform(asking) for v in vectorizers]) * 2**-0.5).tocsc()
        self._cache: dict[tuple[str, str], dict[ChunkKey, QuestionMatch]] = {}

    @classmethod
    def of(
        cls,
        chunks: Iterable[tuple[str, Chunk]],
        table: Mapping[Key, tuple[StudentQuestion, ...]] | None = None,
    ) -> QuestionMatcher | None:
        """The matcher of `(document id, chunk)` pairs; None when none has questions."""
        owned = [
            ((chunk.document, chunk.ordinal), q)
            for document_id, chunk in chunks
            for q in questions_for(document_id, chunk, table)
        ]
        return cls(owned) if owned else None

    def __len__(self) -> int:
        return len(self._questions)

    def _sims(self, matrix: Any, text: str) -> Any:
        """The cosine of `text` (prepared) to every row of `matrix`, or None when it shares no
        term."""
        indices, values = self._features.sparse(text)
        if not len(indices):
            return None
        return matrix[:, indices] @ values

    def match(self, question: str, asking: str | None = None) -> dict[ChunkKey, QuestionMatch]:
        """Each passage with a question sharing a term with `question`: its closest one. With
        `asking` (the part of the question that asks, without the student's asides:
        `aside.asking_part`), `ASKING_SHARE` of the similarity is that of the asking parts (the
        student question's own asides left out too) and the rest the whole questions': "já
        entreguei a documentação, até quando eles confirmam a bolsa?" is not "fui
        pré-selecionado na primeira chamada, até quando entrego os documentos?"."""
        text = prepared(question)
        ask = prepared(asking) if asking is not None else None
        cached = self._cache.get((text, ask or ""))
        if cached is not None:
            return cached
        sims = self._sims(self._matrix, text)
        if ask is not None and sims is not None:
            asked = self._sims(self._asking, ask)
            sims = (1.0 - ASKING_SHARE) * sims + (ASKING_SHARE * asked if asked is not None else 0)
        out: dict[ChunkKey, QuestionMatch] = {}
        if sims is not None:
            for i in sims.nonzero()[0]:
                sim = float(sims[i])
                key = self._owners[i]
                held = out.get(key)
                if held is None or sim > held.similarity:
                    out[key] = QuestionMatch(sim, self._questions[i])
        if len(self._cache) >= MATCH_CACHE:
            self._cache.clear()
        self._cache[(text, ask or "")] = out
        return out


__all__ = [
    "PACKAGED",
    "QuestionMatch",
    "QuestionMatcher",
    "StudentQuestion",
    "chunk_hash",
    "packaged",
    "parse",
    "questions_for",
]
