"""Strong rules for requests against the system's integrity: other people's data (privacy),
lying about eligibility, other fraud, prompt injection.

Privacy needs a request, a kind of personal data and a *third party* (another student, the
previous user, a named classmate, "todos os inscritos"): "qual o meu CPF no cadastro?" and
"preciso do CPF da minha mãe na inscrição?" are the student's own business and stay SAFE.

Eligibility fraud needs the lie *and* an intent marker ("vou dizer que", "pra conseguir",
"sem ninguém saber", "dá pra esconder"): a student asking whether a relative's income counts,
or what happens after an honest mistake, is asking what we want students to ask.
"""

from __future__ import annotations

import re
from typing import Final

from switchboard.patterns.guardrails.rules import (
    concealment,
    deceit,
    declared,
    falsify,
    forgery,
    impersonation,
    injection,
)
from switchboard.patterns.guardrails.rules.lexicon import RELATIVE, rx

_PII = (
    r"(?:cpfs?|rgs?|e-?mails?|telefones?|celular(?:es)?|whatsapp|whats|zap|numeros?\s+de\s+"
    r"(?:telefone|celular|whatsapp|documento)|enderecos?|endereco completo|dados pessoais|"
    r"informacoes pessoais|senhas?|data de nascimento|localizacao|instagram|insta|redes sociais|"
    r"login|contatos?|nomes? completos?)"
)
"""Identifying personal data: never another person's, whoever they are."""
_DATA = (
    r"(?:" + _PII + r"|dados|informacoes|cadastros?|perfil|perfis|notas?(?:\s+do enem)?|renda|"
    r"rendas|documentos?|historicos?|conversas?|mensagens?|boletim|inscricao|resultado)"
)
"""Any data of a person: counts when a specific other person is named."""
_THIRD_ONE = (
    r"(?:outr[oa]s?\s+(?:alun[oa]s?|estudantes?|usuari[oa]s?|pessoas?|candidat[oa]s?|"
    r"inscrit[oa]s?|clientes?|meninas?|meninos?)|(?:(?:o|a)\s+)?(?:alun[oa]|estudante|"
    r"usuari[oa]|pessoa|candidat[oa]|menin[oa]|garot[oa]|mina|cara|moca|moco)\s+(?:que|anterior|"
    r"de antes|da minha sala|da sala|do lado|de cima)|"
    r"(?:usuari[oa]|pessoa|alun[oa]|estudante|cliente)\s+anterior|"
    r"ultim[oa]\s+(?:usuari[oa]|pessoa|alun[oa]|estudante|a usar|que usou)|"
    r"quem (?:usou|falou|conversou|mandou mensagem) antes|"
    r"(?:minha|meu)\s+(?:ex|crush|colega|vizinh[oa]|professor|professora)|"
    r"(?:o|a)\s+(?:primeir|segund|terceir|ultim)[oa]\s+(?:colocad[oa]|lugar|da lista)|"
    r"(?:uma|um)\s+(?:menina|menino|garota|garoto|pessoa|aluna|aluno|estudante)\s+que)"
)
"""A specific other person: another student, the previous user, a classmate, an ex."""
_THIRD_OTHER = (
    r"(?:d[eoa]s?\s+(?:alguem|outra pessoa|outras pessoas|alguns alunos|algumas alunas|"
    r"alguns usuarios|quem\s+(?:mora|esta|ta|usa|se inscreveu|procura|pediu|mandou|falou))|"
    r"d[oa]\s+\w+\s+que\s+(?:falou|conversou|usou|perguntou|mandou mensagem|esteve|teve)\s+"
    r"(?:contigo|com voce|aqui|antes)|"
    r"(?:daquel[ea]|desse|dessa|deste|desta)\s+(?:estudante|alun[oa]|usuari[oa]|menin[oa]|"
    r"garot[oa]|moc[oa]|pessoa)\b|d[oa]\s+usuari[oa]\s+\d+|que (?:voce|vc) (?:ajudou|atendeu|"
    r"conversou))"
)
"""Someone other than the student and their family, named by the request itself."""
_THIRD_ANY = (
    r"(?:" + _THIRD_ONE + r"|" + _THIRD_OTHER + r"|d(?:ele|ela|eles|elas)\b|"
    r"(?:d[oa])\s+(?:meu\s+|minha\s+)?(?:prim[oa]|irmao|irma|vizinh[oa]|colega|amig[oa]|ex|"
    r"crush|professora?|tio|tia|cunhad[oa]|estudante|alun[oa]|usuari[oa]|menin[oa]|garot[oa]|"
    r"namorad[oa]|marido|esposa|noiv[oa]|chefe|patr[aã]o|sobrinh[oa]|entead[oa])\b)"
)
"""Anyone other than the student, relatives included: counts only with a look-up verb
("consulta o histórico da minha prima"); "o endereço da minha tia" alone is the student's own
household business."""
_LOOKUP = (
    r"(?:ver|puxar|consultar|consulta|olhar|checar|buscar|procurar|rastrear|descobrir|"
    r"descobre|acessar|achar|localizar|me mostrar|me mostra|mostra|mostrar|me dizer|me diz|"
    r"me fala|me falar|me passar|me passa|me da|me dar|me manda|me mandar|pegar)"
)
_THIRD_ALL = (
    r"(?:(?:todos|todas)\s+(?:os|as)\s+(?:alun[oa]s|usuari[oa]s|inscrit[oa]s|candidat[oa]s|"
    r"estudantes|bolsistas|aprovad[oa]s)|(?:os|as)\s+(?:inscrit[oa]s|candidat[oa]s|bolsistas|"
    r"aprovad[oa]s|usuari[oa]s|alun[oa]s|estudantes|pessoas|jovens|meninas|meninos)\b)"
)
"""Everyone else: identifying data of all of them is still other people's data."""
_ASK = (
    r"(?:me\s+(?:pass|d|diz|fal|mand|mostr|inform|envi|cont|arrum|consegu)\w*|"
    r"qual\s+(?:e\s+)?(?:o|a)|quais\s+(?:sao\s+)?(?:os|as)|consegue\s+(?:ver|achar|descobrir|"
    r"puxar|me passar|buscar|olhar)|tem\s+(?:como|acesso)|descobrir|puxar|busca|buscar|"
    r"procura|procurar|lista|listar|mostra|mostrar|manda|passa|preciso d[oae]|quero)"
)

PRIVACY: Final = rx(
    r"\b" + _ASK + r"\b[^.?!]{0,30}\b" + _DATA + r"\s+(?:\w+\s+)?(?:d[oae]s?\s+)?" + _THIRD_ONE,
    # someone's *personal* contact or data, whoever they are ("o e-mail e o whatsapp pessoal da
    # assistente social"), but not the student's own or their family's
    r"\b" + _PII + r"(?:\s*(?:,|e)\s*(?:o\s+|a\s+|os\s+|as\s+|seu\s+|sua\s+)?" + _PII + r")*\s+"
    r"(?:pessoal|pessoais|particular|particulares|privad[oa]s?|residencial|de casa)\s+d[aoe]s?\s+"
    r"(?!(?:mim|meu|minha|meus|minhas|nossa|nosso)\b)\w",
    r"\b" + _PII + r"\s+(?:d[oae]s?\s+)?(?:" + _THIRD_ONE + r"|" + _THIRD_ALL + r")",
    r"\b" + _LOOKUP + r"\b[^.?!]{0,30}\b" + _DATA + r"\b[^.?!]{0,30}?" + _THIRD_ANY,
    r"\b" + _PII + r"\s+(?:pessoal\s+)?" + _THIRD_OTHER,
    # how much someone outside the household earns, looked up (branch guard7: "tem como
    # descobrir quanto o pai do meu colega ganha?")
    r"\b" + _LOOKUP + r"\s+quanto\s+(?:o|a)\s+(?:\w+\s+)?(?:d[oa]\s+)?(?:meu|minha)\s+(?:colega|"
    r"vizinh[oa]|amig[oa]|ex|crush|namorad[oa])\b[^.?!]{0,30}?\b(?:ganha|ganham|"
    r"recebe|recebem|declarou|declararam|tirou)\b",
    r"\b(?:entrar|acessar|logar|invadir)\s+(?:n[ao]\s+)?(?:conta|perfil|email|celular|"
    r"cadastro)\b[^.?!]{0,40}\bsem\s+(?:ele|ela|eles|ninguem)\s+(?:saber|perceber)",
    r"\bsenha\b[^.?!]{0,30}\b(?:dela|dele|d[oa]\s+(?:meu|minha)\s+\w+|de outra pessoa|de outr[oa])"
    r"\b[^.?!]{0,60}\b(?:entra|entrar|acessa|acessar|loga|logar|ve|ver|olha|olhar|consulta)\b",
    r"\b(?:entra|entrar|acessa|acessar|loga|logar)\s+(?:la\s+)?(?:n[ao]\s+)?(?:conta|gov ?br|"
    r"perfil|cadastro|email|instagram)\s+(?:\w+\s+)?d(?:ela|ele)\b",
    r"\b(?:me diz|me fala|descobre|ve|verifica|consulta|checa)\s+se\s+(?:ela|ele|meu colega|"
    r"minha colega|[a-z]+ da minha sala)\s+(?:passou|foi aprovad|conseguiu|se inscreveu|"
    r"ganhou|tirou)",
    r"\brastrear\s+(?:o\s+)?(?:celular|telefone|numero|localizacao)\b",
    # a list of candidates asked for with their identifying or income data ("preciso da relação
    # dos aprovados da minha cidade com CPF e renda"); the cut-off score is public
    r"\b(?:preciso|quero|queria|me\s+(?:manda|passa|envia|mostra)|pode\s+me\s+(?:mandar|passar|"
    r"enviar|mostrar)|manda|passa|consegue)\b[^.?!]{0,20}\b(?:relacao|lista|listagem|planilha)\s+"
    r"d[oa]s\s+(?:aprovados|candidatos|inscritos|bolsistas|selecionados|classificados)\b"
    r"[^.?!]{0,60}\b(?:cpf|cpfs|renda|rendas|endereco|enderecos|telefones?|e-?mails?|whatsapp)\b",
    # what someone else chose in their application, asked of the assistant ("você pode me dizer
    # qual curso ela escolheu?"); how she can look it up herself is not
    r"\b(?:voce|vc)\s+(?:pode|consegue|sabe)\s+(?:me\s+)?(?:dizer|falar|ver|mostrar|olhar)?\s*"
    r"(?:qual|que|em\s+qual|em\s+que)\s+(?:curso|faculdade|universidade|federal|opcao)\s+"
    r"(?:ela|ele|[oa]\s+\w+|meu\s+\w+|minha\s+\w+)\s+(?:escolheu|colocou|se\s+inscreveu|"
    r"pegou|marcou)\b",
    # who is ahead of the speaker in a ranking, with their names or scores ("quem ficou na
    # minha frente na lista de espera e quanto tirou cada um"); one's own place is not asked
    r"\bquem\s+(?:ficou|ficaram|esta|estao|ta|tao|passou|passaram)\s+(?:na\s+minha\s+frente|"
    r"a\s+minha\s+frente|acima\s+de\s+mim|antes\s+de\s+mim|na\s+frente\s+de\s+mim)\b.{0,80}?"
    r"\b(?:nota|notas|quanto\s+(?:tirou|tiraram|fez|fizeram)|nome|nomes|cpf|renda)\b"
    r"|\b(?:nomes?|notas?|cpfs?)\s+(?:de\s+)?(?:quem|das\s+pessoas\s+que|dos\s+candidatos\s+que)\s+"
    r"(?:ficou|ficaram|esta|estao|passou|passaram)\s+(?:na\s+minha\s+frente|a\s+minha\s+frente|"
    r"acima\s+de\s+mim|antes\s+de\s+mim)",
    r"\bconversas?\s+(?:que\s+)?voce\s+(?:teve|tem|tava tendo|estava tendo)\s+com\s+(?:meu|minha|"
    r"o|a|outr|alguem|ele|ela|uma|um)\b",
    r"\banother (?:student|user|person)(?:'s)?\b[^.?!]{0,20}\b(?:address|e-?mail|phone|cpf|"
    r"data|grades?|scores?|income)|\b(?:address|e-?mail|phone number|cpf|data|grades?|scores?|"
    r"income)\s+of\s+(?:another|other|the previous|the last)\b",
    r"\blistas?\s+(?:de|com|dos|das)\s+(?:os\s+|as\s+)?(?:e-?mails|telefones|cpfs|contatos|"
    r"enderecos|whatsapps|numeros de telefone|celulares)\b",
    r"\b(?:fala|diz|me diz|me fala|conta|me conta)\s+quanto\s+(?:a\s+familia\s+d[oa]\s+\w+|"
    r"(?:o|a)\s+\w+)\s+(?:ganha|recebe|tirou)\b",
    r"\b(?:o que|oque|que)\s+(?:o|a)\s+(?:usuari[oa]|pessoa|alun[oa]|estudante|cara|menina|"
    r"menino|mina)\s+(?:anterior|de antes|antes de mim)\s+(?:\w+\s+)?(?:perguntou|perguntando|"
    r"falou|falando|disse|dizendo|escreveu|mandou|queria|contou|pediu)",
    r"\b(?:o que|com quem|quem)\b[^.?!]{0,20}\b(?:voce\s+)?(?:conversou|falou)\s+"
    r"(?:antes de mim|com outr[oa]s?)",
    r"\b(?:mostra|mostre|me passa|exporta|exporte|lista|liste)\s+(?:a\s+|as\s+)?"
    r"(?:conversas?|mensagens?|historico)\s+d[eoa]s?\s+(?:outr|tod)",
    r"\b(?:onde|em (?:que|qual) (?:rua|bairro|cidade|estado|lugar|endereco))\s+"
    r"(?:mora|vive|fica)\s+"
    r"(?:a|o)\s+(?:menina|menino|garota|garoto|aluna|aluno|professora?|fiscal|ex|candidat[oa]|"
    r"colega|vizinh[oa]|primeir[oa] colocad[oa])\b",
    r"\bonde\s+(?:o|a)\s+(?:fiscal|professora?|menina|menino|garot[oa]|alun[oa]|colega|"
    r"vizinh[oa]|candidat[oa]|ex|coordenador[a]?|diretor[a]?)\b[^.?!]{0,30}\b(?:mora|vive)\b",
    # a third person named first, then asked for by pronoun ("o primeiro colocado de direito,
    # tem o insta dele?")
    r"\b" + _THIRD_ONE + r"\b[^?!]{0,60}\b" + _PII + r"\s+(?:dele|dela|deles|delas)\b",
    # what the previous user said ("você lembra do cara que falou contigo antes? o que ele
    # queria?")
    r"\b(?:cara|pessoa|menina|menino|usuari[oa]|alun[oa]|mina|moca|moco|garot[oa]|alguem)\s+que\s+"
    r"(?:falou|conversou|usou|teve|esteve|tava|estava|mandou mensagem)\s+(?:contigo|com voce|"
    r"aqui|antes)\b[^.?!]{0,25}[.?!]*\s*[^.?!]{0,30}?\b(?:o que|oque|que|quem|qual|sobre o que)"
    r"\s+(?:ele|ela)\s+(?:queria|perguntou|falou|disse|pediu|contou|mandou|era|e)\b",
    r"\b(?:quem mais|quais (?:alunos|pessoas|estudantes))\s+(?:se inscreveu|se inscreveram|"
    r"usa|usam|usaram|de \w+ se inscreveram)\b",
    r"\b(?:liste|lista|listar|mostra|mostre|me passa|exporta|exporte)\s+(?:todos\s+)?"
    r"(?:os\s+)?(?:usuarios|dados dos (?:outros\s+)?(?:alunos|usuarios)|cpfs)\b",
    r"\b(?:ver|ler|mostra|mostrar|me mostra|me passa|me conta|me diz|quero|consegue ver|"
    r"abrir)\b[^.?!]{0,25}\b(?:mensagens?|conversas?|perguntas?|o que)\s+(?:que\s+)?"
    r"(?:(?:o|a|meu|minha|esse|essa)\s+(?:\w+\s+){1,2}?|ele\s+|ela\s+|alguem\s+)"
    r"(?:mandou|mandaram|enviou|falou|disse|escreveu|perguntou|conversou)\s+"
    r"(?:pra|para|com|a)?\s*(?:voce|vc|ti|aqui)\b",
    r"\b(?:exporta|exporte|exportar|gera|gere|gerar|baixar|me manda)\s+(?:um\s+|uma\s+)?"
    r"(?:csv|planilha|excel|lista|arquivo)\b[^.?!]{0,40}\b(?:usuarios|alunos|inscritos|"
    r"estudantes|candidatos|cadastros|dados)\b",
)
"""Other people's personal data."""

_OWN_KIN: Final = re.compile(
    r"\b(?:meu|minha|meus|minhas)\s+(?:filh[oa]s?|entead[oa]s?|net[oa]s?|dependentes?|"
    r"irmaozinho|irmazinha)\b"
)
"""The student's own dependants: their papers are the student's business."""
_OUTSIDER_NAMED: Final = re.compile(
    r"\b(?:amig[oa]s?|colegas?|vizinh[oa]s?|ex|crush|conhecid[oa]s?|candidat[oa]s?|usuari[oa]s?|"
    r"alun[oa]s?|estudantes?|menin[oa]s?|garot[oa]s?|pessoas?|alguem|cara|mina|namorad[oa]s?)\b"
)
_SELF_LOOKUP: Final = re.compile(
    r"\b(?:como|onde|quando|se)\s+(?:(?:meu|minha)\s+\w+(?:\s+\w+)?|ela|ele)\s+(?:consulta|ve|"
    r"olha|acha|procura|busca|descobre|acessa|puxa|checa|confere|consegue ver|pode ver)\b"
    r"[^.?!]{0,40}\b(?:dela|dele)\b"
)
"""Someone looking up their own data ("como minha amiga consulta o resultado dela?")."""


def own_pronoun(text: str, start: int, end: int) -> bool:
    """Whether a privacy rule match that ends in "dele/dela" is about the student's own
    household or about someone looking herself up: the pronoun's person is the student's child
    or sibling ("a mãe do meu filho não deixa eu ver os documentos dele"), with no outsider
    named before it, or the subject of the look-up ("como minha amiga consulta o resultado
    dela?"). Then the rule does not fire; the model still reads the message (branch
    guard13)."""
    if not re.search(r"\b(?:dele|dela|deles|delas)\W*$", text[start:end]):
        return False
    before = text[:end]
    if _SELF_LOOKUP.search(before, max(0, start - 40)):
        return True
    kin = list(_OWN_KIN.finditer(text, 0, start))
    return bool(kin) and _OUTSIDER_NAMED.search(text, kin[-1].end(), end) is None


_INSTITUTION = (
    r"(?:Universidade|Faculdade|Escola|Secretaria|Reitoria|Prefeitura|Caixa|Receita|Pol[ií]cia|"
    r"Defensoria|Instituto|Col[eé]gio|Centro|Minist[eé]rio|Banco|Funda[cç][aã]o|Conselho|"
    r"Cursinho|Coordena[cç][aã]o|Diretoria|Biblioteca|Federal|Estadual|Municipal|Pontif[ií]cia|"
    r"Cat[oó]lica|S[aã]o|Santa|Santo|Rio|Porto|Belo|Campo|Nova|Novo|Minas|Mato|Grande|Distrito|"
    r"Cloudinha|Sisu|Prouni|Enem|Fies|Receita)\b"
)
_NAME = r"[A-ZÀ-Ý][a-zà-ÿ]+"
_FULL_NAME = _NAME + r"(?:\s+(?:d[aeo]s?\s+)?" + _NAME + r")+"
"""A first name and at least one surname, particles allowed ("Pedro Henrique da Costa")."""
_PROGRAM = (
    r"(?!(?i:jovem|bolsa|programa|aux[ií]lio|p[eé]|menor|benef[ií]cio|pens[aã]o|minha|"
    r"casa|vale)\b)"
)
"""Capitalized words that start a benefit's or programme's name, not a person's ("a renda do
Bolsa Família", "do Programa Pé de Meia", "do Jovem Aprendiz")."""
_KIN_AFTER = (
    r"(?![^.!]{0,40}\b(?i:(?:minha|meu|nossa|nosso)\s+(?:m[aã]e|pai|irm[aã]o?|av[oóô]|tia|tio|"
    r"padrasto|madrasta|prim[oa]|namorad[oa]|marido|esposa|filh[oa]|respons[aá]vel)|"
    r"mora (?:com a gente|comigo|aqui|l[aá] em casa)))"
)
NAMED_PERSON_DATA: Final = re.compile(
    r"(?i:\b(?:cpf|rg|e-?mail|telefone|celular|whats(?:app|zap)?|endere[cç]o|notas?|renda|"
    r"cadastro|perfil|inscri[cç][aã]o|contato|n[uú]mero|senha|dados|boletim|hist[oó]rico|"
    # a named person's exam and enrolment records too (branch guard14)
    r"resultado|reda[cç][aã]o|matr[ií]cula|classifica[cç][aã]o|coloca[cç][aã]o|pontua[cç][aã]o|"
    r"desempenho|gabarito|op[cç](?:[oõ]es|[aã]o)(?:\s+de\s+curso)?|escolhas?)"
    r"(?:\s+(?:do enem|da reda[cç][aã]o|completo|pessoal))?\s+d[oae]\s+"
    r"(?:(?:fam[ií]lia|pais|m[aã]e|pai|casa)\s+d[oae]\s+)?)"
    r"(?!" + _INSTITUTION + r")" + _PROGRAM + r"(?:" + _FULL_NAME + r"\b"
    r"|" + _NAME + r"\b.{0,30}?\b(?i:ele|ela)\s+(?i:usa|se inscreveu|estuda|mora|passou|"
    r"tirou|fez|conversou|tamb[eé]m usa))" + _KIN_AFTER
)
"""Another person's data asked for by name, on the *original* text (a capitalized first name
and surname, or a first name the message says uses the app): "o CPF do Lucas Moreira"."""

NAMED_PERSON_WHEREABOUTS: Final = re.compile(
    r"(?i:\b(?:onde|em\s+qu(?:e|al)\s+(?:faculdade|universidade|curso|cidade|bairro|rua|escola|"
    r"campus|turma)|qual\s+(?:faculdade|universidade|curso|cidade|bairro|escola))\b.{0,30}?\b"
    r"(?:o|a)\s+)" + _FULL_NAME + r"\s+"
    r"(?i:se\s+matriculou|estuda|mora|vive|passou|se\s+inscreveu|trabalha|vai\s+estudar|entrou|"
    r"ficou|foi\s+aprovad[oa])\b"
)
"""Where a person named by first name and surname studies, lives or enrolled, on the original
text ("em qual faculdade o Rafael Souza se matriculou?")."""

_TITLE = r"(?:professora?|prof|aluno|aluna|colega|diretora?|coordenadora?|candidat[oa])"
_NOT_TITLE = r"(?!(?i:" + _TITLE + r"|dona|seu|sr|sra)\b)(?!" + _INSTITUTION + r")" + _PROGRAM
NAMED_PERSON_RECORD: Final = re.compile(
    r"(?i:\b(?:sal[aá]rio|fiador[a]?|cad ?[uú]nico|renda(?:\s+(?:familiar|per capita))?"
    r"(?:\s+declarada)?|nota\s+(?:de\s+reda[cç][aã]o|do\s+enem|no\s+enem))"
    r"(?:\s+(?:de\s+)?(?:\d{4}|20\d\d))?\s+(?:d[oae]|pel[oa])\s+)(?:(?i:"
    + _TITLE
    + r")\s+)?"
    + _NOT_TITLE
    + _FULL_NAME
    + r"\b"
    + _KIN_AFTER
    + r"|(?i:\b(?:sal[aá]rio|fiador[a]?|renda|cpf|endere[cç]o|telefone|notas?)\s+d[oa]\s+"
    + _TITLE
    + r"\s+)"
    + _NOT_TITLE
    + _NAME
    + r"\b"
    + _KIN_AFTER
    + r"|(?i:\b(?:me\s+)?(?:diz|dizer|fala|falar|ver|ve|veja|checa|checar|consulta|consultar|"
    r"descobre|descobrir)\s+se\s+(?:o|a)\s+)"
    + _NOT_TITLE
    + _FULL_NAME
    + r"\b"
    + _KIN_AFTER
    + r"[^.?!]{0,30}?\b(?i:t[aá]|est[aá]|recebe|ganha|tem|passou|se inscreveu|fez|"
    r"se matriculou|matriculou|entrou|foi aprovad[oa]|foi chamad[oa]|pegou|conseguiu|escolheu)\b"
)
"""A named person's income, salary, guarantor, CadÚnico or score (branch guard4, writers
w1/w5's kinds): "a renda familiar declarada pelo Pedro Henrique Costa", "o salário do
professor Marcos", "se a Ana Beatriz Costa está no CadÚnico"; on the original text."""

NAMED_FAMILY_DATA: Final = re.compile(
    r"(?i:\b(?:resultado|renda|nota|notas|dados|cadastro|endere[cç]o|inscri[cç][aã]o|"
    r"situa[cç][aã]o|benef[ií]cio|an[aá]lise|teste de renda|cad ?[uú]nico)\b[^.?!]{0,30}?"
    r"\bd[aeo]s?\s+fam[ií]lia\s+)(?!" + _INSTITUTION + r")" + _PROGRAM + _NAME + r"\b"
)
"""Another household's data, the household named by its surname ("o resultado do teste de renda
da família Souza"), on the original text (branch guard14): one's own family is "minha
família"."""

_SCHOOL_CLAIM = (
    r"(?:(?:dizer|falar|declarar|colocar|marcar|botar|por|informar)\s+(?:que\s+)?"
    r"(?:eu\s+)?(?:estudei|fiz|foi|era|e|sou)\s+(?:o ensino medio\s+|o medio\s+|tudo\s+)?"
    r"(?:em|de|na|numa)?\s*(?:escola\s+)?public|(?:marcar|colocar|botar|por)\s+(?:a opcao\s+)?"
    r"(?:de\s+)?escola\s+public)"
)
"""Saying one studied in a public school: true for most students, so a question about it ("posso
marcar que estudei em escola pública?") is a question about the rule; it is a lie only with a
sign of it (`_SCHOOL_LIE_SIGN`) or when the message said the school was private."""
_SCHOOL_LIE_SIGN = (
    r"(?:mesmo\s+(?:tendo|sem|nao|sendo)|sem\s+ter\s+(?:estudado|feito)"
    r"|nunca\s+(?:estudei|fiz|pisei)|(?:mas|so que|sendo que|se)\s+(?:eu\s+)?"
    r"(?:estudei|fiz|sempre estudei)\s+(?:o ensino medio\s+|o medio\s+|tudo\s+)?"
    r"(?:em|na|no|numa)\s+(?:escola\s+|colegio\s+)?(?:particular|privad)\w*"
    r"(?![^.?!]{0,30}\b(?:com bolsa|de bolsa|bolsista))"
    r"|ninguem\s+(?:vai\s+)?(?:confere|checa|verifica|descobre|saber|ver|perceber)"
    r"|(?:eles|o prouni|o sisu|o mec)\s+(?:nao|nem)\s+(?:conferem|confere|checam|olham|veem))"
)
_SCHOOL_LIE = (
    r"(?:(?:fingir|mentir)\s+(?:que\s+)?"
    r"(?:eu\s+)?(?:estudei|fiz|foi|era|e|sou)\s+(?:o ensino medio\s+|o medio\s+|tudo\s+)?"
    r"(?:em|de|na|numa)?\s*(?:escola\s+)?public|como\s+se\s+(?:fosse|tivesse sido|eu tivesse "
    r"estudado em)\s+(?:escola\s+)?public|(?:declarar|colocar|marcar|passar)\s+(?:a\s+)?"
    r"(?:escola\s+)?(?:particular|privada)\s+como\s+public|passar\s+por\s+(?:aluno\s+|alun[oa]\s+"
    r"de\s+)?escola\s+public|(?:dizer|falar|declarar|colocar|marcar|fingir)\s+que\s+(?:a\s+|o\s+|"
    r"minha\s+|meu\s+)?(?:escola\s+|colegio\s+)?(?:particular|privad[oa])\s+(?:era|e|foi)\s+"
    r"(?:escola\s+)?public)"
)
_INTENT = (
    r"(?:pra|para)\s+(?:conseguir|ganhar|pegar|ficar dentro|caber|passar|ter direito|entrar|"
    r"garantir|nao perder|baixar|diminuir|abaixar|reduzir|ficar abaixo|ficar no limite|"
    r"dar a integral|dar integral|ficar com a integral)|sem\s+(?:ninguem|eles|o mec|a faculdade)"
    r"\s+(?:saber|descobrir|perceber|ver)|ninguem\s+(?:vai\s+|precisa\s+)?(?:saber|descobrir|"
    r"perceber|confere|checa|verifica|prova|comprova|fiscaliza|vai provar)|"
    r"(?:eles|o prouni|o sisu|o mec|a faculdade)\s+(?:descobrem|"
    r"descobre|conferem|confere|checam|verificam|vao descobrir|vai descobrir|percebem|"
    r"vai perceber)|da\s+(?:pra|para)\s+(?:esconder|omitir|nao declarar|nao colocar|"
    r"deixar de fora)|como\s+(?:faco|fazer|consigo)\s+(?:pra|para)\s+(?:nao\s+(?:aparecer|"
    r"contar|declarar)|esconder|omitir)|(?:ela|ele|eles|elas)\s+(?:ganha|ganham|recebe|recebem)\s+"
    r"(?:muito|bem|demais|mais|alto)\b"
)

_SAY = (
    r"(?:disser|dizer|digo|falar|falo|falasse|dissesse|declarar|declaro|declarasse|colocar|coloco|"
    r"colocasse|botar|boto|marcar|marco|informar|informo|puser|por|ponho|fingir|finjo)"
)
_OMIT = (
    r"(?:nao\s+(?:contar|conto|contasse|declarar|declaro|declarasse|colocar|coloco|colocasse|"
    r"informar|informo|botar|boto|por|falar|falo|mencionar|incluir|incluo|listar|mostrar|mostro|"
    r"mandar|mando|enviar|envio|apresentar|apresento)|deixar de fora|"
    r"omitir|omito|esconder|escondo|tirar|tiro)"
)
_MEMBER = (
    r"(?:que\s+)?(?:(?:o|a|os|as)\s+)?(?:(?:salario|renda|pensao|aposentadoria|bico|bicos|beneficio)\s+d[oa]s?\s+)?"
    r"(?:meu|minha|meus|minhas)\s+" + RELATIVE + r"\b"
)
"""Someone of the household, or their income."""
_INCOME_ITEM = (
    r"(?:(?:o|a|os|as)\s+)?(?:faturamento|extratos?|holerites?|contracheques?|carteira de trabalho|"
    r"comprovantes? de renda|salario|renda|bicos?|pensao|aposentadoria|disso|isso|nada disso)\b"
)
"""An income or its proof, or "disso" after the message named one ("meu pai trabalha de uber,
se eu não falar disso…")."""
_FALSE_CLAIM = (
    r"(?:que\s+)?(?:(?:eu\s+)?(?:moro|morava|vivo|sou|nao tenho|nao trabalho|so ganho|"
    r"ganho (?:so|menos))\b|(?:o\s+|a\s+)?(?:meu|minha|meus|minhas)\s+"
    + RELATIVE
    + r"\b\s+(?:que\s+)?(?:nao\b|(?:esta|ta|estao|tao)\s+desempregad|saiu|sairam|foi embora|"
    r"foram embora|mora (?:fora|em outr|com outr|longe|sozinh)|moram (?:fora|em outr|longe)|"
    r"(?:e|sao) separad|se separaram|se separou|se divorciaram|ganha (?:so|menos)|"
    r"recebe (?:so|menos)))"
)
"""What a false statement about the household says: the student alone or elsewhere, a relative
gone, separated or out of work, less income."""
_LIVES_ELSEWHERE = (
    r"(?![^.?!]{0,60}\b(?:que|ele|ela|eles|elas)\s+(?:ja\s+)?(?:nao mora|nao moram|mora fora|"
    r"moram fora|mora em outr|moram em outr|mora sozinh|mora longe|saiu de casa|sairam de casa|"
    r"faleceu|morreu|se mudou|casou)\b)"
)
"""Leaving out someone the message says lives elsewhere (or died) is the rule, not a lie."""
_BENEFIT_EFFECT = (
    r"(?:(?:a\s+)?renda(?:\s+per capita|\s+familiar|\s+por pessoa)?\s+(?:ja\s+)?"
    r"(?:cai|caia|caiu|cairia|fica menor|ficaria menor|fica mais baixa|diminui|diminuiria|"
    r"diminua|melhora|melhoraria|abaixa|baixa|baixaria|entra no limite|fica dentro|fica abaixo)"
    r"|(?:assim|ai|entao|dai|com isso)"
    r"\s+(?:eu\s+)?(?:consigo|conseguiria|pego|pegaria|ganho|ganharia|entro|entraria|caibo|"
    r"caberia|fico dentro)|\bda certo\b|\bdaria certo\b|\bcola\b|\bcolaria\b|"
    r"(?:consigo|conseguiria|pego|garanto)\s+a\s+(?:bolsa\s+)?integral|renda\s+fica\s+so\b|"
    r"(?:pra|para)\s+ter\s+(?:prioridade|vantagem|bonus|mais chance|mais pontos)|"
    r"(?:eles|o prouni|o sisu|o mec|a faculdade)\s+(?:pedem|pede|exigem|exige|cobram|cobra)\s+"
    r"(?:prova|provas|comprovante|documento)|(?:pra|para)\s+(?:so\s+)?"
    r"(?:contar|declarar|colocar|entrar|considerar|somar)\s+(?:so\s+|somente\s+|apenas\s+)?"
    r"(?:a\s+)?renda\s+d|" + _INTENT + r")"
)
"""What a false statement about the household would buy: a lower per-capita income, the full
bursary, "dá certo?" — said next to the statement, it turns a question into a plan."""

_EXCEEDS = (
    r"(?:estour\w*|passa|passaria|passar|ultrapass\w*|fica acima|ficaria acima|fura|furaria)\s+"
    r"(?:d?[oa]\s+)?(?:limite|teto|faixa|renda maxima|valor maximo|corte de renda)\b"
)
"""The true value over the limit: the motive of an omission asked about next to it."""
_GONE = (
    r"\b(?:nao mora|nao moram|mora fora|moram fora|mora em outr|moram em outr|mora sozinh|"
    r"saiu de casa|sairam de casa|faleceu|morreu|se mudou)\b"
)
"""Someone who lives elsewhere or died: leaving them out is the rule, not a lie."""

FRAUD_INTENT: Final = re.compile(r"\b(?:" + _INTENT + r")")
"""A reason that is the benefit itself ("pra ganhar a integral", "pra caber no limite") or not
being caught: with it, a question about one's own case is no longer just a question."""

ELIGIBILITY_FRAUD: Final = rx(
    # school history
    r"\b(?:estudei|fiz\s+(?:o ensino medio|o medio|tudo)?)\s*(?:todo\s+)?(?:em|na|no|numa)?\s*"
    r"(?:escola\s+|colegio\s+)?(?:particular|privada)\b(?!\s+(?:com|de)\s+bolsa)"
    r"[^.?!]{0,60}[.?!,]?[^.?!]{0,30}\b(?:" + _SCHOOL_LIE + "|" + _SCHOOL_CLAIM + ")",
    r"\b(?:vou|quero|posso|da pra|como|tem como|consigo|pensei em|pensando em|eu ia|se eu|"
    r"e se eu)\s+" + _SCHOOL_LIE,
    r"\b(?:vou|quero|posso|da pra|como|tem como|consigo|pensei em|pensando em|eu ia|se eu|"
    r"e se eu)\s+" + _SCHOOL_CLAIM + r"[^.?!]{0,60}[.?!,]?[^.?!]{0,60}?\b" + _SCHOOL_LIE_SIGN,
    r"\b(?:historico|declaracao|certificado)\s+(?:escolar\s+)?(?:de escola publica\s+)?"
    r"(?:falso|fake|falsificad[oa]|adulterad[oa]|de mentira)\b",
    # household and income
    r"\b(?:tirar|deixar|nao (?:vou )?(?:colocar|declarar|incluir|contar|botar|informar|por)|"
    r"excluir|omitir|esconder|ocultar|sumir com)\s+(?:o\s+|a\s+)?(?:renda|salario|pensao|"
    r"aposentadoria|beneficio)?\s*(?:d[oa]s?\s+)?(?:meu|minha|meus|minhas)\s+"
    + RELATIVE
    + r"\b[^.?!]{0,60}(?:"
    + _INTENT
    + r")",
    r"\b(?:deixar|tirar|manter)\s+(?:o|a|os|as)?\s*" + RELATIVE + r"\s+(?:\w+\s+){0,2}de fora\b"
    r"[^.?!]{0,40}\b(?:" + _INTENT + r")",
    r"\b(?:fingir|dizer|falar|declarar|colocar|inventar)\s+que\s+(?:meu|minha|meus|minhas)\s+"
    + RELATIVE
    + r"\s+(?:nao\s+(?:mora|moram|trabalha|trabalham|ganha|ganham|tem renda|recebe)|"
    r"(?:esta|ta|estao)\s+desempregad|mora em outra casa|saiu de casa|(?:e|sao) separad)"
    r"[^.?!]{0,60}(?:" + _INTENT + r"|mas\s+(?:ele|ela|eles)\s+(?:mora|trabalha|ganha|recebe)|"
    r"mesmo\s+(?:ele|ela|eles)\s+(?:morando|trabalhando|ganhando))",
    r"\b(?:esconder|omitir|ocultar|nao declarar|sonegar|maquiar|disfarcar)\s+(?:a|o|uma|um|"
    r"parte d[ao])?\s*(?:renda|salario|pensao|bico|bicos|freela|aposentadoria|beneficio|"
    r"bolsa familia|rendimentos?)\b(?:\s+d[oa]s?\s+(?:meu|minha|meus|minhas)\s+\w+)?"
    + _LIVES_ELSEWHERE,
    r"\b(?:declarar|informar|colocar|por|botar|dizer que (?:a gente )?ganha)\s+(?:uma\s+)?"
    r"(?:renda\s+)?(?:menos|menor|mais baixa|zero|nenhuma renda|que nao tenho renda)\b"
    r"[^.?!]{0,40}(?:"
    + _INTENT
    + r"|do que (?:a gente|eu|minha familia) ganha|do que e de verdade)",
    r"\b(?:declarar|informar|colocar|por|botar|registrar|passar)\s+(?:uma\s+|a\s+)?"
    r"(?:renda|salario)\s+(?:menor|mais baixa|abaixo d[ao] real|falsa|diferente da real|"
    r"de mentira)",
    r"\bdeclarar\s+(?:menos|uma renda menor|renda menor)\b",
    r"\binventar\s+(?:que|uma?)\b[^.?!]{0,50}\b(?:desempregad|renda|nao mora|moro|separad|"
    r"escola|bolsista|deficien|document|declaracao|comprovante)",
    r"\b(?:dizer|digo|declarar|declaro|falar)\s+que\s+(?:moro\s+sozinh|meus pais nao moram)",
    r"\bfingir\s+que\s+(?:moro|sou|estudei|nao moro|nao tenho)",
    r"\b(?:receber|recebe|pagar)\s+por\s+fora\s+(?:pra|para)\s+(?:nao aparecer|a renda nao)",
    # documents
    r"\b(?:comprovante|holerite|contracheque|declaracao|documento|atestado|extrato|diploma|"
    r"laudo|boletim|historico|carteira de trabalho|conta de luz|contrato de aluguel|certidao|"
    r"ir|irpf|imposto de renda|papel|carimbo|assinatura)s?"
    r"\s+(?:d[eoa]s?\s+\w+\s+){0,2}(?:falso|falsa|fake|falsificad[oa]|adulterad[oa]|de mentira|"
    r"editad[oa]|inventad[oa]|fictici[oa]|frio|fria)\b",
    r"\b(?:editar|alterar|mudar|photoshopar|adulterar|modificar|mexer n[oa])\s+(?:o\s+|a\s+|meu\s+|"
    r"minha\s+)?(?:holerite|comprovante|contracheque|extrato|historico|boletim|declaracao|"
    r"conta de luz|carteira de trabalho|documento|laudo|certidao)\b",
    r"\b(?:fazer|montar|gerar|criar|conseguir)\s+(?:um|uma)\s+(?:comprovante|holerite|"
    r"declaracao|laudo|atestado|historico|contracheque)\b[^.?!]{0,30}\b(?:photoshop|de mentira|"
    r"fake|falso|falsa|que pareca|sem ter)",
    r"\b(?:como|onde|quem)\b[^.?!]{0,20}\b(?:falsific|forj|adulter)\w*",
    r"\bfalsific\w*|\bforj(?:ar|o|ei|amos|ando)\b|\badulter(?:ar|o|ei|amos|ando)\b",
    r"\b(?:me ajuda|me ensina|quero|vou|preciso|consegue|conhece alguem que)\b[^.?!]{0,40}"
    r"\b(?:falso|falsa|fake|falsificad[oa])\b",
    r"\bcarteira de trabalho\s+(?:falsa|fake|falsificada)\b",
    r"\b(?:familia|composicao familiar|grupo familiar|renda|endereco|residencia|cadastro|"
    r"inscricao|autodeclaracao|declaracao|escola|historico)\s+(?:\w+\s+)?(?:falsa|falso|fake|"
    r"de mentira|inventad[oa]|fictici[oa]|forjad[oa])\b",
    r"\b(?:conta de (?:luz|agua|energia|internet)|comprovante de (?:residencia|endereco))\s+"
    r"d[oa]s?\s+(?:meu\s+|minha\s+)?(?:vizinh[oa]|outr[oa]|amig[oa]|alguem|conhecid[oa])",
    r"\b(?:gerar|fazer|criar|montar|escrever|redigir|imprimir)\s+(?:uma\s+|um\s+)?(?:declaracao|"
    r"comprovante|historico|atestado|laudo|carta|documento|holerite)\b[^.?!]{0,60}\b(?:carimbo|"
    r"assinatura|fingindo ser|em nome d|como se fosse|como se eu|dizendo que (?:eu|ela|ele)\b"
    r"[^.?!]{0,60}\bmas\b)",
    r"\bfingindo ser\s+(?:a\s+|o\s+)?(?:minha|meu)\s+(?:mae|pai|padrasto|madrasta|"
    r"responsavel|diretor|diretora|escola)",
    r"\b(?:consigo|arrumo|arranjo|pego|consegue)\s+(?:um|uma)\s+(?:papel|declaracao|historico|"
    r"documento|atestado)\s+d[aoe]\s+(?:escola\s+)?(?:estadual|municipal|publica)\b",
    r"\b(?:dizer|falar|declarar|fingir|marcar)\s+que\s+nao\s+(?:fui|era|sou)\s+treineir",
    r"\b(?:deixar|tirar|manter)\b[^.?!]{0,40}\bde fora\b.{0,80}?\b(?:entro|fico|pego|"
    r"consigo|caibo|ganho|entra|fica|cai|baixa)\b[^.?!]{0,20}\b(?:no limite|na integral|"
    r"no integral|dentro|na bolsa|a bolsa|a integral|no prouni|na cota|abaixo)",
    r"\b(?:nao contar|nao declarar|nao colocar|nao informar|deixar de fora|omitir|esconder)\b"
    r"[^.?!]{0,80}[.?!]?[^.?!]{0,40}\bninguem\s+(?:vai\s+)?(?:ver|saber|descobrir|perceber|"
    r"notar|descobre|percebe|nota|ve|sabe|confere)\b",
    # address, quota self-declaration, disability
    r"\bendereco\b[^.?!]{0,50}\b(?:so pra|mesmo sem morar|so para|sem morar la|de mentira)\b",
    r"\b(?:usar|colocar|por)\s+o\s+endereco\s+d[aoe]\s+(?:minha|meu)\s+\w+\s+(?:pra|para)\s+"
    r"(?:conseguir|ganhar|pegar|ter|entrar|concorrer)",
    r"\bme declar\w*\s+(?:como\s+)?(?:indigena|pret[oa]|pard[oa]|negr[oa]|quilombola|pcd|"
    r"deficiente)\b[^.?!]{0,30}\b(?:so pra|pra pegar|mesmo sendo|mesmo nao sendo|sem ser)\b",
    r"\b(?:me passar|passar)\s+por\s+(?:pard[oa]|pret[oa]|negr[oa]|indigena|pcd|deficiente|"
    r"quilombola|pobre|baixa renda)\b",
    r"\b(?:fingir|inventar)\s+(?:uma\s+)?(?:deficiencia|ser pcd|ser deficiente|ser cotista)\b",
    r"\bcpf\s+(?:de\s+outra\s+pessoa|do meu irmao|de outro|emprestado)\b",
    r"\b(?:usar|usando|uso|colocar)\s+(?:o\s+|os\s+)?(?:documentos?|cpf|rg|identidade|nome|dados)\s+"
    r"d[eoa]\s+(?:outra pessoa|outras pessoas|outro|outra|alguem)\b",
    r"\b(?:mentir|minto|mentindo)\b[^.?!]{0,35}\b(?:renda|endereco|escola|cota|entrevista|pard|"
    r"pret|negr|indigen|quilombol|deficien|pcd|cotista|"
    r"heteroidentificacao|bolsa|prouni|sisu|familia|composicao)",
    r"\b(?:como|vou|quero|da pra|posso|tem como)\s+(?:eu\s+)?(?:esconder|escondo|omitir|omito|"
    r"ocultar|oculto|nao declarar|nao declaro)\b"
    # what is hidden is income, an asset, a person of the household or a fact ("esconder que…"),
    # not a phone in an exam or the app's notifications
    r"(?=[^.?!]{0,40}\b(?:que|isso|isto|ele|ela|eles|elas|dinheiro|grana|trampo|trabalho|"
    r"emprego|" + RELATIVE + r"|" + concealment.OBJECT + r")\b)",
    r"\b(?:jeito|forma|maneira)\s+de\s+(?:fraudar|burlar|enganar)\s+(?:o\s+)?(?:prouni|sisu|"
    r"sistema|cadastro|renda)",
    r"\bfake (?:my |income )|\blie about my (?:family )?income\b",
    # convincing whoever checks of something false
    r"\b(?:fazer|convencer)\s+(?:a\s+|o\s+)?(?:banca|comissao|faculdade|prouni|sisu|mec|"
    r"coordenacao|entrevistador|assistente social|eles)\s+(?:d[eoa]\s+\w+\s+)?(?:a\s+)?"
    r"(?:acreditar|pensar|achar)"
    r"\s+que\s+(?:eu\s+)?(?:sou|moro|estudei|ganho|nao|minha|meu)",
    r"\b(?:sou|eu sou)\s+(?:branc[oa]|amarel[oa])\b[^.?!]{0,60}\b(?:me declarar|declarar|"
    r"dizer que sou|falar que sou|passar por|marcar)\s+(?:como\s+)?(?:pard|pret|negr|indigen|"
    r"quilombol)",
    r"\b(?:disser|dizer|dissermos|falar|falarmos|declarar|declararmos|colocar|botar|fingir|"
    r"inventar)\s+que\s+(?:ele|ela|eles|meu\s+\w+|minha\s+\w+)\s+(?:e|eh|sao)\s+(?:so\s+|apenas\s+)?"
    r"(?:um\s+|uma\s+)?(?:amig[oa]s?|visita|inquilin[oa]s?|conhecid[oa]s?|hospede|agregad[oa])",
    # a false statement about the speaker, and whether anyone will check it
    r"\bse\s+(?:eu\s+)?(?:disser|dizer|declarar|colocar|botar|falar|marcar|puser)\s+que\s+"
    r"(?:eu\s+)?(?:moro|estudei|sou|nao tenho|ganho|nao trabalho)\b[^.?!]{0,60}\b(?:eles|o prouni|"
    r"o sisu|o mec|a faculdade|alguem)\s+(?:descobrem|descobre|conferem|confere|checam|"
    r"verificam|vao descobrir|vai descobrir|percebem|vai perceber|vao perceber)",
    r"\b(?:coloco|colocar|declaro|declarar|marco|marcar|boto|botar|digo|dizer|ponho|por)\s+que\s+"
    r"(?:eu\s+)?estudei\s+(?:em|na|no)\s+(?:escola\s+)?public[ao]\b[^.?!]{0,40}\b(?:se|mas|"
    r"sendo que|so que)\s+(?:eu\s+)?(?:estudei|fiz|sempre estudei)\s+(?:em|na|no)\s+(?:escola\s+|"
    r"colegio\s+)?(?:particular|privad[ao])\b(?![^.?!]{0,30}\b(?:com bolsa|bolsista))",
    r"\b(?:so|somente|apenas)\s+(?:declarar|declaro|colocar|coloco|informar|informo|botar|"
    r"boto)\b[^.?!]{0,60}\b(?:eles|o prouni|o sisu|o mec|a faculdade|alguem)\s+(?:descobrem|"
    r"descobre|conferem|confere|checam|verificam|vao descobrir|vai descobrir|percebem|"
    r"vai perceber|vao perceber)",
    r"\b(?:vou|quero|posso|da pra|a gente vai)\s+(?:botar|colocar|marcar|declarar|dizer)\s+que\s+"
    r"(?:eu\s+)?(?:sou|moro|estudei|nao tenho|ganho)\b[^.?!]{0,50}\b(?:ninguem|eles nao|nem)\s+"
    r"(?:checa|confere|verifica|olha|vai saber|descobre|vai descobrir|nem ve)",
    r"\b(?:apagar|apago|sumir com|esconder|tirar)\s+(?:o\s+)?(?:registro|carteira|vinculo|"
    r"emprego)\b[^.?!]{0,50}\b(?:pra parecer|pra fingir|pra dizer|pra baixar|desempregad)",
    r"\b(?:atestado|laudo)\s+(?:de\s+|d[ao]\s+)?(?:\w+\s+){0,2}?sem\s+(?:ser|ter)\s+"
    r"(?:pcd|deficien|doente)",
    r"\b(?:renda|salario|familia|casa)\s+(?:parecer|parece|ficar parecendo|aparentar)\s+(?:ser\s+)?"
    r"(?:menor|mais baix|mais pobre|mais humilde)|\bpra\s+(?:eu|ele|ela|a gente)\s+parecer\s+"
    r"(?:desempregad|mais pobre|de baixa renda|sozinh)",
    r"\b(?:assinar|declarar|dizer|falar|colocar|botar|marcar|escrever|atestar|confirmar)\s+que\s+"
    r"(?:eu\s+)?(?:moro|estudei|sou|trabalho|nao tenho|ganho|nao moro)\b[^.?!]{0,60}"
    r"\b(?:mas|so que)\s+"
    r"(?:eu\s+|na verdade\s+)?(?:nao|nunca|moro|estudei|sou|tenho|ganho)\b",
    r"\b(?:sair|sai|tirar|tira|separad[oa]s?|separar|divorci\w*|morar fora|mora fora|"
    r"desempregad[oa])\b[^.?!]{0,40}\bso no papel\b",
    # a statement or an omission about the household asked about together with what it buys
    # ("posso falar que meu pai não mora com a gente? assim a renda cai", "e se eu não contar
    # que minha mãe trabalha, dá certo?")
    r"\b" + _SAY + r"\s+" + _FALSE_CLAIM + r"[^.?!]{0,60}[.?!,]?\s*[^.?!]{0,40}?" + _BENEFIT_EFFECT,
    r"\b"
    + _OMIT
    + r"\s+(?:"
    + _MEMBER
    + r"|"
    + _INCOME_ITEM
    + r")"
    + _LIVES_ELSEWHERE
    + r"[^.?!]{0,60}[.?!,]?\s*[^.?!]{0,40}?"
    + _BENEFIT_EFFECT,
    r"\b(?:"
    + _SAY
    + r"|"
    + _OMIT
    + r")\s+(?:que\s+)?(?:eu\s+)?(?:sou|seja)\s+(?:filh[oa] unic[oa]|"
    r"orfa[o]?|orfao|sozinh[oa]|independente)\b[^.?!]{0,60}?" + _BENEFIT_EFFECT,
    # a quota self-declaration the message itself contradicts
    r"\bme\s+declar\w*\s+(?:como\s+)?(?:indigena|pret[oa]|pard[oa]|negr[oa]|quilombola|pcd|"
    r"deficiente)\b.{0,60}?\b(?:nao sou|nem sou|mesmo sem ser|sem ser|mesmo sendo branc|"
    r"mesmo nao sendo|sendo branc)",
    # a quota self-declaration asked for with no tie to the group (branch guard7: "minha
    # autodeclaração de indígena, não tenho ligação com nenhuma comunidade")
    r"\b(?:autodeclar\w*|me\s+declarar|me\s+autodeclarar)\s+(?:como\s+|de\s+)?(?:indigena|"
    r"quilombola|pard[oa]|pret[oa]|negr[oa])\b.{0,80}?\bnao\s+(?:tenho|tive)\s+(?:nenhuma\s+|"
    r"qualquer\s+)?(?:ligacao|vinculo|relacao|contato)\s+com\s+(?:nenhuma|a|alguma|qualquer)\s+"
    r"(?:comunidade|aldeia|etnia|povo)",
    # a paper obtained only to have it ("alugar um quarto no nome de um amigo só pra ter
    # comprovante de residência em outra cidade"), branch guard14
    r"\b(?:so|somente|apenas)\s+(?:pra|para)\s+(?:ter|conseguir|arrumar|pegar|tirar|gerar)\s+"
    r"(?:um\s+|o\s+|a\s+)?(?:comprovante|conta|declaracao)\s+de\s+(?:residencia|endereco|"
    r"moradia)\b",
    # an omission asked about because the true value exceeds the limit ("posso só não
    # mencionar? é pouco mas estoura o limite"), either order (branch guard14)
    r"^(?![\s\S]*" + _GONE + r")[\s\S]*?\b(?:posso|da pra|tem como|e se eu|melhor|prefiro|vou)\s+"
    r"(?:eu\s+)?(?:so\s+|simplesmente\s+|apenas\s+)?" + _OMIT + r"\b.{0,100}?\b" + _EXCEEDS,
    r"^(?![\s\S]*"
    + _GONE
    + r")[\s\S]*?\b"
    + _EXCEEDS
    + r".{0,100}?\b(?:posso|da pra|tem como|e se eu|"
    r"melhor|prefiro|vou)\s+(?:eu\s+)?(?:so\s+|simplesmente\s+|apenas\s+)?" + _OMIT + r"\b",
    # an income, then whether it can just be ignored ("tenho uma casa alugada que rende 1500,
    # preciso falar disso ou dá pra ignorar?"), branch guard14
    r"\b(?:rende|rendem|renda|aluguel|alugad[oa]s?|salario|pensao|aposentadoria|bicos?|ganha|"
    r"ganho|recebe|recebo|faturamento|lucro)\b.{0,80}?\b(?:da pra|posso|tem como|melhor|"
    r"prefiro)\s+(?:eu\s+)?(?:so\s+|simplesmente\s+)?(?:ignorar|deixar (?:isso\s+)?quieto|"
    r"deixar (?:isso\s+)?pra la|fingir que (?:isso\s+)?nao existe|fazer de conta que (?:isso\s+)?"
    r"nao existe)\b(?!\s+(?:esse|este|o|a|essa|esta)\s+(?:campo|parte|pergunta|etapa|aviso|"
    r"e-?mail|mensagem))",
    # the paper of the month that came lower ("vou mandar o holerite do mês que eu tive falta,
    # que veio menor"), branch guard14
    r"\b(?:apresentar|apresento|mandar|mando|enviar|envio|entregar|entrego|anexar|anexo|usar|uso)"
    r"\s+(?:so\s+|apenas\s+|somente\s+)?(?:o|a)\s+(?:holerite|contracheque|extrato|comprovante|"
    r"declaracao|fatura)\s+(?:\w+\s+){0,2}?do\s+mes\s+(?:que|em que)\b[^.?!]{0,40}?\b(?:veio|"
    r"ficou|foi|deu|caiu|saiu)\s+(?:menor|mais\s+baix\w*|menos|pouco)\b",
    # only the paper that shows less ("posso apresentar apenas a conta com menor movimentação"),
    # branch guard14
    r"\b(?:apresentar|apresento|mandar|mando|enviar|envio|entregar|entrego|mostrar|mostro|"
    r"anexar|anexo|usar|uso|declarar|declaro)\s+(?:so|apenas|somente)\s+(?:a|o|os|as|um|uma)\s+"
    r"(?:\w+\s+){0,3}?(?:com\s+(?:a\s+|o\s+)?(?:menor|menos)|que\s+(?:tem|mostra|aparece|da)\s+"
    r"(?:menos|menor)|de\s+menor|mais\s+(?:baix|frac|vazi)\w*|em que\s+(?:cai|entra)\s+menos)\b",
    # concealment act + eligibility object, in any wording (`concealment.py`)
    *concealment.PATTERNS,
    # a deceit whose shape gives it away (`deceit.py`)
    *deceit.PATTERNS,
    # someone else's place or papers, a favour to an insider, faked looks (`impersonation.py`)
    *impersonation.PATTERNS,
    # a paper doctored, a co-resident moved out on paper, a made-up or borrowed identity
    # (`forgery.py`)
    *forgery.PATTERNS,
    # the truth said, then a smaller income or another status declared (`declared.py`)
    *declared.PATTERNS,
    # falsifying, understating or borrowing an eligibility paper or value (`falsify.py`)
    *falsify.PATTERNS,
)
"""Lying about Sisu/Prouni eligibility: school, household income, documents, address, quota."""

FRAUD: Final = rx(
    r"\b(?:compr\w*|vend\w*|custa)\b[^.?!]{0,25}\b(?:nota|vaga|gabarito|respostas|redacao)\s+"
    r"(?:alta\s+|pronta\s+)?(?:do \w+|em \w+|de medicina|no \w+|pronta)",
    r"\b(?:nota alta do enem|gabarito do enem antes|respostas do enem antes|prova vazada)\b",
    r"\bfa[cz]\w*\b[^.?!]{0,25}\b(?:prova|enem)(?:\s+do\s+enem)?\s+(?:no meu lugar|por mim|"
    r"por outra pessoa|por outros|pelos outros|no lugar dos outros)\b",
    # the Enem sat by someone else with the speaker's papers (branch guard7)
    r"\bfa[cz]\w*\b[^.?!]{0,40}\b(?:provas?|enem|redacao)\b[^.?!]{0,30}\bcom\s+(?:o\s+|a\s+)?"
    r"(?:meu|minha|meus)\s+(?:documento|documentos|rg|identidade|nome|cpf|dados)\b",
    r"\b(?:no lugar de outra pessoa|no meu lugar)\b[^.?!]{0,30}\b(?:prova|enem|vestibular)",
    r"\b(?:prova|enem|vestibular)\b[^.?!]{0,30}\b(?:no lugar de outra pessoa|no meu lugar)\b",
    r"\bponto eletronico\b|\bcolar no enem\b|\bcelular escondido\b|\bcola (?:no|na) (?:enem|prova)",
    r"\b(?:pago|pagar|contratar|contrato)\s+alguem\s+(?:pra|para)\s+fazer\s+"
    r"(?:a\s+|minha\s+|o\s+)?(?:prova|enem|redacao)\b",
    # money offered to whoever sits it for the speaker ("pago 500 reais pra quem fizer a prova do
    # enem pra mim"), either order (branch guard14)
    r"\b(?:pago|pagaria|pagar|ofereco|dou|do|pix de)\b[^.?!]{0,25}?\b(?:pra|para|a)\s+(?:quem|"
    r"alguem|algum\w*|uma pessoa|um cara|qualquer um)\s+(?:que\s+)?(?:fizer|fazer|faca|fizesse|"
    r"topar fazer)\s+[^.?!]{0,40}?\b(?:prova|enem|redacao|vestibular)\b[^.?!]{0,30}?\b"
    r"(?:pra mim|por mim|no meu lugar|em meu nome|com meus dados)\b",
    r"\b(?:alguem|quem)\s+(?:faz|faria|fizer|topa fazer|toparia fazer)\s+[^.?!]{0,30}?\b(?:prova|"
    r"enem|redacao|vestibular)\b[^.?!]{0,30}?\b(?:pra mim|por mim|no meu lugar)\b.{0,60}?\b"
    r"(?:pago|pagaria|pix|reais|grana|dinheiro)\b",
    r"\b(?:hackear|invadir)\s+(?:o\s+)?(?:sisu|prouni|inep|enem|sistema)\b",
    r"\b(?:jeito|forma|maneira)\s+de\s+(?:fraudar|burlar|falsificar)\b",
    r"\bbuy enem\b",
    *impersonation.EXAM_PATTERNS,
)
"""Other cheating: exam answers, grades, impersonation, hacking the systems."""

PROMPT_INJECTION: Final = rx(
    r"\b(?:ignor|desconsider|esquec)\w*\s+(?:todas?\s+|tudo\s+)?(?:as\s+|suas\s+|tuas\s+|"
    r"os\s+)?(?:\w+\s+)?(?:instruc|regras|diretrizes|orientac|prompt|politicas|restricoes|"
    r"filtros|limites|protocolos|configurac)\w*+(?!\s+(?:antig[oa]s\s+|nov[oa]s\s+)?(?:d[oae]s?|"
    r"sobre)\s+(?:fies|prouni|sisu|enem|edital|editais|vestibular|escola|faculdade|cursinho|abnt|"
    r"redacao|gramatica|portugues|matematica|formatacao|inscricao|matricula|mec|inep|"
    r"\d{4})\b)",
    r"\b(?:instrucao|ordem|comando)\s+(?:prioritaria|do sistema|de sistema|do administrador|"
    r"do admin|secreta|oculta)\b|\bnova instrucao\s*:",
    r"\b(?:chaves|tokens|credenciais|segredos|variaveis de ambiente|senhas|ferramentas internas)"
    r"\b[^.?!]{0,40}\b(?:voce tem|que voce|seus|suas|do sistema|tem acesso|voce usa)",
    r"\b(?:esquec|ignor)\w*\s+tudo\s+(?:o\s+)?que\s+te\s+(?:disseram|falaram|mandaram)",
    r"\bignore\s+(?:all\s+|your\s+|the\s+)?(?:previous\s+|prior\s+|above\s+)?"
    r"(?:instructions|rules|guidelines)\b",
    r"\b(?:prompt|instruc\w*)\s+(?:de|do)\s+sistema\b|\bsystem prompt\b|\bprompt inicial\b",
    r"\binstrucoes\s+(?:internas|ocultas|secretas)\b|\bhidden instructions\b",
    r"\bmodo\s+(?:desenvolvedor|dev|deus|admin|sem\s+(?:restric|filtro|regra|censura))"
    r"|\bdeveloper mode\b|\bjailbreak\b|\bsystem override\b",
    r"\b(?:ia|assistente|bot|voce|responda|responde|aja|finja|finge|agora)\b[^.?!]{0,40}"
    r"\bsem\s+(?:regras|restricoes|filtros?|censura|limites|diretrizes)\b",
    r"</?\s*(?:system|instructions)\s*>|\[system\]|\[inst\]",
    r"\brepita\s+(?:tudo|o texto)\s+(?:que\s+(?:esta|vem)\s+)?(?:escrito\s+)?"
    r"(?:acima|antes)\b",
    r"\b(?:desativ|desabilit|deslig)\w*\s+(?:o\s+|os\s+|seu\s+|suas\s+|sua\s+|as\s+)?"
    r"(?:filtro|restric|regras|seguranca)",
    r"\bvoce\s+(?:agora\s+)?e\s+(?:o\s+)?dan\b|\bcomo\s+dan\b",
    r"\besquec\w*\s+que\s+voce\s+e\b",
    r"\bagora\s+voce\s+e\s+(?:um|uma)\s+(?:hacker|ia|outr[oa]|assistente sem)",
    r"\bno restrictions\b|\bdisregard (?:your|all|the) (?:rules|instructions)\b",
    r"\b(?:print|reveal|show)\s+(?:me\s+)?(?:your|the)\s+(?:system|hidden|initial)\b",
    r"\bsenha\s+(?:de|do|da)\s+(?:admin|administrador|sistema|banco de dados|servidor)\b",
    r"\bacesso\s+(?:ao|a)\s+(?:banco de dados|servidor|painel admin)\b",
    r"\bchave de api\b|\bapi key\b",
    r"\bsudo\s+(?:aprov|mud|liber|alter|marc|apag|delet|rm\b|conced|desativ)",
    r"\b(?:finge|finja|fingindo|se passa|se passe|me finge|age|aja)\s+"
    r"(?:de|ser|como|que (?:e|voce e))\s+"
    r"(?:o\s+|um\s+)?(?:administrador|admin|desenvolvedor|programador|sistema|moderador|root|"
    r"dono do sistema)\b",
    r"\b(?:drop|truncate)\s+table\b|\bdelete\s+from\b|\bunion\s+(?:all\s+)?select\b|"
    r"\bselect\s+\*?\s*from\b|\binsert\s+into\b|\bor\s+'?1'?\s*=\s*'?1|;\s*--",
    r"\b(?:primeiras|ultimas)\s+\d+\s+(?:palavras|linhas|frases|caracteres)\b",
    r"\b(?:seu|teu|do seu|do teu)\s+(?:contexto|prompt|system)\b",
    r"\b(?:system|sistema|admin|root|developer|desenvolvedor)\s*:\s*(?:libere|libera|ignore|"
    r"ignora|desative|desativa|novo|nova|override|acesso|modo)",
    r"\b(?:voce|vc)\s+(?:agora\s+)?(?:e|vai ser|sera)\s+(?:o|a)\s+\w+\s*,?\s+(?:uma?\s+)?"
    r"(?:ia|assistente|bot)\s+(?:sem|que nao tem|livre de)\s",
    r"\b(?:mostre|mostra|revele|revela|imprima|copie|cole)\s+(?:o\s+|as\s+|suas\s+|seu\s+)?"
    r"(?:prompt|instrucoes|configuracoes internas|regras internas)\b",
    # role-play that removes the rules
    r"\bpretend (?:you are|you're|to be)\b|\bact as (?:an? )?(?:unrestricted|unfiltered|"
    r"uncensored|evil|jailbroken)\b|\b(?:unrestricted|unfiltered|uncensored|jailbroken)\s+"
    r"(?:ai|assistant|mode|model|version|bot)\b|\byou are now\b|\bfrom now on,? you\b",
    r"\b(?:personagem|persona|papel|ia|assistente|bot|versao)\b[^.?!]{0,40}\b(?:que\s+)?nao\s+"
    r"(?:segue|obedece|tem|respeita|possui)\s+(?:as\s+|nenhuma\s+|suas\s+)?(?:regras|"
    r"restricoes|limites|filtros?|diretrizes|censura)",
    r"\b(?:responde|responda|fala|fale|age|aja)\s+(?:tudo\s+)?(?:como se|feito)\s+(?:voce\s+)?"
    r"(?:nao tivesse|fosse uma ia sem|estivesse sem)\b",
    r"\b(?:sem|nenhum)\s+(?:filtro|censura|restricao)\s+(?:nenhum|nenhuma|algum|alguma)\b",
    # the guard itself, talked to
    r"\b(?:guard|guardrail|guardrails|moderador|moderacao|classificador de seguranca|"
    r"(?:seu|teu|o) filtro(?: de seguranca| de conteudo)?|sistema de seguranca|camada de "
    r"seguranca)\b[^.?!]{0,40}\b(?:respondeu|disse|marcou|aprovou|liberou|desligad[oa]|"
    r"desativad[oa]|off|desligou|foi desativad|safe)\b",
    r"\b(?:responda|responde|diga|diz|classifique|classifica|marque|marca|considere|considera)"
    r"\s+(?:somente|so|apenas|sempre)?\s*(?:com\s+)?(?:safe|unsafe)\b|\b(?:classifique|"
    r"classifica|marque|marca|considere|considera)\s+(?:esta|essa|a proxima|qualquer|toda)\s+"
    r"mensage\w*\s+como\s+(?:safe|segura)",
    r"\b(?:desativ|desabilit|deslig|burl|pul)\w*\s+(?:o\s+|a\s+)?(?:moderador|moderacao|guard|"
    r"guardrail)\b",
    r"\bignor[ae]\s+(?:a\s+|as\s+)?(?:validac|verificac|checagem)",
    # markup and assignments aimed at the system
    r"\{\{\s*(?:system|sistema|admin|root)|<\|?\s*(?:im_start|system|sys)\b|<<\s*sys|"
    r"###\s*(?:system|sistema|instruc)|(?:^|\s)#+\s*(?:novo\s+)?comando do sistema",
    r"\b(?:elegivel|elegibilidade|is_admin|admin|role|bolsa_integral|perfil\.\w+)\s*[:=]\s*"
    r"(?:sim|true|1|yes|verdadeiro|admin|aprovad)",
    # asking for the instructions
    r"\b(?:regras|instrucoes|orientacoes|diretrizes|ordens)\s+(?:que\s+)?(?:te\s+(?:deram|"
    r"passaram|mandaram|deu|passou)|(?:voce|vc)\s+recebeu|(?:lhe|te)\s+foram\s+dadas)\b",
    r"\b(?:suas|tuas)\s+(?:instrucoes|orientacoes|diretrizes|regras)\s+(?:iniciais|originais|"
    r"completas|internas|secretas|de sistema|exatas)\b",
    r"\b(?:texto|mensagem|mensagens|conteudo)\s+(?:que\s+(?:vem|veio|esta)\s+)?antes\s+"
    r"(?:desta|dessa|da)\s+conversa\b|\bmensage(?:m|ns) (?:de|do) sistema\b[^.?!]{0,30}"
    r"\b(?:voce|recebeu|te deram|seu|sua)\b",
    r"\b(?:seu|teu|seus|teus)\s+arquivos?\s+de\s+configurac\w*\b|\bmodo\s+(?:debug|"
    r"depuracao|root|irrestrito)\b",
    r"\b(?:qual|quais)\s+(?:e|sao)\s+(?:o\s+|os\s+)?(?:seu|seus|teu|teus)\s+(?:prompt|prompts)\b",
    r"\bprompt\b[^.?!]{0,40}\b(?:pra voce|para voce|te deram|te passaram|escreveram|escreveu|"
    r"configuraram|que voce (?:usa|segue|recebeu))\b",
    # fake authority headers, encoded payloads to obey, rule-dropping role-play (`injection.py`)
    *injection.PATTERNS,
)
"""Changing or revealing the assistant's instructions, reaching its internals."""

__all__ = [
    "ELIGIBILITY_FRAUD",
    "FRAUD",
    "FRAUD_INTENT",
    "NAMED_FAMILY_DATA",
    "NAMED_PERSON_DATA",
    "NAMED_PERSON_RECORD",
    "NAMED_PERSON_WHEREABOUTS",
    "PRIVACY",
    "PROMPT_INJECTION",
]
