"""Our own phrasings for the kinds that were weak on held-out text (issue 19), written first.

Round 7, written on 2026-11-26 before reading the catalogue's extractor in detail, as people
type them: numbers in words ("duzentos mil", "trinta anos", "um ano e meio"), "k", "mil",
"a.m."/"ao ano", typos, no accents. Figures come from numpy-financial and the plain formulas of
`mission_suite.py`, never from the app. The kinds: financing with the amount or term in words,
savings/investment growth over a term, debt portability, consignado against other credit,
spending diagnosis over the ledger, questions missing a parameter (a question back), and
messages that must never be recorded (intentions, information).

`python -m tests.apps.finance.mission_suite_weak` rewrites `data/missions_weak.jsonl`.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import numpy_financial as npf

from .mission_suite import TODAY, ctx, fig, monthly, price, q, sac, savings

OUT = Path(__file__).with_name("data") / "missions_weak.jsonl"
Case = tuple[str, list[dict[str, Any]]]
NOT_RECORDING = ["trivial", "simplista", "complexa"]


def asks(user: str, **expect: Any) -> dict[str, Any]:
    """A complex question missing a parameter: the answer asks for it, writes nothing."""
    return q(user, [], asks=True, **expect)


def no_write(user: str) -> dict[str, Any]:
    """An intention or a piece of information: answered anywhere but the recorder, no effect."""
    return {"user": user, "expect": {"route": NOT_RECORDING, "effects": []}}


def _financing_in_words() -> list[Case]:
    out: list[Case] = []
    p = price(200_000, 0.008, 360)
    out.append(("fin", [q(
        "quero financiar duzentos mil em trinta anos a 0,8% ao mes, qual seria a parcela?",
        [fig(p["parcela"]), fig(p["total"])])]))  # fmt: skip
    p = price(280_000, monthly(0.09), 240)
    out.append(("fin", [q(
        "um ape de trezentos e cinquenta mil, dando setenta mil de entrada, em vinte anos a 9% "
        "ao ano. quanto fica a prestacao?", [fig(p["parcela"])])]))  # fmt: skip
    s = sac(120_000, 0.01, 120)
    out.append(("fin", [q(
        "financiamento de cento e vinte mil reais em dez anos pelo SAC, taxa 1% a.m., qual a "
        "primeira parcela e a ultima?", [fig(s["primeira"]), fig(s["ultima"])])]))  # fmt: skip
    p = price(65_000, 0.016, 48)
    out.append(("fin", [q(
        "carro de oitenta e cinco mil, entrada de vinte mil, quarenta e oito meses a 1,6% am. "
        "parcela de quanto?", [fig(p["parcela"])])]))  # fmt: skip
    p = price(500_000, monthly(0.105), 420)
    out.append(("fin", [q(
        "se eu financiar quinhentos mil em trinta e cinco anos a 10,5% aa, quanto pago de juros "
        "no total?", [fig(p["juros"])])]))  # fmt: skip
    p = price(300_000, 0.0075, 300)
    out.append(("fin", [q(
        "finaciamento imobiliario de 300mil em vinte e cinco anos com taxa de 0,75% ao mes na "
        "price. quanto da a parcela?", [fig(p["parcela"])])]))  # fmt: skip
    i = monthly(0.11)
    p, s = price(224_000, i, 360), sac(224_000, i, 360)
    out.append(("fin", [q(
        "quero comprar uma casa de duzentos e oitenta mil financiada em 30 anos, juros de 11% ao "
        "ano, dou 20% de entrada. sac ou price?",
        [fig(p["parcela"]), fig(s["primeira"]), fig(s["ultima"])])]))  # fmt: skip
    p = price(12_500, 0.022, 24)
    out.append(("fin", [q(
        "moto de doze mil e quinhentos em vinte e quatro vezes a 2,2% ao mes, qual a parcela?",
        [fig(p["parcela"])])]))  # fmt: skip
    p = price(1_500_000, 0.009, 360)
    out.append(("fin", [q(
        "financiar 1 milhão e meio em 30 anos a 0,9% am, quanto fica a parcela na price?",
        [fig(p["parcela"])])]))  # fmt: skip
    p = price(400_000, 0.0085, 360)
    out.append(("fin", [q(
        "quanto fica a parcela de um financiamento de quatrocentos mil em trezentos e sessenta "
        "meses a 0,85% a.m.?", [fig(p["parcela"])])]))  # fmt: skip
    p = price(150_000, 0.0095, 180)
    out.append(("fin", [q(
        "Financiamento: cento e cinquenta mil, quinze anos, 0,95% ao mês. Qual o valor da "
        "prestação e o total de juros?", [fig(p["parcela"]), fig(p["juros"])])]))  # fmt: skip
    out.append(("fin", [asks(
        "quero financiar duzentos mil pra comprar um ape, quanto vou pagar por mes?")]))  # fmt: skip
    return out


def _savings_growth() -> list[Case]:
    out: list[Case] = []
    v = savings(10_000, 12)
    out.append(("inv", [q(
        "quanto rende 10 mil na poupança em 12 meses?", [fig(v, 0.003), fig(v - 10_000, 0.01)],
        contains=["0,5%"])]))  # fmt: skip
    v = savings(10_000, 24)
    out.append(("inv", [q(
        "qto rende dez mil reais na poupanca em dois anos", [fig(v, 0.003)],
        contains=["0,5%"])]))  # fmt: skip
    v = 50_000 * 1.005**36
    out.append(("inv", [q(
        "se eu deixar 50k na poupança por 3 anos quanto vou ter no final? considera 0,5% a.m.",
        [fig(v, 0.003)])]))  # fmt: skip
    v = 20_000 * 1.006**18
    out.append(("inv", [q(
        "vinte mil na poupança rendendo 0,6% ao mês durante 18 meses, quanto fica?",
        [fig(v, 0.003)])]))  # fmt: skip
    v = savings(5_000, 6)
    out.append(("inv", [q(
        "quanto eu ganho deixando 5 mil na poupanca por 6 meses", [fig(v - 5_000, 0.01)])]))  # fmt: skip
    v = savings(100_000, 18)
    out.append(("inv", [q(
        "qual o rendimento da poupanca de 100 mil em um ano e meio?",
        [fig(v, 0.003), fig(v - 100_000, 0.01)])]))  # fmt: skip
    v = savings(15_000, 60)
    out.append(("inv", [q(
        "tenho 15 mil guardado na poupança, quanto vai ter daqui a 5 anos?", [fig(v, 0.003)])]))  # fmt: skip
    v = 8_000 * 1.009**24
    out.append(("inv", [q(
        "quanto rendem 8 mil aplicados a 0,9% ao mês em 2 anos?", [fig(v, 0.003)])]))  # fmt: skip
    v = float(npf.fv(0.005, 24, -300, 0))
    out.append(("inv", [q(
        "se eu botar 300 por mes na poupanca durante 2 anos, quanto junto?",
        [fig(v, 0.003)])]))  # fmt: skip
    return out


def _portability() -> list[Case]:
    out: list[Case] = []
    old, new = price(25_000, 0.029, 48), price(25_000, 0.019, 48)
    out.append(("div", [q(
        "tenho um emprestimo de 25 mil com 48 parcelas restantes a 2,9% ao mes, o inter ofereceu "
        "portabilidade a 1,9% a.m. vale a pena? quanto economizo?",
        [fig(old["parcela"]), fig(new["parcela"]), fig(old["total"] - new["total"], 0.003)])]))  # fmt: skip
    old, new = price(18_000, 0.032, 30), price(18_000, 0.023, 30)
    out.append(("div", [q(
        "portabilidade de credito: saldo devedor 18 mil, faltam 30 parcelas, taxa atual 3,2% am, "
        "nova taxa 2,3% am", [fig(old["parcela"]), fig(new["parcela"])])]))  # fmt: skip
    old, new = price(40_000, 0.0205, 60), price(40_000, 0.016, 60)
    out.append(("div", [q(
        "quero fazer a portabilidade do meu consignado: devo quarenta mil, faltam sessenta meses, "
        "pago 2,05% ao mes e o outro banco cobra 1,6%. qual a economia por mes?",
        [fig(old["parcela"] - new["parcela"], 0.003)])]))  # fmt: skip
    new = price(12_000, 0.018, 24)
    out.append(("div", [q(
        "saldo de 12 mil, 24 parcelas de 750 faltando, outro banco oferece 1,8% ao mes pra "
        "portar. compensa?",
        [fig(new["parcela"]), fig((750 - new["parcela"]) * 24, 0.003)])]))  # fmt: skip
    old, new = price(8_000, 0.04, 20), price(8_000, 0.025, 20)
    out.append(("div", [q(
        "vale a pena levar minha divida pra outro banco? devo 8 mil em 20x a 4% ao mes e me "
        "ofereceram 2,5% a.m.",
        [fig(old["parcela"]), fig(new["parcela"]), fig(old["total"] - new["total"], 0.003)])]))  # fmt: skip
    out.append(("div", [asks("vale a pena fazer a portabilidade do meu emprestimo?")]))
    return out


def _consignado() -> list[Case]:
    out: list[Case] = []
    c, p = price(10_000, 0.018, 24), price(10_000, 0.045, 24)
    out.append(("div", [q(
        "preciso de 10 mil: consignado a 1,8% a.m. ou emprestimo pessoal a 4,5% a.m., em 24 "
        "meses. qual a diferença?", [fig(c["parcela"]), fig(p["parcela"])])]))  # fmt: skip
    c, p = price(15_000, 0.017, 36), price(15_000, 0.039, 36)
    out.append(("div", [q(
        "consignado de 15 mil em 36x a 1,7% ao mes vs credito pessoal a 3,9% ao mes no mesmo "
        "prazo, quanto pago a mais no pessoal?",
        [fig(p["total"] - c["total"], 0.003)])]))  # fmt: skip
    c = price(4_000, 0.02, 12)
    out.append(("div", [q(
        "vale trocar o cheque especial de 4 mil a 8% ao mes por um consignado a 2% am em 12 "
        "vezes?", [fig(c["parcela"]), fig(320)])]))  # fmt: skip
    c = price(6_000, 0.0185, 24)
    out.append(("div", [q(
        "pego consignado pra quitar o cartao? devo 6 mil no rotativo a 14% am e o consignado sai "
        "1,85% a.m. em 24x", [fig(c["parcela"]), fig(840)])]))  # fmt: skip
    c, p = price(20_000, 0.016, 48), price(20_000, 0.028, 48)
    out.append(("div", [q(
        "emprestimo consignado ou cdc? 20 mil, 48 meses, consignado 1,6% a.m., cdc 2,8% a.m.",
        [fig(c["parcela"]), fig(p["parcela"])])]))  # fmt: skip
    c = price(8_000, 0.0166, 84)
    out.append(("div", [q(
        "consignado do inss de oito mil em 84 parcelas a 1,66%am, qual a parcela e quanto pago "
        "de juros?", [fig(c["parcela"]), fig(c["juros"])])]))  # fmt: skip
    return out


def _diagnosis() -> list[Case]:
    out: list[Case] = []
    out.append(("diag", [
        ctx("mercado 900"), ctx("ifood 300"), ctx("ifood 250"), ctx("uber 180"),
        ctx("cinema 60"), ctx("comprei roupas 400"),
        q("onde estou gastando demais?", [fig(550), fig(400)]),
    ]))  # fmt: skip
    out.append(("diag", [
        ctx("aluguel 2000"), ctx("conta de luz 180"), ctx("bar 120"), ctx("bar com amigos 200"),
        ctx("uber 90"), ctx("uber 110"),
        q("faz um diagnóstico dos meus gastos", [fig(320), fig(200)]),
    ]))  # fmt: skip
    out.append(("diag", [
        ctx("farmacia 150"), ctx("restaurante 300"), ctx("restaurante 220"),
        ctx("gasolina 400"), ctx("gasolina 350"),
        q("me mostra onde to gastando mais e o que da pra cortar", [fig(750), fig(520)]),
    ]))  # fmt: skip
    out.append(("diag", [
        ctx("ifood 90"), ctx("ifood 60"), ctx("ifood 110"), ctx("netflix 40"),
        ctx("spotify 22"),
        q("pra onde ta indo meu dinheiro? diagnostico dos gastos pf", [fig(260)]),
    ]))  # fmt: skip
    return out


def _no_write() -> list[Case]:
    texts = [
        "quero comprar uma geladeira por 3 mil mes que vem",
        "pretendo trocar de celular, deve sair uns 2.500",
        "vou comprar um sofá de 4 mil em dezembro",
        "to pensando em viajar pra bahia, vai custar uns 5 mil",
        "planejo gastar 800 com presentes no natal",
        "penso em pegar um emprestimo de 10 mil",
        "o aluguel aqui sobe 10% em janeiro",
        "minha conta de luz costuma vir 200",
        "a mensalidade da escola vai pra 1.500 ano que vem",
        "normalmente gasto uns 400 de mercado por semana",
        "o plano de saude reajustou 15% esse ano",
        "a gasolina ta 6,29 o litro aqui",
        "o condominio do meu predio é 650 por mes",
        "quero guardar 500 por mes a partir de janeiro",
    ]
    return [("nao_registrar", [no_write(t)]) for t in texts]


# ---------------------------------------------------------------- round 8
# Written after round 7 passed and before running these: the first run is the estimate of how
# the fixes generalise to fresh phrasing (see the report).


def _round8() -> list[Case]:
    out: list[Case] = []
    p = price(360_000, 0.0079, 360)
    out.append(("fin", [q(
        "Quero financiar um imóvel de quatrocentos e cinquenta mil, com entrada de noventa mil, "
        "em trinta anos a 0,79% ao mês. Quanto fica a parcela?", [fig(p["parcela"])])]))  # fmt: skip
    p = price(70_000, 0.015, 60)
    out.append(("fin", [q(
        "setenta mil em sessenta vezes a 1,5% a.m., qual a prestação?", [fig(p["parcela"])])]))  # fmt: skip
    s = sac(180_000, monthly(0.10), 180)
    out.append(("fin", [q(
        "qual a parcela de 180 mil financiados em quinze anos a 10% ao ano pelo SAC? primeira e "
        "ultima", [fig(s["primeira"]), fig(s["ultima"])])]))  # fmt: skip
    p = price(600_000, 0.008, 420)
    out.append(("fin", [q(
        "trinta e cinco anos de financiamento, 600 mil, 0,8% am: quanto pago de juros no total "
        "na price?", [fig(p["juros"])])]))  # fmt: skip
    p = price(256_000, 0.0095, 240)
    out.append(("fin", [q(
        "quero comprar uma casa de 320 mil dando 64 mil de entrada e financiando o resto em "
        "duzentos e quarenta meses com juros de 0,95% ao mes", [fig(p["parcela"])])]))  # fmt: skip
    v = savings(7_000, 30)
    out.append(("inv", [q(
        "se eu deixar 7 mil na poupança durante trinta meses, quanto vou ter?",
        [fig(v, 0.003)])]))  # fmt: skip
    v = savings(25_000, 12)
    out.append(("inv", [q(
        "quanto rende 25k na poupanca por um ano?", [fig(v, 0.003), fig(v - 25_000, 0.01)])]))  # fmt: skip
    v = savings(50_000, 36)
    out.append(("inv", [q(
        "quanto rende cinquenta mil na poupança em 3 anos?", [fig(v, 0.003)])]))  # fmt: skip
    v = 12_000 * 1.008**10
    out.append(("inv", [q(
        "tenho 12 mil e quero saber quanto rende em 10 meses a 0,8% ao mes", [fig(v, 0.003)])]))  # fmt: skip
    old, new = price(30_000, 0.025, 48), price(30_000, 0.017, 48)
    out.append(("div", [q(
        "meu emprestimo tem saldo devedor de 30 mil e faltam 48 parcelas a 2,5% a.m.; o "
        "santander oferece 1,7% a.m. na portabilidade. quanto eu economizo no total?",
        [fig(old["total"] - new["total"], 0.003)])]))  # fmt: skip
    old, new = price(22_000, 0.019, 72), price(22_000, 0.015, 72)
    out.append(("div", [q(
        "da pra trazer meu consignado pra outro banco? devo 22 mil, faltam 72 parcelas, taxa de "
        "1,9% ao mes, a proposta é 1,5% ao mes",
        [fig(old["parcela"] - new["parcela"], 0.003), fig(old["total"] - new["total"], 0.003)])]))  # fmt: skip
    new = price(35_000, 0.014, 60)
    out.append(("div", [q(
        "to pagando 60 parcelas de 850 num emprestimo com saldo de 35 mil, o banco x me ofereceu "
        "1,4% ao mes. vale a portabilidade?",
        [fig(new["parcela"]), fig((850 - new["parcela"]) * 60, 0.003)])]))  # fmt: skip
    c, p = price(8_000, 0.0175, 18), price(8_000, 0.05, 18)
    out.append(("div", [q(
        "consignado a 1,75% ou crédito pessoal a 5% ao mês pra pegar 8 mil em 18 meses, quanto "
        "fica cada parcela?", [fig(c["parcela"]), fig(p["parcela"])])]))  # fmt: skip
    c, p = price(12_000, 0.016, 36), price(12_000, 0.025, 36)
    out.append(("div", [q(
        "qual sai mais barato pra 12 mil em 36x: cdc a 2,5% a.m. ou consignado a 1,6% a.m.?",
        [fig(c["parcela"]), fig(p["parcela"])])]))  # fmt: skip
    out.append(("div", [asks("consignado ou emprestimo pessoal, qual é melhor pra mim?")]))
    out.append(("diag", [
        ctx("mercado 600"), ctx("padaria 80"), ctx("ifood 200"), ctx("ifood 150"),
        ctx("uber 120"), ctx("roupas 300"),
        q("diagnóstico dos meus gastos do mês por favor", [fig(350), fig(300)]),
    ]))  # fmt: skip
    out.append(("diag", [
        ctx("aluguel 1500"), ctx("bar 250"), ctx("bar 180"), ctx("cinema 90"), ctx("uber 60"),
        q("to gastando muito com o que?", [fig(430)]),
    ]))  # fmt: skip
    # written while fixing round 8's one failure: rates in words, a loan considered
    p = price(300_000, monthly(0.09), 240)
    out.append(("fin", [q(
        "financiamento de trezentos mil em vinte anos a nove por cento ao ano, qual a parcela?",
        [fig(p["parcela"])])]))  # fmt: skip
    p = price(5_000, 0.03, 12)
    out.append(("fin", [q(
        "emprestimo de cinco mil em doze vezes a três por cento ao mês, quanto fica?",
        [fig(p["parcela"]), fig(p["total"])])]))  # fmt: skip
    p = price(80_000, 0.015, 48)
    out.append(("fin", [q(
        "financiar 80 mil em 48x a um e meio por cento ao mes, parcela?", [fig(p["parcela"])])]))  # fmt: skip
    out.append(("fin", [asks("quanto fica financiar cem mil em dez anos?")]))
    for text in (
        "pretendo comprar uma moto de 15 mil ano que vem",
        "vou trocar de carro, um de 80 mil",
        "a luz aqui vem uns 250 por mes",
        "o iptu vai subir 8% ano que vem",
        "meu aluguel é 1.800 por mes",
        "a escola do meu filho custa 1.200 por mês",
        "to querendo pegar um consignado de 5 mil",
    ):
        out.append(("nao_registrar", [no_write(text)]))
    return out


def _months(value: float) -> dict[str, float]:
    """A month count (`npf.nper`): a whole month either way is right."""
    return {"value": round(float(value), 2), "tol": 1}


def _round9() -> list[Case]:
    """Round 9 (helper fincx4, written before the complex_w4 drop was read, then more after it,
    never copied from it): months to pay off at a fixed payment, portability said without the
    word, time to double, a goal both ways, the reserve built with a saving at a rate, buy vs
    rent with the difference, credit lines compared, a diagnosis on the amounts a question lists
    and on an empty ledger, and recording misreadings (a balance left, money lent, a CDB)."""
    out: list[Case] = []
    for text, n in (
        ("devo 5 mil no rotativo do cartao a 14% ao mes, se eu pagar 800 por mes quanto tempo "
         "levo pra quitar?", npf.nper(0.14, -800, 5000)),
        ("to com 2 mil no cheque especial que cobra 8% am. pagando 300 todo mes em quantos "
         "meses eu zero?", npf.nper(0.08, -300, 2000)),
        ("cheque especial de 1.500 a 7,9% ao mes, o banco cobra isso. se eu pagar 250 todo mes "
         "quantos meses ate zerar?", npf.nper(0.079, -250, 1500)),
        ("emprestimo com saldo 12 mil, 2% a.m.; a parcela que eu consigo pagar é 900. em "
         "quanto tempo quito?", npf.nper(0.02, -900, 12000)),
    ):  # fmt: skip
        out.append(("div", [q(text, [_months(n)])]))
    for text, (bal, old_rate, n, new_rate) in (
        ("financiamento do carro: saldo devedor 32 mil, taxa atual 1,8% a.m., restam 40 meses. "
         "proposta nova de 1,45% ao mes. compensa trocar?", (32_000, 0.018, 40, 0.0145)),
        ("emprestimo de 15 mil com 30 parcelas restantes a 2,8% a.m.; se eu refinanciar a 2,1% "
         "quanto fica a parcela?", (15_000, 0.028, 30, 0.021)),
        ("meu financiamento tem saldo de 90 mil a 1,2% ao mes, faltam 120 meses na price. se eu "
         "portar pra 0,95% ao mes, qual a parcela nova?", (90_000, 0.012, 120, 0.0095)),
    ):  # fmt: skip
        old, new = price(bal, old_rate, n), price(bal, new_rate, n)
        out.append(("div", [q(text, [fig(new["parcela"]), fig(old["parcela"] - new["parcela"], 0.003)])]))  # fmt: skip
    c, r = price(6_000, 0.019, 12), price(6_000, 0.13, 12)
    out.append(("div", [q(
        "sou aposentada e preciso de 6 mil em 12 meses: consignado a 1,9% am contra rotativo a "
        "13% am, parcela de cada opcao?", [fig(c["parcela"]), fig(r["parcela"])])]))  # fmt: skip
    out.append(("inv", [q("em quanto tempo 10 mil dobram na poupança?",
                          [_months(math.log(2) / math.log(1.005))], contains=["0,5%"])]))  # fmt: skip
    out.append(("inv", [q("um investimento paga 1,5% ao mes, em qnts meses dobra o que eu aplicar?",
                          [_months(math.log(2) / math.log(1.015))])]))  # fmt: skip
    out.append(("meta", [q("qto preciso guardar todo mes pra ter 20 mil em 2 anos? sem rendimento",
                           [fig(20_000 / 24)])]))  # fmt: skip
    out.append(("meta", [q("preciso de 60 mil daqui 4 anos, o investimento rende 10% ao ano. qnto "
                           "devo depositar por mes?",
                           [fig(float(npf.pmt(monthly(0.10), 48, 0, -60_000)))])]))  # fmt: skip
    out.append(("meta", [q("tenho 3 mil guardados, quero chegar em 15 mil. botando 700 por mes a "
                           "0,6% am, em quantos meses chego?",
                           [_months(npf.nper(0.006, -700, -3_000, 15_000))])]))  # fmt: skip
    out.append(("reserva", [q(
        "gasto 3.500 por mes, quero 6 meses de reserva. guardando 900/mes a 0,8% ao mes, qual a "
        "meta e em quantos meses chego?",
        [fig(21_000), _months(npf.nper(0.008, -900, 0, 21_000))])]))  # fmt: skip
    out.append(("reserva", [q(
        "quanto eu deveria ter de reserva de emergencia? minhas contas do mes dao uns 2.800",
        [fig(16_800)])]))  # fmt: skip
    out.append(("alugar", [q(
        "apto 350 mil ou aluguel de 1.400? aplicado o dinheiro rende 0,65% am",
        [fig(2_275), fig(875)])]))  # fmt: skip
    out.append(("alugar", [q(
        "comprar casa de 300 mil a vista ou alugar por 1500/mes, meu dinheiro rende 0,7% am?",
        [fig(2_100), fig(600)])]))  # fmt: skip
    out.append(("diag", [q(
        "onde eu corto? gastei 800 de ifood e 400 de uber", [fig(800), fig(400)])]))  # fmt: skip
    out.append(("diag", [q(
        "ifood 800, uber 400, mercado 1200: onde eu corto??", [fig(800), fig(1_200)])]))  # fmt: skip
    out.append(("diag", [q(
        "to gastando uns 800 de ifood por mes, como reduzir?", [fig(400)])]))  # fmt: skip
    out.append(("diag", [q(
        "onde eu corto?", [], asks=True, contains=["ainda não tem nenhum gasto registrado"])]))  # fmt: skip
    # a third set, written after the first fixes: the fixes must hold on new phrasings
    out.append(("div", [q(
        "to devendo 7 mil no cartao, rotativo de 12% a.m. Se eu conseguir pagar 1.000 por mês, "
        "em qto tempo me livro?", [_months(npf.nper(0.12, -1000, 7000))])]))  # fmt: skip
    # the payment made is recorded too (a payment and a question in one message: branch fincx5)
    out.append(("div", [q(
        "paguei 500 do cartao, faltam 3 mil a 12% ao mes, pagando 500 por mes quando quito?",
        [_months(npf.nper(0.12, -500, 3000))],
        effects=[{"kind": "debt_payment", "amount": 500}])]))  # fmt: skip
    out.append(("div", [q(
        "devo 4 mil no rotativo a 12%, pagando 600 por mes quantos meses?",
        [_months(npf.nper(0.12, -600, 4000))], contains=["12% ao mês"])]))  # fmt: skip
    out.append(("inv", [q(
        "a 1% ao mes, em quantos anos 20 mil viram 40 mil?",
        [{"value": round(math.log(2) / math.log(1.01) / 12, 2), "tol": 0.5}])]))  # fmt: skip
    out.append(("reserva", [q(
        "sou freela, gasto 4 mil/mes. de quanto deve ser minha reserva?", [fig(48_000)])]))  # fmt: skip
    out.append(("reserva", [q(
        "minhas despesas sao de 3.200 por mes, quantos reais de reserva eu preciso ter?",
        [fig(19_200)])]))  # fmt: skip
    out.append(("alugar", [q(
        "aluguel 1.800 x comprar ape 380 mil a vista, rendimento 0,7% ao mes. qual compensa?",
        [fig(2_660), fig(860)])]))  # fmt: skip
    for text in (
        "fiquei com 300 na conta depois de pagar o aluguel",
        "sobrou 80 na conta depois que paguei a fatura",
        "so sobrou 120 na conta depois de pagar o cartao",
        "paguei o aluguel e fiquei com 300 na conta",
        "sobrou 300 do salario esse mes",
    ):
        out.append(("nao_registrar", [no_write(text)]))
    out.append(("registro", [{"user": "emprestei 200 pro primo", "expect": {
        "route": "lancamento",
        "effects": [{"kind": "receivable", "amount": 200, "due": None}]}}]))  # fmt: skip
    out.append(("registro", [{"user": "coloquei 5 mil num cdb de 110% do cdi", "expect": {
        "route": "lancamento",
        "effects": [{"kind": "asset_purchase", "amount": 5000, "asset": "investimento"}]}}]))  # fmt: skip
    return out


KIND_TAGS = {
    "fin": ["financiamento"], "inv": ["investimentos"], "div": ["dividas"],
    "diag": ["diagnostico"], "nao_registrar": ["nao_registrar"], "meta": ["meta"],
    "reserva": ["reserva"], "alugar": ["comprar_alugar"], "registro": ["registro"],
}  # fmt: skip


def cases() -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    rounds = (
        ("mis7", (_financing_in_words, _savings_growth, _portability, _consignado, _diagnosis,
                  _no_write)),
        ("mis8", (_round8,)),
        ("mis9", (_round9,)),
    )  # fmt: skip
    for name, groups in rounds:
        for group in groups:
            for kind, turns in group():
                tag = KIND_TAGS[kind][0]
                number = sum(1 for c in out if c["tags"][0] == tag and name in c["tags"]) + 1
                out.append({"id": f"mine-{name}-{tag}-{number:02d}", "app": "finance",
                            "split": "dev", "tags": [*KIND_TAGS[kind], name], "today": TODAY,
                            "turns": turns})  # fmt: skip
    return out


def render() -> str:
    head = ("// Our own phrasings for the weak kinds (issue 19, round 7): figures computed by "
            "tests/apps/finance/mission_suite_weak.py (numpy-financial), not by the app.\n")  # fmt: skip
    return head + "".join(json.dumps(c, ensure_ascii=False) + "\n" for c in cases())


if __name__ == "__main__":
    OUT.write_text(render(), encoding="utf-8")
    print(f"{len(cases())} cases -> {OUT}")
