"""Folded, whole-word text rules: phrases, questions, "não encontrei", citations."""

from __future__ import annotations

import pytest

from switchboard.evals.phrases import (
    asks_question,
    cited_items,
    cites,
    fold,
    has_phrase,
    says_not_found,
)


def test_fold() -> None:
    assert fold("  Não   ENCONTREI\xa0a Informação ") == "nao encontrei a informacao"


@pytest.mark.parametrize(
    ("text", "phrase", "found"),
    [
        ("Compare o SAC com a PRICE.", "sac", True),
        ("Guardei num saco.", "SAC", False),  # whole words, not substrings
        ("Ligue para o CVV 188.", "188", True),
        ("Desde 1880.", "188", False),
        ("Total: R$\xa045,00", "R$ 45,00", True),
        ("Total: R$ 45,00", "R$ 45", True),  # "," ends the word
        ("Total: R$ 450,00", "R$ 45", False),
        ("Educação   financeira", "educacao financeira", True),
        ("Reuters disse", "reuters", True),
        ("qualquer coisa", "   ", False),
        ("A inscrição é gratuita.", "gratuit*", True),  # a stem
        ("A inscrição é gratuita.", "gratuit", False),
        ("Foram excluídos da renda", "excluíd*", True),
    ],
)
def test_has_phrase(text: str, phrase: str, found: bool) -> None:
    assert has_phrase(fold(text), phrase) is found


@pytest.mark.parametrize(
    "text",
    [
        "Não encontrei essa informação nos editais do Sisu e do Prouni 2026.",
        "Nao tenho essa informacao, mas posso abrir um chamado.",
        "Essa informação não consta no edital.",
        "Os editais não falam sobre isso.",
        "Não há informação sobre passagens nos documentos.",
        "Infelizmente não foi possível encontrar esse dado.",
        "Isso não está nos editais de 2026.",
        "Não localizei nada sobre isso.",
    ],
)
def test_says_not_found(text: str) -> None:
    assert says_not_found(text)


@pytest.mark.parametrize(
    "text",
    [
        "Segundo o Edital Prouni 2026, item 1.2, a nota mínima é 450.",
        "Encontrei duas opções para você.",
        "Não se preocupe: o prazo vai até sexta.",
        "Ninguém encontrou erro nos seus dados.",
    ],
)
def test_an_answer_is_not_a_not_found(text: str) -> None:
    assert not says_not_found(text)


@pytest.mark.parametrize(
    ("text", "asks"),
    [
        ("Foi despesa ou receita?", True),
        ("Quer ver despesas ou receitas? (Se não disser, considero as despesas.)", True),
        ("Quer que eu registre? 🙂", True),
        ('Posso registrar "R$ 45,00"?"', True),
        ("Registrado! Despesa de R$ 45,00.", False),
        ("Você perguntou: dá para parcelar? Sim, em até 12x.", False),
        ("", False),
    ],
)
def test_asks_question(text: str, asks: bool) -> None:
    assert asks_question(text) is asks


def test_citations() -> None:
    text = "Segundo o Edital Prouni 2026, item 1.2: ... Veja também os itens 2.1, 2.3 e 4.1.2; e o Subitem 5."
    assert cited_items(text) == ["1.2", "2.1", "2.3", "4.1.2", "5"]
    assert cites(text, ["9.9", "2.3"])
    assert cites("conforme o item 1.2.3.", ["1.2"])  # a sub-item cites its item
    assert not cites("conforme o item 1.20", ["1.2"])
    assert not cites("nota 1.2 sem a palavra", ["1.2"])  # a number alone is not a citation
    assert not cites("item 1.2", ["1.2.3"])


def test_a_section_heading_is_a_citation_of_a_document_without_item_numbers() -> None:
    answer = "Documentação Prouni 2026, seção Comprovantes de residência: conta de luz ..."
    assert cites(answer, ["Comprovantes de residência"])
    assert not cites(answer, ["Documentação básica"])
