"""What a (question, passage) pair looks like to the ranker: a few numbers a person can read.

The ranker (`rank.py`) is a linear model over these features, trained on the dev question set
only (`bench/knowledge/train_ranker.py`, cross-validated inside it). Every feature is a plain
signal one can check by hand on a passage:

| feature | what it measures |
|---|---|
| `bm25` | BM25 of the question's concepts (best alternative of each; headings weighted `HEADING_TF`), divided by the best candidate's |
| `bm25_rr` | 1 / BM25 rank among the candidates |
| `cov` | IDF-weighted share of the question's concepts the passage (with its headings) says |
| `cov_head` | the same share said by the headings alone |
| `cov_unit` | the same share said by one sentence/inciso (with the headings): the concepts close together |
| `cov_ctx` | the same share said by the passage with its parent item ("Na hipótese do subitem 1.8, …") |
| `head_prec` | share of the innermost heading's words the question uses ("Documentação básica" vs "… cotas") |
| `bigram` | share of the question's adjacent word pairs that are adjacent in the passage |
| `topic` | the passage says the question's first concept (usually its subject: "a nota de corte…") |
| `kind_ok`, `kind_miss` | a date/number/amount was asked and the passage has one / has none |
| `list_list`, `list_item`, `nolist_list` | a documents question and a documentation list / a numbered item; a list for another question |
| `who_resp` | "quem…?" and the passage assigns a responsibility ("compete", "responsabilidade") |
| `where_web` | "onde…?" and the passage gives an address or a page |
| `yesno_modal` | a yes/no question and the passage states a permission or restriction ("poderá", "somente", "não") |
| `todo_oblig` | "o que faço?" and the passage says what the candidate must do ("deverá") |
| `define_def` | "o que é X?" and the passage spells X out ("Sistema Informatizado do Prouni – Sisprouni") |
| `amount_num` | "quanto…?" (not money) and the passage has a number or a share |
| `depth` | item depth / 4 (1.4.3.1 → 1.0): the gold answer is the smallest item that states the fact |
| `front` | the preamble or the signature block (no item to cite) |
| `log_len` | log of the passage length |
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from switchboard.knowledge.analysis import QUERY_STOPWORDS, stem, stems, words
from switchboard.knowledge.chunk import PREAMBLE, SIGNATURE, Chunk
from switchboard.knowledge.query import Query
from switchboard.knowledge.sentences import units

FEATURES: tuple[str, ...] = (
    "bm25",
    "bm25_rr",
    "cov",
    "cov_head",
    "cov_unit",
    "cov_phrase",
    "head_prec",
    "bigram",
    "topic",
    "rare_hit",
    "kind_ok",
    "kind_miss",
    "form_ok",
    "form_miss",
    "nolist_list",
    "yesno_modal",
    "enum_enum",
    "depth",
    "front",
    "log_len",
)
"""The feature names, in vector order (the ranker's weights file must list the same)."""

HEADING_TF = 2.5
"""A heading word counts as 2.5 occurrences in BM25: a section title ("DA LISTA DE ESPERA",
"ASSALARIADOS") says what every passage under it is about (the first pass's FTS5 column weight,
best of 0.3–6 on the dev split)."""
BM25_K1 = 1.2
BM25_B = 0.75
NUMBER_SHARE = 0.5
"""What a number of the question counts in BM25 (as in `rank.NUMBER_WEIGHT` for coverage)."""

DATE = re.compile(
    r"\b\d{1,2}º?(?: (?:e|a) \d{1,2})? de (?:janeiro|fevereiro|março|abril|maio|junho|julho|"
    r"agosto|setembro|outubro|novembro|dezembro)(?! de (?!2026)\d{4})\b"
    r"|\ba partir de \d",
    re.IGNORECASE,
)
"""A date of the selection process ("26 de janeiro de 2026", "3 a 13 de fevereiro", "a partir de
2 de fevereiro"); the dates of the laws an edital cites ("de 7 de fevereiro de 2002") are not
answers to "quando…?"."""
NUMBER = re.compile(
    r"\b\d+(?:,\d+)? \([a-zà-ú ]+\)|\b(?:uma|duas|dois|três) (?:única|opções|chamadas)\b"
    r"|\búnica\b"
)
"""A number as the editais write one ("2 (duas)", "450 (quatrocentos e cinquenta)", "uma única")."""
MONEY = re.compile(r"R\$|\breais\b|por cento|%|gratuit|cobrança", re.IGNORECASE)
"""What a "quanto custa / qual o valor…?" needs in its answer: an amount, or that it is free."""
SHARE = re.compile(
    r"\d|por cento|%|\b(?:doze|cinco|três|seis|dois|duas|trinta|vinte)\b|multiplicad|dividid|média",
    re.IGNORECASE,
)
"""A number, a share or a calculation: what "quanto disso conta…?" needs."""
CUES = {
    "resp": re.compile(
        r"\bcompete\b|responsabilidade|\bresponsável\b|responsabiliz|\bcabe\b|\bcaberá\b", re.I
    ),
    "web": re.compile(r"https?://|endereço eletrônico|\bpágina\b", re.I),
    "modal": re.compile(
        r"\bpoderá\b|\bpoderão\b|\bsomente\b|\bapenas\b|\bexclusivamente\b|\bvedad|\bnão\b", re.I
    ),
    "oblig": re.compile(r"\bdeverá\b|\bdeverão\b", re.I),
    "only": re.compile(r"\bexclusivamente\b|\bsomente\b", re.I),
    "means": re.compile(r"\bpor meio d[oa]\b|\bmediante\b|\batravés d[oa]\b", re.I),
    "enum": re.compile(r"(?:^|\s)(?:I|II) [-–] |(?:^|\s)[ab]\) |•|(?:^|\s)[12]\. [A-ZÀ-Ý]|:\s*- "),
}
"""What kind of statement a passage makes (see the module docstring)."""
NEAR_CHARS = 60


@dataclass(frozen=True, slots=True)
class Profile:
    """What a passage offers, computed once per chunk (cached): its words as stems, its
    sentences, its headings, the kinds of statement it makes."""

    body: Counter[str]
    heading: Counter[str]
    all_stems: frozenset[str]
    heading_stems: frozenset[str]
    last_heading: frozenset[str]
    """Stems of the innermost heading ("Documentação básica" → {document, basic})."""
    unit_stems: tuple[frozenset[str], ...]
    bigrams: frozenset[tuple[str, str]]
    length: int
    cues: frozenset[str]
    depth: int
    listing: bool
    """An unnumbered documentation list (cited by its heading)."""
    front: bool
    """The preamble or the signature block."""


def unit_stems(text: str, heading: frozenset[str]) -> tuple[frozenset[str], ...]:
    """The stems of each unit, read with its headings and, for an inciso or alínea, with the
    sentence that introduces it ("O MEC não se responsabilizará por: … II - não divulgação do
    resultado…" is one statement)."""
    out = []
    lead: frozenset[str] = frozenset()
    for unit in units(text):
        own = frozenset(stems(unit.text))
        out.append(own | heading | (lead if unit.enumerated else frozenset()))
        if unit.lead_in:
            lead = own
        elif not unit.enumerated:
            lead = frozenset()
    return tuple(out)


@lru_cache(maxsize=4096)
def profile(chunk: Chunk) -> Profile:
    """The profile of `chunk` (cached: the same chunks come back question after question)."""
    body_seq = stems(chunk.text)
    heading_seq = stems(" ".join(chunk.path))
    heading = frozenset(heading_seq)
    front = chunk.item is None and chunk.label in (PREAMBLE, SIGNATURE)
    return Profile(
        body=Counter(body_seq),
        heading=Counter(heading_seq),
        all_stems=frozenset(body_seq) | heading,
        heading_stems=heading,
        last_heading=frozenset(
            stem(w) for w in words(chunk.label) if w not in QUERY_STOPWORDS
        )
        if chunk.path
        else frozenset(),
        unit_stems=unit_stems(chunk.text, heading),
        bigrams=frozenset(zip(body_seq, body_seq[1:], strict=False)),
        length=len(body_seq) + len(heading_seq),
        cues=frozenset(name for name, cue in CUES.items() if cue.search(chunk.text)),
        depth=len(chunk.item.split(".")) if chunk.item else 0,
        listing=chunk.item is None and not front,
        front=front,
    )


def has_kind(query: Query, chunk: Chunk) -> bool:
    """Whether the chunk has the kind of answer the question asks for: a date of the process for
    "quando…?"; for "quantos X…?" a number followed closely by X (or a synonym: "2 (duas)
    opções de curso"); for "quanto custa / qual o valor…?" an amount, a percentage or "free"."""
    if query.kind == "date":
        return DATE.search(chunk.text) is not None
    if query.kind == "money":
        return MONEY.search(chunk.text) is not None
    if query.kind == "count":
        counted = query.concepts[0] if query.concepts else None
        for match in NUMBER.finditer(chunk.text):
            if counted is None:
                return True
            after = chunk.text[match.start() : match.end() + NEAR_CHARS]
            if counted.stems & frozenset(stems(after)):
                return True
    return False


@dataclass(frozen=True, slots=True)
class Weighted:
    """A concept of the question and its weight: the idf of the concept (the chunks that say it
    in any of its ways), or `UNKNOWN_WEIGHT` when no chunk does (see `rank.weigh`)."""

    concept_index: int
    weight: float
    known: bool
    """Some alternative occurs somewhere in the searched chunks."""


def share(query: Query, weights: Sequence[Weighted], found: frozenset[str]) -> float:
    """IDF-weighted share of the question's *known* concepts said in `found` (a stem set)."""
    total = sum(w.weight for w in weights if w.known)
    if not total:
        return 0.0
    said = sum(
        w.weight for w in weights if w.known and query.concepts[w.concept_index].found_in(found)
    )
    return said / total


def bm25(
    query: Query, weights: Sequence[Weighted], p: Profile, idf: dict[str, float], avg: float
) -> float:
    """BM25 with one term per concept (its best alternative stem), so a synonym group is not
    counted three times; heading words count `HEADING_TF` times."""
    norm = BM25_K1 * (1 - BM25_B + BM25_B * p.length / max(avg, 1.0))
    total = 0.0
    for w in weights:
        if not w.known:
            continue
        scale = NUMBER_SHARE if query.concepts[w.concept_index].numeric else 1.0
        best = 0.0
        for term in query.concepts[w.concept_index].stems:
            tf = p.body.get(term, 0) + HEADING_TF * p.heading.get(term, 0)
            if tf:
                best = max(best, idf.get(term, 0.0) * tf * (BM25_K1 + 1) / (tf + norm))
        total += scale * best
    return total


@lru_cache(maxsize=1024)
def question_bigrams(normalized: str) -> frozenset[tuple[str, str]]:
    seq = stems(normalized)
    return frozenset(zip(seq, seq[1:], strict=False))


@lru_cache(maxsize=1024)
def defined_term(normalized: str) -> str | None:
    """The term "o que é X?" asks about ("sisprouni"), as typed."""
    match = re.search(r"\b(?:o que|que) (?:é|e|são|significa) (?:o |a |os |as )?(\w[\w-]*)", normalized)
    return match.group(1).lower() if match else None


def defines(term: str, text: str) -> bool:
    """Whether `text` spells out `term`: "Sistema Informatizado do Prouni – Sisprouni",
    "(CPF)", "considera-se nota de corte…"."""
    t = re.escape(term)
    pattern = rf"[–-] {t}\b|\({t}\)|\b(?:considera-se|entende-se) {t}\b"
    return re.search(pattern, text, re.IGNORECASE) is not None


@dataclass(frozen=True, slots=True)
class Context:
    """What the features of one question need besides the passage: the concept weights, the
    corpus statistics, and the best BM25 among the candidates (to normalise)."""

    query: Query
    weights: tuple[Weighted, ...]
    idf: dict[str, float]
    avg_length: float
    items: dict[tuple[str, str], frozenset[str]]
    """(document, item) → stem set, to read a sub-item with its parent."""

    def parent(self, chunk: Chunk) -> frozenset[str]:
        """The stems of the item `chunk` is a sub-item of (empty for a top-level item)."""
        if chunk.item is None or "." not in chunk.item:
            return frozenset()
        return self.items.get((chunk.document, chunk.item.rsplit(".", 1)[0]), frozenset())


def topic_index(query: Query, weights: Sequence[Weighted]) -> int | None:
    """The question's first known concept that is not a number (its subject, usually)."""
    for w in weights:
        concept = query.concepts[w.concept_index]
        if w.known and not concept.numeric:
            return w.concept_index
    return None


FORMS = ("who", "where", "todo", "define", "amount", "list", "enum", "how")
"""Question forms that say what kind of statement answers them (`form_ok`)."""


def form_satisfied(form: str, p: Profile, chunk: Chunk, term: str | None) -> bool:
    if form == "who":
        return "resp" in p.cues or "only" in p.cues
    if form == "how":
        return "oblig" in p.cues or "means" in p.cues
    if form == "where":
        return "web" in p.cues
    if form == "todo":
        return "oblig" in p.cues
    if form == "define":
        return term is not None and defines(term, chunk.text)
    if form == "amount":
        return SHARE.search(chunk.text) is not None
    if form == "list":
        return p.listing
    return "enum" in p.cues  # "enum"


def named_features(ctx: Context, chunks: Sequence[Chunk]) -> list[dict[str, float]]:
    """Every feature this module knows, by name, for each of `chunks` (`vectors` keeps
    `FEATURES`; the training script may compare others)."""
    query, weights = ctx.query, ctx.weights
    profiles = [profile(c) for c in chunks]
    scores = [bm25(query, weights, p, ctx.idf, ctx.avg_length) for p in profiles]
    best = max(scores, default=0.0) or 1.0
    order = sorted(range(len(chunks)), key=lambda i: (-scores[i], i))
    rank = {i: r for r, i in enumerate(order, 1)}
    asks = query.asks
    pairs = question_bigrams(query.normalized)
    topic = topic_index(query, weights)
    rarest = max(
        (w for w in weights if w.known), key=lambda w: w.weight, default=None
    )
    rarest = rarest.concept_index if rarest is not None else None
    term = defined_term(query.normalized.lower()) if "define" in asks else None
    phrases = [w for w in weights if len(query.concepts[w.concept_index].origin) > 1]
    forms = [f for f in FORMS if f in asks]
    out = []
    for i, (chunk, p) in enumerate(zip(chunks, profiles, strict=True)):
        kind = query.kind != "other"
        kind_ok = kind and has_kind(query, chunk)
        met = [form_satisfied(f, p, chunk, term) for f in forms]
        if kind:
            met.append(kind_ok)
        out.append(
            {
                "bm25": scores[i] / best,
                "bm25_rr": 1.0 / rank[i],
                "cov": share(query, weights, p.all_stems),
                "cov_head": share(query, weights, p.heading_stems),
                "cov_unit": max((share(query, weights, u) for u in p.unit_stems), default=0.0),
                "cov_ctx": share(query, weights, p.all_stems | ctx.parent(chunk)),
                "cov_phrase": share(query, phrases, p.all_stems) if phrases else 0.0,
                "head_prec": len(p.last_heading & frozenset(query.stems)) / len(p.last_heading)
                if p.last_heading
                else 0.0,
                "rare_hit": float(rarest is not None and query.concepts[rarest].found_in(p.all_stems)),
                "bigram": len(pairs & p.bigrams) / len(pairs) if pairs else 0.0,
                "topic": float(
                    topic is not None and query.concepts[topic].found_in(p.all_stems)
                ),
                "kind_ok": float(kind_ok),
                "kind_miss": float(kind and not kind_ok),
                "form_ok": float(any(met)),
                "form_miss": float(bool(met) and not any(met)),
                "list_list": float("list" in asks and p.listing),
                "list_item": float("list" in asks and not p.listing),
                "nolist_list": float("list" not in asks and p.listing),
                "who_resp": float("who" in asks and "resp" in p.cues),
                "where_web": float("where" in asks and "web" in p.cues),
                "yesno_modal": float("yesno" in asks and "modal" in p.cues),
                "todo_oblig": float("todo" in asks and "oblig" in p.cues),
                "define_def": float(term is not None and defines(term, chunk.text)),
                "amount_num": float("amount" in asks and SHARE.search(chunk.text) is not None),
                "enum_enum": float("enum" in asks and "enum" in p.cues),
                "depth": p.depth / 4,
                "front": float(p.front),
                "log_len": math.log(1 + p.length) / 6,
            }
        )
    return out


def vectors(ctx: Context, chunks: Sequence[Chunk]) -> list[tuple[float, ...]]:
    """The feature vectors (`FEATURES` order) of `chunks` for the question of `ctx`."""
    return [tuple(f[name] for name in FEATURES) for f in named_features(ctx, chunks)]


__all__ = [
    "DATE",
    "FEATURES",
    "MONEY",
    "NUMBER",
    "Context",
    "Profile",
    "Weighted",
    "bm25",
    "has_kind",
    "profile",
    "share",
    "vectors",
]
