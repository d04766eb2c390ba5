"""Searching nearest first, and saying so (issue 20, point 6).

The original fell back to the whole country when the student's city had nothing, so a student
who had just said "não" to moving was shown only a course in another region. Here a search
widens in rings and stops at the first ring with results:

1. the student's city (skipped when the student accepts moving);
2. the student's state and the neighbouring cities (`records/places.py`: same UF plus the
   shipped neighbour list, which crosses state lines where people commute);
3. the other states of the same region (IBGE macro-region).

It never goes further: nothing in the region is said plainly ("não encontrei ... na sua
região"); when the chosen shifts were what emptied the region, the nearest offers in other
shifts are shown under that sentence ("Não encontrei opções no turno integral … As mais
próximas, em outros turnos, ficam …"), and when the city had nothing the answer says so
before the nearest options ("Não encontrei nada em Tabira com esses filtros; as opções mais
próximas ficam ..."). Every list
carries the notice that the catalogue is illustrative, in the text and in the cards' props.

The search itself is the `buscar_oportunidades` tool (`search_tool`), run by the actions through
`ActionContext.call_tool`: its `tool_start` / status / `tool_end` events, its timeout and its
error handling are the platform's (`ToolRegistry`), not written by hand here.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

from babel.lists import format_list
from pydantic import BaseModel

from switchboard import Tool, tool
from switchboard.apps.scholarships.context import TOOL_STATUS, Services
from switchboard.apps.scholarships.records import OPPORTUNITIES, Opportunity, OpportunityFilters
from switchboard.apps.scholarships.records.cities import uf_of
from switchboard.apps.scholarships.records.opportunities import describe
from switchboard.apps.scholarships.records.places import UF_NAMES, region_of
from switchboard.apps.scholarships.records.profiles import StudentProfile
from switchboard.apps.scholarships.state import ScholarshipState
from switchboard.apps.scholarships.ui import ILLUSTRATIVE_NOTICE, opportunity_cards
from switchboard.patterns import ActionContext, ActionItem, Say, UiRequest

SEARCH_TOOL = "buscar_oportunidades"
SEARCH_TIMEOUT_S = 15.0
"""A catalogue search is a few indexed queries; past this the student is told it failed."""


@dataclass(frozen=True, slots=True)
class Ring:
    """One place to look: its filters and how the answer names it."""

    where: str
    filters: tuple[OpportunityFilters, ...]
    home: bool = False
    """The student's own city."""


def rings(filters: OpportunityFilters, profile: StudentProfile | None, moving: bool) -> list[Ring]:
    """The places to search, nearest first (see the module docstring)."""
    return _rings(
        filters, profile.city if profile else None, profile.uf if profile else None, moving
    )


def _rings(
    filters: OpportunityFilters, city: str | None, uf: str | None, moving: bool
) -> list[Ring]:
    uf = uf or (uf_of(city) if city else None)
    out: list[Ring] = []
    if city and not moving:
        out.append(Ring(f"em {city}", (filters.model_copy(update={"city": city, "uf": uf}),), True))
    if city and uf:
        near = filters.model_copy(update={"city": city, "uf": uf, "nearby": True})
        out.append(Ring(f"perto de {city} (no seu estado e em cidades vizinhas)", (near,)))
    elif uf:
        out.append(Ring(f"em {UF_NAMES.get(uf, uf)}", (filters.model_copy(update={"uf": uf}),)))
    elif city:
        out.append(
            Ring(f"perto de {city}", (filters.model_copy(update={"city": city, "nearby": True}),))
        )
    if uf and (region := region_of(uf)):
        name, ufs = region
        others = tuple(filters.model_copy(update={"uf": other}) for other in ufs if other != uf)
        out.append(Ring(f"na região {name}", others))
    if not out:
        out.append(Ring("no Brasil", (filters,)))
    return out


async def _search(services: Services, ring: Ring, limit: int) -> list[Opportunity]:
    repo = services.store.repository(OPPORTUNITIES)
    found: list[Opportunity] = []
    for filters in ring.filters:
        found.extend(await repo.search(filters))
    if len(ring.filters) > 1:
        found.sort(key=lambda item: (-item.mec_grade, -item.cutoff))
    return found[:limit]


class RingSearch(BaseModel):
    """What `buscar_oportunidades` found: the offers of the nearest ring with any, and where."""

    found: list[Opportunity]
    where: str
    """How the answer names the ring shown ("perto de Tabira (...)")."""
    home: bool
    """The ring shown is the student's own city."""
    tried: list[str]
    """Every ring's name, nearest first (what "não encontrei … nem …" lists)."""
    home_first: bool
    """The search started in the student's own city."""
    relaxed: str = ""
    """The shifts dropped to find anything ("no turno integral"), or empty."""
    above_score: bool = False
    """Nothing within reach of the student's score: the offers shown have higher cut-offs."""


async def ring_search(
    services: Services,
    filters: OpportunityFilters,
    city: str | None,
    uf: str | None,
    moving: bool,
) -> RingSearch:
    """Search ring by ring; when the chosen shifts emptied the region, again without them."""
    places = _rings(filters, city, uf, moving)
    found, shown = await _first_ring(services, places, filters.limit)
    relaxed = ""
    if not found and filters.shifts:
        # nothing in the region in the chosen shifts: the nearest offers in other shifts, said
        anytime = filters.model_copy(update={"shifts": ()})
        found, shown = await _first_ring(services, _rings(anytime, city, uf, moving), filters.limit)
        relaxed = " ou ".join(
            "em EaD" if shift == "ead" else f"no turno {shift}" for shift in filters.shifts
        )
    above_score = False
    if not found and filters.score is not None:
        # nothing within reach of the score: the nearest offers (closest cut-off first), said
        # as such — the course exists, the cut-offs are higher (the shifts asked for first)
        relaxed = ""
        for shifts in dict.fromkeys((filters.shifts, ())):
            unscored = filters.model_copy(update={"score": None, "shifts": shifts})
            nearest = _rings(unscored, city, uf, moving)
            found, shown = await _first_ring(services, nearest, filters.limit)
            if found:
                above_score = True
                if shifts != filters.shifts:
                    relaxed = " ou ".join(
                        "em EaD" if shift == "ead" else f"no turno {shift}"
                        for shift in filters.shifts
                    )
                break
    return RingSearch(
        found=found,
        where=shown.where,
        home=shown.home,
        tried=[ring.where for ring in places],
        home_first=places[0].home,
        relaxed=relaxed,
        above_score=above_score,
    )


def search_tool(services: Services) -> Tool:
    """The `buscar_oportunidades` tool over `services`' catalogue (its output: `RingSearch`
    as JSON)."""

    @tool(name=SEARCH_TOOL, status=TOOL_STATUS[SEARCH_TOOL], timeout=SEARCH_TIMEOUT_S)
    async def buscar_oportunidades(
        filtros: dict[str, Any],
        cidade: str | None = None,
        uf: str | None = None,
        mudar: bool = False,
    ) -> str:
        """Busca cursos no catálogo de exemplo, da cidade do estudante para o estado e a região,
        parando na primeira faixa com resultados."""
        filters = OpportunityFilters.model_validate(filtros)
        return (await ring_search(services, filters, cidade, uf, mudar)).model_dump_json()

    return buscar_oportunidades


SAME_AS_SHOWN = "Com isso, as opções continuam as mesmas que te mostrei acima."
NOTHING_STILL = "Continuo sem opções com esses filtros nos dados de exemplo que tenho."


async def nearest_first(
    ctx: ActionContext,
    title: str,
    filters: OpportunityFilters,
    profile: StudentProfile | None,
    n: int,
    *,
    moving: bool,
    unless_shown: bool = False,
    again: bool = False,
) -> AsyncIterator[ActionItem]:
    """Search ring by ring (the `buscar_oportunidades` tool, through the platform) and show
    the first ring with results (cards + the same list as text), saying when the student's
    city had nothing. `unless_shown`: when the list is the one shown last, say so instead of
    showing it twice (the income filtered nothing out). `again` (and `unless_shown`): a later
    search of the same match, so "nothing found", said in full before, is said in one line,
    and a list this same answer already showed (or called unchanged) is not repeated."""
    arguments = {
        "filtros": filters.model_dump(mode="json", exclude_defaults=True),
        "cidade": profile.city if profile else None,
        "uf": profile.uf if profile else None,
        "mudar": moving,
    }
    run = ctx.call_tool(SEARCH_TOOL, arguments, call_id=f"{ctx.turn.session_id}-search-{n}")
    async for item in run:
        yield item
    if not run.result.ok:
        yield Say(f"Não consegui buscar as oportunidades agora: {run.result.output}")
        return
    search = RingSearch.model_validate_json(run.result.output)
    city = profile.city if profile else None
    found = search.found
    if unless_shown and found and tuple(i.id for i in found) == _shown(ctx):
        said = "".join(ctx.turn.visible)
        if not again:
            yield Say(SAME_AS_SHOWN)
            return
        if SAME_AS_SHOWN in said or ILLUSTRATIVE_NOTICE in said:
            return  # this answer already showed the list, or said it is unchanged
    if found and search.above_score:
        where = " nem ".join(search.tried)
        score = f"{filters.score:.0f}" if filters.score is not None else ""
        other = f" (nem {search.relaxed})" if search.relaxed else ""
        heading = (
            f"Com a sua nota ({score}), não encontrei opções com nota de corte ao seu alcance"
            f"{other} {where}. Estas são as mais próximas, {search.where}, com nota de corte "
            "acima da sua — dá para tentar, mas a concorrência é maior:"
        )
        yield _cards(ctx, heading, found)
        return
    if found and search.relaxed:
        where = " nem ".join(search.tried)
        heading = (
            f"Não encontrei opções {search.relaxed} {where}. As mais próximas, em outros "
            f"turnos, ficam {search.where}:"
        )
        yield _cards(ctx, heading, found)
        return
    if not found:
        state = ctx.turn.state
        if (unless_shown or again) and not _shown(ctx):
            yield Say(NOTHING_STILL)  # said in full once, before the income question
            return
        state.put(state.get(ScholarshipState).model_copy(update={"shown": ()}))
        where = " nem ".join(search.tried)
        yield Say(
            f"Não encontrei opções com esses filtros {where} nos dados de exemplo que tenho "
            f"({ILLUSTRATIVE_NOTICE}). Quer tentar outro curso, turno ou tipo de instituição?"
        )
        return
    lead = ""
    if city and not search.home and search.home_first:
        lead = f"Não encontrei nada em {city} com esses filtros; as opções mais próximas ficam "
    where = search.where
    if not search.home:  # "perto de Juazeiro do Norte" can be 500 km away: the cities, named
        places = list(dict.fromkeys(f"{item.city}/{item.uf}" for item in found))
        where += f", em {format_list(places, locale='pt_BR')}"
    heading = f"{lead}{where}:" if lead else f"{title} {where}:"
    yield _cards(ctx, heading, found)


async def _first_ring(
    services: Services, places: list[Ring], limit: int
) -> tuple[list[Opportunity], Ring]:
    """The first ring with results (and its offers), or nothing and the last ring."""
    found: list[Opportunity] = []
    shown = places[0]
    for ring in places:
        found = await _search(services, ring, limit)
        shown = ring
        if found:
            break
    return found, shown


def _shown(ctx: ActionContext) -> tuple[str, ...]:
    return ctx.turn.state.get(ScholarshipState).shown


def _cards(ctx: ActionContext, heading: str, found: list[Opportunity]) -> UiRequest:
    """The offers as cards, with the same list as text and the illustrative notice."""
    lines = "\n".join(f"{i}. {describe(item)}" for i, item in enumerate(found, 1))
    fallback = f"{heading}\n{lines}\n\n({ILLUSTRATIVE_NOTICE}.)"
    state = ctx.turn.state
    state.put(state.get(ScholarshipState).model_copy(update={"shown": tuple(i.id for i in found)}))
    props = opportunity_cards(heading, found).model_dump(mode="json")
    return UiRequest("opportunity_cards", props, fallback)


__all__ = [
    "SEARCH_TOOL",
    "Ring",
    "RingSearch",
    "nearest_first",
    "ring_search",
    "rings",
    "search_tool",
]
