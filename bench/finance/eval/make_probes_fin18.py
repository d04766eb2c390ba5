"""Writes probes_fin18.jsonl: dev probes for fin18's must-not-record families — complaints
("odeio ver a fatura, sempre vem mais de 2 mil") and other people's money ("o joão recebeu 3 mil
de bônus") — plus controls that must still be recorded (the user's own act told with a complaint
or for someone else). Round `fin18_r1` was written before any fix, from the families the issue
and the lead name, not from the dev set's texts."""

from __future__ import annotations

import json
from pathlib import Path

TODAY = "2026-11-27"
NOT_RECORDED = ["trivial", "simplista", "complexa"]
cases: list[dict[str, object]] = []


def case(cid: str, tags: list[str], turns: list[dict[str, object]], rnd: str = "r1") -> None:
    cases.append(
        {
            "id": f"fin18-{cid}",
            "app": "finance",
            "split": "dev",
            "tags": ["fin18", f"fin18_{rnd}", *tags],
            "today": TODAY,
            "setup": {"ledger": "empty"},
            "turns": turns,
        }
    )


def nothing(text: str) -> dict[str, object]:
    return {"user": text, "expect": {"route": NOT_RECORDED, "effects": []}}


COMPLAINTS = [
    "todo mes o aluguel de 2.500 me mata",
    "affff o condominio subiu pra 900, absurdo",
    "nao aguento mais pagar 180 de internet por mes",
    "esse plano de saude de 1.200 ta um roubo",
    "gasolina a 6,50 o litro, ta impossivel",
    "to cansado de gastar 50 de uber todo dia",
    "que ódio, o mercado sempre passa de 800",
    "sempre estouro o cartao, vive passando de 3 mil",
    "pqp, tudo tão caro, 100 reais não dá pra nada no mercado",
    "puts, o salario de 3 mil nao dura nem 15 dias",
    "ninguem merece IPVA de 2 mil todo ano",
    "streaming ta caro demais, 55 a netflix agora",
    "cara, to gastando uns 600 por mes so com delivery, que vergonha",
    "odeio pagar 30 de estacionamento no shopping",
    "o preço do cafe ta um absurdo, 40 o pacote",
    "ta foda, a academia aumentou pra 150",
    "sinto que jogo dinheiro fora com 200 de bar todo fim de semana",
    "meu salario de 4500 some no dia 10, nao sei pra onde vai",
    "1.500 de escola por mês é pesado demais",
    "aff q raiva, o banco cobra 39,90 de tarifa por mes",
    "não dá mais, a parcela do carro de 1.300 tá me sufocando",
    "que saco ter que pagar 600 de IPTU",
    "to me sentindo mal, gastei demais esse mes",
    "o cartão de credito vive com fatura de uns 2,5k, impossível economizar",
    "detesto gastar 250 de luz todo mes 😤",
    "sempre pago uns 80 de ifood no fim de semana, preciso parar",
    "mds, 400 conto de mercado toda semana, nao da",
    "a vida ta cara, 2 mil de aluguel mais 700 de condominio",
    "odeio quando a fatura chega, sempre tem uns 300 de coisa que nem lembro",
]

OTHERS = [
    "minha irmã gastou 2 mil numa bolsa, ta doida",
    "meu vizinho comprou um carro de 120 mil",
    "a maria pagou 800 no show da taylor",
    "meu pai gastou 500 no mercado ontem",
    "minha mae recebeu 1.200 de aposentadoria hoje",
    "meu chefe ganha uns 30 mil por mes",
    "o pedro torrou 1,5k no cassino online",
    "minha namorada pagou 250 no salão",
    "meu amigo pegou um empréstimo de 20 mil",
    "meu colega de trabalho investiu 10 mil em bitcoin",
    "minha tia ganhou 5 mil na mega sena",
    "o marido da minha prima gastou 3k em pneus",
    "a ana comprou um iphone de 8 mil parcelado em 12x",
    "meus pais pagaram 2.000 de IPTU",
    "meu irmao recebeu o salario, 4 mil",
    "a carol gastou 90 de uber ontem, nao sei como",
    "meu sogro vendeu o carro por 40 mil",
    "o lucas transferiu 2 mil pra poupança dele",
    "minha avó recebe 1.412 de aposentadoria",
    "a empresa do meu pai faturou 200 mil esse ano",
    "meu primo ganhou 15 mil de PLR",
    "a bia pagou a fatura dela, 1.800",
    "meu amigo me contou que gastou 700 no bar",
    "o rafa comprou uma moto de 18 mil à vista",
    "meu cunhado tá devendo 10 mil no cartão",
    "a fulana do trabalho recebeu 2,5k de freela",
    "vi que o thiago pagou 350 numa camisa de time kkkk",
    "minha colega de quarto gastou 150 na farmacia",
    "o namorado da minha amiga deu 5 mil de entrada num apê",
    "meu tio aplicou 50 mil no CDB",
]

CONTROLS: list[tuple[str, str, dict[str, object]]] = [
    ("paguei 80 no almoço do meu chefe", "ctl-chefe", {"kind": "expense", "amount": 80.0}),
    (
        "dei 100 de presente pro meu sobrinho",
        "ctl-presente",
        {"kind": "expense", "amount": 100.0},
    ),
    ("meu pai me mandou 500 no pix", "ctl-pai", {"kind": "income", "amount": 500.0}),
    ("minha mae me deu 200", "ctl-mae", {"kind": "income", "amount": 200.0}),
    (
        "paguei 60 de uber pra minha mãe",
        "ctl-uber",
        {"kind": "expense", "amount": 60.0, "category": "Transporte"},
    ),
    ("que raiva, paguei 293 de multa hoje", "ctl-multa", {"kind": "expense", "amount": 293.0}),
    (
        "odeio dentista mas paguei 350 na consulta hoje",
        "ctl-dentista",
        {"kind": "expense", "amount": 350.0, "category": "Saúde"},
    ),
    (
        "aff, gastei 120 no ifood ontem",
        "ctl-ifood",
        {"kind": "expense", "amount": 120.0, "category": "Alimentação", "date": "today-1"},
    ),
    (
        "comprei um presente de 150 pra minha namorada",
        "ctl-namorada",
        {"kind": "expense", "amount": 150.0},
    ),
    (
        "que absurdo, paguei 45 num lanche no aeroporto",
        "ctl-lanche",
        {"kind": "expense", "amount": 45.0, "category": "Alimentação"},
    ),
]

# round 2, written after round 1's fixes and before running them: new phrasings of the families
COMPLAINTS_R2 = [
    "vsf, a mensalidade da facul foi pra 1.900",
    "não tem condição, 250 de gás todo mês",
    "eu trabalho o mes inteiro pra pagar 2 mil de aluguel, triste",
    "que tristeza ver 700 de cartão só de besteira todo mês",
    "to lascado, o seguro do carro veio 3.200 esse ano de novo",
    "aff, a tarifa do banco é 45 por mes, um absurdo",
    "cansei de pagar 120 de academia e nunca ir",
    "mano o ifood ta me falindo, uns 90 por semana",
    "odeio o dia 10, é quando sai os 1.800 do aluguel",
    "a gasolina ta me quebrando, 400 por mes so de posto",
    "o plano de celular de 80 reais é um roubo",
    "não aguento mais essa fatura de 4 mil",
    "ta dificil, meu salario de 2.800 nao sobra nada",
    "sempre gasto mais de 300 no mercado, nao sei como",
    "detesto a conta de luz, sempre passa de 300",
]
OTHERS_R2 = [
    "meu irmão tá ganhando 8 mil agora no emprego novo",
    "minha prima gasta uns 2 mil por mes com roupa",
    "fiquei sabendo que o chefe do meu setor recebeu 20 mil de bonus",
    "o carro do meu pai quebrou e ele gastou 3 mil no conserto",
    "minha irmã pegou 15 mil emprestado no banco",
    "a loja do meu tio vendeu 50 mil esse mes",
    "meu namorado guardou 500 na poupança dele",
    "o joao me contou que pagou 900 numa bike",
    "a minha mae ta devendo uns 3 mil no cheque especial",
    "meu melhor amigo investiu 5 mil em ações",
    "parece que o dudu torrou 2k no fim de semana",
    "minha vó recebeu 1.500 de 13º",
    "os vizinhos compraram um carro de 90 mil",
    "o salário do meu marido é 7 mil",
    "minha sogra transferiu 1.000 pro meu cunhado",
]
CONTROLS_R2: list[tuple[str, str, dict[str, object]]] = [
    ("meu irmão me pagou os 200 que me devia", "ctl2-irmao", {"kind": "income", "amount": 200.0}),
    (
        "paguei 90 de gasolina pro carro do meu pai",
        "ctl2-gasolina",
        {"kind": "expense", "amount": 90.0, "category": "Transporte"},
    ),
    ("minha vó me transferiu 300 de presente", "ctl2-vo", {"kind": "income", "amount": 300.0}),
    (
        "odeio mercado mas fui e gastei 230",
        "ctl2-mercado",
        {"kind": "expense", "amount": 230.0, "category": "Alimentação"},
    ),
    (
        "que raiva, paguei 80 de taxa de atraso hoje",
        "ctl2-taxa",
        {"kind": "expense", "amount": 80.0},
    ),
]
for i, text in enumerate(COMPLAINTS_R2, 1):
    case(f"reclamacao2-{i:02d}", ["reclamacao"], [nothing(text)], "r2")
for i, text in enumerate(OTHERS_R2, 1):
    case(f"terceiros2-{i:02d}", ["terceiros"], [nothing(text)], "r2")
for text, cid, effect in CONTROLS_R2:
    turn = {"user": text, "expect": {"route": "lancamento", "effects": [effect]}}
    case(cid, ["controle"], [turn], "r2")
# round 3, written after round 2's fixes and before running them: complaints and other people's
# money with a question, a reason or two sentences
COMPLAINTS_R3 = [
    "por que minha conta de luz sempre vem mais de 350? odeio isso",
    "gente, 2.300 de aluguel num apê minúsculo, que piada",
    "essa tal de taxa de manutenção de 19,90 é ridícula",
    "de novo a fatura veio com 40 de juros, que saco",
    "to de saco cheio de gastar 100 por semana com almoço na rua",
    "toda vez que vou no mercado deixo uns 500, não entendo",
    "ninguem aguenta 8 reais num café expresso",
    "a escola das crianças aumentou pra 2.100, tá puxado",
]
OTHERS_R3 = [
    "minha irmã gasta 2 mil por mês com roupa, é muito?",
    "meu pai recebeu 30 mil de rescisão, o que ele deve fazer?",
    "o marido da minha amiga torrou 10 mil em bet, tô chocada",
    "minha chefe comprou um apê de 800 mil. eu nunca vou conseguir",
    "meu colega falou que ganhou 3 mil numa aposta",
    "o vizinho pagou 4 mil numa TV, pra que isso",
    "minha tia tem 200 mil na poupança parados",
    "meu primo gastou 600 no rodízio com a namorada kkkk",
]
for i, text in enumerate(COMPLAINTS_R3, 1):
    case(f"reclamacao3-{i:02d}", ["reclamacao"], [nothing(text)], "r3")
for i, text in enumerate(OTHERS_R3, 1):
    case(f"terceiros3-{i:02d}", ["terceiros"], [nothing(text)], "r3")
# a note with a sigh ("caramba, 12 reais um pão de queijo") keeps the shape of an entry: the
# Lançador may ask before writing, so only the effects are checked
case(
    "reclamacao-nota",
    ["reclamacao"],
    [{"user": "caramba, 12 reais um pão de queijo no aeroporto?!", "expect": {"effects": []}}],
)

for i, text in enumerate(COMPLAINTS, 1):
    case(f"reclamacao-{i:02d}", ["reclamacao"], [nothing(text)])
for i, text in enumerate(OTHERS, 1):
    case(f"terceiros-{i:02d}", ["terceiros"], [nothing(text)])
for text, cid, effect in CONTROLS:
    turn = {"user": text, "expect": {"route": "lancamento", "effects": [effect]}}
    case(cid, ["controle"], [turn])

out = Path(__file__).with_name("probes_fin18.jsonl")
out.write_text("".join(json.dumps(c, ensure_ascii=False) + "\n" for c in cases), encoding="utf-8")
print(f"{len(cases)} cases -> {out}")
