"""Evidence words a crisis verdict of the *classifier* must rest on (canonical text).

The strong rules (`crisis.py`) decide the clear cases; the classifier reads the rest with a low
crisis threshold, because a missed crisis costs more than a caring answer. At that threshold a
TF-IDF model answers on word shapes alone: "acabei de criar a conta gov.br e agora, como entro
no sisu" reached p(crisis) ≈ 0.18 on "acabei de" + "e agora" (phrasings of overdoses in
progress) and got the SAMU 192 text. Two structural gates stop that, without touching what the
rules block:

- `CRISIS_CUE`: the low crisis threshold applies only when the text says something about life,
  death, pain, ending, leaving, a means or a bodily act. The word list was checked against the
  training rows of both crisis categories (the rows without one are mostly typos the model is
  confident about; `bench/guardrails/RESULTS.md` has the counts). Without such a word the model
  needs the ordinary `unsafe` level to call a crisis (a confident model still wins on typos
  such as "suciidio").
- `immediate`: the immediate-danger category (SAMU 192 first) needs a means (medicine, poison,
  rope, blade, weapon, a height, a train) or an act in progress (took, swallowed, cut, bleeding,
  fainting), or a time anchor ("hoje", "daqui a pouco") *with* a crisis word — or a model that
  is confident of immediate danger on its own (typos: "croda", "viauto"). "e agora" / "acabei
  de" alone carry no danger; otherwise a crisis verdict is self-harm (the CVV text).

Both are checked on the text the model reads (idioms already blanked by the allow rules).
"""

from __future__ import annotations

import re
from typing import Final

from switchboard.patterns.guardrails.rules.lexicon import MEDS, rx

_MEANS = (
    MEDS,
    r"\b(?:overdose|corda|forca|enforc\w*|faca|facas|gilete|lamina|laminas|navalha|estilete|"
    r"arma|armas|revolver|pistola|tiro|pulsos?|sangue|sangr\w*|ponte|viaduto|predio|telhado|"
    r"laje|sacada|varanda|parapeito|janela|trilhos?|trem|altura|penhasco|gas|carbureto)\b",
)
_ACT_NOW = (
    r"\b(?:tomei|engoli|bebi|cortei|cortando|pulei|me joguei|me cortei|desmai\w*|tonto|tonta|"
    r"zonzo|zonza|vomitando|convuls\w*|nao acorda|nao respira|respirando mal|apagou|inconsciente|"
    r"passando mal)\b",
    # someone else's emergency now (issue 20, branch guard8): a body that stopped, choking, an
    # attack or a fire, poison swallowed — SAMU 192 first, as for an overdose in progress
    r"\b(?:parou de respirar|sem respirar|nao (?:ta|esta|to|estou|consigo|consegue) "
    r"(?:mais )?respir\w*|nao consigo puxar o ar|engasgad\w*|(?:ficando|ta|esta) rox[oa]|"
    r"desacordad\w*|nao (?:ta|esta) se mexendo|nao se mexe|nao abre os olhos|espumando|"
    r"infart\w*|facada|esfaquead\w*|balead\w*|levou um tiro|atropelad\w*|incendio|fumaca|"
    r"pegando fogo|agua sanitaria|produto de limpeza|soda caustica|escapamento|motor ligado)\b",
)

DANGER_CUE: Final[re.Pattern[str]] = rx(*_MEANS, *_ACT_NOW)
"""A means or an act in progress: what the SAMU 192 answer is for."""

NOW_CUE: Final[re.Pattern[str]] = rx(
    r"\b(?:agora|hoje|hj|essa noite|esta noite|a noite|de noite|madrugada|daqui a pouco|ja ja|"
    r"em (?:\d+|dez|cinco|meia|uma) (?:minutos?|hora)|daqui a (?:\d+|dez|cinco|meia|uma) "
    r"(?:minutos?|hora)|em meia hora|logo mais|amanha cedo|ja separei|ja decidi|ta vindo|"
    r"esperando (?:ele|o trem) passar)\b"
)
"""A time anchor: an act timed for now. It is immediate danger only together with a crisis
word (`CRISIS_CUE`); "e agora, como entro no sisu" has none."""

CRISIS_CUE: Final[re.Pattern[str]] = rx(
    *_MEANS,
    *_ACT_NOW,
    r"\b(?:morr\w*|mort[oae]s?|matar|mato|mate|suicid\w*|suic\w*|vida|viver|vivo|viva|vivendo|"
    r"existir|existisse|existencia|nascido|nascer|sumir|sumisse|sumo|desaparec\w*|acordar|"
    r"acordasse|dormir pra sempre|acabar com|acabo com|acabou pra mim|despedi\w*|"
    # an end, unless it is the end of a period or a deadline ("fim do prazo", "fim de semana")
    r"(?:fim|final)(?!\s+d[aoe]s?\s+(?!linha\b|tudo\b|minha\b|vida\b|mim\b)\w)|"
    r"adeus|ultim[ao]s?|nunca mais|pra sempre|machuc\w*|cortar|(?<!de )cortes?|me cortar|"
    r"fardo|peso|estorvo|"
    r"(?:sentir\w*|sente|sentem|sinto|fazer|faria|fariam|faco|faz|minha|sua)\s+(?:\w+\s+)?falta|"
    r"falta de (?:ar|vontade|motivo|sentido|forcas?)|"
    r"ninguem|sozinh[oa]|sem saida|sem sentido|sem motivo|sem razao|"
    r"desist\w*|cansad[oa] de tudo|cansad[oa] de viver|esgotad[oa]|partir|ir embora|descansar|"
    r"paz|sem mim|dor|sofr\w*|vazi[oa]|inutil|culpa|depress\w*|desesper\w*|chor\w*|"
    # "plano" of a plan to die, not a study plan (branch guard14)
    r"pular|me jogar|carta|bilhete|coragem|tchau|plano(?!\s+de\s+(?:estudos?|aulas?|carreira|"
    r"saude|ensino|trabalho|acao|leitura|revisao|internet|celular))|metodo|jeito de|sem dor|"
    r"socorro)\b",
    # leaving, farewells, giving things away, a body hurt on purpose (the indirect phrasings of
    # the training rows of both crisis categories that the words above missed)
    r"\b(?:(?:estar|estiver|estivesse|esteja|continuar|ficar)\s+(?:mais\s+)?aqui|"
    r"nao\s+(?:vou\s+)?(?:estar|estiver)\s+(?:mais\s+)?aqui|continuar|continuo|sentido|razao|"
    r"forcas?|futuro|cartas?|corto|cortado|cortei|ferir|queimar|me bato|bato a cabeca|belisco|"
    r"marcas|besteira|loucura|fazer isso|comigo|despe[cd]\w*|perdoem|sinto muito|enterro|"
    r"velorio|testamento|minha hora|vou embora|nao voltar|nao volte|acordando|durmo|dormir|"
    r"fechar os olhos|atropel\w*|respirar|respirando|precisar mais|vou precisar|usar mais|"
    # "importa" only as nothing mattering any more ("por que importa minha idade" is a question)
    r"(?:nada|nao|ninguem|ja|mais)\s+(?:me\s+|te\s+|lhe\s+)?importa|importa mais|"
    r"importa (?:pra|para|a) (?:ninguem|alguem)|"
    r"tanto faz|valor|ocupo espaco|problema pra|cuida d[ao]|cuidar d[ao]|avis\w* minha|"
    r"existo|existido|acabasse|acabe|parasse|tudo pare|aguentei|aguentando|de vez|planejei|"
    r"organizado|senhas?(?!\s+d[oa]\s+(?:gov|sisu|prouni|enem|inscricao|site|portal|app|email|"
    r"wifi|wi-fi))|doando|doei|dei meu|dei minha|dividi minhas|quando eu for|"
    r"(?:tudo|isso)\s+(?:isso\s+)?(?:termine|terminasse|termina|acabar|passar)|tudo (?:preparado|"
    r"pronto|planejado|decidido|certo pra)|resolvo isso|resolver isso|nao aparecer|nao aparecesse|"
    r"nao responder mais|nao me verem|ninguem me ver|"
    r"depois que eu for|"
    r"se jogar|jogar o carro|pulo|machuq\w*|mais precisar|minhas coisas|por mim|pra eu ir|"
    r"die|dying|kill|live|living|pills|end my life|disappear|better off|miss me|keep going)\b",
    # "não aguento mais" is a crisis word only when nothing ordinary follows it
    r"\bnao aguento mais\b(?!\s+(?:esperar|essa|esse|esta|este|esses|essas|a|o|as|os|estudar|"
    r"ficar|ver|ouvir|ler|tanta|tanto|tantas|tantos|de|do|da|com|receber|entrar|tentar)\b)",
)
"""Words about life, death, pain, ending or leaving, plus every danger cue."""

__all__ = ["CRISIS_CUE", "DANGER_CUE", "NOW_CUE", "immediate"]


def immediate(text: str) -> bool:
    """Whether `text` (canonical, idioms blanked) names a means or an act in progress, or an
    act timed for now: the evidence the immediate-danger category needs from the classifier."""
    if DANGER_CUE.search(text):
        return True
    return NOW_CUE.search(text) is not None and CRISIS_CUE.search(text) is not None
