"""A student's question, analysed once: content stems, concepts, search terms, kind, programs.

    q = analyse("qnd sai o resultado do sisu?")
    q.concepts   # [resultado (+ aprovado, selecionado, …), sai]
    q.terms      # every stem to look for in the full-text index (concepts' alternatives)
    q.kind       # "date": the answer is a date
    q.named      # {"sisu"}: the programs the question names or points at

Program names ("sisu", "prouni") and the year are not concepts: the collection filter already
says which program a passage belongs to, and those words occur in most passages.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from switchboard.knowledge.analysis import (
    MAX_QUERY_CHARS,
    MAX_QUERY_TERMS,
    QUERY_STOPWORDS,
    fold,
    restore_accents,
    stem,
    words,
)
from switchboard.knowledge.aside import aside_stems, asking_part
from switchboard.knowledge.lexicon import (
    Concept,
    concepts,
    expand_chat,
    outside_topics,
    program_cues,
)

Kind = Literal["date", "time", "year", "count", "money", "percent", "other"]
Ask = Literal[
    "who",
    "where",
    "list",
    "yesno",
    "how",
    "todo",
    "define",
    "amount",
    "enum",
    "publication",
    "program",
    "eligible",
]
"""The form of the question, beside the kind of its answer (`asks`): who is responsible, where,
a list of documents, yes or no, how, what to do next, what a term means, how much (a number or
a share that is not money), which ones (an enumeration: "quais são as modalidades…",
"qual a ordem…"), the edital's own date ("quando foi publicado o edital?"), what the
program is ("o que é o Sisu?") or who may take part in it ("quem pode fazer o prouni?",
"quais os requisitos?", `ELIGIBLE`)."""
PROGRAM_WORDS = frozenset({"sisu", "prouni", "2026", "edital", "editais", "programa"})
"""Words that name the program or the document rather than the thing asked about."""
_COUNT = re.compile(
    r"\b(?:quantos|quantas|quantidade|numero de)\b|\b(?:nota|media|pontuacao) minima\b"
)
"""A question whose answer is a number of something (the first concept: "quantas chamadas",
"nota mínima")."""
_WHEN = re.compile(
    r"(?:^|[,.;:!?]\s*|\b(?:e|mas|ate|desde|sabe|saber|dizer|diz)\s+)quando\b|\bquando\s*\?"
    r"|\b(?:que dia|que data|qual (?:e )?(?:o |a )?(?:dia|data)|(?<!\bno )(?:ultimo|primeiro) dia"
    r"|ate que dia|prazo (?:pra|para|de))\b"
    r"|^(?:qual (?:e )?)?(?:o )?periodo (?:de|da|do|das|dos)\b"
    r"(?!.*\b(?:pode|podem|posso|mud\w*|alter\w*)\b)"
)
"""A question whose answer is a date (not one that merely mentions "datas" or "prazo"): "quando"
that opens the question (or a clause of it, or ends it), not the conjunction ("a faculdade tem
que me dar comprovante quando eu entregar os documentos?"); a question that is only "período
de …" ("periodo de inscricao sisu 2026??", not "o período… pode mudar?"); "último dia" that is
not a time adjunct ("se a minha nota está acima da nota de corte *no último dia*, passei?" asks
whether, not when)."""
_TIME = re.compile(
    r"\b(?:que horas?|qual (?:e )?o horario|quais (?:sao )?os horarios|horarios? de "
    r"(?:funcionamento|atendimento))\b"
)
"""A question whose answer is a time of day ("até que horas…", "qual o horário de
funcionamento…"), unless it asks *who* must mind the time."""
_YEAR = re.compile(
    r"\b(?:qua(?:l|is)|que|de que) (?:edicao|edicoes|ano|anos)\b(?! (?:do|de) (?:ensino|curso))"
)
"""A question whose answer is a year or an Enem edition ("quais edições do Enem valem?")."""
_MONEY = re.compile(
    r"\b(?:quanto (?:custa|custam|e (?:o|a)|pago|paga)|qual (?:e )?(?:o )?valor|preco|quantos reais"
    r"|valor em reais)\b"
    r"|\bquanto (?:vale|esta|ta|da)\b.*\b(?:salario|mensalidade|taxa|bolsa|auxilio)\b"
)
"""A question whose answer is an amount of money."""
_PERCENT = re.compile(
    r"\b(?:quantos|quanto|que|qual (?:e )?(?:a|o)?) ?(?:por cento|porcentagem|percentual)\b"
)
"""A question whose answer is a share ("quantos por cento…", "qual a porcentagem…", "qual o
percentual…"): a passage that gives no percentage does not answer it, whatever number it has."""
_NAMES = re.compile(r"\b(sisu|prouni|sisprouni)\b")
EDITION = 2026
"""The one edition of Sisu and Prouni the packaged editais are about."""
_EDITION_YEAR = re.compile(
    r"\b(?:sisu|prouni|sisprouni|edital|editais)\s+(?:(?:de|do|da)\s+)?(?:ano\s+(?:de\s+)?)?"
    r"(20\d\d)\b"
)
"""A program or edital followed by a year ("sisu 2025", "prouni de 2027", "edital do ano de
2024"). The Enem is not in it: the 2026 editais accept the Enem of 2023–2025."""


_OTHER_TERM = re.compile(
    r"\bprouni\s+(?:(?:de|do|da|no|na|pelo|para o)\s+)?(?:segundo|2o?|2º)\s+semestre\b"
    r"|\b(?:segundo|2o?|2º)\s+semestre\s+(?:de\s+2026\s+)?(?:(?:de|do|da|no|pelo)\s+)?prouni\b"
    r"|\b(?:sisu|prouni)\b[^?]*\b(?:ano passado|ano que vem|proximo ano|ano anterior)\b"
)
"""An edition named by a term the editais do not cover: the Prouni edital is the *first*
semester's ("o prouni do segundo semestre"), and neither edital is last or next year's
("o sisu do ano passado")."""


GRADUATED = re.compile(
    r"\bja (?:sou |e |era |estou |sendo )?(?:formad[oa]s?|graduad[oa]s?)\b"
    r"|\bja (?:tenho|tem|possuo|possui|fiz|conclui|terminei|completei) (?:uma |um |a |o )?"
    r"(?:faculdade|graduacao|curso superior|ensino superior|diploma)\b"
    r"|\b(?:segunda|outra) (?:graduacao|faculdade)\b|\bdiploma de (?:graduacao|curso superior"
    r"|ensino superior|faculdade)\b|\b(?:ensino|curso) superior complet[oa]\b"
)
"""A student who already holds a degree ("já sou formado", "já tenho faculdade", "segunda
graduação"): the 2026 editais and documentation lists never say whether a graduate may take
part, so the question is outside them (the nearest passage, the school conditions of 1.3 or the
teacher's "formação do magistério", would read as an answer)."""


OWN_EDITAL = re.compile(
    r"\bedita(?:l|is) (?:dela|dele|deles|delas|propri[oa]s?|da (?:faculdade|universidade"
    r"|instituicao|federal|ies)|do (?:campus|curso|instituto))\b"
)
"""The institution's own edital ("ainda preciso seguir o *edital deles*?", "o *edital da
faculdade*"), which the Sisu edital calls its "edital próprio" (4.1, 4.2, 7.2, 7.4): a subject
of its own, while "edital" alone names the program's document and is no concept
(`PROGRAM_WORDS`)."""
EDITAL_PROPRIO = Concept(
    origin=(stem("edital"), stem("próprio")),
    alternatives=((stem("edital"), stem("próprio")), (stem("edital"), stem("própria"))),
)


COVERED_COST = re.compile(
    r"\b(?:bolsas?|prouni)\b[^?.!]{0,60}\b(?:cobre|cobrem|cobrir|paga|pagam|inclui|incluem|custeia|"
    r"custeiam|banca|bancam)\b"
    r"|\btaxa de matricula\b"
)
"""What the scholarship pays for ("a bolsa parcial paga quanto por cento da mensalidade?", "a
bolsa cobre material e transporte?", "a faculdade pode cobrar taxa de matrícula de
bolsista?"): the 2026 editais say who may apply and how, never what a bolsa covers nor what a
course charges, so the question is outside them (the nearest passage — "trinta por cento do
valor médio mensal das vendas", 4.4.2's "vedada a cobrança de qualquer tipo de taxa" of the
institution's own selection — would read as an answer)."""

COURSE_RECORD = re.compile(
    r"\breprov(?:ei|ar|o|ou|amos|ando)\s+(?:em|na|no|nas|nos)\s+"
    r"(?!(?:o |a )?(?:processo|selecao|prova|analise|entrevista|document|vestibular|chamada|lista|"
    r"prouni|sisu|inscricao))"
    r"|\b(?:materias?|disciplinas?)\b"
)
"""The student's record in the course once enrolled ("reprovei em cálculo, perco a bolsa?", "se
eu reprovar em 3 matérias…"): the editais end at the enrolment. Failing the institution's own
selection or the document check ("se eu reprovar na análise da documentação") is theirs."""


def other_edition(folded: str) -> bool:
    """Whether the question asks about an edition of Sisu/Prouni other than the editais' own
    ("quando foi o resultado do sisu 2025", "o prouni de 2025 teve quantas chamadas", "o prouni
    do segundo semestre", `_OTHER_TERM`): the 2026 editais do not say what another edition did
    or will do, and answering with the 2026 date or rule would be wrong for it."""
    return (
        any(int(m.group(1)) != EDITION for m in _EDITION_YEAR.finditer(folded))
        or _OTHER_TERM.search(folded) is not None
    )


ROLE = (
    r"(?:treineir[oa]s?|bolsistas?|cotistas?|dependentes?|ouvintes?|autonom[oa]s?|estagiari[oa]s?"
    r"|aprendiz|professor(?:a|es)?|candidat[oa]s?|responsavel|menor aprendiz)\b"
)
_AS_ROLE = re.compile(r"(\w+) como (?=" + ROLE + ")")
"""Roles a student takes part "como" ("fiz o enem *como treineiro*", "entrei *como cotista*"):
"como" between a word and a role says *as what*, not *how* (`as_role`); at the start of a
clause ("como cotista comprova renda?", "e como treineiro…?") it still asks how."""
_CLAUSE_START = frozenset({"e", "mas", "entao", "ai", "tipo", "oi"})


def as_role(folded: str) -> str:
    """`folded` with "como" before a role written "na condicao de" (see `_AS_ROLE`), so the
    question forms do not read it as *how*."""
    return _AS_ROLE.sub(
        lambda m: m.group(0) if m.group(1) in _CLAUSE_START else f"{m.group(1)} na condicao de ",
        folded,
    )


_INTERROGATIVE = re.compile(
    r"\b(?:qual|quais|quanto|quanta|quantos|quantas|onde|quem|o que|por que|porque"
    r"|pra que|para que)\b"
    r"|(?<!conta )(?<!contam )(?<!vale )(?<!valem )(?<!serve )(?<!servem )(?<!entra )(?<!usad[oa] )"
    r"\bcomo\b"
)
"""Question words (a "quando" counts only as `_WHEN` reads it); "como" after "vale", "serve",
"conta", "entra" ("fatura de cartão vale como comprovante?") says *as what*, and the question
asks yes or no; so does "como" before a role ("fiz o enem *como treineiro*, conta?")."""
_ASKS: dict[Ask, re.Pattern[str]] = {
    "who": re.compile(r"\bquem\b|\bculpa\b"),
    "where": re.compile(
        r"\bonde\b|\bem que (?:site|lugar|pagina)\b|\bqual (?:e )?(?:o )?(?:site|link)\b"
    ),
    "list": re.compile(
        r"\bquais\b.*\b(?:documentos?|comprovantes?|papeis)\b|\bque (?:documentos?|papel)\b"
        r"|\bqua(?:l|is) (?:o |os )?(?:documentos?|comprovantes?)\b"
        r"|\bo que\b.*\b(?:lev[ao]r?|apresent[ao]r?|entreg[ao]r?|mand[ao]r?)\b"
        r"|\b(?:lev[ao]r?|apresent[ao]r?|entreg[ao]r?|mand[ao]r?) (?:o que|oq|que coisas?)\b"
        r"|\bdocumentos?\b.*\b(?:pede|pedem|precis\w*|exig\w*|levar|entregar|apresentar)\b"
    ),
    "how": re.compile(r"(?<!conta )(?<!vale )(?<!serve )(?<!entra )(?<!usad[oa] )\bcomo\b"),
    "todo": re.compile(
        r"\bo que (?:eu )?(?:faco|fazer|devo fazer|tenho que fazer|preciso fazer)\b|\be agora\b"
    ),
    "define": re.compile(r"\b(?:o que|que) (?:e|sao|significa)\b|\bquem (?:e|sao) considerad"),
    "amount": re.compile(r"\bquanto\b(?! tempo)"),
    "program": re.compile(r"\b(?:o que|que) (?:e|significa) (?:o |a )?(?:sisu|prouni)\b"),
    "publication": re.compile(
        r"\bedital\b.*\b(?:publicad[oa]|publicacao|vigor|vigencia|assinad[oa]|que data|data)\b"
        r"|\b(?:publicad[oa]|publicacao|vigor|vigencia|assinad[oa]|data)\b.*\bedital\b"
    ),
    "enum": re.compile(
        r"\bquais (?:sao |seriam )?(?:os |as )?\w+|\bqual (?:e )?a ordem\b|\bcriterios\b"
        r"|\bem que (?:ordem|casos)\b"
    ),
}
"""Question forms, matched on the folded question (whole words)."""


_TAKE_PART = (
    r"(?:fazer|faz|participar|participa|usar|entrar|entra|concorrer|concorre|tentar|disputar"
    r"|(?:me |se )?inscrever|(?:me |se )?increver|ganhar|ganha|ter|pegar|conseguir|pedir"
    r"|receber|ter direito (?:a|ao|à))"
)
"""Verbs of taking part in a program (or getting its scholarship)."""
_PROGRAM_OBJECT = r"(?:(?:o|a|no|na|do|da|ao|à|os|as|nos|nas|um|uma)\s+)?(?:sisu|prouni|bolsas?)"
"""The program, or its scholarship, as the object of `_TAKE_PART`."""
ELIGIBLE = re.compile(
    rf"\bquem (?:(?:e que|que) )?(?:pode|podem|consegue|conseguem|tem direito)\b"
    rf"(?:\s+{_TAKE_PART})?(?:\s+{_PROGRAM_OBJECT})?\s*(?:[?!.]|$)"
    rf"|\bquem (?:(?:e que|que) )?(?:pode|podem|consegue|conseguem)\s+{_TAKE_PART}\s+"
    rf"{_PROGRAM_OBJECT}\b"
    rf"|\bquem tem direito (?:a|ao|à|de)\s+{_PROGRAM_OBJECT}\b"
    rf"|\b(?:aceita|aceitam|admite|admitem)\s+(?:quem|alunos?|estudantes?|candidatos?"
    rf"|pessoas?|gente)\b"
    rf"|\b(?:pre-?)?requisitos?\b(?! (?:de|da|do) (?:renda|nota))"
    rf"|\b(?:quais|qual) (?:sao |e )?(?:as |a )?condic(?:oes|ao)\b"
    rf"|\bcondic(?:oes|ao) (?:pra|para|de) {_TAKE_PART}\b"
    rf"|\b(?:posso|pode|podem|consigo|da (?:pra|para)|tenho direito de|tenho direito a)"
    rf"\s+(?:eu\s+)?{_TAKE_PART}\s+{_PROGRAM_OBJECT}\s*(?:[?!.]|$)"
    rf"|\bo que (?:eu )?(?:preciso|precisa|e preciso|tenho que ter|precisa ter|preciso ter)"
    rf" (?:pra|para) {_TAKE_PART}\s+{_PROGRAM_OBJECT}\b"
)
"""A question about who may take part in the program, as a whole: "quem pode fazer o
prouni?", "quem tem direito ao prouni?", "o prouni aceita quem…?", "quais os requisitos pro
prouni", "quais as condições pra ganhar bolsa?", "o que precisa pra entrar no prouni?", and
"…, posso fazer o prouni?" (with
the student's situation told before it). Not "quem pode usar *cota*?" (a subject of its own)
nor "requisitos de renda" (the income rule, its own subject). Matched on the folded question
with chat spellings written out."""
ELIGIBILITY = tuple(
    tuple(stem(w) for w in words(phrase) if w not in QUERY_STOPWORDS)
    for phrase in ("requisitos", "condições", "somente poderá se inscrever")
)
"""The concept an eligibility question asks about, as the editais say it: the requirements or
conditions, who "somente poderá se inscrever"."""
NOT_ELIGIBLE: frozenset[Ask] = frozenset(
    {"where", "how", "todo", "list", "define", "amount", "publication", "program"}
)
"""Forms that ask something else of taking part (where, how, what to do, which documents…)."""
TAKE_PART_STEMS = frozenset(
    stem(w)
    for phrase in (
        "fazer faz participar participa usar entrar entra concorrer concorre tentar disputar",
        "inscrever increver ganhar ganha ter pegar conseguir pedir receber direito bolsa bolsas",
        "requisito requisitos pre prerequisitos condição condições condicao condicoes preciso",
        "precisa consegue conseguem quem pode podem posso aceita aceitam admite admitem",
    )
    for w in phrase.split()
)
"""The stems of an eligibility question's frame: its concepts made only of these are replaced
by `ELIGIBILITY`."""


def eligibility(found: list[Concept]) -> list[Concept]:
    """The concepts of an eligibility question: those of the frame ("fazer", "participar",
    "requisitos", "bolsa") replaced by `ELIGIBILITY`; the student's own words (a situation told
    before "posso fazer o prouni?") kept, after it."""
    kept = [c for c in found if not set(c.origin) <= TAKE_PART_STEMS]
    return [Concept(origin=ELIGIBILITY[0], alternatives=ELIGIBILITY), *kept]


@dataclass(frozen=True, slots=True)
class Query:
    """A question analysed once (normalised text, stems, words, numbers, program) and shared by
    every ranker."""

    text: str
    """The question as typed."""
    normalized: str
    """Chat spellings replaced ("qnd" → "quando")."""
    stems: tuple[str, ...]
    """Content stems of the question, in order (no stop words, no program names)."""
    words: tuple[str, ...]
    """The content words as typed (lower case, accents restored where known), parallel to
    `stems`."""
    concepts: tuple[Concept, ...]
    terms: tuple[str, ...]
    """Distinct stems to search for: every alternative of every concept."""
    kind: Kind
    """What the answer must hold: a date, a time of day, a year (an Enem edition), a number of
    the thing counted (the first concept), an amount of money, a percentage; "other" when the
    kind is open."""
    named: frozenset[str]
    """Programs the question names ("sisu", "prouni")."""
    cued: frozenset[str]
    """Programs the question points at without naming them ("federal" → sisu)."""
    asks: frozenset[Ask] = frozenset()
    """The question's forms (see `Ask`); a question may have several ("quem… como…")."""
    outside: bool = False
    """The question names a topic the editais do not treat (`lexicon.outside_topics`), an
    edition of the programs other than 2026 (`other_edition`), a degree the student holds
    (`GRADUATED`), what a bolsa pays for (`COVERED_COST`) or the record in the course once
    enrolled (`COURSE_RECORD`)."""
    aside: frozenset[str] = frozenset()
    """Stems said only where the student tells their situation ("… no nome do dono, serve?",
    "pq vou viajar"): details, never the subject (`aside.py`)."""
    asking: str = ""
    """The part of the question that asks, without its asides (`aside.asking_part`; the folded
    question when it has none or points back at them): the student questions are matched on it
    too (`student_questions.QuestionMatcher.match`)."""

    @property
    def told(self) -> frozenset[str]:
        """The aside stems the ranker weighs less (`rank.ASIDE_WEIGHT`): none when the asking
        part points back at the told part ("…, qual delas o sisu considera?")."""
        return self.aside if self.asking != fold(self.normalized) else frozenset()

    @property
    def empty(self) -> bool:
        return not self.terms


def is_content(word: str) -> bool:
    return (
        word not in QUERY_STOPWORDS
        and word not in PROGRAM_WORDS
        and (len(word) > 1 or word.isdigit())
    )


def either_or(raw: list[str]) -> list[tuple[str, str]]:
    """(left, right) content words joined by "ou" ("bruta ou líquida", "online ou
    presencial", "em papel ou só pela internet"): the student offers alternatives, and a
    passage that says either answers the question."""
    pairs = []
    for i, word in enumerate(raw):
        if word != "ou":
            continue
        left = next((w for w in reversed(raw[:i]) if is_content(w)), None)
        right = next((w for w in raw[i + 1 :] if is_content(w)), None)
        if left is not None and right is not None:
            pairs.append((left, right))
    return pairs


def merge_alternatives(found: list[Concept], pairs: list[tuple[str, str]]) -> list[Concept]:
    """`found` with the concepts of each "X ou Y" pair made one concept with both ways."""
    out = list(found)
    for left, right in pairs:
        a = next((c for c in out if stem(left) in c.origin), None)
        b = next((c for c in out if stem(right) in c.origin), None)
        if a is None or b is None or a is b:
            continue
        merged = Concept(origin=a.origin, alternatives=a.alternatives + b.alternatives)
        out = [merged if c is a else c for c in out if c is not b]
    return out


def analyse(text: str) -> Query:
    """Analyse a question (see the module docstring)."""
    text = text[:MAX_QUERY_CHARS]
    normalized = expand_chat(text)
    raw = words(normalized)
    content = [w for w in raw if is_content(w)]
    stems_ = tuple(stem(w) for w in content)
    found = merge_alternatives(concepts(stems_), either_or(raw))
    folded = fold(normalized)
    named = {"prouni" if m.group(1) == "sisprouni" else m.group(1) for m in _NAMES.finditer(folded)}
    # cue phrases are stored without function words ("nota de corte" → nota, corte)
    cue_stems = [stem(w) for w in raw if w not in QUERY_STOPWORDS]
    kind: Kind = "other"
    if _TIME.search(folded) and not re.search(r"\bquem\b", folded):
        kind = "time"
    elif _WHEN.search(folded):
        kind = "date"
    elif _YEAR.search(folded):
        kind = "year"
    if kind == "other" and _PERCENT.search(folded):
        kind = "percent"
    if kind == "other" and _MONEY.search(folded):
        kind = "money"
    if kind == "other" and _COUNT.search(folded):
        kind = "count"
    forms = as_role(folded)  # "fiz o enem como treineiro, conta?" asks no *how*
    asks = {name for name, pattern in _ASKS.items() if pattern.search(forms)}
    # "quem pode fazer o prouni?", not "até que dia dá pra se inscrever no sisu?" (a date) nor
    # "onde posso me inscrever no prouni?" (a place)
    eligible = kind == "other" and not asks & NOT_ELIGIBLE and ELIGIBLE.search(folded) is not None
    if eligible:
        found = eligibility(found)
    if OWN_EDITAL.search(folded):
        found.append(EDITAL_PROPRIO)
    found = found[:MAX_QUERY_TERMS]
    terms = tuple(dict.fromkeys(s for c in found for s in sorted(c.stems)))
    if not _INTERROGATIVE.search(forms) and kind != "date":
        asks.add("yesno")  # "posso…?", "tem lista de espera?", "vale…?"
        if kind == "count":
            kind = "other"  # "a nota de corte é a nota mínima?" asks yes or no, not a number
    if kind != "other":
        asks.discard("amount")
    if eligible:  # who may take part, not who is responsible; the conditions, not a list
        asks -= {"who", "enum"}
        asks.add("eligible")
    return Query(
        text=text,
        normalized=normalized,
        stems=stems_,
        words=tuple(restore_accents(w) for w in content),
        concepts=tuple(found),
        terms=terms[: MAX_QUERY_TERMS * 4],
        kind=kind,
        named=frozenset(named),
        cued=frozenset(program_cues(cue_stems)) - frozenset(named),
        asks=frozenset(asks),
        outside=bool(outside_topics(cue_stems))
        or other_edition(folded)
        or GRADUATED.search(folded) is not None
        or COVERED_COST.search(folded) is not None
        or COURSE_RECORD.search(folded) is not None,
        aside=aside_stems(normalized),
        asking=asking_part(normalized),
    )


__all__ = ["Ask", "Kind", "Query", "analyse"]
