"""Generate the labelled dialog-continuity pairs (seeded) and split them.

    python bench/finance/make_continuity_data.py

A pair is an open clarifying question (agent + text) and the user's next message, labelled
`continues` (the message answers the question) or not (a new request, a greeting, a complex
ask). Answers are grouped (each line below is one group); groups are split 70 / 30 into train
(src/.../triage/data/continuity_train.jsonl, shipped) and held-out test
(bench/finance/continuity_test.jsonl), so test answers are phrasings the model never saw. The
questions are shared: they are what the agents themselves say, a closed set.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
TRAIN = ROOT / "src/switchboard/apps/finance/triage/data/continuity_train.jsonl"
TEST = HERE / "continuity_test.jsonl"
SEED = 4242

QUESTIONS: dict[str, list[tuple[str, str]]] = {
    "valor": [
        ("lancador", "Qual foi o valor?"),
        ("lancador", "Quanto custou?"),
        ("lancador", "Qual o valor da roupa?"),
        ("lancador", "Quanto você pagou no cinema?"),
        ("lancador", "Quanto foi o almoço?"),
    ],
    "categoria": [
        ("lancador", "Em que você gastou os R$ 450?"),
        ("lancador", "Com o que foi esse gasto de R$ 200?"),
        ("lancador", "Qual a categoria dessa despesa?"),
        ("lancador", "Onde foi essa compra?"),
        ("lancador", "De quem você recebeu os R$ 500?"),
    ],
    "tipo": [
        ("lancador", "Os R$ 200 foram uma despesa ou uma receita?"),
        ("lancador", "Isso foi um gasto ou uma entrada?"),
        ("lancador", "É receita ou despesa?"),
    ],
    "data": [
        ("lancador", "Quando foi essa compra?"),
        ("lancador", "Em que dia você pagou?"),
        ("lancador", "Qual a data do pagamento?"),
    ],
    "parcelas": [
        ("lancador", "Foi à vista ou parcelado?"),
        ("lancador", "Em quantas parcelas?"),
    ],
    "pagamento": [
        ("lancador", "Qual foi a forma de pagamento?"),
        ("lancador", "Você pagou no cartão ou no pix?"),
    ],
    "periodo": [
        ("simplista", "De qual período você quer saber? Este mês ou o mês passado?"),
        ("simplista", "Qual mês você quer consultar?"),
        ("simplista", "Quer ver de qual período?"),
    ],
    "sim_nao": [
        ("lancador", "Confirma o registro de R$ 150,00 em Supermercado hoje?"),
        ("lancador", "Posso registrar como despesa de R$ 80,00 em Luz?"),
        ("junior", "Quer que eu registre esse gasto?"),
    ],
}

ANSWERS: dict[str, list[str]] = {
    "valor": [
        "150",
        "foi 150",
        "R$ 89,90",
        "uns 200 reais",
        "200 conto",
        "2k",
        "mil e quinhentos",
        "acho que 45",
        "45,50",
        "deu 320",
        "custou 80 reais",
        "paguei 60",
        "1.200",
        "cinquenta reais",
        "foi uns 30 pila",
        "R$ 1.499,00",
    ],
    "categoria": [
        "no supermercado",
        "mercado",
        "foi na farmácia",
        "com gasolina",
        "uber",
        "comida",
        "em roupas",
        "ifood",
        "presente pra minha mãe",
        "no posto",
        "conta de luz",
        "foi no restaurante",
        "do meu chefe",
        "salário",
        "com o carro",
        "lazer",
        "academia",
        "foi um freela",
    ],
    "tipo": [
        "despesa",
        "foi um gasto",
        "receita",
        "entrada",
        "gastei",
        "recebi",
        "saída",
        "é despesa",
        "foi receita",
        "gasto mesmo",
    ],
    "data": [
        "ontem",
        "hoje",
        "foi ontem",
        "dia 5",
        "sexta passada",
        "15/03",
        "semana passada",
        "anteontem",
        "hoje de manhã",
        "no sábado",
        "foi domingo",
    ],
    "parcelas": [
        "10x",
        "em 12 vezes",
        "à vista",
        "3 parcelas",
        "sem parcelar",
        "em 6x",
        "parcelado em 4",
        "foi a vista",
    ],
    "pagamento": [
        "no cartão",
        "pix",
        "débito",
        "dinheiro",
        "cartão de crédito",
        "no nubank",
        "foi no pix",
        "paguei em dinheiro",
    ],
    "periodo": [
        "esse mês",
        "mês passado",
        "em março",
        "este ano",
        "últimos 3 meses",
        "semana passada",
        "de janeiro a março",
        "o mês passado",
        "desde janeiro",
        "este mês",
    ],
    "sim_nao": [
        "sim",
        "não",
        "isso",
        "pode",
        "pode sim",
        "claro",
        "confirmo",
        "ok",
        "isso mesmo",
        "não, foi 200",
        "exato",
        "pode registrar",
        "aham",
        "correto",
    ],
}

NEGATIVES: list[str] = [
    "quanto gastei esse mês?",
    "oi",
    "bom dia",
    "esquece, faça uma análise das minhas finanças",
    "vale a pena investir em CDB?",
    "qual o dólar hoje?",
    "me ajuda a montar um orçamento",
    "qual meu saldo?",
    "como você funciona?",
    "recebi meu salário de 5 mil",
    "por que gastei tanto?",
    "quanto tenho investido?",
    "qual a selic hoje?",
    "deixa isso, quero saber quanto devo no cartão",
    "como faço pra me aposentar?",
    "olá, tudo bem?",
    "quais minhas dívidas?",
    "o que você faz?",
    "devo quitar meu carro?",
    "cancela e me mostra meu extrato",
    "esquece isso, quanto gastei com uber?",
    "faz um plano pra eu juntar 10 mil",
    "quero falar de investimentos",
    "tenho 30 mil parados, onde invisto?",
    "qual foi meu maior gasto?",
    "bom dia! qual a cotação do euro?",
    "me explica o que é CDI",
    "estou gastando muito com ifood?",
    "quanto economizei este ano?",
]

CANCELS: list[str] = ["deixa, esquece", "cancela", "esquece", "deixa pra lá", "desisto"]
"""Bare cancellations: they continue the dialog (the owning agent closes it)."""

HAND: list[tuple[str, str, str, bool]] = [
    ("lancador", "Em que você gastou os R$ 450?", "no supermercado", True),
    (
        "lancador",
        "Em que você gastou os R$ 450?",
        "esquece, faça uma análise das minhas finanças",
        False,
    ),
    ("lancador", "Qual foi o valor?", "150 reais para o mercado", True),
    ("lancador", "Qual o valor da roupa?", "150 reais", True),
    ("lancador", "Os R$ 200 foram uma despesa ou uma receita?", "foi despesa, no mercado", True),
    ("simplista", "Qual mês você quer consultar?", "e no mês passado?", True),
    ("lancador", "Quando foi essa compra?", "foi ontem", True),
    ("lancador", "Quanto foi o almoço?", "obrigado", False),
    ("junior", "Quer que eu registre esse gasto?", "não precisa", True),
    ("lancador", "Em que você gastou os R$ 450?", "qual a taxa selic?", False),
]


def main() -> None:
    rng = random.Random(SEED)
    groups: list[tuple[str, list[dict[str, object]]]] = []
    for kind, answers in ANSWERS.items():
        for answer in answers:
            rows = [
                {"agent": agent, "question": q, "message": answer, "continues": True}
                for agent, q in QUESTIONS[kind]
            ]
            groups.append((f"pos-{kind}-{answer}", rows))
    every_question = [q for qs in QUESTIONS.values() for q in qs]
    for message in NEGATIVES:
        picked = rng.sample(every_question, 4)
        rows = [
            {"agent": agent, "question": q, "message": message, "continues": False}
            for agent, q in picked
        ]
        groups.append((f"neg-{message}", rows))
    for message in CANCELS:
        picked = rng.sample(every_question, 3)
        rows = [
            {"agent": agent, "question": q, "message": message, "continues": True}
            for agent, q in picked
        ]
        groups.append((f"cancel-{message}", rows))
    for index, (agent, question, message, continues) in enumerate(HAND):
        row = {"agent": agent, "question": question, "message": message, "continues": continues}
        groups.append((f"hand-{index}", [row]))
    rng.shuffle(groups)
    cut = round(len(groups) * 0.7)
    train = [r for _, rows in groups[:cut] for r in rows]
    test = [r for _, rows in groups[cut:] for r in rows]
    for path, rows in ((TRAIN, train), (TEST, test)):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(
            "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8"
        )
        positives = sum(1 for r in rows if r["continues"])
        print(f"{path.name}: {len(rows)} pairs, {positives} continue")


if __name__ == "__main__":
    main()
