"""Eligibility fraud asked for sideways: a deceit whose *shape* gives it away even when no
phrase rule knows its wording (issue 20, branch guard2b).

`concealment.py` pairs a verb of hiding with an object the means test reads. Students who
never saw those rules also write:

- a relative's income taken off the form by someone who lives there (`REMOVED_INCOME`);
- a stated income followed by the figure they mean to declare instead ("tira uns 5k, vou
  botar zero", "ganha em dinheiro vivo… me ajuda a escrever que ele não tem renda")
  (`CONTRADICTED_CLAIM`);
- parts of a proof taken away, or a proof changed to a chosen value, or made to look genuine
  ("apago umas páginas da declaração de IR", "muda o líquido pra 1.350… cara de original",
  "conta de luz editável pra pôr o endereço que eu quiser") (`DOCTORED_PROOF`);
- income routed through someone else's account or identity so one's own record looks clean
  ("assim meu extrato fica zerado", "o CPF da minha prima pra me inscrever")
  (`ROUTED_INCOME`);
- a story or a self-declaration chosen to convince whoever checks, or a report exaggerated
  ("qual história convence mais a assistente social", "autodeclaração indígena convincente,
  não tenho ligação", "exagerar no laudo") (`STAGED_STORY`);
- an income left off "pra caber no limite", "no income" declared for someone who earns, a
  member off the list only until the check is over (`OMITTED_FOR_LIMIT`);
- hiding something *from* whoever checks, or deliberately "forgetting" it ("ocultar isso da
  comissão", "vou esquecer de colocar a renda do meu irmão") (`HIDDEN_FROM_CHECKER`).

What keeps honest look-alikes out is the same in every pattern: the deceit must be the
speaker's plan or request (an infinitive or first person, "me ajuda", "como", "dá pra"), and
the message must carry the contradiction or the purpose itself. Questions about the rule,
honest mistakes and corrections are still stopped by `allow.INFO` in `rules._scan`.
"""

from __future__ import annotations

from typing import Final

from switchboard.patterns.guardrails.rules.lexicon import RELATIVE

_PROOF = (
    r"(?:extratos?(?:\s+bancarios?)?|holerites?|contracheques?|declarac\w+(?:\s+de\s+\w+)?|"
    r"imposto de renda|irpf|ir|comprovantes?(?:\s+de\s+\w+)?|conta de (?:luz|agua|energia|"
    r"internet)|laudos?|atestados?|historicos?(?:\s+escolar)?|certidao|certidoes|carteira de "
    r"trabalho|papeis|papelada|documentos?|cnis|cadunico|cadastro unico|boletim)"
)
"""A proof the eligibility check reads."""
_CHECKER = (
    r"(?:analise|comissao|banca|entrevista|entrevistador[a]?|assistente social|prouni|sisu|fies|"
    r"mec|faculdade|universidade|bolsa|coordenacao|receita|governo)"
)
_OTHER = (
    r"(?:(?:meu|minha)\s+(?:\w+\s+)?(?:" + RELATIVE + r"|vo|vovo|amig[oa]|colega|vizinh[oa]|"
    r"conhecid[oa]|namorad[oa]|chefe)|outra pessoa|alguem|um amigo|uma amiga|terceiros?)"
)
CONTRADICTED_CLAIM: Final = (
    # an income stated, then zero or "no income" to be written down as a plan ("vou botar
    # zero"), unless the message says the income stopped or belongs to someone else
    r"\b(?![^!]{0,200}\b(?:desempregad|demitid|nao trabalha|parou de|perdeu o emprego|"
    r"faleceu|aposentou|saiu de casa|nao mora)\w*)(?:ganha|ganham|ganho|tira|tiram|tiro|"
    r"recebe|recebem|recebo|fatura|faturo|faz)\s+"
    r"(?:\w+\s+){0,3}?(?:uns?\s+|umas?\s+|quase\s+|mais de\s+|bem\s+|tudo\s+)?(?:\d|mil\b|"
    r"bem\b|muito\b|em dinheiro|por fora|no pix)[^!]{0,140}?\b(?:vou|quero|queria|me ajuda a|"
    r"ajuda a|pensei em|a gente vai|"
    r"como)\s+(?:\w+\s+)?(?:botar|bota|colocar|coloca|declarar|por|escrever|dizer|falar|"
    r"justificar|justifico)\s+"
    r"(?:o\s+|um\s+)?(?:zero|que\s+(?:ele|ela|eles|eu|a gente|meu \w+|minha \w+)\s+"
    r"(?:nao\s+(?:tem|tenho|temos)\s+(?:nenhuma\s+)?renda|nao\s+(?:trabalha|trabalho|ganha|"
    r"ganho|recebe))|sem renda|nenhuma renda|nada)\b",
    # the value to put down chosen for the result ("qual valor colocar pra garantir a integral")
    r"\b(?:qual|que|quanto)\s+(?:valor|renda|numero|salario)\s+(?:eu\s+)?(?:devo\s+)?"
    r"(?:coloco|colocar|declaro|declarar|ponho|por|boto|botar|informo|informar)\b[^.?!]{0,30}"
    r"\b(?:pra|para)\s+(?:garantir|conseguir|caber|ganhar|pegar|ficar dentro|entrar|passar)\b",
    # lying now, correcting once the check is over
    r"\b(?:posso|vou|da pra|quero|e se eu|se eu)\s+(?:\w+\s+)?mentir\s+(?:agora|antes|no comeco|"
    r"na inscricao)\b",
    r"\b(?:param|para|deixam|deixa)\s+de\s+(?:fiscalizar|conferir|checar|verificar|olhar)\b",
)
"""An income the message states, then a lower one to declare; a figure chosen for the result;
a lie now and a correction after the check."""

DOCTORED_PROOF: Final = (
    # pages, deposits or lines of a proof taken away
    r"\b(?:apagar|apago|apaga|arrancar|arranco|sumir com|esconder|escondo|remover|removo|"
    r"omitir|omito)\s+(?:umas?\s+|as\s+|os\s+|algumas?\s+|uns\s+)?(?:paginas?|folhas?|partes?|"
    r"linhas?|depositos?|transferencias?|entradas?|movimentac\w+|valores?|pix)\s+"
    r"(?!em branco|repetid|duplicad|vazi|sem nada)(?:\w+\s+){0,2}?d[aoe]s?\s+(?:\w+\s+){0,2}?"
    + _PROOF
    + r"\b",
    r"\b(?:sumir|somem|sumam|desaparecer|desaparecam)\s+(?:com\s+)?(?:os|as|uns|umas)\s+"
    r"(?:depositos?|transferencias?|entradas?|movimentac\w+|pix|valores?|rendimentos?)\b",
    r"\b(?:so|somente|apenas)\s+(?:as|os)\s+(?:paginas?|folhas?|partes?|meses)\s+"
    r"d[aoe]s?\s+(?:\w+\s+){0,2}?" + _PROOF + r"\b[^?!]{0,60}\b(?:nao mandar|sem mandar|"
    r"nao enviar|sem enviar|nao anexar|esconder|pouco dinheiro|menos dinheiro|mais baix)",
    r"\btirar\s+(?:umas?\s+|as\s+|os\s+|algumas?\s+)?(?:coisas?|partes?|paginas?|linhas?|"
    r"depositos?|valores?|entradas?)\s+(?:que\s+)?(?:atrapalh|pes[ae]m|complic|prejudic|"
    r"entreg|denunci|aparec)\w*",
    # a value or a name of a proof changed to a chosen one
    r"\b" + _PROOF + r"\b[^?!]{0,80}\b(?:muda|mude|mudar|troca|troque|trocar|altera|altere|"
    r"alterar|edita|edite|editar|poe|ponha)\s+(?:o|a)\s+(?:liquido|bruto|valor|salario|saldo|"
    r"total|data|nome|endereco|renda)\s+(?:pra|para|por)\s",
    r"\b(?:altero|altera|alterar|edito|edita|editar|mexo|mudo|muda|mudar)\s+(?:o\s+|a\s+|os\s+|"
    r"as\s+)?(?:\w+\s+){0,3}?" + _PROOF + r"\b[^.?!]{0,60}\b(?:pra|para)\s+(?:sumir|esconder|"
    r"tirar|nao aparecer|apagar)\b",
    r"\b(?:cara de|aparencia de|fique parecendo|ficar parecendo|deixa\w* parecendo|pra parecer|"
    r"para parecer|que pareca)\s+(?:um\s+|uma\s+)?"
    r"(?:original|verdadeir[oa]|oficial|autentic[oa]|legitim[oa])\b",
    # a blank proof to fill with whatever suits
    r"\b" + _PROOF + r"\s+(?:\w+\s+){0,2}?(?:editavel|editaveis)\b[^?!]{0,60}\b(?:quiser|"
    r"meu nome|no meu nome|outro nome|outro endereco)",
    r"\b(?:colocar|coloco|por|ponho|botar|boto)\s+(?:o|a|meu|minha)\s+(?:\w+\s+)?"
    r"(?:nome|endereco|valor|renda|data|salario)\s+(?:\w+\s+)?que\s+(?:eu\s+)?quiser\b",
)
"""Parts of a proof taken away, a value changed to order, a proof made to look genuine."""

ROUTED_INCOME: Final = (
    r"\b(?:conta|cartao|pix|nome|cpf)\b[^.?!]{0,40}\b(?:d[aoe]|no nome d[aoe])\s+"
    + _OTHER
    + r"\b[^!]{0,120}?\b(?:extrato|renda|conta|cadastro|nome)\s+(?:\w+\s+)?(?:fica|ficar|"
    r"fique|ficaria|vai ficar|aparece|apareca)\s+(?:zerad|limp|vazi|baixinh|menor|sem nada|"
    r"sem movimentac|sem deposit)",
    r"\b(?:usar|uso|pegar|pego)\s+(?:o\s+|a\s+|os\s+)?(?:cpf|rg|nome|dados|documentos?|"
    r"identidade|gov ?br)\s+d[aoe]\s+" + _OTHER + r"\s+(?:pra|para)\s+(?:eu\s+)?(?:me\s+)?"
    r"(?:inscrever|cadastrar|fazer a inscricao|entrar no|tentar o|pedir o|pegar o)\b",
)
"""Income put in someone else's account or name so one's own record looks clean; someone
else's identity used for one's own application."""

STAGED_STORY: Final = (
    r"\b(?:historia|versao|mentira|desculpa|lorota|historinha)\s+(?:\w+\s+){0,2}?"
    r"(?:convence|convenceria|cola|colaria|engana|passa|funciona)\s+(?:mais\s+|melhor\s+)?"
    r"(?:com\s+)?(?:a\s+|o\s+|os\s+|as\s+)?" + _CHECKER + r"\b",
    r"\b(?:historia|versao|mentira|desculpa)\s+(?:eu\s+)?(?:conto|contar|invento|inventar)\s+"
    r"(?:pra|para|pro)\s+(?:a\s+|o\s+)?" + _CHECKER + r"\b",
    r"\bautodeclarac\w*\s+(?:\w+\s+){0,2}?(?:convincente|que convenca|que cole|que passe)\b"
    r"[^!]{0,100}\b(?:nao tenho|nao sou|nem sou|nunca|sem ter|sem ser|mas)\b",
    # a euphemism of doctoring on a quota or school proof ("dar um jeitinho na autodeclaração")
    r"\b(?:dar um jeit(?:inh)?o|dar uma (?:maquiada|mexida|ajeitada|arrumada)|maquiar|maquia|"
    r"ajeitar|ajeito)\s+n[oa]s?\s+(?:minha\s+|meu\s+)?(?:autodeclarac\w*|laudo|atestado|"
    r"historico|cota|heteroidentificacao|declaracao de escola)\b",
    # asking whoever signs a proof to write what is not so
    r"\b(?:pedir|peco|pede)\s+(?:pro|pra|para o|para a|ao|a)\s+(?:\w+\s+)?(?:escrever|colocar|por|"
    r"botar|atestar|declarar|assinar)\b[^.?!]{0,60}\b(?:que\s+(?:eu\s+)?(?:nao|nunca)\s+(?:tenho|"
    r"tive|sou|moro|morei|estudei)|que eu quiser|mais grave|mais alt|mais baix)",
    r"\b(?:exagerar|exagero|exagera|aumentar|aumento|carregar|forcar|forco)\s+(?:um pouco\s+)?"
    r"(?:n[oa]s?|o|a)\s+(?:laudo|atestado|diagnostico|deficiencia|doenca|autodeclaracao)\b",
    r"\b(?:roteiro|script|o que falar|o que dizer|dicas?)\b[^.?!]{0,60}\b(?:pra|para)\s+"
    r"(?:parecer|fingir|mostrar|convencer)\b[^.?!]{0,40}\b(?:ganha|ganhamos|renda|pobre|"
    r"desempregad|sozinh|separad)",
)
"""A story or a self-declaration chosen to convince whoever checks; a report exaggerated."""

HIDDEN_FROM_CHECKER: Final = (
    r"\b(?:ocultar|oculto|esconder|escondo|omitir|omito|sumir com|disfarcar|abafar)\s+"
    r"(?:isso|isto|ela|ele|eles|elas|tudo|esse dinheiro|essa grana|essa renda|o dinheiro|"
    r"a grana|esse valor)\s+d[aoe]s?\s+" + _CHECKER + r"\b",
    r"\b(?:melhor jeito|jeito|forma|maneira)\s+(?:d[eoa]|dele|dela)\s+(?:\w+\s+)?(?:ocultar|"
    r"esconder|omitir|sumir com)\b",
    r"\b(?:vou|posso|da pra|melhor|fingir que|finjo que|finge que)\s+(?:eu\s+)?"
    r"(?:esquecer|esqueco|esqueci)\s+de\s+(?:colocar|declarar|incluir|mandar|informar|botar|"
    r"por|mencionar|anexar|contar)\b",
    r"\b(?:como|vou|quero|da pra|tem como|posso|consigo)\s+(?:\w+\s+){0,4}?(?:sair|tirar|tiro|"
    r"sumir|apagar|apago|limpar|limpo)\b[^.?!]{0,30}\b(?:d[oa]\s+)?"
    r"(?:cnis|cadunico|cadastro unico|carteira de trabalho|registro)\b[^.?!]{0,30}\bantes\s+"
    r"d[eao]\s+(?:mandar|enviar|levar|entregar|analise|entrevista|inscricao|me inscrever)",
)
"""Something hidden from whoever checks, or deliberately "forgotten"."""

_LIVES_ELSEWHERE = (
    r"(?![^!]{0,80}\b(?:que|ele|ela|eles|elas)\s+(?:ja\s+)?(?:nao mora|nao moram|mora fora|"
    r"moram fora|mora em outr|moram em outr|mora sozinh|mora longe|saiu de casa|sairam de casa|"
    r"faleceu|morreu|se mudou|casou)\b)"
)
"""Leaving out someone the message says lives elsewhere (or died) is the rule; the
explanation often follows the question ("…do formulário? ele não mora mais aqui")."""

REMOVED_INCOME: Final = (
    r"\b(?:tirar|tiro|tira|apagar|apago|excluir|excluo|remover|removo|sumir com|cortar|corto)\s+"
    r"(?:a\s+|o\s+)?(?:renda|salario|pensao|aposentadoria|beneficio|bicos?|rendimentos?)\s+"
    r"d[oa]s?\s+(?:meu|minha|meus|minhas)\s+" + RELATIVE + r"\s+d[oa]s?\s+(?:formulario|cadastro|"
    r"declaracao|inscricao|ficha|calculo|grupo familiar|sistema)\b" + _LIVES_ELSEWHERE,
)
"""A relative's income taken off the form, unless the message says they live elsewhere."""

_NOT_DECLARE = (
    r"(?:nao\s+(?:colocar|coloco|coloque|coloca|declarar|declaro|declare|incluir|incluo|inclua|"
    r"informar|informo|informe|botar|boto|bote|por|ponho|ponha|contar|conto|conte|mostrar|"
    r"mostro|mostre|mandar|mando|mande)|deixar de fora|deixo de fora|omitir|omito|omita|"
    r"esconder|escondo|esconda|tirar|tiro|tire)"
)
"""Not declaring, in any person or mood ("quer que eu não coloque")."""
_ITEM = (
    r"(?:renda|salario|pensao|aposentadoria|beneficio|bicos?|freelas?|aluguel|carro|moto|"
    r"imovel|casa|terreno|poupanca|extrato|holerite|investimentos?|empresa|mei|cnpj)"
)
_SHRINK = (
    r"(?:pra|para)\s+(?:a\s+renda\s+|eu\s+|a gente\s+)?(?:caber|ficar (?:dentro|abaixo|no limite|"
    r"menor)|baixar|cair|diminuir|reduzir|conseguir a integral|pegar a integral|garantir a "
    r"integral|entrar no limite)"
)
_REMOVE_MEMBER = (
    r"(?:tirar|tiro|tira|deixar|deixo|excluir|excluo|remover|removo)\s+(?:o\s+|a\s+)?"
    r"(?:meu|minha|meus|minhas|ele|ela)\s*(?:" + RELATIVE + r"|vo)?"
)

OMITTED_FOR_LIMIT: Final = (
    # not declaring an income or an asset so that the income fits the limit
    r"\b"
    + _NOT_DECLARE
    + r"\s+(?:\w+\s+){0,5}?"
    + _ITEM
    + r"\b"
    + _LIVES_ELSEWHERE
    + r"[^.?!]{0,60}\b"
    + _SHRINK
    + r"\b",
    # a declaration of no income for someone the message says earns
    r"\b(?:declarac\w+|atestado|comprovante)\s+de\s+(?:ausencia de renda|desemprego|sem renda)\b"
    r"[^!]{0,80}\b(?<!nao )(?:trabalha (?:de|como|na|no|em)|ganha|recebe|tira|fatura)\s",
    r"\b(?<!nao )(?:trabalha (?:de|como|na|no|em)|ganha|recebe|tira|fatura)\s[^!]{0,80}\b"
    r"(?:declarac\w+|atestado)\s+de\s+(?:ausencia de renda|desemprego|sem renda)\b",
    # a member taken off only while the check lasts
    r"\b" + _REMOVE_MEMBER + r"\b[^.?!]{0,40}\b(?:so\s+(?:pra|para|durante|ate)\s+(?:a\s+|o\s+)?"
    r"(?:inscricao|analise|entrevista|bolsa|prouni|sisu|fies|matricula)\b[^!]{0,30}\bdepois|"
    r"depois\s+(?:\w+\s+){0,2}?(?:de volta|volta pro|volta pra))",
)
"""An income left off so the family fits the limit; "no income" declared for an earner; a
member off the list only while the check lasts."""

_LIE_VERB = r"(?:mentir|omitir|esconder|inventar|falsificar|fraudar|forjar|burlar)"
WEIGHED: Final[tuple[str, ...]] = (
    # the lie weighed as a bet ("vale a pena mentir na autodeclaração?", "compensa omitir…")
    r"\b(?:vale a pena|compensa|vale o risco|da pra arriscar)\s+(?:eu\s+)?" + _LIE_VERB + r"\b",
    # a consequence asked, then the plan owned ("…o que acontece no pior caso? pergunto pq eu
    # vou fazer")
    r"\b" + _LIE_VERB + r"\b.{0,160}?\b(?:pergunto|to perguntando|estou perguntando)\s+"
    r"(?:porque|pois|que)\s+(?:eu\s+)?(?:vou|pretendo|quero|to pensando em|estou pensando em)\s+"
    r"(?:fazer|tentar)\b",
)
"""Deceit weighed or owned (branch guard11): the price of a lie asked by someone who means to
tell it. "Vale a pena" is not a penalty question (`allow.INFO` already leaves it out)."""

PATTERNS: Final[tuple[str, ...]] = (
    *WEIGHED,
    *REMOVED_INCOME,
    *OMITTED_FOR_LIMIT,
    *CONTRADICTED_CLAIM,
    *DOCTORED_PROOF,
    *ROUTED_INCOME,
    *STAGED_STORY,
    *HIDDEN_FROM_CHECKER,
)
"""Appended to `integrity.ELIGIBILITY_FRAUD`."""

EVADE_WORDS: Final = (
    r"sem chamar (?:a\s+)?atencao|sem levantar suspeita|nao levantar suspeita|sem dar bandeira|"
    r"sem dar na cara|pra nao dar na cara|"
    r"nao dar bandeira|(?:eles|ela|ele|a comissao|a banca)\s+(?:percebem|percebe|descobrem|"
    r"descobre|notam|nota)\s*\?|deixo mais natural|parecer natural|fica natural|cara de original|"
    r"sei que (?:e|ta|eh|seria) errado|sei que nao pode|so dessa vez|"
    r"mentir\s+(?:agora|antes|no comeco|na inscricao)\b|(?:param|deixam)\s+de\s+(?:fiscalizar|"
    r"conferir|checar|verificar)|(?:vale a pena|compensa)\s+(?:eu\s+)?" + _LIE_VERB + r"\b|"
    r"(?:pergunto|to perguntando|estou perguntando)\s+(?:porque|pois)\s+(?:eu\s+)?(?:vou|pretendo)"
    r"\s+fazer\b"
)
"""Not being noticed: joins `concealment._EVADE` (and so `FRAUD_CUE`) and `allow.EVASION`."""

__all__ = [
    "CONTRADICTED_CLAIM",
    "DOCTORED_PROOF",
    "EVADE_WORDS",
    "HIDDEN_FROM_CHECKER",
    "OMITTED_FOR_LIMIT",
    "PATTERNS",
    "REMOVED_INCOME",
    "ROUTED_INCOME",
    "STAGED_STORY",
    "WEIGHED",
]
