"""The closed vocabularies of the scholarship records, and lenient parsing into them.

Values are stored and compared in their canonical form (no accents: "publica", "ead"); people
and models write "Pública", "EaD", "à noite". `parse_choice` maps the usual ways of writing each
value to it, and raises `ValueError` (pydantic turns it into a validation error) for anything
else, so an unknown word never silently widens a search.
"""

from __future__ import annotations

from typing import Literal, TypeVar, get_args

from switchboard.apps.scholarships.eligibility import Modality
from switchboard.apps.scholarships.records.text import normalize

Shift = Literal["matutino", "vespertino", "noturno", "integral", "ead"]
InstitutionType = Literal["publica", "privada"]
InstitutionPreference = Literal["publica", "privada", "indiferente"]
Degree = Literal["bacharelado", "licenciatura", "tecnologico"]
Education = Literal[
    "Ensino Médio Incompleto",
    "Ensino Médio Completo",
    "Superior Incompleto",
    "Superior Completo",
]

SHIFTS: tuple[Shift, ...] = get_args(Shift)
EDUCATION_LEVELS: tuple[Education, ...] = get_args(Education)

SHIFT_LABELS: dict[Shift, str] = {
    "matutino": "Matutino",
    "vespertino": "Vespertino",
    "noturno": "Noturno",
    "integral": "Integral",
    "ead": "EaD",
}
MODALITY_LABELS: dict[Modality, str] = {
    "sisu": "Sisu",
    "prouni_integral": "Prouni – bolsa integral (100%)",
    "prouni_parcial": "Prouni – bolsa parcial (50%)",
}
INSTITUTION_TYPE_LABELS: dict[InstitutionPreference, str] = {
    "publica": "Pública",
    "privada": "Privada",
    "indiferente": "Indiferente",
}
"""pt-BR labels for cards and text answers."""

_SYNONYMS: dict[str, str] = {
    # shifts
    "manha": "matutino",
    "de manha": "matutino",
    "tarde": "vespertino",
    "a tarde": "vespertino",
    "noite": "noturno",
    "a noite": "noturno",
    "diurno": "integral",
    "tempo integral": "integral",
    "ead": "ead",
    "a distancia": "ead",
    "distancia": "ead",
    "online": "ead",
    # institution types
    "publicas": "publica",
    "federal": "publica",
    "privadas": "privada",
    "particular": "privada",
    "tanto faz": "indiferente",
    "qualquer": "indiferente",
    "ambas": "indiferente",
}

T = TypeVar("T", bound=str)


def parse_choice(value: object, allowed: tuple[T, ...]) -> T:
    """`value` as one of `allowed`, accepting case, accents and the usual synonyms."""
    if not isinstance(value, str):
        raise ValueError(f"expected text, got {type(value).__name__}")
    key = normalize(value)
    key = _SYNONYMS.get(key, key)
    for option in allowed:
        if normalize(option) == key:
            return option
    raise ValueError(f"{value!r} is not one of: {', '.join(allowed)}")


__all__ = [
    "EDUCATION_LEVELS",
    "INSTITUTION_TYPE_LABELS",
    "MODALITY_LABELS",
    "SHIFTS",
    "SHIFT_LABELS",
    "Degree",
    "Education",
    "InstitutionPreference",
    "InstitutionType",
    "Shift",
    "parse_choice",
]
