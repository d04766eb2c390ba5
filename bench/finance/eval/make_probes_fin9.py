"""Writes probes_fin9.jsonl: 48 complex finance probes (8 per weak kind), figures computed here.

Written by the fin9 helper BEFORE reading the catalogue code; figures use numpy-financial-style
closed forms (fv, pmt, nper) below, annual rates converted to the equivalent monthly rate
((1+a)^(1/12)-1), the Brazilian convention for a rate "ao ano".
"""

from __future__ import annotations

import json
import math
from pathlib import Path


def eq(a: float) -> float:
    """Monthly rate equivalent to an annual effective rate."""
    return (1 + a) ** (1 / 12) - 1


def fv(r: float, n: float, pmt: float, pv: float = 0.0) -> float:
    """Future value of pv plus n end-of-month deposits pmt at rate r (positive amounts)."""
    g = (1 + r) ** n
    return pv * g + (pmt * (g - 1) / r if r else pmt * n)


def pmt_for_fv(r: float, n: float, target: float, pv: float = 0.0) -> float:
    """Monthly deposit that reaches target in n months, starting from pv."""
    g = (1 + r) ** n
    return (target - pv * g) * r / (g - 1)


def price(r: float, n: float, principal: float) -> float:
    """PRICE (French) instalment."""
    return principal * r / (1 - (1 + r) ** -n)


def nper(r: float, pmt: float, target: float, pv: float = 0.0) -> float:
    """Months for pv plus deposits pmt at r to reach target."""
    if r == 0:
        return (target - pv) / pmt
    return math.log((target * r + pmt) / (pv * r + pmt)) / math.log(1 + r)


cases: list[tuple[str, str, list[dict], str]] = []


def add(kind: str, user: str, figs: list[dict], notes: str) -> None:
    cases.append((kind, user, figs, notes))


def f(v: float) -> dict:
    return {"value": round(v, 2), "rtol": 0.01}


def m(v: float) -> dict:
    return {"value": round(v, 2), "tol": 1}


# --- retirement -------------------------------------------------------------------------
add(
    "aposentadoria",
    "tenho 30 anos e quero ter 1 milhao aos 60, qnto preciso guardar por mes se render 0,8% ao mes?",
    [f(pmt_for_fv(0.008, 360, 1e6))],
    "pmt: FV=1e6, r=0.8% a.m., n=360",
)
add(
    "aposentadoria",
    "qnto eu preciso juntar pra viver de renda de 5 mil por mes? considera rendimento de 0,5% am",
    [f(5000 / 0.005)],
    "capital = renda / taxa mensal = 5000/0.005",
)
add(
    "aposentadoria",
    "se eu guardar 1500 por mes a 10% a.a. em quanto tempo chego nos 500k?",
    [m(nper(eq(0.10), 1500, 500_000))],
    "nper at eq. monthly of 10% a.a., months",
)
add(
    "aposentadoria",
    "ja tenho 50 mil guardado, aporto 2 mil por mes a 0,7% a.m., quero me aposentar com 2 milhoes. qnto tempo leva?",
    [m(nper(0.007, 2000, 2e6, 50_000))],
    "nper with pv 50k, months",
)
add(
    "aposentadoria",
    "quero uma renda passiva de 10k/mes, o dinheiro rende 6% ao ano, quanto de patrimonio eu preciso ter?",
    [f(10_000 * 12 / 0.06)],
    "capital = renda anual / taxa anual = 120000/0.06",
)
add(
    "aposentadoria",
    "tenho 35 anos, quero me aposentar aos 65 com 1,5 milhao. ja tenho 100 mil investido rendendo 0,5% ao mes, qnto devo aportar por mes?",
    [f(pmt_for_fv(0.005, 360, 1.5e6, 100_000))],
    "pmt with pv 100k, n=360, r=0.5% (first draft had 1%%: 100k alone passes 1.5M, a bad probe)",
)
add(
    "aposentadoria",
    "daqui 20 anos quero ter R$ 800k pra me aposentar, quanto tenho q investir por mes a 0,6% am?",
    [f(pmt_for_fv(0.006, 240, 800_000))],
    "pmt: n=240, r=0.6%",
)
add(
    "aposentadoria",
    "qnto tempo ate eu ter 300 mil pra aposentadoria investindo 1000 por mes a 1% ao mes?",
    [m(nper(0.01, 1000, 300_000))],
    "nper months",
)

# --- emergency fund ----------------------------------------------------------------------
add(
    "reserva_emergencia",
    "meus gastos sao 4 mil por mes, quanto devo ter de reserva de emergencia de 6 meses?",
    [f(24_000)],
    "6 x 4000",
)
add(
    "reserva_emergencia",
    "gasto uns 3.500/mes, quero uma reserva de 12 meses. guardando 800 por mes qnto tempo leva?",
    [f(42_000), m(42_000 / 800)],
    "12 x 3500 = 42000; 42000/800 = 52.5 months (no rate)",
)
add(
    "reserva_emergencia",
    "reserva de emergencia de 6 meses, meu custo de vida e 2.800, qnto preciso ter?",
    [f(16_800)],
    "6 x 2800",
)
add(
    "reserva_emergencia",
    "quero montar um fundo de emergencia de 3 meses das minhas despesas (5 mil por mes). ganho 4 mil e consigo guardar meio salario, em qnts meses eu chego?",
    [f(15_000), m(15_000 / 2000)],
    "3 x 5000 = 15000; meio salario = 2000; 7.5 months",
)
add(
    "reserva_emergencia",
    "minhas despesas fixas dao R$ 6.200 por mes. uma reserva de 9 meses da quanto?",
    [f(55_800)],
    "9 x 6200",
)
add(
    "reserva_emergencia",
    "colchao de emergencia: gasto 2.500 por mes e quero 6 meses guardado. ja tenho 5 mil e guardo 500 por mes, quanto tempo falta?",
    [f(15_000), m((15_000 - 5_000) / 500)],
    "target 15000, missing 10000, 20 months",
)
add(
    "reserva_emergencia",
    "qnto tempo pra juntar reserva de 6 meses de gasto se eu gasto 3 mil e guardo 600 por mes rendendo 0,5% am?",
    [f(18_000), m(nper(0.005, 600, 18_000))],
    "target 18000; nper at 0.5% ~ 27.7 months",
)
add(
    "reserva_emergencia",
    "meu custo mensal e de 1.800 conto. quero ter reserva de um ano, qnto e isso?",
    [f(21_600)],
    "12 x 1800",
)

# --- FV of monthly deposits --------------------------------------------------------------
add(
    "aportes_mensais",
    "se eu aplicar 500 por mes a 1% ao mes por 2 anos quanto vou ter?",
    [f(fv(0.01, 24, 500))],
    "fv(1%, 24, 500)",
)
add(
    "aportes_mensais",
    "tenho 10 mil e vou depositar 300 todo mes rendendo 0,8% a.m., quanto tenho daqui 5 anos?",
    [f(fv(0.008, 60, 300, 10_000))],
    "fv(0.8%, 60, 300, pv 10000)",
)
add(
    "aportes_mensais",
    "investindo 1.000 mensais a 12% a.a. durante 10 anos, quanto junta?",
    [f(fv(eq(0.12), 120, 1000))],
    "fv at eq. monthly of 12% a.a., 120 months",
)
add(
    "aportes_mensais",
    "depositando 200 por mes durante 36 meses a 0,7% am, qual o montante?",
    [f(fv(0.007, 36, 200))],
    "fv(0.7%, 36, 200)",
)
add(
    "aportes_mensais",
    "comecando com 20k e aportando 2k/mes a 10% ao ano por 15 anos qto fica?",
    [f(fv(eq(0.10), 180, 2000, 20_000))],
    "fv at eq. monthly of 10% a.a., 180 months, pv 20000",
)
add(
    "aportes_mensais",
    "quanto eu teria se guardasse 150 por mes durante 18 meses a 0,9% ao mes?",
    [f(fv(0.009, 18, 150))],
    "fv(0.9%, 18, 150)",
)
add(
    "aportes_mensais",
    "aporte mensal de R$ 750 por 8 anos rendendo 0,65% a.m., quanto acumulo no final?",
    [f(fv(0.0065, 96, 750))],
    "fv(0.65%, 96, 750)",
)
add(
    "aportes_mensais",
    "tenho 5 mil guardado e vou por mais 400 todo mes, a 9% a.a., quanto tenho em 3 anos?",
    [f(fv(eq(0.09), 36, 400, 5000))],
    "fv at eq. monthly of 9% a.a., 36 months, pv 5000",
)

# --- buy vs rent ---------------------------------------------------------------------------
add(
    "comprar_x_alugar",
    "compro apartamento de 300 mil a vista ou alugo por 1.500 e deixo o dinheiro rendendo 0,7% ao mes?",
    [f(300_000 * 0.007), f(1500)],
    "yield 2100/month vs rent 1500",
)
add(
    "comprar_x_alugar",
    "vale mais a pena comprar uma casa de R$ 450k ou pagar aluguel de 2.200? meu dinheiro rende 10% a.a. quanto da por ano cada um?",
    [f(45_000), f(26_400)],
    "yield 45000/year vs rent 26400/year",
)
add(
    "comprar_x_alugar",
    "imovel de 600 mil e o aluguel dele é 2.400. quanto % do valor o aluguel representa por mes e por ano?",
    [{"value": 0.4, "tol": 0.01}, {"value": 4.8, "tol": 0.05}],
    "2400/600000 = 0.4%/month, 4.8%/year",
)
add(
    "comprar_x_alugar",
    "financiar apto de 250 mil com entrada de 50 mil, resto em 240x a 1% am price, ou continuar no aluguel de 1.400? qual a diferenca por mes?",
    [f(price(0.01, 240, 200_000)), f(price(0.01, 240, 200_000) - 1400)],
    "PRICE(1%, 240, 200000); minus rent",
)
add(
    "comprar_x_alugar",
    "comprar ou alugar? casa de 380k, aluguel 1.900, a selic ta rendendo 0,85% a.m. liquido",
    [f(380_000 * 0.0085), f(1900)],
    "yield 3230/month vs rent 1900",
)
add(
    "comprar_x_alugar",
    "tenho 200 mil, compro um ap desse valor ou alugo um por 1100 e invisto a 0,6% ao mes? quanto sobra por mes investindo?",
    [f(1200), f(100)],
    "yield 1200, minus rent 1100 = 100",
)
add(
    "comprar_x_alugar",
    "alugar por 3 mil ou comprar apto de 700 mil financiado 100% em 360 meses a 0,8% a.m.? qual a diferenca por mes",
    [f(price(0.008, 360, 700_000)), f(price(0.008, 360, 700_000) - 3000)],
    "PRICE(0.8%, 360, 700000); minus rent",
)
add(
    "comprar_x_alugar",
    "vale comprar um imovel de 500 mil que aluga por 2.000? o dinheiro rende 8% ao ano. compara no ano",
    [f(40_000), f(24_000)],
    "yield 40000/year vs rent 24000/year",
)

# --- poupanca at a stated rate ----------------------------------------------------------------
add(
    "poupanca",
    "10 mil na poupanca a 0,5% ao mes, quanto rende em 1 ano?",
    [f(10_000 * (1.005**12 - 1))],
    "10000*(1.005^12-1)",
)
add(
    "poupanca",
    "se eu deixar 25k na poupanca rendendo 0,6% am por 2 anos qnto fica?",
    [f(25_000 * 1.006**24)],
    "25000*1.006^24",
)
add(
    "poupanca",
    "a poupança ta rendendo 6,17% ao ano, quanto rende 50 mil em 6 meses?",
    [f(50_000 * (1.0617**0.5 - 1))],
    "50000*(1.0617^(6/12)-1)",
)
add(
    "poupanca",
    "qnto rende 8 mil na poupanca em 10 meses com taxa de 0,5% a.m.?",
    [f(8000 * (1.005**10 - 1))],
    "8000*(1.005^10-1)",
)
add(
    "poupanca",
    "poupanca 0,52% ao mes, coloco 100 mil, quanto ganho por mes?",
    [f(520)],
    "100000*0.0052",
)
add(
    "poupanca",
    "deixei 15.000 na poupanca por 3 anos a 0,5% am, qual o saldo final?",
    [f(15_000 * 1.005**36)],
    "15000*1.005^36",
)
add(
    "poupanca",
    "poupança rendendo 7% a.a., 40 mil por 1 ano, quanto da no final?",
    [f(42_800)],
    "40000*1.07",
)
add(
    "poupanca",
    "se a poupanca render 0,45% ao mes, 60 mil rendem quanto em 5 meses?",
    [f(60_000 * (1.0045**5 - 1))],
    "60000*(1.0045^5-1)",
)

# --- PRICE with an annual rate --------------------------------------------------------------
add(
    "price_anual",
    "emprestimo de 20 mil em 24x com juros de 18% ao ano, qual a parcela?",
    [f(price(eq(0.18), 24, 20_000))],
    "PRICE at eq. monthly of 18% a.a.",
)
add(
    "price_anual",
    "financiamento de carro de 60k em 48 parcelas, taxa 15% a.a. tabela price, qnto fica a prestacao?",
    [f(price(eq(0.15), 48, 60_000))],
    "PRICE at eq. monthly of 15% a.a.",
)
add(
    "price_anual",
    "pegar 10 mil em 12 vezes a 24% ao ano, parcela de quanto?",
    [f(price(eq(0.24), 12, 10_000))],
    "PRICE at eq. monthly of 24% a.a.",
)
add(
    "price_anual",
    "financiar 300 mil em 30 anos a 10% a.a. pela price, qual a parcela?",
    [f(price(eq(0.10), 360, 300_000))],
    "PRICE at eq. monthly of 10% a.a., 360",
)
add(
    "price_anual",
    "credito pessoal de R$ 5.000 em 18x, juros de 30% a.a., parcela?",
    [f(price(eq(0.30), 18, 5000))],
    "PRICE at eq. monthly of 30% a.a.",
)
add(
    "price_anual",
    "simula price: 80 mil, 60 meses, 12% ao ano",
    [f(price(eq(0.12), 60, 80_000))],
    "PRICE at eq. monthly of 12% a.a.",
)
add(
    "price_anual",
    "quanto pago por mes num emprestimo de 15k em 36 parcelas a 20% aa?",
    [f(price(eq(0.20), 36, 15_000))],
    "PRICE at eq. monthly of 20% a.a.",
)
add(
    "price_anual",
    "financio 45 mil do carro em 5 anos com 13,5% ao ano, qual a parcela e o total pago?",
    [f(price(eq(0.135), 60, 45_000)), f(60 * price(eq(0.135), 60, 45_000))],
    "PRICE at eq. monthly of 13.5% a.a.; total = 60 x parcela",
)


def main() -> None:
    out = Path(__file__).with_name("probes_fin9.jsonl")
    counts: dict[str, int] = {}
    lines = []
    for kind, user, figs, notes in cases:
        counts[kind] = counts.get(kind, 0) + 1
        lines.append(
            json.dumps(
                {
                    "id": f"fin9-{kind}-{counts[kind]:02d}",
                    "app": "finance",
                    "split": "dev",
                    "tags": ["complexa", kind, "fin9"],
                    "today": "2026-11-27",
                    "setup": {"ledger": "empty"},
                    "turns": [
                        {
                            "user": user,
                            "expect": {"route": "complexa", "effects": [], "figures": figs},
                        }
                    ],
                    "notes": notes,
                },
                ensure_ascii=False,
            )
        )
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(len(lines), counts)


if __name__ == "__main__":
    main()
