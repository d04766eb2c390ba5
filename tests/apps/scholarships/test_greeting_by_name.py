"""The student is greeted by name ("Prazer, <nome>!") exactly once, whenever the name is first
learned: before the age, after it, or in one message with it, in either order (sch9)."""

from __future__ import annotations

import pytest

from switchboard.apps.scholarships.onboarding_text import reading

from .helpers import make_app, part, say


@pytest.mark.parametrize(
    ("turns", "name"),
    [
        (["oi", "tenho 17 anos", "me chamo Pedro"], "Pedro"),
        (["oi", "19", "Rafa"], "Rafa"),
        (["oi", "to com 20 anos", "pode me chamar de Lu"], "Lu"),
        (["oi", "dezoito anos", "meu nome é joão pedro"], "João Pedro"),
        (["tenho 19 anos e me chamo Carla"], "Carla"),
        (["17 anos, Bruno aqui"], "Bruno"),
        (["oi", "16, Mariana"], "Mariana"),
        (["Oi! Meu nome é Beatriz e tenho 16"], "Beatriz"),
        (["oi", "Lucas", "tenho 17"], "Lucas"),
    ],
)
async def test_the_name_is_greeted_once_whatever_the_order(turns: list[str], name: str) -> None:
    app = make_app()
    await app.start()
    replies = [(await say(app, text)).text for text in turns]
    replies.append((await say(app, "Recife")).text)
    assert sum(reply.count("Prazer") for reply in replies) == 1, replies
    assert sum(f"Prazer, {name}!" in reply for reply in replies) == 1, replies
    slots = (await part(app)).frame("onboarding").slots
    assert slots["name"] == name and "age" in slots and slots["city"] == "Recife"


async def test_a_corrected_name_is_not_greeted_again() -> None:
    app = make_app()
    await app.start()
    await say(app, "oi")
    assert (await say(app, "sou a Ana, tenho 18")).text.startswith("Prazer, Ana!")
    reply = await say(app, "na verdade me chama de Aninha")
    assert "Prazer" not in reply.text and "Aninha" in reply.text


async def test_a_whole_profile_in_one_message_is_greeted_by_the_completion_alone() -> None:
    app = make_app()
    await app.start()
    text = "oi, sou a Ana Souza, tenho 18, moro em Recife e terminei o ensino médio"
    reply = await say(app, text)
    assert reply.text.startswith("Prontinho, Ana Souza!") and "Prazer" not in reply.text


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("16, Mariana", {"name": "Mariana", "age": 16}),
        ("17 anos, Bruno aqui", {"name": "Bruno", "age": 17}),
        ("18 - Caio", {"name": "Caio", "age": 18}),
        ("20 anos e sou a Bia", {"name": "Bia", "age": 20}),
        ("19", {"age": 19}),  # the age, told before it was asked: not a bad name
        ("dezoito anos", {"age": 18}),  # a number in words is no name
        ("17, Recife", {"age": 17, "city": "Recife", "uf": "PE"}),
        ("maria da silva", {"name": "Maria da Silva"}),
    ],
)
def test_age_first_then_name_answers(text: str, values: dict[str, object]) -> None:
    found = reading(text, "name")
    assert found.values == values and not found.problems
