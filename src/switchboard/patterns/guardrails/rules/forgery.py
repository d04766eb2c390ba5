"""Eligibility fraud by a paper doctored with a tool, a co-resident moved out on paper, or an
identity made up or borrowed for the application (issue 20, branch guard6).

Leave-one-writer-out after writer w14, these were the fraud rows that neither the model nor the
older rules carried to a new writer, and every earlier writer had some of them in other words
("qual programa eu uso pra mudar a data num certificado", "se eu falar que ela mora em outra
cidade", "gerar um cpf pra ela se inscrever com outro nome", "usar o resultado do enem de um
amigo"). Each family needs the deceit in the message itself, not just the topic:

- `DOC_EDIT`: a date, year, value, salary, grade or stamp changed, swapped or erased *on* a
  school or income paper, or an app, program or editor asked for to change one ("meu
  certificado está com a data errada, como peço pra escola corrigir?" names no such act; a name
  change is left alone: people change names legitimately);
- `MOVED_ON_PAPER`: the speaker says or writes that a member lives elsewhere while the message
  says they live here ("mora com a gente", "dorme aqui"), in either order;
- `MADE_UP_IDENTITY`: a generated or invented CPF, or an application opened under another or
  an invented name ("o curso aparece com outro nome no sisu" has no application verb);
- `OTHERS_RESULT`: someone else's Enem result, score, login or registration number used for the
  speaker's own application ("a gente troca os dados", "no meu cadastro", "eu me inscrevo com
  ela");
- `CHECKER_BLIND`: the checker kept from seeing something the means test reads, or the weak
  spots of the check asked for in order to use them ("como eles conferem a renda?" asks how,
  not how to get past it);
- `PARKED_ASSET`: an asset, a business or an account moved to someone else's name only until
  the check is over ("até acabar a análise", "depois volta");
- `UNDERSTATED`: an income stated, "mas" the speaker will write down another figure.
"""

from __future__ import annotations

from typing import Final

_SCHOOL_OR_INCOME_PAPER = (
    r"(?:certificado|historico|diploma|boletim|declaracao|holerite|contracheque|"
    r"comprovante|extrato|carteira de trabalho|atestado|laudo|cadunico|cad unico)"
)
_FIELD = (
    r"(?:a\s+data|as\s+datas|o\s+ano|os\s+anos|o\s+valor|os\s+valores|o\s+salario|a\s+renda|"
    r"a\s+nota|as\s+notas|o\s+carimbo|a\s+assinatura|o\s+nome\s+da\s+escola|a\s+escola)"
)
_CHANGE = (
    r"(?:mudar|mudo|muda|alterar|altero|altera|trocar|troco|troca|editar|edito|edita|apagar|"
    r"apago|apaga|mexer\s+n[ao]|adulterar|adultero|falsificar|falsifico)"
)
DOC_EDIT: Final[str] = (
    # the act named on the paper ("mudar a data num certificado", "alterar o valor do holerite")
    r"\b" + _CHANGE + r"\s+" + _FIELD + r"\b[^.?!]{0,30}?\b(?:n[oa]|num|numa|d[oa]|no\s+meu|"
    r"na\s+minha|do\s+meu|da\s+minha)\s+(?:\w+\s+){0,2}?" + _SCHOOL_OR_INCOME_PAPER + r"\b"
    # a tool asked for, the act and the paper in one sentence ("que editor... pra ficar igual")
    r"|\b(?:programa|app|aplicativo|editor|site)\b[^.?!]{0,60}?\b" + _CHANGE + r"\b[^.?!]{0,40}?"
    r"\b" + _SCHOOL_OR_INCOME_PAPER + r"\b"
)
_MEMBER_ELSEWHERE = (
    r"(?:mora|moram|vive|vivem|esta morando|estao morando|ta morando|tao morando|mudou|mudaram|"
    r"se mudou|se mudaram|foi morar|foram morar|voltou)\s+(?:\w+\s+){0,3}?"
    r"(?:em\s+outr[ao]|pra\s+outr[ao]|no\s+interior|fora|longe|sozinh[oa]|com\s+(?:a|o)\s+"
    r"namorad[oa]|na\s+casa\s+d|no\s+alojamento|pra\s+(?:bahia|sp|sao paulo|o\s+nordeste))"
)
_SAID = (
    r"(?:falar|falo|dizer|digo|disser|colocar|coloco|botar|boto|declarar|declaro|escrever|"
    r"escrevo|fingir|finjo|inventar|invento|por)\s+(?:que|q)\s+(?:ele|ela|eles|elas|"
    r"(?:o\s+|a\s+)?(?:meu|minha)\s+\w+(?:\s+mais\s+(?:velh|nov)[oa])?)\s+"
)
_LIVES_HERE = (
    r"\b(?:mora|moram|vive|vivem|dorme|dormem)\s+(?:aqui|com\s+a\s+gente|comigo|com\s+nos|"
    r"em\s+casa|la\s+em\s+casa|aqui\s+(?:em|com))\b"
)
_NO_MOVE_GAP = r"(?:(?!\b(?:se mudou|mudou|foi morar|saiu de casa|morava|mora em outr)\b)[^.])"
"""Between "lives here" and the claim, no word of somebody (else) having really moved out."""
MOVED_ON_PAPER: Final[str] = (
    _LIVES_HERE
    + _NO_MOVE_GAP
    + r"{0,120}?\b"
    + _SAID
    + _MEMBER_ELSEWHERE
    + r"|\b"
    + _SAID
    + _MEMBER_ELSEWHERE
    + r".{0,80}?\b(?:mas|so que|sendo que)\s+"
    r"(?:\w+\s+){0,2}?" + _LIVES_HERE
)
MADE_UP_IDENTITY: Final[str] = (
    r"\b(?:gerar|gera|gerador\s+de|inventar|inventa|criar\s+um|arrumar\s+um|conseguir\s+um)\s+"
    r"(?:um\s+)?(?:outro\s+)?cpf\b(?!\s+(?:pra|para)\s+(?:meu|minha)\s+(?:filh|bebe|recem))"
    r"|\bcpf\s+(?:falso|fake|inventado|gerado|valido\s+de\s+outr)"
    r"|\b(?:me\s+inscrever|se\s+inscrever|me\s+inscrevo|se\s+inscreva|fazer\s+(?:a\s+|uma\s+)?"
    r"inscricao|abrir\s+(?:uma\s+)?(?:inscricao|conta|cadastro)|criar\s+(?:uma\s+)?"
    r"(?:inscricao|conta|cadastro)|(?:segundo|outro)\s+cadastro)\b[^.?!]{0,30}?\bcom\s+"
    r"(?:um\s+)?(?:outro\s+nome|nome\s+(?:inventado|falso|fake|ficticio|de\s+outr))"
)
_OTHER_PERSON = (
    r"(?:d(?:ele|ela)|d[eoa]\s+(?:um[a]?\s+|meu\s+|minha\s+)?(?:irmao|irma|gemea|gemeo|prim[oa]|"
    r"amig[oa]|colega|vizinh[oa]|cunhad[oa]|conhecid[oa]|sobrinh[oa]|namorad[oa])\b|"
    r"de\s+(?:outra pessoa|outro aluno|outra aluna|alguem))"
)
OTHERS_RESULT: Final[str] = (
    r"\b(?:resultado|nota|notas|login|senha|numero\s+de\s+inscricao|inscricao)\s+do\s+enem\s+"
    + _OTHER_PERSON
    + r".{0,60}?\b(?:troc\w*\s+(?:os\s+)?dados|no\s+meu\s+(?:cadastro|nome|lugar)|"
    r"na\s+minha\s+inscricao|pra\s+mim|eu\s+me\s+inscrevo|me\s+inscrever|usar\s+como\s+minha)"
    r"|\b(?:usar|uso|colocar|coloco|por)\s+(?:o\s+|a\s+)?(?:resultado|nota|login)\s+do\s+enem\s+"
    + _OTHER_PERSON
    + r"\s+(?:no|na|pro|pra)\s+(?:meu|minha|o\s+meu|a\s+minha)?\s*(?:sisu|prouni|cadastro|"
    r"inscricao)"
    r"|\b(?:me\s+inscrever|me\s+inscrevo|fazer\s+(?:a\s+|minha\s+)?inscricao|eu\s+entrar|"
    r"concorrer|me\s+candidatar)\b[^.?!]{0,40}?\b(?:com|usando)\s+(?:o\s+|a\s+)?(?:resultado|nota|login|senha|numero\s+de\s+inscricao)"
    r"(?:\s+do\s+enem)?\s+" + _OTHER_PERSON
)

_MEANS_TESTED = (
    r"(?:renda|ganha|ganham|salario|bico|bicos|trabalha|servidor[a]?|mei|carro|carros|"
    r"apartamento|apartamentos|imovel|imoveis|aluguel|pensao|aposentadoria|extrato|holerite|"
    r"emprego|empresa|loja|patrimonio|casa\s+de\s+praia|fatura)"
)
_BLIND = (
    r"(?:\b(?:de|pra|para)\s+(?:o\s+|a\s+|os\s+|as\s+)?(?:mec|faculdade|comissao|analise|"
    r"universidade|assistente\s+social|banca|prouni|sisu)\s+nao\s+(?:ver|perceber|notar|"
    r"descobrir|saber)|"
    r"\b(?:pra|para)\s+(?:eles\s+|ninguem\s+)?nao\s+(?:descobrirem|perceberem|notarem|verem|"
    r"saberem)\s+(?:que|d[ao]s?)\b|\bsem\s+(?:ninguem|eles|a\s+comissao|a\s+faculdade|o\s+mec|"
    r"a\s+assistente\s+social|o\s+assistente\s+social)\s+(?:perceber|notar|ver|descobrir|saber)\b)"
)
CHECKER_BLIND: Final[str] = (
    # the checker kept from seeing something the means test reads ("algum jeito de o MEC não
    # ver que minha mãe é servidora", "deixar o bico de lado sem ninguém perceber", "como eu
    # respondo pra não descobrirem que a gente tem dois apartamentos")
    r"\b"
    + _MEANS_TESTED
    + r"\b.{0,120}?"
    + _BLIND
    + r"|"
    + _BLIND
    + r".{0,120}?\b"
    + _MEANS_TESTED
    + r"\b"
    # the weak spots of the check asked for, to use them ("o que posso omitir com segurança",
    # "os pontos mais fáceis de driblar", "o que não conseguem conferir… a meu favor")
    r"|\b(?:omitir|omito|esconder|escondo|driblar|burlar|enrolar|deixar\s+de\s+fora)\b"
    r"[^.?!]{0,30}\b(?:com\s+seguranca|sem\s+risco)\b"
    r"|\b(?:mais\s+)?(?:faceis|facil)\s+de\s+(?:driblar|burlar|enganar|esconder|omitir|"
    r"passar\s+batido)\b"
    r"|\bnao\s+(?:consegue|conseguem|tem\s+como)\s+(?:conferir|checar|verificar)\b.{0,60}?"
    r"\ba\s+meu\s+favor\b"
)

_UNTIL_CHECKED = (
    r"(?:\bate\s+(?:acabar|terminar|passar|sair|fechar)\s+(?:a\s+|o\s+)?(?:analise|inscricao|"
    r"entrevista|comprovacao|matricula|resultado|verificacao|visita)|\bate\s+eu\s+(?:ser\s+"
    r"aprovad[oa]|passar|pegar\s+a\s+bolsa|me\s+matricular)|\bso\s+(?:durante|enquanto)\s+(?:a\s+)?"
    r"(?:analise|inscricao|entrevista|comprovacao|verificacao|visita|durar)|\bdepois\s+(?:volta|"
    r"devolve|desfaz|a\s+gente\s+(?:volta|devolve|desfaz)|passa\s+de\s+volta))\b"
)
_ASSET = (
    r"(?:carro|carros|moto|casa|apartamento|imovel|imoveis|loja|empresa|mei|cnpj|terreno|"
    r"caminhonete|negocio|comercio|bens|patrimonio|fazenda|sitio|lote)"
)
_MOVE = r"(?:transfer\w*|passar|passa|passo|colocar|coloca|coloco|botar|bota|boto)"
_TO_SOMEONE = (
    r"(?:pro|pra|para\s+o|para\s+a|no|na)\s+(?:nome\s+d\w*|(?:meu|minha|um|uma)\s+(?:tio|tia|avo|"
    r"primo|prima|irmao|irma|amigo|amiga|vizinho|vizinha|madrinha|padrinho|cunhado|cunhada|"
    r"namorado|namorada)|conta\s+d\w*)\b"
)
PARKED_ASSET: Final[str] = (
    # an asset or a business put in someone else's name only until the check is over ("vou
    # transferir o carro pro meu tio até acabar a análise", "passa o MEI pro nome dela, depois
    # volta"); a transfer made years ago, with no such "until", is a question about the rules
    r"\b"
    + _MOVE
    + r"\s+(?:\w+\s+){0,3}?"
    + _ASSET
    + r"\b(?:\s+\w+){0,3}?\s+"
    + _TO_SOMEONE
    + r"[^.?!]{0,60}?"
    + _UNTIL_CHECKED
    + r"|\b"
    + _ASSET
    + r"\b.{0,80}?\b"
    + _MOVE
    + r"\s+(?:\w+\s+){0,3}?"
    + _TO_SOMEONE
    + r"[^.?!]{0,60}?"
    + _UNTIL_CHECKED
)

_EARNS = r"(?:ganha|ganham|recebe|recebem|tira|tiram|fatura|faturam)"
UNDERSTATED: Final[str] = (
    # an income stated, then another figure the speaker will write down ("minha mãe ganha 5 mil
    # de diarista mas vou escrever que ela tira 600"); regexes cannot compare the two numbers,
    # the "mas" and the speaker's own declaration carry it
    r"\b" + _EARNS + r"\s+(?:uns\s+|umas\s+|quase\s+|mais\s+de\s+|em\s+torno\s+de\s+)?\d[\d.,]*"
    r"\s*(?:mil|reais|k|conto|pila)?\b[^.?!]{0,60}\bmas\s+(?:eu\s+)?(?:vou|vo|pretendo|quero|"
    r"posso|penso\s+em)\s+(?:escrever|colocar|declarar|botar|por|falar|dizer|informar|marcar)\s+"
    r"(?:\w+\s+){0,3}?que\s+(?:ela|ele|eles|elas|a\s+gente|(?:minha|meu)\s+\w+)\s+(?:so\s+)?"
    + _EARNS
    + r"\s+(?:so\s+|uns\s+|umas\s+|apenas\s+)?\d"
    r"(?![^.?!]{0,30}\b(?:mesmo|igual|certinho|certo|o\s+mesmo)\b)"
)

PATTERNS: Final[tuple[str, ...]] = (
    DOC_EDIT,
    MOVED_ON_PAPER,
    MADE_UP_IDENTITY,
    OTHERS_RESULT,
    CHECKER_BLIND,
    PARKED_ASSET,
    UNDERSTATED,
)
"""Eligibility fraud (`integrity.ELIGIBILITY_FRAUD`)."""

__all__ = ["PATTERNS"]
