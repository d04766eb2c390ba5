"""Cleaning the PDF extractions: glyph ids, furniture, page numbers, hyphenation, whitespace."""

from __future__ import annotations

import re

import pytest

from switchboard.knowledge.clean import (
    CID_TABLE,
    UnknownGlyphError,
    clean_document,
    clean_text,
    replace_cids,
)

# Real lines of the extractions (shared/data/knowledge), one per glyph id.
REAL = {
    "Portaria Norma(cid:61)va MEC nº 1": "Portaria Normativa MEC nº 1",
    "processo sele(cid:60)vo do Sisu": "processo seletivo do Sisu",
    "regular, a par(cid:56)r de 2 de fevereiro": "regular, a partir de 2 de fevereiro",
    "h(cid:68)ps://acessounico.mec.gov.br/prouni": "https://acessounico.mec.gov.br/prouni",
    "h(cid:69)ps://acessounico.mec.gov.br/sisu": "https://acessounico.mec.gov.br/sisu",
    "de Washington de Esta(cid:81)s(cid:61)cas sobre": "de Washington de Estatísticas sobre",
    "seja (cid:87)sico ou virtual/eletrônico.": "seja físico ou virtual/eletrônico.",
    "(cid:61)po de bolsa e modalidade": "tipo de bolsa e modalidade",
}

TWO_PAGES = """FONTE: editalProUni2026.pdf

--- Página 1 ---
Ministério da Educação
1.1. As inscrições para o processo sele(cid:61)vo do Programa Universidade para Todos – Prouni serão
efetuadas no período de 26
Edital 2 (6452508) SEI 23000.032004/2021-95 / pg. 1

--- Página 2 ---
de janeiro de 2026, observado o horário oficial de Brasília-DF e a inscri-
ção   é   gratuita.
Edital 2 (6452508) SEI 23000.032004/2021-95 / pg. 2

--- Página 3 ---
1.2. Somente poderá se inscrever o CANDIDATO que tenha par(cid:61)cipado do Enem.
Edital 2 (6452508) SEI 23000.032004/2021-95 / pg. 3
"""


@pytest.mark.parametrize(("raw", "clean"), REAL.items())
def test_every_glyph_id_of_the_corpus_becomes_its_letters(raw, clean):
    assert replace_cids(raw) == clean


def test_the_table_covers_exactly_the_ids_checked_against_real_words():
    used = {m for raw in REAL for m in re.findall(r"\(cid:(\d+)\)", raw)}
    assert used == set(CID_TABLE)


def test_every_glyph_id_in_the_shared_corpus_is_mapped(corpus_dir):
    for path in corpus_dir.glob("*.txt"):
        text = replace_cids(path.read_text(encoding="utf-8"))
        assert "(cid:" not in text, path.name


def test_an_unknown_glyph_id_is_an_error_not_silent_garbage():
    with pytest.raises(UnknownGlyphError):
        replace_cids("pala(cid:99)vra")


def test_footers_are_dropped_and_pages_keep_their_numbers():
    document = clean_document(TWO_PAGES)
    assert document.source == "editalProUni2026.pdf"
    assert [p.number for p in document.pages] == [1, 2, 3]
    assert not any("SEI 23000" in line for page in document.pages for line in page.lines)
    assert document.pages[0].lines[0] == "Ministério da Educação"
    assert document.pages[2].lines == (
        "1.2. Somente poderá se inscrever o CANDIDATO que tenha participado do Enem.",
    )


def test_hyphenation_across_a_line_break_is_joined_and_spaces_collapse():
    document = clean_document(TWO_PAGES)
    assert document.pages[1].lines[-1] == (
        "de janeiro de 2026, observado o horário oficial de Brasília-DF e a inscrição é gratuita."
    )
    assert clean_text("Brasília-\nDF") == "Brasília-\nDF"  # a capital after "-" is a real dash


def test_bare_page_numbers_and_bullets_of_the_documentation_pdfs():
    raw = (
        "FONTE: PROUNI_documentacao.pdf\n\n--- Página 1 ---\nCOMPROVANTES DE RENDIMENTOS\n"
        "\uf0b7 Três últimos contracheques, no caso de renda fixa.\n1\n\n--- Página 2 ---\n"
        "\uf0b7 Declaração de IRPJ.\n2"
    )
    document = clean_document(raw)
    assert document.pages[0].lines == (
        "COMPROVANTES DE RENDIMENTOS",
        "• Três últimos contracheques, no caso de renda fixa.",
    )
    assert document.pages[1].lines == ("• Declaração de IRPJ.",)


def test_the_misplaced_r_of_the_preamble_is_repaired():
    assert clean_text("O SECRETÁRIO DE EDUCAÇÃO SUPERIO, nRo uso das atribuições") == (
        "O SECRETÁRIO DE EDUCAÇÃO SUPERIOR, no uso das atribuições"
    )


def test_cleaning_is_deterministic():
    assert clean_document(TWO_PAGES) == clean_document(TWO_PAGES)
