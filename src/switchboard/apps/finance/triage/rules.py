"""Junior's pt-BR rules: the decisions a few words settle, before any model runs.

Rules are precise, not exhaustive: each one fires only on shapes it cannot get wrong, and
everything else goes to the model. Order (first match wins):

1. `greeting` — the whole message is greetings, thanks, farewells or acknowledgements (or has
   no words at all: an emoji) → trivial. First, so "top demais" is not an opinion request.
2. `complexity` — analysis, recommendation, planning, diagnosis or hypothesis words ("vale a
   pena", "faz sentido", "devo investir", "por que", "e se eu", "me ajuda a", "analisa") →
   complexa (spec §2: "qualquer query que implique análise, recomendação, planejamento ou
   diagnóstico"). When a cue is present no other rule fires, so "recebi 5 mil, onde devo
   investir?" is never a transaction.
2b. `parameters` — a question that carries financing/investment parameters: a product or
   operation (financiamento, empréstimo, CDB, tesouro, investir, render, juros...) with a rate
   ("1,99% a.m.", "9% ao ano", "100% do CDI"), a term ("em 48x", "por 10 anos") or an amount
   ("quanto rende 10 mil na poupança?"), or, with no product named, an amount, a rate and a
   term together ("valor futuro de 100 mil a 10% ao ano por 5 anos?") → complexa: it asks for
   a computation, never a lookup of the user's data (issue 19).
3. `system` — a question about the assistant itself ("o que você faz?") → trivial.
4. `market` — a quote or index with no personal data (dólar hoje, Selic, Ibovespa, PETR4) →
   trivial: spec §2 sends such questions to the external-data lookup, not to a coordinator.
5. `transaction` — a transaction verb ("gastei", "paguei", "recebi", "anota", "vou pagar") in a
   statement, not a question → lancamento.
6. `bare_amount` — a short message that is an amount with at most a place or item ("200 reais",
   "uber 23,50", "50 conto de pizza") → lancamento.
7. `bare_place` — a short message of places/items only ("no mercado", "uber") → lancamento (the
   Lançador asks for the amount).
8. `query` — quanto/qual/quais/mostra/extrato + a word about the user's own money (gastei,
   saldo, fatura, dívidas, investido) → simplista (spec §2: facts, sums, lists, specific values).
9. `amount_and_category` — a statement (no question) with money and a category keyword ("larica
   bateu, hambúrguer no delivery 54 mangos") → lancamento.
10. `own_data_question` — a question about the user's own records without a question word
   ("ainda devo aqueles 2 mil pro meu primo?", "já lancei os 45 do mercado?") → simplista.

Each rule has a fixed, hand-set confidence (RULE_CONFIDENCE), not a calibrated probability. On
the final held-out split every rule that fired was 100% precise except `query` (125/136: it
also matches advice asked with query words, which is why it is soft in classifier.py).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from switchboard.apps.finance.market.companies import tickers_in
from switchboard.apps.finance.nlu.categories import KEYWORDS, find_category
from switchboard.apps.finance.nlu.money import find_amounts
from switchboard.apps.finance.nlu.numwords import UNIT_WORDS, digitise
from switchboard.apps.finance.nlu.payoff import asks_payoff_time
from switchboard.apps.finance.triage.complexity import COMPLEXITY, word_pattern
from switchboard.apps.finance.triage.text import fold, has_amount, has_money, tokens, wordset
from switchboard.apps.finance.triage.types import Categoria

RULE_CONFIDENCE: dict[str, float] = {
    "snapshot": 0.94,
    "amount_and_category": 0.9,
    "own_data_question": 0.9,
    "complexity": 0.93,
    "parameters": 0.93,
    "payoff": 0.93,
    "greeting": 0.98,
    "system": 0.95,
    "market": 0.93,
    "transaction": 0.96,
    "bare_amount": 0.95,
    "bare_place": 0.9,
    "query": 0.94,
}


"""Words of analysis, recommendation, planning, diagnosis or hypothesis (spec §2, "quando
escalar para complexo"). Interest the user *will* pay ("quanto vou pagar de juros?") is a
projection, not recorded data. `devo` counts only before a verb-like word ("devo investir") and not
in "quanto devo no cartão" (owing). `pq`/`por que` make a diagnosis question. "quanto % do
valor" is an analysis, "quantos % do meu gasto foi aluguel?" a share of the user's own spending
(the Simplista's)."""

_GREETING_WORDS = wordset(
    """oi oie oii oiii ola opa eae eai ai e fala salve hey hello hi bom boa dia dias diaaa
    diaaaa tarde noite noites tudo bem bom joia certo tranquilo beleza blz obrigado obrigada
    obg obrigadu obrigadao brigado brigada brigadao valeu vlw valeuuu valew thanks thank you
    agradeco muito mt mto muita pela ajuda tchau ate mais logo amanha depois breve falou flw
    ok okay okk blz show top demais massa perfeito perfeita otimo otima legal entendi certinho
    ah ta bacana tmj kk kkk kkkk kkkkk kkkkkk haha hahaha hahahaha rs rsrs sim nao com voce vc
    voces como vai vou esta estao eu tambem tb tbm e ne mesmo por tudo coracao de era isso
    so pra la gente combinado fechou beleza grato grata sumido sumida junior flor mano cara
    ai tudo otimo aqui ontem flor ei entao pfv favor hein ajudou indo dormir to ok ce me diz
    uma coisa prazer abraco abracos ateh ctz claro pode"""
)
_LAUGH = re.compile(r"^(?:k{2,}|(?:ha){2,}h?|(?:he){2,}|rs(?:rs)*)$")

_SYSTEM = word_pattern(
    r"o que (?:voce|vc|ce|tu) (?:faz|sabe|consegue|pode)",
    r"(?:voce|vc|ce) (?:consegue|pode) me ajudar",
    r"como (?:voce|vc) (?:pode|consegue) me ajudar",
    r"quem (?:e|eh) (?:voce|vc)",
    r"(?:voce|vc|ce) (?:e|eh) (?:um|uma)? ?(?:robo|ia|inteligencia artificial|humano|gente|pessoa|"
    r"bot)",
    r"como (?:funciona|uso|usar|usa) (?:o |esse |este )?(?:app|aplicativo|sistema|isso|aqui|"
    r"voce|vc)",
    r"como q funciona isso",
    r"quem te criou",
    r"qual (?:o )?seu nome",
    r"(?:voce|vc) (?:registra|guarda|salva|fala|funciona|tem acesso|le|ve)",
    r"meus dados",
    r"quais comandos",
    r"o que da pra fazer",
    r"posso (?:lancar|registrar|anotar|confiar|usar)",
    r"me explica o que (?:voce|vc) faz",
    r"primeira vez",
    r"que dia e (?:hoje|hj)",
    r"(?:preciso|quero) (?:de )?(?:uma )?ajuda\W*$",
    r"como (?:eu )?(?:faco|faço|posso|consigo|uso|devo) (?:pra|para|p/) (?:registrar|lancar|"
    r"anotar|apagar|corrigir|editar|excluir|ver|consultar|usar)",
    r"(?:qual|ql) (?:e )?(?:o )?seu nome",
    r"quem (?:e|eh) (?:ce|tu)",
    r"como (?:eu )?(?:apago|excluo|deleto|removo|corrijo|edito|altero|desfaco|cancelo|registro"
    r"|lanco|anoto) (?:um|uma|o|a|os|as|meus?|minhas?)",
    r"que horas sao",
)
"""Questions about the assistant itself (spec §2: "perguntas sobre o próprio sistema")."""

_MARKET = word_pattern(
    r"dolar",
    r"euro",
    r"selic",
    r"ibovespa",
    r"ibov",
    r"cdi",
    r"ipca",
    r"igp-?m",
    r"bitcoin",
    r"btc",
    r"libra",
    r"inflacao",
    r"ouro",
    r"cotacao",
    r"[a-z]{4}\d{1,2}",
)
_MARKET_ASK = word_pattern(
    r"hoje",
    r"hj",
    r"agora",
    r"atual",
    r"cotacao",
    r"quanto (?:esta|ta|tá|fechou)",
    r"qto (?:esta|ta)",
    r"em quanto",
    r"fechou",
    r"subiu",
    r"caiu",
    r"valor",
    r"taxa",
    r"acumulad\w*",
    r"qual (?:a|o|foi)",
)
_PERSONAL = word_pattern(
    r"meu",
    r"minha",
    r"meus",
    r"minhas",
    r"eu",
    r"mim",
    r"comigo",
    r"tenho",
    r"invest\w*",
    r"total",
    r"apliquei",
    r"comprei",
    r"vendi",
    r"gastei",
    r"paguei",
    r"recebi",
)

TRANSACTION = word_pattern(
    r"gastei",
    r"gastamos",
    r"gasei",
    r"paguei",
    r"pagei",
    r"pagamos",
    r"comprei",
    r"compramos",
    r"recebi",
    r"recebemos",
    r"ganhei",
    r"apliquei",
    r"investi",
    r"depositei",
    r"transferi",
    r"saquei",
    r"torrei",
    r"rachei",
    r"rachamos",
    r"dividi",
    r"dividimos",
    r"emprestei",
    r"peguei",
    r"vendi",
    r"caiu",
    r"cairam",
    r"entrou",
    r"entraram",
    r"saiu",
    r"parcelei",
    r"financiei",
    r"doei",
    r"abasteci",
    r"almocei",
    r"jantei",
    r"tirei",
    r"coloquei",
    r"botei",
    r"passei",
    r"pedi um",
    r"dei \S+ de",
    r"pix de",
    r"fiz um (?:pix|emprestimo|deposito|saque|pagamento|ted|doc|financiamento|consorcio)",
    r"acabei de (?:pagar|gastar|comprar|receber)",
    r"achei",
    r"mandei",
    r"enviei",
    r"me pagaram",
    r"me pagou",
    r"me deu",
    r"me deram",
    r"debitou",
    r"debitada",
    r"debitado",
    r"anota",
    r"anote",
    r"anotar",
    r"registra",
    r"registre",
    r"registrar",
    r"lanca",
    r"lance",
    r"lancar",
    r"coloca ai",
    r"adiciona",
    r"inclui",
    r"bota ai",
    r"marca ai",
    r"fui",
    r"vou pagar",
    r"vou receber",
    r"tenho que pagar",
    r"preciso pagar",
    r"vai me pagar",
    r"vou ter que pagar",
    r"vence",
    r"tive um gasto",
    r"foi \S+ (?:o|a)",
    r"deu \S+ a",
    r"pago",
    r"recebido",
    r"rendeu \S+ de",
    r"devolvi",
    r"devolveu",
    r"devolveram",
    r"estornou",
    r"estornaram",
    r"estorno",
    r"reembolsou",
    r"reembolsaram",
    r"ressarc\w+",
    r"cairam",
    r"caíram",
    r"voltou \S+",
    r"aportei",
    r"resgatei",
    r"descontaram",
    r"quitei",
    r"fechei a compra",
    r"adquiri",
    r"vai vencer",
    r"me deve(?:m)? (?:uns |umas |r\$ ?)?\d[\d.,]*",
    r"acertei",
    r"me (?:liberou|liberaram|adiantou|adiantaram)",
    r"vai cair (?:dia|no dia|amanha|na conta|semana|mes|segunda|terca|quarta|quinta|sexta|sabado"
    r"|domingo|em \d|ate|\d)",
    r"entra(?:m)? (?:dia|no dia|amanha|semana|mes|segunda|terca|quarta|quinta|sexta|sabado"
    r"|domingo|em \d|\d)",
    r"vencer",
    r"vai me pagar",
    r"vai depositar",
    r"(?:parcela|prestacao) d[oa] \w+ paga",
    r"tenho (?:um |uma |o |a )?(?:financiamento|emprestimo|divida|consignado)",
    r"devo \d\S*(?: mil)? (?:pro|pra|para|ao|a)",
    # a debt to a person, said informally ("tô devendo 300 pra Lu", "fiquei devendo 80 pra
    # Carla"): a liability the user has, recorded as a debt
    r"(?:fiquei|estou|to|tou|tava|estava|ando|continuo|ainda) devendo (?:uns |umas |r\$ ?)?"
    r"\d\S*(?: mil| reais| conto| pila)? (?:pro|pra|para|ao|a|pros|pras|com)",
    r"devo (?:uns |umas |r\$ ?)\d\S*(?: mil| reais| conto| pila)?"
    r" (?:pro|pra|para|ao|a|pros|pras|com)",
    r"me emprestou",
    r"me emprestaram",
    r"devo ter (?:gastado|gasto|pago|comprado|torrado|recebido)",
    r"tenho (?:uns |umas |r\$ ?)?\d[\d.,]*(?: mil| reais| conto)? (?:pra|para|a) receber",
    r"agend(?:a|e|ei|ar|ado|ada)",
    r"(?:foi|era) (?:em \d+ ?x|em \d+ (?:vezes|parcelas)|parcelado|no (?:cartao|credito|debito"
    r"|pix|dinheiro|boleto))",
)
"""Verbs (and registration imperatives) that state a transaction. "fui" covers "fui ao cinema
ontem" (the Lançador asks the amount)."""

HABIT = re.compile(
    # a noun is not a verb: "um gasto de 50", "o ganho de 200", "gasto de 50 no uber"
    r"(?<!\bum )(?<!\bo )(?<!\bmeu )(?<!\besse )(?<!\beste )(?<!\boutro )(?<!\bnovo )"
    r"(?<!\bmais )(?<!\bdo )(?<!\bno )(?<!\bde )"
    r"\b(?:ganho|recebo|pago|gasto|tiro|guardo|poupo|invisto|aplico|ponho|coloco|boto|deposito"
    r"|transfiro|mando|faturo|desembolso|torro|racho|divido)\b"
    r"(?=\s+(?:uns\s+|umas\s+|cerca\s+de\s+|quase\s+|mais\s+de\s+|tipo\s+|em\s+media\s+"
    r"|o\s+|a\s+|os\s+|as\s+|r\$\s*|de\s+|com\s+|no\s+|na\s+|por\s+|todo\s+|toda\s+"
    r"|mensal|\d|mil\b|[a-z]+\s+(?:mil|reais|conto)\b))"
    r"(?!\s+de\s+(?:r\$\s*)?\d)"
)
"""A first-person present-tense money verb ("ganho 3 mil", "pago 1.000 de aluguel", "gasto uns
800 de mercado"): a habit, what the user's month looks like — not an act that happened today
("pago" after a copula, "tá pago", is a participle: see `_PAID_PARTICIPLE`)."""
_PAID_PARTICIPLE = re.compile(
    r"\b(?:ta|tá|esta|estao|tao|foi|foram|ficou|ficaram|fica|ja|deixei|deixou|sera|seria|era"
    r"|eh|sao|nao|ser|estar|sendo)\s+pago\b"
)


def tells_act(folded: str) -> bool:
    """A money movement that happened (or a recording asked) is told: `TRANSACTION`, with the
    present-tense habits (`HABIT`: "pago 1.000 de aluguel", "ganho 3 mil") set aside — they
    are facts about the user's month, data for a question, not movements to record."""
    masked = HABIT.sub(lambda m: m.group() if _participle(folded, m) else " ", folded)
    return TRANSACTION.search(masked) is not None


def _participle(folded: str, m: re.Match[str]) -> bool:
    before = _PAID_PARTICIPLE.search(folded, max(0, m.start() - 8), m.end())
    return before is not None and before.end() == m.end()


def states_habits(folded: str) -> bool:
    """Money told as a present-tense habit ("ganho 3 mil e pago 1.000 de aluguel") and no act
    that happened ("paguei", "recebi", "anota")."""
    return HABIT.search(folded) is not None and not tells_act(folded)


_INTERROGATIVE = word_pattern(
    r"quanto",
    r"quantos",
    r"quantas",
    r"qto",
    r"qnto",
    r"qnt",
    r"qt",
    r"qual",
    r"quais",
    r"ql",
    r"qais",
    r"cade",
    r"quando",
    r"onde",
    r"como",
    r"quem",
    r"mostra",
    r"mostre",
    r"listar",
    r"lista (?:os|as|meus|minhas|de|todos|todas)",
    r"me (?:diz|fala|passa) (?:quanto|qual|quais|o|a|os|as|meu|minha|meus|minhas)",
    r"tenho algum",
    r"tenho alguma",
    r"tenho conta",
    r"em que",
    r"gastei (?:mais|menos|mas) (?:com|c/|em|no|na) .*\bou",
    r"total d\w*",
    # "oq eu comprei no crédito acima de 100 esse mês": what the user did, asked without "?"
    r"(?:oq|oque|o q|o que|q) (?:eu |que eu |q eu )?(?:comprei|gastei|paguei|recebi|ganhei"
    r"|investi|apliquei|parcelei|lancei|registrei)",
)
_SNAPSHOT = word_pattern(
    r"patrimonio",
    r"tirando (?:as |minhas )?dividas",
    r"no azul",
    r"no vermelho",
    r"quanto (?:eu )?devo",
    r"quanto (?:eu )?tenho investido",
    r"contas? (?:a|pra|para) pagar",
    r"(?:a|pra|para) receber",
    r"pendentes?",
    r"atrasad\w*",
)
"""A question about the user's own position (net worth, debts, bills): decisive, the model
cannot make it an analysis."""
_OWN_DATA = word_pattern(
    r"gastei",
    r"paguei",
    r"recebi",
    r"devo",
    r"lancei",
    r"registrei",
    r"anotei",
    r"ganhei",
    r"passei de",
    r"passou de",
    r"(?:pra|para) (?:entrar|receber|cair)",
    r"a receber",
    r"vai entrar",
)
"""A question about the user's own records ("ainda devo aqueles 2 mil pro meu primo?")."""
_LIST_START = re.compile(
    r"^(?:total|saldo|extrato|resumo|lista|media|gastos|despesas|receitas|meu saldo|minha fatura|"
    r"meus gastos|minhas despesas|minhas receitas|minhas dividas|meus investimentos)(?!\w)"
)
"""A message that starts with what it wants to see ("extrato de março", "meu saldo"): a query
when it carries no amount ("despesa de 35 com academia" is a transaction)."""
_LEAD = re.compile(
    r"^(?:(?:ei|eii|entao|ah|junior|me diz uma coisa|e ai|eai|oi|oie|ola|opa|bom dia|boa tarde|"
    r"boa noite|fala|salve|por favor|pfv|olha|escuta|hey|tudo bem|blz)\W+)+"
)
"""Openers stripped before the content rules: "oi, quanto gastei?" is the question."""
_QUERY_DATA = word_pattern(
    r"gastei",
    r"gasto",
    r"gastos",
    r"gasta",
    r"gastamos",
    r"despesas?",
    r"receitas?",
    r"saldo",
    r"recebi",
    r"ganhei",
    r"economizei",
    r"investi",
    r"investido",
    r"investimentos?",
    r"tenho",
    r"tem na",
    r"tenho na",
    r"paguei",
    r"sobrou",
    r"entrou",
    r"saiu",
    r"fatura",
    r"parcelas?",
    r"dividas?",
    r"patrimonio",
    r"reserva",
    r"contas?",
    r"lancamentos?",
    r"rendeu",
    r"guardado",
    r"cartao",
    r"compras?",
    r"devo",
    r"deve",
    r"falta",
    r"vence",
    r"vencem",
    r"vencendo",
    r"extrato",
    r"resumo",
    r"pedi",
    r"juros",
    r"media",
    r"total",
)
_PLACES = wordset(
    """mercado supermercado padaria farmacia posto uber ifood restaurante shopping academia
    cinema bar feira acougue pet shop salao dentista lanchonete atacadao drogaria drogasil
    estacionamento loja hortifruti gasolina oficina barbeiro rappi americanas almoco pizza
    remedio lanche pao cerveja roupa passagem cafe presente racao combustivel janta sorvete acai
    taxi pedagio luz agua internet aluguel condominio gas iptu ipva netflix spotify mercadinho
    feirinha sacolao 99 99pop lavanderia petshop medico hospital uber eats cabeleireiro manicure
    escola faculdade curso"""
)
_FILLER = wordset(
    """no na nos nas em o a os as de do da dos das um uma uns umas pra pro para com e ai hj
    hoje ontem anteontem ja agora reais real conto contos pila pilas r$ rs k mil cem duzentos
    trezentos quinhentos cinquenta vinte trinta quarenta sessenta setenta oitenta noventa dez
    quinze noite manha tarde cedo semana passada passado sexta sabado domingo segunda terca
    quarta quinta dia cartao credito debito pix dinheiro boleto nubank via itau gasto despesa
    receita paguei foi deu so pfv kkk rs ei entao junior"""
)


LEXICON: frozenset[str] = (
    _GREETING_WORDS
    | _PLACES
    | wordset(
        """quanto quantos quantas qual quais quando onde como gastei gastos gasto despesas
        despesa receitas receita saldo recebi ganhei economizei investi investido investimento
        investimentos tenho paguei
        dividi dividimos rachei rachamos metade terco sobrou sobra resta restaria sobraria
        racho racha rachar racham dividem dividido dividida moro moramos galera colegas
        recebo ganho entrou fatura parcelas parcela dividas divida
        patrimonio reserva conta contas lancamento lancamentos rendeu guardado cartao compras
        comprei vendi apliquei depositei transferi saquei emprestei peguei abasteci anota
        registra salario freela bonus comissao dividendos aluguel poupanca tesouro acoes
        vale pena sentido devo deveria recomenda analise planejar planejamento estrategia
        melhor melhorar porque economizar aposentar aposentadoria consigo posso compensa
        orcamento financas dinheiro mensal semana passado passada ontem hoje amanha voce
        obrigado obrigada cotacao dolar euro selic ibovespa bitcoin inflacao parar passar
        passa pagar pagamento gastar gastando comprar vender investir guardar poupar juntar
        ajudar ajuda achar acha acho cortar reduzir organizar montar entender funciona
        financiamento emprestimo carro casa apartamento viagem filho filhos esposa marido
        trabalho emprego empresa cliente amigo amiga mesmo muito pouco todo toda todos tudo
        nada algum alguma dele dela isso esse essa este esta aquele ainda sempre nunca depois
        antes agora tambem entre sobre desde contra sem durante primeiro primeira ultimo
        ultima proximo proxima valor total media maior menor seguro seguros vida saude
        conversas guarda registra acesso banco dados nome comandos entende inteligencia
        artificial lancar registrar anotar despesas porq porque caro cara caros caras
        errado errada compra aqueles aquelas estorno estornaram devolveu devolvi voltou
        aportei resgatei emprestou emprestimo gasosa padoca acao acoes subir cair guardando
        aplicando investindo rendendo poupando juntando chego chegar aporto aportar quito quitar
        quitando compara comparar simula simular calcula calcular parcela primeira ultima
        financiar financiando amortizar amortizando sobraria cortasse penso pensando pensei
        pretendo quero queria talvez colocar vence vencem vencer venceu vencimento entra entram
        cair caiu fecha fechou receber recebo boleto boletos entrar fechar fechado recebe
        recebeu recebem vencida vencido vencidas vencidos saio quito invisto economizo junto
        organizo reduzo corto guardo poupo monto planejo aplico renegocio ideal pago pagaria
        pagarei fica ficaria sai sairia custa custaria acabo acabar termino terminar zerar
        livre"""
    )
    | frozenset(UNIT_WORDS)
    | wordset("mil milhao milhoes bilhao bilhoes cento virgula vezes meio")
    # every one-word category keyword: "camiza" is a camisa, "farmacai" a farmácia
    | frozenset(k for k in KEYWORDS if k.isalpha() and len(k) >= 5)
)
"""Words the speller always trusts as repair targets (see speller.py); number words among
them, so a spoken amount ("dois virgula cinco por cento") is never "repaired" into slang."""


EQUIVALENT_ASKED = (
    r"\b(?:quantos|qnts|qtos|que|qual|quanto) ?(?:%|por ?cento\b|taxa\b)[^?]{0,12}\b(?:ao|por|a) "
    r"(?P<to>ano|mes)\b"
    r"|\btaxa (?:(?:efetiva|equivalente|correspondente) (?P<to2>anual|mensal)"
    r"|(?P<to4>anual|mensal) (?:efetiva|equivalente|correspondente))\b"
    r"|\bequivale\w* (?:a )?(?:quanto|qto|quantos %|quantos por cento) (?:ao|por) "
    r"(?P<to3>ano|mes)\b"
    r"|\b(?:quanto|qto|qnto) (?:isso |essa taxa |esses juros )?(?:da|fica|seria|daria|equivale"
    r"|e) (?:ao|por|no) (?P<to5>ano|mes)\b"
    r"|\b(?:da|fica|seria|daria|equivale a) (?:quanto|qto|qnto) (?:ao|por|no) (?P<to6>ano|mes)\b"
    # "quanto é 1,5% ao mês em taxa anual?", "… em termos anuais?"
    r"|\bem (?:taxa|juros|termos) (?P<to7>anual|mensal|anuais|mensais)\b"
)
"""The equivalent rate asked of a rate said: "quantos % ao ano", "qual a taxa anual efetiva",
"quanto isso dá ao ano" (a "%" ends no word, so no `\b` after it)."""
_RATE_SAID = re.compile(r"\d(?:[.,]\d+)? ?(?:%|por ?cento) (?:ao|a|por|no) (?:mes|ano)\b|a\.[ma]\.")


def asks_equivalent_rate(folded: str) -> bool:
    """A rate said and its equivalent in another period asked ("12% ao ano dá quanto ao
    mês?", "o cartão cobra 14% ao mês, quanto isso dá ao ano?"): a computation, never a
    ledger question."""
    return _RATE_SAID.search(folded) is not None and re.search(EQUIVALENT_ASKED, folded) is not None


@dataclass(slots=True, frozen=True)
class RuleHit:
    """A rule's verdict."""

    categoria: Categoria
    rule: str

    @property
    def confianca(self) -> float:
        return RULE_CONFIDENCE[self.rule]


_RATE = re.compile(
    r"\d+(?:[.,]\d+)?\s*(?:%|por\s*cento)"
    r"|\b(?:juros|taxa)\s+(?:de\s+)?\d"
    r"|\d+(?:[.,]\d+)?\s*(?:a\.?\s?m\b\.?|a\.?\s?a\b\.?|ao\s+mes|ao\s+ano|am\b|aa\b)"
)
_TERM = re.compile(
    r"\b(?:em|por|durante|daqui\s+a|dentro\s+de|prazo\s+de)\s+\d+\s*(?:meses|anos|parcelas|x\b)"
    r"|\b\d+\s*x\b|\b\d+\s+(?:meses|anos|vezes|parcelas|prestacoes)\b"
)
_PRODUCT = word_pattern(
    r"financ\w*",
    r"emprestimo",
    r"consignado",
    r"cdb",
    r"lci",
    r"lca",
    r"cri",
    r"cra",
    r"tesouro",
    r"poupanca",
    r"sac",
    r"price",
    r"invest\w*",
    r"aplic\w*",
    r"rend\w*",
    r"juros",
    r"portabilidade",
    r"cheque especial",
    r"rotativo",
    r"amortiz\w*",
    r"quit(?:ar|o|ando|aria)",
    r"quitacao",
    r"consorcio",
    r"previdencia",
    r"cdi",
    r"selic",
    r"ipca",
    r"juntar",
    r"poupar",
    r"acumular",
    r"guard\w*",
    r"aport\w*",
    r"cheg(?:o|ar) a",
    r"parcela (?:de|do|da) (?:um|uma)",
    r"dobr(?:a|ar|am|o|aria|ariam)",
    r"vir(?:a|am|ar|aria|ariam) (?:r\$ ?)?\d+",
)
_QUESTIONISH = re.compile(
    r"\?|^(?:quanto|quantos|quantas|qto|qnto|qual|quais|como|sera|se|e se|caso)\b"
    r"|\b(?:quanto|qual|quais|quantos|quantas|qto|qnto|qnt)\b"
    # a question said as a request ("quero saber a 1ª e a última parcela", "me diz a parcela")
    r"|\b(?:quero|queria|gostaria de|preciso) saber?\b|\bme (?:diz|diga|fala|fale|mostra)\b"
    r"|\bcalcul(?:a|e|ar)\b"
)


_COMPARE = re.compile(r"\b(?:ou|vs|versus|x|contra|compar\w*)\b")
_GOAL_PLAN = word_pattern(r"guardar", r"juntar", r"poupar", r"meta", r"aposent\w*")
_CREDIT = word_pattern(r"financiamento|financiar|emprestimo|consignado|portabilidade|saldo devedor")


def states_parameters(folded: str) -> bool:
    """A rate or a term ("0,9% ao mês", "em trinta anos"): the message sets up a computation."""
    folded = digitise(folded)
    return bool(_RATE.search(folded) or _TERM.search(folded))


def asks_with_parameters(folded: str) -> bool:
    """A question about a financing/investment with its parameters (see rule 2b). Numbers in
    words count as numbers ("duzentos mil em trinta anos")."""
    folded = digitise(folded)
    if _QUESTIONISH.search(folded) is None:
        # "50 mil, 3 anos, CDB 105% do CDI ou LCA 90%": a comparison set up with its numbers
        # "guardar pra trocar de carro: 40 mil em 4 anos ... rendendo 1% ao mes": a goal
        # set up with its numbers
        compare = _COMPARE.search(folded) and (_TERM.search(folded) or has_amount(folded))
        goal = _GOAL_PLAN.search(folded) and _TERM.search(folded)
        # "financiamento de 80 mil em 60x a 1,5% ao mes": a simulation, not a loan taken
        simulation = (
            _CREDIT.search(folded) and _TERM.search(folded) and not TRANSACTION.search(folded)
        )
        return bool(
            (compare or goal or simulation) and _PRODUCT.search(folded) and _RATE.search(folded)
        )
    if _PRODUCT.search(folded) is None:
        # no product named, but money, a rate and a term: a computation all the same ("qual o
        # valor futuro de 100 mil a 10% ao ano por 5 anos?")
        return bool(_RATE.search(folded) and _TERM.search(folded) and has_amount(folded))
    return bool(_RATE.search(folded) or _TERM.search(folded) or has_amount(folded))


_QUICK_ASK = re.compile(
    r"\b(?:quanto|qto|qnto|economiz\w*)\b|\bda quanto\b|\bnov[oa] (?:valor|mensalidade"
    r"|parcela|conta|preco)\b|\bqual (?:vai ser|sera|fica|ficaria) o (?:valor|preco)\b"
)
_QUICK_SHAPES = (
    re.compile(r"\b\d+ ?(?:x|vezes|parcelas|prestacoes) de (?:r\$ ?)?\d"),
    re.compile(
        r"\b(?:cancel\w*|cortar|tirar|cortasse)\b.*\b(?:por|em|no|durante) (?:um |1 )?ano\b"
    ),
    re.compile(r"\d ?(?:%|por cento) d[oa] (?:meu |minha )?(?:salario|renda)\b"),
    # "quanto fica 4 cerveja de 12?": items at a unit price (not instalments nor periods)
    re.compile(
        r"\b(?:fica|ficam|da|dao|sai|saem|custa|custam)\b[^?]{0,12}(?<![\d.,])\d{1,2} "
        r"(?!(?:x|vezes|parcelas?|prestac\w*|meses|anos|dias|semanas)\b)[a-z]{3,}"
        r"(?: d(?:e|o|a|os|as) [a-z]{3,})? (?:de|a|por) (?:r\$ ?)?\d"
    ),
    # "divido o aluguel de 2.400 com 1 amigo, quanto pago por ano?": the user's part of a
    # shared cost, asked in the present (not "quanto eu paguei", a query of the records)
    re.compile(
        r"\A(?=[^?]*\b(?:divid\w*|rach\w*)\b)(?=[^?]*\d)[^?]*\b(?:quanto|qto|qnto)\b"
        r"(?! (?:eu )?(?:gastei|paguei|foi|deu|ficou|saiu))"
    ),
    # "3 parcelas de 250 mais 2 de 180", "4 boletos de 89,90 com 2 de 210": groups added up
    re.compile(
        r"(?<![\d.,])\d{1,3} ?(?:x |vezes |(?:[a-z]{3,} ){1,2})?de (?:r\$ ?)?\d[\d.,]*(?: mil)?"
        r" ?(?:d[oa]s? (?:[a-z]+ ){0,2})?(?:,|\+|e|mais|com|e mais) ?\d{1,3} ?"
        r"(?:x |vezes |(?:[a-z]{3,} ){1,2})?de (?:r\$ ?)?\d"
    ),
    re.compile(
        r"\d ?(?:reais )?(?:por|ao|todo) mes\b.*\b(?:em|por|durante) (?:\d+|um|uma|dois|tres"
        r"|quatro|seis|doze) (?:mes(?:es)?|anos?)\b"
        r"|\d ?(?:reais )?(?:por|ao|todo) mes\b.*\bno ano\b"
    ),
)


_LEFT = r"\b(?:sobra|sobre|sobrar|sobraria|resta|restar|restaria)\b"  # the speller writes "sobre"
_SAVINGS_FROM_INCOME = re.compile(
    r"\b(?:salario|renda|ganho|ganhando|recebo|recebendo|tiro|entra|entram)\b[^?]*"
    r"\b(?:gasto|gastos|gastando|despesas?|custo de vida|saem)\b[^?]*"
    r"\b(?:junto|juntar|guardo|guardar|poupo|poupar|acumulo|economizo|sobra\w*)\b"
)
"""Income and spending both stated, what is put aside asked ("recebo 12 mil, meus gastos
mensais são 9 mil. quanto junto em 4 anos?"): a sum on the user's numbers."""
_LEFTOVER_SHAPE = re.compile(
    rf"\b(?:salario|renda|ganho|ganhando|recebo|recebendo)\b[^?]*{_LEFT}"
    rf"|{_LEFT}[^?]*\b(?:salario|renda|ganho|ganhando|recebo|recebendo)\b"
)
"""An income and what is left of it asked ("com um salário de 7 mil e gastos de 4.200, quanto
sobra?"): with two amounts and no movement told, a sum on the user's numbers."""


_LASTS_ASKED = re.compile(
    r"\b(?:dura|duram|duraria|aguent\w*|(?:da|dao|daria|dariam) (?:pra|para))\b[^?]{0,20}"
    r"\b(?:quanto tempo|qnto tempo|qto tempo|quantos meses|qnts meses|qtos meses)\b"
    r"|\b(?:quanto tempo|qnto tempo|qto tempo|quantos meses|qnts meses|qtos meses)\b[^?]{0,20}"
    r"\b(?:dura|duram|duraria|aguent\w*)\b"
)
"""How long a sum lasts is asked ("24 mil e gasto 4 mil por mês, dá pra quantos meses?")."""


def asks_how_long_it_lasts(folded: str) -> bool:
    """A sum and a monthly spending, how long it lasts asked: a sum on the user's numbers."""
    folded = digitise(folded)
    return bool(
        _LASTS_ASKED.search(folded)
        and len(re.findall(r"\d+(?:[.,]\d+)*", folded)) >= 2
        and re.search(
            r"\d ?(?:k|mil)? ?(?:reais )?(?:por|ao|todo|cada) mes\b|\bmensa(?:l|is)\b", folded
        )
    )


_CHANGED_BY = re.compile(
    r"\b(?:sub\w*|sobe|aument\w*|reajust\w*|cai|cair|caiu|reduz\w*|reduc\w*|diminu\w*"
    r"|baix\w*)\b[^?.]{0,20}\d ?(?:%|por cento)"
    r"|\d ?(?:%|por cento) (?:de )?(?:aumento|reajuste|reducao|desconto|a mais|a menos)\b"
)
"""A value changed by a rate ("se o aluguel subir 10%, vou pagar quanto? hoje pago 1.800")."""
_RECORDS_ASKED = re.compile(
    r"\b(?:quanto|qto|qnto) (?:eu )?(?:gastei|paguei|recebi|foi|deu|ficou)\b"
)


def _asks_changed_value(folded: str) -> bool:
    """A value and the rate it changes by, the new value asked; not a question on the records
    that mentions a change ("o aluguel subiu 10%, quanto paguei esse mês?")."""
    m = _CHANGED_BY.search(folded)
    if m is None or _RECORDS_ASKED.search(folded):
        return False
    rest = folded[: m.start()] + " " + folded[m.end() :]
    return re.search(r"\d", rest) is not None


def asks_quick_sum(folded: str) -> bool:
    """ "quanto fica 12x de 89,90?", "quanto economizo cancelando a netflix de 55,90 por um
    ano?", "10% do meu salário de 4.200": a sum with the user's numbers (a mission's quick
    calculation), not a query of their records."""
    folded = digitise(folded)
    if not _QUICK_ASK.search(folded):
        return False
    if any(p.search(folded) for p in _QUICK_SHAPES) or _asks_changed_value(folded):
        return True
    return bool(
        (_LEFTOVER_SHAPE.search(folded) or _SAVINGS_FROM_INCOME.search(folded))
        and len(re.findall(r"\d+(?:[.,]\d+)*", folded)) >= 2
        and not tells_act(folded)
    )


def has_complexity_cue(folded: str) -> bool:
    """True when the text asks for analysis, advice, a plan, a diagnosis or a what-if."""
    return COMPLEXITY.search(folded) is not None


_PRICE_REMARK = word_pattern(
    r"(?:ta|tá|esta|tao|estao|ficou|fica|anda|e|eh) (?:tudo |muito |mt |mto |bem |meio |mei )?"
    r"(?:caro|cara|caros|caras|salgad[oa]s?|puxad[oa]s?)",
    r"(?:caro|cara|caros|caras) (?:demais|pra caramba|pra caralho)",
    r"(?:que|tudo) (?:caro|cara)",
)
"""A remark on prices said after an act ("gastei 80 no mercado hoje, tá tudo caro", "comprei
um tênis de 200, caro demais"): emotion, not a request for analysis."""


def _without_price_remark(folded: str) -> str:
    """The text without price remarks when it tells an act and asks nothing (see
    `_PRICE_REMARK`); unchanged otherwise."""
    if "?" in folded or not TRANSACTION.search(folded):
        return folded
    return without_price_remark(folded)


def without_price_remark(folded: str) -> str:
    """The text without its price remarks ("tá caro demais", "que caro"): what is left says
    whether an analysis is asked, whatever the remark."""
    return _PRICE_REMARK.sub(" ", folded)


def apply(folded: str) -> RuleHit | None:
    """The first rule that fires on the folded text, or None (see the module docstring)."""
    words = tokens(folded)
    if _is_greeting(words):
        return RuleHit("trivial", "greeting")
    if has_complexity_cue(_without_price_remark(folded)) and not _is_system(folded):
        return RuleHit("complexa", "complexity")
    if asks_with_parameters(folded) or asks_quick_sum(folded) or asks_how_long_it_lasts(folded):
        return RuleHit("complexa", "parameters")
    if asks_payoff_time(digitise(folded)):
        # "peguei 10 mil emprestado a 2,5% a.m. e pago 600 por mês, quando termino?": a
        # debt's payoff time over the user's numbers, whatever tense the debt is told in
        return RuleHit("complexa", "payoff")
    if _is_system(folded):
        return RuleHit("trivial", "system")
    folded = _LEAD.sub("", folded) or folded
    words = tokens(folded)
    interrogative = _INTERROGATIVE.search(folded) is not None or (
        _LIST_START.match(folded) is not None and not has_amount(folded)
    )
    if _is_market(folded, interrogative):
        return RuleHit("trivial", "market")
    if not interrogative and TRANSACTION.search(folded):
        return RuleHit("lancamento", "transaction")
    if not interrogative and len(words) <= 8 and has_amount(folded):
        rest = [w for w in words if not re.match(r"\d|r\$", w) and w not in _FILLER]
        if len(rest) <= 2:
            return RuleHit("lancamento", "bare_amount")
    if (
        len(words) <= 3
        and any(w in _PLACES for w in words)
        and all(w in _PLACES or w in _FILLER for w in words)
    ):
        return RuleHit("lancamento", "bare_place")
    if interrogative and _SNAPSHOT.search(folded):
        return RuleHit("simplista", "snapshot")
    if interrogative and (_QUERY_DATA.search(folded) or any(w in _PLACES for w in words)):
        return RuleHit("simplista", "query")
    if (
        "?" not in folded
        and not interrogative
        and find_category(folded)
        and (has_money(folded) or find_amounts(folded))  # "sessenta e nove e noventa o tênis"
    ):
        return RuleHit("lancamento", "amount_and_category")
    if "?" in folded and _OWN_DATA.search(folded):
        return RuleHit("simplista", "own_data_question")
    return None


def asks_market_data(text: str) -> bool:
    """True when a (trivial) message asks for a quote or an index (dólar, Selic, Ibovespa,
    PETR4): the app answers it through the external-data lookup, not from the ledger."""
    folded = _LEAD.sub("", fold(text))
    return _is_market(folded, _INTERROGATIVE.search(folded) is not None)


def _is_greeting(words: list[str]) -> bool:
    """Only greeting/thanks/acknowledgement words; no words at all (an emoji, "?") counts."""
    return all(w in _GREETING_WORDS or _LAUGH.match(w) for w in words)


_RECORD_ASKED = re.compile(r"\b(?:registr|anot|lanc|marc|salv)\w*\b")


def _is_system(folded: str) -> bool:
    """A question about the assistant ("posso registrar gastos?"); one that carries an amount
    to record ("posso registrar 30 de padaria?") asks to record it."""
    if _SYSTEM.search(folded) is None or has_money(folded):
        return False
    return not (_RECORD_ASKED.search(folded) and has_amount(folded))


QUOTE_ASKED = re.compile(
    r"\b(?:quanto (?:esta|ta|tá|fechou|custa|vale|sai)|qto (?:esta|ta|custa)|cotacao|preco|"
    r"valor da acao|valor das acoes)\b"
)
_DECIDING = re.compile(
    r"\b(?:compr\w*|vend\w*|invest\w*|aplic\w*|vale a pena|devo|deveria|barat\w*|car[ao]s?|"
    r"analis\w*|recomend\w*|vai subir|vai cair|previsao)\b"
)
NEWS = re.compile(
    r"\b(?:noticias?|manchetes?)\b[^?.]{0,30}\b(?:mercado|bolsa|economia|financ\w*)\b"
)
"""Market news asked ("quais as notícias do mercado hoje?"): no ledger question ("mercado" is
not the supermarket here)."""


_FOREIGN = re.compile(r"(?:\b(?:dolares|dolar|doletas|usd|euros?|eur)|\bus\$|\bu\$)(?!\w)")
_CONVERT_ASKED = re.compile(
    r"\b(?:em|pra|para|no) reais?\b|\bconvert\w*|\bquanto (?:e|da|fica|sao|seria|vale|daria)\b"
)


def asks_conversion(folded: str) -> bool:
    """An amount in a foreign currency asked in reais ("quanto é 100 dólares em reais?"): a
    market figure, not a ledger question; a purchase told ("gastei 40 dólares no app") is not."""
    return bool(
        _FOREIGN.search(folded)
        and re.search(r"\d", folded)
        and _CONVERT_ASKED.search(folded)
        and ("?" in folded or not TRANSACTION.search(folded))
    )


def _is_market(folded: str, interrogative: bool) -> bool:
    if NEWS.search(folded):
        return True
    if asks_conversion(folded):
        return True
    if (
        tickers_in(folded)
        and QUOTE_ASKED.search(folded)
        and not _DECIDING.search(folded)
        and not _PERSONAL.search(folded)
    ):
        return True  # a company's quote asked ("quanto tá a ação da Petrobras hoje?")
    if _MARKET.search(folded) is None or _PERSONAL.search(folded) or has_amount(folded):
        return False
    return interrogative or _MARKET_ASK.search(folded) is not None or len(tokens(folded)) <= 2


ASPECT = re.compile(
    r"^\s*(?:e|mas|ok|ta|e ai|entao)?\s*,?\s*(?:qual\s+(?:e|seria|fica)?\s*)?(?:o|a|os|as)?\s*"
    r"(?:ultima|primeira|ultima parcela|primeira parcela|parcela|parcelas|prestacao|total"
    r"|total pago|total de juros|juros|juros totais|total dos juros|amortizacao|saldo"
    r"|saldo devedor|rendimento|diferenca|economia|valor final|montante|taxa)"
    r"(?:\s+(?:no|na|do|da|pelo|pela)\s+(?:sac|price|total|final|fim))?"
    r"(?:\s+(?:fica|ficou|seria|e|da|sai|fica quanto|quanto))?\s*\??\s*$"
)
"""Another figure of the answer just given ("e a última?", "e o total de juros?", "qual a
primeira parcela?"), with no number of its own: the previous question's computation, whose
answer states it."""
