"""A match whose filters find nothing (sch8): the score that emptied the search is said, with
the nearest offers above it; a search that finds nothing at all says so in full once, then in
one line, and never ends with "Essas são as opções" over no option."""

from __future__ import annotations

from .helpers import make_app, onboarded, say


async def test_a_score_below_every_cutoff_shows_the_nearest_offers_above_it() -> None:
    app = make_app()
    await onboarded(app, city="Juazeiro do Norte", uf="CE")
    for text in ("quero procurar um curso", "quero fazer medicina", "tirei 720", "integral"):
        await say(app, text)
    reply = await say(app, "pública")
    assert "Com a sua nota (720), não encontrei opções com nota de corte ao seu alcance" in (
        reply.text
    )
    assert "Medicina — UFC (Fortaleza/CE)" in reply.text and "acima da sua" in reply.text
    assert "dados ilustrativos" in reply.text


async def test_nothing_found_is_said_in_full_once() -> None:
    app = make_app()
    await onboarded(app, city="Rio Branco", uf="AC")
    for text in ("quero achar uma faculdade", "medicina veterinária, tirei 620", "ead"):
        await say(app, text)
    first = await say(app, "privada")
    assert first.text.startswith("Não encontrei opções com esses filtros em Rio Branco")
    income = await say(app, "lá em casa a renda é 3000 e somos 4")
    assert "Não encontrei" not in income.text
    assert "Continuo sem opções com esses filtros" in income.text
    last = await say(app, "não")
    assert "Não encontrei" not in last.text and "Essas são as opções" not in last.text
    assert "nova busca" in last.text
