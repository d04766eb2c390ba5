# ruff: noqa: E501
"""Builds income2.jsonl: a second, independently written set of graded income turns, in the shape
of income.jsonl (build_income.py). A student past onboarding (setup.profile) or onboarding typed
in context turns starts a match, gives the basic preferences, and the graded turn is the income
answer.

Expected values were computed here by plain arithmetic (per capita = household total / people,
rounded to cents): minimum-wage multiples use MINIMUM_WAGE_2026 = R$ 1.621,00 (the same assumption
as income.jsonl; the editais never state the value); an annual IRPF total is divided by 12
(Prouni documentation, critérios 2.4.3); a six-month average of a variable income is the income
(critérios 2.2.2); Bolsa Família and vale-alimentação are left out (critérios 3.1 I a, II c); the
gross ("bruta") figure is the one that counts (Prouni edital 1.4). Ranges ask (no income effect),
refusals write nothing, numbers that are not income write nothing and the income is asked again.

Run: python bench/scholarships/eval/build_income2.py
"""

from __future__ import annotations

from typing import Any

from _common import MINIMUM_WAGE_2026 as SM
from _common import TODAY, split_of, write

PROFILES: list[dict[str, Any]] = [
    {"name": "Kauã", "age": 18, "city": "Natal", "uf": "RN", "education": "Ensino Médio Completo",
     "course_interest": "engenharia elétrica", "enem_score": 612.0, "shifts": ["integral"], "institution_type": "publica"},
    {"name": "Isabelly", "age": 17, "city": "Teresina", "uf": "PI", "education": "Ensino Médio Incompleto",
     "course_interest": "fisioterapia", "enem_score": 548.6, "shifts": ["noturno"], "institution_type": "privada"},
    {"name": "Wesley", "age": 23, "city": "Contagem", "uf": "MG", "education": "Ensino Médio Completo",
     "course_interest": "análise e desenvolvimento de sistemas", "enem_score": 590.0, "shifts": ["noturno"], "institution_type": "privada"},
    {"name": "Larissa", "age": 19, "city": "Florianópolis", "uf": "SC", "education": "Ensino Médio Completo",
     "course_interest": "odontologia", "enem_score": 701.3, "shifts": ["integral"], "institution_type": "publica"},
    {"name": "Davi", "age": 20, "city": "São Luís", "uf": "MA", "education": "Ensino Médio Completo",
     "course_interest": "contabilidade", "enem_score": 505.0, "shifts": ["noturno"], "institution_type": "privada"},
    {"name": "Camila", "age": 21, "city": "Campo Grande", "uf": "MS", "education": "Ensino Médio Completo",
     "course_interest": "medicina veterinária", "enem_score": 664.2, "shifts": ["integral"], "institution_type": "publica"},
    {"name": "Pedro Henrique", "age": 18, "city": "Guarulhos", "uf": "SP", "education": "Ensino Médio Completo",
     "course_interest": "arquitetura", "enem_score": 622.5, "shifts": ["matutino"], "institution_type": "privada"},
    {"name": "Vitória", "age": 26, "city": "João Pessoa", "uf": "PB", "education": "Ensino Médio Completo",
     "course_interest": "serviço social", "enem_score": 488.0, "shifts": ["vespertino"], "institution_type": "privada"},
]

SHIFT_WORDS = {"noturno": "a noite", "integral": "integral", "matutino": "de manha", "vespertino": "a tarde"}
TYPE_WORDS = {"privada": "particular", "publica": "publica"}
STARTS = [
    "quero ver as bolsas que tem pra mim",
    "bora procurar faculdade",
    "me mostra umas bolsas ai",
    "quero achar um curso",
    "vamos ver as oportunidades de bolsa",
]


def _prefs(p: dict[str, Any]) -> str:
    score = f"{p['enem_score']:g}".replace(".", ",")
    return f"{p['course_interest']}, {score} no enem, {SHIFT_WORDS[p['shifts'][0]]}, {TYPE_WORDS[p['institution_type']]}"


def _onboarding(p: dict[str, Any]) -> list[str]:
    school = "ja terminei o ensino medio" if p["education"] == "Ensino Médio Completo" else "to no 3 ano do medio ainda"
    return ["oii", p["name"], str(p["age"]), f"{p['city']} {p['uf']}", school]


def pf(v: float) -> dict[str, Any]:
    return {"kind": "profile", "field": "income_per_capita", "value": round(v, 2), "tol": 0.01}


def hi(v: float) -> dict[str, Any]:
    return {"kind": "profile", "field": "household_income", "value": round(v, 2), "tol": 0.01}


def hs(v: int) -> dict[str, Any]:
    return {"kind": "profile", "field": "household_size", "value": v}


def total(amount: float, people: int) -> dict[str, Any]:
    pc = round(amount / people, 2)
    return {"effects": [hi(amount), hs(people), pf(pc)], "figures": [{"value": pc, "tol": 0.01}]}


def per_capita(v: float) -> dict[str, Any]:
    return {"effects": [pf(v)], "figures": [{"value": round(v, 2), "tol": 0.01}]}


SMN = "salário mínimo 2026 assumed R$ 1.621,00"
ASK: dict[str, Any] = {"effects": [], "asks": True}

# (profile index, onboarding typed in context?, extra context turns, graded message, expect, tags, notes)
ROWS: list[tuple[int, bool, list[str], str, dict[str, Any], list[str], str | None]] = [
    (0, False, [], "aqui em casa sao 4 pessoas e entra uns 3600 por mes", total(3600, 4), ["total_e_pessoas", "aproximado"], None),
    (1, False, [], "minha mae ganha 2.100 e meu padrasto 1.900, somos 5 contando comigo", total(4000, 5), ["total_e_pessoas", "varias_rendas"], "2100 + 1900 = 4000; 5 people as stated"),
    (2, True, [], "R$4.850,00 de renda bruta, 3 pessoas", total(4850, 3), ["total_e_pessoas", "centavos"], "4850 / 3 = 1616.67"),
    (3, False, [], "5 pessoas e 6,5 mil", total(6500, 5), ["total_e_pessoas", "telegrafico", "mil_decimal"], "'6,5 mil' = 6500"),
    (4, False, [], "renda total 2k, moro eu e minha vo", total(2000, 2), ["total_e_pessoas", "contar_pessoas", "k"], "'2k' = 2000; me + grandmother = 2"),
    (5, False, [], "meu pai ganha 3 mil, minha mae 1.200 e eu faço bico de 400, somos 4", total(4600, 4), ["total_e_pessoas", "varias_rendas"], "3000 + 1200 + 400 = 4600 (the student's own income counts)"),
    (6, False, [], "sou eu, minha mae, meu pai e meus 2 irmaos. o salario do meu pai é 4.500 e minha mae nao trabalha", total(4500, 5), ["total_e_pessoas", "contar_pessoas"], "me + mother + father + 2 siblings = 5"),
    (7, False, [], "a renda bruta da familia é 5.200 mas o liquido cai pra uns 4.600, somos 4", total(5200, 4), ["total_e_pessoas", "bruta_liquida"], "Prouni edital 1.4 uses the gross ('bruta') income: 5200 / 4"),
    (0, False, [], "somos 3, renda de 2.745,90", total(2745.90, 3), ["total_e_pessoas", "centavos"], "2745.90 / 3 = 915.30"),
    (1, False, [], "somos 4... pera, 5, meu tio veio morar com a gente. renda 4 mil", total(4000, 5), ["total_e_pessoas", "correcao"], "the corrected household size (5) wins"),
    (2, False, [], "a renda é 3.000, nao pera, errei, é 3.300. somos 3", total(3300, 3), ["total_e_pessoas", "correcao"], "the corrected amount (3300) wins"),
    (3, True, [], "dois mil e quinhentos reais pra quatro pessoas", total(2500, 4), ["extenso", "total_e_pessoas"], None),
    (4, False, [], "tres mil e seiscentos, somos seis", total(3600, 6), ["extenso", "total_e_pessoas", "sem_acento"], None),
    (5, False, [], "da uns mil e duzentos por pessoa", per_capita(1200), ["extenso", "per_capita", "aproximado"], None),
    (6, False, [], "mil oitocentos e sessenta e quatro, e somos em dois", total(1864, 2), ["extenso", "total_e_pessoas"], "1864 / 2 = 932"),
    (7, True, [], "dois salarios minimos pra 4 pessoas", total(2 * SM, 4), ["salario_minimo", "total_e_pessoas"], f"2 x 1621 / 4; {SMN}"),
    (0, False, [], "minha mae ganha 1 salario minimo e meu pai 2, somos 3", total(3 * SM, 3), ["salario_minimo", "total_e_pessoas", "varias_rendas"], f"(1 + 2) x 1621 / 3; {SMN}"),
    (1, False, [], "da meio salario minimo por pessoa", per_capita(0.5 * SM), ["salario_minimo", "per_capita"], f"0,5 x 1621; {SMN}"),
    (2, False, [], "3 salarios minimos, somos 5", total(3 * SM, 5), ["salario_minimo", "total_e_pessoas", "telegrafico"], f"3 x 1621 / 5; {SMN}"),
    (3, False, [], "so um salario minimo, a aposentadoria da minha vo, e somos 4", total(SM, 4), ["salario_minimo", "total_e_pessoas"], f"1621 / 4; {SMN}"),
    (4, True, [], "meu pai declarou 48 mil no imposto de renda do ano passado, é a unica renda, somos 4", total(4000, 4), ["anual", "total_e_pessoas"], "48000 / 12 = 4000 a month (Prouni documentation, critérios 2.4.3); / 4"),
    (5, False, [], "renda de 1.500 do meu pai mais 650 do bolsa familia, moramos em 5", total(1500, 5), ["exclusao", "bolsa_familia"], "Bolsa Família excluded (Prouni documentação, critérios 3.1 II c): 1500 / 5"),
    (6, False, [], "minha mae ganha 2.400 de salario e mais 500 de vale alimentacao, somos 3", total(2400, 3), ["exclusao", "vale_alimentacao"], "vale-alimentação excluded (critérios 3.1 I a): 2400 / 3"),
    (7, False, [], "per capita da 1.050", per_capita(1050), ["per_capita", "telegrafico"], None),
    (0, False, [], "cada um de nos fica com uns 700 conto", per_capita(700), ["per_capita", "girias"], "'conto' = reais"),
    (1, False, [], "1,2k por cabeca", per_capita(1200), ["per_capita", "k"], "'1,2k' = 1200"),
    (2, True, [], "to desempregado e moro sozinho, renda 0", total(0, 1), ["zero", "sozinho"], None),
    (3, False, [], "moro sozinha e ganho 2.300 de salario", total(2300, 1), ["total_e_pessoas", "sozinho"], None),
    (4, False, [], "moro com minha mae, minha avo e meus dois primos, so minha mae trabalha e ganha 2.750", total(2750, 5), ["total_e_pessoas", "contar_pessoas"], "me + mother + grandmother + 2 cousins = 5; 2750 / 5 = 550"),
    (5, False, ["somos 3 aqui"], "e a renda é 2.400",
     {"effects": [hi(2400), pf(800)], "figures": [{"value": 800, "tol": 0.01}]}, ["dois_passos"], "household_size was given in the previous turn"),
    (6, False, ["a renda total da casa é 5 mil"], "somos em 4",
     {"effects": [hs(4), pf(1250)], "figures": [{"value": 1250, "tol": 0.01}]}, ["dois_passos"], "household_income was given in the previous turn"),
    (7, False, [], "varia, fica entre 2.500 e 3.000", ASK, ["faixa"], "a range is not a value: ask"),
    (0, False, [], "uns 1 a 2 salarios, somos 3", {"effects": [hs(3)], "asks": True}, ["faixa", "salario_minimo"], "the household size is a value, the income a range: ask"),
    (1, True, [], "prefiro nao informar isso agora", {"effects": []}, ["recusa"], None),
    (2, False, [], "nao vou passar minha renda pra um robo", {"effects": []}, ["recusa"], None),
    (0, False, [], "minha nota no enem foi 612", ASK, ["nao_renda", "nota_enem"], "the Enem score the profile already holds; the income is still pending"),
    (6, False, [], "tenho 18", ASK, ["nao_renda", "idade"], "the age the profile already holds; the income is still pending"),
    (3, False, [], "meu cep é 88010-400", ASK, ["nao_renda", "endereco"], "a postal code is not income"),
    (4, False, [], "minha mae trabalha 12 horas por dia de domestica", ASK, ["nao_renda", "horas"], "hours and a job without an amount"),
    (5, True, [], "meu pai é motorista de app, nos ultimos 6 meses tirou em media 3.000 por mes, somos 3", total(3000, 3), ["total_e_pessoas", "variavel_media"], "a six-month average is the income (critérios 2.2.2): 3000 / 3"),
]


def build() -> list[dict[str, Any]]:
    cases: list[dict[str, Any]] = []
    for n, (pi, typed, extra, message, expect, tags, notes) in enumerate(ROWS, start=1):
        p = PROFILES[pi]
        cid = f"sch-in2-{n:04d}"
        turns: list[dict[str, Any]] = []
        case: dict[str, Any] = {
            "id": cid,
            "app": "scholarships",
            "split": split_of(cid),
            "tags": ["renda", "income2", "onboarding_em_contexto" if typed else "perfil_pronto", *tags],
            "today": TODAY,
        }
        if typed:
            turns += [{"user": u} for u in _onboarding(p)]
        else:
            case["setup"] = {"profile": {"onboarding_completed": True, **p}}
        if notes:
            case["notes"] = notes
        turns.append({"user": STARTS[n % len(STARTS)]})
        turns.append({"user": _prefs(p)})
        turns += [{"user": u} for u in extra]
        turns.append({"user": message, "expect": expect})
        case["turns"] = turns
        cases.append(case)
    return cases


if __name__ == "__main__":
    out = build()
    print(write("income2.jsonl", out), len(out))
