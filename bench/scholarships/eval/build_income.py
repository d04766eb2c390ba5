# ruff: noqa: E501
"""Builds income.jsonl: a student past onboarding (setup.profile, or onboarding typed in context
turns) asks to see bursaries; the match flow (spec 002, 2.3.B: basic prefs, then the
socioeconomic step) asks the income; the graded turn is the student's income answer.

Expected effects are computed here by hand rules: per capita = household total / people;
minimum-wage multiples use MINIMUM_WAGE_2026 (R$ 1.621,00 — an assumption, the editais never
give the value); Bolsa Família is left out of the household total (Prouni documentation,
"Critérios para apuração de renda comprovada", 3.1 II c). The per-capita value must be confirmed
back (`figures`). Ranges ask (no effect), refusals write nothing, numbers that are not income
(an Enem score or an age the profile already holds) write nothing.

Run: python bench/scholarships/eval/build_income.py
"""

from __future__ import annotations

from typing import Any

from _common import MINIMUM_WAGE_2026 as SM
from _common import TODAY, split_of, write

PROFILES: list[dict[str, Any]] = [
    {"name": "Ana Clara", "age": 18, "city": "Recife", "uf": "PE", "education": "Ensino Médio Completo",
     "course_interest": "enfermagem", "enem_score": 612.4, "shifts": ["noturno"], "institution_type": "privada"},
    {"name": "Lucas", "age": 19, "city": "Campinas", "uf": "SP", "education": "Ensino Médio Completo",
     "course_interest": "engenharia civil", "enem_score": 655.0, "shifts": ["integral"], "institution_type": "publica"},
    {"name": "Maria Eduarda", "age": 17, "city": "Belo Horizonte", "uf": "MG", "education": "Ensino Médio Incompleto",
     "course_interest": "direito", "enem_score": 590.2, "shifts": ["matutino"], "institution_type": "privada"},
    {"name": "João Pedro", "age": 21, "city": "Salvador", "uf": "BA", "education": "Ensino Médio Completo",
     "course_interest": "administração", "enem_score": 540.0, "shifts": ["noturno"], "institution_type": "privada"},
    {"name": "Yasmin", "age": 18, "city": "Fortaleza", "uf": "CE", "education": "Ensino Médio Completo",
     "course_interest": "medicina", "enem_score": 720.8, "shifts": ["integral"], "institution_type": "publica"},
    {"name": "Gabriel", "age": 20, "city": "Porto Alegre", "uf": "RS", "education": "Ensino Médio Completo",
     "course_interest": "ciência da computação", "enem_score": 680.0, "shifts": ["noturno"], "institution_type": "privada"},
    {"name": "Letícia", "age": 24, "city": "Manaus", "uf": "AM", "education": "Ensino Médio Completo",
     "course_interest": "pedagogia", "enem_score": 510.6, "shifts": ["noturno"], "institution_type": "privada"},
    {"name": "Rafael", "age": 18, "city": "Curitiba", "uf": "PR", "education": "Ensino Médio Completo",
     "course_interest": "psicologia", "enem_score": 630.0, "shifts": ["vespertino"], "institution_type": "privada"},
    {"name": "Beatriz", "age": 19, "city": "Goiânia", "uf": "GO", "education": "Ensino Médio Completo",
     "course_interest": "nutrição", "enem_score": 575.0, "shifts": ["matutino"], "institution_type": "privada"},
    {"name": "Thiago", "age": 22, "city": "Belém", "uf": "PA", "education": "Ensino Médio Completo",
     "course_interest": "agronomia", "enem_score": 600.0, "shifts": ["integral"], "institution_type": "publica"},
]

SHIFT_WORDS = {"noturno": "a noite", "integral": "integral", "matutino": "de manha", "vespertino": "a tarde"}
TYPE_WORDS = {"privada": "faculdade particular", "publica": "federal"}
STARTS = [
    "quero ver bolsas do prouni pra mim",
    "me ajuda a achar uma faculdade",
    "quero procurar bolsa",
    "tem bolsa pra mim?",
    "quero encontrar um curso com bolsa",
    "bora ver as oportunidades",
]


def _prefs(p: dict[str, Any]) -> str:
    score = f"{p['enem_score']:g}".replace(".", ",")
    return f"{p['course_interest']}, tirei {score} no enem, {SHIFT_WORDS[p['shifts'][0]]}, {TYPE_WORDS[p['institution_type']]}"


def _onboarding_turns(p: dict[str, Any], style: int) -> list[str]:
    """Onboarding typed by the student (spec 002: name, age, city, education; several at once allowed)."""
    if style == 0:
        school = "terminei o ensino medio" if p["education"].endswith(" Completo") else "to no 3 ano do ensino medio"
        return [f"oi! sou {p['name']}, tenho {p['age']} anos, moro em {p['city']} e {school}"]
    return ["oi", p["name"], f"{p['age']}", f"{p['city']} - {p['uf']}", "terminei o ensino medio" if p["education"].endswith(" Completo") else "to no 3 ano ainda"]


def pf(value: float) -> dict[str, Any]:
    return {"kind": "profile", "field": "income_per_capita", "value": round(value, 2), "tol": 0.01}


def hi(value: float) -> dict[str, Any]:
    return {"kind": "profile", "field": "household_income", "value": round(value, 2), "tol": 0.01}


def hs(value: int) -> dict[str, Any]:
    return {"kind": "profile", "field": "household_size", "value": value}


def total(amount: float, people: int) -> list[dict[str, Any]]:
    return [hi(amount), hs(people), pf(amount / people)]


# (message(s): the last one is graded, earlier ones are context answers given in the same step;
#  expected effects of the graded turn; per-capita figure to confirm or None; asks or None; tags; notes)
Row = tuple[list[str], list[dict[str, Any]], float | None, bool | None, list[str], str]
ROWS: list[Row] = [
    # ---- household total + number of people ----
    (["a casa toda ganha 4 mil e somos 5"], total(4000, 5), 800, None, ["total_e_pessoas"], ""),
    (["somos 4 aqui em casa e a renda total é 3.200"], total(3200, 4), 800, None, ["total_e_pessoas"], ""),
    (["renda familiar de 5.400 pra 6 pessoas"], total(5400, 6), 900, None, ["total_e_pessoas"], ""),
    (["moramos em 3, e entra uns 2700 por mes"], total(2700, 3), 900, None, ["total_e_pessoas", "aproximado"], ""),
    (["minha familia ganha 6000 reais, somos em 4"], total(6000, 4), 1500, None, ["total_e_pessoas"], ""),
    (["R$ 2.500,00 no total e somos 2, eu e minha mãe"], total(2500, 2), 1250, None, ["total_e_pessoas"], ""),
    (["3k e somos 4"], total(3000, 4), 750, None, ["total_e_pessoas", "girias"], ""),
    (["em casa é 7 pessoas e a renda é de 4.900"], total(4900, 7), 700, None, ["total_e_pessoas"], ""),
    (["moro sozinho e ganho 1800"], total(1800, 1), 1800, None, ["total_e_pessoas", "sozinho"], "lives alone: household of 1"),
    (["moro so eu, recebo 2.100 por mes"], total(2100, 1), 2100, None, ["total_e_pessoas", "sozinho"], "lives alone: household of 1"),
    (["eu, minha mãe e meus 2 irmãos. só ela trabalha e ganha 2.600"], total(2600, 4), 650, None, ["total_e_pessoas", "contar_pessoas"], "people counted from the list: 1+1+2"),
    (["meu pai ganha 2 mil e minha mae 1.500, somos 5"], total(3500, 5), 700, None, ["total_e_pessoas", "varias_rendas"], "two earners summed"),
    (["minha mae ganha 1.412 e meu padrasto 2.088, aqui somos eu, eles dois e minha irma"], total(3500, 4), 875, None, ["total_e_pessoas", "varias_rendas", "contar_pessoas"], "1412+2088; me, mother, stepfather, sister = 4"),
    (["vivo com meus avós, os dois são aposentados e ganham 1.621 cada"], total(3242, 3), 1080.67, None, ["total_e_pessoas", "varias_rendas", "contar_pessoas"], "me + 2 grandparents; 2 x 1621"),
    (["somos 5: meu pai, minha mae, eu e 2 irmaos. meu pai é motorista e ganha 3.000, minha mae nao trabalha"], total(3000, 5), 600, None, ["total_e_pessoas", "contar_pessoas"], ""),
    (["renda da casa 4.500 reais, 3 pessoas"], total(4500, 3), 1500, None, ["total_e_pessoas"], ""),
    (["ganhamos 10 mil por mes em 4 pessoas"], total(10000, 4), 2500, None, ["total_e_pessoas", "renda_alta"], ""),
    (["aqui em casa entra 15 mil e somos 3"], total(15000, 3), 5000, None, ["total_e_pessoas", "renda_alta"], "above every Prouni limit"),
    (["a gente vive com 1.300 por mes, eu minha mae e minha vó"], total(1300, 3), 433.33, None, ["total_e_pessoas", "contar_pessoas"], ""),
    (["renda bruta familiar 3.650, seis pessoas"], total(3650, 6), 608.33, None, ["total_e_pessoas"], ""),
    (["a renda total é de R$ 4.862,40 e moramos em 4"], total(4862.40, 4), 1215.60, None, ["total_e_pessoas", "centavos"], ""),
    (["somos um casal e minha filha, meu marido ganha 2.200 e eu 1.100"], total(3300, 3), 1100, None, ["total_e_pessoas", "varias_rendas", "contar_pessoas"], ""),
    (["4 pessoas, renda de 2 mil"], total(2000, 4), 500, None, ["total_e_pessoas"], ""),
    (["nossa renda é 1.900 e somos em 2"], total(1900, 2), 950, None, ["total_e_pessoas"], ""),
    (["total 5.100, pessoas 3"], total(5100, 3), 1700, None, ["total_e_pessoas", "telegrafico"], ""),
    (["somos 8 em casa, a renda de todo mundo junto dá 6.400"], total(6400, 8), 800, None, ["total_e_pessoas"], ""),
    (["minha mãe é diarista e tira uns 1.600, mora eu ela e meu irmão"], total(1600, 3), 533.33, None, ["total_e_pessoas", "aproximado", "contar_pessoas"], ""),
    (["renda mensal de 2.430 dividida entre 3 pessoas"], total(2430, 3), 810, None, ["total_e_pessoas"], ""),
    (["somos cinco pessoas e a renda da familia é 3.000 reais"], total(3000, 5), 600, None, ["total_e_pessoas", "extenso_pessoas"], ""),
    (["a renda é 2.800 e aqui moram quatro pessoas"], total(2800, 4), 700, None, ["total_e_pessoas", "extenso_pessoas"], ""),
    # ---- numbers in words ----
    (["quatro mil e somos cinco"], total(4000, 5), 800, None, ["extenso"], ""),
    (["dois mil e oitocentos pra quatro pessoas"], total(2800, 4), 700, None, ["extenso"], ""),
    (["três mil e seiscentos reais, somos seis"], total(3600, 6), 600, None, ["extenso"], ""),
    (["mil e quinhentos por pessoa"], [pf(1500)], 1500, None, ["extenso", "per_capita"], ""),
    (["novecentos reais por cabeça"], [pf(900)], 900, None, ["extenso", "per_capita"], ""),
    (["a renda é de dois mil e quatrocentos e somos em três"], total(2400, 3), 800, None, ["extenso"], ""),
    (["cinco mil reais pra quatro pessoas"], total(5000, 4), 1250, None, ["extenso"], ""),
    (["uns mil e duzentos por pessoa"], [pf(1200)], 1200, None, ["extenso", "per_capita", "aproximado"], ""),
    (["seiscentos e cinquenta por pessoa"], [pf(650)], 650, None, ["extenso", "per_capita"], ""),
    (["dez mil, somos dois"], total(10000, 2), 5000, None, ["extenso", "renda_alta"], ""),
    (["a familia toda ganha tres mil, e somos em duas pessoas"], total(3000, 2), 1500, None, ["extenso"], ""),
    (["mil e oitocentos, eu e meu pai"], total(1800, 2), 900, None, ["extenso", "contar_pessoas"], ""),
    # ---- per-capita values ----
    (["minha renda per capita é 900"], [pf(900)], 900, None, ["per_capita"], ""),
    (["dá uns 700 por pessoa"], [pf(700)], 700, None, ["per_capita", "aproximado"], ""),
    (["per capita 1.250"], [pf(1250)], 1250, None, ["per_capita", "telegrafico"], ""),
    (["R$ 1.200,50 por pessoa"], [pf(1200.50)], 1200.50, None, ["per_capita", "centavos"], ""),
    (["renda por pessoa de 2.400 reais"], [pf(2400)], 2400, None, ["per_capita"], ""),
    (["calculei aqui e deu 615 por pessoa"], [pf(615)], 615, None, ["per_capita"], ""),
    (["a renda per capita da minha familia é de R$ 3.100"], [pf(3100)], 3100, None, ["per_capita"], ""),
    (["450 por cabeça"], [pf(450)], 450, None, ["per_capita", "numero_ambiguo"], "450 is also the Prouni minimum score; here it is income"),
    (["por pessoa fica 1.100"], [pf(1100)], 1100, None, ["per_capita"], ""),
    (["uns 2 mil por pessoa"], [pf(2000)], 2000, None, ["per_capita", "aproximado"], ""),
    (["5 mil per capita"], [pf(5000)], 5000, None, ["per_capita", "renda_alta"], ""),
    (["800 reais por membro da familia"], [pf(800)], 800, None, ["per_capita"], ""),
    (["a renda per capita é 1.620"], [pf(1620)], 1620, None, ["per_capita"], ""),
    (["2.431,50 por pessoa"], [pf(2431.50)], 2431.50, None, ["per_capita", "centavos", "fronteira"], "exactly 1,5 SM under the R$ 1.621 assumption"),
    # ---- minimum-wage multiples (SM = R$ 1.621,00 assumed) ----
    (["um salário e meio por pessoa"], [pf(1.5 * SM)], 1.5 * SM, None, ["salario_minimo", "per_capita"], "1,5 x 1621"),
    (["1,5 salario minimo per capita"], [pf(1.5 * SM)], 1.5 * SM, None, ["salario_minimo", "per_capita"], "1,5 x 1621"),
    (["dois mínimos no total, somos 3"], total(2 * SM, 3), 2 * SM / 3, None, ["salario_minimo", "total_e_pessoas"], "2 x 1621 / 3"),
    (["3 salarios minimos pra 4 pessoas"], total(3 * SM, 4), 3 * SM / 4, None, ["salario_minimo", "total_e_pessoas"], "3 x 1621 / 4"),
    (["meio salario minimo por pessoa"], [pf(0.5 * SM)], 0.5 * SM, None, ["salario_minimo", "per_capita"], "0,5 x 1621"),
    (["um salario minimo por pessoa"], [pf(SM)], SM, None, ["salario_minimo", "per_capita"], "1 x 1621"),
    (["a familia toda ganha 4 salarios, somos 5"], total(4 * SM, 5), 4 * SM / 5, None, ["salario_minimo", "total_e_pessoas"], "4 x 1621 / 5"),
    (["dois salários e meio por pessoa"], [pf(2.5 * SM)], 2.5 * SM, None, ["salario_minimo", "per_capita"], "2,5 x 1621"),
    (["um mínimo só, moro com minha mãe"], total(SM, 2), SM / 2, None, ["salario_minimo", "total_e_pessoas", "contar_pessoas"], "1621 / 2"),
    (["2 sm per capita"], [pf(2 * SM)], 2 * SM, None, ["salario_minimo", "per_capita", "telegrafico"], "2 x 1621"),
    (["minha mae ganha um salario minimo e meu pai dois, somos 4"], total(3 * SM, 4), 3 * SM / 4, None, ["salario_minimo", "varias_rendas"], "(1+2) x 1621 / 4"),
    (["3 salários mínimos por pessoa"], [pf(3 * SM)], 3 * SM, None, ["salario_minimo", "per_capita", "fronteira"], "exactly the partial-bursary limit"),
    (["a renda é de 5 salarios minimos e somos 5"], total(5 * SM, 5), SM, None, ["salario_minimo", "total_e_pessoas"], "5 x 1621 / 5"),
    (["menos de um salario minimo no total, tipo 1.400, e somos 3"], total(1400, 3), 466.67, None, ["salario_minimo", "total_e_pessoas", "valor_explicito"], "the explicit figure wins over the comparison"),
    (["1 salário e meio pra casa toda, somos 3"], total(1.5 * SM, 3), 1.5 * SM / 3, None, ["salario_minimo", "total_e_pessoas"], "1,5 x 1621 / 3"),
    (["dois salários mínimos e meio pra 5 pessoas"], total(2.5 * SM, 5), 2.5 * SM / 5, None, ["salario_minimo", "total_e_pessoas"], "2,5 x 1621 / 5"),
    # ---- two-step answers (first part is context; the graded part completes the income) ----
    (["somos 4 em casa", "a renda total é 3.200"], [hi(3200), pf(800)], 800, None, ["dois_passos"], "household_size was given in the previous turn"),
    (["moramos em 5", "uns 4 mil no total"], [hi(4000), pf(800)], 800, None, ["dois_passos", "aproximado"], "household_size was given in the previous turn"),
    (["minha familia ganha 3.600 por mes", "somos 6"], [hs(6), pf(600)], 600, None, ["dois_passos"], "household_income was given in the previous turn"),
    (["a renda é 2.700", "eu minha mae e meu irmao"], [hs(3), pf(900)], 900, None, ["dois_passos", "contar_pessoas"], "household_income was given in the previous turn"),
    # ---- zero and very low income ----
    (["ninguem trabalha aqui, renda zero, somos 3"], total(0, 3), 0, None, ["zero"], ""),
    (["a gente nao tem renda nenhuma no momento, somos eu e minha mae"], total(0, 2), 0, None, ["zero", "contar_pessoas"], ""),
    (["por pessoa da uns 200 reais"], [pf(200)], 200, None, ["per_capita", "baixa"], ""),
    # ---- exclusions from the documentation rules ----
    (["minha mae ganha 1.800 e a gente recebe 600 de bolsa familia, somos 4"], total(1800, 4), 450, None, ["exclusao", "bolsa_familia"], "Bolsa Família excluded (Prouni documentação, critérios 3.1 II c)"),
    (["só tem o bolsa familia de 700 e o salario do meu pai de 2.000, somos 5"], total(2000, 5), 400, None, ["exclusao", "bolsa_familia"], "Bolsa Família excluded (critérios 3.1 II c)"),
    (["meu pai ganha 2.500 mais 600 de vale alimentação, somos 4"], total(2500, 4), 625, None, ["exclusao", "auxilio"], "food allowance excluded (critérios 3.1 I a)"),
    # ---- annual figures (monthly = annual / 12, documentação 2.4.3) ----
    (["a renda anual da familia é 36 mil, somos 4"], total(3000, 4), 750, None, ["anual"], "36000 / 12 = 3000 a month"),
    (["no imposto de renda deu 48 mil no ano, somos 5 em casa"], total(4000, 5), 800, None, ["anual"], "48000 / 12 = 4000 a month"),
    # ---- corrections inside the message ----
    (["somos 4, não, 5 contando minha vó, e a renda é 3 mil"], total(3000, 5), 600, None, ["correcao"], "the corrected count (5) counts"),
    (["a renda é 2.000, quer dizer 2.500 com o bico do meu pai, e somos 5"], total(2500, 5), 500, None, ["correcao", "varias_rendas"], "the corrected total (2500) counts"),
    # ---- ranges: ask, write nothing ----
    (["entre 3 e 4 mil"], [], None, True, ["faixa"], "a range is not a value: ask"),
    (["sei la, uns 2 ou 3 mil"], [], None, True, ["faixa", "aproximado"], "a range is not a value: ask"),
    (["de 1.500 a 2.000 por pessoa"], [], None, True, ["faixa", "per_capita"], "a range is not a value: ask"),
    (["varia muito, tem mes que é 1.000 e tem mes que é 3.000"], [], None, True, ["faixa", "variavel"], "a variable income without an average: ask"),
    (["entre um e dois salarios minimos"], [], None, True, ["faixa", "salario_minimo"], "a range is not a value: ask"),
    # ---- refusals: write nothing ----
    (["prefiro não dizer"], [], None, None, ["recusa"], ""),
    (["nao quero falar da renda da minha familia"], [], None, None, ["recusa"], ""),
    (["isso é muito pessoal, pula essa"], [], None, None, ["recusa"], ""),
    (["não sei quanto meus pais ganham"], [], None, None, ["recusa", "nao_sei"], ""),
    (["pq vc precisa saber disso?"], [], None, None, ["recusa", "pergunta"], "a question, not a value"),
    # ---- numbers that are not income (the profile already holds them: no change) ----
    (["tirei {enem} no enem"], [], None, True, ["nao_renda", "nota_enem"], "the Enem score the profile already holds; the income is still pending"),
    (["tenho {age} anos"], [], None, True, ["nao_renda", "idade"], "the age the profile already holds; the income is still pending"),
    (["minha nota da redação foi 880"], [], None, True, ["nao_renda", "nota_enem"], "an essay score is not income"),
    (["minha mae tem 45 anos e trabalha de diarista"], [], None, True, ["nao_renda", "idade"], "an age and a job without an amount"),
    (["somos 4"], [hs(4)], None, True, ["nao_renda", "pessoas"], "people, not money: household_size only, then ask the income"),
    (["aqui em casa moram 6 pessoas"], [hs(6)], None, True, ["nao_renda", "pessoas"], "people, not money: household_size only, then ask the income"),
    (["meu pai trabalha 44 horas por semana"], [], None, True, ["nao_renda"], "hours are not income"),
    (["moro na rua 1500, casa 2"], [], None, True, ["nao_renda", "endereco"], "an address number is not income"),
]

# Extra household phrasings to pass 120 with variety.
ROWS += [
    (["entra 2.200 de salário e 300 de pensão, somos 4"], total(2500, 4), 625, None, ["total_e_pessoas", "varias_rendas"], "pensão received counts as income"),
    (["minha vó é aposentada, ganha 1.621 e sustenta eu e meu irmão"], total(1621, 3), 540.33, None, ["total_e_pessoas", "contar_pessoas"], ""),
    (["renda: 3.900. pessoas: 3."], total(3900, 3), 1300, None, ["total_e_pessoas", "telegrafico"], ""),
    (["somos em 2 e ganhamos juntos 3.243"], total(3243, 2), 1621.50, None, ["total_e_pessoas", "fronteira"], "just above 1 SM per capita"),
    (["a renda da casa é 4.863 e somos 2"], total(4863, 2), 2431.50, None, ["total_e_pessoas", "fronteira"], "exactly 1,5 SM per capita (R$ 1.621)"),
    (["o total é 9.726 reais pra 2 pessoas"], total(9726, 2), 4863, None, ["total_e_pessoas", "fronteira"], "exactly 3 SM per capita (R$ 1.621)"),
    (["meu pai ganha 1.9 mil e somos 3"], total(1900, 3), 633.33, None, ["total_e_pessoas", "girias"], "'1.9 mil' = 1900"),
    (["uns R$ 2,5 mil pra 5 pessoas"], total(2500, 5), 500, None, ["total_e_pessoas", "aproximado"], ""),
    (["trabalho de jovem aprendiz e ganho 800, minha mae ganha 2.000, somos 4"], total(2800, 4), 700, None, ["total_e_pessoas", "varias_rendas"], "the student's own income counts"),
    (["renda per capita = 1.350"], [pf(1350)], 1350, None, ["per_capita", "telegrafico"], ""),
    (["meu pai é pedreiro, tira uns 3.500, minha mae é do lar, eu e mais 3 irmãos"], total(3500, 6), 583.33, None, ["total_e_pessoas", "contar_pessoas", "aproximado"], "father, mother, me, 3 siblings = 6"),
    (["somos 3 e a renda é 1 salario minimo e meio"], total(1.5 * SM, 3), 1.5 * SM / 3, None, ["salario_minimo", "total_e_pessoas"], "1,5 x 1621 / 3"),
    (["dá menos de meio salário por pessoa, uns 700"], [pf(700)], 700, None, ["per_capita", "salario_minimo", "valor_explicito"], "the explicit figure wins over the comparison"),
    (["renda de dois mil e cem, somos três"], total(2100, 3), 700, None, ["extenso"], ""),
    (["a renda da minha casa é R$ 7.200 e somos 4 pessoas"], total(7200, 4), 1800, None, ["total_e_pessoas"], ""),
    (["3 pessoas, 4.200 reais"], total(4200, 3), 1400, None, ["total_e_pessoas", "telegrafico"], ""),
    (["moro com meu namorado, ele ganha 2.800 e eu 1.400"], total(4200, 2), 2100, None, ["total_e_pessoas", "varias_rendas", "contar_pessoas"], ""),
    (["ganho 1.700 de estagio e moro sozinha"], total(1700, 1), 1700, None, ["total_e_pessoas", "sozinho"], ""),
    (["minha mae ganha 2.300 e recebe 150 de auxilio gas, somos 3"], total(2300, 3), 766.67, None, ["exclusao", "auxilio"], "a state cash-transfer programme is excluded (critérios 3.1 II f) — annotator's reading"),
    (["não faço ideia, uns 2 mil talvez? somos 4"], total(2000, 4), 500, None, ["total_e_pessoas", "aproximado", "incerto"], "an uncertain single estimate is still a value"),
    (["eu preferia nao falar, mas tudo bem: 3.000 pra 5 pessoas"], total(3000, 5), 600, None, ["total_e_pessoas", "hesitacao"], "hesitation then a value"),
    (["minha familia ganha entre 2 e 3 salarios minimos"], [], None, True, ["faixa", "salario_minimo"], "a range is not a value: ask"),
    (["mais ou menos 4 a 5 mil, somos 4"], [hs(4)], None, True, ["faixa"], "the household size is a value, the income a range: ask"),
]


def _case(n: int, row: Row) -> dict[str, Any]:
    messages, effects, figure, asks, tags, notes = row
    cid = f"sch-inc-{n:04d}"
    p = PROFILES[n % len(PROFILES)]
    fmt = {"enem": f"{p['enem_score']:g}".replace(".", ","), "age": p["age"]}
    messages = [m.format(**fmt) for m in messages]
    onboarding_in_context = n % 6 == 5
    turns: list[dict[str, Any]] = []
    case: dict[str, Any] = {"id": cid, "app": "scholarships", "split": split_of(cid)}
    flow_tag = "onboarding_em_contexto" if onboarding_in_context else "perfil_pronto"
    case["tags"] = ["renda", flow_tag, *tags]
    case["today"] = TODAY
    if onboarding_in_context:
        turns += [{"user": u} for u in _onboarding_turns(p, n % 2)]
    else:
        case["setup"] = {"profile": {"onboarding_completed": True, **p}}
    turns.append({"user": STARTS[n % len(STARTS)]})
    turns.append({"user": _prefs(p)})
    turns += [{"user": m} for m in messages[:-1]]
    expect: dict[str, Any] = {"effects": effects}
    if figure is not None:
        expect["figures"] = [{"value": round(figure, 2), "tol": 0.01}]
    if asks is not None:
        expect["asks"] = asks
    turns.append({"user": messages[-1], "expect": expect})
    if notes:
        case["notes"] = notes
    if "salario_minimo" in tags:
        case["notes"] = (notes + "; " if notes else "") + "salário mínimo 2026 assumed R$ 1.621,00"
    case["turns"] = turns
    return case


def build() -> list[dict[str, Any]]:
    return [_case(i + 1, row) for i, row in enumerate(ROWS)]


if __name__ == "__main__":
    out = build()
    print(write("income.jsonl", out), len(out))
