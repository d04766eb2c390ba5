"""Writes probes_fin16.jsonl: dev probes for the fin16 failure classes (who did it, a remark
with an amount, a past act stated with doubt, a loan taken after an intention, time value of
money with any unknown, totals asked, paying the rotativo now vs later, whether a purchase fits
the budget, follow-ups on a computed answer). Figures come from numpy_financial or plain
arithmetic here, independently of the app's code."""

from __future__ import annotations

import json
from pathlib import Path

import numpy_financial as npf

TODAY = "2026-11-27"
cases: list[dict[str, object]] = []


def case(cid: str, tags: list[str], turns: list[dict[str, object]]) -> None:
    cases.append(
        {
            "id": f"fin16-{cid}",
            "app": "finance",
            "split": "dev",
            "tags": ["fin16", *tags],
            "today": TODAY,
            "setup": {"ledger": "empty"},
            "turns": turns,
        }
    )


def nothing(text: str, **expect: object) -> dict[str, object]:
    return {"user": text, "expect": {"effects": [], **expect}}


# 1. someone else's money: nothing recorded
for i, text in enumerate(
    [
        "meu primo torrou 3k em aposta, normal isso?",
        "a minha chefe recebeu 10 mil de PLR e eu nada",
        "meu irmão gastou 400 no show",
        "sabia que a vizinha ganhou 2 mil na mega?",
        "nossa, meu cunhado gastou 5 mil numa tv",
        "minha mae comprou um celular de 3 mil em 10x",
        "o namorado da minha irma torrou 800 no bar ontem kkk",
        "meu colega de trabalho faturou 15 mil de bonus",
        "mano, meu amigo apostou 500 no jogo e perdeu tudo",
        "meu irmao gastou 400 no show e eu fiquei em casa",
    ],
    1,
):
    case(f"terceiro-{i:02d}", ["terceiro"], [nothing(text, route=["trivial", "simplista"])])
# ... and the user's own acts with a relative as beneficiary are entries
for i, (text, amount) in enumerate(
    [
        ("paguei 200 da escola do meu filho", 200.0),
        ("dei 50 pro meu irmão", 50.0),
        ("comprei um tenis de 300 pra minha filha", 300.0),
        ("meu pai pagou o jantar de 400 e eu dei metade pra ele", 200.0),
        ("paguei 120 do remedio da minha mae", 120.0),
        ("mandei 100 de pix pra minha vo", 100.0),
    ],
    1,
):
    case(
        f"beneficiario-{i:02d}",
        ["beneficiario"],
        [{"user": text, "expect": {"effects": [{"kind": "expense", "amount": amount}]}}],
    )

# 2. a remark with an amount: ask, record only on yes
for i, text in enumerate(
    [
        "absurdo essa tarifa de 30 reais do banco",
        "que caro, 12 conto um café",
        "mds 45 reais num estacionamento",
        "caramba, 300 de luz esse mes",
        "eita 90 conto de gasolina so pra ir e voltar",
        "pqp, 25 de taxa de entrega",
        "surreal, 18 reais um pastel",
    ],
    1,
):
    case(f"reclamacao-{i:02d}", ["reclamacao"], [nothing(text, asks=True)])
case(
    "reclamacao-sim",
    ["reclamacao"],
    [
        nothing("um roubo esse ifood, 80 conto numa pizza", asks=True),
        {"user": "sim", "expect": {"effects": [{"kind": "expense", "amount": 80.0}]}},
    ],
)
case(
    "reclamacao-nao",
    ["reclamacao"],
    [
        nothing("que absurdo 40 reais de tarifa", asks=True),
        nothing("nao, so to reclamando"),
    ],
)

# 3. a past act stated with doubt: a question about the ledger, never a row
for i, text in enumerate(
    [
        "gastei uns 400 de mercado em outubro ou foi mais",
        "acho que paguei 90 de internet mes passado nao lembro",
        "se nao me engano recebi 300 do freela semana passada",
        "axo q gastei uns 200 de uber essa semana",
        "nao lembro direito mas paguei uns 150 de luz em outubro",
        "acho que foram 600 de cartao mes passado, ou mais",
        "paguei 1.200 de aluguel esse mes, nao tenho certeza",
    ],
    1,
):
    case(f"duvida-{i:02d}", ["duvida"], [nothing(text)])
case(
    "duvida-anota",
    ["duvida"],
    [
        {
            "user": "anota ai, acho que foi 50 de uber",
            "expect": {"effects": [{"kind": "expense", "amount": 50.0}]},
        },
    ],
)

# 4. a loan taken after an intention
for i, (first, second, amount) in enumerate(
    [
        ("to pensando em pegar 8 mil emprestado", "peguei, registra o emprestimo de 8 mil", 8000.0),
        ("quero pegar um consignado de 12 mil", "fechei, anota o consignado de 12 mil", 12000.0),
        ("pensando em fazer um emprestimo de 5 mil no banco", "saiu o emprestimo de 5 mil", 5000.0),
        ("vou precisar pegar uns 3 mil emprestado", "peguei os 3 mil emprestado no nubank", 3000.0),
        ("talvez eu pegue um emprestimo de 10 mil", "registra o emprestimo de 10 mil", 10000.0),
        ("pretendo tomar 6 mil emprestado", "poe ai o emprestimo de 6 mil que eu peguei", 6000.0),
    ],
    1,
):
    case(
        f"emprestimo-{i:02d}",
        ["emprestimo"],
        [
            nothing(first),
            {"user": second, "expect": {"effects": [{"kind": "loan", "amount": amount}]}},
        ],
    )


def figure(value: float, tol: float = 0.02) -> dict[str, float]:
    return {"value": round(value, 2), "tol": tol}


def ask(text: str, *values: float, tol: float = 0.02) -> dict[str, object]:
    return {
        "user": text,
        "expect": {"effects": [], "route": "complexa", "figures": [figure(v, tol) for v in values]},
    }


# 5. time value of money, any unknown (numpy-financial conventions)
pv = lambda r, n, pmt, fv=0.0: -float(npf.pv(r, n, pmt, fv))  # noqa: E731
tvm = [
    ("parcela max 1.500, 1,2% am, 240 meses, qnto consigo financiar?", pv(0.012, 240, 1500)),
    (
        "consigo pagar no maximo 900 por mes, juros de 1,5% ao mes em 48 meses, quanto posso "
        "pegar emprestado?",
        pv(0.015, 48, 900),
    ),
    ("30 mil a 0,8% am por 4 anos sem aporte, quanto fica?", float(npf.fv(0.008, 48, 0, -30000))),
    (
        "se eu deixar 50 mil rendendo 1% ao mes por 10 anos sem mexer, vira quanto?",
        float(npf.fv(0.01, 120, 0, -50000)),
    ),
    (
        "tenho 10 mil, ponho 1.000 por mes a 1% am, em quantos meses chego a 100 mil?",
        float(npf.nper(0.01, -1000, -10000, 100000)),
    ),
    (
        "ja tenho 20 mil guardado e aporto 500 por mes a 0,7% am, quanto tempo pra juntar 80 mil?",
        float(npf.nper(0.007, -500, -20000, 80000)),
    ),
    ("500 mil a 0,6% am, qnto saco por mes por 25 anos?", float(-npf.pmt(0.006, 300, -500000))),
    (
        "tenho 200 mil aplicado a 0,8% ao mes, quanto posso retirar por mes durante 20 anos ate "
        "zerar?",
        float(-npf.pmt(0.008, 240, -200000)),
    ),
    (
        "emprestimo de 20 mil em 36 parcelas de 800, qual a taxa de juros ao mes?",
        float(npf.rate(36, -800, 20000, 0)) * 100,
    ),
]
for i, (text, value) in enumerate(tvm, 1):
    tol = 0.6 if "quantos meses" in text or "quanto tempo" in text else 0.02
    if "taxa" in text:
        tol = 0.01
    case(f"tvm-{i:02d}", ["tvm"], [ask(text, value, tol=tol)])

# 6. totals asked
fin = float(-npf.pmt(0.009, 360, 240000)) * 360
case(
    "total-entrada-01",
    ["total"],
    [
        ask(
            "financiamento de 300 mil com entrada de 60 mil em 360 meses a 0,9% am PRICE, quanto pago "
            "no total?",
            fin,
            fin + 60000,
            tol=1.0,
        )
    ],
)
fin2 = float(-npf.pmt(0.015, 48, 50000)) * 48
case(
    "total-entrada-02",
    ["total"],
    [
        ask(
            "carro de 70 mil, dou 20 mil de entrada e financio o resto em 48x a 1,5% am pela price, "
            "qto pago no total com a entrada?",
            fin2,
            fin2 + 20000,
            tol=1.0,
        )
    ],
)
case(
    "cdb-cdi-01",
    ["cdb_cdi"],
    [ask("CDB 110% do CDI por 1 ano, quanto dá líquido em % do CDI?", 90.75)],
)
case(
    "cdb-cdi-02",
    ["cdb_cdi"],
    [
        ask(
            "cdb de 120% do cdi por 2 anos rende liquido quantos % do cdi? compensa mais que lci de 95%?",
            102.0,
            95.0,
        )
    ],
)
case(
    "cdb-cdi-03",
    ["cdb_cdi"],
    [ask("um cdb a 105% do cdi por 6 meses, liquido da quantos por cento do cdi?", 84.0)],
)

# 7. paying the rotativo now vs later
case(
    "rotativo-01",
    ["rotativo"],
    [
        ask(
            "devo 3 mil no rotativo a 14% am, recebo 13º de 3 mil; quitar agora ou daqui 2 meses, quanto "
            "economizo?",
            3000 * (1.14**2 - 1),
            3000 * 1.14**2,
        )
    ],
)
case(
    "rotativo-02",
    ["rotativo"],
    [
        ask(
            "tenho 2.500 no rotativo do cartao a 12% ao mes, se eu esperar 3 meses pra pagar quanto a "
            "mais eu pago?",
            2500 * (1.12**3 - 1),
            2500 * 1.12**3,
        )
    ],
)

# 8. does a purchase fit the budget
case(
    "orcamento-01",
    ["orcamento"],
    [
        ask(
            "ganho 4.500, gasto 3.700 fixo, quero uma geladeira de 2.400 em 12x sem juros, cabe no "
            "orcamento?",
            200,
            800,
            600,
        )
    ],
)
case(
    "orcamento-02",
    ["orcamento"],
    [
        ask(
            "minha renda é 6 mil e minhas despesas fixas dão 5.200, da pra comprar um notebook de 3.600 "
            "em 10x sem juros?",
            360,
            800,
            440,
        )
    ],
)

# 9. follow-ups on a computed answer
price = float(-npf.pmt(0.01, 360, 200000))
sac_last = 200000 / 360 * (1 + 0.01)
case(
    "seguimento-01",
    ["seguimento"],
    [
        {"user": "financiamento de 200 mil em 360 meses a 1% ao mes, sac ou price?"},
        ask("e a última?", sac_last),
    ],
)
case(
    "seguimento-02",
    ["seguimento"],
    [
        {"user": "financiamento de 200 mil em 360 meses a 1% ao mes pela price, qual a parcela?"},
        # the app's table rounds each month's interest to the cent: within R$ 20 of pmt·n − pv
        ask("e o total de juros?", price * 360 - 200000, tol=20.0),
    ],
)
case(
    "seguimento-03",
    ["seguimento"],
    [
        {"user": "financiamento de 200 mil em 360 meses a 1% ao mes pela price, qual a parcela?"},
        ask("e se fosse em 180 meses?", float(-npf.pmt(0.01, 180, 200000))),
    ],
)

out = Path(__file__).with_name("probes_fin16.jsonl")
out.write_text("".join(json.dumps(c, ensure_ascii=False) + "\n" for c in cases), encoding="utf-8")
print(f"{len(cases)} cases -> {out}")
