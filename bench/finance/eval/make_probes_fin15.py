"""Writes probes_fin15.jsonl: fresh phrasings of the families finance_w17's dev failures belong
to (split dev).

Written by the fin15 helper before changing the app. Figures are computed here with
numpy-financial (pmt, fv) or plain arithmetic. Every case is a fresh user on an empty ledger;
`effects: []` means nothing may be written (questions and "nothing moved" statements).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy_financial as npf


def f(v: float, rtol: float = 0.01) -> dict[str, float]:
    return {"value": round(v, 2), "rtol": rtol}


def t(user: str, **expect: Any) -> dict[str, Any]:
    expect.setdefault("effects", [])
    return {"user": user, "expect": expect}


cases: list[tuple[str, list[dict[str, Any]], str]] = []
"""(kind, turns, round): round 1 written before any fix, round 2 after the first fixes."""


def add(kind: str, turns: list[dict[str, Any]], round_: str = "fin15_r1") -> None:
    cases.append((kind, turns, round_))


# 1. nothing moved, with a token amount inside the negation ("nem 1 real")
add("negacao", [t("graças a deus hoje nao paguei nada, nem 1 centavo")])
add("negacao", [t("passei a semana toda sem gastar 1 real")])
add("negacao", [t("ontem nao comprei nada nao, nem 5 reais de pao")])
add("negacao", [t("nao saiu nem 1 real da minha conta hoje")])

# 2. a value changed by a percentage (reajuste, aumento, desconto)
add("reajuste", [t("meu salario de 4.500 vai ter aumento de 8%, vai pra quanto?",
                   figures=[f(4500 * 1.08)])])
add("reajuste", [t("a escola do meu filho custa 1.250 e vai reajustar 12% ano que vem. quanto fica a mensalidade?",
                   figures=[f(1250 * 1.12)])])
add("reajuste", [t("se a conta de luz de 320 cair 15% quanto fica",
                   figures=[f(320 * 0.85)])])
add("reajuste", [t("plano de saude de 890 com reajuste de 9,5%, qual vai ser o novo valor?",
                   figures=[f(890 * 1.095)])])

# 3. a sum of groups of equal instalments
add("soma_grupos", [t("2 prestacoes de 400 e mais 4 de 150, da quanto no total?",
                      figures=[f(2 * 400 + 4 * 150)])])
add("soma_grupos", [t("tenho 6 parcelas de 120 e 3 de 75 pra pagar ainda, quanto falta no total?",
                      figures=[f(6 * 120 + 3 * 75)])])
add("soma_grupos", [t("10x de 59 mais 12x de 35, qto da?", figures=[f(10 * 59 + 12 * 35)])])
add("soma_grupos", [t("somando 4 boletos de 89,90 com 2 de 210, quanto dá?",
                      figures=[f(4 * 89.90 + 2 * 210)])])

# 4. what is left and its share of the income
add("sobra_pct", [t("recebo 7 mil e gasto 4.900 por mes, quanto sobra e que porcentagem da renda é isso?",
                    figures=[f(2100), f(2100 / 7000 * 100)])])
add("sobra_pct", [t("ganho 6.400, gasto 5.120. sobra quanto e quantos por cento isso representa do salario?",
                    figures=[f(1280), f(1280 / 6400 * 100)])])
add("sobra_pct", [t("salario 2.900 e contas fixas de 2.030: quanto sobra? e qual % do que ganho?",
                    figures=[f(870), f(870 / 2900 * 100)])])

# 5. the fixed instalment that pays off a debt in N months
add("divida_parcela", [t("devo 8 mil no cartao a 6% ao mes, qual parcela fixa zera em 24 meses?",
                         figures=[f(-npf.pmt(0.06, 24, 8000))])])
add("divida_parcela", [t("tenho uma divida de 3.500 com juros de 2,5% a.m., quanto pagar por mes pra quitar em 10 meses?",
                         figures=[f(-npf.pmt(0.025, 10, 3500))])])
add("divida_parcela", [t("pra acabar com uma divida de 20 mil em 36 meses a 3% am, quanto tenho que pagar todo mes?",
                         figures=[f(-npf.pmt(0.03, 36, 20000))])])
add("divida_parcela", [t("cheque especial com 4 mil de saldo devedor a 8% ao mês: que prestação quita isso em 6 meses?",
                         figures=[f(-npf.pmt(0.08, 6, 4000))])])

# 6. retirement by a withdrawal rate (regra dos 4%)
add("regra_4", [t("pela regra dos 4%, quanto preciso juntar pra ter 5 mil por mes?",
                  figures=[f(5000 * 12 / 0.04)])])
add("regra_4", [t("quero gastar 10 mil mensais aposentado, usando a regra dos 4% quanto preciso acumular?",
                  figures=[f(10000 * 12 / 0.04)])])
add("regra_4", [t("meu custo de vida é 6.500 por mes; com a regra do 4% ao ano qual o patrimonio necessario pra parar de trabalhar?",
                  figures=[f(6500 * 12 / 0.04)])])
add("regra_4", [t("com retirada segura de 3,5% ao ano, quanto preciso ter pra uma renda de 7 mil/mes?",
                  figures=[f(7000 * 12 / 0.035)])])

# 7. retirement with one rate while saving and another while living off the yield
add("aposentadoria_duas_taxas", [t(
    "quero renda de 5 mil por mes vivendo dos juros de 0,5% a.m.; faltam 15 anos, tenho 50 mil guardados e consigo 0,8% a.m. ate la. quanto aportar por mes?",
    figures=[f(1_000_000), f(-npf.pmt(0.008, 180, -50000, 1_000_000))])])
add("aposentadoria_duas_taxas", [t(
    "Daqui a 25 anos quero viver de uma renda de R$ 8.000 por mês tirando só o rendimento de 0,5% ao mês. Hoje tenho R$ 30.000 e na fase de acumulação consigo 0,9% a.m. Quanto preciso acumular e quanto guardar por mês?",
    figures=[f(1_600_000), f(-npf.pmt(0.009, 300, -30000, 1_600_000))])])
add("aposentadoria_duas_taxas", [t(
    "pra me aposentar em 10 anos com 4 mil por mes so de rendimento (0,4% am), ja tendo 200 mil aplicados a 1% am, quanto tenho q depositar todo mes?",
    figures=[f(1_000_000), f(-npf.pmt(0.01, 120, -200000, 1_000_000))])])

# 8. a monthly cost with a yearly increase: the total over some years
def growing(monthly: float, g: float, years: int) -> float:
    return sum(monthly * 12 * (1 + g) ** k for k in range(years))


add("reajuste_anual_total", [t("pago 1.800 de aluguel e reajusta 6% todo ano, quanto vou gastar em 3 anos?",
                               figures=[f(growing(1800, 0.06, 3))])])
add("reajuste_anual_total", [t("condominio de 900 por mes com aumento de 10% ao ano, quanto da o total em 4 anos?",
                               figures=[f(growing(900, 0.10, 4))])])
add("reajuste_anual_total", [t("aluguel 3 mil mensais, reajuste anual de 4%: quanto pago no total em 10 anos?",
                               figures=[f(growing(3000, 0.04, 10))])])


# ---- round 2: written after the first fixes, run once before any further change (tag fin15_r2)
R2 = "fin15_r2"
add("negacao", [t("zero gasto hoje, nao torrei nem um real")], R2)
add("negacao", [t("essa semana nao paguei nada de nada, nem 2 reais de cafe")], R2)
add("reajuste", [t("minha mensalidade da academia é 130 e vai aumentar 20%. vou pagar quanto agora?",
                   figures=[f(130 * 1.2)])], R2)
add("reajuste", [t("o condominio de 750 teve reducao de 10%, fica quanto?", figures=[f(675)])], R2)
add("reajuste", [t("se eu conseguir um aumento de 15% no meu salario de 3.200, vou ganhar quanto?",
                   figures=[f(3680)])], R2)
add("soma_grupos", [t("quanto da 5 parcelas de 99,90 + 3 parcelas de 49,90?",
                      figures=[f(5 * 99.90 + 3 * 49.90)])], R2)
add("soma_grupos", [t("faltam 8 prestacoes de 310 do carro e 2 de 1.200 do iptu, quanto devo no total?",
                      figures=[f(8 * 310 + 2 * 1200)])], R2)
add("sobra_pct", [t("meu salario liquido é 4.000 e gasto 3.400. quanto sobra e isso é quantos % da renda?",
                    figures=[f(600), f(15)])], R2)
add("divida_parcela", [t("emprestimo pessoal com saldo de 6 mil a 5% ao mes, quero zerar em 8 meses. qual a parcela?",
                         figures=[f(-npf.pmt(0.05, 8, 6000))])], R2)
add("divida_parcela", [t("se eu parcelar a fatura de 2.400 em 12 meses a 9% a.m., quanto fica cada parcela?",
                         figures=[f(-npf.pmt(0.09, 12, 2400))])], R2)
add("regra_4", [t("quanto eu preciso ter investido pra sacar 12 mil por mes pela regra dos 4%?",
                  figures=[f(12000 * 12 / 0.04)])], R2)
add("regra_4", [t("pela regra dos 4 por cento, pra ter renda de 3 mil mensais quanto preciso?",
                  figures=[f(3000 * 12 / 0.04)])], R2)
add("aposentadoria_duas_taxas", [t(
    "quero viver so dos juros de 0,6% ao mes com renda de 9 mil; tenho 30 anos ate me aposentar, comecando do zero, rendendo 0,85% a.m. enquanto junto. quanto guardo por mes?",
    figures=[f(1_500_000), f(-npf.pmt(0.0085, 360, 0, 1_500_000))])], R2)
add("reajuste_anual_total", [t("mensalidade da faculdade 1.400 com reajuste de 8% por ano, quanto gasto no total em 4 anos de curso?",
                               figures=[f(growing(1400, 0.08, 4))])], R2)
add("reajuste_anual_total", [t("se o aluguel de 1.500 aumentar 7% ao ano, quanto vou ter pago em 2 anos?",
                               figures=[f(growing(1500, 0.07, 2))])], R2)


# ---- round 3: a negated act with its amount ("não gastei 120 no ifood"), found by probing
# after round 2; run once before its fix (tag fin15_r3)
R3 = "fin15_r3"
add("negacao_ato", [t("eu nao gastei 120 no ifood, foi meu irmao")], R3)
add("negacao_ato", [t("graças a deus nao comprei aquele celular de 3 mil")], R3)
add("negacao_ato", [t("nao torrei 200 no bar dessa vez")], R3)
add("negacao_ato", [t("ainda nao recebi os 500 do joao")], R3)
add("negacao_ato", [t("no fim nem comprei o tenis de 300")], R3)


def main() -> None:
    out = Path(__file__).with_name("probes_fin15.jsonl")
    counts: dict[str, int] = {}
    lines = []
    for kind, turns, round_ in cases:
        counts[kind] = counts.get(kind, 0) + 1
        case: dict[str, Any] = {
            "id": f"fin15-{kind}-{counts[kind]:02d}",
            "app": "finance",
            "split": "dev",
            "tags": [kind, "fin15", round_],
            "today": "2026-11-27",
            "setup": {"ledger": "empty"},
            "turns": turns,
        }
        lines.append(json.dumps(case, ensure_ascii=False))
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
