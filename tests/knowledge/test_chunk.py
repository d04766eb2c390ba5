"""Chunking by the edital's numbered items, with item numbers, sections, pages and citations."""

from __future__ import annotations

from switchboard.knowledge.chunk import MAX_CHARS, chunk_document, is_successor, split_long
from switchboard.knowledge.clean import clean_document
from switchboard.knowledge.ingest import document_title, load_corpus

SISU_PAGES_3_4 = """FONTE: editalSisu2026.pdf

--- Página 3 ---
2. DA CHAMADA REGULAR
2.1. O processo sele(cid:60)vo do Sisu referente à edição de 2026 será cons(cid:60)tuído de 1\
 (uma) única chamada
regular.
3. DA DIVULGAÇÃO DO RESULTADO DA CHAMADA REGULAR
3.1. O resultado da chamada regular será divulgado no dia 29 de janeiro de 2026.
3.2. O CANDIDATO poderá consultar o resultado da chamada regular na página do Sisu na internet, no
endereço eletrônico h(cid:69)ps://acessounico.mec.gov.br/sisu, e nas ins(cid:60)tuições para\
 as quais efetuou sua
inscrição.
3.3. A classificação e eventual seleção no processo sele(cid:60)vo do Sisu observarão o\
 disposto nos ar(cid:60)gos 19 a
20-A da Portaria Norma(cid:60)va MEC nº 21, de 5 de novembro de 2012, bem como a seguinte ordem de
critérios em caso de empate de notas:
I - maior nota na redação;
Edital 29 (6417071) SEI 23000.041337/2017-29 / pg. 3

--- Página 4 ---
II - maior nota na prova de Linguagens, Códigos e suas Tecnologias;
3.3.1. Texto curto do subitem.
4. DAS MATRÍCULAS OU DO REGISTRO ACADÊMICO NAS INSTITUIÇÕES PARTICIPANTES DO SISU
4.1. O CANDIDATO selecionado deverá realizar sua matrícula, nos termos do art. 2º do Decreto nº
5.493, de 18 de julho de 2005, a par(cid:56)r de 2 de fevereiro de 2026.
Edital 29 (6417071) SEI 23000.041337/2017-29 / pg. 4
"""


def chunks():
    return chunk_document(
        clean_document(SISU_PAGES_3_4), collection="sisu", title="Edital Sisu 2026"
    )


def by_item(item):
    return next(c for c in chunks() if c.item == item)


def test_items_keep_number_section_and_page():
    c = by_item("3.1")
    assert c.text.startswith("3.1. O resultado da chamada regular será divulgado no dia 29")
    assert (c.section, c.page, c.collection) == (
        "DA DIVULGAÇÃO DO RESULTADO DA CHAMADA REGULAR",
        3,
        "sisu",
    )
    # 3.1 is one short line: it is merged with its sibling 3.2, and the citation says so.
    assert c.items == ("3.1", "3.2")
    assert c.citation == "Edital Sisu 2026, itens 3.1 a 3.2"
    assert by_item("2.1").citation == "Edital Sisu 2026, item 2.1"


def test_an_item_that_crosses_a_page_break_starts_on_its_page_and_ends_on_the_next():
    c = by_item("3.3")
    assert (c.page, c.page_end) == (3, 4)
    assert "I - maior nota na redação; II - maior nota na prova de Linguagens" in c.text
    assert "SEI 23000" not in c.text


def test_section_titles_are_not_chunks_and_wrapped_numbers_are_not_items():
    items = [c.items for c in chunks()]
    assert ("2",) not in items and ("3",) not in items
    assert "5.493" not in {i for group in items for i in group}
    assert by_item("4.1").section.startswith("DAS MATRÍCULAS OU DO REGISTRO")


def test_a_tiny_item_is_merged_into_its_parent():
    c = by_item("3.3")
    assert c.items == ("3.3", "3.3.1")
    assert c.citation == "Edital Sisu 2026, itens 3.3 a 3.3.1"


def test_successor_rules():
    assert is_successor(None, "1") and is_successor(None, "1.1") and is_successor(None, "2")
    assert (
        is_successor("1.2", "1.2.1")
        and is_successor("1.2.1", "1.3")
        and is_successor("1.9", "1.10")
    )
    assert is_successor("4.4.1.1", "4.4.2") and is_successor("3.5", "4")
    assert not is_successor("1.2", "5.493") and not is_successor("7.7", "0.1")


def test_long_text_is_split_with_overlap():
    sentence = "O CANDIDATO deverá observar os prazos do edital e da instituição. "
    text = (sentence * 60).strip()
    windows = split_long(text)
    assert len(windows) > 1 and all(len(w) <= MAX_CHARS for w in windows)
    assert windows[0][-len(sentence) + 1 :] in windows[1]  # the last sentence is repeated


def test_the_shipped_corpus_has_the_real_items_and_pages():
    documents = {d.info.id: d for d in load_corpus()}
    assert set(documents) == {
        "prouni/prouni_documentacao",
        "prouni/prouni_edital_2026",
        "sisu/sisu_documentacao",
        "sisu/sisu_edital_2026",
    }
    prouni = {c.item: c for c in documents["prouni/prouni_edital_2026"].chunks}
    assert prouni["1.1"].page == 1 and "26 de janeiro de 2026" in prouni["1.1"].text
    assert prouni["1.4"].page == 2 and "1,5 (um vírgula cinco) salário mínimo" in prouni["1.4"].text
    assert prouni["6.1"].section == "DA LISTA DE ESPERA DO PROUNI" and prouni["6.1"].page == 5
    sisu = {c.item: c for c in documents["sisu/sisu_edital_2026"].chunks}
    assert sisu["1.4"].page == 2 and "2023, 2024 ou 2025" in sisu["1.4"].text
    assert sisu["4.1"].page == 4 and "a partir de 2 de fevereiro" in sisu["4.1"].text
    every = [c for d in documents.values() for c in d.chunks]
    assert not any("(cid:" in c.text or "SEI 23000" in c.text for c in every)


def test_documentation_lists_name_their_section_because_numbering_restarts():
    documents = {d.info.id: d for d in load_corpus()}
    citations = [c.citation for c in documents["prouni/prouni_documentacao"].chunks]
    assert "Documentação Prouni, Assalariados, item 1" in citations


def test_document_titles_from_file_names():
    assert document_title("prouni_edital_2026", "prouni") == "Edital Prouni 2026"
    assert document_title("sisu_documentacao", "sisu") == "Documentação Sisu"


def test_the_shipped_corpus_is_what_the_build_script_makes(corpus_dir, tmp_path):
    from switchboard.knowledge.build_data import DEFAULT_OUT, build

    out = tmp_path / "editais.jsonl"
    build(corpus_dir, out)
    assert out.read_bytes() == DEFAULT_OUT.read_bytes()
