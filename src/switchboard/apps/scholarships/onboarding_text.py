"""Onboarding's slots read from pt-BR text: a name, an age, a city and its UF, education —
and why a message is *not* one of them (issue 20, point 3).

The original stored whatever came back as the name: a question ("isso é obrigatório?"), a
refusal ("prefiro não dizer"), an indirect self-harm message. Here a value must look like one:

- **name**: the nickname the student asks for wins ("Gabriela, mas me chama de Gabi" → Gabi);
  then "me chamo X", "meu nome é X", "sou a X", "É X, com y"; a bare answer only when the name
  was asked, and only if every word could be part of a name (letters, no word from the list of
  everyday words below, no question mark). Anything the guard would flag is never a name;
- **age**: "N anos", "tenho N", "minha idade é N", a bare number when asked; in a correction
  ("na verdade tenho 18, não 17", "não é 17 não, é 16") the number after "não" is the old one;
- **city**: after "moro em"/"sou de", as the answer to the city question, or as a whole comma
  segment of an introduction ("Diego, 19 anos, Salvador, ..."); mapped to the catalogue
  (`records/cities.py`: accents and case folded, "BH", "Sampa", "POA", "Floripa"), with its UF,
  which the student's own ("campina grande - pb", "Cametá, no Pará") overrides; "não em Timon"
  is the city being corrected, not the new one;
- **education**: the four levels, from the phrases students use ("terminei o EM", "3º ano na
  estadual", "estudei em escola pública").

`reading(text, asked)` returns the values found and, for the slot that was asked, the pt-BR
reason the message is not a value (a question, a refusal, a greeting) — said instead of "não
entendi", before the question comes again.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from switchboard.apps.scholarships.records.cities import AMBIGUOUS_WORDS, lookup, state_in
from switchboard.apps.scholarships.records.places import parse_uf
from switchboard.apps.scholarships.records.text import normalize
from switchboard.apps.scholarships.records.vocab import Education
from switchboard.patterns import NUMBER_WORD, words_value

Flagged = Callable[[str], bool]


@dataclass(slots=True)
class Reading:
    values: dict[str, object] = field(default_factory=dict)
    problems: dict[str, str] = field(default_factory=dict)


# -- names ----------------------------------------------------------------------------------------
_WORD = r"[A-Za-zÀ-ÖØ-öø-ÿ][A-Za-zÀ-ÖØ-öø-ÿ'’-]*"
_NAME_WORDS = rf"{_WORD}(?:\s+(?:d[aeo]s?\s+)?{_WORD}){{0,3}}"
_NICKNAME = re.compile(
    r"(?:pode(?:s|m)?\s+me\s+chamar\s+(?:de|só\s+de|so\s+de)|me\s+cham(?:a|e|am|em)\s+(?:de|só\s+de)"
    r"|prefiro\s+que\s+me\s+cham\w*\s+de|pode\s+usar|prefiro\s+ser\s+chamad[oa]\s+de"
    r"|meu\s+apelido\s+(?:é|e)|me\s+conhecem\s+como|me\s+trat[ae]\s+(?:por|como)"
    r"|(?:^|[,;.!]\s*)(?:mas\s+)?(?:pode\s+ser|prefiro)(?:\s+s[óo])?(?=\s+(?-i:[A-ZÀ-Ý]))"
    r"|^\s*pode\s+ser\s+s[óo])\s+"
    rf"(?P<name>{_NAME_WORDS})",
    re.IGNORECASE,
)
_EXPLICIT = tuple(
    re.compile(lead + rf"\s+(?P<name>{_NAME_WORDS})", re.IGNORECASE)
    for lead in (
        r"\bme\s+chamo",
        r"\bmeu\s+nome\s*\??\s*(?:(?:na\s+verdade|mesmo|certo|correto|completo)\s+)?(?:é|e|eh)",
        r"\bna\s+verdade\s+(?:eu\s+)?me\s+chamo",
        r"\bmeu\s+nome\s*[:,-]\s*(?:(?:é|e|eh)(?=\s))?",
        r"\b(?:eu\s+)?sou\s+(?:o|a)",
        r"\baqui\s+(?:é|e)\s+(?:o|a)",
        r"^\s*(?:é|e)",
        r"^\s*(?:oi|olá|ola|opa|eai|e\s+aí|e\s+ai)\W*(?:(?:eu\s+)?sou(?:\s+(?:o|a))?)?",
    )
)
_INTRO = re.compile(
    r"^\s*(?:(?:oi|olá|ola|opa|eai|e\s+aí|bom\s+dia|boa\s+tarde|boa\s+noite)\W*\s*)?"
    r"(?:(?:eu\s+)?sou\s+(?:o|a)\s+)?"
    rf"(?P<name>{_WORD}(?:\s+{_WORD})?)\s*,\s*(?P<age>\d{{1,3}})\b",
    re.IGNORECASE,
)
_NAME_AGE = re.compile(
    r"^\s*(?:(?:oi|olá|ola|opa|eai|bom\s+dia|boa\s+tarde|boa\s+noite)\W*\s*)?"
    r"(?:(?:eu\s+)?sou\s+(?:o|a)\s+|me\s+chamo\s+)?"
    rf"(?P<name>{_WORD}(?:\s+{_WORD}){{0,2}}?)\s*[,;-]?\s*(?:(?:tenho|tô\s+com|to\s+com|com)\s+)?"
    r"(?P<age>\d{1,2})(?:\s*anos)?\W*$",
    re.IGNORECASE,
)
"""The answer to the name question with the age in it, telegraphic: "Tais 18", "Lívia tenho
17", "Breno, 19 anos"."""
_AGE_NAME = re.compile(
    r"^\s*(?:(?:oi|olá|ola|opa|eai|bom\s+dia|boa\s+tarde|boa\s+noite)\W*\s*)?"
    r"(?:(?:eu\s+)?tenho\s+|(?:tô|to|estou)\s+com\s+)?(?P<age>\d{2})(?:\s*anos)?\s*[,;-]?\s*"
    r"(?:e\s+)?(?:(?:eu\s+)?sou\s+(?:o|a)\s+|me\s+chamo\s+|meu\s+nome\s+(?:é|e)\s+)?"
    rf"(?P<name>{_WORD}(?:\s+{_WORD}){{0,2}}?)(?:\s+aqui)?\W*$",
    re.IGNORECASE,
)
"""The age first, then the name, telegraphic: "16, Mariana", "17 anos, Bruno aqui", "18 - Caio"
(as the first message or to the name question)."""
_BARE_AGE = re.compile(r"^\W*(?P<age>\d{2})(?:\s*anos)?\W*$", re.IGNORECASE)
""""19" typed to the name question: the age, told before it was asked (noted, and the name
asked again), not a bad name."""
NOT_NAME_WORDS = frozenset(
    normalize(word)
    for word in (
        "oi", "olá", "ola", "opa", "hmm", "hm", "ah", "eh", "tudo", "bem", "bom", "boa", "dia",
        "tarde", "noite", "sei", "lá", "la", "não", "nao", "sim", "quero", "queria", "prefiro",
        "depois", "falo", "falar", "dizer", "isso", "isto", "é", "e", "obrigatório", "obrigatorio",
        "vc", "você", "voce", "seu", "sua", "meu", "minha", "nome", "qual", "quem", "como",
        "porque", "pq", "por", "que", "quê", "o", "a", "os", "as", "um", "uma", "de", "do", "da",
        "em", "no", "na", "pra", "para", "com", "sem", "mas", "tenho", "anos", "moro", "sou",
        "estou", "to", "tô", "aqui", "ok", "beleza", "blz", "valeu", "obrigado", "obrigada",
        "certo", "nada", "ninguém", "ninguem", "agora", "ainda", "já", "ja", "só", "so", "tipo",
        "acho", "talvez", "nem", "vou", "pode", "posso", "quer", "ser", "chamar", "chama", "me",
        "te", "eu", "ele", "ela", "nós", "nos", "sisu", "prouni", "enem", "faculdade", "curso",
        "bolsa", "escola", "cadastro", "pular", "passar", "cancelar", "sair", "ajuda", "help",
        "teste", "kkk", "kkkk", "haha", "rs", "bot", "robô", "robo", "cloudinha", "duvida",
        "dúvida", "pergunta", "espera", "peraí", "perai", "calma", "tá", "ta", "idade", "cidade",
        "renda", "nota", "quanto", "quando", "onde", "funciona", "dinheiro", "legal", "show",
        "medio", "médio", "ensino", "terminei", "estudo", "trabalho", "desculpa", "desculpe",
        "gente", "todo", "mundo", "melhor", "pior", "morrer", "sumir", "desaparecer", "triste",
        "pera", "errei", "ops", "opa", "verdade", "corrigindo", "engano", "enganei", "aliás",
        "alias", "se", "ou", "mais", "muito", "também", "tambem", "então", "entao", "aí", "ai",
        "esse", "essa", "este", "esta", "isso", "aquilo", "até", "ate", "sobre", "vamos", "bora",
        "favor", "pfv", "pf", "obg", "importa", "importante", "interessa", "necessário",
        "necessario", "precisa", "preciso", "estudante", "aluno", "aluna", "nordeste", "sudeste",
        "norte", "sul", "brasil", "real", "mesmo", "mesma", "ninguem", "alguém", "alguem",
        "depende", "varia", "qualquer", "nenhum", "nenhuma", "tanto", "faz", "menos", "longe",
        "perto", "esquece", "deixa", "proxima", "próxima", "claro", "fiz", "faço", "faco",
        "ano", "serie", "série", "periodo", "período",
    )
)  # fmt: skip
_INTERJECTION = re.compile(
    r"(?:k{2,}|(?:ha|he|hi|hu|rs|ks|kk)+h?|a+f+|h+m+|u+[ée]+|o+i+|a+h+|e+h+|x+|z+|m+)", re.I
)
"""Laughter and interjections ("kkkkkk", "hahaha", "rsrs", "aff", "hmmm"): never a name."""


def not_a_name_word(word: str) -> bool:
    """Whether `word` cannot be part of a name (an everyday word, a number in words —
    "dezoito anos" is an age —, laughter, an interjection)."""
    key = normalize(word)
    return (
        key in NOT_NAME_WORDS or bool(_INTERJECTION.fullmatch(key)) or words_value(key) is not None
    )


_TRAILER = re.compile(
    r"\s*[,;.!]\s*(?:com|sem|mas|só|so|e\s|tudo|tenho|moro|sou|pode|prefiro|todo|escrito|que).*$",
    re.IGNORECASE | re.DOTALL,
)
_BARE_LEAD = re.compile(
    r"^\s*(?:(?:ok(?:ay)?|t[áa](?:\s+bom)?|beleza|blz|certo|claro|ent[ãa]o|sim|tudo\s+bem"
    r"|desculpa|foi\s+mal)\b[\s,.!]+)*(?:(?:pode\s+ser(?:\s+s[óo])?|s[óo])\s+(?=\S))?",
    re.I,
)
""""pode ser gui", "só Gui", "ok, Carla", "tá bom, Carla": the bare answer to the name question,
with its lead-in (an assent after a refusal or a reason is not part of the name)."""
_GREETING = re.compile(
    r"^\s*(?:oi+|olá|ola|opa|eai|e\s+aí|e\s+ai|bom\s+dia|boa\s+(?:tarde|noite))\b\W*", re.I
)


def _clean_name(raw: str) -> str | None:
    words = raw.split()
    kept: list[str] = []
    for word in words:
        key = normalize(word)
        if key in ("da", "de", "do", "das", "dos") and kept:
            kept.append(word.lower())
            continue
        if not key or not_a_name_word(word) or not re.fullmatch(_WORD, word):
            break
        kept.append(word)
    while kept and normalize(kept[-1]) in ("da", "de", "do", "das", "dos"):
        kept.pop()
    if not kept or len(" ".join(kept)) > 60:
        return None
    name = " ".join(kept)
    if not name.islower():
        return name
    if len(kept) == 1 and _INITIALS.fullmatch(name):
        return name.upper()
    return " ".join(w if w in _PARTICLES else w.capitalize() for w in kept)  # "João da Silva"


_PARTICLES = frozenset({"da", "de", "do", "das", "dos"})


_INITIALS = re.compile(r"[b-df-hj-np-tv-z]{2,3}")
"""A short nickname without a vowel is initials ("jp", "mc"): shown as JP, not Jp."""


_GUARDIAN = re.compile(
    r"\bsou\s+(?:o\s+|a\s+)?(?:m[ãa]e|pai|respons[áa]vel|av[óôo]|vov[óô]|tia|tio|irm[ãa]o?"
    r"|madrinha|padrinho|madrasta|padrasto)\s+(?P<of>d[oa])\s+"
    rf"(?P<name>{_NAME_WORDS})",
    re.IGNORECASE,
)
"""A parent or guardian who writes for the student ("oi, sou mãe do Pedro, ele tem 17"): the
profile is the student's, so the name is the student's ("mãe do Pedro" is nobody's name)."""
PERSON_CITIES = frozenset(
    normalize(word)
    for word in (
        "Mariana", "Marília", "Lorena", "Vitória", "Gaspar", "Salvador", "Natal", "Jandira",
        "Januária", "Franca", "Assis", "Castro", "Santos", "Sousa", "Santana", "Toledo",
        "Trindade", "Passos", "Resende", "Mafra", "Pinheiro", "Gama", "Lins", "Colombo",
        "Mesquita", "Bragança", "Candeias", "Serra", "Breves", "Caxias", "Concórdia", "Teresina",
        "Palmas", "Diamantina", "Alvorada", "Americana", "Leme", "Castanhal", "Patos",
    )
)  # fmt: skip
"""One-word cities of the catalogue that are also people's names or surnames (or nicknames made
of them): said alone to the name question, they may be the student. Any other city the
catalogue knows ("Recife", "Osasco") said alone to that question is where, not who."""


_CALL_ME = re.compile(
    r"(?:pode(?:s|m)?\s+me\s+chamar\s+(?:s[óo]\s+)?de|me\s+cham(?:a|e)\s+(?:s[óo]\s+)?de"
    r"|prefiro\s+que\s+me\s+cham\w*\s+de|prefiro\s+ser\s+chamad[oa]\s+de"
    r"|meu\s+apelido\s+(?:é|e)|me\s+conhecem\s+como|me\s+trat[ae]\s+(?:por|como))\s+"
    rf"(?P<name>{_NAME_WORDS})",
    re.IGNORECASE,
)


def nickname_in(text: str) -> str | None:
    """The name the student explicitly asks to be called by ("pode me chamar de Duda") — said
    after onboarding, a request to change how the profile names them ("prefiro Direito" is
    not one)."""
    if "?" in text:
        return None
    for nick in reversed(list(_CALL_ME.finditer(text))):
        if name := _clean_name(nick.group("name")):
            return name
    return None


def written_for(text: str) -> str | None:
    """ "da Larissa" when a parent or guardian introduces the student ("sou o pai da Larissa"):
    the greeting is then for the one writing, about the student."""
    if (guardian := _GUARDIAN.search(text)) and (name := _clean_name(guardian.group("name"))):
        return f"{guardian.group('of').lower()} {name}"
    return None


def name_in(text: str, asked: bool) -> str | None:
    """The name (or nickname) the student gives, if any."""
    if (guardian := _GUARDIAN.search(text)) and (name := _clean_name(guardian.group("name"))):
        return name
    for nick in reversed(list(_NICKNAME.finditer(text))):
        if name := _clean_name(nick.group("name")):
            return name
    for pattern in _EXPLICIT:
        if (said := pattern.search(text)) and (name := _clean_name(said.group("name"))):
            return name
    if (intro := _INTRO.match(text)) and (name := _clean_name(intro.group("name"))):
        return name
    if not asked or "?" in text:
        return None
    bare = _TRAILER.sub("", _BARE_LEAD.sub("", _GREETING.sub("", text))).strip(" .!")
    if (cut := re.search(r"\s*[,;.!]+\s*(\S+)", bare)) and not_a_name_word(cut.group(1)):
        bare = bare[: cut.start()].strip()  # "Morena, kkk to com sono": the name, then an aside
    if not bare or len(bare.split()) > 4:
        return None
    if not all(re.fullmatch(_WORD, w) for w in bare.split()):
        return None
    if _city_not_name(bare) or education_in(text, asked=True) is not None:
        return None  # "feira de santana", "Recife", "fiz supletivo": where or how far, not who
    return _clean_name(bare) if _clean_name(bare) == bare or bare.islower() else None


def _city_not_name(bare: str) -> bool:
    """A bare answer that is a city of several words, typed in lower case or with a "de/da/do"
    ("feira de santana", "rio de janeiro"), or a one-word city that is nobody's name ("Recife"):
    the student answered where, not who. Cities that are names (Vitória, Natal:
    `PERSON_CITIES`) and capitalised two-word ones (João Pessoa) can be people's names."""
    words = normalize(bare).split()
    city = lookup(bare)
    if city is None or normalize(city[0]) != " ".join(words):
        return False
    if len(words) == 1:
        return words[0] not in PERSON_CITIES
    return bare.islower() or bool({"de", "da", "do", "das", "dos"} & set(words))


_QUESTION_START = re.compile(
    r"^\s*(?:e\s+)?(?:qual|quais|quem|como|quando|onde|por\s*que|pq|o\s+que|oque|pra\s+que"
    r"|para\s+que|precisa|preciso|tenho\s+que|é\s+obrigat|e\s+obrigat|isso\s+é|isso\s+e)\b",
    re.IGNORECASE,
)
_REFUSAL = re.compile(
    r"\b(?:prefiro\s+n[ãa]o|n[ãa]o\s+quero|n[ãa]o\s+vou|depois\s+(?:eu\s+)?(?:falo|digo|te\s+falo)"
    r"|agora\s+n[ãa]o|n[ãa]o\s+posso\s+(?:falar|dizer)|segredo|n[ãa]o\s+interessa)\b",
    re.IGNORECASE,
)
_SMALL_TALK = re.compile(
    r"^\s*(?:oi+|olá|ola|opa|e\s*a[ií]|bom\s+dia|boa\s+(?:tarde|noite)|tudo\s+(?:bem|bom|certo)"
    r"|td\s+bem|beleza|blz)\b",
    re.IGNORECASE,
)
_THANKS = re.compile(
    r"^\W*(?:muito\s+)?(?:obrigad[oa]|obg|brigad[oa]|vlw|valeu|grat[oa])\b[\s!.,]*"
    r"(?:(?:mesmo|viu|demais)\b[\s!.]*)?$",
    re.IGNORECASE,
)
"""Thanks alone (after an answer the assistant gave mid-onboarding): not a name, not a city."""
WHY = {
    "name": "Só preciso saber como te chamar — pode ser um apelido.",
    "age": "A idade me ajuda a te orientar melhor (pode ser aproximada).",
    "city": "A cidade serve para eu procurar cursos perto de você.",
    "education": "A escolaridade me diz se você já pode usar o Enem no Sisu e no Prouni.",
}


def problem_for(slot: str, text: str) -> str | None:
    """Why `text`, given to the question about `slot`, is not its value (pt-BR), if it is one
    of the usual non-answers."""
    folded = normalize(text)
    asks_me = re.search(r"\b(?:seu nome|vc|voce|você)\b", folded) and "?" in text
    if slot == "name" and asks_me:
        return "Eu sou a Cloudinha! 😊 " + WHY["name"]
    if _REFUSAL.search(text):
        return "Tudo bem, sem pressão. " + WHY.get(slot, "")
    if "?" in text or _QUESTION_START.match(text):
        return WHY.get(slot)
    if _SMALL_TALK.match(text):
        return "Tudo ótimo por aqui, obrigada! 😊"
    if _THANKS.match(text):
        return "Por nada! 😊 " + WHY.get(slot, "")
    if slot == "name":
        return _NOT_A_NAME + WHY["name"]
    if slot == "education" and _SCHOOLING.search(folded):
        return _LEVEL_UNSAID
    return None


_SCHOOLING = re.compile(r"\b(?:escola|colegio|ensino medio|medio|supletivo|eja|tecnico)\b")
_LEVEL_UNSAID = (
    "Entendi onde você estudou. E o ensino médio: você já concluiu ou ainda está cursando?"
)
"""The education question answered with the school, not the level ("escola pública o ensino
médio todo"): the level is asked plainly, not met with "não entendi"."""

_NOT_A_NAME = "Hmm, isso não parece um nome. "


# -- ages -----------------------------------------------------------------------------------------
_AGE = re.compile(
    r"(?<![\d.,])(?P<n>\d{1,3})\s*(?:anos|aninhos)\b"
    r"|\btenho\s+(?P<t>\d{1,3})\b(?!\s*(?:irm|filh|pessoa|reais|mil|k\b|sal|[.,]\d|%))"
    r"|\bidade\s*(?:é|e|eh|:|de)?\s*(?P<i>\d{1,3})\b"
)
_RELATIVE_AGE = re.compile(
    r"\b(?:irm[ãa]o?|irmaos|filh[oa]s?|primo|prima|sobrinh[oa]|beb[êe]|m[ãa]e|pai|av[óôo])"
    r"\w*\s+(?:de|com|tem)\s*$",
    re.IGNORECASE,
)
_SELF_CORRECTION = re.compile(
    r"\b(?:quer\s+dizer|ou\s+melhor|digo|ali[áa]s|na\s+verdade|pera)\W+"
    r"(?:(?:é|e|eh|são|sao|tenho|fa[çc]o|fiz)\s+)?(?P<n>\d{1,3})(?![\d.,])",
    re.IGNORECASE,
)
_NOT_THIS_BUT = re.compile(
    r"^\W*\d{1,3}\s*(?:anos\s+)?n[ãa]o\W+(?:(?:é|e|eh|são|sao|tenho)\s+)?(?P<n>\d{1,3})"
    r"(?:\s*anos)?\W*$",
    re.IGNORECASE,
)
""""20 não, 23": the age given before, then the right one."""
_NEGATED = re.compile(r"\bn[ãa]o(?:\s+(?:é|e|era|tenho|sou|em|no|na))?\s*$", re.IGNORECASE)


_SCHOOL_YEAR = re.compile(r"\s*(?:[oºª°]\s*)?(?:ano|s[ée]rie|per[íi]odo|semestre)\b", re.I)
""""3º ano", "2a série": after a number, a school year (said to the age question, it is not 3)."""


_BIRTHDAY_SOON = re.compile(
    r"\b(?:fa[çc]o|vou fazer|completo|vou completar)\s+(?P<n>\d{1,3})(?:\s+anos)?\s+"
    r"(?:(?:n[oa]\s+)?(?:m[eê]s|semana|ano)\s+que\s+vem|amanh[ãa]|em\s+breve|daqui\s+a\b"
    r"|semana\s+que\s+vem|no\s+m[eê]s\s+que\s+vem|esse\s+m[eê]s|este\s+m[eê]s|dia\s+\d)",
    re.IGNORECASE,
)
"""A birthday soon ("faço 18 mês que vem"): the age now is one less."""


def age_in(text: str, asked: bool) -> int | None:
    """The student's age (the last one stated that is not negated; one less than the age a
    birthday soon will bring)."""
    if (soon := _BIRTHDAY_SOON.search(text)) and 10 < int(soon.group("n")) <= 121:
        return int(soon.group("n")) - 1
    found: list[int] = []
    for m in _AGE.finditer(text):
        value = m.group("n") or m.group("t") or m.group("i")
        before = text[max(0, m.start() - 25) : m.start()]
        if _RELATIVE_AGE.search(before) or _NEGATED.search(before):
            continue
        found.append(int(value))
    if intro := _INTRO.match(text):
        found.insert(0, int(intro.group("age")))
    if not found and (but := _NOT_THIS_BUT.match(text)):
        found = [int(but.group("n"))]
    if not found and re.search(r"\bn[ãa]o\s+(?:é|e|era|tenho)?\s*\d", text, re.IGNORECASE):
        found = [  # a correction: "não é 17 não, é 16"
            int(n.group(1))
            for n in re.finditer(r"(?<![\d.,])(\d{1,3})(?![\d.,])", text)
            if not _NEGATED.search(text[max(0, n.start() - 12) : n.start()])
        ]
    if not found and asked:
        numbers = [
            int(n.group(1))
            for n in re.finditer(r"(?<![\d.,])(\d{1,3})(?![\d.,])", text)
            if not _NEGATED.search(text[max(0, n.start() - 12) : n.start()])
            and not _SCHOOL_YEAR.match(text, n.end())
        ]
        words = len(re.findall(r"[^\W\d_]+", text))
        if lead := re.match(r"^\W*(\d{1,3})\s*(?:anos)?\s*[,;.!]", text):
            numbers, words = (
                [int(lead.group(1))],
                0,
            )  # "18, e to com medo do enem": the answer first
        if numbers and words <= 6:
            found.append(numbers[-1])
    if not found and re.search(r"\bidade\b", text, re.IGNORECASE):
        found = [  # "me enganei na idade, são 18"
            int(n.group(1))
            for n in re.finditer(r"(?<![\d.,])(\d{1,3})(?![\d.,])", text)
            if not _NEGATED.search(text[max(0, n.start() - 12) : n.start()])
        ]
    if not found:
        found = _age_in_words(text, asked)
    if found:  # "tenho 16, quer dizer, 17": the number after the correction wins
        found.extend(int(m.group("n")) for m in _SELF_CORRECTION.finditer(text))
    plausible = [n for n in found if 10 <= n <= 120]
    return plausible[-1] if plausible else (found[-1] if found else None)


_AGE_WORDS = re.compile(
    rf"(?:\btenho\s+)?\b(?P<w>{NUMBER_WORD}(?:\s+e\s+{NUMBER_WORD})?)\b(?P<anos>\s+anos)?",
    re.IGNORECASE,
)


_AGE_WORD_TYPOS = (
    (re.compile(r"\bdeze(?:s|z|c|ss)?ete\b"), "dezessete"),
    (re.compile(r"\bdeze(?:s|z|c|ss)?eis\b"), "dezesseis"),
    (re.compile(r"\bdez(?:e|i)nove\b"), "dezenove"),
    (re.compile(r"\bdezoitu\b"), "dezoito"),
    (re.compile(r"\bqu?atorse\b|\bcatorse\b"), "catorze"),
)
"""Ages in words as students type them ("dezesete", "dezeseis", "dezinove")."""


def _age_in_words(text: str, asked: bool) -> list[int]:
    """ "dezessete", "tenho vinte e um anos": a number in words followed by "anos", after
    "tenho", or alone as the answer to the age question (common misspellings read too)."""
    folded = normalize(text)
    for typo, word in _AGE_WORD_TYPOS:
        folded = typo.sub(word, folded)
    found: list[int] = []
    for m in _AGE_WORDS.finditer(folded):
        cue = m.group("anos") or m.group(0).startswith("tenho")
        alone = asked and len(folded.split()) <= 4
        if (cue or alone) and (value := words_value(m.group("w"))) is not None:
            found.append(value)
    return found


# -- cities ---------------------------------------------------------------------------------------
_CITY_CUE = re.compile(
    r"\b(?:moro|vivo|resido|morando|moramos|vivemos|estou|to|tô)\s+(?:em|no|na|aqui\s+em)\s+"
    r"|\bsou\s+(?:de|do|da)\s+|\b(?:minha|a)\s+cidade\s+(?:certa\s+)?(?:é|e)\s+(?:(?:de|em)\s+)?|\bcidade\s*:\s*"
    r"|\bmudei\s+(?:pra|para)\s+|\bde\s+(?=[A-ZÀ-Ý])|^\s*(?:aqui|daqui)\s+(?:em|de|da|do)\s+"
    r"|\bcidade\b[^.;!?]{0,60}?\bchamad[ao]\s+",
    re.IGNORECASE,
)
_CITY_STOP = re.compile(
    r"\s*(?:[,.;!?()]|\s-\s|/|\s+(?:e|mas|tenho|terminei|fiz|estou|sou|curso|conclui|concluí"
    r"|estudo|estudei|n[oa]|capital|interior|porque|pq|com|que|onde|desde|faz|h[áa]|aqui"
    r"|mesmo|mesma|msm|n[ée]|viu|uai|p[oó]|mano|tipo|sabe"
    r"|n[ãa]o)\b|$)",
    re.IGNORECASE,
)
_NOT_A_PLACE = re.compile(
    r"(?:interior|regi[ãa]o|zona|bairro|periferia|perto|ro[çc]a|sert[ãa]o|litoral"
    r"|capital|mesma\s+cidade|cidade\s+pequena|nordeste|sudeste|norte|sul|centro[\s-]oeste"
    r"|brasil)\b",
    re.IGNORECASE,
)
"""Where in a state or a city one lives ("interior de SP", "zona rural"), not a city's name."""
_UF_LOOKALIKES = frozenset({"to", "ta", "se"})
"""Lower-case words that spell a UF ("tô", "tá", "se"): a UF only when nothing follows them."""
_UF_AFTER = re.compile(r"^\s*(?:[-/,(]|\s)\s*(?P<uf>[A-Za-z]{2})\b\)?")


def _state_suffix(raw: str) -> tuple[str, str] | None:
    """A known city followed by its state's name: ("criciuma", "SC") for "criciuma santa
    catarina", ("Belém", "PA") for "Belém do Pará"."""
    words = raw.split()
    for size in (4, 3, 2, 1):
        if len(words) <= size:
            continue
        uf = parse_uf(" ".join(words[-size:]))
        if uf is None or len(" ".join(words[-size:])) <= 2:
            continue  # a state's name, not a two-letter code (handled by the caller)
        city = words[:-size]
        while city and normalize(city[-1]) in ("do", "da", "de", "no", "na", "em"):
            city = city[:-1]
        if city and lookup(" ".join(city), uf) is not None:
            return " ".join(city), uf
    return None


def _city_at(text: str, start: int, expected: bool) -> tuple[str, str | None] | None:
    rest = text[start:]
    stop = _CITY_STOP.search(rest)
    raw = rest[: stop.start()] if stop else rest
    raw = raw.strip(" .!")
    tail = rest[len(raw) :]
    if m := re.fullmatch(r"(.+?)\s*-\s*([A-Za-z]{2})", raw):
        raw, tail = m.group(1), f"-{m.group(2)}{tail}"
    elif (
        (m := re.fullmatch(r"(.+?)\s+([A-Za-z]{2})", raw))
        and (uf := parse_uf(m.group(2)))
        and lookup(m.group(1), uf) is not None
    ):  # "uberlandia mg"
        raw, tail = m.group(1), f"-{m.group(2)}{tail}"
    if lookup(raw) is None and (split := _state_suffix(raw)):
        raw, tail = split[0], f"-{split[1]}{tail}"  # "criciuma santa catarina", "Belém do Pará"
    if not raw or _NOT_A_PLACE.match(raw) or (parse_uf(raw) is not None and lookup(raw) is None):
        return None  # a state, not a city ("sertão de Pernambuco"; São Paulo is both)
    if not raw or len(raw) > 60 or not re.fullmatch(rf"{_WORD}(?:\s+{_WORD}){{0,5}}", raw):
        return None
    uf_hint = None
    if (m := _UF_AFTER.match(tail)) and not (
        m.group("uf") in _UF_LOOKALIKES and re.match(r"\s+\w", tail[m.end() :])
    ):  # "moro em BH, to no 3 ano": "tô", not Tocantins ("Palmas - TO", "palmas to": a UF)
        uf_hint = parse_uf(m.group("uf"))
    if uf_hint is None:
        uf_hint = state_in(tail[:60])
    found = lookup(raw, uf_hint)
    if found is not None:
        if normalize(raw) in AMBIGUOUS_WORDS and not expected:
            return None
        return found
    words = raw.split()
    if not expected and not all(
        w[:1].isupper() or normalize(w) in ("de", "da", "do", "dos", "das") for w in words
    ):
        return None
    if any(normalize(w) in NOT_NAME_WORDS - {"de", "da", "do", "e"} for w in words):
        return None
    name = " ".join(words)
    return (name.title() if name.islower() else name), uf_hint


_SEGMENT_LEAD = re.compile(
    r"^(?:(?:é|e|eh|na\s+verdade|mas|ops|quer\s+dizer|em|aqui\s+(?:é|e)|daqui\s+(?:de|da|do))\s+)+",
    re.IGNORECASE,
)
_CITY_LEAD = re.compile(
    r"^(?:(?:aqui|daqui|a\s+minha|minha\s+cidade)\s+(?:é|e|eh)\s+(?:de\s+|em\s+)?"
    r"|(?:em|no|na|de|da|do)\s+(?=\S))",
    re.IGNORECASE,
)
""""aqui é Vitória da Conquista", "em Bauru": the lead-in of an answer to the city question."""
_BEING = re.compile(r"(?:estou|to|tô)\b", re.IGNORECASE)


def city_in(
    text: str, asked: bool, name: str | None = None, *, bare: bool = True
) -> tuple[str, str | None] | None:
    """The city (as the catalogue writes it, when known) and its UF (None when unknown); a
    city the catalogue does not know takes a state named anywhere in the message ("uma cidade
    pequena do Piauí chamada Oeiras")."""
    found = _city_in(text, asked, name, bare=bare)
    if found is not None and found[1] is None and (uf := state_in(text)):
        return found[0], uf
    return found


def _city_in(
    text: str, asked: bool, name: str | None = None, *, bare: bool = True
) -> tuple[str, str | None] | None:
    strong: list[tuple[str, str | None]] = []
    weak: list[tuple[str, str | None]] = []
    near = [  # "perto de Caruaru": where the student is not
        found for m in _NEAR.finditer(text) if (found := _city_at(text, m.end(), expected=False))
    ]
    for m in _CITY_CUE.finditer(text):
        before = text[max(0, m.start() - 12) : m.start()]
        if _NEGATED.search(before):
            continue
        if _NEAR_CUE.search(text[max(0, m.start() - 20) : m.end()]):
            continue  # the "de" of "perto de Caruaru"
        is_weak = m.group(0).lower().startswith("de")
        if is_weak and re.search(r"\b(?:cham\w*|usar|como|curso|faculdade)\s*$", before, re.I):
            continue
        found = _city_at(text, m.end(), expected=not is_weak)
        if found and _BEING.match(m.group(0)) and lookup(found[0]) is None:
            continue  # "to no terceiro ano", "estou na dúvida": a state of being, not a place
        if found and not (name and normalize(found[0]) == normalize(name)):
            (weak if is_weak else strong).append(found)
    if strong or weak:
        known = [f for f in strong if lookup(f[0]) is not None] or [
            f for f in weak if lookup(f[0]) is not None
        ]
        if known or not (asked and (later := _segment_city(text, asked, name))):
            city, uf = (known or strong or weak)[-1]
            if uf is None and near and near[-1][1] is not None:
                return city, near[-1][1]  # "Bezerros, perto de Caruaru": Caruaru's state
            return city, uf
        return later  # "moro no interior de SP, em Bauru": the catalogue's city wins
    return (
        _segment_city(text, asked, name)
        or _bare_city(text, asked, bare)
        or (near[-1] if near else None)
    )


_NEAR = re.compile(
    r"\b(?:perto|pertinho|proxim[oa]|vizinh[oa]|ao lado|do lado|regi[ãa]o|interior|arredores"
    r"|a \d+\s*km)\s+(?:de|da|do|a)\s+",
    re.IGNORECASE,
)
_NEAR_CUE = re.compile(_NEAR.pattern + "$", re.IGNORECASE)
"""A city named as a reference ("uma cidade perto de Caruaru", "moro em Bezerros, perto de
Caruaru"): the student's own city, when named, wins; the reference is kept only when no other
city is said (the nearest there is for the search)."""


_DOMAIN_WORD = re.compile(
    r"\b(?:sisu|prouni|enem|fies|bolsas?|faculdade|universidade|treineir\w*|supletivo|encceja"
    r"|inscri\w*|inscrev\w*|matricul\w*|nota|redacao|renda|cotas?|edital|curso|vagas?)\b"
)
"""Words of the Sisu/Prouni world: a message with one is not a bare city the catalogue does
not know ("treineiro conta no prouni" is not the city "Treineiro Conta")."""


_EDUCATION_WORD = re.compile(
    r"\b(?:complet[oa]|incomplet[oa]|medio|superior|ensino|fundamental|escola|colegio|ano|serie"
    r"|formad[oa]|cursando|terminei|terminando|supletivo|eja|tecnico)\b"
)
"""Words of an answer about schooling ("completo", "médio"): never a city's name."""


def _bare_city(text: str, asked: bool, bare: bool) -> tuple[str, str | None] | None:
    if asked and bare and "?" not in text:
        if lookup(text) is None and _EDUCATION_WORD.search(normalize(text)):
            return None  # "completo" said to the city question answers another one
        stripped = _CITY_LEAD.sub("", _GREETING.sub("", text)).strip()
        found = _city_at(stripped, 0, expected=True)
        if found and lookup(found[0]) is None and _DOMAIN_WORD.search(normalize(text)):
            return None
        return found
    return None


def _segment_city(text: str, asked: bool, name: str | None) -> tuple[str, str | None] | None:
    segments = [s.strip(" !.") for s in re.split(r"[,;.!]|\s-\s(?=[A-Za-zÀ-ÿ]{3})", text)]
    for segment in segments:
        segment = _SEGMENT_LEAD.sub("", segment)  # "errei a cidade, é Feira de Santana"
        if not segment or (name and normalize(segment) == normalize(name)):
            continue
        uf_hint = None
        if split := re.fullmatch(r"(.+?)\s*[-/]\s*([A-Za-z]{2})", segment):
            segment, uf_hint = split.group(1), parse_uf(split.group(2))
        found = lookup(segment, uf_hint)
        if found and (asked or normalize(segment) not in AMBIGUOUS_WORDS):
            return found
    return None


# -- education ------------------------------------------------------------------------------------
_EDUCATION: tuple[tuple[re.Pattern[str], Education], ...] = (
    (
        re.compile(
            r"\b(?:superior|faculdade|graduacao) (?:incomplet[ao]|trancad[ao])\b"
            r"|\b(?:cursando|fazendo|estou na|to na) (?:a )?(?:faculdade|graduacao)\b"
            r"|\b(?:fiz|comecei|entrei (?:na|numa|em)) (?:a |uma )?(?:faculdade|graduacao)\b.*"
            r"\b(?:larguei|parei|tranquei|desisti|abandonei|sai|nao (?:terminei|conclui))\b"
            r"|\b(?:larguei|tranquei|parei|abandonei|desisti d[ae]|sai d[ae]|nao terminei)"
            r" (?:a |minha )?(?:faculdade|graduacao)\b|\bfaculdade (?:trancada|pela metade)\b"
        ),
        "Superior Incompleto",
    ),
    (
        re.compile(
            r"\b(?:superior|faculdade|graduacao) complet[ao]\b|\bsou formad[ao]\b"
            r"|\b(?:terminei|conclui|fiz) (?:a )?(?:faculdade|graduacao)\b"
        ),
        "Superior Completo",
    ),
    (
        re.compile(
            r"\b(?:ensino )?medio incomplet[ao]\b|\bnao terminei o (?:ensino )?medio\b"
            r"|\b(?:cursando|fazendo|terminando|estou no|to no|estou terminando|vou terminar)"
            r" (?:o )?(?:ensino medio|medio|em|[123] ?o? ano|terceiro ano|segundo ano"
            r"|primeiro ano)\b"
            r"|\b[123] ?o? ano (?:do (?:ensino )?medio|na|no|da|do|em)\b|\bterceirao\b"
            r"|\b(?:ainda )?(?:estou|to|ainda) (?:na|no) (?:escola|colegio|ensino medio)\b"
            r"|\bainda (?:estudo|nao terminei a escola)\b"
        ),
        "Ensino Médio Incompleto",
    ),
    (
        re.compile(
            r"\b(?:ensino )?medio complet[ao]\b|\b(?:terminei|conclui|completei|fiz|acabei|formei)"
            r" (?:o )?(?:ensino medio|medio|em|colegial|ensino medio)\b|\bja terminei a escola\b"
            r"|\bterminei a escola\b|\bme formei no medio\b"
            r"|\bfiz (?:o )?(?:eja|supletivo|encceja)\b"
            r"|\b(?:me )?formei (?:no |o )?(?:ensino )?medio\b"
        ),
        "Ensino Médio Completo",
    ),
)


_SCHOOL = r"(?:em|na|numa|no) (?:escola|estadual|colegio|particular|publica|federal)\b"
_EDUCATION_BY_SCHOOL: tuple[tuple[re.Pattern[str], Education], ...] = (
    (re.compile(rf"\bestudo (?:sempre |ainda )?{_SCHOOL}"), "Ensino Médio Incompleto"),
    (
        re.compile(
            r"^\W*(?:(?:ele|ela|(?:meu|minha) (?:filh[oa]|net[oa]|sobrinh[oa]))\s+)?"
            r"(?:(?:no|to no|ta no|tá no|estou no|esta no|ainda no|agora no|ainda ta no"
            r"|ainda to no)\s+)?(?:[123] ?o?|primeiro|segundo"
            r"|terceiro) (?:ano|serie)\b(?! (?:de|da) (?:faculdade|graduacao))"
        ),
        "Ensino Médio Incompleto",
    ),
    (
        re.compile(
            r"^\W*(?:(?:eu|ele|ela)\s+)?(?:ainda\s+)?(?:(?:to|estou|ta|esta)\s+)?(?:cursando|estudando"
            r"|nao terminei|nao terminou|nao acabei|nao conclui)"
            r"(?:\s+ainda)?\W*$"
        ),
        "Ensino Médio Incompleto",
    ),
    (
        re.compile(
            r"^\W*(?:(?:eu|ele|ela)\s+)?(?:ja\s+)?(?:terminei|terminou|conclui|concluiu|acabei"
            r"|acabou|completei|completou|formei|formou|me formei|se formou)\W*$"
        ),
        "Ensino Médio Completo",
    ),
    (
        re.compile(rf"\bestudei (?:sempre |a vida toda |o medio |o ensino medio )?{_SCHOOL}"),
        "Ensino Médio Completo",
    ),
)
"""Where the student studies or studied, or the school year alone ("3º ano", "terceiro ano"),
read as a level only in answer to the education question: said anywhere else ("sempre estudei
em escola pública" while in the 3rd year) it is the school's type, and must not overwrite (as a
"correction") the level the student gave."""


def education_in(text: str, asked: bool = False) -> Education | None:
    folded = normalize(text)
    for pattern, level in _EDUCATION + (_EDUCATION_BY_SCHOOL if asked else ()):
        if pattern.search(folded):
            return level
    return None


# -- the reading ----------------------------------------------------------------------------------
def reading(text: str, asked: str | None, flagged: Flagged | None = None) -> Reading:
    """name, age, city, uf and education found in `text`; a problem for the asked slot when the
    message is a non-answer (see the module docstring)."""
    out = Reading()
    name = name_in(text, asked == "name")
    told_age: int | None = None
    if asked == "name" and name is None and (both := _NAME_AGE.match(text)):
        said = _clean_name(both.group("name"))
        if said and len(said.split()) == len(both.group("name").split()):
            name, told_age = said, int(both.group("age"))
    if asked in ("name", None) and name is None and (both := _AGE_NAME.match(text)):
        said = _clean_name(both.group("name"))
        whole = said and len(said.split()) == len(both.group("name").split())
        if whole and not _city_not_name(both.group("name")):
            name = said
        if name is not None or _city_not_name(both.group("name")):  # "17, Recife": where
            told_age = int(both.group("age"))
    if asked == "name" and name is None and (alone := _BARE_AGE.match(text)):
        told_age = int(alone.group("age"))
    if name is not None and (flagged is None or not flagged(name)):
        out.values["name"] = name
    if (age := age_in(text, asked == "age")) is not None or (age := told_age) is not None:
        out.values["age"] = age
    # a message that corrects another slot ("pera, errei, tenho 19 anos") is not a bare city
    bare = not ({"age", "name"} & set(out.values)) or asked == "name"
    # a state's sigla said on its own ("RJ") names the city only in answer to the city
    # question: said later it is the state, not a move to the capital that shares it
    sigla = parse_uf(text.strip(" .!")) is not None and len(text.strip(" .!")) == 2
    city = None
    if not sigla or asked in ("city", "uf"):
        city = city_in(text, asked in ("city", "uf"), name, bare=bare)
    if city is not None:
        out.values["city"], uf = city
        if uf is not None:
            out.values["uf"] = uf
    elif asked == "uf" and (uf := parse_uf(text.strip(" .!")) or state_in(text)):
        out.values["uf"] = uf
    if level := education_in(text, asked == "education"):
        out.values["education"] = level
    problem = problem_for(asked, text) if asked is not None and asked not in out.values else None
    # "tenho 18" said to the name question is an age, not a bad name: no complaint then
    if asked is not None and problem and not (out.values and problem.startswith(_NOT_A_NAME)):
        out.problems[asked] = problem
    return out


__all__ = [
    "NOT_NAME_WORDS",
    "Reading",
    "age_in",
    "city_in",
    "education_in",
    "name_in",
    "nickname_in",
    "problem_for",
    "reading",
    "written_for",
]
