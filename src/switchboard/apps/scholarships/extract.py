"""Slot values from free pt-BR text, offline: what onboarding and match collect.

Rules, not a model: the values are few and closed (four education levels, five shifts, three
institution preferences) or have a clear shape (an age is "N anos", an ENEM score is a number
from 0 to 1000 near "nota"/"tirei", money is "R$ 1.500,00" / "1500 reais" / "2 mil"). Every
extractor also takes the slot the workflow just asked for (`asked`), so a bare answer ("Recife",
"19", "700", "noite") fills that slot and nothing else. Words are matched whole on
accent-folded text (the finance original's substring bugs are the cautionary tale).

Later values win: "na verdade tenho 19 anos" simply yields age 19 again and the caller
overwrites the slot, so corrections need no special case.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from switchboard.apps.scholarships.eligibility import per_capita
from switchboard.apps.scholarships.records.places import parse_uf
from switchboard.apps.scholarships.records.text import match_courses, normalize
from switchboard.apps.scholarships.records.vocab import Education, InstitutionPreference, Shift

_UPPER_WORD = r"[A-ZÀ-Ý][a-zà-ÿ'’]+"
_NAME = re.compile(
    r"\b(?:me chamo|meu nome (?:é|e)|pode me chamar de)\s+"
    rf"(?P<name>[A-Za-zÀ-ÿ][a-zà-ÿ'’]+(?:\s+(?:d[aeo]s?\s+)?{_UPPER_WORD}){{0,4}})",
    re.IGNORECASE,
)
_SOU_NAME = re.compile(rf"\b(?i:sou) (?i:o |a )?(?P<name>{_UPPER_WORD}(?:\s+{_UPPER_WORD}){{0,3}})")
_AGE = re.compile(r"\b(?P<age>\d{1,3})\s*anos\b", re.IGNORECASE)
_CITY_END = (
    r"(?=\s*(?:[,.;!?]|\s+e\s+|\s+tenho\b|\s+terminei\b|\s+fiz\b|\s+estou\b|\s+sou\b"
    r"|\s+curso\b|\s+conclui\b|$))"
)
_CITY = re.compile(
    r"\b(?:moro (?:em|no|na)|sou de|sou do|sou da|vivo em|resido em|minha cidade (?:é|e))\s+"
    r"(?P<city>[A-Za-zÀ-ÿ][\wÀ-ÿ'’ ]*?)(?:\s*[/-]\s*(?P<uf>[A-Za-z]{2}))?" + _CITY_END,
    re.IGNORECASE,
)
_BARE = re.compile(
    r"^\s*(?P<value>[A-Za-zÀ-ÿ][A-Za-zÀ-ÿ'’ ]{1,60}?)(?:\s*[/-]\s*(?P<uf>[A-Za-z]{2}))?\s*[.!]?\s*$"
)
_EDUCATION: tuple[tuple[re.Pattern[str], Education], ...] = (
    (
        re.compile(
            r"\b(?:superior|faculdade|graduacao) (?:incomplet[ao]|trancad[ao])\b"
            r"|\b(?:cursando|fazendo|estou na) (?:a )?(?:faculdade|graduacao)\b"
        ),
        "Superior Incompleto",
    ),
    (
        re.compile(
            r"\b(?:superior|faculdade|graduacao) complet[ao]\b|\bsou formad[ao]\b"
            r"|\b(?:terminei|conclui) a (?:faculdade|graduacao)\b"
        ),
        "Superior Completo",
    ),
    (
        re.compile(
            r"\b(?:ensino )?medio incomplet[ao]\b|\b(?:cursando|fazendo|estou no) (?:o )?"
            r"(?:ensino medio|[123]o? ano|terceiro ano|segundo ano|primeiro ano)\b"
            r"|\bnao terminei o (?:ensino )?medio\b"
        ),
        "Ensino Médio Incompleto",
    ),
    (
        re.compile(
            r"\b(?:ensino )?medio complet[ao]\b|\b(?:terminei|conclui|completei|fiz) o "
            r"(?:ensino )?medio\b|\bja terminei a escola\b"
        ),
        "Ensino Médio Completo",
    ),
)
_SCORE = re.compile(
    r"\b(?:nota|tirei|fiz|media|pontuacao|enem)\D{0,20}?(?P<score>\d{3}(?:[.,]\d{1,2})?)\b"
    r"|\b(?P<score2>\d{3}(?:[.,]\d{1,2})?)\s*(?:pontos|no enem|de nota)\b"
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
_PUBLIC = re.compile(r"\b(?:publica|publicas|federal|federais|estadual|estaduais)\b")
_PRIVATE = re.compile(r"\b(?:privada|privadas|particular|particulares)\b")
_MEMBERS = re.compile(
    r"\b(?:somos|moram|moramos|sao)\s+(?P<n>\d{1,2})\b|\b(?P<n2>\d{1,2})\s+pessoas\b"
)
_AMOUNT = re.compile(
    r"(?P<amount>\d{1,3}(?:\.\d{3})+(?:,\d{1,2})?|\d+,\d{1,2}|\d+\.\d{1,2}(?!\d)|\d+)"
    r"\s*(?P<mil>mil\b)?"
)
_YES = re.compile(r"^(?:sim|s|claro|pode ser|aceito|topo|quero|com certeza|ok|pode|bora)\b")
_NO = re.compile(r"^(?:nao|n|prefiro (?:nao|so)|so (?:na|em) minha cidade|nem pensar)\b")


def fold(text: str) -> str:
    """Lowercase, accents removed, punctuation kept (numbers keep their separators)."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).lower()


def _number(text: str) -> Decimal | None:
    raw = text.strip()
    if "," in raw:
        raw = raw.replace(".", "").replace(",", ".")
    elif re.fullmatch(r"\d{1,3}(?:\.\d{3})+", raw):
        raw = raw.replace(".", "")
    try:
        return Decimal(raw)
    except InvalidOperation:
        return None


def _place_name(value: str) -> str:
    value = " ".join(value.split())
    return value.title() if value.islower() else value


def education_in(text: str) -> Education | None:
    folded = normalize(text)  # spaced words only: the patterns are written on them
    for pattern, level in _EDUCATION:
        if pattern.search(folded):
            return level
    return None


def onboarding_values(text: str, asked: str | None) -> dict[str, object]:
    """name, age, city (+ uf), education found in `text`."""
    found: dict[str, object] = {}
    if m := _NAME.search(text) or _SOU_NAME.search(text):
        found["name"] = m.group("name").strip()
    if m := _AGE.search(text):
        found["age"] = int(m.group("age"))
    elif asked == "age" and (bare_age := re.fullmatch(r"\s*(\d{1,3})\s*[.!]?\s*", text)):
        found["age"] = int(bare_age.group(1))
    if m := _CITY.search(text):
        found["city"] = _place_name(m.group("city"))
        if m.group("uf") and (uf := parse_uf(m.group("uf"))):
            found["uf"] = uf
    if level := education_in(text):
        found["education"] = level
    if not found and asked in ("name", "city") and (bare := _BARE.match(text)):
        found[asked] = _place_name(bare.group("value"))
        if asked == "city" and bare.group("uf") and (uf := parse_uf(bare.group("uf"))):
            found["uf"] = uf
    return found


def score_in(text: str, asked: str | None = None) -> float | None:
    """An ENEM score (0–1000) next to "nota"/"tirei"/"pontos", or a bare number when asked."""
    folded = fold(text)
    m = _SCORE.search(folded)
    value = (m.group("score") or m.group("score2")) if m else None
    if value is None and asked == "score":
        bare = re.search(r"\b(\d{3}(?:[.,]\d{1,2})?)\b", folded)
        value = bare.group(1) if bare else None
    if value is None:
        return None
    number = float(value.replace(",", "."))
    return number if 0 <= number <= 1000 else None


def shifts_in(text: str, asked: str | None = None) -> tuple[Shift, ...]:
    found: list[Shift] = []
    for word in normalize(text).split():
        shift = _SHIFT_WORDS.get(word)
        if shift and shift not in found:
            found.append(shift)
    if not found and asked == "shifts" and _ANY.search(normalize(text)):
        return ALL_SHIFTS
    return tuple(found)


def institution_in(text: str, asked: str | None = None) -> InstitutionPreference | None:
    folded = normalize(text)
    public, private = bool(_PUBLIC.search(folded)), bool(_PRIVATE.search(folded))
    if public and private:
        return "indiferente"
    if public:
        return "publica"
    if private:
        return "privada"
    if asked == "institution_type" and _ANY.search(folded):
        return "indiferente"
    return None


def course_in(text: str, courses: list[str]) -> str | None:
    """The catalogue course the text names (the longest name found whole), else a word the
    catalogue's fuzzy matcher accepts ("engenharia" → every Engenharia)."""
    folded = f" {normalize(text)} "
    best: str | None = None
    for course in courses:
        key = normalize(course)
        if f" {key} " in folded and (best is None or len(key) > len(normalize(best))):
            best = course
    if best:
        return best
    for word in normalize(text).split():
        if len(word) >= 5:
            matches = match_courses(word, courses)
            if matches:
                return matches[0] if len(matches) == 1 else word
    return None


def match_values(text: str, asked: str | None, courses: list[str]) -> dict[str, object]:
    """course, score, shifts, institution_type found in `text`."""
    found: dict[str, object] = {}
    if course := course_in(text, courses):
        found["course"] = course
    if (score := score_in(text, asked)) is not None:
        found["score"] = score
    if shifts := shifts_in(text, asked):
        found["shifts"] = shifts
    # shifts and institution type are asked together: with the shift named, "tanto faz" is
    # about the institution ("à noite, tanto faz")
    also = "institution_type" if "shifts" in found else asked
    if kind := institution_in(text, also):
        found["institution_type"] = kind
    return found


@dataclass(frozen=True, slots=True)
class IncomeAnswer:
    per_capita: Decimal
    members: int | None = None
    total: Decimal | None = None


def income_in(text: str) -> IncomeAnswer | None:
    """A per-capita income: "1500 reais", "R$ 1.500,00", "2 mil", or a household ("somos 4 e a
    renda é 6 mil" → 1500). None when no amount is there."""
    folded = fold(text)
    members = None
    if members_match := _MEMBERS.search(folded):
        members = int(members_match.group("n") or members_match.group("n2"))
        folded = folded[: members_match.start()] + " " + folded[members_match.end() :]
    amounts = []
    for m in _AMOUNT.finditer(folded):
        value = _number(m.group("amount"))
        if value is not None:
            amounts.append(value * 1000 if m.group("mil") else value)
    if not amounts:
        return None
    total = sum(amounts, Decimal(0))
    if members:
        return IncomeAnswer(per_capita(members, [total]), members, total)
    return IncomeAnswer(total.quantize(Decimal("0.01")))


def yes_no(text: str) -> bool | None:
    folded = normalize(text)
    if _NO.match(folded):
        return False
    if _YES.match(folded):
        return True
    return None


__all__ = [
    "ALL_SHIFTS",
    "IncomeAnswer",
    "course_in",
    "education_in",
    "fold",
    "income_in",
    "institution_in",
    "match_values",
    "onboarding_values",
    "score_in",
    "shifts_in",
    "yes_no",
]
