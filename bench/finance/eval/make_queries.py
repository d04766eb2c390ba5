"""Generate queries.jsonl: ledger questions whose figures are computed from context turns.

Each case first builds its own ledger with ungraded context turns (explicit day, category
and payment method, so they are unambiguous), then asks Simplista-style questions. The
expected figures are computed here from the structured entries, not from the app.
Today is 2026-11-26. Run: python make_queries.py
"""

from __future__ import annotations

from dataclasses import dataclass

from suitelib import case, fig, write


@dataclass(frozen=True)
class Entry:
    text: str
    kind: str  # expense, income, transfer, bill, receivable
    amount: float
    cat: str = ""
    sub: str = ""
    date: str = ""  # ISO; for bills/receivables the due date
    pm: str = ""


def E(text, amount, cat, sub, date, pm=""):
    return Entry(text, "expense", amount, cat, sub, date, pm)


def Inc(text, amount, sub, date):
    return Entry(text, "income", amount, "Receitas", sub, date)


class Ledger:
    def __init__(self, name: str, entries: list[Entry]) -> None:
        self.name, self.entries = name, entries

    def sel(self, kind="expense", cat=None, sub=None, pm=None, d1=None, d2=None):
        out = []
        for e in self.entries:
            if e.kind != kind:
                continue
            if cat and e.cat not in ([cat] if isinstance(cat, str) else cat):
                continue
            if sub and e.sub not in ([sub] if isinstance(sub, str) else sub):
                continue
            if pm and e.pm != pm:
                continue
            if d1 and e.date < d1:
                continue
            if d2 and e.date > d2:
                continue
            out.append(e)
        return out

    def tot(self, **kw) -> float:
        return round(sum(e.amount for e in self.sel(**kw)), 2)


NOV = {"d1": "2026-11-01", "d2": "2026-11-30"}
OCT = {"d1": "2026-10-01", "d2": "2026-10-31"}

L1 = Ledger(
    "l1",
    [
        E(
            "gastei 150 no supermercado dia 02/11 no débito",
            150,
            "Alimentação",
            "Supermercado",
            "2026-11-02",
            "debito",
        ),
        E(
            "paguei 1.500 de aluguel dia 05/11 no pix",
            1500,
            "Moradia",
            "Aluguel",
            "2026-11-05",
            "pix",
        ),
        E(
            "almoço no restaurante, 60 reais dia 06/11 no cartão de crédito",
            60,
            "Alimentação",
            "Restaurante",
            "2026-11-06",
            "credito",
        ),
        E(
            "abasteci 200 de gasolina dia 08/11 no cartão de crédito",
            200,
            "Transporte",
            "Combustível",
            "2026-11-08",
            "credito",
        ),
        E("uber de 30 dia 10/11 no pix", 30, "Transporte", "App", "2026-11-10", "pix"),
        E("cinema 45 dia 14/11 no débito", 45, "Lazer", "Cinema", "2026-11-14", "debito"),
        E(
            "supermercado 230 dia 18/11 no pix",
            230,
            "Alimentação",
            "Supermercado",
            "2026-11-18",
            "pix",
        ),
        E(
            "farmácia 80 dia 20/11 no cartão de crédito",
            80,
            "Saúde",
            "Farmácia",
            "2026-11-20",
            "credito",
        ),
        E(
            "conta de luz 180 paga dia 22/11 no boleto",
            180,
            "Contas",
            "Luz",
            "2026-11-22",
            "boleto",
        ),
        Inc("recebi 5.000 de salário dia 05/11", 5000, "Salário", "2026-11-05"),
        E(
            "supermercado 310 dia 15/10 no débito",
            310,
            "Alimentação",
            "Supermercado",
            "2026-10-15",
            "debito",
        ),
        E(
            "gasolina 190 dia 20/10 no cartão de crédito",
            190,
            "Transporte",
            "Combustível",
            "2026-10-20",
            "credito",
        ),
        Inc("recebi 5.000 de salário dia 05/10", 5000, "Salário", "2026-10-05"),
    ],
)

L2 = Ledger(
    "l2",
    [
        Inc("recebi 2.800 de salário dia 03/11", 2800, "Salário", "2026-11-03"),
        Inc("recebi 600 de um freela dia 12/11", 600, "Freelance", "2026-11-12"),
        E("pedi ifood de 45 dia 04/11", 45, "Alimentação", "Delivery", "2026-11-04"),
        E("ifood 52 dia 11/11", 52, "Alimentação", "Delivery", "2026-11-11"),
        E("ifood 38 dia 19/11", 38, "Alimentação", "Delivery", "2026-11-19"),
        E(
            "mensalidade da faculdade 750 dia 06/11 no boleto",
            750,
            "Educação",
            "Mensalidade",
            "2026-11-06",
            "boleto",
        ),
        E("comprei um livro de 80 dia 09/11 no pix", 80, "Educação", "Livros", "2026-11-09", "pix"),
        E("bar 120 dia 14/11 no débito", 120, "Lazer", "Bares", "2026-11-14", "debito"),
        E("bar 95 dia 21/11 no débito", 95, "Lazer", "Bares", "2026-11-21", "debito"),
        Entry("transferi 300 pra minha poupança dia 13/11", "transfer", 300, date="2026-11-13"),
        E(
            "recarreguei 150 no bilhete único dia 02/11",
            150,
            "Transporte",
            "Transporte Público",
            "2026-11-02",
        ),
        Entry(
            "tenho que pagar 99 de internet dia 05/12",
            "bill",
            99,
            "Contas",
            "Internet",
            "2026-12-05",
        ),
        Entry(
            "tenho que pagar 60 do plano de celular dia 10/12",
            "bill",
            60,
            "Contas",
            "Celular",
            "2026-12-10",
        ),
        Entry(
            "vou receber 400 de um freela dia 15/12",
            "receivable",
            400,
            "Receitas",
            "",
            "2026-12-15",
        ),
    ],
)

L3 = Ledger(
    "l3",
    [
        E(
            "supermercado 820 dia 05/09 no cartão de crédito",
            820,
            "Alimentação",
            "Supermercado",
            "2026-09-05",
            "credito",
        ),
        E(
            "supermercado 760 dia 06/10 no cartão de crédito",
            760,
            "Alimentação",
            "Supermercado",
            "2026-10-06",
            "credito",
        ),
        E(
            "supermercado 905 dia 04/11 no cartão de crédito",
            905,
            "Alimentação",
            "Supermercado",
            "2026-11-04",
            "credito",
        ),
        E("conta de luz 210 paga dia 10/09", 210, "Contas", "Luz", "2026-09-10"),
        E("conta de luz 245 paga dia 10/10", 245, "Contas", "Luz", "2026-10-10"),
        E("conta de luz 198 paga dia 10/11", 198, "Contas", "Luz", "2026-11-10"),
        E(
            "mensalidade da escola das crianças 1.300 dia 08/11 no boleto",
            1300,
            "Educação",
            "Mensalidade",
            "2026-11-08",
            "boleto",
        ),
        E(
            "plano de saúde 890 dia 01/11 no débito",
            890,
            "Saúde",
            "Plano de Saúde",
            "2026-11-01",
            "debito",
        ),
        Inc("recebi 9.000 de salário dia 05/11", 9000, "Salário", "2026-11-05"),
        Inc("recebi 9.000 de salário dia 05/10", 9000, "Salário", "2026-10-05"),
        E(
            "hotel da viagem 1.400 dia 12/10 no cartão de crédito",
            1400,
            "Lazer",
            "Viagem",
            "2026-10-12",
            "credito",
        ),
    ],
)

L4 = Ledger(
    "l4",
    [
        E("padaria 12 dia 16/11", 12, "Alimentação", "Padaria", "2026-11-16"),
        E("padaria 9,50 dia 17/11", 9.5, "Alimentação", "Padaria", "2026-11-17"),
        E("padaria 14 dia 18/11", 14, "Alimentação", "Padaria", "2026-11-18"),
        E("uber 23,40 dia 16/11", 23.4, "Transporte", "App", "2026-11-16"),
        E("uber 18,60 dia 19/11", 18.6, "Transporte", "App", "2026-11-19"),
        E("almoço no restaurante 35 dia 17/11", 35, "Alimentação", "Restaurante", "2026-11-17"),
        E("almoço no restaurante 42 dia 19/11", 42, "Alimentação", "Restaurante", "2026-11-19"),
        E("supermercado 156,30 dia 20/11", 156.3, "Alimentação", "Supermercado", "2026-11-20"),
        E("cinema 60 dia 22/11", 60, "Lazer", "Cinema", "2026-11-22"),
        E("gasolina 100 dia 21/11", 100, "Transporte", "Combustível", "2026-11-21"),
    ],
)

L5 = Ledger(
    "l5",
    [
        Inc("recebi 2.500 de freela dia 03/11", 2500, "Freelance", "2026-11-03"),
        Inc("recebi 1.800 de freela dia 17/11", 1800, "Freelance", "2026-11-17"),
        Inc("recebi 3.200 de freela dia 10/10", 3200, "Freelance", "2026-10-10"),
        Inc("a poupança rendeu 42,50 dia 01/11", 42.5, "Rendimentos", "2026-11-01"),
        E("paguei 1.400 de aluguel dia 05/11", 1400, "Moradia", "Aluguel", "2026-11-05"),
        E("internet 120 paga dia 07/11", 120, "Contas", "Internet", "2026-11-07"),
        E(
            "curso online 300 dia 12/11 no cartão de crédito",
            300,
            "Educação",
            "Cursos",
            "2026-11-12",
            "credito",
        ),
        Entry(
            "vou receber 2.000 de freela dia 10/12",
            "receivable",
            2000,
            "Receitas",
            "",
            "2026-12-10",
        ),
        Entry(
            "vou receber 1.500 de freela dia 20/12",
            "receivable",
            1500,
            "Receitas",
            "",
            "2026-12-20",
        ),
    ],
)

L6 = Ledger(
    "l6",
    [
        E(
            "supermercado 300 dia 25/10 no pix",
            300,
            "Alimentação",
            "Supermercado",
            "2026-10-25",
            "pix",
        ),
        E(
            "supermercado 280 dia 08/11 no débito",
            280,
            "Alimentação",
            "Supermercado",
            "2026-11-08",
            "debito",
        ),
        E(
            "restaurante 90 dia 30/10 no cartão de crédito",
            90,
            "Alimentação",
            "Restaurante",
            "2026-10-30",
            "credito",
        ),
        E(
            "restaurante 110 dia 09/11 no cartão de crédito",
            110,
            "Alimentação",
            "Restaurante",
            "2026-11-09",
            "credito",
        ),
        E("uber 25 dia 31/10 no pix", 25, "Transporte", "App", "2026-10-31", "pix"),
        E(
            "uber 40 dia 01/11 no cartão de crédito",
            40,
            "Transporte",
            "App",
            "2026-11-01",
            "credito",
        ),
        E(
            "comprei uma calça de 250 dia 03/11 no cartão de crédito",
            250,
            "Compras",
            "Roupas",
            "2026-11-03",
            "credito",
        ),
        E("farmácia 65 dia 28/10 em dinheiro", 65, "Saúde", "Farmácia", "2026-10-28", "dinheiro"),
        E(
            "padaria 20 dia 02/11 em dinheiro",
            20,
            "Alimentação",
            "Padaria",
            "2026-11-02",
            "dinheiro",
        ),
    ],
)

L7 = Ledger(
    "l7",
    [
        Entry("conta de luz de 190 vence dia 05/12", "bill", 190, "Contas", "Luz", "2026-12-05"),
        Entry(
            "condomínio de 680 vence dia 30/11", "bill", 680, "Moradia", "Condomínio", "2026-11-30"
        ),
        Entry(
            "parcela do IPTU de 240 vence dia 10/12", "bill", 240, "Moradia", "IPTU", "2026-12-10"
        ),
        Entry(
            "vou receber 4.500 de salário dia 05/12",
            "receivable",
            4500,
            "Receitas",
            "",
            "2026-12-05",
        ),
        E("supermercado 200 dia 20/11", 200, "Alimentação", "Supermercado", "2026-11-20"),
    ],
)


def q(user: str, figures: list[float], tol: float = 0.01, **extra) -> dict:
    exp: dict = {"route": "simplista", "effects": []}
    if figures:
        exp["figures"] = [fig(v, tol) for v in figures]
    exp.update(extra)
    return {"user": user, "expect": exp}


def bills(L, d1=None, d2=None):
    return [
        e
        for e in L.entries
        if e.kind == "bill" and (not d1 or e.date >= d1) and (not d2 or e.date <= d2)
    ]


def questions():
    """(ledger, tags, [graded turns], notes)."""
    out = []
    L = L1
    nov_exp = L.tot(**NOV)
    out += [
        (L, ["total_periodo"], [q("quanto gastei em novembro?", [nov_exp])], None),
        (
            L,
            ["categoria"],
            [q("quanto gastei com alimentação em novembro?", [L.tot(cat="Alimentação", **NOV)])],
            None,
        ),
        (
            L,
            ["forma_pagamento"],
            [q("quanto gastei no cartão de crédito esse mês?", [L.tot(pm="credito", **NOV)])],
            "Only the credit card purchases of November.",
        ),
        (
            L,
            ["forma_pagamento"],
            [q("qto foi no pix em novembro?", [L.tot(pm="pix", **NOV)])],
            None,
        ),
        (
            L,
            ["intervalo_datas"],
            [
                q(
                    "quanto gastei entre 1 e 10 de novembro?",
                    [L.tot(d1="2026-11-01", d2="2026-11-10")],
                )
            ],
            None,
        ),
        (
            L,
            ["varias_categorias"],
            [
                q(
                    "quanto foi de transporte e lazer juntos em novembro?",
                    [L.tot(cat=["Transporte", "Lazer"], **NOV)],
                )
            ],
            None,
        ),
        (
            L,
            ["media_por_dia", "intervalo_datas"],
            [
                q(
                    "qual foi minha média de gasto por dia entre 1 e 10 de novembro?",
                    [L.tot(d1="2026-11-01", d2="2026-11-10") / 10],
                )
            ],
            "Total of 1-10/11 divided by 10 days.",
        ),
        (
            L,
            ["maximo", "minimo", "follow_up"],
            [q("qual foi meu maior gasto em novembro?", [1500]), q("e o menor?", [30])],
            "Follow-up keeps November.",
        ),
        (
            L,
            ["contagem"],
            [q("quantos gastos eu registrei em novembro?", [len(L.sel(**NOV))], tol=0)],
            None,
        ),
        (
            L,
            ["subcategoria", "follow_up"],
            [
                q("quanto gastei de supermercado em novembro?", [L.tot(sub="Supermercado", **NOV)]),
                q("e em outubro?", [L.tot(sub="Supermercado", **OCT)]),
            ],
            "'e em outubro?' reuses the supermarket filter.",
        ),
        (
            L,
            ["subcategoria", "intervalo_datas"],
            [
                q(
                    "quanto gastei de gasolina em outubro e novembro somados?",
                    [L.tot(sub="Combustível", d1="2026-10-01", d2="2026-11-30")],
                )
            ],
            None,
        ),
        (
            L,
            ["saldo"],
            [q("quanto sobrou em novembro, receita menos despesa?", [5000 - nov_exp])],
            None,
        ),
        (
            L,
            ["receita", "intervalo_datas"],
            [q("quanto recebi de salario em outubro e novembro?", [10000])],
            None,
        ),
        (
            L,
            ["forma_pagamento"],
            [q("gastos no debito em novembro, quanto deu?", [L.tot(pm="debito", **NOV)])],
            None,
        ),
        (
            L,
            ["intervalo_datas"],
            [
                q(
                    "quanto eu gastei na segunda quinzena de novembro?",
                    [L.tot(d1="2026-11-16", d2="2026-11-30")],
                )
            ],
            "Second half = 16 to 30/11.",
        ),
        (
            L,
            ["intervalo_datas"],
            [q("quanto gastei de 15 a 20 de novembro?", [L.tot(d1="2026-11-15", d2="2026-11-20")])],
            None,
        ),
        (
            L,
            ["total_periodo", "follow_up"],
            [q("quanto gastei em outubro?", [L.tot(**OCT)]), q("e em novembro?", [nov_exp])],
            None,
        ),
        (
            L,
            ["percentual"],
            [
                q(
                    "quantos % do meu gasto de novembro foi aluguel?",
                    [1500 / nov_exp * 100],
                    tol=0.15,
                )
            ],
            "1500 / 2475 = 60,6%.",
        ),
        (
            L,
            ["forma_pagamento", "follow_up"],
            [
                q("quanto gastei no crédito em outubro?", [L.tot(pm="credito", **OCT)]),
                q("e no débito?", [L.tot(pm="debito", **OCT)]),
            ],
            "Follow-up keeps October, changes the payment method.",
        ),
    ]
    out += [
        (L, ["categoria"], [q("quanto gastei com saude ate hoje?", [L.tot(cat="Saúde")])], None),
        (
            L,
            ["varias_categorias"],
            [
                q(
                    "quanto foi de mercado e farmacia em novembro?",
                    [L.tot(sub=["Supermercado", "Farmácia"], **NOV)],
                )
            ],
            None,
        ),
    ]
    L = L2
    nov_exp = L.tot(**NOV)
    nov_inc = L.tot(kind="income", **NOV)
    deliv = L.sel(sub="Delivery", **NOV)
    pend = bills(L)
    out += [
        (
            L,
            ["total_periodo", "transferencia"],
            [q("quanto gastei em novembro?", [nov_exp])],
            "The 300 moved to the user's own savings is not spending.",
        ),
        (
            L,
            ["contagem", "subcategoria"],
            [
                q(
                    "quantas vezes pedi ifood em novembro e quanto deu?",
                    [len(deliv), L.tot(sub="Delivery", **NOV)],
                    tol=0.01,
                )
            ],
            None,
        ),
        (
            L,
            ["media", "subcategoria"],
            [
                q(
                    "qual a media por pedido de ifood esse mes?",
                    [L.tot(sub="Delivery", **NOV) / len(deliv)],
                )
            ],
            None,
        ),
        (
            L,
            ["contas_pendentes"],
            [q("tem conta pendente?", [e.amount for e in pend] + [sum(e.amount for e in pend)])],
            "Both bills and their total.",
        ),
        (L, ["a_receber"], [q("quanto tenho pra receber?", [400])], None),
        (L, ["receita"], [q("quanto recebi em novembro?", [nov_inc])], None),
        (
            L,
            ["categoria"],
            [q("quanto gastei com educação esse mês?", [L.tot(cat="Educação", **NOV)])],
            None,
        ),
        (
            L,
            ["subcategoria"],
            [q("quanto gastei no bar esse mes?", [L.tot(sub="Bares", **NOV)])],
            None,
        ),
        (
            L,
            ["forma_pagamento"],
            [q("quanto paguei em boleto em novembro?", [L.tot(pm="boleto", **NOV)])],
            None,
        ),
        (L, ["transferencia"], [q("quanto guardei na poupança esse mês?", [300])], None),
        (
            L,
            ["intervalo_datas"],
            [
                q(
                    "quanto gastei entre 10 e 20 de novembro?",
                    [L.tot(d1="2026-11-10", d2="2026-11-20")],
                )
            ],
            None,
        ),
        (
            L,
            ["saldo"],
            [q("receitas menos despesas de novembro, quanto da?", [nov_inc - nov_exp])],
            None,
        ),
        (
            L,
            ["varias_categorias"],
            [
                q(
                    "quanto gastei com delivery e bar juntos esse mês?",
                    [L.tot(sub=["Delivery", "Bares"], **NOV)],
                )
            ],
            None,
        ),
        (
            L,
            ["contas_pendentes", "intervalo_datas"],
            [q("quanto vence de conta ate dia 7 de dezembro?", [99])],
            None,
        ),
        (
            L,
            ["maximo", "dia"],
            [q("qual foi o dia que eu mais gastei em novembro e quanto?", [750])],
            "06/11, the 750 tuition.",
        ),
    ]
    L = L3
    sep = {"d1": "2026-09-01", "d2": "2026-09-30"}
    out += [
        (
            L,
            ["intervalo_datas", "subcategoria"],
            [
                q(
                    "quanto gastei de supermercado de setembro a novembro?",
                    [L.tot(sub="Supermercado", d1="2026-09-01", d2="2026-11-30")],
                )
            ],
            None,
        ),
        (
            L,
            ["media_mensal", "subcategoria"],
            [
                q(
                    "qual a media mensal de supermercado de setembro a novembro?",
                    [L.tot(sub="Supermercado", d1="2026-09-01", d2="2026-11-30") / 3],
                )
            ],
            None,
        ),
        (
            L,
            ["maximo", "subcategoria"],
            [q("em que mes a luz veio mais cara e quanto foi?", [245], contains_any=["outubro"])],
            None,
        ),
        (
            L,
            ["subcategoria", "intervalo_datas"],
            [q("quanto paguei de luz no total desde setembro?", [L.tot(sub="Luz")])],
            None,
        ),
        (
            L,
            ["forma_pagamento", "follow_up"],
            [
                q("quanto gastei no cartão de crédito em outubro?", [L.tot(pm="credito", **OCT)]),
                q("e em novembro?", [L.tot(pm="credito", **NOV)]),
            ],
            None,
        ),
        (
            L,
            ["total_periodo", "follow_up"],
            [q("quanto gastei em novembro?", [L.tot(**NOV)]), q("e em setembro?", [L.tot(**sep)])],
            None,
        ),
        (
            L,
            ["varias_categorias"],
            [
                q(
                    "quanto gastei com saude e educação em novembro?",
                    [L.tot(cat=["Saúde", "Educação"], **NOV)],
                )
            ],
            None,
        ),
        (L, ["maximo"], [q("qual foi o maior gasto de outubro?", [1400])], None),
        (L, ["subcategoria"], [q("quanto paguei de plano de saude em novembro?", [890])], None),
        (
            L,
            ["saldo"],
            [q("quanto sobrou em outubro?", [9000 - L.tot(**OCT)])],
            "Income minus expenses of October.",
        ),
        (
            L,
            ["categoria", "intervalo_datas"],
            [
                q(
                    "quanto gastei com contas (luz etc) de setembro a novembro?",
                    [L.tot(cat="Contas")],
                )
            ],
            None,
        ),
    ]
    L = L4
    wk = {"d1": "2026-11-16", "d2": "2026-11-22"}
    out += [
        (L, ["intervalo_datas"], [q("quanto gastei de 16 a 22 de novembro?", [L.tot(**wk)])], None),
        (
            L,
            ["media_por_dia"],
            [q("qual minha media de gasto por dia de 16 a 22/11?", [L.tot(**wk) / 7])],
            "7 days.",
        ),
        (
            L,
            ["subcategoria"],
            [q("quanto gastei na padaria de 16 a 22 de novembro?", [L.tot(sub="Padaria", **wk)])],
            None,
        ),
        (L, ["minimo"], [q("qual o gasto mais barato de 16 a 22 de novembro?", [9.5])], None),
        (
            L,
            ["categoria"],
            [q("quanto gastei com transporte esse mes?", [L.tot(cat="Transporte", **NOV)])],
            None,
        ),
        (L, ["contagem"], [q("quantas vezes eu fui na padaria esse mês?", [3], tol=0)], None),
        (
            L,
            ["categoria", "intervalo_datas"],
            [q("quanto gastei com alimentação de 16 a 22/11?", [L.tot(cat="Alimentação", **wk)])],
            None,
        ),
        (
            L,
            ["dia"],
            [q("quanto gastei no dia 17/11?", [L.tot(d1="2026-11-17", d2="2026-11-17")])],
            None,
        ),
        (
            L,
            ["intervalo_datas"],
            [
                q(
                    "quanto gastei no fim de semana de 21 e 22 de novembro?",
                    [L.tot(d1="2026-11-21", d2="2026-11-22")],
                )
            ],
            None,
        ),
        (
            L,
            ["maximo", "follow_up"],
            [q("qual o maior gasto de novembro?", [156.3]), q("e quanto gastei de uber?", [42])],
            "Second question: uber in November.",
        ),
        (
            L,
            ["media", "subcategoria"],
            [q("quanto eu gasto em media por almoço no restaurante?", [38.5])],
            "(35+42)/2.",
        ),
    ]
    L = L5
    out += [
        (
            L,
            ["receita", "follow_up"],
            [q("quanto recebi de freela em novembro?", [4300]), q("e em outubro?", [3200])],
            None,
        ),
        (
            L,
            ["receita"],
            [q("quanto entrou em novembro ao todo?", [L.tot(kind="income", **NOV)])],
            None,
        ),
        (L, ["a_receber"], [q("quanto tenho a receber em dezembro?", [3500])], None),
        (
            L,
            ["receita", "intervalo_datas"],
            [q("quanto recebi de freela em outubro e novembro juntos?", [7500])],
            None,
        ),
        (
            L,
            ["media_mensal", "receita"],
            [q("qual a media mensal dos freelas em outubro e novembro?", [3750])],
            None,
        ),
        (L, ["maximo", "receita"], [q("qual foi o maior valor que eu recebi?", [3200])], None),
        (L, ["total_periodo"], [q("quanto gastei em novembro?", [L.tot(**NOV)])], None),
        (
            L,
            ["saldo"],
            [
                q(
                    "quanto sobrou em novembro (entradas menos saidas)?",
                    [L.tot(kind="income", **NOV) - L.tot(**NOV)],
                )
            ],
            None,
        ),
        (
            L,
            ["receita", "subcategoria"],
            [q("quanto a poupança rendeu em novembro?", [42.5])],
            None,
        ),
    ]
    L = L6
    rng = {"d1": "2026-10-25", "d2": "2026-11-10"}
    out += [
        (
            L,
            ["forma_pagamento", "intervalo_datas"],
            [q("quanto gastei no crédito entre 25/10 e 10/11?", [L.tot(pm="credito", **rng)])],
            None,
        ),
        (
            L,
            ["forma_pagamento"],
            [q("quanto gastei em dinheiro vivo?", [L.tot(pm="dinheiro")])],
            None,
        ),
        (
            L,
            ["intervalo_datas"],
            [q("quanto gastei de 28/10 a 02/11?", [L.tot(d1="2026-10-28", d2="2026-11-02")])],
            None,
        ),
        (L, ["forma_pagamento"], [q("quanto foi no pix no total?", [L.tot(pm="pix")])], None),
        (
            L,
            ["forma_pagamento", "subcategoria"],
            [q("quanto gastei de uber no pix?", [L.tot(sub="App", pm="pix")])],
            None,
        ),
        (
            L,
            ["forma_pagamento", "categoria"],
            [
                q(
                    "quanto gastei com alimentação no cartão de crédito?",
                    [L.tot(cat="Alimentação", pm="credito")],
                )
            ],
            None,
        ),
        (
            L,
            ["total_periodo", "follow_up"],
            [q("quanto gastei em outubro?", [L.tot(**OCT)]), q("e em novembro?", [L.tot(**NOV)])],
            None,
        ),
        (
            L,
            ["contagem", "forma_pagamento"],
            [q("quantas compras eu fiz no crédito?", [len(L.sel(pm="credito"))], tol=0)],
            None,
        ),
        (
            L,
            ["media", "forma_pagamento"],
            [
                q(
                    "qual o valor medio das compras no credito?",
                    [L.tot(pm="credito") / len(L.sel(pm="credito"))],
                )
            ],
            None,
        ),
        (
            L,
            ["subcategoria", "follow_up"],
            [q("quanto gastei de uber desde 25 de outubro?", [65]), q("e de restaurante?", [200])],
            None,
        ),
        (
            L,
            ["categoria", "intervalo_datas"],
            [
                q(
                    "quanto gastei com alimentação entre 25/10 e 10/11?",
                    [L.tot(cat="Alimentação", **rng)],
                )
            ],
            None,
        ),
    ]
    L = L7
    pend = bills(L)
    out += [
        (
            L,
            ["contas_pendentes"],
            [q("tenho conta pendente?", [e.amount for e in pend] + [sum(e.amount for e in pend)])],
            None,
        ),
        (
            L,
            ["contas_pendentes", "intervalo_datas"],
            [q("o que ainda vence em novembro?", [680])],
            None,
        ),
        (
            L,
            ["contas_pendentes", "intervalo_datas"],
            [q("quanto vence até dia 5 de dezembro?", [870])],
            "680 (30/11) + 190 (05/12).",
        ),
        (
            L,
            ["contas_pendentes", "follow_up", "a_receber"],
            [q("quanto tenho de contas a pagar em dezembro?", [430]), q("e a receber?", [4500])],
            None,
        ),
        (
            L,
            ["contas_pendentes", "saldo"],
            [
                q(
                    "depois de pagar as contas pendentes, quanto sobra do salario que vou receber?",
                    [4500 - 1110],
                )
            ],
            None,
        ),
        (
            L,
            ["total_periodo", "contas_pendentes"],
            [q("quanto ja gastei em novembro, sem contar o que ainda nao paguei?", [200])],
            "Scheduled bills are not spending until paid.",
        ),
    ]
    return out


def build():
    cases = []
    for i, (L, tags, graded, notes) in enumerate(questions(), 1):
        turns = [{"user": e.text} for e in L.entries] + graded
        cases.append(
            case(f"fin-qry-{i:04d}", ["consulta", f"ledger_{L.name}", *tags], turns, notes=notes)
        )
    return cases


if __name__ == "__main__":
    write("queries.jsonl", build())
