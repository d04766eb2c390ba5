"""Is the user telling us something happened, or asking, supposing, planning? (issue 19)

A ledger row is a fact the user states. Amounts also appear in questions ("gastei uns 300 com
bar semana passada?"), in hypotheses ("se eu gastar 200 no mercado...") and in plans ("penso em
colocar 3 mil no Itaú", "vou comprar um tênis de 400"): none of them may be recorded. This
module reads which one a message is, on the folded text, before any extraction:

- `registro`: a statement of fact (past, or a bill/receivable stated: "tenho que pagar 180 de
  luz dia 10", "o cartão vence dia 7"), or an explicit request to record ("anota 50 de uber",
  even with a "?": "pode anotar 50 de uber?");
- `pergunta`: a question mark, or an interrogative opening ("quanto", "será que", "qual");
- `hipotese`: "se eu", "e se", "caso eu", "supondo", "vale a pena", "compensa";
- `intencao`: "penso em", "pretendo", "quero comprar", "vou comprar/investir/gastar",
  "vou no show", "vou pagar" anything ("vou pagar 120 de farmácia amanhã", "vou pagar a luz
  de 210 amanhã": a plan of the user's, offered as a bill to track, never written unasked),
  "talvez".

`unsure` marks the readings where a sensible person would ask before writing: a note with a
question mark and no verb ("50 de uber?"), a plan stated with an amount and no question ("vou
gastar 500 no mercado amanhã": track it as a bill?). The Lançador asks "… quer que eu
registre?" instead of choosing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from switchboard.apps.finance.nlu.movements import is_balance
from switchboard.apps.finance.nlu.payer import pays_the_user, third_party_payer
from switchboard.apps.finance.triage.complexity import word_pattern
from switchboard.apps.finance.triage.rules import (
    TRANSACTION,
    has_complexity_cue,
    states_parameters,
    without_price_remark,
)
from switchboard.apps.finance.triage.text import has_amount
from switchboard.apps.finance.triage.venting import STRONG, is_complaint_statement

Intent = Literal["registro", "pergunta", "hipotese", "intencao", "informacao"]


RECORD_REQUEST = word_pattern(
    r"anot(?:a|e|ar)",
    r"registr(?:a|e|ar)",
    r"lanc(?:a|e|ar)",
    r"lancamento de",
    r"p[oõ]e(?: ai| la)?",
    r"coloc[ae](?: ai| la)",
    r"bot[ae](?: ai| la)",
    r"adicion(?:a|e|ar)",
    r"inclu(?:a|i|ir)",
    r"marc[ae](?: ai| la)",
    r"salv[ae](?: ai)?",
)
_ALREADY_RECORDED = word_pattern(
    r"lancei", r"registrei", r"anotei", r"lancou", r"registrou", r"anotou", r"lancado",
    r"registrado", r"anotado", r"lancada", r"registrada",
)  # fmt: skip
"""Asking whether something was recorded ("já lancei os 45 do mercado?") is a question."""
"""Imperatives that ask for a recording, so a trailing "?" is politeness, not a question."""

_HYPOTHESIS = word_pattern(
    r"se eu",
    r"e se",
    r"caso eu",
    r"caso (?:eu )?(?:compre|gaste|invista|pague|aplique|financie)",
    r"supond\w*",
    r"suponha",
    r"imagin\w* (?:se|que)",
    r"hipotetic\w*",
    r"se (?:eu )?(?:comprar|gastar|investir|pagar|aplicar|financiar|pegar|tivesse|fosse|"
    r"colocar|juntar|guardar|economizar|trocar|vender|quitar|parcelar|sacar|tirar)",
    r"vale (?:a|mais a|mesmo a) pena",
    r"valeria a pena",
    r"compensa\w*",
    r"seria",
    r"daria",
    r"quanto (?:fica|ficaria|rende|renderia|daria|seria)",
    r"se (?:o|a|os|as|meu|minha|meus|minhas) (?:\w+ ){0,3}?(?:vier|vierem|for|forem|ficar|ficarem"
    r"|passar|passarem|subir|subirem|custar|custarem|chegar|chegarem|sair|sairem|aumentar"
    r"|aumentarem|bater|baterem|der|derem)",
)
_INTENTION = word_pattern(
    r"penso em",
    r"pensando em",
    r"pensei em",
    r"pretend\w*",
    r"planej\w*",
    r"quer(?:o|ia|emos) (?:comprar|investir|aplicar|gastar|trocar|financiar|pegar|colocar|"
    r"guardar|juntar|fazer|viajar|vender|abrir|contratar|tirar)",
    r"gostaria de",
    r"(?:to|tou|estou|tamo|estamos) (?:querendo|afim|a fim|pensando)",
    r"afim de",
    r"a fim de (?:comprar|investir|gastar)",
    r"talvez",
    r"(?:em|na|numa) duvida",
    r"nao sei se (?:compro|pego|invisto|aplico|troco|gasto|faco|vendo|financio|parcelo)",
    r"se (?:der|sobrar|rolar|puder|conseguir|tiver grana|tiver dinheiro|pintar|entrar)",
    r"quem sabe",
    r"sonh\w* (?:em|com)",
    r"(?:vou|vamos|irei|iremos) (?:comprar|investir|aplicar|trocar|financiar|viajar|"
    r"gastar|colocar|guardar|juntar|vender|pegar|abrir|tirar|fazer|torrar|emprestar|"
    r"transferir|mandar|sacar|resgatar|depositar|abastecer|almocar|jantar|pedir|sair)",
    r"(?:vou|vamos) (?:no|na|nos|nas|ao|a|pro|pra) \w+",
    r"(?:vou|vamos) pagar",
    r"to indo (?:comprar|gastar)",
    r"devo (?:comprar|investir|aplicar|trocar|financiar|gastar|colocar|guardar|vender|pegar)",
    r"(?:preciso|tenho que|tenho de|vou ter que|vou precisar) (?:comprar|trocar|fazer|consertar"
    r"|arrumar|renovar|gastar|pegar|tomar|pedir|contratar|financiar|emprestar|tirar|sacar)",
    # a need in the future tense is no act yet, whatever the verb ("vou precisar pegar uns 3 mil
    # emprestado", "vou ter que vender o carro por 30 mil")
    r"(?:vou precisar|vou ter que|vou ter de|vou ter q|precisarei|terei que|terei de)"
    r" (?:de )?\w+(?:ar|er|ir)",
    # an estimate, not a payment: "o conserto vai sair uns 1.500", "o orçamento deu 3 mil"
    r"va[io] (?:sair|custar|ficar|dar|ser|passar a ser) (?:de )?"
    r"(?:uns |umas |por |em |tipo |r\$ ?)?\d[\d.,]*",
    r"^(?:o|um|a|esse|este) orcamento",
    # a purchase given up ("desisti de comprar o tênis de 400"): nothing happened
    r"desisti\w* d[aeo]s?",
    r"(?:nao|nem) (?:vou|vamos) mais (?:comprar|pegar|gastar|fazer|assinar|trocar)",
)
CONSIDERING = word_pattern(
    r"pens\w* em", r"pretend\w*", r"planej\w*", r"quer(?:o|ia|emos)", r"gostaria",
    r"(?:to|tou|estou|tamo|estamos) (?:querendo|afim|a fim|pensando)", r"afim de", r"a fim de",
    r"talvez", r"(?:em|na|numa) duvida", r"nao sei se", r"quem sabe", r"sonh\w*",
    r"(?:vou|vamos|irei|iremos) (?:comprar|trocar|viajar|investir|aplicar|gastar|torrar|financiar"
    r"|vender|colocar|guardar|juntar|fazer|abrir|tirar|pegar|pedir|sair)",
    # a plan for money left over ("se sobrar 500 eu invisto"): no bill, nothing to pay
    r"se (?:me )?sobra(?:r|sse|rem)",
    r"desisti\w* d[aeo]s?", r"(?:nao|nem) (?:vou|vamos) mais",
)  # fmt: skip
"""Intentions: a choice weighed ("penso em colocar 3 mil no Itaú", "tô em dúvida se compro
um sofá de 3 mil") or a purchase planned ("vou comprar um sofá de 4 mil em dezembro", "vou
gastar 500 no mercado amanhã"): nothing happened to the user's money, nothing to track as a
bill; Junior says nothing was recorded and offers help to decide. A payment planned ("vou
pagar 120 de farmácia amanhã", "vou pagar a luz dia 10", "vou transferir 500 dia 10") is not
here: the Lançador offers to track it as a bill."""

_GOAL = word_pattern(
    r"(?:vou|vamos) (?:tentar|me segurar|nos segurar|segurar)",
    r"(?:nao|nem) (?:posso|podemos|quero|queremos|vou|devo|pode) (?:gastar|passar|estourar"
    r"|ultrapassar)",
    r"(?:gastar|passar de|estourar|ultrapassar) (?:no maximo|mais (?:que|de|do que)|menos (?:que"
    r"|de|do que)|ate)",
    r"(?:minha|nossa|a) meta (?:e|eh|de|pra|para)",
    r"(?:parar|deixar|parei|deixei) de (?:gastar|comprar|pedir|torrar|pagar|gastar tanto)",
)
"""A spending goal or limit ("vou tentar gastar no máximo 300 com delivery", "minha meta é não
passar de 2 mil no cartão"): a resolution about the month, no money moved — an intention,
never a recording (unless a past-tense verb says something was spent)."""

_INFORMATION = word_pattern(
    r"(?:o|a|os|as) (?:preco|valor|cotacao|litro|kg|quilo) d[aeo]s? [\w ]{1,30}?"
    r"(?:ta|tá|esta|estao|e|subiu|caiu|baixou|aumentou|foi pra|custa|sai)",
    r"(?:ta|esta|tao|estao) custando",
)
_QUOTE = word_pattern(
    r"(?:cotei|cotamos|simulei|simulamos|orcei|orcamos)",
    r"(?:pedi|fiz|pedimos|fizemos|peguei) (?:um |uma |o |a )?(?:orcamento|cotacao|simulacao)",
)
"""A quote asked for ("cotei o seguro do carro: 3.100", "pedi orçamento do conserto, deu
800"): what it would cost — information, unless an act says it was bought ("cotei e fechei")."""
"""A price the user read somewhere ("o preço da gasolina tá 6,29 aqui"): information, no
movement of the user's money."""

_OPENING_ASIDE = (
    # an opening aside before the person ("nossa, meu primo…", "sabia que a minha chefe…", "vi
    # que o thiago…", "fiquei sabendo que a bia…")
    r"^(?:(?:nossa|cara|mano|vei|olha|pqp|gente|mds|meu deus|putz|affe?|aff+|kk+|rs|sabia"
    r"|acredita|imagina|acredita que|acredita q|sabia que|sabia q|tipo|entao|ai|vi que|vi q"
    r"|soube que|soube q|fiquei sabendo que|fiquei sabendo q|descobri que|descobri q"
    r"|ouvi dizer que|parece que|parece q|dizem que|me contaram que|contaram que"
    # any interjection closed by a comma ("oxe, o meu cunhado…", "bah, a minha sogra…")
    r"|oxe|oxente|eita|vixe|vish|poxa|puxa|caramba|caraca|uai|ue|bah|tche|rapaz|menina|menino"
    r"|ave maria|misericordia|socorro|serio|olha so)\W+|[a-z]{2,12},\s*)*"
)
_PERSON = (
    r"amig\w*|irm[aã]\w*|pai|pais|mae|chefe|colega\w*|vizinh\w*|prim[oa]s?|ti[oa]s?|namorad\w*"
    r"|esposa|marido|filh[oa]s?|sogr[oa]s?|cunhad[oa]s?|av[oó]s?|vo|socio|socia|brother|mano|mana"
    r"|parceir[oa]s?|compadre|comadre|padrasto|madrasta|padrinho|madrinha|sobrinh[oa]s?|noiv[oa]"
    r"|genro|nora|entead[oa]|afilhad[oa]|fulan[oa]|ciclan[oa]|crush|net[oa]s?|bisavo|primao"
    # a group or a role the user is not ("o pessoal do trabalho", "a galera da facul", "meu
    # gerente", "uma conhecida"); "a gente" is the user and is not here
    r"|pessoal|galera|turma|rapaziada|povo|gerente|professor[a]?|conhecid[oa]s?|companheir[oa]"
    r"|marid[oa]|mulher|chefa|coleguinha|parente|parentes|familia\s+d[oa]\s+\w+"
)
_WHEN_FIRST = (
    # a day before the person ("ontem meu primo pagou…", "semana passada a galera gastou…")
    r"(?:(?:hoje|hj|ontem|anteontem|agora|semana\s+passada|mes\s+passado|esse\s+mes"
    r"|no\s+fim\s+de\s+semana|sabado|domingo)\W+)?"
)
_THIRD_PARTY_NOW = re.compile(
    _OPENING_ASIDE + _WHEN_FIRST + r"(?:(?:o|a|os|as|um|uma|uns|umas)\s+)?"
    r"(?:(?:meu|minha|meus|minhas)\s+)?(?:" + _PERSON + r")\b"
    r"(?:\s+d[oa]s?\s+(?:(?:meu|minha|meus|minhas|seu|sua)\s+)?[a-z]{2,12})?"
    r"(?:\s+\w+){0,3}?\s+"
    r"(?:ganha|ganham|recebe|recebem|gasta|gastam|torra|torram|fatura|faturam|investe|investem"
    # what they pay or buy, in the present ("minha irmã paga 1.200 de aluguel", "meu sogro
    # compra tudo à vista") or in the past ("meu colega de trabalho pagou 200 num show")
    r"|paga|pagam|pagou|pagaram|compra|compram|comprou|compraram|banca|bancam|bancou|bancaram"
    r"|gastou|gastaram|torrou|torraram|ganhou|ganharam|recebeu|receberam|investiu|investiram"
    r"|desembolsa|desembolsou|esbanja|esbanjou|perde|perdeu|aposta|apostou|fatura|lucra|lucrou"
    r"|deve|devem|(?:ta|tá|esta|tao|estao|vive)\s+devendo|deu|deram|pegou|pegaram|emprestou"
    r"|aplicou|aplicaram|transferiu|transferiram|depositou|depositaram|sacou|sacaram|mandou"
    r"|guardou|guardaram|juntou|juntaram|economizou|doou|doaram|quitou|quitaram|financiou"
    r"|alugou|alugaram|assinou|trocou|trocaram|rendeu"
    r"|(?:ta|esta|tao|estao|vive|anda)\s+(?:ganhando|recebendo|gastando|torrando|faturando"
    r"|pagando|investindo|juntando|guardando))\b"
)
"""Someone else's money in the present or in acts `_THIRD_PARTY` leaves to the named people
only ("meu chefe ganha uns 30 mil por mês", "meu cunhado tá devendo 10 mil no cartão", "o
namorado da minha amiga deu 5 mil de entrada", "meu tio aplicou 50 mil no CDB"): a kinship or
a role, never a bare name (a bare word after "o"/"a" may be a thing: "a corrida deu 30")."""
_OWNER = re.compile(
    r"^(?:(?:o|a|os|as)\s+)?[a-z]{3,14}\s+d[oa]s?\s+(?:meu|minha|meus|minhas)\s+(?:"
    + _PERSON
    + r")\b(?:\s+\w+){0,2}?\s+(?:faturou|faturaram|lucrou|lucraram|vendeu|venderam|ganhou"
    r"|ganharam|gastou|gastaram|pagou|pagaram|comprou|compraram|recebeu|receberam|deve|fatura"
    r"|quebrou|investiu)\b"
    r"|^(?:(?:o|a|os|as)\s+)?(?:salario|renda|bonus|plr|aposentadoria|pensao|divida|heranca"
    r"|patrimonio|faturamento|lucro|comissao|mesada)\s+d[oa]s?\s+(?:meu|minha|meus|minhas)\s+(?:"
    + _PERSON
    + r")\b(?:\s+\w+){0,2}?\s+(?:e|eh|ta|esta|era|foi|subiu|aumentou|caiu|passou|da|deu)\b"
)
"""Something of someone else's ("a empresa do meu pai faturou 200 mil", "o carro do meu irmão
quebrou e ele gastou 2 mil"): their money, not the user's."""
_NOT_A_NAME = (
    r"(?:cliente|loja|mercado|conta|fatura|boleto|uber|ifood|banco|app|aplicativo"
    r"|empresa|firma|pix|valor|gasolina|luz|agua|internet|aluguel|pizza|compra|viagem|freela"
    r"|frila|trabalho|servico|projeto|job|bico|salario|cdb|lci|lca|tesouro|fundo|acao|poupanca"
    r"|aplicacao|investimento|seguro|seguradora|plano|operadora|governo|inss|receita|bolsa"
    # who pays the user ("o inquilino paga o aluguel de 1.500 dia 10"): the user's income
    r"|inquilin\w*|locatari\w*|devedor\w*|comprador\w*|contratante|pagador\w*|empregador\w*"
    r"|patrao|patroa|fregues\w*|paciente\w*|alun[oa]s?"
    # a group the user belongs to ("a gente gastou 300"): the user's own spending
    r"|gente|galera|turma|pessoal|familia|casal|casa|equipe|rapaziada|mocada)"
)
"""Words after "o"/"a" that are a thing, a payer of the user or the user's own group, not
a person named ("o joão", "a ana")."""
_NAMED_NOW = re.compile(
    _OPENING_ASIDE + _WHEN_FIRST + r"(?:o|a)\s+(?!" + _NOT_A_NAME + r"\b|(?:nubank|nu|itau"
    r"|bradesco|santander|caixa|inter|bb|c6|picpay|xp|btg|petrobras|vale|escola|faculdade"
    r"|academia|netflix|spotify|condominio|dolar|bitcoin|cripto|selic|cdi|ipca|inflacao)\b)"
    r"[a-z]{2,12}(?:\s+d[oa]s?\s+[a-z]{2,14})?\s+"
    r"(?:ganha|ganham|recebe|recebem|paga|pagam|gasta|gastam|compra|compram|torra|torram"
    r"|fatura|faturam|(?:ta|esta)\s+(?:ganhando|recebendo|pagando|gastando))\b"
)
"""A person named, in the present tense ("o Pedro da contabilidade ganha 9 mil", "a Bia paga
1.500 de aluguel"): someone else's money told as a statement (with a "?" it may be a market
question, "a Petrobras paga quanto de dividendo?", and is left to the other readings)."""
_THIRD_PARTY = re.compile(
    _OPENING_ASIDE
    + r"(?:(?:o|a)\s+)?(?:(?:meu|minha|meus|minhas|o|a|os|as)\s+)?(?:amig\w*|irm[aã]\w*|pai|mae"
    r"|chefe|colega\w*|vizinh\w*|prim[oa]s?|ti[oa]s?|namorad\w*|esposa|marido|filh[oa]s?"
    r"|sogr[oa]|cunhad[oa]|av[oó]|vo|socio|socia|ele|ela|eles|elas"
    # slang, nicknames and the rest of the family ("meu brother", "a mina do meu primo",
    # "o véio", "minha coroa", "meu padrasto")
    r"|brother|bro|brow|mano|mana|manos|parca|parcas|parceir[oa]s?|chapa|camarada|compadre"
    r"|cumpadi|cumpade|compadi|boy|bofe|gata|gato|mozao|mo|amor|bestie|miga|migo|amigao"
    r"|comadre|mina|minas|mulher|cara|moleque|molecada|vei|veio|velho|velha|coroa|patroa"
    r"|patrao|tiozao|tiazinha|padrasto|madrasta|padrinho|madrinha|sobrinh[oa]s?|ex|noiv[oa]"
    r"|genro|nora|enteado|enteada|afilhad[oa]|fulan[oa]|ciclan[oa]|vizinhanca|crush|gatinh[oa]"
    r"|neto|neta|netos|netas|bisavo|primao|primo|tio|tia"
    # a person by name ("a Ana", "o Beto"), not a shop, an app or a bill
    r"|(?<=o |a )(?!" + _NOT_A_NAME + r"\b)[a-z]{2,12})\b"
    # whose: "a mina do meu primo", "o namorado da minha irmã", "o cara do trabalho"
    r"(?:\s+d[oa]s?\s+(?:(?:meu|minha|meus|minhas|seu|sua)\s+)?[a-z]{2,12})?"
    r"(?:\s+(?:me|te)\s+(?:disse|falou|contou|mandou|avisou|explicou)(?:\s+(?:que|q))?)?"
    r"(?:\s+\w+){0,2}?\s+"
    r"(?:gastou|pagou|comprou|torrou|recebeu|ganhou|investiu|perdeu|gastaram|pagaram|compraram"
    r"|torraram|ganharam|receberam|investiram|perderam|levou|levaram|faturou|faturaram|embolsou"
    r"|apostou|apostaram|esbanjou|desembolsou|parcelou|financiou|vendeu|venderam|tirou|tiraram"
    r"|ta gastando|esta gastando|tao gastando|vive gastando|fez|fizeram|transferiu|transferiram"
    r"|aplicou|aplicaram|depositou|depositaram|guardou|guardaram)\b"
)
_PRICE_SEEN = re.compile(
    r"^(?:o|a|os|as)\s+\w+(?:\s+\w+){0,4}?\s+(?:ta|esta|tao|estao|custa|custam|subiu|subiram|caiu"
    r"|cairam|baixou|aumentou|aumentaram|foi\s+pra|vai\s+pra|vende|vendem|cobra|cobram"
    r"|passa\s+de|passam\s+de)\b"
    r"|^(?:um|uma|uns|umas)\s+\w+(?:\s+\w+){0,4}?\s+(?:ta|esta|tao|estao|custa|custam|sai|saem"
    r"|fica|ficam)\s+(?:uns\s+|umas\s+|tipo\s+|em\s+torno\s+de\s+|por\s+)?(?:r\$\s*)?\d"
    r"|\b(?:vi|achei|encontrei)\s+(?:um|uma|uns|umas|o|a)\s+(?:\w+\s+){0,4}?(?:de|por|a)\s+"
    r"(?:r\$\s*)?\d"
)
"""Prices seen or heard ("o aluguel aqui na região tá uns 2 mil", "vi um tênis de 400 na
promoção", "a diária lá passa de 700", "a padaria vende o sonho a 9", "a gasolina subiu pra
6,50", what a thing costs in general: "uma pizza sai uns 70 aqui"): information, unless a
first-person verb says the user paid ("a gasolina subiu, paguei 300 pra encher")."""
_HABITUAL = re.compile(
    # the words before the verb are not numbers: in "o almoço deu 32 e 50" the "e" joins the
    # reais and the centavos of a price paid, it is not "é"
    r"^(?:o\s+|a\s+)?(?:meu|minha|o|a)\s+(?:(?!\d)\w+\s+){0,5}?(?:e|eh|custa|sai|fica)\s+(?:de\s+)?"
    r"(?:uns\s+|umas\s+)?(?:r\$\s*)?\d"
    r"|^(?:(?:eu|normalmente|geralmente|em\s+geral|em\s+media|sempre|todo\s+mes|toda\s+semana)"
    r",?\s+)*(?:ganho|recebo|pago|gasto|tiro|sobra|sobram|consigo\s+guardar|guardo|poupo"
    r"|economizo)\s+(?:\S+\s+){0,5}?(?:por\s+mes|todo\s+mes"
    r"|mensais|ao\s+mes|por\s+semana|toda\s+semana|todo\s+dia|por\s+dia|no\s+mes)\b"
    r"|^custa\s+(?:uns\s+)?(?:r\$\s*)?\d"
    # "sempre gasto mais de 300 no mercado": a habit in the present tense
    r"|^(?:eu\s+)?(?:sempre|toda\s+semana|todo\s+mes|todo\s+dia|todo\s+fim\s+de\s+semana)\s+"
    r"(?:eu\s+)?(?:gasto|pago|ganho|recebo|torro|peco|compro|deixo)\b"
    r"|\bcostuma(?:m)?\s+(?:vir|ser|dar|sair|custar|ficar|chegar|bater|passar)\b"
    r"|\b(?:normalmente|geralmente|em\s+media)\s+(?:\w+\s+){0,2}?(?:vem|e|sai|fica|da|custa"
    r"|gasto|pago|recebo|ganho)\b"
    r"|\b(?:vem|vir|sai|fica|da|custa|e)\s+(?:em\s+media|normalmente|geralmente|sempre)\b"
    r"|\b(?:e|eh|custa|sai|fica|vem|da)\s+(?:de\s+)?(?:uns\s+|umas\s+)?(?:r\$\s*)?\d[\d.,]*"
    r"(?:\s*(?:mil|reais|conto|k))?\s+(?:por|ao|todo|cada)\s+(?:mes|ano|semana)\b"
    # a standing split of a cost: "o aluguel de 1.500 é dividido", "racho a internet com 2
    # colegas", "moro com 2 amigos e dividimos tudo"
    r"|\b(?:e|eh|sao|fica|ficam)\s+(?:dividid|rachad)[oa]s?\b(?!\s+em\s+\d+\s*(?:x|vezes|parcelas))"
    r"|^(?:eu\s+)?(?:racho|divido)\s+(?:o|a|os|as)\s+"
    r"(?![^?]*\b(?:\d+\s*x|\d+\s+vezes|\d+\s+parcelas|cartao|credito)\b)"
    r"|\bmoro\s+com\b[^.?!]{0,60}\b(?:divid\w*|rach\w*)"
)
"""What something usually costs or pays ("meu salário é 4 mil", "o aluguel é 1.500", "ganho 5
mil por mês", "minha conta de luz costuma vir 200", "normalmente gasto uns 400 de mercado por
semana", "o condomínio do meu prédio é 650 por mês"): a fact about the user's budget, not a
movement today — information, never a recording; Junior says nothing was recorded."""
_CHANGE = re.compile(
    r"\b(?:sobe|sobem|subiu|subiram|vai\s+subir|vao\s+subir|aumenta|aumentou|vai\s+aumentar"
    r"|reajust\w*|corrig\w*|baixa|baixou|cai|vai\s+cair|diminui\w*)\s+(?:\w+\s+){0,2}?"
    r"(?:\d+(?:[.,]\d+)?\s*(?:%|por\s*cento)|(?:em|no|na|a\s+partir\s+de)\s+(?:janeiro|fevereiro"
    r"|marco|abril|maio|junho|julho|agosto|setembro|outubro|novembro|dezembro|ano\s+que\s+vem"
    r"|mes\s+que\s+vem))"
    r"|\b(?:vai|vao|passa|passam|vai\s+passar)\s+(?:pra|para|a\s+ser)\s+(?:r\$\s*)?\d[\d.,]*"
    r"(?:\s*(?:mil|reais|k))?\s+(?:em|no|na|a\s+partir|ano\s+que\s+vem|mes\s+que\s+vem"
    r"|(?:em\s+)?(?:janeiro|fevereiro|marco|abril|maio|junho|julho|agosto|setembro|outubro"
    r"|novembro|dezembro))"
)
"""A price or a bill that changes ("o aluguel aqui sobe 10% em janeiro", "o plano de saúde
reajustou 15%", "a mensalidade vai pra 1.500 ano que vem"): information about the future, not
a movement of the user's money."""
_GIFT_PROMISED = re.compile(
    r"\b(?:vai|vao|ia|iria|prometeu|prometeram|quer)\s+me\s+(?:dar|presentear|mandar)\b"
    r"(?!.*\b(?:dev\w*|emprest\w*)\b)"
    r"|\bvou\s+ganhar\b[^.?!]{0,40}\bde\s+presente\b"
)
"""Money someone promises to give ("meu pai vai me dar mil reais de presente de natal", "vou
ganhar 500 de presente da vó"): nothing has moved and nobody owes it, so it is information, not
an entry nor a receivable (money owed back, "vai me devolver os 200 que emprestei", is not
here)."""
_ABOUT_ME = re.compile(
    r"\b(?:me|mim|comigo|minha\s+parte|(?:pra|para|com)\s+(?:nos|a\s+gente|gente))\b"
)
"""Someone else's money ("meu amigo gastou 800 no show"): information, not the user's ledger,
unless it touches the user as its object or beneficiary ("meu pai me emprestou", "pagou pra
mim", "pagou pra nós") or the user tells an act of their own (`tells_own_act`: "meu irmão
pagou a pizza e eu paguei o uber"). A bare "eu" is no such thing: "a minha chefe recebeu 10
mil de PLR e eu nada" compares, it moves none of the user's money."""
_I_DID = re.compile(
    r"\beu\s+(?:tambem\s+|tb\s+|tbm\s+|so\s+|ja\s+)?(?:dei|demos|mandei|passei|fiz|devolvi"
    r"|contribui|entrei\s+com|botei|coloquei|completei|inteirei)\b"
)
"""The user's own act next to someone else's ("meu pai pagou o jantar de 400 e eu dei metade
pra ele"): the user's entry (the share), not only information."""
_TOLD_ME = re.compile(
    r"\b(?:me|te)\s+(?:disse|falou|contou|avisou|explicou"
    r"|mandou\s+(?:(?:uma\s+)?mensagem\s+|msg\s+|zap\s+)?(?:que|q|dizendo))\b"
)
"""Reported speech ("a Ana me disse que gastou 450 de luz"): the "me" of who was told does not
make someone else's spending the user's."""

_QUESTION_OPENING = re.compile(
    r"^(?:(?:oi|ola|ei|junior|entao|e ai|me diz|me fala|me conta|pergunta)\W+)*"
    r"(?:quanto|quantos|quantas|qto|qnto|qual|quais|quando|onde|como|quem|cade|o que|oq|oque|"
    r"sera que|sera q|por que|porque|pq|tem como|e verdade que|sabe (?:se|quanto|qual)|"
    r"lembra (?:se|quanto|qual|quando)|voce sabe|vc sabe|gastei (?:mais|menos)|"
    r"eu (?:gastei|paguei|recebi) (?:mais|menos|quanto))(?!\w)"
)
_SERA_QUE = word_pattern(r"sera que", r"sera q", r"sera")
BILL_WORDS = word_pattern(
    r"conta", r"contas", r"boleto", r"fatura", r"aluguel", r"condominio", r"iptu", r"ipva",
    r"mensalidade", r"parcela", r"prestacao", r"plano", r"seguro", r"internet", r"luz", r"agua",
    r"gas", r"escola", r"faculdade", r"financiamento", r"emprestimo", r"divida", r"cartao",
    r"imposto", r"das", r"darf", r"vence", r"vencimento", r"condominio", r"academia",
    r"assinatura", r"telefone", r"celular", r"energia",
)  # fmt: skip
"""What a bill is about: "vou pagar a luz dia 10" is a bill to track, not a plan."""


_TAG_QUESTION = re.compile(
    r"[,.!]?\s*(?:acredita|pode|pode isso|sabia|viu|entendeu|kkk+|rs)\s*\?+\s*$"
)
"""A rhetorical tag after a statement ("…, acredita?", "…, pode isso?") is not a question. A
tag that asks for confirmation ("paguei 120 de luz mês passado, né?", "…, certo?") is: the
user checks what they did, and the Simplista answers from the ledger."""


@dataclass(frozen=True, slots=True)
class IntentReading:
    """What the message is, and the words that said so."""

    intent: Intent
    cue: str | None = None
    unsure: bool = False
    habitual: bool = False
    """Information about the user's own budget (what a bill usually costs, a price that will
    change), not a price read somewhere."""
    goal: bool = False
    """A spending goal or limit (`_GOAL`): Junior acknowledges it, nothing is recorded."""
    balance: bool = False
    """What the user has (`_BALANCE`: "tenho 20 mil na poupança"), not a movement."""
    payer: str | None = None
    """Someone else paid what the user owed (`third_party_payer`: "sua mãe"): nothing is
    recorded, and the answer says who paid."""
    someone_else: bool = False
    """Who did it: someone else spent or earned (`_THIRD_PARTY`: "meu primo torrou 3k em
    aposta, normal isso?"), not the user — never the user's entry nor a question about the
    user's ledger; Junior comments."""
    movement: bool = False
    """A movement said with a bare "?" that no ledger question answers (`_UNQUERIED_MOVE`:
    "emprestei 200 pro primo?"): the Lançador asks whether to record it."""
    reminder: bool = False
    """A reminder asked for that pays or receives nothing (`_REMINDER`): Junior says it keeps
    no reminders and recorded nothing."""
    asks_money: bool = False
    """The assistant asked to lend, give or send money (`_ASKS_MONEY`: "me empresta 50?", "faz
    um pix de 30 pra mim"): it cannot, and nothing is recorded."""
    complaint: bool = False
    """A complaint told as a sentence (`venting.is_complaint_statement`: "odeio ver a fatura,
    sempre vem mais de 2 mil"): Junior answers, nothing is recorded and nothing is asked."""


_DESIRE = word_pattern(
    r"quer(?:o|ia|eria) (?:(?:mu+i?to|mto|mt|tanto|demais|ja|tb|tbm|tambem) )*(?:um|uma|uns|umas"
    r"|ter|juntar|acumular|chegar|conseguir)",
    # the longing said with an adverb before the verb ("queria tanto comprar aquele iphone",
    # "queria muito trocar de carro"): a wish, the plain "quero comprar" is `_INTENTION`'s
    r"quer(?:o|ia|eria) (?:mu+i?to|mto|mt|tanto|demais) (?:comprar|pegar|trocar|viajar|fazer"
    r"|levar|ganhar)",
    r"(?:meu|o|um) sonho",
    r"sonh(?:o|ando|ava|ei) (?:em|com|ter|juntar|comprar)",
    r"namorando",
    r"(?:de|d) olho (?:num|numa|no|na|nos|nas|em)",
    r"(?:doid|louc|maluc)[oa] (?:pra|para|por) (?:ter|comprar|pegar|um|uma|trocar)",
    r"(?:morrendo|morta|morto|cheio|cheia) de vontade",
    r"vontade de",
    r"(?:preciso|precisava|precisaria|necessito|to precisando|estou precisando) de (?:um|uma"
    r"|uns|umas)",
    r"(?:to|tou|estou|tamo|estamos|ando|vou) (?:juntando|guardando|economizando|poupando)"
    r" (?:\w+ )?(?:pra|para|pro|pela|pelo)",
    r"(?:adoraria|amaria|curtiria|gostaria de) (?:ter|um|uma|comprar|juntar)",
    r"cobic\w*",
    r"babando (?:num|numa|no|na|em|pel\w*)",
    r"um dia (?:eu )?(?:compro|pego|tenho|chego|junto|consigo|realizo)",
    r"ainda (?:vou|quero) (?:ter|comprar|pegar|juntar)",
    r"(?:meu|o) objetivo (?:e|eh|seria|ta sendo)",
    r"quem me dera",
    r"se eu pudesse",
    r"(?:to|tou|estou|tava|estava) (?:precisando|pensando)",
    r"(?:minha|a) meta (?:e|eh|seria) (?:ter|juntar|chegar|acumular|guardar|investir|atingir)",
)
"""A wish, a dream, window-shopping ("queria mto um iphone de 7 mil, um dia eu compro", "meu
sonho é ter 100 mil investido até os 30", "tô namorando uma bike de 2 mil há meses", "de olho
numa TV de 3 mil"): the amount is a price or a target, nothing the user did — never an entry.
Read only when no act verb ("comprei", "paguei", "anota") says something happened ("comprei o
iphone que eu queria, 7 mil" is an entry)."""
_PRICE_QUOTE = re.compile(
    r"^(?:(?:o|a|os|as)\s+)?(?:preco\s+d[aeo]s?\s+)?[a-z]+(?:\s+[a-z]+){0,3}?\s+a\s+(?:r\$\s*)?\d"
    r"|\b(?:ta|tá|esta|tao|estao|tava|tavam|estava|estavam|custa|custam|custando|custava"
    r"|custavam|cobrando|cobram|cobra|vendendo|sai|saindo)\s+(?:a\s+|uns\s+|umas\s+|por\s+"
    r"|tipo\s+|quase\s+|mais\s+de\s+)?(?:r\$\s*)?\d"
)
"""A price quoted, not paid ("gasolina a 6,29 aqui no posto", "o uber tá 40 agora", "a pizza
lá custa 80", "tão cobrando 15 no estacionamento"): what something costs, with no act of the
user — information (`_PRICE_SEEN` reads the sentence shapes with an article first)."""
_UNIT_PRICE = re.compile(
    r"^(?:\d+|um|uma|dois|duas|tres|quatro|cinco|seis|sete|oito|nove|dez|meia duzia|uma duzia)"
    r"\s|\d\s*(?:reais\s+)?(?:cada|a unidade|cada um|cada uma)\b"
)
"""Items counted with a unit price ("três cafés a 6 cada", "2 pastéis a 8"): an entry in the
"N de X" shape, not a price quoted."""
_EACH = re.compile(r"\d\s*(?:reais\s+)?(?:cada|a unidade|cada um|cada uma)\b")
"""A unit price of items counted ("3 cafés a 6 cada"): an entry's shape."""
_SEEN_FOR_SALE = re.compile(
    r"\bpor\s+(?:r\$\s*)?\d[\d.,]*(?:\s*(?:mil|k|reais|conto))?\s+(?:na|no|em)\s+(?:amazon"
    r"|mercado\s+livre|shopee|magalu|magazine|americanas|shein|aliexpress|olx|site|loja|promocao"
    r"|black\s+friday|internet)\b"
)
"""An item "por X na amazon/na loja/na promoção", with no act verb: a price seen as often as a
purchase noted — the Lançador asks before writing."""
_COMPLAINT = word_pattern(
    r"absurd\w*", r"roubo", r"assalto", r"surreal", r"carissim\w*", r"caro demais",
    r"mt caro", r"muito caro", r"mto caro", r"ta caro", r"que caro", r"hora da morte",
    r"olho da cara", r"olhos da cara", r"inflacao", r"ta osso", r"palhacada", r"sacanagem",
    r"um crime", r"que isso",
)  # fmt: skip
"""A complaint about a price ("…, absurdo", "um roubo", "pela hora da morte"): with no act
verb the amount is what things cost, not what the user paid — never recorded without asking."""
_RHETORICAL = re.compile(
    r"[,.!]?\s*(?:(?:e\s+)?como\s+(?:pode|assim|que\s+pode)|pode\s+(?:isso|uma\s+coisa\s+dessas)"
    r"|acredita|(?:e|eh|ta\s+de)\s+(?:serio|brincadeira)|serio|ta\s+loucos?|(?:que|q)\s+mundo"
    r"\s+e\s+esse|onde\s+(?:vamos|vai)\s+parar|pra\s+que\s+isso|ninguem\s+merece"
    r"|tem\s+condicao)\s*[?!]+\s*$"
)
"""A rhetorical question closing a complaint ("…, 130 reais agora, como pode?", "…, é sério?",
"…, onde vamos parar?"): the complaint asks nothing the ledger or an analysis answers."""
_PRICE_STATE = re.compile(
    r"\bprecos?\s+d[aeo]s?\s+\w"
    r"|\b(?:cobra|cobram|cobrando|cobrou|cobraram|vende|vendem|vendendo)\s+(?:\w+\s+){0,3}?"
    r"(?:a\s+|por\s+|uns\s+)?(?:r\$\s*)?\d"
    r"|\bpor\s+(?:r\$\s*)?\d[\d.,]*\s*(?:reais|conto|pila|mangos?)\b"
    r"|\b(?:passa|passam|passando)\s+(?:de|dos)\s+(?:r\$\s*)?\d"
)
"""More shapes of a price stated (`quotes_a_price`): "o preço do gás", "cobra 25 a hora",
"um café por 12 reais", "a diária passa de 700"."""


def quotes_a_price(folded: str) -> bool:
    """What something costs is stated ("o gás tá 130", "custa 60 o quilo", "o preço do gás,
    130", "um pastel por 15 reais"), not items counted at a unit price ("3 cafés a 6 cada")."""
    return bool(
        (_PRICE_QUOTE.search(folded) or _PRICE_SEEN.search(folded) or _PRICE_STATE.search(folded))
        and not _EACH.search(folded)
    )


_CONFIRM_TAG = re.compile(
    r"[,.!]?\s*(?:ne|neh|nao e|n e|nao eh|certo|correto|confere|ne isso|nao foi|foi isso"
    r"|nao|ok|tudo isso|isso mesmo|mesmo)\s*\?+\s*$"
    r"|(?:,|\s)\s*(?:ne|neh|nao eh|ne isso|ne nao)\s*[.!]*\s*$"
)
"""A tag asking for confirmation ("então deu uns 50 de uber hj, né?", also typed without the
"?": "foram 75 de ifood hoje né"): the user checks a total against the ledger — a question for
the Simplista, not a note to record."""
_CHOICE = re.compile(
    r"\b(?:dou\s+conta|da\s+pra|consigo|cabe|caberia|aguento|aguentaria|posso|poderia)\b"
    r"[^?]*\d[^?]*\?"
    r"|\bsera\s+(?:que\s+|q\s+)?(?:eu\s+)?(?:compro|pego|levo|troco|financio|parcelo|invisto"
    r"|vendo|alugo|assino|fecho)\b"
    r"|\b(?:compro|pego|levo|alugo|financio|parcelo|troco|invisto|aplico|espero|guardo|vendo"
    r"|pago)\b[^?]{0,40}\bou\b[^?]*\?"
    r"|\bou\b[^?]{0,30}\b(?:espero|nao|alugo|financio|parcelo|pago a vista|deixo pra depois"
    r"|guardo|invisto)\b[^?]*\?"
    r"|\b(?:vale\s+mais|e\s+melhor|eh\s+melhor|seria\s+melhor|melhor)\b[^?]*\bou\b[^?]*\?"
)
"""A choice asked ("compro agora ou espero?", "vale mais pegar um seminovo de 45 mil ou um 0km
de 70?", "melhor à vista ou parcelado?", "será que compro um sofá de 2.500?"): should-I-buy,
an analysis — never an entry."""


_DOUBT = re.compile(
    r"\b(?:acho|achu|axo|acredito|imagino|suponho|creio)\s+(?:que\s+|q\s+|qu\s+)?(?:eu\s+)?"
    r"(?:ja\s+)?(?:gastei|paguei|recebi|ganhei|torrei|comprei|deixei|foi|foram|deu|saiu|sairam"
    r"|gastamos|pagamos|tinha|passei)\b"
    r"|\b(?:nao|n|nem)\s+(?:me\s+)?lembr\w*|\bnao\s+(?:tenho|to|estou|tou)\s+(?:muito\s+|mt\s+)?"
    r"(?:certeza|lembrando)|\bsem\s+certeza\b|\bse\s+nao\s+me\s+engano\b|\bsnme\b"
    r"|\bou\s+(?:foi|foram|era|eram|deu|seria)\s+(?:mais|menos|\d)"
    r"|[,\s]ou\s+(?:mais|menos)\s*[?.!]*\s*$"
    r"|\b(?:sera|sera\s+que)\s+(?:foi|foram|gastei|paguei|deu)\b"
    r"|\b(?:foi|foram|gastei|paguei|recebi)\s+(?:isso|tudo\s+isso|mais\s+ou\s+menos\s+isso)"
    r"\s+(?:mesmo|msm)\b"
)
"""A past act said with doubt ("gastei uns 400 de mercado em outubro ou foi mais", "acho que
paguei 90 de internet mes passado nao lembro", "se não me engano recebi 300 do freela"): the user
asks the ledger what happened, even with no "?" — a question, never a silent row. An explicit
request to record ("anota aí, acho que foi 50") still records."""
_EITHER = re.compile(r"\d\s*(?:reais|conto|mil|k)?\s+ou\s+(?:uns\s+|r\$\s*)?\d")
"""Two amounts offered as alternatives ("não lembro se foi 40 ou 50 o uber"): the Lançador asks
which one; that is no doubt about whether it happened."""

_UNQUERIED_MOVE = word_pattern(
    r"emprestei", r"emprestamos", r"me emprest(?:ou|aram)", r"peguei emprestado",
    r"tomei emprestado", r"doei", r"vendi", r"transferi", r"saquei", r"depositei",
)  # fmt: skip
"""Movements a ledger total does not answer: with a bare "?" and no question word the user
may be asking whether to note it, so the Lançador asks ("quer que eu registre?"); spending
("gastei 300 no bar?") stays a question for the Simplista."""


_INCOME_ARRIVES = re.compile(
    r"\b(?:13o?|decimo|salario|ferias|plr|freela\w*|restituicao|pagamento|adiantamento|bonus"
    r"|comissao|pix|dinheiro|grana|parcela\s+do\s+13)\b"
    r"(?:\s+\w+){0,4}?\s+(?:cai|caira|vai\s+cair|entra|vai\s+entrar|vem|chega)\b"
)
"""Income that arrives ("a parcela do 13 cai em dezembro"): "cai" is money coming in, not a
price falling (`_CHANGE`)."""


_ASK_WHETHER = re.compile(
    r"(?:\b(?:diz|diga|fala|fale|conta|conte|verifica|verifique|confere|confira|checa|cheque"
    r"|consulta|consulte|mostra|mostre|informa|lembra|lembre|veja|ve\s+ai|olha\s+ai)"
    r"|(?:^|\b(?:quero|queria|quer|preciso|precisava|gostaria\s+de|pode|podia|da\s+pra"
    r"|tem\s+como|me\s+ajuda\s+a|curios[oa]\s+(?:pra|para)|so)\s+(?:\w+\s+)?)"
    r"(?:saber|ver|descobrir|entender|conferir|checar|verificar|consultar))"
    r"\s+(?:ai\s+|pra\s+mim\s+|p\s+mim\s+)?(?:se|quanto|qto|qnto|quantos|o\s+quanto"
    r"|o\s+total|qual)\b"
)
"""A question asked as a request or a wish, with no "?" ("me diz se gastei mais de 500 no
mercado", "quero saber se passei de 300 no bar", "verifica quanto paguei de luz"): the amount
is the question's bound, never an entry."""
_VENTING = word_pattern(
    r"ridicul\w*", r"abus\w*", r"brincadeira", r"pelo amor de deus", r"pqp", r"puta que pariu",
    r"que raiva", r"raiva d\w*", r"odeio", r"detesto", r"nao aguento", r"to ferrad[oa]",
    r"tou ferrad[oa]", r"passando mal", r"injust\w*", r"vergonha", r"ta loc[oa]", r"ta louc[oa]",
    r"me matando", r"nao da (?:mais|pra viver)", r"complicado", r"revoltante", r"revoltad[oa]",
    r"indignad[oa]", r"pesad[oa] demais", r"de sacanagem", r"facada", r"extorsao",
    r"af+", r"aff+e?", r"q odio", r"que odio", r"odio", r"chocad[oa]", r"sem nocao", r"ladr[aã]o",
    r"ladroes", r"ladra", r"pra nada", r"nem funciona\w*", r"bizarro", r"mds", r"meu deus",
    r"misericordia", r"socorro", r"putz", r"vsf", r"nao acredito", r"loucura", r"desgraca\w*",
    r"maldit\w*", r"porcaria", r"lixo", r"exploracao", r"roubalheira", r"humilhante",
    r"caramba", r"caraca", r"carai", r"eita", r"vixe", r"vish", r"credo", r"puts", r"affs",
    r"(?:que|q) (?:odio|raiva|merda|saco|bosta|droga)",
    r"como (?:pode|que|q|e que) (?:\w+ ){0,6}?(?:custa\w*|cobra\w*|vir|veio|vem|ser|sai\w*"
    r"|deu|dar|fica\w*|pagar)",
    r"(?:vai|foi|foram|vao|some|sumiu|sai) (?:uma fortuna|um monte|uma nota|uma grana)",
    r"(?:vai|foi|foram|vao) (?:muito|mt|mto|tanto|tanta|quanta|quanto) (?:dinheiro|grana|"
    r"\w+ )?(?:\w+ )?(?:embora|em|no|na|de|com|pra|pro)",
    r"quanta grana", r"quanto dinheiro vai",
)  # fmt: skip
"""Venting about money (a price, a bill's size, a fee, where money goes: "a conta de luz veio
400, tô passando mal", "essa taxa de 25 do banco é uma palhaçada", "como pode um lanche custar
60"): with no first-person act verb ("paguei", "gastei") and no request to record, a comment —
never written; the Lançador asks first (`_COMPLAINT`)."""


_REMINDER = re.compile(
    r"\b(?:me\s+lembr[ae]|lembr[ae]-?me|lembrete|me\s+avis[ae]|me\s+alert[ae]"
    r"|(?:nao|n)\s+(?:me\s+)?deix[ae]\s+(?:eu\s+)?esquecer|nao\s+posso\s+esquecer)\b"
    r"\W*(?:(?:amanha|hoje|depois|mais\s+tarde|segunda|semana\s+que\s+vem)\s+)?"
    r"(?:(?:de|pra|para|que|eu|tenho|q)\s+)*(?P<task>\w+)"
)
"""A reminder asked for ("me lembra de ligar pro banco sobre a fatura de 800", "lembrete: ver
se o salário de 4.500 caiu"): nothing happened to the money. Only a reminder to pay or to
receive something (`_REMINDER_MONEY`) is a bill or a receivable to track."""
_REMINDER_MONEY = re.compile(r"pag\w*|quit\w*|receb\w*|cobr\w*|transfer\w*|depositar|renovar")
_PAID_TO_OTHER = re.compile(
    r"\b(?:pagou|pagaram|deu|deram|depositou|depositaram|transferiu|transferiram|mandou"
    r"|mandaram|fez\s+um\s+pix)\b(?:\s+(?!me\b)\S+){0,5}?\s+(?:pro|pra|para\s+o|para\s+a|ao|a)\s+"
    r"(?:meu|minha)\s+(?:colega|amig[oa]|irm[aã]o?|prim[oa]|chefe|vizinh[oa]|cunhad[oa]|soci[oa]"
    r"|namorad[oa]|marido|esposa|mulher|pai|mae|filh[oa]|ti[oa]|avo|vo|sogr[oa]|genro|nora)\b"
)
"""Someone else paid someone else ("a empresa pagou 2 mil de bônus pro meu colega"): the user
was neither payer nor payee — nothing of theirs moved."""
_UNSURE_FUTURE = re.compile(
    r"\b(?:acho|achu|axo|acredito|imagino|creio|parece|capaz)\s+(?:que\s+|q\s+)?(?:eu\s+)?"
    r"(?:vou|vai|va|deve|devo|vao)\s+(?:\w+\s+)?(?:receber|ganhar|entrar|cair|pingar)\b"
    r"|\b(?:disse|disseram|falou|falaram|prometeu|prometeram|garantiu|comentou)\s+(?:\w+\s+)?"
    r"que\s+(?:eu\s+)?(?:vou|vai|va|ia|iria|vamos)\s+(?:\w+\s+)?(?:receber|ganhar|entrar"
    r"|cair|pingar)\b"
)
"""Money the user only expects ("acho que vou receber uns 2 mil de bônus", "meu chefe disse
que vou ganhar 500 de aumento"): not a fact; the Lançador asks before tracking anything."""


_ASKED_OF_ME = re.compile(
    r"\b(?:me|nos)\s+(?:pediu|pediram|pede|pedem|pedia|pediam|pedindo"
    r"|(?:ta|tá|esta|tava|estava|estao|tao|vive|vivem)\s+pedindo)\b"
)
"""Money someone asked the user for ("me pediram um pix de 500 no zap, era golpe", "meu primo
me pediu 300 emprestado"): a request, nothing moved — unless the user tells an act of their own
("…e eu emprestei", "mandei")."""


_ASKS_MONEY = re.compile(
    r"^\W*(?:(?:ei|oi|ai|mano|amigo|parceiro|por favor|pfv|pf),?\s+)*(?:vc\s+|voce\s+)?"
    r"(?:(?:me\s+)(?:empresta|emprestar|arruma|arranja|da|de|manda|passa|paga)"
    r"|(?:faz|faca|manda)\s+(?:um\s+)?pix)\b(?:\s+\S+){0,3}?\s+(?:r\$\s*)?\d"
)
"""A request that the assistant itself lend, give or send money; anchored at the start, so a
past act ("me emprestaram 50", "o joão me deu 100") is never one."""


def read_intent(folded: str) -> IntentReading:
    """The reading of a folded message (see the module docstring). Hypothesis and intention
    beat a record request ("anota aí se eu gastar 200" records nothing); a record request
    beats a question mark."""
    if (
        (m := _ASK_WHETHER.search(folded))
        and not RECORD_REQUEST.search(folded[: m.start()])
        and not tells_own_act(folded[: m.start()])
    ):
        return IntentReading("pergunta", m.group())
    if m := _HYPOTHESIS.search(folded):
        return IntentReading("hipotese", m.group())
    if m := _ASKS_MONEY.search(folded):
        return IntentReading("pergunta", m.group(), asks_money=True)
    if (m := _REMINDER.search(folded)) and not _REMINDER_MONEY.fullmatch(m["task"]):
        return IntentReading("intencao", m.group(), reminder=True)
    if (m := _UNSURE_FUTURE.search(folded)) and not RECORD_REQUEST.search(folded):
        return IntentReading("pergunta", m.group(), unsure=has_amount(folded))
    vent = _RHETORICAL.sub("", folded)  # "…, 130 reais agora, como pode?": no question
    if (
        (
            (m := _VENTING.search(vent))
            or (m := STRONG.search(vent))
            or (m := _RHETORICAL.search(folded))
            or (
                (m := _COMPLAINT.search(vent))
                and not has_complexity_cue(without_price_remark(vent))
            )
        )
        and not tells_own_act(folded)
        and not RECORD_REQUEST.search(folded)
        and "?" not in vent.replace("?!", "!")
        and has_amount(folded)
    ):
        if (other := _someone_elses(folded)) is not None:
            return other  # "o vizinho pagou 4 mil numa TV, pra que isso": their money
        if is_complaint_statement(vent) or quotes_a_price(vent):
            # "odeio ver a fatura, sempre vem mais de 2 mil", "absurdo, o gás tá 130 agora":
            # a comment on what things cost, nothing to record
            return IntentReading("informacao", m.group(), complaint=True)
        # "mds 45 reais num estacionamento": a note with a sigh; ask before writing anything
        return IntentReading("pergunta", m.group(), unsure=True)
    if (m := _INFORMATION.search(folded)) and not TRANSACTION.search(folded[: m.start()]):
        return IntentReading("informacao", m.group())
    if (
        (m := _QUOTE.search(folded))
        and not tells_own_act(folded[: m.start()] + " " + folded[m.end() :])
        and not RECORD_REQUEST.search(folded)
        and "?" not in folded
    ):
        return IntentReading("informacao", m.group())
    if m := _GIFT_PROMISED.search(folded):
        return IntentReading("informacao", m.group())
    if (
        (m := _ASKED_OF_ME.search(folded))
        and not tells_own_act(folded)
        and not RECORD_REQUEST.search(folded)
        and "?" not in folded
    ):
        return IntentReading("informacao", m.group())
    if (m := _PAID_TO_OTHER.search(folded)) and not tells_own_act(folded):
        return IntentReading("informacao", m.group(), someone_else=True)
    if (payer := third_party_payer(folded)) is not None:
        return IntentReading("informacao", "pagou", payer=payer)
    if is_balance(folded):
        return IntentReading("informacao", "tenho", balance=True)
    if (other := _someone_elses(folded)) is not None:
        return other
    if (m := _PRICE_SEEN.search(folded)) and not TRANSACTION.search(folded) and "?" not in folded:
        return IntentReading("informacao", m.group(), habitual=_CHANGE.search(folded) is not None)
    if (
        (m := _CHOICE.search(folded))
        and not TRANSACTION.search(folded)
        and not RECORD_REQUEST.search(folded)
    ):
        return IntentReading("hipotese", m.group())
    if (
        (m := _SEEN_FOR_SALE.search(folded))
        and not TRANSACTION.search(folded)
        and not RECORD_REQUEST.search(folded)
        and "?" not in folded
    ):
        # "iphone 15 por 6 mil na amazon": a price seen or an entry note? Ask, write nothing
        return IntentReading("pergunta", m.group(), unsure=True)
    if (m := _DESIRE.search(folded)) and not TRANSACTION.search(folded):
        plain = "?" not in folded and not has_complexity_cue(folded) and has_amount(folded)
        return IntentReading("intencao", m.group(), unsure=plain)
    if (
        (m := _HABITUAL.search(folded) or _CHANGE.search(folded))
        and "?" not in folded
        and not _INCOME_ARRIVES.search(folded)
        and not TRANSACTION.search(folded)
        and not RECORD_REQUEST.search(folded)
    ):
        return IntentReading("informacao", m.group(), habitual=True)
    if (
        (m := _PRICE_QUOTE.search(folded))
        and not TRANSACTION.search(folded)
        and "?" not in folded
        and not _INCOME_ARRIVES.search(folded)
        and not _weighs_or_plans(folded)
        and not _UNIT_PRICE.search(folded)
    ):
        return IntentReading("informacao", m.group())
    if (
        (m := _COMPLAINT.search(folded))
        and not TRANSACTION.search(folded)
        and "?" not in folded
        and has_amount(folded)
        and not _weighs_or_plans(folded)
    ):
        # "uber 80, absurdo": maybe an entry, maybe a price: ask, write nothing yet
        return IntentReading("pergunta", m.group(), unsure=True)
    if (m := _GOAL.search(folded)) and not TRANSACTION.search(folded):
        return IntentReading("intencao", m.group(), goal=True)
    m = _INTENTION.search(folded)
    if m is not None and m.group().startswith("desist") and tells_own_act(folded[: m.start()]):
        m = None  # "comprei uma calça de 180 e desisti da camisa": the calça was bought
    if m is not None:
        # a plan said as a statement ("vou gastar 500 no mercado amanhã"): ask whether to
        # track it as a bill; a plan with a question ("penso em colocar 3 mil, vale?") is
        # for the orchestrator
        rest = folded[: m.start()] + folded[m.end() :]  # "planejo gastar 400": the plan itself
        plain = (
            "?" not in folded
            and not has_complexity_cue(rest)
            and not states_parameters(folded)
            and has_amount(folded)
        )
        return IntentReading("intencao", m.group(), unsure=plain)
    m = RECORD_REQUEST.search(folded)
    if m is not None and not _QUESTION_OPENING.match(folded.replace("?", " ").strip()):
        return IntentReading("registro", m.group())
    if (d := _DOUBT.search(folded)) and has_amount(folded) and not _EITHER.search(folded):
        # "acho que paguei 90 de internet mes passado nao lembro": the user checks the past
        # against the ledger (a question for the Simplista), never a row written on a guess
        return IntentReading("pergunta", d.group().strip(" ,"))
    folded = _TAG_QUESTION.sub("", folded)  # "torrei 300 no bar, acredita?": a statement
    if m := _CONFIRM_TAG.search(folded):
        return IntentReading("pergunta", m.group().strip(" ,.!?"))
    if "?" in folded:
        # "50 de uber?": a note with a question mark, no verb: record it or not? Ask.
        statement = (
            TRANSACTION.search(folded) is not None
            or _ALREADY_RECORDED.search(folded) is not None
            or _QUESTION_OPENING.match(folded.strip()) is not None
        )
        if (
            (m := _UNQUERIED_MOVE.search(folded))
            and has_amount(folded)
            and _QUESTION_OPENING.match(folded.strip()) is None
            and _ALREADY_RECORDED.search(folded) is None
        ):
            return IntentReading("pergunta", m.group(), unsure=True, movement=True)
        return IntentReading("pergunta", "?", unsure=not statement and has_amount(folded))
    if m := _SERA_QUE.search(folded):
        return IntentReading("pergunta", m.group())
    if m := _QUESTION_OPENING.match(folded.strip()):
        return IntentReading("pergunta", m.group().strip())
    return IntentReading("registro")


def _someone_elses(folded: str) -> IntentReading | None:
    """Someone else's money (`_THIRD_PARTY`, `_THIRD_PARTY_NOW`, `_OWNER`), unless it touches
    the user or the user tells an act of their own; None otherwise."""
    m = _THIRD_PARTY.search(folded) or _THIRD_PARTY_NOW.search(folded) or _OWNER.search(folded)
    if m is None and "?" not in folded:
        m = _NAMED_NOW.search(folded)
    if (
        m is None
        or _ABOUT_ME.search(_TOLD_ME.sub(" ", folded))
        or tells_own_act(folded[m.end() :])
        or _I_DID.search(folded, m.end())
        or pays_the_user(folded)
    ):
        return None
    return IntentReading("informacao", m.group(), someone_else=True)


_OWN_ACT = word_pattern(
    r"fiz", r"fizemos", r"abasteci", r"abastecemos", r"almocei", r"jantei", r"jantamos",
    r"almocamos", r"pedi", r"pedimos", r"assinei", r"renovei", r"quitei", r"contratei",
    r"aluguei", r"comi", r"comemos", r"tomei", r"levei", r"fechei", r"parcelei",
)  # fmt: skip
"""First-person acts that spend, beyond `TRANSACTION` ("fiz mercado, 320, aff")."""


def tells_own_act(folded: str) -> bool:
    """A first-person act verb ("paguei", "gastei", "compramos", "investi", "fiz mercado"),
    not a movement told of others ("me deram uma multa", "caiu a fatura")."""
    return _OWN_ACT.search(folded) is not None or any(
        m.group().split()[-1].endswith(("ei", "amos", "i")) for m in TRANSACTION.finditer(folded)
    )


def _weighs_or_plans(folded: str) -> bool:
    """A price inside a plan or a computation ("o novo custa 110 mil … financio o resto em 4
    anos a 1,3%"): the plan or the analysis reading decides, not the price quoted."""
    return bool(
        states_parameters(folded) or has_complexity_cue(folded) or _INTENTION.search(folded)
    )


def is_question_like(folded: str) -> bool:
    """Anything but a statement to record: a question, a hypothesis or an intention."""
    return read_intent(folded).intent != "registro"


def is_considering(reading: IntentReading) -> bool:
    """An intention that weighs a choice, not a plan made (see `CONSIDERING`)."""
    return reading.intent == "intencao" and bool(
        reading.cue and (CONSIDERING.search(reading.cue) or _DESIRE.search(reading.cue))
    )
