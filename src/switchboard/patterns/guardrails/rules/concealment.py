"""Eligibility fraud said in roundabout ways: a *concealment act* aimed at an *eligibility
object*, instead of one phrasing per trick (issue 20, branch guard).

The phrase rules of `integrity.py` catch the wordings they were written for; students find
others ("sumir com a conta bancária da minha mãe da análise", "o contador pode maquiar o IR",
"tiro ele da lista de moradores e pronto", "deixa eu colocar só metade do que ganho, ninguém vai
saber"). What those have in common is structural:

- a verb of hiding, doctoring or shrinking (`HIDE`, `DOCTOR`, `UNDERSTATE`) whose object is
  something the means test reads (`OBJECT`: an income, an asset, a proof, the household list);
- or a household member taken off the list (`REMOVE_MEMBER`) together with evidence that it is
  not the rule being applied: the member's own income named, "mesmo ele morando aqui", "e
  pronto", or not being caught (`EVADE`);
- or someone else's identity used for the application (`BORROWED_ID`);
- or asking how to keep whoever checks from finding out (`KEEP_FROM_CHECKER`).

Questions about the rules ("o que acontece se eu omitir a renda?", "é crime esconder…?") are
still stopped by `allow.INFO` in `rules._scan`, and a negation right before a match by
`lexicon.NEGATION`; these patterns only widen what counts as asking for help to cheat.

`FRAUD_CUE` is the weaker form of the same vocabulary: it does not block by itself, it lets
the classifier's eligibility-fraud probability count at a lower threshold
(`GuardThresholds.fraud_cued`), the way `cues.CRISIS_CUE` does for a crisis.
"""

from __future__ import annotations

from typing import Final

from switchboard.patterns.guardrails.rules.deceit import EVADE_WORDS
from switchboard.patterns.guardrails.rules.lexicon import RELATIVE, rx

_HIDE = (
    r"(?:esconder|ocultar|sumir com|maquiar|mascarar|disfarcar|camuflar|abafar|driblar|"
    r"burlar|sonegar|omitir)"
)
"""Infinitives of hiding: with an eligibility object they are a plan or a request for one
("como esconder…", "o contador pode maquiar…", "vou omitir…")."""
_FORGE = (
    r"(?:maquiar|maquia|adulterar|falsificar|forjar|fraudar|photoshopar|dar um jeito n[oa]s?|"
    r"dar um jeitinho n[oa]s?|dar uma mexida n[oa]s?|dar uma maquiada n[oa]s?)"
)
"""Changing what a proof says, dishonest in itself."""
_DOCTOR = (
    _FORGE[:-1] + r"|editar|edita|alterar|altera|mexer n[oa]s?|mudar a data d[ao]s?|"
    r"trocar a data d[ao]s?|mudar o valor d[ao]s?|trocar o valor d[ao]s?)"
)
"""Changing what a proof says: `_FORGE`, or an ordinary edit ("como altero a renda que
declarei?") that is dishonest only with a purpose that is the benefit (`_SHRINK_PURPOSE`)."""
_SHRINK_PURPOSE = (
    r"(?:pra|para|que)\s+(?:a gente\s+|eu\s+|ela\s+|ele\s+|a renda\s+)?(?:caber|cair|baixar|"
    r"abaixar|diminuir|reduzir|parecer|ficar (?:menor|abaixo|dentro|no limite)|ganhar|"
    r"conseguir|pegar|garantir|sumir|esconder|nao aparecer)\b"
)
OBJECT = (
    r"(?:renda|rendas|rendimentos?|salario|salarios|pensao|aposentadoria|beneficio|bicos?|"
    r"freelas?|pix|"
    r"conta\s+(?:bancaria|corrente|poupanca|no banco|d[ao] banco)|extratos?|holerites?|"
    r"contracheques?|imposto de renda|irpf|(?<=o )ir(?=\s+d[aoe]\b)|declaracao(?:\s+de\s+\w+)?|"
    r"carro|carros|moto|casa alugada|imovel|imoveis|apartamento|terreno|sitio|fazenda|"
    r"aluguel|alugueis|patrimonio|bens|investimentos?|poupanca|empresa|cnpj|mei|pro-?labore|"
    r"pro labore|faturamento|grupo familiar|composicao familiar|moradores|vinculo|"
    r"carteira de trabalho|comprovantes?(?:\s+de\s+\w+)?|historico escolar|cadastro unico|"
    r"cadunico)"
)
"""What the means test and the school check read (not a medical report, a chat history or an
app account: hiding those is privacy, not fraud)."""
_CHECKER = (
    r"(?:analise|comissao|banca|entrevista|entrevistador[a]?|assistente social|prouni|sisu|fies|"
    r"mec|inep|faculdade|universidade|bolsa|inscricao|cadastro|cadunico|documentos? da bolsa|"
    r"declaracao|formulario|ficha|sistema|receita|governo|coordenacao)"
)
"""Whoever or whatever checks eligibility."""
_OTHER_PERSON = (
    r"(?:(?:meu|minha)\s+(?:\w+\s+)?(?:" + RELATIVE + r"|amig[oa]|colega|vizinh[oa]|"
    r"conhecid[oa]|namorad[oa]|ficante|crush|chefe|patr[ao]o?a?)|outra pessoa|outro|outra|"
    r"alguem|um amigo|uma amiga|um conhecido|uma conhecida|terceiros?)"
)
_EVADE = (
    r"(?:ninguem\s+(?:vai\s+|iria\s+|ia\s+|nunca\s+|nem\s+)?(?:saber|descobrir|perceber|notar|"
    r"conferir|checar|verificar|desconfiar)(?!\s+(?:me|te|nos|lhe)\s+\w+)|"
    r"ninguem\s+(?:descobre|percebe|confere|checa|verifica|nota|desconfia)|"
    r"(?:nao|nem)\s+(?:vao|vai|iam|ia|iriam)\s+(?:descobrir|perceber|notar|conferir|checar|"
    r"desconfiar)|(?:nao|nem)\s+(?:percebem|descobrem|conferem|checam|desconfiam)\b|"
    r"sem\s+(?:ninguem|eles|ela|ele)\s+(?:saber|descobrir|perceber|notar)|"
    r"nao\s+(?:ser|sermos)\s+pegos?|sem ser peg[oa]|"
    r"nao\s+cair\s+em\s+contradicao|passar batido|passa batido|na surdina|por baixo dos panos|"
    r"e pronto|e era isso|e boa|e fechou|e fim de papo|" + EVADE_WORDS + r")"
)
"""Not being caught, or a decision that brooks no rule ("e pronto")."""

_NOT_HOUSEHOLD = (
    r"(?![^.?!]{0,60}\b(?:que|ele|ela|eles|elas)\s+(?:ja\s+)?(?:nao mora|nao moram|mora fora|"
    r"moram fora|mora em outr|moram em outr|mora sozinh|mora longe|saiu de casa|sairam de casa|"
    r"faleceu|morreu|se mudou|casou)\b)"
)
"""Leaving out the income of someone the message says lives elsewhere (or died) is the rule."""

HIDE_OBJECT: Final = (
    r"\b" + _HIDE + r"\s+(?:\w+\s+){0,4}?" + OBJECT + r"\b" + _NOT_HOUSEHOLD,
    r"\b" + _DOCTOR + r"\s+(?:\w+\s+){0,3}?" + OBJECT + r"\b[^.?!]{0,60}\b" + _SHRINK_PURPOSE,
    r"\b" + _FORGE + r"\s+(?:\w+\s+){0,3}?" + OBJECT + r"\b",
)
"""Hiding or doctoring something the means test reads."""

UNDERSTATE: Final = (
    r"\b(?:colocar|coloco|coloca|declarar|declaro|declara|botar|boto|bota|por|ponho|poe|"
    r"informar|informo|dizer|digo|falar|falo|mostrar|mostro|passar|passo)\s+(?:so\s+|somente\s+|"
    r"apenas\s+)?(?:a\s+)?(?:metade|um terco|um quarto|uma parte|parte|um pedaco|menos|"
    r"um valor menor|valor menor|uma fracao)\s+do\s+que\s+(?:eu\s+|a gente\s+|ele\s+|ela\s+|"
    r"eles\s+|minha familia\s+|(?:meu|minha)\s+\w+\s+)?(?:realmente\s+|de fato\s+|mesmo\s+)?"
    r"(?:ganho|ganha|ganhamos|ganham|recebo|recebe|recebemos|recebem|faturo|fatura|tiro|tira)\b",
    r"\b(?:extrato|holerite|contracheque|comprovante)s?\s+(?:de\s+|d[oa]\s+)?(?:outro|outra|"
    r"um outro)\s+(?:mes|periodo|epoca|ano)\b[^.?!]{0,50}\b(?:menor|menos|mais baix|caiu)",
)
"""Declaring a part of the income, or the proof of a leaner month, as the whole."""

_REMOVE = (
    r"(?:deixar|deixo|deixa|tirar|tiro|tira|excluir|excluo|remover|removo|apagar|apago|"
    r"omitir|omito|cortar|corto)"
)
_MEMBER_REF = (
    r"(?:ele|ela|eles|elas|(?:o|a|os|as|meu|minha|meus|minhas)\s+(?:\w+\s+)?" + RELATIVE + r")"
)
_HOUSEHOLD_LIST = (
    r"(?:lista|grupo familiar|grupo|composicao(?: familiar)?|declaracao|cadastro|formulario|"
    r"ficha|inscricao|renda|moradores|familia|conta|calculo)"
)
_NO_MOVE = (
    r"(?:(?!\b(?:nao mora|mora fora|mora em|mora sozinh|mora longe|saiu|mudou|casou|faleceu|"
    r"morreu)\b)[^?!])"
)
"""Any character, as long as the message does not say the member lives elsewhere (tempered)."""

REMOVE_MEMBER: Final = (
    # "deixar ele fora do grupo familiar ninguém descobre", "tiro ele da lista e pronto"
    r"\b" + _REMOVE + r"\s+" + _MEMBER_REF + r"\s+(?:\w+\s+)?(?:(?:de\s+)?fora\b|"
    r"d[ao]s?\s+(?:minha\s+)?" + _HOUSEHOLD_LIST + r"\b)" + _NO_MOVE + r"{0,80}?" + _EVADE,
    # the member's own income stated, then the removal ("meu irmão ganha 4 mil, tiro ele…")
    r"\b" + RELATIVE + r"\s+(?:\w+\s+)?(?:ganha|recebe|fatura|tira)\s+(?:bem|muito|mais|"
    r"\d+|uns|umas|quase)\b" + _NO_MOVE + r"{0,60}\b" + _REMOVE + r"\s+" + _MEMBER_REF + r"\s+"
    r"(?:\w+\s+)?(?:(?:de\s+)?fora\b|d[ao]s?\s+(?:minha\s+)?" + _HOUSEHOLD_LIST + r"\b)",
    # the removal of someone who lives there ("… mesmo ele morando aqui")
    r"\b" + _REMOVE + r"\s+" + _MEMBER_REF + r"\b[^.?!]{0,60}\bmesmo\s+(?:ele|ela|eles|elas)\s+"
    r"(?:morando|vivendo|trabalhando|ganhando|recebendo)\b",
)
"""A household member taken off the list, said next to why it is not the rule."""

BORROWED_ID: Final = (
    r"\b(?:empresta\w*|pegar emprestado|pego emprestado|alugar|alugo|comprar|compro)\s+"
    r"(?:\w+\s+){0,2}?(?:o\s+|a\s+|seu\s+|sua\s+|teu\s+|tua\s+)?(?:cpf|rg|documentos?|"
    r"identidade|nome|dados|conta(?!\s+como\b)|login|gov ?br)\b[^.?!]{0,60}\b(?:inscri\w*|"
    r"inscrever|bolsa|prouni|sisu|fies|cadastro|renda|no nome|no lugar)",
    r"\b(?:cpf|rg|documentos?|identidade|dados|login|gov ?br|conta)\s+d[aoe]\s+"
    + _OTHER_PERSON
    + r"\b[^.?!]{0,60}\b(?:no lugar d|no nome d|(?:pra|para)\s+(?:ela|ele|eles|elas)\s+"
    r"(?:ganhar|conseguir|pegar|ter|receber|entrar)|(?:me\s+)?inscrever\s+de novo|"
    r"nao\s+(?:aparece|aparecer|apareca|entra|entrar|conta|contar|cair)\s+na\s+(?:minha\s+)?"
    r"(?:renda|declaracao|analise))",
    r"\b(?:inscri\w*|inscrever|cadastr\w*)\b[^.?!]{0,30}\b(?:no nome|no lugar)\s+d[aoe]\s+"
    r"(?:outra pessoa|outro|outra|alguem|terceiros?)\b",
    r"\b(?:receber|recebo|jogar|jogo|passar|passo|mandar|mando|depositar|deposito)\b"
    r"[^.?!]{0,30}\bna conta d[aoe]\s+"
    + _OTHER_PERSON
    + r"\b[^.?!]{0,60}\b(?:nao\s+(?:aparece|aparecer|apareca|entra|conta|contar)|"
    r"pra renda|ninguem)",
    r"\bna conta d[aoe]\s+" + _OTHER_PERSON + r"\b[^.?!]{0,10}\b(?:pra|para)\s+receber\b"
    r"[^.?!]{0,60}\bnao\s+(?:aparece|aparecer|apareca|entra|conta|contar)\b",
)
"""Someone else's identity or account used so the application or the income is not one's own."""

KEEP_FROM_CHECKER: Final = (
    r"\b(?:como|jeito de|da pra|tem como|pra|para|fazer)\s+(?:fazer\s+)?(?:com que\s+)?"
    r"(?:a\s+|o\s+|os\s+|as\s+)?(?:" + _CHECKER + r"|eles|ela|ele|ninguem)\s+nao\s+"
    r"(?:descobrir|descobrirem|descobrisse|perceber|perceberem|notar|notarem|desconfiar|"
    r"desconfiarem)\b(?![^.?!]{0,15}\b(?:meu erro|o erro))",
    r"\b(?:escola|colegio)\s+(?:\w+\s+)?(?:particular|privad[ao])\b[^.?!]{0,40}\b(?:parecer|"
    r"pareca|passar por|passar como|constar como|aparecer como|virar)\s+(?:uma\s+|escola\s+)?"
    r"public",
)
"""Asking how to keep whoever checks from finding something out, or a private school made to
look public."""

DECEIVE: Final = (
    # fooling whoever checks ("dicas pra enrolar a assistente social")
    r"\b(?:enganar|engano|enrolar|enrolo|ludibriar|tapear|iludir|driblar|burlar|"
    r"passar a perna n[ao]s?|passar perna n[ao]s?)\s+(?:a\s+|o\s+|os\s+|as\s+)?" + _CHECKER + r"\b",
    # a statement true only on paper ("sair do grupo familiar só no cadastro")
    r"\b(?:sair|sai|saio|tirar|tira|separad[oa]s?|separar|divorci\w*|morar fora|mora fora|"
    r"desempregad[oa]s?|sozinh[oa]|fora)\b[^.?!]{0,50}\b(?:so|somente|apenas)\s+(?:no|na)\s+"
    r"(?:papel|cadastro|inscricao|formulario|sistema|declaracao|ficha)\b",
    r"\b(?:so|somente|apenas)\s+(?:no|na)\s+(?:papel|cadastro|inscricao|formulario|sistema|"
    r"declaracao|ficha)\b[^.?!]{0,30}\b(?:e|mas)\s+(?:continuar|continuo|continua|seguir|sigo)"
    r"\s+(?:morando|vivendo|trabalhando)\b",
    # someone made to look poorer, jobless or apart ("pra minha mãe parecer desempregada")
    r"\b(?:pra|para|que)\s+(?:(?:o|a|meu|minha|meus|minhas)\s+(?:\w+\s+)?"
    + RELATIVE
    + r"|a gente|a familia|minha familia|nossa familia|a casa)\s+(?:parecer|pareca|parecam|"
    r"parecerem|ficar parecendo)\s+(?:ser\s+|estar\s+)?(?:desempregad|pobre|mais pobre|"
    r"sem renda|de baixa renda|separad|sozinh|menor)",
    # a target income the message itself says is false ("fique abaixo de 1,5 mesmo não sendo")
    r"\b(?:renda|salario|familia)\b[^.?!]{0,50}\b(?:abaixo|menor|menos|dentro)\b[^.?!]{0,40}"
    r"\bmesmo\s+(?:nao\s+sendo|sem\s+ser|sendo\s+maior|ganhando\s+mais)\b",
    # a way not to list an asset, an income or a person
    r"\b(?:tem jeito|algum jeito|tem como|da pra|dica pra|dicas pra)\s+(?:de\s+)?(?:eu\s+)?nao\s+"
    r"(?:listar|declarar|colocar|incluir|informar|mostrar|apresentar|botar)\s+(?:\w+\s+){0,3}?"
    r"(?:" + OBJECT + r"|eles|elas|ele|ela|" + RELATIVE + r")\b" + _NOT_HOUSEHOLD,
    # someone else's proof passed off as one's own
    r"\b(?:usar|uso|mandar|mando|enviar|envio|apresentar|apresento|colocar|coloco)\s+"
    r"(?:o|a|os|as)\s+(?:\w+\s+){0,3}?d(?:ele|ela|[aoe]\s+" + _OTHER_PERSON + r")\s+"
    r"(?:no meu nome|como (?:se fosse )?(?:meu|minha|d[ao] meu|d[ao] minha))\b",
    # an excuse so that whoever checks does not ask for or look at something
    r"\b(?:desculpa|mentira|historinha|historia|lorota|justificativa)\s+(?:\w+\s+){0,2}?"
    r"(?:pra|para|pro|pros)\s+(?:a\s+|o\s+|os\s+|as\s+)?(?:" + _CHECKER + r"|eles|ela|ele)\b"
    r"[^.?!]{0,30}\bnao\s+(?:pedir|pedirem|ver|verem|olhar|olharem|conferir|conferirem|exigir|"
    r"exigirem|descobrir|descobrirem|perceber|perceberem|checar)\b",
    # someone who makes proofs of a lower income ("um contador que faz uns papéis de renda
    # mais baixa")
    r"\b(?:faz|fazem|fazer|arruma|arrumar|consegue|conseguir|vende|vender|compra|comprar|gera|"
    r"gerar|emite|emitir|monta|montar|produz|produzir)\s+(?:\w+\s+){0,2}?(?:papel|papeis|"
    r"documentos?|comprovantes?|declarac\w*|holerites?|contracheques?|atestados?)\s+(?:de\s+|com\s+)?"
    r"(?:uma\s+)?renda\s+(?:mais baixa|menor|reduzida|abaixo|falsa|fake|de mentira)\b",
    # income routed through someone else's account so it does not count
    r"\bconta d[aoe]\s+" + _OTHER_PERSON + r"\b[^.?!]{0,40}\b(?:assim|pra|para|ai|entao|e|que)"
    r"\s+(?:ela\s+|ele\s+|isso\s+|o dinheiro\s+)?nao\s+(?:entra|entrar|aparece|aparecer|"
    r"apareca|conta|contar|soma|somar)\b",
)
"""Fooling whoever checks; a statement true only on paper; a false appearance; a way not to
list something; someone else's proof as one's own."""

PATTERNS: Final[tuple[str, ...]] = (
    *HIDE_OBJECT,
    *UNDERSTATE,
    *REMOVE_MEMBER,
    *BORROWED_ID,
    *KEEP_FROM_CHECKER,
    *DECEIVE,
)
"""The strong eligibility-fraud patterns of this module (appended to
`integrity.ELIGIBILITY_FRAUD`)."""

FRAUD_CUE: Final = rx(
    _HIDE,
    _DOCTOR + r"\s+(?:\w+\s+){0,3}?" + OBJECT,
    _EVADE,
    r"\b(?:fingir|finjo|fingindo|mentir|minto|mentindo|mentira|inventar|invento|falso|falsa|"
    r"fake|de mentira|no papel|parecer|pareca|parecendo|parece que|como se)\b",
    r"\b(?:metade|um terco|uma parte|menos do que|valor menor)\b",
    r"\b" + _REMOVE + r"\s+" + _MEMBER_REF + r"\b",
    r"\b(?:empresta\w*|no nome d|no lugar d|na conta d)\b",
    r"\bnao\s+(?:aparece|aparecer|apareca|descobr\w*|perceb\w*)\b",
)
"""Words of concealment, doctoring, lying or evasion: the weaker evidence that lets the
classifier's eligibility-fraud probability count at `GuardThresholds.fraud_cued`. The
honest questions that share the household vocabulary ("como declaro a renda informal da minha
mãe?", "meu pai não mora com a gente, preciso declarar?") carry none of them."""

__all__ = [
    "BORROWED_ID",
    "DECEIVE",
    "FRAUD_CUE",
    "HIDE_OBJECT",
    "KEEP_FROM_CHECKER",
    "OBJECT",
    "PATTERNS",
    "REMOVE_MEMBER",
    "UNDERSTATE",
]
