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


def test_a_lexicon_parses_from_data():
    lex = parse_lexicon(
        {"chat": {"vc": "você"}, "synonyms": [["carro", "automóvel"]], "programs": {"x": ["y"]}}
    )
    assert lex.chat == {"vc": "você"} and len(lex.groups) == 1 and "x" in lex.programs
