"""Match nearest first (issue 20, point 6): the city, then its state and neighbouring cities,
then the region — never only another region after "não" to moving; an honest "não encontrei
nada em <cidade>"; the illustrative catalogue labelled in the text and in the cards' props."""

from __future__ import annotations

from switchboard.apps.scholarships.geography import rings
from switchboard.apps.scholarships.records import OpportunityFilters
from switchboard.apps.scholarships.records.places import REGIONS
from switchboard.apps.scholarships.ui import ILLUSTRATIVE_NOTICE
from switchboard.core.events import UiEvent

from .helpers import make_app, onboarded, say, stream

OTHER_REGIONS = [uf for name, ufs in REGIONS.items() if name != "Nordeste" for uf in ufs]


def test_rings_go_from_the_city_to_the_region_and_stop() -> None:
    from switchboard.apps.scholarships.records.profiles import StudentProfile

    profile = StudentProfile.model_validate(
        {"user_id": "u", "city": "Tabira", "uf": "PE", "created_at": 0, "updated_at": 0}
    )
    staying = rings(OpportunityFilters(course="Fisioterapia"), profile, moving=False)
    assert [r.where.split(" (")[0] for r in staying] == [
        "em Tabira",
        "perto de Tabira",
        "na região Nordeste",
    ]
    region = staying[-1]
    assert {f.uf for f in region.filters} == set(REGIONS["Nordeste"]) - {"PE"}
    moving = rings(OpportunityFilters(course="Fisioterapia"), profile, moving=True)
    assert moving[0].where.startswith("perto de Tabira")


async def _match(app: object, city: str, uf: str, course: str, stay: str) -> list[object]:
    await onboarded(app, city=city, uf=uf)  # type: ignore[arg-type]
    for text in (f"quero achar um curso de {course}", "tirei 600, qualquer turno, tanto faz"):
        await say(app, text)  # type: ignore[arg-type]
    await say(app, "somos 4 e a renda é 3 mil")  # type: ignore[arg-type]
    return await stream(app, stay)  # type: ignore[arg-type]


async def test_no_to_moving_in_a_city_without_offers_shows_the_nearest_honestly() -> None:
    app = make_app()
    events = await _match(app, "Tabira", "PE", "fisioterapia", "não, não posso me mudar")
    done = events[-1]
    text = done.text  # type: ignore[attr-defined]
    assert text.startswith("Não encontrei nada em Tabira com esses filtros")
    assert ILLUSTRATIVE_NOTICE in text
    cards = [e for e in events if isinstance(e, UiEvent) and e.component == "opportunity_cards"]
    assert cards and cards[-1].props["illustrative"] is True
    assert cards[-1].props["notice"] == ILLUSTRATIVE_NOTICE
    assert all(card["uf"] not in OTHER_REGIONS for card in cards[-1].props["cards"])


async def test_no_to_moving_in_a_city_with_offers_stays_in_the_city() -> None:
    app = make_app()
    events = await _match(app, "Recife", "PE", "enfermagem", "não posso me mudar")
    cards = [e for e in events if isinstance(e, UiEvent) and e.component == "opportunity_cards"]
    assert cards and {card["city"] for card in cards[-1].props["cards"]} == {"Recife"}
    assert "em Recife" in events[-1].text  # type: ignore[attr-defined]


async def test_every_course_list_says_the_data_is_illustrative() -> None:
    app = make_app()
    await onboarded(app)
    await say(app, "Quero achar uma faculdade")
    await say(app, "Direito, tirei 700")
    reply = await say(app, "à noite, tanto faz")
    assert "1. Direito" in reply.text and "dados ilustrativos de exemplo" in reply.text


async def test_when_the_shift_empties_the_region_the_nearest_other_shifts_are_shown() -> None:
    app = make_app()
    await onboarded(app, city="Caruaru", uf="PE")
    await say(app, "quero achar uma faculdade")
    await say(app, "direito, tirei 700")
    reply = await say(app, "ead, tanto faz")
    assert "Não encontrei opções em EaD em Caruaru" in reply.text
    assert "As mais próximas, em outros turnos, ficam perto de Caruaru" in reply.text
    assert "/PE)" in reply.text and "ilustrativos" in reply.text
    assert not any(f"/{uf})" in reply.text for uf in OTHER_REGIONS)


async def test_the_search_is_the_platforms_tool_call() -> None:
    """`buscar_oportunidades` runs through `ActionContext.call_tool`: the registry's
    tool_start, status and tool_end (its output the typed `RingSearch`), and its timeout."""
    from switchboard.apps.scholarships.geography import SEARCH_TIMEOUT_S, SEARCH_TOOL, RingSearch
    from switchboard.core.events import StatusEvent, ToolEndEvent, ToolStartEvent

    app = make_app()
    await onboarded(app, city="Recife", uf="PE")
    await say(app, "Quero achar uma faculdade")
    await say(app, "Direito, tirei 700")
    events = await stream(app, "noite, tanto faz")
    tools = [e for e in events if isinstance(e, ToolStartEvent | ToolEndEvent | StatusEvent)]
    start, status, end = tools[:3]
    assert isinstance(start, ToolStartEvent) and start.tool == SEARCH_TOOL
    assert start.args["cidade"] == "Recife" and start.args["filtros"]["course"] == "Direito"
    assert isinstance(status, StatusEvent) and status.message == "Buscando oportunidades..."
    assert isinstance(end, ToolEndEvent) and end.ok and end.call_id == start.call_id
    found = RingSearch.model_validate_json(end.output)
    assert found.found and found.where == "em Recife" and found.home
    registry = app.pattern.inner.workflows.engine.tools  # type: ignore[attr-defined]
    registered = registry.get(SEARCH_TOOL)
    assert registered is not None and registered.timeout == SEARCH_TIMEOUT_S


async def test_a_failed_search_is_said_not_raised(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from switchboard.apps.scholarships import geography

    async def broken(*args: object) -> None:
        raise RuntimeError("catálogo fora do ar")

    monkeypatch.setattr(geography, "ring_search", broken)
    app = make_app()
    await onboarded(app)
    await say(app, "Quero achar uma faculdade")
    await say(app, "Direito, tirei 700")
    reply = await say(app, "à noite, tanto faz")
    assert "Não consegui buscar as oportunidades agora" in reply.text
