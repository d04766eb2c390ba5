"""After onboarding, requests about the student's own data: "meus dados estão certos? o que vc
tem de mim?" shows the profile; "muda minha cidade pra olinda" updates one slot by request.

Both reached the root's "Não tenho certeza se entendi." The update reads the new value with the
onboarding's own slot reader, as if that slot's question had been asked, so it is validated
the same way (a city the catalogue knows gets its UF).
"""

from __future__ import annotations

import re

from switchboard.apps.scholarships.extract import course_in, onboarding_values
from switchboard.apps.scholarships.onboarding_text import nickname_in
from switchboard.apps.scholarships.records.profiles import StudentProfile
from switchboard.apps.scholarships.records.text import normalize

_SHOW = re.compile(
    r"\b(?:meus dados|meu perfil|meu cadastro|minhas informacoes|meus registros)\b"
    r"|\bo que (?:vc|voce|tu) (?:tem|sabe|guardou|anotou|salvou) (?:de|sobre) mim\b"
    r"|\b(?:mostra|mostre|ver|veja|confere|confira) (?:os )?meus dados\b"
)
_FIELDS = {
    "cidade": "city",
    "idade": "age",
    "nome": "name",
    "apelido": "name",
    "escolaridade": "education",
    "curso": "course_interest",
}
_UPDATE = re.compile(
    r"\b(?:muda|mude|mudar|troca|troque|trocar|altera|altere|alterar|atualiza|atualize"
    r"|atualizar|corrige|corrija|corrigir|coloca|coloque|poe|bota|bote)\s+"
    r"(?:(?:a|o)\s+)?(?:minha\s+|meu\s+)?(?P<field>cidade|idade|nome|apelido|escolaridade|curso)"
    r"\s+(?:(?:pra|para|por|como)\s+(?:(?:a|o)\s+)?)?(?P<value>.+?)\s*[.!]*$"
)


_WANT = re.compile(
    r"^(?:(?:eu|acho que|na verdade)\s+)*(?:quero|queria|gostaria de|penso em|pretendo|gosto de"
    r"|to pensando em|estou pensando em|tenho interesse em|curto)\b"
)


def wants_course(text: str, courses: list[str]) -> bool:
    """A short statement of interest in a catalogue course ("quero engenharia", "penso em
    enfermagem") or a course's name alone ("medicina", said after onboarding, got "Não tenho
    certeza se entendi"): the match's search, not a question for the editais."""
    folded = normalize(text)
    if "?" in text or len(folded.split()) > 8:
        return False
    if not _WANT.search(folded):  # a bare catalogue name ("medicina", "engenharia civil")
        return len(folded.split()) <= 3 and course_in(text, courses, asked=False) is not None
    return course_in(text, courses, asked=True) is not None


def asks_for_profile(text: str) -> bool:
    """Whether the student asks what the assistant has stored about them."""
    return bool(_SHOW.search(normalize(text)))


def requested_update(text: str) -> dict[str, object]:
    """The profile fields an explicit request changes ({} when none, or the value is unusable)."""
    match = _UPDATE.search(normalize(text))
    if match is None:
        nickname = nickname_in(text)  # "pode me chamar de Duda", said after onboarding
        return {"name": nickname} if nickname else {}
    field = _FIELDS[match.group("field")]
    raw = text_tail(text, match.group("value"))
    if field == "course_interest":
        return {"course_interest": raw.strip().capitalize()} if raw.strip() else {}
    values = onboarding_values(raw, field)
    return values if field in values else {}


def text_tail(text: str, folded_tail: str) -> str:
    """The original spelling of the last `len(folded_tail)` characters (folding keeps length
    for pt-BR letters); the folded form when it does not."""
    return text[-len(folded_tail) :] if len(normalize(text)) == len(text) else folded_tail


def describe_profile(profile: StudentProfile | None) -> str:
    """What is stored, field by field, and how to change it."""
    if profile is None:
        return "Ainda não tenho nenhum dado seu. Quer começar o cadastro? Me diz seu nome."
    rows = [
        ("Nome", profile.name),
        ("Idade", profile.age),
        (
            "Cidade",
            f"{profile.city} ({profile.uf})" if profile.city and profile.uf else profile.city,
        ),
        ("Escolaridade", profile.education),
        ("Curso de interesse", profile.course_interest),
        ("Nota do Enem", profile.enem_score),
        (
            "Renda por pessoa",
            f"R$ {profile.per_capita_income}" if profile.per_capita_income else None,
        ),
    ]
    lines = [
        f"- {label}: {getattr(value, 'value', value)}"
        for label, value in rows
        if value not in (None, "")
    ]
    if not lines:
        return "Ainda não tenho nenhum dado seu. Quer começar o cadastro? Me diz seu nome."
    return (
        "Isto é o que tenho de você:\n"
        + "\n".join(lines)
        + "\n\nSe algo estiver errado, é só pedir, por exemplo “muda minha cidade pra Olinda”."
    )


__all__ = ["asks_for_profile", "describe_profile", "requested_update", "wants_course"]
