# ruff: noqa: E501
"""Builds flows.jsonl: onboarding slots and routing (spec 002, 2.2-2.3; issue 20, items 2, 3, 5, 6).

- a Sisu/Prouni question asked mid-onboarding (or mid-match) is answered (route rag, nothing
  written, the fact and its item) and the workflow resumes: the answer asks for the pending slot
  and the next message fills it;
- names vs non-names (refusals, questions, greetings, nicknames the student asks for);
- age corrections update the age (not the city); city -> UF; education values;
- eligibility told by the editais' rules, with the item (Prouni 1.2: Enem >= 450; 1.4: income);
- match: an honest answer when nothing is in the student's city; illustrative catalogue labelled.

Run: python bench/scholarships/eval/build_flows.py
"""

from __future__ import annotations

from typing import Any

from _common import TODAY, split_of, write

CRIT = "Critérios para apuração de renda comprovada"
NEG_EXCL = ["excluíd*", "não entra*", "não conta*", "não é considerad*", "não são considerad*"]
NEG_ELIG = ["não pode", "não atinge", "abaixo", "não alcança", "não é suficiente", "não dá",
            "não consegue", "insuficiente", "não atende", "não poderá", "não seria possível",
            "não é possível"]
HONEST = ["não encontrei", "nenhuma", "não há", "não achei", "não temos", "não tem", "não existe*"]
ILLUSTRATIVE = ["ilustrativ*", "exemplo", "exemplos", "fictíci*"]


def p(field: str, value: Any) -> dict[str, Any]:
    return {"kind": "profile", "field": field, "value": value}


def ctx(*messages: str) -> list[dict[str, Any]]:
    return [{"user": m} for m in messages]


def t(user: str, **expect: Any) -> dict[str, Any]:
    annotations = {k: expect.pop(k) for k in ("fact", "page", "document", "notes") if k in expect}
    return {"user": user, "expect": expect, **annotations}


def profile(**extra: Any) -> dict[str, Any]:
    base = {"onboarding_completed": True, "name": "Camila", "age": 19, "city": "São Paulo",
            "uf": "SP", "education": "Ensino Médio Completo"}
    base.update(extra)
    return {"profile": base}


PREFS_FULL = {"course_interest": "enfermagem", "enem_score": 610.0, "shifts": ["noturno"],
              "institution_type": "privada"}

Case = tuple[list[str], dict[str, Any] | None, list[dict[str, Any]], str]
CASES: list[Case] = []

# ---------------- A. a question mid-onboarding / mid-match is answered, then the flow resumes ----
A = "pergunta_no_meio"
CASES += [
    ([A, "onboarding", "sisu"], None, [
        *ctx("oi"),
        t("antes, quando abre a inscrição do sisu?", route="rag", effects=[], asks=True, citation=["1.1"],
          contains_any=["19 de janeiro", "19/01", "19 a 23 de janeiro"], fact="Sisu: 19 a 23/01/2026 (item 1.1, p. 1)"),
        t("Marina", route="onboarding", effects=[p("name", "Marina")]),
    ], "question at the name step"),
    ([A, "onboarding", "prouni"], None, [
        *ctx("oi", "Paulo"),
        t("pera, qual a nota minima do prouni?", route="rag", effects=[], asks=True, citation=["1.2"],
          contains_any=["450"], fact="Prouni: média >= 450 (item 1.2, p. 1)"),
        t("17", route="onboarding", effects=[p("age", 17)]),
    ], "question at the age step"),
    ([A, "onboarding", "sisu"], None, [
        *ctx("oi", "Renata", "19"),
        t("o sisu cobra taxa de inscrição?", route="rag", effects=[], asks=True, citation=["1.11"],
          contains_any=["gratuit*", "não há cobrança", "sem taxa", "não tem taxa", "não há taxa", "de graça", "não cobra"],
          fact="Sisu sem taxa (item 1.11, p. 3)"),
        t("moro em Londrina", route="onboarding", effects=[p("city", "Londrina"), p("uf", "PR")]),
    ], "question at the city step"),
    ([A, "onboarding", "prouni"], None, [
        *ctx("oi", "Diego", "18", "Natal"),
        t("quantas opções de curso posso escolher no prouni?", route="rag", effects=[], asks=True, citation=["1.5"],
          contains_any=["2 (duas)", "duas opções", "até 2", "2 opções", "até duas"], fact="Prouni: até 2 opções (item 1.5, p. 2)"),
        t("terminei o ensino medio ano passado", route="onboarding", effects=[p("education", "Ensino Médio Completo")]),
    ], "question at the education step"),
    ([A, "primeira_mensagem", "sisu"], None, [
        t("oi! quando sai o resultado do sisu?", route="rag", effects=[], citation=["3.1"],
          contains_any=["29 de janeiro", "29/01", "29/1"], fact="Resultado Sisu 29/01/2026 (item 3.1, p. 3)"),
        t("me chamo Fernanda", route="onboarding", effects=[p("name", "Fernanda")]),
    ], "question as the very first message, then onboarding starts"),
    ([A, "onboarding", "prouni"], None, [
        *ctx("oi"),
        t("prouni aceita quem estudou em escola particular sem bolsa?", route="rag", effects=[], asks=True, citation=["1.3"],
          contains_any=["sem a condição de bolsista", "sem bolsa", "mesmo sem bolsa", "bolsista parcial ou sem"],
          fact="Prouni 1.3 I e): ensino médio todo em privada sem bolsa atende (p. 2)"),
        t("Vitória", route="onboarding", effects=[p("name", "Vitória")]),
    ], ""),
    ([A, "onboarding", "sisu"], None, [
        *ctx("oi", "Caio"),
        t("ate quando posso entrar na lista de espera do sisu?", route="rag", effects=[], asks=True, citation=["6.1"],
          contains_any=["2 de fevereiro", "02/02", "2/2"], fact="Sisu lista de espera até 02/02/2026 (item 6.1, p. 5)"),
        t("tenho 20 anos", route="onboarding", effects=[p("age", 20)]),
    ], ""),
    ([A, "onboarding", "prouni"], None, [
        *ctx("oi", "Sabrina", "22"),
        t("o prouni tem lista de espera? quando?", route="rag", effects=[], asks=True, citation=["6.1"],
          contains_any=["25 e 26 de março", "25 de março", "26 de março", "25/03", "26/03"],
          fact="Prouni lista de espera 25-26/03/2026 (item 6.1, p. 5)"),
        t("Maceió", route="onboarding", effects=[p("city", "Maceió"), p("uf", "AL")]),
    ], ""),
    ([A, "onboarding", "prouni", "renda"], None, [
        *ctx("oi", "Igor", "18", "Cuiabá"),
        t("bolsa familia conta como renda no prouni?", route="rag", effects=[], asks=True, citation=["3.1", CRIT],
          contains_any=NEG_EXCL, fact="Bolsa Família excluído (documentação Prouni, critérios 3.1, p. 7)"),
        t("to no terceiro ano", route="onboarding", effects=[p("education", "Ensino Médio Incompleto")]),
    ], ""),
    ([A, "onboarding", "sisu"], None, [
        *ctx("oi", "Larissa"),
        t("quem fez supletivo pode usar o sisu?", route="rag", effects=[], asks=True, citation=["Documentação básica"],
          contains_any=["Encceja", "jovens e adultos", "certificação", "certificado de conclusão"],
          fact="Certificação Encceja aceita (documentação Sisu, p. 1)"),
        t("16", route="onboarding", effects=[p("age", 16)]),
    ], ""),
    ([A, "onboarding", "not_found"], None, [
        *ctx("oi"),
        t("qual a nota de corte de medicina na UFMG?", route="rag", effects=[], asks=True, not_found=True,
          notes="cut-offs per course are not in the editais"),
        t("Henrique", route="onboarding", effects=[p("name", "Henrique")]),
    ], "a question the editais cannot answer, mid-onboarding"),
    ([A, "onboarding", "not_found"], None, [
        *ctx("oi", "Tainá", "17"),
        t("o prouni paga transporte?", route="rag", effects=[], asks=True, not_found=True,
          notes="no transport aid in the texts"),
        t("moro em Boa Vista, Roraima", route="onboarding", effects=[p("city", "Boa Vista"), p("uf", "RR")]),
    ], ""),
    ([A, "match", "prouni"], profile(), [
        *ctx("quero ver bolsas pra mim"),
        t("pera, quando abre o prouni?", route="rag", effects=[], citation=["1.1"],
          contains_any=["26 de janeiro", "26/01", "26/1", "26 a 29 de janeiro"], fact="Prouni 26-29/01/2026 (item 1.1, p. 1)"),
        t("administração, tirei 580, a noite, particular", route="match",
          effects=[p("course_interest", "administração"), p("enem_score", 580), p("shifts", ["noturno"]), p("institution_type", "privada")]),
    ], "question in the middle of the match, then the match resumes"),
    ([A, "match", "prouni", "renda"], profile(**PREFS_FULL), [
        *ctx("quero ver bolsas do prouni pra mim", "enfermagem, tirei 610, a noite, particular"),
        t("antes de responder: a renda que vcs pedem é bruta ou liquida?", route="rag", effects=[], citation=["1.4"],
          contains_any=["bruta"], fact="Renda familiar bruta mensal per capita (item 1.4, p. 2)"),
        t("3.000 pra 4 pessoas", route="match",
          effects=[p("household_income", 3000), p("household_size", 4), p("income_per_capita", 750)],
          figures=[750]),
    ], "question at the income step, then the income is taken"),
    ([A, "match", "sisu"], profile(**PREFS_FULL), [
        *ctx("me ajuda a achar uma faculdade"),
        t("o sisu tem quantas chamadas?", route="rag", effects=[], citation=["2.1"],
          contains_any=["única chamada", "1 (uma) única", "uma chamada", "uma só chamada"], fact="Sisu: única chamada regular (item 2.1, p. 3)"),
    ], ""),
]

# ---------------- B. names vs non-names ----------------
B = "nome"
CASES += [
    ([B, "recusa"], None, [*ctx("oi"), t("não quero falar", effects=[], asks=True)], "a refusal is not a name"),
    ([B, "pergunta"], None, [*ctx("oi"), t("pq precisa?", effects=[], asks=True)], "a question is not a name"),
    ([B, "apelido"], None, [*ctx("oi"), t("pode me chamar de Juju", route="onboarding", effects=[p("name", "Juju")])], ""),
    ([B, "apelido"], None, [*ctx("oi"), t("meu nome é Maria Fernanda mas pode me chamar de Nanda", route="onboarding", effects=[p("name", "Nanda")])],
     "the name the student asks to be called by"),
    ([B, "nome_valido"], None, [*ctx("oi"), t("sou o Pedro", route="onboarding", effects=[p("name", "Pedro")])], ""),
    ([B, "nome_valido"], None, [*ctx("oi"), t("me chamo joão vitor", route="onboarding", effects=[p("name", "João Vitor")])], "lower case typed"),
    ([B, "digressao"], None, [*ctx("oi"), t("kkkk sei la", effects=[], asks=True)], ""),
    ([B, "cumprimento"], None, [*ctx("oi"), t("bom dia", effects=[], asks=True)], "a greeting is not a name"),
    ([B, "cumprimento"], None, [*ctx("oi"), t("tudo bem e vc?", effects=[], asks=True)], ""),
    ([B, "pergunta"], None, [*ctx("oi"), t("qual o seu nome?", effects=[], asks=True)], ""),
    ([B, "varios_dados"], None, [*ctx("oi"), t("eu sou a Bia, tenho 17 e moro em Natal", route="onboarding",
      effects=[p("name", "Bia"), p("age", 17), p("city", "Natal"), p("uf", "RN")])], "several slots in one message"),
    ([B, "nome_valido"], None, [*ctx("oi"), t("Rodrigo Alves", route="onboarding", effects=[p("name", "Rodrigo Alves")])], ""),
    ([B, "recusa"], None, [*ctx("oi"), t("prefiro ficar anonimo", effects=[], asks=True)], ""),
    ([B, "apelido"], None, [*ctx("oi"), t("me chama de Gabi", route="onboarding", effects=[p("name", "Gabi")])], ""),
    ([B, "nome_valido"], None, [*ctx("oi"), t("meu nome? é Luana", route="onboarding", effects=[p("name", "Luana")])], ""),
    ([B, "nao_sei"], None, [*ctx("oi"), t("nao sei", effects=[], asks=True)], ""),
    ([B, "digressao"], None, [*ctx("oi"), t("ainda to pensando em qual curso fazer", effects=[], asks=True)], "a digression is not a name"),
    ([B, "digressao"], None, [*ctx("oi"), t("to cansado hoje", effects=[], asks=True)], ""),
    ([B, "varios_dados"], None, [*ctx("oi"), t("Kauã, 18 anos", route="onboarding", effects=[p("name", "Kauã"), p("age", 18)])], ""),
]

# ---------------- C. ages and corrections ----------------
C = "idade"
CASES += [
    ([C, "correcao"], None, [*ctx("oi", "Carla", "18"), t("na verdade tenho 19", route="onboarding", effects=[p("age", 19)], asks=True)],
     "the correction updates the age, it is not the city"),
    ([C, "correcao"], None, [*ctx("oi", "Bruno", "17"), t("ops, errei, tenho 20", route="onboarding", effects=[p("age", 20)], asks=True)], ""),
    ([C, "correcao"], None, [*ctx("oi", "Aline"), t("17, não, 18, fiz aniversário semana passada", route="onboarding", effects=[p("age", 18)])], ""),
    ([C, "correcao"], None, [*ctx("oi", "Marcos", "18", "Recife"), t("espera, minha idade ta errada, tenho 21", effects=[p("age", 21)], asks=True)],
     "a correction of an earlier slot at the education step"),
    ([C, "extenso"], None, [*ctx("oi", "Jéssica"), t("tenho dezenove anos", route="onboarding", effects=[p("age", 19)])], ""),
    ([C, "valida"], None, [*ctx("oi", "Otávio"), t("18 anos", route="onboarding", effects=[p("age", 18)])], ""),
    ([C, "implausivel"], None, [*ctx("oi", "Nina"), t("tenho 180 anos kkk", effects=[], asks=True)], "an implausible age is not stored"),
    ([C, "correcao", "cidade"], None, [*ctx("oi", "Renan", "19", "Osasco"), t("opa, moro em Barueri na verdade", effects=[p("city", "Barueri")], asks=True)],
     "the city corrected (same UF: SP, no uf change)"),
]

# ---------------- D. city -> UF ----------------
D = "cidade_uf"
CITIES = [
    ("Thaís", "moro em sao jose dos campos", "São José dos Campos", "SP"),
    ("André", "rio de janeiro", "Rio de Janeiro", "RJ"),
    ("Bianca", "sou de feira de santana", "Feira de Santana", "BA"),
    ("Cícero", "juazeiro do norte", "Juazeiro do Norte", "CE"),
    ("Daniela", "aqui é campina grande", "Campina Grande", "PB"),
    ("Eduardo", "moro em uberlandia", "Uberlândia", "MG"),
    ("Flávia", "ribeirao preto", "Ribeirão Preto", "SP"),
    ("Gustavo", "caxias do sul", "Caxias do Sul", "RS"),
    ("Helena", "MOSSORO", "Mossoró", "RN"),
    ("Ícaro", "petrolina mesmo", "Petrolina", "PE"),
    ("Júlia", "moro em brasilia", "Brasília", "DF"),
    ("Kevin", "joinville", "Joinville", "SC"),
    ("Lorena", "vitoria da conquista", "Vitória da Conquista", "BA"),
    ("Mateus", "moro em teresina", "Teresina", "PI"),
    ("Natália", "sao luis", "São Luís", "MA"),
    ("Pietro", "campo grande", "Campo Grande", "MS"),
    ("Quésia", "moro em florianopolis", "Florianópolis", "SC"),
    ("Raul", "Campinas - SP", "Campinas", "SP"),
]
for i, (name, said, city, uf) in enumerate(CITIES):
    age = 17 + i % 5
    CASES.append(([D], None, [*ctx("oi", name, str(age)), t(said, route="onboarding", effects=[p("city", city), p("uf", uf)], asks=True)],
                  f"{city} is in {uf}; the next slot (education) is asked"))

# ---------------- E. education ----------------
E = "escolaridade"
CASES += [
    ([E], None, [*ctx("oi", "Rita", "18", "Olinda"), t("já terminei o ensino médio", route="onboarding", effects=[p("education", "Ensino Médio Completo")])], ""),
    ([E], None, [*ctx("oi", "Samuel", "16", "Contagem"), t("to no 2 ano", route="onboarding", effects=[p("education", "Ensino Médio Incompleto")])], ""),
    ([E], None, [*ctx("oi", "Tatiane", "23", "Santos"), t("to fazendo faculdade de adm mas quero trocar", route="onboarding", effects=[p("education", "Superior Incompleto")])], ""),
    ([E, "supletivo"], None, [*ctx("oi", "Ubiratan", "31", "Manaus"), t("fiz EJA e terminei ano passado", route="onboarding", effects=[p("education", "Ensino Médio Completo")])], "EJA completed = ensino médio completo"),
]

# ---------------- F. eligibility by the editais' rules ----------------
F = "elegibilidade"
CASES += [
    ([F, "nota_abaixo", "prouni"], profile(course_interest="direito", enem_score=430.0, shifts=["noturno"], institution_type="privada"), [
        t("com a minha nota do enem eu posso concorrer no prouni?", contains=["450"], contains_any=NEG_ELIG, citation=["1.2"],
          fact="Prouni exige média >= 450 (item 1.2, p. 1); the profile holds 430"),
    ], "below 450 must not be told they can compete"),
    ([F, "nota_abaixo", "prouni", "fronteira"], profile(course_interest="psicologia", enem_score=449.9, shifts=["matutino"], institution_type="privada"), [
        t("consigo me inscrever no prouni com a nota que eu tenho?", contains=["450"], contains_any=NEG_ELIG, citation=["1.2"],
          fact="449,9 < 450 (item 1.2)"),
    ], ""),
    ([F, "nota_abaixo", "prouni", "match"], profile(course_interest="enfermagem", enem_score=300.0, shifts=["noturno"], institution_type="privada"), [
        t("quero ver bolsas do prouni pra mim", contains=["450"], contains_any=NEG_ELIG, citation=["1.2"],
          fact="300 < 450 (item 1.2)"),
    ], "the match must not offer Prouni below 450"),
    ([F, "nota_abaixo", "prouni", "cold"], None, [
        t("tirei 420 de media no enem, posso tentar prouni?", route="rag", contains=["450"], contains_any=NEG_ELIG, citation=["1.2"],
          fact="420 < 450 (item 1.2)"),
    ], ""),
    ([F, "nota_abaixo", "prouni", "match"], profile(), [
        *ctx("quero ver bolsas do prouni"),
        t("direito, tirei 420, a noite, particular", contains=["450"], contains_any=NEG_ELIG, citation=["1.2"],
          fact="420 < 450 (item 1.2)"),
    ], "the score given in the match step is below 450"),
    ([F, "nota_ok", "prouni", "fronteira"], profile(course_interest="pedagogia", enem_score=450.0, shifts=["noturno"], institution_type="privada"), [
        t("minha nota dá pro prouni?", contains=["450"], not_contains=["abaixo de 450", "não atinge", "insuficiente"], citation=["1.2"],
          fact="450 = minimum, 'igual ou superior' (item 1.2)"),
    ], "exactly 450 qualifies"),
    ([F, "renda", "integral"], profile(course_interest="enfermagem", enem_score=610.0, shifts=["noturno"], institution_type="privada",
                                       household_income=3000, household_size=4), [
        t("com a renda da minha familia eu tenho direito a bolsa integral?", contains=["integral"], citation=["1.4"], figures=[750],
          fact="750 per capita <= 1,5 SM (item 1.4, p. 2)"),
    ], "per capita 750 is under 1,5 SM whatever the 2026 SM value"),
    ([F, "renda", "parcial"], profile(course_interest="direito", enem_score=640.0, shifts=["noturno"], institution_type="privada",
                                      household_income=9000, household_size=3), [
        t("consigo a bolsa integral do prouni?", contains=["parcial"], citation=["1.4"], figures=[3000],
          fact="3000 per capita: above 1,5 SM, under 3 SM -> parcial only (item 1.4)"),
    ], "robust to SM 1.518 or 1.621"),
    ([F, "renda", "acima"], profile(course_interest="medicina", enem_score=760.0, shifts=["integral"], institution_type="privada",
                                    household_income=20000, household_size=4), [
        t("eu tenho direito a alguma bolsa do prouni?", contains_any=NEG_ELIG, citation=["1.4"], figures=[5000],
          fact="5000 per capita > 3 SM (item 1.4)"),
    ], "above every limit"),
]

# ---------------- G. match geography ----------------
G = "geografia"
for name, city, uf, course in [
    ("Aurora", "Xique-Xique", "BA", "medicina"),
    ("Benedito", "Cabrobó", "PE", "odontologia"),
    ("Cláudia", "Tefé", "AM", "engenharia de software"),
    ("Davi", "Jaguarão", "RS", "arquitetura"),
]:
    CASES.append(([G, "match", "honestidade"], {"profile": {"onboarding_completed": True, "name": name, "age": 19, "city": city, "uf": uf,
                                                "education": "Ensino Médio Completo"}}, [
        *ctx("quero ver bolsas pra mim", f"{course}, tirei 650, a noite, particular", "1.000 por pessoa"),
        t("não posso me mudar, só dá pra estudar aqui na minha cidade", route="match", contains_any=HONEST,
          notes=f"nothing is expected in {city}: say so honestly (then the nearest options)"),
    ], "spec 002 2.3.B step 3; issue 20 item 6"))

# ---------------- H. illustrative catalogue labelled ----------------
H = "catalogo_ilustrativo"
for name, city, uf, prefs in [
    ("Elisa", "São Paulo", "SP", "enfermagem, tirei 610, a noite, particular"),
    ("Fábio", "Rio de Janeiro", "RJ", "direito, tirei 680, de manha, particular"),
    ("Giovana", "Belo Horizonte", "MG", "psicologia, tirei 640, a noite, particular"),
    ("Hugo", "Salvador", "BA", "administração, tirei 560, a noite, particular"),
    ("Irene", "Recife", "PE", "pedagogia, tirei 520, a tarde, particular"),
    ("Jonas", "Porto Alegre", "RS", "ciência da computação, tirei 700, integral, federal"),
]:
    CASES.append(([H, "match"], {"profile": {"onboarding_completed": True, "name": name, "age": 20, "city": city, "uf": uf,
                                            "education": "Ensino Médio Completo"}}, [
        *ctx("quero ver bolsas pra mim"),
        t(prefs, route="match", contains_any=ILLUSTRATIVE, notes="course cards come from a demo catalogue: label them"),
    ], "issue 20 item 6"))

# ---------------- I. routing after onboarding ----------------
I_ = "roteamento"
CASES += [
    ([I_, "chitchat"], profile(), [t("obrigado!", route="chitchat", effects=[])], ""),
    ([I_, "chitchat"], profile(), [t("oi tudo bem?", route="chitchat", effects=[])], ""),
    ([I_, "rag", "sisu"], profile(), [t("quando abre o sisu?", route="rag", effects=[], citation=["1.1"],
                                        contains_any=["19 de janeiro", "19/01", "19 a 23 de janeiro"])], ""),
    ([I_, "match"], profile(), [t("quero achar uma faculdade", route="match", effects=[], asks=True)], "spec 002 section 5 trace"),
    ([I_, "sair"], profile(), [*ctx("quero ver bolsas pra mim"), t("sair", route="chitchat", effects=[])], "'Sair' clears the workflow (spec 002 2.2)"),
    ([I_, "rag", "prouni"], profile(), [*ctx("obrigado!"), t("e o prouni, quando sai a primeira chamada?", route="rag", effects=[], citation=["3.1"],
                                                             contains_any=["3 de fevereiro", "03/02", "3/2"])], ""),
]


# ---------------- C2. more age corrections (appended so earlier ids keep their split) ----------
CASES += [
    ([C, "correcao"], None, [*ctx("oi", "Paula", "20"), t("não, peraí, tenho 22", route="onboarding", effects=[p("age", 22)], asks=True)], ""),
    ([C, "correcao"], None, [*ctx("oi", "Sérgio", "19", "Goiânia"), t("me enganei na idade, são 18", effects=[p("age", 18)], asks=True)],
     "a correction of an earlier slot at the education step"),
    ([C, "correcao"], None, [*ctx("oi", "Yara"), t("16... quer dizer 17", route="onboarding", effects=[p("age", 17)])], ""),
    ([C, "correcao"], None, [*ctx("oi", "Wesley", "18"), t("corrigindo: 23 anos", route="onboarding", effects=[p("age", 23)], asks=True)], ""),
    ([C, "correcao"], None, [*ctx("oi", "Zilda", "25", "Belém"), t("ah, e eu tenho 26, não 25", effects=[p("age", 26)], asks=True)],
     "a correction of an earlier slot at the education step"),
]


def build() -> list[dict[str, Any]]:
    out = []
    for n, (tags, setup, turns, notes) in enumerate(CASES, start=1):
        cid = f"sch-flw-{n:04d}"
        case: dict[str, Any] = {"id": cid, "app": "scholarships", "split": split_of(cid), "tags": ["fluxo", *tags], "today": TODAY}
        if setup is not None:
            case["setup"] = setup
        case["turns"] = turns
        if notes:
            case["notes"] = notes
        out.append(case)
    return out


if __name__ == "__main__":
    cases = build()
    print(write("flows.jsonl", cases), len(cases))
