"""Templates and slot values of the synthetic triage set (see make_triage_data.py).

One template per line: `text` or `text |coordinator` (complexa only). `{slot}` placeholders are
filled from SLOTS; every template is one group, so a template lands in exactly one split (train,
dev or test) and the held-out number measures unseen phrasings, not unseen slot values.
"""

from __future__ import annotations

SLOTS: dict[str, list[str]] = {
    "no_lugar": [
        "no mercado",
        "no supermercado",
        "na padaria",
        "na farmácia",
        "no posto",
        "no uber",
        "no ifood",
        "no restaurante",
        "no shopping",
        "na academia",
        "no cinema",
        "no bar",
        "na feira",
        "no açougue",
        "no pet shop",
        "no salão",
        "no dentista",
        "na lanchonete",
        "no atacadão",
        "na drogaria",
        "no estacionamento",
        "na loja",
        "no hortifruti",
        "no posto de gasolina",
        "na oficina",
        "no barbeiro",
        "no rappi",
        "na americanas",
    ],
    "lugar": [
        "mercado",
        "supermercado",
        "padaria",
        "farmácia",
        "posto",
        "uber",
        "ifood",
        "restaurante",
        "shopping",
        "academia",
        "cinema",
        "bar",
        "feira",
        "açougue",
        "pet shop",
        "lanchonete",
        "drogaria",
        "99",
        "estacionamento",
        "hortifruti",
        "oficina",
        "barbeiro",
        "rappi",
    ],
    "ao_lugar": [
        "ao cinema",
        "ao mercado",
        "no shopping",
        "ao dentista",
        "no médico",
        "jantar fora",
        "no show",
        "ao teatro",
        "na feira",
        "no salão",
        "ao barbeiro",
        "na academia",
        "no restaurante japonês",
        "ao parque",
        "no churrasco",
    ],
    "item": [
        "gasolina",
        "almoço",
        "pizza",
        "remédio",
        "uber",
        "ifood",
        "lanche",
        "mercado",
        "pão",
        "cerveja",
        "roupa",
        "passagem",
        "estacionamento",
        "farmácia",
        "café",
        "academia",
        "cinema",
        "presente",
        "ração",
        "corte de cabelo",
        "combustível",
        "janta",
        "sorvete",
        "material escolar",
        "feira",
        "açaí",
        "táxi",
        "pedágio",
    ],
    "coisa": [
        "um tênis",
        "uma tv",
        "um celular",
        "uma geladeira",
        "um notebook",
        "uma bicicleta",
        "um sofá",
        "uma camiseta",
        "um fone",
        "uma cafeteira",
        "um videogame",
        "uma calça",
        "um perfume",
        "uma máquina de lavar",
        "um ar condicionado",
        "uns livros",
        "um relógio",
        "uma passagem aérea",
        "um micro-ondas",
        "uma cadeira gamer",
        "um iphone",
        "uma moto",
    ],
    "conta": [
        "luz",
        "água",
        "internet",
        "aluguel",
        "condomínio",
        "celular",
        "gás",
        "IPTU",
        "IPVA",
        "fatura do cartão",
        "escola",
        "plano de saúde",
        "academia",
        "TV a cabo",
        "seguro do carro",
        "faculdade",
        "financiamento",
        "energia",
    ],
    "fonte": [
        "salário",
        "freela",
        "bônus",
        "13º",
        "aluguel",
        "comissão",
        "PLR",
        "dividendos",
        "reembolso",
        "restituição do IR",
        "adiantamento",
        "vale",
        "pensão",
        "hora extra",
        "rendimento",
        "décimo terceiro",
        "férias",
    ],
    "pessoa": [
        "do João",
        "da minha mãe",
        "do meu pai",
        "da Ana",
        "do cliente",
        "do meu chefe",
        "do Pedro",
        "da minha vó",
        "do meu irmão",
        "da empresa",
        "da Carla",
        "do vizinho",
    ],
    "nome": ["João", "Pedro", "Ana", "Carla", "Lucas", "Marcos", "Bia", "Rafa", "Fernanda"],
    "periodo": [
        "esse mês",
        "este mês",
        "no mês passado",
        "em março",
        "esse ano",
        "na semana passada",
        "hoje",
        "ontem",
        "nos últimos 3 meses",
        "em janeiro",
        "no ano passado",
        "de janeiro até agora",
        "essa semana",
        "em abril",
        "no último mês",
        "desde janeiro",
        "em dezembro",
        "nos últimos 6 meses",
        "mês passado",
        "semana passada",
        "em 2025",
        "no primeiro trimestre",
        "de 01/03 a 15/03",
        "no carnaval",
    ],
    "periodo_futuro": [
        "essa semana",
        "esse mês",
        "mês que vem",
        "amanhã",
        "nos próximos 7 dias",
        "até sexta",
        "semana que vem",
        "no dia 10",
        "este mês",
    ],
    "categoria": [
        "alimentação",
        "transporte",
        "saúde",
        "lazer",
        "mercado",
        "uber",
        "restaurante",
        "delivery",
        "farmácia",
        "educação",
        "moradia",
        "roupas",
        "academia",
        "streaming",
        "combustível",
        "pet",
        "viagem",
        "contas da casa",
        "ifood",
        "bar",
        "assinaturas",
        "presentes",
        "beleza",
        "gasolina",
    ],
    "data": [
        "hoje",
        "ontem",
        "anteontem",
        "na sexta",
        "no sábado",
        "dia 5",
        "dia 10/04",
        "semana passada",
        "agora há pouco",
        "hoje de manhã",
        "domingo",
        "ontem à noite",
        "na segunda",
        "15/03",
        "no sábado passado",
        "",
    ],
    "dia_futuro": [
        "dia 15",
        "semana que vem",
        "amanhã",
        "mês que vem",
        "na sexta",
        "dia 10",
        "dia 5",
        "até o fim do mês",
        "no dia 20",
        "dia 30",
    ],
    "pagto": [
        "no cartão",
        "no pix",
        "no débito",
        "no crédito",
        "em dinheiro",
        "no boleto",
        "no cartão de crédito",
        "no nubank",
        "no cartão do itaú",
        "via pix",
    ],
    "parcelas": [
        "em 10x",
        "em 12 vezes",
        "parcelado em 3x",
        "em 6 parcelas",
        "em 24x sem juros",
        "em 2x",
        "em 5 vezes",
        "parcelado em 18x",
        "em 4 prestações",
    ],
    "invest": [
        "CDB",
        "Tesouro Selic",
        "Tesouro IPCA",
        "LCI",
        "LCA",
        "ações",
        "PETR4",
        "fundos imobiliários",
        "bitcoin",
        "poupança",
        "renda fixa",
        "ETF",
        "ITUB4",
        "VALE3",
        "FIIs",
        "previdência privada",
        "tesouro direto",
        "cripto",
        "fundo DI",
        "debêntures",
        "dólar",
        "ouro",
        "BOVA11",
    ],
    "meta": [
        "comprar uma casa",
        "trocar de carro",
        "viajar pra Europa",
        "me aposentar",
        "fazer um intercâmbio",
        "casar",
        "montar uma reserva de emergência",
        "abrir um negócio",
        "pagar a faculdade dos filhos",
        "comprar um apartamento",
        "quitar o financiamento",
        "fazer uma reforma",
        "comprar uma moto",
        "ter renda passiva",
    ],
    "ind": [
        "o dólar",
        "o euro",
        "a Selic",
        "o Ibovespa",
        "o CDI",
        "o IPCA",
        "o bitcoin",
        "a inflação",
        "o IGP-M",
        "a libra",
        "a taxa Selic",
        "o ibov",
        "o dólar turismo",
    ],
    "de_ind": [
        "do dólar",
        "do euro",
        "da Selic",
        "do Ibovespa",
        "do CDI",
        "do bitcoin",
        "da libra",
        "do IPCA",
        "do dólar hoje",
        "do ouro",
    ],
    "ind_bare": [
        "dólar",
        "euro",
        "selic",
        "ibovespa",
        "cdi",
        "ipca",
        "bitcoin",
        "inflação",
        "igpm",
        "dólar comercial",
        "ibov",
        "libra",
        "taxa selic",
    ],
    "ticker": ["PETR4", "VALE3", "ITUB4", "MGLU3", "BBAS3", "WEGE3", "BBDC4", "ABEV3"],
    "empresa": [
        "Petrobras",
        "Vale",
        "Magazine Luiza",
        "Itaú",
        "Banco do Brasil",
        "Weg",
        "Ambev",
        "Nubank",
        "Bradesco",
    ],
    "conceito": [
        "CDI",
        "come-cotas",
        "FGC",
        "dividend yield",
        "juros compostos",
        "tesouro IPCA+",
        "marcação a mercado",
        "LCI",
        "renda passiva",
        "reserva de emergência",
        "ETF",
        "FII",
        "previdência PGBL",
        "taxa de administração",
    ],
    "n": ["2", "3", "4", "6", "12"],
    "anos": ["5", "10", "15", "20", "30", "2", "3"],
    "idade": ["45", "50", "55", "60", "65", "40"],
    "pct": ["3", "5", "10", "2,5", "7", "15"],
    "greet": [
        "oi",
        "olá",
        "oie",
        "opa",
        "e aí",
        "bom dia",
        "boa tarde",
        "boa noite",
        "salve",
        "fala",
        "hey",
        "eae",
        "oi oi",
    ],
    "thanks": [
        "obrigado",
        "obrigada",
        "valeu",
        "vlw",
        "muito obrigado",
        "brigado",
        "obg",
        "agradeço",
        "valeu mesmo",
        "obrigadão",
        "thanks",
    ],
}
"""Slot values. `{valor}` and `{valor2}` are amounts drawn from make_triage_data.amount()."""

TRIVIAL = """\
{greet}
{greet}, tudo bem?
{greet}! tudo certo?
{greet}, como vai?
{greet}, como você está?
{thanks}
{thanks} pela ajuda
{thanks}, era isso
{thanks}! até mais
tchau
até mais
até amanhã
falou, {thanks}
boa noite, até logo
o que você faz?
o que você sabe fazer?
como você pode me ajudar?
você consegue me ajudar com o quê?
quem é você?
você é um robô?
como funciona esse app?
você registra gastos?
posso lançar minhas despesas por aqui?
meus dados estão seguros com você?
você tem acesso à minha conta do banco?
como eu apago meus dados?
qual o seu nome?
você é uma inteligência artificial?
quais comandos você entende?
ok
beleza
entendi
show
perfeito
certo, {thanks}
kkkkk
haha boa
top demais
massa
tudo bem e você?
to bem e vc?
qual a cotação {de_ind}?
quanto está {ind} hoje?
{ind_bare} hoje
quanto tá {ind}?
qual a taxa Selic atual?
como fechou o Ibovespa hoje?
o Ibovespa subiu hoje?
qual o CDI atual?
qual foi o IPCA do mês passado?
quanto está o bitcoin agora?
cotação da {ticker}
quanto está a {ticker} hoje?
qual a inflação acumulada do ano?
{ind_bare} agora
me fala a cotação {de_ind}
a Selic subiu?
valor {de_ind} hoje
que dia é hoje?
{greet}, preciso de ajuda
bom dia! {thanks} por ontem
"""

LANCAMENTO = """\
gastei {valor} {no_lugar}
gastei {valor} com {categoria} {data}
paguei {valor} de {conta}
paguei a conta de {conta}, deu {valor}
comprei {coisa} por {valor}
comprei {coisa} de {valor} {pagto} {parcelas}
comprei {coisa} {parcelas} {pagto}, total {valor}
recebi {valor} de {fonte}
recebi meu {fonte} de {valor}
caiu o {fonte}: {valor}
entrou {valor} {pessoa}
ganhei {valor} {pessoa}
apliquei {valor} em {invest}
investi {valor} em {invest} {data}
coloquei {valor} na poupança
transferi {valor} pro {nome}
fiz um pix de {valor} pra {nome}
saquei {valor} no caixa
depositei {valor} na conta
abasteci {valor} {data}
almoço {valor}
{lugar} {valor}
{valor} {no_lugar}
{valor}
{valor} de {item}
{no_lugar}
{lugar}
anota aí: {valor} de {item}
registra {valor} de {categoria}
lança {valor} {no_lugar} {data}
fui {ao_lugar} {data}
comprei {coisa}
comprei uma roupa nova
tive um gasto de {valor} com {categoria}
saiu {valor} da conta pra pagar {conta}
vou pagar a {conta} de {valor} {dia_futuro}
preciso pagar o {conta} de {valor} {dia_futuro}
tenho que pagar {valor} de {conta} {dia_futuro}
vou receber {valor} {pessoa} {dia_futuro}
o {nome} vai me pagar {valor} {dia_futuro}
peguei {valor} emprestado com o {nome}
fiz um empréstimo de {valor} no banco
paguei {valor} da parcela do carro
paguei a fatura do cartão, {valor}
vendi {coisa} por {valor}
dei {valor} de entrada e parcelei o resto {parcelas}
emprestei {valor} pro {nome}
me pagaram {valor} do freela
hoje gastei {valor} {no_lugar} e {valor2} {no_lugar}
torrei {valor} {no_lugar}
gastei uns {valor} de {item} {data}
foi {valor} o {item}
{item} {valor} {pagto}
assinatura da netflix {valor}
mensalidade da academia {valor}
{valor} de pix {pessoa}
salário caiu, {valor}
recebi o reembolso de {valor}
recebi {valor} de dividendos {data}
comprei 100 ações da {ticker} a {valor} cada
{item} {data}, {valor}
coloca aí {valor} de {categoria}
gasto: {item} {valor}
receita de {valor} do {fonte}
despesa de {valor} com {categoria}
acabei de pagar {valor} {no_lugar}
paguei {valor} {pagto} {no_lugar}
passei {valor} no cartão {no_lugar}
paguei o {conta}
recebi o {fonte}
comprei {item} {data}
botei {valor} de gasolina
o {item} saiu {valor}
ontem foi {valor} {no_lugar}
pedi um ifood de {valor}
minha mãe me deu {valor}
achei {valor} na rua kkk
"""

SIMPLISTA = """\
quanto gastei {periodo}?
quanto gastei com {categoria} {periodo}?
qual meu saldo?
qual é o meu saldo atual?
quanto tenho na conta?
quanto tenho investido em {invest}?
quanto investi em {invest} {periodo}?
qual meu patrimônio líquido?
quanto economizei {periodo}?
quanto sobrou {periodo}?
quanto recebi {periodo}?
quanto recebi de {fonte} {periodo}?
qual foi meu maior gasto {periodo}?
qual foi o menor gasto com {categoria}?
quais foram meus gastos com {categoria} {periodo}?
me mostra meus gastos {periodo}
lista minhas despesas de {categoria}
quais contas vencem {periodo_futuro}?
quais minhas contas a pagar?
quanto devo no cartão?
qual o valor da fatura do cartão?
quanto falta pagar do financiamento?
quantas parcelas faltam do {coisa}?
quais parcelas estão em aberto?
quanto tenho de dívida?
quais são minhas dívidas?
quanto paguei de {conta} {periodo}?
quanto foi a conta de {conta} {periodo}?
total de {categoria} {periodo}
quanto gastei {no_lugar} {periodo}?
média de gastos com {categoria} nos últimos {n} meses
qual minha média de gastos por mês?
gastei mais com {categoria} ou com {categoria} {periodo}?
quanto gastei a mais {periodo} do que no mês anterior?
qual a soma das minhas receitas {periodo}?
quais foram minhas receitas {periodo}?
quais minhas despesas fixas?
quanto rendeu meu {invest} {periodo}?
qual o saldo da poupança?
quanto eu tenho guardado?
extrato {periodo}
me passa o resumo dos gastos {periodo}
quantas vezes pedi ifood {periodo}?
quanto gastei no total {periodo}?
em que categoria gastei mais {periodo}?
qual foi meu último lançamento?
quais foram meus últimos lançamentos?
quanto ainda tenho pra receber?
quanto o {nome} me deve?
quanto gastei no cartão {periodo}?
qual o total investido em {invest}?
quanto entrou {periodo}?
quanto paguei de juros {periodo}?
mostra os gastos acima de {valor} {periodo}
gastos com {categoria} {periodo}
quanto já gastei hoje?
tenho alguma conta vencendo {periodo_futuro}?
quanto vai ser a fatura do mês que vem?
qual o valor total das minhas dívidas?
quanto tenho de reserva de emergência?
quais meus investimentos?
quanto gastei de {item} {periodo}?
quanto saiu da minha conta {periodo}?
qual foi minha maior receita {periodo}?
quanto ganhei {periodo}?
me diz quanto gastei com {categoria}
qual foi o total de {categoria} {periodo}?
quanto tenho a receber {periodo_futuro}?
quanto falta pra quitar o cartão?
quais compras parcelei no cartão?
lista de gastos {periodo}
"""

COMPLEXA = """\
como posso economizar mais? |analise
onde posso cortar gastos? |analise
estou gastando muito com {categoria}? |analise
por que meu dinheiro não sobra no fim do mês? |analise
vale a pena investir em {invest}? |investimentos
devo investir em {invest} ou {invest}? |investimentos
o que é melhor, {invest} ou {invest}? |investimentos
a {ticker} caiu {pct}% hoje, é hora de comprar? |investimentos
vale a pena comprar {ticker} agora? |investimentos
como montar uma carteira de investimentos? |investimentos
qual a melhor forma de investir {valor}? |investimentos
tenho {valor} parados, onde invisto? |investimentos
como me aposentar aos {idade} anos? |planejamento
quanto preciso guardar por mês pra {meta}? |planejamento
quero {meta} em {anos} anos, como faço? |planejamento
faz sentido financiar ou juntar dinheiro pra {meta}? |planejamento
devo quitar minha dívida ou investir? |analise
me ajuda a montar um orçamento |analise
faz uma análise das minhas finanças |analise
analisa meus gastos dos últimos {n} meses e me diz onde melhorar |analise
como sair das dívidas? |analise
vale a pena antecipar as parcelas do financiamento? |analise
é melhor pagar à vista ou parcelar {coisa}? |analise
compensa fazer portabilidade do financiamento? |planejamento
minha reserva de emergência é suficiente? |analise
estou no caminho certo pra {meta}? |planejamento
consigo {meta} com o que ganho? |planejamento
posso comprar {coisa} de {valor} com minha renda? |analise
o que fazer com meu 13º? |planejamento
como diversificar meus investimentos? |investimentos
qual o P/L da {empresa}? |investimentos
a {empresa} paga bons dividendos? |investimentos
como funciona o {conceito}? |investimentos
o que é {conceito}? |investimentos
qual a diferença entre {invest} e {invest}? |investimentos
por que gasto tanto com {categoria}? |analise
meu padrão de consumo tá saudável? |analise
me dá dicas pra gastar menos |analise
e se eu investir {valor} por mês? |investimentos
se eu cortar {categoria}, em quanto tempo junto {valor}? |planejamento
quanto vou ter se investir {valor} por mês durante {anos} anos? |planejamento
compensa mais alugar ou comprar imóvel? |planejamento
devo usar minha reserva pra quitar o cartão? |analise
como organizar minhas finanças? |analise
preciso de seguro de vida? |planejamento
como aumentar minha renda? |planejamento
qual a melhor estratégia pra {meta}? |planejamento
meu dinheiro tá rendendo bem? |investimentos
faz sentido deixar tanto dinheiro na poupança? |investimentos
estou investindo certo? |investimentos
como proteger meu patrimônio da inflação? |investimentos
é uma boa hora pra comprar dólar? |investimentos
a Selic vai cair, o que faço com meus investimentos? |investimentos
quero ficar rico, por onde começo? |planejamento
tenho {valor} de dívida no cartão, o que faço? |analise
gastei {valor} {no_lugar} esse mês, é muito? |analise
recebi {valor} de {fonte}, onde devo investir? |investimentos
comprei {coisa} {parcelas}, fiz besteira? |analise
ganho {valor} por mês, quanto devo gastar com aluguel? |planejamento
como dividir meu salário entre gastos e investimentos? |analise
qual porcentagem da minha renda devo investir? |planejamento
me ajuda a planejar uma viagem com {valor} |planejamento
monta um plano pra eu quitar minhas dívidas |analise
avalia minha carteira de investimentos |investimentos
o que você acha dos meus gastos? |analise
eu deveria trocar de carro agora? |planejamento
minhas finanças melhoraram desde o ano passado? |analise
quanto tempo vou levar pra juntar {valor}? |planejamento
consigo viver de renda com {valor} investidos? |planejamento
qual investimento rende mais que a poupança? |investimentos
me recomenda um fundo imobiliário |investimentos
devo renegociar minhas dívidas? |analise
onde estou errando com meu dinheiro? |analise
vale mais a pena o {invest} ou o {invest} pra {meta}? |investimentos
faz um diagnóstico da minha vida financeira |analise
"""

# Fresh templates, written after the first evaluation: they only ever go to the test split
# (see make_triage_data.py), so the held-out number is on phrasings nobody tuned against.
FRESH_TRIVIAL = """\
{greet}! tudo tranquilo por aí?
{thanks}, você é demais
muito bom, {thanks}
até a próxima
o que mais você consegue fazer?
você é de graça?
como eu falo com um atendente humano?
qual o valor {de_ind} agora?
{ind_bare} tá em quanto?
me atualiza sobre {ind}
o Ibovespa caiu muito hoje?
fechou em quanto {ind} ontem?
"""

FRESH_LANCAMENTO = """\
saiu {valor} com {item} {data}
gastei {valor} numa {item} {data}
acabei de receber {valor} {pessoa}
pus {valor} de {item} no {pagto}
registra aí: recebi {valor} de {fonte}
minha conta de {conta} veio {valor}
{valor} na conta de {conta}
hoje foi {item}, uns {valor}
comprei {coisa} à vista, {valor}
fiz uma compra de {valor} {no_lugar} {pagto}
o {fonte} desse mês foi {valor}
paguei {valor} de {item} pro {nome}
"""

FRESH_SIMPLISTA = """\
quanto foi que eu gastei {periodo}?
tem como ver quanto gastei com {categoria}?
quero saber meu saldo
quanto já saiu de {categoria} {periodo}?
me lista as contas que vencem {periodo_futuro}
qual o total que gastei {no_lugar} {periodo}?
quanto eu tenho aplicado em {invest}?
quanto recebi no total {periodo}?
quais gastos fiz no cartão {periodo}?
quanto ainda devo do {coisa}?
qual foi minha despesa mais cara {periodo}?
quanto sobrou do salário {periodo}?
"""

FRESH_COMPLEXA = """\
você acha que devo investir em {invest}? |investimentos
qual a melhor maneira de juntar {valor}? |planejamento
tô pensando em trocar {invest} por {invest}, é uma boa? |investimentos
dá pra eu {meta} em {anos} anos ganhando {valor}? |planejamento
preciso cortar gastos, por onde começo? |analise
como posso pagar menos juros no cartão? |analise
vale a pena quitar o {coisa} antes? |analise
meus gastos com {categoria} estão altos demais? |analise
qual seria a estratégia ideal pra {meta}? |planejamento
o que eu faço com {valor} que sobrou? |investimentos
por que minha fatura tá sempre tão alta? |analise
me sugere como organizar meu orçamento |analise
"""

# Third round (final test split): written after the second evaluation, never evaluated before
# the final run. The second round (FRESH_*) was evaluated twice and is dev data now.
FINAL_TRIVIAL = """\
{greet}, junior! como vão as coisas?
passando só pra dizer {thanks}
{thanks}, resolveu meu problema
tenho que ir, tchau tchau
você funciona offline?
você consegue ler extrato em pdf?
em que você pode me ser útil?
{ind_bare} fechou em alta?
qual a cotação atual {de_ind}?
me diz o valor {de_ind} hoje
quanto tá valendo {ind} hoje?
oi, tudo bem? faz tempo que não falo com você
legal, {thanks}
nossa, que rápido! {thanks}
"""

FINAL_LANCAMENTO = """\
comprei {item} {no_lugar}, deu {valor}
lança aí {valor} de {categoria}
{data} paguei {valor} {no_lugar}
entrou o {fonte}, {valor}
recebi uma transferência de {valor} {pessoa}
foram {valor} {no_lugar} {data}
mais {valor} de {item}
gastei com {item} {data}, {valor}
o {fonte} caiu: {valor}
tô devendo {valor} pro {nome}, vou pagar {dia_futuro}
quitei a parcela de {valor} do {coisa}
{coisa} por {valor} {parcelas}
bota {valor} em {categoria}
comprei {coisa} {pagto}
"""

FINAL_SIMPLISTA = """\
qual foi o meu gasto total {periodo}?
consegue me mostrar as despesas de {categoria} {periodo}?
quanto eu paguei {no_lugar} {periodo}?
quais foram as entradas {periodo}?
me mostra o saldo da conta
quanto deu a soma de {categoria} {periodo}?
quanto tenho guardado em {invest}?
quais boletos vencem {periodo_futuro}?
qual o valor das parcelas do {coisa}?
quantas compras fiz {no_lugar} {periodo}?
qual meu saldo depois do pagamento do {conta}?
quanto eu gastei por dia em média {periodo}?
quanto eu já investi no total?
quais receitas entraram {periodo}?
"""

FINAL_COMPLEXA = """\
vocês acham que é uma boa investir em {invest} agora? |investimentos
tô gastando mais do que ganho, como resolvo isso? |analise
qual investimento combina com meu perfil? |investimentos
é mais vantajoso {invest} ou {invest} pra curto prazo? |investimentos
preciso montar um plano pra {meta}, me ajuda? |planejamento
como eu faço pra gastar menos com {categoria}? |analise
minha vida financeira tá uma bagunça, por onde começo? |analise
o que você me recomenda fazer com {valor}? |investimentos
tenho {valor} de dívida, qual a melhor forma de pagar? |analise
devo antecipar o {fonte} pra pagar dívidas? |analise
com minha renda dá pra {meta}? |planejamento
será que consigo {meta} em {anos} anos? |planejamento
analise meu orçamento e diga onde economizar |analise
vale mais a pena pagar a dívida ou guardar dinheiro? |analise
"""
