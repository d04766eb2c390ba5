"""Eligibility fraud by the *structure* of the request (issue 20, branch guard12): an act of
falsifying, understating, borrowing or obtaining a fake paper, applied to something the means
test, the school rule or a quota reads.

Why: on writers the guard never saw, indirect fraud was one of the two categories with the most
misses, and the missed rows were short and plain ("laudo pcd falso, onde arrumo?", "uso o
cadunico da minha tia?", "só vou diminuir um pouco a renda da minha mãe no cadastro"): each is
an act and an eligibility object, with no phrase the older rules knew. The honest neighbours
keep the object and drop the act ("quem tem deficiência precisa de laudo?", "a renda da minha
mãe entra?", "posso usar o comprovante de endereço da minha tia se moro com ela?" — a relative's
proof of address is allowed, so it is not in `_BORROWED`); a question about the rule or its
consequence ("o que acontece se usar laudo falso?") is excluded by `rules.allow.INFO`, as for
every fraud rule.
"""

from __future__ import annotations

from typing import Final

_PAPER = (
    r"(?:laudos?|comprovantes?|declarac(?:ao|oes)|holerites?|contracheques?|atestados?|"
    r"historicos?(?: escolar(?:es)?)?|certificados?|diplomas?|documentos?|documentacao|cad ?unico|"
    r"boletins?|boletim|carteira(?: de trabalho)?|recibos?|extratos?|autodeclarac(?:ao|oes)|"
    r"certid(?:ao|oes)|imposto de renda|\bir\b|kit de documentos)"
)
"""A paper the means test, the school rule or a quota reads."""
_FAKE = (
    r"(?:falsos?|falsas?|falsificad[oa]s?|fake|frios?|frias?|comprad[oa]s?|forjad[oa]s?|"
    r"adulterad[oa]s?|de mentira|por encomenda|sem (?:eu )?ter nada|sem ser verdade)"
)
_OBTAIN = (
    r"(?:onde|arrum\w*|compr\w*|consig\w*|conseguir|quem (?:faz|vende|gera|da)|site|sites|"
    r"contato|vende\w*|vendem|gera\w*|grupo|tem como|da pra|conhece\w*|pago|pagar|encomend\w*)"
)
_BORROWED = (
    r"(?:cad ?unico|nis|historico(?: escolar)?|laudo|login|gov ?br|nota|notas|cpf|inscricao|"
    r"boletim|holerite|declaracao de (?:renda|ir|imposto)|matricula)"
)
_OTHER = (
    r"(?:minha|meu)\s+(?:tia|tio|vizinh[oa]|amig[oa]|prim[oa]|colega|irma|irmao|cunhad[oa]|"
    r"madrinha|padrinho|conhecid[oa])|outra pessoa|alguem|outr[oa]\s+(?:aluno|aluna|pessoa|"
    r"candidat[oa])"
)
_LOWER = r"(?:diminu\w*|baix\w*|reduz\w*|abaix\w*|maquia\w*|arredond\w* pra baixo)"
_INCOME = r"(?:a |o |na |no )?(?:renda|salario|ganho|valor|per capita)"
_WHERE = (
    r"(?:no|na|do|da)\s+(?:cadastro|formulario|ficha|inscricao|declaracao|sistema|cad ?unico|"
    r"prouni|sisu|entrevista|papel)|pra (?:caber|conseguir|passar|entrar|ficar|ganhar|pegar)|"
    r"ninguem|um pouco|so um pouco|um pouquinho"
)

_NOT_MODEL = r"(?!\s+(?:como|de)\s+(?:exemplo|modelo|referencia|base|guia))"
"""Someone's paper used as an example to fill in one's own is not using it as one's own."""

PATTERNS: Final[tuple[str, ...]] = (
    # a fake paper sought: "laudo pcd falso, onde arrumo?", "site que gera declaração falsa",
    # "médico que faz laudo sem eu ter nada", "kit de documentos … é seguro comprar?"
    r"\b" + _PAPER + r"\b[^.?!]{0,25}?\b" + _FAKE + r"\b[^?!]{0,40}?\b" + _OBTAIN + r"\b",
    r"\b" + _OBTAIN + r"\b[^.?!]{0,40}?\b" + _PAPER + r"\b[^.?!]{0,25}?\b" + _FAKE + r"(?:\b|$)",
    r"\b(?:medico|psiquiatra|psicologo|alguem|site|grupo|pessoal|cara)\s+(?:\w+\s+)?que\s+(?:faz|da|vende|"
    r"gera|arruma|emite)\s+(?:um\s+|uma\s+|o\s+|a\s+)?" + _PAPER + r"\b[^.?!]{0,50}\b(?:sem\s+"
    r"(?:eu\s+)?(?:ter|precisar|ser)|com qualquer|qualquer (?:endereco|valor|nome)|pronto|"
    r"falso|falsa)",
    # someone else's record used as one's own: "uso o cadunico da minha tia?", "usar o login
    # gov.br do meu irmão pra fazer a inscrição"
    r"\b(?:usar|uso|usa|usando|pegar|pego|aproveitar|aproveito)\s+(?:o|a|os|as)\s+"
    + _BORROWED
    + r"\s+(?:\w+\s+){0,3}?(?:d[aoe]\s+(?:"
    + _OTHER
    + r")|d[ao]\s+vizinh[oa])\b"
    + _NOT_MODEL,
    # the same, by pronoun, said by the speaker ("posso usar o histórico de escola pública
    # dele?"; "meu amigo quer saber se ele pode usar a nota dele" is his own)
    r"\b(?:(?:posso|vou|da pra eu|eu|quero|pensei em|pensando em)\s+(?:usar|pegar|aproveitar)|"
    r"uso|pego)\s+(?:o|a|os|as)\s+" + _BORROWED + r"\s+(?:\w+\s+){0,4}?d(?:ele|ela)\b" + _NOT_MODEL,
    # the income stated lower than it is, on the form or to fit: "só vou diminuir um pouco a
    # renda da minha mãe no cadastro"
    r"\b(?:vou|vo|posso|da pra|tem como|quero|queria|pensando em|pensei em|so|como|eu)\s+"
    r"(?:\w+\s+)?"
    + _LOWER
    + r"\s+(?:\w+\s+){0,2}?"
    + _INCOME
    + r"\b[^.?!]{0,50}?\b(?:"
    + _WHERE
    + r")\b",
    # a claim asked for and contradicted in the same message: "como eu provo que meu irmão não
    # mora aqui se ele mora?", "uma declaração de que sustento a casa sozinha, embora meus pais
    # tenham renda alta", "explicando que meu pai não ajuda, mesmo ele pagando minha escola"
    r"\b(?:provo|provar|comprovar|comprovo|declarar|declaro|dizer|digo|falar|falo|colocar|coloco|"
    r"escrever|escreve|redigir|redija|texto|declaracao|carta)\b[^.?!]{0,50}?\b(?:que|q)\b"
    r"[^.?!]{0,80}?(?:[,;(]\s*|\s)(?:mas|embora|mesmo|se)\s+(?:ele|ela|eles|elas|eu|meus pais|"
    r"meu pai|minha mae)\s+(?:\w+\s+)?(?:mora|moram|moro|ganha|ganham|ganho|paga|pagam|pagando|"
    r"morando|tenham|tem|continuam|trabalha|trabalham|sustenta|sustentam)\b"
    r"(?!\s+(?:em|no|na|longe|fora|sozinh|com (?:a|o) (?:avo|vo|tia|tio)))",
    # something left out in a casual word, on the form or where nobody checks: "a da
    # prefeitura eu deixo de lado, ninguém cruza isso", "dá pra deixar isso quietinho na
    # ficha?", "vou pular esse ano no formulário", "fazer de conta que isso não existe"
    r"\b(?:deix\w*\s+(?:isso\s+|ela\s+|ele\s+|essa\s+\w+\s+|esse\s+\w+\s+)?(?:quiet\w*|"
    r"de lado|escondid\w*)|pul\w*\s+(?:esse|essa|esses|essas)\s+(?:ano|anos|serie|renda|"
    r"emprego|salario|bico|aposentadoria|pensao)|(?:some|sumo|sumir)\s+com\s+(?:a|o|essa|esse)\s+"
    r"(?:renda|salario|aposentadoria|pensao|carro|imovel|bico|dinheiro|ganho|extrato)|"
    r"fa(?:zer|co|z)\s+de\s+conta\s+que\s+(?:isso\s+|ela\s+|ele\s+|essa\s+\w+\s+|"
    r"esse\s+\w+\s+)?nao\s+existe)\b[^.?!]{0,60}?\b(?:ficha|formulario|cadastro|inscricao|"
    r"declaracao|preencher|ninguem|prouni|sisu|entrevista)\b",
    # where the checks are weakest, to "adjust" there: "qual parte dos documentos a faculdade
    # nunca confere?", "quais informações eu posso mexer sem dar na cara?"
    r"\b(?:mexer|ajustar|alterar|mudar|maquiar)\b[^.?!]{0,40}\bsem\s+(?:dar na cara|ninguem "
    r"perceber|chamar atencao|levantar suspeita)",
    r"\b(?:qual|quais|que)\s+(?:parte|partes|papel|papeis|documento|documentos|informac\w+)\b"
    r"[^.?!]{0,40}\b(?:nunca|nao|so)\s+(?:confere|conferem|olha|olham|checa|checam|verifica|"
    r"verificam)\b",
)
"""Falsifying, understating or borrowing an eligibility paper or value (canonical text)."""

__all__ = ["PATTERNS"]
