"""Writes probes_fin14.jsonl: fresh phrasings of the finance assistant's weak kinds (split dev).

Written by the fin14 helper before reading the catalogue code that answers them. Figures are
computed here with numpy-financial (fv, pmt, nper) or plain arithmetic; an annual rate becomes
its equivalent monthly rate ((1+a)^(1/12)-1); IR on fixed income uses the regressive table by
holding period (<=180 days 22,5%, <=360 20%, <=720 17,5%, else 15%), with terms chosen away
from the table's edges. Every case is a fresh user on an empty ledger; `effects: []` means
nothing may be written (questions), except the "rachei" cases, where only the user's share is
recorded, or nothing when the share cannot be known (then the assistant asks).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy_financial as npf


def eq(a: float) -> float:
    """Monthly rate equivalent to an annual effective rate."""
    return float((1 + a) ** (1 / 12) - 1)


def price(r: float, n: int, principal: float) -> float:
    """PRICE instalment (positive)."""
    return float(-npf.pmt(r, n, principal))


def fv(r: float, n: int, pmt: float, pv: float = 0.0) -> float:
    """Future value of pv plus n end-of-month deposits."""
    return float(npf.fv(r, n, -pmt, -pv))


def pmt_goal(r: float, n: int, target: float, pv: float = 0.0) -> float:
    """Monthly deposit reaching target in n months from pv."""
    return float(npf.pmt(r, n, -pv, target))


def months(r: float, pmt: float, target: float, pv: float = 0.0) -> float:
    """Months to reach target with deposits pmt from pv."""
    return float(npf.nper(r, -pmt, -pv, target))


def f(v: float, rtol: float = 0.01) -> dict[str, float]:
    return {"value": round(v, 2), "rtol": rtol}


def t(user: str, **expect: Any) -> dict[str, Any]:
    """A graded turn; questions default to writing nothing."""
    expect.setdefault("effects", [])
    return {"user": user, "expect": expect}


cases: list[tuple[str, list[dict[str, Any]], str]] = []


def add(kind: str, turns: list[dict[str, Any]], notes: str) -> None:
    cases.append((kind, turns, notes))


# --- financing PRICE with a vehicle, down payment, trade-in -------------------------------
add(
    "price_veiculo",
    [
        t(
            "quero pegar uma moto de 22 mil, dou 5 mil de entrada e o resto em 36x a 1,8% ao mes. qual a prestacao?",
            route="complexa",
            figures=[f(price(0.018, 36, 17_000))],
        )
    ],
    "PV 22000-5000",
)
add(
    "price_veiculo",
    [
        t(
            "meu carro atual vale uns 35 mil, vou dar ele na troca de um de 90 mil e financiar o que falta em 48 meses com juros de 1,39% am. quanto fica por mes?",
            route="complexa",
            figures=[f(price(0.0139, 48, 55_000))],
        )
    ],
    "trade-in: PV 90000-35000",
)
add(
    "price_veiculo",
    [
        t(
            "carro 0km de 120 mil, entrada de 30%, 60 parcelas a 1,2% a.m., qto da a parcela?",
            route="complexa",
            figures=[f(price(0.012, 60, 84_000))],
        )
    ],
    "down payment as a percentage: PV 120000*0.7",
)
add(
    "price_veiculo",
    [
        t(
            "financiamento de veiculo: o carro custa 75k, dou meu usado de 20k mais 10k em dinheiro, 48x com taxa de 1,6% a.m.",
            route="complexa",
            figures=[f(price(0.016, 48, 45_000))],
        )
    ],
    "trade-in plus cash: PV 75000-20000-10000",
)
add(
    "price_veiculo",
    [
        t(
            "se eu financiar um carro de 50 mil inteiro em 60x a 19% ao ano quanto pago de juros no total?",
            route="complexa",
            figures=[f(60 * price(eq(0.19), 60, 50_000) - 50_000)],
        )
    ],
    "annual rate -> equivalent monthly; interest = 60*pmt - PV",
)
add(
    "price_veiculo",
    [
        t(
            "pickup de 180 mil, vou entrar com 60 mil e parcelar o saldo em 72 vezes a 1,45% ao mes, me fala a parcela e o total pago",
            route="complexa",
            figures=[f(price(0.0145, 72, 120_000)), f(72 * price(0.0145, 72, 120_000))],
        )
    ],
    "PV 120000; total of the instalments",
)

# --- SAC follow-ups -----------------------------------------------------------------------
sac_a = 320_000
add(
    "sac_followup",
    [
        t(
            "financiamento de um ap de 400 mil, entrada de 80 mil, 30 anos a 0,85% ao mes, qual a parcela?",
            route="complexa",
            figures=[f(price(0.0085, 360, sac_a))],
        ),
        t(
            "e no SAC?",
            route="complexa",
            figures=[f(sac_a / 360 + sac_a * 0.0085), f(sac_a / 360 * 1.0085)],
        ),
    ],
    "SAC first = A/n + A*i; last = A/n*(1+i)",
)
add(
    "sac_followup",
    [
        t(
            "simula um emprestimo de 50 mil em 24x a 2% am",
            route="complexa",
            figures=[f(price(0.02, 24, 50_000))],
        ),
        t(
            "e pela tabela sac como ficaria?",
            route="complexa",
            figures=[f(50_000 / 24 + 1000), f(50_000 / 24 * 1.02)],
        ),
    ],
    "SAC first/last",
)
r10 = eq(0.10)
add(
    "sac_followup",
    [
        t(
            "parcela de um financiamento de 200 mil em 20 anos a 10% ao ano?",
            route="complexa",
            figures=[f(price(r10, 240, 200_000))],
        ),
        t(
            "e se fosse sac, quanto seria a primeira?",
            route="complexa",
            figures=[f(200_000 / 240 + 200_000 * r10)],
        ),
    ],
    "annual -> monthly equivalent",
)
add(
    "sac_followup",
    [
        t(
            "quero comprar um carro de 70 mil com 20 mil de entrada em 48x a 1,5% ao mes, quanto da a parcela?",
            route="complexa",
            figures=[f(price(0.015, 48, 50_000))],
        ),
        t(
            "e no sac qto fica a primeira e a ultima?",
            route="complexa",
            figures=[f(50_000 / 48 + 750), f(50_000 / 48 * 1.015)],
        ),
    ],
    "vehicle then SAC: principal 50000",
)

# --- investment net of IR by term ---------------------------------------------------------
g = 10_000 * (1.13**2.5 - 1)
add(
    "investimento_ir",
    [
        t(
            "coloco 10 mil num CDB de 13% ao ano por 2 anos e meio, quanto recebo liquido?",
            route="complexa",
            figures=[f(10_000 + 0.85 * g)],
        )
    ],
    "30 months > 720 days: IR 15%",
)
g = 8_000 * (1.01**8 - 1)
add(
    "investimento_ir",
    [
        t(
            "aplicando 8 mil num cdb que rende 1% ao mes durante 8 meses, qnto fica depois do imposto?",
            route="complexa",
            figures=[f(8_000 + 0.80 * g)],
        )
    ],
    "8 months (240 days): IR 20%",
)
lci = 20_000 * (1.105**1.5 - 1)
cdb = 20_000 * (1.125**1.5 - 1) * 0.825
add(
    "investimento_ir",
    [
        t(
            "LCI pagando 10,5% ao ano isenta ou CDB de 12,5% ao ano? 20 mil por 18 meses, qual rende mais liquido?",
            route="complexa",
            figures=[f(lci, 0.02), f(cdb, 0.02)],
        )
    ],
    "18 months (540 days): IR 17,5% on the CDB; LCI exempt; net yields",
)
g = 5_000 * (1.12 ** (4 / 12) - 1)
add(
    "investimento_ir",
    [
        t(
            "5 mil no tesouro prefixado de 12% a.a. por 4 meses, quanto sobra de rendimento liquido?",
            route="complexa",
            figures=[f(0.775 * g, 0.02)],
        )
    ],
    "4 months: IR 22,5% on the yield",
)
g = 30_000 * (1.115**3 - 1)
add(
    "investimento_ir",
    [
        t(
            "tenho 30k pra deixar 3 anos num cdb de 11,5% aa. descontando o ir, com quanto eu saio?",
            route="complexa",
            figures=[f(30_000 + 0.85 * g)],
        )
    ],
    "3 years: IR 15%",
)

# --- future value of monthly deposits -----------------------------------------------------
add(
    "valor_futuro",
    [
        t(
            "se eu depositar 300 todo mes numa aplicacao de 0,9% ao mes, quanto vou ter daqui 5 anos?",
            route="complexa",
            figures=[f(fv(0.009, 60, 300))],
        )
    ],
    "FV of 60 deposits",
)
add(
    "valor_futuro",
    [
        t(
            "guardando 1.000 mensais com rendimento de 11% ao ano, em 15 anos junto quanto?",
            route="complexa",
            figures=[f(fv(eq(0.11), 180, 1000))],
        )
    ],
    "annual -> monthly equivalent",
)
add(
    "valor_futuro",
    [
        t(
            "ja tenho 20 mil e vou botar mais 800 por mes, rendendo 0,75% am, quanto tenho em 10 anos?",
            route="complexa",
            figures=[f(fv(0.0075, 120, 800, 20_000))],
        )
    ],
    "FV with an initial amount",
)
add(
    "valor_futuro",
    [
        t(
            "investir 250 reais por mes durante 30 anos a 8% ao ano da quanto no final?",
            route="complexa",
            figures=[f(fv(eq(0.08), 360, 250))],
        )
    ],
    "annual -> monthly equivalent",
)

# --- retirement: monthly deposit and time -------------------------------------------------
add(
    "aposentadoria",
    [
        t(
            "quero me aposentar com 2 milhoes daqui 35 anos, se render 9% ao ano quanto tenho q investir por mes?",
            route="complexa",
            figures=[f(pmt_goal(eq(0.09), 420, 2_000_000))],
        )
    ],
    "pmt for FV",
)
add(
    "aposentadoria",
    [
        t(
            "se eu investir 2 mil por mes a 0,6% ao mes, quanto tempo ate ter 1 milhao pra aposentar?",
            route="complexa",
            figures=[{"value": round(months(0.006, 2000, 1_000_000)), "tol": 1.5}],
        )
    ],
    "nper in months (about 18 years)",
)
add(
    "aposentadoria",
    [
        t(
            "tenho 40 anos e 100 mil investidos, quero parar aos 65 com 1,5 milhao, rende 0,7% ao mes, quanto aporto por mes?",
            route="complexa",
            figures=[f(pmt_goal(0.007, 300, 1_500_000, 100_000))],
        )
    ],
    "pmt with an initial amount, 25 years",
)
add(
    "aposentadoria",
    [
        t(
            "pra me aposentar preciso de 800 mil. consigo por 1.500 por mes a 10% ao ano, em qnts anos eu chego la?",
            route="complexa",
            figures=[{"value": round(months(eq(0.10), 1500, 800_000) / 12, 1), "tol": 0.6}],
        )
    ],
    "nper in years",
)

# --- paying the rotativo with the 13th salary ---------------------------------------------
add(
    "rotativo_13",
    [
        t(
            "devo 6 mil no rotativo do cartao com juros de 15% ao mes e vou receber 4.500 de 13o. uso tudo pra pagar?",
            route="complexa",
            figures=[f(1500), f(675)],
        )
    ],
    "remaining 6000-4500; interest avoided in a month 4500*15%",
)
add(
    "rotativo_13",
    [
        t(
            "meu decimo terceiro de 3.200 cai semana q vem. tenho 2.500 no rotativo a 13% am. quito ou invisto?",
            route="complexa",
            figures=[f(325), f(700)],
        )
    ],
    "interest a month 2500*13%; left over 3200-2500",
)

# --- "should I buy X" ---------------------------------------------------------------------
add(
    "devo_comprar",
    [
        t(
            "devo comprar um iphone de 7 mil em 10x sem juros?",
            route=["complexa", "simplista"],
            figures=[f(700)],
        )
    ],
    "instalment 7000/10; nothing recorded",
)
add(
    "devo_comprar",
    [
        t(
            "compensa comprar uma geladeira de 3.500 a vista com 8% de desconto ou em 10x sem juros?",
            route=["complexa", "simplista"],
            figures=[f(3220), f(350)],
        )
    ],
    "cash price 3500*0.92; instalment 350",
)
add(
    "devo_comprar",
    [
        t(
            "vale a pena eu comprar uma tv de 4 mil em 12x de 399?",
            route=["complexa", "simplista"],
            figures=[f(12 * 399)],
        )
    ],
    "total paid 12*399 (788 more than the price)",
)

# --- splitting with others ("rachei") -----------------------------------------------------
add(
    "rachei",
    [t("rachei uma pizza de 160 com a galera, a gente era em 4", effects=[{"kind": "expense", "amount": 40.0}])],
    "my share 160/4",
)
add(
    "rachei",
    [t("rachei o uber de 48 com mais 2 amigos", effects=[{"kind": "expense", "amount": 16.0}])],
    "3 people: 48/3",
)
add(
    "rachei",
    [t("rachei a conta do bar com a galera, deu 280", asks=True)],
    "share unknown: ask, record nothing",
)
add(
    "rachei",
    [t("dividi o airbnb de 1.200 com 3 amigos", effects=[{"kind": "expense", "amount": 300.0}])],
    "4 people: 1200/4",
)
add(
    "rachei",
    [
        t("racha ai: churrasco de 450 com o pessoal do trampo", asks=True),
        t("eramos 5", effects=[{"kind": "expense", "amount": 90.0}]),
    ],
    "ask the number of people, then record 450/5",
)

# --- shared costs asked as a question -----------------------------------------------------
add(
    "rateio_pergunta",
    [
        t(
            "divido o aluguel de 2.400 com 1 amigo, quanto gasto por ano com aluguel?",
            route=["simplista", "complexa"],
            figures=[f(14_400)],
        )
    ],
    "1200 x 12; nothing recorded",
)
add(
    "rateio_pergunta",
    [
        t(
            "racho a internet de 150 com 2 colegas de ap, quanto isso da por ano pra mim?",
            route=["simplista", "complexa"],
            figures=[f(600)],
        )
    ],
    "50 x 12",
)
add(
    "rateio_pergunta",
    [
        t(
            "moro com mais 3 pessoas e o condominio de 800 e dividido igual, quanto pago em 6 meses?",
            route=["simplista", "complexa"],
            figures=[f(1200)],
        )
    ],
    "4 people: 200 x 6",
)

# --- income minus spending over time, no rate ---------------------------------------------
add(
    "sobra_acumulada",
    [
        t(
            "recebo 7 mil por mes e gasto uns 5.500, quanto consigo guardar em 3 anos?",
            route=["simplista", "complexa"],
            figures=[f(54_000)],
        )
    ],
    "1500 x 36, no rate",
)
add(
    "sobra_acumulada",
    [
        t(
            "ganho 4.200 e minhas despesas sao 3.700, em 1 ano quanto sobra?",
            route=["simplista", "complexa"],
            figures=[f(6000)],
        )
    ],
    "500 x 12",
)
add(
    "sobra_acumulada",
    [
        t(
            "se eu ganho 6 mil e gasto 4 mil por mes, em quanto tempo junto 30 mil?",
            route=["simplista", "complexa"],
            figures=[f(15)],
        )
    ],
    "30000 / 2000 = 15 months",
)


# --- round 2: fresh phrasings written after the first fixes, to check they generalise ------
ROUND2_FROM = len(cases)
add(
    "price_veiculo",
    [
        t(
            "to de olho num hb20 de 68 mil, tenho 18 mil de entrada, financiando em 4 anos a 1,65% ao mes qto fica cada prestacao?",
            route="complexa",
            figures=[f(price(0.0165, 48, 50_000))],
        )
    ],
    "PV 68000-18000, 48 months",
)
add(
    "price_veiculo",
    [
        t(
            "moto de dezoito mil reais, sem entrada, 48 vezes, juros de 2,3% a.m. qual a parcela",
            route="complexa",
            figures=[f(price(0.023, 48, 18_000))],
        )
    ],
    "numbers in words, no down payment",
)
add(
    "price_veiculo",
    [
        t(
            "quero trocar meu gol de 28 mil num onix de 85 mil, o resto financio em 60x a 1,59% am, quanto pago por mes?",
            route="complexa",
            figures=[f(price(0.0159, 60, 57_000))],
        )
    ],
    "trade-in with model names: PV 85000-28000",
)
add(
    "price_veiculo",
    [
        t(
            "carro de 95k com 40% de entrada em 36 meses a 1,4% a.m., parcela?",
            route="complexa",
            figures=[f(price(0.014, 36, 57_000))],
        )
    ],
    "40% down: PV 57000",
)
add(
    "price_veiculo",
    [
        t(
            "financiar 100% de um carro de 55 mil em 60x a 1,79% ao mes, quanto de juros eu pago no total?",
            route="complexa",
            figures=[f(60 * price(0.0179, 60, 55_000) - 55_000)],
        )
    ],
    "interest = 60*pmt - PV",
)
r95 = eq(0.095)
add(
    "sac_followup",
    [
        t(
            "qual a prestacao de um financiamento imobiliario de 250 mil em 25 anos a 9,5% ao ano?",
            route="complexa",
            figures=[f(price(r95, 300, 250_000))],
        ),
        t(
            "e se for pela sac?",
            route="complexa",
            figures=[f(250_000 / 300 + 250_000 * r95)],
        ),
    ],
    "annual -> monthly; SAC first",
)
add(
    "sac_followup",
    [
        t(
            "financiando 180 mil em 240 meses a 0,8% am, parcela?",
            route="complexa",
            figures=[f(price(0.008, 240, 180_000))],
        ),
        t(
            "e na tabela sac, primeira e ultima?",
            route="complexa",
            figures=[f(180_000 / 240 + 1440), f(180_000 / 240 * 1.008)],
        ),
    ],
    "SAC first/last",
)
g = 50_000 * (1.12**2 - 1)
add(
    "investimento_ir",
    [
        t(
            "se eu deixar 50 mil num cdb de 12% ao ano por 2 anos, quanto eu tiro liquido?",
            route="complexa",
            figures=[f(50_000 + 0.85 * g)],
        )
    ],
    "2 years (730 days): IR 15%",
)
g = 6_000 * (1.011**5 - 1)
add(
    "investimento_ir",
    [
        t(
            "aplico 6 mil num cdb de 1,1% ao mes por 5 meses, quanto fica liquido?",
            route="complexa",
            figures=[f(6_000 + 0.775 * g)],
        )
    ],
    "5 months: IR 22,5%",
)
add(
    "valor_futuro",
    [
        t(
            "se eu por 200 conto todo mes num investimento de 0,8% ao mes durante 3 anos, fico com quanto?",
            route="complexa",
            figures=[f(fv(0.008, 36, 200))],
        )
    ],
    "FV 36 deposits",
)
add(
    "valor_futuro",
    [
        t(
            "juntando 1,5 mil por mes a 12% ao ano por 8 anos quanto acumulo?",
            route="complexa",
            figures=[f(fv(eq(0.12), 96, 1500))],
        )
    ],
    "annual -> monthly",
)
add(
    "aposentadoria",
    [
        t(
            "tenho 25 anos, quero ter 3 milhoes aos 55, considerando 0,75% ao mes, quanto aporto por mes?",
            route="complexa",
            figures=[f(pmt_goal(0.0075, 360, 3_000_000))],
        )
    ],
    "pmt, 30 years",
)
add(
    "aposentadoria",
    [
        t(
            "aportando 3 mil por mes a 0,9% am, em quantos anos junto 1,2 milhao pra aposentadoria?",
            route="complexa",
            figures=[{"value": round(months(0.009, 3000, 1_200_000) / 12, 1), "tol": 0.6}],
        )
    ],
    "nper in years",
)
add(
    "rotativo_13",
    [
        t(
            "vou usar o 13 de 2.800 pra pagar o rotativo de 2 mil que ta a 14% ao mes, faz sentido?",
            route="complexa",
            figures=[f(280), f(800)],
        )
    ],
    "interest avoided 2000*14%; left over 800",
)
add(
    "rotativo_13",
    [
        t(
            "cartao no rotativo com 4.500 a 15% am, recebo 13o de 3 mil. quanto fico devendo se usar tudo?",
            route="complexa",
            figures=[f(1500), f(450)],
        )
    ],
    "remaining 1500; interest avoided 3000*15%",
)
add(
    "devo_comprar",
    [
        t(
            "compensa pegar um ar condicionado de 2.500 a vista com 12% off ou 10x sem juros?",
            route=["complexa", "simplista"],
            figures=[f(2200), f(250)],
        )
    ],
    "cash 2500*0.88; instalment 250",
)
add(
    "devo_comprar",
    [
        t(
            "to pensando em comprar um celular de 3 mil em 12x de 289, compensa?",
            route=["complexa", "simplista"],
            figures=[f(3468), f(468)],
        )
    ],
    "12*289; 468 more than the price",
)
add(
    "rachei",
    [t("rachei a gasolina de 200 com 3 amigos", effects=[{"kind": "expense", "amount": 50.0}])],
    "4 people",
)
add(
    "rachei",
    [t("eu e mais 2 rachamos uma janta de 270", effects=[{"kind": "expense", "amount": 90.0}])],
    "3 people",
)
add(
    "rachei",
    [t("dividimos o airbnb de 900 com a galera", asks=True)],
    "unknown size: ask",
)
add(
    "rachei",
    [
        t("rachei o churrasco com a galera, foi 600", asks=True),
        t("a gente era em 6", effects=[{"kind": "expense", "amount": 100.0}]),
    ],
    "ask then 600/6",
)
add(
    "rateio_pergunta",
    [
        t(
            "divido o aluguel de 1.600 com minha namorada, quanto pago por ano?",
            route=["simplista", "complexa"],
            figures=[f(9600)],
        )
    ],
    "800 x 12",
)
add(
    "rateio_pergunta",
    [
        t(
            "racho a netflix de 55,90 com 3 amigos, quanto gasto por ano?",
            route=["simplista", "complexa"],
            figures=[f(55.90 / 4 * 12)],
        )
    ],
    "55,90/4 x 12",
)
add(
    "rateio_pergunta",
    [
        t(
            "eu e mais 2 amigos dividimos a conta de luz de 240, quanto fica pra cada um por mes?",
            route=["simplista", "complexa"],
            figures=[f(80)],
        )
    ],
    "240/3",
)
add(
    "sobra_acumulada",
    [
        t(
            "tiro 3.500 por mes e gasto 2.900, em 5 anos quanto junto?",
            route=["simplista", "complexa"],
            figures=[f(36_000)],
        )
    ],
    "600 x 60",
)
add(
    "sobra_acumulada",
    [
        t(
            "salario de 10 mil, despesas de 7.500, quanto guardo em 6 meses?",
            route=["simplista", "complexa"],
            figures=[f(15_000)],
        )
    ],
    "2500 x 6",
)
add(
    "sobra_acumulada",
    [
        t(
            "ganho 5.200 e gasto 4.400, qnto tempo pra juntar 20 mil?",
            route=["simplista", "complexa"],
            figures=[f(25)],
        )
    ],
    "20000/800 = 25 months",
)


# --- round 3: follow-ups and mixed debts, written after round 2 passed ----------------------
ROUND3_FROM = len(cases)
add(
    "sac_followup",
    [
        t(
            "dou meu carro de 20 mil na troca de um de 70 mil e financio o resto em 48x a 1,5% am, qual a parcela?",
            route="complexa",
            figures=[f(price(0.015, 48, 50_000))],
        ),
        t("e no sac?", route="complexa", figures=[f(50_000 / 48 + 750), f(50_000 / 48 * 1.015)]),
    ],
    "trade-in then SAC on the financed 50000",
)
add(
    "price_veiculo",
    [
        t(
            "financiamento de 40 mil em 36x a 1,9% am, qual a parcela?",
            route="complexa",
            figures=[f(price(0.019, 36, 40_000))],
        ),
        t("e em 48x?", route="complexa", figures=[f(price(0.019, 48, 40_000))]),
    ],
    "term follow-up",
)
add(
    "price_veiculo",
    [
        t(
            "carro de 60 mil em 48x a 1,6% am sem entrada, parcela?",
            route="complexa",
            figures=[f(price(0.016, 48, 60_000))],
        ),
        t("e se eu der 15 mil de entrada?", route="complexa", figures=[f(price(0.016, 48, 45_000))]),
    ],
    "down payment follow-up",
)
add(
    "investimento_ir",
    [
        t(
            "quanto rende liquido 25 mil num cdb de 0,95% ao mes por 1 ano e meio?",
            route="complexa",
            figures=[f(25_000 * (1.0095**18 - 1) * 0.825, 0.02)],
        )
    ],
    "18 months: IR 17,5%; net yield",
)
add(
    "aposentadoria",
    [
        t(
            "ja tenho 80 mil, ponho 2.500 por mes a 0,7% am, quando chego em 1 milhao pra aposentar?",
            route="complexa",
            figures=[{"value": round(months(0.007, 2500, 1_000_000, 80_000)), "tol": 1.5}],
        )
    ],
    "nper in months with an initial amount",
)
add(
    "valor_futuro",
    [
        t(
            "quanto terei daqui 20 anos investindo 400 por mes a 10% aa?",
            route="complexa",
            figures=[f(fv(eq(0.10), 240, 400))],
        )
    ],
    "annual -> monthly",
)
add(
    "rotativo_13",
    [
        t(
            "tenho 1.500 no cheque especial a 8% am e 3 mil no rotativo a 14% am, o 13 e 3.500, como uso?",
            route="complexa",
            figures=[f(1000), f(460)],
        )
    ],
    "avalanche: rotativo 3000 then 500 on the overdraft (1000 left); avoided 420+40",
)
add(
    "rachei",
    [
        t(
            "fizemos uma vaquinha de 500 pro presente da chefe, eramos 10",
            effects=[{"kind": "expense", "amount": 50.0}],
        )
    ],
    "10 people",
)
add(
    "rateio_pergunta",
    [
        t(
            "a faxineira custa 400 por mes e divido com minha irma, quanto gasto no ano?",
            route=["simplista", "complexa"],
            figures=[f(2400)],
        )
    ],
    "200 x 12",
)
add(
    "sobra_acumulada",
    [
        t(
            "entra 8 mil por mes e saem uns 6.800, em 3 anos quanto sobra?",
            route=["simplista", "complexa"],
            figures=[f(43_200)],
        )
    ],
    "1200 x 36",
)
add(
    "sobra_acumulada",
    [
        t(
            "ganho 2.500 e gasto 2.700, quanto guardo em 1 ano?",
            route=["simplista", "complexa"],
            figures=[f(200)],
        )
    ],
    "spending above income: nothing saved, the 200 gap said",
)


# --- round 4: phrasings found failing by ad-hoc probing after round 3, kept as regressions --
ROUND4_FROM = len(cases)
add(
    "sac_followup",
    [
        t(
            "financiamento de 300 mil em 30 anos a 0,9% am, qual a parcela?",
            route="complexa",
            figures=[f(price(0.009, 360, 300_000))],
        ),
        t("no sac fica quanto?", route="complexa", figures=[f(300_000 / 360 + 2700)]),
    ],
    "follow-up without 'e'",
)
add(
    "sac_followup",
    [
        t(
            "carro de 50 mil em 48x a 1,5% am, parcela?",
            route="complexa",
            figures=[f(price(0.015, 48, 50_000))],
        ),
        t("qual seria a primeira parcela no SAC?", route="complexa", figures=[f(50_000 / 48 + 750)]),
    ],
    "follow-up asked as a question of its own",
)
add(
    "price_veiculo",
    [
        t(
            "o carro custa 72 mil, consigo dar 22 mil, o banco cobra 1,55% ao mes em 48 meses, da quanto por mes?",
            route="complexa",
            figures=[f(price(0.0155, 48, 50_000))],
        )
    ],
    "no financing word",
)
add(
    "price_veiculo",
    [
        t(
            "quero comprar um carro de 40 mil dando meu carro de 15 mil e 5 mil no pix, financiando o resto em 36x a 1,8% am, qual a parcela?",
            route="complexa",
            figures=[f(price(0.018, 36, 20_000))],
        )
    ],
    "'15 mil e 5 mil' are two amounts",
)
add(
    "valor_futuro",
    [
        t(
            "se eu aplicar 15 mil agora e mais 500 por mes a 0,9% a.m. por 4 anos fico com quanto?",
            route="complexa",
            figures=[f(fv(0.009, 48, 500, 15_000))],
        )
    ],
    "initial lump sum",
)
add(
    "valor_futuro",
    [
        t(
            "coloco 10 mil hoje e depois 300 por mes a 0,8% am, em 10 anos da quanto?",
            route="complexa",
            figures=[f(fv(0.008, 120, 300, 10_000))],
        )
    ],
    "the per-month amount is the deposit",
)
add(
    "aposentadoria",
    [
        t(
            "quanto tenho que investir por mes pra ter 500 mil em 15 anos a 10% ao ano?",
            route="complexa",
            figures=[f(pmt_goal(eq(0.10), 180, 500_000))],
        )
    ],
    "'investir por mes' is a deposit",
)
add(
    "rachei",
    [
        t(
            "rachei a conta de 300 com a galera e paguei 75",
            effects=[{"kind": "expense", "amount": 75.0}],
        )
    ],
    "the part paid is the entry",
)
add(
    "rachei",
    [
        t(
            "fizemos uma vaquinha pro presente, dei 50",
            effects=[{"kind": "expense", "amount": 50.0}],
        )
    ],
    "the part given is the entry",
)
add(
    "rateio_pergunta",
    [
        t(
            "rachamos o aluguel de 2 mil em 2, quanto eu pago no ano?",
            route=["simplista", "complexa"],
            figures=[f(12_000)],
        )
    ],
    "1000 x 12",
)
add(
    "rateio_pergunta",
    [
        t(
            "se eu dividir o aluguel de 3 mil com 2 colegas quanto economizo por ano?",
            route=["simplista", "complexa"],
            figures=[f(24_000)],
        )
    ],
    "(3000-1000) x 12",
)
add(
    "rateio_pergunta",
    [
        t(
            "dividindo a conta de luz de 300 com 2 amigos, quanto cada um paga?",
            route=["simplista", "complexa"],
            figures=[f(100)],
        )
    ],
    "300/3",
)


# --- round 5: fresh phrasings written after round 4's fixes, run before any further fix -----
ROUND5_FROM = len(cases)
add(
    "price_veiculo",
    [
        t(
            "kwid 0km por 62 mil, minha entrada e de 12 mil e o resto em 60x com taxa de 1,49% a.m., da quanto a parcela?",
            route="complexa",
            figures=[f(price(0.0149, 60, 50_000))],
        )
    ],
    "PV 50000",
)
add(
    "price_veiculo",
    [
        t(
            "vou entregar minha moto de 9 mil e financiar uma de 25 mil em 24x a 1,99% am, quanto fica?",
            route="complexa",
            figures=[f(price(0.0199, 24, 16_000))],
        )
    ],
    "asset given (entregar): PV 16000",
)
add(
    "sac_followup",
    [
        t(
            "imovel de 500 mil, 100 mil de entrada, 420 meses a 0,75% ao mes, parcela?",
            route="complexa",
            figures=[f(price(0.0075, 420, 400_000))],
        ),
        t("e no sac como fica", route="complexa", figures=[f(400_000 / 420 + 3000)]),
    ],
    "SAC first: 952.38 + 3000",
)
g = 35_000 * (1.105**4 - 1)
add(
    "investimento_ir",
    [
        t(
            "35 mil em cdb pagando 10,5% ao ano, resgate em 4 anos. valor liquido?",
            route="complexa",
            figures=[f(35_000 + 0.85 * g)],
        )
    ],
    "4 years: IR 15%",
)
add(
    "valor_futuro",
    [
        t(
            "se eu guardar 350 reais todo mes a 0,65% ao mes, em 7 anos vou ter quanto?",
            route="complexa",
            figures=[f(fv(0.0065, 84, 350))],
        )
    ],
    "FV 84 deposits",
)
add(
    "aposentadoria",
    [
        t(
            "tenho 35 anos e quero me aposentar aos 62 com 2,5 milhoes, rendendo 0,85% am, qual o aporte mensal?",
            route="complexa",
            figures=[f(pmt_goal(0.0085, 324, 2_500_000))],
        )
    ],
    "27 years = 324 months",
)
add(
    "rotativo_13",
    [
        t(
            "meu decimo terceiro e de 1.900 e o rotativo ta em 2.600 a 15% ao mes. abato quanto?",
            route="complexa",
            figures=[f(700), f(285)],
        )
    ],
    "remaining 2600-1900; avoided 1900*15%",
)
add(
    "devo_comprar",
    [
        t(
            "compro uma bike de 1.800 em 6x de 330 ou espero juntar?",
            route=["complexa", "simplista"],
            figures=[f(1980), f(180)],
        )
    ],
    "6*330; 180 more",
)
add(
    "rachei",
    [t("rachei a janta de 240 com mais 3 amigos", effects=[{"kind": "expense", "amount": 60.0}])],
    "4 people",
)
add(
    "rachei",
    [
        t("rachei o presente da mae com meus irmaos, 450", asks=True),
        t("somos 3", effects=[{"kind": "expense", "amount": 150.0}]),
    ],
    "unknown count: ask, then 450/3",
)
add(
    "rateio_pergunta",
    [
        t(
            "eu divido a academia de 180 com minha esposa, quanto gastamos, eu, em 1 ano?",
            route=["simplista", "complexa"],
            figures=[f(1080)],
        )
    ],
    "90 x 12",
)
add(
    "sobra_acumulada",
    [
        t(
            "recebo 12 mil, meus gastos mensais sao 9 mil. quanto junto em 4 anos?",
            route=["simplista", "complexa"],
            figures=[f(144_000)],
        )
    ],
    "3000 x 48",
)


def _round(i: int) -> str:
    if i >= ROUND5_FROM:
        return "fin14_r5"
    if i >= ROUND4_FROM:
        return "fin14_r4"
    return "fin14_r3" if i >= ROUND3_FROM else "fin14_r2" if i >= ROUND2_FROM else "fin14_r1"


def main() -> None:
    out = Path(__file__).with_name("probes_fin14.jsonl")
    counts: dict[str, int] = {}
    lines = []
    for i, (kind, turns, notes) in enumerate(cases):
        counts[kind] = counts.get(kind, 0) + 1
        case = {
            "id": f"fin14-{kind}-{counts[kind]:02d}",
            "app": "finance",
            "split": "dev",
            "tags": [kind, "fin14", _round(i)],
            "today": "2026-11-27",
            "setup": {"ledger": "empty"},
            "turns": turns,
            "notes": notes,
        }
        lines.append(json.dumps(case, ensure_ascii=False))
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(len(lines), counts)


if __name__ == "__main__":
    main()
