"""Strong rules for harm to others: sexual content with minors, violence, hate, harassment,
sexual content.

`SEXUAL_MINORS` needs a minor *and* a sexual word in the same sentence, and does not fire on
the words people use to protect children or to report abuse (`MINORS_PROTECTION`: "abuso",
"denunciar", "educação sexual", "ECA"…): a student disclosing abuse must not get a refusal.
"""

from __future__ import annotations

import re
from typing import Final

from switchboard.patterns.guardrails.rules.lexicon import PEOPLE, PLACES, rx

_AGE_MINOR = (
    r"(?:[1-9]|1[0-7]|um|dois|tres|quatro|cinco|seis|sete|oito|nove|dez|onze|doze|treze|"
    r"quatorze|catorze|quinze|dezesseis|dezessete)\s+anos"
)
_MINOR = (
    r"(?:criancas?|menor(?:es)?\s+de\s+idade|menor(?:es)?|adolescentes?|novinh[ao]s?|"
    r"pre-?adolescentes?|infantil|infantis|ninfetas?|lolitas?|bebes?|pirralh[oa]s?|"
    r"(?:alun[oa]s?|estudantes?|criancas?)\s+d[oa]\s+(?:ensino\s+)?(?:fundamental|[1-9]o ano|"
    r"primeiro ano|segundo ano|terceiro ano|quarto ano|quinto ano|sexto ano|setimo ano|"
    r"oitavo ano|nono ano|primario|creche|pre-?escola)|"
    r"(?:menin[oa]s?|garot[oa]s?|alun[oa]s?|filh[oa]s?|enteada|enteado|sobrinh[oa]|"
    r"prima|primo|irmazinha|irmaozinho)\s+(?:de|com)\s+(?:" + _AGE_MINOR + r"|(?:[1-9]|1[0-7])\b)"
    r"|" + _AGE_MINOR + r"|(?:[1-9]|1[0-7])\s+aninhos|ainda nao (?:fez|tem|completou) 18|"
    r"menor(?:es)? de 18|(?:ninfetinh|novinh|menininh|mocinh|aluninh)[ao]s?|de menor|"
    r"(?:[1-9]|1[0-7])[- ]?(?:years?|yrs?)[- ]old|underage|"
    r"minors?|child(?:ren)?|kids?|preteens?)"
)
_SEXUAL = (
    r"(?:fazer sexo|sexo com|sexo entre|sexo oral|cenas? de sexo|videos? de sexo|sexual|sexuais|"
    r"erotic[oa]s?|pelad[oa]s?|nudes?|transar|transando|safadeza|putaria|pornografia|porno|"
    r"pornografic[oa]s?|fotos? intimas?|sensua(?:l|is)|excitante|tesao|sem roupa|nua|nuas|"
    r"sexy|provocante|seduzir|se tocando|masturb\w*|orgasmo|lingerie|fetiche|abusar|abusando|"
    r"safad[oa]s?|conteudo adulto|conteudo \+18|coisas sexuais|picante|mandar nudes|"
    r"aliciar|aliciamento|sex|naked|nudes?|erotic|sexy|coisas? de adulto|pack|safadinh[oa]s?|"
    r"sedutor[a]?|seduzir|se trocando|trocando de roupa|tomando banho|no banho|de biquini|"
    r"de calcinha|de lingerie)"
)

MINORS_PROTECTION: Final = re.compile(
    r"\b(?:abusad[oa]|abusaram|abusou|abuso|denunci\w*|prevenc\w*|prevenir|proteger|protecao|"
    r"educacao sexual|orientacao sexual|eca|estatuto|disque 100|conselho tutelar|"
    r"identificar sinais|sofri|sofreu|vitima|assedio|de mim|quando (?:eu )?(?:tinha|era))\b"
)
"""Words of protection and disclosure: `SEXUAL_MINORS` does not fire when one is present (the
classifier still reads the message)."""

SEXUAL_MINORS: Final = rx(
    r"\b" + _MINOR + r"\b[^.?!]{0,60}\b" + _SEXUAL + r"\b",
    r"\b" + _SEXUAL + r"\b[^.?!]{0,60}\b" + _MINOR + r"\b",
    r"\bpedofil\w*\b|\bcp infantil\b|\bchild porn\w*\b|\bloli\b|\bshota\b|\bcsam\b",
    r"\b" + _MINOR + r"\b[^.?!]{0,80}\b(?:em segredo|sem os pais (?:saberem|verem)|"
    r"esconder dos pais|me encontrar sozinh|encontrar comigo sozinh|ficar sozinh[oa] comigo|"
    r"ganhar a confianca)",
    r"\b(?:em segredo|sem os pais (?:saberem|verem)|ganhar a confianca)\b[^.?!]{0,60}\b"
    + _MINOR
    + r"\b",
)
"""A minor and a sexual word in one sentence; pedophilia words."""

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
    r"\b(?:vou|vo|quero|vontade de|planejo|planejando|pensando em|vamos|eu vou)\s+"
    r"(?:atirar|dar (?:um )?tiro|dar tiros|meter bala|bater|descer o cacete)\s+(?:em\s+|n(?=[oa]))"
    + PEOPLE,
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
    r"\bcomo\s+envenenar\b|\bveneno\s+(?:que\s+)?mata\b|\bcomo\s+matar\s+(?:alguem|uma pessoa)\b",
    r"\b(?:vou|quero)\s+quebrar\s+(?:a\s+cara|os\s+dentes)\s+d(?:o|a|os|as)\s",
    r"\bele\s+vai\s+(?:pagar|ver)\b[^.?!]{0,30}\b(?:faca|arma|tiro|sangue)\b",
    r"\bkill my (?:teacher|mom|dad|neighbor|classmate)\b|\bshoot up (?:the|my) school\b",
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
)
"""Hate speech against groups."""

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

__all__ = ["HARASSMENT", "HATE", "MINORS_PROTECTION", "SEXUAL", "SEXUAL_MINORS", "VIOLENCE"]
