"""Strong rules for harm to others: sexual content with minors, violence, hate, harassment,
sexual content.

`SEXUAL_MINORS` needs a minor *and* something sexual about them in the same sentence: a
sexual word; a romance between the minor and an adult (professor, "homem de 30", "tenho 25");
an approach aimed at the minor ("como chego numa menina de 13", "ficar sozinho com a filha de
9 da vizinha"); grooming words ("em segredo", "sem os pais saberem"); or material of minors.
A minor is a word ("menor", "novinha", "adolescente", "criança"), an age under 18 ("de 14",
"ela tem 13", "acabou de fazer 12"), or a school year up to ensino médio ("8º ano", "alunas
do fundamental"). It does not fire on the words people use to protect children or to report
abuse (`protective`: "denunciar", "educação sexual", "ECA", "o que eu faço"…) unless those
words are themselves evaded ("sem ninguém denunciar"): a student disclosing abuse must not get
a refusal, and a request must not hide behind one.

`HATE` likewise stays quiet when someone faces or fights prejudice (`HATE_PROTECTION`:
"sofri", "como denuncio", "como rebater"); it fires on claims about a group and on requests
for content that mocks one ("piada humilhando indígena", "frases homofóbicas").
"""

from __future__ import annotations

import re
from typing import Final

from switchboard.patterns.guardrails.rules.lexicon import PEOPLE, PLACES, rx

_AGE_WORD = (
    r"(?:[1-9]|1[0-7]|um|dois|tres|quatro|cinco|seis|sete|oito|nove|dez|onze|doze|treze|"
    r"quatorze|catorze|quinze|dezesseis|dezessete)"
)
_AGE_MINOR = _AGE_WORD + r"\s+(?:anos|aninhos)"
_GRADE = (
    r"(?:(?:ensino\s+)?fundamental|ensino medio|[1-9][oa]\s+(?:ano|serie)|(?:primeiro|segundo|"
    r"terceiro|quarto|quinto|sexto|setimo|oitavo|nono)\s+ano|(?:primeira|segunda|terceira|"
    r"quarta|quinta|sexta|setima|oitava)\s+serie|primario|creche|pre-?escola|"
    r"(?:1|2|3)o?\s+(?:ano|colegial) do (?:medio|em)|colegial)"
)
"""School years: up to the last year of ensino médio, a student is (almost always) a minor."""
_KID = (
    r"(?:pessoal|galera|turma|festa|excursao|meninada|molecada|personage(?:m|ns)|"
    r"menin[oa]s?|garot[oa]s?|alun[oa]s?|estudantes?|criancas?|filh[oa]s?|entead[oa]s?|"
    r"sobrinh[oa]s?|prim[oa]s?|irmazinha|irmaozinho|mina|minas|novinh[oa]s?|colegiais?|"
    r"(?:uma|um|umas|uns|alguem|alguma|algum))"
)
_MINOR = (
    r"(?:criancas?|menor(?:es)?\s+de\s+idade|menor(?:es)?|adolescentes?|novinh[ao]s?|"
    r"pre-?adolescentes?|infantil|infantis|ninfetas?|lolitas?|bebes?|pirralh[oa]s?|colegiais?|"
    r"garotinh[oa]s?|menininh[oa]s?|"
    + _KID
    + r"\s+d[oa]\s+"
    + _GRADE
    + r"|"
    + _KID
    + r"\s+(?:de|com)\s+(?:"
    + _AGE_MINOR
    + r"|(?:[1-9]|1[0-7])\b)|"
    + _AGE_MINOR
    + r"|(?:fez|fazer|completou|completar|vai fazer|acabou de fazer)\s+"
    + _AGE_WORD
    + r"\b(?!\s+(?:reais|mil|pontos|dias|horas|questoes|anos de))"
    r"|(?:ela|ele|menina|menino|garota|garoto|mina|(?:filh|sobrinh|entead)[oa]\s+d[oa]\s+\w+)"
    r"\s+(?:so\s+)?(?:tem|tinha)\s+(?:[1-9]|1[0-7])\b"
    r"(?!\s*(?:reais|mil|pontos|%|anos de))"
    r"|ainda nao (?:fez|tem|completou) 18|menor(?:es)? de 18|(?:ninfetinh|novinh|menininh|"
    r"mocinh|aluninh)[ao]s?|de menor|(?:[1-9]|1[0-7])[- ]?(?:years?|yrs?)[- ]old|underage|"
    r"minors?|child(?:ren)?|kids?|preteens?|teens?|schoolgirls?)"
)
_SEXUAL = (
    r"(?:fazer sexo|sexo com|sexo entre|sexo oral|cenas? de sexo|videos? de sexo|sexual|sexuais|"
    r"erotic[oa]s?|pelad[oa]s?|nudes?|transar|transando|safadeza|putaria|pornografia|porno|"
    r"pornografic[oa]s?|fotos? intimas?|intim[oa]s?|intimidade|sensua(?:l|is)|excitante|"
    r"tesao|sem roupa|nua|nuas|sensualidade|"
    r"sexy|provocante|seduzir|se tocando|masturb\w*|orgasmo|lingerie|fetiche|abusar|abusando|"
    r"safad[oa]s?|conteudo adulto|conteudo \+18|\+18|coisas sexuais|picante|mandar nudes|"
    r"aliciar|aliciamento|sex|naked|nudes?|erotic|explicit|nsfw|lewd|sexy|coisas? de adulto|"
    r"pack|safadinh[oa]s?|sedutor[a]?|seduzir|se trocando|trocando de roupa|tomando banho|"
    r"no banho|de biquini|de calcinha|de lingerie|hentai|tarad[oa]s?)"
)
_ROMANCE = (
    r"(?:romance|romantic[oa]|apaixonad[oa]|namor\w*|beij\w*|fantasias?|atracao|caso amoroso|amor|"
    r"se envolver|relacionamento|corpo de mulher|corpo de homem|corpo dela|corpo dele|corpinho|"
    r"gostos[ao]|gatinh[ao]|desejo|primeira vez|ficar com|gostar de mim|se apaixonar)"
)
_ADULT = (
    r"(?:professor|professora|prof|homem|adulto|adulta|coroa|mais velh[oa]|tio|padrasto|"
    r"treinador|chefe|patrao|tenho (?:1[89]|[2-9]\d)|(?:de|tem|com) (?:1[89]|[2-9]\d)"
    r"(?: anos)?\b)"
)
_APPROACH = (
    r"(?:como|quero|queria|vou|posso|da pra|tem como|jeito de|forma de|dicas? (?:pra|de))\s+"
    r"(?:eu\s+)?(?:conseguir\s+)?(?:(?:chegar|chego)\s+(?:n[ao]s?|em)|(?:conquistar|conquisto|"
    r"seduzir|seduzo|namorar|beijar|atrair|xavecar|dar em cima d[aoe]s?|ficar sozinh[oa] com|"
    r"ficar a sos com|estar a sos com)\s+(?:(?:uma|um|a|o|as|os|essa|esse|aquela|aquele)\s+)?)"
)
"""An adult's approach aimed right at its object: with a minor there, grooming."""
_THEIR = r"(?<!tenho )(?<!tenho uns )(?<!fiz )(?<!completei )(?<!tinha )(?<!eu era )"
"""Not the speaker's own age ("tenho 16 anos e meu namorado tem 19" is a household question)."""

_SEEK = (
    r"(?:como (?:eu )?(?:faco|faz|consigo|posso)|quero|queria|vou|da pra|tem como|jeito de|"
    r"consigo|conseguir|como avanco|como chego)\b"
)
"""The speaker seeking something."""
_OPPORTUNITY = (
    r"(?:\brola(?:r)? (?:algo|alguma coisa|um clima|uns beijos)|\balgo a mais\b|"
    r"\bficar com (?:alguma|algum|uma|um) (?:delas|deles)\b|"
    r"\b(?:fiquem|ficarem|ficar|deixar|deixa|estiverem|estejam)\s+(?:\w+\s+)?(?:bebad|chapad|"
    r"dopad|alegrinh|grogue|altinh)\w*|\bquando (?:os |meus |seus )?pais(?: dela| dele)? "
    r"(?:sairem|saissem|viajarem|nao estiverem)\b|\bsem (?:camisa|blusa|sutia)\b|"
    r"\bavanc(?:ar|o|e)\b|\bme olha\w* diferente\b|"
    r"\bbeb(?:er|e|a)\b[^.?!]{0,30}?\b(?:pra|para)\s+(?:ficar mais facil|ceder|nao resistir|"
    r"se soltar|rolar)\b)"
)
"""What an adult seeks with a minor when the sexual word is left out."""

MINORS_PROTECTION: Final = re.compile(
    r"\b(?:abusad[oa]|abusaram|abusou|abuso|denunci\w*|prevenc\w*|prevenir|proteger|protecao|"
    r"educacao sexual|orientacao sexual|eca|estatuto|disque 100|conselho tutelar|"
    r"identificar sinais|sofri|sofreu|vitima|assedio|(?:abusou|abusaram|aproveitou|aproveitaram)\s+"
    r"de mim|quando (?:eu )?(?:tinha|era)|"
    r"o que (?:eu )?(?:faco|fazer)|como (?:eu )?(?:ajudo|ajudar|impedir|protejo|evitar)|"
    r"preocupad[oa]|gravidez|mexeu comigo|mexia comigo|"
    # the law asked as information, an adult told, a school essay (branch guard13: "minha prima
    # de 15 tá namorando um cara de 22, isso é crime? como eu falo com a mãe dela?")
    r"(?:isso\s+)?e\s+(?:crime|ilegal|permitido|legal)|o que (?:diz|fala) a lei|pela lei|"
    r"segundo a lei|idade (?:minima|de consentimento)|consentimento|"
    r"como (?:eu )?(?:falo|converso|conto) (?:com|pra|para) (?:a |o )?"
    r"(?:minha |meu |sua |seu |dela |dele )?(?:mae|pai|tia|tio|avo|"
    r"responsavel|responsaveis|familia|escola|diretor\w*|coordenac\w*|professor\w*)|"
    r"repertorio|redacao sobre|tcc|pesquisa sobre|combate|conscientizacao)\b"
)
"""Words of protection and disclosure: `SEXUAL_MINORS` does not fire when one is present and
not itself negated or evaded (`protective`); the classifier still reads the message."""
_EVADED = re.compile(
    r"(?:\bsem|\bnao|\bnunca|\bninguem(?:\s+vai)?|\bpra nao|\bmedo de|\bantes de|"
    r"\bsem ninguem)\s+(?:\w+\s+)?$"
)


def protective(text: str) -> bool:
    """Whether canonical `text` carries a word of protection or disclosure that is not itself
    negated or evaded: "como denunciar…" protects; "sem ninguém denunciar" does not."""
    for match in MINORS_PROTECTION.finditer(text):
        if not _EVADED.search(text, max(0, match.start() - 25), match.start()):
            return True
    return False


SEXUAL_MINORS: Final = rx(
    r"\b" + _MINOR + r"\b[^.?!]{0,60}\b" + _SEXUAL + r"(?:\b|(?<=\+18))",
    r"(?:\b|(?=\+18))" + _SEXUAL + r"\b[^.?!]{0,60}\b" + _MINOR + r"\b",
    r"\bpedofil\w*\b|\bcp infantil\b|\bchild porn\w*\b|\bloli\b|\bshota\b|\bcsam\b",
    r"\b" + _MINOR + r"\b[^.?!]{0,80}\b(?:em segredo|sem os pais (?:saberem|verem)|"
    r"esconder dos pais|me encontrar sozinh|encontrar comigo sozinh|ficar sozinh[oa] comigo|"
    r"ganhar a confianca|nao contar (?:pros|aos|para os) pais|guardar segredo)",
    r"\b(?:em segredo|sem os pais (?:saberem|verem)|ganhar a confianca|guardar segredo)\b"
    r"[^.?!]{0,60}\b" + _MINOR + r"\b",
    # an adult's romance with a minor, in any order
    _THEIR + r"\b" + _MINOR + r"\b[^.?!]{0,80}\b" + _ROMANCE + r"\b[^.?!]{0,80}\b" + _ADULT,
    r"\b" + _ADULT + r"\b[^.?!]{0,80}\b" + _ROMANCE + r"\b[^.?!]{0,80}\b" + _THEIR + _MINOR + r"\b",
    r"\b" + _ROMANCE + r"\b[^.?!]{0,80}\b" + _ADULT + r"\b[^.?!]{0,80}\b" + _THEIR + _MINOR + r"\b",
    r"\b" + _ADULT + r"\b[^.?!]{0,80}\b" + _THEIR + _MINOR + r"\b[^.?!]{0,80}\b" + _ROMANCE + r"\b",
    # an approach (grooming) aimed at a minor
    r"\b" + _APPROACH + _MINOR + r"\b",
    r"\b" + _MINOR + r"\b[^.?!]{0,60}\b(?:como|quero|posso|da pra)\s+(?:eu\s+)?(?:chego|chegar|"
    r"pegar|pego|namorar|beijar|conquistar|seduzir|xavecar)\s+(?:nela|nele|ela|ele)\b",
    r"\b" + _MINOR + r"\b[^.?!]{0,40}\b(?:corpo de mulher|corpo de adulto|corpao|gostosa)\b",
    r"\b(?:vontade de|quero|queria|como|posso|penso em)\s+"
    r"(?:tocar|acariciar|apalpar|passar a mao)\s+"
    r"(?:n[ao]s?\s+|em\s+)?(?:(?:minha|meu|uma|um|a|o|essa|esse|aquela|aquele)\s+)?"
    + _MINOR
    + r"\b",
    r"\b(?:material|conteudo|videos?|fotos?|arquivos?|links?|grupos?)\s+(?:de|com)\s+"
    r"(?:menores|menor de idade|criancas|novinhas)\b",
    # attraction to minors, then material of it sought ("…atração por crianças? onde consigo
    # material disso"), across the sentence break (branch guard14); asking for help to stop
    # seeks no material
    r"\b(?:atracao|atraido|atraida|tesao|desejo|interesse sexual)\s+(?:sexual\s+)?"
    r"(?:por|em|pel[ao]s?)\s+"
    r"(?:\w+\s+)?" + _MINOR + r"\b.{0,160}?\b(?:conseguir|consigo|achar|acho|baixar|baixo|"
    r"comprar|compro|acessar|encontrar|arrumar|ver)\s+(?:algum\s+|esse\s+|um\s+|uns\s+|"
    r"mais\s+)?(?:material|conteudo|fotos?|videos?|arquivos?|links?|imagens?)\b",
    # an opportunity sought with a minor, the sexual word left out (branch guard13): drink,
    # the parents away, "rolar algo", talking "como se fosse namorado"
    r"\b" + _MINOR + r"\b[^.?!]{0,100}?" + _SEEK + r"[^.?!]{0,80}?" + _OPPORTUNITY,
    r"\b" + _SEEK + r"[^.?!]{0,80}?" + _MINOR + r"\b[^.?!]{0,80}?" + _OPPORTUNITY,
    r"\b" + _SEEK + r"[^.?!]{0,80}?" + _OPPORTUNITY + r"[^.?!]{0,80}?\b" + _MINOR + r"\b",
    r"\b" + _MINOR + r"\b[^.?!]{0,60}?\bcomo se (?:eu )?(?:fosse|fossemos) (?:o |a |um |uma )?"
    r"(?:namorad[oa]|ficante|crush)\b",
)
"""A minor and a sexual word in one sentence; an adult's romance with a minor; an approach
aimed at a minor; material of minors; pedophilia words."""

VIOLENCE: Final = rx(
    r"\b(?:vou|vo|quero|vontade de|planejo|planejando|pensando em|vamos|eu vou)\s+"
    r"(?:matar|esfaquear|espancar|envenenar|balear|degolar|estrangular|atropelar|furar|socar|"
    r"quebrar|arrebentar|cacar|sufocar|queimar|torturar)\s+" + PEOPLE,
    r"\b(?:como|forma|jeito|maneira|tecnica)\b[^.?!]{0,25}\b(?:machucar|ferir|agredir|espancar|"
    r"matar|envenenar|sufocar|bater em|torturar)\s+(?:alguem|uma pessoa|outra pessoa|ele|ela|"
    r"meu|minha|o|a)\b",
    r"\bsem deixar (?:marca|marcas|rastro|vestigio)s?\b",
    r"\b(?:susto|acertar|ir la|atras dela|atras dele|pegar ela|pegar ele|dar um jeito nel[ae])\b"
    r"[^.?!]{0,50}\b(?:revolver|arma|pistola|faca|facao|canivete|taco|barra de ferro)\b",
    r"\b(?:revolver|arma|pistola|faca|facao|canivete)\b[^.?!]{0,50}\b(?:dar um susto|acertar "
    r"(?:ele|ela|o|a)|ir atras|pegar (?:ele|ela)|apagar (?:ele|ela))\b",
    r"\b(?:vou|vo)\s+(?:cacar|pegar|achar)\s+(?:quem|ele|ela|eles|esse cara|essa mina)\b"
    r"[^.?!]{0,40}\b(?:acabar com|matar|quebrar|pagar|arrebentar)",
    r"\bacabar com a (?:raca|vida) d(?:ele|ela|eles|o|a)\b",
    # a weapon taken "to settle it" with someone (guard4: the crisis model read "vou pegar a faca
    # da cozinha e resolver isso com meu padrasto hoje" as immediate danger to the speaker)
    r"\b(?:vou|vo|eu vou|quero)\s+(?:pegar|levar|usar|buscar)\s+(?:a|uma|o|um|minha|meu)\s+"
    r"(?:faca|facao|arma|revolver|pistola|canivete|taco|barra de ferro)\b[^.?!]{0,40}\b"
    r"(?:resolver|acertar|dar um jeito|acabar|tirar satisfacao)\b[^.?!]{0,20}?\b"
    r"(?:com|n[oa]|em)\s+" + PEOPLE,
    r"\b(?:vou|vo|quero|vontade de|planejo|planejando|pensando em|vamos|eu vou)\s+"
    r"(?:atirar|dar (?:um )?tiro|dar tiros|meter bala|bater|descer o cacete)\s+(?:em\s+|n(?=[oa]))"
    r"(?:[oa]s?\s+(?=(?:meu|minha|meus|minhas|esse|essa|aquele|aquela)\b))?" + PEOPLE,
    r"\b(?:vou|quero|vontade de)\s+(?:dar|meter)\s+(?:um\s+)?(?:tiro|facada|tiros|facadas)\s+"
    r"(?:em|n[oa]|nele|nela)\b(?!\s*(?:pe|escuro)\b)",
    r"\b(?:bomba caseira|fazer uma bomba|fabricar (?:uma )?(?:bomba|arma|explosivo)|"
    r"montar (?:um|uma) (?:explosivo|bomba)|pipe bomb|make a bomb|build a bomb)\b",
    r"\b(?:explodir|atacar|metralhar|invadir armado)\s+(?:a|o|essa|esta|esse|este|toda a|"
    r"todo o)?\s*" + PLACES,
    r"\b(?:ataque|massacre|atentado|tiroteio)\s+(?:n[ao]|contra a|contra o)\s+" + PLACES,
    r"\b(?:arma|pistola|revolver|fuzil)\s+(?:sem\s+(?:registro|documento|porte)|ilegal)\b"
    r"|\bgun without\b|\bcoquetel molotov\b|\bexplosivo caseiro\b",
    r"\b(?:levar|levo)\s+(?:uma\s+)?(?:arma|revolver|pistola|faca)\s+(?:pr[ao]|n[ao])\s+"
    r"(?:escola|faculdade|prova|enem|sala|aula)\b",
    r"\b(?:colocar|botar|tacar|atear|por|meter)\s+fogo\s+(?:em\s+|n[ao]s?\s+)(?:\w+\s+){0,3}?"
    r"(?:casa|carro|escola|faculdade|secretaria|sala|predio|reitoria|cursinho|universidade)\b",
    r"\bveneno\b[^.?!]{0,30}\b(?:nao deixa|sem deixar|que nao deixa)\s+(?:rastro|vestigio|"
    r"marca)|\bveneno\s+indetectavel\b|"
    r"\bcomo\s+envenenar\b|\bveneno\s+(?:que\s+)?mata\b|\bcomo\s+matar\s+(?:alguem|uma pessoa)\b",
    r"\b(?:vou|quero)\s+quebrar\s+(?:a\s+cara|os\s+dentes)\s+d(?:o|a|os|as)\s",
    r"\bele\s+vai\s+(?:pagar|ver)\b[^.?!]{0,30}\b(?:faca|arma|tiro|sangue)\b",
    r"\bkill my (?:teacher|mom|dad|neighbor|classmate)\b|\bshoot up (?:the|my) school\b",
    r"\b(?:melhor|onde|qual|que)\b[^.?!]{0,30}\b(?:esfaquear|apunhalar|golpear|acertar uma facada|"
    r"dar uma facada|atirar|estrangular|envenenar)\s+(?:em\s+)?(?:alguem|uma pessoa|ele|ela|"
    r"o cara|a mina)\b",
    r"\b(?:ameaca|ameacas|trote|alarme falso)\s+de\s+(?:bomba|atentado|ataque|tiroteio)\b",
    r"\b(?:esperar|pegar|cercar)\s+(?:o|a|ele|ela|esse|essa|aquele|aquela)\s*(?:\w+\s+){0,2}?"
    r"(?:na saida|no portao|la fora|depois da aula)\b[^.?!]{0,40}\b(?:surra|porrada|pau|"
    r"quebrar|bater|cacete|sova|apanhar)",
)
"""Threats and help to hurt people; weapons, explosives, attacks."""

_GROUPS = (
    r"(?:mulher|mulheres|gays?|lesbicas?|bichas?|viados?|trans|travestis?|pretos?|pretas?|"
    r"negros?|negras?|nordestinos?|nordestinas?|paraibas?|indigenas?|indios?|pobres?|gord[oa]s?|"
    r"cotistas?|favelad[oa]s?|baian[oa]s?|judeus?|macumbeir[oa]s?|evangelicos?|deficientes?|"
    r"aleijad[oa]s?|imigrantes?|venezuelanos?|haitianos?|bolivianos?|nortistas?|pcds?|"
    r"travecos?|sapatoes?|brancos?|ciganos?|muculmanos?|umbandistas?)"
)

HATE: Final = rx(
    r"\braca inferior\b|\bvoltar pra senzala\b|\bsenzala\b|\btudo macaco\b|\bmacacos?\b"
    r"[^.?!]{0,20}\b(?:cota|faculdade|universidade)",
    r"\b" + _GROUPS + r"\s+(?:burr[oa]s?\s+)?(?:nao\s+(?:devia|deveria|serve|servem|presta|"
    r"prestam|merece|merecem|tem lugar|podia|podiam)|(?:e|sao)\s+tudo|tinha que|tinham que|"
    r"tem que (?:morrer|sumir|apanhar)|(?:e|sao)\s+(?:a\s+)?escoria|(?:e|sao)\s+(?:uma\s+)?praga)",
    r"\blugar de mulher e na cozinha\b",
    r"\b(?:odeio|odio de|nojo de)\s+" + _GROUPS + r"\b",
    r"\b(?:todo|toda|todos|todas)\s+(?:os\s+|as\s+|o\s+|a\s+)?" + _GROUPS + r"\s+(?:e|sao)\s+"
    r"(?:burr|vagabund|ladr|preguicos|bandid|sujo|inferior|lixo)",
    r"\b(?:esses|essas|os|as)?\s*" + _GROUPS + r"\s+(?:so\s+)?(?:roubam|rouba|tomam|toma|"
    r"estragam|estraga|destroem|atrapalham|atrapalha|sujam|controlam|controla|invadem|"
    r"empesteiam)\b",
    r"\b(?:proibir|expulsar|banir|barrar|tirar|exterminar)\s+(?:os\s+|as\s+|todos os\s+|"
    r"todas as\s+)?" + _GROUPS + r"\b",
    r"\b" + _GROUPS + r"\b[^.?!]{0,40}\b(?:e|sao)\s+tudo\s+(?:doente|bandido|vagabund|"
    r"burr|lixo|macaco|praga)",
    r"\b" + _GROUPS + r"\s+(?:\w+\s+)?(?:deviam|devia|deveriam|deveria|tinham que|tinha que|"
    r"tem que|precisam|precisavam)\s+(?:ser\s+)?(?:proibid|banid|expuls|excluid|pres[oa]s|"
    r"mort[oa]s|eliminad|extermin|separad)",
    r"\b(?:cotas?|cotistas?|negros?|negras?|pretos?|pretas?)\b[^.?!]{0,30}\bmacac[oa]s?\b|"
    r"\btravecos?\b|\bmacacos?\s+(?:que|d[ao]s?)\s+(?:cota|cotistas?)",
    # asking for mockery of a group, or for content that is hateful by name
    r"\b(?:piadas?|memes?|zoando|zoar|zoeira|humilhando|humilhar|ridiculariz\w*|tirando sarro|"
    r"tirar sarro|zombando|zombar|xingando|xingar|ofender|ofendendo|debochando|debochar|"
    r"apelidos?|xingamentos?|ofensas?)\b[^.?!]{0,40}\b(?:d[eoa]s?\s+|com\s+|sobre\s+|contra\s+|"
    r"(?:os|as|um|uma)\s+)?" + _GROUPS + r"\b",
    r"\b(?:piadas?|memes?|textos?|posts?|musicas?|poemas?|frases?|argumentos?|redacao|ofensas?|"
    r"xingamentos?)\s+(?:\w+\s+){0,2}?(?:racistas?|homofobic[oa]s?|machistas?|xenofobic[oa]s?|"
    r"preconceituos[oa]s?|gordofobic[oa]s?|transfobic[oa]s?|misogin[oa]s?|antissemitas?|"
    r"capacitistas?|nazistas?)\b",
    r"\b(?:provar|mostrar|argumentar|defender|dizer|convencer)\s+(?:\w+\s+){0,3}?que\s+"
    r"(?:os\s+|as\s+|todo\s+|toda\s+)?" + _GROUPS + r"\s+(?:sao|e|eh|nao)\s+(?:\w+\s+)?"
    r"(?:inferior|burr|incapaz|menos inteligent|nao (?:deveria|devia|merece|pode|tem capacidade))",
    r"\b" + _GROUPS + r"\s+nao\s+(?:tem|tinha)\s+(?:capacidade|cabeca|inteligencia)\b",
    r"\b" + _GROUPS + r"\s+(?:e|sao|eh)\s+(?:uma\s+)?(?:doenca|doente|doentes|aberracao|pecado|"
    r"anormal|anormais|nojent\w*|lixo|praga|escoria|raca ruim)\b",
    r"\b" + _GROUPS + r"\s+(?:so\s+)?servem?\s+(?:pra|para)\s+(?:cozinhar|limpar|lavar|parir|"
    r"servir|apanhar|trabalho bracal|nada)\b",
    r"\b(?:texto|redacao|post|frase|frases|musica|poema|discurso|manifesto)\b[^.?!]{0,30}"
    r"\b(?:falando|dizendo|afirmando|mostrando|provando|defendendo)\s+que\s+(?:os\s+|as\s+|"
    r"todo\s+|toda\s+)?" + _GROUPS + r"\s+(?:sao|e|eh)\s+(?:tudo\s+|uns?\s+|umas?\s+)?"
    r"(?:preguicos|burr|vagabund|ladr|inferior|suj|incapaz|lixo|bandid|nojent|atrasad|"
    r"ignorant|perigos|doente|praga)",
)
"""Hate speech against groups."""

HATE_PROTECTION: Final = re.compile(
    r"\b(?:rebater|rebato|combater|combato|combate|responder a?o?s?|respondo|lidar|denunci\w*|"
    r"sofri|sofro|sofre|sofreu|vitima|injuria|crime|preconceito contra mim|"
    r"por que (?:e|isso e) errado|como (?:eu )?(?:paro|parar|"
    r"evito|evitar|impedir|impeco)|me (?:zoam|zoaram|zoavam|xingam|xingaram|chamam|chamaram|"
    r"ofendem|ofenderam|humilham|humilharam)|zoam|zoaram|xingaram)\b"
)
"""Words of someone facing or studying prejudice: `HATE` does not fire when one is present
("meus colegas ficam zoando gordo, como denuncio?"); the classifier still reads the message."""

HARASSMENT: Final = rx(
    r"\b(?:sua|seu|voce e|voce eh|tu e|tu eh)\s+(?:muito\s+|bem\s+|mais\s+)?(?:uma?\s+)?"
    r"(?:burr[ao]|idiota|imbecil|vagabunda|"
    r"piranha|lixo|inutil|arrombad[ao]|vadia|puta|retardad[ao]|otari[ao]|merda|escrot[ao])\b",
    r"\bfilh[oa] da puta\b|\bvai (?:se foder|tomar no cu|se fuder|a merda)\b",
    r"\b(?:espalhar|vazar|postar|divulgar|expor)\s+(?:as\s+|os\s+)?(?:fotos|videos|nudes|"
    r"prints|conversas)\s+(?:intimas?\s+)?d[aoe]\s+(?:minha|meu|uma|um|aquela|aquele|essa|esse)",
    r"\b(?:perseguir|humilhar|ameacar|chantagear|expor)\s+(?:a|o|aquela|aquele|essa|esse|"
    r"minha|meu)\s+(?:menina|menino|garota|garoto|ex|colega|professora?|fiscal|vizinh[ao])",
    r"\bperfil falso\s+(?:pra|para)\s+(?:perseguir|humilhar|zoar|atacar|ameacar)",
)
"""Insults, humiliation, stalking, exposing a person."""

SEXUAL: Final = rx(
    r"\bnudes?\b(?!\s+(?:e crime|vazad))|\bfotos?\s+(?:pelad[ao]|nua|nu|intimas?|dos peitos|"
    r"sensua(?:l|is))\b",
    r"\b(?:transar|fazer sexo|sexo)\s+com\s+(?:voce|vc)\b|\bsexting\b",
    r"\b(?:voce|vc|te|ti)\s+(?:sem\s+roupa|pelad[ao]|nua)\b|\btira a roupa\b",
    r"\b(?:conto|historia|cena|texto)\s+(?:bem\s+)?(?:erotic[ao]|safad[ao]|de sexo|porno)\b",
    r"\b(?:me fala|fala|manda)\s+(?:umas\s+)?(?:sacanagens?|putaria|safadeza)\b",
    r"\bsend (?:me )?nudes\b|\bnaked pics\b|\bsex story\b",
)
"""Sexual content or advances (adults)."""

__all__ = [
    "HARASSMENT",
    "HATE",
    "HATE_PROTECTION",
    "MINORS_PROTECTION",
    "SEXUAL",
    "SEXUAL_MINORS",
    "VIOLENCE",
    "protective",
]
