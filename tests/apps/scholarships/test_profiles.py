"""Student profiles: partial upserts, derived per-capita income, validation, isolation."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from decimal import Decimal

import pytest

from switchboard.apps.scholarships.records.errors import InvalidProfileError
from switchboard.apps.scholarships.records.profiles import PROFILES, ProfileUpdate
from switchboard.store.sql.store import SqlStore

U = ProfileUpdate.parse


async def test_a_new_user_has_no_profile_and_the_first_upsert_creates_it(store, clock):
    profiles = store.repository(PROFILES)
    assert await profiles.get("ana") is None
    created = await profiles.upsert("ana", U({"name": "Ana Souza", "age": 17}))
    assert (created.user_id, created.name, created.age) == ("ana", "Ana Souza", 17)
    assert created.onboarding_completed is False and created.shifts == []
    assert created.created_at == created.updated_at == clock.now()
    assert await profiles.get("ana") == created


async def test_upsert_changes_only_the_fields_given(store, clock):
    profiles = store.repository(PROFILES)
    first = await profiles.upsert(
        "ana", U({"name": "Ana", "age": 17, "city": "Recife", "uf": "PE"})
    )
    await clock.advance(60)
    second = await profiles.upsert(
        "ana", U({"age": 19, "education": "Ensino Médio Completo", "shifts": ["noturno"]})
    )
    assert (second.name, second.age, second.city, second.uf) == ("Ana", 19, "Recife", "PE")
    assert second.education == "Ensino Médio Completo" and second.shifts == ["noturno"]
    assert second.created_at == first.created_at
    assert second.updated_at == first.updated_at + timedelta(seconds=60)
    assert await profiles.get("ana") == second


async def test_a_field_given_as_none_is_cleared(store):
    profiles = store.repository(PROFILES)
    await profiles.upsert("ana", U({"course_interest": "Direito", "enem_score": 700}))
    cleared = await profiles.upsert("ana", U({"course_interest": None}))
    assert cleared.course_interest is None and cleared.enem_score == 700


async def test_per_capita_income_is_derived_from_the_household(store):
    profiles = store.repository(PROFILES)
    p = await profiles.upsert("ana", U({"household_size": 4, "household_income": "4862.00"}))
    assert p.per_capita_income == Decimal("1215.50")
    p = await profiles.upsert("ana", U({"household_size": 3}))  # re-derived on change
    assert p.per_capita_income == Decimal("1620.67")  # 1620.666… rounded up
    p = await profiles.upsert("ana", U({"per_capita_income": "1500.00"}))  # the calculator's
    assert p.per_capita_income == Decimal("1500.00") and p.household_size == 3
    p = await profiles.upsert("ana", U({"household_income": None}))
    assert p.per_capita_income is None
    assert (await profiles.get("ana")) == p


async def test_money_survives_the_round_trip_exactly(store):
    profiles = store.repository(PROFILES)
    await profiles.upsert("ana", U({"household_income": "12345.67", "per_capita_income": 0}))
    got = await profiles.get("ana")
    assert got.household_income == Decimal("12345.67")
    assert got.per_capita_income == Decimal("0.00")
    assert str(got.household_income) == "12345.67"


async def test_profiles_never_cross_users(store):
    profiles = store.repository(PROFILES)
    await profiles.upsert("ana", U({"name": "Ana", "city": "Recife"}))
    await profiles.upsert("bia", U({"name": "Bia"}))
    await profiles.upsert("bia", U({"city": "Belém"}))
    assert (await profiles.get("ana")).city == "Recife"
    assert (await profiles.get("bia")).name == "Bia"
    assert await profiles.delete("bia") is True
    assert await profiles.delete("bia") is False
    assert await profiles.get("bia") is None and (await profiles.get("ana")).name == "Ana"


async def test_returned_profiles_are_copies(store):
    profiles = store.repository(PROFILES)
    got = await profiles.upsert("ana", U({"shifts": ["noturno"]}))
    got.shifts.append("integral")
    again = await profiles.get("ana")
    again.shifts.append("ead")
    assert (await profiles.get("ana")).shifts == ["noturno"]


async def test_concurrent_upserts_of_one_new_user_all_land(store):
    profiles = store.repository(PROFILES)
    updates = [
        {"name": "Ana"},
        {"age": 18},
        {"city": "Natal"},
        {"uf": "RN"},
        {"education": "Superior Incompleto"},
        {"course_interest": "Enfermagem"},
        {"enem_score": 655.4},
        {"institution_type": "publica"},
    ]
    await asyncio.gather(*(profiles.upsert("ana", U(u)) for u in updates))
    got = await profiles.get("ana")
    assert (got.name, got.age, got.city, got.uf) == ("Ana", 18, "Natal", "RN")
    assert (got.education, got.course_interest) == ("Superior Incompleto", "Enfermagem")
    assert (got.enem_score, got.institution_type) == (655.4, "publica")


def test_updates_normalize_what_people_write():
    update = U(
        {
            "name": "  Ana   Souza ",
            "uf": "pernambuco",
            "education": "ensino medio completo",
            "shifts": ["Noite", "EaD", "noturno"],
            "institution_type": "Pública",
        }
    )
    assert update.name == "Ana Souza" and update.uf == "PE"
    assert update.education == "Ensino Médio Completo"
    assert update.shifts == ["noturno", "ead"] and update.institution_type == "publica"


@pytest.mark.parametrize(
    "bad",
    [
        {"age": 5},
        {"age": 200},
        {"uf": "XX"},
        {"education": "Doutorado"},
        {"enem_score": 1200},
        {"shifts": ["madrugada"]},
        {"household_size": 0},
        {"household_income": -1},
        {"household_income": 1500.5},  # a float is not money
        {"household_income": "1500.555"},
        {"user_id": "someone-else"},
        {"name": "x" * 121},
    ],
)
def test_invalid_updates_are_a_typed_error(bad):
    with pytest.raises(InvalidProfileError) as info:
        ProfileUpdate.parse(bad)
    assert info.value.code == "invalid_profile"


async def test_missing_onboarding_fields(store):
    profiles = store.repository(PROFILES)
    p = await profiles.upsert("ana", U({"city": "Recife", "name": "Ana"}))
    assert p.missing_onboarding_fields() == ["age", "education"]
    p = await profiles.upsert("ana", U({"age": 18, "education": "Ensino Médio Completo"}))
    assert p.missing_onboarding_fields() == []


async def test_a_restarted_sqlite_store_keeps_profiles(tmp_path, clock):
    url = f"sqlite:///{tmp_path / 'p.db'}"
    first = SqlStore(url, clock=clock)
    await first.init()
    saved = await first.repository(PROFILES).upsert(
        "ana", U({"name": "Ana", "household_size": 2, "household_income": "3000"})
    )
    await first.close()
    second = SqlStore(url, clock=clock)
    try:
        assert await second.repository(PROFILES).get("ana") == saved
    finally:
        await second.close()


async def test_the_calculators_per_capita_survives_a_partial_household(store):
    profiles = store.repository(PROFILES)
    await profiles.upsert("ana", U({"per_capita_income": "900.00"}))
    p = await profiles.upsert("ana", U({"household_size": 3}))  # income still unknown
    assert p.per_capita_income == Decimal("900.00")


async def test_nul_characters_are_dropped_and_bad_user_ids_refused(store):
    profiles = store.repository(PROFILES)
    p = await profiles.upsert("ana", U({"name": "Ana\x00 Souza", "city": "\x00Recife"}))
    assert (p.name, p.city) == ("Ana Souza", "Recife")
    assert await profiles.get("ana") == p
    for bad in ("", "ana\x00", "x" * 201):
        with pytest.raises(InvalidProfileError):
            await profiles.upsert(bad, U({"name": "Ana"}))
        with pytest.raises(InvalidProfileError):
            await profiles.get(bad)
