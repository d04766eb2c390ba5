"""Question analysis: chat spellings, accents, synonym concepts, program cues, answer kinds."""

from __future__ import annotations

from switchboard.knowledge.analysis import stem
from switchboard.knowledge.lexicon import expand_chat, parse_lexicon
from switchboard.knowledge.query import analyse


def test_chat_spellings_become_words():
    assert expand_chat("qnd sai o resultado? oq eh sisprouni") == (
        "quando sai o resultado? o que é sisprouni"
    )


def test_words_typed_without_accents_stem_like_the_edital():
    for plain, accented in [
        ("inscricoes", "inscrições"),
        ("documentacao", "documentação"),
        ("residencia", "residência"),
        ("classificaçao", "classificação"),
    ]:
        assert stem(plain) == stem(accented), plain


def test_a_synonym_group_is_one_concept_with_alternatives():
    query = analyse("tem cota pra quem estudou em escola estadual?")
    origins = [c.origin for c in query.concepts]
    assert (stem("escola"), stem("estadual")) in origins  # the phrase, not two words
    cota = next(c for c in query.concepts if c.origin == (stem("cota"),))
    assert (stem("reserva"), stem("vagas")) in cota.alternatives
    passage = frozenset([stem("reserva"), stem("vagas"), stem("lei")])
    assert cota.found_in(passage)
    assert not cota.found_in(frozenset([stem("reserva")]))  # a phrase needs all its words


def test_program_names_are_filters_not_concepts():
    query = analyse("quando abrem as inscrições do prouni 2026?")
    assert query.named == {"prouni"} and query.kind == "date"
    assert all("prouni" not in c.origin and "2026" not in c.origin for c in query.concepts)
    assert analyse("quero entrar numa federal").cued == {"sisu"}
    assert analyse("tem bolsa em faculdade particular?").cued == {"prouni"}


def test_answer_kinds():
    assert analyse("quantas chamadas tem o prouni?").kind == "count"
    assert analyse("quanto custa a inscrição?").kind == "money"
    assert analyse("as datas podem mudar?").kind == "other"  # mentions dates, asks no date
    assert analyse("qual o último dia de inscrição?").kind == "date"
    assert analyse("a bolsa parcial cobre quantos por cento?").kind == "percent"
    assert analyse("qual o percentual da renda rural que conta?").kind == "percent"


def test_a_lexicon_parses_from_data():
    lex = parse_lexicon(
        {"chat": {"vc": "você"}, "synonyms": [["carro", "automóvel"]], "programs": {"x": ["y"]}}
    )
    assert lex.chat == {"vc": "você"} and len(lex.groups) == 1 and "x" in lex.programs


def test_no_packaged_phrase_collapses_to_one_generic_word():
    """A phrase loses the function words a question loses; one that would be left with a single
    word of a longer phrase ("mais de uma renda" → "renda") could never be told apart from it."""
    from importlib import resources

    import yaml

    from switchboard.knowledge.analysis import words
    from switchboard.knowledge.lexicon import faithful

    data = yaml.safe_load(
        resources.files("switchboard.knowledge").joinpath("data", "lexicon.yaml").read_text()
    )
    for group in data["synonyms"]:
        for text in group:
            assert faithful(str(text)) or len(words(str(text))) == 1, text


def test_a_word_in_two_groups_has_the_ways_of_both():
    query = analyse("a nota que o sisu considera")
    considera = next(c for c in query.concepts if c.origin == (stem("considera"),))
    assert (stem("compreendidos"),) in considera.alternatives


def test_either_or_makes_one_concept():
    query = analyse("a matrícula é online ou presencial?")
    assert len(query.concepts) == 2
    either = query.concepts[1]
    assert (stem("online"),) in either.alternatives and (stem("presencial"),) in either.alternatives


def test_question_forms_and_kinds():
    assert analyse("quem tem que acompanhar a lista de espera?").asks >= {"who"}
    assert analyse("onde vejo o resultado?").asks >= {"where"}
    assert "list" in analyse("quais documentos preciso levar na matrícula?").asks
    assert "list" in analyse("o que eu levo na matrícula?").asks
    assert "yesno" in analyse("posso usar a nota de 2023?").asks
    assert "todo" in analyse("fui pré-selecionado, e agora o que eu faço?").asks
    assert "define" in analyse("o que é sisprouni?").asks
    assert "publication" in analyse("o edital é de que data?").asks
    assert analyse("até que horas vai a inscrição?").kind == "time"
    assert analyse("quem tem que ver o horário de atendimento?").kind == "other"
    assert analyse("quais edições do enem valem?").kind == "year"
    assert analyse("quanto vale o salário mínimo?").kind == "money"


def test_numbers_and_number_words_are_the_student_s_data():
    query = analyse("fiz enem em 2023 e tenho dois cursos")
    numeric = [c.origin for c in query.concepts if c.numeric]
    assert ("2023",) in numeric and (stem("dois"),) in numeric


def test_program_cues_with_function_words_inside():
    assert analyse("a nota de corte muda?").cued == {"sisu"}
    assert analyse("quando sai o termo de concessão?").cued == {"prouni"}


def test_a_yes_no_question_about_the_minimum_score_asks_no_number():
    assert analyse("qual a nota mínima do enem?").kind == "count"
    assert analyse("a nota de corte é a nota mínima pra passar?").kind == "other"


def test_quando_as_a_conjunction_asks_no_date():
    assert analyse("o resultado do sisu sai quando?").kind == "date"
    assert analyse("passei, e quando é a matrícula?").kind == "date"
    asks_yes_no = analyse("a faculdade tem que me dar recibo quando eu entregar os documentos?")
    assert asks_yes_no.kind == "other" and "yesno" in asks_yes_no.asks
