"""Whether the editais answer the question at all: the evidence of the best passage, and the
decision to say "não encontrei".

The evidence is what the best passage of a program *says* of the question: the IDF weight of
the question's concepts it covers (`covered`), the weight of the question's concepts no passage
of the program has at all (`unknown`: "FIES", "quilombola", "mestrado"), the largest share one
of its sentences says together with its headings (`unit`), and whether it holds the kind of
answer asked. The thresholds were chosen on the dev split (bench/knowledge/RESULTS.md).

Words said only in the question's asides (`aside.py`: "moro de aluguel e a conta tá no nome do
*dono*, serve?", "pq vou *viajar*", "? moro *longe*") are details of the student's situation:
they are never foreign words, an unknown subject or unknown weight. The subject is in the part
that asks ("tem cota pra *quilombola*?").
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from switchboard.knowledge.analysis import fold, stem, stems, words
from switchboard.knowledge.cite import Program
from switchboard.knowledge.features import (
    FEATURES,
    KIND_UNIT_SHARE,
    Weighted,
    profile,
    states_kind,
    years,
)
from switchboard.knowledge.lexicon import Concept, lexicon
from switchboard.knowledge.query import Query, is_content
from switchboard.knowledge.rank import Ranked
from switchboard.knowledge.student_questions import QuestionMatch

MIN_COVERED = 1.0
"""The best passage must say concepts of the question worth at least this much idf (one word
found in a few dozen passages): a passage that shares only "Enem" or "bolsa" with the question
does not answer it."""
TOPIC_SUFFIXES = (
    "ção",
    "ções",
    "são",
    "sões",
    "dade",
    "dades",
    "agem",
    "mento",
    "mentos",
    "ência",
    "ências",
    "ância",
    "ismo",
)
"""Endings of Portuguese nouns made from verbs and adjectives (revisão, isenção, idade,
mensalidade, hospedagem, financiamento, residência…): a question word like that which no
passage has at all is the *subject* of the question — "pedir revisão da nota da redação",
"limite de idade" — not chat ("usei", "errado", "aparece"), so the editais do not treat it."""
VARIANT_PREFIX = 5
"""An unknown stem sharing its first this-many letters with a stem of the corpus is taken for
a form of that word the stemmer did not conflate ("reservadas" / "reserva"), not a new
subject — when it is longer than that: a short word that is only the beginning of a corpus
word ("trans" of "transporte") is another word."""
FOREIGN_UNIT = 0.8
FOREIGN_CONTEXT = 2
"""A foreign word is forgiven when one sentence of the best passage says most of the rest of
the question (`unit` ≥ `FOREIGN_UNIT`): "fiz o ensino médio *inteiro* em colégio particular
com bolsa integral…" is item 1.3 all the same, "o prouni paga auxílio *moradia*?" is not the
item about "auxílios para alimentação" (one sentence says 0.56 of it). Chosen on dev between
0.75 and 0.9 (bench/knowledge/RESULTS.md): lower keeps more answerable questions whose extra
word is a detail ("meu *primo*", "*quartinho*"), higher catches more subjects ("*Portugal*");
0.8 since the ranker was retrained (fourth pass: its first passage for "estudar em *Portugal*"
says 0.76 of the rest). And the rest must be at least `FOREIGN_CONTEXT` concepts: in a short
question the foreign word is the subject ("tem cota pra *quilombola*?"). Both chosen on dev."""
ELSEWHERE = 0.5
"""What a concept weighs in `unknown` when another program's documents say it (see
`elsewhere`)."""
ENEM_YEAR = re.compile(r"\benem\s+(?:(?:de|do|da)\s+)?(20[0-3]\d)\b")
"""An Enem named by its year ("a taxa do enem 2025", "a prova do enem de 2026")."""
EDITIONS_LISTED = 2
"""A passage naming at least this many years lists the Enem editions that count ("2023, 2024
ou 2025"): it answers a question about any year, by inclusion or exclusion ("fiz o enem de
2022, serve?")."""
KIND_WORDS = {
    kind: frozenset(stems(text))
    for kind, text in {
        "date": "quando data datas dia dias prazo prazos período último final fim começa começo"
        " início abre abrem abertura encerra termina acaba limite sai saem sair saiu",
        "time": "hora horas horário horários limite",
    }.items()
}
"""Words that name the kind of answer asked, not what it is about: the sentence that holds the
time for "a que *horas* sai o resultado…?" must say the *resultado*, and "até as 23 *horas*"
of the inscriptions does not ("horas" is said there, the subject is not). Only dates and
times: every item of a calendar has a "dia" or an "até as 23 horas", while a share ("trinta
por cento do valor médio mensal das vendas") is said of one thing only, so the question's
"quantos por cento" is part of what it asks (leaving it out refused the rural income's 30%)."""
SLOT_FRAME = re.compile(
    r"^(?:e\s+)?(?:(?:o|a)\s+(?:sisu|prouni)\s+)?"
    r"(?:tem|existe|ha|qual(?: e)?|quais(?: sao)?|o que e|o que sao|quanto (?:e|custa|vale)"
    r"|como funciona|quando (?:e|sai|abre|comeca)|onde (?:e|fica))\s+"
    r"(?:(?:o|a|os|as|um|uma|algum|alguma)\s+)?(\w+)"
)
"""A question that opens by naming what it is about: "tem *taxa* de inscrição…?", "qual o
*limite*…", "o que é *nota* de corte", "quanto custa a *matrícula*…". That word is the slot the
answer fills; a passage that does not say it answers something else ("tem taxa pra se
inscrever no prouni?" is not answered by the Prouni's inscription rules, which name no fee).
On dev no answerable question's best passage lacks its slot; the first `SLOT_WINDOW` passages
are read, as the ranker's first may say the thing in other words ("tem *vaga* pra pcd no
prouni?": the PcD item says no "vaga", the items on the bolsas reserved for them do)."""
SLOT_WINDOW = 3
MAY_I = re.compile(
    r"\b(?:posso|consigo|da pra|da para)\s+(?:(?:eu|me|se)\s+)?"
    r"(?!(?:usar|utilizar|tentar|concorrer|participar|entrar|fazer|inscrever|ter|ser|ganhar|pegar"
    r"|receber|conseguir|pedir|ficar|estudar|cursar|levar|mandar|enviar|apresentar)\b)(\w+(?:ar|er|ir))\b"
)
"""Asking whether one may *do* something ("…, posso *trocar* pra integral depois?", "posso
*mudar* de curso…?"): the act is the slot. Not when the verb only asks for admission or use
("posso *usar* o prouni pra…", "posso *concorrer*…", "consigo *entrar*…"): what is asked is
then the rest of the question."""
ACT_WINDOW = 1
"""The act asked must be said by the passage quoted: "depois posso *mudar* de curso…?" is not
answered by the nota de corte's item because the third passage says "alterar" (the options,
during the inscriptions)."""
ASKED_SAYS = 0.45
"""A word the editais do not use (a foreign word: "culpa", "pessoalmente", "vestibular") or the
slot the best passage does not say ("qual o último *critério*…") is no sign that the editais
are silent when the best passage's closest student question (`student_questions`, written by
someone who read that passage) is at least this close to the question and says that word
itself: "se eu errar a opção de curso a *culpa* é minha?" was asked of item 1.6.2 ("atos …
de integral responsabilidade do CANDIDATO"). On dev the questions the editais do not answer
whose best passage's closest question says their foreign word: none (their questions ask about
another thing: "prouni tem cota pra preto e pardo?" for "quilombola")."""
MAX_UNKNOWN_RATIO = 0.3
"""Not found when the question's words that no passage of the program has at all weigh more
than this share of what the best passage covers: the question is about something the editais
do not treat. Chosen by 10-fold cross-validation on the dev questions
(`bench/knowledge/tune_notfound.py`, with the second batch of student questions and the
ranker retrained on them; it was 0.5, set by hand; RESULTS.md has the grid)."""


BOTH_ASKED = re.compile(
    r"\bao mesmo tempo\b|\b(?:com|nos|nas|dos|das|os|as) (?:dois|duas)\b|\bjunt[oa]s?\b"
    r"|\bacumul\w*|\bsimultane\w*|\bqual (?:delas|deles|das duas|dos dois)\b"
)
"""A question about holding or doing two things at once ("posso ficar com *os dois*?", "marcar
cota e bônus *ao mesmo tempo*", "lista de espera *dos dois* cursos", "passei nas duas
opções, *qual delas* vale?"), on the folded text."""
BOTH_STATED = re.compile(
    r"simultâne|concomitant|cumulativ|acumul|\b(?:apenas|somente|só) (?:uma|um)\b"
    r"|\bno máximo\b|\bmais de (?:uma|um)\b|\bambas\b|\bambos\b"
    r"|\b(?:a|na|da|o|no|do) (?:última|último|mais recente)\b|\bexclusivamente em sua\b",
    re.IGNORECASE,
)
"""What a passage says when it rules on holding two things at once: "será selecionado em
*apenas uma* de suas opções", "*no máximo*, por uma ação afirmativa do tipo bônus e uma do tipo
reserva", "em *apenas um* dos cursos", "com base *na última* alteração". A passage that only
shares the question's words ("sisu", "prouni", "passar") does not say whether both can be had."""


TIE = re.compile(r"\b(?:des)?empat\w*")
"""A tie ("se a nota for idêntica, eles chamam *os dois*?"): the two are the tied candidates,
not two things one student would hold (the chat table reads "idêntica" as "empatada")."""


def both_unstated(query: Query, text: str) -> bool:
    """The question asks about two things at once (`BOTH_ASKED`) and `text` rules on nothing of
    the kind (`BOTH_STATED`) — or, when the two are the two programs, does not name both. Not
    of a tie (`TIE`)."""
    folded_question = fold(query.normalized)
    if BOTH_ASKED.search(folded_question) is None or TIE.search(folded_question):
        return False
    if len(query.named) > 1:  # "passei no sisu e no prouni, fico com os dois?": one program's
        folded = fold(text)  # rule on its own options does not say it of the other
        return not all(program in folded for program in query.named)
    return BOTH_STATED.search(text) is None


@dataclass(frozen=True, slots=True)
class Evidence:
    """What the best passage of one program says of the question."""

    program: Program
    ranked: list[Ranked]
    coverage: float
    """Share of the question's known concepts the best passage says (0–1)."""
    covered: float
    """Absolute IDF weight of the concepts the best passage says."""
    unknown: float
    """Absolute weight of the concepts no passage of the program says."""
    unit: float
    """Best share said by one sentence (with its lead-in and headings) of the best passage."""
    kind_ok: bool
    """A date/number/amount was asked and the best passage has one (True when none was)."""
    best_score: float
    """The ranker's logit for the best passage (-inf when there is none)."""
    unknown_topic: bool = False
    """A question word no passage has and that reads as a subject (`TOPIC_SUFFIXES`)."""
    said: int = 0
    """How many of the question's concepts (not numbers, not `lexicon.generic` words such as
    "acabar", "ficar", "pegar") some passage has: "a bolsa *acaba* se eu engravidar?" says
    one thing besides its foreign word, not two."""
    foreign: tuple[str, ...] = ()
    """Question words (as typed) that no passage of the program has in any form, that are not
    generic ("significa", "colocar", `lexicon.generic`) nor a number: the subject of the
    question is something the editais do not name ("auxílio moradia", "Portugal", "trancar",
    "notebook")."""
    typed: bool = False
    """The question's form or kind asks for a kind of statement ("onde…?" an address) and the
    best passage makes it: then a question whose only words are common ones ("onde faço a
    inscrição?") is answered when the passage says all of them."""
    slot_missing: bool = False
    """None of the first passages says the word the question opens with as its subject
    (`SLOT_FRAME`, `SLOT_WINDOW`)."""
    both_missing: bool = False
    """The question asks about two things at once and the best passage rules on nothing of the
    kind (`both_unstated`)."""
    foreign_goal: bool = False
    """A foreign word is what the student wants to pass into or study ("quanto preciso tirar pra
    passar em *psicologia*?", "dá pra cursar *odontologia*…"): the editais give no course's
    scores or rules, so the nearest rule about the Enem does not answer it (`GOAL`)."""
    asked: frozenset[str] = frozenset()
    """Stems of the best passage's closest student question, when it is `ASKED_SAYS` close to
    the question (empty otherwise): the words someone who read the passage asked it with."""
    year_missing: bool = False
    """The question names an Enem by its year ("quanto custa a taxa do enem 2025?", "a prova
    do enem 2026") and the best passage neither says that year nor lists the editions that
    count (`EDITIONS_LISTED`): whatever it says (the Sisu's own fee, the Sisu's dates) is not
    about that exam."""


def unknown_topic(query: Query, weights: Sequence[Weighted]) -> bool:
    """Whether a concept no passage says is a subject noun (`TOPIC_SUFFIXES`)."""
    for w in weights:
        if w.known or not w.weight or aside(query, w):  # a phrase said apart is no subject
            continue
        origin = query.concepts[w.concept_index].origin
        typed = [word for word, s in zip(query.words, query.stems, strict=True) if s in origin]
        if any(word.endswith(TOPIC_SUFFIXES) for word in typed):
            return True
    return False


def foreign_words(
    query: Query, weights: Sequence[Weighted], vocabulary: Collection[str]
) -> tuple[str, ...]:
    """The question's words that make it about something the corpus does not name (see
    `Evidence.foreign`). `vocabulary` is the program's stems (empty: no check)."""
    if not vocabulary:
        return ()
    prefixes = {s[:VARIANT_PREFIX] for s in vocabulary if len(s) >= VARIANT_PREFIX}
    out = []
    for w in weights:
        if w.known or not w.weight or aside(query, w):  # known, generic, a number, a detail
            continue
        missing = {
            s
            for s in query.concepts[w.concept_index].origin
            if s not in vocabulary
            and not (len(s) > VARIANT_PREFIX and s[:VARIANT_PREFIX] in prefixes)
        }  # a phrase whose words all occur apart, or a form the stemmer did not conflate: known
        out += [word for word, s in zip(query.words, query.stems, strict=True) if s in missing]
    return tuple(dict.fromkeys(out))


def aside(query: Query, w: Weighted) -> bool:
    """The concept is said only where the student tells their situation (`Query.aside`): a
    detail ("…no nome do *dono*, serve?"), so neither a foreign word nor unknown weight —
    except in an eligibility question ("sou venezuelano refugiado, posso me inscrever no
    sisu?", `query.ELIGIBLE`), which asks about the situation told."""
    if "eligible" in query.asks:
        return False
    return set(query.concepts[w.concept_index].origin) <= query.aside


def elsewhere(query: Query, w: Weighted, vocabulary: Collection[str]) -> bool:
    """A concept this program's documents never say but another document does ("boleto" is in
    the Prouni documentation, not in the Sisu's): a word of the domain, not a new subject."""
    return bool(vocabulary) and all(s in vocabulary for s in query.concepts[w.concept_index].origin)


def told_elsewhere(
    query: Query, weights: Sequence[Weighted], vocabulary: Collection[str]
) -> tuple[str, ...]:
    """In a question about who may take part (`query.ELIGIBLE`), the words of a told case that
    this program's documents never say though another's do ("tenho o certificado do *encceja*,
    posso usar no prouni?": only the Sisu's documentation names the Encceja): the told case is
    what is asked, so for this program it is as foreign as a word no document has — never
    forgiven (`foreign_goal`), "não encontrei" rather than the Enem rule 1.2, which says
    nothing of it. Elsewhere such a word is a word of the domain (`ELSEWHERE`)."""
    if "eligible" not in query.asks or not vocabulary:
        return ()
    generic = lexicon().generic
    missing: set[str] = set()
    for w in weights:
        concept = query.concepts[w.concept_index]
        if w.known or not w.weight or concept.numeric or set(concept.origin) <= generic:
            continue
        if elsewhere(query, w, vocabulary):
            missing |= set(concept.origin)
    return tuple(
        dict.fromkeys(
            word for word, s in zip(query.words, query.stems, strict=True) if s in missing
        )
    )


def evidence(
    query: Query,
    program: Program,
    ranked: Sequence[Ranked],
    weights: Sequence[Weighted],
    vocabulary: Collection[str] = (),
    asked: QuestionMatch | None = None,
) -> Evidence:
    """The evidence of the best of `ranked`; `asked` is its closest student question."""
    said_by_asked = (
        frozenset(stems(asked.asked.question))
        if asked is not None and asked.similarity >= ASKED_SAYS and ranked
        else frozenset()
    )
    known = sum(w.weight for w in weights if w.known)
    unknown = sum(
        w.weight * (ELSEWHERE if elsewhere(query, w, vocabulary) else 1.0)
        for w in weights
        if not w.known
        and not aside(query, w)
        and not set(query.concepts[w.concept_index].origin) <= said_by_asked
    )
    topic = unknown_topic(query, weights)
    foreign = foreign_words(query, weights, vocabulary) + told_elsewhere(query, weights, vocabulary)
    generic = lexicon().generic
    said = sum(
        1
        for w in weights
        if w.known
        and w.weight
        and not query.concepts[w.concept_index].numeric
        and not set(query.concepts[w.concept_index].origin) <= generic
    )
    if not ranked:
        return Evidence(
            program,
            [],
            coverage=0.0,
            covered=0.0,
            unknown=unknown,
            unit=0.0,
            kind_ok=False,
            best_score=float("-inf"),
            unknown_topic=topic,
            said=said,
            foreign=foreign,
        )
    best = ranked[0]
    unit = best.features[FEATURES.index("cov_unit")] if best.features else best.coverage
    kind_ok = query.kind == "other" or (
        (best.kind_match or relative_kind(query, best.hit.chunk.text))
        and subject_typed(query, weights, best)
    )
    return Evidence(
        program,
        list(ranked),
        best.coverage,
        best.coverage * known,
        unknown,
        unit,
        kind_ok,
        best.hit.score,
        topic,
        said,
        foreign,
        typed_answer(best),
        foreign_goal=foreign_goal(query, foreign),
        slot_missing=not says_slot(query, ranked, said_by_asked),
        asked=said_by_asked,
        year_missing=year_unsaid(query, ranked),
        both_missing=both_unstated(query, best.hit.chunk.text),
    )


KIND_NOUNS = frozenset(
    stems(
        "valor preço custo data dia prazo horário hora porcentagem percentual número quantidade "
        "máximo máxima mínimo mínima"
    )
)
"""Nouns that name the kind of answer, not the subject ("qual o *valor* da taxa…", "qual a
*data* do resultado…"): the slot is the word after them — as after the words of a date or time
asked (`KIND_WORDS`: "qual é o *último* dia pra fazer a matrícula…" asks the matrícula's). A
bound said of them is the kind too: "qual o valor *máximo* de renda…" asks the renda's, which
an edital states as "até 3 salários mínimos", never with the word "máximo"."""


def head_slot(query: Query) -> Concept | None:
    """The concept of the word the question opens with as its subject (`SLOT_FRAME`; after a
    `KIND_NOUNS` word), when it is a content word that is not generic."""
    found = slot_and_complement(query)
    return found[0] if found else None


COMPLEMENT_LINKS = ("pra", "para", "pro", "de", "da", "do")


def slot_and_complement(query: Query) -> tuple[Concept, ...]:
    """The slot (`head_slot`) and, when the question says what it is *of* or *for* ("tem
    *taxa* pra se *inscrever*…?", "qual o *limite* de *renda*"), that complement's concept:
    a passage that says the slot of something else ("é vedada a cobrança de *taxa*" for the
    institutions' own tests) does not answer it."""
    folded = fold(query.normalized)
    match = SLOT_FRAME.search(folded) or MAY_I.search(folded)
    if match is None:
        return ()
    generic = lexicon().generic
    tokens = words(folded[match.start(1) :])
    for i, word in enumerate(tokens):
        if not is_content(word):
            if word in ("de", "da", "do", "das", "dos", "o", "a", "os", "as"):
                continue
            return ()
        slot = stem(word)
        if slot in KIND_NOUNS or slot in KIND_WORDS.get(query.kind, frozenset()):
            continue
        if slot in generic:
            return ()
        concept = next((c for c in query.concepts if slot in c.origin), None)
        if concept is None:
            return ()
        rest = [t for t in tokens[i + 1 : i + 4] if t not in ("se", "me", "a", "o", "as", "os")]
        if len(rest) > 1 and rest[0] in COMPLEMENT_LINKS and is_content(rest[1]):
            tail = stem(rest[1])
            other = next((c for c in query.concepts if tail in c.origin and c != concept), None)
            if other is not None and tail not in generic:
                return (concept, other)
        return (concept,)
    return ()


def says_slot(
    query: Query, ranked: Sequence[Ranked], asked_of_best: frozenset[str] = frozenset()
) -> bool:
    """Whether one of the first passages (with its headings) says the question's slot
    (`head_slot`, `SLOT_WINDOW`), or the best passage's close student question does
    (`ASKED_SAYS`)."""
    asked = slot_and_complement(query)
    if not asked:
        return True
    if asked_of_best and all(c.found_in(asked_of_best) for c in asked):
        return True
    window = SLOT_WINDOW if SLOT_FRAME.search(fold(query.normalized)) else ACT_WINDOW
    return any(
        all(c.found_in(profile(r.hit.chunk).all_stems) for c in asked) for r in ranked[:window]
    )


def subject_typed(query: Query, weights: Sequence[Weighted], best: Ranked) -> bool:
    """Whether a sentence of the best passage holds the date, time, amount, share or year
    asked and says `KIND_UNIT_SHARE` of the question's concepts that are not words of the
    kind itself (`KIND_WORDS`): the answer is about the question's subject. A count keeps
    `features.kind_said` (the number next to the thing counted)."""
    words_of_kind = KIND_WORDS.get(query.kind)
    if words_of_kind is None:
        return True
    subject = [
        w
        for w in weights
        if w.known and not set(query.concepts[w.concept_index].origin) <= words_of_kind
    ]
    total = sum(w.weight for w in subject)
    if not total:
        return True
    p = profile(best.hit.chunk)
    for text, found in zip(p.unit_texts, p.unit_stems, strict=True):
        said = sum(w.weight for w in subject if query.concepts[w.concept_index].found_in(found))
        if (states_kind(query, text) or relative_kind(query, text)) and (
            said / total >= KIND_UNIT_SHARE
        ):
            return True
    return False


RELATIVE = {
    "date": re.compile(
        r"\baté o (?:ano|término|final|fim|último dia)\b|\baté a (?:data|divulgação)\b", re.I
    ),
    "year": re.compile(r"\bmais (?:recente|antiga)s?\b", re.I),
}
"""A date or year the editais state relative to something else: "até o ano referente à edição
do Enem", "até o término do prazo de inscrição" answer "até quando…?"; "será considerada a
edição mais recente" answers "qual edição…?"."""


def relative_kind(query: Query, text: str) -> bool:
    """Whether `text` states the date or year asked relative to another event (`RELATIVE`)."""
    pattern = RELATIVE.get(query.kind)
    return pattern is not None and pattern.search(text) is not None


def asked_years(query: Query) -> set[str]:
    """The Enem years the question names ("fiz o enem de 2022", "enem 2024 e 2025")."""
    return {m.group(1) for m in ENEM_YEAR.finditer(fold(query.normalized))}


def year_missing(query: Query, text: str) -> bool:
    """Whether an Enem year the question names is missing from `text` (`Evidence.year_missing`)."""
    said = years(text)
    return bool(asked_years(query) - said) and len(said) < EDITIONS_LISTED


EDITION_VOUCHED = 0.3
"""A first passage whose closest student question (`student_questions`, feature `q_sim`) is at
least this close to the question keeps its place against the editions rule
(`answer.answer_type_first`) when the years asked count: someone who read it asked the
question in those words ("fiz o enem 2024 como *treineiro*, conta?" is 1.4.1's, "fiz enem 2024
e 2025, qual o prouni *usa*?" is 1.2.1's). On dev, of 13 questions naming an Enem year whose
first passage lists no editions, the move put a passage that was not gold first in 12 (first
passages' closest questions 0.32–0.79); in the 13th both are gold. Passages without student
questions (a changed corpus) keep the move."""


def q_sim(r: Ranked) -> float:
    """The passage's closest student question's similarity (the ranker's `q_sim`)."""
    return r.features[FEATURES.index("q_sim")] if r.features else 0.0


def vouched(first: Ranked) -> bool:
    """Whether a student question of `first` is `EDITION_VOUCHED` close to the question."""
    return q_sim(first) >= EDITION_VOUCHED


def year_unsaid(query: Query, ranked: Sequence[Ranked]) -> bool:
    """`Evidence.year_missing` of the best passage — unless it is `vouched` and another ranked
    passage lists the editions that count, the year asked among them: the list then answers the
    year (it counts), the vouched passage what was asked of it. A year outside the list ("a
    inscrição do enem de *2026*") is never rescued."""
    if not year_missing(query, ranked[0].hit.chunk.text):
        return False
    asked = asked_years(query)
    return not any(
        asked <= (said := years(r.hit.chunk.text))
        and len(said) >= EDITIONS_LISTED
        and vouched(ranked[0])
        for r in ranked[1:]
    )


def typed_answer(best: Ranked) -> bool:
    """The best passage makes the kind of statement the question's form or kind asks for."""
    if not best.features:
        return False
    return bool(best.features[FEATURES.index("form_ok")] or best.kind_match)


def is_strong(e: Evidence, *, kind: bool = True) -> bool:
    """Whether the best passage answers the question (see the module docstring). With
    `kind=False`, whether the editais treat its subject at all, whatever the kind of answer
    asked: the calendar (`calendar.py`) has the dates, and only needs to know that "quando sai
    o resultado…" is not about something the editais never name."""
    whole = e.coverage >= 1.0 and e.typed
    return (
        bool(e.ranked)
        and (e.covered >= MIN_COVERED or whole)
        and e.unknown <= MAX_UNKNOWN_RATIO * max(e.covered, MIN_COVERED if whole else 0.0)
        and (e.kind_ok or not kind)
        and not e.unknown_topic
        and not (e.foreign and not forgiven(e))
        and not e.year_missing
        and not e.slot_missing
        and not e.both_missing
        and (e.said > 0 or not e.unknown)
    )


def forgiven(e: Evidence) -> bool:
    """Whether the best passage says the rest of the question so fully that a foreign word is
    a detail of it (see `FOREIGN_UNIT`) — never when it is the course the student aims at."""
    if e.foreign_goal:
        return False
    if e.asked and all(stem(word) in e.asked for word in e.foreign):
        return True  # someone who read the passage asked it in those words (`ASKED_SAYS`)
    return e.unit >= FOREIGN_UNIT and e.said >= FOREIGN_CONTEXT


GOAL = re.compile(
    r"\b(?:passar|passo|entrar|entro|cursar|estudar|nota|corte)\s+(?:em|no|na|pra|para|de)?\s*(\w+)"
)
"""Where a course or institution is named as the student's goal ("passar em X", "entrar na X",
"cursar X", "nota de X")."""


def foreign_goal(query: Query, foreign: Sequence[str]) -> bool:
    """Whether a foreign word is named as the student's goal (`Evidence.foreign_goal`), or told
    in a question about who may take part (`query.ELIGIBLE`): the rules never forgive it."""
    if not foreign:
        return False
    if "eligible" in query.asks:
        return True  # "tenho o certificado do *encceja*, posso usar no prouni?": the told case
        # is what is asked, and the program's documents never name it
    named = {fold(w) for w in foreign}
    return any(m.group(1) in named for m in GOAL.finditer(fold(query.normalized)))


__all__ = ["MAX_UNKNOWN_RATIO", "MIN_COVERED", "Evidence", "evidence", "is_strong"]
