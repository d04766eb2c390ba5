"""Answers from the editais a student can check: the passage that states the fact, its item and
page, or an honest "não encontrei".

    answer = await answer_edital(index, "qual a nota mínima do enem pro prouni?")
    answer.text        # 'Segundo o Edital Prouni 2026, item 1.2, p. 1: “… 450 …”'
    answer.citations   # [Citation("Edital Prouni 2026", "1.2", 1)]
    answer.found       # False → "Não encontrei isso nos editais de 2026…" + where to look
    answer.excerpts    # the top passages (item + page), what a hosted model gets as tool output

Offline nothing may be invented, so the answer is *extractive*. The ranker (`rank.py`) orders
the candidates of the program(s) searched; the answer quotes the first (`quote.py`: short items
whole, long ones cut to the units that say what was asked), and a second item of the same
program when the ranker is not much surer of the first (`SECOND_RATIO`), when the second says
what the first does not (`SECOND_ADDS_RATIO`), or when it is the first one's parent or
sub-item (a rule and its exception: "1.4 … 1.4.1 os limites de renda não se aplicam…"). The
item the first one points at ("a ordem de critérios estabelecida no subitem 3.3"), or one that
points at it, is quoted too when it says what the first does not (`followed`, `xref.py`).

**Kinds of answer.**
- A **documents** question ("quais documentos…", "o que preciso levar", "qual comprovante…")
  is answered with the documentation *list* itself — the heading the question names
  ("Comprovantes de residência", "Aposentados e pensionistas"), or, for a generic question,
  every top-level list and the names of the lists by activity — cited by its heading
  (`documents.py`).
- "When was the edital published / what is its date" is answered from the edital's own header
  (its number and date) and the item that says when it takes effect (`publication.py`).
- Anything else: the best item, as above.

**Program.** A question naming Sisu or Prouni (or Sisprouni) is answered from that program's
documents only; one pointing at a program without naming it ("numa federal", "bolsa numa
faculdade particular") likewise; otherwise the caller's `program` (the conversation's) decides;
with neither, both programs are searched and the answer says which text is whose ("No Sisu: …
No Prouni: …"), or keeps only the one the ranker is clearly surer of (`PROGRAM_MARGIN`).

**Answer type first.** For a question whose answer is a date, a time, a year, a number, an
amount, a share, an address or a definition, the first of the ranker's three best passages
that holds one (said about the question's subject, `features.kind_said`) is quoted first.

**Not found** (`notfound.py`): when the best passage does not say the question's concepts, or
the question's words that no passage has at all ("FIES", "quilombola") outweigh what it says,
or such a word is the question's subject ("revisão", "idade", "isenção"), or a "quando / que
horas / quantos / quanto custa" finds no date, time, number or amount said about the
question's subject ("o horário do 0800": the number is in one item, a time in another), the
answer is "Não encontrei isso nos editais de 2026", where to look (the program's page on
acessounico.mec.gov.br, the institution) and the nearest item, so the student can check it.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace
from datetime import date

from babel.dates import format_date

from switchboard.knowledge.analysis import fold, stems
from switchboard.knowledge.aside import ASKING, SENTENCE
from switchboard.knowledge.calendar import DateEntry
from switchboard.knowledge.chunk import Chunk
from switchboard.knowledge.cite import (
    Citation,
    EditalAnswer,
    Excerpt,
    Program,
    citation_of,
    excerpt_of,
    program_of,
)
from switchboard.knowledge.documents import list_answer
from switchboard.knowledge.features import (
    Weighted,
    defined_term,
    form_satisfied,
    profile,
    text_has_kind,
    years,
)
from switchboard.knowledge.index import KnowledgeIndex
from switchboard.knowledge.lexicon import lexicon
from switchboard.knowledge.notfound import (
    KIND_WORDS,
    Evidence,
    asked_years,
    both_unstated,
    evidence,
    is_strong,
    vouched,
)
from switchboard.knowledge.publication import (
    asks_program,
    asks_publication,
    program_answer,
    publication_answer,
)
from switchboard.knowledge.query import Query, analyse
from switchboard.knowledge.quote import ORDER_ASKED
from switchboard.knowledge.rank import CorpusStats, Ranked, Ranker, rank, weigh
from switchboard.knowledge.schooling import fitting
from switchboard.knowledge.schooling import statement as situation_statement
from switchboard.knowledge.sentences import units
from switchboard.knowledge.student_questions import QuestionMatch
from switchboard.knowledge.verdict import excludes_told, with_verdict
from switchboard.knowledge.wage_limits import statement as wage_statement
from switchboard.knowledge.xref import Resolver

PROGRAMS: tuple[Program, ...] = ("sisu", "prouni")
PROGRAM_NAMES: dict[Program, str] = {"sisu": "Sisu", "prouni": "Prouni"}

PROGRAM_MARGIN = 0.5
"""With no program named, keep only one program's answer when the ranker's logit for its best
passage beats the other program's best by more than this. Chosen on the 52 dev questions that
name no program and that both programs answer (`bench/knowledge/tune_program_margin.py`: the
program kept, or the router's guess when both are, is the gold document's in 47 at 0.5, 45 at
1.0, the value set by hand before the ranker was retrained; 10-fold CV 46.0)."""
SECOND_RATIO = 0.2
"""A second item of the same program is quoted too ("Veja também") when the ranker gives it at
least this share of the first one's probability, or it is the first one's parent or sub-item…"""
SECOND_ADDS_RATIO = 0.05
"""… or it says a concept of the question the first does not and has at least this share (both
chosen on dev by cross-validated answer accuracy against the number of items quoted,
bench/knowledge/RESULTS.md)."""
EXCERPTS = 4
"""Passages handed to a hosted model as tool output."""
K = 8
"""Passages ranked per program (the answer reads the first few; `excerpts` the first
`EXCERPTS`)."""

NOT_FOUND = "Não encontrei isso nos editais de 2026"
"""The pt-BR opening of an answer the editais do not support: the assistant says so instead of
guessing."""
WHERE_TO_LOOK = {
    "sisu": "https://acessounico.mec.gov.br/sisu",
    "prouni": "https://acessounico.mec.gov.br/prouni",
}


COMPARED = re.compile(
    r"\b(?:igual|como|que nem|feito|tipo|assim como)\s+(?:(?:a|o|ao|no|na|do|da)\s+)?"
    r"(sisu|prouni)\b"
)
"""A program named only as a comparison ("o sisu tem bolsa parcial *igual o prouni*?", "tem
lista de espera *como no sisu*?"): the question is about the other one."""


def compared(query: Query) -> frozenset[str]:
    """The programs the question names only to compare with the one it asks about."""
    if len(query.named) < 2:
        return frozenset()
    folded = fold(query.normalized)
    found = {m.group(1) for m in COMPARED.finditer(folded)}
    asked = {p for p in query.named if p not in found or folded.count(p) > 1}
    return frozenset(found) if asked else frozenset()


def programs_for(query: Query, program: Program | None) -> tuple[Program, ...]:
    """Which programs to search (see the module docstring)."""
    for found in (query.named - compared(query), query.cued):
        chosen = tuple(p for p in PROGRAMS if p in found)
        if chosen:
            return chosen
    return (program,) if program else PROGRAMS


@dataclass(frozen=True, slots=True)
class Search:
    """One program's ranked passages for the question."""

    query: Query
    program: Program
    ranked: list[Ranked]
    stats: CorpusStats
    weights: list[Weighted]


TYPED_FORMS = ("amount", "where", "define")
"""Question forms whose answer is a concrete thing a passage either has or not (a number or a
share, an address, a definition), like the kinds (a date, a count, an amount of money)."""
TYPE_WINDOW = 3
"""The answer type is looked for among the ranker's first three passages…"""
TYPE_COVERAGE = 0.4
"""… in a passage that says at least this share of what the first one says of the question: a
"free" in an item about another fee does not answer "quanto é o salário mínimo?"."""


def typed(query: Query, r: Ranked) -> bool | None:
    """Whether the passage has the type of answer asked; None when no type was asked."""
    if query.kind != "other":
        return r.kind_match
    forms = [f for f in TYPED_FORMS if f in query.asks]
    if not forms:
        return None
    p = profile(r.hit.chunk)
    term = defined_term(query.normalized.lower()) if "define" in forms else None
    return any(form_satisfied(f, p, r.hit.chunk, term) for f in forms)


ENEM_YEAR = re.compile(r"\benem\b.*\b20[12]\d\b|\b20[12]\d\b.*\benem\b")
"""A question about the Enem of a given year ("fiz o enem de 2022, serve pro sisu?") asks which
editions count: the rule that lists them ("2023, 2024 ou 2025") answers it."""


EDITION_COVERAGE = 0.3
"""The editions item must say this share of what the first passage says ("fiz o enem de
2022, serve?": the student's year and "serve" are not in it, "Enem" is)."""


def asks_edition(query: Query) -> bool:
    return query.kind == "other" and ENEM_YEAR.search(fold(query.normalized)) is not None


def editions(r: Ranked) -> int:
    """How many recent Enem editions (2015–2025) a passage names (not its laws' years)."""
    return sum(1 for y in years(r.hit.chunk.text) if "2015" <= y <= "2025")


def years_outside(query: Query, rule: Ranked) -> bool:
    """Whether an Enem year the question names is not among the editions `rule` lists: "fiz o
    enem de 2021, serve?" is answered by the list ("2023, 2024 ou 2025"), whatever passage a
    student question vouches for (`notfound.vouched`)."""
    return bool(asked_years(query) - years(rule.hit.chunk.text))


def answer_type_first(query: Query, ranked: list[Ranked]) -> list[Ranked]:
    """The ranked passages with the first one of the asked type (a date for "quando…?", a share
    for "quanto disso conta…?", an address for "onde…?", the editions that count for "o enem de
    2022 serve?") moved to the front when the ranker's first choice lacks it: classic
    answer-type filtering, limited to the first `TYPE_WINDOW`."""
    if ranked and asks_edition(query) and editions(ranked[0]) < 2:
        floor = EDITION_COVERAGE * ranked[0].coverage
        for i, r in enumerate(ranked):  # the rule may rank low: its words are common ones
            if editions(r) >= 2 and r.coverage >= floor:
                if vouched(ranked[0]) and not years_outside(query, r):
                    break  # the years asked count: what the vouched passage says is the answer
                return [r, *ranked[:i], *ranked[i + 1 :]]
    if not ranked or typed(query, ranked[0]) is not False:
        return ranked
    floor = TYPE_COVERAGE * ranked[0].coverage
    for i, r in enumerate(ranked[:TYPE_WINDOW]):
        if typed(query, r) and r.coverage >= floor:
            return [r, *ranked[:i], *ranked[i + 1 :]]
    return ranked


BOTH_WINDOW = 5
"""For a question about two things at once, the passage that rules on it is looked for among
the ranker's first five."""


def both_ruled_first(query: Query, ranked: list[Ranked]) -> list[Ranked]:
    """For a question about holding or doing two things at once ("fico com as duas vagas?"),
    the first of the ranker's `BOTH_WINDOW` passages that rules on it ("será selecionado em
    apenas uma de suas opções", `notfound.both_unstated`) moved to the front, when it says at
    least `TYPE_COVERAGE` of what the first says. Otherwise the first stays, and the evidence
    says the editais do not rule on it."""
    if not ranked or not both_unstated(query, ranked[0].hit.chunk.text):
        return ranked
    floor = TYPE_COVERAGE * ranked[0].coverage
    for i, r in enumerate(ranked[:BOTH_WINDOW]):
        if not both_unstated(query, r.hit.chunk.text) and r.coverage >= floor:
            return [r, *ranked[:i], *ranked[i + 1 :]]
    return ranked


def states_eligibility(r: Ranked) -> bool:
    """The passage says who may take part in the selection (`features.CUES["eligible"]`)."""
    return "eligible" in profile(r.hit.chunk).cues


def eligibility_first(query: Query, ranked: list[Ranked], k: int) -> list[Ranked]:
    """For "quem pode fazer o prouni?", "quais os requisitos?" or "…, posso fazer o prouni?"
    (`query.ELIGIBLE`), the passages that say who may take part ("somente poderá se inscrever
    … o CANDIDATO que…", the conditions, the income requirements) first, the one that says most
    of the question first (the student's situation picks it: "estudei em particular com bolsa
    integral" is 1.3's, "a família ganha 2 salários" 1.4's; ties in the ranker's order), then
    the rest; the best `k`. When the student tells something ("quem fez supletivo pode usar o
    sisu?"), only a rule that says some of it comes first: the Enem editions that count do not
    answer the supletivo. A passage that merely names the requirements ("compete
    ao CANDIDATO certificar-se de que cumpre os requisitos") or a responsibility ("compete ao
    CANDIDATO a guarda da senha") never comes before the rules themselves."""
    if "eligible" not in query.asks:
        return ranked[:k]
    told = [c for c in query.concepts[1:] if not c.numeric]  # [0] is the eligibility concept

    def answers(r: Ranked) -> bool:
        stems = profile(r.hit.chunk).all_stems
        return states_eligibility(r) and (not told or any(c.found_in(stems) for c in told))

    rules = sorted((r for r in ranked if answers(r)), key=lambda r: -r.coverage)
    return [*rules, *(r for r in ranked if r not in rules)][:k]


ELIGIBILITY_QUOTED = 3
"""At most this many eligibility rules are quoted for "quem pode fazer o prouni?"."""


def bare_eligibility(query: Query) -> bool:
    """An eligibility question that says nothing of the student ("quem pode fazer o prouni?",
    "quais os requisitos?"): every rule answers it, not the one the ranker prefers."""
    return "eligible" in query.asks and len(query.concepts) == 1


async def search(
    index: KnowledgeIndex, query: Query, program: Program, k: int, ranker: Ranker | None
) -> Search:
    hits, stats, _ = await index.candidates(query, collection=program)
    whole = len(hits) if "eligible" in query.asks else k  # the rules may rank low
    ranked = eligibility_first(query, rank(query, hits, stats, whole, ranker), k)
    ranked = said_first(both_ruled_first(query, answer_type_first(query, ranked)))
    return Search(query, program, ranked, stats, weigh(query, stats))


SAID_WINDOW = 3
"""How far down a passage that says the question may be to replace a first one that says none."""
SAID_FLOOR = 0.5
"""The share of the question's known concepts such a passage must say."""
SAID_LOW = 0.2
"""A first passage saying less than this share of the question says next to none of it (the
ranker's pick for "ficou todo mundo empatado na última vaga, como decidem?" was 1.2.1.1, the
second semester's vagas, 0.11 of it; the tie rule 3.4 says 0.54)."""


def said_first(ranked: list[Ranked]) -> list[Ranked]:
    """A first passage that says (next to) none of the question's concepts (`SAID_LOW`; the
    ranker read the
    students' questions of a passage about the same frame: "quem … pode … o sisu?" → 1.4) gives
    way to the passage among the next ones that says most of them (`SAID_WINDOW`,
    `SAID_FLOOR`): "quem fez supletivo pode se matricular pelo sisu?" is the documentation's
    Encceja certificate, not the Enem editions that count."""
    if not ranked or ranked[0].coverage >= SAID_LOW:
        return ranked
    best = max(ranked[1:SAID_WINDOW], key=lambda r: r.coverage, default=None)
    if best is None or best.coverage < SAID_FLOOR:
        return ranked
    return [best, *(r for r in ranked if r is not best)]


FACT_MIN = 0.3
"""A student question of the quoted passage this close to the question (`student_questions`)
asks the same thing: the unit holding its fact is the one quoted and cited (`quote.FACT_BONUS`)."""


def asked_fact(found: Search, chunk: Chunk) -> str | None:
    """The fact (verbatim span of `chunk`) of the chunk's student question closest to the
    question, when it is at least `FACT_MIN` close; None otherwise."""
    matcher = found.stats.asked
    if matcher is None:
        return None
    match = matcher.match(found.query.text, found.query.asking).get((chunk.document, chunk.ordinal))
    if match is None or match.similarity < FACT_MIN or match.asked.fact not in chunk.text:
        return None
    return match.asked.fact or None


def related(a: Chunk, b: Chunk) -> bool:
    """One item is the other's parent or sub-item (a rule and its detail or exception)."""
    if a.document != b.document or a.item is None or b.item is None:
        return False
    return a.item.startswith(b.item + ".") or b.item.startswith(a.item + ".")


def chosen_passages(found: Search, resolver: Resolver | None = None) -> list[Chunk]:
    """The first passage, the item it points at when that says what the first does not
    (`followed`), and a second one worth quoting with it (see `SECOND_RATIO`)."""
    ranked = found.ranked
    if not ranked:
        return []
    if bare_eligibility(found.query):
        rules = [r.hit.chunk for r in ranked if states_eligibility(r)][:ELIGIBILITY_QUOTED]
        if rules:  # every rule, in the edital's order: the Enem, the school, the income
            return sorted(rules, key=lambda c: c.ordinal)
    first = ranked[0]
    out = [first.hit.chunk]
    target = followed(found, first.hit.chunk, resolver) if resolver is not None else None
    if target is not None:
        out.append(target)
    if len(ranked) > 1:
        second = ranked[1]
        ratio = second.probability / first.probability if first.probability else 0.0
        adds = complements(found, first, second)
        if second.hit.chunk not in out and (
            ratio >= SECOND_RATIO
            or related(first.hit.chunk, second.hit.chunk)
            or (adds and ratio >= SECOND_ADDS_RATIO)
        ):
            out.append(second.hit.chunk)
    for r in ranked[1:LEFT_OUT_WINDOW]:  # the rule that leaves the student's told case out
        if r.hit.chunk not in out and excludes_told(found.query, fold(r.hit.chunk.text)):
            out.append(r.hit.chunk)
            break
    return specific_first(found, out)


LEFT_OUT_WINDOW = 3
"""A passage among the ranker's first three that leaves out the case the student tells of
themselves ("fiz o enem 2024 como *treineiro*…, qual nota o sisu vai pegar?": 1.4.2
"desconsiderando aquelas em que o CANDIDATO tenha participado como treineiro",
`verdict.excludes_told`) is quoted too, whatever the ranker's first says: it decides which
notes count for that student."""


NUMBER = re.compile(r"\d+")


def lists_years_asked(query: Query, parent: Chunk, sub: Chunk) -> bool:
    """The parent lists the Enem editions that count and the question names a year the sub-item
    does not say: "fiz o enem de 2022, serve?" is answered by "2023, 2024 ou 2025" (1.4), not
    by the conditions on those editions (1.4.1)."""
    asked = asked_years(query)
    return (
        bool(asked)
        and sum(1 for y in years(parent.text) if "2015" <= y <= "2025") >= 2
        and not asked <= years(sub.text)
    )


EXCEPTION = re.compile(
    r"\bnao se aplica(?:m|ra|rao)?\b|\bexceto\b|\bsalvo\b|\bressalvad\w*|\bcom excecao\b"
    r"|\bexcepcionalmente\b|\bdispensad[oa]s?\b"
)
"""A sub-item that is its parent's exception ("Os limites de renda de que trata o subitem 1.4
não se aplicam aos CANDIDATOS referidos no subitem 1.3, inciso III"): it leads the answer only
when it says more of the question than the rule (the student told the exception's case), else
the rule is quoted first and the exception after it."""


def specific_first(found: Search, chosen: list[Chunk]) -> list[Chunk]:
    """`chosen` with a quoted sub-item of the first passage put first when it says at least as
    much of the question as its parent: the fact is in "1.10.1 … não constitui garantia", not
    in "1.10 O Sisu disponibilizará … a nota de corte", and the most specific item is the one
    to cite."""
    parent = chosen[0] if chosen else None
    if parent is None or parent.item is None or len(chosen) < 2:
        return chosen
    prefix = parent.item + "."
    concepts = [(found.query.concepts[w.concept_index], w.weight) for w in found.weights if w.known]

    def says(chunk: Chunk) -> float:
        there = profile(chunk).all_stems
        return sum(w for c, w in concepts if c.found_in(there))

    own = says(parent)
    query = found.query
    subs = [
        c
        for c in chosen[1:]
        if c.item
        and c.item.startswith(prefix)
        # a date, a year, a number asked or named ("o enem de 2023 serve?"): the parent that
        # holds it stays first
        and (
            query.kind == "other"
            or text_has_kind(query, c.text)
            or not text_has_kind(query, parent.text)
        )
        and not any(n in parent.text and n not in c.text for n in NUMBER.findall(query.text))
        and not lists_years_asked(query, parent, c)
        # "…, posso fazer o prouni?": the rule, not its exception ("1.3.1 O CANDIDATO que
        # atenda somente à condição… poderá se inscrever apenas…")
        and not ("eligible" in query.asks and "eligible" in profile(parent).cues)
    ]
    best = max(subs, key=lambda c: (says(c), (c.item or "").count(".")), default=None)
    if best is None or not says(best) >= own > 0:
        return chosen
    if EXCEPTION.search(fold(best.text)) and not says(best) > own:
        return chosen  # the rule leads, its exception after ("qual a renda máxima?": 1.4, 1.4.1)
    return [best, *(c for c in chosen if c is not best)]


def followed(found: Search, first: Chunk, resolver: Resolver) -> Chunk | None:
    """The item `first` points at ("…a ordem de critérios estabelecida no subitem 3.3"), or an
    item that points at `first` (its exception: "os limites de renda de que trata o subitem 1.4
    não se aplicam…"), whose text says most of the question's concepts `first` does not say —
    or holds the date, number or amount asked when `first` has none (`xref`). A pointer of
    `first` is followed too when the text it points at says as much of the question as `first`
    (the rule is stated there). None when no pointer adds anything."""
    query = found.query
    said = profile(first).all_stems
    concepts = [(query.concepts[w.concept_index], w.weight) for w in found.weights if w.known]
    kind_missing = query.kind != "other" and not text_has_kind(query, first.text)
    own = sum(w for c, w in concepts if c.found_in(said))
    options = [(t, text, True) for t, text in resolver.referenced(first)]
    options += [(t, t.text, False) for t in resolver.pointing_at(first)]
    best: Chunk | None = None
    gain = 0.0
    for target, text, forward in options:
        if target == first:
            continue
        there = frozenset(stems(text)) | profile(target).heading_stems
        adds = sum(w for c, w in concepts if c.found_in(there) and not c.found_in(said))
        if kind_missing and text_has_kind(query, text):
            adds += max((w for _, w in concepts), default=0.0)
        if not adds and forward and own:
            says = sum(w for c, w in concepts if c.found_in(there))
            adds = FOLLOW_EPSILON if says >= own else 0.0
        elif not adds and not forward and own and "how" in query.asks:
            # "como decidem?" of 3.4 ("o desempate ocorrerá no momento da matrícula"): the item
            # that takes up its case says how ("4.4 Nos casos … do subitem 3.4, o desempate
            # ocorrerá por meio da comprovação da renda")
            says = sum(w for c, w in concepts if c.found_in(there))
            adds = FOLLOW_EPSILON if says >= HOW_SHARE * own else 0.0
        if adds > gain:
            best, gain = target, adds
    return best


FOLLOW_EPSILON = 1e-6
"""The gain of a pointer followed only because the text it points at says as much as `first`."""
HOW_SHARE = 0.5
"""For a "como…?" question, an item that takes up the first one's case (points at it) is
followed when it says at least this share of what the first says of the question."""


def complements(found: Search, first: Ranked, second: Ranked) -> bool:
    """The second passage says a concept of the question the first does not."""
    a = profile(first.hit.chunk).all_stems
    b = profile(second.hit.chunk).all_stems
    concepts = [found.query.concepts[w.concept_index] for w in found.weights if w.known]
    return any(c.found_in(b) and not c.found_in(a) for c in concepts)


COMPUTATION_ASKED = re.compile(
    r"\b(?:calculam|calcula|calculad[oa]s?|calcular|calculo)\b(?<!\bem calculo)"
    r"|\bfe(?:ita|ito|zem|z|ito) (?:a |o )?(?:conta|calculo)\b"
    r"|\bquanto (?:disso |desse valor |dessa renda |do valor |dele |dela )?"
    r"(?:conta|contam|vira|viram|entra|entram|e considerad[oa])\b"
)
"""A question about how an amount is worked out ("como calculam a renda do aluguel?", "com o
extrato do FGTS como é feita a conta?", "quanto disso vira renda?")…"""
COMPUTES = re.compile(
    r"\bmedia (?:aritmetica|mensal)\b|\bdividid[oa]s? por\b|\bmultiplicando\b"
    r"|\bpor cento\b|\bcorrespondera\b|\bsomad[oa]s?\b|\bsomatorio\b"
)
"""… is answered by the sub-item that states the computation (an average, a division, a
share: "A renda mensal corresponderá a trinta por cento do valor médio mensal das vendas"),
not by its sibling that says only which document proves the income."""
COMPUTATION_WINDOW = 3
"""The siblings of the ranker's first this-many numbered items are looked at."""


def asks_computation(query: Query) -> bool:
    return COMPUTATION_ASKED.search(fold(query.normalized)) is not None


def computation_first(found: Search, chosen: list[Chunk], passages: Sequence[Chunk]) -> list[Chunk]:
    """For a question about how an amount is worked out (`COMPUTATION_ASKED`) whose first
    quoted passage states no computation, the sub-items that do (`COMPUTES`), siblings of one
    of the ranker's first numbered items (same parent: "2.5.1 Os aluguéis … são considerados
    renda" → "2.5.3 A renda mensal é estabelecida pela média aritmética…"), quoted first, in
    the document's order, then the first passage chosen."""
    if not chosen or COMPUTES.search(fold(chosen[0].text)):
        return chosen
    numbered = [r.hit.chunk for r in found.ranked if r.hit.chunk.item and "." in r.hit.chunk.item]
    for anchor in numbered[:COMPUTATION_WINDOW]:
        parent, depth = (anchor.item or "").rsplit(".", 1)[0], (anchor.item or "").count(".")
        siblings = [
            p
            for p in passages
            if p.document == anchor.document
            and p.item
            and p.item.count(".") == depth
            and p.item.rsplit(".", 1)[0] == parent
            and COMPUTES.search(fold(p.text))
        ]
        if siblings:
            ordered = sorted(siblings, key=lambda c: c.ordinal)
            return [*ordered, *(c for c in chosen[:1] if c not in ordered)]
    return chosen


SITUATION_WINDOW = 3
"""How far down the ranking a rule whose alternatives the told situation fits may be."""


def situation_first(query: Query, chosen: list[Chunk], ranked: Sequence[Ranked]) -> list[Chunk]:
    """For a yes/no or eligibility question that tells the student's situation ("o prouni
    aceita quem estudou em particular com bolsa parcial?", "…sem bolsa, fico de fora?"), the
    passage among the ranker's first `SITUATION_WINDOW` that lists alternatives
    each of which suffices and one of which the situation fits (`schooling.fitting`: Prouni 1.3)
    leads: it is the rule that answers whether the student may take part, and its statement
    ("Sim: pelo item 1.3…") comes first. The order of priority (3.3.1) that shares the same
    words says how candidates are ranked, not who is let in, so it follows."""
    if not ({"yesno", "eligible"} & query.asks) or not chosen:
        return chosen
    if ORDER_ASKED.search(fold(query.normalized)):
        return chosen  # "tenho prioridade…?", "quem vem na frente…?" asks the order itself
    # the ranker's first few, not an item the first merely points at: "os limites de renda se
    # aplicam a professor?" is 1.4.1's, though the teacher fits 1.3's inciso III it points at
    pool = [r.hit.chunk for r in ranked[:SITUATION_WINDOW]]
    fits = next((c for c in pool if fitting(query, units(c.text))), None)
    if fits is None or fits is chosen[0]:
        return chosen
    return [fits, *(c for c in chosen if c is not fits)]


def told_elsewhere(query: Query, chosen: list[Chunk], passages: Sequence[Chunk]) -> list[Chunk]:
    """For an eligibility question that tells the student's case ("quem fez *supletivo* pode
    usar o sisu?"), when no quoted rule says the case, the first passage of the program that
    does (the Sisu's documentation accepts the Encceja certificate at enrolment) is quoted
    after the rules: the rules say who may enrol, that passage says what the case changes."""
    generic = lexicon().generic
    told = [
        c
        for c in query.concepts[1:]  # [0] is the eligibility concept
        if not c.numeric and not set(c.origin) <= generic and not set(c.origin) <= query.aside
    ]
    if not told or not chosen:
        return chosen
    unsaid = [c for c in told if not any(c.found_in(profile(x).all_stems) for x in chosen)]
    if not unsaid:
        return chosen
    says = next(
        (p for p in passages if all(c.found_in(profile(p).all_stems) for c in unsaid)), None
    )
    return chosen if says is None or says in chosen else [*chosen, says]


def render(parts: Sequence[tuple[Program, list[Excerpt]]], labelled: bool) -> str:
    blocks = []
    for program, excerpts in parts:
        lead = f"No {PROGRAM_NAMES[program]} — " if labelled else ""
        first, *rest = excerpts
        lines = [f"{lead}Segundo {first.quoted}"]
        lines += [f"Veja também {ex.quoted}" for ex in rest]
        blocks.append("\n\n".join(lines))
    return "\n\n".join(blocks)


def render_not_found(programs: Sequence[Program], nearest: Excerpt | None) -> str:
    names = " e do ".join(PROGRAM_NAMES[p] for p in programs)
    pages = " ou ".join(WHERE_TO_LOOK[p] for p in programs)
    text = (
        f"{NOT_FOUND} do {names}. Confira na página oficial ({pages}) ou diretamente com a "
        f"instituição de ensino."
    )
    if nearest is not None:
        short = nearest.text if len(nearest.text) <= 220 else nearest.text[:217].rstrip() + "…"
        text += f" O trecho mais próximo que encontrei ({nearest.citation.label}) diz: “{short}”"
    return text


def keep_programs(query: Query, found: list[Evidence]) -> list[Evidence]:
    """Both programs' answers, or only the one the ranker is clearly surer of."""
    if len(found) == 2 and not query.named:
        a, b = found
        if abs(a.best_score - b.best_score) > PROGRAM_MARGIN:
            return [a if a.best_score > b.best_score else b]
    return found


async def weigh_evidence(
    index: KnowledgeIndex,
    query: Query,
    chosen: Sequence[Program],
    k: int = K,
    ranker: Ranker | None = None,
) -> tuple[list[Search], list[Evidence]]:
    """Each chosen program's ranked passages and the evidence of its best one."""
    searches = [await search(index, query, p, k, ranker) for p in chosen]
    # a word is foreign when *no* document has it (a Prouni question may use the Sisu's words)
    vocabulary: Collection[str] = ()
    if any(not w.known and w.weight for s in searches for w in s.weights):
        vocabulary = (await index.candidates(query))[1].df
    found = [
        evidence(query, s.program, s.ranked, s.weights, vocabulary, best_asked(s)) for s in searches
    ]
    return searches, found


def best_asked(found: Search) -> QuestionMatch | None:
    """The closest student question of the best passage (`student_questions`), if any."""
    matcher = found.stats.asked
    if matcher is None or not found.ranked:
        return None
    chunk = found.ranked[0].hit.chunk
    return matcher.match(found.query.text, found.query.asking).get((chunk.document, chunk.ordinal))


async def treats_subject(index: KnowledgeIndex, question: str, program: Program | None) -> bool:
    """Whether the editais treat what the question is about, whatever kind of answer it asks
    (`notfound.is_strong` with `kind=False`): the calendar answers "quando…?" only then, so
    "quando sai o resultado do *enem*?" or "qual a data da *formatura*?" is not answered with
    the date of an event that merely shares a word with it."""
    query = analyse(question)
    if query.outside:
        return False
    _, found = await weigh_evidence(index, query, programs_for(query, program))
    return any(is_strong(e, kind=False) for e in found)


ENTRY_SUBJECT = 0.6
"""A calendar entry answers a "quando…?" only when its event, keywords and item say at least
this share (idf-weighted) of the question's subject — its concepts that are not generic
words, words of a date ("prazo", "dia") or asides. "qual o prazo pra entregar a documentação
de renda quando for chamado na lista de espera do sisu" shares "lista de espera" with the
sign-up for it (0.19 of the subject): that date is not the one asked. On dev the entries of
answerable questions say 0.79–1.0, those of questions the editais do not answer 0–0.52."""


ENTRY_WHOLE = 0.999
"""An entry whose words say the question's whole subject ("prazo de *matrícula* da *chamada
regular*": the matrícula of the chamada regular) is preferred to the ranker's choice when that
one says only part of it (the *resultado* of the chamada regular, whose item has the date and
both words "chamada regular")."""


async def subject_shares(
    index: KnowledgeIndex, question: str, entries: Sequence[DateEntry]
) -> dict[DateEntry, float]:
    """For each calendar entry, the idf-weighted share of the question's subject (its concepts
    that are not generic words, words of a date or asides) that the entry's event, keywords and
    item text say; 1.0 for every entry when the question has no subject."""
    query = analyse(question)
    if query.empty or not entries:
        return dict.fromkeys(entries, 1.0)
    ignored = lexicon().generic | KIND_WORDS["date"] | query.aside
    out: dict[DateEntry, float] = {}
    for collection in dict.fromkeys(e.collection for e in entries):
        _, stats, _ = await index.candidates(query, collection=collection)
        subject = [
            (query.concepts[w.concept_index], w.weight)
            for w in weigh(query, stats)
            if w.known and w.weight and not set(query.concepts[w.concept_index].origin) <= ignored
        ]
        total = sum(weight for _, weight in subject)
        passages = await index.passages(collection)
        for entry in (e for e in entries if e.collection == collection):
            said = set(stems(entry.event)) | entry.keywords
            for chunk in passages:
                if chunk.item == entry.item and chunk.document == entry.document:
                    said |= profile(chunk).all_stems
            share = sum(weight for c, weight in subject if c.found_in(frozenset(said)))
            out[entry] = share / total if total else 1.0
    return out


async def entries_about(
    index: KnowledgeIndex,
    question: str,
    entries: Sequence[DateEntry],
    pool: Sequence[DateEntry] = (),
) -> list[DateEntry]:
    """The calendar entries whose own words and item text say the question's subject
    (`ENTRY_SUBJECT`): the date of *that* event, not of one that shares a word with it. When
    none of them says the whole subject and an entry of `pool` (the other entries that share a
    word with the question) does, that one is the event asked (`ENTRY_WHOLE`)."""
    shares = await subject_shares(index, question, [*entries, *pool])
    kept = [e for e in entries if shares[e] >= ENTRY_SUBJECT]
    whole = [e for e in pool if shares[e] >= ENTRY_WHOLE and e not in kept]
    if whole and not any(shares[e] >= ENTRY_WHOLE for e in kept):
        return whole
    return await told_events(index, question, kept)


async def told_events(
    index: KnowledgeIndex, question: str, entries: Sequence[DateEntry]
) -> list[DateEntry]:
    """Of several events that share the question's subject, those that also say what the
    student told of their situation: "tô na *lista de espera* do prouni, qual o prazo pra
    entregar documento?" asks the delivery of the lista de espera, not the first and second
    chamada's (the aside is no subject — `subject_shares` leaves it out — but it tells *which*
    event). All of them when none or every one says it."""
    if len(entries) < 2:
        return list(entries)
    query = analyse(question)
    ignored = lexicon().generic | KIND_WORDS["date"]
    told = [
        c for c in query.concepts if set(c.origin) <= query.aside and not set(c.origin) <= ignored
    ]
    if not told:
        return list(entries)
    said: dict[DateEntry, int] = {}
    for entry in entries:
        words = set(stems(entry.event)) | entry.keywords
        for chunk in await index.passages(entry.collection):
            if chunk.item == entry.item and chunk.document == entry.document:
                words |= profile(chunk).all_stems
        said[entry] = sum(1 for c in told if c.found_in(frozenset(words)))
    best = max(said.values())
    if not best or all(n == best for n in said.values()):
        return list(entries)
    return [e for e in entries if said[e] == best]


DATED_DAY = r"\b{day}º?(?=\D)[^.;]{{0,40}}?\b{month}\b"
"""How an edital writes the day of an event before its month ("nos dias 25 e 26 de março",
"de 3 a 13 de fevereiro", "1º de fevereiro")."""


def says_date(text: str, day: date) -> bool:
    """Whether `text` names `day` as the editais write a date (`DATED_DAY`)."""
    month = format_date(day, "MMMM", locale="pt_BR")
    pattern = DATED_DAY.format(day=day.day, month=re.escape(month))
    return re.search(pattern, text, re.IGNORECASE) is not None


async def dated_excerpts(index: KnowledgeIndex, entries: Sequence[DateEntry]) -> list[Excerpt]:
    """For each calendar entry, the sentence of its item that gives its date, in the edital's
    own words ("A manifestação de interesse … deverá ser feita nos dias 25 e 26 de março de
    2026"): the calendar's "de 25 de março de 2026 a 26 de março de 2026" is exact, and the
    quote lets the student check it and find the wording they will meet in the edital. None for
    an entry whose item is not in the corpus or does not write the date out."""
    out: list[Excerpt] = []
    for entry in dict.fromkeys(entries):
        chunk = next(
            (
                c
                for c in await index.passages(entry.collection)
                if c.document == entry.document and c.item == entry.item
            ),
            None,
        )
        if chunk is None:
            continue
        unit = next((u for u in units(chunk.text) if says_date(u.text, entry.start)), None)
        excerpt = (
            Excerpt(citation_of(chunk, unit.start), unit.text, program_of(chunk))
            if unit is not None
            else None
        )
        if excerpt is not None and excerpt not in out:
            out.append(excerpt)
    return out


PART_CONCEPTS = 2
"""A question sentence is a question of its own, not a follow-up of the one before ("…? como
funciona", "…? o curso todo?"), when it says at least this many concepts that are not generic
words."""


def question_parts(question: str) -> list[str]:
    """The questions of a message that asks more than one ("posso marcar cota e bônus junto no
    sisu? quantas ações afirmativas posso escolher"), each with its asides; `[question]` when it
    asks one. A sentence that asks (a "?" or a question word at its start) and says
    `PART_CONCEPTS` concepts of its own opens a part; any other sentence (an aside, a short
    follow-up) stays with the part before it."""
    generic = lexicon().generic
    parts: list[str] = []
    for sentence in (x.strip() for x in SENTENCE.findall(question)):
        if not sentence:
            continue
        folded = fold(sentence)
        asks = sentence.endswith("?") or ASKING.match(folded) is not None
        own = [c for c in analyse(sentence).concepts if not set(c.origin) <= generic]
        if parts and not (asks and len(own) >= PART_CONCEPTS):
            parts[-1] = f"{parts[-1]} {sentence}"
        else:
            parts.append(sentence)
    return parts if len(parts) > 1 else [question]


async def answer_edital(
    index: KnowledgeIndex,
    question: str,
    program: Program | None = None,
    *,
    k: int = K,
    ranker: Ranker | None = None,
) -> EditalAnswer:
    """Answer `question` from the 2026 editais (see the module docstring).

    `program` is the conversation's program, used only when the question neither names nor
    points at one; None searches both. `ranker` replaces the packaged weights (cross-validation
    in bench/knowledge). Raises `KnowledgeQueryError` for an empty question and
    `UnknownCollectionError` when a program's documents are not ingested."""
    query = analyse(question)
    chosen = programs_for(query, program)
    searches, found = await weigh_evidence(index, query, chosen, max(k, EXCERPTS), ranker)
    excerpts = [
        excerpt_of(query, s.weights, r.hit.chunk) for s in searches for r in s.ranked[:EXCERPTS]
    ]
    about = publication_answer if asks_publication(query) else None
    if asks_program(query):
        about = program_answer
    if about is not None:
        answered = await about(index, chosen, labelled=len(chosen) > 1)
        if answered is not None:
            text, citations = answered
            return EditalAnswer(text, citations, True, _single(chosen), excerpts, 1.0)
    strong = [] if query.outside else keep_programs(query, [e for e in found if answers(query, e)])
    if not strong:
        nearest = max(found, key=lambda e: e.coverage, default=None)
        near = None  # a topic the editais do not treat has no "nearest" passage worth quoting
        if nearest is not None and nearest.ranked and not query.outside:
            weights = next(s.weights for s in searches if s.program == nearest.program)
            near = excerpt_of(query, weights, nearest.ranked[0].hit.chunk)
        return EditalAnswer(
            text=render_not_found(chosen, near),
            citations=[],
            found=False,
            program=_single(chosen),
            excerpts=excerpts,
            evidence=max((e.coverage for e in found), default=0.0),
        )
    parts: list[tuple[Program, list[Excerpt]]] = []
    notes: list[str] = []
    statements: list[str] = []
    for e in strong:
        s = next(x for x in searches if x.program == e.program)
        passages = await index.passages(e.program) if "list" in query.asks else []
        listed = list_answer(query, s.ranked, passages)
        if listed is not None:
            parts.append((e.program, listed.excerpts))
            notes += [listed.note] if listed.note else []
            continue
        passages_quoted = chosen_passages(s, s.stats.resolver)
        if asks_computation(query):
            every = passages or await index.passages(e.program)
            passages_quoted = computation_first(s, passages_quoted, every)
        if "eligible" in query.asks and len(query.concepts) > 1:
            every = passages or await index.passages(e.program)
            passages_quoted = told_elsewhere(query, passages_quoted, every)
        passages_quoted = situation_first(query, passages_quoted, s.ranked)
        parts.append(
            (
                e.program,
                [excerpt_of(query, s.weights, c, asked_fact(s, c)) for c in passages_quoted],
            )
        )
        if passages_quoted and not statements:  # the told situation fits an alternative
            first = passages_quoted[0]
            said = situation_statement(query, units(first.text), first.item)
            # or the told per-capita income in salários mínimos, against the quoted limits
            said = said or next(
                (w for c in passages_quoted if (w := wage_statement(query, c.text, c.item))), None
            )
            statements.append(said or "")
    labelled = len(parts) > 1 or (len(chosen) > 1 and not query.named)
    citations = [ex.citation for _, exs in parts for ex in exs]
    quoted = [ex for _, exs in parts for ex in exs]
    text = render(parts, labelled)
    if len(parts) == 1 and statements and statements[0]:
        text = f"{statements[0]}\n\n{text}"  # the fact first: which alternative fits, then the item
    elif len(parts) == 1:  # a yes/no question gets its verdict first, when the passage rules on it
        text = with_verdict(query, [ex.text for ex in parts[0][1]], text)
    return EditalAnswer(
        text="\n\n".join([text, *notes]),
        citations=citations,
        found=True,
        program=parts[0][0] if len(parts) == 1 else None,
        excerpts=cited_first(quoted, excerpts),
        evidence=max(e.coverage for e in strong),
    )


def answers(query: Query, e: Evidence) -> bool:
    """The evidence is strong (`notfound.is_strong`), or only a word the documents do not have
    stands in the way of a best passage that lists an alternative the student's told situation
    fits ("tenho deficiência *auditiva*…, tenho direito…?" is inciso II's "pessoa com
    deficiência"): the situation, not that word, is what the question asks about."""
    if is_strong(e):
        return True
    if not e.foreign or not e.ranked:
        return False
    best = e.ranked[0].hit.chunk
    return bool(fitting(query, units(best.text))) and is_strong(replace(e, foreign=()))


def cited_first(quoted: Sequence[Excerpt], ranked: Sequence[Excerpt]) -> list[Excerpt]:
    """What a hosted model gets: the quoted passages first (a documents answer's lists), then
    the other best passages, each once."""
    seen = {ex.citation for ex in quoted}
    return [*quoted, *(ex for ex in ranked if ex.citation not in seen)]


def _single(chosen: Sequence[Program]) -> Program | None:
    return chosen[0] if len(chosen) == 1 else None


__all__ = [
    "EXCERPTS",
    "NOT_FOUND",
    "PROGRAMS",
    "Citation",
    "EditalAnswer",
    "Excerpt",
    "Program",
    "answer_edital",
    "citation_of",
    "dated_excerpts",
    "entries_about",
    "programs_for",
    "question_parts",
    "treats_subject",
]
