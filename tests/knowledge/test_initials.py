"""Benefits typed by their initials in capitals ("o VT entra na renda?") are spelled out before
the question is analysed; the same letters in lower case are left alone ("va" is a verb)
(branch ret9, issue 20 item 7). Questions written for these tests (none is a dev row)."""

from __future__ import annotations

from switchboard.knowledge.answer import answer_edital
from switchboard.knowledge.index import SqlKnowledgeIndex
from switchboard.knowledge.lexicon import expand_chat


def test_initials_in_capitals_are_spelled_out() -> None:
    assert expand_chat("o VT e o VR do meu pai contam?") == (
        "o vale transporte e o vale refeição do meu pai contam?"
    )
    assert expand_chat("o VA dela entra?") == "o vale alimentação dela entra?"


def test_the_same_letters_in_lower_case_stay() -> None:
    assert expand_chat("va na secretaria amanha") == "va na secretaria amanha"


async def test_a_benefit_by_its_initials_finds_the_exclusions(
    packaged_index: SqlKnowledgeIndex,
) -> None:
    answer = await answer_edital(packaged_index, "o VA e o VT do meu padrasto somam na renda?")
    assert answer.found, answer.text
    assert "3.1" in [c.item for c in answer.citations]
    assert "auxílios para alimentação e transporte" in answer.text
