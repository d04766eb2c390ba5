"""What a (question, passage) pair looks like to the ranker: a few numbers a person can read.

The ranker (`rank.py`) is a linear model over these features, trained on the dev question set
only (`bench/knowledge/train_ranker.py`, cross-validated inside it). Every feature is a plain
signal one can check by hand on a passage:

- `bm25`: BM25 of the question's concepts (best alternative of each; heading words count
  `HEADING_TF` times), divided by the best candidate's; `bm25_rr`: 1 / BM25 rank;
- `cov`: IDF-weighted share of the question's concepts the passage (with its headings) says;
  `cov_head`: the share said by the headings alone; `cov_unit`: by one sentence or inciso
  (with its lead-in and the headings) — the concepts close together; `cov_phrase`: the share
  of the question's multi-word concepts ("lista de espera", "nota de corte");
- `head_prec`: share of the innermost heading's words the question uses ("Documentação básica"
  against "… que possuem cotas"); `bigram`: share of the question's adjacent word pairs that
  are adjacent in the passage;
- `topic`: the passage says the question's first concept (usually its subject: "a nota de
  corte…"); `rare_hit`: it says the question's rarest concept;
- `kind_ok` / `kind_miss`: a date, time, year, count or amount was asked and the passage has
  one / has none;
- `form_ok` / `form_miss`: the question's form asks for a kind of statement (`FORMS`: "quem…?"
  a responsibility, "onde…?" an address, "o que faço?" what the candidate must do, "o que é
  X?" a definition, "quanto…?" a number or share, "quais documentos" a list, "quais são…" an
  enumeration, "como…?" a procedure, "quem pode fazer o prouni?" who may take part) and the
  passage makes one / makes none;
- `nolist_list`: a documentation list for a question that does not ask for documents;
  `yesno_modal`: a yes/no question and a passage that permits or restricts ("poderá",
  "somente", "não"); `enum_enum`: "quais são… / qual a ordem…" and a passage that enumerates;
- `depth`: item depth / 4 (the gold answer is the smallest item that states the fact);
  `front`: the preamble or the signature block (no item to cite); `log_len`: log length.
- `cov_ref`: `cov` of the passage read with the text it points at ("os CANDIDATOS referidos no
  subitem 1.3, inciso III" says what inciso III says: `xref`); `kind_unit`: the date, number or
  amount asked is in a sentence that says the question's subject (`kind_said`).
- `q_sim`: similarity (char n-gram and word TF-IDF cosine) of the passage's closest student
  question (`student_questions`: questions in the students' words written for each passage) to
  the question; `q_rel`: that similarity over the best candidate's (1 for the best).

Features that were tried and left out (no gain under cross-validation, RESULTS.md): the parent
item's words, the question's years against the passage's, BM25 and coverage ranks relative to
the best candidate, one feature per question form instead of `form_ok`/`form_miss`.
"""

from __future__ import annotations

import itertools
import math
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from switchboard.knowledge.analysis import QUERY_STOPWORDS, fold, stem, stems, words
from switchboard.knowledge.chunk import PREAMBLE, SIGNATURE, Chunk
from switchboard.knowledge.lexicon import Concept, lexicon
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
    "cov_ref",
    "kind_unit",
    "q_sim",
    "q_rel",
)
"""The feature names, in vector order (the ranker's weights file must list the same)."""

HEADING_TF = 2.5
"""A heading word counts as 2.5 occurrences in BM25: a section title ("DA LISTA DE ESPERA",
"ASSALARIADOS") says what every passage under it is about (the first pass's FTS5 column weight,
best of 0.3–6 on the dev split)."""
BM25_K1 = 1.2
BM25_B = 0.75
NUMBER_SHARE = 0.5
"""What a number of the question counts in BM25 (as `rank.NUMBER_WEIGHT` in coverage)."""

DATE = re.compile(
    r"\b\d{1,2}º?(?: (?:e|a) \d{1,2})? de (?:janeiro|fevereiro|março|abril|maio|junho|julho|"
    r"agosto|setembro|outubro|novembro|dezembro)(?! de (?!2026)\d{4})\b"
    r"|\ba partir de \d",
    re.IGNORECASE,
)
"""A date of the selection process ("26 de janeiro de 2026", "3 a 13 de fevereiro", "a partir de
2 de fevereiro"); the dates of the laws an edital cites ("de 7 de fevereiro de 2002") are not
answers to "quando…?"."""
TIME = re.compile(r"\b\d{1,2} ?(?:h\b|horas\b)|\b\d{1,2}h\d{2}\b", re.IGNORECASE)
"""A time of day ("23 horas e 59 minutos", "18h", "8h30")."""
NUMBER = re.compile(
    r"\b\d+(?:,\d+)? \([a-zà-ú ]+\)|\b(?:uma|duas|dois|três) (?:única|opções|chamadas)\b"
    r"|\búnica\b|\b(?:no máximo,?\s+(?:por\s+)?|apenas\s+|somente\s+)(?:um|uma)\b"
    r"|\b(?i:dois|duas|três|quatro|cinco|seis|sete|oito|nove|dez|doze|vinte|trinta)\b"
)
"""A number as the editais write one ("2 (duas)", "450 (quatrocentos e cinquenta)", "uma única"),
or a number word ("Três últimos contracheques", "multiplicado por cinco"), or "one" as a
limit ("no máximo, por uma ação afirmativa do tipo bônus", "apenas um")."""
YEAR = re.compile(r"(?<![\d./])20[0-3]\d(?![\d/])")
LAW_DATE = re.compile(
    r"(?:janeiro|fevereiro|março|abril|maio|junho|julho|agosto|setembro|outubro|novembro|"
    r"dezembro) de $",
    re.IGNORECASE,
)
PROGRAM_YEAR = "2026"


@lru_cache(maxsize=4096)
def years(text: str) -> frozenset[str]:
    """The years a text names that are neither the program's own (2026) nor in the date of a
    law it cites ("Lei nº 12.711, de 29 de agosto de 2012"): the Enem editions ("2023, 2024 ou
    2025") that "quais edições valem?" needs."""
    found = set()
    for match in YEAR.finditer(text):
        before = text[max(0, match.start() - 16) : match.start()]
        if match.group(0) != PROGRAM_YEAR and not LAW_DATE.search(before):
            found.add(match.group(0))
    return frozenset(found)


MONEY = re.compile(r"R\$|\breais\b|gratuit|cobrança", re.IGNORECASE)
"""What a "quanto custa / qual o valor…?" needs in its answer: an amount in reais, or that it is
free (a share — "vinte por cento" — is not a price)."""
MINIMUM_WAGES = re.compile(
    r"\d+(?:,\d+)?\s*(?:\([^)]*\)\s*)?sal[áa]rios?[- ]m[íi]nimos?", re.IGNORECASE
)
"""An amount the editais give in minimum wages ("1,5 (um vírgula cinco) salário mínimo"): it
answers "quanto é o limite de renda?", never "quanto é o salário mínimo?" (a multiple of a unit
does not say what the unit is worth)."""


def money_in(query: Query, text: str) -> bool:
    """Whether `text` has the amount of money a "quanto é / qual o valor…?" asks for."""
    if MONEY.search(text) is not None:
        return True
    about_the_unit = re.search(r"\bsalarios? minimos?\b", fold(query.normalized)) is not None
    return not about_the_unit and MINIMUM_WAGES.search(text) is not None


SHARE = re.compile(
    r"\d|por cento|%|\b(?:doze|cinco|três|seis|dois|duas|trinta|vinte)\b|multiplicad|dividid|média",
    re.IGNORECASE,
)
"""A number, a share or a calculation: what "quanto disso conta…?" needs."""
PERCENT = re.compile(r"%|\bpor cento\b|\bpercentual\b|\bporcentagem\b", re.IGNORECASE)
"""What "quantos por cento…?" needs in its answer: a percentage."""
CUES = {
    "resp": re.compile(
        r"\bcompete\b|responsabilidade|\bresponsável\b|responsabiliz|\bcabe\b|\bcaberá\b", re.I
    ),
    "only": re.compile(r"\bexclusivamente\b|\bsomente\b", re.I),
    "web": re.compile(r"https?://|endereço eletrônico|\bpágina\b", re.I),
    "modal": re.compile(
        r"\bpoderá\b|\bpoderão\b|\bsomente\b|\bapenas\b|\bexclusivamente\b|\bvedad|\bnão\b", re.I
    ),
    "oblig": re.compile(r"\bdeverá\b|\bdeverão\b", re.I),
    "todo": re.compile(r"\bCANDIDATO\b[^.;:]{0,60}\bdeverá\b"),
    "means": re.compile(r"\bpor meio d[oa]\b|\bmediante\b|\batravés d[oa]\b", re.I),
    "enum": re.compile(r"(?:^|\s)(?:I|II) [-–] |(?:^|\s)[ab]\) |•|(?:^|\s)[12]\. [A-ZÀ-Ý]|:\s*- "),
    "eligible": re.compile(
        r"\b(?:somente|apenas) poder(?:á|ão) (?:se )?(?:inscrever|participar|concorrer)"
        r"|\bdever(?:á|ão) atender a (?:pelo menos )?(?:uma d[ao]s |[ao]s )?"
        r"(?:condições|requisitos)"
        r"|\binscrição\b[^.;:]{0,80}\bcondiciona-se ao (?:cumprimento|atendimento)",
        re.I,
    ),
}
"""Kinds of statement a passage makes: assigns a responsibility, restricts to someone, gives an
address, permits or restricts, obliges (the candidate: "o CANDIDATO … deverá"), says by what
means, enumerates, says who may take part in the selection ("somente poderá se inscrever … o
CANDIDATO que", "deverá atender a pelo menos uma das condições", "a inscrição … condiciona-se ao
cumprimento dos requisitos": the eligibility rules that "quem pode fazer o prouni?" asks for)."""
NEAR_CHARS = 60
CLAUSE_END = re.compile(r"[;:.](?:\s|$)")
"""Where the clause of a number ends: "1,5 (um vírgula cinco) salário mínimo; ou II -
parciais" does not count "parciais"."""


@dataclass(frozen=True, slots=True)
class Profile:
    """What a passage offers, computed once per chunk (cached): its words as stems, its
    sentences, its headings, the kinds of statement it makes."""

    body: Counter[str]
    heading: Counter[str]
    all_stems: frozenset[str]
    heading_stems: frozenset[str]
    last_heading: frozenset[str]
    """Content stems of the innermost heading ("Documentação básica" → {document, basic})."""
    unit_stems: tuple[frozenset[str], ...]
    unit_texts: tuple[str, ...]
    """The units (`sentences.units`), parallel to `unit_stems`."""
    bigrams: frozenset[tuple[str, str]]
    length: int
    cues: frozenset[str]
    depth: int
    listing: bool
    """An unnumbered documentation list (cited by its heading)."""
    front: bool
    """The preamble or the signature block."""


def unit_stems(text: str, heading: frozenset[str]) -> tuple[frozenset[str], ...]:
    """The stems of each unit, read with its headings and with the sentence that introduces it
    — the last unit before it that ends with ":" ("O MEC não se responsabilizará por: … II - não
    divulgação do resultado…", "… nas seguintes datas: Primeira chamada: 3 de fevereiro" are one
    statement each)."""
    out = []
    lead: frozenset[str] = frozenset()
    for unit in units(text):
        own = frozenset(stems(URL.sub(" ", unit.text)))
        out.append(own | heading | lead)
        if unit.lead_in:
            lead = own
    return tuple(out)


URL = re.compile(r"<?\s*https?://\S+")
"""A web address: its pieces ("acessounico", "mec", "gov") are not words the passage says."""


@lru_cache(maxsize=4096)
def profile(chunk: Chunk) -> Profile:
    """The profile of `chunk` (cached: the same chunks come back question after question).
    Web addresses are left out of its words (see `URL`)."""
    body_seq = stems(URL.sub(" ", chunk.text))
    heading_seq = stems(" ".join(chunk.path))
    heading = frozenset(heading_seq)
    front = chunk.item is None and chunk.label in (PREAMBLE, SIGNATURE)
    last = frozenset(stem(w) for w in words(chunk.label) if w not in QUERY_STOPWORDS)
    return Profile(
        body=Counter(body_seq),
        heading=Counter(heading_seq),
        all_stems=frozenset(body_seq) | heading,
        heading_stems=heading,
        last_heading=last if chunk.path else frozenset(),
        unit_stems=unit_stems(chunk.text, heading),
        unit_texts=tuple(u.text for u in units(chunk.text)),
        bigrams=frozenset(itertools.pairwise(body_seq)),
        length=len(body_seq) + len(heading_seq),
        cues=frozenset(name for name, cue in CUES.items() if cue.search(chunk.text)),
        depth=len(chunk.item.split(".")) if chunk.item else 0,
        listing=chunk.item is None and not front,
        front=front,
    )


def has_kind(query: Query, chunk: Chunk) -> bool:
    """Whether the chunk has the kind of answer the question asks for (`text_has_kind`)."""
    return text_has_kind(query, chunk.text)


def text_has_kind(query: Query, text: str) -> bool:
    """Whether `text` has the kind of answer the question asks for: a date of the process for
    "quando…?"; for "quantos X…?" a number followed closely by X (or a synonym: "2 (duas)
    opções de curso"); for "quanto custa / qual o valor…?" an amount or "free"; for "até que
    horas / qual o horário…?" a time of day; for "quais edições / que ano…?" a year."""
    if query.kind == "date":
        return DATE.search(text) is not None
    if query.kind == "time":
        return TIME.search(text) is not None
    if query.kind == "year":
        return bool(years(text))
    if query.kind == "money":
        return money_in(query, text)
    if query.kind == "percent":
        return PERCENT.search(text) is not None
    if query.kind == "count":
        counted = counted_concept(query)
        for match in NUMBER.finditer(text):
            if counted is None:
                return True
            tail = CLAUSE_END.split(text[match.end() : match.end() + NEAR_CHARS], maxsplit=1)[0]
            # the thing counted is the noun the number counts, or its complement ("2 (duas)
            # opções *de curso*"), not any word of the clause ("1 (uma) única etapa de
            # inscrições de CANDIDATOS" counts no candidates)
            noun = counted_noun(tail)
            said = tail if noun.split(" ")[0] in MEASURES else noun  # "450 pontos" measure a nota
            if counted.stems & frozenset(stems(match.group(0) + " " + said)):
                return True
    return False


MEASURES = frozenset(
    [
        "ponto",
        "pontos",
        "salário",
        "salários",
        "reais",
        "real",
        "ano",
        "anos",
        "mês",
        "meses",
        "dia",
        "dias",
        "hora",
        "horas",
        "por",
    ]
)
"""Units: a number of them measures the thing its clause names ("nota … igual ou superior a
450 (quatrocentos e cinquenta) pontos"), so the whole clause is read for it."""
COUNT_LEAD = frozenset(
    [
        "única",
        "únicas",
        "único",
        "únicos",
        "últimos",
        "últimas",
        "primeiros",
        "primeiras",
        "seguintes",
        "mesmos",
    ]
)
COUNT_LINKS = frozenset(["de", "do", "da", "dos", "das", "em", "para"])
ARTICLES = frozenset(["o", "a", "os", "as", "um", "uma"])


ENUMERATED = re.compile(r",\s*|\s+(?:e|ou)\s+")
"""What separates the items of an enumeration ("instituição, local de oferta, curso e turno")."""
ENUMERATED_WORDS = 3
"""An item of an enumerated complement is a short noun phrase ("local de oferta"): a longer
stretch is the clause going on, not one more thing the number counts."""


def counted_noun(tail: str) -> str:
    """The noun a number counts and its complement, from the text after the number:
    "opções de curso", "etapa de inscrições" (not the rest of the clause). A complement that
    enumerates ("2 (duas) opções de instituição, local de oferta, curso, turno…") gives the
    first word of each of its items: the opções are of each of them."""
    tokens = [t for t in words(tail) if t not in ARTICLES]
    while tokens and tokens[0] in COUNT_LEAD:
        tokens.pop(0)
    if not tokens:
        return ""
    head = tokens[0]
    if len(tokens) > 2 and tokens[1] in COUNT_LINKS:
        return " ".join([head, tokens[2], *enumerated(tail, tokens[1], tokens[2])])
    return head


def enumerated(tail: str, link: str, first: str) -> list[str]:
    """After "`link` `first`", the first words of the further items of an enumeration."""
    found = re.search(rf"\b{re.escape(link)}\s+(?:(?:o|a|os|as)\s+)?{re.escape(first)}\b", tail)
    if found is None:
        return []
    out: list[str] = []
    pieces = ENUMERATED.split(tail[found.end() :])  # items, each after its separator
    separators = [m.group(0).strip() for m in ENUMERATED.finditer(tail[found.end() :])]
    for item, separator in zip(pieces[1:], separators, strict=False):
        item_words = [w for w in words(item) if w not in ARTICLES]
        if not item_words or len(item_words) > ENUMERATED_WORDS:
            break
        out.append(item_words[0])
        if separator in ("e", "ou"):
            break  # "…, turno e modalidade": the last item
    return out


def counted_concept(query: Query) -> Concept | None:
    """The thing a "quantos/quantas…?" counts: the concept of the word after it ("posso colocar
    quantas *opções*?"), else the first concept that is not a generic word."""
    after = re.search(r"\bquant[oa]s\s+(\w+)", fold(query.normalized))
    if after is not None:
        target = stem(after.group(1))
        for c in query.concepts:
            if target in c.origin:
                return c
    generic = lexicon().generic
    return next((c for c in query.concepts if not set(c.origin) <= generic), None) or (
        query.concepts[0] if query.concepts else None
    )


COUNT_TOLD = re.compile(r"\b(?:dois|duas|tres|2|3|mais de (?:um|uma)|varias|varios)\b")
"""A yes/no question that names how many ("posso marcar *duas* modalidades de reserva…?",
"dá pra escolher *mais de uma*…?")…"""
LIMIT_STATED = re.compile(
    r"\bno máximo\b|\b(?:apenas|somente|só) (?:uma|um)\b|\baté \d+ \(|\bmais de (?:uma|um)\b",
    re.IGNORECASE,
)
"""… is answered by the unit that states the limit ("será permitida a opção, *no máximo*, por
uma ação afirmativa do tipo bônus e uma do tipo reserva de vagas"): it gets
`quote.KIND_UNIT_BONUS`, as the number does for "quantos…?"."""

LIMIT_ONE = re.compile(r"\bno máximo\b|\b(?:apenas|somente|só) (?:uma|um)\b", re.IGNORECASE)
"""A limit of one ("no máximo, por uma … e uma …", "apenas uma de suas opções"): a yes/no
question that names two or more of the thing gets no plain "Sim" (`verdict.verdict`), while
"posso me inscrever em 2 opções de curso?" of "em até 2 (duas) opções" is a "Sim"."""


KIND_PATTERNS = {"date": DATE, "time": TIME, "money": MONEY, "percent": PERCENT}
KIND_UNIT_SHARE = 0.45
"""For `kind_said`: the sentence with the date/time/year/amount must say at least half of the
question's concepts (weighted) — "qual o horário do 0800?" is not answered by "até as 23 horas
… horário oficial de Brasília" in an item about the inscriptions."""


def states_kind(query: Query, text: str) -> bool:
    """Whether one sentence holds the kind of answer the question asks: a year, an amount of
    money, or what `KIND_PATTERNS` finds for its kind (a date, a time, ...)."""
    if query.kind == "year":
        return bool(years(text))
    if query.kind == "money":
        return money_in(query, text)
    pattern = KIND_PATTERNS.get(query.kind)
    return pattern is not None and pattern.search(text) is not None


def kind_said(query: Query, weights: Sequence[Weighted], chunk: Chunk) -> bool:
    """Whether the passage says the kind of answer asked *about the question's subject*: one of
    its sentences holds the date (time, year, amount) and says `KIND_UNIT_SHARE` of the
    question's concepts; a count keeps `has_kind` (the number next to the thing counted)."""
    if query.kind == "count":
        return has_kind(query, chunk)
    p = profile(chunk)
    for text, found in zip(p.unit_texts, p.unit_stems, strict=True):
        if states_kind(query, text) and share(query, weights, found) >= KIND_UNIT_SHARE:
            return True
    return False


@dataclass(frozen=True, slots=True)
class Weighted:
    """A concept of the question and its weight: the idf of the concept (the chunks that say it
    in any of its ways), or `rank.UNKNOWN_WEIGHT` when no chunk does (see `rank.weigh`)."""

    concept_index: int
    weight: float
    known: bool
    """Some alternative occurs somewhere in the searched chunks."""


def share(query: Query, weights: Sequence[Weighted], found: frozenset[str]) -> float:
    """IDF-weighted share of the question's *known* concepts said in `found` (a stem set)."""
    total = said = 0.0
    for w in weights:
        if w.known:
            total += w.weight
            if query.concepts[w.concept_index].found_in(found):
                said += w.weight
    return said / total if total else 0.0


def bm25(
    query: Query, weights: Sequence[Weighted], p: Profile, idf: dict[str, float], avg: float
) -> float:
    """BM25 with one term per concept (its best alternative stem), so a synonym group is not
    counted three times; heading words count `HEADING_TF` times; numbers `NUMBER_SHARE`."""
    norm = BM25_K1 * (1 - BM25_B + BM25_B * p.length / max(avg, 1.0))
    total = 0.0
    for w in weights:
        if not w.known:
            continue
        concept = query.concepts[w.concept_index]
        best = 0.0
        for term in concept.stems:
            tf = p.body.get(term, 0) + HEADING_TF * p.heading.get(term, 0)
            if tf:
                best = max(best, idf.get(term, 0.0) * tf * (BM25_K1 + 1) / (tf + norm))
        total += (NUMBER_SHARE if concept.numeric else 1.0) * best
    return total


@lru_cache(maxsize=1024)
def question_bigrams(normalized: str) -> frozenset[tuple[str, str]]:
    return frozenset(itertools.pairwise(stems(normalized)))


@lru_cache(maxsize=1024)
def defined_term(normalized: str) -> str | None:
    """The term "o que é X?" asks about ("sisprouni"), as typed."""
    pattern = r"\b(?:o que|que) (?:é|e|são|significa) (?:o |a |os |as )?(\w[\w-]*)"
    match = re.search(pattern, normalized)
    return match.group(1).lower() if match else None


def defines(term: str, text: str) -> bool:
    """Whether `text` spells out `term`: "Sistema Informatizado do Prouni – Sisprouni",
    "(CPF)", "considera-se nota de corte…"."""
    t = re.escape(term)
    pattern = rf"[–-] {t}\b|\({t}\)|\b(?:considera-se|entende-se) {t}\b"
    return re.search(pattern, text, re.IGNORECASE) is not None


@dataclass(frozen=True, slots=True)
class Context:
    """What the features of one question need besides the passages: its concept weights and the
    statistics of the collection searched."""

    query: Query
    weights: tuple[Weighted, ...]
    idf: dict[str, float]
    avg_length: float
    pointed: dict[tuple[str, int], frozenset[str]] = field(default_factory=dict)
    """(document, ordinal) → stems of the texts the chunk points at (`rank.CorpusStats`)."""
    asked: dict[tuple[str, int], float] = field(default_factory=dict)
    """(document, ordinal) → similarity of the chunk's closest student question to this one
    (`student_questions`; absent: the chunk has none, or none shares a term)."""


def topic_index(query: Query, weights: Sequence[Weighted]) -> int | None:
    """The question's first known concept that is not a number (its subject, usually), in the
    part that asks when it has one: "*já entreguei a documentação*, até quando eles confirmam a
    bolsa?" is not about the documents."""
    subjects = [w for w in weights if w.known and not query.concepts[w.concept_index].numeric]
    asked = [w for w in subjects if not set(query.concepts[w.concept_index].origin) <= query.told]
    first = (asked or subjects)[:1]
    return first[0].concept_index if first else None


def rarest_index(weights: Sequence[Weighted]) -> int | None:
    """The question's known concept with the largest weight."""
    known = [w for w in weights if w.known]
    return max(known, key=lambda w: w.weight).concept_index if known else None


FORMS = ("who", "where", "todo", "define", "amount", "list", "enum", "how", "eligible")
"""Question forms that say what kind of statement answers them (`form_ok`)."""


def form_satisfied(form: str, p: Profile, chunk: Chunk, term: str | None) -> bool:
    """Whether the passage makes the kind of statement the question's `form` asks for."""
    if form == "who":
        return "resp" in p.cues or "only" in p.cues
    if form == "where":
        return "web" in p.cues
    if form == "todo":
        return "todo" in p.cues
    if form == "define":
        return term is not None and defines(term, chunk.text)
    if form == "amount":
        return SHARE.search(chunk.text) is not None
    if form == "list":
        return p.listing
    if form == "how":
        return "oblig" in p.cues or "means" in p.cues
    if form == "eligible":
        return "eligible" in p.cues
    return "enum" in p.cues  # "enum"


def key(chunk: Chunk) -> tuple[str, int]:
    return chunk.document, chunk.ordinal


def vectors(ctx: Context, chunks: Sequence[Chunk]) -> list[tuple[float, ...]]:
    """The feature vectors (`FEATURES` order) of `chunks` for the question of `ctx`."""
    query, weights = ctx.query, ctx.weights
    profiles = [profile(c) for c in chunks]
    scores = [bm25(query, weights, p, ctx.idf, ctx.avg_length) for p in profiles]
    best = max(scores, default=0.0) or 1.0
    order = sorted(range(len(chunks)), key=lambda i: (-scores[i], i))
    rank = {i: r for r, i in enumerate(order, 1)}
    asks = query.asks
    pairs = question_bigrams(query.normalized)
    topic = topic_index(query, weights)
    rarest = rarest_index(weights)
    term = defined_term(query.normalized.lower()) if "define" in asks else None
    phrases = [w for w in weights if len(query.concepts[w.concept_index].origin) > 1]
    forms = [f for f in FORMS if f in asks]
    kind = query.kind != "other"
    question_stems = frozenset(query.stems)
    asked = [ctx.asked.get(key(c), 0.0) for c in chunks]
    best_asked = max(asked, default=0.0)
    out: list[tuple[float, ...]] = []
    for i, (chunk, p) in enumerate(zip(chunks, profiles, strict=True)):
        kind_ok = kind and has_kind(query, chunk)
        met = [form_satisfied(f, p, chunk, term) for f in forms]
        head = p.last_heading
        out.append(
            (
                scores[i] / best,
                1.0 / rank[i],
                share(query, weights, p.all_stems),
                share(query, weights, p.heading_stems),
                max((share(query, weights, u) for u in p.unit_stems), default=0.0),
                share(query, phrases, p.all_stems) if phrases else 0.0,
                len(head & question_stems) / len(head) if head else 0.0,
                len(pairs & p.bigrams) / len(pairs) if pairs else 0.0,
                float(topic is not None and query.concepts[topic].found_in(p.all_stems)),
                float(rarest is not None and query.concepts[rarest].found_in(p.all_stems)),
                float(kind_ok),
                float(kind and not kind_ok),
                float(any(met)),
                float(bool(met) and not any(met)),
                float("list" not in asks and p.listing),
                float("yesno" in asks and "modal" in p.cues),
                float("enum" in asks and "enum" in p.cues),
                p.depth / 4,
                float(p.front),
                math.log(1 + p.length) / 6,
                share(query, weights, p.all_stems | ctx.pointed.get(key(chunk), frozenset())),
                float(kind_ok and kind_said(query, weights, chunk)),
                asked[i],
                asked[i] / best_asked if best_asked else 0.0,
            )
        )
    return out


__all__ = [
    "DATE",
    "FEATURES",
    "MONEY",
    "NUMBER",
    "PERCENT",
    "SHARE",
    "TIME",
    "Context",
    "Profile",
    "Weighted",
    "bm25",
    "defined_term",
    "form_satisfied",
    "has_kind",
    "kind_said",
    "profile",
    "share",
    "text_has_kind",
    "vectors",
]
