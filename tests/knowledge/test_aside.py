"""The asides of a question: where the student tells their situation, not what they ask."""

from __future__ import annotations

import pytest

from switchboard.knowledge.analysis import stem
from switchboard.knowledge.aside import aside_stems


@pytest.mark.parametrize(
    ("question", "aside", "asked"),
    [
        # a sentence that is not a question, beside one that is
        ("tenho que levar os documentos do prouni? moro longe", "longe", "documentos"),
        # a reason ("pq" is read as "por que")
        ("posso entrar só no 2º semestre por que vou viajar?", "viajar", "semestre"),
        ("posso entrar só no 2º semestre porque vou viajar?", "viajar", "semestre"),
        # a lead-in that tells the situation, before the part that asks
        ("moro de aluguel e a conta tá no nome do dono, serve pro prouni?", "dono", "serve"),
        ("já entreguei a documentação, até quando confirmam a bolsa?", "documentação", "bolsa"),
    ],
)
def test_the_situation_is_an_aside(question: str, aside: str, asked: str) -> None:
    found = aside_stems(question)
    assert stem(aside) in found and stem(asked) not in found


@pytest.mark.parametrize(
    "question",
    [
        "tem cota pra quilombola no prouni?",  # no aside at all
        "auxílio creche, o prouni dá?",  # a lead-in that names the topic is the subject
        "qual a porcentagem da lei 12.711 no sisu?",  # a dot inside a number ends no sentence
        "por que o sisu usa a nota do enem?",  # "por que" opening the question asks why
        "qual a nota de corte, pra que serve?",  # a lead-in with a question word asks
    ],
)
def test_what_is_asked_is_no_aside(question: str) -> None:
    assert aside_stems(question) == frozenset()


def test_a_word_also_in_the_asking_part_is_its_subject() -> None:
    assert stem("renda") not in aside_stems("minha renda é baixa, a renda bruta conta?")


def test_a_lead_in_before_a_colon_tells_the_situation() -> None:
    # "antes de dizer minha idade: …?" prefaces the question; its words are no subject
    assert {"idad", "diz"} <= aside_stems("antes de dizer minha idade: qual o prazo do prouni?")
    assert aside_stems("taxa de matricula: o prouni paga?") == frozenset()  # names the topic


def test_the_asking_part_leaves_the_asides_out() -> None:
    from switchboard.knowledge.aside import asking_part

    assert asking_part("já entreguei a documentação, até quando confirmam a bolsa?") == (
        "ate quando confirmam a bolsa?"
    )
    assert asking_part("tenho que levar os documentos? moro longe") == (
        "tenho que levar os documentos?"
    )
    assert asking_part("qual a nota mínima do prouni?") == "qual a nota minima do prouni?"


async def test_an_asides_words_weigh_less_than_the_asked_ones(packaged_index) -> None:  # type: ignore[no-untyped-def]
    from switchboard.knowledge.query import analyse
    from switchboard.knowledge.rank import ASIDE_WEIGHT, weigh

    stats = await packaged_index.stats("prouni")
    told = analyse("já entreguei a documentação, até quando confirmam a bolsa?")
    asked = analyse("a documentação, até quando confirmam a bolsa?")
    document = next(i for i, c in enumerate(told.concepts) if c.origin == ("document",))
    told_w = next(w.weight for w in weigh(told, stats, ASIDE_WEIGHT) if w.concept_index == document)
    asked_i = next(i for i, c in enumerate(asked.concepts) if c.origin == ("document",))
    asked_w = next(
        w.weight for w in weigh(asked, stats, ASIDE_WEIGHT) if w.concept_index == asked_i
    )
    assert told_w == pytest.approx(ASIDE_WEIGHT * asked_w)
