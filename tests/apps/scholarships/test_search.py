"""Opportunity search: one behavioural suite on memory, SQLite and PostgreSQL.

The `opportunities` fixture is the seeded repository on each backend; `reference` is an
in-memory one, the expected answer for every backend (same rows, same order).
"""

from __future__ import annotations

from typing import Any

import pytest

from switchboard.apps.scholarships.eligibility import Eligibility
from switchboard.apps.scholarships.records.errors import InvalidSearchFiltersError
from switchboard.apps.scholarships.records.opportunities import (
    Opportunities,
    Opportunity,
    OpportunityFilters,
    describe,
    seed,
)

F = OpportunityFilters


async def everything(repo: Opportunities, **filters: Any) -> list[Opportunity]:
    """Every result, page by page."""
    found: list[Opportunity] = []
    while True:
        page = await repo.search(F(**filters, limit=100, offset=len(found)))
        found += page
        if len(page) < 100:
            return found


async def test_engenharia_finds_every_engenharia_and_nothing_else(opportunities):
    found = await everything(opportunities, course="engenharia", uf="MG")
    courses = {o.course for o in found}
    assert len(courses) >= 4 and all(c.startswith("Engenharia") for c in courses)
    expected = {o.id for o in seed() if o.uf == "MG" and o.course.startswith("Engenharia")}
    assert {o.id for o in found} == expected


async def test_course_is_accent_and_case_insensitive_and_specific(opportunities):
    plain = await everything(opportunities, course="ciencia da computacao", uf="SP")
    accented = await everything(opportunities, course="CIÊNCIA DA COMPUTAÇÃO", uf="SP")
    assert plain == accented and plain
    assert {o.course for o in plain} == {"Ciência da Computação"}
    medicina = await everything(opportunities, course="medicina", institution_type="publica")
    assert {o.course for o in medicina} == {"Medicina"}
    vet = await everything(opportunities, course="medicina veterinária")
    assert {o.course for o in vet} == {"Medicina Veterinária"}


async def test_city_and_uf_accept_how_people_write_them(opportunities):
    a = await everything(opportunities, city="São Paulo", uf="SP")
    b = await everything(opportunities, city="sao paulo", uf="São Paulo")
    c = await everything(opportunities, city="SAO PAULO")
    assert a == b == c and a
    assert {(o.city, o.uf) for o in a} == {("São Paulo", "SP")}
    assert {o.uf for o in await everything(opportunities, uf="bahia", course="direito")} == {"BA"}


async def test_nearby_widens_to_the_state_and_listed_neighbours(opportunities):
    only = await everything(opportunities, city="Petrolina", course="administracao")
    near = await everything(opportunities, city="Petrolina", course="administracao", nearby=True)
    assert {o.city for o in only} == {"Petrolina"}
    places = {(o.city, o.uf) for o in near}
    assert ("Juazeiro", "BA") in places  # the neighbour across the river, in another state
    assert ("Recife", "PE") in places  # same state
    assert ("Salvador", "BA") not in places  # another state, not a neighbour
    assert {o.uf for o in near} == {"PE", "BA"}


async def test_nearby_without_a_city_changes_nothing(opportunities):
    assert await everything(opportunities, uf="RS", course="direito", nearby=True) == (
        await everything(opportunities, uf="RS", course="direito")
    )


async def test_score_keeps_cut_offs_at_or_below_it_inclusive(opportunities):
    target = next(o for o in seed() if o.course == "Direito" and o.modality == "sisu")
    where = {"course": "direito", "city": target.city, "uf": target.uf}
    at = await everything(opportunities, **where, score=target.cutoff)
    below = await everything(opportunities, **where, score=round(target.cutoff - 0.01, 2))
    assert target in at and target not in below
    assert all(o.cutoff <= target.cutoff for o in at)


async def test_tolerance_admits_cut_offs_slightly_above_the_score(opportunities):
    strict = await everything(opportunities, course="medicina", score=800)
    tolerant = await everything(opportunities, course="medicina", score=800, score_tolerance=20)
    assert set(map(str, strict)) < set(map(str, tolerant))
    assert all(o.cutoff <= 820 for o in tolerant)
    assert any(o.cutoff > 800 for o in tolerant)


@pytest.mark.parametrize(
    ("eligibility", "modalities"),
    [
        (Eligibility.SISU_ONLY, {"sisu"}),
        (Eligibility.PROUNI_PARCIAL, {"sisu", "prouni_parcial"}),
        (Eligibility.PROUNI_INTEGRAL, {"sisu", "prouni_parcial", "prouni_integral"}),
        (None, {"sisu", "prouni_parcial", "prouni_integral"}),
    ],
)
async def test_income_eligibility_keeps_sisu_and_only_the_prouni_it_allows(
    opportunities, eligibility, modalities
):
    found = await everything(opportunities, course="direito", uf="SP", eligibility=eligibility)
    assert {o.modality for o in found} == modalities


async def test_shifts_and_institution_type(opportunities):
    found = await everything(opportunities, course="pedagogia", shifts=["Noite", "EaD"])
    assert {o.shift for o in found} == {"noturno", "ead"}
    public = await everything(opportunities, course="direito", institution_type="Pública")
    assert {(o.institution_type, o.modality) for o in public} == {("publica", "sisu")}
    private = await everything(opportunities, course="direito", institution_type="privada")
    assert {o.institution_type for o in private} == {"privada"}
    both = await everything(opportunities, course="direito", institution_type="indiferente")
    assert len(both) == len(public) + len(private)


async def test_sort_by_quality_then_fit(opportunities):
    found = await everything(opportunities, course="direito", score=700, sort_by="quality")
    keys = [(-o.mec_grade, abs(o.cutoff - 700)) for o in found]
    assert keys == sorted(keys) and found[0].mec_grade == 5


async def test_sort_by_cut_off_and_by_fit(opportunities):
    by_cutoff = await everything(opportunities, course="enfermagem", sort_by="cutoff")
    assert [o.cutoff for o in by_cutoff] == sorted(o.cutoff for o in by_cutoff)
    by_fit = await everything(opportunities, course="enfermagem", score=650, sort_by="fit")
    gaps = [abs(o.cutoff - 650) for o in by_fit]
    assert gaps == sorted(gaps) and by_fit[0].cutoff <= 650


async def test_pages_do_not_overlap_and_add_up(opportunities):
    whole = await opportunities.search(F(course="administracao", limit=60))
    pages = [
        await opportunities.search(F(course="administracao", limit=20, offset=k))
        for k in (0, 20, 40)
    ]
    assert [o for page in pages for o in page] == whole
    assert await opportunities.search(F(course="administracao", offset=10_000)) == []


INJECTIONS = [
    "'; DROP TABLE scholarship_opportunities; --",
    "' OR '1'='1",
    "%",
    "_",
    "%' --",
    "\\",
    "Medicina\x00",
    "Robert'); DELETE FROM scholarship_profiles;--",
]


@pytest.mark.parametrize("text", INJECTIONS)
async def test_injection_attempts_in_text_filters_are_just_text(opportunities, text):
    before = await opportunities.count()
    assert await opportunities.search(F(city=text)) == []
    found = await opportunities.search(F(course=text))
    assert all(o.course == "Medicina" for o in found)  # only "Medicina\x00" names a course
    assert await opportunities.count() == before
    with pytest.raises(InvalidSearchFiltersError):
        OpportunityFilters.parse({"uf": text})
    with pytest.raises(InvalidSearchFiltersError):
        OpportunityFilters.parse({"shifts": [text]})


async def test_unicode_is_just_text(opportunities):
    wide = await opportunities.search(F(course="ＭＥＤＩＣＩＮＡ", limit=5))
    assert wide == await opportunities.search(F(course="medicina", limit=5)) and wide
    assert await opportunities.search(F(course="🩺💉")) == []
    assert await opportunities.search(F(city="Ñandú 東京")) == []


QUERIES = [
    F(),
    F(course="engenharia", score=690, score_tolerance=10, sort_by="fit"),
    F(course="computacao", city="recife", nearby=True, eligibility=Eligibility.PROUNI_INTEGRAL),
    F(city="Brasília", nearby=True, shifts=["noturno"], sort_by="cutoff", limit=50),
    F(uf="AM", institution_type="privada", limit=100),
    F(course="letras", score=620, eligibility=Eligibility.PROUNI_PARCIAL, offset=5, limit=7),
    F(course="psicologia", city="Valença"),
]


@pytest.mark.parametrize("filters", QUERIES, ids=lambda f: f.model_dump_json(exclude_defaults=True))
async def test_every_backend_answers_like_the_reference(opportunities, reference, filters):
    assert await opportunities.search(filters) == await reference.search(filters)


@pytest.mark.parametrize(
    "bad",
    [
        {"score": 1001},
        {"score": -1},
        {"score": float("nan")},
        {"score_tolerance": 500},
        {"limit": 0},
        {"limit": 101},
        {"offset": -1},
        {"shifts": ["madrugada"]},
        {"institution_type": "estadual"},
        {"sort_by": "random"},
        {"uf": "XX"},
        {"course": "x" * 201},
        {"unexpected": 1},
    ],
)
def test_invalid_filters_are_a_typed_error(bad):
    with pytest.raises(InvalidSearchFiltersError) as info:
        OpportunityFilters.parse(bad)
    assert info.value.code == "invalid_search_filters"


def test_filters_normalize_what_people_write():
    filters = OpportunityFilters.parse(
        {"uf": "pe", "shifts": ["Noite", "EAD", "noturno"], "institution_type": "Privada"}
    )
    assert filters.uf == "PE"
    assert filters.shifts == ("noturno", "ead")
    assert filters.institution_type == "privada"
    assert OpportunityFilters.parse({"course": "  ", "city": "", "uf": ""}) == OpportunityFilters()


def test_describe_is_one_pt_br_line():
    item = Opportunity(
        id="abc",
        course="Direito",
        degree="bacharelado",
        institution="Universidade Federal de Minas Gerais",
        institution_acronym="UFMG",
        institution_type="publica",
        city="Belo Horizonte",
        uf="MG",
        shift="noturno",
        modality="sisu",
        cutoff=745.3,
        vagas=1,
        mec_grade=5,
    )
    assert describe(item) == (
        "Direito — UFMG (Belo Horizonte/MG) · Noturno · Sisu · nota de corte 745,30 · "
        "conceito MEC 5 · 1 vaga"
    )
