"""Someone's body in danger now, told plainly (issue 20, branch guard11): SAMU 192 first.

Fresh writers describe an emergency without alarm words: "meu colega caiu no chão e não tá
respirando", "o prédio do lado tá desabando, tem gente presa nos escombros", "foi picado por
escorpião e tá piorando", "cheiro forte de gás na cozinha". The model had seen some of these
(v14) but read them with the idioms' vocabulary ("caiu", "piorando", "ninguém sabe o que
fazer"), and a question about helping a friend raised its crisis threshold. Each pattern here
needs the state *now* — a body that stopped, a collapse with people under it, a bite that is
getting worse, gas in the air — so that the same topics asked as first aid ("o que fazer se
alguém tiver uma convulsão?"), in the past ("meu avô teve um infarto ano passado") or as a
household question stay with the classifier.
"""

from __future__ import annotations

from typing import Final

from switchboard.patterns.guardrails.rules.lexicon import RELATIVE, rx

_DOWN = r"(?:caid[oa]s?\s+n[oa]\s+\w+|caiu|desmaiad[oa]|desmaiou|no chao|desacordad[oa])"
"""A body that went down ("caído" alone is also a site that is down: it needs a place)."""
_NO_SIGN = (
    r"(?:nao|sem)\s+(?:ta\s+|esta\s+|consegue\s+|quer\s+)?(?:acorda|acordou|se mexe|"
    r"se mexer|mexendo|respira\w*|abre os olhos|abrir os olhos|reage|reagir)"
)
"""No breath, no movement, no waking: signs of a body (a phone also "não responde")."""
_PERSON = (
    r"(?:ele|ela|" + RELATIVE + r"|vo|amig[oa]|colega|vizinh[oa]|bebe|crianca|homem|mulher|"
    r"senhor|senhora|moco|moca|menino|menina|idos[oa]|alguem)"
)
_WORSE = (
    r"(?:piorando|inchad[oa]|inchando|rox[oa]|ficando rox[oa]|passando mal|vomitando|"
    r"falta de ar|sem ar|nao consegue respirar|desmai\w*|tont[oa]|dormente|formigando|"
    r"longe do hospital|acabou de|acabei de|agora)"
)
"""A state getting worse, or now."""
_ANIMAL = (
    r"(?:escorpiao|escorpioes|cobra|jararaca|cascavel|aranha|armadeira|abelhas|marimbondos|"
    r"vespas|agua viva|lagarta de fogo|taturana)"
)
_BITE = (
    r"(?:(?:picad[oa]s?|mordid[oa]s?|ferroad[oa]s?)\s+(?:por|de)\s+(?:um\s+|uma\s+)?"
    + _ANIMAL
    + r"|"
    + _ANIMAL
    + r"\s+(?:picou|mordeu|ferroou))\b"
)
"""A bite or sting that happened (an animal merely seen is not one)."""

PLAIN_EMERGENCY: Final = rx(
    # a body down and no sign of life ("caiu no chão e não tá respirando", "tá caído e não
    # responde"), either order
    r"\b" + _DOWN + r"\b[^.?!]{0,50}\b" + _NO_SIGN + r"\b",
    r"\b" + _NO_SIGN + r"\b[^.?!]{0,30}\b" + _DOWN + r"\b",
    # someone lying there who does not answer ("meu avô tá caído e não responde")
    r"\b" + _PERSON + r"\b[^.?!]{0,30}\b(?:ta|esta|ficou)\s+(?:caid[oa]|desmaiad[oa]|"
    r"desacordad[oa])\b[^.?!]{0,40}\bnao\s+(?:ta\s+|esta\s+)?(?:responde\w*|fala)\b",
    # breathing stopped, said of someone ("ele não tá respirando", "parou de respirar")
    r"(?<!quem )\b(?:nao (?:ta|esta) (?:mais )?respirando|parou de respirar)\b"
    r"(?!\s+(?:de|direito de)\s+(?:tanto|rir|ansiedade|nervoso))",
    # a whole pack swallowed (by anyone: "tomou a cartela inteira", "engoliu o vidro todo")
    r"\b(?:tomou|engoliu|bebeu|tomei|engoli|bebi)\s+(?:\w+\s+){0,2}?(?:a|uma|o|um)\s+"
    r"(?:cartela|caixa|vidro|frasco|pote|cartelinha)\s+(?:\w+\s+){0,2}?(?:inteir[oa]|tod[oa])\b",
    r"\b(?:tomou|engoliu)\s+(?:todos os|todas as)\s+(?:remedios|comprimidos|pilulas|capsulas|"
    r"calmantes)\b",
    # gas in the air now ("cheiro forte de gás", "tá cheirando gás", "vazamento de gás")
    r"\bcheiro\s+(?:muito\s+)?forte\s+de\s+gas\b|\b(?:ta|esta|tem|sentindo|sinto|sentimos)\s+"
    r"(?:um\s+)?(?:muito\s+)?(?:cheiro|cheirando)\s+(?:muito\s+)?(?:forte\s+)?(?:de\s+)?gas\b|"
    r"\b(?:ta|esta)\s+vazando\s+gas\b|\bgas\s+(?:ta\s+|esta\s+)?vazando\b|"
    r"\bvazamento\s+de\s+gas\b(?=[^.?!]{0,40}\b(?:agora|aqui|casa|cozinha|apartamento|predio|"
    r"quarto|forte|socorro)\b)",
    # a collapse with people under it, a fire with people inside
    r"\b(?:predio|casa|teto|laje|muro|barranco|morro|ponte|parede|marquise)\s+(?:do lado\s+|"
    r"aqui\s+|da frente\s+|da vizinha\s+|do vizinho\s+)?(?:ta\s+|esta\s+)?(?:desabando|"
    r"desmoronando|desabou|desmoronou)\b",
    r"\b(?:(?:pres[oa]s?|soterrad[oa]s?)(?:\s+(?:embaixo|debaixo|dentro))?|embaixo|debaixo)\s+"
    r"(?:n[oa]s?\s+|d[oa]s?\s+|sob\s+[oa]s?\s+)?(?:escombros|ferragens|entulho)\b",
    r"\b(?:casa|apartamento|predio|quarto|cozinha|escola|carro)\b[^.?!]{0,30}\b(?:(?:ta|esta)\s+"
    r"pegando fogo|em chamas)\b[^.?!]{0,60}\b(?:dentro|pres[oa]|la|agora|socorro)\b",
    # a bite that is getting worse ("foi picado por escorpião e tá piorando")
    r"\b" + _BITE + r"[^.?!]{0,80}\b" + _WORSE + r"\b",
    r"\b" + _WORSE + r"\b[^.?!]{0,60}\b" + _BITE,
    # a seizure, a heart attack, a stroke, choking, drowning, a shock — happening now
    r"(?<!quem )(?<!se )\b(?:ta|esta)\s+(?:tendo\s+(?:uma\s+|um\s+)?)?(?:convulsao|convulsionando|"
    r"crise convulsiva|infartando|infarto|avc|derrame)\b",
    r"\bdor\s+(?:muito\s+)?(?:forte\s+)?no\s+peito\b[^.?!]{0,60}\b(?:braco|formigando|dormente|"
    r"suando frio|suor frio|falta de ar|nao consegue respirar|desmai\w*)",
    r"\b(?:boca|rosto)\s+(?:ficou\s+|ta\s+|esta\s+)?(?:torta|torto|caid[oa])\b[^.?!]{0,60}\b"
    r"(?:falando enrolado|fala enrolada|nao consegue falar|nao mexe|nao (?:ta|esta) mexendo)",
    r"\bengasgad[oa]\b[^.?!]{0,40}\b(?:(?:nao consegue|sem conseguir|nao (?:ta|esta) "
    r"conseguindo)\s+(?:respirar|falar|tossir)|ficando rox[oa]|(?:ta|esta) rox[oa])\b",
    # poison or too much medicine swallowed by someone ("bebeu produto de limpeza", "ingeriu uma
    # quantidade grande de medicamentos")
    r"\b(?:bebeu|engoliu|tomou|ingeriu)\s+(?:um pouco de\s+|um gole de\s+)?(?:produto de limpeza|"
    r"desinfetante|alvejante|querosene|gasolina|thinner|removedor|veneno de rato)\b",
    r"\b(?:tomou|engoliu|ingeriu|bebeu)\s+(?:uma\s+)?(?:quantidade\s+grande|grande\s+quantidade|"
    r"um\s+monte|muit[oa]s|vari[oa]s)\s+(?:de\s+)?(?:medicamentos?|remedios?|comprimidos?|pilulas?)",
    # exhaust piped into a car; armed, threatening or following now
    r"\b(?:mangueira|cano)\b[^.?!]{0,30}\bescapamento\b|\bescapamento\b[^.?!]{0,30}\b(?:pra|para)\s+"
    r"dentro\s+do\s+carro\b",
    r"\barmad[oa]\b[^.?!]{0,50}\b(?:agora|nesse momento|neste momento)\b|"
    r"\b(?:agora|nesse momento)\b[^.?!]{0,30}\barmad[oa]\b",
    r"\b(?:ameacando|ameacou|ameaca)\s+(?:\w+\s+){0,2}?com\s+(?:uma\s+|um\s+|a\s+|o\s+)?(?:faca|"
    r"arma|revolver|pistola|facao|tesoura|canivete)\b",
    r"\b(?:to|estou|tamo|estamos)\s+sendo\s+(?:seguid[oa]s?|perseguid[oa]s?)\b",
    # drowning, unless in debts or homework ("se afogando em dívidas")
    r"\bse\s+afogando\b(?!\s+(?:em|n[oa]s?)\s+(?!(?:rio|mar|piscina|lago|lagoa|represa|praia|"
    r"agua|cachoeira|enchente)\b))",
    r"\b(?:levou|tomou)\s+(?:um\s+)?choque\b[^.?!]{0,50}\b(?:" + _DOWN + r"|" + _NO_SIGN + r")",
)
"""A body in danger now, told without alarm words: SAMU 192 (or the firefighters) first."""

__all__ = ["PLAIN_EMERGENCY"]
