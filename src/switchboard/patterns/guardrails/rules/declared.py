"""Eligibility fraud told as a plan for the form: the household's real income or status said,
then a smaller or different one declared (issue 20, branch guard7).

The held-out writers' misses after guard6 were mostly indirect fraud: the message states the
truth ("minha irmã trabalha de manicure e tira bem", "o uber do meu pai rende uns 4 mil") and
then what will go on the form ("vou deixar ela como estudante sem renda", "vou considerar só o
salário fixo"), with none of the words of lying or hiding the older rules and the model's
intent classes key on. Each family below needs both halves in the message — the truth and the
declaration that contradicts it — so an honest question about the same topic ("minha mãe faz
faxina e recebe em dinheiro, como declaro?", "meu pai foi demitido, coloco ele como
desempregado?") does not match:

- `STATUS_CLAIMED`: a member said to work or earn *now*, then declared as having no income
  (student without income, unemployed, "do lar"), or a partner who keeps the house said to
  "only visit";
- `PART_DECLARED`: an informal or larger income named, then only the formal or smaller part
  declared ("então no formulário fica só a pensão", "do salão eu não falo nada");
- `UNSAID_PART`: an income, then "essa parte / isso / o resto" the speaker will not tell the
  programme ("essa parte eu não vou contar pro prouni");
- `LEFT_OUT`: a member who works and lives here, then not counted in or taken out of the
  household ("nem conto ele no grupo familiar", "tiro os dois do grupo familiar");
- `WRITTEN_OVER`: a paper written over, its lines covered before it is scanned, or "given a
  touch" ("passar um corretivo e escrever 2023
  por cima", "dar uma ajeitada no contracheque", "mudar uns números do extrato");
- `BETTER_PERIOD`: an older paper or the papers of a worse period sent because the current
  one would show the income ("só os extratos dos meses que meu pai tava sem serviço", "o
  cadúnico antigo… o novo ia mostrar");
- `SHAVED`: a declared figure rounded or cut down by an amount, or on the bet that nobody
  checks ("arredondar pra baixo uns 800 reais"); "posso arredondar pra baixo ou tem que ser o
  valor exato?" asks the rule and has neither;
- `FIXER`: approval, a place or a scholarship guaranteed for a price;
- `VANISH`: an income made to disappear from the application ("quero que a renda do meu pai
  suma da inscrição").
"""

from __future__ import annotations

from typing import Final

_MEMBER = (
    r"(?:(?:meu|minha|o|a)\s+(?:pai|mae|irmao|irma|padrasto|madrasta|avo|vo|tio|tia|primo|prima|"
    r"marido|esposa|namorado|namorada|companheiro|companheira|cunhado|cunhada)"
    r"(?:\s+mais\s+(?:velh|nov)[oa])?|ele|ela)"
)
_WORKS_NOW = (
    r"(?<!nao )(?<!nem )(?:trabalha|trabalham|ganha|ganham|recebe|recebem|tira\s+bem|"
    r"tira\s+uns|fatura|faturam|"
    r"tem\s+(?:carteira\s+assinada|emprego|um\s+emprego|salario|renda|uma?\s+(?:loja|oficina|"
    r"salao|empresa|mei|comercio|negocio|lanchonete|barraca))|(?:e|eh)\s+(?:mei|autonom[oa]|"
    r"servidor[a]?|concursad[oa]|empresari[oa])|sustenta\s+a\s+casa|paga\s+as\s+contas|"
    r"faz\s+(?:bico|bicos|frete|fretes|uber|faxina|diaria|unha|unhas)|vende\s+\w+)"
    r"(?!\s+(?:pouco|quase\s+nada|muito\s+pouco|so\s+de\s+vez|as\s+vezes|de\s+vez\s+em))"
)
"""Working or earning now (not "não trabalha", not "ganha pouco": those ask the rule)."""
_DECLARE = (
    r"(?:deixar|deixo|colocar|coloco|botar|boto|por|ponho|declarar|declaro|marcar|marco|"
    r"dizer|digo|falar|falo|escrever|escrevo|informar|informo|fingir|finjo|cadastrar|cadastro)"
)
_NO_INCOME = (
    r"(?:estudante\s+sem\s+renda|sem\s+renda|sem\s+renda\s+nenhuma|desempregad[oa]|"
    r"sem\s+(?:trabalho|emprego)|do\s+lar|renda\s+zero|que\s+nao\s+trabalha|que\s+nao\s+ganha|"
    r"so\s+visita|so\s+vem\s+visitar|(?:ta|esta)\s+de\s+passagem)"
)
STATUS_CLAIMED: Final[str] = (
    # "minha irmã trabalha de manicure e tira bem, vou deixar ela como estudante sem renda";
    # "meu pai tem uma oficina… então na inscrição eu coloco que ele é desempregado"; a
    # member who lost the job ("foi demitido", "parou de trabalhar") is not in `_WORKS_NOW`
    r"\b" + _MEMBER + r"\s+(?:\w+\s+){0,3}?" + _WORKS_NOW + r"\b"
    r"(?:(?!\b(?:demitid[oa]|parou\s+de|perdeu\s+o|saiu\s+do\s+emprego|aposentou|nao\s+mora|"
    r"mora\s+em\s+outr)\b)[^?]){0,140}?"
    r"\b" + _DECLARE + r"\s+(?:que\s+)?(?:ele|ela|el[ae]s|" + _MEMBER + r")?\s*"
    r"(?:como\s+|que\s+(?:e|eh|ta|esta|(?:ele|ela)\s+(?:e|eh|ta|esta))\s+|(?:e|eh)\s+)?"
    + _NO_INCOME
    + r"\b"
)

_INFORMAL = (
    r"(?:dinheiro\s+vivo|em\s+especie|em\s+dinheiro|por\s+fora|sem\s+carteira|informal|bico|bicos|"
    r"uber|aplicativo|app|frete|fretes|faxina|faxinas|diarias?|salao|marmita|marmitas|vendas?|"
    r"rende\s+(?:uns\s+|bem|mais)|da\s+uma\s+boa\s+grana|tira\s+bem|ganha\s+bem|fatura\s+bem|"
    r"quase\s+tudo|a\s+maior\s+parte|o\s+grosso|dois\s+empregos)"
)
_FORMAL_PART = (
    r"(?:pensao|salario(?:\s+fixo|\s+minimo|\s+base)?|fixo|beneficio|aposentadoria|"
    r"bolsa\s+familia|auxilio|registrado|(?:o\s+)?da\s+carteira|de\s+carteira|"
    r"(?:de\s+)?meio\s+periodo|"
    r"o\s+que\s+(?:cai|entra|aparece)\s+na\s+conta|o\s+que\s+tem\s+(?:holerite|comprovante)|"
    r"o\s+do\s+papel|a\s+do\s+papel)"
)
PART_DECLARED: Final[str] = (
    # "ganha quase tudo em dinheiro vivo… então no formulário fica só a pensão de 400"
    r"\b" + _INFORMAL + r"\b[^?]{0,140}?\b(?:entao|ai|vou|vo|eu)\s+(?:\w+\s+){0,4}?"
    r"(?:so|apenas|somente)\s+(?:[oa]s?\s+|d[oa]s?\s+)?" + _FORMAL_PART + r"\b"
    # "do salão eu não falo nada, só do benefício"
    r"|\bd[oa]\s+(?:salao|bico|bicos|frete|fretes|uber|loja|oficina|comercio|negocio|aluguel|"
    r"outro\s+emprego|outra\s+renda|resto)\s+(?:eu\s+)?(?:nao|nem)\s+(?:vou\s+)?(?:falo|falar|"
    r"conto|contar|digo|dizer|declaro|declarar|menciono|mencionar|coloco|colocar)\b"
)
_EARNED = (
    r"(?:ganha|ganham|recebe|recebem|renda|salario|frete|fretes|bico|bicos|fatura|faturam|"
    r"aluguel|pensao|aposentadoria|vendas?|lucro|tira\s+(?:bem|uns))"
)
UNSAID_PART: Final[str] = (
    # "faz frete no fim de semana e ganha mais que no emprego, essa parte eu não vou contar pro
    # prouni"; a reason that makes it right to leave out (not living here) stops the match
    r"\b" + _EARNED + r"\b(?:(?!\b(?:nao\s+mora|mora\s+em\s+outr|mora\s+fora|faleceu|morreu|"
    r"saiu\s+de\s+casa)\b)[^?]){0,100}?\b(?:essa\s+parte|esse\s+dinheiro|essa\s+grana|"
    r"essa\s+renda|esse\s+extra|o\s+resto|o\s+outro|a\s+outra)\s+(?:eu\s+)?(?:nao|nem)\s+"
    r"(?:vou\s+|vo\s+)?(?:falo|falar|conto|contar|declaro|declarar|coloco|colocar|informo|"
    r"informar|menciono|mencionar|boto|botar|mostro|mostrar)\b"
)

_PAPER = (
    r"(?:certificado|historico|diploma|boletim|declaracao|holerite|contracheque|comprovante|"
    r"extrato|extratos|carteira\s+de\s+trabalho|atestado|laudo|cadunico|cad\s+unico|"
    r"imposto\s+de\s+renda|conta\s+de\s+luz|conta\s+de\s+agua|pdf)"
)
WRITTEN_OVER: Final[str] = (
    # lines of a statement covered before it is scanned or sent (guard7 probe: "vou imprimir e
    # cobrir umas linhas antes de escanear")
    r"\b(?:cobrir|cubro|tampar|tampo|tapar|tapo|riscar|risco|tarjar|ocultar|oculto)\s+"
    r"(?:umas|algumas|as|uns|alguns|essas|esses)\s+(?:linhas|depositos|entradas|valores|"
    r"transferencias|pix|movimentacoes)\b.{0,60}?\b(?:escanear|escaneio|scanner|digitalizar|"
    r"mandar|mando|enviar|envio|anexar|anexo)\b"
    # a corrector, a scratch, or a figure written over on a paper
    r"|\b(?:corretivo|raspar|rasurar|escrever\s+(?:\w+\s+){0,2}?por\s+cima|escrevo\s+(?:\w+\s+)"
    r"{0,2}?por\s+cima)\b.{0,100}?\b(?:" + _PAPER + r"|escanear|escaneio|scanner|digitalizar)\b"
    r"|\b" + _PAPER + r"\b.{0,100}?\b(?:corretivo|raspar|rasurar|escrever\s+(?:\w+\s+){0,2}?"
    r"por\s+cima)\b"
    # "dar uma ajeitada no contracheque", "uma maquiada no extrato"
    r"|\b(?:ajeitada|maquiada|retocada|mexida|arrumadinha|melhorada|editada)\s+(?:n[oa]s?|"
    r"no\s+meu|na\s+minha|nesse|nessa)\s+(?:\w+\s+){0,3}?" + _PAPER + r"\b"
    # "mudar uns números do extrato", "baixar o valor do extrato em pdf antes de anexar"
    r"|\b(?:mudar|mudo|trocar|troco|alterar|altero|baixar|baixo|diminuir|diminuo|reduzir)\s+"
    r"(?:uns|alguns|os|umas|algumas)\s+(?:numeros|valores|digitos|zeros)\b.{0,60}?\b"
    + _PAPER
    + r"\b|\b"
    + _PAPER
    + r"\b.{0,60}?\b(?:mudar|mudo|trocar|troco|alterar|altero)\s+(?:uns|alguns|umas|algumas)\s+"
    r"(?:numeros|valores|digitos)\b"
    r"|\b(?:baixar|baixo|diminuir|diminuo|reduzir|reduzo|abaixar)\s+o\s+valor\s+d[oa]s?\s+"
    r"(?:\w+\s+){0,2}?" + _PAPER + r"\b"
)
BETTER_PERIOD: Final[str] = (
    # "mando só os extratos dos meses que meu pai tava sem serviço, os outros eu finjo que
    # perdi"; "só a declaração de MEI do ano que foi ruim"
    r"\b(?:so|apenas|somente)\s+(?:[oa]s?\s+)?(?:extratos?|holerites?|contracheques?|"
    r"declarac\w*|comprovantes?|carteira)(?:\s+de\s+\w+)?\s+d[oa]s?\s+(?:mes|meses|ano|anos|"
    r"epoca|periodo)\s+(?:em\s+)?(?:que|q)\s+(?:\w+\s+){0,4}?(?:(?:tava|estava|ficou|foi|era)\s+"
    r"(?:sem|ruim|fraco|pior|parad|desempregad)|foi\s+(?:ruim|fraco|pior)|ganhou\s+menos|"
    r"nao\s+(?:trabalhou|teve\s+servico|tinha\s+servico))"
    # an older paper sent because the current one shows the income
    r"|\b(?:antig[oa]|velh[oa]|retrasad[oa]|de\s+quando|desatualizad[oa])\b.{0,100}?\b"
    r"(?:[oa]\s+(?:atual|nov[oa]|de\s+agora|mais\s+recente)|o\s+deste\s+ano)\s+"
    r"(?:ia\s+|vai\s+|ja\s+)?(?:mostra|mostrar|mostraria|aparece|aparecer|tem|teria|entrega|"
    r"denuncia)\b"
)
_LIVES_HERE = (
    r"(?:mora|moram|vive|vivem|dorme|dormem)\s+(?:aqui|com\s+a\s+gente|com\s+nois|comigo|"
    r"em\s+casa)"
)
LEFT_OUT: Final[str] = (
    # "meu irmão mais velho trabalha e mora aqui mas… nem conto ele no grupo familiar"
    r"\b(?:"
    + _WORKS_NOW
    + r"\b[^?]{0,60}?\b"
    + _LIVES_HERE
    + r"|"
    + _LIVES_HERE
    + r"\b[^?]{0,60}?\b"
    + _WORKS_NOW
    + r")\b[^?]{0,100}?\b(?:(?:nem|nao)\s+(?:vou\s+)?"
    r"(?:conto|contar|coloco|colocar|boto|botar|ponho|por|incluo|incluir|declaro|declarar)\s+"
    r"(?:ele|ela|el[ae]s|os\s+dois|as\s+duas)\s+(?:no|na|nos|nas)|(?:vou\s+)?(?:tiro|tirar|"
    r"removo|remover|excluo|excluir)\s+(?:ele|ela|el[ae]s|os\s+dois|as\s+duas|\w+)\s+d[oa]s?)\s+"
    r"(?:grupo|renda|inscricao|formulario|cadastro|"
    r"lista|declaracao)(?![^.!?]{0,25}\?)"
)
"""Not when the omission is itself the question ("…, não coloco ele na renda?" asks the rule)."""
SHAVED: Final[str] = (
    r"\b(?:arredond\w*|chut\w*|jog\w*|coloc\w*|declar\w*|bot\w*|informar|informo)\s+(?:\w+\s+)?"
    r"(?:pra|para)\s+baixo\s+(?:uns\s+|umas\s+|em\s+|mais\s+de\s+|quase\s+)?\d"
    r"|\b(?:arredond\w*|chut\w*)\s+(?:\w+\s+){0,3}?(?:pra|para)\s+baixo\b.{0,80}?\bninguem\s+"
    r"(?:vai\s+)?(?:confere|conferir|olha|olhar|ve|ver|checa|checar|percebe|perceber)\b"
)
VANISH: Final[str] = (
    r"\b(?:renda|salario|pensao|aposentadoria|dinheiro)\s+(?:\w+\s+){0,4}?(?:suma|sumir|sumisse|"
    r"desapareca|desaparecer|desaparecesse)\s+d[oa]\s+(?:inscricao|formulario|cadastro|"
    r"declaracao|ficha|sistema)\b"
)

FIXER: Final[str] = (
    # approval guaranteed for a price (guard7 probe: "um despachante… garante aprovação por 2
    # mil, sem precisar de comprovar renda")
    r"\b(?:garant\w*|assegur\w*)\s+(?:a\s+|sua\s+|tua\s+|minha\s+)?(?:aprovacao|vaga|bolsa)\b"
    r"[^.?!]{0,40}?\b(?:por|custa|cobra|cobrando|pagando)\s+(?:uns\s+)?(?:r\s*)?\d"
    r"|\b(?:por|custa|cobra|pagando)\s+(?:uns\s+)?(?:r\s*)?\d[\d.,]*\s*(?:mil|reais|conto)?\b"
    r"[^.?!]{0,30}?\b(?:garant\w*|assegur\w*)\s+(?:a\s+|sua\s+|tua\s+|minha\s+)?(?:aprovacao|"
    r"vaga|bolsa)\b"
)

PATTERNS: Final[tuple[str, ...]] = (
    FIXER,
    STATUS_CLAIMED,
    PART_DECLARED,
    UNSAID_PART,
    LEFT_OUT,
    WRITTEN_OVER,
    BETTER_PERIOD,
    SHAVED,
    VANISH,
)
"""Eligibility fraud (`integrity.ELIGIBILITY_FRAUD`)."""

__all__ = ["PATTERNS"]
