"""Allow rules: idioms and legitimate questions that carry sensitive words.

They never make a message SAFE by themselves. `IDIOMS` are blanked out of the text the
classifier reads and raise its threshold for self_harm and violence ("essa prova me matou" is
SAFE; "essa prova me matou, não quero mais viver" still reaches a strong rule). `INFO` (a
question about the rules or their consequences) keeps the fraud rules from firing, unless the
message also asks how not to get caught (`EVASION`). `ABOUT_OTHERS` (prevention, a friend who is
not well) raises the self_harm threshold.
"""

from __future__ import annotations

import re
from typing import Final

from switchboard.patterns.guardrails.rules import deceit
from switchboard.patterns.guardrails.rules.lexicon import rx

_SCHOOL_THINGS = (
    r"(?:provas?|enem|redac(?:ao|oes)|simulados?|materias?|questo(?:es)?|questao|dias?|"
    r"semanas?|filas?|listas?|matematica|fisica|quimica|biologia|historia|estudos?|aulas?|"
    r"cursinho|escola|espera|ansiedade|resultado|notas?|vestibular|sisu|prouni|inscricao|"
    r"professora?|trabalhos?|faculdade|gabarito|correcao|segunda fase|primeira fase|"
    r"essa semana|esse mes|treino|exercicios?|calor|onibus|transito|burocracia|"
    r"documentacao|matricula|tcc|seminario|apresentacao|entrevista)"
)

_LAUGHED_DEATH_PARTS = (
    r"(?<=kk|ha|rs)(?:k|a|h)*\b[^.?!]{0,25}\b(?:eu\s+)?(?:morro|vou morrer)\s+se\b",
    r"\b(?:eu\s+)?(?:morro|vou morrer)\s+se\b(?=[^.?!]{0,70}(?:\bkk|\bhaha|\brs\b|\bhuahua|"
    r"\bksks))",
)
LAUGHED_DEATH: Final = rx(*_LAUGHED_DEATH_PARTS)
"""A conditional death laughed off ("kkkk mano eu vou morrer se minha nota de mat for menor q a
do meu irmão", "morro se não passar kkk"): hyperbole. The strong self-harm rule "vou morrer"
does not fire inside it (`rules._scan`), and it is an idiom. Branch guard4."""

_LAUGH = r"(?:\bkk|\bhaha|\brs\b|\bhuahua|\bksks)"
LAUGHED_ANGER: Final = rx(
    r"\bvontade\s+de\s+(?:matar|esganar|estrangular|enforcar|socar|espancar|arrebentar|"
    r"quebrar)\s+(?:ele|ela|eles|elas|esse|essa|aquele|aquela|o|a|os|as|meu|minha|meus|minhas)\b"
    r"[^.?!]{0,30}?(?=[^.?!]{0,30}" + _LAUGH + r")"
)
"""Anger laughed off as a wish ("dá vontade de matar ele kkkk, me deu 600"): hyperbole. A wish
("vontade de"), not a plan ("vou matar ele"), with laughter in the same sentence; the strong
violence rule does not fire inside it (`rules._scan`). Branch guard14."""

IDIOMS: Final = rx(
    r"\b" + _SCHOOL_THINGS + r"\b[^.?!]{0,25}\b(?:me|ta me|esta me|vai me|quase me)\s+"
    r"(?:matou|matando|mata|matar|destruiu|destruindo|destroi|acabou|acabando|quebrou|"
    r"arrasou|arrasando|detonou|detonando|humilhou|massacrou|enterrou|derrubou)\b",
    r"\b(?:me|ta me|esta me)\s+(?:matou|matando|destruiu|destruindo|acabou|acabando|quebrou|"
    r"arrasou|detonou|humilhou|massacrou)\b[^.?!]{0,25}\b" + _SCHOOL_THINGS + r"\b",
    r"\b(?:morrendo|morrer|morri|morro|morta|morto|mortos|mortas|morrendo)\s+de\s+(?:ansiedade|"
    r"fome|sono|medo|rir|vergonha|calor|frio|saudades?|cansaco|tedio|inveja|vontade|"
    r"curiosidade|sede|preguica|estudar|raiva|alegria|felicidade|emocao|tanto estudar|estudo|"
    r"nervoso|nervosismo|dor de cabeca|ciume|agonia|rir|amor|orgulho|trabalhar|cansada|cansado)\b",
    r"\b(?:cheguei|to|estou|tava|estava|fiquei|acordei|ando)\s+(?:meio\s+|todo\s+|toda\s+)?"
    r"mort[oa]\b(?!\s+(?:por dentro|de vez|pra sempre))",
    r"\bmat(?:ar|ei|ando|o|amos)\s+(?:a\s+|essa\s+|esta\s+|aquela\s+|uma\s+|o\s+|esse\s+|"
    r"aquele\s+)?(?:saudades?|materia|aula|aulas|lista|prova|questao|questoes|redacao|simulado|"
    r"tempo|fome|sede|curiosidade|charada|conteudo|matematica|fisica|quimica|biologia|"
    r"historia|ingles|geografia|portugues|trabalho|dois coelhos|enem|vestibular|exercicio|"
    r"exercicios|cursinho|treino|revisao|serie|episodio|cansaco|tarefa|dever|edital|editais|"
    r"cronograma|livro|livros|capitulo|apostila|apostilas|formulario|cadastro|assunto|modulo|"
    r"resumo|resumos|simulados|provas|listas|questionario|inscricao|documentacao|leitura|pdf)\b",
    # frustration thrown at a thing, not at oneself ("vontade de jogar o celular na parede")
    r"\b(?:(?:to com |estou com |tenho |da |deu |me da |bate uma )?vontade de\s+)?"
    r"(?:jogar|jogo|joguei|tacar|taco|taquei|arremessar|quebrar|quebro)\s+(?:o|a|meu|minha|esse|"
    r"essa|este|esta)\s+(?:celular|notebook|note|computador|pc|tablet|livro|caderno|apostila|"
    r"controle|teclado|mouse|monitor|tv|televisao|edital)\b",
    # a fainting or a fit laughed off ("se eu ler mais uma linha eu desmaio kkkk")
    r"\b(?:desmaio|desmaiar|vou desmaiar|tenho um treco|vou ter um treco|piro|vou pirar|surto|"
    r"vou surtar)\b(?=[^.?!]{0,20}(?:\bkk|\bhaha|\brs\b|\bhuahua|\bksks))",
    # wanting a process to be over, with the process named ("to de saco cheio desse processo,
    # quero só que acabe logo"); "quero que tudo acabe" with no process stays with the model
    r"\b(?:processo|espera|inscricao|inscricoes|sisu|prouni|fies|enem|vestibular|burocracia|"
    r"fila|lista de espera|matricula|semana de provas|resultado|chamada|cursinho|ano letivo)\b"
    r"[^.?!]{0,40}?\b(?:quero|queria|so quero|to doid[oa] pra)\s+(?:so\s+)?(?:que\s+)?(?:isso\s+|"
    r"tudo\s+|ele\s+|ela\s+)?(?:acabe|termine|passe|acabar|terminar|passar)\s+(?:logo|rapido)\b",
    # a dose asked for a symptom, with a schedule (health, not a means): "quantos comprimidos
    # de dipirona posso tomar por dia pra dor de cabeça?"
    r"\b(?:quant[oa]s?|qual a dose|dose maxima|posso tomar|pode tomar)\b[^.?!]{0,50}?"
    r"\b(?:por dia|ao dia|de \d+ em \d+ horas|a cada \d+ horas)\b[^.?!]{0,30}?"
    r"\b(?:pra|para|contra)\s+(?:a\s+|minha\s+)?(?:dor|febre|enxaqueca|gripe|colica|resfriado|"
    r"alergia|rinite|sinusite|inflamacao|dente|garganta)\b",
    # a daily dose asked for an age group ("qual a dose máxima de ibuprofeno por dia pra
    # adulto?"): a posology question, branch guard14
    r"\b(?:qual\s+(?:e\s+)?a\s+dose|quant[oa]s?\s+(?:gotas|ml|mg|comprimidos?))\b[^.?!]{0,50}?"
    r"\b(?:por dia|ao dia|de \d+ em \d+ horas|a cada \d+ horas)\b[^.?!]{0,30}?\b(?:pra|para|em)\s+"
    r"(?:um\s+|uma\s+)?(?:adultos?|criancas?|idos[oa]s?|adolescentes?|gestantes?|bebes?)\b",
    # a dose asked for someone with a symptom ("qual a dose de dipirona pra criança de 20kg? minha
    # irmã tá com febre"), branch guard14; how much a body *withstands* is a strong rule
    r"\b(?:qual\s+(?:e\s+)?a\s+dose|quant[oa]s?\s+(?:gotas|ml|mg|comprimidos?)|quanto de)\b"
    r"[^.?!]{0,40}?\b(?:pra|para|de|em)\s+(?:uma?\s+|meu\s+|minha\s+)?(?:crianca|bebe|filh[oa]|"
    r"irm[ao]|irmazinha|irmaozinho|sobrinh[oa]|adulto|idos[oa]|vo|avo|mae|pai)\b"
    r"(?=[\s\S]{0,80}\b(?:febre|dor|gripe|tosse|colica|alergia|resfriado|vomit\w*|enjoo|"
    r"diarreia|virose|garganta|dente)\b)",
    r"\b(?:bora|vou|vamos)\s+matar\s+(?:a\s+|essa\s+|esse\s+|o\s+)?(?:matematica|fisica|quimica|"
    r"biologia|historia|ingles|redacao|lista|materia|prova|enem|simulado|vestibular)\b",
    # "não, quero ficar aqui": a no, then where to study or live (to "toparia estudar em outra
    # cidade?"); without the comma, "não quero ficar aqui" still reaches the classifier
    r"\bnao\s*,\s*(?:eu\s+)?(?:quero|prefiro|vou|pretendo)\s+(?:ficar|continuar|estudar|morar"
    r"|permanecer)\s+(?:aqui|por aqui|na minha cidade|perto|em casa)\b",
    r"\bme\s+matou\s+de\b",
    r"\b(?:me\s+)?mat(?:a|ar|ando|ou|o)\s+de\s+(?:rir|estudar|trabalhar|ansiedade|vergonha|"
    r"curiosidade|saudade|raiva|susto|cansaco)\b|\bvoce\s+me\s+mata\b",
    r"\bde matar\b",
    r"\b(?:mae|pai|mamae|papai|vo|avo|familia|professor|professora|irmao|irma|tio|tia|"
    r"namorad[oa]|chefe|treinador|coordenador|amig[oa]|pais|velha|coroa)\b[^.?!]{0,20}"
    r"\bme\s+(?:mata|matar|matam|mataria|matariam|esgana|esganar|enforca|enforcar)\b",
    # the same threat, reported ("minha mãe disse que se eu não passar ela me mata")
    r"\b(?:mae|pai|mamae|papai|vo|avo|familia|pais|velha|coroa)\b[^.?!]{0,25}\b(?:disse|diz|"
    r"falou|fala|avisou|jurou)\b[^.?!]{0,40}\b(?:ela|ele|eles|elas)\s+me\s+(?:mata|matam|"
    r"mataria|matariam)\b",
    # sleep with a length is rest, not a wish not to wake ("dormir uma semana inteira")
    r"\bdormir\s+(?:por\s+)?(?:uma|um|\d+|dois|duas|tres|o|a)\s+(?:semanas?|mes|meses|dias?|"
    r"horas?|fim de semana|tarde|noite|ano)(?:\s+(?:inteir[oa]s?|todo|toda|seguid[oa]s?))?\b",
    r"\b(?:vai|vao|iria|ia|vai acabar|quase)\s+me\s+matar\b",
    r"\b(?:vou|vai|to pra|ta pra|tou pra|quase)\s+explodir\b(?!\s+(?:a|o|as|os|essa|esse|"
    r"uma|um|tudo|todo|toda)\s)|"
    r"\bexplod\w*\s+de\s+(?:felicidade|alegria|emocao|raiva|orgulho|ansiedade)\b"
    r"|\bcabeca\s+(?:vai\s+)?explodir\b|\bcabeca\s+explodindo\b",
    r"\bme\s+(?:matando|mato|matei|acabando|matar|acabar)\s+de\s+(?:estudar|trabalhar|rir|"
    r"cansaco|tanto estudar|fazer simulado|fazer exercicio)\b",
    # killing oneself *by doing* something a lot ("vive dizendo que vai se matar de tanto jogar
    # videogame"), branch guard14; not by taking or drinking something
    r"\b(?:me|se|te)\s+mat(?:ar|ando|ou|a|o|ei)\s+de\s+tanto\s+(?!tomar\b|beber\b|usar\b|"
    r"cheirar\b|engolir\b)\w+(?:ar|er|ir)\b",
    r"\bquase\s+morri\b|\bmorri\s+(?:quando|com|de)\b|\bmataria\s+por\b",
    r"\bme\s+jogar\s+(?:nos\s+estudos|de\s+cabeca|no\s+sofa|na\s+cama)\b",
    r"\btiro no (?:pe|escuro)\b|\batirei no escuro\b|\bdar o sangue\b|\bfoi um massacre\b",
    r"\bsumir\s+(?:por\s+)?(?:uns|um|alguns)\s+(?:dias|tempo|meses)\b",
    r"\bsumir\s+com\s+(?:o|a|os|as|meu|minha|meus|minhas|seu|sua|esse|essa)\s+\w+",
    r"\bnao vejo a hora\b",
    r"\b(?:vontade de|da vontade de|deu vontade de|quis|quero|queria|vou)\s+(?:sumir|desaparecer)"
    r"\b(?=[^.?!]{0,80}(?:\bkk|\bhaha|\brs\b|\bhuahua))",
    r"\b(?:vontade de|da vontade de|deu vontade de|quis|queria)\s+(?:sumir|desaparecer)\s+"
    r"quando\b",
    r"\b(?:sumir|desaparecer|sumo|sumi)\s+(?:de vez\s+|pra sempre\s+|um pouco\s+)?"
    r"(?:d[aoe]s?|dess[ae]s?|dest[ae]s?|daquel[ae]s?)\s+"
    r"(?!(?:mundo|vida|terra|mapa|face|existencia|planeta|vez|minha familia|familia)\b)"
    r"(?:fila|site|app|aplicativo|grupo|chat|aula|sala|cursinho|escola|faculdade|rede|redes|"
    r"insta|instagram|whats|zap|festa|reuniao|cidade|casa|bairro|trabalho|estagio|lista)\b",
    r"\b(?:queria|quero|vontade de)\s+(?:sumir|desaparecer|me enterrar|cavar um buraco)\s+de\s+"
    r"vergonha\b|\b(?:sumir|desaparecer)\s+(?:da|dessa|do|desse)\s+(?:aula|sala|grupo|escola|"
    r"festa|reuniao|cidade|rede social)\b",
    r"\b(?:a|essa|aquela|o|esse)\s+" + _SCHOOL_THINGS + r"\s+(?:me\s+)?(?:destruiu|acabou comigo|"
    r"me acabou|me matou|foi um massacre)",
    r"\bme\s+(?:destruiu|acabou|quebrou|arrasou|detonou)\b",
    r"\bacabou comigo\b[^.?!]{0,30}\b"
    + _SCHOOL_THINGS
    + r"\b|\b"
    + _SCHOOL_THINGS
    + r"\b[^.?!]{0,30}\bacabou comigo\b",
    r"\b(?:to|estou|ficou|fiquei)\s+(?:acabad[oa]|destruid[oa]|quebrad[oa]|so o po|um caco|"
    r"um bagaco|moid[oa]|podre)\b(?![^.?!]{0,20}\b(?:por dentro|de vez|pra sempre|de viver))",
    r"\bmorrer\s+(?:na praia|abracado)\b|\bvou morrer pobre\b|\bmorrer de (?:ri|rir)\b",
    r"\bmatei\s+(?:a|o|essa|esse)\s+\w+\b(?=[^.?!]{0,20}\b(?:facil|de boa|sem estudar|"
    r"acertei|gabaritei|kk))",
    r"\b(?:vou|vai|vamos)\s+(?:arrasar|detonar|arrebentar|quebrar tudo)\b",
    # a death hyperbole laughed off ("se eu não passar eu morro kkkk"); an explicit act ("me
    # mato") is a strong rule and never reaches this
    r"\b(?:eu\s+)?(?:morro|morri|vou morrer|to morrendo|infarto|enfarto)\b(?=[^.?!]{0,20}"
    r"(?:\bkk|\bhaha|\brs\b|\bhuahua|\bksks))",
    # a life "over" said to be a joke ("se eu não passar minha vida acabou kkkk to brincando"),
    # branch guard14: the joke word is required, laughter alone is not
    r"\b(?:minha vida acabou|a vida acabou|acabou (?:a minha vida|pra mim)|desisto da vida|"
    r"vou morrer|eu morro)\b(?=[^.?!]{0,40}\b(?:brincadeira|(?:to|estou|tou|so|tô) brincando|"
    r"zoeira|zoando|exagero|exagerando)\b)",
    # ... laughed off before it or further on when it is a condition ("kkkk eu vou morrer se
    # minha nota for menor"; `LAUGHED_DEATH`, guard4)
    _LAUGHED_DEATH_PARTS[0],
    _LAUGHED_DEATH_PARTS[1],
    # someone else's wish to live to see the student graduate ("minha vó diz que vai morrer
    # sem me ver formado"), a body that is dead weight at a task, moving away to study
    r"\b(?:vai|vao|ia|iam)\s+morrer\s+(?:sem|antes de)\s+(?:me\s+|nos\s+|te\s+)?ver\b",
    # a jump tied to an exam's outcome and said to be a joke ("se eu não passar eu me jogo da
    # janela (brincadeira kkk)", branch guard12): the issue's own edgy-safe example; the joke
    # word is required, laughter alone is not (laughter-masked self-harm exists)
    r"\bse\s+(?:eu\s+)?(?:nao\s+)?(?:passar|for mal|tirar|reprovar|zerar|cair|errar)\b[^.?!]{0,40}?"
    r"\b(?:me jogo|pulo|me atiro)\s+(?:d[ao]|de uma|pela|pela)\s+(?:janela|ponte|predio|"
    r"sacada|laje)\b(?=[^.?!]{0,30}\b(?:brincadeira|brincando|zoeira|zoando|zoas)\b)",
    r"\bpeso morto\s+(?:n[ao]s?|em)\s+(?!(?:minha\s+)?(?:vida|familia|casa|mundo)\b)",
    r"\b(?:embora|mudar|me mudar|mudo)\s+(?:de vez\s+)?(?:pra|para)\s+(?:outr[oa]\s+"
    r"(?:cidade|estado|pais|regiao)|o\s+(?:interior|exterior|nordeste|sul|norte)|a\s+capital|"
    r"fora do pais)\b",
    r"\b(?:acabar|acabei|acabo)\s+com\s+(?:essa|a|esse|o)\s+(?:lista|prova|simulado|redacao|"
    r"materia|matematica|duvida|inscricao)\b",
)
"""Idioms that use words of death and destruction (they cover self_harm and violence)."""

INFO: Final = rx(
    r"\bo que acontece\s+(?:se|com|quando)\b",
    # the same consequence asked about someone else ("e se descobrirem depois da matrícula que
    # a pessoa mandou documento falso?"); one's own plan ("se eu mentir e descobrirem") is not
    r"\be\s+se\s+(?:descobrirem|descobrem|pegarem)\b[^.?!]{0,40}\bque\s+(?:a pessoa|alguem|"
    r"o candidato|a candidata|o aluno|a aluna|um candidato|uma candidata)\b",
    r"\be crime\b|\bda cadeia\b|\bpode dar cadeia\b|\be ilegal\b|\be fraude\b|\be proibido\b",
    r"\bdenunci\w*\b|\bgolpe\b|\be verdade que\b|\bdesconfio\b|\bsuspeito\b",
    # news or a school paper about someone else's fraud ("vi no jornal que prenderam uma
    # quadrilha…, como descobriram?", "meu tcc é sobre fraude nas cotas"), branch guard14
    # — unless the message asks how to do the same ("vi no tiktok…, como eu faço?")
    r"^(?![\s\S]*\b(?:como (?:eu )?(?:faco|faz|fazer|consigo)|me ensina|passo a passo|"
    r"(?:quero|vou|posso|da pra eu|tem como eu)\s+(?:fazer|tentar)\s+(?:isso|igual|o mesmo))\b)"
    r"[\s\S]*?\b(?:vi|li|vimos|assisti|saiu|passou|deu|apareceu)\s+(?:no|na|uma|num|numa|em)\s+"
    r"(?:jornal|noticia|reportagem|materia|tv|televisao|telejornal|g1|jornal nacional|fantastico|"
    r"twitter|tiktok|instagram|insta|facebook|face|youtube|video|post)\b",
    r"\b(?:prenderam|foram pres[oa]s|quadrilha|operacao da (?:pf|policia))\b",
    r"\bcomo\s+(?:(?:o\s+inep|o\s+mec|a\s+policia|a\s+pf|a\s+faculdade|eles)\s+)?"
    r"(?:descobriu|descobriram|pegou|pegaram|identificou|identificaram|percebeu|perceberam)\b",
    r"\b(?:tcc|monografia|artigo|pesquisa|trabalho|seminario|redacao|reportagem)\s+"
    r"(?:e\s+|vai ser\s+)?sobre\s+(?:as\s+|a\s+|os\s+|o\s+)?(?:fraudes?|golpes?|falsifica\w*|"
    r"corrupcao|cotas?|"
    r"heteroidentificacao)\b",
    r"\b(?:consequencias?|punicao|penalidade|multa)\b",
    # what happens to whoever did it ("quem falsifica a autodeclaração perde a vaga?")
    r"\b(?:quem|se alguem)\b[^.?!]{0,60}\b(?:perde|perdem|perderia|e expuls\w*|e punid\w*|"
    r"vai pres[oa]|e cancelad\w*|tem a matricula cancelada)\b",
    # the penalty asked about ("qual a pena pra quem falsifica…"; "vale a pena" is not one)
    r"\b(?:qual|que)\s+(?:e\s+)?a\s+pena\b|(?<!vale a )\bpena\s+(?:pra|para)\s+quem\b",
    r"\bsem querer\b|\bpor engano\b|\berr(?:ei|ar|ado|ada)\b|\bcorrigir\b|\bretificar\b",
    r"\b(?:pode ser|seria|e) considerad[oa] fraude\b|\bconta como fraude\b",
    r"\bcomo\s+(?:identificar|saber se|reconhecer|evitar)\b",
    r"\b(?:foi|foram|tinha sido|tinham sido)\s+(?:falsificad|adulterad|forjad)|"
    r"\b(?:falsificaram|adulteraram|clonaram|usaram)\s+(?:o\s+|a\s+)?(?:meu|minha|meus)\b",
    # worry about looking dishonest, asking whether something causes trouble, wanting it right
    r"\b(?:medo|receio|preocupad[oa])\s+de\s+(?:eu\s+)?(?:parecer|acharem|pensarem|achar que)\b",
    r"\b(?:da|vai dar|pode dar|daria)\s+(?:algum\s+)?problema\s*\?|"
    r"\b(?:quero|queria|preciso)\s+(?:fazer|declarar|preencher)\s+(?:tudo\s+)?"
    r"(?:certo|certinho|direito|corretamente)\b|\bnao quero fazer nada errado\b",
    # someone who lives here, disclosed, and the question whether they count ("separados no
    # papel mas moram juntos, como declaro?")
    r"\b(?:ainda\s+)?(?:mora|moram|vive|vivem)\s+(?:aqui|com a gente|juntos|junto|com a gente|"
    r"com nos|na mesma casa)\b(?:(?!\b(?:disser|dizer|digo|falar|falo|fingir|mentir|omitir|"
    r"esconder|tirar|tiro|colocar que|declarar que)\b)[^.!?]){0,60}\b(?:entra|entram|conta|"
    r"contam|declaro|coloco|incluo|"
    r"como (?:declaro|declarar|fica|faco)|preciso (?:declarar|colocar|incluir))\b[^.!]*\?",
    # changing what one already sent, to get it right ("dá pra alterar a renda declarada
    # depois?"); a shrinking purpose is `EVASION` and keeps the fraud rules on
    r"\b(?:editar|edito|edita|alterar|altero|altera|mudar|mudo|atualizar|atualizo|trocar|troco)"
    r"\b[^.?!]{0,40}(?:\bque\s+(?:eu\s+)?(?:ja\s+)?(?:enviei|mandei|preenchi|declarei|"
    r"coloquei|submeti|cadastrei)\b|\b(?:declarad|enviad|preenchid|cadastrad)[ao]s?\b|"
    r"\bdepois\s+de\s+(?:enviar|mandar|finalizar|concluir)\b|\bdepois\s*\?|"
    r"\b(?:pra|para)\s+(?:ficar|deixar)\s+(?:cert|corret|igual)|\bcertinh)",
)
"""Questions about the rules and their consequences: the fraud rules do not fire on them."""

RULE_QUESTION: Final = rx(
    r"\b(?:precisa|preciso|tenho que|tem que|devo|deve|e obrigatorio)\s+(?:contar|declarar|"
    r"incluir|colocar|informar|botar|somar|por)\b",
    r"\b(?:entra|entram|conta|contam|soma|somam)\s+(?:na|como|no calculo da)\s+(?:renda|"
    r"escola publica|calculo)\b|\bconta como\b|\b(?:e|sera) considerad[oa]\b",
)
"""Asking what the rule is for one's own case ("preciso contar o salário do meu irmão que mora
fora?", "bolsa família entra na renda?"). Weaker than `INFO`: a strong fraud rule still fires
("se a gente disser que ele é só amigo, ele não entra na renda né?" states the lie), but the
classifier needs `covered` confidence for the fraud categories — its household vocabulary is
the fraud rows' vocabulary."""

EVASION: Final = rx(
    r"\bninguem\s+(?:vai\s+|precisa\s+|nunca\s+|nem\s+)?(?:saber|descobrir|perceber|notar|"
    r"conferir|checar|verificar|ver|olhar|confere|ve|descobre|percebe|nota|sabe|prova|comprova)\b",
    r"\b(?:prefiro|preferia|melhor|acho melhor)\s+nao\s+(?:colocar|declarar|incluir|contar|"
    r"informar|botar|por)\b",
    r"\b(?:eles|ninguem)\s+(?:nem|nao)\s+(?:conferem|confere|olham|olha|checam|veem|ve)\b",
    r"\bsem\s+(?:ninguem|eles|o mec|a faculdade|o prouni)\s+(?:saber|descobrir|perceber)\b",
    r"\b(?:eles|o prouni|o sisu|o mec|a faculdade)\s+(?:descobrem|descobre|conferem|confere|"
    r"checam|verificam|vao descobrir|vai descobrir|percebem|vai perceber)\b",
    r"\bda\s+(?:pra|para)\s+(?:passar|enganar|esconder|burlar)\b",
    r"\bcomo\s+(?:faco|fazer|consigo)\s+(?:pra|para)\s+nao\s+(?:descobrirem|perceberem|aparecer)",
    r"\b(?:sem ser pego|sem ser pega|nao ser pego|nao ser pega|nao me pegarem)\b",
    r"\b(?:pra|para)\s+(?:a\s+)?renda\s+(?:ficar|cair|baixar|diminuir)\b|\b(?:pra|para)\s+"
    r"(?:baixar|diminuir|reduzir|abaixar)\s+(?:a\s+)?renda\b",
    r"\b(?:pra|para)\s+(?:que\s+)?(?:ficar|fique|parecer|pareca|mostrar|aparecer)\s+(?:uma\s+)?"
    r"(?:menor|menos|mais baix|abaixo|dentro do limite|no limite)",
    r"\b(?:pra|para)\s+(?:eu\s+|a gente\s+)?(?:caber|ficar dentro|entrar)\s+no\s+limite\b",
    # a paper got only to have it ("só pra ter comprovante de residência"), branch guard14
    r"\b(?:so|somente|apenas)\s+(?:pra|para)\s+(?:ter|conseguir|arrumar|pegar|tirar|gerar)\s+"
    r"(?:um\s+|o\s+|a\s+)?(?:comprovante|declaracao|endereco)\b",
    r"\b(?:" + deceit.EVADE_WORDS + r")",
)
"""Asking how not to get caught: an INFO question stops covering fraud."""

_REPORTER: Final = (
    r"\b(?:minha|meu|uma|um)\s+(?:melhor\s+)?(?:amig[oa]|colega|prim[oa]|irma|irmao|"
    r"namorad[oa]|vizinh[oa]|alun[oa])\b[^.?!]{0,40}?\b(?:disse|falou|contou|escreveu|postou|"
    r"comentou|mandou\s+(?:msg|mensagem|audio)|(?:anda|vive|ta|fica)\s+(?:dizendo|falando)|"
    r"dizendo|falando)\s+(?:pra\s+mim\s+|me\s+)?que\b"
)
_HELP: Final = (
    r"(?:\bcomo\s+(?:eu\s+)?(?:ajud|apoi|lid|acolh)\w*|\bo\s+que\s+(?:eu\s+)?(?:faco|fazer|"
    r"digo|falo|posso\s+fazer)\b|\bja\s+(?:liguei|avisei|contei|falei|chamei)\b|\bcvv\b|"
    r"\bajudar\s+(?:ela|ele)\b|"
    r"\bcomo\s+(?:eu\s+)?(?:falo|converso|abordo|puxo\s+assunto|chego)\s+"
    r"(?:com\s+)?(?:ela|ele|nela|nele)\b|"
    r"\b(?:tem|teria|existe)\s+(?:mais\s+)?(?:algo|alguma coisa)\s+que\s+"
    r"(?:eu\s+)?(?:possa|posso|consiga|consigo)\s+fazer\b)"
)
"""Asking how to help, or saying who was told. One group: without it the alternation leaked out
of `_REPORTER + … + _HELP`, and "o que eu faço" alone — the end of many emergencies told by a
bystander — raised the crisis threshold (branch guard11)."""
_WORRIED: Final = (
    r"\b(?:preocupad[oa]|com medo|assustad[oa]|aflit[oa])\s+(?:por causa\s+)?(?:com|d[oa])\s+"
    r"(?:o\s+|a\s+)?(?:meu|minha|um|uma)\s+(?:melhor\s+)?(?:amig[oa]|colega|prim[oa]|irma|irmao|"
    r"namorad[oa]|vizinh[oa]|filh[oa]|sobrinh[oa]|mae|pai|tia|tio|alun[oa])\b|"
    r"\b(?:meu|minha)\s+(?:melhor\s+)?(?:amig[oa]|colega|prim[oa]|irma|irmao|namorad[oa]|vizinh[oa]|"
    r"alun[oa])\s+(?:postou|publicou|mandou|escreveu|parou de|nao sai|anda)\b"
)
"""Someone else is the subject of the worry or of the signs told."""
ABOUT_OTHERS: Final = rx(
    r"\bprevencao\b|\bse suicidou\b|\bsuicidou\b|\bcvv\b|\bsetembro amarelo\b",
    r"\b(?:pra|para|com)\s+(?:uma|um|minha|meu)\s+amig[oa]\b",
    r"\b(?:amig[oa]|colega|prim[oa]|irma[o]?)\s+(?:que\s+)?(?:ta|esta|anda)\s+"
    r"(?:mal|com depressao)",
    r"\b(?:trabalho|pesquisa|seminario|redacao|tema)\s+(?:sobre|de)\s+(?:suicidio|depressao|"
    r"saude mental|automutilacao)\b",
    _REPORTER + r".{0,200}?" + _HELP,
    _HELP + r".{0,200}?" + _REPORTER,
    # worry about someone else, or their signs told, and how to help (branch guard14: "to
    # preocupada com meu primo, ele parou de comer…, o que eu faço?")
    _WORRIED + r".{0,200}?" + _HELP,
)
"""Talking about self-harm in others, or about prevention: raises the self_harm threshold."""

VENTING: Final = rx(
    r"\b(?:so|apenas|somente)\s+(?:queria|quero|precisava|preciso|tava precisando)\s+(?:de\s+)?"
    r"(?:desabafar|desabafo|falar|conversar|por (?:isso )?pra fora|contar (?:isso )?pra alguem|"
    r"que alguem (?:me )?(?:ouvisse|escutasse|lesse))\b"
)
"""Sadness told as venting ("só queria desabafar"): raises the crisis threshold when the sadness
has an ordinary cause (`SCHOOL_CAUSE`) and the message has no crisis word at all
(`cues.CRISIS_CUE`). Branch guard14."""
SCHOOL_CAUSE: Final = rx(
    r"\b(?:nao passei|reprovei|reprovado|reprovada|nao fui aprovad[oa]|nao entrei|"
    r"fiquei de fora|nota|notas|prova|provas|enem|vestibular|resultado|sisu|prouni|simulado|"
    r"redacao|estudo|estudar|estudando|cursinho|lista de espera)\b"
)
"""An ordinary cause of sadness for a student: an exam, a result, studying."""
RESOLVE: Final = rx(
    r"\bmas\s+(?:eu\s+)?(?:vou|vamos|sigo|to|estou)\s+(?:continuar|seguir|seguindo|continuando|"
    r"tentando|tentar de novo|tentar outra vez|tentar ano que vem|persistir|em frente|firme|"
    r"na luta|estudando|focad[oa])\b"
)
"""Tiredness told with a resolve to go on ("to cansada de tudo, estudo 10h por dia e nada. mas
vou continuar" reached p(self_harm) 0.72 on "cansada de tudo"): raises the crisis threshold
when the message has no word of death, ending or a means (`GRAVE`). Branch guard14."""
PAUSE: Final = rx(
    r"\b(?:parasse|parar|pausar|pausasse|desligar|desligasse|fugir|sumir|desaparecer)\s+"
    r"(?:\w+\s+){0,2}?(?:um pouco|um pouquinho|por um tempo|por uns dias|uns dias|um minuto|"
    r"um dia|um instante|um tempinho|ate (?:o|a) (?:prova|enem|resultado))\b"
)
"""A wish for a pause, with its length ("queria que o mundo parasse um pouco pra eu conseguir
respirar"): raises the crisis threshold like `RESOLVE` when the message has no `GRAVE` word.
Branch guard14."""
GRAVE: Final = rx(
    r"\b(?:morr\w*|mort[oae]s?|matar|mato|mate|suicid\w*|sumir|sumisse|desaparec\w*|acordar|"
    r"dormir|adeus|desped\w*|sem mim|viver|vida|existir|existencia|fardo|estorvo|peso|partir|"
    r"embora|fim|acabar com|acabe|acabasse|ultim[oa]s?|nunca mais|pra sempre|machuc\w*|cort\w*|"
    r"remedios?|comprimidos?|corda|ponte|predio|janela|pular|me jogar|sangue|nao aguento mais|"
    r"sem saida|sem sentido|ninguem|sozinh[oa]|desist\w*|forcas?|tanto faz|vazi[oa]|inutil|"
    r"aqui|enquanto|por enquanto|ate quando|ate onde)\b"
)
"""Words of death, ending, leaving or a means: with one of them, venting raises nothing."""

REPORTED_HELP: Final = rx(_REPORTER + r".{0,200}?" + _HELP, _HELP + r".{0,200}?" + _REPORTER)
"""A friend's words reported by someone asking how to help (branch guard7: "minha amiga disse
que queria sumir e não acordar mais, como eu ajudo ela? já avisei a mãe dela")."""
_REPORTED_TAIL: Final = re.compile(_REPORTER + r"(?:(?![.?!,;])(?!\beu\b).){0,60}$")


def reported(text: str, start: int) -> bool:
    """Whether a self-harm rule match at `start` is a friend's words, reported in the same
    clause by someone asking how to help: the match sits right after "minha amiga disse que…"
    with no sentence break and no "eu" in between ("…disse que eu devia me matar" is not
    reported), and the message asks how to help or says who was told. The model still reads
    the message (`ABOUT_OTHERS` raises its self-harm threshold)."""
    return (
        _REPORTED_TAIL.search(text[max(0, start - 160) : start]) is not None
        and REPORTED_HELP.search(text) is not None
    )


__all__ = [
    "ABOUT_OTHERS",
    "EVASION",
    "GRAVE",
    "IDIOMS",
    "INFO",
    "LAUGHED_ANGER",
    "LAUGHED_DEATH",
    "PAUSE",
    "REPORTED_HELP",
    "RESOLVE",
    "RULE_QUESTION",
    "SCHOOL_CAUSE",
    "VENTING",
    "reported",
]
