"""A form of "fazer" ("se eu não *fizer* a matrícula…") is a light verb, not a word the editais
lack: it never makes an answerable question "não encontrei" (branch ret9, issue 20 item 7).
Questions written for these tests (none is a dev row)."""

from __future__ import annotations

import pytest

from switchboard.knowledge.analysis import stem
from switchboard.knowledge.answer import answer_edital
from switchboard.knowledge.index import SqlKnowledgeIndex
from switchboard.knowledge.lexicon import lexicon


@pytest.mark.parametrize("word", ["fizer", "fizesse", "fazendo", "faço"])
def test_forms_of_fazer_are_generic(word: str) -> None:
    assert stem(word) in lexicon().generic


async def test_fizer_does_not_hide_the_rule(packaged_index: SqlKnowledgeIndex) -> None:
    answer = await answer_edital(
        packaged_index,
        "fui chamado na segunda opção do sisu, se eu não fizer a matrícula entro na lista de "
        "espera da primeira?",
    )
    assert answer.found, answer.text
    assert "6.3" in [c.item for c in answer.citations]
