"""Fraud-intent features: what a message is about (an eligibility attribute) crossed with what it
wants done to it (concealment, a false claim, a forged paper, evading the check, the benefit).

Why a feature and not another rule: the phrase rules for roundabout eligibility fraud fit the
phrasings they were written from and did not carry to a new writer (bench/guardrails/RESULTS.md),
and more fraud rows in the word/char TF-IDF blocks raised false positives, because those blocks
learn the *words* of the fraud rows ("renda", "mãe", "comprovante"), which the honest questions
share. Fraud is a *combination*: an attribute the means test or a quota reads (income, school,
address, quota, household, a document) together with an intent to hide it, fake it, make it look
different or get past whoever checks. This block gives the model those combinations as tokens
("A:renda", "I:conceal", "AI:renda+conceal", "II:claim+checker"), each from a broad word class,
so one training row of "deixo de fora o salário do meu pai" teaches the same token as a new
writer's "não coloco o que minha mãe ganha"; the SVM learns how much each combination weighs
against the honest questions that carry it too ("meu pai não mora com a gente, posso deixar ele
de fora?").

The classes are deliberately wide (a word here is evidence to weigh, never a verdict); they read
the guard's canonical text (`rules.canonical`: lowercase, no accents, "n" → "nao").
"""

from __future__ import annotations

import itertools
import re
from typing import Final

_ATTRIBUTES: Final[dict[str, str]] = {
    "renda": (
        r"renda|salario|ganh\w*|recebe\w*|pensao|aposentad\w*|bico|informal|extrato|pix|"
        r"conta (?:bancaria|do banco)|imposto de renda|\bir\b|holerite|contracheque|"
        r"carteira de trabalho|\bclt\b|\bmei\b|cnpj|bolsa familia|cad ?unico|\bnis\b|"
        r"patrimonio|\bcarro|imovel|aluguel|dinheiro|\bmil\b|reais|per capita|dependente|"
        r"registro|registrad\w*|vendas?|loja|empresa"
    ),
    "escola": (
        r"escola|particular|privada|estadual|municipal|ensino medio|fundamental|colegio|"
        r"historico escolar|supletivo|encceja|bolsista|bolsa (?:parcial|integral|de \d+)"
    ),
    "endereco": (
        r"endereco|moradia|\bmor(?:a|o|am|ar|ando|ei|ava)\b|residencia|conta de (?:luz|agua)|"
        r"titulo de eleitor|bonus regional|cota regional|outra cidade|interior|republica"
    ),
    "cota": (
        r"\bcotas?\b|cotista|\bppi\b|pard[oa]s?|pret[oa]s?|negr[oa]s?|indigena|quilombola|"
        r"autodeclar\w*|heteroidentificacao|\bbanca\b|\bpcd\b|deficiencia|laudo|cabelo|pele|"
        r"bronzead\w*|branc[oa]s?"
    ),
    "familia": (
        r"grupo familiar|familia|\bpais\b|\bpai\b|\bmae\b|irma[o]?s?|padrasto|madrasta|"
        r"\bavo\b|\bvo\b|tia|tio|primo|prima|namorad[oa]|marido|esposa|filh[oa]|moradores|"
        r"separad\w*|divorci\w*|uniao estavel|guarda"
    ),
    "documento": (
        r"documento|declaracao|comprovante|certidao|atestado|recibo|modelo|papel|"
        r"formulario|cadastro|inscricao|assinatura|assinad[oa]|carimbo|\bpdf\b|print"
    ),
}
"""What the means test, the school rule or a quota reads."""

_INTENTS: Final[dict[str, str]] = {
    "conceal": (
        r"escond\w*|omit\w*|ocult\w*|nao (?:colocar|coloco|coloca|declarar|declaro|declara|"
        r"falar|falo|contar|conto|mencionar|menciono|mostrar|mostra|mando|mandar|entregar|"
        r"entrego|informar|informo|aparece\w*|aparecer|incluir|incluo|botar|boto|por)\b|"
        r"deix\w* (?:de )?(?:fora|entregar|mandar|declarar|informar|aparecer)|deix\w* quieto|"
        r"por fora|o que (?:convem|interessa)|so (?:o que|os|as) (?:convem|meses|que)|"
        r"outra conta|conta (?:antiga|parada|zerada)|parar de (?:assinar|registrar)|"
        r"(?:tirar|tira) (?:do|da) (?:registro|carteira)|deixar? (?:ele|ela|"
        r"isso|\w+) de fora|ficar quieto|fico quieto|sem (?:falar|declarar|mencionar|contar|"
        r"informar)|\btir(?:ar|o|a) (?:ele|ela|eles|meu (?:pai|irmao|padrasto|avo|tio|primo)|"
        r"minha (?:mae|irma|madrasta|avo|tia|prima)|o nome|da lista|do grupo|do cadastro|"
        r"da declaracao|da renda)|sumir com|apag\w*|cort(?!ad[oa]s?\b|es?\b)\w*|\bpassar? pro nome|"
        r"so uma parte|metade|nao mostr\w*"
    ),
    "claim": (
        r"parec\w*|fing\w*|como se|no papel|de fachada|(?:dizer|disser|digo|falar|falo|"
        r"colocar|coloco|marcar|marco|declarar|declaro|escrever|escrevo|digitar|digito|"
        r"botar|boto|por) (?:que|q)\b|na real|na verdade|\bmesmo (?:ele|ela|eu|eles|sendo|"
        r"tendo|morando|pagando|ganhando|trabalhando)|mesmo sem|apenas no|so no|falsamente|"
        r"ment\w*|invent\w*|golpe|engan\w*|burl\w*|convincente|em vez de|no nome d|"
        r"trocar o nome|emprestad\w*|chutar baixo|fraud\w*|convenc\w*|como (?:solteir|separad|"
        r"casad|desempregad)\w*|(?:ainda|mas) (?:vivem|moram|sao) (?:juntos|casados)|"
        r"faz\w* de conta|de conta que|(?:nao|nunca) existe|(?:nao|nunca) existiu"
    ),
    "forge": (
        r"\bcri(?:a|ar|e)\b|\bger(?:a|ar|e)\b|\bfaz(?:er)? (?:um|uma)\b|falsific\w*|forj\w*|"
        r"adulter\w*|edit\w*|photoshop\w*|montar|monta\b|modelo de|escreve(?:r)? (?:um|uma)|"
        r"assinar? por|trocar? o nome|mudar? (?:o|a) (?:data|valor|nome)"
    ),
    "checker": (
        r"(?:tem como|vao|vai|da pra|conseguem?|consegue) (?:saber|ver|descobrir|perceber|checar|"
        r"conferir|verificar|cruzar)|descobr\w*|perceb\w*|confer\w*|\bcheca\w*|cruz\w*|"
        r"verific\w*|ninguem (?:vai )?(?:saber|ver|olha)|brecha|sem (?:provar|comprovar|"
        r"precisar de comprovante)|aceitam|passa\b|cola\b|da problema|pega(?:m)?\b|"
        r"fiscaliz\w*|entrevista|assistente social|comissao|visita|furos?|driblar|"
        r"(?:e |eh )?tranquilo|funciona|rola\b|sem ser pego|com seguranca"
    ),
    "benefit": (
        r"pra (?:caber|entrar|conseguir|baixar|diminuir|ficar|pegar|garantir|passar|ter direito|"
        r"me enquadrar|se enquadr\w*|ganhar)|dentro do limite|abaixo do limite|se enquadr\w*|"
        r"(?:renda|per capita) (?:cai|baixa|diminui|desce)|ganha menos|so durante|depois "
        r"(?:volt\w*|reat\w*|devolv\w*|corrig\w*)|so pra inscricao|antes da (?:banca|entrevista|"
        r"inscricao)"
    ),
}
"""What the message wants done to it: hide it, claim otherwise, forge a paper, get past the
check, and what that buys."""

_INTENTS_GUARD4: Final[dict[str, str]] = {
    "proxy": (
        r"em nome de (?:outr\w*|alguem|terceiro)|(?:nome|cpf|rg|documento|"
        r"cadunico|cad unico|comprovante|historico|certidao) d[aoe] (?:minha |meu )?(?:amig\w*|"
        r"vizinh\w*|madrinha|padrinho|prim[oa]|tia|tio|irma|irmao|outra pessoa|alguem)|"
        r"(?:documentos?|nome|cpf) del[ae]|no (?:meu )?lugar d|no meu lugar|pra eu usar|"
        r"com a foto del|me empresta\w*|emprest\w* (?:o|a) (?:nome|conta|cpf|comprovante)|"
        r"assin\w* (?:como se|dizendo que|que me sustenta)|(?:repassar|vender|passar) a vaga|"
        r"vend\w* (?:a |minha )?(?:bolsa|vaga)"
    ),
    "bribe": (
        r"propina|suborn\w*|esquema|(?:pagar|pago|acertar|acerto) (?:um dinheiro |alguem|"
        r"algu\w* d|o funcionario|a comissao|um contador)|molhar a mao|sem (?:olhar|conferir) "
        r"direito|sem conferir"
    ),
}
"""Intent classes added by branch guard4 (a third party's name or papers, a place passed on,
a bribe): kinds of eligibility fraud of writer w5's train half that the classes above did not
name."""
_INTENTS_GUARD5: Final[dict[str, str]] = {
    "proxy": (
        r"(?:historico|laudo|identidade|\brg\b|cpf|login|senha|gov ?br|nota|inscricao|"
        r"documentos?|certidao|declaracao|cadunico|boletim|enem|diploma|matricula)(?: escolar)? "
        r"d(?:ele|ela|[oa] (?:meu |minha )?(?:irm\w*|prim[oa]|gemea|gemeo|amig\w*|vizinh\w*|"
        r"colega|tia|tio|cunhad\w*|conhecid\w*|sobrinh\w*))\b|"
        r"\b(?:com|no) (?:o )?meu nome\b|no lugar d(?:ele|ela|o|a)\b|se passar por|"
        r"fingir (?:que sou|ser) (?:ela|ele|a minha|o meu)|ela (?:nem )?vai usar|"
        r"ele (?:nem )?vai usar"
    ),
    "bribe": (
        r"agrado|presentinho|cafezinho|pistolao|mexer (?:os|uns) pauzinhos|dar um jeitinho|"
        r"da um jeitinho|(?:fechar|fecha) os olhos|vista grossa|"
        r"\d+ (?:conto|pila|reais) (?:pra|para) (?:quem|alguem|ele|ela|o cara)|"
        r"pag\w* (?:\d+|um valor|uma grana|bem) (?:pra|para) (?:quem|alguem|ele|ela)|"
        r"conhec\w* (?:alguem|algum|alguma)\b[^.?!]{0,40}\b(?:que|q) (?:assin|faz|consig|arrum|"
        r"libera|aprova)|trabalha na (?:faculdade|universidade|secretaria|prefeitura|reitoria)|"
        r"me colocar na lista|me (?:aprovar|passar) na"
    ),
    "stale": (
        r"(?:documento|declaracao|extrato|holerite|contracheque|carteira de trabalho|recibo|conta|"
        r"comprovante|imposto de renda)\w*\b[^.?!]{0,40}\b(?:antig[oa]s?|velh[oa]s?|de outro ano|"
        r"desatualizad\w*|de quando|parad[oa]|que nao tem)"
    ),
    "conceal2": (
        r"(?:a analise|a faculdade|o prouni|eles|a comissao|ninguem) (?:nao )?(?:ver|veja|vejam|"
        r"perceba|percebam|saiba|saibam)\b|nao (?:ficar|fique) (?:obvio|claro|evidente)|"
        r"sem (?:precisar )?(?:mostrar|apresentar|comprovar|mandar|entregar)|"
        r"nao precis\w* (?:mostrar|mandar|apresentar|entregar|declarar)|"
        r"\w+ (?:\w+ ){0,4}de fora (?:do|da|dos|das)|tirar (?:\w+ ){1,3}do registro|"
        r"apag\w* (?:as|os|a|o) (?:transferencias|pix|depositos|entradas|movimentac\w*)"
    ),
    "claim2": (
        r"dizendo que|me declar\w*|(?:falo|falar|digo|dizer|coloco|colocar|ponho|boto) \d+|"
        r"marc\w* (?:como )?(?:escola )?publica|como parte do (?:meu )?grupo|"
        r"(?:baixar|diminuir|abaixar) (?:a|minha|nossa) renda|dar um jeito n\w*|"
        r"chegar em (?:\d|um|meio)|(?:escrever|colocar|por|botar) na declaracao (?:que|q)\b|"
        r"alterad[oa] pra|pra parecer"
    ),
    "evade": (
        r"(?:nao|n) (?:consegue|conseguem|da pra|tem como|vai|vao) (?:ver|conferir|verificar|"
        r"checar|saber|comprovar|provar|descobrir|perceber)|a meu favor|(?:mais )?faceis? de "
        r"(?:driblar|passar|enganar|esconder)|com seguranca|onde tem brecha|o que (?:mais )?pega|"
        r"rigoros\w*|biometria|\bdigital\b|(?:conferem|checam|olham|verificam) mesmo|"
        r"sabe a diferenca|isso da certo|deu certo"
    ),
}
"""Intent classes added by branch guard5, from the leave-one-writer-out misses of every source
and writer w10's train half: someone else's papers, login or Enem used as one's own (`proxy`
widened), a favour or a payment to whoever decides (`bribe` widened), an old or idle document sent
instead of the current one (`stale`), keeping something from the check's eyes (`conceal2`), a
false statement in other words (`claim2`) and asking what the check cannot see (`evade`).
Same-named classes are merged with guard4's. Branch guard7 added "fazer de conta" and "(que
isso) não existe" to `claim` (a probe's income "faço de conta que isso não existe" had no
class), and "dá um jeitinho", "fechar os olhos", "vista grossa" to `bribe`.

Not kept: a `mismatch` class (a statement the message itself contradicts: "mas sou bem
clarinha", "mesmo casada", "se ele mora", "ganha bem"). Leave-one-writer-out liked it, but on
the untouched dev halves of w1 and w5 (never trained on, aggregates only) the model with it
caught 4 fraud rows and 1 privacy row fewer than without it: "ganha bem", "mesmo", "mora" are
the honest household questions' words too. Faked looks for the board are a rule
(`rules/impersonation.py`)."""


def _merge(*tables: dict[str, str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for table in tables:
        for name, body in table.items():
            out[name] = f"{out[name]}|{body}" if name in out else body
    return out


_ALL_INTENTS: Final = _merge(_INTENTS, _INTENTS_GUARD4, _INTENTS_GUARD5)

_ATTRIBUTE_RX: Final = {name: re.compile(rf"(?:{body})") for name, body in _ATTRIBUTES.items()}
_INTENT_RX: Final = {name: re.compile(rf"\b(?:{body})") for name, body in _ALL_INTENTS.items()}


def fraud_intent_tokens(text: str) -> list[str]:
    """The attribute and intent classes present in canonical text, and their pairs.

    Used as an analyzer of its own TF-IDF block (`classifier.GuardClassifier.train`): a message
    with no attribute and no intent gives no token and leaves the block empty."""
    attributes = sorted(name for name, rx in _ATTRIBUTE_RX.items() if rx.search(text))
    intents = sorted(name for name, rx in _INTENT_RX.items() if rx.search(text))
    tokens = [f"A:{a}" for a in attributes] + [f"I:{i}" for i in intents]
    tokens += [f"AI:{a}+{i}" for a, i in itertools.product(attributes, intents)]
    tokens += [f"II:{i}+{j}" for i, j in itertools.combinations(intents, 2)]
    if len(intents) >= 2 and attributes:
        tokens.append("AII")
    return tokens


__all__ = ["fraud_intent_tokens"]
