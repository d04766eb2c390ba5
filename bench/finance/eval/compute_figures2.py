# ruff: noqa: E501  (data tables of user messages; long pt-BR strings are kept whole)
"""Compute the expected figures of complex2.jsonl (a second, independently written complex suite).

Same conventions as compute_figures.py, whose primitives are reused (numpy-financial 1.0.0):
- Rates a.m. are effective monthly rates; payments at the end of each period.
- PRICE: PMT = P*i/(1-(1+i)^-n); balance after k instalments = FV of the loan minus FV of the
  k instalments. SAC: A = P/n, instalment k = A + (P-(k-1)A)*i, total interest = i*P*(n+1)/2.
- CDB "x% do CDI": x applied to the annual CDI, compounded yearly over the term in years; IR on the
  gain 22.5/20/17.5/15% for <=180/<=360/<=720/>720 days; poupança exempt.
- Goals: PMT solving FV = PV*(1+i)^n + PMT*((1+i)^n-1)/i.
- Revolving credit: balance carried grows by the monthly rate (IOF ignored).
- Money figures rtol 0.01; CDB gains rtol 0.02 (rate-convention sensitive); months tol 1.
- Cases where a needed parameter is missing (tag `falta_parametro`): the first turn must ask for it
  (`asks: true`, no figures); the follow-up gives it and carries the figures.
Run: python compute_figures2.py  (writes complex2.jsonl)
"""

from __future__ import annotations

import numpy_financial as npf
from compute_figures import (
    F,
    cdb_net_final,
    fv_series,
    goal_pmt,
    nper,
    price_pmt,
    sac_inst,
    sac_total,
)
from suitelib import case, write

R2 = 0.02


def price_balance(P, i, n, k):
    """Balance of a PRICE loan after k instalments."""
    pmt = price_pmt(P, i, n)
    return float(-npf.fv(i, k, -pmt, P))


def C(user, figures, tags, notes=None, follow=None, asks=False):
    """A complex question; follow = (user, figures); asks=True: the first turn must ask a parameter."""
    return (user, figures, tags, notes, follow, asks)


def cases():
    out = []
    # financing: PRICE / SAC ------------------------------------------------------------------
    p = price_pmt(120000, 0.01, 180)
    out.append(C("quero financiar cento e vinte mil reais em cento e oitenta meses, juros de um por cento ao mes, tabela price. quanto fica a parcela?",
                 [F(p)], ["financiamento", "price", "numero_por_extenso"]))
    P, i, n = 250000, 0.0075, 360
    out.append(C("financiamento de duzentos e cinquenta mil pelo SAC em trinta anos a 0,75% a.m. qual a primeira parcela e quanto pago de juros no total?",
                 [F(sac_inst(P, i, n, 1)), F(sac_total(P, i, n) - P)], ["financiamento", "sac", "numero_por_extenso", "juros_totais"],
                 "First = 250000/360 + 250000*0.0075; interest = i*P*(n+1)/2."))
    p = price_pmt(54000, 0.0139, 60)
    out.append(C("carro de 72 mil, dou 18 de entrada e o resto em 60x a 1,39% ao mes na price. qual a parcela e quanto de juros no total?",
                 [F(p), F(p * 60 - 54000)], ["financiamento", "price", "entrada", "juros_totais"], "Financed 54 mil."))
    pp, ps = price_pmt(180000, 0.0085, 240), sac_inst(180000, 0.0085, 240, 1)
    out.append(C("price x sac: 180 mil em 20 anos a 0,85% a.m., quanto da a primeira parcela em cada um e qual a diferença?",
                 [F(pp), F(ps), F(ps - pp)], ["financiamento", "price", "sac", "comparacao"]))
    out.append(C("financiei 90 mil em 120 meses pela price a 1,1% a.m. ja paguei 12 parcelas, quanto ainda devo?",
                 [F(price_balance(90000, 0.011, 120, 12))], ["financiamento", "price", "saldo_devedor"],
                 "Outstanding balance after 12 PRICE instalments."))
    out.append(C("na sac, 300 mil em 360 meses a 0,9% ao mes, quanto vai ser a 13a parcela?",
                 [F(sac_inst(300000, 0.009, 360, 13))], ["financiamento", "sac"], "A = 833.33; k = 13."))
    out.append(C("quero financiar uma casa de 400 mil em 30 anos, quanto fica a parcela?",
                 [], ["financiamento", "falta_parametro"], "No rate given: the answer must ask for it (or for the system) before a figure.",
                 follow=("a taxa é 0,8% ao mes, pela price", [F(price_pmt(400000, 0.008, 360))]), asks=True))
    p = price_pmt(15000, 0.025, 48)
    out.append(C("moto de quinze mil em quarenta e oito vezes a dois virgula cinco por cento ao mes, quanto eu pago no total?",
                 [F(p), F(p * 48)], ["financiamento", "price", "numero_por_extenso"], "PRICE (consumer credit default): instalment and total."))
    # savings / CDB / poupança -----------------------------------------------------------------
    cdb, gain = cdb_net_final(12000, 0.14, 1.10, 2, 730)
    out.append(C("se eu deixar 12 mil num cdb de 110% do cdi por 2 anos, com o cdi em 14% ao ano, quanto saco liquido?",
                 [F(cdb)], ["investimento", "cdb", "ir"], "IR 15% (730 days)."))
    out.append(C("poupança rendendo 0,6% ao mes, coloco 20 mil e deixo 3 anos parado, quanto fica?",
                 [F(20000 * 1.006**36)], ["investimento", "poupanca"]))
    out.append(C("guardando 500 por mes na poupança a 0,5% a.m. durante 4 anos, quanto eu tenho no final?",
                 [F(fv_series(500, 0.005, 48))], ["investimento", "poupanca", "aportes"]))
    cdb, gain = cdb_net_final(50000, 0.135, 1.00, 0.5, 180)
    out.append(C("cdb 100% do cdi por 6 meses com 50 mil, cdi 13,5% a.a., quanto rende liquido?",
                 [F(gain * (1 - 0.225), rtol=R2)], ["investimento", "cdb", "ir"],
                 "IR 22.5% (180 days); net gain, rtol 0.02 (half-year compounding convention)."))
    out.append(C("10 mil por 1 ano: poupança a 0,5% a.m. ou cdb 100% do cdi com cdi de 12% a.a.? quanto fica cada um?",
                 [F(10000 * 1.005**12), F(10000 + 1200 * 0.825)], ["investimento", "poupanca", "cdb", "ir", "comparacao"],
                 "CDB: IR 17.5% (365 days); poupança exempt."))
    cdb, _ = cdb_net_final(30000, 0.14, 1.05, 2, 730)
    out.append(C("quanto rende 30 mil num cdb por 2 anos?",
                 [], ["investimento", "cdb", "falta_parametro"], "No rate (% of CDI, CDI): ask.",
                 follow=("é 105% do cdi e o cdi ta em 14% ao ano", [F(cdb)]), asks=True))
    # portability ---------------------------------------------------------------------------------
    a, b = price_pmt(35000, 0.028, 48), price_pmt(35000, 0.016, 48)
    out.append(C("tenho emprestimo com saldo devedor de 35 mil, faltam 48 parcelas a 2,8% a.m. outro banco oferece portabilidade a 1,6% a.m. no mesmo prazo. quanto economizo por mes e no total?",
                 [F(a - b), F((a - b) * 48)], ["divida", "portabilidade"], f"Current {a:.2f}, new {b:.2f}."))
    a, b = price_pmt(220000, 0.01, 240), price_pmt(220000, 0.008, 240)
    out.append(C("financiamento do ape: devo 220 mil, faltam 240 meses a 1% ao mes na price. outro banco faz portabilidade a 0,8%. qual a nova parcela e quanto cai?",
                 [F(b), F(a - b)], ["divida", "portabilidade", "financiamento"]))
    b = price_pmt(25000, 0.014, 36)
    out.append(C("minha parcela hoje é 1.150, saldo de 25 mil e faltam 36 meses. um banco me oferece 1,4% a.m. no mesmo prazo. quanto fica a nova parcela e quanto economizo por mes?",
                 [F(b), F(1150 - b)], ["divida", "portabilidade"]))
    a, b = price_pmt(15000, 0.035, 24), price_pmt(15000, 0.02, 24)
    out.append(C("quero fazer portabilidade do meu emprestimo de 15 mil, compensa?",
                 [], ["divida", "portabilidade", "falta_parametro"], "No rates nor term: ask.",
                 follow=("pago 3,5% ao mes, faltam 24 parcelas, o outro banco oferece 2% ao mes", [F(a), F(b), F(a - b)]), asks=True))
    # consignado vs other credit -----------------------------------------------------------------------
    c, e = price_pmt(10000, 0.0185, 36), price_pmt(10000, 0.055, 36)
    out.append(C("preciso de 10 mil: consignado a 1,85% a.m. em 36x ou emprestimo pessoal a 5,5% a.m. em 36x. quanto pago de juros em cada um?",
                 [F(c * 36 - 10000), F(e * 36 - 10000)], ["divida", "consignado", "emprestimo", "comparacao"]))
    p = price_pmt(8000, 0.0166, 84)
    out.append(C("consignado do inss de 8 mil em 84 vezes a 1,66% ao mes, quanto fica a parcela e quanto pago no total?",
                 [F(p), F(p * 84)], ["divida", "consignado"]))
    out.append(C("cartao consignado a 2,46% a.m. ou cheque especial a 7,8% a.m. pra usar 3 mil por 6 meses e pagar tudo no fim? quanto de juros em cada?",
                 [F(3000 * (1.0246**6 - 1)), F(3000 * (1.078**6 - 1))], ["divida", "consignado", "cheque_especial", "comparacao"],
                 "Compound interest over 6 months, no payments."))
    pv = float(npf.pv(0.018, 72, -1400))
    out.append(C("meu salario liquido é 4 mil e a margem do consignado é 35%. qual a parcela maxima e quanto consigo pegar em 72x a 1,8% a.m.?",
                 [F(1400), F(pv)], ["divida", "consignado", "margem"], "0.35 x 4000 = 1400; PV of 72 x 1400 at 1.8%."))
    # saving for a goal --------------------------------------------------------------------------------
    out.append(C("quanto preciso guardar por mes pra ter 80 mil daqui a 6 anos, rendendo 0,7% ao mes?",
                 [F(goal_pmt(80000, 0.007, 72))], ["meta"]))
    out.append(C("quero juntar cinquenta mil em tres anos e ja tenho oito mil guardado, a aplicação rende 0,65% a.m. quanto por mes?",
                 [F(goal_pmt(50000, 0.0065, 36, 8000))], ["meta", "numero_por_extenso"]))
    out.append(C("quanto tenho que guardar por mes pra ter 100 mil?",
                 [], ["meta", "falta_parametro"], "No term: ask.",
                 follow=("em 8 anos, rendendo 0,6% ao mes", [F(goal_pmt(100000, 0.006, 96))]), asks=True))
    out.append(C("pra juntar 25 mil em 2 anos numa poupança de 0,5% a.m., guardo quanto por mes? e se fosse sem render nada?",
                 [F(goal_pmt(25000, 0.005, 24)), F(25000 / 24)], ["meta", "poupanca"]))
    # revolving credit ---------------------------------------------------------------------------------
    out.append(C("fatura de 2.800, so consigo pagar 800. o resto vai pro rotativo a 13% a.m. quanto vai estar na proxima fatura?",
                 [F(2000 * 1.13)], ["divida", "rotativo"], "Carried 2000 plus one month (IOF ignored)."))
    out.append(C("devo 6 mil no rotativo a 15% ao mes. se eu pagar 1.200 por mes, quantos meses pra quitar? e se parcelar a fatura em 12x a 8% a.m., qual a parcela?",
                 [F(nper(0.15, 1200, 6000), tol=1), F(price_pmt(6000, 0.08, 12))], ["divida", "rotativo", "parcelamento_fatura", "prazo"],
                 "nper about 9.9 months (10th payment partial); instalment plan PRICE."))
    out.append(C("tenho 4.500 no rotativo a 14,5% a.m. e 5 mil na poupança rendendo 0,5% a.m. quanto eu perco por mes mantendo a divida em vez de quitar com a poupança?",
                 [F(4500 * 0.145), F(4500 * 0.145 - 4500 * 0.005)], ["divida", "rotativo", "poupanca"],
                 "Interest 652.50 vs 22.50 of yield on the 4500 used: net 630."))
    out.append(C("meu cartao ta no rotativo, quanto vou pagar de juros?",
                 [], ["divida", "rotativo", "falta_parametro"], "No balance nor rate: ask.",
                 follow=("devo 3.200 e a taxa é 12% ao mes, quero saber em 4 meses sem pagar nada", [F(3200 * (1.12**4 - 1))]), asks=True))
    return out


def build():
    out = []
    for n, (user, figures, tags, notes, follow, asks) in enumerate(cases(), start=1):
        first: dict = {"route": "complexa", "effects": []}
        if asks:
            first["asks"] = True
        else:
            first["figures"] = figures
        turns = [{"user": user, "expect": first}]
        if follow:
            turns.append({"user": follow[0], "expect": {"route": "complexa", "effects": [], "figures": follow[1]}})
        out.append(case(f"fin-cx2-{n:04d}", ["complexa", "complex2", *tags], turns, notes=notes))
    return out


if __name__ == "__main__":
    write("complex2.jsonl", build())
