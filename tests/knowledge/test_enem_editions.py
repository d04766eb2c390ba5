"""A question that names an Enem year: the rule listing the editions that count (Sisu 1.4,
Prouni 1.2) answers "does my year count?", but not what else is asked about that year (the
treineiro's edition, the best of two editions) when a student question vouches for the passage
the ranker put first; a year outside the list keeps the list first. Questions written for these
tests (none is a dev row)."""

from __future__ import annotations

import pytest

from switchboard.knowledge.analysis import QUERY_STOPWORDS
from switchboard.knowledge.answer import answer_edital, answer_type_first, lists_years_asked
from switchboard.knowledge.chunk import Chunk
from switchboard.knowledge.features import FEATURES
from switchboard.knowledge.index import SqlKnowledgeIndex
from switchboard.knowledge.models import Hit
from switchboard.knowledge.notfound import EDITION_VOUCHED, vouched, year_unsaid
from switchboard.knowledge.query import analyse
from switchboard.knowledge.rank import Ranked

LIST = "Somente poderão se inscrever os CANDIDATOS que participaram do Enem de 2023, 2024 ou 2025."
TRAINEE = "Não serão consideradas as edições do Enem em que o CANDIDATO participou como treineiro."


def ranked(text: str, item: str, q_sim: float) -> Ranked:
    chunk = Chunk(
        collection="sisu",
        document="Edital Teste 2026",
        ordinal=int(item.replace(".", "")),
        item=item,
        items=(item,),
        section="DO ENEM",
        page=2,
        page_end=2,
        text=text,
        citation=f"Edital Teste 2026, item {item}",
        path=("DO ENEM",),
        breaks=(),
    )
    features = tuple(q_sim if name == "q_sim" else 0.0 for name in FEATURES)
    return Ranked(Hit(chunk, 1.0, "sisu/teste"), 0.5, False, features, 0.5)


def first_item(question: str, q_sim: float) -> str | None:
    order = [ranked(TRAINEE, "1.4.1", q_sim), ranked(LIST, "1.4", 0.1)]
    return answer_type_first(analyse(question), order)[0].hit.chunk.item


def test_a_vouched_first_passage_keeps_its_place_when_the_years_asked_count() -> None:
    question = "fiz o enem 2024 como treineira, essa nota entra no sisu?"
    assert first_item(question, EDITION_VOUCHED) == "1.4.1"
    # no student question that close: the editions rule comes first, as before
    assert first_item(question, EDITION_VOUCHED - 0.01) == "1.4"


def test_a_year_outside_the_list_is_answered_by_the_list() -> None:
    assert first_item("o enem 2019 ainda serve pro sisu?", 0.9) == "1.4"


def test_a_vouched_passage_with_the_list_below_it_says_the_year() -> None:
    query = analyse("fiz o enem 2024 como treineira, essa nota entra no sisu?")
    first = ranked(TRAINEE, "1.4.1", 0.5)
    assert vouched(first)
    assert not year_unsaid(query, [first, ranked(LIST, "1.4", 0.1)])
    assert year_unsaid(query, [ranked(TRAINEE, "1.4.1", 0.1), ranked(LIST, "1.4", 0.1)])


def test_the_parent_listing_the_editions_stays_before_its_sub_item_for_another_year() -> None:
    parent, sub = ranked(LIST, "1.4", 0.0).hit.chunk, ranked(TRAINEE, "1.4.1", 0.0).hit.chunk
    assert lists_years_asked(analyse("o enem 2019 serve?"), parent, sub)
    assert not lists_years_asked(analyse("o enem 2024 serve?"), parent, parent)
    assert not lists_years_asked(analyse("o enem de treineiro serve?"), parent, sub)


def test_every_form_of_saber_is_a_frame_not_a_subject() -> None:
    # "…e nao sabia, vale?": a word no passage has would read as a subject the editais lack
    assert {"sabia", "sabiam", "soube"} <= QUERY_STOPWORDS


@pytest.mark.parametrize(
    ("question", "item"),
    [
        ("fiz enem em 2024 como treineira e nao sabia, vale no sisu?", "1.4.1"),
        ("tenho enem 2024 e 2025, o prouni escolhe qual das notas?", "1.2.1"),
        ("o enem de 2020 ainda vale no sisu 2026?", "1.4"),
    ],
)
async def test_the_passage_asked_is_quoted_first(
    packaged_index: SqlKnowledgeIndex, question: str, item: str
) -> None:
    answer = await answer_edital(packaged_index, question)
    assert answer.found, answer.text
    assert answer.citations[0].item == item, answer.citations


def test_with_no_program_named_a_clearly_surer_program_is_kept_alone() -> None:
    from switchboard.knowledge.answer import PROGRAM_MARGIN, keep_programs
    from switchboard.knowledge.notfound import Evidence

    def ev(program: str, score: float) -> Evidence:
        return Evidence(program, [], 1.0, 2.0, 0.0, 1.0, True, score)  # type: ignore[arg-type]

    query = analyse("a faculdade nao tem sistema pra receber os documentos, e agora?")
    kept = keep_programs(query, [ev("sisu", 7.0), ev("prouni", 7.0 + PROGRAM_MARGIN + 0.1)])
    assert [e.program for e in kept] == ["prouni"]
    both = keep_programs(query, [ev("sisu", 7.0), ev("prouni", 7.0 + PROGRAM_MARGIN - 0.1)])
    assert len(both) == 2
    assert PROGRAM_MARGIN < 1.0  # chosen by tune_program_margin.py (was 1.0 by hand)
