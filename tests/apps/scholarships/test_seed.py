"""The shipped seed data: reproducible, illustrative, realistic in shape."""

from __future__ import annotations

import json
from collections import Counter
from importlib import resources

from switchboard.apps.scholarships.data import make_opportunities
from switchboard.apps.scholarships.records.opportunities import OPPORTUNITIES, seed
from switchboard.apps.scholarships.records.places import UF_NAMES, city_key, neighbours

DATA = resources.files("switchboard.apps.scholarships.data")


def test_the_committed_file_is_what_the_seeded_generator_writes():
    committed = DATA.joinpath("opportunities.jsonl").read_text(encoding="utf-8")
    assert committed == make_opportunities.render(make_opportunities.generate())


def test_the_file_says_it_is_illustrative_not_official():
    first = DATA.joinpath("opportunities.jsonl").read_text(encoding="utf-8").splitlines()[0]
    meta = json.loads(first)["_meta"]
    assert "ILUSTRATIVOS" in meta["notice"] and "NÃO oficiais" in meta["notice"]
    assert meta["rows"] == len(seed())
    assert "ILLUSTRATIVE SEED DATA, NOT OFFICIAL" in (make_opportunities.__doc__ or "")


def test_breadth_courses_institutions_cities_regions():
    items = seed()
    assert 2000 <= len(items) <= 6000
    assert len({i.id for i in items}) == len(items)
    assert len({i.course for i in items}) >= 40
    assert len({(i.city, i.uf) for i in items}) >= 30
    assert {i.uf for i in items} == set(UF_NAMES)  # every region, every state
    assert {i.shift for i in items} == {"matutino", "vespertino", "noturno", "integral", "ead"}
    kinds = Counter((i.institution_type, i.modality) for i in items)
    assert set(kinds) == {
        ("publica", "sisu"),
        ("privada", "prouni_integral"),
        ("privada", "prouni_parcial"),
    }


def test_cut_offs_are_in_realistic_ranges():
    items = seed()

    def sisu(course: str) -> list[float]:
        return [i.cutoff for i in items if i.course == course and i.modality == "sisu"]

    assert sisu("Medicina") and all(780 <= c <= 851 for c in sisu("Medicina"))
    assert sisu("Pedagogia") and all(600 <= c <= 681 for c in sisu("Pedagogia"))
    assert min(sisu("Medicina")) > max(sisu("Pedagogia"))
    prouni = [i for i in items if i.modality != "sisu"]
    assert all(i.cutoff >= 450 for i in prouni)  # Prouni's minimum ENEM average
    assert all(1 <= i.mec_grade <= 5 and i.vagas > 0 for i in items)
    assert all(i.shift == "integral" for i in items if i.course == "Medicina")


def test_every_neighbour_city_has_offers():
    places = {(city_key(i.city), i.uf) for i in seed()}
    for city, near in neighbours().items():
        assert city in places, city
        assert near <= places, city


async def test_load_seed_is_idempotent(store):
    repo = store.repository(OPPORTUNITIES)
    assert await repo.count() == 0
    assert await repo.load_seed() == len(seed())
    assert await repo.load_seed() == len(seed())
    assert await repo.count() == len(seed())
    first = seed()[0]
    assert await repo.get(first.id) == first
    assert await repo.get("nope") is None
    assert len(await repo.courses()) == len({i.course for i in seed()})


async def test_add_replaces_by_id(store):
    repo = store.repository(OPPORTUNITIES)
    original = seed()[0]
    await repo.add([original])
    changed = original.model_copy(update={"vagas": original.vagas + 7, "mec_grade": 2})
    await repo.add([changed])
    assert await repo.count() == 1
    assert await repo.get(original.id) == changed
