"""Our own complex questions (issue 19.3), with figures computed independently of the app.

The sentences were written first, as people type them (informal pt-BR, typos, no accents,
numbers in words, "1,5k", "2 mil e 300", "1,99% a.m.", "4 anos", "entrada de 20%"), before
reading how the catalogue's extractor parses anything; the figures come from numpy-financial
and the plain formulas below, never from the app's `finmath`. `python -m
tests.apps.finance.mission_suite` rewrites `data/missions_dev.jsonl`; the test checks the file is
what this module produces and runs it through `switchboard eval`'s runner.

Conventions (what a finance professional states, and what the answers must say):
- an annual rate becomes its equivalent monthly rate, (1 + a)^(1/12) − 1;
- PRICE: constant instalment `pmt`; SAC: constant amortisation, instalments falling linearly;
- fixed income: (1 + r)^(dias/365) on calendar days, a year = 365 days, a month = 30 days,
  IR regressive on the gain (22,5/20/17,5/15% up to 180/360/720 days, above), LCI/LCA and
  poupança exempt, poupança 0,5% a.m. (Selic above 8,5%, TR zero);
- when the user gives no rate, the app's illustrative offline indices (Selic 15%, CDI 14,90%,
  IPCA 4,68%) and, for retirement, a real 4% a.a. — the answer must say which it used;
- the 13º / a lump sum pays the most expensive debt first (avalanche).
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import numpy_financial as npf

OUT = Path(__file__).with_name("data") / "missions_dev.jsonl"
TODAY = "2026-11-26"
CDI, SELIC, IPCA = 0.149, 0.15, 0.0468
REAL = 0.04


def monthly(annual: float) -> float:
    return float((1 + annual) ** (1 / 12) - 1)


def price(pv: float, i: float, n: int) -> dict[str, float]:
    pmt = float(npf.pmt(i, n, -pv))
    return {"parcela": pmt, "total": pmt * n, "juros": pmt * n - pv}


def sac(pv: float, i: float, n: int) -> dict[str, float]:
    amort = pv / n
    juros = i * pv * (n + 1) / 2
    return {"primeira": amort + pv * i, "ultima": amort * (1 + i), "total": pv + juros,
            "juros": juros}  # fmt: skip


def ir_rate(days: int) -> float:
    return 0.225 if days <= 180 else 0.20 if days <= 360 else 0.175 if days <= 720 else 0.15


def fixed_income(value: float, annual: float, days: int, *, exempt: bool = False) -> float:
    """The net final amount."""
    gain = value * ((1 + annual) ** (days / 365) - 1)
    return value + gain * (1 if exempt else 1 - ir_rate(days))


def savings(value: float, months: int) -> float:
    return value * 1.005**months


def fig(value: float, rtol: float = 0.002) -> dict[str, float]:
    return {"value": round(abs(value), 2), "rtol": rtol}


NOT_GENERIC = ["sobra mensal média", "priorizar a quitação"]
CANNOT = ["não consigo", "nao consigo"]


def q(user: str, figures: list[dict[str, float]], **expect: Any) -> dict[str, Any]:
    want: dict[str, Any] = {"route": "complexa", "effects": []}
    if figures:
        want["figures"] = figures
    want["not_contains"] = NOT_GENERIC + expect.pop("not_contains", [])
    want.update(expect)
    return {"user": user, "expect": want}


def ctx(user: str) -> dict[str, Any]:
    return {"user": user}


def _financing() -> list[tuple[str, list[dict[str, Any]]]]:
    cases: list[tuple[str, list[dict[str, Any]]]] = []
    p, s = price(280_000, 0.009, 360), sac(280_000, 0.009, 360)
    cases.append(("fin", [q(
        "quero financiar um apê de 350 mil, dou 20% de entrada, taxa de 0,9% ao mes em 360 "
        "meses. Price ou SAC, qual compensa?",
        [fig(p["parcela"]), fig(s["primeira"]), fig(s["ultima"]), fig(p["juros"]), fig(s["juros"])],
        contains=["SAC", "Price"])]))  # fmt: skip
    p = price(60_000, 0.0199, 48)
    cases.append(("fin", [q(
        "carro de 85k, entrada de 25 mil, 1,99% a.m. em 48x. quanto fica a parcela?",
        [fig(p["parcela"]), fig(p["total"])])]))  # fmt: skip
    s = sac(400_000, monthly(0.11), 360)
    cases.append(("fin", [q(
        "financiamento imobiliario de 400 mil no SAC, 11% ao ano, 30 anos, sem entrada. qual a "
        "primeira e a ultima parcela?",
        [fig(s["primeira"]), fig(s["ultima"]), fig(s["juros"])])]))  # fmt: skip
    p = price(18_000, 0.025, 36)
    cases.append(("fin", [q(
        "to pensando em pegar uma moto de dezoito mil em 36 vezes a 2,5% ao mes, quanto vou "
        "pagar de juros no total?",
        [fig(p["parcela"]), fig(p["juros"])])]))  # fmt: skip
    i = monthly(0.105)
    p, s = price(400_000, i, 240), sac(400_000, i, 240)
    cases.append(("fin", [q(
        "casa de 500 mil entrada de 100 mil taxa 10,5% a.a. prazo 20 anos compara price x sac "
        "pra mim",
        [fig(p["parcela"]), fig(s["primeira"]), fig(s["ultima"]), fig(p["juros"]), fig(s["juros"])],
        contains=["SAC", "Price"])]))  # fmt: skip
    p = price(120_000, 0.0149, 48)
    cases.append(("fin", [q(
        "se eu financiar 120 mil em 4 anos a 1,49% am pela tabela price, qto da a prestação e o "
        "total pago?",
        [fig(p["parcela"]), fig(p["total"])])]))  # fmt: skip
    p24 = price(50_000, 0.018, 24)
    cases.append(("fin_followup", [
        ctx("financiar carro de 60 mil em 48x a 1,8% ao mes, entrada de 10 mil, qual parcela?"),
        q("e se fosse em 24x?", [fig(p24["parcela"]), fig(p24["juros"])]),
    ]))  # fmt: skip
    p, s = price(210_000, 0.0095, 240), sac(210_000, 0.0095, 240)
    cases.append(("fin_followup", [
        ctx("apartamento 300 mil, entrada 60 mil, 0,95% a.m., 240 meses, sac ou price?"),
        q("e se eu der 30% de entrada?", [fig(p["parcela"]), fig(s["primeira"]), fig(s["ultima"])]),
    ]))  # fmt: skip
    i = monthly(0.09)
    p, s = price(250_000, i, 180), sac(250_000, i, 180)
    cases.append(("fin", [q(
        "financiamento de duzentos e cinquenta mil reais em 15 anos com juros de 9% ao ano, "
        "quanto fica a primeira parcela no sac e a parcela fixa na price",
        [fig(p["parcela"]), fig(s["primeira"])])]))  # fmt: skip
    p = price(52_900, 0.0139, 60)
    cases.append(("fin", [q(
        "quero comprar um carro de 72.900, tenho 20 mil de entrada, o banco ofereceu 1,39% ao "
        "mês em 60 parcelas. Vale a pena? quanto de juros eu pago?",
        [fig(p["parcela"]), fig(p["juros"])])]))  # fmt: skip
    p12 = price(9_000, 0.0299, 12)
    cases.append(("fin_followup", [
        ctx("notebook gamer 9 mil parcelado em 24x com juros de 2,99% ao mes, qual a parcela?"),
        q("e se fosse em 12x?", [fig(p12["parcela"]), fig(p12["total"])]),
    ]))  # fmt: skip
    return cases


def _investments() -> list[tuple[str, list[dict[str, Any]]]]:
    cases: list[tuple[str, list[dict[str, Any]]]] = []
    cases.append(("inv", [q(
        "tenho 20 mil pra deixar 2 anos, cdb 110% do cdi ou lci 92% do cdi? qual rende mais "
        "liquido",
        [fig(fixed_income(20_000, CDI * 1.10, 730), 0.003),
         fig(fixed_income(20_000, CDI * 0.92, 730, exempt=True), 0.003)],
        contains=["14,9"])]))  # fmt: skip
    cases.append(("inv", [q(
        "50 mil, 3 anos, CDB 105% do CDI ou LCA 90% do CDI, com CDI em 13,65% ao ano",
        [fig(fixed_income(50_000, 0.1365 * 1.05, 1095), 0.003),
         fig(fixed_income(50_000, 0.1365 * 0.90, 1095, exempt=True), 0.003)])]))  # fmt: skip
    cases.append(("inv", [q(
        "qual rende mais em 8 meses: cdb de 120% do cdi ou lci de 95%? vou aplicar 15 mil",
        [fig(fixed_income(15_000, CDI * 1.20, 240), 0.003),
         fig(fixed_income(15_000, CDI * 0.95, 240, exempt=True), 0.003)],
        contains=["14,9"])]))  # fmt: skip
    cases.append(("inv", [q(
        "poupanca x tesouro selic pra 30 mil em 2 anos, qual compensa?",
        [fig(savings(30_000, 24), 0.003), fig(fixed_income(30_000, SELIC, 730), 0.003)],
        contains=["15"])]))  # fmt: skip
    cases.append(("inv", [q(
        "Tesouro IPCA+ 7% ou Tesouro Prefixado 13,5%? 40 mil por 5 anos",
        [fig(fixed_income(40_000, (1 + IPCA) * 1.07 - 1, 1825), 0.003),
         fig(fixed_income(40_000, 0.135, 1825), 0.003)],
        contains=["4,68"])]))  # fmt: skip
    cases.append(("inv", [q(
        "LCI de 94% do CDI equivale a quanto num CDB? pra 1 ano e meio",
        [{"value": round(94 / (1 - 0.175), 2), "tol": 0.1}])]))  # fmt: skip
    cases.append(("inv", [q(
        "aplicar 5 mil por 90 dias num cdb 100% do cdi, quanto sai liquido?",
        [fig(fixed_income(5_000, CDI, 90), 0.001)], contains=["22,5"])]))  # fmt: skip
    cases.append(("inv", [q(
        "tenho 100 mil parado na conta, melhor cdb 102% cdi, lci 90% ou poupança? pensando em "
        "1 ano",
        [fig(fixed_income(100_000, CDI * 1.02, 365), 0.003),
         fig(fixed_income(100_000, CDI * 0.90, 365, exempt=True), 0.003),
         fig(savings(100_000, 12), 0.003)])]))  # fmt: skip
    cases.append(("inv", [q(
        "vale mais a pena LCA 93% do cdi ou cdb 115% do cdi pra 25 mil durante quatro anos",
        [fig(fixed_income(25_000, CDI * 1.15, 1460), 0.003),
         fig(fixed_income(25_000, CDI * 0.93, 1460, exempt=True), 0.003)])]))  # fmt: skip
    cases.append(("inv", [q(
        "quanto rende 8 mil na poupança em 18 meses vs cdb 100 do cdi?",
        [fig(savings(8_000, 18), 0.003), fig(fixed_income(8_000, CDI, 540), 0.003)])]))  # fmt: skip
    cases.append(("inv", [q(
        "invest 12.000 em tesouro selic por 3 anos, qnto fico no final liquido?",
        [fig(fixed_income(12_000, SELIC, 1095), 0.003)])]))  # fmt: skip
    cases.append(("inv_followup", [
        ctx("20 mil em cdb 110% cdi por 2 anos quanto da liquido?"),
        q("e se fosse 3 anos?", [fig(fixed_income(20_000, CDI * 1.10, 1095), 0.003)]),
    ]))  # fmt: skip
    return cases


def _debts() -> list[tuple[str, list[dict[str, Any]]]]:
    cases: list[tuple[str, list[dict[str, Any]]]] = []
    cases.append(("div", [q(
        "devo 3 mil no rotativo do cartao a 14% ao mes, se eu nao pagar nada quanto vira em 6 "
        "meses?",
        [fig(3_000 * 1.14**6)])]))  # fmt: skip
    cases.append(("div", [q(
        "recebo 13º de 4.500 semana q vem. tenho 2.800 no rotativo a 15% am e 3.000 no cheque "
        "especial a 8% am. como uso o 13?",
        [fig(2_800), fig(1_700), fig(1_300)])]))  # fmt: skip
    c = price(5_000, 0.018, 24)
    cases.append(("div", [q(
        "cheque especial de 5 mil a 8% a.m. ou pego consignado de 5 mil a 1,8% em 24x pra "
        "quitar? qual a parcela do consignado",
        [fig(c["parcela"])])]))  # fmt: skip
    old, new = price(20_000, 0.035, 36), price(20_000, 0.021, 36)
    cases.append(("div", [q(
        "tenho um emprestimo com saldo de 20 mil, faltam 36 parcelas a 3,5% ao mes. Outro banco "
        "oferece portabilidade a 2,1% ao mes. quanto economizo?",
        [fig(old["parcela"]), fig(new["parcela"]), fig(old["total"] - new["total"], 0.003)])]))  # fmt: skip
    months = float(npf.nper(0.06, -500, 4_000))
    cases.append(("div", [q(
        "devo 4 mil no cartao a 6% ao mes e consigo pagar 500 por mes, em quantos meses eu "
        "quito?",
        [{"value": math.ceil(months), "tol": 0.01}])]))  # fmt: skip
    cases.append(("div", [q(
        "deixei 2.300 no rotativo, juros 12,5% a.m., quanto vai estar daqui 3 meses?",
        [fig(2_300 * 1.125**3)])]))  # fmt: skip
    cases.append(("div", [q(
        "cheque especial 1,5k a 7,9% ao mes, quanto pago de juros em 4 meses se nao cobrir?",
        [fig(1_500 * (1.079**4 - 1))])]))  # fmt: skip
    cases.append(("div", [q(
        "tenho 6 mil de 13 e devo: cartão 2 mil a 13% am, cheque especial 2.500 a 8% am, "
        "consignado 10 mil a 1,7% am. qual pago primeiro?",
        [fig(2_000), fig(2_500), fig(1_500)])]))  # fmt: skip
    return cases


def _goals() -> list[tuple[str, list[dict[str, Any]]]]:
    cases: list[tuple[str, list[dict[str, Any]]]] = []
    cases.append(("meta", [q(
        "quero juntar 30 mil em 3 anos pra entrada de um ape, quanto guardar por mes se render "
        "0,8% ao mes?",
        [fig(float(npf.pmt(0.008, 36, 0, -30_000)))])]))  # fmt: skip
    cases.append(("meta", [q(
        "qnto preciso guardar por mes pra ter 10k em 12 meses, sem rendimento msm, so guardando",
        [fig(10_000 / 12)])]))  # fmt: skip
    cases.append(("meta", [q(
        "meta: viagem de 15 mil daqui 2 anos. consigo 1% ao mes. quanto por mes?",
        [fig(float(npf.pmt(0.01, 24, 0, -15_000)))])]))  # fmt: skip
    months = float(npf.nper(0.009, -800, 0, 20_000))
    cases.append(("meta", [q(
        "se eu guardar 800 por mes a 0,9% a.m., em quanto tempo chego em 20 mil?",
        [{"value": math.ceil(months), "tol": 0.01}])]))  # fmt: skip
    cases.append(("meta", [q(
        "quero 50 mil em cinco anos, aplicação rende 12% ao ano, quanto devo poupar mensalmente?",
        [fig(float(npf.pmt(monthly(0.12), 60, 0, -50_000)))])]))  # fmt: skip
    cases.append(("meta", [q(
        "preciso de 2 mil e 300 pra um curso em 6 meses, quanto separar por mes? sem contar "
        "rendimento",
        [fig(2_300 / 6)])]))  # fmt: skip
    cases.append(("meta", [q(
        "guardar pra trocar de carro: 40 mil em 4 anos, tenho 10 mil ja guardado, rendendo 1% "
        "ao mes",
        [fig(float(npf.pmt(0.01, 48, -10_000, 40_000)))])]))  # fmt: skip
    cases.append(("meta_followup", [
        ctx("quanto guardar por mes pra juntar 12 mil em 1 ano rendendo 0,7% am?"),
        q("e em 2 anos?", [fig(float(npf.pmt(0.007, 24, 0, -12_000)))]),
    ]))  # fmt: skip
    return cases


def _retirement() -> list[tuple[str, list[dict[str, Any]]]]:
    cases: list[tuple[str, list[dict[str, Any]]]] = []
    cases.append(("apos", [q(
        "tenho 30 anos, quero me aposentar aos 60 com 1 milhão. quanto investir por mês a 0,5% "
        "ao mes real?",
        [fig(float(npf.pmt(0.005, 360, 0, -1_000_000)))])]))  # fmt: skip
    cases.append(("apos", [q(
        "quanto preciso juntar pra viver de renda de 8 mil por mes?",
        [fig(8_000 / monthly(REAL), 0.003)], contains=["4%"])]))  # fmt: skip
    months = float(npf.nper(0.004, 3_000, -200_000))
    cases.append(("apos", [q(
        "tenho 200 mil guardados e tiro 3 mil por mes, rendendo 0,4% a.m., dura quantos anos?",
        [{"value": round(months / 12, 1), "tol": 0.15}])]))  # fmt: skip
    cases.append(("apos", [q(
        "coloco 1.500 por mes numa previdencia que rende 8% a.a., quanto vou ter em 25 anos?",
        [fig(float(npf.fv(monthly(0.08), 300, -1_500, 0)))])]))  # fmt: skip
    cases.append(("apos", [q(
        "tenho 45 anos, 150 mil investidos, quero 2 milhoes aos 65, rendimento 6% ao ano. "
        "quanto aporto por mes?",
        [fig(float(npf.pmt(monthly(0.06), 240, -150_000, 2_000_000)))])]))  # fmt: skip
    cases.append(("apos", [q(
        "aposento em 20 anos, consigo guardar 2 mil por mes, rende 5% a.a. acima da inflação, "
        "quanto junto?",
        [fig(float(npf.fv(monthly(0.05), 240, -2_000, 0)))])]))  # fmt: skip
    return cases


def _buy_rent() -> list[tuple[str, list[dict[str, Any]]]]:
    cases: list[tuple[str, list[dict[str, Any]]]] = []
    cases.append(("comprar", [q(
        "compro ape de 400 mil a vista ou alugo por 2 mil? o dinheiro rende 1% ao mes",
        [fig(4_000, 0.01), fig(2_000)], contains_any=["alugar", "aluguel"])]))  # fmt: skip
    cases.append(("comprar", [q(
        "carro por assinatura 2.800/mes ou comprar um de 120 mil a vista? meu dinheiro rende "
        "0,9% a.m. e o carro desvaloriza 10% ao ano",
        [fig(1_080, 0.01), fig(2_800)])]))  # fmt: skip
    cases.append(("comprar", [q(
        "vale mais comprar casa de 300 mil ou alugar por 1.200? dinheiro aplicado a 0,8% ao mes",
        [fig(2_400, 0.01), fig(1_200)])]))  # fmt: skip
    cases.append(("comprar", [q(
        "aluguel de 3.500 ou financiar um ape de 600 mil com 20% entrada a 0,85% a.m. em 360 "
        "meses?",
        [fig(price(480_000, 0.0085, 360)["parcela"]), fig(3_500)])]))  # fmt: skip
    cases.append(("comprar", [q(
        "comprar apartamento de 250 mil à vista x alugar por 1.100, o dinheiro rendendo 100% do "
        "CDI",
        [fig(250_000 * monthly(CDI), 0.01), fig(1_100)])]))  # fmt: skip
    return cases


def _reserve() -> list[tuple[str, list[dict[str, Any]]]]:
    cases: list[tuple[str, list[dict[str, Any]]]] = []
    cases.append(("reserva", [q(
        "gasto uns 4 mil por mes, quanto devo ter de reserva de emergencia?",
        [fig(24_000)])]))  # fmt: skip
    cases.append(("reserva", [q(
        "sou autonomo e gasto 6.500 por mes. qual reserva ideal?", [fig(78_000)])]))  # fmt: skip
    cases.append(("reserva", [q(
        "minha despesa mensal é de 3,2 mil, ganho 5 mil. reserva de emergencia de quanto e em "
        "quanto tempo eu monto?",
        [fig(19_200), {"value": 11, "tol": 0.01}])]))  # fmt: skip
    cases.append(("reserva", [
        ctx("paguei aluguel 1500"), ctx("mercado 700"), ctx("conta de luz 180"),
        ctx("internet 100"),
        q("quanto eu deveria ter de reserva de emergência com base nos meus gastos?",
          [fig(14_880)]),
    ]))  # fmt: skip
    cases.append(("reserva", [q(
        "quanto de reserva eu preciso? meus gastos sao de dois mil e quinhentos por mes",
        [fig(15_000)])]))  # fmt: skip
    return cases


def _diagnosis() -> list[tuple[str, list[dict[str, Any]]]]:
    cases: list[tuple[str, list[dict[str, Any]]]] = []
    cases.append(("diag", [
        ctx("gastei 1200 de mercado esse mes"), ctx("ifood 450"), ctx("uber 300"),
        ctx("netflix 55"), ctx("bar com a galera 380"),
        q("onde eu to gastando demais? me ajuda a cortar", [fig(2_385), fig(1_650)]),
    ]))  # fmt: skip
    cases.append(("diag", [
        ctx("aluguel 1800"), ctx("restaurante 600"), ctx("comprei roupas 500"), ctx("cinema 80"),
        q("faz um diagnostico dos meus gastos e diz onde cortar", [fig(2_980), fig(1_800)]),
    ]))  # fmt: skip
    cases.append(("diag", [
        ctx("academia 120"), ctx("farmacia 200"), ctx("delivery 350"), ctx("delivery 280"),
        q("analisa meus gastos do mes e sugere cortes", [fig(950), fig(630)]),
    ]))  # fmt: skip
    return cases


def _outside() -> list[tuple[str, list[dict[str, Any]]]]:
    texts = [
        "vale a pena comprar bitcoin agora?",
        "como declaro meu aluguel recebido no imposto de renda?",
        "qual ação da bolsa vai subir mais em 2027?",
        "o dolar vai subir ano que vem? compro agora?",
        "me indica um fundo imobiliario bom pra comprar",
        "como montar uma trava de alta com opções de PETR4?",
    ]
    return [("fora", [q(t, [], contains_any=CANNOT)]) for t in texts]


# ---------------------------------------------------------------- round 2
# Written after round 1 was fixed and before running it: its first contact is the estimate of
# how the catalogue does on fresh phrasing once tuned (see bench/finance/RESULTS_missions.md).


def _round2() -> list[tuple[str, list[dict[str, Any]]]]:
    out: list[tuple[str, list[dict[str, Any]]]] = []
    s = sac(200_000, monthly(0.10), 360)
    out.append(("fin", [q(
        "quanto fica um financiamento de 200k em 30 anos a 10% aa no sac? primeira parcela e "
        "ultima", [fig(s["primeira"]), fig(s["ultima"])])]))  # fmt: skip
    p = price(65_000, 0.0175, 60)
    out.append(("fin", [q(
        "Comprar carro 0km de 95 mil dando 30 mil de entrada, taxa do banco 1,75% a.m., em 5 "
        "anos. Parcela?", [fig(p["parcela"])])]))  # fmt: skip
    p = price(35_000, 0.012, 24)
    out.append(("fin", [q(
        "tabela price: 35 mil, 1,2% ao mês, 24 prestações. quanto de juros?",
        [fig(p["parcela"]), fig(p["juros"])])]))  # fmt: skip
    p, s = price(360_000, 0.0089, 360), sac(360_000, 0.0089, 360)
    out.append(("fin", [q(
        "financiar casa 450mil entrada de 20% 360 meses juros 0,89 ao mes, sac x price",
        [fig(p["parcela"]), fig(s["primeira"]), fig(s["ultima"])],
        contains=["SAC", "Price"])]))  # fmt: skip
    p = price(14_500, 0.022, 48)
    out.append(("fin", [q(
        "moto 14 mil e quinhentos, 48 parcelas, juros 2,2% am, quanto pago no total?",
        [fig(p["parcela"]), fig(p["total"])])]))  # fmt: skip
    p = price(80_000, 0.015, 36)
    out.append(("fin_followup", [
        ctx("financiamento de 80 mil em 60x a 1,5% ao mes"),
        q("e em 36x?", [fig(p["parcela"])]),
    ]))  # fmt: skip
    p = price(50_000, 0.015, 48)
    out.append(("fin_followup", [
        ctx("carro 50 mil sem entrada 48x 2% am qual parcela"),
        q("e se a taxa fosse 1,5%?", [fig(p["parcela"])]),
    ]))  # fmt: skip
    p, s = price(220_000, 0.0099, 360), sac(220_000, 0.0099, 360)
    out.append(("fin_followup", [
        ctx("apê de 320 mil, entrada de 64 mil, 0,99% a.m. em 30 anos, price ou sac?"),
        q("e com 100 mil de entrada?", [fig(p["parcela"]), fig(s["primeira"])]),
    ]))  # fmt: skip
    i = monthly(0.12)
    p, s = price(150_000, i, 120), sac(150_000, i, 120)
    out.append(("fin", [q(
        "vou financiar 150.000 reais em 10 anos, taxa de 12% ao ano. qual a diferença entre price "
        "e sac no total de juros?",
        [fig(p["juros"]), fig(s["juros"]), fig(p["juros"] - s["juros"], 0.003)])]))  # fmt: skip

    out.append(("inv", [q(
        "tenho 30k, cdb 112% do cdi por 2 anos ou tesouro selic? qual da mais",
        [fig(fixed_income(30_000, CDI * 1.12, 730), 0.003),
         fig(fixed_income(30_000, SELIC, 730), 0.003)])]))  # fmt: skip
    out.append(("inv", [q(
        "LCI 88% do CDI x CDB 100% do CDI, 1 ano, 10 mil reais. cdi a 14,15% aa",
        [fig(fixed_income(10_000, 0.1415 * 0.88, 365, exempt=True), 0.003),
         fig(fixed_income(10_000, 0.1415, 365), 0.003)])]))  # fmt: skip
    out.append(("inv", [q(
        "quanto rende 1,5k em 6 meses na poupança?", [fig(savings(1_500, 6), 0.002)])]))  # fmt: skip
    out.append(("inv", [q(
        "vale mais poupança ou cdb 95% do cdi pra 3 mil em 2 anos",
        [fig(savings(3_000, 24), 0.003),
         fig(fixed_income(3_000, CDI * 0.95, 730), 0.003)])]))  # fmt: skip
    out.append(("inv", [q(
        "a partir de qual % do cdi um cdb ganha de uma lca de 90% em 3 anos?",
        [{"value": round(90 / 0.85, 2), "tol": 0.1}])]))  # fmt: skip
    out.append(("inv", [q(
        "aplico 20 mil no tesouro ipca+ 6,5% por 10 anos, quanto vou ter liquido?",
        [fig(fixed_income(20_000, (1 + IPCA) * 1.065 - 1, 3650), 0.004)])]))  # fmt: skip
    out.append(("inv", [q(
        "CDB de liquidez diaria 100% cdi vs poupança pra reserva de 15 mil, 1 ano",
        [fig(fixed_income(15_000, CDI, 365), 0.003), fig(savings(15_000, 12), 0.003)])]))  # fmt: skip
    out.append(("inv", [q(
        "qual rende mais: LCA 91% do CDI por 400 dias ou CDB 110%? valor 40 mil",
        [fig(fixed_income(40_000, CDI * 0.91, 400, exempt=True), 0.003),
         fig(fixed_income(40_000, CDI * 1.10, 400), 0.003)])]))  # fmt: skip

    out.append(("div", [q(
        "to com 5 mil no cheque especial, taxa de 8,3% ao mes. quanto pago de juros por mes?",
        [fig(415)])]))  # fmt: skip
    months = float(npf.nper(0.16, -700, 4_200))
    out.append(("div", [q(
        "minha fatura tem 4 mil e 200 no rotativo a 16% a.m. se eu pagar 700 por mes quanto "
        "tempo pra quitar?", [{"value": math.ceil(months), "tol": 0.01}])]))  # fmt: skip
    old, new = price(30_000, 0.0205, 48), price(30_000, 0.016, 48)
    out.append(("div", [q(
        "vale a pena fazer portabilidade do meu consignado? devo 30 mil, 48 parcelas restantes, "
        "2,05% ao mes; outro banco faz 1,6%",
        [fig(old["parcela"]), fig(new["parcela"])])]))  # fmt: skip
    out.append(("div", [q(
        "vou receber 3 mil de decimo terceiro, devo 2 mil no cartao a 12% ao mes e 4 mil de "
        "emprestimo pessoal a 4% am. onde coloco?", [fig(2_000), fig(1_000), fig(3_000)])]))  # fmt: skip
    out.append(("div", [q(
        "se eu deixar 1.200 reais no rotativo por 1 ano a 14% ao mês, vira quanto?",
        [fig(1_200 * 1.14**12)])]))  # fmt: skip
    out.append(("div", [q(
        "pegar emprestimo de 10 mil a 3% am em 24x pra quitar o cartão de 10 mil que cobra 15% "
        "ao mes, compensa?", [fig(price(10_000, 0.03, 24)["parcela"])])]))  # fmt: skip

    out.append(("meta", [q(
        "quero juntar vinte mil em dois anos. quanto por mês? rendimento de 0,85% am",
        [fig(float(npf.pmt(0.0085, 24, 0, -20_000)))])]))  # fmt: skip
    out.append(("meta", [q(
        "tenho 5 mil e quero chegar em 25 mil em 3 anos, aplicação de 1% ao mês, quanto aporto?",
        [fig(float(npf.pmt(0.01, 36, -5_000, 25_000)))])]))  # fmt: skip
    out.append(("meta", [q(
        "guardando 1.200 por mes sem render nada, em quantos meses junto 18 mil?",
        [{"value": 15, "tol": 0.01}])]))  # fmt: skip
    out.append(("meta", [q(
        "preciso de 12 mil pra festa de casamento daqui 18 meses, rendendo 10% ao ano quanto "
        "guardo?", [fig(float(npf.pmt(monthly(0.10), 18, 0, -12_000)))])]))  # fmt: skip
    months = float(npf.nper(0.008, -2_000, 0, 100_000))
    out.append(("meta", [q(
        "qto tempo pra juntar 100 mil guardando 2 mil por mes a 0,8% am?",
        [{"value": math.ceil(months), "tol": 0.01}])]))  # fmt: skip

    out.append(("apos", [q(
        "tenho 25 anos e quero me aposentar aos 55 com 2 milhões. rendimento real de 4% aa. "
        "quanto guardar por mês?",
        [fig(float(npf.pmt(monthly(0.04), 360, 0, -2_000_000)))])]))  # fmt: skip
    out.append(("apos", [q(
        "se eu investir 800 reais por mes dos 30 aos 65 a 0,5% ao mes, quanto terei?",
        [fig(float(npf.fv(0.005, 420, -800, 0)))])]))  # fmt: skip
    months = float(npf.nper(0.003, 6_000, -1_000_000))
    out.append(("apos", [q(
        "com 1 milhao guardado e sacando 6 mil por mes, rendendo 0,3% real ao mes, quanto tempo "
        "dura?", [{"value": round(months / 12, 1), "tol": 0.15}])]))  # fmt: skip
    out.append(("apos", [q(
        "quanto preciso ter investido pra ter uma renda de 5 mil por mes sem mexer no principal, "
        "rendendo 0,5% am?", [fig(1_000_000)])]))  # fmt: skip

    out.append(("comprar", [q(
        "alugar um ape por 2.500 ou comprar um de 500 mil à vista? meu dinheiro ta rendendo 0,9% "
        "ao mes", [fig(4_500, 0.01), fig(2_500)])]))  # fmt: skip
    out.append(("comprar", [q(
        "assinar carro por 3 mil por mes ou comprar carro de 150 mil a vista, rendendo 1% am",
        [fig(1_500, 0.01), fig(3_000)])]))  # fmt: skip
    out.append(("comprar", [q(
        "comprar casa de 280 mil financiada com 56 mil de entrada, 0,9% am, 300 meses, ou "
        "continuar pagando aluguel de 1.800?",
        [fig(price(224_000, 0.009, 300)["parcela"]), fig(1_800)])]))  # fmt: skip

    out.append(("reserva", [q(
        "qual deveria ser minha reserva de emergencia se gasto 5.200 por mes e sou CLT?",
        [fig(31_200)])]))  # fmt: skip
    out.append(("reserva", [q(
        "sou freelancer, minhas despesas giram em torno de 7 mil mensais. reserva de quantos "
        "reais?", [fig(84_000)])]))  # fmt: skip
    out.append(("reserva", [q(
        "quero montar reserva de 6 meses, gasto 3 mil, sobra 600 por mes. em quanto tempo monto?",
        [fig(18_000), {"value": 30, "tol": 0.01}])]))  # fmt: skip
    out.append(("reserva", [
        ctx("aluguel 2000"), ctx("mercado 900"), ctx("gasolina 400"), ctx("plano de saude 350"),
        q("de quanto deveria ser minha reserva de emergencia?", [fig(21_900)]),
    ]))  # fmt: skip

    out.append(("diag", [
        ctx("mercado 950"), ctx("ifood 620"), ctx("uber 410"), ctx("spotify 22"),
        ctx("roupa 300"),
        q("to gastando muito? onde posso cortar?", [fig(2_302), fig(1_570)]),
    ]))  # fmt: skip
    out.append(("diag", [
        ctx("gasolina 500"), ctx("restaurante 450"), ctx("bar 200"), ctx("cinema 60"),
        q("me da um diagnostico dos gastos desse mes", [fig(1_210)]),
    ]))  # fmt: skip

    texts = [
        "melhor acao pra comprar hoje?",
        "vale a pena investir em ethereum?",
        "como faço pra declarar minhas ações no IR?",
        "o ibovespa vai subir semana que vem?",
        "qual o melhor seguro de vida pra mim?",
    ]
    out += [("fora", [q(t, [], contains_any=CANNOT)]) for t in texts]
    return out


# ---------------------------------------------------------------- round 3
# Written after round 2 was fixed and before running it (second estimate of fresh phrasing).


def _round3() -> list[tuple[str, list[dict[str, Any]]]]:
    out: list[tuple[str, list[dict[str, Any]]]] = []
    s = sac(280_000, monthly(0.115), 420)
    out.append(("fin", [q(
        "meu sonho é um apto de trezentos e cinquenta mil, consigo dar setenta mil de entrada, "
        "banco cobra 11,5% a.a. em 35 anos. como fica no sac?",
        [fig(s["primeira"]), fig(s["ultima"])])]))  # fmt: skip
    p = price(50_000, 0.0165, 36)
    out.append(("fin", [q(
        "Financiamento veicular: valor 62.500, entrada 12.500, 36 meses, taxa 1,65% a.m. Qual a "
        "parcela e o custo total dos juros?", [fig(p["parcela"]), fig(p["juros"])])]))  # fmt: skip
    p = price(70_000, 0.013, 48)
    out.append(("fin", [q(
        "quero trocar de carro, o novo custa 110 mil, dou o meu de 40 mil na troca e financio o "
        "resto em 4 anos a 1,3% ao mes", [fig(p["parcela"])])]))  # fmt: skip
    p = price(250_000, monthly(0.095), 240)
    out.append(("fin", [q(
        "simula pra mim: R$ 250.000,00, 20 anos, 9,5% ao ano, price",
        [fig(p["parcela"]), fig(p["total"])])]))  # fmt: skip
    p = price(40_000, 0.019, 48)
    out.append(("fin_followup", [
        ctx("financiar 40 mil em 24x a 1,9% am"), q("e em 48?", [fig(p["parcela"])]),
    ]))  # fmt: skip
    s = sac(320_000, 0.0095, 360)
    out.append(("fin_followup", [
        ctx("casa de 400 mil com 80 de entrada a 0,95% am em 360 meses"),
        q("e se fosse no sac?", [fig(s["primeira"]), fig(s["ultima"])]),
    ]))  # fmt: skip

    out.append(("inv", [q(
        "to com 45 mil parado. melhor deixar no cdb do nubank 100% do cdi ou tesouro selic 2029? "
        "vou precisar em 3 anos",
        [fig(fixed_income(45_000, CDI, 1095), 0.003),
         fig(fixed_income(45_000, SELIC, 1095), 0.003)])]))  # fmt: skip
    out.append(("inv", [q(
        "LCI 93% cdi ou CDB 113%? prazo 2 anos, 60 mil",
        [fig(fixed_income(60_000, CDI * 0.93, 730, exempt=True), 0.003),
         fig(fixed_income(60_000, CDI * 1.13, 730), 0.003)])]))  # fmt: skip
    out.append(("inv", [q(
        "quanto vou ter se deixar 10 mil por 5 anos num cdb de 12% ao ano prefixado?",
        [fig(fixed_income(10_000, 0.12, 1825), 0.003)])]))  # fmt: skip
    out.append(("inv", [q(
        "poupança rende quanto por mês? tenho 20 mil nela, quanto vai dar em 1 ano",
        [fig(savings(20_000, 12), 0.002)])]))  # fmt: skip
    out.append(("inv", [q(
        "LCA de 95% do CDI equivale a um CDB de quanto? investimento de 2 anos",
        [{"value": round(95 / 0.85, 2), "tol": 0.1}])]))  # fmt: skip

    out.append(("div", [q(
        "tenho três dívidas: cartão 3.500 a 14% am, cheque especial 1.200 a 7,5% am e empréstimo "
        "8 mil a 2,9% am. vou receber 5 mil de PLR. como distribuo?",
        [fig(3_500), fig(1_200), fig(300)])]))  # fmt: skip
    months = float(npf.nper(0.10, -2_000, 15_000))
    out.append(("div", [q(
        "divida de 15 mil no cartao, juros 10% ao mes, consigo pagar 2 mil por mes. em quanto "
        "tempo termino?", [{"value": math.ceil(months), "tol": 0.01}])]))  # fmt: skip
    out.append(("div", [q(
        "se eu nao pagar a fatura de 2 mil e ela entrar no rotativo a 13,5% am, quanto devo daqui "
        "6 meses?", [fig(2_000 * 1.135**6)])]))  # fmt: skip
    old, new = price(45_000, 0.024, 60), price(45_000, 0.0175, 60)
    out.append(("div", [q(
        "portabilidade: saldo 45 mil, 60 parcelas, taxa atual 2,4% a.m., proposta 1,75% a.m. "
        "quanto cai a parcela?",
        [fig(old["parcela"]), fig(new["parcela"]), fig(old["parcela"] - new["parcela"], 0.005)])]))  # fmt: skip

    out.append(("meta", [q(
        "quero fazer um intercambio que custa 35 mil daqui a 3 anos. quanto preciso guardar todo "
        "mes num investimento de 0,9% am?", [fig(float(npf.pmt(0.009, 36, 0, -35_000)))])]))  # fmt: skip
    months = float(npf.nper(0.01, -1_500, 0, 60_000))
    out.append(("meta", [q(
        "em quanto tempo junto 60 mil guardando mil e quinhentos por mes, rendendo 1% ao mes?",
        [{"value": math.ceil(months), "tol": 0.01}])]))  # fmt: skip
    out.append(("meta", [q(
        "quero juntar 8 mil até o fim do ano que vem (13 meses), sem investir, quanto por mes",
        [fig(8_000 / 13)])]))  # fmt: skip

    out.append(("apos", [q(
        "tenho 40 anos e 300 mil guardados, quero me aposentar aos 60 com 1,5 milhao, rende 5% "
        "aa real. quanto aportar?",
        [fig(float(npf.pmt(monthly(0.05), 240, -300_000, 1_500_000)))])]))  # fmt: skip
    months = float(npf.nper(0.006, -3_000, 0, 1_000_000))
    out.append(("apos", [q(
        "quanto tempo pra juntar 1 milhão investindo 3 mil por mes a 0,6% ao mes?",
        [{"value": math.ceil(months), "tol": 0.01}])]))  # fmt: skip
    out.append(("apos", [q(
        "quero viver de renda com 10 mil por mes. com rendimento real de 0,4% am quanto preciso?",
        [fig(2_500_000)])]))  # fmt: skip

    out.append(("comprar", [q(
        "vale a pena comprar um carro de 80 mil à vista ou usar app/alugar por 2 mil por mes? o "
        "dinheiro rende 1% a.m.", [fig(800, 0.01), fig(2_000)])]))  # fmt: skip
    out.append(("comprar", [q(
        "pago 2.200 de aluguel. compensa comprar o ape que moro por 420 mil a vista? meu dinheiro "
        "rende 0,85% ao mes", [fig(3_570, 0.01), fig(2_200)])]))  # fmt: skip

    out.append(("reserva", [q(
        "trabalho de carteira assinada, gasto em media R$ 4.800 por mes. Quanto deixar guardado de "
        "emergencia?", [fig(28_800)])]))  # fmt: skip
    out.append(("reserva", [q(
        "reserva de emergência pra quem ganha 8 mil e gasta 6 mil: quanto e em quantos meses eu "
        "chego lá?", [fig(36_000), {"value": 18, "tol": 0.01}])]))  # fmt: skip

    out.append(("diag", [
        ctx("aluguel 1500"), ctx("condominio 400"), ctx("ifood 300"), ctx("ifood 250"),
        ctx("uber 180"),
        q("analisa onde posso economizar", [fig(2_630), fig(1_900)]),
    ]))  # fmt: skip

    texts = [
        "devo investir em ouro agora?",
        "qual fii paga mais dividendos?",
        "compensa fazer um consorcio de imovel?",
        "me explica como funciona o come-cotas dos fundos",
    ]
    out += [("fora", [q(t, [], contains_any=CANNOT)]) for t in texts]
    return out


# ---------------------------------------------------------------- round 4
# Written after round 3 was fixed and before running it: more formal phrasing ("R$ 180.000,00",
# "a.m.", "Quanto pagarei"), a dot as the decimal point, questions that rely on recorded rows.


def _round4() -> list[tuple[str, list[dict[str, Any]]]]:
    out: list[tuple[str, list[dict[str, Any]]]] = []
    s = sac(180_000, 0.0075, 180)
    out.append(("fin", [q(
        "Qual seria a parcela de um financiamento de R$ 180.000,00 pelo sistema SAC, com taxa de "
        "0,75% ao mês e prazo de 180 meses? Quero saber a primeira e a última.",
        [fig(s["primeira"]), fig(s["ultima"])])]))  # fmt: skip
    p = price(60_000, 0.0149, 60)
    out.append(("fin", [q(
        "Estou avaliando financiar um veículo de R$ 75 mil com entrada de R$ 15 mil. O banco "
        "ofereceu taxa de 1,49% a.m. em 60 vezes. Quanto pagarei ao final?",
        [fig(p["total"])])]))  # fmt: skip
    p, s = price(300_000, 0.012, 240), sac(300_000, 0.012, 240)
    out.append(("fin", [q(
        "financiamento 300k, 1.2% am, 20 anos — price ou sac compensa mais?",
        [fig(p["parcela"]), fig(s["primeira"]), fig(p["juros"]), fig(s["juros"])])]))  # fmt: skip
    p = price(30_000, 0.021, 18)
    out.append(("fin_followup", [
        ctx("Quanto fica a parcela de 30 mil em 36x a 2,1% ao mês?"),
        q("E se eu pagar em 18 vezes?", [fig(p["parcela"])]),
    ]))  # fmt: skip

    out.append(("inv", [q(
        "Tenho R$ 50.000 e quero investir por 18 meses. Compensa mais um CDB de 108% do CDI ou "
        "uma LCI de 87% do CDI?",
        [fig(fixed_income(50_000, CDI * 1.08, 540), 0.003),
         fig(fixed_income(50_000, CDI * 0.87, 540, exempt=True), 0.003)])]))  # fmt: skip
    out.append(("inv", [q(
        "Quanto rende R$ 10.000 no Tesouro Selic em 2 anos, já descontando o imposto?",
        [fig(fixed_income(10_000, SELIC, 730), 0.003)])]))  # fmt: skip
    out.append(("inv", [q(
        "Comparar poupança e CDB 100% do CDI para R$ 5 mil durante 7 meses",
        [fig(savings(5_000, 7), 0.003), fig(fixed_income(5_000, CDI, 210), 0.003)])]))  # fmt: skip
    out.append(("inv", [q(
        "Com CDI a 13%, uma LCA de 90% rende mais que um CDB de 105% em 1 ano? Valor: 20 mil.",
        [fig(fixed_income(20_000, 0.13 * 0.90, 365, exempt=True), 0.003),
         fig(fixed_income(20_000, 0.13 * 1.05, 365), 0.003)])]))  # fmt: skip

    months = float(npf.nper(0.08, -400, 3_200))
    out.append(("div", [q(
        "Estou no cheque especial com R$ 3.200, juros de 8% ao mês. Se eu pagar R$ 400 por mês, "
        "em quantos meses quito?", [{"value": math.ceil(months), "tol": 0.01}])]))  # fmt: skip
    old, new = price(12_000, 0.045, 24), price(12_000, 0.019, 24)
    out.append(("div", [q(
        "Tenho um empréstimo pessoal de R$ 12.000 a 4,5% a.m. em 24 parcelas restantes. Vale "
        "trocar por um consignado a 1,9% a.m. no mesmo prazo? Quanto economizo por mês?",
        [fig(old["parcela"]), fig(new["parcela"]), fig(old["parcela"] - new["parcela"], 0.005)])]))  # fmt: skip
    out.append(("div", [q(
        "Meu cartão tem R$ 6 mil no rotativo a 15% ao mês e vou receber R$ 2.500 de 13º. Quanto "
        "fica a dívida depois de usar o 13º?", [fig(3_500)])]))  # fmt: skip

    out.append(("meta", [q(
        "Quero comprar uma moto de R$ 18 mil à vista daqui a 2 anos. Quanto preciso guardar por "
        "mês se aplicar a 0,7% a.m.?", [fig(float(npf.pmt(0.007, 24, 0, -18_000)))])]))  # fmt: skip
    months = float(npf.nper(0.008, -1_000, 0, 30_000))
    out.append(("meta", [q(
        "Em quantos meses consigo juntar R$ 30.000 guardando R$ 1.000 por mês numa aplicação que "
        "rende 0,8% ao mês?", [{"value": math.ceil(months), "tol": 0.01}])]))  # fmt: skip

    needed = 6_000 / monthly(0.04)
    out.append(("apos", [q(
        "Tenho 35 anos, quero me aposentar aos 65 com renda de R$ 6.000 por mês. Considerando "
        "rendimento real de 4% ao ano, quanto preciso acumular e quanto investir por mês?",
        [fig(needed, 0.003), fig(float(npf.pmt(monthly(0.04), 360, 0, -needed)), 0.003)])]))  # fmt: skip
    out.append(("apos", [q(
        "Se eu aplicar R$ 1.000 por mês durante 30 anos a 0,6% ao mês, quanto terei?",
        [fig(float(npf.fv(0.006, 360, -1_000, 0)))])]))  # fmt: skip

    out.append(("comprar", [q(
        "Vale mais a pena alugar um apartamento por R$ 3.000 ou comprar um de R$ 600 mil à vista, "
        "considerando que o dinheiro renderia 0,8% ao mês?", [fig(4_800, 0.01), fig(3_000)])]))  # fmt: skip

    out.append(("reserva", [q(
        "Qual o valor ideal da minha reserva de emergência? Meu custo de vida é R$ 3.500 por mês.",
        [fig(21_000)])]))  # fmt: skip
    out.append(("reserva", [
        ctx("paguei 1.200 de aluguel"), ctx("gastei 600 no mercado"), ctx("conta de luz 150"),
        ctx("gasolina 300"),
        q("Quantos meses de reserva eu deveria ter e quanto isso dá?", [fig(13_500)]),
    ]))  # fmt: skip

    out.append(("diag", [
        ctx("assinatura da netflix 55"), ctx("ifood 380"), ctx("ifood 220"), ctx("bar 150"),
        q("Quais gastos eu poderia cortar este mês?", [fig(805), fig(600)]),
    ]))  # fmt: skip

    texts = [
        "Qual a melhor corretora para investir?",
        "Como funciona o imposto sobre dividendos de ações americanas?",
    ]
    out += [("fora", [q(t, [], contains_any=CANNOT)]) for t in texts]
    return out


# ---------------------------------------------------------------- round 5
# Written after the writer's dev split was fixed and before running it (third estimate).


def _round5() -> list[tuple[str, list[dict[str, Any]]]]:
    out: list[tuple[str, list[dict[str, Any]]]] = []
    out.append(("conta", [q("quanto da 24x de 149,90?", [fig(24 * 149.90)])]))
    out.append(("conta", [q(
        "geladeira de 3.800 em 12x sem juros, fica quanto cada parcela?", [fig(3_800 / 12)])]))  # fmt: skip
    out.append(("conta", [q(
        "vale mais pagar 1.800 a vista ou 6x de 320?", [fig(1_920), fig(120)])]))  # fmt: skip
    out.append(("conta", [q(
        "se eu parar de gastar 150 por mes com delivery, quanto economizo em um ano?",
        [fig(1_800)])]))  # fmt: skip
    out.append(("conta", [q("quanto é 15% da minha renda de 6 mil?", [fig(900)])]))
    out.append(("conta", [q(
        "academia custa 99 por mes, quanto gasto em 6 meses?", [fig(594)])]))  # fmt: skip
    out.append(("fin", [q(
        "qual a prestação de um carro de 48 mil financiado em 36 vezes com juros de 1,8% ao mês "
        "sem entrada?", [fig(price(48_000, 0.018, 36)["parcela"])])]))  # fmt: skip
    out.append(("inv", [q(
        "CDB 120% do CDI por 3 anos com 8 mil, quanto liquido?",
        [fig(fixed_income(8_000, CDI * 1.20, 1095), 0.003)])]))  # fmt: skip
    out.append(("div", [q(
        "tenho 7 mil no cheque especial a 7% ao mes, quanto de juros pago em 3 meses sem mexer?",
        [fig(7_000 * (1.07**3 - 1))])]))  # fmt: skip
    out.append(("meta", [q(
        "pra juntar quinze mil em 18 meses com rendimento de 0,6% ao mes, quanto por mes?",
        [fig(float(npf.pmt(0.006, 18, 0, -15_000)))])]))  # fmt: skip
    out.append(("apos", [q(
        "quanto preciso pra me aposentar com 4 mil por mês de renda, considerando 0,5% ao mês "
        "real?", [fig(800_000)])]))  # fmt: skip
    out.append(("comprar", [q(
        "alugo por 1.500 ou compro um ape de 280 mil a vista? rendimento do dinheiro 0,9% a.m.",
        [fig(2_520, 0.01), fig(1_500)])]))  # fmt: skip
    out.append(("reserva", [q(
        "gasto 3.800 por mês, sou autônomo. reserva de quanto?", [fig(45_600)])]))  # fmt: skip
    out.append(("fin_followup", [
        ctx("financiamento de 100 mil em 120 meses a 1% am price"),
        q("e se fosse 1,2%?", [fig(price(100_000, 0.012, 120)["parcela"])]),
    ]))  # fmt: skip
    out.append(("diag", [
        ctx("mercado 700"), ctx("ifood 400"), ctx("uber 250"),
        q("me mostra onde to exagerando e o que cortar", [fig(1_350), fig(1_100)]),
    ]))  # fmt: skip
    out.append(("fora", [q("qual a melhor criptomoeda pra 2027?", [], contains_any=CANNOT)]))
    return out


# ---------------------------------------------------------------- round 6
# Written after round 5 was fixed and before running it (fourth estimate).


def _round6() -> list[tuple[str, list[dict[str, Any]]]]:
    out: list[tuple[str, list[dict[str, Any]]]] = []
    amort = 200_000 / 240
    k100 = amort + (200_000 - amort * 99) * 0.008
    out.append(("fin", [q(
        "no sac, 200 mil a 0,8% am em 240 meses, qual vai ser a parcela 100?", [fig(k100)])]))  # fmt: skip
    p = price(250_000, 0.0085, 360)
    out.append(("fin", [q(
        "ganho 9 mil, o banco aprova parcela de até 30% da renda. financiamento de 250 mil em 30 "
        "anos a 0,85% am, a parcela do price cabe?", [fig(p["parcela"]), fig(2_700)])]))  # fmt: skip
    out.append(("inv", [q(
        "Tesouro IPCA+ 5,5% com IPCA de 4% por 3 anos, 15 mil. liquido?",
        [fig(fixed_income(15_000, 1.04 * 1.055 - 1, 1095), 0.003)])]))  # fmt: skip
    out.append(("inv", [q(
        "vale a pena um CDB de 11,5% ao ano prefixado ou LCI 90% do CDI por 2 anos com 10 mil? "
        "cdi 14%",
        [fig(fixed_income(10_000, 0.115, 730), 0.003),
         fig(fixed_income(10_000, 0.14 * 0.90, 730, exempt=True), 0.003)])]))  # fmt: skip
    months = float(npf.nper(0.005, 4_000, -400_000))
    out.append(("apos", [q(
        "tenho 50 anos, 400 mil guardados, vou tirar 4 mil por mes rendendo 0,5% ao mes. dura "
        "ate quantos anos?", [{"value": round(months / 12, 1), "tol": 0.15}])]))  # fmt: skip
    out.append(("meta", [q(
        "quanto preciso guardar por mes pra ter 100 mil em 10 anos sem investir?",
        [fig(100_000 / 120)])]))  # fmt: skip
    out.append(("comprar", [q(
        "meu carro vale 60 mil e perde 12% ao ano. alugar um por 2.300 por mes compensa? meu "
        "dinheiro rende 0,8% am", [fig(480, 0.01), fig(600, 0.01), fig(2_300)])]))  # fmt: skip
    out.append(("fin", [q(
        "devo 10 mil no consignado, 36 parcelas de 380. qual a taxa?",
        [{"value": round(float(npf.rate(36, -380, 10_000, 0)) * 100, 2), "tol": 0.01}])]))  # fmt: skip
    out.append(("conta", [q("quanto fica 18x de 59,90 no cartão?", [fig(18 * 59.90)])]))
    out.append(("inv", [q(
        "cdb 100% cdi ou poupança pra 2 mil por 1 ano e meio?",
        [fig(fixed_income(2_000, CDI, 540), 0.003), fig(savings(2_000, 18), 0.003)])]))  # fmt: skip
    out.append(("meta_followup", [
        ctx("quero juntar 40 mil em 3 anos rendendo 0,8% ao mes"),
        q("e se for em 5 anos?", [fig(float(npf.pmt(0.008, 60, 0, -40_000)))]),
    ]))  # fmt: skip
    out.append(("fora", [q("qual banco tem o melhor cdb?", [], contains_any=CANNOT)]))
    return out


KIND_TAGS = {
    "fin": ["financiamento"], "fin_followup": ["financiamento", "follow_up"],
    "inv": ["investimentos"], "inv_followup": ["investimentos", "follow_up"],
    "div": ["dividas"], "meta": ["meta"], "meta_followup": ["meta", "follow_up"],
    "apos": ["aposentadoria"], "comprar": ["comprar_alugar"], "reserva": ["reserva_emergencia"],
    "diag": ["diagnostico"], "fora": ["fora_catalogo"], "conta": ["conta_rapida"],
}  # fmt: skip


def cases() -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    groups = (_financing, _investments, _debts, _goals, _retirement, _buy_rent, _reserve,
              _diagnosis, _outside)  # fmt: skip
    for prefix, group_list in (
        ("mine-mis", groups),
        ("mine-mis2", (_round2,)),
        ("mine-mis3", (_round3,)),
        ("mine-mis4", (_round4,)),
        ("mine-mis5", (_round5,)),
        ("mine-mis6", (_round6,)),
    ):
        for group in group_list:
            for kind, turns in group():
                tag = KIND_TAGS[kind][0]
                if kind == "conta":  # a sum: the Lançador's arithmetic or the mission's
                    for turn in turns:
                        if "expect" in turn:
                            turn["expect"]["route"] = ["complexa", "simplista"]
                number = sum(1 for c in out if c["id"].startswith(f"{prefix}-{tag}-")) + 1
                out.append({"id": f"{prefix}-{tag}-{number:02d}", "app": "finance", "split": "dev",
                            "tags": [*KIND_TAGS[kind], prefix.replace("mine-", "")],
                            "today": TODAY, "turns": turns})  # fmt: skip
    return out


def render() -> str:
    head = ("// Our own complex questions (issue 19.3): written for tests, figures computed by "
            "tests/apps/finance/mission_suite.py (numpy-financial), not by the app.\n")  # fmt: skip
    return head + "".join(json.dumps(c, ensure_ascii=False) + "\n" for c in cases())


if __name__ == "__main__":
    OUT.write_text(render(), encoding="utf-8")
    print(f"{len(cases())} cases -> {OUT}")
