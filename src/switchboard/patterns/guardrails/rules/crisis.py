"""Strong rules for a life at risk: `immediate_danger` (now) and `self_harm` (wish, plan, intent).

Written as phrase patterns over canonical text, each needing an unambiguous combination (an act
*and* a first-person or time anchor), so that the idioms students use every day ("vou me matar
de estudar", "morrendo de ansiedade") never reach them; the allow rules (`allow.py`) handle
those, and the classifier reads what no rule decides.

Indirect self-harm is the hard part and the reason for most patterns here: the burden ("todo
mundo ficaria melhor se eu desaparecesse"), the wish not to wake up, farewells ("essa é minha
última mensagem", "cuida da minha mãe por mim"), tiredness of living, method seeking.
"""

from __future__ import annotations

from typing import Final

from switchboard.patterns.guardrails.rules import emergency, ideation
from switchboard.patterns.guardrails.rules.lexicon import FIRST_PERSON_INTENT, MEDS, rx

_QUANTITY = (
    r"(?:tod[oa]s?\s+(?:os\s+|as\s+|o\s+|a\s+|meus\s+|minhas\s+)?|a\s+|uma\s+|umas\s+|"
    r"(?:um\s+)?monte\s+de\s+|muit[oa]s\s+|vari[oa]s\s+|\d{2,}\s+|dez\s+|vinte\s+|trinta\s+|"
    r"quarenta\s+|cinquenta\s+|cem\s+|duas\s+|tres\s+|o\s+vidro\s+de\s+|o\s+frasco\s+de\s+)"
)
_SELF_ACT = (
    r"(?:me matar|me mato|me suicidar|acabar com tudo|acabo com tudo|acabar com a minha vida|"
    r"tirar a minha vida|tirar minha vida|me jogar(?!\s+(?:nos?|nas?|de cabeca|pra|para)\b)|"
    r"pular(?!\s+(?:essa|esse|a|o|as|os|uma|umas|questao|etapa|carnaval|corda|muro|pra|para|"
    r"fora|de alegria)\b)|me enforcar|tomar (?:os|todos os|as) "
    r"(?:remedios|comprimidos|cartelas)|tomar tudo|tomar todos|fazer isso|"
    # an end put to something named is not an end put to oneself ("dar um fim nessa
    # procrastinação"), unless it is everything or the speaker's life
    r"(?:por|dar) um fim(?!\s+(?:n[ao]s?|nessa|nesse|nesta|neste|a|ao|as|aos|em|d[ao]s?)\s+"
    r"(?!tudo\b|minha\b|mim\b|isso tudo\b|essa vida\b)\w))"
)
_NOW = (
    r"(?:agora|hoje|hoje a noite|essa noite|esta noite|daqui a pouco|ja ja|em (?:alguns )?minutos|"
    r"em \d+ minutos|daqui a \d+ minutos|assim que (?:eu )?\w+|depois (?:dessa|desta) conversa|"
    r"quando (?:eu )?(?:sair|terminar|"
    r"acabar)(?: daqui| essa conversa)?|(?:em|daqui a) meia hora|logo mais|nessa madrugada|"
    r"amanha cedo|hoje cedo|quando (?:todo mundo|todos|minha mae|meu pai|meus pais|eles|"
    r"a casa) (?:dormir|dormirem|sair|sairem|estiver dormindo))"
)
_CLOSE_ONE = (
    r"(?:meu|minha)\s+(?:melhor\s+)?(?:amig[oa]|irmao|irma|mae|pai|namorad[oa]|colega|prim[oa]|"
    r"filh[oa]|padrasto|madrasta|"
    r"companheir[oa]|marido|esposa|vo|avo|tio|tia)"
)

IMMEDIATE_DANGER: Final = rx(
    # an overdose or poisoning that already happened
    r"\b(?:tomei|engoli|acabei de tomar|ja tomei|tomei agora)\s+" + _QUANTITY + r"(?:\w+\s+){0,2}"
    r"(?:de\s+)?" + MEDS,
    r"\b(?:tomei|engoli|bebi)\s+(?:tudo|tudinho)\b(?!\s+(?:certo|errado))",
    r"\b(?:tomei|bebi|engoli)\s+(?:um pouco de\s+)?(?:veneno|chumbinho|soda caustica|"
    r"agua sanitaria|racumin)\b",
    r"\b(?:tive|tendo|to tendo|estou tendo|fiz|tomei)\s+(?:uma\s+)?overdose\b",
    # someone armed or threatening at the door, now ("um cara armado na frente da minha casa
    # ameaçando minha família agora", "to trancada, ele tá batendo na porta gritando")
    r"\b(?:armad[oa]|com\s+(?:uma\s+|um\s+)?(?:arma|faca|revolver|pistola|facao))\b[^.?!]{0,50}"
    r"\b(?:ameac\w*|querendo\s+entrar|(?:vai|quer)\s+(?:me|nos)\s+(?:matar|pegar|machucar))\b"
    r"[^.?!]{0,50}\b(?:agora|nesse\s+momento|aqui\s+fora|na\s+(?:frente|porta)\s+d[ao]\s+"
    r"(?:minha|nossa)\s+casa)\b|\b(?:agora|nesse\s+momento)\b[^.?!]{0,30}\b(?:armad[oa])\b"
    r"[^.?!]{0,40}\bameac\w*",
    r"\b(?:to|estou|tamo|estamos)\s+trancad[oa]s?\b.{0,80}?\b(?:gritando|batendo\s+na\s+porta|"
    r"ameac\w*|(?:vai|quer)\s+(?:me|nos)\s+(?:pegar|matar|bater))|\b(?:gritando|batendo\s+na"
    r"\s+porta|ameac\w*|(?:vai|quer)\s+(?:me|nos)\s+(?:pegar|matar|bater))\b.{0,80}?\b(?:to|"
    r"estou|tamo|estamos)\s+trancad[oa]s?\b",
    # bleeding, at the edge, rope, weapon in hand
    r"\b(?:cortei|to cortando|estou cortando)\s+(?:os?\s+|meus?\s+)?(?:pulsos?|bracos?|pernas?)"
    r"\b[^.?!]{0,40}\b(?:sangr|fundo|muito sangue)",
    r"\b(?:to|estou|ta)\s+(?:sangrando|perdendo sangue)\s+(?:muito|demais|sem parar)\b",
    r"\b(?:perna|pernas|pes|corpo)\s+(?:pra|para)\s+fora\b[^.?!]{0,40}\b(?:janela|varanda|sacada|"
    r"ponte|parapeito|predio|andar|telhado|viaduto)|\b(?:janela|varanda|sacada|ponte|parapeito|"
    r"andar|telhado|viaduto)\b[^.?!]{0,40}\b(?:perna|pernas|pes|corpo)\s+(?:pra|para)\s+fora\b",
    # at the edge, said by someone who is there ("ficar no alto do prédio pra foto" is not)
    r"\b(?:to|tou|estou|ta|esta|tamo|estamos|sentad[oa]|daqui|aqui|subi|parad[oa])\s+"
    r"(?:\w+\s+){0,3}?(?:em cima|na beira|no alto|do alto|da beira|de cima|no parapeito|"
    r"na beirada|na borda|na janela|no topo|do topo)\s+d[aoe]\s+"
    r"(?:ponte|predio|viaduto|janela|laje|terraco|telhado|sacada|penhasco)\b",
    r"\b(?:to|estou)\s+(?:aqui\s+)?(?:na|no)\s+(?:ponte|viaduto|terraco|telhado|laje|trilho|"
    r"linha do trem|beirada)\b[^.?!]{0,40}\b(?:pular|me jogar|coragem|acabar|agora)",
    r"\b(?:carta|bilhete)\b[^.?!]{0,40}\b(?:to|estou)\s+(?:aqui\s+)?(?:na|no)\s+(?:ponte|"
    r"viaduto|terraco|telhado|laje|trilho)",
    r"\b(?:comprei|separei|peguei|juntei|to com|estou com)\s+(?:os|as|uns|umas|o|a)?\s*"
    + MEDS
    + r"\b[^.?!]{0,40}\b(?:vou|vo)\s+tomar\b[^.?!]{0,30}\b"
    + _NOW,
    r"\b(?:a\s+)?corda\s+(?:ja\s+)?(?:ta\s+|esta\s+)?(?:pronta|amarrada|no pescoco)\b",
    r"\b(?:com|segurando)\s+(?:a|uma)\s+(?:faca|gilete|lamina|arma|navalha)\s+"
    r"(?:na mao|no pulso|no pescoco|na cabeca|apontada)",
    r"\barma\s+apontada\s+(?:pra|para)\s+(?:mim|minha cabeca)\b",
    # an act timed for now / tonight
    r"\b(?:vou|hoje eu vou|hoje vou|eu vou|decidi|resolvi)\s+" + _SELF_ACT + r"\s+"
    r"(?:\w+\s+){0,4}" + _NOW + r"\b",
    r"\b" + _NOW + r"\s+(?:eu\s+)?(?:vou\s+|decidi\s+|resolvi\s+)?" + _SELF_ACT + r"\b"
    r"(?!\s+de\b)",
    r"\bhoje\s+(?:e|vai ser|sera)\s+o\s+dia\s+(?:que|em que)\s+(?:eu\s+)?"
    r"(?:acabo|vou acabar|me mato|vou me matar|vou embora de vez)",
    r"\bja\s+(?:to|estou)\s+(?:com|segurando)\s+(?:os\s+)?(?:remedios|comprimidos)\s+na\s+mao\b",
    # someone close in danger now
    _CLOSE_ONE + r"\s+(?:tomou|engoliu|bebeu)\s+" + _QUANTITY + r"(?:\w+\s+){0,2}(?:de\s+)?" + MEDS,
    _CLOSE_ONE + r"\s+(?:tomou|engoliu|bebeu)\b[^.?!]{0,60}\b(?:nao (?:acorda|respira|responde)|"
    r"desmaiou|convulsionando|inconsciente)",
    _CLOSE_ONE + r"\s+(?:disse|falou|mandou mensagem dizendo|avisou|escreveu)\s+que\s+vai\s+"
    r"(?:se matar|acabar com tudo|se jogar|tirar a propria vida)\s+(?:\w+\s+){0,2}" + _NOW,
    r"\b(?:i (?:just\s+)?took|i (?:just\s+)?swallowed|i overdosed)\s+(?:all|a bottle|the whole|"
    r"a whole|a bunch|a lot|too many|\d+)\b",
    r"\bi(?:'m| am)\s+(?:standing\s+|sitting\s+)?on\s+(?:the|a)\s+(?:bridge|ledge|roof|edge)\b|"
    r"\bi (?:just )?(?:cut|slit) my (?:wrists?|arms?)\b",
    # too much of something, then the body reacting
    r"\b(?:tomei|engoli|bebi|ingeri|misturei)\s+(?:\w+\s+){0,3}?(?:"
    + MEDS
    + r"\s+(?:demais|de mais|a mais)|(?:demais|um monte|monte|tudo|todos|todas|a cartela|"
    r"uma cartela|o vidro|a caixa|\d{2,})\b)[^.?!]{0,60}"
    r"\b(?:to|estou|ta|fiquei|ficando|comecei a|meu coracao)"
    r"\s+(?:\w+\s+)?(?:tont[oa]|passando mal|vomitando|girando|dormente|desmaiando|apagando|"
    r"sem ar|falta de ar|enjoad[oa]|disparad[oa]|acelerad[oa]|tremendo|com sono)",
    r"\b(?:tomei|engoli|ingeri)\s+(?:\w+\s+){0,2}?" + MEDS + r"\s+(?:demais|de mais|a mais)\b",
    r"\b(?:ingeri|engoli)\s+(?:a|uma)\s+(?:cartela|caixa)\b",
    r"\b(?:liguei|abri|deixei)\s+o\s+gas\b[^.?!]{0,40}\b(?:fechei|janelas?|portas?|quarto|"
    r"trancad|carro fechado)",
    r"\b(?:faca|lamina|gilete|navalha|arma|revolver|corda|estilete)\s+(?:ja\s+)?(?:ta|esta)\s+"
    r"(?:no meu|na minha|encostad[oa] n[oa])\s*(?:pulso|pescoco|cabeca|peito|braco)?",
    r"\b(?:cortei|cortou|corte|cortando|me cortei|se cortou)\b[^.?!]{0,50}\b(?:nao para de "
    r"(?:sangrar|sair sangue)|sangue (?:pra|para|por) todo lado|muito sangue|sangrando (?:muito|"
    r"demais|sem parar))",
    # someone close, in danger right now
    _CLOSE_ONE + r"\s+(?:se\s+)?trancou\b[^.?!]{0,40}\b(?:laminas?|faca|gilete|navalha|"
    r"remedios|comprimidos|corda|arma|estilete)",
    r"\b(?:ta|esta|fica|ficou)?\s*ameacando\s+(?:pular|se jogar|se matar|se cortar|tomar|"
    r"se enforcar)\b",
    _CLOSE_ONE + r"\s+(?:cortou os pulsos|se cortou|se enforcou|se jogou|pulou|tentou se matar)"
    r"\b[^.?!]{0,60}\b(?:sangue|sangrando|nao (?:acorda|responde|respira)|desmai|caid[oa]|"
    r"agora|inconsciente|roxo|roxa)",
    _CLOSE_ONE + r"\s+(?:\w+\s+){0,3}?(?:disse|falou|contou|escreveu|mandou)\b[^.?!]{0,40}\b"
    r"(?:que\s+)?(?:ja\s+)?(?:tomou|engoliu|bebeu)\s+" + _QUANTITY,
    _CLOSE_ONE + r"\s+(?:\w+\s+){0,3}?(?:bebeu|tomou|engoliu)\s+(?:veneno|chumbinho|"
    r"soda caustica|agua sanitaria|racumin)\b",
    # a body in danger now, told plainly (`emergency.py`, branch guard11)
    emergency.PLAIN_EMERGENCY.pattern,
)
"""Happening now or within hours: SAMU 192 first."""

_NOT_SCHOOL_HANDOVER = (
    r"(?:(?!\b(?:calour\w*|vai comecar|vao comecar|vai fazer o enem|vai prestar|"
    r"(?:do|da)\s+(?:ensino medio|terceiro ano|terceirao|3o ano|cursinho|escola|vestibular))\b)"
    r"[^.?!])"
)
"""The gap of the giving-away rule: no sign of school material handed down to a junior."""

SELF_HARM: Final = rx(
    # how much of a medicine a body withstands ("quantos paracetamol uma pessoa de 50kg
    # aguenta?"): the lethal threshold asked indirectly (branch guard14); a dose for a symptom
    # asks what one *may take*, not what a body *withstands*
    r"\b(?:quant[oa]s?|qtos|qtas|qts|qual\s+(?:e\s+)?(?:o|a)\s+(?:limite|quantidade|maximo|dose))\b"
    r"[^.?!]{0,50}?\b" + MEDS + r"\b[^.?!]{0,60}?\b(?:aguenta|aguentaria|suporta|suportaria|"
    r"resiste|resistiria|tolera|toleraria|derruba|derrubaria|apaga|apagaria)\b",
    r"\b(?:quant[oa]s?|qtos|qtas|qts)\b[^.?!]{0,30}?\b(?:uma pessoa|alguem|o corpo|o figado|eu)\s+"
    r"(?:de\s+\d+\s*(?:kg|quilos)\s+)?(?:aguenta|aguentaria|suporta|suportaria|resiste)\b"
    r"[^.?!]{0,40}?\b" + MEDS + r"\b",
    # a definitive absence announced with an unexplained "definitive" reason ("não estarei mais
    # presente… por motivos definitivos"): a farewell dressed as a formality (branch guard14)
    r"\bnao\s+(?:estarei|vou estar|estaria|vou mais estar)\s+mais\s+(?:presente|aqui|por aqui|"
    r"entre (?:voces|nos)|com (?:voces|vcs))\b[^.?!]{0,80}\b(?:motivos?|razoes|razao)\s+"
    r"(?:definitiv\w*|(?:pessoais|maiores)\s+e\s+definitiv\w*)",
    r"\b(?:motivos?|razoes|razao)\s+definitiv\w*[^.?!]{0,80}\bnao\s+(?:estarei|vou estar|"
    r"estaria)\s+mais\s+(?:presente|aqui|por aqui)\b",
    # direct
    FIRST_PERSON_INTENT + r"\s+me\s+(?:matar|suicidar|enforcar|envenenar|jogar na frente)\b"
    r"(?!\s+de\b)",
    r"\bme\s+mato\b(?!\s+de\b)",
    r"\bme\s+suicid",
    r"\b(?:penso|pensando|pensei|pensamentos?|ideias?|ideacao)\s+(?:em\s+|de\s+)?suicid",
    r"\bpensamentos suicidas\b|\bmeu\s+suicidio\b|\btentei\s+(?:o\s+)?suicidio\b",
    r"\btentativa de suicidio\b[^.?!]{0,20}\b(?:minha|eu)\b|\bja tentei (?:me matar|de novo)\b",
    r"\bthinking about suicide\b|\bsuicidio\s+(?:e|parece)\s+a\s+(?:unica|melhor)\s+saida\b",
    r"\b(?:quero|queria|vou|to querendo|so queria|eu so queria|preferia|prefiro|melhor eu)\s+"
    r"morrer\b(?!\s+(?:de|a|do que|que)\s)(?!\s+(?:nesse|nessa|neste|nesta|com esse|com essa)\s+"
    r"(?:calor|frio|sol|fila|transito|onibus|prova|simulado|aula|sala|lista|materia|espera|"
    r"cursinho|escola|redacao|questao|enem|semana|mes|ano de estudo)\b)",
    r"\b(?:queria|quero|preferia|prefiro)\s+(?:estar|ta|ficar)\s+mort[oa]\b",
    r"\b(?:tirar|acabar com|dar (?:um )?fim (?:a|n?a)|por (?:um )?fim (?:a|n?a))\s+(?:a\s+)?"
    r"minha\s+(?:propria\s+)?vida\b",
    r"\b(?:nao|nem)\s+(?:aguento|quero|tenho vontade de|consigo)\s+mais\s+(?:viver|existir)\b",
    r"\bnao\s+quero\s+(?:viver|existir)\s+mais\b|\bnao quero mais existir\b",
    r"\b(?:nao|nem)\s+(?:aguento|suporto|consigo)\s+mais\s+(?:essa|esta|a minha|minha)\s+vida\b",
    r"\b(?:laminas?|gilete|navalha|estilete|corda|remedios|comprimidos|veneno)\b[^.?!]{0,40}"
    r"\b(?:pensando em usar|vou usar|quero usar|pra usar em mim|pra me machucar|pra acabar)",
    r"\bnao\s+(?:tenho|vejo)\s+(?:mais\s+)?(?:vontade|sentido|motivo|motivos|razao|razoes|"
    r"porque)\s+(?:de|em|pra|para)\s+(?:viver|continuar vivo|continuar viva|existir|acordar)\b",
    r"\b(?:minha vida|a vida|viver)\s+(?:nao\s+(?:tem|faz)\s+(?:mais\s+)?(?:sentido|valor)|"
    r"nao vale (?:mais )?a pena)\b(?!\s+(?:sem|se nao|sem a))",
    r"\b(?:cansei|cansad[oa]|exaust[oa])\s+de\s+(?:viver|existir|estar viv[oa]|acordar todo dia)\b",
    r"\b(?:dormir e\s+)?(?:nao|nunca mais)\s+acordar(?:\s+mais)?\b(?!\s+(?:cedo|tarde|a tempo))",
    r"\b(?:dormir|descansar|sumir|desaparecer|partir)\s+(?:pra|para)\s+sempre\b",
    r"\bdeixar de existir\b|\bcarta de despedida\b|\bnunca ter nascido\b|\bnao ter nascido\b",
    r"\b(?:melhor|melhores|mais feliz(?:es)?|mais leve|em paz)\s+sem\s+mim\b",
    r"\b(?:ficaria|ficariam|seria|seriam|estaria|estariam|viveria|viveriam|vai ficar|vao ficar)"
    r"\s+(?:bem\s+|muito\s+)?(?:melhor|melhores|mais feliz(?:es)?|em paz|aliviad[oa]s?|mais "
    r"leves?)\s+(?:se eu|quando eu)\s+(?:nao\s+)?(?:desaparecesse|sumisse|morresse|existisse|"
    r"estivesse|fosse embora|partisse|deixasse|tivesse nascido|me matasse|acordasse|sumir|"
    r"morrer|partir|nao estiver)",
    r"\bninguem\s+(?:ia|iria|vai|vai nem|nem ia|nem iria)\s+(?:sentir|notar|perceber|ligar|"
    r"se importar|chorar)\b[^.?!]{0,30}\b(?:falta|se eu|minha morte|quando eu)",
    r"\bninguem sentiria (?:a\s+)?minha falta\b",
    r"\bsentir(?:ia|iam)?\s+minha\s+falta\s+se\s+eu\s+(?:morr|sum|desaparec|partis)",
    # self-injury
    r"\b(?:vontade de|vou|voltei a|quero|preciso|comecei a)\s+me\s+(?:cortar|machucar|ferir|"
    r"queimar|punir|bater)\b",
    r"\bme\s+(?:corto|machuco|queimo|firo)\s+(?:com\s+(?:\w+\s+){1,2}?)?(?:quando|pra|para|todo|"
    r"toda|sempre|de novo|escondid)",
    # hurting oneself, then hiding the marks ("me queimo com isqueiro…, como escondo?")
    r"\bme\s+(?:corto|cortei|queimo|queimei|machuco|machuquei|arranho|firo)\b[^?!]{0,100}\b"
    r"(?:escondo|esconder|disfarco|disfarcar|cubro|cobrir|ninguem ver|ninguem perceber)\b",
    r"\bme\s+cortei\s+(?:de novo|outra vez|ontem|hoje|no braco|na perna)\b",
    r"\bme\s+(?:machuquei|cortei|queimei)\s+de proposito\b",
    # methods
    r"\bme\s+jogar\s+(?:d[aoe]\s+(?:ponte|predio|janela|viaduto|sacada|terraco)|na\s+frente\s+"
    r"d[oe])",
    r"\b(?:pular|me atirar)\s+d[aoe]\s+(?:ponte|predio|janela|viaduto|terraco)\b",
    r"\b(?:tomar|tomo)\s+(?:todos?\s+os|a\s+cartela|a caixa|tudo)\s*(?:de\s+)?"
    r"(?:remedios?|comprimidos?)?\s*(?:de uma vez|da caixa)?",
    r"\bquant[oa]s?\s+(?:comprimidos|remedios|pilulas|mg|miligramas|gotas|cartelas)\s+"
    r"(?:de\s+\w+\s+)?(?:precisa\s+|sao\s+|e\s+)?(?:pra|para)\s+(?:morrer|nao acordar|"
    r"ser fatal|matar uma pessoa)\b",
    r"\bdose\s+(?:letal|fatal)\b|\bjeito (?:mais )?(?:facil|rapido|indolor|sem dor) de morrer\b",
    r"\bcomo\s+(?:me matar|se matar|morrer sem dor|fazer um no de forca|me enforcar)\b",
    r"\b(?:remedio|comprimido)s?\s+(?:que\s+)?mata\b|\bmata se tomar\b",
    r"\bunica saida e a morte\b|\bmorrer seria (?:um alivio|a solucao|melhor)\b",
    r"\b(?:pra|para) que (?:viver|continuar vivendo)\b|\beu\s+acabo\s+comigo\b",
    r"\b(?:pra|para) que (?:continuar|seguir|ficar)\s+(?:aqui|viv[oa]|vivendo|existindo|"
    r"nesse mundo|respirando|tentando viver)\b",
    r"\b(?:por que|porque|pq)\s+(?:eu\s+)?(?:ainda\s+)?(?:to|estou|sigo|continuo)\s+viv[oa]\b",
    r"\b(?:altura|andar|andares|queda)\b[^.?!]{0,30}\b(?:fatal|letal|matar|morrer|mata)\b",
    # a bare "jogar" followed by a thing thrown ("vontade de jogar o caderno pela janela") is
    # frustration at the thing, not a jump (branch guard14)
    r"\b(?:pensando em|penso em|pensei em|vontade de|tentado a|tentada a)\s+(?:me\s+)?"
    r"(?:pular|me jogar|jogar(?!\s+(?:(?:o|a|os|as|um|uma|meu|minha|meus|minhas|esse|essa|"
    r"este|esta|aquele|aquela)\s+(?!carro\b|moto\b|corpo\b)|(?:isso|tudo|fora)\b)))\b"
    r"[^.?!]{0,40}\b(?:plataforma|trilho|trem|metro|ponte|janela|"
    r"predio|viaduto|sacada|terraco|carro|onibus)",
    r"\b(?:beira|borda)\s+d[ao]\s+(?:plataforma|ponte|trilho|predio|janela)\b[^.?!]{0,40}"
    r"\b(?:pular|me jogar|pensando)",
    r"\bfazer\s+(?:uma\s+|alguma\s+)?(?:besteira|bobagem|loucura)\s+(?:comigo|contra mim|"
    r"com a minha vida|com minha vida)",
    r"\b(?:medo de|vontade de|vou acabar|acho que vou|posso|capaz de)\s+fazer\s+(?:uma\s+|"
    r"alguma\s+)?(?:besteira|bobagem|loucura)\b(?!\s+(?:n[ao]|em|com (?:a|o))\s)",
    r"\bquem\s+(?:fica|vai ficar|ficaria)\s+com\s+(?:as\s+)?(?:minhas coisas|meus livros|"
    r"minhas roupas|meu quarto|meu celular|meu notebook|meus bichos|meu gato|meu cachorro)",
    r"\b(?:pensando em|penso em|vou|quero|vontade de|queria|hoje eu|eu vou|pensei em)\s+"
    r"acabar com tudo\b(?!\s+(?:n[ao]|em|nessa|nesse)\s+(?:prova|enem|redacao|vestibular|"
    r"simulado|jogo))",
    r"\b(?:juntei|juntando|separei|guardei|guardando|estocando)\b[^.?!]{0,25}\b(?:remedios?|"
    r"comprimidos)",
    r"\b(?:remedios|comprimidos)\b[^.?!]{0,30}\btomar\s+(?:de uma vez|tudo|todos|junto)",
    r"\b(?:sou|me sinto)\s+(?:so\s+)?um\s+(?:fardo|peso)\s+(?:pra|para|na vida|em casa|"
    r"pros?|pras?|$)|\b(?:sou|me sinto)\s+um\s+fardo\b",
    r"\b(?:sem|nao tenho mais)\s+forcas\s+(?:pra|para)\s+(?:viver|continuar|seguir)",
    r"\b(?:planejando|planejei|planejo|planejar|preparando|marquei|escolhi a data d)\w*\s+"
    r"(?:o\s+|meu\s+|a\s+minha\s+|minha\s+)?(?:fim|suicidio|morte|partida|despedida final)\b",
    r"\b(?:partir|sumir|ir embora)\s+(?:desse|deste)\s+mundo\b",
    r"\b(?:sumir|desaparecer)\s+de vez\b(?![^.?!]{0,20}\b(?:rede|grupo|instagram|aula|escola))",
    # farewells
    r"\b(?:essa|esta)\s+(?:e|sera|vai ser)\s+(?:a\s+)?minha\s+ultima\s+(?:mensagem|conversa|"
    r"noite|vez que)\b",
    r"\bcuid[ae]\s+(?:bem\s+)?d[aoe]\s+(?:minha|meu|meus|minhas)\s+\w+\s+(?:por mim|quando eu)\b",
    r"\bquando eu\s+(?:nao estiver mais aqui|partir|me for|nao estiver mais)\b",
    r"\bnao\s+vou\s+(?:mais\s+)?(?:estar|ta|tar)\s+(?:mais\s+)?aqui\s+(?:pra ver|"
    r"por muito tempo|mais|pra ninguem|mesmo|pra isso)\b|\bnao vou estar mais aqui\b",
    r"\b(?:escrevi|deixei|fiz|vou deixar|vou escrever|to escrevendo|estou escrevendo|deixando)\s+"
    r"(?:uma\s+|um\s+|a\s+|o\s+|as\s+|os\s+|minha\s+|meu\s+)?(?:carta|cartas|bilhete|bilhetes)\s+"
    r"(?:de despedida|pra minha|pro meu|pros meus|pras minhas|para minha|para meu|pra familia|"
    r"pra todo mundo|pra cada)"
    r"(?![^.?!]{0,40}\b(?:agradec\w*|aniversario|dia das maes|dia dos pais|natal|parabens|"
    r"namorad\w*|professor\w*)\b)",
    r"\b(?:sobrando|sobrar|a mais|demais)\s+(?:no|nesse|neste)\s+mundo\b",
    r"\bnao vou durar\s+(?:muito|mais|por muito tempo|muito tempo)\b"
    r"(?![^.?!]{0,20}\b(?:n[oa]|nesse|nessa)\s+(?:curso|cursinho|emprego|estagio|faculdade|"
    r"trabalho|empresa))",
    r"^(?:eu\s+)?(?:so\s+)?(?:quero|queria|vou|to querendo|preciso|so queria)\s+(?:so\s+)?(?:sumir|"
    r"desaparecer)(?:\s+(?:de vez|pra sempre|daqui|do mundo|de tudo|de verdade|agora))?[\s.!]*$",
    r"\b(?:hoje|amanha|essa noite|ja decidi|decidi|depois d[oa] resultado)\s*,?\s*(?:eu\s+)?"
    r"(?:acabo|vou acabar|termino|vou terminar)\s+com\s+(?:isso|tudo)\b",
    r"\b(?:vou|quero|acho que vou|ja vou)\s+desistir de mim\b|\bdesisti de mim\b",
    r"\bdeixar de ser um problema\s+(?:pra|para)\s+(?:eles|ela|ele|minha familia|todo mundo|"
    r"meus pais|minha mae|meu pai)",
    r"\bnao\s+vou\s+(?:mais\s+)?(?:precisar|usar)\s+(?:mais\s+)?(?:de\s+)?(?:faculdade|bolsa|"
    r"nada disso|mais nada|de nada|nada|do sisu|do prouni)\b(?!\s+(?:d[ao]s?|desse|dessa)\s)",
    r"\bnem eles nem nada\b",
    r"\b(?:doei|dei|distribui)\s+(?:todas\s+as|tudo das)\s+minhas\s+coisas\b",
    r"\b(?:adeus|me despeco|me despedindo)\b[^.?!]{0,40}\b(?:pra sempre|obrigad[oa] por tudo|"
    r"me perdo|me desculp|foi bom|amo voces|amo todos)",
    r"\bobrigad[oa] por tudo\b[^.?!]{0,40}\b(?:adeus|me perdo|me desculp|pra sempre|ultima|"
    r"me despe)",
    r"\bme\s+perdoem?\b[^.?!]{0,40}\b(?:nao aguentei|vou embora|adeus|pelo que vou fazer)",
    r"\bkill myself\b|\bend my life\b|\bsuicidal\b|\bcommit suicide\b|\bwant to die\b",
    r"\bhow (?:many|much)\b[^.?!]{0,30}\b(?:pills|tablets|mg|meds)\b[^.?!]{0,30}\b(?:die|kill|"
    r"lethal|overdose|fatal)\b|\bend it all\b|\bbetter off without me\b",
    r"\b(?:pra\s+)?onde eu vou\b[^.?!]{0,20}\bnao\s+(?:preciso|vou precisar|precisa|serve)",
    r"\bdont want to live\b|\bdon't want to live\b|\bwish i (?:was|were) dead\b",
    r"\b(?:disappear|vanish) forever\b|\bno reason to (?:live|go on)\b",
    # giving things away, because they will not be needed (school material handed down to a
    # younger student is not: "dei meus cadernos do terceiro ano pros calouros")
    r"\b(?:dando|dei|doando|doei|distribuindo|distribui|deixando|deixei)\s+(?:tod[oa]s?\s+)?"
    r"(?:as\s+|os\s+)?(?:minhas|meus|meu|minha)\s+(?:coisas|livros|roupas|celular|notebook|"
    r"computador|violao|videogame|bichos?|gat[oa]|cachorr[oa]|material|cadernos|joias|"
    r"guitarra|bicicleta|pertences)\b" + _NOT_SCHOOL_HANDOVER + r"{0,60}\b(?:nao vou (?:mais\s+)?"
    r"(?:precisar|usar|"
    r"levar)|nao preciso mais|pra lembrar(?:em)? de mim|onde eu vou)"
    r"(?![^.?!]{0,40}\b(?:porque|pois|ja que|agora que|passei|terminei|me formei|comprei)\b)",
    # the burden: others would be better off if the speaker were gone
    r"\b(?:melhor|mais facil|mais barato|mais leve|um alivio|alivio|mais feliz(?:es)?|em paz|"
    r"bem melhor)\b[^.?!]{0,50}\bse eu\s+(?:simplesmente\s+|so\s+|logo\s+)?(?:nao existisse|"
    r"nao estivesse (?:mais )?aqui|sumisse|morresse|desaparecesse|fosse embora|partisse|"
    r"nao tivesse nascido|nao acordasse|deixasse de existir)",
    r"\bdeixar de ser um (?:peso|fardo|estorvo)\b|\b(?:sou|me sinto)\s+(?:so\s+)?um\s+estorvo\b",
    r"\b(?:acabar|acabo|terminar)\s+com\s+(?:a|essa|minha|toda essa)\s+(?:dor|sofrimento)\s+"
    r"(?:de vez|pra sempre|de uma vez)",
    r"\b(?:parar|deixar) de tomar (?:os\s+)?meus remedios\b[^.?!]{0,40}\b(?:deixar acontecer|"
    r"tanto faz|ver no que da|acabar logo)",
    # leaving for good, said by the speaker: an absence verb with a finality word, unless a
    # place, a group or a city follows ("sumir de vez do grupo", "ir embora de vez pra SP")
    r"\b(?:vou|quero|queria|preciso|vontade de|penso em|pensando em|melhor eu|so quero|decidi|"
    r"resolvi|hora de|acho que vou|so queria|se eu)\s+(?:logo\s+|daqui\s+|simplesmente\s+|so\s+|"
    r"entao\s+)?(?:sumir|desaparecer|ir embora|partir|sair de cena|sair do caminho|descansar|"
    r"apagar|sumisse|desaparecesse|fosse embora|partisse|me apagar)\s+(?:de vez|pra sempre|"
    r"para sempre|definitivamente|de uma vez por todas|sem volta|aos poucos)\b"
    r"(?!\s*(?:d[aoe]s?|dess[ae]|dest[ae]|pra|para|com|n[ao]s?)\s+(?!mundo\b|vida\b|mim\b)\w)",
    r"\bse eu\s+(?:simplesmente\s+|so\s+)?(?:fosse embora|partisse|sumisse|desaparecesse|"
    r"deixasse de existir|nao existisse mais)\b[^.?!]{0,60}\b(?:ninguem|todo mundo|eles|ela|"
    r"ele|minha familia|meus pais|minha mae|meu pai)\s+(?:ia|iria|iam|iriam|ficaria|ficariam|"
    r"nem|vai|vao|receberia|receberiam)\b",
    # the speaker's very existence as a burden ("minha existência só dá trabalho pros outros")
    r"\b(?:minha existencia|eu existir|eu estar viv[oa]|eu estar aqui|eu ter nascido)\s+(?:so\s+)?"
    r"(?:da|traz|causa|e|foi|gera)\s+(?:\w+\s+)?(?:trabalho|problema|problemas|peso|fardo|despesa|"
    r"gasto|sofrimento|desgosto|tristeza|atraso)\b",
    # no place for the speaker anywhere
    r"\b(?:meu lugar|lugar pra mim|lugar para mim)\b[^.?!]{0,40}\b(?:lugar nenhum|nesse mundo|"
    r"neste mundo|no mundo)\b|\bnao\s+(?:tenho|ha|existe)\s+lugar\s+(?:pra|para)\s+mim\s+"
    r"(?:no mundo|nesse mundo|em lugar nenhum)\b",
    # starving or hurting oneself on purpose
    r"\b(?:sem comer|nao como|parei de comer|nao to comendo|nao estou comendo|deixei de comer)"
    r"\b[^.?!]{0,30}\bde proposito\b|\bde proposito\b[^.?!]{0,20}\b(?:sem comer|nao como|"
    r"parei de comer)\b",
    r"\bme\s+(?:arranho|arranhei|belisco|queimo|bato|mordo)\b[^.?!]{0,20}\b(?:ate sangrar|ate"
    r" sair sangue|ate ficar marca|ate doer|de proposito)",
    # leaving for good tucked into an ordinary request ("quero ver o resultado antes de ir embora
    # pra sempre"): the absence is the end of the clause, no place or group follows
    r"\bantes\s+de\s+(?:eu\s+)?(?:ir\s+embora|partir|sumir|desaparecer|me\s+despedir)\s+"
    r"(?:pra|para)\s+sempre\b(?!\s*(?:d[aoe]s?|dess[ae]|dest[ae]|pra|para|pr[oa]s?|com|n[ao]s?|rumo)\s+\w)",
    r"\bantes\s+de\s+(?:eu\s+)?acabar\s+com\s+tudo\b",
    # giving up on everything, not only on the course ("desisti de tudo, não só da faculdade")
    r"\bdesist\w*\s+de\s+tudo\b[^.?!]{0,20}\b(?:nao|nem)\s+(?:so|apenas|somente)\s+"
    r"(?:d[aoe]s?|dess[ae])\s+(?:faculdade|curso|prova|enem|sisu|prouni|vestibular|estud|"
    r"matricula|cursinho)",
    # a day or a time the speaker set for dying ("escolhi o dia pra me matar"; "marquei o dia
    # pra me matar de estudar" and "na academia" go on)
    r"\b(?:escolhi|escolho|marquei|defini|decidi|ja\s+sei|ja\s+tenho)\s+(?:o|a)\s+(?:dia|data|"
    r"hora|noite)\s+(?:pra|para|de|que\s+(?:eu\s+)?vou)\s+(?:me\s+matar|morrer|acabar\s+com\s+"
    r"(?:tudo|a\s+minha\s+vida))\b(?!\s+(?:de|d[ao]|n[ao]|na|com)\s+\w)",
    r"\b(?:o|a)\s+(?:dia|data|hora|noite)\s+(?:pra|para)\s+(?:me\s+matar|acabar\s+com\s+tudo)"
    r"(?=\s*(?:[^\w\s]|$))",
    # a last word for the people close to the speaker, left with the assistant to pass on
    # ("avisa meus amigos que foi bom conhecer eles", "diz pra ela que não foi culpa dela")
    r"\b(?:avisa|avise|avisar|diz|diga|dizer|fala|fale|falar|manda|mande|conta|conte|contar)\s+"
    r"(?:pra|pro|pros|pras|para|a|aos|as)?\s*(?:minha|meu|meus|minhas|ela|ele)\b(?:\s+\w+){0,2}?"
    r"\s+que\s+(?:foi\s+bom\s+(?:te\s+|ter\s+)?(?:conhecer|conhecido|conviver)|(?:eu\s+)?(?:amo|"
    r"amava|sempre\s+amei)\s+(?:(?:ela|ele|eles|elas|voces)\b|(?:muito|demais)(?=\s*(?:[^\w\s]|$)))|"
    r"nao\s+foi\s+culpa|"
    r"(?:me\s+)?perdo\w*|sinto\s+muito|vou\s+sentir\s+falta)",
    # nobody at the speaker's own funeral
    r"\bninguem\s+(?:vai|ia|iria|vai nem|nem\s+vai)\s+"
    r"(?:chorar|sentir\s+falta|aparecer|ir|ligar)\s+(?:\w+\s+)?(?:no|pro|ao|do)\s+meu\s+(?:enterro|velorio|funeral)\b",
    # hurting oneself as a punishment for mistakes ("passei a semana me batendo quando erro")
    r"\bme\s+(?:bat\w*|belisc\w*|arranh\w*|mord\w*|queim\w*|machuc\w*|soc\w*|cort\w*)\b"
    r"[^.?!]{0,40}\b(?:quando|toda\s+vez\s+que|sempre\s+que|cada\s+vez\s+que)\s+(?:eu\s+)?"
    r"(?:erro|errar|errei|vou\s+mal|tiro\s+nota|reprovo|falho|nao\s+consigo)\b",
    # a will at a student's age
    r"\b(?:escrevi|fiz|to fazendo|estou fazendo|terminei|deixei pronto|preparei)\s+(?:o\s+)?"
    r"meu\s+testamento\b(?!\s+vital)",
    # a note or letters left where they will be found (branch guard7: "escrevi um bilhete e
    # deixei em cima da cama", "deixei uma carta na gaveta pra minha mãe achar"); a note with a
    # happy occasion, thanks or a cover letter is not it
    r"\b(?:escrevi|escrevo|deixei|deixo|vou\s+deixar)\s+(?:um|uma|umas|uns)\s+(?:bilhetes?|"
    r"cartas?)\b(?:(?!\b(?:passei|aprovad\w*|aniversario|parabens|surpresa|dia\s+das\s+maes|"
    r"dia\s+dos\s+pais|natal|agradecimento|motivacao|apresentacao|recomendacao|kk\w*)\b)[^?!])"
    r"{0,80}?\b(?:em\s+cima\s+da\s+(?:minha\s+)?cama|no\s+travesseiro|na\s+gaveta|pra\s+"
    r"(?:el[ae]s?|minha\s+\w+|meu\s+\w+|minhas\s+\w+|meus\s+\w+)\s+(?:achar|acharem|encontrar|"
    r"encontrarem|lerem\s+depois|ler\s+depois))\b(?![^.?!]{0,60}\b(?:passei|aprovad\w*|"
    r"aniversario|parabens|surpresa|kk\w*)\b)",
    # a crash planned on purpose (branch guard7 probe: "pensando em pegar o carro do meu pai de
    # noite e não frear na curva da serra"); a plan word first, so a driving question is not it
    r"\b(?:vou|pensando\s+em|penso\s+em|quero|queria|to\s+pensando|estou\s+pensando|"
    r"decidi)\b(?:(?!\b(?:aprender|perigoso|pode|posso|devo|como)\b)[^.?!,]){0,60}?\b"
    r"(?:e\s+)?(?:nao\s+(?:frear|desviar)(?!\s+(?:tanto|muito|bruscamente|forte|demais|de\s+repente))|"
    r"soltar\s+o\s+volante|"
    r"jogar\s+o\s+carro|jogar\s+a\s+moto|bater\s+o\s+carro\s+de\s+proposito|acelerar\s+"
    r"(?:tudo\s+)?(?:contra|no|na|ate)\s+(?:o\s+|a\s+|um\s+|uma\s+)?(?:muro|poste|caminhao|"
    r"parede|ribanceira))\b",
    # the conversation left for the people who will read it afterwards and want the reason
    # (branch guard7: "guarda essa conversa, depois vão querer saber o motivo")
    r"\b(?:conversa|conversas|mensagens|nossas\s+msgs)\b[^.?!]{0,40}?\bdepois\b[^.?!]{0,30}?"
    r"\b(?:vao|vai|iam|ia)\s+(?:querer\s+)?(?:saber|entender)\s+(?:o\s+)?(?:motivo|por\s*que|"
    r"porque|o\s+que\s+(?:aconteceu|houve))\b",
    # the last thing that held the speaker, and nothing left (guard7: "a única coisa que me
    # segurava era passar na federal. agora não sobrou nada"); "…acabou, vou estudar em casa"
    # has no such end
    r"\b(?:unica|ultima)\s+coisa\s+que\s+(?:ainda\s+)?me\s+(?:segurava|segura|mantinha|"
    r"mantem|prendia|prende)\b.{0,120}?\b(?:nao\s+sobrou\s+nada|nao\s+(?:resta|restou)\s+nada|"
    r"nao\s+tenho\s+mais\s+(?:nada|motivo|razao)|nada\s+mais\s+me\s+(?:segura|prende))\b",
    # how much of a medicine is dangerous
    r"\bquant[oa]s?\s+(?:\w+\s+){0,3}?(?:de\s+)?" + MEDS + r"\b[^.?!]{0,30}\b(?:perigos[oa]s?|"
    r"letal|letais|fatal|fatais|mata|matam|overdose|intoxica\w*|faz(?:em)? mal de verdade)\b",
    # indirect families fresh writers keep finding (`ideation.py`, branch guard11)
    *ideation.PATTERNS,
)
"""Wish, plan or intent to die or to self-injure, direct or indirect (CVV 188)."""

__all__ = ["IMMEDIATE_DANGER", "SELF_HARM"]
