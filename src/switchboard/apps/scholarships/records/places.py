"""Places: the 27 federative units, city keys and the nearby-city list the search ships with.

A city is identified by its name *and* UF ("Valença" exists in BA and RJ), compared by
`normalize` (no accents, no case). "Nearby" for a city means: every city of the same UF, plus
the cities listed as its neighbours in `data/nearby_cities.json` (symmetric; it crosses state
lines where people actually commute or move to study: Petrolina/PE ↔ Juazeiro/BA,
Brasília/DF ↔ Goiânia/GO, ...).
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources

from switchboard.apps.scholarships.records.text import normalize

UF_NAMES: dict[str, str] = {
    "AC": "Acre",
    "AL": "Alagoas",
    "AP": "Amapá",
    "AM": "Amazonas",
    "BA": "Bahia",
    "CE": "Ceará",
    "DF": "Distrito Federal",
    "ES": "Espírito Santo",
    "GO": "Goiás",
    "MA": "Maranhão",
    "MT": "Mato Grosso",
    "MS": "Mato Grosso do Sul",
    "MG": "Minas Gerais",
    "PA": "Pará",
    "PB": "Paraíba",
    "PR": "Paraná",
    "PE": "Pernambuco",
    "PI": "Piauí",
    "RJ": "Rio de Janeiro",
    "RN": "Rio Grande do Norte",
    "RS": "Rio Grande do Sul",
    "RO": "Rondônia",
    "RR": "Roraima",
    "SC": "Santa Catarina",
    "SP": "São Paulo",
    "SE": "Sergipe",
    "TO": "Tocantins",
}

REGIONS: dict[str, tuple[str, ...]] = {
    "Norte": ("AC", "AM", "AP", "PA", "RO", "RR", "TO"),
    "Nordeste": ("AL", "BA", "CE", "MA", "PB", "PE", "PI", "RN", "SE"),
    "Centro-Oeste": ("DF", "GO", "MS", "MT"),
    "Sudeste": ("ES", "MG", "RJ", "SP"),
    "Sul": ("PR", "RS", "SC"),
}
"""The five macro-regions (IBGE): the next ring of a search after the student's state."""


def region_of(uf: str) -> tuple[str, tuple[str, ...]] | None:
    """The macro-region of `uf` and its UFs."""
    for name, ufs in REGIONS.items():
        if uf in ufs:
            return name, ufs
    return None


_UF_BY_KEY = {normalize(name): uf for uf, name in UF_NAMES.items()} | {
    uf.lower(): uf for uf in UF_NAMES
}

CityRef = tuple[str, str]
"""(normalized city name, UF)."""


def parse_uf(text: str) -> str | None:
    """ "ba", "BA", "Bahia", "bahia" → "BA"; None if it names no federative unit."""
    return _UF_BY_KEY.get(normalize(text))


def city_key(city: str) -> str:
    return normalize(city)


@cache
def neighbours() -> dict[CityRef, frozenset[CityRef]]:
    """The shipped neighbour list, made symmetric."""
    raw = json.loads(
        resources.files("switchboard.apps.scholarships.data")
        .joinpath("nearby_cities.json")
        .read_text(encoding="utf-8")
    )
    pairs: dict[CityRef, set[CityRef]] = {}
    for city, others in raw["neighbours"].items():
        a = _ref(city)
        for other in others:
            b = _ref(other)
            pairs.setdefault(a, set()).add(b)
            pairs.setdefault(b, set()).add(a)
    return {city: frozenset(near) for city, near in pairs.items()}


def _ref(text: str) -> CityRef:
    name, _, uf = text.rpartition("/")
    if uf not in UF_NAMES or not name:
        raise ValueError(f"bad city reference {text!r} in nearby_cities.json")
    return city_key(name), uf


__all__ = [
    "REGIONS",
    "UF_NAMES",
    "CityRef",
    "city_key",
    "neighbours",
    "parse_uf",
    "region_of",
]
