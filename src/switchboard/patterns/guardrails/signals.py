"""Crisis-signal features: the indirect ways a writer says a life is at risk, as word classes
and their pairs (issue 20, branch guard4).

Why a feature and not a rule: indirect self-harm is said in a new way by every writer ("to me
despedindo das pessoas aos poucos", "comprei uma corda essa semana, não contei pra ninguém",
"não vou passar dos 20"), and the word/char TF-IDF blocks learn the *words* of the training
rows, which a new writer does not repeat. What carries is the *kind* of thing said: a farewell,
being a burden, hopelessness or a foreshortened future, a means, getting hold of one or asking
how lethal it is, secrecy, hurting one's own body, a time or a place alone, and a pretext
("curiosidade", "é pra um trabalho"). This block gives the model those kinds as tokens
("C:farewell", "CC:means+secret"), each from a broad word class, so one training row teaches the
same token to a new writer's words; the SVM learns how much each weighs against the idioms and
honest questions that carry the same classes ("minha redação me destruiu", "vou morrer se
minha nota … kkk", a friend's crisis), which are training rows too.

The classes are deliberately wide (a word here is evidence to weigh, never a verdict); they read
the guard's canonical text (`rules.canonical`: lowercase, no accents, "n" → "nao").
"""

from __future__ import annotations

import itertools
import re
from typing import Final

from switchboard.patterns.guardrails.rules.lexicon import MEDS

_SIGNALS: Final[dict[str, str]] = {
    "farewell": (
        r"despe[cd]\w*|despedi\w*|adeus|tchau pra sempre|ultim[ao]s? (?:vez|vezes|mensage\w*|dia|"
        r"noite|conversa)|\bcartas?\b|bilhete|antes de (?:eu )?(?:ir|partir)|cuid\w* d[aoe] "
        r"(?:minha|meu|meus|minhas)|fala pr\w* (?:minha|meu)|diz pr\w* (?:minha|meu)|"
        r"(?:amo|amava) (?:ela|ele|voces|vcs|todos)|obrigad[oa] por tudo|perdoem|me perdoa\w*|"
        r"dei (?:meu|minha|meus|minhas)|doando|doei|dividi minhas|minhas coisas|testamento|senhas"
    ),
    "burden": (
        r"melhor sem mim|sem mim|\bpeso\b|fardo|estorvo|atrapalh\w*|so (?:dou|causo|trago) "
        r"(?:problema|trabalho|gasto|desgosto)|ninguem (?:ia|vai|iria) (?:sentir|notar|perceber|"
        r"ligar)|sentir (?:minha )?falta|se eu (?:sumisse|desaparecesse|nao existisse|morresse|"
        r"nao estivesse)|ocupo espaco|nao faco falta|culpa (?:e|eh) minha|nao mereco"
    ),
    "hopeless": (
        r"nao sobrou nada|nada sobrou|sem saida|sem sentido|sem futuro|nao (?:vejo|tenho) "
        r"(?:futuro|saida|sentido|motivo|razao)|nao tem (?:mais )?(?:jeito|volta|saida|sentido)|"
        r"nada (?:mais )?importa|tanto faz|nao (?:vou|vo) passar d[oa]s? \d+|nao chego a|"
        r"nao aguento mais|cansad[oa] de (?:tudo|viver|existir|lutar)|nao quero mais (?:acordar|"
        r"viver|existir|estar aqui|continuar)|desist\w* de (?:tudo|mim|viver)|era (?:a )?unica "
        r"coisa|me segurava|me segura\b|nao (?:vale|valeria) a pena|dormir e nao acordar|"
        r"sumir|desaparec\w*|acabar com tudo|por um fim|dar um fim|\bfim\b|de vez"
    ),
    "means": (
        MEDS + r"|\bcorda\b|\bforca\b|\bfaca\b|gilete|lamina|navalha|estilete|\barma\b|revolver|"
        r"pistola|\bponte\b|viaduto|predio|\bandar\b|\d+ ?o? andar|telhado|laje|janela|sacada|"
        r"trilhos?|\btrem\b|dose|overdose|\bcarro\b|\bgas\b|altura"
    ),
    "lethal": (
        r"quanto tempo leva|dose (?:maxima|letal|fatal)|(?:o )?corpo aguenta|mais alt[ao]|"
        r"perder a consciencia|desmaiar|sem dor|indolor|e fatal|mata mesmo|matar uma pessoa|"
        r"quant[oa]s? (?:comprimidos|remedios|pilulas|gramas|mg)|qual (?:o|a) (?:melhor|mais "
        r"rapid[oa]|mais facil)|comprei|comprando|juntando|guardando|guardei|separei|"
        r"consegui (?:um|uma|os|as)|arrumei"
    ),
    "secret": (
        r"nao contei pr\w* ninguem|ninguem (?:percebeu|percebe|sabe|notou|nota|desconfia|viu|ve)|"
        r"sem ninguem (?:saber|perceber|ver)|escondid\w*|escondo|ninguem precisa saber|segredo"
    ),
    "selfhurt": (
        r"me (?:batendo|bato|bati|belisc\w*|cort\w*|queim\w*|machuc\w*|arranh\w*|furo|furei|"
        r"punir|puno|castig\w*|mordo|morder|ferir|firo)|bato (?:a|minha) cabeca|marcas no|"
        r"(?:no|meu|meus) (?:braco|bracos|pulso|pulsos|perna|pernas|coxa)"
    ),
    "alone_now": (
        r"\bsozinh[oa]\b|\bhoje\b|\bagora\b|essa noite|hoje a noite|de madrugada|daqui a pouco|"
        r"ja ja|\bja decidi|ja (?:amarrei|separei|escolhi|escrevi)"
    ),
    "pretext": (
        r"curiosidade|so (?:pra|por) saber|pr\w* um trabalho|trabalho da escola|pesquisa|"
        r"hipotetic\w*|\bjuro\b|pra um livro|pra uma historia|personagem|pergunta (?:seria|serio)"
    ),
    "death": (
        r"morr\w*|\bmort[eoa]s?\b|suicid\w*|me matar|me mato|tirar (?:a )?minha vida|"
        r"viver|\bvida\b|existir|nascido|nascer"
    ),
}
"""Kinds of crisis evidence."""

_SIGNALS_GUARD5: Final[dict[str, str]] = {
    "arrange": (
        r"deixar tudo (?:certinho|organizado|arrumado|pronto|resolvido)|ta tudo (?:arrumado|"
        r"organizado|resolvido|pronto)|caso (?:eu|o aluno|a aluna|a pessoa) (?:morr|falec|"
        r"se mat)\w*|se eu (?:morrer|falecer|partir)|seguro de vida|quem fica com (?:minhas|meus)|"
        r"pra (?:minha mae|meu pai|minha familia) nao ficar sem|depois que eu (?:for|partir|morrer|"
        r"nao estiver)|(?:ler|ver|le|leia) (?:essas|estas|as|minhas) (?:conversas|mensagens) "
        r"depois|"
        r"caso (?:ela|ele) venha"
    ),
    "reunion": (
        r"(?:ir|quero|queria) (?:ficar|ficar junto|encontrar|ver|estar) (?:com )?(?:ela|ele|"
        r"minha (?:vo|avo|mae|irma)|meu (?:vo|avo|pai|irmao))\b(?! (?:no|na|amanha|sabado|"
        r"domingo|depois))|ir pra junto d|encontrar (?:ela|ele) (?:de novo|la)|"
        r"estar com (?:ela|ele) de novo"
    ),
    "ultimatum": (
        r"ultim[ao] (?:tentativa|chance|inscricao|esperanca|vez que)|se (?:nao (?:passar|der|"
        r"conseguir)|der errado|eu (?:rodar|reprovar|nao passar))\b[^.?!]{0,40}\b(?:acabou|"
        r"acaba|fim|saio|desisto|ultimo|me jogo|nao (?:aguento|volto))|"
        r"literalmente|de verdade|to falando serio"
    ),
    "absent": (
        r"nao (?:vou|vo) (?:mais )?(?:estar|ta|tar) (?:mais )?aqui|nem (?:to|vou estar) mais aqui|"
        r"nao (?:vou|vo) (?:mais )?voltar|sair de cena|saio de cena|sai de cena|sair do caminho|"
        r"ir embora (?:pra sempre|de vez)|fosse embora pra sempre|pra sempre|parar de sofrer|"
        r"nao e fugir|acabou (?:pra|para) mim"
    ),
    "attempt": (
        r"tentei (?:uma vez|antes|ano passado|de novo|outra vez)\b(?! (?:o|a|no|na) (?:prouni|"
        r"sisu|enem|vestibular|fies|prova))|ja tentei (?:me|antes|uma vez)|da ultima vez que "
        r"tentei|acho que (?:agora )?vou conseguir|esperando ter coragem|criar coragem|"
        r"(?:mais|muito) fundo"
    ),
    "burden2": (
        r"ninguem (?:vai|ia|iria) (?:chorar|lembrar|nem perceber|perceber)|ocupando espaco|"
        r"(?:ficaria|ficariam|vai ficar|vao ficar|seriam|ia ser|iam ser) (?:bem |mais feliz\w* |"
        r"melhor\w* )?sem mim|parar de dar trabalho|vergonha (?:pra|da) (?:familia|minha)"
    ),
    "funeral": r"enterro|velorio|caixao|funeral|tumulo|cemiterio",
    "secret2": (
        r"nao (?:deixa|deixe|conta|conte|fala|fale) (?:pr[ao] )?(?:minha|meu|ninguem)\w*"
        r"(?: \w+)? (?:ler|ver|saber)|apaga (?:essa|esta|a) conversa"
    ),
    "means2": (
        r"(?:predio|lugar|ponte|viaduto|terraco) (?:mais )?alt[oa]|aberto de noite|terraco|"
        r"beira d[ao] (?:linha|trilho|ponte|viaduto|predio)|linha do trem|antidepressivos?|"
        r"de uma vez|todos os (?:meus )?(?:remedios|comprimidos)"
    ),
}
"""Classes added by branch guard5, from the leave-one-writer-out crisis misses and writer w10's
train half: arrangements for after one's death ("deixar tudo certinho pra minha mãe", "seguro
de vida paga se…"), wanting to be with someone who died, a last chance with an ending attached
("se não passar, acabou pra mim. literalmente"), not being here ("não vou estar aqui pra ver o
resultado", "saio de cena"), an earlier attempt, being a burden in other words, and a means
named as a place ("prédio alto… aberto de noite"). Pairs only, like the classes above; a class
that shares its name with one above is a separate token."""
_ALL_SIGNALS: Final = {**_SIGNALS, **_SIGNALS_GUARD5}

_SIGNAL_RX: Final = {name: re.compile(rf"\b(?:{body})") for name, body in _ALL_SIGNALS.items()}


def crisis_signal_tokens(text: str) -> list[str]:
    """The crisis-signal classes present in canonical text, and their pairs.

    Used as an analyzer of its own TF-IDF block (`classifier.GuardClassifier.train`): a message
    with no class gives no token and leaves the block empty."""
    found = sorted(name for name, rx in _SIGNAL_RX.items() if rx.search(text))
    return [f"CC:{a}+{b}" for a, b in itertools.combinations(found, 2)]


__all__ = ["crisis_signal_tokens"]
