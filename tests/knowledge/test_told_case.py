"""What the student tells of their own case decides the answer's verdict or event (branch ret7,
issue 20 item 7): "o prouni aceita quem…?" is an eligibility question; a rule that leaves the
told case out ("não tenha participado na condição de treineiro") says "Não, não vale"; "tô
fora?" is answered "Não" by the alternative that lets the student in; "como treineiro" is no
*how*; the value of the salário mínimo is in no edital; the aside "tô na lista de espera"
picks that event's date. Questions written for these tests (none is a dev row)."""

from __future__ import annotations

import pytest

from switchboard.apps.scholarships.router import route_offline
from switchboard.knowledge.analysis import fold
from switchboard.knowledge.answer import answer_edital, told_events
from switchboard.knowledge.calendar import important_dates
from switchboard.knowledge.index import SqlKnowledgeIndex
from switchboard.knowledge.lexicon import expand_chat
from switchboard.knowledge.query import analyse
from switchboard.knowledge.verdict import excludes_told, said_back

ITEM_141 = (
    "Para fins do disposto no subitem 1.4, serão consideradas, exclusivamente, as edições do "
    "Enem em que: I – o CANDIDATO não tenha participado na condição de “treineiro”; e II – o "
    "CANDIDATO tenha obtido nota superior a zero na prova de redação."
)


@pytest.mark.parametrize(
    "question",
    [
        "o prouni aceita aluno que estudou em colegio particular com meia bolsa?",
        "a bolsa do prouni aceita quem fez o ensino medio em escola estadual?",
    ],
)
def test_accepts_whom_is_an_eligibility_question(question: str) -> None:
    query = analyse(question)
    assert "eligible" in query.asks
    assert "who" not in query.asks
    assert all("aceit" not in c.origin for c in query.concepts)


async def test_accepts_whom_states_the_fitting_alternative_first(
    packaged_index: SqlKnowledgeIndex,
) -> None:
    answer = await answer_edital(
        packaged_index, "o prouni aceita aluno que estudou em colegio particular com meia bolsa?"
    )
    assert answer.text.startswith("Sim: pelo item 1.3"), answer.text
    assert answer.citations[0].item == "1.3"
    assert "alínea e" in answer.text


@pytest.mark.parametrize(
    ("question", "how"),
    [
        ("participei do enem como treineiro, isso conta?", False),
        ("entrei como cotista, preciso de outro documento?", False),
        ("como cotista comprova renda?", True),  # at the start it still asks how
        ("sou cotista, como comprovo a renda?", True),
    ],
)
def test_como_before_a_role_says_as_what(question: str, how: bool) -> None:
    assert ("how" in analyse(question).asks) is how


def test_a_rule_that_leaves_the_told_case_out() -> None:
    told = analyse("participei do enem como treineiro, isso conta?")
    assert excludes_told(told, fold(ITEM_141))
    # what the rule keeps is no exclusion, nor is a rule without a restriction
    assert not excludes_told(analyse("tirei nota boa na redação, isso conta?"), fold(ITEM_141))
    assert not excludes_told(
        told, fold("O CANDIDATO não tenha participado na condição de treineiro.")
    )
    # a question that negates something itself gets no such reading
    assert not excludes_told(analyse("nao fiz como treineiro, isso conta?"), fold(ITEM_141))


def test_the_verdict_says_the_questions_verb_back() -> None:
    assert said_back(analyse("hora extra conta?"), "Sim") == "Sim, conta."
    assert said_back(analyse("a nota de treineiro serve pro sisu?"), "Não") == "Não, não serve."
    # "conta de luz", "vale transporte": nouns, not the frame
    assert said_back(analyse("a conta de luz no nome da minha mae?"), "Sim") == "Sim."
    assert said_back(analyse("posso usar a nota?"), "Não") == "Não."


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("participei do enem 2025 como treineiro, serve pro sisu?", "Não, não serve."),
        ("minha nota de treineiro do enem de 2024 vale no sisu?", "Não, não vale."),
    ],
)
async def test_a_treineiro_gets_a_clear_no(
    packaged_index: SqlKnowledgeIndex, question: str, said: str
) -> None:
    answer = await answer_edital(packaged_index, question)
    assert answer.found, answer.text
    assert answer.text.startswith(said), answer.text
    assert "treineiro" in answer.text


async def test_left_out_is_answered_no_by_the_alternative_that_lets_one_in(
    packaged_index: SqlKnowledgeIndex,
) -> None:
    answer = await answer_edital(
        packaged_index, "fiz o medio todo em escola particular sem bolsa, fico de fora do prouni?"
    )
    assert answer.text.startswith("Não, pela escola você não fica de fora"), answer.text
    assert "alínea e" in answer.text
    answer = await answer_edital(
        packaged_index, "fiz o medio todo em escola particular sem bolsa, posso tentar o prouni?"
    )
    assert answer.text.startswith("Sim: pelo item 1.3"), answer.text


@pytest.mark.parametrize(
    "question",
    [
        "quanto é o salário mínimo que o prouni usa na conta da renda?",
        "qual o valor atual do salario minimo pro prouni?",
        "de quanto é o salario minimo de 2026? quero ver se minha renda passa",
    ],
)
def test_the_value_of_the_minimum_wage_is_a_question_for_the_editais(question: str) -> None:
    decision = route_offline(question, None)
    assert decision.target == "prouni", decision


def test_an_income_to_check_still_goes_to_the_simulation() -> None:
    assert route_offline("minha renda da 2 salarios minimos, tenho direito?", None).target == (
        "simulation"
    )


async def test_the_editais_do_not_give_the_minimum_wage(
    packaged_index: SqlKnowledgeIndex,
) -> None:
    answer = await answer_edital(packaged_index, "quanto ta o salario minimo esse ano?")
    assert analyse("quanto ta o salario minimo esse ano?").kind == "money"
    assert not answer.found, answer.text


async def test_the_told_event_is_the_date_asked(packaged_index: SqlKnowledgeIndex) -> None:
    deliveries = [
        e
        for e in important_dates("prouni")
        if "documenta" in fold(e.event) and "entrega" in fold(e.event)
    ]
    assert len(deliveries) >= 2
    question = "fui pra lista de espera do prouni. ate quando entrego a documentacao?"
    chosen = await told_events(packaged_index, question, deliveries)
    assert [e.event for e in chosen] == [
        e.event for e in deliveries if "lista de espera" in fold(e.event)
    ]
    # nothing told: every event stays
    plain = "ate quando entrego a documentacao do prouni?"
    assert await told_events(packaged_index, plain, deliveries) == deliveries


async def test_the_rule_that_lets_one_in_leads_unless_the_order_is_asked(
    packaged_index: SqlKnowledgeIndex,
) -> None:
    asked = "a escola particular com bolsa parcial, o prouni aceita quem estudou assim?"
    answer = await answer_edital(packaged_index, asked)
    assert answer.citations[0].item == "1.3", answer.text
    order = await answer_edital(
        packaged_index, "estudei em escola publica, tenho prioridade no prouni?"
    )
    assert order.citations[0].item == "3.3.1", order.text
    assert not order.text.startswith("Sim: pelo item 1.3"), order.text


@pytest.mark.parametrize(
    "question",
    [
        "sou surda e fiz o medio em escola particular, tenho direito a bolsa?",
        "sou professora da rede municipal, consigo bolsa do prouni?",
        "ate quanto posso ganhar por pessoa pra ter a bolsa integral?",
    ],
)
def test_a_rule_condition_told_is_a_question_for_the_edital(question: str) -> None:
    decision = route_offline(question, None)
    assert decision.target == "prouni", decision


def test_a_condition_told_with_an_amount_is_still_checked() -> None:
    # not a teacher: 1.4.1 frees the teacher from the income limits, so a teacher's income is
    # a question for the edital (branch ret8, `router._TEACHER`)
    question = "sou surda e a renda aqui é 2000 pra 3 pessoas, tenho direito?"
    assert route_offline(question, None).target == "simulation"


async def test_an_alternative_that_restricts_is_no_plain_yes(
    packaged_index: SqlKnowledgeIndex,
) -> None:
    answer = await answer_edital(
        packaged_index, "sou professor da rede estadual, posso pegar bolsa do prouni pra direito?"
    )
    assert answer.text.startswith("Só nos termos da condição: pelo item 1.3"), answer.text
    assert "exclusivamente para os cursos de licenciatura e pedagogia" in answer.text
    assert not answer.text.startswith("Sim")


async def test_may_i_celebrate_asks_whether_it_is_guaranteed(
    packaged_index: SqlKnowledgeIndex,
) -> None:
    answer = await answer_edital(
        packaged_index, "fiquei acima da nota de corte do sisu, posso comemorar ja?"
    )
    assert answer.found, answer.text
    assert answer.text.startswith("Não."), answer.text
    assert answer.citations[0].item == "1.10.1"


@pytest.mark.parametrize(
    ("typed", "meant"),
    [("qndo", "quando"), ("ql", "qual"), ("qls", "quais"), ("qm", "quem"), ("cmo", "como")],
)
def test_chat_spellings_of_question_words(typed: str, meant: str) -> None:
    assert expand_chat(f"{typed} sai o resultado?") == f"{meant} sai o resultado?"


async def test_a_date_question_in_chat_spelling_is_answered(
    packaged_index: SqlKnowledgeIndex,
) -> None:
    # "qndo" was a word no document has: the question read as foreign, "não encontrei"
    answer = await answer_edital(packaged_index, "qndo sai o resultado da chamada do prouni")
    assert answer.found, answer.text


def test_the_eligibility_frame_is_no_told_case() -> None:
    # "na *condição* de treineiro" says a way of the eligibility concept ("condições"), but
    # the student told no treineiro
    assert not excludes_told(analyse("fiz o encceja, posso me inscrever no sisu?"), fold(ITEM_141))


async def test_a_told_case_only_the_other_programs_documents_name(
    packaged_index: SqlKnowledgeIndex,
) -> None:
    # only the Sisu's documentation names the Encceja: for the Prouni, "não encontrei", not
    # the Enem rule 1.2 that says nothing of it
    prouni = await answer_edital(
        packaged_index, "terminei o medio pelo encceja, tenho direito de fazer o prouni?"
    )
    assert not prouni.found, prouni.text
    sisu = await answer_edital(
        packaged_index, "terminei o medio pelo encceja, tenho direito de fazer o sisu?"
    )
    assert sisu.found, sisu.text
    assert not sisu.text.startswith("Não"), sisu.text


ITEM_142 = (
    "O Sisu realizará automaticamente a seleção das edições do Enem que atendam simultaneamente "
    "às determinações constantes do subitem 1.4.1, desconsiderando aquelas em que o CANDIDATO "
    "tenha participado como “treineiro” e/ou tenha obtido nota zero na prova de redação."
)


def test_a_case_left_out_in_so_many_words() -> None:
    assert excludes_told(analyse("participei como treineiro do enem, isso vale?"), fold(ITEM_142))
    assert not excludes_told(analyse("fiz o enem 2025, isso vale?"), fold(ITEM_142))


@pytest.mark.parametrize("program", ["sisu", "prouni"])
async def test_no_sentence_that_says_as_much_turns_the_exclusion_into_a_yes(
    packaged_index: SqlKnowledgeIndex, program: str
) -> None:
    # the Sisu agent's answer quoted 1.4.1 and 1.4.2 and said "Sim": 1.4.2's "a seleção das
    # edições do Enem…" says "enem" and "treineiro" without a negation the verdict read
    answer = await answer_edital(
        packaged_index,
        "participei como treineiro do enem, isso vale?",
        program,  # type: ignore[arg-type]
    )
    assert answer.text.startswith("Não, não vale."), answer.text
