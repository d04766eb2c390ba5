"""Whether the student can move, said before it is asked ("não posso me mudar" to the shift
question): noted as the nearby-cities answer, never "não entendi", and the last search does not
show the same list twice in one answer."""

from __future__ import annotations

import pytest

from switchboard.apps.scholarships.extract import moving_in
from switchboard.apps.scholarships.geography import SAME_AS_SHOWN

from .helpers import make_app, onboarded, part, say


@pytest.mark.parametrize(
    ("text", "moving"),
    [
        ("não tenho como me mudar", False),
        ("nao da pra sair da minha cidade, cuido da minha vó", False),
        ("só posso estudar aqui", False),
        ("topo me mudar sim", True),
        ("me mudo sem problema", True),
        ("noturno", None),
        ("não sei ainda", None),
    ],
)
def test_moving_told(text: str, moving: bool | None) -> None:
    assert moving_in(text) is moving


async def test_moving_told_early_is_noted_and_the_same_list_is_not_repeated() -> None:
    app = make_app()
    await onboarded(app, city="Juazeiro do Norte", uf="CE")
    for text in ("quero achar uma faculdade", "engenharia civil", "620"):
        await say(app, text)
    reply = await say(app, "não tenho como me mudar")
    assert "não entendi" not in reply.text and "Anotei: cidades próximas não." in reply.text
    assert (await part(app)).frame("match").slots["nearby"] is False
    await say(app, "noturno, tanto faz")
    reply = await say(app, "minha mãe ganha 2 mil e somos 3")
    assert "nearby" not in reply.text and "cidades próximas" not in reply.text  # not asked
    # the list the shift answer showed is announced as unchanged once, not listed again
    assert reply.text.count(SAME_AS_SHOWN) == 1 and "UNIJAN" not in reply.text


async def test_the_nearest_options_name_their_city() -> None:
    """ "perto de Juazeiro do Norte" was said of offers in Fortaleza, 500 km away."""
    app = make_app()
    await onboarded(app, city="Juazeiro do Norte", uf="CE")
    for text in ("quero achar uma faculdade", "engenharia civil", "620"):
        await say(app, text)
    reply = await say(app, "noturno, tanto faz")
    assert "Não encontrei nada em Juazeiro do Norte" in reply.text
    assert "vizinhas), em Fortaleza/CE:" in reply.text
