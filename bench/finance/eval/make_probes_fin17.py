"""Writes probes_fin17.jsonl: dev probes for the fin17 failure classes (a correction of the
recording just made — its category or its instalments —, "me lembra de pagar …" as a scheduled
bill, misspelt merchants, the emergency fund with the months to build it, and a follow-up
comparison that reuses the amount and term of the question before). Figures come from
numpy_financial or plain arithmetic here, independently of the app's code. Round `fin17_r1` was
written before any fix; later rounds after the fixes of the round before, run before their own."""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy_financial as npf

TODAY = "2026-11-27"
cases: list[dict[str, object]] = []


def case(cid: str, tags: list[str], turns: list[dict[str, object]], rnd: str = "r1") -> None:
    cases.append(
        {
            "id": f"fin17-{cid}",
            "app": "finance",
            "split": "dev",
            "tags": ["fin17", f"fin17_{rnd}", *tags],
            "today": TODAY,
            "setup": {"ledger": "empty"},
            "turns": turns,
        }
    )


def fig(value: float, tol: float = 0.01) -> dict[str, object]:
    return {"value": round(value, 2), "tol": tol}


# 1. a new category for the entry just recorded: it is replaced, not added to
for i, (first, fix, cat, question) in enumerate(
    [
        (
            "gastei 90 na drogaria",
            "na verdade foi um perfume de presente, muda pra Compras",
            "Compras",
            "quanto gastei com compras este mês?",
        ),
        (
            "paguei 200 no restaurante ontem",
            "ops, foi num bar, coloca em Lazer",
            "Lazer",
            "quanto gastei com lazer esse mes?",
        ),
        (
            "gastei 60 no mercado",
            "errei a categoria, era lazer",
            "Lazer",
            "quanto gastei com lazer esse mes?",
        ),
        (
            "comprei 150 na farmácia",
            "opa, na real foi presente pra minha mae, troca pra compras",
            "Compras",
            "qto gastei em compras este mes?",
        ),
        (
            "uber 30",
            "corrige a categoria pra lazer, foi pro show",
            "Lazer",
            "quanto foi de lazer esse mês?",
        ),
        (
            "gastei 120 no shopping",
            "pensando bem, isso foi comida, põe em alimentação",
            "Alimentação",
            "quanto gastei com alimentação esse mês?",
        ),
    ],
    1,
):
    amount = float(first.split()[1]) if first.split()[1].isdigit() else 30.0
    case(
        f"categoria-{i:02d}",
        ["correcao_categoria"],
        [
            {"user": first},
            {"user": fix, "expect": {"contains": [cat]}},
            {"user": question, "expect": {"effects": [], "figures": [fig(amount)]}},
        ],
    )

# 2. a new number of instalments for the purchase just recorded
for i, (first, fix, n) in enumerate(
    [
        ("comprei uma TV de 2.500 em 5x no cartão", "opa, foi em 10x, não 5x", 10),
        ("celular 1800 em 6x no credito", "na verdade foram 12 parcelas", 12),
        ("geladeira de 3 mil em 10 vezes no cartao", "errei, foi em 12x", 12),
        ("comprei um sofa de 2400 em 4x no cartão", "corrige: 8x", 8),
        ("notebook 4000 parcelado em 10x no cartão", "não foi 10x, foi 5x", 5),
        ("tenis 600 em 3x no cartão", "ops, parcelei em 6", 6),
    ],
    1,
):
    case(
        f"parcelas-{i:02d}",
        ["correcao_parcelas"],
        [{"user": first}, {"user": fix, "expect": {"figures": [fig(n)]}}],
    )

# 3. "me lembra de pagar X, valor, dia D": a bill due on the next such day, never an expense
for i, (text, amount, due) in enumerate(
    [
        ("me lembra de pagar o boleto da escola, 980, dia 10", 980.0, "2026-12-10"),
        ("me lembra de pagar a luz dia 15, 230", 230.0, "2026-12-15"),
        ("lembrete: pagar aluguel de 1500 dia 5", 1500.0, "2026-12-05"),
        ("me avisa pra pagar o IPVA de 1.200 dia 20/01", 1200.0, "2027-01-20"),
        ("nao me deixa esquecer de pagar a internet 120 dia 30", 120.0, "2026-11-30"),
        ("me lembra de pagar o cartão amanhã, 800", 800.0, "2026-11-28"),
    ],
    1,
):
    case(
        f"lembrete-{i:02d}",
        ["lembrete"],
        [{"user": text, "expect": {"effects": [{"kind": "bill", "amount": amount, "due": due}]}}],
    )
# ... a reminder with no amount records nothing
for i, text in enumerate(
    [
        "me lembra de ligar pro banco amanhã",
        "me lembra de pagar a luz",
        "lembrete: renegociar o cartão semana que vem",
    ],
    1,
):
    case(f"lembrete-sem-valor-{i:02d}", ["lembrete"], [{"user": text, "expect": {"effects": []}}])

# 4. a misspelt merchant still names its category
for i, (text, amount, cat, sub) in enumerate(
    [
        ("gasstei 23 no ubr agora", 23.0, "Transporte", "App"),
        ("gastei 30 no uver", 30.0, "Transporte", "App"),
        ("40 no mercdo hj", 40.0, "Alimentação", "Supermercado"),
        ("gastei 50 na farmacai", 50.0, "Saúde", "Farmácia"),
        ("paguei 35 no ifod", 35.0, "Alimentação", "Delivery"),
        ("18 no uberr", 18.0, "Transporte", "App"),
        ("gastei 70 na farmacia hj, remedio", 70.0, "Saúde", "Farmácia"),
    ],
    1,
):
    case(
        f"grafia-{i:02d}",
        ["grafia"],
        [
            {
                "user": text,
                "expect": {
                    "effects": [
                        {"kind": "expense", "amount": amount, "category": cat, "subcategory": sub}
                    ]
                },
            }
        ],
    )


# 5. emergency fund: its size and the months to build it with a deposit at a rate
def months(rate: float, deposit: float, target: float, start: float = 0.0) -> int:
    return math.ceil(float(npf.nper(rate, -deposit, -start, target)))


for i, (text, spend, mult, rate, dep) in enumerate(
    [
        (
            "gasto 5.000 por mês e quero uma reserva de 9 meses de gastos. depositando 1.000 no "
            "fim de cada mês numa aplicação de 0,8% ao mês, qual o valor da reserva e em quantos "
            "meses chego lá?",
            5000,
            9,
            0.008,
            1000,
        ),
        (
            "minhas despesas sao 3 mil por mes, quero 6 meses de reserva. guardando 500 todo mes "
            "a 1% ao mes, qual a reserva e quanto tempo leva?",
            3000,
            6,
            0.01,
            500,
        ),
        (
            "quero montar reserva de emergencia de 12 meses, gasto 4 mil/mes. se eu aplicar 1.500 "
            "por mes rendendo 0,9% a.m., em quantos meses consigo e de quanto é a reserva?",
            4000,
            12,
            0.009,
            1500,
        ),
        (
            "reserva de emergência de 6 meses com gasto mensal de 2.500: aportando 400 por mês a "
            "0,7% ao mês, quantos meses até completar?",
            2500,
            6,
            0.007,
            400,
        ),
    ],
    1,
):
    target = spend * mult
    case(
        f"reserva-{i:02d}",
        ["reserva_meses"],
        [
            {
                "user": text,
                "expect": {
                    "route": "complexa",
                    "effects": [],
                    "figures": [fig(target), fig(months(rate, dep, target), tol=1)],
                },
            }
        ],
    )

# 6. a comparison asked as a follow-up reuses the amount and term of the question before
# (contains: both products, and the amount of the question before)
for i, (first, follow, named) in enumerate(
    [
        (
            "quanto rende 10 mil na poupança em 1 ano?",
            "vale mais a pena que um CDB de 100% do CDI?",
            ["poupança", "CDB", "R$ 10.000,00"],
        ),
        (
            "quanto rende 10 mil na poupança em 1 ano?",
            "e num CDB de 110% do CDI, rende mais?",
            ["poupança", "CDB", "R$ 10.000,00"],
        ),
        (
            "quanto rendem 5 mil na poupança em 2 anos?",
            "compensa mais um CDB 100% CDI?",
            ["poupança", "CDB", "R$ 5.000,00"],
        ),
        (
            "quanto rende 20 mil num CDB de 100% do CDI em 1 ano?",
            "e na poupança, rende mais?",
            ["poupança", "CDB", "R$ 20.000,00"],
        ),
        (
            "quanto rendem 8 mil na poupança por 18 meses?",
            "e se fosse numa LCI de 90% do CDI?",
            ["LCI", "R$ 8.000,00"],
        ),
        (
            "quanto rende 10 mil na poupança em 1 ano?",
            "é melhor que o tesouro selic?",
            ["poupança", "Tesouro Selic", "R$ 10.000,00"],
        ),
    ],
    1,
):
    case(
        f"comparar-seguimento-{i:02d}",
        ["comparar_seguimento"],
        [
            {"user": first},
            {
                "user": follow,
                "expect": {"route": "complexa", "effects": [], "asks": False, "contains": named},
            },
        ],
    )

# 7. (round 2, after wf2's first contact) nothing happened to the user's money: a purchase
# almost made or given up, a reminder of a task, a goal, money only expected — never a row
for i, text in enumerate(
    [
        "ontem eu quase gastei 300 numa jaqueta mas desisti na hora",
        "quase comprei um fone de 500 hoje, ainda bem que nao comprei",
        "ia pagar 200 no jantar mas meu pai pagou",
        "tava pra gastar 150 no bar mas fiquei em casa",
        "pensei em comprar um tenis de 400 mas desisti",
        "cheguei a colocar 1200 no carrinho mas nao finalizei a compra",
        "fui comprar uma calça de 180 e desisti",
        "quase paguei 90 de ifood, mas cozinhei",
        "eu ia gastar 60 no uber mas fui de onibus",
        "me lembra de ligar pro banco sobre a fatura de 800",
        "me lembra amanha de ver o preço da passagem, uns 900",
        "lembrete: ver se o salario de 4500 caiu",
        "se eu gastar 200 no mercado ainda fico no azul?",
        "to pensando em gastar 500 num curso",
        "quero comprar uma bike de 1500 mes que vem",
        "minha mulher gastou 400 no shopping",
        "sera que gastei uns 200 de uber esse mes?",
        "preciso parar de gastar 100 por semana com delivery",
        "meu chefe disse que vou ganhar 500 de aumento",
        "acho que vou receber uns 2 mil de bonus",
        "deveria ter guardado 1000 mes passado",
        "minha irma me pediu 200 emprestado, empresto?",
    ],
    1,
):
    case(f"nada-{i:02d}", ["nada_aconteceu"], [{"user": text, "expect": {"effects": []}}], "r2")
# ... while an act told beside a given-up one is still recorded
for i, (text, amount) in enumerate(
    [
        ("comprei uma calça de 180 e desisti da camisa", 180.0),
        ("gastei 50 no mercado, ainda bem que nao foi 100", 50.0),
    ],
    1,
):
    case(
        f"nada-mas-registra-{i:02d}",
        ["nada_aconteceu"],
        [{"user": text, "expect": {"effects": [{"kind": "expense", "amount": amount}]}}],
        "r2",
    )

# 8. (round 3) a rate's equivalent in another period, compounded; a share of an amount
for i, (text, value) in enumerate(
    [
        ("o cartao cobra 14% ao mes, quanto isso da ao ano?", (1.14**12 - 1) * 100),
        ("12% ao ano da quanto ao mes?", (1.12 ** (1 / 12) - 1) * 100),
        ("2% ao mes fica quanto ao ano?", (1.02**12 - 1) * 100),
        ("rende 1% ao mes, qual a taxa equivalente anual?", (1.01**12 - 1) * 100),
        ("quanto e 20% de 350?", 70.0),
        ("quanto da 7,5% de 1.200?", 90.0),
    ],
    1,
):
    case(
        f"taxa-equivalente-{i:02d}",
        ["conta_taxa"],
        [{"user": text, "expect": {"effects": [], "figures": [fig(value)]}}],
        "r3",
    )

# 9. (round 3) cash with a discount vs "Nx de Y" at the user's yield; purchasing power after
# inflation; two applications told apart by their rates
cx = [
    (
        "geladeira de 4.000 a vista com 5% de desconto ou 10x de 400 sem juros, meu dinheiro "
        "rende 1% ao mes, qual compensa?",
        [3800.0, float(npf.pv(0.01, 10, -400))],
    ),
    (
        "sofa de 2.400: a vista 8% off ou 12x de 200 sem juros, e meu dinheiro rende 0,8% ao "
        "mes. quanto valem hoje as parcelas?",
        [2208.0, float(npf.pv(0.008, 12, -200))],
    ),
    (
        "com inflacao de 0,4% ao mes, quanto 10 mil de hoje vao valer em poder de compra daqui 3 "
        "anos?",
        [10000 / 1.004**36],
    ),
    (
        "se a inflacao for 5% ao ano, quanto 50 mil valem daqui 10 anos em dinheiro de hoje?",
        [50000 / 1.05**10],
    ),
    (
        "inflacao de 0,5% ao mes: meus 20 mil parados vao valer quanto daqui 2 anos em poder de "
        "compra?",
        [20000 / 1.005**24],
    ),
    (
        "tenho 15 mil pra aplicar por 2 anos. uma opcao rende 0,9% ao mes e a outra 0,65% ao mes. "
        "quanto eu teria em cada uma?",
        [15000 * 1.009**24, 15000 * 1.0065**24],
    ),
    (
        "8 mil por 1 ano: uma aplicacao paga 1% ao mes e a outra 0,8% ao mes, quanto da cada uma?",
        [8000 * 1.01**12, 8000 * 1.008**12],
    ),
]
for i, (text, values) in enumerate(cx, 1):
    case(
        f"conta-valor-{i:02d}",
        ["conta_valor"],
        [
            {
                "user": text,
                "expect": {
                    "route": "complexa",
                    "effects": [],
                    "figures": [{"value": round(v, 2), "rtol": 0.005} for v in values],
                },
            }
        ],
        "r3",
    )

# 10. (round 4, 40 fresh never-write phrasings run after round 3's fixes: 38/40 passed; these
# two failed and were fixed) money between two other people; a purchase cancelled
for i, text in enumerate(
    [
        "a empresa pagou 2 mil de bonus pro meu colega",
        "minha mae pagou 300 pro meu irmao",
        "cancelei a compra de 250 na shopee",
        "cancelei o pedido de 80 do ifood",
    ],
    1,
):
    case(f"outros-{i:02d}", ["nada_aconteceu"], [{"user": text, "expect": {"effects": []}}], "r4")
# ... and the user's own payment to a relative is still the user's expense
case(
    "outros-proprio",
    ["nada_aconteceu"],
    [
        {
            "user": "paguei 100 pro meu primo",
            "expect": {"effects": [{"kind": "expense", "amount": 100.0}]},
        }
    ],
    "r4",
)

path = Path(__file__).resolve().parent / "probes_fin17.jsonl"
with path.open("w", encoding="utf-8") as fh:
    for c in cases:
        fh.write(json.dumps(c, ensure_ascii=False) + "\n")
print(f"{path.name}: {len(cases)} cases")
