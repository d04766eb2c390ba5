"""Answers over the real editais: the fact, its item and page, the program respected, and an
honest "não encontrei" when the evidence is weak."""

from __future__ import annotations

import pytest

from switchboard.knowledge.answer import (
    NOT_FOUND,
    Citation,
    EditalAnswer,
    answer_edital,
    programs_for,
)
from switchboard.knowledge.features import Weighted
from switchboard.knowledge.index import SqlKnowledgeIndex
from switchboard.knowledge.ingest import load_corpus
from switchboard.knowledge.notfound import foreign_words
from switchboard.knowledge.query import analyse


@pytest.fixture
def index(packaged_index: SqlKnowledgeIndex) -> SqlKnowledgeIndex:
    return packaged_index


@pytest.fixture(scope="module")
def corpus_text() -> str:
    return " ".join(c.text for d in load_corpus() for c in d.chunks)


def assert_quoted(answer: EditalAnswer, corpus_text: str) -> None:
    """Every quote is text of the editais (nothing invented)."""
    for part in answer.text.split("“")[1:]:
        quote = part.split("”")[0]
        for piece in quote.strip("…").split("…"):
            assert piece.strip() in corpus_text, piece


def test_citations_render_document_item_and_page():
    assert Citation("Edital Prouni 2026", "1.2", 1).label == "Edital Prouni 2026, item 1.2, p. 1"
    heading = Citation("Documentação Prouni", None, 2, "Comprovantes de residência")
    assert heading.label == "Documentação Prouni, Comprovantes de residência, p. 2"
    numbered = Citation("Documentação Prouni", "2.4.3", 5, "Critérios para apuração")
    assert numbered.label == "Documentação Prouni, Critérios para apuração, item 2.4.3, p. 5"


async def test_the_answer_states_the_fact_with_item_and_page(index, corpus_text):
    answer = await answer_edital(index, "qual a nota minima do enem pra concorrer no prouni?")
    assert answer.found and answer.program == "prouni"
    assert Citation("Edital Prouni 2026", "1.2", 1) in answer.citations
    assert "Edital Prouni 2026, item 1.2, p. 1" in answer.text
    assert "450 (quatrocentos e cinquenta)" in answer.text
    assert_quoted(answer, corpus_text)


async def test_the_page_is_the_page_of_the_quoted_sentence(index):
    answer = await answer_edital(
        index,
        "fiz o ensino médio inteiro em colégio particular com bolsa integral, posso fazer prouni?",
    )
    assert answer.citations[0] == Citation("Edital Prouni 2026", "1.3", 2)  # alínea b, page 2


async def test_a_named_program_is_never_answered_from_the_other(index):
    for question in (
        "quando sai o resultado do prouni?",
        "qual o telefone do mec pra duvida do prouni",
    ):
        answer = await answer_edital(index, question, "sisu")  # the conversation was about Sisu
        assert answer.program == "prouni"
        assert answer.citations and all("Prouni" in c.document for c in answer.citations)
        assert all(e.program == "prouni" for e in answer.excerpts)


async def test_implicit_programs_and_ambiguous_questions(index):
    assert programs_for(analyse("quero entrar numa federal com a nota do enem"), None) == ("sisu",)
    assert programs_for(analyse("bolsa em faculdade particular"), None) == ("prouni",)
    assert programs_for(analyse("treineiro pode usar a nota?"), "prouni") == ("prouni",)
    both = await answer_edital(index, "qual o telefone da central de atendimento do mec?")
    assert both.found and both.program is None
    assert "No Sisu — " in both.text and "No Prouni — " in both.text
    assert {c.document for c in both.citations} == {"Edital Sisu 2026", "Edital Prouni 2026"}
    assert "616161" in both.text


async def test_chat_spellings_missing_accents_and_synonyms_still_find_the_item(index):
    cases = {
        "qnd sai o resultado do sisu": ("Edital Sisu 2026", "3.1", "29 de janeiro"),
        "oq eh sisprouni?": ("Edital Prouni 2026", "5.1", "Sistema Informatizado"),
        "posso marcar cota e bonus ao mesmo tempo no sisu?": (
            "Edital Sisu 2026",
            "1.6",
            "reserva de vagas",
        ),
    }
    for question, (document, item, fact) in cases.items():
        answer = await answer_edital(index, question)
        assert answer.found, question
        assert any(c.document == document and c.item == item for c in answer.citations), (
            question,
            answer.citations,
        )
        assert fact in answer.text, question


@pytest.mark.parametrize(
    "question",
    [
        "tem cota pra quilombola no sisu?",
        "como funciona o fies?",
        "quando vai ser a prova do enem 2026?",
        "quantas vagas o sisu 2026 oferece?",
        "qual o valor da bolsa permanencia do prouni?",
    ],
)
async def test_weak_evidence_says_not_found_and_where_to_look(index, question):
    answer = await answer_edital(index, question)
    assert not answer.found and answer.citations == []
    assert answer.text.startswith(NOT_FOUND)
    assert "acessounico.mec.gov.br/" in answer.text and "instituição" in answer.text


async def test_a_hosted_model_gets_the_documentation_for_a_documents_question(index):
    answer = await answer_edital(index, "quais documentos eu preciso apresentar no prouni?")
    assert answer.excerpts and all(e.program == "prouni" for e in answer.excerpts)
    lists = [e for e in answer.excerpts if e.citation.item is None]
    assert any(e.citation.document == "Documentação Prouni" for e in lists), answer.excerpts
    assert all(e.line.startswith(f"[{e.citation.label}] ") for e in answer.excerpts)


async def test_a_generic_documents_question_gets_the_lists_cited_by_heading(index, corpus_text):
    answer = await answer_edital(index, "quais documentos tenho que entregar pro prouni?")
    headings = [c.heading or "" for c in answer.citations]
    assert answer.found and all(c.item is None for c in answer.citations)
    assert any(h.startswith("Documentos de identificação") for h in headings)
    assert "Comprovantes de residência" in headings and "Comprovantes de rendimentos" in headings
    assert "Passaporte emitido no Brasil" in answer.text  # the list itself, not one sentence
    assert "Aposentados e pensionistas" in answer.text  # the lists by activity are named
    assert_quoted(answer, corpus_text)
    # a hosted model gets the quoted lists first
    assert [e.citation for e in answer.excerpts[:3]] == answer.citations


async def test_a_documents_question_that_names_its_list_gets_that_list(index):
    answer = await answer_edital(index, "qual comprovante de renda o prouni pede pra autônomo?")
    assert answer.citations[0].heading == "Comprovantes de rendimentos — Autônomos"
    assert "Guias de recolhimento ao INSS" in answer.text


async def test_a_question_about_one_entry_quotes_it_with_the_lead_in(index, corpus_text):
    answer = await answer_edital(index, "o prouni aceita passaporte como identidade?")
    first = answer.text.split("\n\n")[0]
    assert "somente um dos seguintes comprovantes de identificação" in first
    assert "Passaporte emitido no Brasil" in first
    assert_quoted(answer, corpus_text)


async def test_an_alinea_of_a_long_item_is_quoted_with_its_lead_ins(index, corpus_text):
    answer = await answer_edital(index, "auxílio emergencial de enchente conta na renda do prouni?")
    first = answer.text.split("\n\n")[0]
    assert "item 3.1" in first and "Estão excluídos do cálculo" in first
    assert "II - os rendimentos percebidos" in first and "Auxílio Emergencial" in first
    assert "I - os valores percebidos" not in first  # the sibling inciso is not its lead-in
    assert_quoted(answer, corpus_text)


async def test_the_edital_s_own_date_comes_from_its_header_and_its_in_force_item(index):
    answer = await answer_edital(index, "quando o edital do sisu foi publicado?")
    assert answer.found and "22 DE DEZEMBRO DE 2025" in answer.text
    assert [(c.item, c.heading) for c in answer.citations] == [(None, "Preâmbulo"), ("8.8", None)]


async def test_either_or_questions_are_answered_from_the_option_the_edital_has(index):
    answer = await answer_edital(index, "a renda do prouni é a bruta ou a líquida?")
    assert answer.found and "bruta" in answer.text  # "líquida" is in no passage: no refusal


@pytest.mark.parametrize(
    "question",
    [
        "quanto vale o salário mínimo este ano pra calcular a renda do prouni?",
        "qual o horário de atendimento do 0800 do mec?",
        "dá pra transferir a bolsa do prouni pra outra faculdade?",
        "como peço a revisão da nota da minha redação do enem?",
        "existe idade máxima pra se inscrever no prouni?",
    ],
)
async def test_traps_whose_words_are_in_the_editais_but_not_the_asked_fact(index, question):
    """The salário mínimo is named (in multiples) but its value is not; the 0800 number is
    there but its hours are not; "transferência" is (of data); "nota da redação" is."""
    answer = await answer_edital(index, question)
    assert not answer.found and answer.text.startswith(NOT_FOUND), answer.text


async def test_a_kind_of_answer_the_ranker_put_second_comes_first(index):
    answer = await answer_edital(index, "quais edições do enem valem no prouni 2026?")
    assert answer.citations[0].item == "1.2" and "2024 ou de 2025" in answer.text


async def test_what_the_program_is_comes_from_the_preamble(index, corpus_text):
    answer = await answer_edital(index, "o que é o prouni?")
    assert answer.found and answer.citations[0].heading == "Preâmbulo"
    assert "Programa Universidade para Todos" in answer.text
    assert_quoted(answer, corpus_text)


async def test_a_phrase_whose_words_the_edital_has_is_not_an_unknown_subject(index):
    """The Sisu edital never says "nota mínima", but it says "nota" everywhere: half of that
    phrase is known, so it weighs half an unknown word, and the question is answered from the
    cut-off score's items (1.10, 1.10.1) instead of refused."""
    answer = await answer_edital(index, "a nota de corte é a nota mínima pra passar?")
    assert answer.found and answer.program == "sisu"
    assert answer.citations[0].item in ("1.10", "1.10.1"), answer.citations


async def test_the_signature_block_is_never_an_answer(index):
    answer = await answer_edital(index, "qual o site do sisu?")  # the signature has "no site"
    assert answer.found and all(c.heading != "Assinatura" for c in answer.citations)
    assert all(e.citation.heading != "Assinatura" for e in answer.excerpts)


async def test_a_question_of_common_words_is_answered_when_its_form_is(index):
    """ "inscrição" is in most passages, so it weighs little; "onde…?" asks for an address and
    the best passage gives one and says every word of the question."""
    answer = await answer_edital(index, "onde faço a inscrição do sisu?")
    assert answer.found and answer.citations[0].item in ("1.1", "1.3")  # both give the address
    assert "endereço eletrônico" in answer.text


async def test_a_subjunctive_of_dar_is_not_an_unknown_subject(index):
    answer = await answer_edital(index, "o que acontece se eu der informação falsa no sisu?")
    assert answer.found and {c.item for c in answer.citations} & {"1.6.3", "8.6"}


@pytest.mark.parametrize(
    "question",
    [
        "o prouni paga auxílio moradia?",
        "posso usar a nota do enem pra estudar em portugal?",
        "posso trancar o curso e continuar com a bolsa do prouni?",
        "o prouni dá notebook pros bolsistas?",
        "o sisu tem vaga para curso a distância?",
    ],
)
async def test_a_subject_no_edital_names_is_not_found(index, question):
    """A question word no document has ("moradia", "Portugal", "trancar") is the question's
    subject: the nearest passage ("auxílios para alimentação") does not answer it."""
    answer = await answer_edital(index, question)
    assert not answer.found, answer.text
    assert answer.text.startswith("Não encontrei isso nos editais de 2026")


@pytest.mark.parametrize(
    ("question", "item"),
    [
        ("o que significa nota de corte no sisu?", "1.10.1"),  # a frame word, no subject
        ("no prouni posso colocar quantas opções de curso?", "1.5"),  # a light verb
        (
            "fiz o ensino médio inteiro em colégio particular com bolsa integral, posso fazer prouni?",
            "1.3",
        ),
        ("Existem bolsas do Prouni reservadas para pretos, pardos e indígenas?", "1.5.2"),
    ],
)
async def test_generic_words_and_word_forms_are_not_foreign(index, question, item):
    """Light verbs and question frames (`lexicon.generic`), a form of a word another document
    has ("reservadas" in the Sisu edital), and a word forgiven because one sentence says all
    the rest ("inteiro") never make a question unanswerable."""
    answer = await answer_edital(index, question)
    assert answer.found, answer.text
    assert item in {c.item for c in answer.citations}, answer.citations


async def test_the_enem_of_a_given_year_gets_the_editions_rule(index):
    """ "O enem de 2023 serve?" asks which editions count: the item that lists them (Sisu 1.4)
    is quoted — first when the year is not among them; when it is, after the conditions on
    those editions that a student question vouches for (1.4.1, `notfound.EDITION_VOUCHED`)."""
    answer = await answer_edital(index, "da pra usar minha nota do enem de 2023 no sisu desse ano?")
    assert "1.4" in {c.item for c in answer.citations}, answer.citations
    assert "2023, 2024 ou 2025" in answer.text
    answer = await answer_edital(index, "a nota do enem de 2022 ainda serve pro sisu?")
    assert answer.citations[0].item == "1.4", answer.citations


@pytest.mark.parametrize(
    "question",
    [
        "o prouni tem bolsa permanencia? quanto é?",  # not the teachers' "quadro permanente"
        "prouni parcial da pra juntar com fies?",
        "o prouni vale pra mestrado?",
        "seguro desemprego conta como renda no prouni?",
    ],
)
async def test_a_topic_the_editais_do_not_treat_is_not_found(index, question):
    """`lexicon.outside`: other programs and benefits, other kinds of study — named in the
    question, they are not answered with a passage that shares a word."""
    answer = await answer_edital(index, question)
    assert not answer.found, answer.text


@pytest.mark.parametrize(
    ("question", "other"),
    [
        ("qual foi a nota de corte do sisu de 2024?", True),
        ("o edital do ano de 2027 muda algo?", True),
        ("posso usar o enem 2023 no sisu 2026?", False),
        ("o enem de 2025 vale pro prouni?", False),
    ],
)
def test_another_edition_of_the_programs_is_outside(question, other):
    """`query.other_edition`: the editais are the 2026 ones; another year of Sisu/Prouni is
    not theirs to answer, while the Enem editions they accept are."""
    assert analyse(question).outside is other


async def test_another_edition_is_not_found(index):
    answer = await answer_edital(index, "quando saiu o resultado do prouni 2025?")
    assert not answer.found, answer.text


async def test_reservista_is_not_the_cotas_reserva(index):
    """Snowball cuts "reservista" to the stem of "reserva (de vagas)": an exception keeps the
    military certificate apart from the cotas."""
    answer = await answer_edital(index, "mulher precisa de reservista na matricula do sisu?")
    assert answer.found and "reservista do Exército (quando homem)" in answer.text, answer.text


async def test_a_percentage_is_answered_only_by_a_passage_that_gives_one(index):
    """Prouni 1.4 names the partial bursary and its income limit but no share of the fee: a
    number of salários mínimos does not answer "quantos por cento"."""
    answer = await answer_edital(index, "bolsa parcial do prouni cobre quantos por cento?")
    assert not answer.found, answer.text
    rural = await answer_edital(
        index, "quantos por cento da venda da roça conta como renda no prouni?"
    )
    assert rural.found and "trinta por cento" in rural.text, rural.text


def test_a_short_word_that_only_begins_a_corpus_word_is_foreign():
    """ "trans" is not a form of "transporte" (a stem no longer than the shared prefix)."""
    query = analyse("tem cota pra trans?")
    weights = [Weighted(i, 0.0 if i == 0 else 2.0, i == 0) for i in range(len(query.concepts))]
    assert foreign_words(query, weights, {"cot", "transport"}) == ("trans",)


@pytest.mark.parametrize(
    "question",
    [
        "preciso levar os documentos do prouni pessoalmente? trabalho o dia todo na lanchonete",
        "posso mudar minhas opções do sisu durante a inscrição? pq me arrependi",
        "meu tio recebe aluguel de uma lojinha, isso conta na renda do prouni?",
    ],
)
async def test_a_detail_of_the_student_s_situation_is_not_the_subject(index, question):
    """A word no document has, said only where the student tells their situation ("…na
    *lanchonete*", "pq me *arrependi*", "uma *lojinha*,"), is a detail (`aside.py`): the
    question is still answered."""
    answer = await answer_edital(index, question)
    assert answer.found, answer.text


@pytest.mark.parametrize(
    "question",
    [
        "a bolsa do prouni acaba se eu engravidar?",  # "acaba" is a generic word: no context
        "auxílio creche, o prouni dá?",  # a lead-in naming the topic is no aside
    ],
)
async def test_a_foreign_subject_is_not_forgiven_for_generic_or_topical_words(index, question):
    answer = await answer_edital(index, question)
    assert not answer.found, answer.text


async def test_an_income_limit_in_minimum_wages_is_an_amount_but_not_the_wage_s_value(index):
    """ "Quanto é o limite de renda…?" is answered by "1,5 (um vírgula cinco) salário mínimo";
    "quanto é o salário mínimo?" is not (a multiple of a unit says nothing of its value)."""
    limit = await answer_edital(index, "quanto é o limite de renda pra bolsa integral?")
    assert limit.found and "1.4" in {c.item for c in limit.citations}, limit.text
    wage = await answer_edital(index, "quanto é o salário mínimo que o prouni usa?")
    assert not wage.found, wage.text


async def test_a_count_is_of_the_thing_in_the_number_s_own_clause(index):
    """ "1,5 (um vírgula cinco) salário mínimo; ou II - parciais" counts minimum wages, not
    partial bursaries: "quantas bolsas parciais…?" has no answer in the editais."""
    answer = await answer_edital(index, "quantas bolsas parciais tem no prouni 2026?")
    assert not answer.found, answer.text
    options = await answer_edital(index, "quantas opções de curso posso escolher no prouni?")
    assert options.found and "1.5" in {c.item for c in options.citations}, options.text
