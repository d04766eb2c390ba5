# ruff: noqa: E501  (data tables of user messages; long pt-BR strings are kept whole)
"""Generate recording3.jsonl: a third, dev-only batch of recording/triage messages (issue 19).

Written before reading the assistant's rules (nothing under `src/switchboard/apps/finance/` was
opened first), to probe the misreadings issue 19 still lists: someone else paying the user's
bill, the 13º salário read as the number 13, bills with a month but no day, rates the user never
gave. Also slang, typos, missing accents, numbers in words, "N de Y cada", multi-intent and
questions with amounts that must not be recorded. Today is 2026-11-26 (a Thursday).

Every case is split "dev": this batch exists to be tuned on; the held-out check stays the `test`
split of recording.jsonl. Run: python make_recording3.py
"""

from __future__ import annotations

from suitelib import bl, case, dp, ex, fig, inc, ln, rc, rec_expect, rf, tr, turn, write

A, T, M, C, S, L, ED, CP, R = (
    "Alimentação",
    "Transporte",
    "Moradia",
    "Contas",
    "Saúde",
    "Lazer",
    "Educação",
    "Compras",
    "Receitas",
)
NOQ = ["simplista", "complexa", "trivial"]  # any route but recording
HYP = ["simplista", "complexa"]
# Someone else paid: nothing is written; the answer says who paid or asks.
THIRD_WHY = ["sua mãe", "seu pai", "outra pessoa", "não foi você", "quem pagou", "pagou por você"]
# A rate the user did not give must be stated as an assumption, never attributed to the user.
NOT_SAID = ["como você disse", "como você mencionou", "que você informou", "que você disse"]
ASSUMED = ["considerando", "supondo", "assumindo", "premissa", "premissas", "estimativa", "hipótese"]

# (user, effects, tags, opts)  opts: route, asks, figures, notes, contains_any, ...
SINGLE: list[tuple] = [
    # --- someone else paid ----------------------------------------------------------------
    (
        "minha mãe pagou 200 de luz pra mim",
        [],
        ["terceiro_pagou"],
        {
            "route": None,
            "contains_any": THIRD_WHY,
            "notes": "The user's mother paid: not the user's expense; ask or record nothing, saying why.",
        },
    ),
    (
        "meu pai pagou minha faculdade esse mes, 1.200",
        [],
        ["terceiro_pagou"],
        {"route": None, "notes": "Someone else paid."},
    ),
    (
        "meu chefe pagou o almoço hj, deu 85",
        [],
        ["terceiro_pagou", "abreviacao"],
        {"route": None},
    ),
    (
        "a empresa pagou meu uber de 45 pro aeroporto",
        [],
        ["terceiro_pagou"],
        {"route": None},
    ),
    (
        "minha namorada pagou o cinema, 60 reais",
        [],
        ["terceiro_pagou"],
        {"route": None},
    ),
    (
        "meu sogro pagou 350 do mercado pra gente",
        [],
        ["terceiro_pagou"],
        {"route": None},
    ),
    (
        "paguei 200 de luz da casa da minha mae",
        [ex(200, C, "Luz")],
        ["terceiro", "sem_acento"],
        {"notes": "The user paid (for the mother): the user's expense."},
    ),
    (
        "meu irmão me deu 300 de presente",
        [inc(300)],
        ["receita", "terceiro"],
        {"notes": "Money received by the user: income (subcategory not checked)."},
    ),
    ("meu colega torrou 1.500 no cassino kkk", [], ["terceiro", "girias"], {"route": NOQ}),
    # --- 13º salário ----------------------------------------------------------------------
    (
        "recebi o 13 de 3.500",
        [inc(3500, "Salário")],
        ["receita", "decimo_terceiro"],
        {"not_contains": ["R$ 13,00"]},
    ),
    (
        "caiu o décimo terceiro, 3500",
        [inc(3500, "Salário")],
        ["receita", "decimo_terceiro"],
        {"not_contains": ["R$ 13,00"]},
    ),
    (
        "caiu a primeira parcela do 13o, 2.100",
        [inc(2100, "Salário")],
        ["receita", "decimo_terceiro"],
        {"not_contains": ["R$ 13,00"]},
    ),
    (
        "decimo terceiro caiu hj: 4.280,50",
        [inc(4280.5, "Salário")],
        ["receita", "decimo_terceiro", "sem_acento"],
        {},
    ),
    (
        "recebi 1.750 do 13",
        [inc(1750, "Salário")],
        ["receita", "decimo_terceiro"],
        {"not_contains": ["R$ 13,00"]},
    ),
    (
        "o 13 salario caiu, dois mil e cem",
        [inc(2100, "Salário")],
        ["receita", "decimo_terceiro", "numero_por_extenso"],
        {},
    ),
    (
        "vou receber o 13º de 2.800 dia 18/12",
        [rc(2800, "2026-12-18", R)],
        ["a_receber", "decimo_terceiro"],
        {},
    ),
    (
        "paguei 13 reais de estacionamento",
        [ex(13, T, "Estacionamento")],
        ["despesa"],
        {"notes": "A real 13: the 13º reading must not swallow it."},
    ),
    (
        "dia 13 paguei 80 do gas",
        [ex(80, C, "Gás", "2026-11-13")],
        ["despesa", "data_absoluta"],
        {},
    ),
    (
        "recebi 3.500 de salario no dia 13",
        [inc(3500, "Salário", "2026-11-13")],
        ["receita", "data_absoluta"],
        {},
    ),
    # --- bills with a month but no day, or a day and a month ------------------------------
    (
        "ipva de 1.800 vence em janeiro",
        [bl(1800, None)],
        ["conta_agendada", "mes_sem_dia"],
        {
            "contains_any": ["janeiro", "01/2027"],
            "notes": "A month without a day: keep January 2027 (say the day assumed, or ask for it). Due day not checked.",
        },
    ),
    (
        "iptu de 2.400 vence em fevereiro",
        [bl(2400, None, M, "IPTU")],
        ["conta_agendada", "mes_sem_dia"],
        {"contains_any": ["fevereiro", "02/2027"]},
    ),
    (
        "tenho que pagar 350 do dentista em dezembro",
        [bl(350, None)],
        ["conta_agendada", "mes_sem_dia"],
        {"contains_any": ["dezembro", "12/2026"]},
    ),
    (
        "matricula da escola, 900, vence dia 15 de janeiro",
        [bl(900, "2027-01-15", ED)],
        ["conta_agendada", "sem_acento"],
        {},
    ),
    (
        "seguro do carro de 3.200 vence 10 de março",
        [bl(3200, "2027-03-10")],
        ["conta_agendada"],
        {},
    ),
    (
        "o boleto do curso, 480, vence dia 5 do mes que vem",
        [bl(480, "2026-12-05", ED, "Cursos")],
        ["conta_agendada", "sem_acento"],
        {},
    ),
    # --- numbers in words, "X e Y", "N de Y cada", k, mil e ------------------------------
    (
        "gastei cento e vinte e cinco reais e cinquenta centavos no mercado",
        [ex(125.5, A, "Supermercado")],
        ["despesa", "numero_por_extenso"],
        {},
    ),
    (
        "paguei trinta e dois e noventa no uber",
        [ex(32.9, T, "App")],
        ["despesa", "numero_por_extenso", "x_e_y"],
        {},
    ),
    (
        "uber deu dezoito e cinquenta",
        [ex(18.5, T, "App")],
        ["despesa", "numero_por_extenso", "x_e_y"],
        {},
    ),
    (
        "2 ingressos de cinema de 38 cada",
        [ex(76, L, "Cinema")],
        ["despesa", "n_de_y_cada"],
        {},
    ),
    (
        "comprei 3 livros de 45,90 cada",
        [ex(137.7, ED, "Livros")],
        ["despesa", "n_de_y_cada"],
        {},
    ),
    ("torrei 1,2k em roupa hj", [ex(1200, CP, "Roupas")], ["despesa", "k", "girias"], {}),
    ("aluguel 2 mil e 300", [ex(2300, M, "Aluguel")], ["despesa", "mil_e"], {}),
    (
        "recebi 3 mil e quinhentos do freela",
        [inc(3500, "Freelance")],
        ["receita", "mil_e", "numero_por_extenso"],
        {},
    ),
    (
        "paguei mil e duzentos de condominio",
        [ex(1200, M, "Condomínio")],
        ["despesa", "numero_por_extenso", "sem_acento"],
        {},
    ),
    # --- slang, typos, no accents ---------------------------------------------------------
    (
        "rachei a conta do bar, minha parte deu 74",
        [ex(74, L, "Bares")],
        ["despesa", "girias"],
        {"notes": "The user's share is the user's expense."},
    ),
    (
        "gastei 60 conto de racao pro dog",
        [ex(60)],
        ["despesa", "girias", "sem_acento"],
        {"notes": "Pet food: category not checked."},
    ),
    (
        "abasteci 180 no posto ontem, paguei no debito",
        [ex(180, T, "Combustível", "today-1", "debito")],
        ["despesa", "data_relativa", "pagamento"],
        {},
    ),
    (
        "farmacia deu 43,9 no pix",
        [ex(43.9, S, "Farmácia", pm="pix")],
        ["despesa", "pagamento", "sem_acento"],
        {},
    ),
    (
        "comprei um fone de 350 em 3x sem juros",
        [ex(350, CP, "Eletrônicos", pm="credito", inst=3)],
        ["despesa", "parcelado"],
        {},
    ),
    ("pagei 90 de internet", [ex(90, C, "Internet")], ["despesa", "typo"], {}),
    (
        "recebi meu salario de 4.200 hj",
        [inc(4200, "Salário")],
        ["receita", "sem_acento", "abreviacao"],
        {},
    ),
    # --- refunds, transfers, loans --------------------------------------------------------
    ("o mercado livre me reembolsou 129,90", [rf(129.9)], ["estorno", "reembolso"], {}),
    (
        "recebi o estorno de 49,90 da assinatura",
        [rf(49.9)],
        ["estorno"],
        {"notes": "A refund is not a new income from work: refund (Reembolso)."},
    ),
    ("joguei 700 na poupanca", [tr(700)], ["transferencia", "girias", "sem_acento"], {}),
    ("peguei 5 mil emprestado no banco", [ln(5000)], ["emprestimo"], {}),
    # --- multi-intent in one message ------------------------------------------------------
    (
        "paguei 45 de uber e 120 de mercado",
        [ex(45, T, "App"), ex(120, A, "Supermercado")],
        ["varios_itens"],
        {},
    ),
    (
        "recebi 2 mil de salario e transferi 500 pra poupanca",
        [inc(2000, "Salário"), tr(500)],
        ["varios_itens", "receita", "transferencia"],
        {},
    ),
    # --- questions, hypotheticals, information with amounts: write nothing ----------------
    (
        "sera que gastei uns 200 de ifood essa semana?",
        [],
        ["pergunta_com_valor", "sem_acento"],
        {"route": "simplista"},
    ),
    (
        "vale a pena comprar um notebook de 4 mil em 12x?",
        [],
        ["hipotetico"],
        {"route": NOQ},
    ),
    ("um pao frances ta 1,20 aqui no bairro", [], ["informacao"], {"route": NOQ}),
    (
        "quanto eu gastaria num mes pedindo ifood de 50 todo dia?",
        [],
        ["hipotetico"],
        {"route": HYP},
    ),
    (
        "to pensando em dar 2 mil de entrada num carro",
        [],
        ["intencao", "girias"],
        {"route": NOQ},
    ),
    (
        "quanto rende 10 mil na poupança em um ano?",
        [],
        ["hipotetico", "taxa_nao_informada"],
        {
            "route": HYP,
            "not_contains": NOT_SAID,
            "contains_any": ASSUMED,
            "notes": "No rate given: the answer states the rate it assumes.",
        },
    ),
    # --- absurd / invalid -----------------------------------------------------------------
    ("gastei 45 no mercado dia 31/04", [], ["absurdo", "data_invalida"], {"asks": True}),
    ("comprei um sorvete de 80 mil", [], ["absurdo", "valor_absurdo"], {"asks": True}),
    ("paguei o celular de 1.500 em 100x", [], ["absurdo", "parcelas_invalidas"], {"asks": True}),
    ("uber de 20 dia 15/08/1995", [], ["absurdo", "data_distante"], {"asks": True}),
]




MULTI: list[tuple] = [
    (
        ["multi_turno", "emprestimo", "pagamento_divida"],
        [
            turn("peguei 4 mil emprestado com a minha tia", rec_expect([ln(4000)])),
            turn("paguei 1.000 pra minha tia", rec_expect([dp(1000)])),
        ],
        "The payment names the aunt's loan recorded in the previous turn.",
    ),
    (
        ["multi_turno", "emprestimo", "pagamento_divida", "ambiguo"],
        [
            turn("meu pai me emprestou 2 mil", rec_expect([ln(2000)])),
            turn("peguei 10 mil de emprestimo no banco", rec_expect([ln(10000)])),
            turn("paguei 500 do emprestimo", {"route": "lancamento", "effects": [], "asks": True}),
            turn("o do banco", rec_expect([dp(500)])),
        ],
        "Two loans: ask which one, then record the payment.",
    ),
    (
        ["multi_turno", "absurdo", "correcao"],
        [
            turn("cafe de 3 mil", {"route": "lancamento", "effects": [], "asks": True}),
            turn("foi 3 reais, erro meu", rec_expect([ex(3)])),
        ],
        None,
    ),
    (
        ["multi_turno", "taxa_nao_informada"],
        [
            turn("tenho 20 mil na poupanca"),
            turn(
                "quanto isso rende por mes?",
                {
                    "route": HYP,
                    "effects": [],
                    "not_contains": NOT_SAID,
                    "contains_any": ASSUMED,
                },
            ),
        ],
        "No poupança rate was given in the conversation: say the assumption.",
    ),
    (
        ["multi_turno", "taxa_nao_informada"],
        [
            turn("10 mil num cdb de 110% do cdi com cdi de 12% ao ano por 1 ano, quanto fica?"),
            turn(
                "e se fosse na poupança?",
                {
                    "route": HYP,
                    "effects": [],
                    "not_contains": NOT_SAID,
                    "contains_any": ASSUMED,
                },
            ),
        ],
        "The CDI was given, the poupança rate was not.",
    ),
    (
        ["multi_turno", "terceiro_pagou"],
        [
            turn("minha mae pagou o aluguel desse mes pra mim, 1.500", {"effects": []}),
            turn("paguei 90 de internet", rec_expect([ex(90, C, "Internet")])),
        ],
        "Nothing recorded for the mother's payment; the next entry is recorded normally.",
    ),
]


def build() -> list[dict]:
    cases: list[dict] = []
    n = 0

    def nid() -> str:
        nonlocal n
        n += 1
        return f"fin-rec3-{n:04d}"

    for user, effects, tags, opts in SINGLE:
        opts = dict(opts)
        notes = opts.pop("notes", None)
        route = opts.pop("route", "lancamento")
        expect: dict = {"effects": effects}
        if route is not None:
            expect = {"route": route, **expect}
        if effects:
            expect["figures"] = [fig(e["amount"]) for e in effects]
        expect.update(opts)
        cases.append(case(nid(), tags, [{"user": user, "expect": expect}], notes=notes))
    for tags, turns, notes in MULTI:
        cases.append(case(nid(), tags, turns, notes=notes))
    for c in cases:
        c["split"] = "dev"  # a tuning batch: the held-out check is recording.jsonl's test split
    return cases


if __name__ == "__main__":
    write("recording3.jsonl", build())
