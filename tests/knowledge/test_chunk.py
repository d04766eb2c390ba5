"""Chunking: one chunk per numbered item, with heading path, pages and page breaks; the
documentation files by their headings."""

from __future__ import annotations

from switchboard.knowledge.chunk import chunk_document, is_successor, sentence_case
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
3.2. O CANDIDATO poderá consultar o resultado na página do Sisu.
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

DOCS = """FONTE: docs.pdf

--- Página 1 ---
COMPROVANTES DE RESIDÊNCIA
O coordenador deverá solicitar somente um dos seguintes comprovantes:
1. Contas de água, gás, energia elétrica ou telefone (fixo ou móvel).
2. Contrato de aluguel em vigor.
--- Página 2 ---
3. Fatura de cartão de crédito.
COMPROVANTES DE RENDIMENTOS
I. Para comprovação da renda devem ser apresentados documentos.
1. ASSALARIADOS
\uf0b7 Três últimos contracheques, no caso de renda fixa.
CRITÉRIOS PARA APURAÇÃO DE RENDA COMPROVADA
1. DISPOSIÇÕES GERAIS
1.1 A partir do(s) documento(s) de comprovação apresentados deve-se proceder à apuração.
2. TIPOS DE COMPROVANTES DE RENDA
2.1 DECLARAÇÃO DE IMPOSTO DE RENDA – PESSOA FÍSICA
2.1.1 O total bruto dos rendimentos declarados no ano deve ser dividido por doze.
"""


def chunks(text: str = SISU_PAGES_3_4, title: str = "Edital Sisu 2026"):
    return chunk_document(clean_document(text), collection="sisu", title=title)


def by_item(item: str, text: str = SISU_PAGES_3_4):
    return next(c for c in chunks(text) if c.item == item)


def test_every_item_and_sub_item_is_one_chunk_with_its_heading_path():
    assert [c.item for c in chunks()] == ["2.1", "3.1", "3.2", "3.3", "3.3.1", "4.1"]
    short = by_item("3.3.1")  # a one-line sub-item is a rule of its own, never merged
    assert (
        short.text == "Texto curto do subitem." and short.citation == "Edital Sisu 2026, item 3.3.1"
    )
    c = by_item("3.1")
    assert c.text == "O resultado da chamada regular será divulgado no dia 29 de janeiro de 2026."
    assert c.path == ("3. Da divulgação do resultado da chamada regular",)
    assert by_item("4.1").path[0].startswith("4. Das matrículas ou do registro acadêmico")


def test_an_item_across_a_page_break_knows_where_each_page_starts():
    c = by_item("3.3")
    assert (c.page, c.page_end) == (3, 4)
    assert "SEI 23000" not in c.text and "(cid:" not in c.text
    (offset,) = c.breaks
    assert c.text[offset:].startswith("II - maior nota na prova de Linguagens")
    assert c.page_at(0) == 3 and c.page_at(offset) == 4 and c.page_at(offset - 2) == 3


def test_numbers_inside_wrapped_lines_are_not_items():
    assert is_successor("4.1", "4.2") and is_successor("4.1", "4.1.1") and is_successor("3.3", "4")
    assert not is_successor("4.1", "5.493")
    assert "5.493" not in {c.item for c in chunks()}


def test_documentation_lists_are_chunked_by_their_headings():
    docs = chunks(DOCS, "Documentação Prouni")
    labels = [(c.item, c.path, c.page, c.page_end) for c in docs]
    assert labels == [
        (None, ("Comprovantes de residência",), 1, 2),
        (None, ("Comprovantes de rendimentos",), 2, 2),
        (None, ("Comprovantes de rendimentos", "Assalariados"), 2, 2),
        ("1.1", ("Critérios para apuração de renda comprovada", "Disposições gerais"), 2, 2),
        (
            "2.1.1",
            (
                "Critérios para apuração de renda comprovada",
                "Tipos de comprovantes de renda",
                "2.1. Declaração de imposto de renda – pessoa física",
            ),
            2,
            2,
        ),
    ]
    residence = docs[0]
    assert "1. Contas de água" in residence.text and "3. Fatura de cartão" in residence.text
    assert residence.citation == "Documentação Prouni, Comprovantes de residência"
    assert residence.page_at(residence.text.index("3. Fatura")) == 2
    assert docs[-1].citation == (
        "Documentação Prouni, Critérios para apuração de renda comprovada, item 2.1.1"
    )


def test_the_real_corpus_has_items_pages_and_headings():
    corpus = {d.info.id: d.chunks for d in load_corpus()}
    prouni = {c.item: c for c in corpus["prouni/prouni_edital_2026"]}
    assert prouni["1.2"].page == 1 and "450 (quatrocentos e cinquenta)" in prouni["1.2"].text
    assert (prouni["1.3"].page, prouni["1.3"].page_end) == (1, 2)
    assert prouni["1.3"].page_at(prouni["1.3"].text.index("b) o ensino médio")) == 2
    assert corpus["prouni/prouni_edital_2026"][0].label == "Preâmbulo"
    assert corpus["sisu/sisu_edital_2026"][-1].label == "Assinatura"
    sisu_docs = [c.label for c in corpus["sisu/sisu_documentacao"]]
    assert sisu_docs == ["Documentação básica", "Documentação aqueles que possuem cotas"]
    assert all("(cid:" not in c.text for chunks_ in corpus.values() for c in chunks_)


def test_titles_are_put_in_sentence_case_keeping_acronyms():
    assert sentence_case("DAS INSCRIÇÕES") == "Das inscrições"
    assert sentence_case("CARTEIRA DE TRABALHO - CTPS") == "Carteira de trabalho - CTPS"
    assert document_title("prouni_documentacao", "prouni") == "Documentação Prouni"
