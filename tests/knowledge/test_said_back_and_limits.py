"""Branch ret8 (issue 20 item 7): an obligation asked is answered with its verb ("Não, não
precisa pagar."); a yes/no question that names how many quotes the unit stating the limit;
"eu digo", "mensagem" and "pra aumentar a chance" are no foreign words. Questions written for
these tests (none is a dev row)."""

from __future__ import annotations

from switchboard.knowledge.answer import answer_edital
from switchboard.knowledge.index import SqlKnowledgeIndex
from switchboard.knowledge.query import analyse
from switchboard.knowledge.verdict import said_back


def test_an_obligation_is_said_back_with_its_verb() -> None:
    assert said_back(analyse("tenho que pagar alguma taxa pra entrar no sisu?"), "Não") == (
        "Não, não precisa pagar."
    )
    assert said_back(analyse("a gente tem de ir lá pessoalmente?"), "Não") == (
        "Não, não precisa ir."
    )
    assert said_back(analyse("preciso assinar algum termo?"), "Sim") == "Sim, precisa assinar."


def test_a_fact_keeps_its_frame() -> None:
    assert said_back(analyse("bolsa família conta na renda?"), "Não") == "Não, não conta."


async def test_no_fee_is_said_as_no_need_to_pay(packaged_index: SqlKnowledgeIndex) -> None:
    answer = await answer_edital(
        packaged_index, "vou ter que pagar alguma coisa pra me inscrever no sisu?"
    )
    assert answer.text.startswith("Não, não precisa pagar."), answer.text


async def test_how_many_at_most_quotes_the_limit(packaged_index: SqlKnowledgeIndex) -> None:
    answer = await answer_edital(
        packaged_index,
        "dá pra me inscrever em duas modalidades diferentes de reserva de vagas no sisu pra "
        "ter mais chance?",
    )
    assert answer.found, answer.text
    assert "no máximo" in answer.text, answer.text
    assert not answer.text.startswith("Sim"), answer.text  # "uma ou mais", up to the limit


def test_chat_words_are_not_foreign() -> None:
    query = analyse("em que tela eu digo que sou cotista?")
    assert all("dig" not in c.origin for c in query.concepts)
    notify = analyse("vou receber mensagem quando me chamarem?")
    assert any("avis" in c.stems for c in notify.concepts)


async def test_a_purpose_aside_is_no_subject(packaged_index: SqlKnowledgeIndex) -> None:
    answer = await answer_edital(
        packaged_index,
        "o mec manda mensagem avisando quando a faculdade me convocar da lista de espera?",
        "sisu",
    )
    assert answer.found, answer.text
    assert answer.citations[0].item in ("8.3", "7.4"), answer.text


def test_the_institutions_own_edital_is_a_subject() -> None:
    query = analyse("o edital da universidade manda levar o quê?")
    assert any("propri" in c.stems for c in query.concepts)
    assert not any("propri" in c.stems for c in analyse("o edital do sisu saiu?").concepts)


async def test_following_their_own_edital_quotes_it(packaged_index: SqlKnowledgeIndex) -> None:
    answer = await answer_edital(
        packaged_index,
        "a matrícula da minha federal é toda pela internet, tenho que seguir o edital dela mesmo "
        "assim?",
        "sisu",
    )
    assert "edital próprio" in answer.text, answer.text


def test_a_charge_is_said_back_with_its_verb() -> None:
    assert said_back(analyse("a federal cobra alguma taxa pra se inscrever?"), "Não") == (
        "Não, não cobra."
    )
