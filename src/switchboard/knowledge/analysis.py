"""Portuguese text analysis for full-text search: words → stems, and user text → a safe query.

Stemming happens in Python (Snowball's Portuguese stemmer, `snowballstemmer`: pure Python,
no model files) so SQLite FTS5 can index *stems* with its `unicode61 remove_diacritics 2`
tokenizer, which folds accents and case but knows no Portuguese. The original text is kept
beside the stems for display.

Two normalisations sit in front of the stemmer:
- `-ões`/`-ães` → `-ão` and `-ais` → `-al` (the usual plurals of `-ão` and `-al` words):
  Snowball strips "-ações" but not "-ições", and stems "integrais" to "integr" but "integral"
  to "integral", so plural and singular would otherwise never meet;
- query words in `QUERY_STOPWORDS` are dropped from *queries only* (documents keep every word):
  interrogatives and chat filler ("quando", "qual", "posso", "gostaria") are rare in an edital,
  so BM25 would give them a high weight and rank passages by them.

`fts5_query` turns any user text into a MATCH expression of double-quoted stems joined by OR:
FTS5 syntax characters (`"`, `*`, `:`, `^`, `(`, `NEAR`, `AND`/`OR`/`NOT`) never reach the
parser as syntax, because tokens are built only from word characters and then quoted.
"""

from __future__ import annotations

import json
import re
import unicodedata
from functools import lru_cache
from importlib import resources

import snowballstemmer  # type: ignore[import-untyped]  # pure-Python wheel, ships no type hints

WORD = re.compile(r"\w+", re.UNICODE)
MAX_QUERY_CHARS = 1000
MAX_QUERY_TERMS = 32
"""Longer questions are cut: 32 stems are far beyond any question about an edital."""

_STOPWORDS = """
    a à ao aos as às o os um uma uns umas de da das do dos em na nas no nos num numa
    e ou mas se que quem qual quais quanto quanta quantos quantas quando onde como porque
    por pra pro para pelo pela pelos pelas com sem sobre entre até após ante
    é ser são era foi sou estou está estão esta este isso isto essa esse aquele aquela
    eu tu ele ela nós vós eles elas você vocês meu minha meus minhas seu sua seus suas
    me te lhe nos vos mim ti já não sim também só ainda então lá aqui
    posso pode podem preciso precisa precisam devo deve devem tenho tem têm ter
    quero queria gostaria saber sabe diga dizer explique explica fala falar
    oi olá ola obrigado obrigada favor coisa coisas algum alguma
    fui foi fomos foram fiz fez fizemos fizeram faço faz fazer fazem faria feito feita feitos feitas
    der derem dê além
    vou vai vamos vão ia iria ir indo tô to tá ta tava estava estive estou estamos
    sou somos seria fosse tenho temos tinha teria tive teve dá da dar deu dei
    consigo consegue conseguir consegui conseguiu quer querer queria quis
    fico fica ficar ficou ficaria acho achei acha vejo ver vi viu olhar
    agora ainda já ja so só tipo cara mano gente aí ai la lá aqui ali então entao
    isso isto essa esse essas esses dessa desse dessas desses nessa nesse
    dela dele delas deles disso nisso daquilo nada nenhum nenhuma algo alguém alguem
    todo toda todos todas tudo outro outra outros outras mesmo mesma bem mal
    muito muita muitos muitas pouco pouca mais menos bastante
    sempre nunca depois antes hoje ontem amanhã amanha logo
    caso vez vezes umas uns lugar jeito forma vida
    certo certa verdade sério serio afinal aliás alias tal
    me minha meu nossa nosso nós a gente eles elas
    sabe saber sei sabia sabiam soube souber falar fala dizer diz disse digo dizem
    pergunta perguntar
    ajuda ajudar preciso precisa precisar necessário necessario
    acontece acontecer aconteceu esqueci esquecer descobrir descobrirem causa funciona funcionar
    alguma algumas alguns qualquer quaisquer cada
    e ou mas porém porem pois porque por que pq
    enquanto embora apesar contudo todavia assim senão
"""
QUERY_STOPWORDS = frozenset(_STOPWORDS.split()) | frozenset(
    unicodedata.normalize("NFKD", w).encode("ascii", "ignore").decode() for w in _STOPWORDS.split()
)
"""Function words and chat filler dropped from queries (never from indexed text), also as
typed without accents ("ate quanto de renda…" is "até", not a subject)."""


EXPANSIONS = {
    "inscrever": "inscrições",
    "inscrevo": "inscrições",
    "abrem": "inscrições período",
    "abre": "inscrições período",
    "abertura": "inscrições período",
    "site": "endereço eletrônico internet página",
    "link": "endereço eletrônico internet página",
    "máxima": "exceda limite",
    "máximo": "exceda limite",
    "cota": "reserva vagas ações afirmativas",
    "cotas": "reserva vagas ações afirmativas",
    "cotista": "cotas reserva vagas ações afirmativas",
    "cotistas": "cotas reserva vagas ações afirmativas",
    "mudar": "alterar",
    "trocar": "alterar",
    "pago": "taxa cobrança",
    "paga": "taxa cobrança",
    "pagar": "taxa cobrança",
    "gratuita": "taxa cobrança",
    "particular": "privada",
    "faculdade": "instituição",
    "universidade": "instituição",
    "pcd": "deficiência",
    "deficiente": "deficiência",
    "matricular": "matrícula",
}
"""Words of the way students ask, mapped to the words the editais use for the same thing
("site" → "endereço eletrônico", "cotas" → "reserva de vagas"). Added to the query (OR), never
to the index."""

_DATE_WORDS = (
    "quando prazo prazos data datas dia dias período começa começam termina terminam "
    "encerra encerram cronograma calendário"
)
DATE_WORDS = frozenset(_DATE_WORDS.split())
DATE_EXPANSION = "período"
"""A question about *when* gets the words that surround the editais' dates, so the passage
holding the date outranks passages that only share the topic ("inscrições")."""
PHRASES = {
    "por pessoa": "per capita",
    "nota de corte": "menor nota",
    "nota mínima": "igual ou superior pontos",
    "pontuação mínima": "nota igual ou superior pontos",
}


@lru_cache(maxsize=1)
def _stemmer() -> snowballstemmer.stemmer:
    return snowballstemmer.stemmer("portuguese")


def fold(text: str) -> str:
    """Lower case without diacritics ("Inscrição" → "inscricao"), for comparisons."""
    decomposed = unicodedata.normalize("NFD", text.lower())
    return "".join(c for c in decomposed if unicodedata.category(c) != "Mn")


def words(text: str) -> list[str]:
    return WORD.findall(text.lower())


SUFFIX_ACCENTS = (
    ("coes", "ções"),
    ("cao", "ção"),
    ("encias", "ências"),
    ("encia", "ência"),
    ("ancia", "ância"),
    ("avel", "ável"),
    ("ivel", "ível"),
)
"""Accents of common suffixes, for words typed without accents that the corpus lacks."""


@lru_cache(maxsize=1)
def vocabulary() -> frozenset[str]:
    """Every word of the packaged corpus and lexicon (lower case)."""
    found: set[str] = set()
    data = resources.files("switchboard.knowledge").joinpath("data")
    for name in ("editais.jsonl", "lexicon.yaml"):
        try:
            text = data.joinpath(name).read_text(encoding="utf-8")
        except FileNotFoundError:
            continue
        found.update(words(text))
    return frozenset(found)


VERB_FORMS = (
    ("guei", "gar"),
    ("quei", "car"),
    ("aram", "ar"),
    ("amos", "ar"),
    ("ei", "ar"),
    ("ou", "ar"),
    ("eram", "er"),
    ("emos", "er"),
    ("eu", "er"),
    ("iram", "ir"),
    ("imos", "ir"),
    ("iu", "ir"),
    ("i", "er"),
    ("i", "ir"),
)
"""Past-tense endings students type ("usei", "mudou", "escolhi", "concluiu") and the infinitive
they come from. Snowball stems "usei" to "use" but "usar" to "usar", so a verb the edital has in
the infinitive would never meet the student's past tense."""


def infinitive(word: str) -> str | None:
    """The infinitive of a past-tense form when the corpus or the lexicon has it ("usei" →
    "usar"), else None: a guess is only taken when it is a known word."""
    known = vocabulary()
    if word in known:
        return None
    for ending, replacement in VERB_FORMS:
        if word.endswith(ending) and len(word) - len(ending) >= 2:
            guess = word[: -len(ending)] + replacement
            if guess in known:
                return guess
    return None


@lru_cache(maxsize=1)
def accents() -> dict[str, str]:
    """Folded word → accented word, for every accented word of the packaged corpus and lexicon
    whose folded spelling is not itself a word there ("inscricoes" → "inscrições").

    Students often type without accents, and Snowball's Portuguese rules key on accented
    suffixes: "documentação" stems to "document" but "documentacao" to "documentaca". Restoring
    the accents from the corpus's own vocabulary makes both meet; it can never invent a word the
    corpus does not have."""
    known = vocabulary()
    table: dict[str, str] = {}
    for word in sorted(known):
        folded = fold(word)
        if folded != word and folded not in known:
            table.setdefault(folded, word)
    return table


def restore_accents(word: str) -> str:
    """The accented spelling of an unaccented word (see `accents`), else `word`."""
    table = accents()
    known = table.get(word) or table.get(fold(word))
    if known is not None:
        return known
    if not word.isascii():
        return word
    for plain, accented in SUFFIX_ACCENTS:
        if word.endswith(plain) and len(word) > len(plain) + 2:
            return word[: -len(plain)] + accented
    return word


STEM_EXCEPTIONS = {"reservista": "reservist", "reservistas": "reservist"}
"""Words whose Snowball stem is another word's of this domain: "reservista" (military service)
would be "reserv", the stem of "reserva de vagas" (the cotas)."""


@lru_cache(maxsize=8192)
def stem(word: str) -> str:
    """The search form of one lower-case word: accents restored (`restore_accents`), a past
    tense read as its infinitive (`infinitive`), plural "-ões/-ães" → "-ão", Snowball stem,
    accents folded (FTS5 folds them too); `STEM_EXCEPTIONS` first."""
    if word in STEM_EXCEPTIONS:
        return STEM_EXCEPTIONS[word]
    word = restore_accents(word)
    word = infinitive(word) or word
    if word.endswith(("ões", "ães")):
        word = word[:-3] + "ão"
    elif word.endswith("ais") and len(word) >= 6:
        word = word[:-3] + "al"
    return fold(_stemmer().stemWord(word))


def stems(text: str) -> list[str]:
    """Every word of `text` as a stem, in order (for indexing)."""
    return [stem(w) for w in words(text)]


def stemmed_text(text: str) -> str:
    return " ".join(stems(text))


@lru_cache(maxsize=1)
def corpus_stems() -> frozenset[str]:
    """Every stem of the packaged editais' passages (text and section titles), not the lexicon's:
    what the documents themselves talk about."""
    data = resources.files("switchboard.knowledge").joinpath("data")
    try:
        lines = data.joinpath("editais.jsonl").read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        return frozenset()
    found: set[str] = set()
    for line in lines:
        if line.strip():
            row = json.loads(line)
            found.update(stems(f"{row.get('text', '')} {row.get('section') or ''}"))
    return frozenset(found)


def editais_terms(text: str) -> list[str]:
    """The distinct content words of `text` (query stopwords and numbers dropped) whose stem the
    editais use: "preciso levar título de eleitor?" → ["titulo", "eleitor"]. How much of a
    question is about the editais' world, measured by the documents, not by a word list."""
    known = corpus_stems()
    seen: dict[str, str] = {}
    for word in query_words(text):
        if word.isalpha() and len(word) >= 3 and (s := stem(word)) in known:
            seen.setdefault(s, word)
    return list(seen.values())


def is_date_question(text: str) -> bool:
    """ "Quando…?", "até quando", "qual o prazo", "que dia": the answer is a date."""
    raw = words(text[:MAX_QUERY_CHARS])
    return bool(DATE_WORDS.intersection(raw)) or "até quando" in " ".join(raw)


def query_words(text: str, *, expand: bool = False, drop: str | None = None) -> list[str]:
    """The distinct content words of a user query (lower case, in order), at most
    `MAX_QUERY_TERMS`.

    `expand` adds `EXPANSIONS`, `PHRASES` and, for a question about dates, `DATE_EXPANSION`;
    `drop` removes one word (the collection's name, when the search is already restricted to
    that collection, matches every passage and only adds noise)."""
    text = text[:MAX_QUERY_CHARS]
    raw = words(text)
    chosen = [w for w in raw if w not in QUERY_STOPWORDS and (len(w) > 1 or w.isdigit())]
    if expand:
        extra: list[str] = []
        for word in chosen:
            extra += EXPANSIONS.get(word, "").split()
        lowered = " ".join(raw)
        for phrase, words_ in PHRASES.items():
            if phrase in lowered:
                extra += words_.split()
        if is_date_question(text):
            extra += DATE_EXPANSION.split()
        chosen += [w for w in extra if w not in QUERY_STOPWORDS]
    dropped = drop.strip().lower() if drop else None
    kept = dict.fromkeys(w for w in chosen if w != dropped)
    return list(kept)[:MAX_QUERY_TERMS]


def query_terms(text: str, *, expand: bool = False, drop: str | None = None) -> list[str]:
    """The distinct stems of `query_words` (same arguments), in order."""
    return list(dict.fromkeys(stem(w) for w in query_words(text, expand=expand, drop=drop)))


def fts5_query(terms: list[str]) -> str:
    """An FTS5 MATCH expression: each term quoted, joined by OR ("" for no terms).

    Terms come from `query_terms` (word characters only); quotes are still doubled as FTS5
    string syntax requires, so even a hand-made term cannot break out of its string."""
    return " OR ".join('"' + t.replace('"', '""') + '"' for t in terms if t)


def websearch_query(text: str, *, drop: str | None = None) -> str:
    """A `websearch_to_tsquery` input for PostgreSQL: the (expanded) content words joined by
    `or`; PostgreSQL stems them itself.

    `websearch_to_tsquery` never raises on odd input; building the string from word characters
    only also keeps its operators (`-`, quotes, `or`) from being typed by the user."""
    kept = [w for w in query_words(text, expand=True, drop=drop) if w != "or"]
    return " or ".join(kept)


__all__ = [
    "QUERY_STOPWORDS",
    "corpus_stems",
    "editais_terms",
    "fold",
    "fts5_query",
    "is_date_question",
    "query_terms",
    "query_words",
    "stem",
    "stemmed_text",
    "stems",
    "websearch_query",
    "words",
]
