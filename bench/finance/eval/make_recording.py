# ruff: noqa: E501  (data tables of user messages; long pt-BR strings are kept whole)
"""Generate recording.jsonl: how Brazilian users type entries, questions and nonsense.

Written by an independent writer who did not read the app's rules. Today is 2026-11-26
(a Thursday): ontem = 25/11, anteontem = 24/11, segunda = 23/11, domingo = 22/11,
sábado = 21/11, sexta passada = 20/11. A vague period ("essa semana", "semana passada")
leaves the date unchecked. Confirmations must show the recorded amount (figures).
Run: python make_recording.py
"""

from __future__ import annotations

from suitelib import ap, bl, case, dp, ex, fig, inc, ln, rc, rec_expect, rf, tr, turn, write

A, T, M, C, S, L, ED, CP, R = (
    "Alimentação",
    "Transporte",
    "Moradia",
    "Contas",
    "Saúde",
    "Lazer",
    "Educação",
    "Compras",
    "Receitas",
)
NOQ = ["simplista", "complexa", "trivial"]  # any route but recording
HYP = ["simplista", "complexa"]

# (user, effects, tags, opts)  opts: route, asks, figures, notes
SINGLE: list[tuple] = [
    # --- everyday expenses -------------------------------------------------------------
    ("paguei 32,50 no uber pra ir pro trampo", [ex(32.5, T, "App")], ["despesa", "girias"], {}),
    ("uber 18 reais", [ex(18, T, "App")], ["despesa", "curto"], {}),
    ("gastei 250,80 no mercado hj", [ex(250.8, A, "Supermercado")], ["despesa", "abreviacao"], {}),
    ("mercado deu 187 conto", [ex(187, A, "Supermercado")], ["despesa", "girias"], {}),
    ("fui no mercdo e gastei 93,40", [ex(93.4, A, "Supermercado")], ["despesa", "typo"], {}),
    ("pao na padaria 12,50", [ex(12.5, A, "Padaria")], ["despesa", "sem_acento"], {}),
    (
        "padaria de manha, 8 reais no dinheiro",
        [ex(8, A, "Padaria", pm="dinheiro")],
        ["despesa", "pagamento"],
        {},
    ),
    ("ifood 54,90", [ex(54.9, A, "Delivery")], ["despesa", "curto"], {}),
    ("pedi uma pizza no ifood, deu 78", [ex(78, A, "Delivery")], ["despesa"], {}),
    (
        "almocei fora, 42 reais no débito",
        [ex(42, A, "Restaurante", pm="debito")],
        ["despesa", "pagamento"],
        {},
    ),
    (
        "jantar no japa ontem 160 no credito",
        [ex(160, A, "Restaurante", "today-1", "credito")],
        ["despesa", "data_relativa", "pagamento", "girias"],
        {},
    ),
    ("abasteci 200 de gasolina", [ex(200, T, "Combustível")], ["despesa"], {}),
    ("coloquei 150 de gasolna no posto", [ex(150, T, "Combustível")], ["despesa", "typo"], {}),
    (
        "etanol 120 reais ontem no pix",
        [ex(120, T, "Combustível", "today-1", "pix")],
        ["despesa", "data_relativa", "pagamento"],
        {},
    ),
    ("estacionamento do shopping 15 reais", [ex(15, T, "Estacionamento")], ["despesa"], {}),
    ("zona azul 6 reais", [ex(6, T, "Estacionamento")], ["despesa"], {}),
    (
        "recarreguei o bilhete unico com 50",
        [ex(50, T, "Transporte Público")],
        ["despesa", "sem_acento"],
        {},
    ),
    ("passagem de onibus 4,40", [ex(4.4, T, "Transporte Público")], ["despesa", "sem_acento"], {}),
    ("metro ida e volta deu 10,40", [ex(10.4, T, "Transporte Público")], ["despesa"], {}),
    ("farmacia 67,35", [ex(67.35, S, "Farmácia")], ["despesa", "sem_acento"], {}),
    (
        "comprei remedio na drogaria, 89 no cartao de debito",
        [ex(89, S, "Farmácia", pm="debito")],
        ["despesa", "pagamento", "sem_acento"],
        {},
    ),
    (
        "consulta com a dermato 350 no pix",
        [ex(350, S, "Consulta", pm="pix")],
        ["despesa", "pagamento", "abreviacao"],
        {},
    ),
    ("dentista 200 reais", [ex(200, S, "Consulta")], ["despesa"], {}),
    ("paguei o plano de saude 480", [ex(480, S, "Plano de Saúde")], ["despesa"], {}),
    ("netflix 55,90", [ex(55.9, L, "Streaming")], ["despesa", "curto"], {}),
    (
        "spotify 21,90 no credito",
        [ex(21.9, L, "Streaming", pm="credito")],
        ["despesa", "pagamento"],
        {},
    ),
    ("cinema com a namorada 64 reais", [ex(64, L, "Cinema")], ["despesa"], {}),
    (
        "bar com a galera ontem, gastei uns 120",
        [ex(120, L, "Bares", "today-1")],
        ["despesa", "girias", "data_relativa"],
        {"notes": "'uns 120' is an approximate but affirmative statement: record 120."},
    ),
    ("cerveja no boteco 38", [ex(38, L, "Bares")], ["despesa", "girias"], {}),
    ("paguei o aluguel 1.800", [ex(1800, M, "Aluguel")], ["despesa", "milhar"], {}),
    (
        "aluguel 2,3 mil pago no pix",
        [ex(2300, M, "Aluguel", pm="pix")],
        ["despesa", "mil_abreviado", "pagamento"],
        {},
    ),
    ("condominio 650", [ex(650, M, "Condomínio")], ["despesa", "sem_acento"], {}),
    ("paguei a parcela do IPTU, 210", [ex(210, M, "IPTU")], ["despesa"], {}),
    ("conta de luz 187,42", [ex(187.42, C, "Luz")], ["despesa"], {}),
    (
        "paguei a luz, cento e vinte e três reais",
        [ex(123, C, "Luz")],
        ["despesa", "numero_por_extenso"],
        {},
    ),
    (
        "agua 96 reais, paguei no boleto",
        [ex(96, C, "Água", pm="boleto")],
        ["despesa", "pagamento", "sem_acento"],
        {},
    ),
    ("internet 99,90 paga", [ex(99.9, C, "Internet")], ["despesa"], {}),
    ("recarga de celular 30", [ex(30, C, "Celular")], ["despesa"], {}),
    ("botijao de gas 125", [ex(125, C, "Gás")], ["despesa", "sem_acento"], {}),
    ("mensalidade da facul 890", [ex(890, ED, "Mensalidade")], ["despesa", "abreviacao"], {}),
    ("comprei um livro de 59,90", [ex(59.9, ED, "Livros")], ["despesa"], {}),
    (
        "curso de ingles 320 esse mes",
        [ex(320, ED, "Cursos", date=False)],
        ["despesa", "sem_acento"],
        {},
    ),
    ("comprei uma camiseta de 79", [ex(79, CP, "Roupas")], ["despesa"], {}),
    (
        "tenis novo 399 no credito",
        [ex(399, CP, "Roupas", pm="credito")],
        ["despesa", "pagamento"],
        {},
    ),
    ("fone de ouvido bluetooth 150", [ex(150, CP, "Eletrônicos")], ["despesa"], {}),
    ("comprei umas panelas pra casa, 280", [ex(280, CP, "Casa")], ["despesa"], {}),
    ("passagem aerea pra salvador 1.250", [ex(1250, L, "Viagem")], ["despesa", "milhar"], {}),
    ("hotel na praia 900 no pix", [ex(900, L, "Viagem", pm="pix")], ["despesa", "pagamento"], {}),
    # --- numbers in words, k, mil e, N de Y cada ------------------------------------
    (
        "gastei quarenta e dois e noventa na farmacia",
        [ex(42.9, S, "Farmácia")],
        ["despesa", "numero_por_extenso", "x_e_y"],
        {"notes": "'quarenta e dois e noventa' is a spoken price: R$ 42,90, not 132."},
    ),
    (
        "paguei trinta e cinco reais e cinquenta centavos no uber",
        [ex(35.5, T, "App")],
        ["despesa", "numero_por_extenso", "centavos"],
        {},
    ),
    (
        "mercado: duzentos e dezoito e trinta",
        [ex(218.3, A, "Supermercado")],
        ["despesa", "numero_por_extenso", "x_e_y"],
        {},
    ),
    (
        "gastei mil e duzentos no conserto do carro",
        [ex(1200, T)],
        ["despesa", "numero_por_extenso"],
        {"notes": "Car repair: Transporte, no listed subcategory fits."},
    ),
    (
        "tv nova 1,5k no credito",
        [ex(1500, CP, "Eletrônicos", pm="credito")],
        ["despesa", "k", "pagamento"],
        {},
    ),
    (
        "notebook 4,2k em 12x",
        [ex(4200, CP, "Eletrônicos", pm="credito", inst=12)],
        ["despesa", "k", "parcelado"],
        {"notes": "'em 12x' means a card purchase in 12 instalments; amount is the total."},
    ),
    ("paguei 2 mil e 300 de aluguel", [ex(2300, M, "Aluguel")], ["despesa", "mil_e"], {}),
    ("comprei 3 camisetas de 25 cada", [ex(75, CP, "Roupas")], ["despesa", "n_de_y_cada"], {}),
    ("2 pizzas de 45 no delivery", [ex(90, A, "Delivery")], ["despesa", "n_de_y_cada"], {}),
    ("4 cervejas de 12 reais no bar", [ex(48, L, "Bares")], ["despesa", "n_de_y_cada"], {}),
    ("R$89,90 de internet", [ex(89.9, C, "Internet")], ["despesa", "cifrao"], {}),
    ("RS 45 no estacionamento", [ex(45, T, "Estacionamento")], ["despesa", "typo", "cifrao"], {}),
    (
        "gastei R$ 1.234,56 no mercado do mes",
        [ex(1234.56, A, "Supermercado")],
        ["despesa", "milhar", "cifrao"],
        {},
    ),
    (
        "cinquenta conto de gasolina",
        [ex(50, T, "Combustível")],
        ["despesa", "numero_por_extenso", "girias"],
        {},
    ),
    (
        "vinte reais de pão e leite na padaria",
        [ex(20, A, "Padaria")],
        ["despesa", "numero_por_extenso"],
        {},
    ),
    (
        "gastei 12.5 no cafe da padaria",
        [ex(12.5, A, "Padaria")],
        ["despesa", "ponto_decimal"],
        {"notes": "'12.5': a dot followed by one digit is a decimal point."},
    ),
    ("gastei 1.200 no dentista", [ex(1200, S, "Consulta")], ["despesa", "milhar"], {}),
    (
        "uns 60 reais de uber essa semana",
        [ex(60, T, "App", date=False)],
        ["despesa", "periodo_vago"],
        {},
    ),
    (
        "gastei trezentos e cinquenta no mercado",
        [ex(350, A, "Supermercado")],
        ["despesa", "numero_por_extenso"],
        {},
    ),
    (
        "paguei oitenta e nove e noventa de internet",
        [ex(89.9, C, "Internet")],
        ["despesa", "numero_por_extenso", "x_e_y"],
        {},
    ),
    (
        "abasteci o carro com cem reais",
        [ex(100, T, "Combustível")],
        ["despesa", "numero_por_extenso"],
        {},
    ),
    (
        "dezenove e noventa do spotify",
        [ex(19.9, L, "Streaming")],
        ["despesa", "numero_por_extenso", "x_e_y"],
        {},
    ),
    (
        "comprei 6 garrafas de vinho de 40 cada no mercado",
        [ex(240, A, "Supermercado")],
        ["despesa", "n_de_y_cada"],
        {},
    ),
    ("2 ingressos de cinema a 32 cada", [ex(64, L, "Cinema")], ["despesa", "n_de_y_cada"], {}),
    (
        "gastei 1 mil e 50 na feira do mes no mercado",
        [ex(1050, A, "Supermercado")],
        ["despesa", "mil_e"],
        {},
    ),
    # --- dates -----------------------------------------------------------------------
    (
        "anteontem gastei 75 no mercado",
        [ex(75, A, "Supermercado", "today-2")],
        ["despesa", "data_relativa"],
        {},
    ),
    (
        "sexta passada fui no cinema, 48 reais",
        [ex(48, L, "Cinema", "2026-11-20")],
        ["despesa", "data_relativa"],
        {"notes": "Today is Thursday 26/11; the last Friday is 20/11."},
    ),
    ("dia 3 paguei 150 de luz", [ex(150, C, "Luz", "2026-11-03")], ["despesa", "data_dia"], {}),
    (
        "15/11 abasteci 180",
        [ex(180, T, "Combustível", "2026-11-15")],
        ["despesa", "data_numerica"],
        {},
    ),
    (
        "no sabado gastei 230 no bar",
        [ex(230, L, "Bares", "2026-11-21")],
        ["despesa", "data_relativa", "sem_acento"],
        {},
    ),
    (
        "domingo almoço de familia no restaurante, 310",
        [ex(310, A, "Restaurante", "2026-11-22")],
        ["despesa", "data_relativa"],
        {},
    ),
    (
        "segunda paguei 40 de estacionamento",
        [ex(40, T, "Estacionamento", "2026-11-23")],
        ["despesa", "data_relativa"],
        {},
    ),
    (
        "dia 1º paguei o condominio 720",
        [ex(720, M, "Condomínio", "2026-11-01")],
        ["despesa", "data_dia"],
        {},
    ),
    (
        "20/10 comprei um livro de 45",
        [ex(45, ED, "Livros", "2026-10-20")],
        ["despesa", "data_numerica"],
        {},
    ),
    (
        "mes passado dia 28 fiz uma consulta de 250",
        [ex(250, S, "Consulta", "2026-10-28")],
        ["despesa", "data_relativa"],
        {},
    ),
    (
        "ontem a noite ifood 67",
        [ex(67, A, "Delivery", "today-1")],
        ["despesa", "data_relativa"],
        {},
    ),
    ("hoje de manha padaria 15", [ex(15, A, "Padaria", "today")], ["despesa"], {}),
    (
        "no dia 10/11 paguei a internet, 109,90",
        [ex(109.9, C, "Internet", "2026-11-10")],
        ["despesa", "data_numerica"],
        {},
    ),
    (
        "gastei 85 de gasolina em 02/11/2026",
        [ex(85, T, "Combustível", "2026-11-02")],
        ["despesa", "data_numerica"],
        {},
    ),
    # --- payment methods, instalments ---------------------------------------------------
    (
        "paguei 340 de mercado no pix",
        [ex(340, A, "Supermercado", pm="pix")],
        ["despesa", "pagamento"],
        {},
    ),
    (
        "190 no debito, farmacia",
        [ex(190, S, "Farmácia", pm="debito")],
        ["despesa", "pagamento"],
        {},
    ),
    (
        "almoço 38 no dinheiro",
        [ex(38, A, "Restaurante", pm="dinheiro")],
        ["despesa", "pagamento"],
        {},
    ),
    (
        "paguei o boleto da faculdade, 1.100",
        [ex(1100, ED, "Mensalidade", pm="boleto")],
        ["despesa", "pagamento"],
        {},
    ),
    (
        "gasolina 250 no cartao de credito",
        [ex(250, T, "Combustível", pm="credito")],
        ["despesa", "pagamento"],
        {},
    ),
    (
        "comprei uma geladeira de 3.600 em 10x no cartão",
        [ex(3600, CP, pm="credito", inst=10)],
        ["despesa", "parcelado"],
        {"notes": "A fridge: Compras, Casa or Eletrônicos both plausible, so no subcategory."},
    ),
    (
        "celular novo de 2.400 parcelado em 12 vezes",
        [ex(2400, CP, "Eletrônicos", pm="credito", inst=12)],
        ["despesa", "parcelado"],
        {},
    ),
    (
        "sofa 2 mil em 5x sem juros",
        [ex(2000, CP, "Casa", pm="credito", inst=5)],
        ["despesa", "parcelado", "sem_acento"],
        {},
    ),
    (
        "passagem de aviao 1.800 em 6x",
        [ex(1800, L, "Viagem", pm="credito", inst=6)],
        ["despesa", "parcelado"],
        {},
    ),
    (
        "curso online 497 em 3x no cartao",
        [ex(497, ED, "Cursos", pm="credito", inst=3)],
        ["despesa", "parcelado"],
        {},
    ),
    (
        "tenis 600 dividido em 4x",
        [ex(600, CP, "Roupas", pm="credito", inst=4)],
        ["despesa", "parcelado"],
        {},
    ),
    (
        "comprei um armario de 1.500 parcelado em 10x de 150",
        [ex(1500, CP, "Casa", pm="credito", inst=10)],
        ["despesa", "parcelado"],
        {},
    ),
    (
        "comprei um celular em 12x de 99",
        [ex(1188, CP, "Eletrônicos", pm="credito", inst=12)],
        ["despesa", "parcelado", "n_de_y_cada"],
        {"notes": "12 instalments of 99 = 1188 total."},
    ),
    (
        "maquina de lavar 2.899 em 10 parcelas no credito",
        [ex(2899, CP, pm="credito", inst=10)],
        ["despesa", "parcelado"],
        {},
    ),
    # --- slang / abbreviations / uncategorisable -------------------------------------------
    ("vc anota ai: 25 de uber", [ex(25, T, "App")], ["despesa", "abreviacao"], {}),
    (
        "tá, gastei 80 no mercado hj cedo",
        [ex(80, A, "Supermercado")],
        ["despesa", "abreviacao"],
        {},
    ),
    (
        "anota q paguei 70 no salao de beleza",
        [ex(70)],
        ["despesa", "abreviacao", "sem_categoria"],
        {"notes": "Beauty salon: no listed category fits unambiguously; only amount and date."},
    ),
    (
        "coloca ai 33 de ifood pq to sem tempo de cozinhar",
        [ex(33, A, "Delivery")],
        ["despesa", "abreviacao"],
        {},
    ),
    ("gastei 15 num açai", [ex(15, A)], ["despesa"], {}),
    ("lanche 22 conto", [ex(22, A)], ["despesa", "girias"], {}),
    ("registra 140 de racao pro cachorro", [ex(140)], ["despesa", "sem_categoria"], {}),
    ("mensalidade da academia 119,90", [ex(119.9)], ["despesa", "sem_categoria"], {}),
    ("presente de aniversario pra minha mae 200", [ex(200)], ["despesa", "sem_categoria"], {}),
    ("corte de cabelo 45", [ex(45)], ["despesa", "sem_categoria"], {}),
    ("GASTEI 500 NO MERCADO", [ex(500, A, "Supermercado")], ["despesa", "caixa_alta"], {}),
    ("gasteii 60 na farmacia", [ex(60, S, "Farmácia")], ["despesa", "typo"], {}),
    ("pagei 45 de estacionamento", [ex(45, T, "Estacionamento")], ["despesa", "typo"], {}),
    ("comprei remedio 32 real", [ex(32, S, "Farmácia")], ["despesa", "girias"], {}),
    ("Uber → 27,80", [ex(27.8, T, "App")], ["despesa", "curto"], {}),
    ("ifood 41,9 ontem", [ex(41.9, A, "Delivery", "today-1")], ["despesa", "data_relativa"], {}),
    ("cine 30 conto", [ex(30, L, "Cinema")], ["despesa", "girias", "abreviacao"], {}),
    ("uberzinho de 14 pra voltar da balada", [ex(14, T, "App")], ["despesa", "girias"], {}),
    ("paguei 9,90 do app de musica (spotify)", [ex(9.9, L, "Streaming")], ["despesa"], {}),
    (
        "dei um pulo no mercado, 47,30 no débito",
        [ex(47.3, A, "Supermercado", pm="debito")],
        ["despesa", "girias", "pagamento"],
        {},
    ),
    ("torrei 400 no shopping em roupa", [ex(400, CP, "Roupas")], ["despesa", "girias"], {}),
    # --- several entries in one message ------------------------------------------------
    (
        "gastei 20 na padaria e 35 no uber",
        [ex(20, A, "Padaria"), ex(35, T, "App")],
        ["despesa", "varios_itens"],
        {},
    ),
    (
        "mercado 210 e farmacia 48,50",
        [ex(210, A, "Supermercado"), ex(48.5, S, "Farmácia")],
        ["despesa", "varios_itens"],
        {},
    ),
    (
        "hoje: almoço 32, uber 19 e farmácia 8",
        [ex(32, A, "Restaurante"), ex(19, T, "App"), ex(8, S, "Farmácia")],
        ["despesa", "varios_itens"],
        {},
    ),
    (
        "paguei luz 180 e agua 95",
        [ex(180, C, "Luz"), ex(95, C, "Água")],
        ["despesa", "varios_itens"],
        {},
    ),
    (
        "netflix 55,90 e spotify 21,90 no credito",
        [ex(55.9, L, "Streaming", pm="credito"), ex(21.9, L, "Streaming", pm="credito")],
        ["despesa", "varios_itens", "pagamento"],
        {},
    ),
    (
        "ontem: gasolina 150 e estacionamento 20",
        [ex(150, T, "Combustível", "today-1"), ex(20, T, "Estacionamento", "today-1")],
        ["despesa", "varios_itens", "data_relativa"],
        {},
    ),
    # --- income -----------------------------------------------------------------------
    ("recebi meu salario, 4.500", [inc(4500, "Salário")], ["receita"], {}),
    ("caiu o salario hoje 3200", [inc(3200, "Salário")], ["receita", "girias"], {}),
    ("salario de 5,8k caiu", [inc(5800, "Salário")], ["receita", "k"], {}),
    ("recebi 1.200 de um freela", [inc(1200, "Freelance")], ["receita"], {}),
    ("fiz um freela de design e recebi 800 no pix", [inc(800, "Freelance")], ["receita"], {}),
    (
        "recebi 2 mil e 500 do job de video (freela)",
        [inc(2500, "Freelance")],
        ["receita", "mil_e"],
        {},
    ),
    ("a poupança rendeu 45,30 hoje", [inc(45.3, "Rendimentos")], ["receita"], {}),
    ("caiu 120 de dividendos", [inc(120, "Rendimentos")], ["receita", "girias"], {}),
    (
        "vendi minha bike velha por 600",
        [inc(600)],
        ["receita"],
        {"notes": "Money in from selling a used item: income (Receitas), subcategory debatable."},
    ),
    ("minha tia me deu 200 de aniversario", [inc(200)], ["receita"], {}),
    ("recebi o adiantamento quinzenal do salario, 1.800", [inc(1800, "Salário")], ["receita"], {}),
    (
        "recebi mil e quinhentos de salario dia 5",
        [inc(1500, "Salário", "2026-11-05")],
        ["receita", "numero_por_extenso", "data_dia"],
        {},
    ),
    (
        "ontem entrou 950 de freela",
        [inc(950, "Freelance", "today-1")],
        ["receita", "data_relativa"],
        {},
    ),
    ("ganhei 150 numa rifa", [inc(150)], ["receita"], {}),
    ("entrou 3.750,00 de salário", [inc(3750, "Salário")], ["receita", "milhar"], {}),
    ("freela: 2.200 recebidos via pix", [inc(2200, "Freelance")], ["receita"], {}),
    ("rendimento do cdb 87,12", [inc(87.12, "Rendimentos")], ["receita"], {}),
    ("vendi umas roupas no brecho online, 180", [inc(180)], ["receita"], {}),
    (
        "recebi tres mil e duzentos de salario",
        [inc(3200, "Salário")],
        ["receita", "numero_por_extenso"],
        {},
    ),
    (
        "pagaram o freela de tradução: quatrocentos e cinquenta reais",
        [inc(450, "Freelance")],
        ["receita", "numero_por_extenso"],
        {},
    ),
    ("recebi 3 diárias de 150 cada de um bico", [inc(450)], ["receita", "n_de_y_cada"], {}),
    # --- refunds ----------------------------------------------------------------------
    ("a loja estornou 199,90 do tenis", [rf(199.9)], ["estorno"], {}),
    ("estorno de 89 na fatura do cartao", [rf(89)], ["estorno"], {}),
    (
        "recebi o reembolso da empresa, 350 de despesas de viagem",
        [rf(350)],
        ["estorno", "reembolso"],
        {},
    ),
    ("o plano de saude me reembolsou 280 da consulta", [rf(280)], ["estorno", "reembolso"], {}),
    ("devolvi a blusa e me devolveram 120", [rf(120)], ["estorno", "devolucao"], {}),
    ("a amazon devolveu os 450 do fone", [rf(450)], ["estorno", "devolucao"], {}),
    ("ifood estornou 38 do pedido que nao chegou", [rf(38)], ["estorno"], {}),
    ("cancelei a compra e caiu o estorno de 1.200", [rf(1200)], ["estorno"], {}),
    ("recebi 60 de reembolso do uber", [rf(60)], ["estorno", "reembolso"], {}),
    ("devolução de 75,50 da farmacia", [rf(75.5)], ["estorno", "devolucao"], {}),
    ("o banco estornou uma tarifa de 29,90", [rf(29.9)], ["estorno"], {}),
    (
        "reembolso de 150 do curso cancelado caiu ontem",
        [rf(150, "today-1")],
        ["estorno", "reembolso", "data_relativa"],
        {},
    ),
    (
        "a cia aerea me devolveu oitocentos reais da passagem",
        [rf(800)],
        ["estorno", "numero_por_extenso"],
        {},
    ),
    # --- transfers between own accounts -------------------------------------------------
    ("transferi 500 pra minha poupança", [tr(500)], ["transferencia"], {}),
    (
        "mandei 2 mil pra corretora",
        [tr(2000)],
        ["transferencia"],
        {"notes": "Sending money to one's own broker account is a transfer, not spending."},
    ),
    ("passei 1.000 da conta corrente pra poupança", [tr(1000)], ["transferencia"], {}),
    ("guardei 300 na caixinha do nubank", [tr(300)], ["transferencia", "girias"], {}),
    ("tirei 800 da poupança e coloquei na conta corrente", [tr(800)], ["transferencia"], {}),
    ("transferi 5k pra minha conta da XP", [tr(5000)], ["transferencia", "k"], {}),
    ("mandei 1,5 mil pra minha conta do inter", [tr(1500)], ["transferencia", "mil_abreviado"], {}),
    ("resgatei 2.000 da corretora pra conta corrente", [tr(2000)], ["transferencia"], {}),
    (
        "fiz um pix de 400 pra mim mesmo, da conta do itau pra do nubank",
        [tr(400)],
        ["transferencia"],
        {},
    ),
    (
        "separei 250 pra reserva de emergencia na poupanca",
        [tr(250)],
        ["transferencia", "sem_acento"],
        {},
    ),
    ("movi 3 mil do itau pro nubank, as duas contas sao minhas", [tr(3000)], ["transferencia"], {}),
    # --- loans ------------------------------------------------------------------------
    ("peguei 10 mil de emprestimo no banco", [ln(10000)], ["emprestimo"], {}),
    ("fiz um emprestimo consignado de 15.000", [ln(15000)], ["emprestimo"], {}),
    ("meu pai me emprestou 2 mil", [ln(2000)], ["emprestimo"], {}),
    ("peguei 3 mil emprestado com meu cunhado", [ln(3000)], ["emprestimo"], {}),
    (
        "contratei um emprestimo pessoal de 8.500 ontem",
        [ln(8500, "today-1")],
        ["emprestimo", "data_relativa"],
        {},
    ),
    ("caiu na conta o emprestimo de 20 mil do banco", [ln(20000)], ["emprestimo"], {}),
    # --- debt payments naming a debt that does not exist -> ask ---------------------------
    (
        "paguei 800 da parcela do financiamento",
        [],
        ["pagamento_divida", "divida_inexistente"],
        {
            "asks": True,
            "notes": "Empty ledger: no financing exists, so the assistant must ask which debt (issue 19).",
        },
    ),
    (
        "paguei 300 do emprestimo",
        [],
        ["pagamento_divida", "divida_inexistente"],
        {"asks": True, "notes": "Empty ledger: no loan exists, ask before writing."},
    ),
    (
        "quitei a divida com o Joao, 1.000",
        [],
        ["pagamento_divida", "divida_inexistente"],
        {"asks": True, "notes": "No debt with João is recorded: ask."},
    ),
    # --- asset purchases ----------------------------------------------------------------
    ("comprei um carro usado de 38 mil a vista", [ap(38000, "veiculo")], ["ativo"], {}),
    ("comprei uma moto de 14.500 no pix", [ap(14500, "veiculo")], ["ativo"], {}),
    ("fechei a compra do apartamento, 350 mil a vista", [ap(350000, "imovel")], ["ativo"], {}),
    ("comprei um terreno por 80 mil", [ap(80000, "imovel")], ["ativo"], {}),
    (
        "comprei 10 ações da petrobras a 38 cada",
        [ap(380, "investimento")],
        ["ativo", "n_de_y_cada"],
        {"notes": "Buying shares is buying an investment asset (net worth unchanged)."},
    ),
    (
        "comprei um carro de 90 mil, dei 30 de entrada e financiei 60 em 48x",
        [ap(90000, "veiculo")],
        ["ativo", "financiamento"],
        {
            "notes": "One asset purchase at the car's value; the financed part is not a loan (docs/eval.md)."
        },
    ),
    ("comprei um lote na praia de 45 mil", [ap(45000, "imovel")], ["ativo"], {}),
    (
        "comprei uma casa de 420 mil, dei 100 de entrada e o resto financiado",
        [ap(420000, "imovel")],
        ["ativo", "financiamento"],
        {},
    ),
    ("comprei 2 mil de tesouro selic", [ap(2000, "investimento")], ["ativo"], {}),
    # --- bills and receivables ----------------------------------------------------------
    (
        "tenho que pagar 180 de luz dia 10",
        [bl(180, "2026-12-10", C, "Luz")],
        ["conta_agendada"],
        {"notes": "Day 10 has passed in November, so the next 10th: 10/12."},
    ),
    (
        "boleto da internet de 99,90 vence dia 5/12",
        [bl(99.9, "2026-12-05", C, "Internet")],
        ["conta_agendada"],
        {},
    ),
    (
        "agenda o aluguel de 1.900 pro dia 1º",
        [bl(1900, "2026-12-01", M, "Aluguel")],
        ["conta_agendada"],
        {},
    ),
    (
        "condominio de 700 vence dia 30",
        [bl(700, "2026-11-30", M, "Condomínio")],
        ["conta_agendada"],
        {},
    ),
    (
        "lembra que a mensalidade da escola de 1.200 vence dia 8",
        [bl(1200, "2026-12-08", ED, "Mensalidade")],
        ["conta_agendada"],
        {},
    ),
    ("conta de agua 110 pra pagar amanha", [bl(110, "today+1", C, "Água")], ["conta_agendada"], {}),
    (
        "tenho um boleto de 450 do dentista pra dia 3 de dezembro",
        [bl(450, "2026-12-03", S, "Consulta")],
        ["conta_agendada"],
        {},
    ),
    (
        "fatura do plano de saude, 520, vence dia 12",
        [bl(520, "2026-12-12", S, "Plano de Saúde")],
        ["conta_agendada"],
        {},
    ),
    (
        "primeira parcela do IPTU 2027, 230, vence 10/02/2027",
        [bl(230, "2027-02-10", M, "IPTU")],
        ["conta_agendada"],
        {},
    ),
    (
        "agendei o boleto do gas, 95 pro dia 2",
        [bl(95, "2026-12-02", C, "Gás")],
        ["conta_agendada"],
        {},
    ),
    ("vou receber 2.000 do freela dia 15/12", [rc(2000, "2026-12-15", R)], ["a_receber"], {}),
    ("o cliente vai me pagar 3.500 no dia 5", [rc(3500, "2026-12-05", R)], ["a_receber"], {}),
    (
        "tenho 800 pra receber da Ana no dia 20 de dezembro",
        [rc(800, "2026-12-20", R)],
        ["a_receber"],
        {},
    ),
    (
        "a segunda parcela do 13º, 2.700, cai dia 20/12",
        [rc(2700, "2026-12-20", R)],
        ["a_receber"],
        {},
    ),
    (
        "meu inquilino me paga 1.300 de aluguel dia 10",
        [rc(1300, "2026-12-10", R)],
        ["a_receber"],
        {},
    ),
    # --- questions / hypotheticals / intentions with amounts: write nothing ---------------
    ("gastei uns 300 com bar semana passada?", [], ["pergunta_com_valor"], {"route": "simplista"}),
    (
        "quanto eu gastei no mercado esse mes, foi mais de 800?",
        [],
        ["pergunta_com_valor"],
        {"route": "simplista"},
    ),
    ("ja paguei os 1.800 do aluguel?", [], ["pergunta_com_valor"], {"route": "simplista"}),
    ("será que gastei 500 de uber em outubro?", [], ["pergunta_com_valor"], {"route": "simplista"}),
    ("eu recebi os 4 mil do salario ou nao?", [], ["pergunta_com_valor"], {"route": "simplista"}),
    (
        "gastei 150 na farmacia ontem? nao lembro se anotei",
        [],
        ["pergunta_com_valor"],
        {
            "route": "simplista",
            "notes": "A question about the ledger; it must not be written (the assistant may offer to).",
        },
    ),
    ("paguei 99,90 de internet esse mes?", [], ["pergunta_com_valor"], {"route": "simplista"}),
    ("tem algum gasto de 1.200 registrado?", [], ["pergunta_com_valor"], {"route": "simplista"}),
    (
        "meus gastos com lazer passaram de 400 esse mes?",
        [],
        ["pergunta_com_valor"],
        {"route": "simplista"},
    ),
    (
        "qto eu gastei com gasolina, uns 600?",
        [],
        ["pergunta_com_valor", "abreviacao"],
        {"route": "simplista"},
    ),
    ("o estorno de 200 ja entrou?", [], ["pergunta_com_valor", "estorno"], {"route": "simplista"}),
    (
        "minha fatura do cartao ta em quanto? passou de 2 mil?",
        [],
        ["pergunta_com_valor"],
        {"route": "simplista"},
    ),
    ("ontem gastei 80 no bar?", [], ["pergunta_com_valor"], {"route": "simplista"}),
    ("eu tinha registrado 45 de uber hoje?", [], ["pergunta_com_valor"], {"route": "simplista"}),
    (
        "qnto eu gasto por mes de netflix? é 55,90 né?",
        [],
        ["pergunta_com_valor", "abreviacao"],
        {"route": "simplista"},
    ),
    (
        "pq gastei 1.200 no cartao se so comprei 3 coisas?",
        [],
        ["pergunta_com_valor", "abreviacao"],
        {"route": ["simplista", "complexa"]},
    ),
    ("se eu fizer um pix de 2 mil agora fico no negativo?", [], ["hipotetico"], {"route": HYP}),
    (
        "em 2025 gastei uns 20 mil com viagem, lembra?",
        [],
        ["pergunta_com_valor"],
        {"route": "simplista"},
    ),
    (
        "se eu comprar um celular de 2 mil em 10x quanto fica?",
        [],
        ["hipotetico", "parcelado"],
        {
            "route": HYP,
            "figures": [fig(200)],
            "notes": "2000 / 10 = 200 per month (no interest stated).",
        },
    ),
    (
        "se eu gastar 300 por mes com ifood, quanto da no ano?",
        [],
        ["hipotetico"],
        {"route": HYP, "figures": [fig(3600)]},
    ),
    (
        "e se eu cortar 200 de uber por mes, economizo quanto em 1 ano?",
        [],
        ["hipotetico"],
        {"route": HYP, "figures": [fig(2400)]},
    ),
    (
        "vale a pena parcelar uma tv de 3 mil em 12x?",
        [],
        ["hipotetico", "parcelado"],
        {"route": HYP},
    ),
    (
        "se eu pagar 1.500 de aluguel, sobra quanto do salario de 4 mil?",
        [],
        ["hipotetico"],
        {"route": HYP, "figures": [fig(2500)]},
    ),
    (
        "quanto fica 12x de 89,90?",
        [],
        ["hipotetico", "parcelado"],
        {"route": NOQ, "figures": [fig(1078.8)]},
    ),
    (
        "se eu juntar 500 por mes, em quantos meses chego em 6 mil?",
        [],
        ["hipotetico"],
        {"route": HYP, "figures": [fig(12)], "notes": "No rate given: 6000 / 500 = 12 months."},
    ),
    ("posso gastar 400 no bar esse fim de semana?", [], ["hipotetico"], {"route": HYP}),
    (
        "compensa pagar 2.500 a vista ou 10x de 280?",
        [],
        ["hipotetico", "parcelado"],
        {
            "route": HYP,
            "figures": [fig(2800)],
            "notes": "10 x 280 = 2800 > 2500: the answer must show the instalment total.",
        },
    ),
    (
        "quanto eu economizaria se cancelasse a netflix de 55,90 por um ano?",
        [],
        ["hipotetico"],
        {"route": HYP, "figures": [fig(670.8)]},
    ),
    (
        "se eu colocar 1.000 na poupança a 0,5% ao mes quanto rende em um mes?",
        [],
        ["hipotetico"],
        {"route": HYP, "figures": [fig(5)]},
    ),
    ("se o aluguel subir pra 2.200 eu consigo pagar?", [], ["hipotetico"], {"route": HYP}),
    (
        "supondo que eu gaste 1.000 no natal, ainda fecho o mes positivo?",
        [],
        ["hipotetico"],
        {"route": HYP},
    ),
    (
        "nao registra ainda, so me diz: 3 parcelas de 150 dá quanto?",
        [],
        ["hipotetico", "nao_registrar"],
        {"route": NOQ, "figures": [fig(450)]},
    ),
    (
        "se eu vender meu carro por 40 mil e quitar o financiamento de 25, sobra quanto?",
        [],
        ["hipotetico"],
        {"route": HYP, "figures": [fig(15000)]},
    ),
    ("qual seria minha sobra se eu cortasse os 300 do bar?", [], ["hipotetico"], {"route": HYP}),
    (
        "quanto preciso ganhar pra gastar 5 mil por mes e ainda guardar 1 mil?",
        [],
        ["hipotetico"],
        {"route": HYP, "figures": [fig(6000)]},
    ),
    (
        "quanto é 15% de 3.200?",
        [],
        ["hipotetico", "calculo"],
        {"route": NOQ, "figures": [fig(480)]},
    ),
    (
        "e se eu pagasse 250 a mais por mes no financiamento, termina antes?",
        [],
        ["hipotetico"],
        {"route": HYP},
    ),
    (
        "penso em colocar 3 mil no Itaú",
        [],
        ["intencao"],
        {"route": NOQ, "notes": "An intention to invest, not a movement that happened."},
    ),
    (
        "a Vale ta barata? to pensando em por 2 mil",
        [],
        ["intencao", "pergunta_com_valor"],
        {"route": NOQ},
    ),
    ("to pensando em comprar um carro de 50 mil", [], ["intencao"], {"route": NOQ}),
    ("quero trocar de celular, um de 4 mil, o que acha?", [], ["intencao"], {"route": NOQ}),
    (
        "vou comprar um notebook de 5 mil mes que vem, devo parcelar?",
        [],
        ["intencao"],
        {"route": NOQ},
    ),
    ("minha meta é guardar 1.000 por mes", [], ["intencao"], {"route": NOQ}),
    ("queria gastar no maximo 600 com mercado por mes", [], ["intencao"], {"route": NOQ}),
    ("planejo viajar em janeiro e gastar uns 5 mil", [], ["intencao"], {"route": NOQ}),
    (
        "to pensando em pegar um emprestimo de 10 mil, vale?",
        [],
        ["intencao", "emprestimo"],
        {"route": NOQ},
    ),
    ("vou tentar nao gastar mais que 200 com ifood esse mes", [], ["intencao"], {"route": NOQ}),
    ("talvez eu compre uma bike de 1.500", [], ["intencao"], {"route": NOQ}),
    (
        "estou pensando em transferir 5 mil pra poupança",
        [],
        ["intencao", "transferencia"],
        {"route": NOQ},
    ),
    ("se eu receber 2 mil de freela, onde aplico?", [], ["intencao"], {"route": NOQ}),
    ("vi um tenis de 500 na promoção, compro?", [], ["intencao"], {"route": NOQ}),
    ("to em duvida se compro um sofa de 3 mil ou um de 2 mil", [], ["intencao"], {"route": NOQ}),
    (
        "meu amigo gastou 800 no bar ontem kkkk",
        [],
        ["terceiro"],
        {"route": NOQ, "notes": "Someone else's spending: nothing to record for the user."},
    ),
    ("meu vizinho comprou um carro de 120 mil, ta doido", [], ["terceiro"], {"route": NOQ}),
    ("o preço da gasolina tá 6,29 aqui", [], ["informacao"], {"route": NOQ}),
    ("a selic ta em 15%?", [], ["informacao"], {"route": NOQ}),
    ("um cafe custa uns 8 reais aqui no centro", [], ["informacao"], {"route": NOQ}),
    ("quanto custa um iphone hoje? uns 7 mil?", [], ["informacao"], {"route": NOQ}),
    ("o dolar ta 5,40, é uma boa comprar 1.000 dolares?", [], ["intencao"], {"route": NOQ}),
    (
        "vc acha q 400 de mercado por semana é muito?",
        [],
        ["pergunta_com_valor", "abreviacao"],
        {"route": NOQ},
    ),
    ("é normal pagar 250 de luz?", [], ["pergunta_com_valor"], {"route": NOQ}),
    ("devo pagar os 800 da fatura agora ou esperar?", [], ["pergunta_com_valor"], {"route": NOQ}),
    ("antes de anotar: 120 de uber por semana é caro?", [], ["pergunta_com_valor"], {"route": NOQ}),
    (
        "queria saber se vale mais a pena 100 de uber ou 40 de estacionamento por dia",
        [],
        ["pergunta_com_valor"],
        {"route": NOQ},
    ),
    (
        "preciso gastar 300 no dentista semana que vem, tenho grana?",
        [],
        ["pergunta_com_valor"],
        {"route": NOQ},
    ),
    (
        "sera q da pra viver com 2.500 por mes em sp?",
        [],
        ["pergunta_com_valor", "abreviacao"],
        {"route": NOQ},
    ),
    (
        "quanto seria 10% do meu salario de 4.200 pra guardar?",
        [],
        ["hipotetico", "calculo"],
        {"route": NOQ, "figures": [fig(420)]},
    ),
    (
        "se eu tivesse gasto 90 no uber hoje, ia estourar o orçamento?",
        [],
        ["hipotetico"],
        {"route": NOQ},
    ),
    ("e se eu gastasse 1,5k em roupa esse mes, tudo bem?", [], ["hipotetico", "k"], {"route": NOQ}),
    (
        "o certo é gastar quanto de aluguel ganhando 6 mil? 1.800 tá bom?",
        [],
        ["pergunta_com_valor"],
        {"route": NOQ},
    ),
    # --- absurd / invalid: confirm or refuse, never a silent row -----------------------
    ("tomei um cafe de 50 milhoes", [], ["absurdo", "valor_absurdo"], {"asks": True}),
    ("gastei 30 no mercado dia 30/02", [], ["absurdo", "data_invalida"], {"asks": True}),
    ("paguei 100 de luz em 10/10/1900", [], ["absurdo", "data_distante"], {"asks": True}),
    ("comprei uma tv de 3.000 em 999x", [], ["absurdo", "parcelas_invalidas"], {"asks": True}),
    ("paguei 80 de agua dia 05/03/2100", [], ["absurdo", "data_distante"], {"asks": True}),
    ("almoço de 35 mil reais", [], ["absurdo", "valor_absurdo"], {"asks": True}),
    ("uber de 12 mil reais hoje", [], ["absurdo", "valor_absurdo"], {"asks": True}),
    ("recebi 9 bilhoes de salario", [], ["absurdo", "valor_absurdo"], {"asks": True}),
    (
        "gastei 50 no mercado dia 31/11",
        [],
        ["absurdo", "data_invalida"],
        {"asks": True, "notes": "November has 30 days."},
    ),
    ("gastei 40 de padaria dia 32", [], ["absurdo", "data_invalida"], {"asks": True}),
    ("comprei um fone de 200 em 0x", [], ["absurdo", "parcelas_invalidas"], {"asks": True}),
    ("paguei -50 no uber", [], ["absurdo", "valor_negativo"], {"asks": True}),
    ("gastei 0 reais no ifood", [], ["absurdo", "valor_zero"], {"asks": True}),
    ("pão de 2.500 reais na padaria", [], ["absurdo", "valor_absurdo"], {"asks": True}),
    ("estacionamento 1 milhão", [], ["absurdo", "valor_absurdo"], {"asks": True}),
    ("comprei um chiclete de 900 mil", [], ["absurdo", "valor_absurdo"], {"asks": True}),
    (
        "farmacia 45 dia 15/13",
        [],
        ["absurdo", "data_invalida"],
        {"asks": True, "notes": "Month 13 does not exist."},
    ),
    ("celular de 2 mil em 500 vezes", [], ["absurdo", "parcelas_invalidas"], {"asks": True}),
    ("gastei 60 no bar em 1850", [], ["absurdo", "data_distante"], {"asks": True}),
    (
        "gasolina 200 dia 29/02/2026",
        [],
        ["absurdo", "data_invalida"],
        {"asks": True, "notes": "2026 is not a leap year."},
    ),
    ("netflix 55,90 em 2099", [], ["absurdo", "data_distante"], {"asks": True}),
    ("ifood de 8 mil reais", [], ["absurdo", "valor_absurdo"], {"asks": True}),
]


def q_expect(figures=None, route="simplista", **kw):
    exp = {"route": route, "effects": []}
    if figures:
        exp["figures"] = [fig(v) for v in figures]
    exp.update(kw)
    return exp


# Multi-turn cases: (tags, [turns], notes)
MULTI: list[tuple] = [
    # missing information: ask, then record
    (
        ["multi_turno", "esclarecimento"],
        [
            turn("gastei 450 reais", {"route": "lancamento", "effects": [], "asks": True}),
            turn("no supermercado", rec_expect([ex(450, A, "Supermercado")])),
        ],
        None,
    ),
    (
        ["multi_turno", "esclarecimento"],
        [
            turn("paguei 89,90", {"route": "lancamento", "effects": [], "asks": True}),
            turn("foi a internet", rec_expect([ex(89.9, C, "Internet")])),
        ],
        None,
    ),
    (
        ["multi_turno", "esclarecimento", "sem_valor"],
        [
            turn("comprei pão na padaria", {"route": "lancamento", "effects": [], "asks": True}),
            turn("12 reais", rec_expect([ex(12, A, "Padaria")])),
        ],
        "No amount: the assistant must ask for it.",
    ),
    (
        ["multi_turno", "esclarecimento"],
        [
            turn("gastei 300", {"route": "lancamento", "effects": [], "asks": True}),
            turn("no dentista", rec_expect([ex(300, S, "Consulta")])),
        ],
        None,
    ),
    (
        ["multi_turno", "esclarecimento"],
        [
            turn("anota 75", {"route": "lancamento", "effects": [], "asks": True}),
            turn("de farmacia", rec_expect([ex(75, S, "Farmácia")])),
        ],
        None,
    ),
    (
        ["multi_turno", "esclarecimento", "sem_valor"],
        [
            turn("paguei a conta de luz", {"route": "lancamento", "effects": [], "asks": True}),
            turn("187,40", rec_expect([ex(187.4, C, "Luz")])),
        ],
        None,
    ),
    (
        ["multi_turno", "esclarecimento", "sem_valor", "numero_por_extenso"],
        [
            turn("abasteci o carro hoje", {"route": "lancamento", "effects": [], "asks": True}),
            turn("cento e cinquenta", rec_expect([ex(150, T, "Combustível")])),
        ],
        None,
    ),
    (
        ["multi_turno", "esclarecimento", "receita"],
        [
            turn("recebi uma grana hoje", {"route": "lancamento", "effects": [], "asks": True}),
            turn("3 mil do salario", rec_expect([inc(3000, "Salário")])),
        ],
        None,
    ),
    (
        ["multi_turno", "esclarecimento"],
        [
            turn("gastei 120", {"route": "lancamento", "effects": [], "asks": True}),
            turn("de uber essa semana", rec_expect([ex(120, T, "App", date=False)])),
        ],
        None,
    ),
    (
        ["multi_turno", "esclarecimento", "parcelado"],
        [
            turn(
                "comprei um tenis parcelado", {"route": "lancamento", "effects": [], "asks": True}
            ),
            turn("500 em 5x no cartão", rec_expect([ex(500, CP, "Roupas", pm="credito", inst=5)])),
        ],
        None,
    ),
    (
        ["multi_turno", "esclarecimento"],
        [
            turn("quero registrar um gasto", {"route": "lancamento", "effects": [], "asks": True}),
            turn("60 de estacionamento", rec_expect([ex(60, T, "Estacionamento")])),
        ],
        None,
    ),
    # absurd, then corrected
    (
        ["multi_turno", "absurdo", "correcao"],
        [
            turn("cafe de 5.000 reais", {"route": "lancamento", "effects": [], "asks": True}),
            turn("nossa, errei, foi 5 reais", rec_expect([ex(5)])),
        ],
        None,
    ),
    (
        ["multi_turno", "absurdo", "data_invalida"],
        [
            turn("mercado 30 dia 30/02", {"route": "lancamento", "effects": [], "asks": True}),
            turn("desculpa, foi dia 20/11", rec_expect([ex(30, A, "Supermercado", "2026-11-20")])),
        ],
        None,
    ),
    (
        ["multi_turno", "absurdo", "parcelas_invalidas"],
        [
            turn("tv de 3000 em 999x", {"route": "lancamento", "effects": [], "asks": True}),
            turn(
                "foi em 10x no cartão",
                rec_expect([ex(3000, CP, "Eletrônicos", pm="credito", inst=10)]),
            ),
        ],
        None,
    ),
    (
        ["multi_turno", "absurdo", "valor_absurdo"],
        [
            turn("uber de 12 mil", {"route": "lancamento", "effects": [], "asks": True}),
            turn("12 reais, digitei errado", rec_expect([ex(12, T, "App")])),
        ],
        None,
    ),
    (
        ["multi_turno", "absurdo", "data_distante"],
        [
            turn("luz 100 em 1900", {"route": "lancamento", "effects": [], "asks": True}),
            turn("quis dizer dia 19/11", rec_expect([ex(100, C, "Luz", "2026-11-19")])),
        ],
        None,
    ),
    # record, then ask about it
    (
        ["multi_turno", "registro_e_consulta"],
        [
            turn("gasolina 250 ontem", rec_expect([ex(250, T, "Combustível", "today-1")])),
            turn("quanto ja gastei de combustivel esse mes?", q_expect([250])),
        ],
        None,
    ),
    (
        ["multi_turno", "registro_e_consulta"],
        [
            turn("ifood 45 hoje", rec_expect([ex(45, A, "Delivery")])),
            turn("e quanto foi de delivery no mes?", q_expect([45])),
        ],
        None,
    ),
    (
        ["multi_turno", "registro_e_consulta", "receita"],
        [
            turn("recebi 4 mil de salario dia 5", rec_expect([inc(4000, "Salário", "2026-11-05")])),
            turn("quanto recebi em novembro?", q_expect([4000])),
        ],
        None,
    ),
    (
        ["multi_turno", "registro_e_consulta", "pagamento"],
        [
            turn("mercado 320 no pix", rec_expect([ex(320, A, "Supermercado", pm="pix")])),
            turn("farmacia 80 no pix", rec_expect([ex(80, S, "Farmácia", pm="pix")])),
            turn("quanto gastei no pix?", q_expect([400])),
        ],
        None,
    ),
    (
        ["multi_turno", "registro_e_consulta"],
        [
            turn("aluguel 1.500 dia 1º", rec_expect([ex(1500, M, "Aluguel", "2026-11-01")])),
            turn("uber 30 hoje", rec_expect([ex(30, T, "App")])),
            turn("qual meu maior gasto do mes?", q_expect([1500])),
        ],
        None,
    ),
    # purchase, then refund
    (
        ["multi_turno", "estorno"],
        [
            turn(
                "comprei um tenis de 300 no credito",
                rec_expect([ex(300, CP, "Roupas", pm="credito")]),
            ),
            turn("a loja estornou os 300 do tenis", rec_expect([rf(300)])),
        ],
        None,
    ),
    (
        ["multi_turno", "estorno"],
        [
            turn("ifood 58", rec_expect([ex(58, A, "Delivery")])),
            turn("o pedido veio errado e o ifood me devolveu os 58", rec_expect([rf(58)])),
        ],
        None,
    ),
    (
        ["multi_turno", "estorno", "valor_do_contexto"],
        [
            turn("passagem de 1.200 no credito", rec_expect([ex(1200, L, "Viagem", pm="credito")])),
            turn("a cia cancelou o voo e estornou tudo", rec_expect([rf(1200)])),
        ],
        "'estornou tudo' refers to the 1.200 ticket from the previous turn.",
    ),
    (
        ["multi_turno", "estorno", "reembolso"],
        [
            turn("consulta 400", rec_expect([ex(400, S, "Consulta")])),
            turn("o plano reembolsou 280 dela", rec_expect([rf(280)])),
        ],
        None,
    ),
    (
        ["multi_turno", "estorno", "devolucao", "valor_do_contexto"],
        [
            turn("comprei uma blusa de 150", rec_expect([ex(150, CP, "Roupas")])),
            turn("devolvi a blusa e recebi o dinheiro de volta", rec_expect([rf(150)])),
        ],
        None,
    ),
    # loan, then paying it
    (
        ["multi_turno", "emprestimo", "pagamento_divida"],
        [
            turn("peguei 10 mil de emprestimo no banco", rec_expect([ln(10000)])),
            turn("paguei a primeira parcela do emprestimo, 520", rec_expect([dp(520)])),
        ],
        None,
    ),
    (
        ["multi_turno", "emprestimo", "pagamento_divida"],
        [
            turn("meu pai me emprestou 2 mil", rec_expect([ln(2000)])),
            turn("devolvi 500 pro meu pai do emprestimo", rec_expect([dp(500)])),
        ],
        None,
    ),
    (
        ["multi_turno", "emprestimo", "pagamento_divida"],
        [
            turn("fiz um consignado de 15 mil", rec_expect([ln(15000)])),
            turn("descontou 450 da parcela do consignado", rec_expect([dp(450)])),
        ],
        None,
    ),
    (
        ["multi_turno", "emprestimo", "pagamento_divida", "valor_do_contexto"],
        [
            turn("peguei 3 mil emprestado com meu irmao", rec_expect([ln(3000)])),
            turn("paguei tudo que devia pro meu irmão", rec_expect([dp(3000)])),
        ],
        "'tudo' = the 3 mil borrowed.",
    ),
    (
        ["multi_turno", "emprestimo", "pagamento_divida"],
        [
            turn("emprestimo pessoal de 5.000", rec_expect([ln(5000)])),
            turn("paguei 300 da parcela do emprestimo pessoal", rec_expect([dp(300)])),
        ],
        None,
    ),
    (
        ["multi_turno", "emprestimo", "registro_e_consulta"],
        [
            turn("peguei 8 mil de emprestimo", rec_expect([ln(8000)])),
            turn("quanto eu devo hoje?", q_expect([8000])),
        ],
        None,
    ),
    # card bill
    (
        ["multi_turno", "fatura", "pagamento_divida"],
        [
            turn(
                "comprei 400 de mercado no credito",
                rec_expect([ex(400, A, "Supermercado", pm="credito")]),
            ),
            turn("gasolina 200 no credito", rec_expect([ex(200, T, "Combustível", pm="credito")])),
            turn("paguei a fatura do cartao, 600", rec_expect([dp(600)])),
        ],
        "Paying the card bill is a debt payment, not a new expense (the purchases were already counted).",
    ),
    (
        ["multi_turno", "fatura", "pagamento_divida"],
        [
            turn(
                "tv 2.000 no credito a vista",
                rec_expect([ex(2000, CP, "Eletrônicos", pm="credito")]),
            ),
            turn("paguei 2 mil da fatura", rec_expect([dp(2000)])),
        ],
        None,
    ),
    # same text twice in a row: ask before recording twice
    (
        ["multi_turno", "duplicado"],
        [
            turn("gastei 45 no uber", rec_expect([ex(45, T, "App")])),
            turn("gastei 45 no uber", {"route": "lancamento", "effects": [], "asks": True}),
        ],
        "The same message again within seconds: likely a retry; ask before recording it twice.",
    ),
    (
        ["multi_turno", "duplicado"],
        [
            turn("ifood 39,90", rec_expect([ex(39.9, A, "Delivery")])),
            turn("ifood 39,90", {"route": "lancamento", "effects": [], "asks": True}),
        ],
        None,
    ),
    (
        ["multi_turno", "duplicado", "receita"],
        [
            turn("recebi 1.000 de freela", rec_expect([inc(1000, "Freelance")])),
            turn("recebi 1.000 de freela", {"route": "lancamento", "effects": [], "asks": True}),
        ],
        None,
    ),
    # question or intention first, then the real entry
    (
        ["multi_turno", "hipotetico", "parcelado"],
        [
            turn(
                "se eu comprar um tenis de 400 em 4x quanto fica a parcela?",
                q_expect([100], route=HYP),
            ),
            turn(
                "beleza, comprei agora no cartao em 4x, registra",
                rec_expect([ex(400, CP, "Roupas", pm="credito", inst=4)]),
            ),
        ],
        None,
    ),
    (
        ["multi_turno", "intencao", "transferencia"],
        [
            turn("pensando em colocar 3 mil na poupança", q_expect(route=NOQ)),
            turn("pronto, transferi os 3 mil pra poupança", rec_expect([tr(3000)])),
        ],
        None,
    ),
    (
        ["multi_turno", "pergunta_com_valor"],
        [
            turn("ifood de 60 é muito pra uma pessoa?", q_expect(route=NOQ)),
            turn("enfim, pedi. anota ai os 60 do ifood", rec_expect([ex(60, A, "Delivery")])),
        ],
        None,
    ),
    (
        ["multi_turno", "registro_e_consulta"],
        [
            turn("quanto gastei de uber esse mes?", q_expect()),
            turn("ah, anota 27 de uber de hoje", rec_expect([ex(27, T, "App")])),
        ],
        None,
    ),
    (
        ["multi_turno", "hipotetico", "parcelado"],
        [
            turn("vale a pena comprar um celular de 2 mil em 10x?", q_expect(route=NOQ)),
            turn(
                "comprei! 2 mil em 10x no credito",
                rec_expect([ex(2000, CP, "Eletrônicos", pm="credito", inst=10)]),
            ),
        ],
        None,
    ),
    # sequences
    (
        ["multi_turno", "sequencia"],
        [
            turn("almoço 35", rec_expect([ex(35, A, "Restaurante")])),
            turn("uber 22", rec_expect([ex(22, T, "App")])),
            turn("farmacia 18", rec_expect([ex(18, S, "Farmácia")])),
        ],
        None,
    ),
    (
        ["multi_turno", "sequencia", "transferencia"],
        [
            turn("recebi 3.200 de salario", rec_expect([inc(3200, "Salário")])),
            turn("transferi 500 pra poupanca", rec_expect([tr(500)])),
            turn("paguei 1.100 de aluguel", rec_expect([ex(1100, M, "Aluguel")])),
        ],
        None,
    ),
    (
        ["multi_turno", "sequencia", "registro_e_consulta"],
        [
            turn("mercado 210", rec_expect([ex(210, A, "Supermercado")])),
            turn("quanto gastei hoje?", q_expect([210])),
            turn("e padaria 14", rec_expect([ex(14, A, "Padaria")])),
        ],
        None,
    ),
    (
        ["multi_turno", "sequencia", "registro_e_consulta"],
        [
            turn("netflix 55,90", rec_expect([ex(55.9, L, "Streaming")])),
            turn("spotify 21,90", rec_expect([ex(21.9, L, "Streaming")])),
            turn("quanto gasto com streaming?", q_expect([77.8])),
        ],
        None,
    ),
    (
        ["multi_turno", "esclarecimento", "mudanca_de_assunto"],
        [
            turn("gastei 450 reais", {"route": "lancamento", "effects": [], "asks": True}),
            turn("esquece, me fala quanto gastei esse mes", q_expect()),
        ],
        "The user drops the pending entry: the 450 must not be written.",
    ),
    (
        ["multi_turno", "ativo", "registro_e_consulta"],
        [
            turn("comprei um carro de 40 mil a vista", rec_expect([ap(40000, "veiculo")])),
            turn("quanto tenho de patrimonio em veiculos?", q_expect([40000])),
        ],
        None,
    ),
    (
        ["multi_turno", "sequencia"],
        [
            turn("paguei 200 de luz", rec_expect([ex(200, C, "Luz")])),
            turn("paguei 200 de agua", rec_expect([ex(200, C, "Água")])),
        ],
        "Same amount, different bill: not a duplicate.",
    ),
    (
        ["multi_turno", "trivial"],
        [
            turn("oi, tudo bem?", {"route": "trivial", "effects": []}),
            turn("gastei 23 de onibus hoje", rec_expect([ex(23, T, "Transporte Público")])),
        ],
        None,
    ),
    (
        ["multi_turno", "parcelado", "registro_e_consulta"],
        [
            turn(
                "comprei uma geladeira de 3 mil em 10x",
                rec_expect([ex(3000, CP, pm="credito", inst=10)]),
            ),
            turn("quanto vou pagar por mes disso?", q_expect([300])),
        ],
        None,
    ),
    (
        ["multi_turno", "conta_agendada", "registro_e_consulta"],
        [
            turn("luz de 160 vence dia 10", rec_expect([bl(160, "2026-12-10", C, "Luz")])),
            turn(
                "internet de 100 vence dia 15", rec_expect([bl(100, "2026-12-15", C, "Internet")])
            ),
            turn("quanto tenho de conta pra pagar?", q_expect([260])),
        ],
        None,
    ),
]

# Multi-intent with context turns (ungraded) first: (tags, context, user, effects, figures, notes)
MULTI_INTENT: list[tuple] = [
    (
        ["multi_intencao"],
        ["gastei 200 de gasolina dia 10"],
        "põe 30 de estacionamento e me diz quanto gastei com carro no mês",
        [ex(30, T, "Estacionamento")],
        [230],
        "'carro' = Transporte: 200 + 30.",
    ),
    (
        ["multi_intencao"],
        ["pedi 60 no ifood dia 4", "ifood 35 dia 12"],
        "registra 45 de ifood e me fala quanto ja foi de delivery esse mes",
        [ex(45, A, "Delivery")],
        [140],
        None,
    ),
    (
        ["multi_intencao"],
        ["recebi 3000 de salario dia 5", "paguei 1200 de aluguel dia 6"],
        "anota 120 de farmacia e me diz quanto sobrou do salario",
        [ex(120, S, "Farmácia")],
        [1680],
        "3000 - 1200 - 120.",
    ),
    (
        ["multi_intencao"],
        ["conta de luz 150 paga dia 8", "conta de agua 80 paga dia 9"],
        "paguei 89 da internet. quanto ja paguei de contas esse mes?",
        [ex(89, C, "Internet")],
        [319],
        None,
    ),
    (
        ["multi_intencao"],
        ["cinema 40 dia 7"],
        "coloca 60 do bar de ontem e me diz quanto gastei com lazer em novembro",
        [ex(60, L, "Bares", "today-1")],
        [100],
        None,
    ),
    (
        ["multi_intencao"],
        ["mercado 250 dia 3"],
        "gastei 300 no mercado, quanto deu de mercado no mes todo?",
        [ex(300, A, "Supermercado")],
        [550],
        None,
    ),
    (
        ["multi_intencao", "receita"],
        ["recebi 1.500 de freela em 10/03/2026"],
        "recebi 900 de freela hoje e quero saber quanto recebi de freela esse ano",
        [inc(900, "Freelance")],
        [2400],
        None,
    ),
    (
        ["multi_intencao", "varios_itens"],
        [],
        "lança 25 de uber e 18 de onibus e me diz o total de transporte de hoje",
        [ex(25, T, "App"), ex(18, T, "Transporte Público")],
        [43],
        None,
    ),
    (
        ["multi_intencao"],
        ["uber 40 dia 2", "uber 35 dia 9"],
        "mais 28 de uber hoje. qual a media por corrida esse mes?",
        [ex(28, T, "App")],
        [34.33],
        "(40+35+28)/3 = 34,33.",
    ),
]


def build() -> list[dict]:
    cases: list[dict] = []
    n = 0

    def nid() -> str:
        nonlocal n
        n += 1
        return f"fin-rec-{n:04d}"

    for user, effects, tags, opts in SINGLE:
        opts = dict(opts)
        notes = opts.pop("notes", None)
        route = opts.pop("route", "lancamento")
        figures = opts.pop("figures", None)
        expect: dict = {"route": route, "effects": effects}
        if figures is not None:
            expect["figures"] = figures
        elif effects:
            expect["figures"] = [fig(e["amount"]) for e in effects]
        expect.update(opts)
        cases.append(case(nid(), tags, [{"user": user, "expect": expect}], notes=notes))
    for tags, turns, notes in MULTI:
        cases.append(case(nid(), tags, turns, notes=notes))
    for tags, context, user, effects, figures, notes in MULTI_INTENT:
        turns = [{"user": u} for u in context]
        turns.append(
            {
                "user": user,
                "expect": {
                    "route": ["lancamento", "simplista"],
                    "effects": effects,
                    "figures": [fig(v) for v in figures],
                },
            }
        )
        cases.append(case(nid(), tags + (["multi_turno"] if context else []), turns, notes=notes))
    return cases


if __name__ == "__main__":
    write("recording.jsonl", build())
