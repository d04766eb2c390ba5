"""Precise pt-BR rules, both ways, over normalized text (lowercase, accents folded).

**Strong rules** mark a message UNSAFE on their own. Each one needs an unambiguous phrase — an
intent verb *and* an object ("vou me matar", "vou matar meu professor", "como falsificar
holerite") — because a rule has no threshold to hide behind. Idioms are excluded inside the rule
itself where they share words: "me matar **de** rir", "matar **essa matéria**", "tiro **no pé**".

**Allow rules** recognize idioms and legitimate questions that carry sensitive words ("essa prova
me matou", "matar a saudade", "o que acontece se eu errar a renda sem querer?"). They never make a
message SAFE by themselves: they blank the idiom out of the text the classifier sees and raise
the classifier's threshold for the categories they cover, so "essa prova me matou" is SAFE while
"essa prova me matou, não quero mais viver" still reaches a strong rule or the model.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from switchboard.patterns.guardrails.verdict import GuardCategory


def _rx(*parts: str) -> re.Pattern[str]:
    return re.compile("|".join(f"(?:{p})" for p in parts))


_PEOPLE = (
    r"(?:(?:o|a|os|as|meu|minha|meus|minhas|esse|essa|esses|essas|aquele|aquela|seu|sua|"
    r"um|uma|todo|toda)\s+)?(?:professor|professora|prof|coordenador|coordenadora|diretor|"
    r"diretora|vizinho|vizinha|ex|padrasto|madrasta|pai|mae|irmao|irma|primo|prima|colega|"
    r"colegas|fiscal|namorado|namorada|chefe|cara|mina|menina|menino|moleque|aluno|aluna|"
    r"alunos|policial|desgracado|desgracada|filho|filha|todo mundo|todos|geral|ele|ela|eles|"
    r"elas|voce|vc|alguem|pessoa|pessoas)\b"
)
_PLACES = (
    r"(?:(?:minha|nossa|sua)\s+)?"
    r"(?:escola|faculdade|sala|campus|colegio|local de prova|universidade|cursinho)"
)
_FIRST_PERSON_INTENT = (
    r"(?:vou|vo|quero|queria|vontade de|pensando em|penso em|pensei em|pensar em|tentar|"
    r"tentei|preciso|deveria|devia|ir|eu|acho que vou|planejando|planejo)"
)

STRONG: Final[dict[GuardCategory, re.Pattern[str]]] = {
    "self_harm": _rx(
        _FIRST_PERSON_INTENT + r"\s+me\s+(?:matar|suicidar|enforcar|envenenar)\b(?!\s+de\b)",
        r"\bme\s+mato\b(?!\s+de\b)",
        r"\bme\s+suicid",
        r"\b(?:penso|pensando|pensei|pensamentos?|ideias?)\s+(?:em\s+|de\s+)?suicid",
        r"\bpensamentos suicidas\b|\bmeu\s+suicidio\b|\btentei\s+(?:o\s+)?suicidio\b",
        r"\bthinking about suicide\b|\bsuicidio\s+(?:e|parece)\s+a\s+(?:unica|melhor)\s+saida\b",
        r"\b(?:quero|queria|vou|to querendo|so queria|eu so queria)\s+morrer\b(?!\s+de\b)",
        r"\b(?:tirar|acabar com|dar (?:um )?fim (?:a|n?a))\s+(?:a\s+)?minha\s+"
        r"(?:propria\s+)?vida\b",
        r"\b(?:nao|n)\s+(?:aguento|quero|tenho vontade de)\s+mais\s+viver\b",
        r"\b(?:nao|n)\s+(?:tenho|vejo)\s+(?:mais\s+)?(?:vontade|sentido|motivo|razao)\s+"
        r"(?:de|em|pra|para)\s+viver\b",
        r"\b(?:dormir e\s+)?(?:nao|n)\s+acordar\s+mais\b",
        r"\bdeixar de existir\b|\bcarta de despedida\b|\bnunca ter nascido\b",
        r"\b(?:melhor|melhores)\s+sem\s+mim\b",
        r"\bsentir(?:ia)?\s+minha\s+falta\s+se\s+eu\s+morr",
        r"\b(?:vontade de|vou|voltei a|quero)\s+me\s+(?:cortar|machucar|ferir)\b",
        r"\bme\s+(?:corto|machuco)\s+(?:quando|pra|para|todo|toda|sempre)\b",
        r"\bme\s+jogar\s+(?:d[aoe]\s+(?:ponte|predio|janela|viaduto|sacada|terraco|prediozinho)"
        r"|na\s+frente\s+d[oe])",
        r"\b(?:pular|me atirar)\s+d[aoe]\s+(?:ponte|predio|janela|viaduto)\b",
        r"\b(?:tomar|tomo|tomei)\s+(?:todos?\s+os|a\s+cartela|a caixa|tudo)\s*"
        r"(?:de\s+)?(?:remedios?|comprimidos?)?\s*(?:de uma vez|da caixa)?",
        r"\bquantos?\s+(?:comprimidos|remedios)\s+(?:precisa\s+)?(?:pra|para)\s+morrer\b",
        r"\bjeito mais (?:facil|rapido) de morrer\b|\bcomo me matar\b",
        r"\b(?:remedio|comprimido)s?\s+(?:que\s+)?mata\b|\bmata se tomar\b",
        r"\bunica saida e a morte\b|\bmorrer seria um alivio\b",
        r"\b(?:seria|ficaria|seriam|ficariam)\s+(?:mais\s+feliz(?:es)?|melhor(?:es)?)\s+"
        r"(?:se eu (?:nao existisse|morresse|sumisse|nao estivesse aqui)|sem mim)\b",
        r"\b(?:pra|para) que viver\b|\beu\s+acabo\s+comigo\b",
        r"\b(?:pensando em|penso em|vou|quero|vontade de)\s+acabar com tudo\b",
        r"\b(?:juntei|juntando|separei|guardei|guardando)\b[^.?!]{0,25}\b(?:remedios?|comprimidos)",
        r"\b(?:remedios|comprimidos)\b[^.?!]{0,30}\btomar\s+(?:de uma vez|tudo|todos|junto)",
        r"\b(?:sou|me sinto)\s+um\s+(?:fardo|peso)\b",
        r"\b(?:sem|nao tenho mais)\s+forcas\s+(?:pra|para)\s+(?:viver|continuar)",
        r"\b(?:partir|sumir)\s+desse\s+mundo\b|\b(?:dormir|descansar)\s+pra\s+sempre\b",
        r"\b(?:sumir|desaparecer) de vez\b|\bnao quero mais existir\b",
        r"\bkill myself\b|\bend my life\b|\bsuicidal\b|\bcommit suicide\b|\bwant to die\b",
        r"\bdont want to live\b|\bdon't want to live\b",
    ),
    "violence": _rx(
        r"\b(?:vou|vo|quero|vontade de|planejo|planejando|pensando em|vamos)\s+"
        r"(?:matar|esfaquear|espancar|envenenar|atirar (?:em|n)|balear|degolar|estrangular|"
        r"atropelar|furar)\s+" + _PEOPLE,
        r"\b(?:vou|quero|vontade de)\s+(?:dar|meter)\s+(?:um\s+)?(?:tiro|facada|tiros|facadas)\s+"
        r"(?:em|n[oa]|nele|nela)\b(?!\s*(?:pe|escuro)\b)",
        r"\b(?:bomba caseira|fazer uma bomba|fabricar (?:uma )?(?:bomba|arma|explosivo)|"
        r"montar (?:um|uma) (?:explosivo|bomba)|pipe bomb|make a bomb|build a bomb)\b",
        r"\b(?:explodir|atacar|metralhar)\s+(?:a|o|essa|esta|esse|este|toda a|todo o)?\s*"
        + _PLACES,
        r"\b(?:ataque|massacre|atentado)\s+(?:n[ao]|contra a|contra o)\s+" + _PLACES,
        r"\b(?:arma|pistola|revolver|fuzil)\s+(?:sem\s+(?:registro|documento|porte)|ilegal)\b"
        r"|\bgun without\b|\bcoquetel molotov\b|\bexplosivo caseiro\b",
        r"\b(?:levar|levo)\s+(?:uma\s+)?(?:arma|revolver|pistola)\s+(?:pr[ao]|n[ao])\b",
        r"\b(?:colocar|botar|tacar)\s+fogo\s+n[ao]s?\s+(?:casa|carro|escola|faculdade)\b",
        r"\bcomo\s+envenenar\b|\bveneno\s+(?:que\s+)?mata\b",
        r"\b(?:vou|quero)\s+quebrar\s+(?:a\s+cara|os\s+dentes)\s+d(?:o|a|os|as)\s",
        r"\bkill my (?:teacher|mom|dad|neighbor|classmate)\b",
    ),
    "harassment_sexual": _rx(
        r"\b(?:sua|seu|vc e|voce e|vc eh)\s+(?:uma?\s+)?(?:burr[ao]|idiota|imbecil|vagabunda|"
        r"piranha|lixo|inutil|arrombad[ao]|vadia|puta|retardad[ao])\b",
        r"\bfilh[oa] da puta\b|\bvai (?:se foder|tomar no cu|se fuder)\b",
        r"\bnudes?\b|\bfotos?\s+(?:pelad[ao]|nua|nu|intimas?|dos peitos|sensua(?:l|is))\b",
        r"\b(?:transar|fazer sexo|sexo)\s+com\s+(?:voce|vc)\b|\bsexting\b",
        r"\b(?:voce|vc|te|ti)\s+(?:sem\s+roupa|pelad[ao]|nua)\b",
        r"\b(?:conto|historia|cena)\s+(?:bem\s+)?(?:erotic[ao]|safad[ao]|de sexo)\b",
        r"\braca inferior\b|\bvoltar pra senzala\b|\bsenzala\b|\btudo macaco\b",
        r"\b(?:mulher|mulheres|gays?|pretos?|negros?|nordestinos?|indigenas?|pobres?|gord[oa]s?|"
        r"cotistas?|favelad[oa]s?|baian[oa]s?)\s+(?:burr[oa]s?\s+)?(?:nao\s+(?:devia|deveria|serve|"
        r"presta|merece|tem lugar)|(?:e|sao)\s+tudo|tinha que|tem que (?:morrer|sumir|apanhar))",
        r"\blugar de mulher e na cozinha\b",
        r"\bsend (?:me )?nudes\b|\bnaked pics\b|\bsex story\b",
    ),
    "prompt_injection": _rx(
        r"\b(?:ignor|desconsider|esquec)\w*\s+(?:todas?\s+|tudo\s+)?(?:as\s+|suas\s+|tuas\s+|"
        r"os\s+)?(?:\w+\s+)?(?:instruc|regras|diretrizes|orientac|prompt)",
        r"\b(?:esquec|ignor)\w*\s+tudo\s+(?:o\s+)?que\s+te\s+(?:disseram|falaram|mandaram)",
        r"\bignore\s+(?:all\s+|your\s+|the\s+)?(?:previous\s+|prior\s+|above\s+)?"
        r"(?:instructions|rules|guidelines)\b",
        r"\b(?:prompt|instruc\w*)\s+(?:de|do)\s+sistema\b|\bsystem prompt\b|\bprompt inicial\b",
        r"\binstrucoes\s+(?:internas|ocultas|secretas)\b|\bhidden instructions\b",
        r"\bmodo\s+(?:desenvolvedor|dev|deus|sem\s+(?:restric|filtro|regra|censura))"
        r"|\bdeveloper mode\b|\bjailbreak\b|\bsystem override\b",
        r"\b(?:ia|assistente|bot|voce|vc|responda|responde|aja|finja|finge|agora)\b[^.?!]{0,40}"
        r"\bsem\s+(?:regras|restricoes|filtros?|censura|limites|diretrizes)\b",
        r"</?\s*(?:system|instructions)\s*>|\[system\]",
        r"\brepita\s+(?:tudo|o texto)\s+(?:que\s+(?:esta|vem)\s+)?(?:escrito\s+)?"
        r"(?:acima|antes)\b",
        r"\b(?:desativ|desabilit|deslig)\w*\s+(?:o\s+|os\s+|seu\s+|suas\s+|sua\s+|as\s+)?"
        r"(?:filtro|restric|regras|seguranca)",
        r"\bvoce\s+(?:agora\s+)?e\s+(?:o\s+)?dan\b|\bcomo\s+dan\b",
        r"\besquec\w*\s+que\s+(?:voce|vc)\s+e\b",
        r"\bagora\s+(?:voce|vc)\s+e\s+(?:um|uma)\s+(?:hacker|ia|outr[oa]|assistente sem)",
        r"\bno restrictions\b|\bdisregard (?:your|all|the) (?:rules|instructions)\b",
        r"\b(?:print|reveal|show)\s+(?:me\s+)?(?:your|the)\s+(?:system|hidden|initial)\b",
        r"\bsenha\s+(?:de|do|da)\s+(?:admin|administrador|sistema|banco de dados|servidor)\b",
        r"\bacesso\s+(?:ao|a)\s+(?:banco de dados|servidor|painel admin)\b",
        r"\b(?:liste|lista|listar|mostra|mostre|me passa|exporta|exporte)\s+(?:todos\s+)?"
        r"(?:os\s+)?(?:usuarios|dados dos (?:outros\s+)?(?:alunos|usuarios)|cpfs)\b",
        r"\bchave de api\b|\bapi key\b",
    ),
    "fraud": _rx(
        r"\b(?:como|onde|quem)\b[^.?!]{0,20}\b(?:falsific|forj|fraud|burl)\w*",
        r"\b(?:historico|diploma|certificado)\s+(?:escolar\s+)?(?:de escola publica\s+)?"
        r"(?:falso|fake|falsificado)\b",
        r"\b(?:tirar|deixar|nao (?:vou )?colocar|excluir)\s+(?:o\s+|a\s+)?(?:meu|minha)\s+"
        r"(?:pai|mae|padrasto|madrasta|irmao|irma|avo)\b[^.?!]{0,25}\b(?:composicao|renda|familia)",
        r"\bendereco\b[^.?!]{0,50}\b(?:so pra|mesmo sem morar|so para)\b",
        r"\bme declar\w*\s+(?:como\s+)?(?:indigena|pret[oa]|pard[oa]|negr[oa])\b[^.?!]{0,20}"
        r"\b(?:so pra|pra pegar|mesmo sendo|mesmo nao sendo)\b",
        r"\b(?:me ajuda|me ensina|quero|vou|preciso|consegue|conhece alguem que)\b[^.?!]{0,40}"
        r"\b(?:falso|falsa|fake|falsificad[oa])\b",
        r"\b(?:comprovante|holerite|declaracao|documento|atestado|extrato|diploma)s?\s+"
        r"(?:de\s+\w+\s+)?(?:falso|falsa|fake|falsificad[oa])\b",
        r"\b(?:compr\w*|vend\w*|custa)\b[^.?!]{0,25}\b(?:nota|vaga|gabarito|respostas)\s+"
        r"(?:alta\s+)?(?:do \w+|em \w+|de medicina|no \w+)",
        r"\b(?:nota alta do enem|gabarito do enem antes|respostas do enem antes)\b",
        r"\bfa[cz]\w*\b[^.?!]{0,25}\b(?:prova|enem)\s+(?:no meu lugar|por mim)\b",
        r"\b(?:no lugar de outra pessoa|no meu lugar)\b",
        r"\b(?:mentir|minto|mentindo)\b[^.?!]{0,35}\b(?:renda|endereco|escola|cota|"
        r"entrevista|heteroidentificacao|bolsa|prouni|sisu)",
        r"\b(?:como|vou|quero|da pra|posso)\s+(?:esconder|omitir|ocultar|nao declarar)\b",
        r"\b(?:esconder|omitir|ocultar)\s+(?:a|o)\s+(?:renda|salario|pensao)\b",
        r"\bsem\s+(?:o|a|eles|ninguem)\s*\w*\s+(?:descobrir|perceber)\b",
        r"\b(?:eles|ninguem|o prouni|o sisu|o mec|a faculdade)\s+(?:descobrem|descobre|"
        r"vao descobrir|vai descobrir|percebem|vai perceber)\b",
        r"\bdeclarar\s+(?:menos|uma renda menor|renda menor)\b",
        r"\bfingir\s+que\s+(?:moro|sou|estudei)\b",
        r"\b(?:dizer|digo|declarar|declaro|falar)\s+que\s+(?:moro\s+sozinh|meus pais nao moram)",
        r"\bponto eletronico\b|\bcolar no enem\b|\bcelular escondido\b",
        r"\b(?:pago|pagar|contratar|contrato)\s+alguem\s+(?:pra|para)\s+fazer\s+"
        r"(?:a\s+|minha\s+|o\s+)?(?:prova|enem)\b",
        r"\b(?:jeito|forma|maneira)\s+de\s+(?:fraudar|burlar|falsificar)\b",
        r"\bcarteira de trabalho\s+(?:falsa|fake|falsificada)\b",
        r"\bcpf\s+(?:de\s+outra\s+pessoa|do meu irmao|de outro)\b",
        r"\bfake (?:my |income )|\bbuy enem\b|\blie about my (?:family )?income\b",
    ),
}
"""One alternation per category; the first category (in this order) that matches wins."""

_IDIOMS = _rx(
    r"\b(?:provas?|enem|redac(?:ao|oes)|simulados?|materias?|questo(?:es)?|questao|dias?|"
    r"semanas?|filas?|listas?|matematica|fisica|quimica|biologia|historia|estudos?|aulas?|"
    r"cursinho|escola|espera|ansiedade|resultado)\b[^.?!]{0,25}\b(?:me|ta me|tá me|esta me)\s+"
    r"(?:matou|matando|destruiu|destruindo|acabou|acabando)\b",
    r"\b(?:morrendo|morrer|morri|morro|morta|morto|mortos|mortas)\s+de\s+(?:ansiedade|fome|sono|"
    r"medo|rir|vergonha|calor|frio|saudades?|cansaco|tedio|inveja|vontade|curiosidade|sede|"
    r"preguica|estudar|raiva|alegria|felicidade|emocao|tanto estudar|estudo)\b",
    r"\bcheguei\s+mort[oa]\b|\b(?:to|estou)\s+mort[oa]\s+(?:depois|hoje)\b",
    r"\bmat(?:ar|ei|ando|o)\s+(?:a\s+|essa\s+|esta\s+|aquela\s+|uma\s+)?(?:saudades?|materia|"
    r"aula|aulas|lista|prova|questao|questoes|redacao|simulado|tempo|fome|sede|curiosidade|"
    r"charada|conteudo|matematica|fisica|quimica|biologia|historia|ingles|geografia|"
    r"portugues|trabalho|dois coelhos)\b",
    r"\b(?:bora|vou)\s+matar\s+(?:a\s+|essa\s+)?(?:matematica|fisica|quimica|biologia|historia|"
    r"ingles|redacao|lista|materia|prova)\b",
    r"\bme\s+matou\s+de\b",
    r"\b(?:me\s+)?mat(?:a|ar|ando|ou)\s+de\s+(?:rir|estudar|trabalhar|ansiedade|vergonha|"
    r"curiosidade|saudade)\b|\b(?:vc|voce)\s+me\s+mata\b",
    r"\bde matar\b",
    r"\b(?:mae|pai|mamae|papai|vo|avo|familia|professor|professora|irmao|irma|tio|tia|"
    r"namorad[oa]|chefe|treinador|coordenador|amig[oa])\b[^.?!]{0,15}"
    r"\bme\s+(?:mata|matar|matam|mataria)\b",
    r"\b(?:vai|vao|iria|ia|vai acabar)\s+me\s+matar\b",
    r"\bexplod\w*\s+de\s+(?:felicidade|alegria|emocao|raiva|orgulho)\b"
    r"|\bcabeca\s+(?:vai\s+)?explodir\b",
    r"\bme\s+(?:matando|mato|matei|acabando)\s+de\s+(?:estudar|trabalhar|rir)\b",
    r"\bquase\s+morri\b|\bmorri\s+quando\b|\bmataria\s+por\b",
    r"\bme\s+jogar\s+(?:nos\s+estudos|de\s+cabeca)\b",
    r"\btiro no (?:pe|escuro)\b|\batirei no escuro\b|\bdar o sangue\b|\bfoi um massacre\b",
    r"\bsumir\s+(?:por\s+)?(?:uns|um|alguns)\s+(?:dias|tempo|meses)\b",
    r"\bme\s+(?:destruiu|acabou)\b",
)
"""Idioms that use words of death and violence; they cover self_harm and violence."""

_INFO = _rx(
    r"\bo que acontece\s+(?:se|com|quando)\b",
    r"\be crime\b|\bda cadeia\b|\bpode dar cadeia\b",
    r"\bdenunci\w*\b|\bgolpe\b|\be verdade que\b",
    r"\b(?:consequencias?|punicao|penalidade)\b",
    r"\bsem querer\b|\bpor engano\b|\berr(?:ei|ar|ado|ada)\b|\bcorrigir\b",
)
"""Legitimate questions about rules and consequences; they cover fraud."""

_ABOUT_OTHERS = _rx(
    r"\bprevencao\b|\bse suicidou\b|\bsuicidou\b|\bcvv\b|\bsetembro amarelo\b",
    r"\b(?:pra|para|com)\s+(?:uma|um|minha|meu)\s+amig[oa]\b",
    r"\b(?:amig[oa]|colega|prim[oa]|irma[o]?)\s+(?:que\s+)?(?:ta|esta|anda)\s+"
    r"(?:mal|com depressao)",
)
"""Talking about self-harm in others or about prevention (a friend, the CVV, "prevenção ao
suicídio"): raises the self_harm threshold — never a strong rule's business to ignore."""

IDIOM_COVERS: Final[frozenset[GuardCategory]] = frozenset({"self_harm", "violence"})
INFO_COVERS: Final[frozenset[GuardCategory]] = frozenset({"fraud"})


@dataclass(frozen=True, slots=True)
class Allowance:
    """What the allow rules found: the text with idioms blanked, the categories whose threshold
    an idiom raises, and the categories a rule question excludes from the model's decision."""

    text: str
    raised: frozenset[GuardCategory] = frozenset()
    excluded: frozenset[GuardCategory] = frozenset()


def strong_match(normalized: str) -> GuardCategory | None:
    """The first category whose strong rule matches `normalized`, or None."""
    for category, pattern in STRONG.items():
        if pattern.search(normalized):
            if category == "fraud" and _INFO.search(normalized):
                continue  # "é crime usar documento falso?" asks about the rule
            return category
    return None


def allowance(normalized: str) -> Allowance:
    """Blank idioms out of `normalized`; list raised and excluded categories.

    A question about the rules or their consequences ("o que acontece se…", "é crime…",
    "como denunciar…", "errei sem querer") is never fraud: fraud is asking for help to cheat,
    and asking what happens is what we want students to do. So fraud is excluded, not raised.
    """
    text = normalized
    raised: frozenset[GuardCategory] = frozenset()
    if _IDIOMS.search(text):
        raised = IDIOM_COVERS
        text = " ".join(_IDIOMS.sub(" ", text).split())
    if _ABOUT_OTHERS.search(text):
        raised = raised | {"self_harm"}
    excluded = INFO_COVERS if _INFO.search(text) else frozenset()
    return Allowance(text, raised, excluded)
