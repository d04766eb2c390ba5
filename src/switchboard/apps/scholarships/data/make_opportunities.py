"""Generate `opportunities.jsonl`: illustrative Sisu/Prouni opportunities (seeded, reproducible).

    python -m switchboard.apps.scholarships.data.make_opportunities

THE DATA IS ILLUSTRATIVE SEED DATA, NOT OFFICIAL: the public institutions and their campus
cities are real, but which courses and shifts they offer, the cut-off scores (notas de corte),
places (vagas) and MEC grades are invented within realistic ranges; the private institutions
are fictional. Nobody should choose a course from it.

One line is one *offer*: a course at an institution's campus, in one shift, through one
modality — "sisu" (public institutions, ampla concorrência cut-off), "prouni_integral" or
"prouni_parcial" (private institutions; each Prouni modality has its own places and cut-off).
How the numbers are made:
- Sisu cut-off: the course's range (Medicina 780–850, Pedagogia 600–680, ...), placed by the
  institution's selectivity (0–1) with some noise; night and EAD shifts a bit lower.
- Prouni cut-offs: lower than Sisu for the same course; partial below integral; never under 450
  (Prouni's minimum ENEM average).
- MEC grade (conceito de curso, 1–5): mostly 4–5 at federal institutions, 3–4 at private ones.
The first line is a `_meta` object with this notice; the loader skips it.
"""

from __future__ import annotations

import hashlib
import json
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SEED = 20260112
OUT = Path(__file__).with_name("opportunities.jsonl")
NOTICE = (
    "Dados ILUSTRATIVOS de exemplo, NÃO oficiais: instituições públicas e cidades reais, mas "
    "cursos ofertados, notas de corte, vagas e conceitos MEC inventados em faixas realistas; "
    "instituições privadas fictícias. Não use para decidir inscrições."
)


@dataclass(frozen=True, slots=True)
class Course:
    name: str
    degree: str  # bacharelado | licenciatura | tecnologico
    low: int  # Sisu cut-off range (ampla concorrência)
    high: int
    tier: int  # 1 = offered almost everywhere, 2 = common, 3 = big universities only
    night: bool  # offered in the evening too
    ead: bool  # offered at a distance (mostly private)
    integral_only: bool = False


COURSES = [
    Course("Medicina", "bacharelado", 780, 850, 2, False, False, True),
    Course("Medicina Veterinária", "bacharelado", 690, 770, 3, False, False, True),
    Course("Odontologia", "bacharelado", 720, 790, 2, False, False, True),
    Course("Direito", "bacharelado", 700, 790, 1, True, False),
    Course("Engenharia Civil", "bacharelado", 660, 750, 1, True, False),
    Course("Engenharia de Computação", "bacharelado", 690, 790, 2, False, False),
    Course("Engenharia Elétrica", "bacharelado", 670, 770, 2, True, False),
    Course("Engenharia Mecânica", "bacharelado", 670, 760, 2, True, False),
    Course("Engenharia Química", "bacharelado", 670, 760, 3, False, False),
    Course("Engenharia de Produção", "bacharelado", 660, 750, 2, True, True),
    Course("Engenharia Ambiental", "bacharelado", 630, 710, 3, False, False),
    Course("Ciência da Computação", "bacharelado", 690, 800, 1, True, False),
    Course("Sistemas de Informação", "bacharelado", 640, 730, 2, True, True),
    Course("Análise e Desenvolvimento de Sistemas", "tecnologico", 600, 690, 1, True, True),
    Course("Redes de Computadores", "tecnologico", 580, 660, 3, True, False),
    Course("Enfermagem", "bacharelado", 650, 730, 1, True, False),
    Course("Psicologia", "bacharelado", 690, 770, 1, True, False),
    Course("Administração", "bacharelado", 630, 720, 1, True, True),
    Course("Pedagogia", "licenciatura", 600, 680, 1, True, True),
    Course("Arquitetura e Urbanismo", "bacharelado", 680, 760, 2, True, False),
    Course("Nutrição", "bacharelado", 650, 730, 2, True, False),
    Course("Fisioterapia", "bacharelado", 660, 740, 2, True, False),
    Course("Farmácia", "bacharelado", 650, 730, 2, True, False),
    Course("Biomedicina", "bacharelado", 680, 760, 3, True, False),
    Course("Fonoaudiologia", "bacharelado", 640, 710, 3, False, False),
    Course("Educação Física", "licenciatura", 620, 700, 2, True, True),
    Course("Letras", "licenciatura", 600, 680, 1, True, True),
    Course("História", "licenciatura", 620, 700, 1, True, True),
    Course("Geografia", "licenciatura", 610, 690, 2, True, True),
    Course("Matemática", "licenciatura", 600, 690, 1, True, True),
    Course("Física", "licenciatura", 600, 690, 2, True, False),
    Course("Química", "licenciatura", 610, 700, 2, True, False),
    Course("Ciências Biológicas", "bacharelado", 630, 710, 1, True, True),
    Course("Ciências Contábeis", "bacharelado", 630, 710, 1, True, True),
    Course("Ciências Econômicas", "bacharelado", 650, 740, 2, True, False),
    Course("Ciências Sociais", "bacharelado", 620, 700, 3, True, False),
    Course("Filosofia", "licenciatura", 600, 680, 3, True, True),
    Course("Serviço Social", "bacharelado", 600, 680, 2, True, True),
    Course("Jornalismo", "bacharelado", 650, 730, 2, True, False),
    Course("Publicidade e Propaganda", "bacharelado", 640, 720, 2, True, False),
    Course("Design", "bacharelado", 630, 710, 3, True, False),
    Course("Relações Internacionais", "bacharelado", 690, 770, 3, True, False),
    Course("Agronomia", "bacharelado", 640, 720, 3, False, False),
    Course("Estatística", "bacharelado", 630, 710, 3, False, False),
    Course("Turismo", "bacharelado", 580, 660, 3, True, True),
    Course("Gestão de Recursos Humanos", "tecnologico", 560, 640, 3, True, True),
]

# Public institutions: (name, acronym, selectivity 0–1, campuses as "City/UF", kind).
# kind "univ" = university (broad offer), "inst" = federal institute/CEFET (technology,
# engineering, teacher training).
PUBLIC: list[tuple[str, str, float, list[str], str]] = [
    ("Universidade Federal de Minas Gerais", "UFMG", 0.92, ["Belo Horizonte/MG"], "univ"),
    ("Universidade Federal do Rio de Janeiro", "UFRJ", 0.9, ["Rio de Janeiro/RJ"], "univ"),
    ("Universidade Federal Fluminense", "UFF", 0.75, ["Niterói/RJ"], "univ"),
    ("Universidade Federal da Bahia", "UFBA", 0.72, ["Salvador/BA"], "univ"),
    ("Universidade Federal de Pernambuco", "UFPE", 0.78, ["Recife/PE", "Caruaru/PE"], "univ"),
    ("Universidade Federal do Ceará", "UFC", 0.74, ["Fortaleza/CE"], "univ"),
    ("Universidade Federal do Rio Grande do Sul", "UFRGS", 0.88, ["Porto Alegre/RS"], "univ"),
    ("Universidade de Brasília", "UnB", 0.86, ["Brasília/DF"], "univ"),
    (
        "Universidade Federal de Santa Catarina",
        "UFSC",
        0.84,
        ["Florianópolis/SC", "Joinville/SC"],
        "univ",
    ),
    ("Universidade Federal do Paraná", "UFPR", 0.8, ["Curitiba/PR"], "univ"),
    ("Universidade Federal do Pará", "UFPA", 0.55, ["Belém/PA"], "univ"),
    ("Universidade Federal do Amazonas", "UFAM", 0.5, ["Manaus/AM"], "univ"),
    ("Universidade Federal de Goiás", "UFG", 0.66, ["Goiânia/GO"], "univ"),
    ("Universidade Federal de Mato Grosso", "UFMT", 0.52, ["Cuiabá/MT"], "univ"),
    ("Universidade Federal de Mato Grosso do Sul", "UFMS", 0.55, ["Campo Grande/MS"], "univ"),
    ("Universidade Federal do Espírito Santo", "UFES", 0.68, ["Vitória/ES"], "univ"),
    ("Universidade Federal do Rio Grande do Norte", "UFRN", 0.7, ["Natal/RN"], "univ"),
    ("Universidade Federal da Paraíba", "UFPB", 0.64, ["João Pessoa/PB"], "univ"),
    ("Universidade Federal de Alagoas", "UFAL", 0.56, ["Maceió/AL"], "univ"),
    ("Universidade Federal de Sergipe", "UFS", 0.58, ["São Cristóvão/SE"], "univ"),
    ("Universidade Federal do Piauí", "UFPI", 0.57, ["Teresina/PI"], "univ"),
    ("Universidade Federal do Maranhão", "UFMA", 0.54, ["São Luís/MA"], "univ"),
    ("Universidade Federal do Tocantins", "UFT", 0.42, ["Palmas/TO"], "univ"),
    ("Universidade Federal do Amapá", "UNIFAP", 0.35, ["Macapá/AP"], "univ"),
    ("Universidade Federal de Roraima", "UFRR", 0.32, ["Boa Vista/RR"], "univ"),
    ("Universidade Federal do Acre", "UFAC", 0.34, ["Rio Branco/AC"], "univ"),
    ("Universidade Federal de Rondônia", "UNIR", 0.36, ["Porto Velho/RO"], "univ"),
    ("Universidade Federal de São Carlos", "UFSCar", 0.82, ["São Carlos/SP"], "univ"),
    ("Universidade Federal de São Paulo", "UNIFESP", 0.87, ["São Paulo/SP", "Santos/SP"], "univ"),
    ("Universidade Federal de Uberlândia", "UFU", 0.7, ["Uberlândia/MG"], "univ"),
    ("Universidade Federal de Juiz de Fora", "UFJF", 0.68, ["Juiz de Fora/MG"], "univ"),
    ("Universidade Federal de Viçosa", "UFV", 0.7, ["Viçosa/MG"], "univ"),
    ("Universidade Federal de Pelotas", "UFPel", 0.58, ["Pelotas/RS"], "univ"),
    ("Universidade Federal de Santa Maria", "UFSM", 0.64, ["Santa Maria/RS"], "univ"),
    ("Universidade Federal de Campina Grande", "UFCG", 0.6, ["Campina Grande/PB"], "univ"),
    (
        "Universidade Federal do Vale do São Francisco",
        "UNIVASF",
        0.5,
        ["Petrolina/PE", "Juazeiro/BA"],
        "univ",
    ),
    ("Universidade Federal do Recôncavo da Bahia", "UFRB", 0.45, ["Cruz das Almas/BA"], "univ"),
    ("Universidade Estadual de Feira de Santana", "UEFS", 0.52, ["Feira de Santana/BA"], "univ"),
    ("Universidade Estadual de Londrina", "UEL", 0.66, ["Londrina/PR"], "univ"),
    ("Universidade Federal de Goiás – Regional Anápolis", "UFG-AN", 0.4, ["Anápolis/GO"], "inst"),
    ("Instituto Federal de São Paulo", "IFSP", 0.6, ["São Paulo/SP", "Campinas/SP"], "inst"),
    ("Instituto Federal da Bahia", "IFBA", 0.5, ["Salvador/BA"], "inst"),
    ("Instituto Federal do Ceará", "IFCE", 0.52, ["Fortaleza/CE"], "inst"),
    ("Instituto Federal do Rio Grande do Sul", "IFRS", 0.55, ["Porto Alegre/RS"], "inst"),
    ("Instituto Federal de Santa Catarina", "IFSC", 0.58, ["Florianópolis/SC"], "inst"),
    ("Instituto Federal de Pernambuco", "IFPE", 0.5, ["Recife/PE"], "inst"),
    ("Instituto Federal da Paraíba", "IFPB", 0.48, ["João Pessoa/PB"], "inst"),
    ("Instituto Federal de Goiás", "IFG", 0.48, ["Goiânia/GO"], "inst"),
    ("Instituto Federal do Amazonas", "IFAM", 0.4, ["Manaus/AM"], "inst"),
    ("Instituto Federal do Pará", "IFPA", 0.4, ["Belém/PA"], "inst"),
    ("Instituto Federal do Rio Grande do Norte", "IFRN", 0.55, ["Natal/RN"], "inst"),
    ("Instituto Federal de Brasília", "IFB", 0.5, ["Brasília/DF"], "inst"),
    ("Instituto Federal Sul-rio-grandense", "IFSul", 0.45, ["Pelotas/RS"], "inst"),
    (
        "Centro Federal de Educação Tecnológica de Minas Gerais",
        "CEFET-MG",
        0.7,
        ["Belo Horizonte/MG"],
        "inst",
    ),
    (
        "Universidade Tecnológica Federal do Paraná",
        "UTFPR",
        0.7,
        ["Curitiba/PR", "Londrina/PR"],
        "inst",
    ),
]

INSTITUTE_COURSES = {
    "Análise e Desenvolvimento de Sistemas",
    "Redes de Computadores",
    "Sistemas de Informação",
    "Ciência da Computação",
    "Engenharia Elétrica",
    "Engenharia Mecânica",
    "Engenharia Civil",
    "Engenharia de Computação",
    "Engenharia de Produção",
    "Matemática",
    "Física",
    "Química",
    "Ciências Biológicas",
    "Letras",
    "Geografia",
    "Administração",
    "Turismo",
}

# Fictional private institutions: (name, acronym, city, size 0–1). Size drives how many
# courses they offer; the national EAD network below offers distance courses in many cities.
PRIVATE: list[tuple[str, str, str, float]] = [
    ("Centro Universitário Horizonte Paulista", "UNIHP", "São Paulo/SP", 1.0),
    ("Faculdade Ipê Amarelo", "FIA-SP", "São Paulo/SP", 0.6),
    ("Centro Universitário Campos Gerais de Campinas", "UNICGC", "Campinas/SP", 0.7),
    ("Faculdade Litoral Atlântico", "FLA", "Santos/SP", 0.5),
    ("Centro Universitário Mogiana", "UNIMOG", "Ribeirão Preto/SP", 0.6),
    ("Faculdade Serra dos Órgãos do Rio", "FSOR", "Rio de Janeiro/RJ", 0.9),
    ("Centro Universitário Baía de Guanabara", "UNIBG", "Niterói/RJ", 0.5),
    ("Centro Universitário Nova Aurora de Minas", "UNAM", "Belo Horizonte/MG", 0.9),
    ("Faculdade Triângulo Mineiro", "FTM", "Uberlândia/MG", 0.5),
    ("Faculdade Mantiqueira", "FAMAN", "Juiz de Fora/MG", 0.5),
    ("Centro Universitário Capixaba do Atlântico", "UNICAP-ES", "Vitória/ES", 0.6),
    ("Centro Universitário Araucária", "UNIARA-PR", "Curitiba/PR", 0.8),
    ("Faculdade Norte Pioneiro", "FNP", "Londrina/PR", 0.5),
    ("Centro Universitário Guaíba", "UNIGUA", "Porto Alegre/RS", 0.8),
    ("Faculdade Pampa Gaúcho", "FPG", "Santa Maria/RS", 0.4),
    ("Faculdade Ilha da Magia", "FIM", "Florianópolis/SC", 0.6),
    ("Centro Universitário Vale do Itapocu", "UNIVI", "Joinville/SC", 0.5),
    ("Centro Universitário Todos os Santos", "UNITS", "Salvador/BA", 0.9),
    ("Faculdade Sertão da Bahia", "FSB", "Feira de Santana/BA", 0.5),
    ("Faculdade São Francisco do Sertão", "FSFS", "Juazeiro/BA", 0.4),
    ("Centro Universitário Capibaribe", "UNICAPIB", "Recife/PE", 0.9),
    ("Faculdade Agreste Pernambucano", "FAP-PE", "Caruaru/PE", 0.4),
    ("Centro Universitário Jangada", "UNIJAN", "Fortaleza/CE", 0.9),
    ("Faculdade Potiguar das Dunas", "FPD", "Natal/RN", 0.6),
    ("Faculdade Cabo Branco", "FCB", "João Pessoa/PB", 0.6),
    ("Faculdade Borborema", "FABOR", "Campina Grande/PB", 0.4),
    ("Centro Universitário Lagoa Mundaú", "UNILAM", "Maceió/AL", 0.6),
    ("Faculdade Rio Sergipe", "FRS", "Aracaju/SE", 0.6),
    ("Faculdade Parnaíba", "FAPAR", "Teresina/PI", 0.6),
    ("Centro Universitário Ilha do Amor", "UNIAMOR", "São Luís/MA", 0.6),
    ("Centro Universitário Marajoara", "UNIMAR-PA", "Belém/PA", 0.7),
    ("Faculdade Encontro das Águas", "FEA", "Manaus/AM", 0.7),
    ("Faculdade Meio do Mundo", "FMM", "Macapá/AP", 0.3),
    ("Faculdade Monte Roraima", "FMR", "Boa Vista/RR", 0.3),
    ("Faculdade Seringueira", "FASER", "Rio Branco/AC", 0.3),
    ("Faculdade Madeira-Mamoré", "FMAM", "Porto Velho/RO", 0.4),
    ("Faculdade Serra do Lajeado", "FSL", "Palmas/TO", 0.4),
    ("Centro Universitário Planalto Central", "UNIPLAC-DF", "Brasília/DF", 0.9),
    ("Faculdade Cerrado Goiano", "FCG", "Goiânia/GO", 0.7),
    ("Faculdade Anhanguera Velha de Anápolis", "FAVA", "Anápolis/GO", 0.4),
    ("Centro Universitário Pantanal", "UNIPAN", "Cuiabá/MT", 0.6),
    ("Faculdade Morena", "FAMOR", "Campo Grande/MS", 0.6),
]

EAD_NETWORK = ("Universidade Aberta Nova Aurora", "UNAN-EAD")
"""A fictional national distance-learning network with study centres (polos) in many cities."""
EAD_POLOS = [
    "São Paulo/SP",
    "Rio de Janeiro/RJ",
    "Belo Horizonte/MG",
    "Curitiba/PR",
    "Porto Alegre/RS",
    "Salvador/BA",
    "Recife/PE",
    "Fortaleza/CE",
    "Belém/PA",
    "Manaus/AM",
    "Brasília/DF",
    "Goiânia/GO",
    "Teresina/PI",
    "São Luís/MA",
    "Campo Grande/MS",
    "Petrolina/PE",
    "Feira de Santana/BA",
    "Palmas/TO",
    "Porto Velho/RO",
    "Natal/RN",
]


def offer_id(*parts: str) -> str:
    """A stable id from the offer's natural key (institution, city, course, shift, modality):
    16 hex digits, so ids sort the same under every collation."""
    return hashlib.sha256("|".join(parts).encode()).hexdigest()[:16]


def _split(city: str) -> tuple[str, str]:
    name, _, uf = city.rpartition("/")
    return name, uf


def _cut(rng: random.Random, low: float, high: float, position: float) -> float:
    noise = rng.uniform(-0.12, 0.12)
    value = low + (high - low) * min(1.0, max(0.0, position + noise))
    return round(value + rng.uniform(0, 0.99), 2)


def _shifts(rng: random.Random, course: Course, private: bool) -> list[str]:
    if course.integral_only:
        return ["integral"]
    if private:
        options = ["noturno", "noturno", "matutino", "vespertino"]
        shifts = sorted(set(rng.sample(options, k=rng.choice([1, 1, 2]))))
        if course.ead and rng.random() < 0.35:
            shifts.append("ead")
        return shifts
    first = "integral" if course.degree == "bacharelado" and rng.random() < 0.6 else "matutino"
    shifts = [first]
    if course.night and rng.random() < 0.45:
        shifts.append("noturno")
    if not course.night and rng.random() < 0.15:
        shifts.append("vespertino")
    return shifts


def _public(rng: random.Random, rows: list[dict[str, Any]]) -> None:
    for name, acronym, selectivity, campuses, kind in PUBLIC:
        for index, campus in enumerate(campuses):
            city, uf = _split(campus)
            flagship = index == 0
            for course in COURSES:
                if kind == "inst":
                    if course.name not in INSTITUTE_COURSES or rng.random() < 0.45:
                        continue
                else:
                    chance = {1: 0.95, 2: 0.75, 3: 0.5}[course.tier] * (1.0 if flagship else 0.45)
                    if course.name == "Gestão de Recursos Humanos" or rng.random() > chance:
                        continue
                for shift in _shifts(rng, course, private=False):
                    position = selectivity - (0.12 if shift == "noturno" else 0.0)
                    rows.append(
                        _row(
                            name,
                            acronym,
                            "publica",
                            city,
                            uf,
                            course,
                            shift,
                            "sisu",
                            cutoff=_cut(rng, course.low, course.high, position),
                            vagas=rng.choice([20, 25, 30, 35, 40, 45, 50, 60, 80]),
                            grade=rng.choices([3, 4, 5], weights=[1, 5, 4])[0],
                        )
                    )


def _prouni(
    rng: random.Random,
    rows: list[dict[str, Any]],
    name: str,
    acronym: str,
    city: str,
    uf: str,
    course: Course,
    shift: str,
    position: float,
) -> None:
    grade = rng.choices([2, 3, 4, 5], weights=[1, 6, 5, 1])[0]
    integral_cut = max(450.0, _cut(rng, course.low - 110, course.high - 60, position))
    parcial_cut = max(450.0, round(integral_cut - rng.uniform(10, 45), 2))
    integral = rng.choice([0, 1, 1, 2, 2, 3, 4, 5, 6, 8])
    parcial = rng.choice([0, 0, 1, 1, 2, 3, 4, 6])
    if integral == parcial == 0:
        integral = 1
    for modality, vagas, cutoff in (
        ("prouni_integral", integral, integral_cut),
        ("prouni_parcial", parcial, parcial_cut),
    ):
        if vagas:
            rows.append(
                _row(
                    name,
                    acronym,
                    "privada",
                    city,
                    uf,
                    course,
                    shift,
                    modality,
                    cutoff=round(cutoff, 2),
                    vagas=vagas,
                    grade=grade,
                )
            )


def _private(rng: random.Random, rows: list[dict[str, Any]]) -> None:
    for name, acronym, campus, size in PRIVATE:
        city, uf = _split(campus)
        for course in COURSES:
            if rng.random() > size * {1: 0.9, 2: 0.6, 3: 0.35}[course.tier]:
                continue
            for shift in _shifts(rng, course, private=True):
                position = rng.uniform(0.1, 0.7) - (0.1 if shift == "ead" else 0.0)
                _prouni(rng, rows, name, acronym, city, uf, course, shift, position)
    network, acronym = EAD_NETWORK
    for campus in EAD_POLOS:
        city, uf = _split(campus)
        for course in COURSES:
            if course.ead and rng.random() < 0.6:
                _prouni(rng, rows, network, acronym, city, uf, course, "ead", rng.uniform(0, 0.3))


def _row(
    institution: str,
    acronym: str,
    kind: str,
    city: str,
    uf: str,
    course: Course,
    shift: str,
    modality: str,
    *,
    cutoff: float,
    vagas: int,
    grade: int,
) -> dict[str, Any]:
    return {
        "id": offer_id(acronym, city, uf, course.name, shift, modality),
        "course": course.name,
        "degree": course.degree,
        "institution": institution,
        "institution_acronym": acronym,
        "institution_type": kind,
        "city": city,
        "uf": uf,
        "shift": shift,
        "modality": modality,
        "cutoff": cutoff,
        "vagas": vagas,
        "mec_grade": grade,
    }


def generate(seed: int = SEED) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    rows: list[dict[str, Any]] = []
    _public(rng, rows)
    _private(rng, rows)
    return rows


def render(rows: list[dict[str, Any]], seed: int = SEED) -> str:
    meta = {
        "_meta": {
            "notice": NOTICE,
            "generator": "switchboard.apps.scholarships.data.make_opportunities",
            "seed": seed,
            "rows": len(rows),
        }
    }
    lines = [json.dumps(meta, ensure_ascii=False)]
    lines += [json.dumps(row, ensure_ascii=False, sort_keys=True) for row in rows]
    return "\n".join(lines) + "\n"


def main() -> None:
    rows = generate()
    OUT.write_text(render(rows), encoding="utf-8")
    print(f"wrote {len(rows)} opportunities to {OUT}")


if __name__ == "__main__":
    main()
