"""Slot values from free pt-BR text, offline: what match and the Prouni simulation collect
(onboarding's name, age, city and education are in `onboarding_text.py`, the household income
in `income.py`).

Rules, not a model: the values are few and closed (five shifts, three institution preferences,
where the student studied) or have a clear shape (an ENEM score is a number from 0 to 1000 near
"nota"/"tirei"/"média", a redação score is near "redação", "zerei a redação" is 0). Every
extractor also takes the slot the workflow just asked for (`asked`), so a bare answer ("Recife",
"19", "700", "noite") fills that slot and nothing else. Words are matched whole on
accent-folded text (the finance original's substring bugs are the cautionary tale).

Later values win: "na verdade tenho 19 anos" simply yields age 19 again and the caller
overwrites the slot, so corrections need no special case.
"""

from __future__ import annotations

import re
import unicodedata

from switchboard.apps.scholarships.onboarding_text import education_in, reading
from switchboard.apps.scholarships.records.text import match_courses, normalize
from switchboard.apps.scholarships.records.vocab import InstitutionPreference, Shift

_SCORE = re.compile(
    r"\b(?:nota|tirei|fiz|media|pontuacao|enem)(?:(?!reda)\D){0,20}?"
    r"(?P<score>(?<!\d)\d{3}(?:[.,]\d{1,2})?)(?![\d])(?!\s*(?:na reda|de reda|reais|mil))"
    r"|\b(?P<score2>\d{3}(?:[.,]\d{1,2})?)\s*(?:pontos|no enem|de nota|de media)\b"
)
_SHIFT_WORDS: dict[str, Shift] = {
    "manha": "matutino",
    "matutino": "matutino",
    "tarde": "vespertino",
    "vespertino": "vespertino",
    "noite": "noturno",
    "noturno": "noturno",
    "integral": "integral",
    "ead": "ead",
    "distancia": "ead",
    "online": "ead",
}
ALL_SHIFTS: tuple[Shift, ...] = ("matutino", "vespertino", "noturno", "integral", "ead")
_ANY = re.compile(r"\b(?:tanto faz|qualquer|indiferente|ambas|ambos|todos|todas|nao importa)\b")
_ANY_SHIFT = re.compile(
    r"\b(?:qualquer|todos os|tanto faz o|tanto faz|qlqr|qualquer um|nao importa o) (?:turnos?"
    r"|horarios?)\b"
    r"|\b(?:turnos?|horarios?)\s+(?:(?:pra mim|e|eh)\s+)?(?:tanto faz|qualquer(?: um)?"
    r"|indiferente|nao importa)\b"
)
"""Indifference about the shift only ("tanto faz o turno", "qualquer horário"): it says
nothing about the institution."""
_ANY_INSTITUTION = re.compile(
    r"\b(?:qualquer|tanto faz a|tanto faz|qlqr|nao importa a) (?:instituicao|instituicoes"
    r"|faculdade|faculdades|universidade|universidades)\b"
    r"|\b(?:instituicao|instituicoes|faculdade|universidade)\s+(?:(?:pra mim|e|eh)\s+)?"
    r"(?:tanto faz|qualquer(?: uma)?|indiferente|nao importa)\b"
    r"|\b(?:tanto faz|qualquer|nao importa)\b[^.?!]{0,25}\b(?:instituicao|faculdade|universidade)"
)
"""Indifference about the institution ("tanto faz a instituição", "tanto faz o turno e a
faculdade")."""
_ANY_BOTH = re.compile(
    r"\b(?:tanto faz|qualquer um|nao importa)\s+(?:pr[ao]s?\s+|para\s+)?(?:os dois|ambos|tudo)\b"
)
"""Indifference about both ("tanto faz os dois")."""
_PUBLIC = re.compile(r"\b(?:publica|publicas|federal|federais|estadual|estaduais)\b")
_PRIVATE = re.compile(r"\b(?:privada|privadas|particular|particulares)\b")
_OWN_SCHOOL = re.compile(
    r"\b(?:escola|escolas|colegio|colegios|ensino medio|ensino fundamental|supletivo|eja"
    r"|estudei|estudo|estudava|terminei|termino|conclui|concluo|me formei|formei|cursei)\b"
)
"""The student's own schooling ("terminei em escola estadual", "estudei em colégio
particular"): its public or private kind is school history (Prouni item 1.3), not the kind of
college wanted."""
_COLLEGE = re.compile(
    r"\b(?:faculdade|faculdades|universidade|universidades|instituicao"
    r"|instituicoes|quero|prefiro|queria|gostaria)\b"
)
_YES = re.compile(r"^(?:sim|s|claro|pode ser|aceito|topo|quero|com certeza|ok|pode|bora)\b")
_NO = re.compile(r"^(?:nao|n|prefiro (?:nao|so)|so (?:na|em) minha cidade|nem pensar)\b")


def fold(text: str) -> str:
    """Lowercase, accents removed, punctuation kept (numbers keep their separators)."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).lower()


def onboarding_values(text: str, asked: str | None) -> dict[str, object]:
    """name, age, city (+ uf), education found in `text` (`onboarding_text.reading`)."""
    return reading(text, asked).values


def score_in(text: str, asked: str | None = None) -> float | None:
    """An ENEM score (0–1000) next to "nota"/"tirei"/"pontos", or a bare number when asked."""
    folded = fold(text)
    m = _SCORE.search(folded)
    value = (m.group("score") or m.group("score2")) if m else None
    if value is None and asked == "score":
        bare = re.search(
            r"\b(\d{3}(?:[.,]\d{1,2})?)\b(?!\s*(?:km|reais|mil|r\$|%|pessoas|anos))", folded
        )
        value = bare.group(1) if bare else None
    if value is None:
        return None
    number = float(value.replace(",", "."))
    return number if 0 <= number <= 1000 else None


_NO_SCORE = re.compile(
    r"\b(?:nao|ainda nao|nem) (?:sei|lembro|tenho|tenho ideia d[ae]|faco ideia d[ae]|sai|saiu"
    r"|recebi|vi)\b[^.?!]{0,20}\b(?:nota|notas|media|resultado|pontuacao)\b"
    r"|\b(?:nao|ainda nao|nunca) (?:fiz|prestei|fui fazer) (?:o |a )?(?:enem|prova)\b"
    r"|\bvou fazer (?:o )?enem\b|\bainda vou fazer\b|\bnota (?:ainda )?nao saiu\b"
)
"""No Enem score to give ("não sei minha nota ainda", "ainda não fiz o Enem", "a nota ainda não
saiu"): the score question is declined, not answered with "não entendi"."""


def declines_score(text: str) -> bool:
    """Whether the message says the student has no Enem score to give (and gives none)."""
    return bool(_NO_SCORE.search(fold(text))) and score_in(text, "score") is None


def shifts_in(text: str, asked: str | None = None) -> tuple[Shift, ...]:
    found: list[Shift] = []
    words = normalize(text).split()
    for i, word in enumerate(words):
        shift = _SHIFT_WORDS.get(word)
        if shift == "integral" and i and words[i - 1] in ("bolsa", "bolsas", "e", "ou"):
            continue  # "bolsa integral" is a scholarship, not a shift
        if shift and shift not in found:
            found.append(shift)
    folded = normalize(text)
    if found:
        return tuple(found)
    if _ANY_SHIFT.search(folded) or _ANY_BOTH.search(folded):
        return ALL_SHIFTS
    if asked == "shifts" and _ANY.search(_ANY_INSTITUTION.sub(" ", folded)):
        return ALL_SHIFTS  # a bare "tanto faz", not one about the institution
    return ()


def institution_in(text: str, asked: str | None = None) -> InstitutionPreference | None:
    folded = normalize(text)
    if _OWN_SCHOOL.search(folded) and not _COLLEGE.search(folded):
        return None
    public, private = bool(_PUBLIC.search(folded)), bool(_PRIVATE.search(folded))
    if public and private:
        return "indiferente"
    if public:
        return "publica"
    if private:
        return "privada"
    if _ANY_INSTITUTION.search(folded) or _ANY_BOTH.search(folded):
        return "indiferente"
    if asked == "institution_type" and _ANY.search(_ANY_SHIFT.sub(" ", folded)):
        return "indiferente"  # a bare "tanto faz", not one about the shift
    return None


_ADVERB_DIREITO = re.compile(
    r"\b(?:sei|sabe|sabemos|sabia|entendi|entendo|lembro|lembra|vi|olhei|calculei|contei|fiz"
    r"|faz|fazer|explica|explicar|explicou|funciona|pensei|li|ler|conferi|conferir|dormi|bem"
    r"|tem|tenho|temos|teria|terei|ter) direito\b"
)
""""Direito" that is not the course: an adverb ("não sei direito", "não entendi direito") or a
right ("tenho direito a bolsa?")."""


_WANT_DIREITO = re.compile(
    r"\b(quero|queria|vou|pretendo|gostaria de|penso em|sonho em|quero muito) fazer direito\b"
)
""""quero fazer direito": the course wanted, not "doing it right" (`_ADVERB_DIREITO`)."""
_COURSE_CUE = re.compile(
    r"\b(?:quero|queria|gostaria|pretendo|penso|pensando|prefiro|mudar|mudei|trocar|troquei"
    r"|troca|curso|cursar|fazer|faco|estudar|verdade|melhor|corrig\w*|errei|area)\b"
)
"""Words around a course named while another slot is asked ("na verdade quero odonto")."""


def course_in(text: str, courses: list[str], *, asked: bool = True) -> str | None:
    """The catalogue course the text names (the longest name found whole), else a word the
    catalogue's fuzzy matcher accepts ("engenharia" → every Engenharia) — when another slot
    was asked, only with a word of wanting or changing a course near it ("a renda conta
    bruta?" names no Ciências Contábeis)."""
    folded_text = _WANT_DIREITO.sub(r"\1 curso de direito", normalize(text))
    cleaned = _ADVERB_DIREITO.sub(" ", folded_text)
    folded = f" {cleaned} "
    best: str | None = None
    for course in courses:
        key = normalize(course)
        if f" {key} " in folded and (best is None or len(key) > len(normalize(best))):
            best = course
    if best:
        return best
    if not asked and not _COURSE_CUE.search(cleaned):
        return None
    for word in cleaned.split():
        if len(word) >= 5:
            matches = match_courses(word, courses)
            if matches:
                return matches[0] if len(matches) == 1 else word
    return None


def match_values(
    text: str, asked: str | None, courses: list[str], *, course_asked: bool | None = None
) -> dict[str, object]:
    """course, score, shifts, institution_type found in `text` (`course_asked`: whether the
    course may be named by a bare word; by default when `asked` is the course or nothing)."""
    found: dict[str, object] = {}
    loose = asked in (None, "course") if course_asked is None else course_asked
    if course := course_in(text, courses, asked=loose):
        found["course"] = course
    # "Qual curso você quer e qual sua nota do Enem?": a bare "medicina 700" gives both
    if (score := score_in(text, "score" if asked == "course" else asked)) is not None:
        found["score"] = score
    if shifts := shifts_in(text, asked):
        found["shifts"] = shifts
    # shifts and institution type are asked together: with the shift named, "tanto faz" is
    # about the institution ("à noite, tanto faz")
    also = "institution_type" if "shifts" in found else asked
    if kind := institution_in(text, also):
        found["institution_type"] = kind
    return found


_ESSAY = re.compile(
    r"\breda[cç][aã]o\D{0,15}?(?P<a>\d{1,4}(?:[.,]\d{1,2})?)\b"
    r"|\b(?P<b>\d{1,4}(?:[.,]\d{1,2})?)\s*(?:pontos\s+)?na\s+reda[cç][aã]o\b"
)
_ESSAY_ZERO = re.compile(
    r"\b(?:zerei|zerou|tirei zero|nota zero|zero)\b[^.?!]{0,15}\breda[cç][aã]o\b"
    r"|\breda[cç][aã]o\b[^.?!]{0,15}\b(?:zerad[ao]|zero|zerei)\b"
)
_TRAINEE = re.compile(r"\btreineir[oa]s?\b|\bcomo teste\b|\bs[oó] pra treinar\b")
_SCHOOL: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"\bparte\b.*\b(?:publica|estadual|municipal)\b.*\bparte\b|\bmetade\b"), "mista"),
    (
        re.compile(
            r"\b(?:particular|privada|colegio pago)\b.*\b(?:bolsa (?:integral|de 100|100)"
            r"|bolsista integral)\b|\bbolsa (?:integral|100)\b.*\b(?:particular|privada)\b"
        ),
        "privada_integral",
    ),
    (
        re.compile(
            r"\b(?:particular|privada)\b.*\b(?:bolsa parcial|bolsista parcial|meia bolsa"
            r"|bolsa de 50)\b"
        ),
        "privada_parcial",
    ),
    (
        re.compile(
            r"\b(?:escola|colegio|ensino medio)\s+(?:particular|privad[ao])\b"
            r"|\bem particular\b|\bnuma particular\b|\bna particular\b"
        ),
        "privada",
    ),
    (
        re.compile(
            r"\b(?:escola|rede|colegio|ensino)\s+(?:publica|estadual|municipal|federal)\b"
            r"|\b(?:na|numa|no|num)\s+(?:estadual|municipal)\b|\binstituto federal\b"
        ),
        "publica",
    ),
)


def essay_in(text: str) -> float | None:
    """The redação score ("redação 600", "600 na redação", "zerei a redação" → 0)."""
    folded = fold(text)
    if _ESSAY_ZERO.search(folded):
        return 0.0
    if m := _ESSAY.search(folded):
        value = float((m.group("a") or m.group("b")).replace(",", "."))
        return value if 0 <= value <= 1000 else None
    return None


def trainee_in(text: str) -> bool | None:
    """True when the student took the Enem as a "treineiro" (Edital Prouni 2026, item 1.2)."""
    folded = fold(text)
    if not _TRAINEE.search(folded):
        return None
    return not re.search(r"\bn[aã]o (?:fiz|fui|era|sou)[^.?!]{0,20}treineir", folded)


def school_in(text: str) -> str | None:
    """Where the student studied the ensino médio (item 1.3 of the Prouni edital)."""
    folded = normalize(text)
    for pattern, school in _SCHOOL:
        if pattern.search(folded):
            return school
    return None


_IF_NEAR = re.compile(
    r"\b(?:se|so se|desde que|contanto que) (?:for|fosse|ficar|ficasse|der pra ir|for de)"
    r" (?:(?:aqui|bem|mais) )?(?:perto|proxim\w*|vizinh\w*|no (?:meu )?estado|na regiao)\b"
    r"|^(?:depende|talvez|acho que sim)\b.*\b(?:perto|proxim\w*|vizinh\w*)\b"
)
"""A yes on a condition the nearby search meets ("depende, se for perto sim", "só se for
perto"): nearby cities and the state are what is asked."""


_STAYS = re.compile(
    r"\bnao (?:posso|quero|vou|consigo|da pra|da para|tenho como|pretendo|rola)"
    r" (?:me )?(?:mudar|sair (?:daqui|da (?:minha )?cidade|de casa|de perto))\b"
    r"|\b(?:so|somente|apenas) (?:posso |quero |consigo )?(?:estudar )?(?:aqui|na minha cidade"
    r"|em casa)\b"
)
_MOVES = re.compile(
    r"(?<!nao )\b(?:posso|topo|aceito|consigo|quero|toparia|aceitaria) (?:me )?mudar\b"
    r"|\b(?:mudo|me mudo) (?:de cidade|sem problema|tranquilo)\b"
)


def moving_in(text: str) -> bool | None:
    """Whether the student said, unasked, that they can move for the course ("não posso me
    mudar" while the shift is asked): the answer to the nearby-cities question to come."""
    folded = normalize(text)
    if _STAYS.search(folded):
        return False
    if _MOVES.search(folded):
        return True
    return None


def yes_no(text: str) -> bool | None:
    folded = normalize(text)
    if _IF_NEAR.search(folded):
        return True
    if _NO.match(folded):
        return False
    if _YES.match(folded):
        return True
    return None


__all__ = [
    "ALL_SHIFTS",
    "course_in",
    "declines_score",
    "education_in",
    "essay_in",
    "fold",
    "institution_in",
    "match_values",
    "moving_in",
    "onboarding_values",
    "school_in",
    "score_in",
    "shifts_in",
    "trainee_in",
    "yes_no",
]
