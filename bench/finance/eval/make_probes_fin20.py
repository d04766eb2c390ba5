"""Writes probes_fin20.jsonl: must-not-write probes for fin20 (issue 19's trust bar), in our own
wording, written before they were first run:

- must not write (`effects: []`): questions with amounts in every tense, hypotheticals, plans,
  other people's money, prices seen, jokes, amounts said while asking advice, negations ("não
  gastei 50 hoje"), purchases given up ("ia comprar mas desisti"), complaints about a price as the
  first message;
- must record: plain entries in the same registers, as controls (the amount only is checked, so a
  category disagreement never hides a write or a miss).

Round `fin20_r1` is the first batch; `fin20_r2` was written after r1's fixes and `fin20_r3` after
r2's, each before it was first run."""

from __future__ import annotations

import json
from pathlib import Path

TODAY = "2026-11-27"
cases: list[dict[str, object]] = []


def case(cid: str, tags: list[str], turns: list[dict[str, object]], rnd: str) -> None:
    cases.append(
        {
            "id": f"fin20-{cid}",
            "app": "finance",
            "split": "dev",
            "tags": ["fin20", f"fin20_{rnd}", *tags],
            "today": TODAY,
            "setup": {"ledger": "empty"},
            "turns": turns,
        }
    )


def nothing(text: str) -> dict[str, object]:
    return {"user": text, "expect": {"effects": []}}


def recorded(text: str, kind: str, amount: float) -> dict[str, object]:
    return {
        "user": text,
        "expect": {"route": "lancamento", "effects": [{"kind": kind, "amount": amount}]},
    }


NOTHING_R1 = {
    "pergunta": [
        "quanto eu gastei de uber semana passada? acho que uns 150",
        "gastei mais de 400 no mercado esse mês?",
        "paguei 89,90 de internet em outubro ou foi em novembro?",
        "será que já passei dos 1.000 no cartão?",
        "quanto vou gastar se a conta de luz vier 280?",
        "recebi 3.200 de salário ou foi menos?",
        "tô gastando muito com ifood? tipo 600 por mês",
        "qual foi meu maior gasto acima de 200?",
        "os 120 da farmácia já entraram?",
        "quanto sobra se eu tirar os 1.800 do aluguel?",
        "dá pra viver com 2.500 por mês?",
        "300 de academia é muito?",
    ],
    "hipotese": [
        "se eu gastar 250 no show sábado ainda fico dentro do orçamento?",
        "e se eu cancelar a netflix de 55, quanto economizo no ano?",
        "supondo que eu pegue 10 mil emprestado a 3% ao mês",
        "imagina se eu tivesse guardado 500 por mês desde 2020",
        "caso eu receba os 2 mil do freela, quito o cartão",
        "se o 13º vier 4 mil eu pago a fatura toda",
        "se eu vender o carro por 35 mil dá pra quitar o financiamento?",
    ],
    "plano": [
        "semana que vem vou comprar um celular de 2.500",
        "to pensando em trocar de plano, o novo é 120",
        "quero viajar em julho, uns 6 mil",
        "mês que vem eu pretendo guardar 800",
        "vou tentar gastar só 300 de mercado essa semana",
        "minha meta é investir 1.000 por mês ano que vem",
        "planejo dar entrada de 40 mil num apê",
        "amanhã vou no shopping torrar uns 500",
    ],
    "terceiros": [
        "minha avó recebe 1.412 de aposentadoria",
        "o marido da minha prima comprou um carro de 90 mil",
        "meu sócio tirou 5 mil da empresa",
        "a vizinha do 302 pagou 800 no conserto da máquina",
        "o moleque do meu primo gastou 200 em skin de jogo",
        "minha colega de quarto paga 650 de aluguel",
        "meu chefe ganhou 12 mil de PLR",
        "a dona Maria da esquina vende marmita a 20",
    ],
    "preco_visto": [
        "o pão francês aqui tá 18 o quilo",
        "vi uma geladeira por 3.200 no magalu",
        "a passagem pra Recife tá saindo 1.400",
        "o ingresso do jogo custa 180",
        "a diária do hotel em Gramado passa de 700",
        "no posto da esquina a gasolina tá 6,19",
        "o iPhone novo tá custando 9 mil",
    ],
    "piada": [
        "se eu ganhar 100 milhões na mega eu sumo kkkk",
        "queria ter 1 milhão pra torrar tudo em pastel kkk",
        "meu gato gastou 200 da minha ração kkkkk brincadeira",
        "quem me dera ganhar 50 mil por mês né",
        "vou vender um rim por 100 mil kkk",
    ],
    "conselho": [
        "tenho 5 mil parados, coloco na poupança ou no tesouro?",
        "ganho 4.500, quanto devia guardar por mês?",
        "minha fatura tá 3 mil, parcelo ou pago o mínimo?",
        "vale a pena pagar 150 a mais por mês num plano melhor?",
        "com 800 sobrando por mês, em quanto tempo junto 20 mil?",
        "devo usar os 10 mil da reserva pra quitar o carro?",
        "é melhor pagar 1.200 de aluguel ou financiar com parcela de 1.500?",
    ],
    "negacao": [
        "não gastei 50 hoje, foi só 30 o almoço que já falei",
        "não paguei os 200 da academia esse mês",
        "ainda não recebi os 1.500 do cliente",
        "nem gastei os 100 que eu tinha separado pro bar",
        "não comprei o tênis de 400 no fim das contas",
        "esse mês não rolou os 300 do freela",
    ],
    "desistencia": [
        "ia comprar uma air fryer de 500 mas desisti",
        "quase paguei 300 num curso, mas desisti na hora",
        "tinha colocado 250 no carrinho mas cancelei a compra",
        "cancelei o pedido de 180 do ifood antes de sair",
        "pensei em pegar um empréstimo de 5 mil mas desisti",
        "ia assinar a academia de 120 mas mudei de ideia",
    ],
    "desabafo": [
        "absurdo, o gás tá 130 reais agora",
        "que absurdo o preço do gás, 130 reais agora, como pode?",
        "tá caro demais, o gás agora custa 130 reais",
        "nossa, o gás tá custando 130 reais, que roubo",
        "carne tá 60 reais o quilo, surreal",
        "inacreditável, o estacionamento do shopping cobra 25 a hora",
        "a luz veio 380 esse mês, tô passando mal",
        "gente, um café na padaria por 12 reais, tá de brincadeira",
        "revoltante, o plano de saúde aumentou pra 900",
        "aff, 8 reais numa coxinha, que mundo é esse",
    ],
    "registrado": [
        "já lancei os 45 do cabeleireiro?",
        "você anotou os 300 do mercado de ontem?",
        "tinha registrado 90 de internet, confere?",
    ],
}

RECORD_R1 = [
    ("gastei 47 na padaria", "expense", 47),
    ("paguei 1.800 de aluguel hoje", "expense", 1800),
    ("uber 23,50", "expense", 23.5),
    ("recebi 3.500 de salário", "income", 3500),
    ("comprei um tênis de 350 no cartão", "expense", 350),
    ("almoço 38 reais", "expense", 38),
    ("ontem fui ao cinema e gastei 60", "expense", 60),
    ("caiu o freela de 1.200", "income", 1200),
    ("paguei 150 de luz", "expense", 150),
    ("mercado 312,40", "expense", 312.4),
    ("farmácia 86", "expense", 86),
    ("anota 25 de estacionamento", "expense", 25),
    ("abasteci 180", "expense", 180),
    ("gastei 70 no bar com a galera", "expense", 70),
    ("pix de 200 da minha mãe de presente", "income", 200),
    ("ifood 54,90", "expense", 54.9),
    ("paguei a academia, 110", "expense", 110),
    ("comprei remédio, deu 42", "expense", 42),
    ("recebi 500 de reembolso da empresa", "refund", 500),  # r1 expected "income" (our slip)
    ("paguei 65 no corte de cabelo, caro demais", "expense", 65),
    ("gastei 130 no gás, absurdo", "expense", 130),
    ("torrei 200 na balada sábado", "expense", 200),
    ("pizza ontem 89", "expense", 89),
    ("netflix 55,90 debitou hoje", "expense", 55.9),
    ("lança aí 40 de lanche", "expense", 40),
    ("vendi minha bike por 900", "income", 900),
    ("paguei 300 no dentista", "expense", 300),
    ("comprei pão e leite, 18", "expense", 18),
    ("gastei 15 de ônibus essa semana", "expense", 15),
    ("ganhei 100 de gorjeta", "income", 100),
    ("conta de água 96,30 paga", "expense", 96.3),
    ("comprei um livro de 59", "expense", 59),
    ("dei 50 de presente pro meu sobrinho", "expense", 50),
    ("paguei 45 de manicure", "expense", 45),
    ("açougue 120", "expense", 120),
    ("gastei 28 no mcdonalds", "expense", 28),
    ("recebi 800 de aluguel do inquilino", "income", 800),
    ("paguei o IPVA, 1.450", "expense", 1450),
    ("mensalidade da facul 980 paga", "expense", 980),
    ("comprei um fone de 199 na shopee", "expense", 199),
]

NOTHING_R2 = {
    "pergunta": [
        "será que eu gasto uns 200 por semana com besteira?",
        "quanto eu tinha pago de condomínio em setembro, 650?",
        "me fala se os 2 mil do 13º já entraram",
        "os 75 da pizza de sexta eu lancei?",
        "em outubro eu gastei 1.200 de cartão, né?",
        "quantos por cento do salário vão pro aluguel de 1.600?",
    ],
    "hipotese": [
        "e se eu parcelar a geladeira de 3.600 em 12x, quanto fica a parcela?",
        "digamos que eu guarde 300 por mês, em 2 anos tenho quanto?",
        "se a gasolina for pra 7 reais eu gasto uns 400 por mês",
        "na hipótese de eu perder o emprego, 15 mil duram quanto?",
        "se eu tivesse comprado bitcoin com 1.000 em 2015...",
    ],
    "plano": [
        "mês que vem tenho que renovar o seguro do carro, uns 2.800",
        "no natal quero gastar no máximo 1.500 com presente",
        "tô juntando pra uma viagem de 8 mil",
        "daqui a pouco vou no mercado, acho que uns 200",
        "pretendo abrir uma conta na XP com 5 mil",
    ],
    "terceiros": [
        "eita, meu afilhado gastou 400 no celular novo",
        "a esposa do meu chefe comprou um carro de 200 mil",
        "o Lucas do futebol ganhou 3 mil no bolão",
        "minha cunhada tá devendo 8 mil no cartão",
        "o dono da padaria fatura uns 50 mil por mês",
        "uns amigos meus gastaram 3 mil em Floripa",
    ],
    "preco_visto": [
        "no mercado perto de casa o café tá 35 o pacote",
        "o aluguel de um ap de 2 quartos aqui sai uns 2.500",
        "uma consulta particular com dermato custa 400",
        "a mensalidade da escola do bairro é 1.100",
        "tá 5,80 o dólar hoje",
    ],
    "conselho": [
        "recebi uma proposta de 7 mil, aceito ou fico nos 6 mil com benefícios?",
        "tenho 30 mil, quito o financiamento ou invisto?",
        "gasto 900 de mercado por mês, é normal pra 2 pessoas?",
        "quanto devia ter de reserva ganhando 5 mil?",
    ],
    "negacao": [
        "hoje não comprei o lanche de 20, trouxe marmita",
        "o reembolso de 300 da empresa ainda não caiu",
        "não fui no show, então não gastei os 250",
        "graças a deus não precisei pagar os 500 do conserto, tava na garantia",
    ],
    "desistencia": [
        "tava quase fechando um pacote de 4 mil mas desisti",
        "cheguei a reservar o hotel de 900 mas cancelei",
        "no fim não levei a bota de 350",
    ],
    "desabafo": [
        "socorro, o IPTU veio 2.400 esse ano",
        "não acredito que um lanche no aeroporto custa 70",
        "ridículo, cobram 15 reais de taxa de entrega",
        "eita, a fatura tá 4 mil, nem sei como",
        "absurdo, 12 reais uma cerveja na praia",
    ],
    "piada": [
        "se eu ganhasse 1 real por cada boleto eu tava rico kkk",
        "meu sonho é ter um salário de 30 mil kkkk",
    ],
}

RECORD_R2 = [
    ("paguei 38 no almoço, tá caro demais", "expense", 38),
    ("nossa, gastei 90 de uber hoje", "expense", 90),
    ("absurdo, paguei 12 numa cerveja na praia", "expense", 12),
    ("comprei o lanche de 20 hoje", "expense", 20),
    ("recebi os 300 do freela finalmente", "income", 300),
    ("eita, 45 de estacionamento, anota aí", "expense", 45),
]

NOTHING_R3 = {
    "pergunta": [
        "quanto foi aquela conta de 230 do restaurante, foi em outubro?",
        "a parcela de 410 da moto já tá paga esse mês?",
        "me diz quanto gastei de luz, uns 180?",
    ],
    "hipotese": [
        "se eu cortar o ifood de 400 por mês, em 1 ano economizo quanto?",
        "e se o aluguel subir pra 2.000?",
        "supõe que eu ganhe 500 a mais, dá pra pagar a academia?",
    ],
    "plano": [
        "amanhã cedo vou pagar uns 90 de táxi pro aeroporto, acho",
        "tô pensando em pedir uma pizza de 70",
        "ano que vem vou dar 2 mil de entrada numa moto",
    ],
    "terceiros": [
        "poxa, meu vizinho perdeu 3 mil no tigrinho",
        "minha mãe pagou 400 na consulta dela",
        "a Carla do RH recebe 8 mil",
        "meu enteado torrou 600 em roupa",
    ],
    "preco_visto": [
        "o Uber pra Guarulhos tá dando 120",
        "cotei o seguro do carro: 3.100",
        "a nova mensalidade do clube vai ser 280",
    ],
    "negacao": [
        "o PIX de 500 do cliente não entrou ainda",
        "não cheguei a gastar os 200 do vale",
        "dessa vez não paguei nada de estacionamento",
    ],
    "desistencia": [
        "ia pedir um açaí de 30 mas deixei pra lá",
        "montei um carrinho de 700 na Shein mas não finalizei",
    ],
    "desabafo": [
        "pelo amor de deus, 40 reais num corte de cabelo",
        "tô indignada, o ingresso do cinema tá 45",
        "surreal o preço do ovo, 20 a dúzia",
    ],
    "conselho": [
        "com 2 mil de sobra por mês, compensa fazer um consórcio de 800?",
        "meu salário é 3.800, quanto posso gastar de aluguel?",
    ],
}

RECORD_R3 = [
    ("poxa, paguei 40 no corte de cabelo", "expense", 40),
    ("açaí 30 reais hoje", "expense", 30),
    ("pedi uma pizza de 70", "expense", 70),
    ("o pix de 500 do cliente entrou", "income", 500),
    ("taxi pro aeroporto 90", "expense", 90),
]

for tag, texts in NOTHING_R3.items():
    for i, text in enumerate(texts, 1):
        case(f"r3-{tag}-{i:02d}", ["nao_grava", tag], [nothing(text)], "r3")
for i, (text, kind, amount) in enumerate(RECORD_R3, 1):
    case(f"r3-grava-{i:02d}", ["grava"], [recorded(text, kind, amount)], "r3")

for tag, texts in NOTHING_R2.items():
    for i, text in enumerate(texts, 1):
        case(f"r2-{tag}-{i:02d}", ["nao_grava", tag], [nothing(text)], "r2")
for i, (text, kind, amount) in enumerate(RECORD_R2, 1):
    case(f"r2-grava-{i:02d}", ["grava"], [recorded(text, kind, amount)], "r2")

for tag, texts in NOTHING_R1.items():
    for i, text in enumerate(texts, 1):
        case(f"{tag}-{i:02d}", ["nao_grava", tag], [nothing(text)], "r1")
for i, (text, kind, amount) in enumerate(RECORD_R1, 1):
    case(f"grava-{i:02d}", ["grava"], [recorded(text, kind, amount)], "r1")

out = Path(__file__).with_name("probes_fin20.jsonl")
out.write_text("".join(json.dumps(c, ensure_ascii=False) + "\n" for c in cases), encoding="utf-8")
print(f"{len(cases)} cases -> {out}")
