"""Writes probes_fin19.jsonl: dev probes for fin19's failure classes (finance_wf4's dev half),
in our own wording — never the dev rows' texts:

- other people's money told as a statement, any person and tense (must record nothing), with
  controls the user did (must record);
- recording: "X deu N" (a price paid, with "e" cents), a ride "de volta", débito/crédito typos,
  the thing bought before "da faculdade", a debt named by a bank's other name;
- what-if sums (never recorded, the figure answered): a pace over a span, a swap or a cut of a
  monthly cost;
- complex: the interest/amortization of an instalment named by its ordinal, the balance after
  N instalments paid, several rates converted at once, CDB vs LCA at explicit annual rates, a
  category's share of the month.

Round `fin19_r1` was written after the first fixes, before running it (its first run is the
estimate of how the fixes carry to new wording)."""

from __future__ import annotations

import json
from pathlib import Path

TODAY = "2026-11-27"
NOT_RECORDED = ["trivial", "simplista", "complexa"]
cases: list[dict[str, object]] = []


def case(cid: str, tags: list[str], turns: list[dict[str, object]], rnd: str = "r1") -> None:
    cases.append(
        {
            "id": f"fin19-{cid}",
            "app": "finance",
            "split": "dev",
            "tags": ["fin19", f"fin19_{rnd}", *tags],
            "today": TODAY,
            "setup": {"ledger": "empty"},
            "turns": turns,
        }
    )


def nothing(text: str) -> dict[str, object]:
    return {"user": text, "expect": {"route": NOT_RECORDED, "effects": []}}


def asked(text: str, *figures: float, tol: float = 0.01) -> dict[str, object]:
    """A question that records nothing and must state `figures`."""
    return {
        "user": text,
        "expect": {
            "route": NOT_RECORDED,
            "effects": [],
            "figures": [{"value": f, "tol": tol} for f in figures],
        },
    }


def recorded(text: str, **effect: object) -> dict[str, object]:
    effect.setdefault("date", "today")
    return {
        "user": text,
        "expect": {
            "route": "lancamento",
            "effects": [effect],
            "figures": [{"value": effect["amount"], "tol": 0.01}],
        },
    }


OTHERS = [
    "minha cunhada paga 900 de condomínio",
    "o pessoal da firma gastou 1.200 no churrasco",
    "um colega da academia comprou um tênis de 700",
    "a namorada do meu irmão pagou 300 no salão",
    "ontem meu vizinho comprou uma moto de 15 mil",
    "minha chefe recebe uns 20 mil por mês",
    "o Rafael do RH gastou 400 no bar",
    "minhas primas pagam 500 de academia",
    "a turma da faculdade torrou 2 mil na formatura",
    "uma amiga minha ganhou 5 mil num sorteio",
    "meu pai tá pagando 1.100 de plano de saúde",
    "a Juliana comprou um notebook de 4 mil",
    "meus tios gastaram 8 mil na viagem",
    "meu colega de quarto paga 700 de aluguel",
    "o chefe do meu marido ganhou 30 mil de bônus",
]
for i, text in enumerate(OTHERS, 1):
    case(f"outros-{i:02d}", ["terceiros"], [nothing(text)])

CONTROLS = [
    ("paguei 200 no show com meu colega de trabalho", {"kind": "expense", "amount": 200}),
    ("comprei um presente de 150 pra minha irmã", {"kind": "expense", "amount": 150}),
    ("a gente gastou 180 no jantar", {"kind": "expense", "amount": 180}),
]
for i, (text, effect) in enumerate(CONTROLS, 1):
    case(f"controle-{i:02d}", ["controle"], [recorded(text, **effect)])

RECORDING = [
    ("a janta deu 58 e 40", {"kind": "expense", "amount": 58.4, "category": "Alimentação"}),
    (
        "deu 23 e 90 a corrida do 99 até o trabalho",
        {"kind": "expense", "amount": 23.9, "category": "Transporte", "subcategory": "App"},
    ),
    ("o lanche deu 19,90", {"kind": "expense", "amount": 19.9, "category": "Alimentação"}),
    (
        "uber de volta pro hotel, 45",
        {"kind": "expense", "amount": 45, "category": "Transporte", "subcategory": "App"},
    ),
    (
        "gastei 60 na farmacia no dbito",
        {"kind": "expense", "amount": 60, "category": "Saúde", "payment_method": "debito"},
    ),
    ("paguei 120 no restaurante no credto", {"kind": "expense", "amount": 120,
                                             "payment_method": "credito"}),
    (
        "comprei uma apostila do concurso por 85",
        {"kind": "expense", "amount": 85, "category": "Educação", "subcategory": "Livros"},
    ),
    (
        "livro de inglês da escola do meu filho, 95",
        {"kind": "expense", "amount": 95, "category": "Educação", "subcategory": "Livros"},
    ),
]  # fmt: skip
for i, (text, effect) in enumerate(RECORDING, 1):
    case(f"registro-{i:02d}", ["registro"], [recorded(text, **effect)])

case(
    "banco-01",
    ["pagamento_divida"],
    [
        recorded("peguei 8 mil de empréstimo na Caixa", kind="loan", amount=8000),
        recorded("paguei 420 da parcela do empréstimo da CEF", kind="debt_payment", amount=420),
    ],
)
case(
    "banco-02",
    ["pagamento_divida"],
    [
        recorded("fiz um consignado de 15 mil no Itaú Unibanco", kind="loan", amount=15000),
        recorded("paguei a parcela do consignado do itau, 510", kind="debt_payment", amount=510),
    ],
)
case(
    "banco-03",
    ["pagamento_divida"],
    [
        recorded("peguei 6 mil emprestado no Nubank", kind="loan", amount=6000),
        recorded("paguei 300 do empréstimo do roxinho", kind="debt_payment", amount=300),
    ],
)

WHAT_IF = [
    ("se eu gastar 35 por dia de almoço, quanto vai no mês?", 1050),
    ("supondo 15 reais por dia de café, quanto dá em 2 semanas?", 210),
    ("e se eu cortar a assinatura de 45, economizo quanto em 1 ano?", 540),
    ("se eu mudar o plano de internet de 130 pra 100, quanto economizo por ano?", 360),
    ("se o aluguel passar de 1.400 para 1.650, quanto a mais vou pagar no ano?", 3000),
    ("se eu pagar 700 de escola ao invés de 900, economizo quanto por mês?", 200),
    ("gastando 60 por semana no mercado, quanto vai em 6 meses?", 1560),
]
for i, (text, figure) in enumerate(WHAT_IF, 1):
    case(f"hipotese-{i:02d}", ["hipotese"], [asked(text, figure)])

COMPLEX = [
    (
        "Price de 60 mil em 60 meses a 1,2% ao mês: quanto de juros e quanto de amortização "
        "tem a primeira parcela?",
        (1408.57, 720.0, 688.57),
    ),
    (
        "financiei 40 mil em 36 parcelas pelo Price a 1,5% ao mês; depois de pagar 18 parcelas, "
        "quanto falta pra quitar?",
        (1446.10, 22664.02),
    ),
    ("8% ao ano equivale a quanto ao mês? e 10% ao ano?", (0.6434, 0.7974)),
    (
        "15 mil por 2 anos: CDB a 11% ao ano com IR ou LCA isenta a 9,5% ao ano, quanto rende "
        "cada um líquido?",
        (2959.28, 2985.38),
    ),
]
for i, (text, figures) in enumerate(COMPLEX, 1):
    case(f"complexa-{i:02d}", ["complexa"], [asked(text, *figures, tol=0.02)])

case(
    "fatia-01",
    ["percentual"],
    [
        recorded("feira 200 no dia 3/11", kind="expense", amount=200, date="2026-11-03"),
        recorded("gasolina 150 no dia 6/11", kind="expense", amount=150, date="2026-11-06"),
        recorded("cinema 50 no dia 8/11", kind="expense", amount=50, date="2026-11-08"),
        asked("que fatia dos meus gastos de novembro foi com transporte?", 37.5, tol=0.1),
    ],
)

# ---- round 2: written after round 1's fixes, before running it
OTHERS_2 = [
    "o marido da minha prima comprou um carro de 90 mil à vista",
    "a galera do futebol gastou 600 na resenha",
    "minha sócia recebeu 3 mil de um cliente",
    "semana passada minha tia pagou 2 mil no dentista",
    "o Pedro da contabilidade ganha 9 mil",
    "minha filha gasta uns 300 por mês com lanche na escola",
    "meu ex comprou um apartamento de 400 mil",
    "uns amigos meus torraram 3 mil em Vegas",
    "a esposa do meu chefe paga 5 mil de escola pros filhos",
    "o povo do trabalho pagou 150 cada no amigo secreto",
]
for i, text in enumerate(OTHERS_2, 1):
    case(f"outros2-{i:02d}", ["terceiros"], [nothing(text)], rnd="r2")

RECORDING_2 = [
    ("o café da manhã deu 27 e 50", {"kind": "expense", "amount": 27.5}),
    ("deu 41 e 20 o táxi de volta da festa", {"kind": "expense", "amount": 41.2,
                                              "category": "Transporte"}),
    ("comprei 90 de remedio no debitu", {"kind": "expense", "amount": 90,
                                         "payment_method": "debito"}),
    ("livro da pós, 160 no pix", {"kind": "expense", "amount": 160, "category": "Educação",
                                  "subcategory": "Livros", "payment_method": "pix"}),
]  # fmt: skip
for i, (text, effect) in enumerate(RECORDING_2, 1):
    case(f"registro2-{i:02d}", ["registro"], [recorded(text, **effect)], rnd="r2")

case(
    "banco2-01",
    ["pagamento_divida"],
    [
        recorded("contratei 20 mil de consignado no BB", kind="loan", amount=20000),
        recorded(
            "paguei 640 da parcela do consignado do Banco do Brasil",
            kind="debt_payment",
            amount=640,
        ),
    ],
    rnd="r2",
)

WHAT_IF_2 = [
    ("se eu gastar 12 por dia de estacionamento, quanto dá em 20 dias?", 240),
    ("supondo que eu troque a academia de 150 por uma de 90, economizo quanto no ano?", 720),
    ("e se eu cancelar o streaming de 39,90, quanto economizo em 2 anos?", 957.6),
    ("se a escola for 1.200 em vez de 950, quanto a mais por mês?", 250),
]
for i, (text, figure) in enumerate(WHAT_IF_2, 1):
    case(f"hipotese2-{i:02d}", ["hipotese"], [asked(text, figure)], rnd="r2")

COMPLEX_2 = [
    (
        "no price, 25 mil em 24x a 2% ao mês: da primeira prestação, quanto é juros?",
        (1321.78, 500.0),
    ),
    ("qual a taxa anual equivalente a 0,5% ao mês? e a 0,7% ao mês?", (6.1678, 8.7311)),
]
for i, (text, figures) in enumerate(COMPLEX_2, 1):
    case(f"complexa2-{i:02d}", ["complexa"], [asked(text, *figures, tol=0.02)], rnd="r2")

# ---- round 3: written after round 2's fixes, before running it
OTHERS_3 = [
    "meu enteado gastou 250 em skin de jogo",
    "a mãe da minha namorada paga 3 mil de plano de saúde",
    "minha colega de apê comprou uma geladeira de 2.800",
    "o vizinho de cima tá pagando 1.800 de financiamento",
    "meus pais gastaram 12 mil na reforma da casa deles",
    "o Lucas recebe 4 mil de bolsa no doutorado",
    "uma conhecida minha torrou 10 mil em bet",
    "a minha gerente ganhou 7 mil de PLR",
]
for i, text in enumerate(OTHERS_3, 1):
    case(f"outros3-{i:02d}", ["terceiros"], [nothing(text)], rnd="r3")

RECORDING_3 = [
    ("o estacionamento deu 18 e 50", {"kind": "expense", "amount": 18.5}),
    ("paguei 70 de gasolina no debto", {"kind": "expense", "amount": 70,
                                        "payment_method": "debito"}),
    ("apostila da facul 60", {"kind": "expense", "amount": 60, "category": "Educação",
                              "subcategory": "Livros"}),
]  # fmt: skip
for i, (text, effect) in enumerate(RECORDING_3, 1):
    case(f"registro3-{i:02d}", ["registro"], [recorded(text, **effect)], rnd="r3")

WHAT_IF_3 = [
    ("se eu gastar 20 por dia no ônibus, quanto dá em 3 semanas?", 420),
    ("se eu trocar o seguro do carro de 250 por um de 180, economizo quanto no ano?", 840),
    ("e se eu parar de pagar a academia de 99, quanto sobra em 6 meses?", 594),
]
for i, (text, figure) in enumerate(WHAT_IF_3, 1):
    case(f"hipotese3-{i:02d}", ["hipotese"], [asked(text, figure)], rnd="r3")

out = Path(__file__).with_name("probes_fin19.jsonl")
out.write_text("".join(json.dumps(c, ensure_ascii=False) + "\n" for c in cases), encoding="utf-8")
print(f"{len(cases)} cases -> {out.name}")
