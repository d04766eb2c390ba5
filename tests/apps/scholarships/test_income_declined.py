"""A student who declines the income question ("prefiro não dizer", "não sei", "não quero
falar da renda") hears plainly what that means — without the income the assistant cannot say
whether they qualify for the Prouni (integral up to 1,5 salário mínimo per person, partial up to
3) — and goes on without it; nothing is stored (sch9)."""

from __future__ import annotations

import pytest

from switchboard.apps.scholarships.records import PROFILES

from .helpers import USER, make_app, onboarded, part, say

DECLINES = [
    "prefiro não dizer",
    "não sei",
    "nao quero falar da renda",
    "sei la, minha mae que sabe",
    "nao sei quanto a gente ganha",
    "prefiro nao informar",
    "não faço ideia",
]


def _says_what_it_means(text: str) -> None:
    assert "não consigo dizer se você se encaixa no Prouni" in text
    assert "1,5 salário mínimo (R$ 2.431,50)" in text and "3 salários mínimos (R$ 4.863,00)" in text
    assert "item 1.4" in text and "seguir sem a renda" in text


@pytest.mark.parametrize("text", DECLINES)
async def test_declining_the_income_in_the_match(text: str) -> None:
    app = make_app()
    await onboarded(app)
    for said in ("quero achar uma faculdade", "direito, tirei 620", "noite, tanto faz"):
        await say(app, said)
    reply = await say(app, text)
    _says_what_it_means(reply.text)
    assert reply.text.endswith("(sim ou não)")  # the match goes on: the nearby question
    view = await part(app)
    assert view.asked == "nearby"
    slots = view.frame("match").slots
    assert not {"per_capita_income", "household_income", "household_size"} & set(slots)
    profile = await app.store.repository(PROFILES).get(USER)
    assert profile is not None and profile.per_capita_income is None
    final = await say(app, "não")
    assert "Essas são as opções" in final.text or "nova busca" in final.text


@pytest.mark.parametrize("text", DECLINES[:4])
async def test_declining_the_income_in_the_simulation(text: str) -> None:
    app = make_app()
    await onboarded(app)
    await say(app, "quero saber se consigo bolsa no prouni")
    reply = await say(app, text)
    _says_what_it_means(reply.text)
    assert "média no Enem" in reply.text  # the next question
    reply = await say(app, "tirei 600")
    assert "item 1.2" in reply.text and "Falta a renda" in reply.text
    profile = await app.store.repository(PROFILES).get(USER)
    assert profile is not None and profile.per_capita_income is None
