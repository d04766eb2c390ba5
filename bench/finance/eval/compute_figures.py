# ruff: noqa: E501  (data tables of user messages; long pt-BR strings are kept whole)
"""Compute the expected figures of complex.jsonl independently (numpy-financial + plain math).

Conventions (also stated in each case's notes when they matter):
- Rates a.m. are effective monthly rates; payments are at the end of each period.
- PRICE: constant instalment PMT = P*i/(1-(1+i)^-n). SAC: constant amortisation A = P/n,
  instalment k = A + (P - (k-1)A)*i; total paid = P + i*P*(n+1)/2.
- Investments: "x% do CDI" is applied to the annual CDI rate, compounded yearly over the term
  (t in years; the daily-compounding convention differs by < 1% in the final value, inside rtol).
  IR regressive table on the gain: <=180 days 22.5%, <=360 20%, <=720 17.5%, >720 15%.
  LCI/LCA and poupança are exempt. Tesouro: B3 custody fee ignored (the questions say so).
- Goals/retirement: FV of end-of-month deposits; PMT solves FV = PV*(1+i)^n + PMT*((1+i)^n-1)/i.
- Money figures carry rtol 0.01; figures that are gains after a convention-sensitive rate carry
  rtol 0.02 (said in notes); counts of months carry tol 1.
Run: python compute_figures.py  (writes complex.jsonl)
"""

from __future__ import annotations

import math

import numpy_financial as npf
from suitelib import case, write

R1 = 0.01  # rtol for computed money


def F(value, rtol=R1, tol=None):
    if tol is not None:
        return {"value": round(value, 2), "tol": tol}
    return {"value": round(value, 2), "rtol": rtol}


# --- financial primitives -------------------------------------------------------------
def price_pmt(P, i, n):
    return float(npf.pmt(i, n, -P))


def sac_inst(P, i, n, k):
    a = P / n
    return a + (P - (k - 1) * a) * i


def sac_total(P, i, n):
    return P + i * P * (n + 1) / 2


def ir_rate(days):
    return 0.225 if days <= 180 else 0.20 if days <= 360 else 0.175 if days <= 720 else 0.15


def cdb_net_final(A, cdi, pct, years, days):
    gain = A * ((1 + cdi * pct) ** years - 1)
    return A + gain * (1 - ir_rate(days)), gain


def exempt_final(A, annual, years):
    return A * (1 + annual) ** years


def goal_pmt(fv, i, n, pv=0.0):
    if i == 0:
        return (fv - pv) / n
    return float(npf.pmt(i, n, pv, -fv))


def fv_series(pmt, i, n, pv=0.0):
    return float(npf.fv(i, n, -pmt, -pv))


def nper(i, pmt, pv=0.0, fv=0.0):
    """Months to repay pv (a debt) or to reach fv (savings) paying pmt at the end of each month."""
    return float(npf.nper(i, -pmt, pv, fv))


# --- cases --------------------------------------------------------------------------
def C(user, figures, tags, notes=None, follow=None):
    """A complex question; follow = (user, figures) for a graded follow-up turn."""
    return (user, figures, tags, notes, follow)


def cases():
    out = []
    # PRICE ------------------------------------------------------------------------
    p = price_pmt(200000, 0.009, 360)
    out.append(
        C(
            "quero financiar 200 mil de um apê em 360 meses a 0,9% ao mes, tabela price. qual a parcela?",
            [F(p)],
            ["financiamento", "price"],
        )
    )
    p = price_pmt(60000, 0.015, 48)
    out.append(
        C(
            "carro de 80 mil, dou 20 de entrada e financio o resto em 48x a 1,5% a.m. quanto fica a parcela e quanto pago no total de parcelas?",
            [F(p), F(p * 48)],
            ["financiamento", "price", "entrada"],
            "Financed 60 mil; total of instalments = 48 x PMT.",
        )
    )
    p = price_pmt(150000, 0.01, 240)
    out.append(
        C(
            "financiamento de 150 mil em 20 anos a 1% ao mes pela price, quanto de juros eu vou pagar no total?",
            [F(p * 240 - 150000)],
            ["financiamento", "price", "juros_totais"],
        )
    )
    p36, p24 = price_pmt(18000, 0.021, 36), price_pmt(18000, 0.021, 24)
    out.append(
        C(
            "moto de 18 mil em 36x a 2,1% a.m., qual a parcela?",
            [F(p36)],
            ["financiamento", "price", "follow_up"],
            follow=("e se fosse em 24x?", [F(p24)]),
        )
    )
    p12, p18 = price_pmt(10000, 0.03, 12), price_pmt(10000, 0.03, 18)
    out.append(
        C(
            "peguei um emprestimo de 10 mil em 12 vezes com juros de 3% ao mes, qual a prestação?",
            [F(p12)],
            ["financiamento", "price", "follow_up"],
            follow=("e em 18x?", [F(p18)]),
        )
    )
    p = price_pmt(360000, 0.0085, 360)
    out.append(
        C(
            "imovel de 450 mil, entrada de 90 mil, 30 anos a 0,85% a.m. na PRICE: qual a primeira e a ultima parcela?",
            [F(p)],
            ["financiamento", "price", "entrada"],
            "PRICE: first = last = PMT on 360 mil.",
        )
    )
    p = price_pmt(30000, 0.02, 24)
    out.append(
        C(
            "quanto fica financiar trinta mil em vinte e quatro meses a dois por cento ao mes?",
            [F(p)],
            ["financiamento", "price", "numero_por_extenso"],
            "Default system in Brazil for consumer credit: PRICE.",
        )
    )
    p = price_pmt(250000, 0.0075, 420)
    out.append(
        C(
            "parcela de um financiamento de 250k em 420 meses a 0,75% a.m. (price)?",
            [F(p)],
            ["financiamento", "price", "k"],
        )
    )
    p10, p12b = price_pmt(6000, 0.0299, 10), price_pmt(6000, 0.0299, 12)
    out.append(
        C(
            "quanto fica um notebook de 6 mil em 10x com juros de 2,99% ao mes?",
            [F(p10), F(p10 * 10)],
            ["financiamento", "price", "follow_up"],
            "Instalment and total paid.",
            follow=("e se fosse em 12x?", [F(p12b)]),
        )
    )
    p = price_pmt(57000, 0.0129, 60)
    out.append(
        C(
            "carro de 95 mil com 40% de entrada, resto em 60x a 1,29% ao mes. qual a parcela?",
            [F(p)],
            ["financiamento", "price", "entrada"],
            "Financed 95000 x 0.6 = 57000.",
        )
    )
    r = float(npf.rate(48, -1200, 40000, 0)) * 100
    out.append(
        C(
            "financiei 40 mil em 48 parcelas de 1.200, qual a taxa de juros ao mes que to pagando?",
            [F(r, rtol=0.02)],
            ["financiamento", "price", "taxa_implicita"],
            "Implicit monthly rate (%), rtol 0.02.",
        )
    )
    # SAC --------------------------------------------------------------------------
    P, i, n = 300000, 0.008, 360
    n2 = 240
    out.append(
        C(
            "financiamento SAC de 300 mil em 360 meses a 0,8% a.m. qual a primeira e a ultima parcela?",
            [F(sac_inst(P, i, n, 1)), F(sac_inst(P, i, n, n))],
            ["financiamento", "sac", "follow_up"],
            follow=(
                "e se fosse em 240 meses?",
                [F(sac_inst(P, i, n2, 1)), F(sac_inst(P, i, n2, n2))],
            ),
        )
    )
    out.append(
        C(
            "apê de 500 mil, entrada 100 mil, SAC 30 anos a 0,9% ao mes. qual a primeira parcela?",
            [F(sac_inst(400000, 0.009, 360, 1))],
            ["financiamento", "sac", "entrada"],
        )
    )
    out.append(
        C(
            "no SAC, 200 mil em 240 meses a 1% a.m., quanto pago de juros no total?",
            [F(sac_total(200000, 0.01, 240) - 200000)],
            ["financiamento", "sac", "juros_totais"],
        )
    )
    out.append(
        C(
            "na sac, 120 mil em 10 anos a 0,7% a.m., quanto é a amortizaçao por mes e a primeira parcela?",
            [F(1000), F(sac_inst(120000, 0.007, 120, 1))],
            ["financiamento", "sac"],
        )
    )
    out.append(
        C(
            "SAC de 80 mil em 60 meses a 1,2% ao mês: primeira, ultima e total pago?",
            [
                F(sac_inst(80000, 0.012, 60, 1)),
                F(sac_inst(80000, 0.012, 60, 60)),
                F(sac_total(80000, 0.012, 60)),
            ],
            ["financiamento", "sac", "juros_totais"],
        )
    )
    out.append(
        C(
            "financiamento sac de 350k, 420 meses, 0,75% am. qual vai ser a parcela no mes 100?",
            [F(sac_inst(350000, 0.0075, 420, 100))],
            ["financiamento", "sac", "k"],
        )
    )
    out.append(
        C(
            "pela tabela SAC, financiando 250 mil a 0,85% a.m. em 300 meses, qual a 1ª parcela?",
            [F(sac_inst(250000, 0.0085, 300, 1))],
            ["financiamento", "sac"],
        )
    )
    # SAC x PRICE --------------------------------------------------------------------
    P, i, n = 400000, 0.009, 360
    out.append(
        C(
            "vou financiar 400 mil em 360 meses a 0,9% a.m. SAC ou PRICE? compara a primeira parcela e o total pago",
            [
                F(price_pmt(P, i, n)),
                F(sac_inst(P, i, n, 1)),
                F(price_pmt(P, i, n) * n),
                F(sac_total(P, i, n)),
            ],
            ["financiamento", "sac", "price", "sac_x_price"],
        )
    )
    P, n = 60000, 48
    pj = lambda r: price_pmt(P, r, n) * n - P  # noqa: E731
    sj = lambda r: sac_total(P, r, n) - P  # noqa: E731
    out.append(
        C(
            "carro de 60 mil em 48x a 1,4% a.m., sac x price, qual paga menos juros e quanto?",
            [F(pj(0.014)), F(sj(0.014))],
            ["financiamento", "sac", "price", "sac_x_price", "follow_up"],
            "Total interest of each system.",
            follow=("e se a taxa fosse 1% ao mes?", [F(pj(0.01)), F(sj(0.01))]),
        )
    )
    out.append(
        C(
            "imovel de 300 mil, entrada de 60 mil, 30 anos a 0,95% a.m., price vs sac: primeira parcela de cada?",
            [F(price_pmt(240000, 0.0095, 360)), F(sac_inst(240000, 0.0095, 360, 1))],
            ["financiamento", "sac", "price", "sac_x_price", "entrada"],
        )
    )
    P, i, n = 200000, 0.01, 240
    out.append(
        C(
            "qual a diferença de juros total entre sac e price num financiamento de 200 mil em 20 anos a 1% a.m.?",
            [F(price_pmt(P, i, n) * n - sac_total(P, i, n))],
            ["financiamento", "sac", "price", "sac_x_price", "juros_totais"],
        )
    )
    P, i, n = 160000, 0.008, 180
    out.append(
        C(
            "160 mil em 180 meses a 0,8% a.m.: qual sistema tem a ultima parcela menor, sac ou price? quanto fica cada uma?",
            [F(sac_inst(P, i, n, n)), F(price_pmt(P, i, n))],
            ["financiamento", "sac", "price", "sac_x_price"],
        )
    )

    # CDB x LCI ----------------------------------------------------------------------
    def cmp_case(text, A, cdi, pcdb, plci, years, days, tags, notes=None, follow=None):
        cdb, _ = cdb_net_final(A, cdi, pcdb, years, days)
        lci = exempt_final(A, cdi * plci, years)
        return C(
            text,
            [F(cdb), F(lci)],
            ["investimento", "cdb_lci", *tags],
            (notes or "") + f" IR {ir_rate(days) * 100}% ({days} days); LCI/LCA exempt.",
            follow,
        )

    cdb6, _ = cdb_net_final(10000, 0.1365, 1.10, 0.5, 180)
    lci6 = exempt_final(10000, 0.1365 * 0.90, 0.5)
    out.append(
        cmp_case(
            "tenho 10 mil pra deixar 2 anos. CDB 110% do CDI ou LCI 90% do CDI? considera o CDI a 13,65% ao ano",
            10000,
            0.1365,
            1.10,
            0.90,
            2,
            730,
            ["follow_up"],
            follow=("e se fosse por 6 meses (180 dias)?", [F(cdb6), F(lci6)]),
        )
    )
    out.append(
        cmp_case(
            "50 mil por 1 ano: CDB 105% do CDI x LCA 88% do CDI, com CDI de 12,15% a.a.. qual rende mais?",
            50000,
            0.1215,
            1.05,
            0.88,
            1,
            365,
            [],
        )
    )
    out.append(
        cmp_case(
            "20 mil por 180 dias, cdb 100% do cdi vs lci 85%, cdi 14,9% aa. qual compensa?",
            20000,
            0.149,
            1.00,
            0.85,
            0.5,
            180,
            [],
        )
    )
    cdb, gain = cdb_net_final(30000, 0.11, 1.20, 3, 1095)
    out.append(
        C(
            "CDB de 120% do CDI por 3 anos com 30 mil, CDI 11% ao ano: quanto eu saco liquido?",
            [F(cdb)],
            ["investimento", "cdb_lci", "ir"],
            "IR 15% (>720 days).",
        )
    )
    out.append(
        cmp_case(
            "LCI 92% do CDI ou CDB 112% por 18 meses com 15 mil? CDI em 13,25% a.a.",
            15000,
            0.1325,
            1.12,
            0.92,
            1.5,
            545,
            [],
        )
    )
    out.append(
        C(
            "pra empatar com uma LCI de 90% do CDI em 2 anos, o CDB tem que pagar quantos % do CDI? CDI a 12% ao ano",
            [F(_breakeven(0.12, 0.90, 2, 0.15) * 100)],
            ["investimento", "cdb_lci", "ir", "equivalencia"],
            "Exact breakeven with yearly compounding: 105.0%; the simple gross-up 90/0.85 = 105.9% is within rtol 0.01.",
        )
    )
    out.append(
        C(
            "100 mil por 1 ano numa LCA de 95% do CDI, CDI 10,4% a.a., quanto rende?",
            [F(100000 * 0.95 * 0.104)],
            ["investimento", "cdb_lci"],
            "Exempt: gain 9880.",
        )
    )
    _, gain = cdb_net_final(25000, 0.13, 1.15, 2, 730)
    out.append(
        C(
            "CDB de 2 anos pagando 115% do CDI, 25 mil aplicados, CDI de 13%. quanto de IR vou pagar?",
            [F(gain * 0.15, rtol=0.02)],
            ["investimento", "cdb_lci", "ir"],
            "IR 15% of the gain; rtol 0.02 (rate convention).",
        )
    )
    out.append(
        cmp_case(
            "tenho 8 mil por 90 dias, CDB 100% CDI (cdi 14,15% aa) ou LCI 87%? qual rende mais?",
            8000,
            0.1415,
            1.00,
            0.87,
            0.25,
            90,
            [],
        )
    )
    out.append(
        cmp_case(
            "30k por 4 anos: cdb 108% do cdi ou lca 90%? cdi 10,65% ao ano",
            30000,
            0.1065,
            1.08,
            0.90,
            4,
            1460,
            ["k"],
        )
    )
    # Tesouro / poupança -----------------------------------------------------------------
    out.append(
        C(
            "5 mil na poupança rendendo 0,5% ao mes por 12 meses, quanto fica?",
            [F(5000 * 1.005**12)],
            ["investimento", "poupanca"],
        )
    )
    g = 20000 * (1.15**2 - 1)
    out.append(
        C(
            "tesouro selic com a selic a 15% ao ano, 20 mil por 2 anos, sem contar taxa da B3, quanto saco liquido?",
            [F(20000 + g * 0.85)],
            ["investimento", "tesouro", "ir"],
            "IR 15% (730 days).",
        )
    )
    out.append(
        C(
            "poupança a 0,5% a.m. ou tesouro selic a 10,5% a.a. por 1 ano com 10 mil? qual rende mais (desconsidera taxa da B3)?",
            [F(10000 * 1.005**12), F(10000 + 1050 * 0.825)],
            ["investimento", "tesouro", "poupanca", "ir"],
            "Tesouro: IR 17.5% (365 days); poupança exempt.",
        )
    )
    gb = 30000 * ((1.045 * 1.06) ** 5 - 1)
    out.append(
        C(
            "tesouro IPCA+ 6% com IPCA de 4,5% ao ano, 30 mil por 5 anos, quanto dá bruto e liquido?",
            [F(30000 + gb), F(30000 + gb * 0.85)],
            ["investimento", "tesouro", "ir"],
            "(1.045 x 1.06)^5; IR 15%.",
        )
    )
    g = 10000 * (1.12**3 - 1)
    out.append(
        C(
            "tesouro prefixado de 12% a.a. por 3 anos com 10 mil, quanto recebo liquido?",
            [F(10000 + g * 0.85)],
            ["investimento", "tesouro", "ir"],
        )
    )
    out.append(
        C(
            "em quanto tempo eu dobro 10 mil na poupança rendendo 0,5% ao mes?",
            [F(math.log(2) / math.log(1.005), tol=1)],
            ["investimento", "poupanca", "prazo"],
            "139 months (about 11.6 years).",
        )
    )
    out.append(
        C(
            "se eu colocar mil por mes na poupança (0,5% a.m.) por 5 anos, quanto junto?",
            [F(fv_series(1000, 0.005, 60))],
            ["investimento", "poupanca", "meta"],
        )
    )
    out.append(
        C(
            "tesouro selic x cdb 100% do cdi por 1 ano com 10 mil: selic 13,75% e cdi 13,65%",
            [F(10000 + 1375 * 0.825), F(10000 + 1365 * 0.825)],
            ["investimento", "tesouro", "cdb_lci", "ir"],
            "Both IR 17.5%.",
        )
    )
    # debts -----------------------------------------------------------------------------
    v = 3000 * 1.14**6
    out.append(
        C(
            "devo 3 mil no rotativo do cartao a 14% ao mes. se eu deixar 6 meses sem pagar vira quanto? compensa quitar agora com o 13º?",
            [F(v), F(v - 3000)],
            ["divida", "rotativo"],
            "Balance after 6 months and the interest saved by paying now.",
        )
    )
    pc = price_pmt(5000, 0.018, 24)
    out.append(
        C(
            "devo 5 mil no cheque especial a 8% a.m. Se eu pegar um consignado de 5 mil a 1,8% a.m. em 24x pra quitar, qual a parcela e quanto pago de juros no total?",
            [F(pc), F(pc * 24 - 5000)],
            ["divida", "cheque_especial", "consignado"],
        )
    )
    out.append(
        C(
            "fatura de 4 mil, se eu pagar so o minimo de 15% e o resto for pro rotativo a 12% a.m., quanto vou dever no mes que vem?",
            [F(3400 * 1.12)],
            ["divida", "rotativo"],
            "Carried 3400, plus one month of interest (IOF ignored).",
        )
    )
    out.append(
        C(
            "tenho 2 mil no cheque especial a 7,9% ao mes, quanto pago de juros em 3 meses se nao mexer?",
            [F(2000 * (1.079**3 - 1))],
            ["divida", "cheque_especial"],
        )
    )
    out.append(
        C(
            "divida de 10 mil no cartao parcelado a 4% a.m., pagando 600 por mes, em quantos meses eu quito?",
            [F(nper(0.04, 600, 10000), tol=1)],
            ["divida", "prazo"],
            "About 28 months.",
        )
    )
    a, b = price_pmt(20000, 0.03, 24), price_pmt(20000, 0.019, 24)
    out.append(
        C(
            "tenho 20 mil de saldo devedor a 3% a.m. e faltam 24 parcelas. outro banco faz a portabilidade a 1,9% a.m. no mesmo prazo. quanto cai a parcela?",
            [F(a), F(b), F(a - b)],
            ["divida", "portabilidade"],
        )
    )
    out.append(
        C(
            "recebi 13º de 4 mil. quito o rotativo de 3.500 a 15% a.m. ou o consignado de 3.500 a 1,7% a.m.? quanto de juros cada um me custa por mes?",
            [F(525), F(59.5)],
            ["divida", "rotativo", "consignado"],
        )
    )
    p84, p48 = price_pmt(30000, 0.0166, 84), price_pmt(30000, 0.0166, 48)
    out.append(
        C(
            "consignado de 30 mil em 84x a 1,66% a.m., qual a parcela?",
            [F(p84)],
            ["divida", "consignado", "follow_up"],
            follow=("e se fosse em 48x?", [F(p48)]),
        )
    )
    a, b = price_pmt(8000, 0.05, 12) * 12, price_pmt(8000, 0.02, 12) * 12
    out.append(
        C(
            "emprestimo pessoal de 8 mil a 5% ao mes em 12x ou consignado de 8 mil a 2% em 12x? diferença no total pago?",
            [F(a), F(b), F(a - b)],
            ["divida", "consignado", "emprestimo"],
        )
    )
    # goals ---------------------------------------------------------------------------
    g36, g60 = goal_pmt(50000, 0.008, 36), goal_pmt(50000, 0.008, 60)
    out.append(
        C(
            "quanto poupar por mês pra juntar 50 mil em 3 anos a 0,8% a.m.?",
            [F(g36)],
            ["meta", "follow_up"],
            follow=("e se fosse em 5 anos?", [F(g60)]),
        )
    )
    out.append(
        C(
            "quero ter 100 mil em 5 anos, ja tenho 20 mil guardado rendendo 0,7% a.m. quanto preciso guardar por mes?",
            [F(goal_pmt(100000, 0.007, 60, 20000))],
            ["meta"],
        )
    )
    out.append(
        C(
            "quero fazer uma viagem de 15 mil daqui 18 meses, minha aplicação rende 0,6% a.m. quanto guardo por mes?",
            [F(goal_pmt(15000, 0.006, 18))],
            ["meta"],
        )
    )
    out.append(
        C(
            "quanto tempo leva pra juntar 30 mil guardando mil por mes a 0,6% a.m.?",
            [F(nper(0.006, 1000, 0, 30000), tol=1)],
            ["meta", "prazo"],
        )
    )
    out.append(
        C(
            "se eu guardar 800 por mês durante 10 anos a 0,7% a.m., quanto vou ter?",
            [F(fv_series(800, 0.007, 120))],
            ["meta"],
        )
    )
    out.append(
        C(
            "preciso de 60 mil de entrada pro apê em 4 anos, rendimento de 0,75% a.m., quanto por mes?",
            [F(goal_pmt(60000, 0.0075, 48))],
            ["meta"],
        )
    )
    out.append(
        C(
            "quero comprar um carro de 70 mil a vista em 2 anos. ja tenho 10 mil e a aplicação rende 0,65% a.m. quanto por mês?",
            [F(goal_pmt(70000, 0.0065, 24, 10000))],
            ["meta"],
        )
    )
    out.append(
        C(
            "casamento de 40 mil em 2 anos, guardando embaixo do colchao sem render nada, quanto por mes?",
            [F(40000 / 24)],
            ["meta"],
        )
    )
    # retirement -------------------------------------------------------------------------
    r25, r20 = goal_pmt(1_000_000, 0.006, 300), goal_pmt(1_000_000, 0.006, 240)
    out.append(
        C(
            "quero juntar 1 milhão em 25 anos pra aposentar, rendimento de 0,6% a.m. quanto guardar por mês?",
            [F(r25)],
            ["aposentadoria", "follow_up"],
            follow=("e se eu começar 5 anos mais tarde, com 20 anos pela frente?", [F(r20)]),
        )
    )
    out.append(
        C(
            "quero uma renda de 5 mil por mes vivendo so dos juros, rendendo 0,4% a.m. real. quanto de patrimonio preciso?",
            [F(5000 / 0.004)],
            ["aposentadoria", "renda_passiva"],
        )
    )
    out.append(
        C(
            "tenho 35 anos, quero me aposentar aos 60 com 2 milhoes. consigo guardar 1.500 por mes a 0,7% a.m. chego la? quanto teria?",
            [F(fv_series(1500, 0.007, 300))],
            ["aposentadoria"],
            "25 years = 300 months; about 1.52 mi, short of 2 mi.",
        )
    )
    out.append(
        C(
            "quantos anos pra chegar a 1 milhao guardando 3 mil por mes a 0,8% a.m.?",
            [F(nper(0.008, 3000, 0, 1_000_000) / 12, tol=0.5)],
            ["aposentadoria", "prazo"],
            "nper/12, about 13.5 years.",
        )
    )
    out.append(
        C(
            "ja tenho 200 mil investidos, quero 1,5 milhao em 20 anos a 0,6% a.m., quanto por mes?",
            [F(goal_pmt(1_500_000, 0.006, 240, 200000))],
            ["aposentadoria"],
        )
    )
    out.append(
        C(
            "pra ter 8 mil de renda por mes a 0,5% a.m. preciso de 1,6 milhão. quanto guardar por mês em 30 anos a 0,5% a.m.?",
            [F(goal_pmt(1_600_000, 0.005, 360))],
            ["aposentadoria", "renda_passiva"],
        )
    )
    # buy vs rent -----------------------------------------------------------------------
    out.append(
        C(
            "apê de 500 mil ou aluguel de 2 mil? o dinheiro rende 0,8% a.m. liquido. compro a vista ou alugo e invisto?",
            [F(4000), F(2000)],
            ["comprar_x_alugar"],
            "500 mil at 0.8% = 4000/month of yield vs 2000 of rent.",
        )
    )
    out.append(
        C(
            "imovel de 400 mil com aluguel de 1.800. quanto % do valor é o aluguel por mês e por ano?",
            [F(0.45, tol=0.01), F(5.4, tol=0.05)],
            ["comprar_x_alugar"],
        )
    )
    p = price_pmt(280000, 0.009, 360)
    out.append(
        C(
            "comprar apê de 350 mil financiado (70 mil de entrada, 280 mil em 360x a 0,9% a.m. price) ou pagar aluguel de 1.700? diferença por mes?",
            [F(p), F(p - 1700)],
            ["comprar_x_alugar", "price"],
        )
    )
    out.append(
        C(
            "casa de 600 mil ou aluguel de 3 mil e deixo os 600 mil investidos a 0,7% a.m.? quanto rende o dinheiro por mes?",
            [F(4200), F(3000)],
            ["comprar_x_alugar"],
        )
    )
    out.append(
        C(
            "carro de 60 mil a vista ou carro por assinatura de 2.500/mes? meu dinheiro rende 1% a.m. e o carro desvaloriza 10% ao ano",
            [F(600), F(500), F(2500)],
            ["comprar_x_alugar", "veiculo"],
            "Owning: 600/month of lost yield + 500/month depreciation (6000/yr) = 1100 vs 2500.",
        )
    )
    out.append(
        C(
            "pago 2.500 de aluguel, a parcela do financiamento seria 3.200. quanto a mais eu pagaria por ano?",
            [F(8400)],
            ["comprar_x_alugar"],
        )
    )
    # emergency fund ----------------------------------------------------------------------
    out.append(
        C(
            "gasto uns 4.500 por mes, quanto deveria ter de reserva de emergencia?",
            [F(27000)],
            ["reserva_emergencia"],
            "Assumes the common 6 months of expenses for an employee: 6 x 4500.",
        )
    )
    out.append(
        C(
            "sou autonomo, meu custo de vida é 3 mil e quero 12 meses de reserva. quanto preciso?",
            [F(36000)],
            ["reserva_emergencia"],
            "12 x 3000 (the user's multiple).",
        )
    )
    out.append(
        C(
            "meu custo mensal é 5 mil e ja tenho 12 mil guardados. quanto falta pra ter 6 meses de reserva?",
            [F(18000)],
            ["reserva_emergencia"],
        )
    )
    out.append(
        C(
            "gasto 3.500 e consigo guardar 700 por mes. em quantos meses monto 6 meses de reserva, sem contar rendimento?",
            [F(30, tol=0.5)],
            ["reserva_emergencia", "prazo"],
            "6 x 3500 = 21000; / 700 = 30 months.",
        )
    )
    out.append(
        C(
            "quero reserva de emergencia de 6 meses. gasto 2.800 por mes fora o aluguel de 1.200",
            [F(24000)],
            ["reserva_emergencia"],
            "(2800 + 1200) x 6.",
        )
    )
    out.append(
        C(
            "sou clt e gasto 6 mil por mes, qual seria a reserva minima de 3 meses e a ideal de 6?",
            [F(18000), F(36000)],
            ["reserva_emergencia"],
        )
    )
    return out


def _breakeven(cdi, lci_pct, years, ir):
    target = (1 + cdi * lci_pct) ** years - 1
    lo, hi = 0.5, 2.0
    for _ in range(100):
        mid = (lo + hi) / 2
        if ((1 + cdi * mid) ** years - 1) * (1 - ir) < target:
            lo = mid
        else:
            hi = mid
    return mid


# Spending diagnosis: context turns build the ledger; the answer must show the heavy totals.
DIAG = [
    (
        [
            "recebi 5.000 de salario dia 05/11",
            "paguei 1.500 de aluguel dia 05/11",
            "ifood 80 dia 03/11",
            "ifood 95 dia 07/11",
            "ifood 120 dia 12/11",
            "ifood 110 dia 18/11",
            "ifood 75 dia 22/11",
            "bar 150 dia 08/11",
            "bar 130 dia 15/11",
            "bar 100 dia 21/11",
            "uber 45 dia 04/11",
            "uber 60 dia 11/11",
            "uber 38 dia 19/11",
            "uber 57 dia 23/11",
        ],
        "onde eu posso cortar gastos esse mes? to gastando demais com o que?",
        [480, 380, 200],
        "Delivery 480 (Alimentação), Bares 380 (Lazer), App 200 (Transporte): the cuttable ones.",
    ),
    (
        [
            "recebi 3.800 de salario dia 05/11",
            "aluguel 1.200 dia 06/11",
            "supermercado 650 dia 08/11",
            "compras de roupa 420 dia 10/11",
            "comprei um tenis de 380 dia 16/11",
            "roupa 250 dia 20/11",
            "netflix 55,90 dia 02/11",
            "spotify 21,90 dia 02/11",
            "cinema 70 dia 14/11",
        ],
        "pq meu dinheiro nao ta sobrando esse mes? onde cortar?",
        [1050, 147.8],
        "Roupas 420+380+250 = 1050 is the biggest variable cost; Lazer 147.80.",
    ),
    (
        [
            "recebi 7.000 de salario dia 05/11",
            "aluguel 2.200 dia 05/11",
            "gasolina 450 dia 06/11",
            "gasolina 380 dia 17/11",
            "estacionamento 25 dia 07/11",
            "estacionamento 25 dia 14/11",
            "estacionamento 30 dia 21/11",
            "restaurante 180 dia 09/11",
            "restaurante 220 dia 16/11",
            "restaurante 160 dia 23/11",
            "supermercado 900 dia 10/11",
        ],
        "faz um diagnostico dos meus gastos de novembro e me diz onde da pra economizar",
        [910, 560],
        "Transporte 450+380+25+25+30 = 910; Restaurante 560; Supermercado 900 is essential.",
    ),
    (
        [
            "recebi 4.200 de salario dia 05/11",
            "aluguel 1.300 dia 05/11",
            "conta de luz 310 dia 10/11",
            "conta de agua 140 dia 10/11",
            "internet 150 dia 10/11",
            "celular 120 dia 10/11",
            "ifood 65 dia 12/11",
            "ifood 70 dia 19/11",
            "supermercado 700 dia 15/11",
        ],
        "minhas contas fixas tao altas? onde eu corto?",
        [730],
        "Contas 310+140+150+120 = 730.",
    ),
    (
        [
            "recebi 6.000 de salario dia 05/11",
            "aluguel 1.800 dia 05/11",
            "bar 200 dia 06/11",
            "bar 250 dia 13/11",
            "bar 300 dia 20/11",
            "viagem de fim de semana, hotel 900 dia 14/11",
            "uber 80 dia 06/11",
            "uber 90 dia 13/11",
            "supermercado 800 dia 09/11",
        ],
        "to gastando muito com lazer? quanto foi e onde da pra cortar?",
        [1650, 750],
        "Lazer = Bares 750 + Viagem 900 = 1650.",
    ),
]


def build():
    out, n = [], 0
    for user, figures, tags, notes, follow in cases():
        n += 1
        turns = [{"user": user, "expect": {"route": "complexa", "effects": [], "figures": figures}}]
        if follow:
            turns.append(
                {
                    "user": follow[0],
                    "expect": {"route": "complexa", "effects": [], "figures": follow[1]},
                }
            )
        out.append(case(f"fin-cpx-{n:04d}", ["complexa", *tags], turns, notes=notes))
    for context, user, figures, notes in DIAG:
        n += 1
        turns = [{"user": u} for u in context]
        turns.append(
            {
                "user": user,
                "expect": {
                    "route": "complexa",
                    "effects": [],
                    "figures": [F(v, tol=0.01) for v in figures],
                },
            }
        )
        out.append(case(f"fin-cpx-{n:04d}", ["complexa", "diagnostico_gastos"], turns, notes=notes))
    return out


if __name__ == "__main__":
    write("complex.jsonl", build())
